"""notice-hearing: the Regional Director's Notice of Hearing on the Bessemer objections (2021-04-26),
through the front door."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from pypdf import PdfReader
from sqlmodel import col, select

from casefile.errors import AlreadyRecorded, IllegalTransition, ProcedureError, UnknownRecord
from casefile.record.db import read_session
from casefile.record.models import Election, Hearing, Objection
from casefile.vocab import Disposition, Stage
from tests.acts.procedure import act, carry, event, perform, refused, unchanged_by_retry

NOTICE = {"act": "notice-hearing", "date": date(2021, 4, 26), "opens_on": date(2021, 5, 7), "presiding": "Kerstin Meyers"}


@pytest.fixture
def objections_pending(configured_db: Path) -> Path:
    carry("objections-2021")
    return configured_db


class TestNoticeHearing:
    def test_sets_every_pending_objection_for_hearing(self, objections_pending: Path) -> None:
        """The notice of 2021-04-26 sets RWDSU's 23 objections for a hearing opening 2021-05-07 before Kerstin Meyers."""
        result = perform(event("notice-hearing"))
        assert (result.ref, result.repeated) == ("hearing:1", False)
        assert result.summary == "Notice of Hearing on 23 objections; hearing opens May 7, 2021"
        with read_session() as s:
            hearing = s.get(Hearing, 1)
            assert hearing is not None
            assert (hearing.noticed_on, hearing.opens_on, hearing.presiding) == (date(2021, 4, 26), date(2021, 5, 7),
                                                                                 "Kerstin Meyers")
            assert len(hearing.objections_set) == 23
            assert not hearing.challenges_set
            assert hearing.uncertain.startswith("the notice's issue date is not public") and "UNCERTAIN" not in hearing.note
            dispositions = {o.disposition for o in s.exec(select(Objection))}
            assert dispositions == {Disposition.SET_FOR_HEARING}
            assert s.exec(select(Election)).one().stage is Stage.HEARING_NOTICED

    def test_selected_objections_only(self, objections_pending: Path) -> None:
        """Naming objections 1, 2 and 4 of RWDSU sets those three and leaves the other twenty pending."""
        perform(act({**NOTICE, "objections": {"rwdsu": [1, 2, 4]}}))
        with read_session() as s:
            chosen = s.exec(select(Objection.number).where(Objection.disposition == Disposition.SET_FOR_HEARING)
                            .order_by(col(Objection.number))).all()
        assert chosen == [1, 2, 4]

    def test_retry_is_found(self, objections_pending: Path) -> None:
        """The same notice sent twice is recorded once."""
        first = perform(event("notice-hearing"))
        again = unchanged_by_retry(event("notice-hearing"))
        assert (again.ref, again.entry_id) == (first.ref, first.entry_id)

    def test_same_date_other_terms_is_refused(self, objections_pending: Path) -> None:
        """A second notice of the same date naming another hearing officer is refused, not merged."""
        perform(event("notice-hearing"))
        error = refused(act({**NOTICE, "presiding": "Someone Else"}), AlreadyRecorded)
        assert "with other terms (recorded → given: " in str(error)
        assert "presiding: “Kerstin Meyers” → “Someone Else”" in str(error)

    def test_challenges_not_determinative_are_refused(self, objections_pending: Path) -> None:
        """The 2021 tally's 505 challenged ballots are not determinative: they cannot be set for hearing."""
        error = refused(act({**NOTICE, "challenges": True}), ProcedureError)
        assert error.field == "challenges"  # type: ignore[attr-defined]

    def test_unknown_objection_is_refused(self, objections_pending: Path) -> None:
        """RWDSU filed 23 objections: setting a 24th for hearing is refused, naming the field."""
        error = refused(act({**NOTICE, "objections": {"rwdsu": [1, 24]}}), UnknownRecord)
        assert "no pending objection 24 of party 'rwdsu'" in str(error)
        assert error.field == "objections.rwdsu.1"  # type: ignore[attr-defined]

    def test_before_any_objection_is_refused(self, configured_db: Path) -> None:
        """Right after the tally (stage tally-issued) there is nothing to notice a hearing on."""
        carry("tally-2021")
        error = refused(act({**NOTICE, "date": date(2021, 4, 12)}), IllegalTransition)
        assert "now in election 1: the objection period on the tally runs until " in str(error)

    def test_issues_the_notice(self, objections_pending: Path) -> None:
        """The record copy of the Notice of Hearing is issued and names the hearing's opening date."""
        result = perform(event("notice-hearing"), documents="issue")
        [doc] = result.documents
        assert doc.kind == "notice-of-hearing"
        assert doc.file_name == "2021-04-26_notice-of-hearing.pdf"
        text = " ".join(page.extract_text() for page in PdfReader(doc.path).pages)
        assert "10-RC-269250" in text
        assert "May 7, 2021" in text
