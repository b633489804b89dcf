"""ho-report: Kerstin Meyers's report of 2021-08-02 recommending that the Bessemer election be set
aside, through the front door."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from pypdf import PdfReader
from sqlmodel import select

from casefile.errors import AlreadyRecorded, IllegalTransition, UnknownRecord
from casefile.record.db import read_session
from casefile.record.models import Deadline, Decision, Election, Objection, Party
from casefile.vocab import DeadlineKind, DeadlineStatus, Disposition, Stage
from tests.acts.procedure import act, carry, event, perform, refused, unchanged_by_retry

REPORT = {"act": "ho-report", "date": date(2021, 8, 2), "result": "set-aside", "issuer": "Kerstin Meyers",
          "at_fault": "amazon"}


@pytest.fixture
def hearing_open(configured_db: Path) -> Path:
    carry("open-hearing")
    return configured_db


class TestHoReport:
    def test_records_the_report_and_opens_exceptions(self, hearing_open: Path) -> None:
        """The report moves the election to ho-report-issued; exceptions are due Mon 2021-08-16, answering briefs Mon 2021-08-23."""
        result = perform(event("ho-report"))
        assert (result.ref, result.repeated) == ("decision:1", False)
        assert result.summary.startswith("Hearing Officer's Report: recommends that the election be set aside — The Hearing "
                                          "Officer recommends")
        with read_session() as s:
            decision = s.get(Decision, 1)
            amazon = s.exec(select(Party).where(Party.key == "amazon")).one()
            assert decision is not None
            assert (decision.kind, decision.result, decision.issuer, decision.at_fault_party_id) == (
                "ho-report", "set-aside", "Kerstin Meyers", amazon.id)
            assert decision.uncertain.startswith("laborpress counts 22 objections") and "UNCERTAIN" not in decision.note
            assert s.exec(select(Election)).one().stage is Stage.HO_REPORT_ISSUED
            due = {d.kind: d for d in s.exec(select(Deadline).where(
                Deadline.kind.in_([DeadlineKind.EXCEPTIONS, DeadlineKind.ANSWERING_BRIEF])))}  # type: ignore[attr-defined]
        assert (due[DeadlineKind.EXCEPTIONS].due_on, due[DeadlineKind.EXCEPTIONS].status) == (date(2021, 8, 16),
                                                                                            DeadlineStatus.OPEN)
        assert due[DeadlineKind.EXCEPTIONS].cutoff_at.isoformat() == "2021-08-17T03:59:59+00:00"  # 11:59:59 p.m. EDT
        assert due[DeadlineKind.ANSWERING_BRIEF].due_on == date(2021, 8, 23)

    def test_rulings_are_recommendations_only(self, hearing_open: Path) -> None:
        """A recommended ruling sustaining objection 1 is kept on the report; the objection stays set for hearing."""
        perform(act({**REPORT, "rulings": {"rwdsu": {1: "sustained"}}}))
        with read_session() as s:
            decision = s.get(Decision, 1)
            assert decision is not None
            assert [(r["party"], r["number"], r["ruling"]) for r in decision.rulings] == [
                ("Retail, Wholesale and Department Store Union", 1, "sustained")]
            first = s.exec(select(Objection).where(Objection.number == 1)).one()
            assert first.disposition is Disposition.SET_FOR_HEARING

    def test_retry_is_found_and_other_content_refused(self, hearing_open: Path) -> None:
        """The same report twice is one record; a report of the same date recommending otherwise is refused."""
        first = perform(act(REPORT))
        assert unchanged_by_retry(act(REPORT)).ref == first.ref
        error = refused(act({**REPORT, "result": "overrule"}), AlreadyRecorded)
        assert str(error) == ("10-RC-269250: the Hearing Officer's report of August 2, 2021 is already recorded with other "
                              "terms (recorded → given: result: set aside → overrule); an issued decision is never "
                              "overwritten: to record it again, give the terms recorded; the report recommends: the "
                              "Regional Director's decision on it decides otherwise (29 CFR 102.69(c)(1)(iii))")
        assert error.field == "result"  # type: ignore[attr-defined]

    def test_unknown_party_at_fault_is_refused(self, hearing_open: Path) -> None:
        """A party at fault that is not a party of the case is refused, naming the field; nothing is stored."""
        error = refused(act({**REPORT, "at_fault": "walmart"}), UnknownRecord)
        assert error.field == "at_fault"  # type: ignore[attr-defined]

    def test_ruling_on_an_unknown_objection_is_refused(self, hearing_open: Path) -> None:
        """RWDSU filed 23 objections: a ruling on its 30th is refused and nothing is stored."""
        error = refused(act({**REPORT, "rulings": {"rwdsu": {30: "sustained"}}}), UnknownRecord)
        assert error.field == "rulings.rwdsu.30"  # type: ignore[attr-defined]

    def test_before_the_hearing_is_refused(self, configured_db: Path) -> None:
        """A hearing noticed but not opened has no report yet."""
        carry("notice-hearing")
        error = refused(act(REPORT), IllegalTransition)
        assert str(error).startswith("The hearing officer's report is not available now in election 1: the hearing is "
                                     "noticed and has not opened.")

    def test_at_tally_issued_is_refused(self, configured_db: Path) -> None:
        """Right after the tally a report is refused, naming the election's stage and the stages that allow it."""
        carry("tally-2021")
        error = refused(act({**REPORT, "date": date(2021, 4, 12)}), IllegalTransition)
        assert str(error) == (
            "The hearing officer's report is not available now in election 1: the objection period on the tally runs "
            "until Friday, April 16, 2021. The hearing officer's report becomes available when the election is at "
            "“Hearing open” or “Hearing closed; report awaited”; when that period ends with no objections filed, the "
            "election moves on to what the tally calls for (the certification, or the runoff election); objections "
            "filed in it are decided first.")

    def test_issues_the_report(self, hearing_open: Path) -> None:
        """The record copy of the report is issued and names the exceptions' due date."""
        result = perform(event("ho-report"), documents="issue")
        [doc] = result.documents
        assert doc.kind == "hearing-officer-report"
        assert doc.file_name == "2021-08-02_hearing-officer-report.pdf"
        text = " ".join(page.extract_text() for page in PdfReader(doc.path).pages)
        assert "Kerstin Meyers" in text
        assert "August 16, 2021" in text
