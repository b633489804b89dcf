"""D1 Tally of Ballots (initial, rerun, runoff): the Board agent's form, R-C2 lines 1–11, issued as a
record copy from the tally the record keeps (casefile.acts.record_tally)."""

from __future__ import annotations

from sqlmodel import col, select

from casefile.documents import wording
from casefile.documents.base import Built, RecordDocument
from casefile.documents.parts import (
    Count,
    DeadlineLine,
    DocumentContext,
    Issuance,
    Placeholder,
    Signature,
    TallyLines,
    placeholder,
)
from casefile.documents.record_view import CaseRecord, notes, tally_lines
from casefile.record.lookups import deadline_of
from casefile.record.models import Decision, Election, Tally
from casefile.rules.excluded_ballots import reason_words
from casefile.vocab import (
    Actor,
    DeadlineKind,
    DecisionKind,
    DecisionResult,
    DocumentKind,
    ElectionAgreement,
    ElectionKind,
    TallyKind,
)


class TallyOfBallotsContext(DocumentContext):
    """D1 Tally of Ballots (initial, revised, rerun, runoff): R-C2 lines 1–11."""

    agreement: ElectionAgreement | Placeholder
    agreement_public: bool = True  # False: the agreement is inferred (Case.agreement_public): said so inline
    tally: TallyLines
    unit_description: str
    board_agent: Signature
    observers_for: tuple[str, ...] = ()  # parties whose observers sign the acknowledgment (line 11)
    objections_due: DeadlineLine | None = None
    election_type: str | None = None  # a rerun's or runoff's direction, e.g. "Decision and Direction of Second Election"
    excluded: Count = 0  # ballots excluded at the count: neither opened nor counted, not challenged at it
    excluded_reason: str = ""  # why, in words ("because ...", or that the record does not state it)
    several_units: bool = False  # the case's elections are of more than one voting unit: the unit is named by its id


_TITLES = {
    TallyKind.INITIAL: "Tally of Ballots",
    TallyKind.REVISED: "Revised Tally of Ballots",
    TallyKind.RERUN: "Tally of Ballots — Rerun Election",
    TallyKind.RUNOFF: "Tally of Ballots — Runoff Election",
}


class TallyOfBallots(RecordDocument):
    """The Tally of Ballots of an election, from its Tally row."""

    kind = DocumentKind.TALLY_OF_BALLOTS
    context = TallyOfBallotsContext
    record = Tally
    record_name = "tally"
    transcribed_verb = "served"
    transcribed_signatures = "the Board agent's signature and the observers'"

    @classmethod
    def title_from(cls, context: TallyOfBallotsContext) -> str:
        """"Tally of Ballots", "Tally of Ballots — Rerun Election", "Tally of Ballots — Runoff Election"."""
        return _TITLES[context.tally.kind]

    @classmethod
    def build(cls, rec: CaseRecord, tally: Tally) -> Built:
        election = rec.election(tally.election_id)
        ctx = TallyOfBallotsContext(
            caption=rec.caption(), issuance=Issuance(issued_on=tally.prepared_on, issuer_title="Board Agent"),
            agreement=rec.case.agreement or placeholder("election agreement"), agreement_public=rec.case.agreement_public, tally=tally_lines(tally, election),
            unit_description=rec.case.unit_description or rec.missing("unit description"),
            # the Board agent's name as entered, never "/s/": the record holds no signature of theirs, and a copy
            # casefile prepares must not make one
            board_agent=Signature(name=tally.board_agent or rec.missing("Board agent's name"), title="Board Agent",
                                  signed=False),
            observers_for=tuple(p.name for p in rec.parties),
            objections_due=rec.deadline_line(deadline_of(rec.session, election, DeadlineKind.OBJECTIONS)),
            election_type=election_type(rec, election), excluded=tally.excluded,
            excluded_reason=reason_words(tally.excluded_reason) if tally.excluded else "",
            several_units=rec.several_units(),
            record_notes=notes(tally.uncertain),  # what the sources leave open about the count: the annex
        )
        return Built(ctx, tally.prepared_on, "Board Agent", Actor.BOARD_AGENT, election.id)


def election_type(rec: CaseRecord, election: Election) -> str | None:
    """What directed a rerun or runoff (the tally's "Type of election"); None for the case's first election."""
    if election.follows_id is None or election.kind is ElectionKind.INITIAL:
        return None
    if election.kind is ElectionKind.RUNOFF:
        return "Runoff election (29 CFR 102.70)"
    decision = rec.session.exec(select(Decision).where(Decision.election_id == election.follows_id, Decision.result == DecisionResult.SET_ASIDE,
                                                       Decision.kind != DecisionKind.HO_REPORT).order_by(col(Decision.id).desc())).first()
    if decision is not None and decision.kind == DecisionKind.ALJ_DECISION:
        return f"Rerun election: Administrative Law Judge's decision directing {wording.next_election(election.sequence - 1)}"
    if decision is not None and decision.kind == DecisionKind.BOARD_DECISION:
        return f"Rerun election: the Board's {wording.direction_title(election.sequence)}"
    return f"Rerun election: {wording.direction_title(election.sequence)}"
