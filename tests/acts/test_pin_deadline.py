"""pin-deadline: an order fixing or extending a deadline's date, on the Bessemer case (10-RC-269250,
tally of 2021-04-09: objections and offer of proof due Friday 2021-04-16 at the Atlanta office).

The orders here are hypothetical (the public record of Bessemer has none): the Regional
Director extending the offer of proof to Friday 2021-04-23 (R-G5), before and after the date.
"""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

import pytest
from sqlmodel import select
from typer.testing import CliRunner

from casefile.errors import BadInput, ProcedureError, UnknownRecord
from casefile.record.db import read_session
from casefile.record.models import Deadline, DocketEntry
from casefile.record.orders import AgencyOrder
from casefile.record.refs import RecordTable
from casefile.vocab import Actor, DeadlineKind, DeadlineStatus
from tests.acts.procedure import NUMBER, act, carry, case_id, perform, refused, unchanged_by_retry

ORDER = "RD order of 2021-04-14 extending the time to file the offer of proof (hypothetical)"
CUTOFF_23 = datetime.fromisoformat("2021-04-23T23:59:59-04:00")


def deadline(kind: DeadlineKind) -> Deadline:
    with read_session() as s:
        return s.exec(select(Deadline).where(Deadline.kind == kind)).one()


def pin(kind: DeadlineKind, *, on: date = date(2021, 4, 14), due: date = date(2021, 4, 23), order: str = ORDER):  # type: ignore[no-untyped-def]
    return act({"act": "pin-deadline", "date": on, "deadline": deadline(kind).id, "due": due, "order": order})


@pytest.fixture
def tallied(configured_db: Path) -> Path:
    carry("tally-2021")
    return configured_db


class TestPinDeadline:
    def test_extends_an_open_deadline_before_its_date(self, tallied: Path) -> None:
        """An order of 2021-04-14 moves the offer of proof from 04-16 to 04-23, cut-off 11:59:59 p.m. Eastern, docketed old → new."""
        result = perform(pin(DeadlineKind.OFFER_OF_PROOF))
        d = deadline(DeadlineKind.OFFER_OF_PROOF)
        assert (d.due_on, d.cutoff_at, d.status, d.pinned_by) == (date(2021, 4, 23), CUTOFF_23, DeadlineStatus.OPEN,
                                                                  ORDER)
        assert d.derivation[-1] == (f"date fixed by order: {ORDER} → due Fri 2021-04-23, cut-off "
                                    "11:59 p.m. EDT (2021-04-23T23:59:59-04:00)")
        assert result.summary == (f"offer of proof (objecting party) due April 16, 2021 → April 23, 2021 (cut-off "
                                  f"11:59 p.m. EDT) by order: {ORDER}")
        with read_session() as s:
            entry = s.exec(select(DocketEntry).where(DocketEntry.act == "pin-deadline")).one()
            assert entry.ref is not None and entry.ref.table is RecordTable.ORDER
            order = s.get(AgencyOrder, entry.ref.id)  # the order stored, for its document
            assert order is not None
            assert (order.kind, order.issued_on, order.body["deadline_id"], order.body["from_due_on"],
                    order.body["to_due_on"], order.body["order"]) == ("extension", date(2021, 4, 14), d.id, "2021-04-16",
                                                                       "2021-04-23", ORDER)
        assert (entry.occurred_on, entry.actor) == (date(2021, 4, 14), Actor.REGIONAL_DIRECTOR)

    def test_reopens_a_lapsed_deadline_extended_after_its_date(self, tallied: Path) -> None:
        """Granted on 2021-04-20, after the 04-16 cut-off (lapsed, nothing filed): the period runs again to 04-23, then lapses."""
        order = "RD order of 2021-04-20 extending the time to file the offer of proof (hypothetical)"
        result = perform(pin(DeadlineKind.OFFER_OF_PROOF, on=date(2021, 4, 20), order=order))
        assert result.summary.endswith(f"by order: {order}; the lapsed period runs again")
        d = deadline(DeadlineKind.OFFER_OF_PROOF)
        assert (d.due_on, d.status, d.closed_at) == (date(2021, 4, 23), DeadlineStatus.OPEN, None)
        from casefile import app

        app.sweep_case(case_id(), as_of=datetime.fromisoformat("2021-04-24T00:00:00-04:00"))
        assert deadline(DeadlineKind.OFFER_OF_PROOF).status is DeadlineStatus.LAPSED

    def test_reopening_with_no_request_on_record_warns(self, tallied: Path) -> None:
        """29 CFR 102.69(a)(8): the RD extends the offer of proof "upon request of a party showing good cause". Reopening
        the lapsed period with no request recorded is stored (the order is a fact) but warns, naming the rule."""
        order = "RD order of 2021-04-20 extending the time to file the offer of proof (hypothetical)"
        result = perform(pin(DeadlineKind.OFFER_OF_PROOF, on=date(2021, 4, 20), order=order))
        assert len(result.warnings) == 1
        assert "no request for an extension of the offer of proof is recorded" in result.warnings[0]
        assert "upon request of a party showing good cause" in result.warnings[0] and "102.69(a)(8)" in result.warnings[0]

    def test_no_warning_when_the_request_is_recorded(self, configured_db: Path) -> None:
        """RWDSU's request of 2021-04-15 (hypothetical) is on record: the order granting it warns of nothing."""
        carry("objections-2021")
        perform(act({"act": "request-extension", "date": date(2021, 4, 15), "party": "rwdsu", "kind": "offer-of-proof",
                     "until": date(2021, 4, 23), "reasons": "Witnesses unavailable until next week (hypothetical)"}))
        result = perform(pin(DeadlineKind.OFFER_OF_PROOF, on=date(2021, 4, 16)))
        assert list(result.warnings) == []

    def test_a_met_deadline_stays_met(self, configured_db: Path) -> None:
        """RWDSU filed its offer of proof on 2021-04-16: an extension ordered on 04-20 changes the date, not 'met'."""
        carry("objections-2021")
        perform(pin(DeadlineKind.OFFER_OF_PROOF, on=date(2021, 4, 20)))
        d = deadline(DeadlineKind.OFFER_OF_PROOF)
        assert (d.due_on, d.status) == (date(2021, 4, 23), DeadlineStatus.MET)

    def test_retry_stores_nothing(self, tallied: Path) -> None:
        """The same order recorded again is found."""
        first = perform(pin(DeadlineKind.OFFER_OF_PROOF))
        assert unchanged_by_retry(pin(DeadlineKind.OFFER_OF_PROOF)).entry_id == first.entry_id

    def test_a_recompute_leaves_the_pinned_date(self, tallied: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """A closure on 2021-04-14 moves the open objections deadline to 04-19; the offer of proof fixed by order stays 04-23."""
        from casefile.cli.app import app as cli
        from casefile.settings import get_settings

        perform(pin(DeadlineKind.OFFER_OF_PROOF))
        monkeypatch.setenv("CASEFILE_EXTRA_CLOSURES", "2021-04-14")
        get_settings.cache_clear()
        outcome = CliRunner().invoke(cli, ["deadlines", "recompute", "--case", NUMBER,
                                           "--as-of", "2021-04-15T09:00:00-04:00"])
        assert outcome.exit_code == 0, outcome.output
        assert deadline(DeadlineKind.OBJECTIONS).due_on == date(2021, 4, 19)
        d = deadline(DeadlineKind.OFFER_OF_PROOF)
        assert (d.due_on, d.cutoff_at, d.pinned_by) == (date(2021, 4, 23), CUTOFF_23, ORDER)

    def test_objections_period_cannot_be_extended(self, tallied: Path) -> None:
        """The objections period is refused (102.69(a)(8); R-G6), and nothing is stored."""
        error = refused(pin(DeadlineKind.OBJECTIONS), ProcedureError)
        assert str(error) == "the period for objections cannot be extended or fixed by an order (29 CFR 102.69(a)(8))"
        assert error.field == "deadline"  # type: ignore[attr-defined]

    def test_mooted_deadline_is_refused(self, configured_db: Path) -> None:
        """Objections filed moot the earliest certification date: no order fixes it."""
        carry("objections-2021")
        error = refused(pin(DeadlineKind.EARLIEST_CERTIFICATION, on=date(2021, 4, 20)), ProcedureError)
        assert str(error).startswith("the deadline is mooted")

    def test_due_before_the_period_starts_is_refused(self, tallied: Path) -> None:
        """An offer of proof due 2021-04-08, before the tally of 04-09 started the period, is refused."""
        error = refused(pin(DeadlineKind.OFFER_OF_PROOF, due=date(2021, 4, 8)), BadInput)
        assert error.field == "due"  # type: ignore[attr-defined]

    def test_unknown_deadline_is_refused(self, tallied: Path) -> None:
        """A deadline id the case does not have is refused, naming the case."""
        error = refused(act({"act": "pin-deadline", "date": date(2021, 4, 14), "deadline": 999, "due": date(2021, 4, 23),
                             "order": ORDER}), UnknownRecord)
        assert str(error) == f"{NUMBER} has no deadline 999 (see `casefile deadlines --case {NUMBER}`)"


class TestWhatAnOrderFixingADateWarnsOf:
    """The order is a fact, stored all the same; it warns (the new user's re-trial) when it moves a period earlier —
    the Board's rules extend time (29 CFR 102.2(c)) — and when it fixes a day the Agency is closed, which 102.2(a)
    would carry to the next business day."""

    def test_an_earlier_date_warns(self, tallied: Path) -> None:
        result = perform(pin(DeadlineKind.OFFER_OF_PROOF, due=date(2021, 4, 15)))
        assert ("the order moves the offer of proof earlier, from Friday, April 16, 2021 to Thursday, April 15, 2021: "
                "the Board's rules extend time (29 CFR 102.2(c)); check the order") in result.warnings

    def test_a_holiday_warns(self, tallied: Path) -> None:
        """Memorial Day, Monday, May 31, 2021."""
        result = perform(pin(DeadlineKind.OFFER_OF_PROOF, due=date(2021, 5, 31)))
        assert any(w.startswith("the date fixed, Monday, May 31, 2021, is not a business day at the receiving office "
                                "(Memorial Day)") for w in result.warnings), result.warnings
        assert not any("earlier" in w for w in result.warnings)

    def test_a_business_day_later_warns_of_neither(self, tallied: Path) -> None:
        result = perform(pin(DeadlineKind.OFFER_OF_PROOF))
        assert not any("earlier" in w or "not a business day" in w for w in result.warnings)
