"""Who may vote in a second (third ...) election directed after an election is set aside (R-O4).

Board practice for a rerun: eligible are the employees in the unit employed during the payroll period
ending immediately before the date of the Notice of Second Election, not the date of the decision that
directs it and not the original election's eligibility date (the standard direction of second election
in Board decisions: "Eligible to vote are those employed during the payroll period ending immediately
before the date of the Notice of Second Election, including employees who did not work during that
period because they were ill, on vacation, or temporarily laid off"; NLRB Casehandling Manual (Part
Two) Representation Proceedings, reruns, about Sec. 11452 [section number unverified]). Where
/work/shared/domain/rules.md R-O4 was marked [U], this source wins.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["RERUN_ELIGIBILITY_SOURCE", "RerunEligibility", "rerun_eligibility"]

RERUN_ELIGIBILITY_SOURCE = ("Board decisions directing a second election; NLRB Casehandling Manual (Part Two) "
                            "Representation Proceedings, reruns (about Sec. 11452)")


@dataclass(frozen=True)
class RerunEligibility:
    """The eligibility cutoff of a rerun: ``notice_title`` the notice whose date ends the payroll
    period ("Notice of Second Election", "Notice of Third Election"); ``source`` the authority."""

    notice_title: str
    source: str = RERUN_ELIGIBILITY_SOURCE

    @property
    def cutoff(self) -> str:
        """The words the direction uses: "the date of the Notice of Second Election"."""
        return f"the date of the {self.notice_title}"


def rerun_eligibility(next_ordinal: str) -> RerunEligibility:
    """The eligibility cutoff of the election directed, by its place in the chain (R-O2, R-O4).

    Args:
        next_ordinal: the election directed, lower case ordinal ("second", "third").
    Returns:
        RerunEligibility naming the Notice of that election, whose date (not the directing
        decision's) ends the eligibility payroll period.
    Raises:
        ValueError: ``next_ordinal`` is empty or "first" (a first election is not a rerun).
    """
    word = next_ordinal.strip().lower()
    if not word or word == "first":
        raise ValueError(f"a rerun is a second or later election, not {next_ordinal!r}")
    return RerunEligibility(notice_title=f"Notice of {word.capitalize()} Election")
