"""D10 Revised Tally of Ballots: the Regional Director's tally after challenged ballots are opened and
counted or their challenges sustained (R-L1–R-L4), three columns per line, from the revised Tally row
and the tally it revises (casefile.acts.revised_tally)."""

from __future__ import annotations

from datetime import date
from typing import Self

from pydantic import Field, model_validator
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
from casefile.errors import InvalidTally, ProcedureError
from casefile.record.lookups import deadline_of
from casefile.record.models import ChallengedBallot, Tally
from casefile.vocab import Actor, DeadlineKind, DocumentKind, ElectionAgreement, TallyKind


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

    Raises InvalidTally when the columns do not add up, ``line`` naming the line at fault: "kind"
    (the revised column is not a revised tally), "choices" / "counted" (a column lists other choices,
    or a choice's revised votes are not the original plus those counted), "against", "void" (same
    arithmetic), "opened" (the ballots counted are not the ballots opened), "challenged" (the revised
    challenged line is not the ballots still unopened), "sustained" (opened + sustained + still
    unopened is not the original challenged line). Raises ProcedureError when nothing was resolved,
    or the revised tally predates the original or is of another election or unit.
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

    @model_validator(mode="after")
    def _columns_add_up(self) -> Self:
        original, revised = self.original, self.revised
        where = f"revised tally of {revised.prepared_on}"
        if revised.kind is not TallyKind.REVISED:
            raise InvalidTally(f"{where}: the revised column is a tally of kind {revised.kind.value!r}, not 'revised'", line="kind")
        names = [line.choice for line in original.choices]
        for column, lines, line_name in (("revised tally", revised.choices, "choices"), ("ballots counted", self.counted, "counted")):
            if [line.choice for line in lines] != names:
                raise InvalidTally(
                    f"{where}: the {column} lists the choices {[line.choice for line in lines]},"
                    f" not those of the original tally {names} (same choices, same ballot order)",
                    line=line_name,
                )
        if not (original.against is None) == (revised.against is None) == (self.counted_against is None):
            raise InvalidTally(
                f"{where}: the 'against' line must be on all three columns or on none"
                f" (original {original.against}, counted {self.counted_against}, revised {revised.against})",
                line="against",
            )
        for line_name, label, before, added, after in (
            ("void", "void ballots", original.void, self.counted_void, revised.void),
            *(
                ("choices", f"votes for {o.choice}", o.votes, c.votes, r.votes)
                for o, c, r in zip(original.choices, self.counted, revised.choices, strict=True)
            ),
            ("against", "votes against", original.against or 0, self.counted_against or 0, revised.against or 0),
        ):
            if isinstance(before, str) or isinstance(after, str):  # a void count not in the record: nothing to add up
                continue
            if before + added != after:
                raise InvalidTally(
                    f"{where}: {label} is {after:,} but the original {before:,} plus the {added:,} counted is {before + added:,}",
                    line=line_name,
                )
        opened_counted = self.counted_valid + self.counted_void
        if opened_counted != self.opened:
            raise InvalidTally(
                f"{where}: {self.opened:,} challenged ballots were opened but the ballots counted add up to {opened_counted:,}"
                f" ({self.counted_valid:,} valid + {self.counted_void:,} void)",
                line="opened",
            )
        if revised.challenged != self.still_unopened:
            raise InvalidTally(
                f"{where}: the challenged line is {revised.challenged:,} but {self.still_unopened:,} challenged ballots are still unopened",
                line="challenged",
            )
        if self.opened + self.sustained + self.still_unopened != original.challenged:
            raise InvalidTally(
                f"{where}: the original tally has {original.challenged:,} challenged ballots but {self.opened:,} opened"
                f" + {self.sustained:,} sustained + {self.still_unopened:,} still unopened"
                f" = {self.opened + self.sustained + self.still_unopened:,}",
                line="sustained",
            )
        if self.resolved == 0:
            raise ProcedureError(f"{where}: no challenged ballot was opened and no challenge sustained; there is nothing to revise (R-L1)")
        if isinstance(original.prepared_on, date) and isinstance(revised.prepared_on, date) and revised.prepared_on < original.prepared_on:
            raise ProcedureError(f"{where}: the revised tally cannot predate the original tally of {original.prepared_on}")
        if revised.election != original.election or revised.unit_id != original.unit_id:
            raise ProcedureError(f"{where}: the revised tally is of another election or unit than the original tally")
        return self



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
        before = dict((n, v) for n, v in original.votes)
        counted = tuple(VoteLine(choice=n, votes=v - before[n]) for n, v in revised.votes)
        counted_against = None if revised.against is None else revised.against - (original.against or 0)
        sustained = original.challenged - revised.opened - revised.challenged
        ballots = rec.session.exec(select(ChallengedBallot).where(ChallengedBallot.revised_tally_id == revised.id)).all()
        rulings: dict[str, int] = {}
        for ballot in ballots:
            label = f"{'sustained' if ballot.status.value == 'sustained' else 'overruled'} by the {ballot.ruling}"
            rulings[label] = rulings.get(label, 0) + 1
        summary = ("; ".join(f"{n} challenge{'s' if n != 1 else ''} {label}" for label, n in rulings.items())
                   if rulings else f"{revised.opened} challenged ballots overruled and opened, {sustained} challenges sustained")
        ctx = RevisedTallyContext(
            caption=rec.caption(), issuance=Issuance(issued_on=revised.prepared_on, issuer_title="Regional Director"),
            agreement=rec.case.agreement or placeholder("election agreement"),
            unit_description=rec.case.unit_description or rec.missing("unit description"),
            original=tally_lines(original, election), counted=counted, counted_against=counted_against,
            revised=tally_lines(revised, election), opened=revised.opened, sustained=sustained,
            still_unopened=revised.challenged, rulings_summary=summary,
            objections_due=rec.deadline_line(deadline_of(rec.session, election, DeadlineKind.REVISED_TALLY_OBJECTIONS)),
            signature=rec.rd_signature(on=revised.prepared_on), observers_for=tuple(p.name for p in rec.parties),
            service=rec.service(on=revised.prepared_on),
        )
        return Built(ctx, revised.prepared_on, "Regional Director", Actor.REGIONAL_DIRECTOR, election.id)
