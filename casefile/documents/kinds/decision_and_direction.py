"""D13 Decision on Objections and Direction of Second Election, with the Notice of Second Election (R-O1–R-O5;
29 CFR 102.69(c)), from the Regional Director's Decision row that sets the election aside."""

from __future__ import annotations

from datetime import date
from typing import Any

from pydantic import Field

from casefile.documents.base import Built, RecordDocument
from casefile.documents.history import history_notes
from casefile.documents.kinds.rd_decision_fields import history_until, objections_ruled_on, party_at_fault, rd_issued
from casefile.documents.parts import (
    DateOrPlaceholder,
    DeadlineLine,
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
    placeholder,
)
from casefile.documents.record_view import CaseRecord, election_dates, notes, plain_notes, tally_lines
from casefile.documents.wording import ordinal
from casefile.record.models import Decision, Election
from casefile.record.refs import ref_to
from casefile.rules.rerun_eligibility import rerun_eligibility
from casefile.vocab import (
    Actor,
    DocumentKind,
    ElectionAgreement,
)


class SecondElectionDirection(DocumentContext):
    """What every direction of a second (third ...) election states, with its Notice of Second Election
    (templates/_second_election.html): ``party_at_fault`` names the party whose conduct caused the
    set-aside (the Lufkin paragraph, R-O3), None when the set-aside rests on Board-agent irregularity,
    which omits the party-fault sentence; ``set_aside_election`` the election set aside; ``posting`` the
    computed notice-posting deadline (R-O5), known only once the new election's date is;
    ``next_ordinal`` the election directed, by its place in the chain: "second", "third" (R-O2)."""

    party_at_fault: PartyRef | None
    set_aside_election: ElectionDates
    agreement: ElectionAgreement | Placeholder  # unknown: Board review treated as available (R-K5)
    agreement_public: bool = True  # False: the agreement is inferred (Case.agreement_public): said so inline
    review: Review  # whether the Board reviews the Regional Director's actions (rules.review.board_review)
    choices: tuple[str, ...] = Field(min_length=1)  # on the new election's ballot
    unit_description: str
    second_election_schedule: str  # dates, times, places or mail schedule; placeholder until set
    eligibility_cutoff: str  # "the date of the Notice of Second Election" (rules.rerun_eligibility, R-O4)
    eligibility_period_ending_on: DateOrPlaceholder | None = None  # None: the period's last day not yet known
    voter_list: DeadlineLine | None = None
    posting: DeadlineLine | None = None
    request_for_review: DeadlineLine | None = None
    next_ordinal: str = "second"
    signature: Signature
    service: tuple[ServiceEntry, ...] = ()


class DecisionAndDirectionOfSecondElectionContext(SecondElectionDirection):
    """D13 Decision on Objections and Direction of Second Election, with the Notice of Second Election:
    the tally, the procedural history, the findings and the rulings on the objections, then the
    direction (SecondElectionDirection)."""

    tally: TallyLines
    procedural_history: tuple[HistoryLine, ...] = Field(min_length=1)
    findings: tuple[str, ...] = Field(min_length=1)
    objections: tuple[ObjectionItem, ...] = Field(min_length=1)
    objections_set_public: bool = True  # False: which objections were set for hearing is not public: the table says so


def direction_fields(rec: CaseRecord, decision: Decision, election: Election, *, on: date) -> dict[str, Any]:
    """The SecondElectionDirection fields of a direction issued ``on`` that sets ``election`` aside on
    ``decision``'s rulings (its party at fault, its signer), as the record holds them."""
    return dict(
        **rd_issued(rec, on=on),
        party_at_fault=party_at_fault(rec, decision), set_aside_election=election_dates(election),
        choices=tuple(election.choices),
        unit_description=rec.case.unit_description or rec.missing("unit description"),
        second_election_schedule=placeholder(f"date, time and place, or mail-ballot schedule, of the "
                                             f"{ordinal(election.sequence + 1)} election"),
        next_ordinal=ordinal(election.sequence + 1),
        eligibility_cutoff=rerun_eligibility(ordinal(election.sequence + 1)).cutoff,
        signature=rec.rd_signature(decision.issuer))


class DecisionAndDirectionOfSecondElection(RecordDocument):
    """The Regional Director's decision setting the election aside, from its Decision row (kind rd-decision)."""

    kind = DocumentKind.DECISION_AND_DIRECTION_OF_SECOND_ELECTION
    context = DecisionAndDirectionOfSecondElectionContext
    record = Decision
    record_name = "decision"
    name = "Decision on Objections and Direction of Second Election"

    @classmethod
    def title_from(cls, context: DecisionAndDirectionOfSecondElectionContext) -> str:
        """"... Direction of Second Election", "... of Third Election" when a rerun is set aside in turn (R-O2)."""
        return f"Decision on Objections and Direction of {context.next_ordinal.capitalize()} Election"

    @classmethod
    def build(cls, rec: CaseRecord, decision: Decision) -> Built:
        election = rec.election(decision.election_id)
        tally = rec.latest_tally(election)
        ctx = DecisionAndDirectionOfSecondElectionContext(
            **direction_fields(rec, decision, election, on=decision.issued_on),
            tally=tally_lines(tally, election),
            procedural_history=history_until(rec, election, decision),
            findings=rec.findings(decision), objections=objections_ruled_on(rec, election, decision),
            objections_set_public=rec.objections_set_public(election),
            record_notes=notes(decision.uncertain) + plain_notes(decision.note)
            + history_notes(rec, election, until=decision.issued_on, excluding=ref_to(decision)),
        )
        return Built(ctx, decision.issued_on, "Regional Director", Actor.REGIONAL_DIRECTOR, election.id)
