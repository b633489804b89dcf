"""D14 Notice of Runoff Election (R-P1–R-P3, R-O5; 29 CFR 102.70), from the Election row whose tally
calls for the runoff."""

from __future__ import annotations

from sqlmodel import select

from casefile.documents.base import Built, RecordDocument
from casefile.documents.parts import (
    DateOrPlaceholder,
    DeadlineLine,
    DocumentContext,
    Issuance,
    Placeholder,
    ServiceEntry,
    Signature,
    TallyLines,
    placeholder,
)
from casefile.documents.record_view import CaseRecord, tally_lines
from casefile.record.models import (
    DocketEntry,
    Election,
    Filing,
)
from casefile.rules.chronology import long_date
from casefile.rules.tally import AGAINST
from casefile.vocab import Actor, DocketActName, DocumentKind, ElectionAgreement, FilingKind


class NoticeOfRunoffElectionContext(DocumentContext):
    """D14 Notice of Runoff Election (R-P1–R-P3, R-O5; 29 CFR 102.70).

    ``tally`` is the final tally of the election in which no choice won a majority of the valid votes
    (R-P1); ``choices`` are the two choices on the runoff ballot in ballot order (R-P2): names of
    labor organizations on that tally, or :data:`~casefile.rules.tally.AGAINST` for "no union"
    (as the direction the rules made stores them: casefile.rules.runoff_direction.direction_for, which
    refuses a runoff the tally does not call for before anything is stored). ``runoff_schedule`` is the date, time and place or
    mail schedule (a placeholder until set); ``posting`` the computed notice-posting deadline (R-O5),
    known once the runoff date is. ``original_eligibility_period_ending_on`` is the original
    election's eligibility date, when known (R-P3: eligible then *and* on the runoff date).
    """

    agreement: ElectionAgreement | Placeholder
    agreement_public: bool = True  # False: the agreement is inferred (Case.agreement_public): said so inline
    unit_description: str
    tally: TallyLines
    choices: tuple[str, str]
    basis: str | None = None  # "no objections having been filed", when the record says so
    runoff_schedule: str
    original_eligibility_period_ending_on: DateOrPlaceholder | None = None
    voter_list: DeadlineLine | None = None
    posting: DeadlineLine | None = None
    signature: Signature
    service: tuple[ServiceEntry, ...] = ()

    def votes_for(self, choice: str) -> int:
        """Votes the choice received on the tally (AGAINST: the votes against)."""
        if choice == AGAINST:
            return self.tally.against or 0
        return next(line.votes for line in self.tally.choices if line.choice == choice)

    @property
    def majority_needed(self) -> int:
        """Votes a choice needed for a majority of the valid votes counted: valid // 2 + 1."""
        return self.tally.valid // 2 + 1


class NoticeOfRunoffElection(RecordDocument):
    """The Notice of Runoff Election, from the Election row whose tally calls for it."""

    kind = DocumentKind.NOTICE_OF_RUNOFF_ELECTION
    context = NoticeOfRunoffElectionContext
    record = Election
    record_name = "election"
    name = "Notice of Runoff Election"

    @classmethod
    def build(cls, rec: CaseRecord, election: Election) -> Built:
        tally = rec.latest_tally(election)
        # The two choices the direction put on the runoff ballot (stored by direct-runoff from the rules' answer).
        choices = (*election.next_choices, *([AGAINST] if election.next_against_on_ballot else []))
        directed = rec.session.exec(select(DocketEntry).where(DocketEntry.election_id == election.id,
                                                              DocketEntry.act == DocketActName.DIRECT_RUNOFF)).first()
        issued_on = directed.occurred_on if directed else tally.prepared_on
        objected = rec.session.exec(select(Filing.id).where(Filing.election_id == election.id, Filing.kind == FilingKind.OBJECTIONS)).first()
        if election.next_held_from_on:
            schedule = long_date(election.next_held_from_on) + (
                f" to {long_date(election.next_held_to_on)}" if election.next_held_to_on else "") + \
                f"; {placeholder('time and place, or mail-ballot schedule, of the runoff election')}"
        else:
            schedule = placeholder("date, time and place, or mail-ballot schedule, of the runoff election")
        ctx = NoticeOfRunoffElectionContext(
            caption=rec.caption(), issuance=Issuance(issued_on=issued_on, issuer_title="Regional Director"),
            agreement=rec.case.agreement or placeholder("election agreement"), agreement_public=rec.case.agreement_public,
            unit_description=rec.case.unit_description or rec.missing("unit description"),
            tally=tally_lines(tally, election), choices=choices,
            basis=None if objected else "no objections having been filed", runoff_schedule=schedule,
            signature=rec.rd_signature(on=issued_on), service=rec.service(on=issued_on),
        )
        return Built(ctx, issued_on, "Regional Director", Actor.REGIONAL_DIRECTOR, election.id)
