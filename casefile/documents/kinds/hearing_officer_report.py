"""D7 Hearing Officer's Report and Recommendations on objections (and challenged ballots) (R-J5, R-K1,
R-K2; 29 CFR 102.69(c)(1)(iii)), from the report's Decision row: the tally, the procedural history, the
hearing, the findings, the recommendation on each objection and challenged ballot, and the periods for
exceptions and answering briefs."""

from __future__ import annotations

from typing import ClassVar

from pydantic import Field

from casefile.documents import wording
from casefile.documents.base import Built, RecordDocument
from casefile.documents.history import history_notes, procedural_history
from casefile.documents.parts import (
    REGISTER_TABLE_LIMIT,
    ChallengeItem,
    DeadlineLine,
    DocumentContext,
    HearingFacts,
    HistoryLine,
    Issuance,
    ObjectionItem,
    ServiceEntry,
    Signature,
    TallyLines,
    challenge_groups,
    placeholder,
)
from casefile.documents.record_view import CaseRecord, notes, plain_notes, tally_lines
from casefile.record.lookups import deadline_of
from casefile.record.models import Decision
from casefile.record.refs import ref_to
from casefile.vocab import Actor, DeadlineKind, DecisionResult, DocumentKind


def hearing_officers_office(rec: CaseRecord) -> str:
    """The line under the Hearing Officer's title: the record holds no Region for the Hearing Officer, so a
    record copy says it is not in the public record (a case transferred between Regions, as JFK8 was, does not
    show which Region's staff heard it); a live case's officer is of the Region that has the case."""
    if rec.record_copy:
        return "National Labor Relations Board, " + placeholder("the Hearing Officer's Region")
    return f"National Labor Relations Board, Region {rec.region}"


class HearingOfficerReportContext(DocumentContext):
    """D7 Hearing Officer's Report on objections (and challenges) (R-J5, R-K1, R-K2)."""

    tally: TallyLines
    procedural_history: tuple[HistoryLine, ...] = Field(min_length=1)
    hearing: HearingFacts
    findings: tuple[str, ...] = Field(min_length=1)  # paragraphs: findings of fact, credibility, analysis
    objections: tuple[ObjectionItem, ...] = ()  # none: a hearing on the challenged ballots only
    objections_set_public: bool = True  # False: which objections were set for hearing is not public: the table says so
    challenges: tuple[ChallengeItem, ...] = ()
    recommended_disposition: str
    all_overruled: bool = False  # the report recommends every objection be overruled (its result "overrule")
    exceptions: DeadlineLine
    answering_brief: DeadlineLine
    signature: Signature
    service: tuple[ServiceEntry, ...] = ()

    REGISTER_TABLE_LIMIT: ClassVar[int] = REGISTER_TABLE_LIMIT
    """Up to this many challenged ballots the report lists one row per voter; above it, one row per
    (challenger, ground, recommendation) with the count, and the voters of each group in a paragraph."""

    @property
    def challenge_groups(self) -> tuple[tuple[ChallengeItem, tuple[str, ...]], ...]:
        """The challenges grouped by challenger, ground and recommendation, in register order (parts.challenge_groups)."""
        return challenge_groups(self.challenges)


class HearingOfficerReport(RecordDocument):
    """The Hearing Officer's Report, from its Decision row (kind ho-report)."""

    kind = DocumentKind.HEARING_OFFICER_REPORT
    context = HearingOfficerReportContext
    record = Decision
    record_name = "decision"

    @classmethod
    def title_from(cls, context: HearingOfficerReportContext) -> str:
        subject = " and ".join(s for s, there in (("Objections", context.objections), ("Challenged Ballots", context.challenges))
                               if there) or "Objections"
        return f"Hearing Officer's Report and Recommendations on {subject}"

    @classmethod
    def build(cls, rec: CaseRecord, decision: Decision) -> Built:
        election = rec.election(decision.election_id)
        tally = rec.latest_tally(election)
        hearing, held = rec.hearing_facts(election, before_alj=False)
        objections = rec.objection_items(rec.objections_of(election), decision.rulings)
        if decision.result == DecisionResult.SET_ASIDE:
            disposition = f"that the election be set aside and {wording.next_election(election.sequence)} directed"
        elif objections:
            disposition = "that the objections be overruled and the appropriate certification issue"
        else:  # a hearing on the challenged ballots only: no objection to overrule
            disposition = "that the challenged ballots be disposed of as recommended above"
        exceptions = rec.deadline_line(deadline_of(rec.session, election, DeadlineKind.EXCEPTIONS))
        answering = rec.deadline_line(deadline_of(rec.session, election, DeadlineKind.ANSWERING_BRIEF))
        assert exceptions is not None and answering is not None
        ctx = HearingOfficerReportContext(
            caption=rec.caption(), issuance=Issuance(issued_on=decision.issued_on, issuer_title="Hearing Officer"),
            tally=tally_lines(tally, election),
            procedural_history=procedural_history(rec, election, until=decision.issued_on, excluding=ref_to(decision)),
            hearing=hearing, findings=rec.findings(decision),
            objections=objections, objections_set_public=rec.objections_set_public(election),
            challenges=rec.challenge_items(election, decision.rulings) if held is not None and held.challenges_set else (),
            recommended_disposition=disposition, all_overruled=decision.result == DecisionResult.OVERRULE and bool(objections),
            exceptions=exceptions, answering_brief=answering,
            record_notes=notes(decision.uncertain) + plain_notes(decision.note)
            + history_notes(rec, election, until=decision.issued_on, excluding=ref_to(decision)),
            signature=Signature(name=decision.issuer or rec.missing("Hearing Officer's name"), title="Hearing Officer",
                                organization=hearing_officers_office(rec)),
            service=rec.service(on=decision.issued_on),
        )
        return Built(ctx, decision.issued_on, "Hearing Officer", Actor.HEARING_OFFICER, election.id)
