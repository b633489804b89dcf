"""Which certification an outcome calls for, and its earliest date (R-H1, R-H2, R-Q1, R-Q2)."""

from __future__ import annotations

from datetime import date

import pytest

from casefile.errors import Internal, ProcedureError
from casefile.rules.certification import CertificationOf, certification_of, check_certification_date
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
    def test_not_while_objections_may_be_filed(self) -> None:
        """Objections due 2021-04-16: a certification that day is refused; the next business day is allowed."""
        with pytest.raises(ProcedureError, match="objections are due 2021-04-16"):
            check_certification_date(date(2021, 4, 16), date(2021, 4, 16))
        check_certification_date(date(2021, 4, 19), date(2021, 4, 16))

    def test_no_objection_period_recorded(self) -> None:
        """Without an objection period in the record there is nothing to wait for."""
        check_certification_date(date(2021, 4, 9), None)


class TestCertificationStands:
    def test_names_the_certification_issued_and_its_date(self) -> None:
        """After a remand the certification of RWDSU issued 2021-04-16 stands; no second one issues."""
        from casefile.rules.certification import certification_stands
        from casefile.vocab import CertificationKind

        assert certification_stands(CertificationKind.REPRESENTATIVE, "RWDSU", date(2021, 4, 16)) == (
            "Supplemental decision: the Certification of Representative of RWDSU issued 2021-04-16 stands; "
            "no new certification issues (29 CFR 102.67(j), 102.69(c)(2))")
        assert certification_stands(CertificationKind.RESULTS, None, date(2021, 4, 16)).startswith(
            "Supplemental decision: the Certification of Results issued 2021-04-16 stands")
