"""Calendar feeds: the open deadlines of a case as iCalendar (RFC 5545), one calendar per case and
one per party, so the dates a lawyer must meet sit in the calendar they already use.

Every deadline open at the instant of the export is one event — open as
:func:`casefile.rules.deadline_state.state_at` says, the one meaning every interface uses: a period
whose cut-off has passed is never in the feed, even before the scheduled sweep closes it in the
record (a replayed or imported old case is never swept; its periods that ended years ago are not
"open" events in a lawyer's calendar):

- **When.** A filing deadline is an event at its cut-off instant (DTSTART with the receiving
  office's TZID, e.g. ``DTSTART;TZID=America/New_York:20210416T235959``), without DTEND or
  DURATION, so it ends when it starts (RFC 5545 §3.6.1; DTEND may not equal DTSTART, and a
  duration would carry an 11:59 p.m. event into the next day). The Regional Director's dates
  that are not cut-offs — the hearing opening and the earliest certification — are all-day
  events on their date; once a Notice of Hearing sets the hearing, the hearing-opens event is the
  noticed hearing (same UID, a higher SEQUENCE), at its time in the office's zone when the record
  has the time, else all day on its date. Each calendar carries the VTIMEZONE of its case's office and of every
  zone its events use.
- **Identity.** ``UID`` is ``deadline-{kind}-{case}-e{election}-{trigger_on}@casefile``: the
  stored deadline's own key (election, kind, trigger date), the same in every export and in
  every database replayed from the same record, so a re-import updates the event rather than
  adding a second one. A deadline whose *trigger* changes (a corrected tally date) is a new
  deadline with a new UID; the old one leaves the feed once it is closed.
- **Revision.** The calendars carry no METHOD, so DTSTAMP is "when the information was last
  revised" (RFC 5545 §3.8.7.2). It is taken from the data, never the clock: 00:00 UTC of the
  trigger date. ``SEQUENCE`` is the length of the period in calendar days (trigger to due date):
  for one UID only the due date can change, and a recomputation that lengthens the period (an
  added closure day, shutdown tolling) raises it, so calendar clients take the new date. The
  same data therefore gives byte-identical files.
- **Text.** SUMMARY "Objections due — 10-RC-269250" (", election 2" after the first election);
  DESCRIPTION, in words: the due date and cut-off, who must act, the rule citation, the rule set by
  its title, the receiving office by its name and zone, the trigger and every derivation line (no key,
  zone name, calendar id or command); an alarm (VALARM, DISPLAY) at 9:00 a.m. office
  time the day before the due date.

Whose deadlines a party's calendar holds: those stored for ``"all parties"``, for the
``"objecting party"`` (the offer of proof: any party may object, and a party that does must
file it with its objections, R-G4) and for that party's own key. The Regional Director's dates
(``"Regional Director"``) are only in the case's calendar.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from functools import lru_cache
from pathlib import Path
from zoneinfo import ZoneInfo

from icalendar import Alarm, Calendar, Event, Timezone
from sqlalchemy import or_
from sqlmodel import Session, col, select

from casefile.documents.wording import legal_citation, prose_dates, without_exact_instants
from casefile.errors import CasefileError, UnknownRecord
from casefile.record.lookups import get_case, get_party, parties_of
from casefile.record.models import Case, Deadline, Election, Hearing, Party
from casefile.rules.calendar import clock_label
from casefile.rules.chronology import long_date
from casefile.rules.deadline_state import state_at
from casefile.rules.deadlines import NOUNS
from casefile.rules.offer_of_proof import possessive, whose
from casefile.rules.offices import office_named
from casefile.rules.rule_sets import rule_set_by_id
from casefile.rules.target_dates import REGION_TARGET_DATES
from casefile.vocab import Audience, DeadlineKind, DeadlineStatus, zone_words

__all__ = [
    "ALL_PARTIES",
    "OBJECTING_PARTY",
    "PRODID",
    "Feed",
    "FeedEntry",
    "build_calendar",
    "case_feeds",
    "concerns_party",
    "deadline_event",
    "deadline_uid",
    "open_at",
    "write_feeds",
]

PRODID = "-//casefile//NLRB post-election deadlines//EN"
ALL_PARTIES = Audience.ALL_PARTIES
OBJECTING_PARTY = Audience.OBJECTING_PARTY
ALARM_AT = time(9, 0)  # office time, the day before the due date

# The Regional Director's dates that are not filing cut-offs: all-day events on the date.
_DATE_ONLY = REGION_TARGET_DATES  # all-day dates, not cut-offs
_SUMMARY = {
    DeadlineKind.HEARING_OPENS: "Post-election hearing, if one is set: to open (Regional Director)",
    DeadlineKind.EARLIEST_CERTIFICATION: "Certification may issue (Regional Director)",
    DeadlineKind.NOTICE_POSTING: "Notice of election posted by 12:01 a.m.",
}
_WHO = {OBJECTING_PARTY: "objecting party (any party that files objections must file its offer of proof with them)"}


@dataclass(frozen=True)
class FeedEntry:
    """One stored deadline with what its event needs besides the row: the case number and the
    election's sequence number in the case (1 for the first election, 2 for a rerun ...)."""

    deadline: Deadline
    case_number: str
    election: int
    whose: str | None = None  # the party's name when the period is that party's alone (an offer of proof, 102.69(a)(8))
    hearing: Hearing | None = None  # the hearing-opens target's election's hearing, once noticed (its date and time)


def _noticed(entry: FeedEntry) -> Hearing | None:
    """The noticed hearing a hearing-opens event gives instead of the rule's target date: the election's latest
    hearing with the date it is set to open (102.69(c)(1)(ii)); None for any other deadline or before a notice."""
    hearing = entry.hearing
    if entry.deadline.kind is not DeadlineKind.HEARING_OPENS or hearing is None or hearing.opens_on is None:
        return None
    return hearing


def _hearing_start(hearing: Hearing, zone: ZoneInfo) -> date | datetime:
    """When the noticed hearing opens: its date and time (its time of day at the office, in ``zone``) when the record
    has the time, else its date (an all-day event)."""
    assert hearing.opens_on is not None
    if hearing.opens_at is None:
        return hearing.opens_on
    return datetime.combine(hearing.opens_on, hearing.opens_at, tzinfo=zone)


@dataclass(frozen=True)
class Feed:
    """One calendar to write: the case's (``party_key`` None) or one party's, and its file name."""

    case_number: str
    party_key: str | None
    filename: str
    calendar: Calendar
    deadline_ids: tuple[int, ...]

    def to_ical(self) -> bytes:
        """The calendar as RFC 5545 text (CRLF lines, folded at 75 octets)."""
        return self.calendar.to_ical()


def concerns_party(for_whom: str, party_key: str) -> bool:
    """Whether a deadline stored ``for_whom`` is one the party ``party_key`` must act on: a deadline
    of all parties, of the objecting party (any party may object) or of that party by key."""
    return for_whom in (ALL_PARTIES, OBJECTING_PARTY, party_key)


def deadline_uid(kind: DeadlineKind | str, case_number: str, election: int, trigger_on: date,
                 for_whom: str | None = None) -> str:
    """The event's UID: the deadline's natural key, stable across exports and databases; a period of one
    party (``for_whom`` its key: each objecting party's offer of proof is its own) ends with the party's key."""
    party = f"-{_safe(for_whom)}" if for_whom is not None and for_whom not in set(Audience) else ""
    return f"deadline-{DeadlineKind(kind).value}-{case_number}-e{election}-{trigger_on.isoformat()}{party}@casefile"


def _summary(entry: FeedEntry) -> str:
    kind = entry.deadline.kind
    what = ("Post-election hearing opens (noticed by the Regional Director)" if _noticed(entry) is not None else
            _SUMMARY.get(kind)) or (f"{possessive(entry.whose)} {NOUNS[kind]} due" if entry.whose
                                  else f"{_capital(NOUNS[kind])} due")
    where = entry.case_number if entry.election == 1 else f"{entry.case_number}, election {entry.election}"
    return f"{what} — {where}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _clock(at: datetime) -> str:
    """``11:59 p.m. EDT``: wall time in the instant's own zone, as the Agency writes a cut-off (never
    seconds; DTSTART keeps the exact instant, 23:59:59)."""
    return clock_label(at)


def _rule_set(rule_set_id: str) -> str:
    try:
        return rule_set_by_id(rule_set_id).title
    except CasefileError:
        return rule_set_id


def _description(entry: FeedEntry, cutoff: datetime) -> str:
    """The event's text, in words: when (the date in words, the cut-off as the Agency writes it), who must act,
    the rule, the rule set by its title, the office by its name and zone, the trigger and each step counted."""
    d = entry.deadline
    office = office_named(d.office_key)
    zone = ZoneInfo(office.tz)
    hearing = _noticed(entry)
    if hearing is not None:
        start = _hearing_start(hearing, zone)
        at = f" at {clock_label(start)}" if isinstance(start, datetime) else " (the record does not give the time)"
        where = f", {hearing.place}" if hearing.place else ""
        when = (f"opens {long_date(start if not isinstance(start, datetime) else start.date())}{at}{where}, "
                f"as the Notice of Hearing of {long_date(hearing.noticed_on)} set it (the rule's target: "
                f"{long_date(d.due_on)})")
    elif d.kind in _DATE_ONLY:
        when = f"{long_date(d.due_on)} (date of the Regional Director's act, not a filing cut-off)"
    else:
        when = f"due {long_date(d.due_on)}, by {_clock(cutoff)} at the receiving office"
    lines = [
        f"{_capital(NOUNS[d.kind])}: {when}",
        f"Who must act: {entry.whose or _WHO.get(d.for_whom, d.for_whom)}",
        f"Rule: {legal_citation(d.citation)}",
        f"Rule set: {_rule_set(d.rule_set_id)}",
        f"Receiving office: {office.name} ({zone_words(office.tz)})",
        f"Trigger: {prose_dates(d.trigger)}",
        "",
        "How it was computed:",
        *(prose_dates(without_exact_instants(line), zone) for line in d.derivation),
        "",
        "Not legal advice: check the date against the Board's Rules and Regulations (29 CFR Part 102).",
    ]
    return "\n".join(lines)


def deadline_event(entry: FeedEntry, *, alarm: bool = True) -> Event:
    """The VEVENT of one stored deadline (see the module docstring for each property)."""
    d = entry.deadline
    zone = ZoneInfo(office_named(d.office_key).tz)
    cutoff = d.cutoff_at.astimezone(zone)
    event = Event()
    event.add("uid", deadline_uid(d.kind, entry.case_number, entry.election, d.trigger_on, d.for_whom))
    event.add("dtstamp", datetime.combine(d.trigger_on, time(0), tzinfo=UTC))
    hearing = _noticed(entry)
    # a noticed hearing revises the target's event: its SEQUENCE goes past any the target date gave
    event.add("sequence", abs((d.due_on - d.trigger_on).days) + (
        1 + abs((hearing.opens_on - d.trigger_on).days) if hearing is not None and hearing.opens_on else 0))
    if hearing is not None:
        start = _hearing_start(hearing, zone)
        event.add("dtstart", start)
        if not isinstance(start, datetime):
            event.add("dtend", start + timedelta(days=1))
    elif d.kind in _DATE_ONLY:
        event.add("dtstart", d.due_on)
        event.add("dtend", d.due_on + timedelta(days=1))
    else:
        event.add("dtstart", cutoff)
    event.add("summary", _summary(entry))
    event.add("description", _description(entry, cutoff))
    role = "Regional Office" if d.kind in _DATE_ONLY else "receiving office"
    event.add("location", hearing.place if hearing is not None and hearing.place else
              f"{office_named(d.office_key).name} ({role})")
    event.add("categories", ["NLRB", "deadline", d.kind.value])
    # the Region's target dates are the rule's aim, not a hearing or certification anyone set: tentative (RFC 5545
    # 3.8.1.11), so a calendar does not show them as a set hearing; the parties' filing cut-offs are confirmed
    event.add("status", "TENTATIVE" if d.kind in _DATE_ONLY and hearing is None else "CONFIRMED")
    event.add("transp", "TRANSPARENT")
    if alarm and d.kind not in _DATE_ONLY:
        reminder = Alarm()
        reminder.add("action", "DISPLAY")
        reminder.add("description", _summary(entry))
        ring_at = datetime.combine(d.due_on - timedelta(days=1), ALARM_AT, tzinfo=zone)
        reminder.add("trigger", ring_at.astimezone(UTC))
        event.add_component(reminder)
    return event


def build_calendar(entries: Iterable[FeedEntry], *, name: str, uid: str, zones: Iterable[str] = (),
                   alarm: bool = True) -> Calendar:
    """A VCALENDAR of the entries' events, soonest cut-off first, with the VTIMEZONE of every zone
    in ``zones`` (IANA names; the case's office zone, so a calendar with no open deadline still
    holds a component) and of every zone an event uses."""
    ordered = sorted(entries, key=lambda e: (e.deadline.cutoff_at, e.deadline.kind.value, e.election))
    used = set(zones) | {office_named(e.deadline.office_key).tz for e in ordered if e.deadline.kind not in _DATE_ONLY}
    calendar = Calendar()
    calendar.add("prodid", PRODID)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("uid", uid)
    calendar.add("name", name)
    calendar.add("x-wr-calname", name)
    for tzid in sorted(used):
        calendar.add_component(_vtimezone(tzid))
    for entry in ordered:
        calendar.add_component(deadline_event(entry, alarm=alarm))
    return calendar


@lru_cache(maxsize=64)
def _vtimezone(tzid: str) -> Timezone:
    """The VTIMEZONE of an IANA zone (1970-2038, from the installed tz database), built once per
    process (~8 ms each) and shared by the calendars, which only serialize it."""
    return Timezone.from_tzid(tzid)


def _safe(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-.") or "party"


def open_at(deadline: Deadline, as_of: datetime) -> bool:
    """Whether the stored ``deadline`` is open at the aware instant ``as_of`` (started, cut-off not
    passed, not closed by then): :func:`casefile.rules.deadline_state.state_at`, the one meaning of open."""
    return state_at(kind=deadline.kind, status=deadline.status, trigger_on=deadline.trigger_on,
                    cutoff_at=deadline.cutoff_at, closed_at=deadline.closed_at, as_of=as_of).open


def _open_entries(session: Session, case: Case, as_of: datetime) -> list[FeedEntry]:
    rows = session.exec(
        select(Deadline, Election.sequence)
        .join(Election, Election.id == Deadline.election_id)  # type: ignore[arg-type]
        # still open in the record, or closed after ``as_of`` (it was running then: open_at decides)
        .where(Deadline.case_id == case.id, col(Deadline.cutoff_at) >= as_of,
               or_(Deadline.status == DeadlineStatus.OPEN, col(Deadline.closed_at) > as_of))
        .order_by(col(Deadline.cutoff_at), col(Deadline.id))
    ).all()
    names = {p.key: p.name for p in parties_of(session, case)}
    hearings: dict[int, Hearing] = {}  # each election's latest hearing (the one noticed last)
    for hearing in session.exec(select(Hearing).join(Election, Election.id == Hearing.election_id)  # type: ignore[arg-type]
                                .where(Election.case_id == case.id).order_by(col(Hearing.id))):
        hearings[hearing.election_id] = hearing
    return [FeedEntry(deadline=d, case_number=case.number, election=sequence, whose=whose(d.for_whom, names),
                      hearing=hearings.get(d.election_id))
            for d, sequence in rows if open_at(d, as_of)]


def _party_feed(case: Case, party: Party, entries: Sequence[FeedEntry], zone: str, alarm: bool) -> Feed:
    mine = [e for e in entries if concerns_party(e.deadline.for_whom, party.key)]
    calendar = build_calendar(mine, name=f"{case.number} — deadlines for {party.name}",
                              uid=f"calendar-{case.number}-{party.key}@casefile", zones=[zone], alarm=alarm)
    return Feed(case.number, party.key, f"{case.number}-{_safe(party.key)}.ics", calendar,
                tuple(e.deadline.id for e in mine if e.deadline.id is not None))


def case_feeds(session: Session, *, as_of: datetime, case_number: str | None = None, party_key: str | None = None,
               alarm: bool = True) -> list[Feed]:
    """The calendars to export: for one case (``case_number``) or every case, the case's calendar
    and one per party; with ``party_key``, only that party's calendar (of the one case, or of every
    case that has a party with that key). Each holds the deadlines open at the aware instant
    ``as_of`` (:func:`open_at`). Reads only.
    Raises MalformedCaseNumber, UnknownCase, UnknownRecord (no such party)."""
    if case_number is not None:
        cases = [get_case(session, case_number)]
    else:
        cases = list(session.exec(select(Case).order_by(col(Case.number))))
    feeds: list[Feed] = []
    for case in cases:
        zone = office_named(case.office_key).tz
        entries = _open_entries(session, case, as_of)
        if party_key is not None:
            if case_number is not None:
                feeds.append(_party_feed(case, get_party(session, case, party_key), entries, zone, alarm))
            else:
                feeds.extend(_party_feed(case, p, entries, zone, alarm)
                             for p in parties_of(session, case) if party_key in (p.key, p.name))
            continue
        calendar = build_calendar(entries, name=f"{case.number} — {case.name} (NLRB deadlines)",
                                  uid=f"calendar-{case.number}@casefile", zones=[zone], alarm=alarm)
        feeds.append(Feed(case.number, None, f"{case.number}.ics", calendar,
                          tuple(e.deadline.id for e in entries if e.deadline.id is not None)))
        feeds.extend(_party_feed(case, p, entries, zone, alarm) for p in parties_of(session, case))
    if party_key is not None and not feeds:
        raise UnknownRecord(f"no case in the database has a party {party_key!r}")
    return feeds


def write_feeds(feeds: Iterable[Feed], out_dir: Path) -> list[Path]:
    """Write each feed to ``out_dir/<filename>`` (folder created), replacing the file atomically so
    a calendar client reading the folder never sees half a file. Returns the paths, in order."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for feed in feeds:
        path = out_dir / feed.filename
        fd, tmp = tempfile.mkstemp(prefix=f".{feed.filename}.", dir=out_dir)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(feed.to_ical())
            os.chmod(tmp, 0o644)  # mkstemp makes 0600; a feed is meant to be read
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        paths.append(path)
    return paths
