"""D14 Notice of Runoff Election (R-P1–R-P3, R-O5; 29 CFR 102.70), from the Election row whose tally
calls for the runoff."""

from __future__ import annotations

from typing import Self

from pydantic import model_validator
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
from casefile.errors import ProcedureError
from casefile.record.lookups import counts_of
from casefile.record.models import (
    DocketEntry,
    Election,
    Filing,
)
from casefile.rules.tally import AGAINST, analyze_tally
from casefile.vocab import (
    Actor,
    DocumentKind,
    ElectionAgreement,
    TallyKind,
)


class NoticeOfRunoffElectionContext(DocumentContext):
    """D14 Notice of Runoff Election (R-P1–R-P3, R-O5; 29 CFR 102.70).

    ``tally`` is the final tally of the election in which no choice won a majority of the valid votes
    (R-P1); ``choices`` are the two choices on the runoff ballot in ballot order (R-P2): names of
    labor organizations on that tally, or :data:`~casefile.rules.tally.AGAINST` for "no union"
    (as ``Outcome.runoff_choices`` gives them). ``runoff_schedule`` is the date, time and place or
    mail schedule (a placeholder until set); ``posting`` the computed notice-posting deadline (R-O5),
    known once the runoff date is. ``original_eligibility_period_ending_on`` is the original
    election's eligibility date, when known (R-P3: eligible then *and* on the runoff date).

    Raises ProcedureError when the tally shows a majority, determinative challenges, or is itself a
    runoff's (only one runoff, 102.70(a)), or when the two choices are not on the ballot or not the
    two with the most votes.
    """

    agreement: ElectionAgreement | Placeholder
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

    @model_validator(mode="after")
    def _runoff_is_called_for(self) -> Self:
        t = self.tally
        where = f"notice of runoff election after the tally of {t.prepared_on}"
        if t.kind is TallyKind.RUNOFF:
            raise ProcedureError(f"{where}: that tally is a runoff's; only one runoff is held (102.70(a), R-P1)")
        if t.determinative:
            raise ProcedureError(f"{where}: its challenged ballots are determinative and must be resolved before a runoff (R-P1)")
        on_ballot = [line.choice for line in t.choices] + ([AGAINST] if t.against is not None else [])
        if len(on_ballot) < 3:
            raise ProcedureError(
                f"{where}: a runoff follows only a ballot of at least three choices, not {on_ballot} (102.70(a), R-P1)"
            )
        if self.choices[0] == self.choices[1] or any(choice not in on_ballot for choice in self.choices):
            raise ProcedureError(
                f"{where}: the runoff choices {list(self.choices)} must be two different choices of the ballot {on_ballot}"
            )
        if on_ballot.index(self.choices[0]) > on_ballot.index(self.choices[1]):
            raise ProcedureError(f"{where}: give the runoff choices in ballot order ({on_ballot})")
        votes = {choice: self.votes_for(choice) for choice in on_ballot}
        leader = max(votes, key=lambda choice: votes[choice])
        if t.majority_for is not None or 2 * votes[leader] > t.valid:
            raise ProcedureError(f"{where}: {leader} has {votes[leader]:,} of {t.valid:,} valid votes, a majority; no runoff (R-P1)")
        left_off = max((votes[c] for c in on_ballot if c not in self.choices), default=-1)
        if min(votes[c] for c in self.choices) < left_off:
            raise ProcedureError(f"{where}: the runoff choices {list(self.choices)} are not the two with the most votes {votes} (R-P2)")
        return self


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
        outcome = analyze_tally(counts_of(tally)).outcome
        assert outcome.runoff_choices is not None
        directed = rec.session.exec(select(DocketEntry).where(DocketEntry.election_id == election.id,
                                                              DocketEntry.act == "direct-runoff")).first()
        issued_on = directed.occurred_on if directed else tally.prepared_on
        objected = rec.session.exec(select(Filing.id).where(Filing.election_id == election.id, Filing.kind == "objections")).first()
        if election.next_held_from_on:
            schedule = election.next_held_from_on.strftime("%B %-d, %Y") + (
                f" to {election.next_held_to_on.strftime('%B %-d, %Y')}" if election.next_held_to_on else "") + \
                f"; {placeholder('time and place, or mail-ballot schedule, of the runoff election')}"
        else:
            schedule = placeholder("date, time and place, or mail-ballot schedule, of the runoff election")
        ctx = NoticeOfRunoffElectionContext(
            caption=rec.caption(), issuance=Issuance(issued_on=issued_on, issuer_title="Regional Director"),
            agreement=rec.case.agreement or placeholder("election agreement"),
            unit_description=rec.case.unit_description or rec.missing("unit description"),
            tally=tally_lines(tally, election), choices=outcome.runoff_choices,
            basis=None if objected else "no objections having been filed", runoff_schedule=schedule,
            signature=rec.rd_signature(on=issued_on), service=rec.service(on=issued_on),
        )
        return Built(ctx, issued_on, "Regional Director", Actor.REGIONAL_DIRECTOR, election.id)
