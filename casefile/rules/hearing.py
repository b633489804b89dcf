"""What a post-election hearing may hear, and the order of its dates (R-I2, R-I4, R-J1, R-J5)."""

from __future__ import annotations

from datetime import date

from casefile.errors import NotAllowedNow, ProcedureError

__all__ = ["check_after", "check_matters_for_hearing"]


def check_matters_for_hearing(*, objections: int, challenges: bool, determinative: bool) -> None:
    """Refuse a notice of hearing (or a consolidation order) that sets nothing to hear.

    ``objections``: how many objections it sets for hearing; ``challenges``: whether it sets the
    challenged ballots; ``determinative``: whether the latest tally's challenges are sufficient in
    number to affect the results. Challenged ballots are heard only when determinative; a hearing
    needs objections or determinative challenged ballots. Raises ProcedureError (field
    ``challenges`` or ``objections``).
    Authority: 29 CFR 102.69(c)(1)(ii); rules.md R-E2, R-I2, R-I4.
    """
    if challenges and not determinative:
        raise ProcedureError("challenged ballots can be set for hearing only when they are determinative (R-E2, R-I2)",
                             field="challenges")
    if objections == 0 and not challenges:
        raise ProcedureError("a hearing needs objections or determinative challenged ballots to hear (R-I2)",
                             field="objections")


def check_after(later: date, earlier: date | None, *, what: str, after_what: str, field: str = "date") -> None:
    """Refuse an act of the hearing dated before the act it follows (a hearing cannot open
    before it is noticed, close before it opens, or be reported on before it opens).
    Raises NotAllowedNow naming both dates. Authority: 29 CFR 102.69(c)(1)(ii)-(iii); rules.md R-J1, R-J5.
    """
    if earlier is not None and later < earlier:
        raise NotAllowedNow(f"{what} is dated {later.isoformat()}, before {after_what} ({earlier.isoformat()})",
                            field=field)
