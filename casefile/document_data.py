"""What each document template is given: one frozen pydantic model per :class:`DocumentKind`.

The models carry facts, already decided: the rules (``casefile/rules/``) compute due dates,
determinativeness and outcomes; the services gather names and dates from the case record; the
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
from typing import Annotated, Self

from pydantic import AfterValidator, AwareDatetime, BaseModel, ConfigDict, Field, model_validator

from casefile.errors import InvalidTally, MalformedCaseNumber, ProcedureError
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
    title: str | None = None

    @property
    def case_name(self) -> str:
        """The case name as the NLRB lists it: the employer's name."""
        return self.employer

    @property
    def all_case_numbers(self) -> tuple[str, ...]:
        """Every case number of the caption, consolidated ones first, this case last."""
        return (*self.other_case_numbers, self.case_number)


class Issuance(_Facts):
    """When and by whom a document issues (or is filed, for a party's document)."""

    issued_on: DateOrPlaceholder  # a placeholder only for a record copy whose issue date is not public
    issuer_title: str  # "Regional Director", "Hearing Officer", "Counsel for the Petitioner"
    place: str | None = None  # "Atlanta, Georgia"


class Signature(_Facts):
    """A signature block: name (or placeholder), title, organization and contact lines."""

    name: str
    title: str
    organization: str | None = None
    contact_lines: tuple[str, ...] = ()


class ServiceEntry(_Facts):
    """One line of a certificate / statement of service: who, how, where, when (R-B12)."""

    party: PartyRef
    manner: str  # "Electronic mail", "Overnight delivery", "Facsimile"
    address: str  # email address, fax number or postal address used
    served_on: DateOrPlaceholder


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
    prepared_on: date
    unit_id: str = "A"
    ballot_type: str  # "Single Labor Organization", "Two Labor Organizations"
    election: ElectionDates
    eligible: Count  # approximate number of eligible voters
    void: Count
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
    def ballots_cast(self) -> int:
        """Ballots cast = valid + void + challenged (R-C3)."""
        return self.valid + self.void + self.challenged


class ObjectionItem(_Facts):
    """One numbered objection; ``disposition``/``reason`` hold a recommendation or ruling where one exists."""

    number: Annotated[int, Field(ge=1)]
    text: str
    filed_by: str | None = None
    disposition: Disposition | None = None
    reason: str | None = None


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
    """A tally with the rules' reading of it: why challenges are (not) determinative, what outcomes remain reachable."""

    tally: TallyLines
    determinative_reason: str
    reachable_outcomes: tuple[str, ...] = Field(min_length=1)


class ElectionSummary(_Facts):
    """One election in a case's chain (initial, rerun, runoff) for the case status report."""

    kind: ElectionKind
    label: str  # "First election (2021)"
    dates: ElectionDates
    stage: Stage
    result: str  # "Set aside by the Regional Director on November 29, 2021"
    tallies: tuple[TallyAnalysis, ...] = ()


# --------------------------------------------------------------------------------------------
# One context per document kind
# --------------------------------------------------------------------------------------------


class DocumentContext(_Facts):
    """Fields every document has: the caption and its issuance."""

    caption: Caption
    issuance: Issuance


class TallyOfBallotsContext(DocumentContext):
    """D1 Tally of Ballots (initial, revised, rerun, runoff): R-C2 lines 1–11."""

    agreement: ElectionAgreement | Placeholder
    tally: TallyLines
    unit_description: str
    board_agent: Signature
    observers_for: tuple[str, ...] = ()  # parties whose observers sign the acknowledgment (line 11)
    objections_due: DeadlineLine | None = None


class ObjectionsContext(DocumentContext):
    """D2 Objections with certificate of service (R-G2–R-G4, R-G7, R-B12)."""

    filing_party: PartyRef
    tally_prepared_on: date
    election: ElectionDates
    objections: tuple[ObjectionItem, ...] = Field(min_length=1)
    filing_method: FilingMethod
    paper_filing_reason: str | None = None  # R-B11: why e-filing was not used
    signature: Signature
    service: tuple[ServiceEntry, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _service_and_method(self) -> Self:
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
    signature: Signature

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
    hearing_held: str  # "in Birmingham, Alabama and by videoconference, May 10 – May 27, 2021"
    findings: tuple[str, ...] = Field(min_length=1)  # paragraphs: findings of fact, credibility, analysis
    objections: tuple[ObjectionItem, ...] = Field(min_length=1)
    challenges: tuple[ChallengeItem, ...] = ()
    recommended_disposition: str
    exceptions: DeadlineLine
    answering_brief: DeadlineLine
    signature: Signature
    service: tuple[ServiceEntry, ...] = ()


class ExceptionItem(_Facts):
    """One exception: the finding or recommendation excepted to, and the grounds."""

    number: Annotated[int, Field(ge=1)]
    excepted_to: str
    grounds: str


class ExceptionsContext(DocumentContext):
    """D8 Exceptions to the Hearing Officer's Report, with statement of service (R-K1, R-K3)."""

    filing_party: PartyRef
    report_issued_on: date
    exceptions: tuple[ExceptionItem, ...] = Field(min_length=1)
    brief_filed: bool = False
    due: DeadlineLine | None = None
    signature: Signature
    service: tuple[ServiceEntry, ...] = Field(min_length=1)


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
    agreement: ElectionAgreement
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

    hearing_held: str
    findings_summary: tuple[str, ...] = Field(min_length=1)
    violations_found: tuple[str, ...] = ()
    objections: tuple[ObjectionItem, ...] = ()
    challenged_ballots_unresolved: Count | None = None
    remedy: tuple[str, ...] = Field(min_length=1)
    agreement: ElectionAgreement
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

    prepared_for: str
    as_of_at: AwareDatetime
    agreement: ElectionAgreement | Placeholder
    petition_filed_on: date
    rule_set: str  # "2019 text (petition filed 2020-05-31 … 2023-12-25)"
    elections: tuple[ElectionSummary, ...] = Field(min_length=1)
    docket: tuple[DocketLine, ...] = ()
    deadlines: tuple[DeadlineLine, ...] = ()
    documents: tuple[DocumentLine, ...] = ()


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
}
"""The context model each document kind is rendered from."""
