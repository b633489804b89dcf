"""The read models of casefile.record.queries: a case, its elections, tallies, deadlines, docket, documents,
parties and attachments as typed, frozen pydantic models. Their JSON form (``model_dump(mode="json",
by_alias=True)``) is the published contract of ``--json`` output and the API (docs/json-output.md; changes go in
CHANGELOG.md). Built by casefile.record.queries; nothing here reads the database."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class ReadModel(BaseModel):
    model_config = ConfigDict(populate_by_name=True, frozen=True)


class ChallengeNeed(ReadModel):
    """What one reachable outcome needs from the challenged ballots (docs/json-output.md)."""

    outcome: str
    winner: str | None
    runoff_choices: list[str] | None
    fewest_needed: dict[str, Any] | None
    all_opened: dict[str, Any] | None
    sentence: str


class TallyView(ReadModel):
    """A tally of ballots as recorded, with the lines and outcome the rules computed."""

    kind: str
    prepared_on: date
    eligible: int | None
    void: int | None  # None: not in the record
    choices: list[dict[str, Any]]
    against: int | None
    valid: int
    challenged: int
    valid_plus_challenged: int
    determinative: bool
    majority_for: str | None
    outcome: str
    winner: str | None = None
    runoff_choices: list[str] = []
    outcome_text: str
    outcome_words: str = ""  # what the outcome leads to, in words, from its fields (rules.outcome.outcome_words)
    reachable: list[str]
    warnings: list[str]
    revises: bool
    opened: int
    challenge_analysis: list[ChallengeNeed]
    #: Its determinative challenged ballots as the record resolved them without a count, in words ("3 sustained by the
    #: Regional Director on September 21, 2026"; casefile.record.challenge_resolution); "" when not so resolved.
    resolution: str = ""
    #: Then the outcome that stands (rules.outcome.Outcome.describe); "" otherwise (``outcome_text`` is the count's).
    outcome_now: str = ""
    #: A revised tally that decided a conditional direction: ``met`` (the second election stands, no certification
    #: follows) or ``lapsed`` (the direction lapsed: what the count calls for follows); None otherwise (R-M2).
    condition: str | None = None


class DeadlineView(ReadModel):
    """A deadline as computed and kept; ``cutoff_at`` in the receiving office's own zone."""

    id: int
    kind: str
    for_whom: str = Field(alias="for")
    trigger: str  # what the period runs from, in words (casefile.rules.trigger_words)
    trigger_kind: str  # the same as a fact: a TriggerKind value ("tally-prepared"); its date is trigger_on
    trigger_on: date
    due_on: date
    cutoff_at: datetime
    citation: str
    rule_set: str
    office: str
    calendar: str
    status: str
    derivation: list[str]
    pinned_by: str = ""
    case_number: str | None = None
    stored_status: str | None = None
    status_note: str | None = None
    met_by: list[str] = []  # the parties whose timely filing met it (as far as the viewer may know)
    whose: str = ""  # the party's name when the period is that party's alone (an objecting party's offer of proof)


class DocketEntryView(ReadModel):
    """One docket entry: the act's legal date, the act, the legal actor, who recorded it, the summary."""

    occurred_on: date
    act: str
    actor: str
    recorded_by: str = ""
    summary: str
    from_stage: str | None
    to_stage: str | None
    actor_name: str = ""  # the legal actor in words: the party by name ("Amazon.com Services LLC"), "Regional Director"
    recorded_by_name: str = ""  # who recorded it, in words: "Ann Lee (ann@example.org)", "operator ann", "casefile (sweep)"
    superseded: bool = False  # a closure a later entry superseded (its summary says so: casefile.record.closures)
    id: int = 0  # the entry's id (an act's ``to``: "docket:ID")
    of_filing: bool = False  # the entry of a party's filing (a document is attached to the filing itself)


class DocumentView(ReadModel):
    """An issued document as listed: ``path`` is the local file (the command line only; the API
    and web pages never show it)."""

    id: int
    kind: str
    title: str
    issued_on: date
    path: str
    sha256: str
    version: int
    confidential: bool


class CounselView(ReadModel):
    """Counsel of record of a party, with the contact details its filings are signed and served with."""

    name: str
    firm: str
    address: str
    phone: str
    email: str
    bar_number: str


class PartyView(ReadModel):
    """A party; ``representative`` is its lead counsel's name ("" when none), ``counsel`` all of them."""

    key: str
    role: str
    name: str
    representative: str
    counsel: list[CounselView] = []


class AttachmentView(ReadModel):
    """A document as filed (``to`` "filing:ID") or as issued by the Region (``to`` "docket:ID"), kept
    beside casefile's draft (``draft_document_id``); ``file_name`` is the name it is exported under
    (never a path: its file is stored content-addressed on the server)."""

    id: int
    to: str
    kind: str
    title: str
    file_name: str
    sha256: str
    size: int
    confirmation: str
    confidential: bool
    draft_document_id: int | None
    attached_at: datetime


class ElectionView(ReadModel):
    """One election of the chain, with its tallies, register, objections, filings, decisions,
    certification and deadlines."""

    sequence: int
    kind: str
    unit_id: str = "A"
    follows: int | None
    reason: str
    method: str | None  # None: not in the record
    held_from_on: date | None
    held_to_on: date | None
    stage: str
    stage_entered_at: datetime
    tallies: list[TallyView]
    #: The stage in words at the view's instant (casefile.record.stage_now: a period ended is never "running").
    stage_name: str = ""
    #: What holds at that instant, a clause ("the objection period on the tally has ended").
    stage_now: str = ""
    challenged_ballots: dict[str, int]
    next: dict[str, Any] | None
    objections: dict[str, dict[str, int]]
    # False: which objections the (latest) hearing before a Hearing Officer took up, and how many, is not in the public
    # record (Hearing.objections_set_public): the counts "set for hearing" stand in and are no count of the record's
    objections_set_public: bool = True
    filings: list[dict[str, Any]]
    decisions: list[dict[str, Any]]
    certification: dict[str, Any] | None
    deadlines: list[DeadlineView]
    #: The latest tally's challenge analysis as the rulings on its challenged ballots leave it (the sustained ones out;
    #: casefile.rules.partial_resolution.after_rulings_analysis): empty while none is ruled on.
    after_rulings: list[str] = []
    #: A conditional direction waiting on the count that the rulings already decide
    #: (casefile.rules.conditional_rerun.condition_warning): "" when the count still decides, or none waits.
    condition_warning: str = ""


class CaseView(ReadModel):
    """Everything about one case that who asks may see."""

    case_number: str
    name: str
    case_type: str
    region: str
    office: str
    agreement: str | None
    petition_filed_on: date | None
    rule_set: str
    notes: list[str]
    parties: list[PartyView]
    elections: list[ElectionView]
    docket: list[DocketEntryView]
    documents: list[DocumentView]
    attachments: list[AttachmentView] = []


class CaseSummary(ReadModel):
    """One line of the list of cases: the current election's stage and the next open deadline."""

    case_number: str
    name: str
    region: str
    office: str
    stage: str | None
    elections: int
    next_deadline: DeadlineView | None
    #: The current election's stage in words at the list's instant (casefile.record.stage_now); "" before a tally.
    stage_name: str = ""
