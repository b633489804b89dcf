"""D10 Revised Tally of Ballots: the Regional Director's tally after challenged ballots are opened and
counted or their challenges sustained (R-L1–R-L4), three columns per line, from the revised Tally row
and the tally it revises (casefile.acts.revised_tally)."""

from __future__ import annotations

from pydantic import Field
from sqlmodel import col, select

from casefile.documents.base import Built, RecordDocument
from casefile.documents.kinds.rd_decision_fields import terms_on
from casefile.documents.kinds.tally_of_ballots import election_type
from casefile.documents.parts import (
    Count,
    DateOrPlaceholder,
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
from casefile.documents.record_view import CaseRecord, labeled_notes, notes, tally_lines
from casefile.record.lookups import counts_of, deadline_of
from casefile.record.models import ChallengedBallot, Decision, Tally
from casefile.rules.challenge_words import ruling_words
from casefile.rules.chronology import long_date
from casefile.rules.conditional_rerun import FollowsRevisedTally, rerun_stands, what_follows_revised_tally
from casefile.rules.excluded_ballots import reason_words, with_excluded
from casefile.rules.revised_count import revised_columns
from casefile.vocab import (
    Actor,
    ChallengeStatus,
    DeadlineKind,
    DecisionResult,
    DocumentKind,
    ElectionAgreement,
    TallyKind,
    ordinal,
)
from casefile.vocab import counted as count_of


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
    agreement_public: bool = True  # False: the agreement is inferred (Case.agreement_public): said so inline
    unit_description: str
    several_units: bool = False  # the case's elections are of more than one voting unit: the unit is named by its key
    original: TallyLines
    counted: tuple[VoteLine, ...] = Field(min_length=1)
    counted_against: Count | None
    counted_void: Count = 0
    revised: TallyLines
    opened: Count
    sustained: Count
    still_unopened: Count
    rulings_summary: str
    excluded_counted: Count = 0  # ballots excluded at the original count among those opened (a supplemental count)
    excluded_reason: str = ""  # why they were excluded, in words ("because ...": rules.excluded_ballots.reason_words)
    excluded_ordered: tuple[str, ...] = ()  # who ordered them counted and when ("the Regional Director on April 26, 2022")
    objections_due: DeadlineLine | None = None
    election_type: str | None = None  # a rerun's or runoff's direction (the Tally of Ballots' "Type of election")
    # What follows the count (rules.conditional_rerun.what_follows_revised_tally); None: read from ``revised`` alone.
    follows: FollowsRevisedTally | None = None
    condition_of: DateOrPlaceholder | None = None  # election-directed: the conditional decision's date
    next_election: str = ""  # election-directed: "second", "third" (the election directed, by its place)
    # election-directed: the result that met the condition, in words (rules.conditional_rerun.ConditionTerms.met)
    condition_met: str = ""
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
        ballots = rec.session.exec(select(ChallengedBallot).where(ChallengedBallot.revised_tally_id == revised.id)).all()
        excluded = [b for b in ballots if b.excluded_at_count]
        columns = revised_columns(with_excluded(counts_of(original), len(excluded)), counts_of(revised),
                                  opened=revised.opened)
        counted = tuple(VoteLine(choice=n, votes=v) for n, v in columns.counted)
        counted_against, sustained = columns.counted_against, columns.sustained
        rulings: dict[str, int] = {}
        for ballot in ballots:
            if ballot.excluded_at_count:
                continue
            by = ruling_words(ballot.ruled_by, ballot.ruled_on)
            label = ("sustained" if ballot.status == ChallengeStatus.SUSTAINED else "overruled") + (f" {by}" if by else "")
            rulings[label] = rulings.get(label, 0) + 1
        summary = ("; ".join(f"{n} challenge{'s' if n != 1 else ''} {label}" for label, n in rulings.items())
                   if rulings else f"{count_of(revised.opened, 'challenged ballot')} overruled and opened, {count_of(sustained, 'challenge')} sustained")
        count_tally = rec.session.exec(select(Tally).where(Tally.election_id == election.id, Tally.kind != TallyKind.REVISED)
                                       .order_by(col(Tally.id))).first() if excluded else None
        orders = tuple(dict.fromkeys(ruling_words(b.ruled_by, b.ruled_on).removeprefix("by ")
                                     for b in excluded if b.ruled_on is not None and b.ruled_by is not None))
        if excluded and not rulings:
            summary = (f"{len(excluded)} {'ballot' if len(excluded) == 1 else 'ballots'} excluded at the original count "
                       f"ordered opened and counted by {' and '.join(orders)}")
        elif excluded:
            summary += (f"; {len(excluded)} {'ballot' if len(excluded) == 1 else 'ballots'} excluded at the original count "
                        f"ordered opened and counted by {' and '.join(orders)}")
        conditional = rec.session.exec(select(Decision).where(
            Decision.election_id == election.id, Decision.condition != "", Decision.result == DecisionResult.SET_ASIDE,
            col(Decision.issued_on) <= revised.prepared_on).order_by(col(Decision.id).desc())).first()
        earlier = rec.session.exec(select(Tally).where(
            Tally.election_id == election.id, Tally.kind == TallyKind.REVISED, col(Tally.id) < revised.id,
            col(Tally.prepared_on) >= conditional.issued_on)).all() if conditional is not None else []
        condition_met = (conditional is not None and rerun_stands(conditional.condition, revised.outcome, revised.winner) is True
                         and not any(rerun_stands(conditional.condition, t.outcome, t.winner) is not None for t in earlier))
        ctx = RevisedTallyContext(
            caption=rec.caption(), issuance=Issuance(issued_on=revised.prepared_on, issuer_title="Regional Director"),
            agreement=rec.case.agreement or placeholder("election agreement"), agreement_public=rec.case.agreement_public,
            unit_description=rec.case.unit_description or rec.missing("unit description"), several_units=rec.several_units(),
            original=tally_lines(original, election), counted=counted, counted_against=counted_against,
            revised=tally_lines(revised, election), opened=revised.opened, sustained=sustained,
            still_unopened=columns.still_unopened, rulings_summary=summary, excluded_counted=len(excluded),
            excluded_reason=reason_words(count_tally.excluded_reason) if count_tally is not None else "",
            excluded_ordered=orders, election_type=election_type(rec, election),
            follows=what_follows_revised_tally(revised.outcome, condition_met=condition_met),
            condition_of=conditional.issued_on if condition_met and conditional is not None else None,
            next_election=ordinal(election.sequence + 1) if condition_met else "",
            condition_met=terms_on(conditional, revised, election).met if condition_met and conditional is not None else "",
            objections_due=rec.deadline_line(deadline_of(rec.session, election, DeadlineKind.REVISED_TALLY_OBJECTIONS)),
            signature=rec.rd_signature(on=revised.prepared_on), observers_for=tuple(p.name for p in rec.parties),
            service=rec.service(on=revised.prepared_on),
            # what the sources leave open about this count, then about the tally it revises (labeled as that tally's)
            record_notes=notes(revised.uncertain)
            + labeled_notes(f"the {original.kind.value} tally of {long_date(original.prepared_on)}", original.uncertain),
        )
        return Built(ctx, revised.prepared_on, "Regional Director", Actor.REGIONAL_DIRECTOR, election.id)
