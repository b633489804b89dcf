"""Whether the Board reviews the Regional Director's post-election actions (R-K5, R-N1, R-I4).

One question, answered once: the certification, the Regional Director's decision and an
Administrative Law Judge's decision on consolidated issues all ask it, and the documents only
print the answer. In a consent election (29 CFR 102.62(a) consent agreement, 102.62(c) full
consent) the Regional Director's rulings on post-election matters are final; in a stipulated
(102.62(b)) or directed election a party may request review by the Board (102.67, 102.69(c)(2)),
and exceptions to an ALJ's decision on consolidated issues go to the Board (102.46). When the
record does not say which agreement the election was held under (imported and historical cases
often lack it), review is treated as available — refusing a party the right to seek review on a
guess would be the worse error — and the answer says so.
"""

from __future__ import annotations

from dataclasses import dataclass

from casefile.vocab import ElectionAgreement

__all__ = ["FINAL_DISPOSITIONS", "BoardReview", "board_review", "is_final_disposition", "review_of_decision",
           "review_of_set_aside"]


@dataclass(frozen=True)
class BoardReview:
    """The answer to "does the Board review the Regional Director's actions in this case?".

    ``available``: a party may request review by the Board (and exceptions to an ALJ's decision
    go to the Board); False only for a consent election. ``agreement_known``: the record names the
    election agreement; when False, ``available`` is True by the rule below, not by a fact.
    ``agreement``: the agreement as recorded (None: not in the record). ``statement``: one sentence
    for the docket and the documents, citing the rule.
    """

    available: bool
    agreement_known: bool
    agreement: ElectionAgreement | None
    statement: str


_STATEMENTS = {
    ElectionAgreement.CONSENT: "Consent election: the Regional Director's rulings on post-election matters are final; "
    "there is no review by the Board (29 CFR 102.62(a), (c); 102.69(c)(2)).",
    ElectionAgreement.STIPULATED: "Stipulated election: a party may request review by the Board "
    "(29 CFR 102.62(b); 102.67; 102.69(c)(2)).",
    ElectionAgreement.DIRECTED: "Directed election: a party may request review by the Board "
    "(29 CFR 102.67; 102.69(c)(2)).",
}
_UNKNOWN = ("The election agreement is not in the record: Board review is treated as available (review lies unless "
            "the election was held under a consent agreement, 29 CFR 102.62, 102.69(c)(2)).")


def board_review(agreement: ElectionAgreement | None) -> BoardReview:
    """Whether the Board reviews the Regional Director's post-election actions in a case whose
    election was held under ``agreement`` (None: the record does not say).

    Returns a :class:`BoardReview`: not available for a consent election; available for a
    stipulated or directed one; available, and said to be assumed, when the agreement is unknown.
    Raises nothing.
    Authority: 29 CFR 102.62, 102.67, 102.69(c)(2), 102.46(a); rules.md R-K5, R-N1, R-I4.
    """
    if agreement is None:
        return BoardReview(available=True, agreement_known=False, agreement=None, statement=_UNKNOWN)
    agreement = ElectionAgreement(agreement)
    return BoardReview(available=agreement is not ElectionAgreement.CONSENT, agreement_known=True, agreement=agreement,
                       statement=_STATEMENTS[agreement])


def review_of_set_aside(review: BoardReview) -> str | None:
    """What a party may do about a Regional Director's decision that sets the election aside and
    directs a second one, where Board review lies (``review.available``): such a decision is not a
    final disposition, so a request for review may be filed now or until 10 business days after
    the eventual certification, and the second election proceeds unless the Board stays it. None
    where there is no review (consent election). Authority: 29 CFR 102.67(c), 102.69(c)(2), (h);
    rules.md R-N2, R-N3.
    """
    if not review.available:
        return None
    return ("A decision setting the election aside is not a final disposition: a request for review may be filed now "
            "or until 10 business days after the eventual certification; the second election proceeds unless the "
            "Board stays it (29 CFR 102.67(c), 102.69(h)).")


def review_of_decision(review: BoardReview) -> str | None:
    """When a request for review of the Regional Director's Decision on Objections (one that overrules
    them) lies, where Board review lies (``review.available``): from the day the decision issues ("any
    time after the Regional Director's action") until 10 business days after the final disposition —
    the certification that follows the decision; the period is tracked from the certification's date.
    None where there is no review (consent election). Authority: 29 CFR 102.67(c), 102.69(c)(2), (h);
    rules.md R-N2.
    """
    if not review.available:
        return None
    return ("The certification has not issued yet: a request for review of the Decision on Objections may be filed "
            "from the day it issues until 10 business days after the certification, the final disposition "
            "(29 CFR 102.67(c), 102.69(c)(2)).")


#: The Regional Director's actions that are a "final disposition", after which the request for review
#: runs (29 CFR 102.67(c)), per rule set. Current text (2019, kept in 2023): "when the Regional Director
#: dismisses the petition or issues a certification of results (including, where appropriate, a
#: certification of representative)" (102.69(h)). The 2014 rule also counted "an order to open and count
#: challenged ballots" (NLRB FAQ on the 2014 rule, "When may a party file a request for review?": "A
#: 'final disposition' occurs when the regional director issues a certification of representative, a
#: certification of results, a dismissal, or an order to open and count challenged ballots"; rules.md
#: R-N2, §3). Before the 2014 rule, post-election rulings went to the Board by exceptions (R-A1): the
#: same two as now are kept for it [I].
FINAL_DISPOSITIONS: dict[str, frozenset[str]] = {
    "pre-2015": frozenset({"certification", "dismissal"}),
    "2014-rule": frozenset({"certification", "dismissal", "open-and-count"}),
    "2019-text": frozenset({"certification", "dismissal"}),
    "2023-rule": frozenset({"certification", "dismissal"}),
}


def is_final_disposition(rule_set_id: str, action: str) -> bool:
    """Whether the Regional Director's ``action`` ("certification", "dismissal", "open-and-count": an
    order that overruled challenges and directed the ballots be opened and counted) is a final
    disposition under the rule set ``rule_set_id``, so that a request-for-review period runs from it.
    An unknown rule set answers as the current one. Raises nothing.
    Authority: 29 CFR 102.67(c), 102.69(h); 79 FR 74308 (2014 rule) as the NLRB's FAQ states it;
    rules.md R-N2, §3."""
    return action in FINAL_DISPOSITIONS.get(rule_set_id, FINAL_DISPOSITIONS["2023-rule"])
