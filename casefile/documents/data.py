"""What each document template is given: one frozen pydantic model per :class:`DocumentKind`.

The models carry facts, already decided: the rules (``casefile/rules/``) compute due dates,
determinativeness and outcomes; casefile/documents/build.py gathers names and dates from the record; the
templates only lay them out. A fact the public record lacks is never guessed: the field takes a
labelled placeholder made by :func:`placeholder`, which every template prints in a visible grey
italic box. Counts are ``int``, legal dates are ``date`` (``*_on``), instants are aware
``datetime`` (``*_at``; an ISO 8601 string with an offset is accepted as input).

A few arithmetic checks are repeated here (a tally's valid line is the sum of its vote lines, an
offer of proof names only objections that it lists) so that no document can print an inconsistent
record; the law itself is not re-decided here.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Annotated, ClassVar, Literal, Self

from pydantic import AfterValidator, AwareDatetime, BaseModel, ConfigDict, Field, model_validator

from casefile.errors import InvalidTally, MalformedCaseNumber, ProcedureError
from casefile.rules.tally import AGAINST
from casefile.vocab import (
    Actor,
    DeadlineStatus,
    Disposition,
    DocumentKind,
    ElectionAgreement,
    ElectionKind,
    FilingMethod,
    PartyRole,
    Stage,
    TallyKind,
    VotingMethod,
)

PLACEHOLDER_PREFIX = "[NOT IN THE PUBLIC RECORD: "
PLACEHOLDER_PATTERN = re.compile(r"\[NOT IN THE PUBLIC RECORD: [^\]]+\]")
_CASE_NUMBER = re.compile(r"^\d{1,2}-[A-Z]{2}-\d{1,6}$")


def placeholder(what: str) -> str:
    """Return the labelled stand-in for a fact the record lacks, e.g. ``placeholder("hearing officer's name")``.

    ``what`` names the missing fact in a few words (no square brackets). The result reads
    ``[NOT IN THE PUBLIC RECORD: hearing officer's name]``; templates style it as a grey italic box.

    Raises ProcedureError when ``what`` is blank or contains a square bracket.
    """
    what = what.strip()
    if not what or "[" in what or "]" in what:
        raise ProcedureError(f"placeholder(): the missing fact must be named without square brackets, got {what!r}")
    return f"{PLACEHOLDER_PREFIX}{what}]"


def is_placeholder(value: object) -> bool:
    """True when ``value`` is exactly a string made by :func:`placeholder`."""
    return isinstance(value, str) and PLACEHOLDER_PATTERN.fullmatch(value) is not None


def _require_placeholder(value: str) -> str:
    if not is_placeholder(value):
        raise ValueError(f"expected a value of the field's type or placeholder('...'), got {value!r}")
    return value


def _require_case_number(value: str) -> str:
    if not is_placeholder(value) and not _CASE_NUMBER.fullmatch(value):
        raise MalformedCaseNumber(f"case number {value!r} does not have the form RR-TT-NNNNNN (rules.md §7)")
    return value


Placeholder = Annotated[str, AfterValidator(_require_placeholder)]
"""A string made by :func:`placeholder` (any other string is refused)."""
DateOrPlaceholder = date | Placeholder
CaseNumber = Annotated[str, AfterValidator(_require_case_number)]
Count = Annotated[int, Field(ge=0)]
Sha256 = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]


class _Facts(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# --------------------------------------------------------------------------------------------
# Shared pieces
# --------------------------------------------------------------------------------------------

_ROLE_LABELS = {
    PartyRole.EMPLOYER: "Employer",
    PartyRole.PETITIONER: "Petitioner",
    PartyRole.INTERVENOR: "Intervenor",
    PartyRole.INDIVIDUAL_PETITIONER: "Petitioner",
}


class PartyRef(_Facts):
    """A party as a document names it: name, role, and where it is served (R-B12, 102.4(e))."""

    name: str
    role: PartyRole
    representative: str | None = None  # attorney or representative of record, served too
    email: str | None = None
    address: str | None = None

    @property
    def label(self) -> str:
        """The caption label of the role: "Employer", "Petitioner", "Intervenor"."""
        return _ROLE_LABELS[self.role]


class Caption(_Facts):
    """The caption every document opens with (rules.md §5 common header); built by one macro.

    ``title`` overrides the kind's standard title (leave it None to get the standard one, e.g.
    "Notice of Hearing on Objections and Challenged Ballots" chosen from the notice's facts).
    ``forum`` overrides the line under "Before the National Labor Relations Board" (default: the
    Region), e.g. "Division of Judges" for an Administrative Law Judge's decision.
    """

    case_number: CaseNumber
    other_case_numbers: tuple[CaseNumber, ...] = ()  # consolidated cases (unfair labor practice, other units)
    employer: str
    petitioner: str
    intervenors: tuple[str, ...] = ()
    region: str  # "Region 10"
    office: str  # "Atlanta, Georgia"
    forum: str | None = None
    employer_label: str = "Employer"
    petitioner_label: str = "Petitioner"
    intervenor_label: str = "Intervenor"  # a placeholder when the record does not say which union petitioned
    title: str | None = None

    @property
    def case_name(self) -> str:
        """The case name as the NLRB lists it: the employer's name."""
        return self.employer

    @property
    def all_case_numbers(self) -> tuple[str, ...]:
        """Every case number of the caption, consolidated ones first, this case last."""
        return (*self.other_case_numbers, self.case_number)

    @property
    def running_case_number(self) -> str:
        """The case number(s) for the running header, on one line: "Case 10-RC-269250", "Cases
        10-CA-270001 and 10-RC-269250", or "Case 10-RC-269250 et al." when the consolidated numbers
        are many or not in the record."""
        if not self.other_case_numbers:
            return f"Case {self.case_number}"
        if len(self.other_case_numbers) == 1 and not is_placeholder(self.other_case_numbers[0]):
            return f"Cases {self.other_case_numbers[0]} and {self.case_number}"
        return f"Case {self.case_number} et al."


class Issuance(_Facts):
    """When and by whom a document issues (or is filed, for a party's document)."""

    issued_on: DateOrPlaceholder  # a placeholder only for a record copy whose issue date is not public
    issuer_title: str  # "Regional Director", "Hearing Officer", "Counsel for the Petitioner"
    place: str | None = None  # "Atlanta, Georgia"


class Signature(_Facts):
    """A signature block: name (a placeholder for a record copy whose signer is not public; "" for a
    live case whose signer is not entered: a blank line to sign on), title, organization and contact
    lines (firm, postal address, telephone, e-mail, bar number). ``co_counsel``: the other counsel
    signing with the first, each as its lines (name first)."""

    name: str
    title: str
    organization: str | None = None
    contact_lines: tuple[str, ...] = ()
    signed: bool = True  # False for a record copy: the signer's name without "/s/"
    co_counsel: tuple[tuple[str, ...], ...] = ()


class ServiceEntry(_Facts):
    """One line of a certificate / statement of service: who, how, where, when (R-B12). ``served``:
    the person served (counsel, from the service ledger; None: the party's representative as
    ``party`` names it). A manner or address "" is a blank to fill in (a live case's record lacks it)."""

    party: PartyRef
    manner: str  # "Electronic mail", "Overnight delivery", "Facsimile"
    address: str  # email address, fax number or postal address used
    served_on: DateOrPlaceholder
    served: str | None = None


class FiledWith(_Facts):
    """How a party's document was filed, for its certificate of service: with whom ("the Regional
    Director, Region 10"), by which method, on which date, and the e-filing confirmation number when
    the document as filed is attached with one."""

    recipient: str
    method: FilingMethod
    filed_on: DateOrPlaceholder
    confirmation: str | None = None


class VoteLine(_Facts):
    """Votes cast for one choice on the ballot (R-C2 line 4)."""

    choice: str
    votes: Count


class ElectionDates(_Facts):
    """When and how an election was held: one day (manual) or a mail period (began → ended)."""

    began_on: DateOrPlaceholder
    ended_on: date | None = None
    method: VotingMethod | Placeholder

    @model_validator(mode="after")
    def _ordered(self) -> Self:
        if isinstance(self.began_on, date) and self.ended_on is not None and self.ended_on < self.began_on:
            raise ProcedureError(f"election ended on {self.ended_on} before it began on {self.began_on}")
        return self


class TallyLines(_Facts):
    """The lines of a Tally of Ballots (R-C2 lines 1–10), as decided by the rules.

    ``against`` is None on a ballot without a "no union" choice (a runoff between two labor
    organizations). ``determinative`` and ``majority_for`` are the R-C2 line 9 and 10 statements
    (computed by ``casefile.rules``); ``outcome`` describes the result in words.

    Raises InvalidTally (with ``line``) when valid ≠ Σ vote lines, valid + challenged ≠ line 8, or
    ``majority_for`` is not a choice on the ballot.
    """

    kind: TallyKind
    prepared_on: DateOrPlaceholder  # a placeholder only for a record copy whose tally date is not public
    unit_id: str = "A"
    ballot_type: str  # "Single Labor Organization", "Two Labor Organizations"
    election: ElectionDates
    eligible: Count | Placeholder  # approximate number of eligible voters (a placeholder: not in the record)
    void: Count | Placeholder
    choices: tuple[VoteLine, ...] = Field(min_length=1)
    against: Count | None
    valid: Count
    challenged: Count
    valid_plus_challenged: Count
    determinative: bool
    majority_for: str | None
    outcome: str

    @model_validator(mode="after")
    def _arithmetic(self) -> Self:
        counted = sum(line.votes for line in self.choices) + (self.against or 0)
        if counted != self.valid:
            raise InvalidTally(
                f"tally of {self.prepared_on}: valid votes counted is {self.valid:,} but the vote lines add up to {counted:,}",
                line="valid",
            )
        if self.valid + self.challenged != self.valid_plus_challenged:
            raise InvalidTally(
                f"tally of {self.prepared_on}: valid votes counted plus challenged ballots is {self.valid_plus_challenged:,}"
                f" but {self.valid:,} + {self.challenged:,} = {self.valid + self.challenged:,}",
                line="valid_plus_challenged",
            )
        if self.majority_for is not None and self.majority_for not in {line.choice for line in self.choices}:
            raise InvalidTally(
                f"tally of {self.prepared_on}: majority stated for {self.majority_for!r}, which is not a choice on the ballot",
                line="majority_for",
            )
        return self

    @property
    def ballots_cast(self) -> int | str:
        """Ballots cast = valid + void + challenged (R-C3); a placeholder when the void count is not in the record."""
        if isinstance(self.void, str):
            return placeholder("number of ballots cast (the void ballots are not in the record)")
        return self.valid + self.void + self.challenged


class ObjectionItem(_Facts):
    """One numbered objection; ``disposition``/``reason`` hold a recommendation or ruling where one exists."""

    number: Annotated[int, Field(ge=1)]
    text: str
    filed_by: str | None = None
    filed_by_label: str | None = None  # the filer's role, "Employer": "Employer's Objection 1" when several parties objected
    disposition: Disposition | None = None
    reason: str | None = None

    @property
    def label(self) -> str:
        """"Objection 1", or "Employer's Objection 1" when the filer's role is known (unique across filers)."""
        return f"{self.filed_by_label}'s Objection {self.number}" if self.filed_by_label else f"Objection {self.number}"


class ChallengeItem(_Facts):
    """One challenged ballot (voter by name or number) and the recommendation or ruling on it."""

    voter: str
    challenged_by: str
    ground: str
    disposition: str | None = None  # "sustained", "overruled: open and count"
    reason: str | None = None


class WitnessItem(_Facts):
    """One witness in an offer of proof: the objection, the witness, the testimony summary (R-G4, 102.66(c))."""

    objection_number: Annotated[int, Field(ge=1)]
    witness: str
    summary: str


class DeadlineLine(_Facts):
    """A computed deadline as a document states it: due date, cut-off instant, citation."""

    what: str
    due_on: date
    cutoff_at: AwareDatetime | None = None
    citation: str
    for_whom: str | None = None
    status: DeadlineStatus | None = None


class HistoryLine(_Facts):
    """One step of a procedural history: the date and what happened."""

    occurred_on: date
    event: str


class DocketLine(_Facts):
    """One docket entry: date, actor (a party's name when ``actor`` is PARTY), act, note."""

    occurred_on: date
    actor: Actor
    party: str | None = None
    act: str
    note: str | None = None

    @property
    def actor_name(self) -> str:
        """The actor as a reader knows it: the party's name, or the official's title."""
        if self.party is not None:
            return self.party
        return _ACTOR_LABELS[self.actor]


_ACTOR_LABELS = {
    Actor.BOARD_AGENT: "Board agent",
    Actor.REGIONAL_DIRECTOR: "Regional Director",
    Actor.HEARING_OFFICER: "Hearing Officer",
    Actor.ADMINISTRATIVE_LAW_JUDGE: "Administrative Law Judge",
    Actor.BOARD: "Board",
    Actor.GENERAL_COUNSEL: "General Counsel",
    Actor.PARTY: "Party",
    Actor.SYSTEM: "casefile",
}


class DocumentLine(_Facts):
    """A document issued in the case, with the sha256 of its PDF."""

    title: str
    kind: DocumentKind
    issued_on: date
    version: Annotated[int, Field(ge=1)] = 1
    sha256: Sha256


class TallyAnalysis(_Facts):
    """A tally with the rules' reading of it: why challenges are (not) determinative, what outcomes remain
    reachable, and what each choice would need from the challenged ballots (``challenge_analysis``: one
    sentence each, e.g. "Retail, Wholesale and Department Store Union needs 119 of the 416 challenged
    ballots opened and counted for it (the rest sustained); with all 416 opened it needs 268")."""

    tally: TallyLines
    determinative_reason: str
    reachable_outcomes: tuple[str, ...] = Field(min_length=1)
    challenge_analysis: tuple[str, ...] = ()


class HearingFacts(_Facts):
    """When and where a hearing was held: opening and closing dates and the place, each a placeholder
    when the record lacks it, None when it does not apply (a hearing not yet closed)."""

    opened_on: DateOrPlaceholder | None = None
    closed_on: DateOrPlaceholder | None = None
    place: str | None = None


class ElectionSummary(_Facts):
    """One election in a case's chain (initial, rerun, runoff) for the case status report.

    ``follows`` places it in the chain, e.g. "the first election, set aside by the Regional Director
    on November 29, 2021"; None for the case's first election.
    """

    kind: ElectionKind
    label: str  # "First election (2021)"
    dates: ElectionDates
    stage: Stage
    result: str  # "Set aside by the Regional Director on November 29, 2021"
    tallies: tuple[TallyAnalysis, ...] = ()
    follows: str | None = None
    set_aside: bool = False  # the election was set aside: its tally's outcome no longer applies


# --------------------------------------------------------------------------------------------
# One context per document kind
# --------------------------------------------------------------------------------------------


class DocumentContext(_Facts):
    """Fields every document has: the caption and its issuance, and the record-copy notes (research
    notes on the sources of a replayed case) printed only in an annex headed as a record-copy note,
    never in the body."""

    caption: Caption
    issuance: Issuance
    record_notes: tuple[str, ...] = ()


class TallyOfBallotsContext(DocumentContext):
    """D1 Tally of Ballots (initial, revised, rerun, runoff): R-C2 lines 1–11."""

    agreement: ElectionAgreement | Placeholder
    tally: TallyLines
    unit_description: str
    board_agent: Signature
    observers_for: tuple[str, ...] = ()  # parties whose observers sign the acknowledgment (line 11)
    objections_due: DeadlineLine | None = None
    election_type: str | None = None  # a rerun's or runoff's direction, e.g. "Decision and Direction of Second Election"


class ObjectionsContext(DocumentContext):
    """D2 Objections with certificate of service (R-G2–R-G4, R-G7, R-B12)."""

    filing_party: PartyRef
    tally_prepared_on: date
    election: ElectionDates
    election_sequence: Annotated[int, Field(ge=1)] = 1  # the election objected to, in the case's chain (2: the first rerun)
    objections: tuple[ObjectionItem, ...] = Field(min_length=1)
    filing_method: FilingMethod
    paper_filing_reason: str | None = None  # R-B11: why e-filing was not used
    signature: Signature
    service: tuple[ServiceEntry, ...] = Field(min_length=1)
    filed: FiledWith | None = None
    # What the record says of the offer of proof (102.69(a)(8)): "with" these objections; filed
    # "separately" on offer_filed_on; not filed yet, its time "extended" by order to offer_due_on, or an
    # extension "requested" (to offer_due_on, None when the request names no date); else "to-follow"
    # (the record says nothing of it yet).
    offer_of_proof: Literal["with", "separately", "extended", "requested", "to-follow"] = "with"
    offer_filed_on: date | None = None
    offer_due_on: date | None = None
    # Supplemental objections: the dates the party's earlier objections in this election were filed (oldest first)
    supplements: tuple[date, ...] = ()

    @model_validator(mode="after")
    def _service_and_method(self) -> Self:
        if (self.offer_of_proof == "separately") != (self.offer_filed_on is not None):
            raise ProcedureError("objections: offer_filed_on is the date of an offer of proof filed separately, and only that")
        if self.offer_of_proof == "extended" and self.offer_due_on is None:
            raise ProcedureError("objections: an offer of proof whose time was extended needs the date it was extended to")
        if self.filing_method is FilingMethod.PAPER and not self.paper_filing_reason:
            raise ProcedureError("objections filed on paper need a statement why e-filing was not used (R-B11, 102.5(c))")
        if any(entry.party.name == self.filing_party.name for entry in self.service):
            raise ProcedureError(f"the certificate of service lists the objecting party {self.filing_party.name!r} itself")
        return self


class OfferOfProofContext(DocumentContext):
    """D3 Offer of Proof: to the Regional Director only, served on no other party (R-G4, R-G7)."""

    filing_party: PartyRef
    objections_filed_on: date
    submitted_to: str  # "Regional Director, Region 10"
    objections: tuple[ObjectionItem, ...] = Field(min_length=1)
    witnesses: tuple[WitnessItem, ...] = Field(min_length=1)
    documents: tuple[str, ...] = ()
    evidence_due_on: date | None = None  # the Regional Director extended the time for the rest of the offer (R-G5)
    signature: Signature

    @property
    def objections_with_evidence(self) -> tuple[ObjectionItem, ...]:
        """The objections on which at least one witness is offered, in order."""
        offered = {w.objection_number for w in self.witnesses}
        return tuple(o for o in self.objections if o.number in offered)

    @property
    def objections_without_evidence(self) -> tuple[ObjectionItem, ...]:
        """The objections on which no witness is offered (yet)."""
        offered = {w.objection_number for w in self.witnesses}
        return tuple(o for o in self.objections if o.number not in offered)

    @model_validator(mode="after")
    def _witnesses_name_listed_objections(self) -> Self:
        numbers = {item.number for item in self.objections}
        for witness in self.witnesses:
            if witness.objection_number not in numbers:
                raise ProcedureError(
                    f"offer of proof: witness {witness.witness!r} is offered on Objection {witness.objection_number},"
                    f" which the offer does not list (listed: {sorted(numbers)})"
                )
        return self


class NoticeOfHearingContext(DocumentContext):
    """D6 Notice of Hearing on Objections (and Challenged Ballots) (R-I2, R-I3, R-J1–R-J4)."""

    tally_prepared_on: date
    objections_filed_on: date | None
    objections_set: tuple[ObjectionItem, ...] = ()
    objections_overruled: tuple[ObjectionItem, ...] = ()  # overruled without a hearing, with reasons
    challenged_ballots_set: Count | None = None  # determinative challenged ballots set for hearing
    hearing_opens_on: DateOrPlaceholder
    hearing_opens_at: AwareDatetime | None = None  # the opening instant, when the time is known too
    place: str
    hearing_officer: str | None = None  # None: to be designated
    briefs_as_of_right: bool = False  # True for petitions filed 2020-05-31 … 2023-12-25 (R-A1)
    signature: Signature
    service: tuple[ServiceEntry, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _something_set(self) -> Self:
        if not self.objections_set and not self.challenged_ballots_set:
            raise ProcedureError("a notice of hearing must set objections or challenged ballots for hearing (R-I2)")
        if self.hearing_opens_at is not None and self.hearing_opens_at.date() != self.hearing_opens_on:
            raise ProcedureError(
                f"hearing opens at {self.hearing_opens_at.isoformat()}, which is not on the opening date {self.hearing_opens_on}"
            )
        return self


class HearingOfficerReportContext(DocumentContext):
    """D7 Hearing Officer's Report on objections (and challenges) (R-J5, R-K1, R-K2)."""

    tally: TallyLines
    procedural_history: tuple[HistoryLine, ...] = Field(min_length=1)
    hearing: HearingFacts
    findings: tuple[str, ...] = Field(min_length=1)  # paragraphs: findings of fact, credibility, analysis
    objections: tuple[ObjectionItem, ...] = Field(min_length=1)
    challenges: tuple[ChallengeItem, ...] = ()
    recommended_disposition: str
    exceptions: DeadlineLine
    answering_brief: DeadlineLine
    signature: Signature
    service: tuple[ServiceEntry, ...] = ()

    REGISTER_TABLE_LIMIT: ClassVar[int] = 40
    """Up to this many challenged ballots the report lists one row per voter; above it, one row per
    (challenger, ground, recommendation) with the count, and the voters of each group in a paragraph."""

    @property
    def challenge_groups(self) -> tuple[tuple[ChallengeItem, tuple[str, ...]], ...]:
        """The challenges grouped by challenger, ground and recommendation, in register order: each
        group's first item (for those three facts) and the voters of the group."""
        groups: dict[tuple[str, str, str | None, str | None], list[ChallengeItem]] = {}
        for item in self.challenges:
            groups.setdefault((item.challenged_by, item.ground, item.disposition, item.reason), []).append(item)
        return tuple((items[0], tuple(i.voter for i in items)) for items in groups.values())


class ExceptionItem(_Facts):
    """One exception: the finding or recommendation excepted to, and the grounds."""

    number: Annotated[int, Field(ge=1)]
    excepted_to: str
    grounds: str


class ExceptionsContext(DocumentContext):
    """D8 Exceptions to the Hearing Officer's Report, with statement of service (R-K1, R-K3) — or,
    ``to_alj``, to the Administrative Law Judge's decision in a consolidated case, filed with the Board
    (29 CFR 102.46(a)); ``report_issued_on`` is then the decision's date."""

    filing_party: PartyRef
    report_issued_on: date
    to_alj: bool = False

    @property
    def rule_section(self) -> str:
        """The section the exceptions are filed under: "Section 102.46(a)" or "Section 102.69(c)(1)(iii)"."""
        return "Section 102.46(a)" if self.to_alj else "Section 102.69(c)(1)(iii)"

    @property
    def excepted_title(self) -> str:
        """What is excepted to, as the opening paragraph names it."""
        return "the Administrative Law Judge's Decision" if self.to_alj else "the Hearing Officer's Report and Recommendations"

    @property
    def decides(self) -> str:
        """Who is asked not to adopt what is excepted to: the Board, or the Regional Director."""
        return "the Board" if self.to_alj else "the Regional Director"
    exceptions: tuple[ExceptionItem, ...] = Field(min_length=1)
    brief_filed: bool = False
    due: DeadlineLine | None = None
    signature: Signature
    service: tuple[ServiceEntry, ...] = Field(min_length=1)
    filed: FiledWith | None = None


# --------------------------------------------------------------------------------------------
# A party's filings around the decisions: request for review, statement in opposition, answering
# brief, cross-exceptions, motion for reconsideration, request for an extension of time (issue 10).
# One shape: the opening paragraph, numbered paragraphs, the relief asked, counsel's signature and the
# certificate or statement of service from the service ledger. The sentences are properties of the
# context (made from its facts), so the PDF and the editable copy say the same words.
# --------------------------------------------------------------------------------------------


def _long(value: date | str) -> str:
    from casefile.documents.wording import long_date

    return value if isinstance(value, str) else long_date(value)


class NumberedParagraph(_Facts):
    """One numbered paragraph of a party's filing: its text; for a cross-exception, ``text`` is the
    finding or recommendation excepted to and ``grounds`` its grounds."""

    number: Annotated[int, Field(ge=1)]
    text: str
    grounds: str | None = None


class FiledBy(_Facts):
    """Another party's filing a filing answers: whose, and the date it was filed."""

    party: PartyRef
    filed_on: DateOrPlaceholder


class PartyPaperContext(DocumentContext):
    """What the party filings of this section share (not a document kind by itself): the filing party,
    its numbered paragraphs, the signature block of its counsel, the certificate or statement of
    service written from the ledger (``service``, with how it was ``filed``), and ``copies``: others
    than the parties served with it (the Regional Director's copy of a request for review, 29 CFR
    102.67(i)(2))."""

    filing_party: PartyRef
    paragraphs: tuple[NumberedParagraph, ...] = Field(min_length=1)
    due: DeadlineLine | None = None
    signature: Signature
    service: tuple[ServiceEntry, ...] = Field(min_length=1)
    filed: FiledWith | None = None
    copies: tuple[str, ...] = ()
    due_by_order: bool = False  # the period's date was fixed or extended by an order (29 CFR 102.2(c))

    heading: ClassVar[str] = "Grounds"
    item_label: ClassVar[str] = "Ground"  # "" : the paragraphs are numbered "1.", "2."
    service_heading: ClassVar[str] = "Certificate of Service"
    period_rule: ClassVar[str] = ""  # the rule that sets the period, as the opening cites it

    def number_label(self, item: NumberedParagraph) -> str:
        """"Ground 1.", or "1." for a kind whose paragraphs carry no label."""
        return f"{self.item_label} {item.number}." if self.item_label else f"{item.number}."

    @property
    def within_time(self) -> str:
        """", within the time allowed (due January 27, 2027, 29 CFR 102.69(c)(1)(iii))", or "" with no stored period."""
        if self.due is None:
            return ""
        rule = "as extended by order, 29 CFR 102.2(c)" if self.due_by_order else self.period_rule or self.due.citation
        return f", within the time allowed (due {_long(self.due.due_on)}, {rule})"

    @property
    def party(self) -> str:
        """"the Petitioner, United Steelworkers"."""
        return f"the {self.filing_party.label}, {self.filing_party.name}"

    @model_validator(mode="after")
    def _not_served_on_itself(self) -> Self:
        if any(entry.party.name == self.filing_party.name for entry in self.service):
            raise ProcedureError(f"the certificate of service lists the filing party {self.filing_party.name!r} itself")
        return self


#: What a request for review asks the Board to review (29 CFR 102.67(c), 102.69(c)(2), (h), 102.71(b)).
ReviewedAction = Literal["decision", "certification", "dismissal", "set-aside"]


class RequestForReviewContext(PartyPaperContext):
    """D15 Request for Review (party → the Board): the Regional Director's action reviewed
    (``reviewed_title`` as issued, ``reviewed_on``), the grounds (29 CFR 102.67(d)), the Regional
    Director's copy (102.67(i)(2)), certificate of service (R-N4, R-N5)."""

    reviewed: ReviewedAction
    reviewed_title: str  # "Decision on Objections", "Certification of Results of Election", ...
    reviewed_on: DateOrPlaceholder
    objected: bool = False  # the filing party filed the objections the Decision on Objections overruled

    period_rule: ClassVar[str] = "29 CFR 102.67(c)"

    @property
    def paper_title(self) -> str:
        return f"{self.filing_party.label}'s Request for Review of the Regional Director's {self.reviewed_title}"

    @property
    def opening(self) -> str:
        rules = {"decision": "Sections 102.67 and 102.69(c)(2)", "certification": "Sections 102.67 and 102.69(c)(2)",
                 "set-aside": "Sections 102.67 and 102.69(c)(2)", "dismissal": "Sections 102.67 and 102.71(b)"}[self.reviewed]
        return (f"Pursuant to {rules} of the Board's Rules and Regulations, {self.party}, requests that the Board review "
                f"the Regional Director's {self.reviewed_title} issued on {_long(self.reviewed_on)}{self.within_time}. "
                "The compelling reasons on which the request rests are stated below (29 CFR 102.67(d)).")

    @property
    def relief(self) -> str:
        """What the party asks the Board to do, from its side: the objecting party that the election be
        set aside and a second election directed; against a set-aside, that the objections be overruled
        and the results certified; against a dismissal, that the petition be reinstated."""
        ask = f"WHEREFORE, the {self.filing_party.label} requests that the Board grant review of the Regional Director's {self.reviewed_title}"
        if self.reviewed == "decision" and self.objected:
            return (f"{ask}, reverse it, sustain the {self.filing_party.label}'s objections, set the election aside, "
                    "and direct a second election.")
        if self.reviewed == "set-aside":
            return f"{ask}, reverse it, overrule the objections, and direct that the results of the election be certified."
        if self.reviewed == "dismissal":
            return f"{ask}, reverse it, and reinstate the petition."
        return f"{ask} and reverse it."


class StatementInOppositionContext(PartyPaperContext):
    """D15 Statement in Opposition to a request for review (party → the Board; 29 CFR 102.67(f), R-N6)."""

    request: FiledBy
    reviewed_title: str
    reviewed_on: DateOrPlaceholder

    heading: ClassVar[str] = "Statement in Opposition"
    item_label: ClassVar[str] = "Point"

    period_rule: ClassVar[str] = "29 CFR 102.67(f)"

    @property
    def paper_title(self) -> str:
        return f"{self.filing_party.label}'s Statement in Opposition to the {self.request.party.label}'s Request for Review"

    @property
    def opening(self) -> str:
        requester = self.request.party
        return (f"Pursuant to Section 102.67(f) of the Board's Rules and Regulations, {self.party}, files this statement "
                f"in opposition to the request for review filed on {_long(self.request.filed_on)} by the {requester.label}, "
                f"{requester.name}, of the Regional Director's {self.reviewed_title} issued on {_long(self.reviewed_on)}"
                f"{self.within_time}.")

    @property
    def relief(self) -> str:
        return (f"WHEREFORE, the {self.filing_party.label} requests that the Board deny the {self.request.party.label}'s "
                "request for review.")


class AnsweringBriefContext(PartyPaperContext):
    """D8 Answering brief to another party's exceptions to the Hearing Officer's Report (29 CFR
    102.69(c)(1)(iii), R-K2), with statement of service."""

    report_issued_on: DateOrPlaceholder
    answered: tuple[FiledBy, ...] = Field(min_length=1)  # the exceptions answered: whose, filed when

    heading: ClassVar[str] = "Argument"
    item_label: ClassVar[str] = "Point"
    service_heading: ClassVar[str] = "Statement of Service"

    period_rule: ClassVar[str] = "29 CFR 102.69(c)(1)(iii)"

    @property
    def paper_title(self) -> str:
        return f"{self.filing_party.label}'s Answering Brief to the Exceptions to the Hearing Officer's Report"

    @property
    def opening(self) -> str:
        from casefile.documents.render import join_and

        answered = join_and([f"the {a.party.label}, {a.party.name}, filed on {_long(a.filed_on)}" for a in self.answered])
        return (f"Pursuant to Section 102.69(c)(1)(iii) of the Board's Rules and Regulations, {self.party}, files this "
                f"answering brief to the exceptions of {answered}, to the Hearing Officer's Report and Recommendations "
                f"issued on {_long(self.report_issued_on)}{self.within_time}.")

    @property
    def relief(self) -> str:
        return (f"WHEREFORE, the {self.filing_party.label} requests that the Regional Director overrule the exceptions and "
                "adopt the Hearing Officer's findings and recommendations.")


class CrossExceptionsContext(PartyPaperContext):
    """Cross-exceptions to the Hearing Officer's Report by a party that did not except, within the
    answering-brief period (29 CFR 102.69(c)(1)(iii); as to cross-exceptions, 102.46(c)), with
    statement of service; each paragraph the finding excepted to and its grounds."""

    report_issued_on: DateOrPlaceholder
    answered: tuple[FiledBy, ...] = Field(min_length=1)

    heading: ClassVar[str] = "Cross-Exceptions"
    item_label: ClassVar[str] = "Cross-Exception"
    service_heading: ClassVar[str] = "Statement of Service"

    period_rule: ClassVar[str] = "29 CFR 102.69(c)(1)(iii)"

    @property
    def paper_title(self) -> str:
        return f"{self.filing_party.label}'s Cross-Exceptions to the Hearing Officer's Report"

    @property
    def opening(self) -> str:
        from casefile.documents.render import join_and

        answered = join_and([f"the {a.party.label}, {a.party.name}, filed on {_long(a.filed_on)}" for a in self.answered])
        return (f"Pursuant to Section 102.69(c)(1)(iii) of the Board's Rules and Regulations and, as to cross-exceptions, "
                f"Section 102.46(c), {self.party}, files the following cross-exceptions to the Hearing Officer's Report and "
                f"Recommendations issued on {_long(self.report_issued_on)}, in answer to the exceptions of {answered}"
                f"{self.within_time}. Each cross-exception identifies the finding or recommendation excepted to and states "
                "its grounds.")

    @property
    def relief(self) -> str:
        return (f"WHEREFORE, the {self.filing_party.label} requests that the Regional Director decline to adopt the findings "
                "and recommendations cross-excepted to.")


class MotionForReconsiderationContext(PartyPaperContext):
    """Motion for reconsideration of the Regional Director's decision (29 CFR 102.65(e), R-K6): the
    decision (``decision_title``, ``decision_issued_on``), the grounds stated with particularity."""

    decision_title: str
    decision_issued_on: DateOrPlaceholder

    period_rule: ClassVar[str] = "29 CFR 102.65(e)"

    @property
    def paper_title(self) -> str:
        return f"{self.filing_party.label}'s Motion for Reconsideration of the Regional Director's {self.decision_title}"

    @property
    def opening(self) -> str:
        return (f"Pursuant to Section 102.65(e) of the Board's Rules and Regulations, {self.party}, moves for "
                f"reconsideration of the Regional Director's {self.decision_title} issued on "
                f"{_long(self.decision_issued_on)}{self.within_time}. Each ground below states with particularity the "
                "material error claimed or, where additional evidence is relied on, that evidence (29 CFR 102.65(e)(1)).")

    @property
    def relief(self) -> str:
        return (f"WHEREFORE, the {self.filing_party.label} requests that the Regional Director reconsider the "
                f"{self.decision_title} and modify it in the respects stated above.")


class ExtensionRequestContext(PartyPaperContext):
    """D4 Request for an extension of time to file a document (29 CFR 102.2(c), R-B10): the document
    (``document`` in words, ``document_title`` as its title), the date it is due (``due_on``, as the
    record holds it), the date asked (``until``), who rules (``decided_by``: "Regional Director" or
    "Board"), and whether it is filed within 3 days of the due date (``late``: it then rests on
    circumstances not reasonably foreseeable in advance). The paragraphs are the reasons and the
    other parties' positions."""

    document: str  # "exceptions to the Hearing Officer's Report"
    document_title: str  # "Exceptions to the Hearing Officer's Report"
    due_on: date
    until: date | None = None
    decided_by: Literal["Regional Director", "Board"]
    late: bool = False

    heading: ClassVar[str] = "Grounds for the Request"
    item_label: ClassVar[str] = ""

    @property
    def paper_title(self) -> str:
        return f"{self.filing_party.label}'s Request for Extension of Time to File {self.document_title}"

    @property
    def opening(self) -> str:
        to = f" to {_long(self.until)}" if self.until is not None else ""
        return (f"Pursuant to Section 102.2(c) of the Board's Rules and Regulations, {self.party}, requests that the "
                f"{self.decided_by} extend{to} the time to file its {self.document}, now due on {_long(self.due_on)}. "
                "This request is filed no later than the date on which the document is due, and is served on the other "
                "parties at the same time."
                + (" It is filed within 3 days of the due date: it rests on circumstances not reasonably foreseeable in "
                   "advance, stated below." if self.late else ""))

    @property
    def relief(self) -> str:
        to = (f"to {_long(self.until)}" if self.until is not None
              else f"for such time as the {self.decided_by} finds reasonable")
        return f"WHEREFORE, the {self.filing_party.label} requests that the time to file its {self.document} be extended {to}."


class DecisionAndDirectionOfSecondElectionContext(DocumentContext):
    """D13 Decision on Objections and Direction of Second Election, with the Notice of Second Election.

    ``party_at_fault`` names the party whose conduct caused the set-aside (the Lufkin paragraph,
    R-O3); None when the set-aside rests on Board-agent irregularity, which omits the party-fault
    sentence. ``set_aside_election`` is the election set aside. ``posting`` is the computed
    notice-posting deadline (R-O5), known only once the second election's date is.
    """

    tally: TallyLines
    procedural_history: tuple[HistoryLine, ...] = Field(min_length=1)
    findings: tuple[str, ...] = Field(min_length=1)
    objections: tuple[ObjectionItem, ...] = Field(min_length=1)
    party_at_fault: PartyRef | None
    set_aside_election: ElectionDates
    agreement: ElectionAgreement | Placeholder  # unknown: Board review treated as available (R-K5)
    choices: tuple[str, ...] = Field(min_length=1)  # on the second election's ballot
    unit_description: str
    second_election_schedule: str  # dates, times, places or mail schedule; placeholder until set
    eligibility_period_ending_on: DateOrPlaceholder | None = None  # None: "ending immediately before" this decision
    voter_list: DeadlineLine | None = None
    posting: DeadlineLine | None = None
    request_for_review: DeadlineLine | None = None
    signature: Signature
    service: tuple[ServiceEntry, ...] = ()


class ALJDecisionContext(DocumentContext):
    """Record copy of an Administrative Law Judge's decision on consolidated unfair labor practice
    and objections/challenges cases (R-I4)."""

    hearing: HearingFacts
    findings_summary: tuple[str, ...] = Field(min_length=1)
    violations_found: tuple[str, ...] = ()
    objections: tuple[ObjectionItem, ...] = ()
    challenged_ballots_unresolved: Count | None = None
    remedy: tuple[str, ...] = Field(min_length=1)
    agreement: ElectionAgreement | Placeholder  # unknown: Board review treated as available (R-K5)
    exceptions: DeadlineLine | None = None  # 102.46(a): 28 days from the order transferring the case
    signature: Signature


class CertificationContext(DocumentContext):
    """Fields shared by the two certifications (R-H1, R-Q1–R-Q3)."""

    agreement: ElectionAgreement | Placeholder
    tally: TallyLines
    basis: str  # "no timely objections were filed", "the objections have been overruled"
    unit_description: str
    request_for_review: DeadlineLine | None = None
    signature: Signature
    service: tuple[ServiceEntry, ...] = ()


class CertificationOfResultsContext(CertificationContext):
    """D12 Certification of Results of Election: no labor organization won a majority (R-Q2)."""

    labor_organizations: tuple[str, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _no_majority(self) -> Self:
        if self.tally.majority_for is not None:
            raise ProcedureError(
                f"a certification of results cannot rest on a tally stating a majority for {self.tally.majority_for!r}"
            )
        return self


class CertificationOfRepresentativeContext(CertificationContext):
    """D11 Certification of Representative: the named labor organization is exclusive representative (R-Q1)."""

    representative: str

    @model_validator(mode="after")
    def _majority_for_representative(self) -> Self:
        if self.representative not in {line.choice for line in self.tally.choices}:
            raise ProcedureError(f"{self.representative!r} was not a choice on the ballot of the tally certified")
        return self


class CaseStatusReportContext(DocumentContext):
    """Case status report for a lawyer's client: elections, tallies with their arithmetic, docket,
    open deadlines, documents issued."""

    prepared_for: str  # "" : not given (the row is left out)
    as_of_at: AwareDatetime
    agreement: ElectionAgreement | Placeholder
    petition_filed_on: DateOrPlaceholder
    rule_set: str  # "2019 text (petition filed 2020-05-31 … 2023-12-25)"
    elections: tuple[ElectionSummary, ...] = Field(min_length=1)
    docket: tuple[DocketLine, ...] = ()
    deadlines: tuple[DeadlineLine, ...] = ()
    documents: tuple[DocumentLine, ...] = ()


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


# --------------------------------------------------------------------------------------------
# The Regional Director's decision overruling objections, and the orders of the Region, the General
# Counsel and the Board (issue 10)
# --------------------------------------------------------------------------------------------


class DecisionOnObjectionsContext(DocumentContext):
    """The Regional Director's Decision on Objections that overrules them (29 CFR 102.69(c)(1)(i) without
    a hearing, (c)(1)(iii) on the hearing record, (c)(2)): procedural history, the findings and the ruling
    on each objection, the conclusion (the certification the tally calls for: ``representative`` the
    labor organization chosen, None for a certification of results) and the request-for-review paragraph
    (``request_for_review`` computed from the decision's date; None where the rule set has no such period).
    ``hearing`` and ``report_issued_on``: the hearing held and the Hearing Officer's report, when there
    were; ``exceptions_by`` the parties that excepted to it."""

    tally: TallyLines
    procedural_history: tuple[HistoryLine, ...] = Field(min_length=1)
    hearing: HearingFacts | None = None
    report_issued_on: date | None = None
    exceptions_by: tuple[str, ...] = ()
    findings: tuple[str, ...] = Field(min_length=1)
    objections: tuple[ObjectionItem, ...] = Field(min_length=1)
    agreement: ElectionAgreement | Placeholder  # unknown: Board review treated as available (R-K5)
    representative: str | None = None
    labor_organizations: tuple[str, ...] = ()
    request_for_review: DeadlineLine | None = None
    signature: Signature
    service: tuple[ServiceEntry, ...] = ()


class OrderExtendingTimeContext(DocumentContext):
    """An order fixing or extending the date for a filing (29 CFR 102.2(c), (d); 102.69(a)(8) for the
    offer of proof): ``what`` is due (a noun phrase), from ``from_due_on`` to ``to_due_on`` (received by
    ``cutoff_at`` at ``receiving``), on the request of ``requested_by`` (filed ``requested_on``) when
    the record holds one; ``reopened``: the period had lapsed and runs again. Signed by the Regional
    Director, or by the Executive Secretary for a filing the Board receives."""

    what: str
    for_whom: str
    requested_by: PartyRef | None = None
    requested_on: date | None = None
    from_due_on: date
    to_due_on: date
    cutoff_at: AwareDatetime | None = None
    receiving: str  # "the Regional Director, Region 29" / "the Board's Office of the Executive Secretary"
    citation: str
    reopened: bool = False
    signature: Signature
    service: tuple[ServiceEntry, ...] = ()


class OrderTransferringCaseContext(DocumentContext):
    """The order transferring the case to another Region (29 CFR 102.72(a)): from ``from_region``
    (``from_office``) to ``to_region`` (``to_office``), from the order's date; ``moved``: the periods
    already running that the order sends to the new office (in words); the others stay. Signed for the
    General Counsel."""

    from_region: str  # "Region 29"
    from_office: str
    to_region: str
    to_office: str
    moved: tuple[str, ...] = ()
    signature: Signature
    service: tuple[ServiceEntry, ...] = ()

    @model_validator(mode="after")
    def _another_office(self) -> Self:
        if (self.from_region, self.from_office) == (self.to_region, self.to_office):
            raise ProcedureError(f"an order transferring the case must send it elsewhere, not back to {self.to_office}")
        return self


class BoardOrderContext(DocumentContext):
    """The Board's order on a request for review (29 CFR 102.67(g), (h), (j)): ``ruling`` granted,
    denied or remanded, ``decision`` (with a grant that decides: affirmed, set-aside, open-and-count);
    ``requested_by`` the parties that requested review of ``reviewed`` (issued ``reviewed_on``);
    ``paragraphs`` the order's operative text; ``members`` the Board members who signed it (a
    placeholder or a blank when the record does not name them)."""

    ruling: str
    decision: str | None = None
    requested_by: tuple[PartyRef, ...] = Field(min_length=1)
    reviewed: str  # "the Regional Director's Certification of Representative"
    reviewed_on: date | None = None
    paragraphs: tuple[str, ...] = Field(min_length=1)
    members: tuple[Signature, ...] = Field(min_length=1)
    service: tuple[ServiceEntry, ...] = ()


class OrderApprovingWithdrawalContext(DocumentContext):
    """The order approving the withdrawal of the petition (29 CFR 102.60(a)): the petitioner's request,
    the consent (``consented_by``), the elections it ends (in words). Signed by the Regional Director, or
    for the Board by its Executive Secretary once the record is before the Board."""

    petitioner: PartyRef
    consented_by: str
    ended: tuple[str, ...] = Field(min_length=1)  # "the election held on April 6, 2021"
    signature: Signature
    service: tuple[ServiceEntry, ...] = ()


class OrderDismissingPetitionContext(DocumentContext):
    """The Regional Director's order dismissing the petition on stated grounds (29 CFR 102.71(a)), with
    the request-for-review paragraph (102.71(b), 102.67(c)): ``request_for_review`` and ``opposition``
    as the record keeps them."""

    petitioner: PartyRef
    grounds: tuple[str, ...] = Field(min_length=1)
    request_for_review: DeadlineLine | None = None
    opposition: DeadlineLine | None = None
    signature: Signature
    service: tuple[ServiceEntry, ...] = ()


DOCUMENT_CONTEXTS: dict[DocumentKind, type[DocumentContext]] = {
    DocumentKind.TALLY_OF_BALLOTS: TallyOfBallotsContext,
    DocumentKind.OBJECTIONS: ObjectionsContext,
    DocumentKind.OFFER_OF_PROOF: OfferOfProofContext,
    DocumentKind.NOTICE_OF_HEARING: NoticeOfHearingContext,
    DocumentKind.HEARING_OFFICER_REPORT: HearingOfficerReportContext,
    DocumentKind.EXCEPTIONS: ExceptionsContext,
    DocumentKind.DECISION_AND_DIRECTION_OF_SECOND_ELECTION: DecisionAndDirectionOfSecondElectionContext,
    DocumentKind.ALJ_DECISION: ALJDecisionContext,
    DocumentKind.CERTIFICATION_OF_RESULTS: CertificationOfResultsContext,
    DocumentKind.CERTIFICATION_OF_REPRESENTATIVE: CertificationOfRepresentativeContext,
    DocumentKind.CASE_STATUS_REPORT: CaseStatusReportContext,
    DocumentKind.REVISED_TALLY_OF_BALLOTS: RevisedTallyContext,
    DocumentKind.NOTICE_OF_RUNOFF_ELECTION: NoticeOfRunoffElectionContext,
    DocumentKind.DECISION_ON_OBJECTIONS: DecisionOnObjectionsContext,
    DocumentKind.ORDER_EXTENDING_TIME: OrderExtendingTimeContext,
    DocumentKind.ORDER_TRANSFERRING_CASE: OrderTransferringCaseContext,
    DocumentKind.BOARD_ORDER: BoardOrderContext,
    DocumentKind.ORDER_APPROVING_WITHDRAWAL: OrderApprovingWithdrawalContext,
    DocumentKind.ORDER_DISMISSING_PETITION: OrderDismissingPetitionContext,
    DocumentKind.REQUEST_FOR_REVIEW: RequestForReviewContext,
    DocumentKind.STATEMENT_IN_OPPOSITION: StatementInOppositionContext,
    DocumentKind.ANSWERING_BRIEF: AnsweringBriefContext,
    DocumentKind.CROSS_EXCEPTIONS: CrossExceptionsContext,
    DocumentKind.MOTION_FOR_RECONSIDERATION: MotionForReconsiderationContext,
    DocumentKind.EXTENSION_REQUEST: ExtensionRequestContext,
}
"""The context model each document kind is rendered from."""
