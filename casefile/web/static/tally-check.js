// Checked as you type: the tally form's arithmetic through the tally calculator (the rules on the
// server), after a pause. The form works without this script: the same check runs on submit.
(function () {
  var form = document.querySelector("form[data-tally-check]");
  var out = document.getElementById("tally-check");
  if (!form || !out || !window.fetch) return;
  var timer = null;
  function check() {
    var q = new URLSearchParams();
    var rows = parseInt(form.querySelector("[name=choices-rows]").value, 10) || 1;
    var n = 0;
    for (var i = 0; i < rows; i++) {
      var name = form.querySelector("[name=choices-" + i + "-name]");
      var votes = form.querySelector("[name=choices-" + i + "-votes]");
      if (name && votes && name.value.trim() && votes.value.trim()) { q.append("choice", name.value.trim() + "=" + votes.value.trim()); n++; }
    }
    if (!n) { out.hidden = true; return; }
    ["against", "challenged", "void", "eligible"].forEach(function (k) {
      var el = form.querySelector("[name=" + k + "]");
      if (el && el.value.trim()) q.append(k, el.value.trim().replace(/,/g, ""));
    });
    if (form.querySelector("[name=kind]").value === "runoff") q.append("runoff_ballot", "true");
    fetch("/calculators/tally.json?" + q.toString(), {credentials: "same-origin"}).then(function (r) {
      return r.json();
    }).then(function (data) {
      out.hidden = false;
      out.textContent = data.detail ? ("Check: " + data.detail) : ("Valid votes counted: " + Number(data.valid).toLocaleString("en-US") + ". " + data.outcome_text);
    }).catch(function () { out.hidden = true; });
  }
  form.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(check, 400); });
})();
