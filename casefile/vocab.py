"""The NLRB vocabulary, defined once and used by rules, records, templates, CLI and flows.

Values are lower-case kebab strings so that they read well in YAML scenarios, JSON output and
command lines (``casefile deadlines compute objections``).
"""

from __future__ import annotations

from enum import Enum, StrEnum
from typing import Any


class CaseType(StrEnum):
    """Representation case types with a post-election procedure (rules.md §7)."""

    RC = "RC"  # certification of representative (union petition)
    RM = "RM"  # employer petition
    RD = "RD"  # decertification
    UD = "UD"  # deauthorization of union-security (different majority rule, R-D4)


class ElectionAgreement(StrEnum):
    """How the election came about; decides whether Board review exists (R-K5, 102.62)."""

    CONSENT = "consent"  # 102.62(a) or (c): RD rulings final, no request for review
    STIPULATED = "stipulated"  # 102.62(b)
    DIRECTED = "directed"  # Decision and Direction of Election


class PartyRole(StrEnum):
    EMPLOYER = "employer"
    PETITIONER = "petitioner"
    INTERVENOR = "intervenor"
    INDIVIDUAL_PETITIONER = "individual-petitioner"


class ElectionKind(StrEnum):
    """Where an election sits in the case's chain of elections."""

    INITIAL = "initial"
    RERUN = "rerun"  # second (third...) election after a set-aside, R-O1/R-O2
    RUNOFF = "runoff"  # 102.70(a)-(c), once
    NULLITY_RERUN = "nullity-rerun"  # 102.70(d), once


class VotingMethod(StrEnum):
    MANUAL = "manual"
    MAIL = "mail"
    MIXED = "mixed"


class TallyKind(StrEnum):
    """Tally types (R-C4)."""

    INITIAL = "initial"
    REVISED = "revised"
    RUNOFF = "runoff"
    RERUN = "rerun"


class Stage(StrEnum):
    """Per-election stages (rules.md §4; the transition table is casefile.record.workflow)."""

    TALLY_ISSUED = "tally-issued"
    OBJECTIONS_PENDING = "objections-pending"
    CHALLENGE_INVESTIGATION = "challenge-investigation"
    CERTIFICATION_DUE = "certification-due"
    RUNOFF_DUE = "runoff-due"
    HEARING_NOTICED = "hearing-noticed"
    HEARING_OPEN = "hearing-open"
    HEARING_CLOSED = "hearing-closed"
    HO_REPORT_ISSUED = "ho-report-issued"
    EXCEPTIONS_PENDING = "exceptions-pending"
    ALJ_CONSOLIDATED = "alj-consolidated"
    ALJ_DECISION_ISSUED = "alj-decision-issued"
    RD_DECISION = "rd-decision"
    REVISED_TALLY_ISSUED = "revised-tally-issued"
    CERTIFIED = "certified"
    RFR_PENDING = "rfr-pending"
    SET_ASIDE = "set-aside"
    RERUN_DIRECTED = "rerun-directed"
    RUNOFF_DIRECTED = "runoff-directed"
    CLOSED = "closed"
    WITHDRAWN = "withdrawn"
    DISMISSED = "dismissed"


TERMINAL_STAGES = frozenset({Stage.CLOSED, Stage.WITHDRAWN, Stage.DISMISSED, Stage.RERUN_DIRECTED, Stage.RUNOFF_DIRECTED})


class OutcomeKind(StrEnum):
    """Outcome classes (R-D5)."""

    REP = "REP"
    RESULTS = "RESULTS"
    RUNOFF = "RUNOFF"
    NULLITY_RERUN = "NULLITY_RERUN"
    PENDING = "PENDING"


class ChallengeStatus(StrEnum):
    """Status of one challenged ballot (R-E1, R-E7; design §3)."""

    PENDING = "pending"  # sealed, unresolved
    SUSTAINED = "sustained"  # never counted
    OVERRULED = "overruled"  # to be opened and counted (then "opened")
    OPENED = "opened"  # opened and counted in a revised tally (its vote is never recorded, R-E8)
    RESOLVED_BY_AGREEMENT = "resolved-by-agreement"  # resolved before the count (R-C1)
    NOT_DETERMINATIVE = "not-determinative"  # sealed for good: no longer able to affect the result (R-E2, R-E7)


class ExcludedReason(StrEnum):
    """Why the Board agent left ballots out of the count (a Tally's ``excluded_reason``; None: the record does
    not say). Each is a ballot the agent did not open at the count, not a challenge made at it; an order to
    count them writes them as challenged ballots to be opened (casefile.rules.excluded_ballots)."""

    LATE_MAIL_BALLOT = "late-mail-ballot"  # a mail ballot received after the date the notice set for its return
    UNSIGNED_ENVELOPE = "unsigned-envelope"  # the return envelope bore no signature
    NOT_AT_THE_COUNT = "not-at-the-count"  # received by the Region in time but not brought to the count
    DAMAGED_ENVELOPE = "damaged-envelope"  # the return envelope arrived opened or torn


class DeadlineKind(StrEnum):
    """Every period of the post-election procedure (rules.md §0 table, R-G..R-O)."""

    OBJECTIONS = "objections"  # 102.69(a)(8)
    OFFER_OF_PROOF = "offer-of-proof"  # 102.69(a)(8), extendable by the RD (R-G5)
    HEARING_OPENS = "hearing-opens"  # 102.69(c)(1)(ii)
    EXCEPTIONS = "exceptions"  # 102.69(c)(1)(iii)
    ANSWERING_BRIEF = "answering-brief"  # 102.69(c)(1)(iii), from the exceptions due date
    REVISED_TALLY_OBJECTIONS = "revised-tally-objections"  # 102.69(e)
    REQUEST_FOR_REVIEW = "request-for-review"  # 102.67(c), 102.69(h)
    RFR_OPPOSITION = "rfr-opposition"  # 102.67(f), from the RfR due date
    RECONSIDERATION = "reconsideration"  # 102.65(e)
    EARLIEST_CERTIFICATION = "earliest-certification"  # 102.69(b), R-H2
    NOTICE_POSTING = "notice-posting"  # 102.67(k), before a rerun or runoff election
    ALJ_EXCEPTIONS = "alj-exceptions"  # 102.46(a), 28 days from the transfer order
    POST_HEARING_BRIEF = "post-hearing-brief"  # 102.69(c)(1)(iii): as the hearing officer allows (2019 text: 5 bd as of right)


class Audience(StrEnum):
    """Whom a deadline is for (``Deadline.for_whom``; stored as its value)."""

    ALL_PARTIES = "all parties"
    OBJECTING_PARTY = "objecting party"  # the offer of proof: the party that filed objections
    REGIONAL_DIRECTOR = "Regional Director"  # a date the Region acts by (the hearing's opening)


class TriggerKind(StrEnum):
    """The act a deadline's period runs from (``Deadline.trigger_kind``; its date is ``trigger_on``, the
    record it made ``trigger_ref``), worded in one place (casefile.rules.trigger_words)."""

    TALLY = "tally-prepared"  # the Tally of Ballots (102.69(a))
    REVISED_TALLY = "revised-tally-available"  # the revised tally made available (102.69(e))
    HO_REPORT = "ho-report-issued"  # the Hearing Officer's Report (102.69(c)(1)(iii))
    HEARING_CLOSED = "hearing-closed"  # post-hearing briefs (102.69(c)(1)(iii))
    RD_DECISION = "rd-decision-served"  # service assumed on the day it issued (102.65(e))
    CERTIFICATION_OF_REPRESENTATIVE = "certification-of-representative-issued"
    CERTIFICATION_OF_RESULTS = "certification-of-results-issued"
    SUPPLEMENTAL_DECISION = "supplemental-decision-issued"  # the certification stands
    DISMISSAL = "dismissal-issued"  # service assumed on the day it issued
    ALJ_TRANSFER = "alj-transfer-issued"  # the order transferring the case to the Board, assumed of the decision's day
    OPEN_AND_COUNT_ORDER = "open-and-count-order-issued"  # a final disposition under the 2014 rule
    COUNT_EXCLUDED_ORDER = "count-excluded-order-issued"  # the same, for ballots excluded at the count


class RuledBy(StrEnum):
    """Who ruled on a challenged ballot (``ChallengedBallot.ruled_by``; the date is ``ruled_on``, the
    decision or order ``ruling_ref``)."""

    REGIONAL_DIRECTOR = "regional-director"
    BOARD = "board"
    HEARING_OFFICER = "hearing-officer"  # a recommendation in the Hearing Officer's Report
    ADMINISTRATIVE_LAW_JUDGE = "administrative-law-judge"


class DeadlineStatus(StrEnum):
    OPEN = "open"
    MET = "met"
    MET_LATE = "met-late"  # a date the Region was to act by, acted on after it (a hearing opened after its target)
    LAPSED = "lapsed"
    MOOTED = "mooted"
    EXTENDED = "extended"


class FilingMethod(StrEnum):
    """R-B9, R-B11."""

    E_FILING = "e-filing"
    FAX = "fax"
    PAPER = "paper"  # hand delivery / delivery service / mail


class NlrbFiling(StrEnum):
    """Whether a filing recorded in casefile is before the agency: ``e-filed`` (the Region or the Board
    received it, on its receipt date) or ``prepared`` (casefile holds it and its PDF; the party has not
    e-filed it yet, so it meets no period: 29 CFR 102.2(b), casefile.rules.efiling)."""

    E_FILED = "e-filed"
    PREPARED = "prepared"


class ServiceMethod(StrEnum):
    """How a copy of a filing reached someone (29 CFR 102.5(f): service by the same or a faster
    method; 102.3, 102.4): e-filing with the Region or the Board, e-mail, mail, overnight delivery
    service, hand delivery, facsimile."""

    E_FILING = "e-filing"
    EMAIL = "email"
    MAIL = "mail"
    OVERNIGHT = "overnight"
    HAND = "hand"
    FAX = "fax"


class FilingKind(StrEnum):
    """What a party filed (``Filing.kind``; casefile.rules.party_filings for the periods they are judged against)."""

    OBJECTIONS = "objections"  # 102.69(a)(8), (e)
    OFFER_OF_PROOF = "offer-of-proof"  # 102.69(a)(8), 102.66(c)
    EXCEPTIONS = "exceptions"  # 102.69(c)(1)(iii), 102.46(a)
    CROSS_EXCEPTIONS = "cross-exceptions"  # 102.46(c) by analogy
    ANSWERING_BRIEF = "answering-brief"  # 102.69(c)(1)(iii)
    POST_HEARING_BRIEF = "post-hearing-brief"  # 102.69(c)(1)(iii)
    MOTION = "motion"  # 102.65(a): a motion during the proceeding
    RECONSIDERATION_MOTION = "reconsideration-motion"  # 102.65(e)
    REQUEST_FOR_REVIEW = "request-for-review"  # 102.67(c), 102.69(h)
    RFR_OPPOSITION = "rfr-opposition"  # 102.67(f)
    EXTENSION_REQUEST = "extension-request"  # 102.2(c)
    # a party's written waiver of its right to file exceptions (the Regions' practice; no rule text provides for it,
    # 102.69(c)(1)(iii) gives the right): it closes that party's exceptions period (casefile.rules.exceptions_waiver)
    EXCEPTIONS_WAIVER = "exceptions-waiver"


class DecisionKind(StrEnum):
    """Who issued a ruling document (``Decision.kind``)."""

    HO_REPORT = "ho-report"  # the hearing officer's report (recommendations), 102.69(c)(1)(iii)
    RD_DECISION = "rd-decision"  # the Regional Director's decision, 102.69(c)(1)(i), (c)(2)
    ALJ_DECISION = "alj-decision"  # the Administrative Law Judge's decision (consolidated case), 102.69(c)(2)
    BOARD_DECISION = "board-decision"  # the Board's ruling on a request for review, 102.67


class DecisionResult(StrEnum):
    """What a ruling document decides or recommends (``Decision.result``)."""

    SET_ASIDE = "set-aside"  # the election set aside, a new one directed (R-O1)
    OVERRULE = "overrule"  # the objections overruled
    CERTIFY = "certify"  # the results to be certified (kept for records that hold it)
    OPEN_AND_COUNT = "open-and-count"  # challenged ballots to be opened and counted
    AFFIRMED = "affirmed"  # the Board: review granted, the decision affirmed
    REVIEW_DENIED = "review-denied"  # the Board: review denied
    REVIEW_GRANTED = "review-granted"  # the Board: review granted, the decision on review to follow
    REMANDED = "remanded"  # the Board: remanded to the Regional Director


class OrderKind(StrEnum):
    """An order stored as an AgencyOrder row (``AgencyOrder.kind``; casefile.record.orders)."""

    EXTENSION = "extension"  # fixing or extending a date, 102.2(c)
    TRANSFER = "transfer"  # transferring the case to another Region, 102.72(a)
    WITHDRAWAL = "withdrawal"  # approving the withdrawal of the petition, 102.60(a)
    DISMISSAL = "dismissal"  # dismissing the petition, 102.71
    MOTION_RULING = "motion-ruling"  # ruling on a motion during the proceeding, 102.65
    HEARING_RESCHEDULED = "hearing-rescheduled"  # postponing or rescheduling a noticed hearing
    COUNT_EXCLUDED = "count-excluded"  # counting ballots excluded at the count, 102.69(c)(1)(i), (e)


class AttachmentKind(StrEnum):
    """A document attached to the record (``Attachment.kind``; casefile.record.attachments)."""

    AS_FILED = "as-filed"  # a party's filing as actually filed
    AS_ISSUED = "as-issued"  # a document as the Region (or the Board) issued it


class CertificationKind(StrEnum):
    """Which certification issued (``Certification.kind``; R-H1, R-Q1, R-Q2)."""

    REPRESENTATIVE = "representative"  # Certification of Representative
    RESULTS = "results"  # Certification of Results


class Disposition(StrEnum):
    """Disposition of an objection (design §3)."""

    PENDING = "pending"
    SET_FOR_HEARING = "set-for-hearing"
    OVERRULED = "overruled"
    SUSTAINED = "sustained"
    WITHDRAWN = "withdrawn"
    MOOT = "moot"


class DocumentKind(StrEnum):
    """One Jinja template per kind (design §5)."""

    TALLY_OF_BALLOTS = "tally-of-ballots"
    OBJECTIONS = "objections"
    OFFER_OF_PROOF = "offer-of-proof"
    NOTICE_OF_HEARING = "notice-of-hearing"
    HEARING_OFFICER_REPORT = "hearing-officer-report"
    EXCEPTIONS = "exceptions"
    DECISION_AND_DIRECTION_OF_SECOND_ELECTION = "decision-and-direction-of-second-election"
    ALJ_DECISION = "alj-decision"
    CERTIFICATION_OF_RESULTS = "certification-of-results"
    CERTIFICATION_OF_REPRESENTATIVE = "certification-of-representative"
    CASE_STATUS_REPORT = "case-status-report"
    REVISED_TALLY_OF_BALLOTS = "revised-tally-of-ballots"
    NOTICE_OF_RUNOFF_ELECTION = "notice-of-runoff-election"
    # The Regional Director's and the Board's decisions and orders that had no document (issue 10).
    DECISION_ON_OBJECTIONS = "decision-on-objections"
    ORDER_EXTENDING_TIME = "order-extending-time"
    ORDER_TRANSFERRING_CASE = "order-transferring-case"
    BOARD_ORDER = "board-order"
    ORDER_APPROVING_WITHDRAWAL = "order-approving-withdrawal"
    ORDER_DISMISSING_PETITION = "order-dismissing-petition"
    # A party's filings around the decisions (issue 10): each with its certificate or statement of service.
    REQUEST_FOR_REVIEW = "request-for-review"
    STATEMENT_IN_OPPOSITION = "statement-in-opposition"
    ANSWERING_BRIEF = "answering-brief"
    CROSS_EXCEPTIONS = "cross-exceptions"
    MOTION_FOR_RECONSIDERATION = "motion-for-reconsideration"
    EXTENSION_REQUEST = "extension-request"
    # A conditional direction of a second election, and the direction that follows when the revised tally meets
    # its condition (issue 15): each on its own date.
    DECISION_AND_CONDITIONAL_DIRECTION = "decision-and-conditional-direction"
    SUPPLEMENTAL_DECISION_AND_DIRECTION = "supplemental-decision-and-direction"
    # The Regional Director's order consolidating cases and notice of hearing before an Administrative Law Judge
    # (issue 16; last: PostgreSQL's type adds a member at its end).
    ORDER_CONSOLIDATING_CASES = "order-consolidating-cases"
    # The order to count ballots excluded at the count (issue 15): it writes them as challenged ballots to open.
    ORDER_TO_COUNT_EXCLUDED_BALLOTS = "order-to-count-excluded-ballots"
    # A party's written waiver of its right to file exceptions (the Regions' practice, docs/rules.md X-K8).
    WAIVER_OF_EXCEPTIONS = "waiver-of-exceptions"


class Actor(StrEnum):
    """Who performs an act (design: 'Who acts')."""

    BOARD_AGENT = "board-agent"
    REGIONAL_DIRECTOR = "regional-director"
    HEARING_OFFICER = "hearing-officer"
    ADMINISTRATIVE_LAW_JUDGE = "administrative-law-judge"
    BOARD = "board"
    GENERAL_COUNSEL = "general-counsel"  # orders transferring a case to another Region (29 CFR 102.72(a))
    PARTY = "party"
    SYSTEM = "casefile"  # the sweep: marks acts due, never performs the Region's acts


class DocketActName(StrEnum):
    """The name of a docket act (``DocketEntry.act``, stored as its value: the text the column held before it was
    typed, so no entry's hash changes): the acts' own names (each act model's ``act``), the entries the sweep, the
    record and the import write themselves, and the stage moves the Board's ruling makes after its own entry
    ("board-ruling:closed": the act and the stage it moved to; casefile.record.workflow.DocketAct reads them
    apart). Each has its words in casefile.rules.act_names.ACT_WORDS."""

    OPEN_CASE = "open-case"
    RECORD_TALLY = "record-tally"
    FILE_OBJECTIONS = "file-objections"
    NOTICE_HEARING = "notice-hearing"
    CONSOLIDATE_WITH_ULP = "consolidate-with-ulp"
    OPEN_HEARING = "open-hearing"
    RESCHEDULE_HEARING = "reschedule-hearing"
    FILE_MOTION = "file-motion"
    RULE_ON_MOTION = "rule-on-motion"
    CLOSE_HEARING = "close-hearing"
    HO_REPORT = "ho-report"
    FILE_EXCEPTIONS = "file-exceptions"
    WAIVE_EXCEPTIONS = "waive-exceptions"
    RD_DECISION = "rd-decision"
    ALJ_DECISION = "alj-decision"
    BOARD_DECISION = "board-decision"
    SET_ASIDE = "set-aside"
    DIRECT_SECOND_ELECTION = "direct-second-election"
    CERTIFICATION = "certification"
    REGISTER_CHALLENGES = "register-challenges"
    RULE_ON_CHALLENGES = "rule-on-challenges"
    COUNT_EXCLUDED_BALLOTS = "count-excluded-ballots"
    REVISED_TALLY = "revised-tally"
    DIRECT_RUNOFF = "direct-runoff"
    DEADLINE_LAPSED = "deadline-lapsed"
    SWEEP = "sweep"
    ADD_COUNSEL = "add-counsel"
    ATTACH_DOCUMENT = "attach-document"
    REQUEST_EXTENSION = "request-extension"
    PIN_DEADLINE = "pin-deadline"
    RECOMPUTE_DEADLINE = "recompute-deadline"
    FILE_OFFER_OF_PROOF = "file-offer-of-proof"
    TRANSFER_CASE = "transfer-case"
    AMEND_OBJECTION = "amend-objection"
    WITHDRAW_OBJECTION = "withdraw-objection"
    CONFIRM_EFILING = "confirm-efiling"
    FILE_POST_HEARING_BRIEF = "file-post-hearing-brief"
    FILE_ANSWERING_BRIEF = "file-answering-brief"
    FILE_CROSS_EXCEPTIONS = "file-cross-exceptions"
    REQUEST_FOR_REVIEW = "request-for-review"
    OPPOSE_REVIEW = "oppose-review"
    MOVE_FOR_RECONSIDERATION = "move-for-reconsideration"
    BOARD_RULING = "board-ruling"
    RFR_PENDING = "rfr-pending"
    OBJECTION_PERIOD_CLOSED = "objection-period-closed"
    CERTIFICATION_DUE = "certification-due"
    RUNOFF_DUE = "runoff-due"
    CLOSE = "close"
    WITHDRAW_PETITION = "withdraw-petition"
    DISMISS_PETITION = "dismiss-petition"
    CORRECT_CASE = "correct-case"
    CORRECT_HEARING = "correct-hearing"
    CORRECT_PARTY = "correct-party"
    CORRECT_TALLY = "correct-tally"
    CLOSURE_SUPERSEDED = "closure-superseded"
    ISSUE_DOCUMENT = "issue-document"
    IMPORT_CASE = "import-case"  # a case read from NLRB files (casefile.jobs.imports.write)
    IMPORT_TALLY = "import-tally"  # a tally read from them
    IMPORT_CASE_CLOSED = "import-case-closed"  # the case closed, as they show it
    # The Board's ruling's own stage moves at rfr-pending (casefile.acts.board_ruling; 29 CFR 102.67(g), (j)).
    BOARD_RULING_CLOSED = "board-ruling:closed"
    BOARD_RULING_SET_ASIDE = "board-ruling:set-aside"
    BOARD_RULING_RERUN_DIRECTED = "board-ruling:rerun-directed"
    BOARD_RULING_REMANDED = "board-ruling:hearing-noticed"


class ReminderStatus(StrEnum):
    """A reminder's delivery on one channel, in the reminder ledger (casefile.jobs.reminders)."""

    CLAIMED = "claimed"  # a run has taken it and is sending it (reclaimable once stale)
    SENT = "sent"  # the channel accepted the digest that carried it (terminal)
    FAILED = "failed"  # the channel refused it or was unreachable; the next run retries it


def said(value: Any) -> str:
    """A value quoted in a message people read, as ``repr()`` quotes it, but with every enum in it (also
    inside a list, tuple or dict) as its word: ``'set-aside'``, never ``<DecisionResult.SET_ASIDE: 'set-aside'>``."""
    return repr(_words(value))


def _words(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (list, tuple)):
        return type(value)(_words(v) for v in value)
    if isinstance(value, dict):
        return {_words(k): _words(v) for k, v in value.items()}
    return value


_ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def ordinal(n: int) -> str:
    """An election's place in the case's chain, from its sequence number: ``2`` → "second", ``3`` →
    "third" (words to tenth, then "11th", "12th", "21st" ...). The one function every docket line,
    report, page and document uses to name the nth election (a rerun set aside in turn directs a third
    election: rules.md R-O2). Raises ValueError for n < 1."""
    if n < 1:
        raise ValueError(f"an ordinal is of a positive number, got {n}")
    if n < len(_ORDINALS):
        return _ORDINALS[n]
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def election_directed(sequence: int) -> str:
    """The docket's words for the election directed after election ``sequence`` is set aside: "Second
    election directed", "Third election directed" (rules.md R-O1, R-O2)."""
    return f"{ordinal(sequence + 1).capitalize()} election directed"


def counted(n: int, noun: str, nouns: str | None = None) -> str:
    """A count and its noun, agreeing: ``(1, "objection")`` -> "1 objection", ``(25, "objection")`` -> "25 objections",
    ``(1868, "vote")`` -> "1,868 votes"; ``nouns`` the plural when it is not ``noun`` + "s" (``(1, "point of
    argument", "points of argument")``). The one pluralizer of what casefile says (documents, docket, CLI, web).
    Raises TypeError for a count that is not an int."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"counted expects an int, got {n!r}")
    return f"{n:,} {noun if n == 1 else (nouns if nouns is not None else noun + 's')}"


#: An objection's disposition as people read it after a count ("2 set for hearing", "1 overruled").
DISPOSITION_WORDS: dict[str, str] = {
    Disposition.PENDING: "pending", Disposition.SET_FOR_HEARING: "set for hearing",
    Disposition.OVERRULED: "overruled", Disposition.SUSTAINED: "sustained", Disposition.WITHDRAWN: "withdrawn",
    Disposition.MOOT: "moot"}

#: A challenged ballot's status as people read it after a count ("3 sealed, not yet resolved").
CHALLENGE_STATUS_WORDS: dict[str, str] = {
    ChallengeStatus.PENDING: "sealed, not yet resolved", ChallengeStatus.SUSTAINED: "sustained (never counted)",
    ChallengeStatus.OVERRULED: "overruled (to be opened and counted)", ChallengeStatus.OPENED: "opened and counted",
    ChallengeStatus.RESOLVED_BY_AGREEMENT: "resolved by the parties' agreement before the count",
    ChallengeStatus.NOT_DETERMINATIVE: "sealed for good (no longer able to affect the results)"}

#: An election's place in the chain in words (``ElectionKind``).
ELECTION_KIND_WORDS: dict[str, str] = {
    ElectionKind.INITIAL: "initial election", ElectionKind.RERUN: "rerun election",
    ElectionKind.RUNOFF: "runoff election", ElectionKind.NULLITY_RERUN: "rerun election with all the original choices"}


def counts_in_words(counts: dict[str, int], words: dict[str, str]) -> str:
    """Counts by slug (``{"set-for-hearing": 2, "overruled": 1}``) as people read them, with ``words`` the
    slugs' words (DISPOSITION_WORDS, CHALLENGE_STATUS_WORDS): "2 set for hearing, 1 overruled". A slug
    ``words`` lacks reads with its dashes as spaces."""
    return ", ".join(f"{n:,} {words.get(slug, str(slug).replace('-', ' '))}" for slug, n in counts.items())

def objection_counts_words(counts: dict[str, int], *, set_public: bool = True) -> str:
    """A party's objections counted by disposition, in words ("2 set for hearing, 1 overruled"). Where the record
    does not show which objections were set for hearing, nor how many (``set_public`` False: the election view's
    ``objections_set_public``), those recorded as set are no count of the record's: "25 filed; which were set
    for hearing, and how many, is not in the public record" — the command line and the web say the same."""
    set_slug = Disposition.SET_FOR_HEARING.value
    if set_public or set_slug not in counts:
        return counts_in_words(counts, DISPOSITION_WORDS)
    others = {slug: n for slug, n in counts.items() if slug != set_slug}
    said = f"{sum(counts.values()):,} filed; which were set for hearing, and how many, is not in the public record"
    return said + (f"; {counts_in_words(others, DISPOSITION_WORDS)}" if others else "")


#: A ruling document by who issued it, in words (``DecisionKind``).
DECISION_KIND_WORDS: dict[str, str] = {
    DecisionKind.HO_REPORT: "Hearing Officer's Report", DecisionKind.RD_DECISION: "Regional Director's Decision",
    DecisionKind.ALJ_DECISION: "Administrative Law Judge's Decision", DecisionKind.BOARD_DECISION: "Board's ruling"}

#: What a ruling decides, in words (``DecisionResult``).
DECISION_RESULT_WORDS: dict[str, str] = {
    DecisionResult.SET_ASIDE: "election set aside", DecisionResult.OVERRULE: "objections overruled",
    DecisionResult.CERTIFY: "results to be certified",
    DecisionResult.OPEN_AND_COUNT: "challenged ballots to be opened and counted",
    DecisionResult.AFFIRMED: "review granted, decision affirmed", DecisionResult.REVIEW_DENIED: "review denied",
    DecisionResult.REVIEW_GRANTED: "review granted", DecisionResult.REMANDED: "remanded to the Regional Director"}

#: What a party filed, in words (``FilingKind``): "Objections", "Statement in opposition to the request for review".
FILING_KIND_WORDS: dict[str, str] = {
    FilingKind.OBJECTIONS: "Objections", FilingKind.OFFER_OF_PROOF: "Offer of proof", FilingKind.EXCEPTIONS: "Exceptions",
    FilingKind.CROSS_EXCEPTIONS: "Cross-exceptions", FilingKind.ANSWERING_BRIEF: "Answering brief",
    FilingKind.POST_HEARING_BRIEF: "Post-hearing brief", FilingKind.MOTION: "Motion",
    FilingKind.RECONSIDERATION_MOTION: "Motion for reconsideration", FilingKind.REQUEST_FOR_REVIEW: "Request for review",
    FilingKind.RFR_OPPOSITION: "Statement in opposition to the request for review",
    FilingKind.EXTENSION_REQUEST: "Request for an extension of time"}


#: A receiving office's time zone in words (the zones of the NLRB's offices).
ZONE_WORDS = {"America/New_York": "Eastern time", "America/Detroit": "Eastern time", "America/Chicago": "Central time", "America/Denver": "Mountain time",
              "America/Phoenix": "Arizona time", "America/Los_Angeles": "Pacific time", "America/Anchorage": "Alaska time",
              "Pacific/Honolulu": "Hawaii time", "America/Puerto_Rico": "Atlantic time"}


def zone_words(zone: str) -> str:
    """ "Eastern time" for America/New_York; another zone by its name and "time"."""
    return ZONE_WORDS.get(zone, f"{zone} time")
