"""Reminders of open deadlines: which are due as of an instant, and sending them once (docs/reminders.md).

**When.** A deadline due on day D is reminded at 08:00 in its receiving office's time zone on the
business day L business days before D, for each lead L of the settings (default 7, 3, 1), and at
08:00 on D itself (lead 0). A run as of instant T reminds of every open deadline whose cut-off has
not passed, whose trigger day has come, and one of whose reminders was due by T and not sent yet.
When several leads of one deadline are due and unsent (a deadline recorded 4 business days before
it falls due, or a run missed), only the latest of them is sent: one reminder, not three.

**Whom.** The people (``Person``) of the party that must act: "all parties" → every party's
people; a party key → that party's; "objecting party" (the offer of proof) → the people of the
parties that filed objections in the election, or every party's while none has. A party that has
filed what a deadline awaits (its objections, its offer of proof, its exceptions, its brief) is not
reminded of it again (a request for an extension does not count). Where an organization that
represents the party has assigned users to the case (casefile.accounts.around), its users among
the party's people are reminded only if assigned (an assignee is one of them: their person record
is made or linked when assigned); with no assignee, every person of the party is. Deadlines of the
Regional Director (hearing opening, earliest certification) remind nobody: they are the Region's
acts, and a party cannot meet them.

**Once.** ``ReminderSent`` holds one row per deadline, lead, person and channel. A run claims rows
in one transaction (insert ``claimed``; the unique key makes a concurrent claim fail, and the row is
skipped), sends one digest per channel, then marks the rows ``sent`` or ``failed`` in a transaction
per digest. Failed rows are claimed again by the next run; a claim left ``claimed`` by a crashed run
is taken again once older than ``stale_after`` (30 minutes; longer than any run), by the database's
clock. A channel is therefore sent a reminder at most once, except when a run crashes after the
server accepted a digest and before the mark was written (then the reminder goes out again: at
least once rather than never).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import Engine, and_, case, exists, func, or_, text, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Session, col, select

from casefile.channels import open_url, scrub
from casefile.documents.wording import without_exact_instants
from casefile.errors import CasefileError
from casefile.jobs.notify import Delivery, deliver
from casefile.jobs.people import Channel, channels_for, default_channel_counts
from casefile.record.db import get_engine, read_session, write_session
from casefile.record.deadlines import configured_calendar
from casefile.record.models import Case, Deadline, Filing, Party, Person, ReminderSent
from casefile.record.secret_key import keys_for
from casefile.rules.calendar import BusinessCalendar, clock_label, instant_label, weekday_date
from casefile.rules.deadline_names import deadline_title
from casefile.rules.offer_of_proof import possessive
from casefile.rules.offices import DEFAULT_TABLE, office_named, region_scope
from casefile.vocab import Audience, DeadlineKind, DeadlineStatus, FilingKind, ReminderStatus

#: Local time at which reminders are due (in the receiving office's zone).
SEND_TIME = time(8, 0)
#: A claim older than this (database clock) belongs to a crashed run and may be taken again.
STALE_AFTER = timedelta(minutes=30)
REGION_ONLY = Audience.REGIONAL_DIRECTOR
_CHUNK = 500

Notifier = Callable[..., Delivery]  # notifier(url, *, title, body) -> Delivery


# --- when: pure schedule arithmetic ---------------------------------------------------------------

def reminder_leads(lead_days: Sequence[int]) -> tuple[int, ...]:
    """The leads in business days, soonest reminder last: the settings' leads plus 0 (the due day's morning)."""
    return tuple(sorted({*lead_days, 0}, reverse=True))


def reminder_at(due_on: date, lead: int, *, calendar: BusinessCalendar, tz: str, send_time: time = SEND_TIME) -> datetime:
    """The instant the lead-``lead`` reminder of a deadline due on ``due_on`` is due: ``send_time`` in
    zone ``tz`` on the ``lead``-th business day before ``due_on`` (``due_on`` itself for lead 0)."""
    day = calendar.business_days_before(due_on, lead)[0]
    return datetime.combine(day, send_time, tzinfo=ZoneInfo(tz))


def latest_due_on(as_of: datetime, lead: int, *, calendar: BusinessCalendar, tz: str, send_time: time = SEND_TIME) -> date:
    """The latest due day whose lead-``lead`` reminder is due by ``as_of``: for every ``due_on``,
    ``reminder_at(due_on, lead) <= as_of`` exactly when ``due_on <= latest_due_on(as_of, lead)``.

    (With E the last day whose ``send_time`` has passed at ``as_of``: the ``lead``-th business day
    before D is on or before E exactly when fewer than ``lead`` business days lie strictly between
    E and D, i.e. when D is on or before the ``lead``-th business day after E.) This turns "which
    reminders are due" into one date comparison per office and lead, which SQL can do on an index."""
    local = as_of.astimezone(ZoneInfo(tz))
    last_morning = local.date() if local.timetz().replace(tzinfo=None) >= send_time else local.date() - timedelta(days=1)
    return calendar.add_business_days(last_morning, lead)[0]


# --- which: the selection ---------------------------------------------------------------------------

@dataclass(frozen=True)
class DueReminder:
    """One reminder that is due: a deadline, the lead it is reminded at, and the person to remind."""

    deadline_id: int
    lead_days: int
    person_id: int
    person_name: str
    person_email: str
    notify_urls: tuple[str, ...] = field(repr=False)  # decrypted: never printed
    party_key: str
    party_name: str
    case_number: str
    kind: DeadlineKind
    for_whom: str
    due_on: date
    cutoff_at: datetime
    office_key: str


@dataclass(frozen=True)
class DeadlineDetail:
    """What a digest says about a deadline beyond the selection: the case's name, the rule, the derivation."""

    case_name: str
    citation: str
    rule_set_id: str
    derivation: tuple[str, ...]


def deadline_details(session: Session, deadline_ids: Sequence[int]) -> dict[int, DeadlineDetail]:
    """The details of the deadlines ``deadline_ids`` (only those being sent: the selection stays narrow)."""
    details: dict[int, DeadlineDetail] = {}
    ids = sorted(set(deadline_ids))
    for start in range(0, len(ids), _CHUNK):
        rows = session.execute(
            select(Deadline.id, Case.name, Deadline.citation, Deadline.rule_set_id, Deadline.derivation)
            .join(Case, Case.id == Deadline.case_id)  # type: ignore[arg-type]
            .where(col(Deadline.id).in_(ids[start:start + _CHUNK])))
        for r in rows:
            details[r[0]] = DeadlineDetail(case_name=r[1], citation=r[2], rule_set_id=r[3], derivation=tuple(r[4] or ()))
    return details


def select_due_reminders(session: Session, *, as_of: datetime, lead_days: Sequence[int] | None = None,
                         calendar: BusinessCalendar | None = None,
                         default_urls: Sequence[str] | None = None, region: str | None = None) -> list[DueReminder]:
    """Every reminder due as of ``as_of`` (aware) and not sent yet on all of its person's channels,
    by person then due day: one per (deadline, person), at the latest of its leads that is due.

    Two queries whatever the number of cases: the receiving offices of the open deadlines, then
    one join of deadlines × people × ledger in which each office's thresholds (``latest_due_on``)
    are constants. ``lead_days``, ``default_urls``: default from the settings; ``calendar``: the
    configured business calendar; ``region``: only the cases whose receiving office is one of that
    Region's offices (casefile.rules.offices.region_scope: cases numbered for a merged Region are the
    Region that took it over's). Raises CasefileError for a naive ``as_of``, UnknownRegion for a
    deadline whose office the office table no longer knows, or a ``region`` that is not a Region."""
    if as_of.tzinfo is None:
        raise CasefileError("reminders: as_of must be timezone-aware")
    settings = None
    if lead_days is None or default_urls is None:
        from casefile.settings import get_settings

        settings = get_settings()
    leads = reminder_leads(settings.reminder_lead_days if lead_days is None else lead_days)  # type: ignore[union-attr]
    defaults = settings.notify_default_urls if default_urls is None else default_urls  # type: ignore[union-attr]
    calendar = calendar or configured_calendar()

    # Every office's thresholds are constants of the query; offices sharing a time zone share them.
    zones: dict[str, list[str]] = {}
    for office in DEFAULT_TABLE.all_offices():
        zones.setdefault(office.tz, []).append(office.key)
    horizon = max(latest_due_on(as_of, max(leads), calendar=calendar, tz=tz) for tz in zones)
    # A cut-off not yet passed means a due day no earlier than the day before as_of's UTC date: the
    # two-sided range on due_on is what lets the database use that index rather than scan.
    open_now = and_(Deadline.status == DeadlineStatus.OPEN, col(Deadline.cutoff_at) >= as_of,
                    col(Deadline.due_on) >= as_of.astimezone(UTC).date() - timedelta(days=1),
                    col(Deadline.due_on) <= horizon, Deadline.for_whom != REGION_ONLY)
    if region is not None:
        open_now = and_(open_now, col(Deadline.case_id).in_(
            select(Case.id).where(col(Case.office_key).in_(region_scope(region).office_keys))))
    unknown = set(session.exec(select(Deadline.office_key).where(open_now).distinct()).all()) - {
        key for keys in zones.values() for key in keys}
    for key in sorted(unknown):
        zones.setdefault(office_named(key).tz, []).append(key)  # UnknownRegion when the table lost it
    # Zones whose thresholds coincide (almost always all but one or two) share their WHENs.
    groups: dict[tuple[date, ...], list[str]] = {}
    for tz, keys in zones.items():
        local_day = as_of.astimezone(ZoneInfo(tz)).date()
        thresholds = tuple(latest_due_on(as_of, lead, calendar=calendar, tz=tz) for lead in sorted(leads))
        groups.setdefault((local_day, *thresholds), []).extend(keys)
    whens = []
    for index, lead in enumerate(sorted(leads)):  # the first WHEN that matches gives the latest (smallest) lead due
        for (local_day, *thresholds), keys in groups.items():
            whens.append((and_(col(Deadline.office_key).in_(sorted(keys)), col(Deadline.due_on) <= thresholds[index],
                               col(Deadline.trigger_on) <= local_day), lead))
    due = (select(Deadline.id, Deadline.case_id, Deadline.election_id, Deadline.kind, Deadline.for_whom,
                  Deadline.due_on, Deadline.cutoff_at, Deadline.office_key, case(*whens, else_=None).label("lead_days"))
           .where(open_now)).subquery("due")

    sent = (select(func.count()).select_from(ReminderSent)
            .where(ReminderSent.deadline_id == due.c.id, ReminderSent.lead_days == due.c.lead_days,
                   ReminderSent.person_id == Person.id, ReminderSent.status == ReminderStatus.SENT)
            .scalar_subquery())
    own = func.json_array_length(Person.notify_urls)
    with_email, without_email = default_channel_counts(defaults)
    channels = case((own > 0, own), (Person.email != "", with_email), else_=without_email)
    objections = and_(Filing.election_id == due.c.election_id, Filing.kind == FilingKind.OBJECTIONS)
    for_person = or_(due.c.for_whom == Audience.ALL_PARTIES,
                     and_(due.c.for_whom == Audience.OBJECTING_PARTY,
                          or_(~exists().where(objections), exists().where(objections, Filing.party_id == Person.party_id))),
                     Party.key == due.c.for_whom)
    # A party that has filed what the deadline awaits (its objections, its offer of proof, its exceptions ...)
    # is not reminded of it; a request for an extension is not the filing awaited (issue 10).
    filed = exists().where(Filing.deadline_id == due.c.id, Filing.party_id == Person.party_id,
                           Filing.kind != FilingKind.EXTENSION_REQUEST)
    for_person = and_(for_person, ~filed, ~_unassigned_member(due))
    query = (select(due, Person.id, Person.name, Person.email, Person.notify_urls, Party.key, Party.name, Case.number)
             .select_from(due)
             .join(Person, Person.case_id == due.c.case_id)  # type: ignore[arg-type]
             .join(Party, Party.id == Person.party_id)  # type: ignore[arg-type]
             .join(Case, Case.id == due.c.case_id)  # type: ignore[arg-type]
             .where(due.c.lead_days.is_not(None), for_person, sent < channels,
                    col(Person.reminded).is_(True))  # counsel entered for the documents only are not reminded
             .order_by(Person.id, due.c.due_on, due.c.id))
    if session.get_bind().dialect.name == "postgresql":
        # Compiling this query to machine code (JIT) costs more than running it: off for this transaction.
        session.execute(text("SET LOCAL jit = off"))
    key = keys_for(session).encryption
    opened: dict[int, tuple[str, ...]] = {}  # each person's URLs decrypted once (stored encrypted, casefile.channels.seal_url)

    def urls_of(person_id: int, stored: list[str] | None) -> tuple[str, ...]:
        if person_id not in opened:
            opened[person_id] = tuple(open_url(u, key) for u in stored or ())
        return opened[person_id]

    return [DueReminder(deadline_id=r[0], lead_days=r[8], person_id=r[9], person_name=r[10], person_email=r[11],
                        notify_urls=urls_of(r[9], r[12]), party_key=r[13], party_name=r[14], case_number=r[15],
                        kind=r[3], for_whom=r[4], due_on=r[5], cutoff_at=r[6], office_key=r[7])
            for r in session.connection().execute(query)]


def _unassigned_member(due: Any) -> Any:
    """Whether the person is a user of an organization that represents their party in the case and
    has assigned some of its users to the case, but not them: an organization's reminders of a case
    go to its assignees (casefile.accounts.around); with no assignee, to every person of the party."""
    from sqlalchemy.orm import aliased

    from casefile.record.accounts import Representation, User
    from casefile.record.around import Assignment

    rep, member, some, mine = aliased(Representation), aliased(User), aliased(Assignment), aliased(Assignment)
    return exists().where(
        rep.case_id == due.c.case_id, rep.party_id == Person.party_id,
        member.organization_id == rep.organization_id,
        or_(member.id == Person.user_id, and_(Person.email != "", func.lower(Person.email) == member.email)),
        exists().where(some.case_id == due.c.case_id, some.organization_id == rep.organization_id),
        ~exists().where(mine.case_id == due.c.case_id, mine.user_id == member.id))


# --- sending once ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class DigestResult:
    """One digest: the channel (masked), who it was for, how many reminders it carried, and what happened."""

    channel: str
    people: tuple[str, ...]
    reminders: int
    ok: bool
    error: str = ""
    cases: tuple[str, ...] = ()


@dataclass
class RemindersReport:
    """What one reminders run did, as of ``as_of``: digests sent or failed (failed ones are retried by
    the next run), and reminders left to another run that is sending them."""

    as_of: datetime
    due: int = 0
    digests: list[DigestResult] = field(default_factory=list)
    in_other_run: int = 0
    claims_lost: int = 0

    @property
    def sent(self) -> list[DigestResult]:
        return [d for d in self.digests if d.ok]

    @property
    def failed(self) -> list[DigestResult]:
        return [d for d in self.digests if not d.ok]

    @property
    def did_something(self) -> bool:
        return bool(self.digests)

    def lines(self) -> list[str]:
        """The report in sentences, one per digest."""
        out = []
        for d in self.digests:
            who = ", ".join(d.people)
            what = f"{d.reminders} reminder{'s' if d.reminders != 1 else ''} ({', '.join(d.cases)})"
            if d.ok:
                out.append(f"sent to {who} via {d.channel}: {what}")
            else:
                out.append(f"NOT sent to {who} via {d.channel}: {what}: {d.error} (stays unsent; the next run retries it)")
        if self.in_other_run:
            out.append(f"{self.in_other_run} reminder(s) left to another run that is sending them")
        if self.claims_lost:
            out.append(f"{self.claims_lost} reminder(s) sent after another run took over their stale claim")
        return out

    def as_dict(self) -> dict[str, Any]:
        return {"as_of": self.as_of.isoformat(), "due": self.due, "sent": len(self.sent), "failed": len(self.failed),
                "in_other_run": self.in_other_run,
                "digests": [{"channel": d.channel, "people": list(d.people), "cases": list(d.cases),
                             "reminders": d.reminders, "ok": d.ok, "error": d.error} for d in self.digests]}


@dataclass
class _Claimed:
    row_id: int
    reminder: DueReminder
    channel: Channel


def send_reminders(*, as_of: datetime, notifier: Notifier = deliver, engine: Engine | None = None,
                   lead_days: Sequence[int] | None = None, default_urls: Sequence[str] | None = None,
                   calendar: BusinessCalendar | None = None, stale_after: timedelta = STALE_AFTER,
                   region: str | None = None) -> RemindersReport:
    """Send every reminder due as of ``as_of`` that has not been sent: one digest per channel (all of
    its due reminders in one message), each reminder once per channel even when runs are retried or
    overlap. A channel that fails is marked failed and retried by the next run; the others are still
    sent; nothing is marked sent that its channel did not accept.

    ``notifier(url, *, title=, body=)`` delivers one message (default: Apprise, casefile.jobs.notify.deliver);
    ``engine``: default the configured database; ``region``: only that Region's cases, by receiving
    office (see select_due_reminders). Raises CasefileError for a naive ``as_of``, UnknownRegion."""
    engine = engine or get_engine()
    calendar = calendar or configured_calendar()
    if default_urls is None:
        from casefile.settings import get_settings

        default_urls = get_settings().notify_default_urls
    report = RemindersReport(as_of=as_of)
    with read_session(engine) as session:
        due = select_due_reminders(session, as_of=as_of, lead_days=lead_days, calendar=calendar,
                                   default_urls=default_urls, region=region)
    report.due = len(due)
    if not due:
        return report
    token = uuid.uuid4().hex
    with write_session(engine, by="system:reminders") as session:
        claimed, report.in_other_run = _claim(session, due, default_urls, token=token, as_of=as_of,
                                              stale_after=stale_after)
    with read_session(engine) as session:
        details = deadline_details(session, [item.reminder.deadline_id for item in claimed])
    digests: dict[str, list[_Claimed]] = {}
    for item in claimed:
        digests.setdefault(item.channel.hash, []).append(item)
    for items in digests.values():
        channel = items[0].channel
        reminders = _distinct_reminders(items)
        title, body = digest_text(reminders, details=details, as_of=as_of, calendar=calendar)
        try:
            delivery = notifier(channel.url, title=title, body=body)
        except Exception as exc:
            delivery = Delivery(channel.shown, False, scrub(f"{type(exc).__name__}: {exc}", channel.url))
        with write_session(engine, by="system:reminders") as session:
            marked = _mark(session, [i.row_id for i in items], token=token, delivery=delivery)
        report.claims_lost += len(items) - marked
        report.digests.append(DigestResult(
            channel=channel.shown, people=tuple(dict.fromkeys(i.reminder.person_name for i in items)),
            reminders=len(reminders), ok=delivery.ok, error=delivery.error,
            cases=tuple(dict.fromkeys(r.case_number for r in reminders))))
    return report


def _distinct_reminders(items: list[_Claimed]) -> list[DueReminder]:
    """The digest's reminders: a deadline reminded to two people on one channel is listed once."""
    seen: dict[tuple[int, int], DueReminder] = {}
    for item in items:
        seen.setdefault((item.reminder.deadline_id, item.reminder.lead_days), item.reminder)
    return sorted(seen.values(), key=lambda r: (r.cutoff_at, r.case_number, r.deadline_id))


def database_now(session: Session) -> datetime:
    """The database server's clock (aware, UTC): one clock for every process that claims reminders."""
    value = session.execute(select(func.current_timestamp())).scalar_one()
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value.astimezone(UTC)


def _claim(session: Session, due: list[DueReminder], default_urls: Sequence[str], *, token: str, as_of: datetime,
           stale_after: timedelta) -> tuple[list[_Claimed], int]:
    """Claim the ledger rows of ``due`` for this run; returns the claimed rows and how many were held
    by another run. New rows are inserted (a concurrent insert of the same key loses and is
    skipped); failed rows and stale claims are taken with a conditional update."""
    now = database_now(session)
    table = ReminderSent.__table__  # type: ignore[attr-defined]
    wanted: dict[tuple[int, int, int, str], tuple[DueReminder, Channel]] = {}
    for reminder in due:
        for channel in channels_for(reminder.notify_urls, reminder.person_email, default_urls):
            wanted[(reminder.deadline_id, reminder.lead_days, reminder.person_id, channel.hash)] = (reminder, channel)
    existing: dict[tuple[int, int, int, str], tuple[int, ReminderStatus, datetime]] = {}
    deadline_ids = sorted({k[0] for k in wanted})
    for start in range(0, len(deadline_ids), _CHUNK):
        rows = session.execute(select(table.c.deadline_id, table.c.lead_days, table.c.person_id, table.c.channel_hash,
                                      table.c.id, table.c.status, table.c.claimed_at)
                               .where(table.c.deadline_id.in_(deadline_ids[start:start + _CHUNK])))
        for r in rows:
            existing[(r[0], r[1], r[2], r[3])] = (r[4], r[5], r[6])
    claimed: list[_Claimed] = []
    new_keys = [k for k in wanted if k not in existing]
    insert = postgresql.insert if session.get_bind().dialect.name == "postgresql" else sqlite.insert
    for start in range(0, len(new_keys), _CHUNK):
        values = [{"deadline_id": k[0], "lead_days": k[1], "person_id": k[2], "channel_hash": k[3],
                   "channel": wanted[k][1].shown, "status": ReminderStatus.CLAIMED, "attempts": 0, "last_error": "",
                   "claim_token": token, "claimed_at": now, "scheduled_at": as_of} for k in new_keys[start:start + _CHUNK]]
        statement = (insert(table).values(values)
                     .on_conflict_do_nothing(index_elements=["deadline_id", "lead_days", "person_id", "channel_hash"])
                     .returning(table.c.id, table.c.deadline_id, table.c.lead_days, table.c.person_id, table.c.channel_hash))
        claimed += [_Claimed(r[0], *wanted[(r[1], r[2], r[3], r[4])]) for r in session.execute(statement)]
    stale_before = now - stale_after
    retry = {row_id: key for key, (row_id, status, claimed_at) in existing.items() if key in wanted and (
        status is ReminderStatus.FAILED or (status is ReminderStatus.CLAIMED and claimed_at < stale_before))}
    ids = sorted(retry)
    for start in range(0, len(ids), _CHUNK):
        statement = (update(table)
                     .where(table.c.id.in_(ids[start:start + _CHUNK]),
                            or_(table.c.status == ReminderStatus.FAILED,
                                and_(table.c.status == ReminderStatus.CLAIMED, table.c.claimed_at < stale_before)))
                     .values(status=ReminderStatus.CLAIMED, claim_token=token, claimed_at=now, scheduled_at=as_of)
                     .returning(table.c.id))
        claimed += [_Claimed(r[0], *wanted[retry[r[0]]]) for r in session.execute(statement)]
    done = sum(1 for key, (_, status, _) in existing.items() if key in wanted and status is ReminderStatus.SENT)
    held = len(wanted) - len(claimed) - done
    return claimed, held


def _mark(session: Session, row_ids: list[int], *, token: str, delivery: Delivery) -> int:
    """Record a digest's delivery on its rows, if this run still holds their claim; returns how many were marked."""
    table = ReminderSent.__table__  # type: ignore[attr-defined]
    now = database_now(session)
    values: dict[str, Any] = {"attempts": table.c.attempts + 1}
    if delivery.ok:
        values |= {"status": ReminderStatus.SENT, "sent_at": now, "last_error": ""}
    else:
        values |= {"status": ReminderStatus.FAILED, "last_error": delivery.error}
    marked = 0
    for start in range(0, len(row_ids), _CHUNK):
        result = session.execute(update(table).where(table.c.id.in_(row_ids[start:start + _CHUNK]),
                                                     table.c.claim_token == token,
                                                     table.c.status == ReminderStatus.CLAIMED).values(**values))
        marked += result.rowcount  # type: ignore[attr-defined]
    return marked


# --- the digest's text ------------------------------------------------------------------------------

def kind_words(kind: DeadlineKind) -> str:
    """A deadline kind in words, as the deadlines tables and pages name it (the one table of deadline names:
    ``objections`` -> "Objections and offer of proof")."""
    return deadline_title(kind)


def reminded_words(r: DueReminder) -> str:
    """What a reminder is of, in words: the kind (kind_words), said as the reminded party's own when the period
    is that party's alone (an objecting party's offer of proof, 102.69(a)(8)): "Retail, Wholesale and Department
    Store Union's offer of proof in support of objections"."""
    words = kind_words(r.kind)
    if r.for_whom != r.party_key:
        return words
    return f"{possessive(r.party_name)} {words[:1].lower()}{words[1:]}"


def _for_words(r: DueReminder) -> str:
    """Whom the period is for: the party by name when it is that party's alone, else as stored ("all parties")."""
    return r.party_name if r.for_whom == r.party_key else r.for_whom


def _lower(words: str, r: DueReminder) -> str:
    """``words`` in a title's run of text: lower case, unless it begins with the party's name."""
    return words if r.for_whom == r.party_key else words.lower()


def business_days_left(today: date, due_on: date, calendar: BusinessCalendar) -> int:
    """Business days after ``today`` up to and including ``due_on`` (0 when due today or earlier)."""
    count, day = 0, today
    while day < due_on:
        day += timedelta(days=1)
        count += calendar.is_business_day(day)
    return count


def digest_text(reminders: Sequence[DueReminder], *, details: dict[int, DeadlineDetail], as_of: datetime,
                calendar: BusinessCalendar) -> tuple[str, str]:
    """The title and plain-text body of one digest: for each deadline the case, what is due and for
    whom, the due day and how many business days are left, the cut-off in the receiving office's
    time, the rule cited and how the date was computed."""
    first = reminders[0]
    first_due = weekday_date(first.due_on)  # "Friday, April 16, 2021": the one long date, never ISO
    if len(reminders) == 1:
        title = f"Deadline reminder: {first.case_number} {_lower(reminded_words(first), first)} due {first_due}"
    else:
        title = (f"Deadline reminder: {len(reminders)} deadlines, the first {first.case_number} "
                 f"{_lower(reminded_words(first), first)} due {first_due}")
    lines = [f"Deadlines reminded as of {instant_label(as_of)}:", ""]
    for number, r in enumerate(reminders, 1):
        detail = details[r.deadline_id]
        office = office_named(r.office_key)
        cutoff = r.cutoff_at.astimezone(ZoneInfo(office.tz))
        today = as_of.astimezone(ZoneInfo(office.tz)).date()
        left = business_days_left(today, r.due_on, calendar)
        when = "due today" if r.due_on <= today else f"{left} business day{'s' if left != 1 else ''} left"
        lines += [
            f"{number}. {r.case_number} ({detail.case_name}): {reminded_words(r)}",
            f"   For: {_for_words(r)} (reminding {r.person_name}, {r.party_name})",
            f"   Due: {weekday_date(r.due_on)} ({when})",
            f"   Cut-off: {clock_label(cutoff)} on {weekday_date(cutoff.date())}, "  # the one clock; no machine instant
            f"received by {office.name}",  # the office by its name, never its key
            f"   Rule: {detail.citation} ({_rule_set_words(detail.rule_set_id)})",
            "   How the date was computed:",
            *[f"     - {without_exact_instants(step)}" for step in detail.derivation],  # words, not the machine instant
            f"   Explanation: casefile deadlines explain {r.deadline_id}",
            "",
        ]
    lines += ["Not legal advice: check every date against the rules before you rely on it.",
              "Sent by casefile (docs/reminders.md)."]
    return title, "\n".join(lines)


def _rule_set_words(rule_set_id: str) -> str:
    """The rule set by its title ("the 2019 rule as implemented (…)"), never its id; an id the table no longer knows
    as stored."""
    from casefile.errors import CasefileError
    from casefile.rules.rule_sets import rule_set_by_id

    try:
        return rule_set_by_id(rule_set_id).title
    except CasefileError:
        return f"rule set {rule_set_id}"
