"""The case record, as SQLModel tables (design §3), in NLRB terms.

Every legal date is a ``date`` (``*_on``); every instant is stored as an aware UTC datetime
(``*_at``). Lists that are read and written whole (choices on the ballot, derivations, rulings)
are JSON columns.
"""

from __future__ import annotations

from datetime import date, datetime, time
from typing import Any

from sqlalchemy import JSON, Column, Index, UniqueConstraint, false, true
from sqlmodel import Field, SQLModel

from casefile.record.columns import EnumValue, _instant, _json, _kind
from casefile.record.refs import Ref, RefColumn
from casefile.rules.trigger_words import trigger_words
from casefile.vocab import (
    Actor,
    AttachmentKind,
    CaseType,
    CertificationKind,
    ChallengeStatus,
    DeadlineKind,
    DeadlineStatus,
    DecisionKind,
    DecisionResult,
    Disposition,
    DocketActName,
    DocumentKind,
    ElectionAgreement,
    ElectionKind,
    ExcludedReason,
    FilingKind,
    FilingMethod,
    NlrbFiling,
    PartyRole,
    RuledBy,
    ServiceMethod,
    Stage,
    TallyKind,
    TriggerKind,
    VotingMethod,
)


class Case(SQLModel, table=True):
    """A representation case (one case number, one or more voting units / elections)."""

    id: int | None = Field(default=None, primary_key=True)
    number: str = Field(index=True, unique=True)  # RR-TT-NNNNNN
    name: str
    case_type: CaseType
    region: str = Field(index=True)  # two digits
    office_key: str = Field(index=True)  # receiving office (casefile.rules.offices)
    agreement: ElectionAgreement | None = None  # None: not known (e.g. imported from NLRB's results export)
    petition_filed_on: date | None = None  # None: not in the record (then the rule set was named explicitly)
    # False: the petition's date is from reports, not from the Board's record (a record copy says so)
    petition_filed_on_public: bool = Field(default=True, sa_column_kwargs={"server_default": true()})
    agreement_public: bool = Field(default=True, sa_column_kwargs={"server_default": true()})  # False: the agreement recorded is inferred; the record does not name it
    rule_set_id: str
    unit_description: str = ""
    notes: list[Any] = _json()  # facts the sources leave uncertain, as plain sentences
    # The public sources a case kept from the record was transcribed from (a scenario's ``sources``):
    # its documents are record copies, where a fact the sources lack prints as a placeholder. Empty: a
    # live case, whose documents leave what the user has not entered as a blank line (casefile.record.people).
    sources: list[Any] = _json()
    created_at: datetime = _instant(nullable=False)


class Party(SQLModel, table=True):
    """A party to the case. Its counsel of record and other people (names, firms, addresses, e-mail,
    bar numbers) are :class:`Person` rows: one home for a person's contact details."""

    __table_args__ = (UniqueConstraint("case_id", "key"),)
    id: int | None = Field(default=None, primary_key=True)
    case_id: int = Field(foreign_key="case.id", index=True)
    key: str  # short handle used in scenarios and commands, e.g. "rwdsu", "amazon"
    role: PartyRole
    name: str


class Election(SQLModel, table=True):
    """One election in one voting unit; reruns and runoffs are new elections that follow it."""

    __table_args__ = (UniqueConstraint("case_id", "sequence"),)
    id: int | None = Field(default=None, primary_key=True)
    case_id: int = Field(foreign_key="case.id", index=True)
    sequence: int  # 1, 2, 3 ... in the case
    kind: ElectionKind
    follows_id: int | None = Field(default=None, foreign_key="election.id")
    reason: str = ""  # why this election was held (e.g. "first election set aside by RD decision of 2021-11-29")
    unit_id: str = "A"
    method: VotingMethod | None = None  # None: not in the record (never read as "manual")
    held_from_on: date | None = None
    held_to_on: date | None = None
    choices: list[Any] = _json()  # labor organizations on the ballot, in ballot order
    against_on_ballot: bool = True
    next_kind: ElectionKind | None = None  # the election directed to follow this one (rerun, runoff, nullity rerun)
    next_choices: list[Any] = _json()  # and the labor organizations on its ballot
    next_against_on_ballot: bool = True
    next_held_from_on: date | None = None  # its schedule, once the direction gives it
    next_held_to_on: date | None = None
    stage: Stage = Field(index=True)
    stage_entered_at: datetime = _instant(nullable=False)


class Tally(SQLModel, table=True):
    """A Tally of Ballots (R-C2): the counts as given, and the lines and statements the rules computed."""

    id: int | None = Field(default=None, primary_key=True)
    election_id: int = Field(foreign_key="election.id", index=True)
    kind: TallyKind
    prepared_on: date
    eligible: int | None = None
    eligible_exact: bool = False
    void: int | None = None  # None: the number of void ballots is not in the record (never read as 0)
    votes: list[Any] = _json()  # [[name, votes], ...] in ballot order
    against: int | None = None
    challenged: int = 0
    valid: int
    valid_plus_challenged: int
    determinative: bool
    majority_for: str | None = None
    outcome: str  # OutcomeKind
    winner: str | None = None  # the rules' Outcome.winner: the labor organization certified on a REP outcome
    runoff_choices: list[Any] = _json()  # the rules' Outcome.runoff_choices on a RUNOFF outcome, in ballot order
    outcome_text: str
    # the outcomes reachable by resolving the challenges, as facts: [{"outcome", "winner", "runoff_choices"}]
    # (casefile.record.stored_outcome.reachable_facts; a row of an older casefile holds sentences)
    reachable: list[Any] = _json()
    warnings: list[Any] = _json()
    runoff_ballot: bool = False
    revises_id: int | None = Field(default=None, foreign_key="tally.id")  # a revised tally: the tally it revises
    opened: int = 0  # revised tally: challenged ballots opened and counted in it
    source: str = ""  # where the figures come from (e.g. "NLRB Recent Election Results export, row 12")
    board_agent: str = Field(default="", sa_column_kwargs={"server_default": ""})  # who signed it for the Regional Director
    # Ballots the Board agent left out of the count (not opened, not challenged at it: casefile.rules.excluded_ballots),
    # and why (None: the record does not say). An order to count them writes them as challenged ballots to open.
    excluded: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    excluded_reason: ExcludedReason | None = None
    uncertain: str = Field(default="", sa_column_kwargs={"server_default": ""})  # what the sources leave uncertain about the count (record copies: said with it)


class ChallengedBallot(SQLModel, table=True):
    """One challenged ballot (R-E1): who voted (name or number), who challenged and why, and its status.

    Never records how the voter voted: opening overruled ballots records counts per choice on the
    revised tally only (R-E8). A disputed void ballot is a challenged ballot with ``disputed_void``."""

    __table_args__ = (UniqueConstraint("election_id", "voter"),)
    id: int | None = Field(default=None, primary_key=True)
    election_id: int = Field(foreign_key="election.id", index=True)
    voter: str
    challenged_by: str  # party key, or "board-agent"
    ground: str = Field(index=True)
    disputed_void: bool = False
    status: ChallengeStatus = Field(default=ChallengeStatus.PENDING, index=True)
    # The ruling that decided it, as facts: who ruled (None: no one — an agreement before the count, or sealed for
    # good as no longer determinative: the status says which), on what date, by which decision or order (None: not
    # in the record), and the reason it gave ("" none given). Worded by casefile.rules.challenge_words.ruling_words.
    ruled_by: RuledBy | None = Field(default=None, sa_column=Column(EnumValue(RuledBy), nullable=True))
    ruled_on: date | None = None
    ruling_ref: Ref | None = Field(default=None, sa_column=Column(RefColumn(), nullable=False, server_default=""))
    reason: str = ""
    revised_tally_id: int | None = Field(default=None, foreign_key="tally.id")
    # A ballot excluded at the count and ordered counted: written as a challenged ballot to open (never on the
    # tally's challenged line, so not limited by it; casefile.acts.count_excluded_ballots).
    excluded_at_count: bool = Field(default=False, sa_column_kwargs={"server_default": false()})


class Filing(SQLModel, table=True):
    """Something a party filed (objections, offer of proof, exceptions...), with its receipt and timeliness."""

    id: int | None = Field(default=None, primary_key=True)
    case_id: int = Field(foreign_key="case.id", index=True)
    election_id: int = Field(foreign_key="election.id", index=True)
    party_id: int = Field(foreign_key="party.id")
    kind: FilingKind = _kind(FilingKind)  # stored as its value ("objections")
    received_at: datetime | None = _instant(nullable=True)  # None when only the date is in the record
    received_on: date
    method: FilingMethod = FilingMethod.E_FILING
    deadline_id: int | None = Field(default=None, foreign_key="deadline.id")
    timely: bool = True
    timeliness_note: str = ""
    confidential: bool = False  # offer of proof: the Region only (R-G7)
    body: list[Any] = _json()  # exceptions: the numbered exceptions; offer of proof: witnesses
    note: str = ""
    uncertain: str = Field(default="", sa_column_kwargs={"server_default": ""})  # what the sources leave uncertain about it (record copies: the annex)
    accompanies_id: int | None = Field(default=None, foreign_key="filing.id")  # an offer of proof: its objections
    received_on_public: bool = Field(default=True, sa_column_kwargs={"server_default": true()})  # False: its date is not in the public record (recorded on a date it implies)
    # "": the filing is in the public record; else the record only implies it, and this is what it shows instead
    inferred_from: str = Field(default="", sa_column_kwargs={"server_default": ""})
    # "prepared": recorded and its PDF made in casefile, not yet e-filed with the NLRB (it meets no period until the
    # agency receives it: confirm-efiling sets its receipt); "e-filed": received by the Region or the Board
    nlrb: NlrbFiling = Field(default=NlrbFiling.E_FILED, sa_column=Column(
        EnumValue(NlrbFiling), nullable=False, server_default=NlrbFiling.E_FILED.value))


class Objection(SQLModel, table=True):
    """One numbered objection in a party's objections; its disposition changes as the case moves."""

    __table_args__ = (UniqueConstraint("filing_id", "number"),)
    id: int | None = Field(default=None, primary_key=True)
    election_id: int = Field(foreign_key="election.id", index=True)
    filing_id: int = Field(foreign_key="filing.id")
    party_id: int = Field(foreign_key="party.id")
    number: int
    text: str
    disposition: Disposition = Disposition.PENDING
    disposition_reason: str = ""


class Hearing(SQLModel, table=True):
    """A hearing on objections and/or challenged ballots: before a hearing officer, or consolidated
    with an unfair-labor-practice case before an Administrative Law Judge (R-I4)."""

    id: int | None = Field(default=None, primary_key=True)
    election_id: int = Field(foreign_key="election.id", index=True)
    noticed_on: date
    opens_on: date | None = None  # the date it is set to open (after any postponement), then the day it opened
    noticed_opens_on: date | None = None  # the date the Notice of Hearing set (kept when postponed or opened later)
    opens_at: time | None = None  # the time of day it opens, at the office that has the case; None: not in the record
    closed_on: date | None = None
    place: str = ""
    presiding: str = ""  # hearing officer or ALJ name (or placeholder)
    issuer: str = Field(default="", sa_column_kwargs={"server_default": ""})  # the Regional Director who signed the notice
    before_alj: bool = False
    ulp_cases: list[Any] = _json()
    objections_set: list[Any] = _json()  # objection ids set for hearing
    challenges_set: bool = False
    note: str = ""
    uncertain: str = Field(default="", sa_column_kwargs={"server_default": ""})  # what the sources leave uncertain about it (record copies: the annex)
    opening_date_public: bool = Field(default=True, sa_column_kwargs={"server_default": true()})  # False: the record holds only the date it was set to open
    noticed_on_public: bool = Field(default=True, sa_column_kwargs={"server_default": true()})  # False: the notice's (the order's) date is not in the public record
    objection_numbers_public: bool = Field(default=True, sa_column_kwargs={"server_default": true()})  # False: which objections were set (by number) is not in the public record
    # False: which objections were set for hearing, and how many, is not in the public record (objections_set stand in)
    objections_set_public: bool = Field(default=True, sa_column_kwargs={"server_default": true()})
    opening_uncertain: str = Field(default="", sa_column_kwargs={"server_default": ""})  # what the sources leave open about its opening
    challenges_unresolved: int | None = None  # of those set for hearing, still unresolved when it opened (open-hearing); None: not in the record


class Decision(SQLModel, table=True):
    """A ruling document: hearing officer's report (recommendations), Regional Director's decision,
    Administrative Law Judge's decision, or Board decision."""

    id: int | None = Field(default=None, primary_key=True)
    election_id: int = Field(foreign_key="election.id", index=True)
    kind: DecisionKind = _kind(DecisionKind)  # stored as its value ("rd-decision")
    issued_on: date
    issuer: str = ""
    result: DecisionResult = _kind(DecisionResult)  # stored as its value ("set-aside")
    at_fault_party_id: int | None = Field(default=None, foreign_key="party.id")  # Lufkin paragraph (R-O3)
    # A direction that waits on a later count: "no-union-majority" = the second election is held only
    # if the revised tally does not show a majority for a labor organization; "union-majority" = only if
    # it does (the employer's objections; otherwise a certification of results) (rules.md R-M1, R-M2).
    condition: str = Field(default="", sa_column_kwargs={"server_default": ""})
    rulings: list[Any] = _json()  # [{objection_id, ruling, reason}]
    summary: str = ""
    note: str = ""
    uncertain: str = Field(default="", sa_column_kwargs={"server_default": ""})  # what the sources leave uncertain about it (record copies: the annex)


class Certification(SQLModel, table=True):
    """Certification of Representative or of Results (R-H1, R-Q1, R-Q2)."""

    id: int | None = Field(default=None, primary_key=True)
    election_id: int = Field(foreign_key="election.id", index=True, unique=True)
    kind: CertificationKind = _kind(CertificationKind)  # stored as its value ("representative")
    issued_on: date
    union: str | None = None
    uncertain: str = Field(default="", sa_column_kwargs={"server_default": ""})  # what the sources leave uncertain about it (record copies: said with the request-for-review date)


class Deadline(SQLModel, table=True):
    """A computed deadline with how it was computed (rule set, calendar, office, derivation)."""

    # One period per kind and trigger date, and whom it is for: the offer of proof is each objecting party's
    # (29 CFR 102.69(a)(8); casefile.rules.offer_of_proof), every other period one row.
    __table_args__ = (UniqueConstraint("election_id", "kind", "trigger_on", "for_whom", name="uq_deadline_period_for_whom"),
                      Index("ix_deadline_case_cutoff", "case_id", "cutoff_at"))  # a case's next deadline
    id: int | None = Field(default=None, primary_key=True)
    case_id: int = Field(foreign_key="case.id", index=True)
    election_id: int = Field(foreign_key="election.id", index=True)
    kind: DeadlineKind
    for_whom: str  # "all parties", "Regional Director", "objecting party" (an offer of proof no party took yet), a party key
    # The act that started it (its kind, and the record it made when known; its date is trigger_on), never its
    # words: Deadline.trigger words it (casefile.rules.trigger_words).
    trigger_kind: TriggerKind = Field(sa_column=Column(EnumValue(TriggerKind), nullable=False))
    trigger_ref: Ref | None = Field(default=None, sa_column=Column(RefColumn(), nullable=False, server_default=""))
    trigger_on: date
    due_on: date = Field(index=True)
    cutoff_at: datetime = _instant(nullable=False, index=True)
    citation: str  # the law as people read it (29 CFR, the Act, the Board's decisions)
    rules: list[Any] = _json(server_default="[]")  # casefile's own entries for the period (rules.md "R-G3"), never printed
    rule_set_id: str
    office_key: str
    calendar_id: str
    derivation: list[Any] = _json()
    preceding_due_on: date | None = None
    status: DeadlineStatus = Field(default=DeadlineStatus.OPEN, index=True)
    closed_at: datetime | None = _instant(nullable=True)  # when it closed in law (record.deadlines.closed_in_law), not when entered
    pinned_by: str = ""  # an order that fixed the date: never recomputed

    @property
    def trigger(self) -> str:
        """What the period runs from, in words: "Tally of Ballots prepared April 1, 2022"."""
        return trigger_words(self.trigger_kind, self.trigger_on)


class Document(SQLModel, table=True):
    """An issued document: stored once, never overwritten (a correction is a new version)."""

    __table_args__ = (UniqueConstraint("case_id", "key"),)
    id: int | None = Field(default=None, primary_key=True)
    case_id: int = Field(foreign_key="case.id", index=True)
    election_id: int | None = Field(default=None, foreign_key="election.id")
    key: str  # idempotency key: the act and subject it was issued for
    # The record the document is about (a filing, a tally ...); None: a document of the whole case (a status report).
    subject: Ref | None = Field(default=None, sa_column=Column(RefColumn(), nullable=False, server_default=""))
    kind: DocumentKind
    version: int = 1
    title: str
    issuer: str
    issued_on: date
    path: str
    sha256: str
    confidential: bool = False
    data: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON))


class DocketEntry(SQLModel, table=True):
    """The append-only docket: one row per act, in order. Never updated, never deleted.

    Tamper evidence (casefile.record.integrity): ``chain_hash`` is the HMAC, with the instance's key,
    of the entry's other columns, ``prev_hash`` (the case's entry before it), the sha256 of the
    document it issued and its ``seal`` (the digests of the record rows its act wrote); one chain per
    case, in id order. The unique (case_id, prev_hash) index makes a
    fork (two entries following the same one) impossible."""

    __table_args__ = (UniqueConstraint("case_id", "act_key"),
                      Index("ix_docketentry_chain_link", "case_id", "prev_hash", unique=True))
    id: int | None = Field(default=None, primary_key=True)
    case_id: int = Field(foreign_key="case.id", index=True)
    election_id: int | None = Field(default=None, foreign_key="election.id")
    act_key: str  # idempotency key: the same act recorded twice is found, not repeated
    act: DocketActName = _kind(DocketActName)  # stored as its value ("file-objections", "board-ruling:closed")
    actor: Actor  # the legal actor: a party, the Board agent, the Regional Director ...
    recorded_by: str = Field(default="", sa_column_kwargs={"server_default": ""})  # who performed or recorded it: "operator:<os user>", "user:<email>", "system:<job>"
    occurred_on: date  # the legal date of the act
    recorded_at: datetime = _instant(nullable=False)  # the as_of the act was recorded with
    summary: str
    from_stage: Stage | None = None
    to_stage: Stage | None = None
    # The record the act made (casefile.record.refs: stored "filing:12"), for idempotent re-runs; None: none.
    ref: Ref | None = Field(default=None, sa_column=Column(RefColumn(), nullable=False))
    document_id: int | None = Field(default=None, foreign_key="document.id")
    prev_hash: str = Field(default="", sa_column_kwargs={"server_default": ""})  # "" for the case's first entry
    chain_hash: str = Field(default="", sa_column_kwargs={"server_default": ""})  # hex HMAC-SHA256
    # What the entry vouches for besides its columns (chain version 2, casefile.record.sealing): the digests of
    # the record rows its act wrote and of the act's terms. None: an entry chained before revision record_seal.
    seal: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))


# --- Reminders (issue 4): who is reminded, through which channels, and what was sent. ---

from casefile.vocab import ReminderStatus  # noqa: E402  (kept with the tables that use it)


class Person(SQLModel, table=True):
    """A person of one party in one case, with their contact details — the one home for them, shared
    by the documents, the reminders and the accounts:

    - ``counsel``: counsel (or other representative) of record: signs the party's filings and is
      served with the other parties' (29 CFR 102.4(e)), in ``position`` order (lead counsel first);
    - ``reminded``: reminded of the party's deadlines (casefile.jobs.reminders), through
      ``notify_urls`` — Apprise URLs (``mailtos://user:pass@host?from=...&to=...``, ``slack://...``),
      checked when entered and stored encrypted; empty means the defaults of the settings
      (CASEFILE_NOTIFY_DEFAULT_URLS, an email URL without a recipient sending to ``email``);
    - neither: the party's own service address, when no representative is named;
    - ``user_id``: the account (casefile.record.accounts) the person signs in with, when linked."""

    __table_args__ = (UniqueConstraint("case_id", "party_id", "name"),)
    id: int | None = Field(default=None, primary_key=True)
    case_id: int = Field(foreign_key="case.id", index=True)
    party_id: int = Field(foreign_key="party.id", index=True)
    name: str
    email: str = ""
    notify_urls: list[Any] = _json()
    created_at: datetime = _instant(nullable=False)
    firm: str = Field(default="", sa_column_kwargs={"server_default": ""})
    address: str = Field(default="", sa_column_kwargs={"server_default": ""})  # postal address, lines joined by newlines
    phone: str = Field(default="", sa_column_kwargs={"server_default": ""})
    bar_number: str = Field(default="", sa_column_kwargs={"server_default": ""})  # "Alabama Bar No. ASB-1234-R56F"
    counsel: bool = Field(default=False, sa_column_kwargs={"server_default": false()})
    reminded: bool = Field(default=True, sa_column_kwargs={"server_default": true()})
    position: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    user_id: int | None = Field(default=None, foreign_key="useraccount.id")


class ReminderSent(SQLModel, table=True):
    """The reminder ledger: one row per deadline, lead time, person and channel, so each reminder is
    sent once. A run claims its rows first (the unique key makes a concurrent claim fail), sends, then
    marks them sent or failed; failed rows, and claims left by a crashed run, are taken again later.
    ``claimed_at`` and ``sent_at`` are the database's clock (when it happened), ``scheduled_at`` the
    instant the run reminded as of (its scheduled instant)."""

    __table_args__ = (UniqueConstraint("deadline_id", "lead_days", "person_id", "channel_hash"),)
    id: int | None = Field(default=None, primary_key=True)
    deadline_id: int = Field(foreign_key="deadline.id")  # first column of the unique key: indexed
    lead_days: int  # business days before the due day; 0: the morning of the due day
    person_id: int = Field(foreign_key="person.id", index=True)
    channel_hash: str  # sha256 (hex) of the Apprise URL the digest went to
    channel: str  # that URL with its secrets masked, for reports
    status: ReminderStatus = Field(default=ReminderStatus.CLAIMED, index=True)
    attempts: int = 0  # deliveries tried
    last_error: str = ""
    claim_token: str = ""  # the run that holds (or last held) the claim
    claimed_at: datetime = _instant(nullable=False)
    sent_at: datetime | None = _instant(nullable=True)
    scheduled_at: datetime = _instant(nullable=False)


# --- Service and attachments (issue 11): how each filing was served; the documents as filed and issued. ---


class ServiceRecord(SQLModel, table=True):
    """The service ledger: one row per copy of a filing delivered — to a party's counsel or the party
    (``party_id``), or filed with the Region or the Board (``party_id`` None, ``served`` naming the
    office) — with the method, the instant (or the date alone) and the address used. Written when the
    filing is recorded; the certificate or statement of service is written from it (29 CFR 102.5(h)).
    ``method`` None: how the copy was delivered is not in the record (a replayed case's sources, or a
    live filing made before the recipient's address was entered)."""

    id: int | None = Field(default=None, primary_key=True)
    case_id: int = Field(foreign_key="case.id", index=True)
    filing_id: int = Field(foreign_key="filing.id", index=True)
    party_id: int | None = Field(default=None, foreign_key="party.id")
    person_id: int | None = Field(default=None, foreign_key="person.id")
    served: str  # whom, by name as served: counsel's name, the party's, or "Regional Director, Region 10"
    method: ServiceMethod | None = None
    address: str = ""  # the e-mail address, postal address or fax number used
    served_at: datetime | None = _instant(nullable=True)
    served_on: date
    position: int = 0  # order of the lines on the certificate


class Attachment(SQLModel, table=True):
    """A document as actually filed (``filing_id``: with its e-filing ``confirmation`` number) or as the
    Region issued it (``entry_id``: the docket entry of the recorded act), kept beside casefile's draft
    (``document_id``, when casefile issued one): stored once under the case's folder, 0600, with its
    sha256, content-addressed (casefile.record.uploads.stored_path). Confidential when attached to a
    confidential filing (an offer of proof, R-G7)."""

    id: int | None = Field(default=None, primary_key=True)
    case_id: int = Field(foreign_key="case.id", index=True)
    filing_id: int | None = Field(default=None, foreign_key="filing.id")
    entry_id: int | None = Field(default=None, foreign_key="docketentry.id")
    document_id: int | None = Field(default=None, foreign_key="document.id")
    kind: AttachmentKind = _kind(AttachmentKind)  # stored as its value ("as-filed")
    original_name: str  # the file's name as given (shown; never used as a path)
    path: str  # where the file is: relative to the output folder, uploads/<2 hex>/<sha256>.pdf (an older row: absolute)
    file_name: str = Field(default="", sa_column_kwargs={"server_default": ""})  # as exported: <date>_<kind>[_<party>]_<how>.pdf
    media_type: str  # application/pdf | application/vnd.openxmlformats-officedocument.wordprocessingml.document
    size: int
    sha256: str
    confirmation: str = ""
    confidential: bool = False
    attached_at: datetime = _instant(nullable=False)


# The accounts tables (issue 8) register with the same metadata: create_all and the migrations see them.
from casefile.record import accounts as _accounts  # noqa: E402,F401
from casefile.record import around as _around  # noqa: E402,F401  (assignees, private notes, notices: issue 8)
from casefile.record import corrections as _corrections  # noqa: E402,F401  (corrections of the record, issue 9)
from casefile.record import logins as _logins  # noqa: E402,F401  (the web's sign-in attempts, calendar subscriptions)
from casefile.record import orders as _orders  # noqa: E402,F401  (orders with no table of their own: issue 10)
