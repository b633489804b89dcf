"""The Regional Director's Decision on Objections and Conditional Direction of Second Election, from the
Decision row that sets the election aside on a condition (rd-decision with ``condition``; 29 CFR
102.69(c)(1)(i), (e); rules.md R-M1, R-M2; casefile.rules.conditional_rerun). It issues on the decision's
own date and states the condition: which challenged ballots are to be opened and counted, the result of
the revised tally on which the election is set aside and a new election held, and the result on which
the certification (of representative, or — the employer's objections — of results) follows instead. The direction itself, once the revised tally meets the condition, is
the Supplemental Decision and Direction of Second Election (supplemental_direction.py), on that tally's
date."""

from __future__ import annotations

from typing import Any

from pydantic import Field
from sqlmodel import col, select

from casefile.documents.base import Built, RecordDocument
from casefile.documents.kinds.rd_decision_fields import history_until, objections_ruled_on, party_at_fault, rd_issued, terms_on
from casefile.documents.parts import (
    ChallengeItem,
    DocumentContext,
    ElectionDates,
    HistoryLine,
    ObjectionItem,
    PartyRef,
    Placeholder,
    Review,
    ServiceEntry,
    Signature,
    TallyLines,
)
from casefile.documents.record_view import CaseRecord, election_dates, notes, plain_notes, tally_lines
from casefile.documents.wording import ordinal
from casefile.record.lookups import counts_of
from casefile.record.models import ChallengedBallot, Decision, Election
from casefile.rules.conditional_rerun import condition_decided_sentence
from casefile.vocab import Actor, ChallengeStatus, DocumentKind, ElectionAgreement


class DecisionAndConditionalDirectionContext(DocumentContext):
    """The conditional direction as issued on its own date: ``tally`` the tally the record held then
    (its challenged ballots determinative); the procedural history, findings and the ruling on each
    objection; ``challenges`` the decision's rulings on challenged ballots (voter, ground, ruling);
    ``to_open`` the voters whose ballots are ordered opened and counted (by this decision or an earlier
    ruling), ``unnamed_ballots`` the placeholder (record copy) or blank (live case) printed when the
    record names none; ``sustained`` the number of challenges the decision sustains; ``rerun_if`` and
    ``certify_if`` the two results of the revised tally the condition names (casefile.rules.
    conditional_rerun.condition_terms), ``certification`` the one that follows on ``certify_if``
    ("Certification of Representative", "Certification of Results"), ``ballots_would`` what the ballots
    counted must do for the objections sustained to matter, ``condition_authority`` their citation;
    ``next_ordinal`` the election the condition would direct ("second", "third")."""

    tally: TallyLines
    procedural_history: tuple[HistoryLine, ...] = Field(min_length=1)
    findings: tuple[str, ...] = Field(min_length=1)
    objections: tuple[ObjectionItem, ...] = Field(min_length=1)
    objections_set_public: bool = True  # False: which objections were set for hearing is not public: the table says so
    challenges: tuple[ChallengeItem, ...] = ()
    to_open: tuple[str, ...] = ()
    unnamed_ballots: str = ""
    sustained: int = Field(default=0, ge=0)
    party_at_fault: PartyRef | None
    set_aside_election: ElectionDates
    rerun_if: str
    certify_if: str
    certification: str
    ballots_would: str
    condition_authority: str
    next_ordinal: str
    #: The challenged ballots the rulings leave for the revised tally (those ordered opened and counted, and any
    #: still pending) when the decision or an earlier ruling sustained some: the conclusion counts only them; None
    #: when none was sustained (the tally's challenged ballots are the ones the count decides on).
    still_to_count: int | None = Field(default=None, ge=0)
    #: The sentence saying that those ballots already decide the condition (casefile.rules.conditional_rerun.
    #: condition_decided_sentence), "" while their count decides it.
    already_decided: str = ""
    agreement: ElectionAgreement | Placeholder
    agreement_public: bool = True  # False: the agreement is inferred (Case.agreement_public): said so inline
    review: Review
    signature: Signature
    service: tuple[ServiceEntry, ...] = ()


class DecisionAndConditionalDirection(RecordDocument):
    """The Regional Director's conditional direction of a second election, from its Decision row (kind rd-decision,
    result set-aside, with a condition)."""

    kind = DocumentKind.DECISION_AND_CONDITIONAL_DIRECTION
    context = DecisionAndConditionalDirectionContext
    record = Decision
    record_name = "decision"
    name = "Decision on Objections and Conditional Direction of Second Election"

    @classmethod
    def title_from(cls, context: DecisionAndConditionalDirectionContext) -> str:
        """"... Conditional Direction of Second Election" ("of Third Election" for a rerun's, R-O2); "Decision on
        Objections and Challenged Ballots ..." when it rules on challenged ballots."""
        subject = "Objections and Challenged Ballots" if context.challenges else "Objections"
        return f"Decision on {subject} and Conditional Direction of {context.next_ordinal.capitalize()} Election"

    @classmethod
    def build(cls, rec: CaseRecord, decision: Decision) -> Built:
        election = rec.election(decision.election_id)
        tally = rec.tally_when_decided(decision)
        terms = terms_on(decision, tally, election)
        ruled = [r for r in decision.rulings if r.get("challenge")]
        to_open = _ordered_open(rec, election, decision, ruled)
        out = _sustained_at(rec, election, decision, ruled)
        left = max(tally.challenged - out, 0) if out else None
        decided = condition_decided_sentence(decision.condition, counts_of(tally), sustained=min(out, tally.challenged),
                                             ordered=len(to_open) or None) if out else None
        ctx = DecisionAndConditionalDirectionContext(
            **rd_issued(rec, on=decision.issued_on), tally=tally_lines(tally, election),
            procedural_history=history_until(rec, election, decision),
            findings=rec.findings(decision), objections=objections_ruled_on(rec, election, decision),
            objections_set_public=rec.objections_set_public(election),
            challenges=_rulings(rec, election, ruled), to_open=to_open,
            unnamed_ballots="" if to_open else rec.missing("the challenged ballots to be opened and counted"),
            sustained=sum(int(r["ballots"]) for r in ruled if r["ruling"] == "sustained"),
            party_at_fault=party_at_fault(rec, decision), set_aside_election=election_dates(election),
            rerun_if=terms.rerun_if, certify_if=terms.certify_if, certification=terms.certification,
            ballots_would=terms.ballots_would, condition_authority=terms.authority,
            next_ordinal=ordinal(election.sequence + 1), still_to_count=left, already_decided=decided or "",
            signature=rec.rd_signature(decision.issuer, on=decision.issued_on),
            record_notes=notes(decision.uncertain) + plain_notes(decision.note),
        )
        return Built(ctx, decision.issued_on, "Regional Director", Actor.REGIONAL_DIRECTOR, election.id)


def _rulings(rec: CaseRecord, election: Election, ruled: list[dict[str, Any]]) -> tuple[ChallengeItem, ...]:
    """The decision's own rulings on challenged ballots, voter by voter, as it made them (not the register's
    later status: a ballot it overruled is "overruled: open and count" even once a revised tally opened it)."""
    ruling = {voter: r["ruling"] for r in ruled for voter in r.get("of", [])}
    return tuple(item.model_copy(update={"disposition": "overruled: open and count" if ruling[item.voter] == "overruled"
                                         else ruling[item.voter], "reason": None})
                 for item in rec.challenge_items(election) if item.voter in ruling)


def _ordered_open(rec: CaseRecord, election: Election, decision: Decision, ruled: list[dict[str, Any]]) -> tuple[str, ...]:
    """The voters whose ballots stand ordered opened and counted at the decision: those it overrules, and
    those overruled by an earlier ruling and not yet counted in a revised tally before it (register order)."""
    overruled = {voter for r in ruled if r["ruling"] == "overruled" for voter in r.get("of", [])}
    counted_before = set(rec.tallies_before(decision))
    out = []
    for ballot in rec.session.exec(select(ChallengedBallot).where(ChallengedBallot.election_id == election.id)
                                   .order_by(col(ChallengedBallot.id))):
        earlier = (ballot.status in (ChallengeStatus.OVERRULED, ChallengeStatus.OPENED) and ballot.ruled_on is not None
                   and ballot.ruled_on <= decision.issued_on and ballot.revised_tally_id not in counted_before)
        if ballot.voter in overruled or earlier:
            out.append(ballot.voter)
    return tuple(out)



def _sustained_at(rec: CaseRecord, election: Election, decision: Decision, ruled: list[dict[str, Any]]) -> int:
    """How many of the tally's challenged ballots stand sustained at the decision: those it sustains, and those
    sustained by an earlier ruling and not yet dropped in a revised tally before it (29 CFR 102.69(c)(1)(i), (e);
    rules.md R-E7)."""
    own = {voter for r in ruled if r["ruling"] == "sustained" for voter in r.get("of", [])}
    counted_before = set(rec.tallies_before(decision))
    n = 0
    for ballot in rec.session.exec(select(ChallengedBallot).where(ChallengedBallot.election_id == election.id)):
        earlier = (ballot.status is ChallengeStatus.SUSTAINED and ballot.ruled_on is not None
                   and ballot.ruled_on <= decision.issued_on and ballot.revised_tally_id not in counted_before)
        if ballot.voter in own or earlier:
            n += 1
    return n
