"""The exceptions form (file-exceptions): each exception a row (what is excepted to, the grounds);
a draft may be kept of it."""

from __future__ import annotations

from typing import Any

from casefile.acts.file_exceptions import SERVED_AS, FileExceptions
from casefile.vocab import FilingKind
from casefile.web.forms.reading import Found, Submitted, rows
from casefile.web.forms.spec import FormSpec

ROWS = {"exceptions": ("excepted_to", "grounds")}


def act_data(sub: Submitted, when: dict[str, Any], out: Found) -> dict[str, Any]:
    """The act from the form; no exception at all is a problem of the form (``out``)."""
    exceptions = [{"excepted_to": r["excepted_to"], "grounds": r["grounds"]}
                  for _, r in rows(sub, "exceptions", ROWS["exceptions"])]
    if not exceptions:
        out.add("Enter at least one exception", "exceptions-0-excepted_to")
    out.done()
    return {"act": SPEC.act, **when, "party": sub.get("party"), "exceptions": exceptions,
            "method": sub.get("method") or "e-filing", "nlrb": sub.get("nlrb") or "prepared"}


def draft_data(sub: Submitted, found: dict[str, list[dict[str, str]]], when: dict[str, Any]) -> dict[str, Any]:
    """The draft as far as the form has it."""
    return {"act": SPEC.act, **when, "party": sub.get("party"), "method": sub.get("method") or "e-filing",
            "nlrb": sub.get("nlrb") or "prepared", "exceptions": found["exceptions"]}


def form_values(act: dict[str, Any]) -> tuple[dict[str, str], dict[str, int]]:
    """The form's rows for a draft's act: each exception."""
    values: dict[str, str] = {}
    exceptions = list(act.get("exceptions") or [])
    for i, e in enumerate(exceptions):
        for k in ROWS["exceptions"]:
            values[f"exceptions-{i}-{k}"] = str(e.get(k, "")) if isinstance(e, dict) else ""
    return values, {"exceptions": max(1, len(exceptions))}


SPEC = FormSpec(
    act=FileExceptions.model_fields["act"].default, template="act_exceptions.html", rows=ROWS,
    own=frozenset({"date", "time", "party", "method", "nlrb"}), draftable=True, party_filing=True,
    filing_kind=FilingKind.EXCEPTIONS, served_as=SERVED_AS, act_data=act_data, draft_data=draft_data,
    form_values=form_values)
