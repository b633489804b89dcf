"""What a hearing may hear and the order of its dates (R-I2, R-J1)."""

from __future__ import annotations

from datetime import date

import pytest

from casefile.errors import NotAllowedNow, ProcedureError
from casefile.rules.hearing import check_after, check_matters_for_hearing


class TestMattersForHearing:
    def test_objections_alone(self) -> None:
        """23 objections and no challenges: a hearing."""
        check_matters_for_hearing(objections=23, challenges=False, determinative=False)

    def test_determinative_challenges_alone(self) -> None:
        """No objections but 416 determinative challenges (Bessemer 2022): a hearing."""
        check_matters_for_hearing(objections=0, challenges=True, determinative=True)

    def test_challenges_not_determinative(self) -> None:
        """505 challenges that cannot affect the result (Bessemer 2021) are not heard."""
        with pytest.raises(ProcedureError, match="only when they are determinative") as caught:
            check_matters_for_hearing(objections=23, challenges=True, determinative=False)
        assert caught.value.field == "challenges"

    def test_nothing_to_hear(self) -> None:
        """No objections and no challenges: no hearing."""
        with pytest.raises(ProcedureError, match="needs objections or determinative challenged ballots"):
            check_matters_for_hearing(objections=0, challenges=False, determinative=True)


class TestDates:
    def test_same_day_is_allowed_and_earlier_refused(self) -> None:
        """Opening on the notice's day is allowed; the day before is refused naming both dates."""
        check_after(date(2024, 4, 25), date(2024, 4, 25), what="the opening", after_what="the order")
        with pytest.raises(NotAllowedNow, match=r"dated 2024-04-24, before the order \(2024-04-25\)"):
            check_after(date(2024, 4, 24), date(2024, 4, 25), what="the opening", after_what="the order")
