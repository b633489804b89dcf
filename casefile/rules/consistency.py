"""A report or decision on objections must agree with itself (R-J5, R-K4, R-O1, R-O3).

The hearing officer's report, the Regional Director's decision and the Administrative Law Judge's
decision each state a result (set the election aside and direct a second election, or overrule the
objections) and, where the record gives them, a ruling on each objection. The election is set aside
only on objections sustained — conduct that reasonably tended to interfere with the employees' free
choice (R-O1); an objection sustained is one found to warrant setting the election aside, so a
result that overrules the objections sustains none. The party whose conduct caused a set-aside is
named in the Lufkin paragraph of the notice of the second election (The Lufkin Rule Co., 147 NLRB 341 (1964)): there is no party at
fault, and no second election directed on a condition (R-M2), when the objections are overruled.

Where the rulings the record gives are partial (a decision whose rulings on some objections are not
public), a set-aside may rest on an objection not listed: it is refused only when the rulings given
sustain none and no other objection is still before the decision-maker.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from casefile.errors import InconsistentDecision
from casefile.vocab import DecisionKind, DecisionResult

__all__ = ["RulingGiven", "inconsistency"]

_SUBJECT: dict[DecisionKind, tuple[str, str, str]] = {
    DecisionKind.HO_REPORT: ("the hearing officer's report", "recommends setting the election aside",
                  "recommends overruling the objections"),
    DecisionKind.RD_DECISION: ("the Regional Director's decision", "sets the election aside", "overrules the objections"),
    DecisionKind.ALJ_DECISION: ("the Administrative Law Judge's decision", "recommends setting the election aside",
                                "recommends overruling the objections"),
}


@dataclass(frozen=True)
class RulingGiven:
    """One ruling as the act gives it: the objecting party's handle and name, the objection's number,
    and the ruling ("sustained", "overruled", "withdrawn", "moot")."""

    party: str
    party_name: str
    number: int
    ruling: str


def inconsistency(kind: DecisionKind, *, result: DecisionResult, rulings: Sequence[RulingGiven], at_fault: str | None = None,
                  condition: str | None = None, undecided_not_ruled: int = 0,
                  undecided_before_alj: int = 0) -> InconsistentDecision | None:
    """The refusal of a report or decision of ``kind`` that contradicts itself, or None.

    ``kind`` the report or decision (a hearing officer's, a Regional Director's or an Administrative Law
    Judge's); ``result`` DecisionResult.SET_ASIDE or .OVERRULE; ``rulings`` the rulings it gives (possibly none: not in the
    record); ``at_fault`` the handle of the party it names at fault; ``condition`` a condition on the
    second election; ``undecided_not_ruled`` how many of the election's objections are still undecided
    (pending or set for hearing) and not ruled on by it; ``undecided_before_alj`` how many of those
    were set for a hearing consolidated before an Administrative Law Judge.

    Refused (InconsistentDecision, code ``inconsistent-decision``):
    - an overruling that directs a second election on a condition (``condition``), names a party at
      fault (``at_fault``) or sustains an objection (``rulings.<party>.<number>``), in that order;
    - a Regional Director's overruling that gives no ruling on objections set for the hearing before an Administrative
      Law Judge (``rulings``): an overruling without rulings overrules every pending objection "in its
      entirety" (the Region's usual decision), but objections referred to the judge are decided on
      his record and recommended order, one by one, not swept up in a blanket overruling;
    - a set-aside whose rulings (at least one given) sustain no objection while no other objection is
      still undecided (``result``).
    Authority: 29 CFR 102.69(c)(1)(iii), (c)(2); rules.md R-J5, R-K4, R-M2, R-O1, R-O3.
    """
    subject, set_aside, overrule = _SUBJECT[kind]
    if result == DecisionResult.OVERRULE:
        if condition is not None:
            return InconsistentDecision(
                f"{subject} {overrule} but directs a second election on a condition: a condition goes with a decision "
                "that sets the election aside (29 CFR 102.69(e))", field="condition")
        for r in rulings:
            if r.ruling == "sustained":
                return InconsistentDecision(
                    f"{subject} {overrule} but sustains objection {r.number} of {r.party_name}: an objection sustained "
                    "sets the election aside (give result set-aside, or the ruling the document states)",
                    field=f"rulings.{r.party}.{r.number}")
        if at_fault is not None:
            return InconsistentDecision(
                f"{subject} {overrule} but names {at_fault!r} as the party at fault: a party at fault goes with an "
                "election set aside, in the Lufkin paragraph of the notice of the second election (The Lufkin Rule Co., 147 NLRB 341 (1964))",
                field="at_fault")
        if undecided_before_alj and kind == DecisionKind.RD_DECISION:
            return InconsistentDecision(
                f"{subject} {overrule} but gives no ruling on {undecided_before_alj} objections set for the hearing "
                "before the Administrative Law Judge: give the ruling on each of them (after the judge's decision the "
                "objections referred to the judge are decided on that record, not overruled in their entirety) "
                "(29 CFR 102.69(c)(1)(iii))", field="rulings")
        return None
    if result == DecisionResult.SET_ASIDE and rulings and not any(r.ruling == "sustained" for r in rulings) \
            and undecided_not_ruled == 0:
        told = ", ".join(f"{r.party_name} {r.number} {r.ruling}" for r in rulings)
        return InconsistentDecision(
            f"{subject} {set_aside} but sustains no objection ({told}) and no other objection is before it: an "
            "election is set aside only on objections sustained (give result overrule, or the ruling the document "
            "states)", field="result")
    return None
