"""D10 Revised Tally of Ballots: the Regional Director's tally after challenged ballots are opened and
counted or their challenges sustained (R-L1–R-L4), three columns per line, from the revised Tally row
and the tally it revises (casefile.acts.revised_tally)."""

from __future__ import annotations

from pydantic import Field
from sqlmodel import select

from casefile.documents.base import Built, RecordDocument
from casefile.documents.parts import (
    Count,
    DeadlineLine,
    DocumentContext,
    Issuance,
    Placeholder,
    ServiceEntry,
    Signature,
    TallyLines,
    VoteLine,
    placeholder,
)
from casefile.documents.record_view import CaseRecord, tally_lines
from casefile.record.lookups import counts_of, deadline_of
from casefile.record.models import ChallengedBallot, Tally
from casefile.rules.revised_count import revised_columns
from casefile.vocab import Actor, ChallengeStatus, DeadlineKind, DocumentKind, ElectionAgreement


class RevisedTallyContext(DocumentContext):
    """D10 Revised Tally of Ballots, after challenged ballots are ruled on (R-L1–R-L4, R-G9, R-E8).

    Three columns for each R-C2 line (Shanhouse 1952 layout): ``original`` (the tally revised, of
    any kind, itself possibly a revised tally), the ballots opened and counted (``counted`` per
    choice in ballot order, ``counted_against``, ``counted_void``), and ``revised`` (kind REVISED,
    its ``prepared_on`` the date made available, which starts the window for objections to the
    revised tally, ``objections_due``). ``opened`` ballots were opened and counted, ``sustained``
    challenges leave their ballots uncounted, ``still_unopened`` remain sealed (the revised
    challenged line, re-tested for determinativeness by the rules, R-L4). Only counts per choice are
    given, never a voter's vote (R-E8). ``rulings_summary`` says which rulings sustained or overruled
    the challenges ("The Regional Director on January 10, 2022 sustained the challenges to all 7
    ballots ...").

    The columns are the rules' (casefile.rules.revised_count: revised_counts refuses, before the act
    stores anything, counts that do not add up; revised_columns reads the stored tallies back).
    """

    agreement: ElectionAgreement | Placeholder
    unit_description: str
    original: TallyLines
    counted: tuple[VoteLine, ...] = Field(min_length=1)
    counted_against: Count | None
    counted_void: Count = 0
    revised: TallyLines
    opened: Count
    sustained: Count
    still_unopened: Count
    rulings_summary: str
    objections_due: DeadlineLine | None = None
    signature: Signature  # the Board agent "for the Regional Director", or the Regional Director
    observers_for: tuple[str, ...] = ()  # parties whose observers watched the ballots opened and counted
    service: tuple[ServiceEntry, ...] = ()

    @property
    def counted_valid(self) -> int:
        """Valid votes among the ballots opened: Σ counted per choice + counted against."""
        return sum(line.votes for line in self.counted) + (self.counted_against or 0)

    @property
    def resolved(self) -> int:
        """Challenges resolved since the original tally: ballots opened plus challenges sustained."""
        return self.opened + self.sustained


class RevisedTallyOfBallots(RecordDocument):
    """The Revised Tally of Ballots, from the revised Tally row (``revises_id``: the tally it revises)."""

    kind = DocumentKind.REVISED_TALLY_OF_BALLOTS
    context = RevisedTallyContext
    record = Tally
    record_name = "tally"
    name = "Revised Tally of Ballots"

    @classmethod
    def build(cls, rec: CaseRecord, revised: Tally) -> Built:
        election = rec.election(revised.election_id)
        original: Tally = rec.get(Tally, revised.revises_id)
        columns = revised_columns(counts_of(original), counts_of(revised), opened=revised.opened)
        counted = tuple(VoteLine(choice=n, votes=v) for n, v in columns.counted)
        counted_against, sustained = columns.counted_against, columns.sustained
        ballots = rec.session.exec(select(ChallengedBallot).where(ChallengedBallot.revised_tally_id == revised.id)).all()
        rulings: dict[str, int] = {}
        for ballot in ballots:
            label = f"{'sustained' if ballot.status == ChallengeStatus.SUSTAINED else 'overruled'} by the {ballot.ruling}"
            rulings[label] = rulings.get(label, 0) + 1
        summary = ("; ".join(f"{n} challenge{'s' if n != 1 else ''} {label}" for label, n in rulings.items())
                   if rulings else f"{revised.opened} challenged ballots overruled and opened, {sustained} challenges sustained")
        ctx = RevisedTallyContext(
            caption=rec.caption(), issuance=Issuance(issued_on=revised.prepared_on, issuer_title="Regional Director"),
            agreement=rec.case.agreement or placeholder("election agreement"),
            unit_description=rec.case.unit_description or rec.missing("unit description"),
            original=tally_lines(original, election), counted=counted, counted_against=counted_against,
            revised=tally_lines(revised, election), opened=revised.opened, sustained=sustained,
            still_unopened=columns.still_unopened, rulings_summary=summary,
            objections_due=rec.deadline_line(deadline_of(rec.session, election, DeadlineKind.REVISED_TALLY_OBJECTIONS)),
            signature=rec.rd_signature(on=revised.prepared_on), observers_for=tuple(p.name for p in rec.parties),
            service=rec.service(on=revised.prepared_on),
        )
        return Built(ctx, revised.prepared_on, "Regional Director", Actor.REGIONAL_DIRECTOR, election.id)
