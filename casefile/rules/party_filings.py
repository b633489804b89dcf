"""The party filings around the decisions: which stored period each is judged against, who receives
it, and the extension-request rules (29 CFR 102.2(c)).

Every filing here is judged against the deadline the record holds for it (computed when the period
opened, or fixed or extended by an order since): casefile.rules.timeliness.judge_filing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from casefile.vocab import DeadlineKind, FilingKind

__all__ = ["ACT_PERIODS", "FILINGS", "FilingRule", "held_to", "late_extension_request_note"]


@dataclass(frozen=True)
class FilingRule:
    """A party filing: the stored period it is judged against, the filing's own name in words and
    the rule (with whom it is filed: casefile.rules.filed_with); ``held_to``: the filing has no
    period of its own and is held to ``deadline``, another filing's (cross-exceptions: the answering
    brief's), so an order moving that date moves this one too."""

    deadline: DeadlineKind
    noun: str
    citation: str
    held_to: bool = False


#: Filing kind (as stored in Filing.kind) → its rule.
FILINGS: dict[FilingKind, FilingRule] = {
    FilingKind.OFFER_OF_PROOF: FilingRule(
        DeadlineKind.OFFER_OF_PROOF, "offer of proof",
        "29 CFR 102.69(a)(8), 102.66(c) (due with the objections unless the Regional Director extends it); "
        "102.69(a)(8)"),
    FilingKind.POST_HEARING_BRIEF: FilingRule(
        DeadlineKind.POST_HEARING_BRIEF, "post-hearing brief",
        "29 CFR 102.69(c)(1)(iii) (only with the hearing officer's permission, within the time allowed; 2019 text: "
        "5 business days after the close of the hearing, extendable by up to 10); 102.69(c)(1)(iii)"),
    # The right waived is 102.69(c)(1)(iii)'s; the written waiver is the Regions' practice, not a rule text (X-K8).
    FilingKind.EXCEPTIONS_WAIVER: FilingRule(
        DeadlineKind.EXCEPTIONS, "waiver of exceptions",
        "29 CFR 102.69(c)(1)(iii) (the right to file exceptions, waived in writing: the Regions' practice)"),
    FilingKind.ANSWERING_BRIEF: FilingRule(
        DeadlineKind.ANSWERING_BRIEF, "answering brief",
        "29 CFR 102.69(c)(1)(iii) (5 business days from the last day exceptions could be filed)"),
    # 102.69(c)(1)(iii) provides for exceptions and answering briefs only. A party that did not except
    # answers within the answering-brief period; by analogy to 102.46(c) (cross-exceptions run from the
    # last day for exceptions, with the answering brief), its cross-exceptions are held to that period.
    FilingKind.CROSS_EXCEPTIONS: FilingRule(
        DeadlineKind.ANSWERING_BRIEF, "cross-exceptions",
        "29 CFR 102.69(c)(1)(iii); by analogy to 29 CFR 102.46(c): within the answering-brief period, which runs "
        "from the last day exceptions could be filed", held_to=True),
    FilingKind.RECONSIDERATION_MOTION: FilingRule(
        DeadlineKind.RECONSIDERATION, "motion for reconsideration",
        "29 CFR 102.65(e) (10 business days after service of the decision; stays nothing unless ordered); "
        "102.65(e)"),
    FilingKind.REQUEST_FOR_REVIEW: FilingRule(
        DeadlineKind.REQUEST_FOR_REVIEW, "request for review",
        "29 CFR 102.67(c), (i)(1), 102.69(h) (received by the Board's Office of the Executive Secretary); "
        "102.67(c), 102.2(b)"),
    FilingKind.RFR_OPPOSITION: FilingRule(
        DeadlineKind.RFR_OPPOSITION, "statement in opposition to the request for review",
        "29 CFR 102.67(f) (5 business days after the last day the request could be filed); 102.2(a)"),
}

#: A party's filing act → the periods it is judged against (the first one open applies): what a
#: filing form shows as its due date and cut-off. Authority: as FILINGS; objections 29 CFR
#: 102.69(a)(8), (e) (a revised tally's); exceptions 102.69(c)(1)(iii), 102.46(a) (to an ALJ's decision).
ACT_PERIODS: dict[str, tuple[DeadlineKind, ...]] = {
    "file-objections": (DeadlineKind.OBJECTIONS, DeadlineKind.REVISED_TALLY_OBJECTIONS),
    "file-offer-of-proof": (DeadlineKind.OFFER_OF_PROOF,),
    "file-exceptions": (DeadlineKind.EXCEPTIONS, DeadlineKind.ALJ_EXCEPTIONS),
    "waive-exceptions": (DeadlineKind.EXCEPTIONS, DeadlineKind.ALJ_EXCEPTIONS),
    "file-answering-brief": (DeadlineKind.ANSWERING_BRIEF,),
    "file-cross-exceptions": (DeadlineKind.ANSWERING_BRIEF,),
    "file-post-hearing-brief": (DeadlineKind.POST_HEARING_BRIEF,),
    "move-for-reconsideration": (DeadlineKind.RECONSIDERATION,),
    "request-for-review": (DeadlineKind.REQUEST_FOR_REVIEW,),
    "oppose-review": (DeadlineKind.RFR_OPPOSITION,),
}

#: 102.2(c): a request for an extension filed within this many days of the due date must rest on
#: circumstances not reasonably foreseeable in advance.
LATE_REQUEST_DAYS = 3


def late_extension_request_note(received_on: date, due_on: date) -> str | None:
    """The warning a request for an extension of time carries when it is filed within 3 days of the
    due date (it must then be grounded on circumstances not reasonably foreseeable in advance; the
    Regional Director or the Board judges that), else None. A request received after the due date is
    untimely and refused before this is asked (102.2(c): "no later than the date on which the document
    is due"). Authority: 29 CFR 102.2(c); rules.md R-B10, R-G5."""
    if due_on - timedelta(days=LATE_REQUEST_DAYS) <= received_on <= due_on:
        days = (due_on - received_on).days
        when = "on the due date" if days == 0 else f"{days} day{'s' if days != 1 else ''} before the due date"
        return (f"the request was filed {when}: within 3 days of it, a request must be grounded upon circumstances "
                "not reasonably foreseeable in advance (29 CFR 102.2(c))")
    return None


def held_to(kind: DeadlineKind) -> tuple[FilingKind, ...]:
    """The filings with no period of their own held to the ``kind`` period (the answering brief's: cross-exceptions),
    in FILINGS order: an order fixing or extending that period, or moving it with the one it runs from, moves
    their date too and names them (29 CFR 102.2(a), (c); 102.69(c)(1)(iii); by analogy 102.46(c))."""
    return tuple(filing for filing, rule in FILINGS.items() if rule.held_to and rule.deadline is kind)
