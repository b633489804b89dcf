"""The shapes every document's context is made of: the caption, issuance, signatures, service lines,
a tally's lines, objections, deadlines, a hearing's dates, and the labelled placeholder for a fact the
public record lacks.

Each document's own context model (``casefile.documents.kinds``) is a frozen pydantic model built from
these. They carry facts already decided: the rules (``casefile/rules/``) compute due dates,
determinativeness and outcomes; a document's builder gathers names and dates from the record; the
templates only lay them out. A fact the public record lacks is never guessed: the field takes a
labelled placeholder made by :func:`placeholder`, which every template prints in a visible grey
italic box. Counts are ``int``, legal dates are ``date`` (``*_on``), instants are aware
``datetime`` (``*_at``; an ISO 8601 string with an offset is accepted as input).

A few arithmetic checks are repeated here (a tally's valid line is the sum of its vote lines) so
that no document can print an inconsistent record; the law itself is not decided here.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Annotated, Self

from pydantic import AfterValidator, AwareDatetime, BaseModel, ConfigDict, Field, model_validator

from casefile.errors import InvalidTally, MalformedCaseNumber, ProcedureError
from casefile.rules.tally_form import TallyForm, tally_form
from casefile.vocab import (
    DeadlineStatus,
    Disposition,
    ElectionAgreement,
    FilingMethod,
    PartyRole,
    TallyKind,
    VotingMethod,
)

PLACEHOLDER_PREFIX = "[NOT IN THE PUBLIC RECORD: "
PLACEHOLDER_PATTERN = re.compile(r"\[NOT IN THE PUBLIC RECORD: [^\]]+\]")
_CASE_NUMBER = re.compile(r"^\d{1,2}-[A-Z]{2}-\d{1,6}$")


def placeholder(what: str) -> str:
    """Return the labelled stand-in for a fact the record lacks, e.g. ``placeholder("hearing officer's name")``.

    ``what`` names the missing fact in a few words. The result reads ``[NOT IN THE PUBLIC RECORD:
    hearing officer's name]``; templates style it as a grey italic box. A square bracket in ``what``
    (a party named "Acme [Holdings]") is written as a parenthesis, so the placeholder stays one.

    Raises ProcedureError when ``what`` is blank (a bug: every caller names the fact).
    """
    what = what.strip().replace("[", "(").replace("]", ")")
    if not what:
        raise ProcedureError("placeholder(): name the missing fact")
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
        raise MalformedCaseNumber(f"case number {value!r} does not have the form RR-TT-NNNNNN")
    return value


Placeholder = Annotated[str, AfterValidator(_require_placeholder)]
"""A string made by :func:`placeholder` (any other string is refused)."""
DateOrPlaceholder = date | Placeholder
CaseNumber = Annotated[str, AfterValidator(_require_case_number)]
Count = Annotated[int, Field(ge=0)]
Sha256 = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]


class Facts(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


# --------------------------------------------------------------------------------------------
# Shared pieces
# --------------------------------------------------------------------------------------------

_ROLE_LABELS = {
    PartyRole.EMPLOYER: "Employer",
    PartyRole.PETITIONER: "Petitioner",
    PartyRole.INTERVENOR: "Intervenor",
    PartyRole.INDIVIDUAL_PETITIONER: "Petitioner",
}


class PartyRef(Facts):
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


class Caption(Facts):
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
    # A case kept from public sources (casefile.record.people.is_record_copy): every document of it is a
    # record copy, and says so in the same annex (templates/_macros.html record_notes), whatever its kind.
    record_copy: bool = False

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


class Issuance(Facts):
    """When and by whom a document issues (or is filed, for a party's document)."""

    issued_on: DateOrPlaceholder  # a placeholder only for a record copy whose issue date is not public
    issuer_title: str  # "Regional Director", "Hearing Officer", "Counsel for the Petitioner"
    place: str | None = None  # "Atlanta, Georgia"


class Signature(Facts):
    """A signature block: name (a placeholder for a record copy whose signer is not public; "" for a
    live case whose signer is not entered, or a record copy signed with the office only: a blank line), title, organization and contact
    lines (firm, postal address, telephone, e-mail, bar number). ``co_counsel``: the other counsel
    signing with the first, each as its lines (name first)."""

    name: str
    title: str
    organization: str | None = None
    contact_lines: tuple[str, ...] = ()
    signed: bool = True  # False for a record copy: the signer's name without "/s/"
    co_counsel: tuple[tuple[str, ...], ...] = ()


class ServiceEntry(Facts):
    """One line of a certificate / statement of service: who, how, where, when (R-B12). ``served``:
    the person served (counsel, from the service ledger; None: the party's representative as
    ``party`` names it). A manner or address "" is a blank to fill in (a live case's record lacks it)."""

    party: PartyRef
    manner: str  # "Electronic mail", "Overnight delivery", "Facsimile"
    address: str  # email address, fax number or postal address used
    served_on: DateOrPlaceholder
    served: str | None = None


class FiledWith(Facts):
    """How a party's document was filed, for its certificate of service: with whom ("the Regional
    Director, Region 10"), by which method (None: the manner is not in the record, e.g. a record copy
    whose sources do not say it), on which date, and the e-filing confirmation number when the document
    as filed is attached with one."""

    recipient: str
    method: FilingMethod | None
    filed_on: DateOrPlaceholder
    confirmation: str | None = None


class VoteLine(Facts):
    """Votes cast for one choice on the ballot (R-C2 line 4)."""

    choice: str
    votes: Count


class ElectionDates(Facts):
    """When and how an election was held: one day (manual) or a mail period (began → ended)."""

    began_on: DateOrPlaceholder
    ended_on: date | None = None
    method: VotingMethod | Placeholder


class TallyLines(Facts):
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
    def form(self) -> TallyForm:
        """The numbers and words of this ballot's lines of the tally form (casefile.rules.tally_form)."""
        return tally_form(tuple(line.choice for line in self.choices), against=self.against is not None)

    @property
    def ballots_cast(self) -> int | str:
        """Ballots cast = valid + void + challenged (R-C3); a placeholder when the void count is not in the record."""
        if isinstance(self.void, str):
            return placeholder("number of ballots cast (the void ballots are not in the record)")
        return self.valid + self.void + self.challenged


class ChallengeItem(Facts):
    """One challenged ballot (voter by name or number) and the recommendation or ruling on it."""

    voter: str
    challenged_by: str
    ground: str
    disposition: str | None = None  # "sustained", "overruled: open and count"
    reason: str | None = None


REGISTER_TABLE_LIMIT = 40
"""Up to this many challenged ballots a report or decision lists one row per voter; above it, one row per
(challenger, ground, recommendation or ruling) with its count, and the voters of each group in a paragraph
(the Bessemer rerun's 416 challenged ballots, one per row, ran a decision to 25 pages)."""


def challenge_groups(items: tuple[ChallengeItem, ...]) -> tuple[tuple[ChallengeItem, tuple[str, ...]], ...]:
    """The challenges grouped by challenger, ground and recommendation or ruling (with its reason), in register
    order: each group's first item (for those facts) and the voters of the group, in register order."""
    groups: dict[tuple[str, str, str | None, str | None], list[ChallengeItem]] = {}
    for item in items:
        groups.setdefault((item.challenged_by, item.ground, item.disposition, item.reason), []).append(item)
    return tuple((found[0], tuple(i.voter for i in found)) for found in groups.values())


class ObjectionItem(Facts):
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




class DeadlineLine(Facts):
    """A computed deadline as a document states it: due date, cut-off instant, citation."""

    what: str
    due_on: date | None  # None: the period runs from an act the record does not hold (``runs_from`` says which)
    cutoff_at: AwareDatetime | None = None
    citation: str
    for_whom: str | None = None
    status: DeadlineStatus | None = None
    runs_from: str = ""  # "28 days from service of the order transferring the case to the Board", when due_on is None
    # what the record leaves open about the date (the act's own ``uncertain`` that started the period, dates written
    # out): said with it, "[uncertain: ...]" (JFK8's request for review: the press reported "by Jan. 25")
    uncertain: str = ""


class HistoryLine(Facts):
    """One step of a procedural history: the date and what happened."""

    occurred_on: date
    event: str




class HearingFacts(Facts):
    """When and where a hearing was held: opening and closing dates and the place, each a placeholder
    when the record lacks it, None when it does not apply (a hearing not yet closed). ``scheduled_only``: the
    record holds only the date the hearing was set to open (``opened_on``), not the day it opened
    (casefile.record.hearing_opening.only_scheduled)."""

    opened_on: DateOrPlaceholder | None = None
    scheduled_only: bool = False
    closed_on: DateOrPlaceholder | None = None
    place: str | None = None




class Review(Facts):
    """Whether the Board reviews the Regional Director's post-election actions in the case, as the rules
    answer it (casefile.rules.review.board_review) on the agreement the record holds, as the acts asked it:
    ``available`` False only for a consent election (the Regional Director's rulings are final, 29 CFR 102.62);
    ``agreement_known`` False when the record holds no election agreement (review then treated as available, and
    the document says the record does not show the agreement, and on what review depends). ``agreement`` the one
    the record holds; ``inferred`` what a document adds after naming it when the record only infers it
    (Case.agreement_public False: " (inferred: the public record does not name the election agreement)"), else ""."""

    available: bool
    agreement_known: bool
    agreement: ElectionAgreement | None = None
    inferred: str = ""

    @property
    def directed(self) -> bool:
        """Whether the record holds a direction of election (a Regional Director's pre-election decision, whose
        request for review is due with the exceptions to a consolidated case's decision, 29 CFR 102.69(c)(2))."""
        return self.agreement is ElectionAgreement.DIRECTED

    @model_validator(mode="after")
    def _the_agreement_when_known(self) -> Self:
        if self.agreement_known != (self.agreement is not None):
            raise ProcedureError("a review's agreement is known exactly when it names the agreement the record holds")
        return self


def _each_once(notes: tuple[str, ...]) -> tuple[str, ...]:
    """The notes with a repeat left out (the same words, spacing aside), in their order: two records carrying one
    research note — the parties' objections filed the same day, each with the same note on the sources — are said
    once in the annex."""
    seen: set[str] = set()
    kept = []
    for note in notes:
        if (key := " ".join(note.split())) not in seen:
            seen.add(key)
            kept.append(note)
    return tuple(kept)


class Transcription(Facts):
    """What a document of a live case that transcribes an agency's document says it is, on its first page:
    casefile's transcription of ``whose`` ("the Region's", "the Board's", "the Administrative Law Judge's")
    document, ``verb`` ("issued", "served") on ``on``, entered from it; the signatures (``signatures``, in
    words: "the signature", "the Board agent's signature and the observers'") are on that copy only."""

    whose: str
    on: date
    verb: str = "issued"
    signatures: str = "the signature"


class DocumentContext(Facts):
    """Fields every document has: the caption and its issuance, the record-copy notes (research
    notes on the sources of a replayed case) printed only in an annex headed as a record-copy note,
    never in the body, each note once, however many records carry it; and — for a live case's transcription of an
    agency's document — what it is (``transcription``, set by casefile.documents.base.RecordDocument.issued,
    printed on page 1)."""

    caption: Caption
    issuance: Issuance
    record_notes: Annotated[tuple[str, ...], AfterValidator(_each_once)] = ()
    transcription: Transcription | None = None

