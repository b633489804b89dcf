"""file-exceptions: exceptions to the Bessemer hearing officer's report (issued 2021-08-02, exceptions
due Mon 2021-08-16), judged against the stored deadline — an extension granted by order is honored —
by the same rule as every filing (postmark rule included)."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

import pytest
from pypdf import PdfReader
from sqlmodel import select

from casefile.errors import ProcedureError, UntimelyFiling
from casefile.record.db import read_session
from casefile.record.models import Deadline, DocketEntry, Election, Filing, ServiceRecord
from casefile.vocab import DeadlineKind, ServiceMethod, Stage
from tests.acts.procedure import act, carry, perform, refused, unchanged_by_retry

EXCEPTIONS = {"act": "file-exceptions", "party": "amazon",
              "exceptions": [{"excepted_to": "The finding that the collection box was placed at the Employer's request",
                              "grounds": "The record shows the Postal Service placed it"},
                             {"excepted_to": "The recommendation that the election be set aside",
                              "grounds": "No objectionable conduct affected the results"}]}


def at(text: str) -> datetime:
    return datetime.fromisoformat(text)


@pytest.fixture
def report_issued(configured_db: Path) -> Path:
    carry("ho-report")
    return configured_db


def extend_exceptions(to: date, order: str) -> None:
    """The Regional Director extends the exceptions deadline by order of 2021-08-10 (the pin-deadline act)."""
    perform(act({"act": "pin-deadline", "date": date(2021, 8, 10), "kind": "exceptions", "due": to, "order": order}))


class TestFileExceptions:
    def test_timely_exceptions(self, report_issued: Path) -> None:
        """Amazon's two exceptions e-filed Fri 2021-08-13 at 3 p.m. are timely and move the election to exceptions-pending."""
        result = perform(act({**EXCEPTIONS, "at": at("2021-08-13T15:00:00-04:00")}))
        assert result.summary == "Exceptions of Amazon.com Services LLC to the Hearing Officer's Report (2 exceptions)"
        with read_session() as s:
            filing = s.exec(select(Filing).where(Filing.kind == "exceptions")).one()
            assert filing.received_on == date(2021, 8, 13)
            assert filing.timeliness_note == ("received Fri 2021-08-13 3:00 p.m. EDT by e-filing; due Mon 2021-08-16, "
                                              "cut-off 11:59 p.m. EDT (29 CFR 102.69(c)(1)(iii); 29 CFR 102.2(b))")
            deadline = s.get(Deadline, filing.deadline_id)  # judged against the stored exceptions deadline
            assert deadline is not None and (deadline.kind, deadline.due_on) == (DeadlineKind.EXCEPTIONS,
                                                                                  date(2021, 8, 16))
            assert [e["excepted_to"] for e in filing.body][1] == "The recommendation that the election be set aside"
            ledger = s.exec(select(ServiceRecord).where(ServiceRecord.filing_id == filing.id)
                            .order_by(ServiceRecord.position)).all()  # type: ignore[arg-type]
            assert [(r.party_id is None, r.served, r.method) for r in ledger] == [
                (True, "Regional Director, Region 10", ServiceMethod.E_FILING),  # e-filed with the Region
                (False, "[NOT IN THE PUBLIC RECORD: Petitioner's counsel of record]", None)]  # no e-mail in the record
            assert s.exec(select(Election)).one().stage is Stage.EXCEPTIONS_PENDING

    def test_exceptions_within_an_extension_by_order_are_accepted(self, report_issued: Path) -> None:
        """Exceptions due 2021-08-16, extended by order to 2021-08-30, received 2021-08-25: accepted, and the note names the order."""
        extend_exceptions(date(2021, 8, 30), "RD order granting extension, 2021-08-10")
        result = perform(act({**EXCEPTIONS, "at": at("2021-08-25T12:00:00-04:00")}))
        assert result.repeated is False
        with read_session() as s:
            filing = s.exec(select(Filing).where(Filing.kind == "exceptions")).one()
            assert "due Mon 2021-08-30" in filing.timeliness_note
            assert "date set by order: RD order granting extension, 2021-08-10" in filing.timeliness_note

    def test_after_the_extended_date_is_untimely(self, report_issued: Path) -> None:
        """The same extension does not reach 2021-08-31 00:00:01: refused, naming the order, and nothing stored."""
        extend_exceptions(date(2021, 8, 30), "RD order granting extension, 2021-08-10")
        error = refused(act({**EXCEPTIONS, "at": at("2021-08-31T00:00:01-04:00")}), UntimelyFiling)
        assert "due Mon 2021-08-30" in str(error)
        assert "RD order granting extension" in str(error)

    def test_e_filed_after_the_cutoff_is_untimely(self, report_issued: Path) -> None:
        """E-filed at 00:00:01 on Tue 2021-08-17 (one second after the cut-off): refused, nothing stored."""
        error = refused(act({**EXCEPTIONS, "at": at("2021-08-17T00:00:01-04:00")}), UntimelyFiling)
        assert "after the cut-off: due Mon 2021-08-16" in str(error)
        assert error.field == "at"  # type: ignore[attr-defined]
        # what may still be done (F19): exceptions may be accepted late on excusable neglect, with a motion (102.2(d))
        assert str(error).endswith("; it may still be accepted late only on good cause based on excusable neglect: file "
                                   "it with a motion that shows that cause, supported by a sworn statement (“File a "
                                   "motion”; 29 CFR 102.2(d))"), str(error)

    def test_paper_postmarked_the_day_before_is_timely(self, report_issued: Path) -> None:
        """On paper, received Wed 2021-08-18 but postmarked Sun 2021-08-15 (the day before the due date): timely (102.2(b))."""
        perform(act({**EXCEPTIONS, "method": "paper", "postmarked_on": date(2021, 8, 15),
                     "at": at("2021-08-18T10:00:00-04:00")}))
        with read_session() as s:
            assert s.exec(select(Filing).where(Filing.kind == "exceptions")).one().received_on == date(2021, 8, 18)

    def test_paper_postmarked_on_the_due_date_is_untimely(self, report_issued: Path) -> None:
        """On paper, received 2021-08-18, postmarked on the due date itself: refused with the postmark rule."""
        error = refused(act({**EXCEPTIONS, "method": "paper", "postmarked_on": date(2021, 8, 16),
                             "at": at("2021-08-18T10:00:00-04:00")}), UntimelyFiling)
        assert "postmarked Mon 2021-08-16, not the day before the due date or earlier" in str(error)

    def test_second_party_and_retry(self, report_issued: Path) -> None:
        """RWDSU's exceptions after Amazon's are docketed without a stage change; Amazon's sent again store nothing."""
        amazon = act({**EXCEPTIONS, "at": at("2021-08-13T15:00:00-04:00")})
        first = perform(amazon)
        unchanged_by_retry(amazon)
        perform(act({**EXCEPTIONS, "party": "rwdsu", "exceptions": [{"excepted_to": "Recommended overruling of objection 2",
                                                                    "grounds": "The cameras were new"}],
                     "date": date(2021, 8, 16)}))
        with read_session() as s:
            entries = s.exec(select(DocketEntry).where(DocketEntry.act == "file-exceptions")
                             .order_by(DocketEntry.id)).all()  # type: ignore[arg-type]
            assert [(e.from_stage, e.to_stage) for e in entries] == [(Stage.HO_REPORT_ISSUED, Stage.EXCEPTIONS_PENDING),
                                                                    (None, None)]
            assert entries[0].id == first.entry_id

    def test_without_a_report_is_refused(self, configured_db: Path) -> None:
        """With the hearing still open there is no report to except to."""
        carry("open-hearing")
        error = refused(act({**EXCEPTIONS, "date": date(2021, 6, 1)}), ProcedureError)
        assert "has no hearing officer's report to except to" in str(error)

    def test_issues_the_exceptions(self, report_issued: Path) -> None:
        """The exceptions are issued with their statement of service and name the report excepted to."""
        result = perform(act({**EXCEPTIONS, "at": at("2021-08-13T15:00:00-04:00")}), documents="issue")
        [doc] = result.documents
        assert doc.kind == "exceptions"
        assert doc.file_name == "2021-08-13_exceptions_amazon.pdf"
        text = " ".join(page.extract_text() for page in PdfReader(doc.path).pages)
        assert "The record shows the Postal Service placed it" in text
