"""The hearing's dates as noticed and as held: Bessemer (10-RC-269250), Notice of Hearing of 2021-04-26 setting the
hearing for Fri 2021-05-07 before Kerstin Meyers. A hearing recorded as opened before the noticed date is accepted (an
order or the parties' agreement may bring it forward, 29 CFR 102.69(c)(1)(ii); rules.md R-I3) with a warning naming
both dates; on the noticed date, no warning."""

from __future__ import annotations

from datetime import date, time
from pathlib import Path

import pytest
from sqlmodel import select

from casefile.errors import BadInput
from casefile.record.db import read_session
from casefile.record.models import Election, Hearing
from casefile.vocab import Stage
from tests.acts.procedure import carry, event, perform


def test_opened_before_the_noticed_date_is_accepted_with_a_warning(configured_db: Path) -> None:
    carry("notice-hearing")
    result = perform(event("open-hearing").model_copy(update={"on": date(2021, 5, 5), "date_public": True}))
    assert result.warnings == [
        "The hearing is recorded as opened on Wednesday, May 5, 2021, before the date the Notice of Hearing of Monday, "
        "April 26, 2021 set (Friday, May 7, 2021): if an order rescheduled it or the parties agreed to an earlier date "
        "(29 CFR 102.69(c)(1)(ii)), attach it to the docket; if the date is mistyped, correct it (casefile correct "
        "hearing 10-RC-269250 --opened-on DATE --why REASON)."]
    with read_session() as s:
        assert s.exec(select(Hearing.opens_on)).one() == date(2021, 5, 5)
        assert s.exec(select(Election.stage)).one() is Stage.HEARING_OPEN


def test_opened_on_the_noticed_date_warns_of_nothing(configured_db: Path) -> None:
    carry("notice-hearing")
    assert perform(event("open-hearing")).warnings == []


def test_the_notice_prints_its_opening_time_and_signer(configured_db: Path) -> None:
    """The notice gives the time (10:00 at Atlanta, EDT) and the Regional Director who signed it: both printed, no
    placeholder for either (the replay's notice without them keeps its placeholders)."""
    import re

    from pypdf import PdfReader

    carry("objections-2021")
    notice = event("notice-hearing").model_copy(update={"opens_at": time(10, 0), "issuer": "Lisa Y. Henderson"})
    result = perform(notice, documents="issue")
    assert result.summary.endswith("hearing opens May 7, 2021 at 10:00 a.m.")
    [pdf] = result.documents
    text = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(pdf.path).pages))
    assert "10:00 a.m. EDT on Friday, May 7, 2021" in text
    assert "opening time" not in text
    assert "/s/ Lisa Y. Henderson" in text and "Regional Director's name" not in text
    with read_session() as s:
        assert s.exec(select(Hearing.opens_at, Hearing.issuer)).one() == (time(10, 0), "Lisa Y. Henderson")


def test_an_opening_only_scheduled_is_a_field_not_a_note(configured_db: Path) -> None:
    """Bessemer's open-hearing has date_public false: the hearing keeps opening_date_public False, and its note on
    the sources carries no "Its opening: " prefix for a document to read back."""
    carry("notice-hearing")
    perform(event("open-hearing"))
    with read_session() as s:
        hearing = s.exec(select(Hearing)).one()
        assert (hearing.opens_on, hearing.opening_date_public) == (date(2021, 5, 7), False)
        assert "Its opening: " not in hearing.uncertain
        # the opening's own note, apart from the notice's (a record copy's annex labels each by its act)
        assert hearing.uncertain.endswith("and its signature block names no one.")
        assert hearing.opening_uncertain == "Its opening date is the scheduled one; its close date is not public."


def test_only_the_scheduled_date_on_another_date_is_refused_and_nothing_stored(configured_db: Path) -> None:
    carry("notice-hearing")
    with read_session() as s:
        before = (s.exec(select(Hearing)).one().model_dump(), s.exec(select(Election.stage)).one())
    with pytest.raises(BadInput) as err:
        perform(event("open-hearing").model_copy(update={"on": date(2021, 5, 10)}))
    assert err.value.field == "date" and "(2021-05-07), not 2021-05-10" in str(err.value)
    with read_session() as s:
        assert (s.exec(select(Hearing)).one().model_dump(), s.exec(select(Election.stage)).one()) == before


@pytest.mark.parametrize("given", ["25:00", "10 a.m.", "10:75"])
def test_an_opening_time_that_is_no_time_is_refused_naming_the_field_and_nothing_is_stored(
        configured_db: Path, given: str) -> None:
    """The opening time is parsed once, at the act's edge (an HH:MM time of day): a text that is none is refused with
    the field named (``opens_at``), and the record is as it was: no hearing, no docket entry."""
    from casefile.accounts.acting import InvalidAct, act_from
    from casefile.record.models import DocketEntry

    carry("objections-2021")
    with read_session() as s:
        entries = len(s.exec(select(DocketEntry)).all())
    with pytest.raises(InvalidAct) as refused:
        act_from({"act": "notice-hearing", "date": "2021-04-26", "opens_on": "2021-05-07", "opens_at": given})
    assert refused.value.field == "opens_at"
    assert str(refused.value).startswith("notice-hearing: ")
    with read_session() as s:
        assert s.exec(select(Hearing)).all() == []
        assert len(s.exec(select(DocketEntry)).all()) == entries
