"""Which certification an outcome calls for, and its earliest date (R-H1, R-H2, R-Q1, R-Q2)."""

from __future__ import annotations

from datetime import date

import pytest

from casefile.errors import Internal, ProcedureError
from casefile.rules.certification import CertificationOf, ObjectionPeriod, certification_of, check_certification_date
from casefile.vocab import OutcomeKind


class TestCertificationOf:
    def test_rep_certifies_the_stored_winner(self) -> None:
        """REP with Workers United as winner → Certification of Representative of Workers United."""
        assert certification_of(OutcomeKind.REP, "Workers United") == CertificationOf(
            "representative", "Workers United", "Certification of Representative")

    def test_results(self) -> None:
        """RESULTS (stored as its value) → Certification of Results, no union."""
        assert certification_of("RESULTS", None) == CertificationOf("results", None, "Certification of Results")

    @pytest.mark.parametrize("outcome", [OutcomeKind.RUNOFF, OutcomeKind.NULLITY_RERUN, OutcomeKind.PENDING])
    def test_no_certification_on_other_outcomes(self, outcome: OutcomeKind) -> None:
        """A runoff, a nullity rerun or a pending outcome certifies nothing; the refusal names the outcome."""
        with pytest.raises(ProcedureError, match=r"the tally's outcome is Runoff: A v\. B"):
            certification_of(outcome, None, described="Runoff: A v. B")

    def test_rep_without_winner_is_internal(self) -> None:
        """A REP outcome without its winner is a record casefile cannot certify from (no guessing by vote counts)."""
        with pytest.raises(Internal):
            certification_of(OutcomeKind.REP, None)


class TestCertificationDate:
    """29 CFR 102.69(b): the certification issues after the time for objections (102.69(a); a revised tally's,
    102.69(e)) has passed; Bessemer's objections were due Fri 2021-04-16, the next business day Mon 2021-04-19."""

    BESSEMER = ObjectionPeriod(date(2021, 4, 16), date(2021, 4, 19))

    def test_on_the_last_day_of_the_objection_period(self) -> None:
        """Dated Fri 2021-04-16, the last day: refused, naming the day and the first one allowed, Mon 2021-04-19."""
        with pytest.raises(ProcedureError) as caught:
            check_certification_date(date(2021, 4, 16), [self.BESSEMER])
        assert str(caught.value) == (
            "the certification's date, April 16, 2021, is the last day of the objection period, which closes at the end "
            "of that day (29 CFR 102.69(a)): a certification issues only after the time for objections has passed "
            "(102.69(b)); date it on or after Monday, April 19, 2021, the next business day")
        assert caught.value.field == "date"

    def test_before_the_objection_period_closes(self) -> None:
        """Dated Mon 2021-04-12, within the period: refused as before its close on April 16, 2021."""
        with pytest.raises(ProcedureError) as caught:
            check_certification_date(date(2021, 4, 12), [self.BESSEMER])
        assert str(caught.value).startswith(
            "the certification's date, April 12, 2021, is before the objection period closes on April 16, 2021 "
            "(29 CFR 102.69(a)): ")

    def test_the_revised_tallys_period_closes_last(self) -> None:
        """Genesee: the tally's period closed 2021-12-16, the revised tally of 2022-01-10 opened one to Tue 2022-01-18;
        dated 2022-01-12, the later period is named, with Wednesday, January 19, 2022."""
        periods = [ObjectionPeriod(date(2021, 12, 16), date(2021, 12, 17)),
                   ObjectionPeriod(date(2022, 1, 18), date(2022, 1, 19), revised_on=date(2022, 1, 10))]
        with pytest.raises(ProcedureError) as caught:
            check_certification_date(date(2022, 1, 12), periods)
        assert str(caught.value) == (
            "the certification's date, January 12, 2022, is before the objection period on the revised tally of January "
            "10, 2022 closes on January 18, 2022 (29 CFR 102.69(e)): a certification issues only after the time for "
            "objections has passed (102.69(b)); date it on or after Wednesday, January 19, 2022, the next business day")
        check_certification_date(date(2022, 1, 19), periods)

    def test_after_the_period(self) -> None:
        """The day after the last day, and without an objection period in the record: nothing to wait for."""
        check_certification_date(date(2021, 4, 17), [self.BESSEMER])
        check_certification_date(date(2021, 4, 9), [])


class TestCertificationStands:
    def test_names_the_certification_issued_and_its_date(self) -> None:
        """After a remand the certification of RWDSU issued 2021-04-16 stands; no second one issues."""
        from casefile.rules.certification import certification_stands
        from casefile.vocab import CertificationKind

        assert certification_stands(CertificationKind.REPRESENTATIVE, "RWDSU", date(2021, 4, 16)) == (
            "Supplemental decision: the Certification of Representative of RWDSU issued April 16, 2021 stands; "
            "no new certification issues (29 CFR 102.67(j), 102.69(c)(2))")
        assert certification_stands(CertificationKind.RESULTS, None, date(2021, 4, 16)).startswith(
            "Supplemental decision: the Certification of Results issued April 16, 2021 stands")
