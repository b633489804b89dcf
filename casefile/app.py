"""The front door: every interface (the command line, scenario replays, the HTTP API and the web
pages) performs acts and reads the record through this module, and nothing else.

One policy, stated once: an act on a case is performed in one transaction that first sweeps
*that* case as of the act's instant, exactly as the scheduled sweep would have (periods that ran
out are closed; elections the rules move on are moved; those entries name the sweep), then
performs the act (its docket entries name who performed it), then supersedes any closure the act's
filing shows was wrong (casefile.record.closures); then its documents are issued (here, or by the
act's Prefect flow run when a server issues them). A refused act stores nothing at all: its
pre-act sweep is rolled back with it. Retrying an act (or losing a race to the same act) returns
the first result and stores nothing new.

Nothing here imports Prefect or WeasyPrint at module level: a refused act is reported before
either is loaded.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel
from sqlalchemy import Engine
from sqlalchemy.exc import IntegrityError, OperationalError

from casefile.acts import ActIn, Done, Issue, Who, module_for
from casefile.acts.open_case import OpenCase
from casefile.errors import BadInput, CasefileError, ConcurrentAct
from casefile.gaps import Gap
from casefile.record.closures import supersede_closures
from casefile.record.db import read_session, write_session
from casefile.record.deadlines import office_of
from casefile.record.lookups import get_case
from casefile.record.models import Case
from casefile.record.uploads import NO_UPLOADS, Uploads, check_carried, upload_fields
from casefile.record.workflow import RECORDED_BY
from casefile.validation import refuse_all

#: How many times an act that lost a race (a unique key taken by a concurrent commit, a busy
#: SQLite lock) is tried again; the retry sees the winner's commit and answers as a retry would.
RETRIES = 3


class IssuedDocument(BaseModel):
    """A document an act issued: its id, kind, title, file name and sha256 (``path`` is the
    local file, for the command line only; the API never shows it)."""

    id: int
    kind: str
    title: str
    file_name: str
    sha256: str
    confidential: bool
    path: str = ""


class ActResult(BaseModel):
    """What the front door did with an act: the act, the case, the record it made (its written form, "tally:3"),
    its docket entry, whether it had been recorded before (``repeated``: nothing new stored), the
    documents issued, those still to be issued (``pending``: kinds), warnings, and a one-line
    summary. ``gaps[i]`` is the fact behind ``warnings[i]`` when that warning is a field the record
    lacks (casefile.gaps.Gap: each interface says how to give it), None otherwise."""

    act: str
    case_number: str
    ref: str
    entry_id: int
    repeated: bool
    summary: str
    documents: list[IssuedDocument] = []
    pending: list[str] = []
    warnings: list[str] = []
    gaps: list[Gap | None] = []
    notes: list[str] = []
    swept: list[str] = []
    attached: list[str] = []  # the documents received stored with the act ("attachment:ID")


def perform(act: ActIn, *, as_of: datetime, by: Who, case_number: str | None = None,
            documents: Literal["issue", "defer", "none"] = "issue", engine: Engine | None = None,
            uploads: Uploads | None = None, guard: Callable[[Any, Case], None] | None = None,
            now: datetime | None = None) -> ActResult:
    """Perform ``act`` on case ``case_number`` (for ``open-case``: the case the act opens) as of
    ``as_of`` (aware), performed or recorded by ``by``.

    ``now``: the interface's clock (default: this machine's, read here and nowhere else in the front
    door). Whatever ``as_of`` says, an act is never recorded after ``now``, nor dated or recorded
    before the petition that began its case (casefile.rules.chronology: the case's time line).

    ``documents``: "issue" renders and stores the act's documents now (in this process);
    "defer" leaves them to the caller (the server starts the act's flow run, which issues them
    from the docket entry's id); "none" issues nothing (a bulk import). ``uploads``: the files
    carried with the act (casefile.record.uploads, checked when received): those its upload
    fields name (attach-document's ``file``), and the documents received, attached to the act's
    record (``ActResult.attached``) in the act's own transaction — a refused act stores none.
    ``guard(session, case)``: asked first inside the act's own transaction (the authority policy's
    decision taken again there, so that a link ended meanwhile cannot let the act through); what it
    raises refuses the act.
    Returns an ActResult. Raises the act's CasefileError (nothing stored, not even the pre-act
    sweep) — BadInput (UploadRefused: a file field without its file, a file no field takes),
    NotFound, NotAllowedNow, Untimely, Conflict — and DocumentFailed when a document cannot be
    issued (the act stays recorded; issuing again later completes it).
    """
    if as_of.tzinfo is None or as_of.utcoffset() is None:
        raise BadInput(f"{act.act_name}: the moment of the act must be timezone-aware, got {as_of!r}", field="as_of")
    carried = uploads if uploads is not None else NO_UPLOADS
    check_carried(act, carried)  # a file field with no file carried for it names nothing: refused first
    found = receipt_refusals(act, as_of, now if now is not None else clock())
    module = module_for(act)
    found += input_refusals(act)  # what the act's input alone decides (e.g. a tally's arithmetic)
    files = {"uploads": carried} if upload_fields(act) else {}
    swept: list[str] = []
    attached: list[str] = []

    def received(session: Any, case: Case, done: Done) -> Done:
        if carried.received and not done.repeated:
            from casefile.acts.attaching import attach_received
            from casefile.record.authority import whose_of

            sealed = any(getattr(act, name, None) for name in whose_of(act).sealed)  # e.g. objections' offer of proof
            attached[:] = attach_received(session, case, done, carried.received, as_of=as_of, by=by, sealed=sealed)
        return done

    if isinstance(act, OpenCase):
        refuse_all(found)  # every problem at once, before anything runs

        def run_open(session: Any) -> Done:
            done: Done = module.perform(session, act, case=None, as_of=as_of, by=by, **files)
            if carried.received and not done.repeated:
                from casefile.record.models import DocketEntry

                entry = session.get(DocketEntry, done.entry_id)
                received(session, session.get(Case, entry.case_id), done)
            return _sealed(session, act, done, documents)

        done = _attempt(run_open, by, engine)
        number = act.case.number
    else:
        if case_number is None:
            raise BadInput(f"{act.act_name}: name the case the act is on", field="case_number")
        with read_session(engine) as session:
            try:
                case = get_case(session, case_number)  # UnknownCase / MalformedCaseNumber before anything is done
            except CasefileError:
                refuse_all(found)  # the act's own problems first: they do not depend on the record
                raise
            case_id, number = case.id, case.number
            zone = office_of(case).tz
            # not before the petition (also the act's own date), with the act's own problems: all at once
            refuse_all(found + time_line_refusals(act, case, as_of))
        instant = act_instant(act, as_of, zone)  # type: ignore[arg-type]

        def run(session: Any) -> Done:
            if guard is not None:
                guard(session, session.get(Case, case_id))
            # The pre-act sweep in the act's own transaction: a refusal rolls it back with the act, a
            # lost race sweeps again on the retry.
            swept[:] = sweep_in(session, case_id, instant)
            session.info[RECORDED_BY] = by.label
            fresh = session.get(Case, case_id)
            done: Done = _sealed(session, act, module.perform(session, act, case=fresh, as_of=as_of, by=by, **files),
                                 documents)
            received(session, fresh, done)
            if not done.repeated:
                supersede_closures(session, case_id, as_of=as_of)  # type: ignore[arg-type]
            return done

        done = _attempt(run, by, engine)
    from casefile.rules.case_numbers import parse_case_number

    result = ActResult(act=done.act, case_number=str(parse_case_number(number)), ref=str(done.ref or ""), entry_id=done.entry_id,
                       repeated=done.repeated, summary=done.summary,
                       warnings=[w.fact() if isinstance(w, Gap) else w for w in done.warnings],
                       gaps=[w if isinstance(w, Gap) else None for w in done.warnings], notes=list(done.notes),
                       swept=swept, attached=attached)
    if carried.received and done.repeated:
        result.notes.append("already recorded: the documents received with it were not stored again (attach one to "
                            f"the act with attach-document, to docket:{done.entry_id})")
    if documents == "issue":
        result.documents = issue_documents(result.case_number, done.issue, as_of=as_of, by=by.label, engine=engine)
    elif documents == "defer":
        result.pending = [i.kind.value for i in done.issue]
    return result


def _sealed(session: Any, act: ActIn, done: Done, documents: str) -> Done:
    """The act's terms, and the documents it is to issue (unless ``documents`` is "none"), sealed into
    its docket entry (casefile.record.sealing); a repeat (the act found already recorded under its key)
    whose terms differ from those sealed is refused: AlreadyRecorded naming the fields, never answered
    "already recorded". The act's own check alone decides when its entry has no terms (recorded before
    terms were sealed), when the module compares its own terms (COMPARES_OWN_TERMS), and when the case's
    record was corrected since (a retry then says what the record says now)."""
    from sqlmodel import select

    from casefile.record.corrections import Correction
    from casefile.record.models import DocketEntry
    from casefile.record.sealing import different_terms, note_owed, note_terms

    module = module_for(act)
    unordered = getattr(module, "UNORDERED_TERMS", ())
    if not done.repeated:
        note_terms(session, done.entry_id, act, unordered)
        if documents != "none":
            note_owed(session, done.entry_id, [i.document_key for i in done.issue])
        return done
    if getattr(module, "COMPARES_OWN_TERMS", False):
        return done
    entry = session.get(DocketEntry, done.entry_id)
    stored = ((entry.seal if entry is not None else None) or {}).get("terms")
    if not stored or entry is None:
        return done
    corrected = session.exec(select(Correction.id).where(Correction.case_id == entry.case_id,
                                                         Correction.entry_id > entry.id).limit(1)).first()  # type: ignore[operator]
    if corrected is None and (fields := different_terms(stored, act, unordered)):
        from casefile.errors import AlreadyRecorded
        from casefile.rules.act_names import ACT_WORDS
        from casefile.rules.calendar import long_date
        from casefile.vocab import DocketActName

        name = ACT_WORDS[DocketActName(act.act_name)].done if act.act_name in set(DocketActName) else act.act_name
        raise AlreadyRecorded(f"{name}: already recorded on {long_date(entry.occurred_on)} with other terms "
                              f"({', '.join(term_words(f) for f in fields)} "
                              f"{'differs' if len(fields) == 1 else 'differ'}); a correction or an amended act is its "
                              "own act", field=fields[0])
    return done


#: An act input's field in words, where its name alone does not say it (term_words).
TERM_WORDS = {"at_fault": "party at fault", "opens_on": "opening date", "date": "date", "at": "time",
              "received_at": "time received", "held_from_on": "first day of voting", "held_to_on": "last day of voting",
              "eligible_exact": "whether the eligible voters are exact", "excluded": "ballots excluded from the count",
              "excluded_reason": "why ballots were excluded", "board_agent": "Board agent", "issuer": "issued by",
              "rulings": "rulings on the objections", "challenges": "rulings on the challenged ballots",
              "election": "the election (method, voting days, unit, reason)"}


def term_words(field: str) -> str:
    """An act input's field in words (TERM_WORDS; else its name with spaces: "offer_of_proof" → "offer of proof")."""
    return TERM_WORDS.get(field, field.replace("_", " "))


def _attempt(run: Any, by: Who, engine: Engine | None) -> Done:
    """Run one act's transaction; a lost race (unique key, busy lock) is retried, and the retry
    answers as a retry would (the act found recorded, or a clean refusal)."""
    for attempt in range(RETRIES + 1):
        try:
            with write_session(engine, by=by.label) as session:
                return run(session)  # type: ignore[no-any-return]
        except (IntegrityError, OperationalError) as exc:
            if not _lost_race(exc):
                raise
            if attempt == RETRIES:
                raise ConcurrentAct(f"another act on the same case kept winning the race ({type(exc).__name__}); "
                                    "nothing was stored: try again") from exc
    raise AssertionError("unreachable")


def _lost_race(exc: Exception) -> bool:
    """Whether a database error means a concurrent transaction won (a unique key it took first,
    SQLite's lock still held, a PostgreSQL serialization failure or deadlock) — not a bug."""
    if isinstance(exc, IntegrityError):
        return "unique" in str(exc.orig).lower() or "duplicate" in str(exc.orig).lower()
    text = str(getattr(exc, "orig", exc)).lower()
    return "database is locked" in text or "could not serialize" in text or "deadlock" in text


def clock() -> datetime:
    """This machine's clock (aware, UTC): the ``now`` of an interface that states none."""
    from datetime import UTC

    return datetime.now(UTC)


def refusals_of(act: ActIn, *, case_number: str, as_of: datetime, now: datetime | None = None, own: bool = True,
                engine: Engine | None = None) -> list[CasefileError]:
    """Every refusal :func:`perform` would make of ``act`` on case ``case_number`` before anything runs, none raised:
    the receipt's, the act's own input's (unless ``own`` is False: an act made from an input with some fields left
    out, whose counts are not the input's) and the case's time line (when the case is found). What a command reads
    with :func:`perform`'s answer, so that an input with problems of several kinds tells them all at once."""
    found = receipt_refusals(act, as_of, now if now is not None else clock())
    if own:
        found += input_refusals(act)
    with read_session(engine) as session:
        try:
            case = get_case(session, case_number)
        except CasefileError:
            return found
        return found + time_line_refusals(act, case, as_of)


def input_refusals(act: ActIn) -> list[CasefileError]:
    """What the act's input alone decides, every problem (its module's ``problems``, else the one its ``check``
    raises), none raised."""
    module = module_for(act)
    if (collect := getattr(module, "problems", None)) is not None:
        return list(collect(act))
    if (check := getattr(module, "check", None)) is not None:
        try:
            check(act)
        except CasefileError as exc:
            return [exc]
    return []


def receipt_refusals(act: ActIn, as_of: datetime, now: datetime) -> list[CasefileError]:
    """The refusals of an act recorded as of an instant after ``now``, a receipt instant later than the moment
    the act is recorded, and an act dated after the day it is recorded (casefile.rules.chronology); for
    open-case, a petition after the day it is recorded. None raised."""
    from casefile.rules.chronology import dated_after_recorded, received_after_recorded, recorded_after_now

    found: list[CasefileError] = [r for r in (recorded_after_now(act.act_name, as_of, now),
                                              received_after_recorded(act.act_name, act.at, as_of),
                                              dated_after_recorded(act.act_name, act.on, as_of)) if r is not None]
    if (opening := _opening_refusal(act, as_of)) is not None:
        found.append(opening)
    return found


def _opening_refusal(act: ActIn, as_of: datetime) -> CasefileError | None:
    """An open-case whose petition is after the day it is recorded (or its first act), or None."""
    if isinstance(act, OpenCase):
        from zoneinfo import ZoneInfo

        from casefile.rules.case_numbers import parse_case_number
        from casefile.rules.chronology import petition_refusal
        from casefile.rules.offices import office_for

        try:
            zone = ZoneInfo(office_for(parse_case_number(act.case.number).region, act.case.office).tz)
        except BadInput:
            return None  # a bad number or office: the act's own check names it
        recorded_on = as_of.astimezone(zone).date()
        first_act_on = act.legal_on(zone, as_of) if act.on is not None or act.at is not None else None  # a replay's
        return petition_refusal(act.case.petition_filed_on, recorded_on=recorded_on,
                                first_act_on=first_act_on, field="case.petition_filed_on")
    return None


def time_line_refusals(act: ActIn, case: Case, as_of: datetime) -> list[CasefileError]:
    """The refusals of an act on ``case`` dated, or recorded, before the petition that began the case
    (casefile.rules.chronology.before_the_petition; a case whose petition date is not in the record is
    not compared), none raised. The act is named as its documents and forms name it ("the tally of ballots")."""
    from zoneinfo import ZoneInfo

    from casefile.rules.chronology import before_the_petition

    legal = act.legal_date(case, as_of)
    recorded_on = as_of.astimezone(ZoneInfo(office_of(case).tz)).date()
    subject = act_words(act.act_name)
    dated = before_the_petition(subject, legal, case.petition_filed_on, field="at" if act.at is not None else "date")
    if dated is not None:  # recorded before it too, then: one problem, said once
        return [dated]
    recorded = before_the_petition(subject, recorded_on, case.petition_filed_on, field="as_of", verb="would be recorded on")
    return [recorded] if recorded is not None else []


def on_the_time_line(act: ActIn, case: Case, as_of: datetime) -> None:
    """Refuse an act on ``case`` dated, or recorded, before the petition (:func:`time_line_refusals`, all at once)."""
    refuse_all(time_line_refusals(act, case, as_of))


#: What a refusal calls an act whose name is not words ("the record-tally act").
_ACT_WORDS = {"record-tally": "the tally of ballots"}


def act_words(act_name: str) -> str:
    """The act as a refusal names it: "the tally of ballots"; else "the <act> act"."""
    return _ACT_WORDS.get(act_name, f"the {act_name} act")


def act_instant(act: ActIn, as_of: datetime, zone: str) -> datetime:
    """The instant an act happened, for the sweep that comes before it: its receipt ``at``, else
    noon on its ``date`` at the receiving office, never later than ``as_of`` (when it is
    recorded). Policy: the case is swept as the schedule would have left it when the act happened,
    so recording yesterday's filing today does not first close the period it was filed in."""
    from casefile.acts.base import midday

    happened = act.at if act.at is not None else (midday(act.on, zone) if act.on is not None else as_of)
    return min(happened, as_of)


def sweep_case(case_id: int, *, as_of: datetime, engine: Engine | None = None) -> list[str]:
    """Sweep one case as of ``as_of`` in its own transaction (what the scheduled sweep would have
    done by then: a scenario's own sweep event, not an act's pre-act sweep, which :func:`perform`
    runs inside the act's transaction); returns what it closed and moved, as lines."""
    from casefile.jobs.sweep import sweep

    with write_session(engine, by=Who.system("sweep").label) as session:
        report = sweep(session, as_of=as_of, case_id=case_id)
    return report.deadlines_closed + report.elections_moved


def issue_documents(case_number: str, issue: tuple[Issue, ...], *, as_of: datetime, by: str = "system:documents",
                    engine: Engine | None = None) -> list[IssuedDocument]:
    """Issue (or find, when already issued) each document; renders with WeasyPrint in this
    process; the issuance's docket entry names ``by`` (who performed the act that issues it).
    Raises DocumentFailed for one that cannot be rendered or fails preflight."""
    if not issue:
        return []
    from casefile.documents.issue import issue_document

    return [_issued(issue_document(case_number=case_number, issue=item, as_of=as_of, by=by)) for item in issue]


def _issued(doc: Any) -> IssuedDocument:
    from pathlib import Path

    return IssuedDocument(id=doc.id or 0, kind=doc.kind.value, title=doc.title, file_name=Path(doc.path).name,
                          sha256=doc.sha256, confidential=doc.confidential, path=doc.path)


def issue_for_entry(entry_id: int, *, as_of: datetime, engine: Engine | None = None) -> list[IssuedDocument]:
    """Issue the documents of the act recorded as docket entry ``entry_id`` (what the act's flow
    run does): the act's module says which, from the record the act made. Idempotent."""
    from casefile.acts import module_named
    from casefile.record.models import DocketEntry

    with read_session(engine) as session:
        entry = session.get(DocketEntry, entry_id)
        if entry is None:
            from casefile.errors import UnknownRecord

            raise UnknownRecord(f"no docket entry {entry_id}")
        case = session.get(Case, entry.case_id)
        assert case is not None
        issue = module_named(entry.act).issues(session, entry.ref)
        number, by = case.number, entry.recorded_by or "system:documents"
    return issue_documents(number, issue, as_of=as_of, by=by, engine=engine)


def read_instant(text: str, *, what: str, case_number: str | None = None, engine: Engine | None = None,
                 zone: str | None = None) -> datetime:
    """An aware instant from what a person typed: an ISO datetime with its offset, or a bare
    date meaning 00:00 that day *in the receiving office's zone of the case* (``zone``, an IANA name, for a
    case not yet opened; Eastern when neither is named). A datetime without offset is refused. Raises BadInput
    naming ``what``.
    Policy: a date alone is the start of that day where the filing is received (29 CFR 102.2(b))."""
    from datetime import date, time
    from zoneinfo import ZoneInfo

    from casefile.acts.base import FIRST_DATE, LAST_DATE
    from casefile.validation import date_problem

    text = text.strip()
    if len(text) == 10:
        try:
            day = date.fromisoformat(text)
        except ValueError as exc:
            raise BadInput(f"{what}: {date_problem(text)}", field=what) from exc
        value = datetime.combine(day, time(0, 0), tzinfo=ZoneInfo(zone or case_zone(case_number, engine=engine)))
    else:
        try:
            value = datetime.fromisoformat(text)
        except ValueError as exc:
            raise BadInput(f"{what}: {date_problem(text)}", field=what) from exc
        if value.tzinfo is None:
            raise BadInput(f"{what}: {text!r} has no UTC offset; give one (e.g. -05:00 or Z)", field=what)
    if not FIRST_DATE <= value.date() <= LAST_DATE:  # (and no arithmetic on it overflows)
        raise BadInput(f"{what}: {text[:40]!r} is outside the National Labor Relations Act's lifetime "
                       f"({FIRST_DATE.isoformat()} to {LAST_DATE.isoformat()})", field=what)
    return value


def case_zone(case_number: str | None, *, engine: Engine | None = None) -> str:
    """The IANA zone of the case's receiving office (America/New_York when no case is named)."""
    if case_number is None:
        return "America/New_York"
    from casefile.record.deadlines import office_of

    with read_session(engine) as session:
        return office_of(get_case(session, case_number)).tz


def status_report(case_number: str, *, as_of: datetime, prepared_for: str = "",
                  engine: Engine | None = None) -> IssuedDocument:
    """Issue the case status report as of ``as_of``, prepared for ``prepared_for`` (the client, as
    printed; "" leaves the line out of a live case's report and prints a placeholder in a record
    copy's). One per case, instant and client; idempotent."""
    from casefile.documents.issue import issue_status_report

    with read_session(engine) as session:
        number = get_case(session, case_number).number
    return _issued(issue_status_report(case_number=number, as_of=as_of, prepared_for=prepared_for))


# --- read models (casefile.reads), re-exported: every interface reads through this module --------------------

from casefile import reads as _reads  # noqa: E402  (after perform's names: its parameters `case`, `documents`)

case = _reads.case
case_count = _reads.case_count
cases = _reads.cases
deadline_count = _reads.deadline_count
deadlines = _reads.deadlines
deadlines_counted = _reads.deadlines_counted
determinative_cases = _reads.determinative_cases
docket = _reads.docket
documents = _reads.documents
met_by = _reads.met_by
missed = _reads.missed
periods_to_extend = _reads.periods_to_extend
permitted_acts = _reads.permitted_acts
refusal = _reads.refusal
service_gaps = _reads.service_gaps
sweep_in = _reads.sweep_in
