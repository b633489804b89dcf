"""An order fixing or extending a date (pin-deadline) is honored by every filing it governs, each judged
through the deadline the record holds: the offer of proof (test_file_offer_of_proof), exceptions,
answering briefs, cross-exceptions, motions for reconsideration (Bessemer, 10-RC-269250: report
2021-08-02, decision 2021-11-29), requests for review and oppositions (Amazon JFK8, 29-RC-288020:
certification 2023-01-11, request due Thu 2023-01-26 at the Board). The extension orders and the
filings are hypothetical (the public records show none); the dates they extend are the real ones."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import select

from casefile.errors import UntimelyFiling
from casefile.record.db import read_session
from casefile.record.models import Deadline, DocketEntry
from casefile.vocab import Actor, DeadlineKind
from tests.acts import procedure as bessemer
from tests.acts.real_histories import jfk8_through

EXCEPTIONS = [{"excepted_to": "The recommendation that the election be set aside", "grounds": "Hypothetical grounds"}]


@dataclass(frozen=True)
class Governed:
    """A filing governed by a stored deadline: how to set the case up, the period, its real due date,
    the date an order extends it to, and the filing (received between the two)."""

    name: str
    setup: Callable[[], Any]
    kind: DeadlineKind
    due: date
    extended_to: date
    filing: dict[str, Any]


def _bessemer_report() -> Any:
    bessemer.carry("ho-report")
    return bessemer


def _bessemer_excepted() -> Any:
    _bessemer_report()
    bessemer.perform(bessemer.act({"act": "file-exceptions", "date": date(2021, 8, 16), "party": "amazon",
                                   "exceptions": EXCEPTIONS}))
    return bessemer


def _bessemer_decided() -> Any:
    bessemer.carry("rd-decision")
    return bessemer


class _Jfk8:
    """The JFK8 case through its certification, with Amazon's request filed when ``requested``."""

    def __init__(self, requested: bool = False) -> None:
        self.case = jfk8_through("certification")
        if requested:
            self.case.perform(self.case.act({"act": "request-for-review", "date": date(2023, 1, 26), "party": "amazon",
                                             "grounds": ["Hypothetical ground"]}))

    def act(self, data: dict[str, Any]) -> Any:
        return self.case.act(data)

    def perform(self, act: Any, **kw: Any) -> Any:
        return self.case.perform(act, **kw)

    def refused(self, act: Any, error: type[Exception]) -> Exception:
        return self.case.refused(act, error)


CASES = [
    Governed("exceptions", _bessemer_report, DeadlineKind.EXCEPTIONS, date(2021, 8, 16), date(2021, 8, 30),
             {"act": "file-exceptions", "date": date(2021, 8, 25), "party": "amazon", "exceptions": EXCEPTIONS}),
    Governed("answering-brief", _bessemer_excepted, DeadlineKind.ANSWERING_BRIEF, date(2021, 8, 23), date(2021, 9, 3),
             {"act": "file-answering-brief", "date": date(2021, 9, 1), "party": "rwdsu", "points": ["Hypothetical point"]}),
    Governed("cross-exceptions", _bessemer_excepted, DeadlineKind.ANSWERING_BRIEF, date(2021, 8, 23), date(2021, 9, 3),
             {"act": "file-cross-exceptions", "date": date(2021, 9, 1), "party": "rwdsu", "exceptions": EXCEPTIONS}),
    Governed("reconsideration", _bessemer_decided, DeadlineKind.RECONSIDERATION, date(2021, 12, 13), date(2021, 12, 20),
             {"act": "move-for-reconsideration", "date": date(2021, 12, 17), "party": "amazon",
              "grounds": ["Hypothetical ground"]}),
    Governed("request-for-review", _Jfk8, DeadlineKind.REQUEST_FOR_REVIEW, date(2023, 1, 26), date(2023, 2, 9),
             {"act": "request-for-review", "date": date(2023, 2, 8), "party": "amazon", "grounds": ["Hypothetical ground"]}),
    Governed("rfr-opposition", lambda: _Jfk8(requested=True), DeadlineKind.RFR_OPPOSITION, date(2023, 2, 2),
             date(2023, 2, 16), {"act": "oppose-review", "date": date(2023, 2, 15), "party": "alu",
                                 "points": ["Hypothetical point"]}),
]


def _stored(kind: DeadlineKind) -> Deadline:
    with read_session() as s:
        return s.exec(select(Deadline).where(Deadline.kind == kind).order_by(Deadline.id.desc())).first()  # type: ignore[union-attr]


@pytest.mark.parametrize("governed", CASES, ids=lambda g: g.name)
def test_a_filing_after_the_real_date_is_late_without_the_order(configured_db: Path, governed: Governed) -> None:
    """The stored deadline is the real one; a filing after it is refused (nothing stored)."""
    case = governed.setup()
    assert _stored(governed.kind).due_on == governed.due
    case.refused(case.act(governed.filing), UntimelyFiling)


@pytest.mark.parametrize("governed", CASES, ids=lambda g: g.name)
def test_the_order_extending_the_date_is_honoured(configured_db: Path, governed: Governed) -> None:
    """An order of the day before the real due date extends it; the same filing is then accepted, judged against the
    date the order fixed (its timeliness note names the order)."""
    case = governed.setup()
    order = f"order extending the time for the {governed.name} (hypothetical)"
    case.perform(case.act({"act": "pin-deadline", "date": governed.due, "kind": governed.kind.value,
                           "due": governed.extended_to, "order": order}))
    result = case.perform(case.act(governed.filing))
    assert not result.repeated
    from casefile.record.models import Filing

    with read_session() as s:
        filing = s.get(Filing, int(result.ref.partition(":")[2]))
        assert filing is not None
        assert f"due {governed.extended_to:%a} {governed.extended_to.isoformat()}" in filing.timeliness_note
        assert order in filing.timeliness_note


def test_an_order_on_a_board_period_is_the_boards(configured_db: Path) -> None:
    """The request-for-review period is received by the Board: the order extending it is docketed as the Board's, and the
    new cut-off is 11:59 p.m. Eastern at the Board's office, whatever the case's office (Phoenix)."""
    case = _Jfk8()
    case.perform(case.act({"act": "pin-deadline", "date": date(2023, 1, 25), "kind": "request-for-review",
                           "due": date(2023, 2, 9), "order": "Board order extending the time (hypothetical)"}))
    d = _stored(DeadlineKind.REQUEST_FOR_REVIEW)
    assert (d.office_key, d.cutoff_at.isoformat()) == ("board", "2023-02-10T04:59:59+00:00")
    with read_session() as s:
        entry = s.exec(select(DocketEntry).where(DocketEntry.act == "pin-deadline", DocketEntry.occurred_on == date(2023, 1, 25))).one()
    assert entry.actor is Actor.BOARD
