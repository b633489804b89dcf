"""With whom a party's filing is filed: the case's Regional Office or the Board's Office of the
Executive Secretary in Washington, DC, for each filing kind and rule set.

One answer for every form, banner, document, certificate of service and reminder: a request for review
and its opposition go to the Board (29 CFR 102.67(i)(1)); exceptions to an Administrative Law Judge's
decision in a consolidated case go to the Board (102.46(a), 102.69(c)(2)); exceptions to a hearing
officer's report go to the Regional Director under the rules since 2015 (102.69(c)(1)(iii)) and went to
the Board before them; objections, offers of proof and post-hearing briefs go to the Region
(102.69(a)(8), (c)(1)(iii)); a motion goes to whoever the case is before (102.65(a)); a motion for
reconsideration to whoever decided (102.65(e), 102.48(c)); an extension request to whoever receives the
document whose time it extends (102.2(c)). The periods' own ``receiving`` (casefile.rules.rule_sets)
is the data the period-bound answers read, so the deadline's receiving office and this answer agree.
"""

from __future__ import annotations

from dataclasses import dataclass

from casefile.rules.rule_sets import RuleSet
from casefile.vocab import DeadlineKind, DecisionKind, FilingKind

__all__ = ["BOARD_WORDS", "FiledWith", "filed_with", "filing_period"]

#: The Board's receiving office, in words.
BOARD_WORDS = "the Board's Office of the Executive Secretary (Washington, DC)"

#: The period each filing kind is judged against by default (its own, or the one it is held to).
_PERIODS: dict[FilingKind, DeadlineKind] = {
    FilingKind.OBJECTIONS: DeadlineKind.OBJECTIONS,
    FilingKind.OFFER_OF_PROOF: DeadlineKind.OFFER_OF_PROOF,
    FilingKind.EXCEPTIONS: DeadlineKind.EXCEPTIONS,
    FilingKind.EXCEPTIONS_WAIVER: DeadlineKind.EXCEPTIONS,  # with whoever receives the exceptions it waives
    FilingKind.CROSS_EXCEPTIONS: DeadlineKind.ANSWERING_BRIEF,
    FilingKind.ANSWERING_BRIEF: DeadlineKind.ANSWERING_BRIEF,
    FilingKind.POST_HEARING_BRIEF: DeadlineKind.POST_HEARING_BRIEF,
    FilingKind.RECONSIDERATION_MOTION: DeadlineKind.RECONSIDERATION,
    FilingKind.REQUEST_FOR_REVIEW: DeadlineKind.REQUEST_FOR_REVIEW,
    FilingKind.RFR_OPPOSITION: DeadlineKind.RFR_OPPOSITION,
}

_CITATIONS: dict[FilingKind, tuple[str, str]] = {  # (filed with the Region, filed with the Board)
    FilingKind.OBJECTIONS: ("29 CFR 102.69(a)(8), (e)", "29 CFR 102.69(a)(8)"),
    FilingKind.OFFER_OF_PROOF: ("29 CFR 102.69(a)(8)", "29 CFR 102.69(a)(8)"),
    FilingKind.EXCEPTIONS: ("29 CFR 102.69(c)(1)(iii)", "29 CFR 102.46(a), 102.69(c)(2)"),
    FilingKind.EXCEPTIONS_WAIVER: ("29 CFR 102.69(c)(1)(iii)", "29 CFR 102.46(a), 102.69(c)(2)"),
    FilingKind.CROSS_EXCEPTIONS: ("29 CFR 102.69(c)(1)(iii)", "29 CFR 102.46(b), (c)"),
    FilingKind.ANSWERING_BRIEF: ("29 CFR 102.69(c)(1)(iii)", "29 CFR 102.46(d)"),
    FilingKind.POST_HEARING_BRIEF: ("29 CFR 102.69(c)(1)(iii) (with the hearing officer)", "29 CFR 102.69(c)(1)(iii)"),
    FilingKind.MOTION: ("29 CFR 102.65(a) (with the Regional Director, or the hearing officer during the hearing)",
                        "29 CFR 102.65(a) (after transfer to the Board, with the Board)"),
    FilingKind.RECONSIDERATION_MOTION: ("29 CFR 102.65(e)(1) (with the Regional Director who decided)",
                                        "29 CFR 102.48(c) (with the Board, which decided)"),
    FilingKind.REQUEST_FOR_REVIEW: ("29 CFR 102.67(i)(1)", "29 CFR 102.67(c), (i)(1), 102.69(c)(2)"),
    FilingKind.RFR_OPPOSITION: ("29 CFR 102.67(f), (i)(1)", "29 CFR 102.67(f), (i)(1)"),
    FilingKind.EXTENSION_REQUEST: ("29 CFR 102.2(c) (with the Regional Director, who receives the document)",
                                   "29 CFR 102.2(c) (with the Executive Secretary, as the document is)"),
}


@dataclass(frozen=True)
class FiledWith:
    """Where a filing goes: ``board`` True for the Board's Office of the Executive Secretary in
    Washington, DC, False for the case's Regional Office; ``citation`` the rule that says so."""

    board: bool
    citation: str

    def words(self, office_name: str) -> str:
        """With whom, in words: "the Board's Office of the Executive Secretary (Washington, DC)", or
        "the Regional Office (<office_name>)" (``office_name`` the case's receiving office, "Atlanta, GA")."""
        return BOARD_WORDS if self.board else f"the Regional Office ({office_name})"

    def certificate_words(self, region: int) -> str:
        """Whom the certificate of service names as receiving the filing: "the Board (Office of the Executive
        Secretary)" or "Regional Director, Region <region>"."""
        return "the Board (Office of the Executive Secretary)" if self.board else f"Regional Director, Region {region}"


def filing_period(kind: FilingKind) -> DeadlineKind | None:
    """The period a filing of ``kind`` is judged against by default (its own, or the one it is held to:
    cross-exceptions the answering brief's); None for a motion or an extension request (none of its own)."""
    return _PERIODS.get(kind)


def filed_with(kind: FilingKind, rule_set: RuleSet, *, period: DeadlineKind | None = None,
               decided_by: DecisionKind | None = None, before_board: bool = False) -> FiledWith:
    """With whom a filing of ``kind`` is filed under ``rule_set``.

    ``period``: the period the filing is judged against, when not its kind's own (exceptions to an
    Administrative Law Judge's decision: DeadlineKind.ALJ_EXCEPTIONS; an extension request: the period it
    extends); the answer is that period's receiving office in the rule set (a rule set with no such
    period: the Region). ``decided_by``: for a motion for reconsideration, who issued the decision (the
    Board's decision: the Board). ``before_board``: for a motion, whether the case is before the Board
    (transferred to it, or a request for review pending). Raises nothing.
    Authority: 29 CFR 102.2(c), 102.46(a)-(d), 102.48(c), 102.65(a), (e), 102.67(c), (f), (i)(1),
    102.69(a)(8), (c)(1)(iii), (c)(2); rules.md R-B9.
    """
    region_cite, board_cite = _CITATIONS[kind]
    if kind is FilingKind.MOTION:
        board = before_board
    elif kind is FilingKind.RECONSIDERATION_MOTION and decided_by is not None:
        board = decided_by is DecisionKind.BOARD_DECISION
    else:
        chosen = period or _PERIODS.get(kind)
        found = rule_set.periods.get(chosen) if chosen is not None else None
        board = found is not None and found.receiving == "board"
        if found is not None and kind is not FilingKind.EXTENSION_REQUEST:  # the period's own rule says where
            return FiledWith(board=board, citation=found.citation)
    return FiledWith(board=board, citation=board_cite if board else region_cite)
