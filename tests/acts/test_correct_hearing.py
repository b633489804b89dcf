"""correct-hearing: a hearing's opening date (or the date its notice set) mistyped, corrected through the front
door and docketed old → new with why, the documents that tell it issued again as new versions, no stage moved
(29 CFR 102.69(c)(1)(ii), (iii); rules.md R-I3). Bessemer (10-RC-269250): Notice of Hearing of Monday 2021-04-26
setting Friday 2021-05-07; the opening typed as Wednesday 2021-05-05 (accepted with a warning), then corrected."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from sqlmodel import col, select

from casefile.errors import BadInput, IllegalTransition, OutOfOrder
from casefile.record.db import read_session
from casefile.record.models import DocketEntry, Election, Hearing
from casefile.vocab import Stage
from tests.acts.procedure import act, carry, event, perform, refused, unchanged_by_retry
from tests.cli.in_process import casefile

WHY = "The opening was typed as May 5; the transcript's first page says May 7, 2021."


def _fix(**fields: object):  # type: ignore[no-untyped-def]
    return act({"act": "correct-hearing", "date": "2021-08-03", "why": WHY, **fields})


def _opened_early() -> None:
    carry("notice-hearing")
    perform(event("open-hearing").model_copy(update={"on": date(2021, 5, 5), "uncertain": "", "date_public": True}))


def test_the_opening_is_corrected_and_docketed(configured_db: Path) -> None:
    _opened_early()
    report = perform(event("ho-report"), documents="issue")
    [paper] = [d for d in report.documents if d.kind == "hearing-officer-report"]
    done = perform(_fix(opened_on="2021-05-07"), documents="issue")
    assert done.summary.startswith("Hearing of election 1 corrected: opened on 2021-05-05 → 2021-05-07. Why: " + WHY)
    with read_session() as s:
        hearing = s.exec(select(Hearing)).one()
        assert (hearing.opens_on, hearing.noticed_opens_on) == (date(2021, 5, 7), date(2021, 5, 7))
        assert s.exec(select(Election.stage)).one() is Stage.HO_REPORT_ISSUED
        entry = s.exec(select(DocketEntry).where(DocketEntry.act == "correct-hearing")).one()
        assert entry.recorded_by.startswith("operator:")  # who recorded the correction
    [again] = [d for d in done.documents if d.kind == "hearing-officer-report"]
    assert again.path != paper.path and again.path.endswith("_v2.pdf")
    assert unchanged_by_retry(_fix(opened_on="2021-05-07")).entry_id == done.entry_id


def test_refusals_store_nothing(configured_db: Path) -> None:
    """Nothing to correct, an opening before the notice, and an opening of a hearing not yet opened are refused;
    nothing stored (database and output folder compared)."""
    carry("notice-hearing")
    assert "has not opened" in str(refused(_fix(opened_on="2021-05-06"), IllegalTransition))
    _opened_early()
    refused(_fix(opened_on="2021-05-05"), BadInput)
    refused(_fix(opened_on="2021-04-23"), OutOfOrder)
    refused(_fix(noticed_opens_on="2021-04-20"), OutOfOrder)


def test_a_refusal_after_the_documents_were_issued_stores_nothing(configured_db: Path) -> None:
    """With the Hearing Officer's Report issued (its PDF in the output folder, a document the opening's date
    changes): an opening before the notice, and the opening it already has, refused; every table and the output
    folder as they were."""
    _opened_early()
    perform(event("ho-report"), documents="issue")
    assert refused(_fix(opened_on="2021-04-23"), OutOfOrder).field == "opened_on"
    assert refused(_fix(opened_on="2021-05-05"), BadInput).field == "opened_on"


def test_the_noticed_date_of_a_hearing_not_opened(configured_db: Path) -> None:
    """Before the opening, the notice's date corrected moves the date the hearing is set to open with it."""
    carry("notice-hearing")
    done = perform(_fix(date="2021-04-27", noticed_opens_on="2021-05-10"))
    assert done.summary.startswith("Hearing of election 1 corrected: the date the Notice of Hearing set 2021-05-07 → "
                                   "2021-05-10; set to open on 2021-05-07 → 2021-05-10. Why: ")
    with read_session() as s:
        assert s.exec(select(Hearing.opens_on, Hearing.noticed_opens_on)).one() == (date(2021, 5, 10), date(2021, 5, 10))


def test_the_command(configured_db: Path) -> None:
    """`casefile correct hearing CASE --opened-on DATE --why REASON`."""
    _opened_early()
    ran = casefile("correct", "hearing", "10-RC-269250", "--opened-on", "2021-05-07", "--why", WHY, "--on",
                   "2021-05-10", "--as-of", "2021-05-10T12:00:00-04:00")
    assert ran.exit_code == 0, ran.stderr
    assert ran.stdout.startswith("10-RC-269250: ") and "(correction:" not in ran.stdout
    with read_session() as s:
        assert s.exec(select(Hearing.opens_on)).one() == date(2021, 5, 7)
        assert [e.act for e in s.exec(select(DocketEntry).order_by(col(DocketEntry.id)))][-1] == "correct-hearing"
