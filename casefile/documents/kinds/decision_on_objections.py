"""The Regional Director's Decision on Objections that overrules them (29 CFR 102.69(c)(1)(i), (c)(1)(iii),
(c)(2)), from its Decision row."""

from __future__ import annotations

from datetime import date

from pydantic import Field
from sqlmodel import col, select

from casefile.documents.base import Built, RecordDocument
from casefile.documents.history import history_notes
from casefile.documents.kinds.rd_decision_fields import history_until, objections_ruled_on, rd_issued
from casefile.documents.parts import (
    ChallengeItem,
    DeadlineLine,
    DocumentContext,
    HearingFacts,
    HistoryLine,
    ObjectionItem,
    Placeholder,
    Review,
    ServiceEntry,
    Signature,
    TallyLines,
)
from casefile.documents.record_view import CaseRecord, not_in_record_noun, notes, plain_notes, tally_lines
from casefile.record.lookups import deadline_of
from casefile.record.models import (
    Decision,
    Election,
    Filing,
    Hearing,
)
from casefile.record.refs import ref_to
from casefile.record.stage_facts import tally_stands
from casefile.vocab import (
    Actor,
    DeadlineKind,
    DeadlineStatus,
    DecisionKind,
    DocumentKind,
    ElectionAgreement,
    FilingKind,
    OutcomeKind,
)


class DecisionOnObjectionsContext(DocumentContext):
    """The Regional Director's Decision on Objections that overrules them (29 CFR 102.69(c)(1)(i) without
    a hearing, (c)(1)(iii) on the hearing record, (c)(2)): procedural history, the findings and the ruling
    on each objection, the conclusion (the certification the tally calls for: ``representative`` the
    labor organization chosen, None for a certification of results) and the request-for-review paragraph
    (``request_for_review`` computed from the decision's date; None where the rule set has no such period).
    ``hearing`` and ``report_issued_on``: the hearing held and the Hearing Officer's report, when there
    were; ``exceptions_by`` the parties that excepted to it (``cross_exceptions_by``, ``answering_briefs_by``: those
    that cross-excepted, those that answered the exceptions; each said where the record holds it, in the sentence
    saying what the Regional Director considered too); ``no_exceptions`` whether the record says none
    were filed (the period for exceptions lapsed): where it is silent, so is the decision."""

    tally: TallyLines
    procedural_history: tuple[HistoryLine, ...] = Field(min_length=1)
    hearing: HearingFacts | None = None
    report_issued_on: date | None = None
    exceptions_by: tuple[str, ...] = ()
    # the exceptions the record only implies (their ``inferred_from``): said inline as inferred, never stated as fact
    exceptions_inferred: str = ""
    # the cross-exceptions and the answering briefs to the exceptions the record holds (29 CFR 102.69(c)(1)(iii);
    # cross-exceptions by analogy to 102.46(c)), as the exceptions: who filed them, what the record only implies of
    # them, and how many answering briefs (one: "the answering brief")
    cross_exceptions_by: tuple[str, ...] = ()
    cross_exceptions_inferred: str = ""
    answering_briefs_by: tuple[str, ...] = ()
    answering_briefs: int = 0
    answering_briefs_inferred: str = ""
    no_exceptions: bool = False
    findings: tuple[str, ...] = Field(min_length=1)
    objections: tuple[ObjectionItem, ...] = Field(min_length=1)
    objections_set_public: bool = True  # False: which objections were set for hearing is not public: the table says so
    challenges: tuple[ChallengeItem, ...] = ()  # the challenged ballots the decision rules on (R-M3)
    count_ordered: bool = False  # ballots overruled: ordered opened and counted, a revised tally to follow
    tally_stands: bool = False  # every determinative challenged ballot sustained: the tally stands (102.69(c)(1)(i))
    agreement: ElectionAgreement | Placeholder  # unknown: Board review treated as available (R-K5)
    agreement_public: bool = True  # False: the agreement is inferred (Case.agreement_public): said so inline
    review: Review  # whether the Board reviews the Regional Director's actions (rules.review.board_review)
    representative: str | None = None
    labor_organizations: tuple[str, ...] = ()
    request_for_review: DeadlineLine | None = None
    signature: Signature
    service: tuple[ServiceEntry, ...] = ()


class DecisionOnObjections(RecordDocument):
    """The Regional Director's decision overruling the objections, from its Decision row (kind rd-decision)."""

    kind = DocumentKind.DECISION_ON_OBJECTIONS
    context = DecisionOnObjectionsContext
    record = Decision
    record_name = "decision"
    name = "Decision on Objections"

    @classmethod
    def title_from(cls, context: DecisionOnObjectionsContext) -> str:
        return "Decision on Objections and Challenged Ballots" if context.challenges else cls.name

    @classmethod
    def build(cls, rec: CaseRecord, decision: Decision) -> Built:
        election = rec.election(decision.election_id)
        tally = rec.latest_tally(election)
        ruled = [r for r in decision.rulings if r.get("challenge")]
        stands = tally_stands(rec.session, election, tally) if ruled else None
        report = rec.session.exec(select(Decision).where(Decision.election_id == election.id, Decision.kind == DecisionKind.HO_REPORT,
                                                         col(Decision.issued_on) <= decision.issued_on)
                                  .order_by(col(Decision.id).desc())).first()
        held = rec.session.exec(select(Hearing).where(Hearing.election_id == election.id, Hearing.before_alj == False)  # noqa: E712
                                .order_by(col(Hearing.id).desc())).first()
        hearing = rec.hearing_facts(election, before_alj=False)[0] if held is not None and (held.opens_on or report) else None
        exceptions_by, exceptions_inferred, _ = _filed(rec, election, FilingKind.EXCEPTIONS, until=decision.issued_on)
        cross_by, cross_inferred, _ = _filed(rec, election, FilingKind.CROSS_EXCEPTIONS, until=decision.issued_on)
        answering_by, answering_inferred, briefs = _filed(rec, election, FilingKind.ANSWERING_BRIEF, until=decision.issued_on)
        period = deadline_of(rec.session, election, DeadlineKind.EXCEPTIONS)
        no_exceptions = not exceptions_by and period is not None and period.status is DeadlineStatus.LAPSED
        stored = deadline_of(rec.session, election, DeadlineKind.REQUEST_FOR_REVIEW)
        review = None
        if rec.review().available:
            # The period runs from the final disposition, the certification that follows the decision (102.67(c),
            # 102.69(c)(2); R-N2): its date only once the certification is recorded, never counted from the decision.
            review = rec.deadline_line(stored) if stored is not None and stored.trigger_on >= decision.issued_on else None
        outcome = OutcomeKind(tally.outcome) if tally.outcome else None
        winner = tally.winner
        if stands is not None:  # the challenges ruled on in this decision left the tally standing
            outcome, winner = stands.kind, stands.winner
        ctx = DecisionOnObjectionsContext(
            **rd_issued(rec, on=decision.issued_on), tally=tally_lines(tally, election),
            procedural_history=history_until(rec, election, decision),
            hearing=hearing, report_issued_on=report.issued_on if report is not None else None, exceptions_by=exceptions_by,
            exceptions_inferred=exceptions_inferred, cross_exceptions_by=cross_by, cross_exceptions_inferred=cross_inferred,
            answering_briefs_by=answering_by, answering_briefs=briefs, answering_briefs_inferred=answering_inferred,
            no_exceptions=no_exceptions, findings=rec.findings(decision),
            objections=objections_ruled_on(rec, election, decision), objections_set_public=rec.objections_set_public(election),
            challenges=tuple(c for c in rec.challenge_items(election, decision.rulings)
                             if any(c.voter in r.get("of", []) for r in ruled)),
            count_ordered=any(r["ruling"] == "overruled" for r in ruled), tally_stands=stands is not None,
            representative=winner if outcome is OutcomeKind.REP and winner else None,
            labor_organizations=tuple(election.choices) if outcome is OutcomeKind.RESULTS else (),
            request_for_review=review, signature=rec.rd_signature(decision.issuer, on=decision.issued_on),
            record_notes=notes(decision.uncertain) + plain_notes(decision.note)
            + history_notes(rec, election, until=decision.issued_on, excluding=ref_to(decision)),
        )
        return Built(ctx, decision.issued_on, "Regional Director", Actor.REGIONAL_DIRECTOR, election.id)


def _filed(rec: CaseRecord, election: Election, kind: FilingKind, *, until: date) -> tuple[tuple[str, ...], str, int]:
    """The ``kind`` filings of ``election`` received on or before ``until``: the parties that filed them (by name, in
    the order filed, each once), what the record shows of those it only implies (Filing.inferred_from, said as the
    record's inference: "the record shows ...; the exceptions themselves are not in the public record"; "" when it
    holds them all) and how many there are. The facts of the filings only, never their bodies (29 CFR 102.69(c)(1)(iii))."""
    filed = rec.session.exec(select(Filing).where(Filing.election_id == election.id, Filing.kind == kind,
                                                  col(Filing.received_on) <= until)
                             .order_by(col(Filing.received_on), col(Filing.id))).all()
    by = tuple(dict.fromkeys(rec.by_id[f.party_id].name for f in filed))
    implied = [f for f in filed if f.inferred_from.strip()]
    inferred = "; ".join(f"the record shows {rec.text(f.inferred_from.strip().rstrip('.'))}" for f in implied) + \
        (f"; {not_in_record_noun(implied[0])} not in the public record" if implied else "")
    return by, inferred, len(filed)
