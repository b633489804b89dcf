"""file-objections: RWDSU's objections to the Bessemer election of 2021 (tally Fri 2021-04-09,
objections due Fri 2021-04-16, cut-off 11:59:59 p.m. Eastern at the Atlanta office), through the
front door: timeliness judged to the second against the stored deadline, a retry filing once, and
refusals that store nothing."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import col, select

from casefile import app
from casefile.errors import MalformedCaseNumber, ProcedureError, UnknownCase, UntimelyFiling
from casefile.record.db import read_session
from casefile.record.models import Deadline, DocketEntry, Filing, Objection
from casefile.vocab import DeadlineKind, DeadlineStatus, Stage
from tests.acts.procedure import RWDSU, act, carry, case_id, event, perform, refused, unchanged_by_retry
from tests.acts.snapshot import default_snapshot

CUTOFF = datetime.fromisoformat("2021-04-16T23:59:59-04:00")
DUE = "due Fri 2021-04-16, cut-off 11:59 p.m. EDT (29 CFR 102.69(a)(8); 29 CFR 102.2(b))"


@pytest.fixture
def tallied(configured_db: Path) -> Path:
    """Bessemer with its 2021 tally recorded."""
    carry("tally-2021")
    return configured_db


def objections(received_at: str, statements: list[str] | None = None, **fields: Any):  # type: ignore[no-untyped-def]
    return act({"act": "file-objections", "at": received_at, "party": "rwdsu",
                "objections": statements or ["collection box"], **fields})


def stages() -> list[Stage]:
    with read_session() as s:
        return [e.to_stage for e in s.exec(select(DocketEntry).order_by(col(DocketEntry.id))) if e.to_stage]


class TestTimeliness:
    def test_received_at_the_last_second_is_timely(self, tallied: Path) -> None:
        """Received at 11:59:59 p.m. Eastern on Fri 2021-04-16 (R-B9): filed against the stored objections deadline, which the note cites."""
        result = perform(objections("2021-04-16T23:59:59-04:00"), as_of=CUTOFF)
        assert (result.ref, result.repeated) == ("filing:1", False)
        with read_session() as s:
            filing = s.exec(select(Filing)).one()
            deadline = s.get(Deadline, filing.deadline_id)
            assert deadline is not None
            assert (deadline.kind, deadline.due_on, deadline.cutoff_at) == (DeadlineKind.OBJECTIONS, date(2021, 4, 16),
                                                                            CUTOFF)
            assert filing.timeliness_note == f"received Fri 2021-04-16 11:59 p.m. EDT by e-filing; {DUE}"
            assert (filing.received_on, filing.received_at) == (date(2021, 4, 16), CUTOFF)
            assert [o.number for o in s.exec(select(Objection).where(Objection.filing_id == filing.id))] == [1]
        assert stages() == [Stage.TALLY_ISSUED, Stage.OBJECTIONS_PENDING]

    def test_one_second_late_is_refused(self, tallied: Path) -> None:
        """Received at 00:00:00 Eastern on Sat 2021-04-17: refused naming the due date, the cut-off and the rule; nothing stored."""
        late = datetime.fromisoformat("2021-04-17T00:00:00-04:00")
        error = refused(objections("2021-04-17T00:00:00-04:00"), UntimelyFiling, as_of=late)
        assert str(error) == (f"objections of {RWDSU} received Sat 2021-04-17 12:00 a.m. EDT by e-filing after the "
                              f"cut-off: {DUE}; this period cannot be extended")
        assert error.field == "at"  # type: ignore[attr-defined]

    def test_timely_objections_recorded_after_the_sweep(self, tallied: Path) -> None:
        """Received 11:30 p.m. on 04-16 but recorded on 04-20, after the sweep moved the election to certification-due:
        the filing takes it back to objections-pending."""
        assert app.sweep_case(case_id(), as_of=datetime.fromisoformat("2021-04-20T00:00:00-04:00"))[-1] == (
            "10-RC-269250 election 1: Tally of Ballots issued; objection period running → Certification due")
        perform(objections("2021-04-16T23:30:00-04:00"), as_of=datetime.fromisoformat("2021-04-20T09:00:00-04:00"))
        assert stages() == [Stage.TALLY_ISSUED, Stage.CERTIFICATION_DUE, Stage.OBJECTIONS_PENDING]
        with read_session() as s:
            earliest = s.exec(select(Deadline).where(Deadline.kind == DeadlineKind.EARLIEST_CERTIFICATION)).one()
        assert earliest.status is DeadlineStatus.MOOTED  # objections filed: no certification forthwith (R-H1)


class TestRetry:
    def test_the_same_objections_sent_again_file_once(self, tallied: Path) -> None:
        """The same objections sent again (a retried request) are found: one filing, one objection, one docket entry."""
        first = perform(objections("2021-04-16T15:00:00-04:00"))
        again = unchanged_by_retry(objections("2021-04-16T15:00:00-04:00"))
        assert (again.ref, again.entry_id) == (first.ref, first.entry_id)
        with read_session() as s:
            assert len(s.exec(select(Filing)).all()) == 1
            assert len(s.exec(select(Objection)).all()) == 1
            assert [e.act for e in s.exec(select(DocketEntry))].count("file-objections") == 1


class TestRefusals:
    def test_offer_of_proof_on_an_objection_not_filed(self, tallied: Path) -> None:
        """A witness offered on objection 3 of 2 objections is refused, naming the witness entry; nothing stored."""
        error = refused(objections("2021-04-16T12:00:00-04:00", ["a", "b"],
                                   offer_of_proof=[{"objection": 3, "witness": "X", "summary": "y"}]), ProcedureError)
        assert str(error) == ("offer of proof: witness 'X' is offered on objection 3, but these objections are numbered "
                              "1 to 2 (102.69(a)(8), 102.66(c))")
        assert error.field == "offer_of_proof.0.objection"  # type: ignore[attr-defined]

    @pytest.mark.parametrize(("number", "error", "message"), [
        ("10-RC-999999", UnknownCase, "no case 10-RC-999999 in the database (open it first, or replay a scenario)"),
        ("10RC269250", MalformedCaseNumber,
         "'10RC269250' is not an NLRB case number: expected RR-TT-NNNNNN, e.g. 10-RC-269250"),
        ("", MalformedCaseNumber, "'' is not an NLRB case number: expected RR-TT-NNNNNN, e.g. 10-RC-269250"),
        ("10-XX-269250", MalformedCaseNumber, "'10-XX-269250': XX is not an NLRB case type (one of AC, CA, CB, CC, "
                                              "CD, CE, CG, CP, RC, RD, RM, UC, UD, WH)"),
    ], ids=["unknown", "malformed", "empty", "no-such-case-type"])
    def test_unknown_or_malformed_case_number(self, tallied: Path, number: str, error: type[Exception],
                                              message: str) -> None:
        """Objections in a case that is not there, or under a number that is not a case number, are refused before
        anything (even the pre-act sweep) runs."""
        before = default_snapshot()
        with pytest.raises(error) as caught:
            perform(objections("2021-04-16T12:00:00-04:00"), case_number=number)
        assert str(caught.value) == message
        assert default_snapshot() == before


class TestAnOfferWhoseWitnessesAreNotPublic:
    """file-objections' offer of proof takes witnesses_public as file-offer-of-proof does (Bessemer 2021: an offer
    came with the objections; offers are confidential to the Region, so no witness is in the record)."""

    def test_it_is_stored_with_an_empty_body(self, tallied: Path) -> None:
        from casefile.vocab import FilingKind

        perform(event("objections-2021"))
        with read_session() as s:
            offer = s.exec(select(Filing).where(Filing.kind == FilingKind.OFFER_OF_PROOF)).one()
            assert (offer.body, offer.confidential, offer.accompanies_id is not None) == ([], True, True)

    def test_witnesses_with_it_false_are_refused_and_nothing_stored(self, tallied: Path) -> None:
        from casefile.acts.file_objections import WitnessIn
        from casefile.errors import BadInput

        witness = WitnessIn(objection=1, witness="A. Doe", summary="Saw the box.")
        error = refused(event("objections-2021").model_copy(update={"offer_of_proof": [witness]}), BadInput,
                        as_of=CUTOFF)
        assert error.field == "offer_of_proof" and "witnesses_public is false" in str(error)  # type: ignore[attr-defined]
