"""rd-decision: Lisa Henderson's decision of 2021-11-29 setting aside the first Bessemer election and
directing a second, through the front door; the overruling path; and a set-aside in a case whose
election agreement is not in the record (issue 10: it crashed and left the decision half-stored)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from pypdf import PdfReader
from sqlmodel import select

from casefile.errors import AlreadyRecorded, IllegalTransition, UnknownRecord
from casefile.record.db import read_session
from casefile.record.models import Deadline, Decision, DocketEntry, Election, Objection
from casefile.vocab import DeadlineKind, DeadlineStatus, Disposition, ElectionKind, Stage
from tests.acts.procedure import RWDSU, act, carry, event, perform, refused, unchanged_by_retry

DECISION = {"act": "rd-decision", "date": date(2021, 11, 29), "result": "set-aside", "issuer": "Lisa Henderson",
            "at_fault": "amazon"}


@pytest.fixture
def report_issued(configured_db: Path) -> Path:
    carry("ho-report")
    return configured_db


def stages() -> list[Stage | None]:
    with read_session() as s:
        return [e.to_stage for e in s.exec(select(DocketEntry).where(DocketEntry.election_id == 1)
                                           .order_by(DocketEntry.id)) if e.to_stage]  # type: ignore[arg-type]


class TestSetAside:
    def test_sets_aside_and_directs_a_second_election(self, report_issued: Path) -> None:
        """The set-aside moves election 1 through rd-decision and set-aside to rerun-directed with the same ballot; reconsideration due Mon 2021-12-13."""
        result = perform(act({**DECISION, "rulings": {"rwdsu": {1: "sustained"}}}))
        assert result.ref == "decision:2"  # decision 1 is the hearing officer's report
        assert result.summary == "Regional Director's Decision: objections sustained"
        assert any("not a final disposition" in w and "(29 CFR 102.67(c), 102.69(h))" in w for w in result.warnings)
        assert stages()[-3:] == [Stage.RD_DECISION, Stage.SET_ASIDE, Stage.RERUN_DIRECTED]
        with read_session() as s:
            election = s.exec(select(Election)).one()
            assert (election.next_kind, election.next_choices, election.next_against_on_ballot) == (
                ElectionKind.RERUN, [RWDSU], True)
            assert s.exec(select(Objection).where(Objection.number == 1)).one().disposition is Disposition.SUSTAINED
            assert s.exec(select(Objection).where(Objection.number == 2)).one().disposition is Disposition.SET_FOR_HEARING
            due = {d.kind: d for d in s.exec(select(Deadline))}
        assert (due[DeadlineKind.RECONSIDERATION].due_on, due[DeadlineKind.RECONSIDERATION].status) == (
            date(2021, 12, 13), DeadlineStatus.OPEN)
        assert due[DeadlineKind.EXCEPTIONS].status is DeadlineStatus.LAPSED  # none filed by 2021-08-16
        assert due[DeadlineKind.EARLIEST_CERTIFICATION].status is DeadlineStatus.MOOTED

    def test_retry_is_found_and_other_content_refused(self, report_issued: Path) -> None:
        """The decision sent twice is recorded once; the same date with another party at fault is refused."""
        first = perform(event("rd-decision"))
        assert unchanged_by_retry(event("rd-decision")).entry_id == first.entry_id
        same = {**DECISION, "summary": event("rd-decision").summary}  # type: ignore[attr-defined]
        error = refused(act({**same, "at_fault": "rwdsu"}), AlreadyRecorded)
        assert str(error) == (f"10-RC-269250: the Regional Director's decision of November 29, 2021 is already "
                              f"recorded with other terms (recorded → given: party at fault: Amazon.com Services LLC → "
                              f"{RWDSU}); an issued decision is never overwritten: to record it again, give the terms "
                              "recorded; a decision that changes it is a later one, on its own date: on a motion for "
                              "reconsideration (29 CFR 102.65(e)) or after the Board's review (102.67)")
        assert error.field == "at_fault"  # type: ignore[attr-defined]

    def test_other_rulings_are_refused_in_words(self, report_issued: Path) -> None:
        """The trial's case: the decision entered again overruling instead, with other rulings and no party at fault:
        every difference in words — no tuples, no None, no field or act names of the program; nothing stored."""
        perform(event("rd-decision"))
        same = {**DECISION, "summary": event("rd-decision").summary}  # type: ignore[attr-defined]
        error = refused(act({**same, "result": "overrule", "at_fault": None,
                             "rulings": {"rwdsu": {1: "overruled", 2: "overruled"}}}), AlreadyRecorded)
        message = str(error)
        assert message == ("10-RC-269250: the Regional Director's decision of November 29, 2021 is already recorded "
                           "with other terms (recorded → given: result: set aside → overrule; party at fault: "
                           "Amazon.com Services LLC → none given; rulings on the objections: none given → objection 1 "
                           "overruled, objection 2 overruled); an issued decision is never overwritten: to record it "
                           "again, give the terms recorded; a decision that changes it is a later one, on its own date: "
                           "on a motion for reconsideration (29 CFR 102.65(e)) or after the Board's review (102.67)")
        for internal in ("[(", "None", "at_fault", "rd-decision", "'overruled'"):
            assert internal not in message, internal

    def test_ruling_on_an_unknown_objection_stores_nothing(self, report_issued: Path) -> None:
        """A ruling on RWDSU's objection 24 (it filed 23) refuses the whole decision: no ruling, stage or deadline is stored."""
        error = refused(act({**DECISION, "rulings": {"rwdsu": {1: "sustained", 24: "sustained"}}}), UnknownRecord)
        assert error.field == "rulings.rwdsu.24"  # type: ignore[attr-defined]

    def test_issues_the_direction_of_second_election(self, report_issued: Path) -> None:
        """The set-aside issues the Decision and Direction of Second Election, naming the Regional Director."""
        result = perform(event("rd-decision"), documents="issue")
        [doc] = result.documents
        assert doc.file_name == "2021-11-29_decision-and-direction-of-second-election.pdf"
        text = " ".join(page.extract_text() for page in PdfReader(doc.path).pages)
        assert "Lisa Henderson" in text


class TestOverrule:
    def test_overruling_makes_the_certification_due(self, report_issued: Path) -> None:
        """Objections overruled: rd-decision then certification-due; no document (casefile has none for it yet)."""
        result = perform(act({**DECISION, "result": "overrule", "at_fault": None,
                              "rulings": {"rwdsu": {n: "overruled" for n in range(1, 24)}}}))
        assert (result.summary, result.documents, result.warnings) == (
            "Regional Director's Decision: objections overruled", [], [])
        assert stages()[-2:] == [Stage.RD_DECISION, Stage.CERTIFICATION_DUE]
        with read_session() as s:
            assert {o.disposition for o in s.exec(select(Objection))} == {Disposition.OVERRULED}

    def test_before_the_objections_is_refused(self, configured_db: Path) -> None:
        """Right after the tally there is nothing for the Regional Director to decide."""
        carry("tally-2021")
        error = refused(act({**DECISION, "date": date(2021, 4, 12), "result": "overrule", "at_fault": None}),
                        IllegalTransition)
        assert "now in election 1: the objection period on the tally runs until " in str(error)


class TestAgreementNotInTheRecord:
    def test_set_aside_is_stored_whole_and_says_review_is_assumed(self, configured_db: Path) -> None:
        """With the agreement unknown the set-aside is recorded whole (decision, stages, deadlines), Board review treated as available and said so."""
        carry("ho-report", agreement=None)
        result = perform(event("rd-decision"))
        assert "The election agreement is not in the record: Board review is treated as available" in result.summary
        assert result.warnings[0].startswith("The election agreement is not in the record")
        assert "(29 CFR 102.67(c), 102.69(h))" in result.warnings[1] and "R-N3" not in result.warnings[1]
        assert stages()[-3:] == [Stage.RD_DECISION, Stage.SET_ASIDE, Stage.RERUN_DIRECTED]
        with read_session() as s:
            assert s.get(Decision, 2) is not None
            assert s.exec(select(Deadline).where(Deadline.kind == DeadlineKind.RECONSIDERATION)).one().due_on == date(2021, 12, 13)

    def test_set_aside_issues_its_document(self, configured_db: Path) -> None:
        """With the agreement unknown the Decision and Direction of Second Election is issued, says the agreement is not in the record and offers review."""
        carry("ho-report", agreement=None)
        result = perform(event("rd-decision"), documents="issue")
        [doc] = result.documents
        assert doc.kind == "decision-and-direction-of-second-election"
        text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(doc.path).pages)
        assert "Pursuant to a [NOT IN THE PUBLIC RECORD: election agreement]" in text
        assert "RIGHT TO REQUEST REVIEW" in text
        assert "any party may file with the Board" in text


class TestAfterRevisedTally:
    def test_objections_of_the_losing_party_are_decided(self, configured_db: Path) -> None:
        """Genesee with the objections filed by the Employer instead (a variation): the revised 15-9 count does not moot them (R-M2); the RD overrules them and certification is due."""
        from casefile import app
        from casefile.acts import Who
        from casefile.scenario import load_scenario
        from tests.acts.procedure import EXAMPLE, noon, prepare_schema

        genesee = load_scenario(EXAMPLE.parent / "starbucks-genesee-03-RC-282139.yaml")
        prepare_schema()
        app.perform(genesee.opening(), as_of=noon(genesee.events[0]), by=Who.operator(), documents="none")
        for step in genesee.events:
            if step.act_name == "file-objections":
                step = step.model_copy(update={"party": "starbucks"})  # the variation
            perform(step, case_number="03-RC-282139")
        result = perform(act({"act": "rd-decision", "date": date(2022, 1, 14), "result": "overrule",
                              "rulings": {"starbucks": {1: "overruled"}}}), case_number="03-RC-282139")
        assert result.summary.startswith("Regional Director's Decision: objections overruled")
        with read_session() as s:
            assert s.exec(select(Election)).one().stage is Stage.CERTIFICATION_DUE
            assert s.exec(select(Objection)).one().disposition is Disposition.OVERRULED
            entry = s.exec(select(DocketEntry).where(DocketEntry.act == "rd-decision")).one()
            assert (entry.from_stage, entry.to_stage) == (Stage.REVISED_TALLY_ISSUED, Stage.RD_DECISION)


def test_no_blanket_overruling_of_objections_before_the_judge(configured_db: Path) -> None:
    """Bessemer after the judge's decision of 2024-11-05 (21 objections of the 2022 rerun set for the
    consolidated hearing): a Regional Director's 'overrule' with no rulings is refused (field
    rulings), stores nothing, and the objections stay undecided."""
    from casefile.errors import InconsistentDecision

    carry("alj-decision")
    error = refused(act({"act": "rd-decision", "date": date(2024, 12, 2), "result": "overrule",
                         "issuer": "Lisa Henderson"}), InconsistentDecision)
    assert error.field == "rulings"  # type: ignore[attr-defined]
    assert "gives no ruling on 21 objections set for the hearing before the Administrative Law Judge" in str(error)
    with read_session() as s:
        undecided = s.exec(select(Objection).where(Objection.election_id == 2, Objection.disposition.in_(  # type: ignore[attr-defined]
            [Disposition.PENDING, Disposition.SET_FOR_HEARING]))).all()
    assert len(undecided) == 29
