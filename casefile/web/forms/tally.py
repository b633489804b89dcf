"""The tally form (record-tally): the votes for each labor organization a row, then the counts
(against, challenged, void, eligible, excluded) and the election's method and days."""

from __future__ import annotations

from typing import Any

from casefile.acts.record_tally import RecordTally
from casefile.web.forms.reading import Found, Submitted, rows, stripped
from casefile.web.forms.spec import FormSpec

ROWS = {"choices": ("name", "votes")}
#: The tally's counts: field -> its words.
COUNTS = (("against", "Votes against"), ("challenged", "Challenged ballots"), ("void", "Void ballots"),
          ("eligible", "Eligible voters"), ("excluded", "Ballots excluded at the count"))


def act_data(sub: Submitted, when: dict[str, Any], out: Found) -> dict[str, Any]:
    """The act from the form; a choice without its name or votes, a count that is not a number:
    problems of the form (``out``)."""
    choices: dict[str, int] = {}
    for i, row in rows(sub, "choices", ROWS["choices"]):
        if not row["name"]:
            out.add("Enter the labor organization's name", f"choices-{i}-name")
        votes = out.int(row["votes"], f"choices-{i}-votes", f"Votes for {row['name'][:60] or 'it'}")
        if votes is None and not row["votes"].strip():
            out.add(f"Enter the votes for {row['name'][:60] or 'the labor organization'}", f"choices-{i}-votes")
        choices[row["name"]] = votes or 0
    if not choices:
        out.add("Enter at least one labor organization and its votes", "choices-0-name")
    counts = {k: out.int(sub.get(k), k, label) for k, label in COUNTS}
    out.done()
    election = {"method": sub.get("method") or "manual"}
    for k in ("held_from_on", "held_to_on", "reason"):
        if stripped(sub, k):
            election[k] = stripped(sub, k)
    data = {"act": SPEC.act, **when, "kind": sub.get("kind") or "initial", "choices": choices,
            "challenged": counts["challenged"] or 0, "void": counts["void"] or 0, "election": election}
    for k in ("against", "eligible", "excluded"):
        if counts[k] is not None:
            data[k] = counts[k]
    for k in ("excluded_reason", "board_agent"):
        if stripped(sub, k):
            data[k] = stripped(sub, k)
    return data


def excluded_reasons() -> list[tuple[str, str]]:
    """The tally form's choices of why ballots were excluded at the count (record-tally's
    ``excluded_reason``): none (the record does not say), then each reason as documents say it
    (casefile.rules.excluded_ballots.REASON_WORDS)."""
    from casefile.rules.excluded_ballots import REASON_WORDS

    return [("", "The record does not say"), *((r.value, f"Because {w}") for r, w in REASON_WORDS.items())]


SPEC = FormSpec(
    act=RecordTally.model_fields["act"].default, template="act_tally.html", rows=ROWS,
    own=frozenset({"date", "time", "kind", "against", "challenged", "void", "eligible", "excluded", "excluded_reason",
                   "board_agent", "method", "held_from_on", "held_to_on", "reason"}),
    act_data=act_data, counts=frozenset(k for k, _ in COUNTS), counts_default="choices-0-votes",
    whole={"choices": "choices-0-votes"}, page_values=lambda: {"excluded_reasons": excluded_reasons()})
