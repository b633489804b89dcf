"""An order fixing or extending a deadline: which periods, the cut-off, the status after it."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from casefile.errors import ProcedureError
from casefile.rules.extensions import check_extendable, cutoff_of_fixed_date, missing_request_warning, status_after_order
from casefile.vocab import DeadlineKind, DeadlineStatus


class TestExtensions:
    @pytest.mark.parametrize("kind", [DeadlineKind.OBJECTIONS, DeadlineKind.REVISED_TALLY_OBJECTIONS])
    def test_objection_periods_cannot_be_extended(self, kind: DeadlineKind) -> None:
        """R-G6: refused, naming the rule."""
        with pytest.raises(ProcedureError, match=r"cannot be extended or fixed by an order \(29 CFR 102.69\(a\)\(8\)\)"):
            check_extendable(kind)

    @pytest.mark.parametrize("kind", [DeadlineKind.OFFER_OF_PROOF, DeadlineKind.EXCEPTIONS,
                                      DeadlineKind.REQUEST_FOR_REVIEW, DeadlineKind.ANSWERING_BRIEF])
    def test_other_periods_can(self, kind: DeadlineKind) -> None:
        """R-G5, 102.2(c): an offer of proof, exceptions, a request for review or a brief may be extended."""
        check_extendable(kind)

    def test_cutoff_in_the_office_zone(self) -> None:
        """Bessemer's offer of proof fixed to 2021-04-23: 11:59:59 p.m. Eastern; at Birmingham (Central) an hour later in UTC."""
        assert cutoff_of_fixed_date(DeadlineKind.OFFER_OF_PROOF, date(2021, 4, 23), office_tz="America/New_York") == \
            datetime.fromisoformat("2021-04-23T23:59:59-04:00")
        assert cutoff_of_fixed_date(DeadlineKind.EXCEPTIONS, date(2021, 4, 23), office_tz="America/Chicago") == \
            datetime.fromisoformat("2021-04-23T23:59:59-05:00")
        assert cutoff_of_fixed_date(DeadlineKind.NOTICE_POSTING, date(2021, 4, 23), office_tz="America/New_York") == \
            datetime.fromisoformat("2021-04-23T00:01:00-04:00")

    @pytest.mark.parametrize(
        ("status", "new_due", "after"),
        [
            (DeadlineStatus.LAPSED, date(2021, 4, 23), DeadlineStatus.OPEN),
            (DeadlineStatus.LAPSED, date(2021, 4, 15), DeadlineStatus.LAPSED),
            (DeadlineStatus.MET, date(2021, 4, 23), DeadlineStatus.MET),
            (DeadlineStatus.OPEN, date(2021, 4, 23), DeadlineStatus.OPEN),
        ],
        ids=["lapsed-extended-runs-again", "lapsed-shortened-stays", "met-stays", "open-stays"],
    )
    def test_status_after_order(self, status: DeadlineStatus, new_due: date, after: DeadlineStatus) -> None:
        """From a due date of 2021-04-16."""
        assert status_after_order(status, old_due_on=date(2021, 4, 16), new_due_on=new_due) is after

    def test_mooted_is_refused(self) -> None:
        """A mooted period has nothing left to govern."""
        with pytest.raises(ProcedureError, match="mooted"):
            status_after_order(DeadlineStatus.MOOTED, old_due_on=date(2021, 4, 16), new_due_on=date(2021, 4, 23))


class TestMissingRequest:
    """102.69(a)(8) (offer of proof "upon request of a party showing good cause"), 102.2(d) (late filing on a motion
    showing excusable neglect): an order with no request on record warns; the Region's dates never do."""

    @pytest.mark.parametrize(("kind", "recorded", "ordered_on", "status", "warns"), [
        (DeadlineKind.OFFER_OF_PROOF, False, date(2021, 4, 14), DeadlineStatus.OPEN, "102.69(a)(8)"),
        (DeadlineKind.OFFER_OF_PROOF, True, date(2021, 4, 20), DeadlineStatus.LAPSED, None),
        (DeadlineKind.EXCEPTIONS, False, date(2021, 4, 14), DeadlineStatus.OPEN, None),  # the RD "may allow"
        (DeadlineKind.EXCEPTIONS, False, date(2021, 4, 20), DeadlineStatus.LAPSED, "102.2(d)"),
        (DeadlineKind.HEARING_OPENS, False, date(2021, 4, 20), DeadlineStatus.OPEN, None),
    ])
    def test_warning(self, kind: DeadlineKind, recorded: bool, ordered_on: date, status: DeadlineStatus,
                     warns: str | None) -> None:
        warning = missing_request_warning(kind, request_recorded=recorded, old_due_on=date(2021, 4, 16),
                                          ordered_on=ordered_on, old_status=status)
        assert (warning is None) if warns is None else (warning is not None and warns in warning)
