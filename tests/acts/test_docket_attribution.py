"""The docket names who did what (issue 11): Bessemer's 2021 objections of RWDSU issued as a PDF — the issue-document
entry names RWDSU, not "a party"; the tally corrected on 2021-04-12 — the correction is the operator's who recorded it."""

from __future__ import annotations

from pathlib import Path

from casefile import app
from tests.acts.procedure import NUMBER, carry, event, perform
from tests.acts.test_corrections import at, correction

RWDSU = "Retail, Wholesale and Department Store Union"


def test_issued_filings_and_corrections_name_their_actor(configured_db: Path) -> None:
    carry("tally-2021")
    perform(correction(against=1799), as_of=at("2021-04-12"))
    perform(event("objections-2021"), documents="issue")
    docket = app.case(NUMBER).docket
    issued = [e for e in docket if e.act == "issue-document" and "Objections" in e.summary]
    assert issued and {e.actor_name for e in issued} == {RWDSU}
    [corrected] = [e for e in docket if e.act == "correct-tally"]
    assert corrected.actor_name == "the operator of this casefile"  # not the login ("operator root")
    assert all(e.actor_name != "a party" for e in docket)
