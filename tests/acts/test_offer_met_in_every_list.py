"""An objecting party's offer of proof, once timely filed, is met in every list (29 CFR 102.69(a)(8): "the
objecting party shall also file ... a written offer of proof"; the period is that party's alone).

Bessemer 2021 (tally Fri 2021-04-09; objections and offer due Fri 2021-04-16): RWDSU's objections with their offer
of proof received Wed 2021-04-14, recorded Fri 2021-04-16 at 9 a.m. Asked as of Thu 2021-04-15 noon, the deadline
list, the case and ``deadlines explain`` all say RWDSU's offer of proof was met; the objection period, which runs for
every party until its cut-off, is still open (the employer may still object).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from sqlmodel import select

from casefile import reads
from casefile.cli.deadlines_explain import deadline_explanation
from casefile.record.db import read_session
from casefile.record.models import Deadline
from casefile.vocab import DeadlineKind
from tests.acts.procedure import act, carry, perform

RECORDED = datetime.fromisoformat("2021-04-16T09:00:00-04:00")
ASKED = datetime.fromisoformat("2021-04-15T12:00:00-04:00")


def test_the_offer_filed_with_the_objections_is_met_everywhere(configured_db: Path) -> None:
    carry("tally-2021")
    perform(act({"act": "file-objections", "at": "2021-04-14T10:00:00-04:00", "party": "rwdsu",
                 "objections": ["collection box"],
                 "offer_of_proof": [{"objection": 1, "witness": "Employee A", "summary": "saw the box"}]}),
            as_of=RECORDED)
    with read_session() as s:
        offer = s.exec(select(Deadline).where(Deadline.kind == DeadlineKind.OFFER_OF_PROOF)).one()
    assert offer.for_whom == "rwdsu"
    listed = {(d.kind, d.for_whom): d.status for d in reads.deadlines(as_of=ASKED, case_number="10-RC-269250")}
    assert listed == {("objections", "all parties"): "open", ("hearing-opens", "Regional Director"): "open"}
    assert reads.deadline_count(as_of=ASKED) == 2
    shown = {d.kind: d.status for e in reads.case("10-RC-269250", as_of=ASKED).elections for d in e.deadlines}
    assert (shown["offer-of-proof"], shown["objections"]) == ("met", "open")
    with read_session() as s:
        explained = deadline_explanation(s, offer.id, as_of=ASKED)  # type: ignore[arg-type]
    assert (explained["status"], explained["open"]) == ("met", False)
    assert explained["status_note"] == ("met by a timely filing of the party whose period it is alone "
                                        "(29 CFR 102.69(a)(8)); nothing more is due in it")
