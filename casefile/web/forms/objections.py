"""The objections form (file-objections): the numbered objections and the offer of proof's witness
rows, one per row; a draft may be kept of it."""

from __future__ import annotations

from typing import Any

from casefile.acts.file_objections import SERVED_AS, FileObjections
from casefile.vocab import FilingKind
from casefile.web.forms.reading import Found, Submitted, rows, stripped
from casefile.web.forms.spec import FormSpec

ROWS = {"objections": ("",), "offer_of_proof": ("objection", "witness", "summary")}


def act_data(sub: Submitted, when: dict[str, Any], out: Found) -> dict[str, Any]:
    """The act from the form; "Enter at least one objection", a witness's objection number that is
    not a number: problems of the form (``out``)."""
    objections = [row[""] for _, row in rows(sub, "objections", ROWS["objections"])]
    if not objections:
        out.add("Enter at least one objection", "objections-0")
    witnesses = []
    for i, row in rows(sub, "offer_of_proof", ROWS["offer_of_proof"]):
        number = out.int(row["objection"], f"offer_of_proof-{i}-objection", "The objection number")
        witnesses.append({"objection": number if number is not None else 0, "witness": row["witness"],
                          "summary": row["summary"]})
    out.done()
    data = {"act": SPEC.act, **when, "party": sub.get("party"), "objections": objections,
            "method": sub.get("method") or "e-filing", "offer_of_proof": witnesses, "nlrb": sub.get("nlrb") or "prepared"}
    if stripped(sub, "note"):
        data["note"] = stripped(sub, "note")
    return data


def draft_data(sub: Submitted, found: dict[str, list[dict[str, str]]], when: dict[str, Any]) -> dict[str, Any]:
    """The draft as far as the form has it (an objection number kept as typed when it is not one)."""
    data = {"act": SPEC.act, **when, "party": sub.get("party"), "method": sub.get("method") or "e-filing",
            "nlrb": sub.get("nlrb") or "prepared", "objections": [r[""] for r in found["objections"]],
            "offer_of_proof": [{"objection": int(r["objection"]) if r["objection"].isdigit() else r["objection"],
                                "witness": r["witness"], "summary": r["summary"]} for r in found["offer_of_proof"]]}
    if stripped(sub, "note"):
        data["note"] = stripped(sub, "note")
    return data


def form_values(act: dict[str, Any]) -> tuple[dict[str, str], dict[str, int]]:
    """The form's rows for a draft's act: each objection, each witness."""
    values: dict[str, str] = {}
    objections = list(act.get("objections") or [])
    for i, text in enumerate(objections):
        values[f"objections-{i}"] = str(text)
    witnesses = list(act.get("offer_of_proof") or [])
    for i, w in enumerate(witnesses):
        for k in ROWS["offer_of_proof"]:
            values[f"offer_of_proof-{i}-{k}"] = str(w.get(k, "")) if isinstance(w, dict) else ""
    return values, {"objections": max(1, len(objections)), "offer_of_proof": max(1, len(witnesses))}


SPEC = FormSpec(
    act=FileObjections.model_fields["act"].default, template="act_objections.html", rows=ROWS,
    own=frozenset({"date", "time", "party", "method", "note", "nlrb"}), draftable=True, party_filing=True,
    filing_kind=FilingKind.OBJECTIONS, served_as=SERVED_AS, act_data=act_data, draft_data=draft_data,
    form_values=form_values)
