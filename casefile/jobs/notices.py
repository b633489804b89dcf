"""Notices: telling the users who opted in (their "My reminders" page) that another party or the
Region filed or did something on one of their cases — through Apprise, on the channels that
already reach them (casefile.jobs.notify), sent once through a ledger as reminders are.

**Of what.** A docket entry of a case the user sees, made after they opted in, that their own
organization did not make: not recorded by one of its users, not a filing of a party it
represents, and not the system's (the sweep, a period lapsing, a document's issuance — the act
that issues a document is noticed, its issuance is not). **Never of what they may not see**: an
entry whose document, filing (an offer of proof: the Regional Director only, 102.69(a)(8), R-G7)
or attachment is hidden from them gets no notice at all — not even one saying that something was
filed. A notice says what the docket says to that user: the act, its date, its summary, who
recorded it; never a confidential document's content.

**To where.** The user's channels: the Apprise URLs of their person record in that case (linked
to their account, or of their email), else of their person record in another case, else the
instance's default URLs addressed to their email (CASEFILE_NOTIFY_DEFAULT_URLS). A user no
channel reaches gets nothing.

**When.** Right after an act of a signed-in user commits (casefile.accounts.acting.perform_as,
the way of the web pages, the API and drafts, starts :func:`notify_in_background`: never inside
``casefile.app.perform``, which it would slow, and an act never fails because a notice did), and
again by every run of the deadline-reminders flow (:func:`send_notices`), which also sends the
notices of acts performed at the command line and retries what failed. Only entries recorded within ``WINDOW`` before
the run's instant are looked at.

**Once.** ``NoticeSent`` holds one row per entry, user and channel: claimed (the unique key makes
a concurrent claim fail), then marked sent or failed; failed rows and stale claims (older than
STALE_AFTER) are taken again, up to MAX_ATTEMPTS deliveries.
"""

from __future__ import annotations

import logging
import threading
import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import Engine, and_, or_, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Session, col, select

from casefile.channels import open_url, scrub
from casefile.jobs.notify import Delivery, deliver
from casefile.record.access import UserViewer
from casefile.record.accounts import User
from casefile.record.around import CLAIMED, FAILED, SENT, NoticeOptIn, NoticeSent
from casefile.record.authority import Hidden, hidden_of, sees_case
from casefile.record.models import Case, DocketEntry, Filing, Person
from casefile.record.recorders import Recorder, RecorderKind
from casefile.record.refs import RecordTable
from casefile.rules.calendar import long_date
from casefile.rules.offices import office_named
from casefile.rules.record_words import summary_words
from casefile.vocab import DocketActName

log = logging.getLogger("casefile.notices")

WINDOW = timedelta(days=7)
STALE_AFTER = timedelta(minutes=30)
MAX_ATTEMPTS = 10
#: Entries that are the system's, not a party's or the Region's acts.
NOT_NOTICED = frozenset({DocketActName.ISSUE_DOCUMENT, DocketActName.SWEEP, DocketActName.DEADLINE_LAPSED,
                         DocketActName.SET_ASIDE, DocketActName.DIRECT_SECOND_ELECTION})

Notifier = Callable[..., Delivery]


@dataclass(frozen=True)
class DueNotice:
    """One notice to send: a docket entry, the user, and the channels that reach them."""

    entry_id: int
    user_id: int
    email: str
    case_number: str
    case_name: str
    act: str
    occurred_on: str
    summary: str
    recorded_by: str
    urls: tuple[str, ...] = field(repr=False)  # decrypted: never printed


@dataclass
class NoticesReport:
    """What one run did: notices due, messages sent and failed (retried by the next run)."""

    due: int = 0
    sent: int = 0
    failed: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        return [f"{self.sent} notice message(s) sent", *[f"NOT sent: {f}" for f in self.failed]]


def _own(session: Session, entry: DocketEntry, viewer: UserViewer, case: Case, members: dict[str, int]) -> bool:
    """Whether the entry is the viewer's organization's own: recorded by one of its users, or a
    filing of a party it represents (whoever recorded it)."""
    recorder = Recorder.parse(entry.recorded_by)
    if recorder is not None and recorder.kind is RecorderKind.USER and members.get(recorder.who) == viewer.organization_id:
        return True
    if entry.ref is not None and entry.ref.table is RecordTable.FILING:
        filing = session.get(Filing, entry.ref.id)
        if filing is not None and filing.party_id in viewer.party_ids(session, case):
            return True
    return False


def user_urls(session: Session, user: User, case_id: int, default_urls: Sequence[str]) -> tuple[str, ...]:
    """The Apprise URLs that reach ``user`` for a notice of case ``case_id`` (see the module's docstring)."""
    from casefile.jobs.people import channels_for
    from casefile.record.secret_key import keys_for

    people = session.exec(select(Person).where(or_(Person.user_id == user.id, Person.email == user.email))
                          .order_by(col(Person.id))).all()
    own = sorted((p for p in people if p.notify_urls), key=lambda p: (p.case_id != case_id, p.id))
    if own:
        key = keys_for(session).encryption
        return tuple(open_url(u, key) for u in own[0].notify_urls)
    return tuple(c.url for c in channels_for((), user.email, default_urls))


def select_due_notices(session: Session, *, as_of: datetime, entry_ids: Iterable[int] | None = None,
                       default_urls: Sequence[str] | None = None, window: timedelta = WINDOW) -> list[DueNotice]:
    """Every notice due as of ``as_of``: (entry, user) pairs as the module's docstring says, not yet
    sent on every channel (the ledger decides that when claiming)."""
    if default_urls is None:
        from casefile.settings import get_settings

        default_urls = get_settings().notify_default_urls
    subscribers = session.exec(select(NoticeOptIn, User).join(User, User.id == NoticeOptIn.user_id)  # type: ignore[arg-type]
                               .where(col(User.active).is_(True))).all()
    if not subscribers:
        return []
    first = min(o.after_entry_id for o, _ in subscribers)
    query = select(DocketEntry).where(col(DocketEntry.id) > first, col(DocketEntry.recorded_at) >= as_of - window,
                                      col(DocketEntry.recorded_at) <= as_of + timedelta(minutes=5),
                                      col(DocketEntry.act).not_in(sorted(NOT_NOTICED)),
                                      ~col(DocketEntry.recorded_by).startswith("system:"))
    if entry_ids is not None:
        ids = sorted(set(entry_ids))
        if not ids:
            return []
        query = query.where(col(DocketEntry.id).in_(ids))
    entries = session.exec(query.order_by(col(DocketEntry.id))).all()
    if not entries:
        return []
    members = {u.email: u.organization_id for u in session.exec(select(User))}
    cases: dict[int, Case] = {}
    out: list[DueNotice] = []
    for optin, user in subscribers:
        viewer = UserViewer.of(session, user)
        hidden: dict[int, Hidden] = {}
        for entry in entries:
            if entry.id is None or entry.id <= optin.after_entry_id:
                continue
            case = cases.get(entry.case_id) or session.get(Case, entry.case_id)
            if case is None:
                continue
            cases[entry.case_id] = case
            if not sees_case(session, viewer, case):
                continue
            if entry.case_id not in hidden:
                hidden[entry.case_id] = hidden_of(session, case, viewer)
            if hidden[entry.case_id].hides_entry(entry):
                continue  # never a notice of what they may not see, not even that it exists
            if _own(session, entry, viewer, case, members):
                continue
            urls = user_urls(session, user, entry.case_id, default_urls)
            if not urls:
                continue
            out.append(DueNotice(entry_id=entry.id, user_id=user.id or 0, email=user.email, case_number=case.number,
                                 case_name=case.name, act=entry.act, occurred_on=entry.occurred_on.isoformat(),
                                 summary=summary_words(entry.summary, ZoneInfo(office_named(case.office_key).tz)), recorded_by=entry.recorded_by or "", urls=urls))
    return out


def notice_text(notices: Sequence[DueNotice]) -> tuple[str, str]:
    """The title and plain-text body of one message carrying ``notices`` (one user, one channel)."""
    from casefile.documents.wording import act_name

    first = notices[0]
    what = act_name(first.act)  # the one table of act names: "Objections filed", never "file objections"
    if len(notices) == 1:
        title = f"casefile notice: {first.case_number} — {what} ({long_date(date.fromisoformat(first.occurred_on))})"
    else:
        title = f"casefile notice: {len(notices)} new docket entries, the first {first.case_number} — {what}"
    lines = ["New on the docket of your cases (filed or done by another party or the Region):", ""]
    for n, item in enumerate(notices, 1):
        lines += [f"{n}. {item.case_number} ({item.case_name}): {act_name(item.act)}, "
                  f"{long_date(date.fromisoformat(item.occurred_on))}",
                  f"   {item.summary}",
                  *([f"   Recorded by: {item.recorded_by}"] if item.recorded_by else []), ""]
    lines += ["You receive these notices because you opted in on your My reminders page; opt out there.",
              "Sent by casefile."]
    return title, "\n".join(lines)


def send_notices(*, as_of: datetime, entry_ids: Iterable[int] | None = None, notifier: Notifier | None = None,
                 engine: Engine | None = None, default_urls: Sequence[str] | None = None,
                 window: timedelta = WINDOW, stale_after: timedelta = STALE_AFTER) -> NoticesReport:
    """Send every notice due as of ``as_of`` (only of ``entry_ids`` when given) once per channel:
    one message per user and channel. A failed channel is marked failed (retried by the next run).
    ``notifier(url, *, title=, body=)``: default Apprise (casefile.jobs.notify.deliver)."""
    from casefile.jobs.people import channels_for
    from casefile.jobs.reminders import database_now
    from casefile.record.db import get_engine, read_session, write_session

    engine = engine or get_engine()
    notifier = notifier or deliver
    report = NoticesReport()
    with read_session(engine) as session:
        due = select_due_notices(session, as_of=as_of, entry_ids=entry_ids, default_urls=default_urls, window=window)
    report.due = len(due)
    if not due:
        return report
    token = uuid.uuid4().hex
    wanted: dict[tuple[int, int, str], tuple[DueNotice, Any]] = {}
    for notice in due:
        for channel in channels_for(notice.urls, notice.email, ()):
            wanted[(notice.entry_id, notice.user_id, channel.hash)] = (notice, channel)
    table = NoticeSent.__table__  # type: ignore[attr-defined]
    claimed: list[tuple[int, DueNotice, Any]] = []
    with write_session(engine, by="system:notices") as session:
        now = database_now(session)
        existing = {(r[0], r[1], r[2]): (r[3], r[4], r[5], r[6]) for r in session.execute(
            select(table.c.entry_id, table.c.user_id, table.c.channel_hash, table.c.id, table.c.status,
                   table.c.claimed_at, table.c.attempts)
            .where(table.c.entry_id.in_(sorted({k[0] for k in wanted}))))}
        insert = postgresql.insert if session.get_bind().dialect.name == "postgresql" else sqlite.insert
        new = [k for k in wanted if k not in existing]
        if new:
            statement = (insert(table).values([{"entry_id": k[0], "user_id": k[1], "channel_hash": k[2],
                                                "channel": wanted[k][1].shown, "status": CLAIMED, "attempts": 0,
                                                "last_error": "", "claim_token": token, "claimed_at": now}
                                               for k in new])
                         .on_conflict_do_nothing(index_elements=["entry_id", "user_id", "channel_hash"])
                         .returning(table.c.id, table.c.entry_id, table.c.user_id, table.c.channel_hash))
            claimed += [(r[0], *wanted[(r[1], r[2], r[3])]) for r in session.execute(statement)]
        stale = now - stale_after
        retry = {row_id: key for key, (row_id, status, claimed_at, attempts) in existing.items()
                 if key in wanted and attempts < MAX_ATTEMPTS
                 and (status == FAILED or (status == CLAIMED and claimed_at < stale))}
        if retry:
            statement = (update(table).where(table.c.id.in_(sorted(retry)),
                                             or_(table.c.status == FAILED,
                                                 and_(table.c.status == CLAIMED, table.c.claimed_at < stale)))
                         .values(status=CLAIMED, claim_token=token, claimed_at=now).returning(table.c.id))
            claimed += [(r[0], *wanted[retry[r[0]]]) for r in session.execute(statement)]
    messages: dict[tuple[int, str], list[tuple[int, DueNotice, Any]]] = {}
    for item in claimed:
        messages.setdefault((item[1].user_id, item[2].hash), []).append(item)
    for items in messages.values():
        channel = items[0][2]
        title, body = notice_text(sorted((i[1] for i in items), key=lambda n: n.entry_id))
        try:
            delivery = notifier(channel.url, title=title, body=body)
        except Exception as exc:
            delivery = Delivery(channel.shown, False, scrub(f"{type(exc).__name__}: {exc}", channel.url))
        with write_session(engine, by="system:notices") as session:
            values: dict[str, Any] = {"attempts": table.c.attempts + 1}
            values |= ({"status": SENT, "sent_at": database_now(session), "last_error": ""} if delivery.ok
                       else {"status": FAILED, "last_error": delivery.error})
            session.execute(update(table).where(table.c.id.in_([i[0] for i in items]), table.c.claim_token == token,
                                                table.c.status == CLAIMED).values(**values))
        if delivery.ok:
            report.sent += 1
        else:
            report.failed.append(f"{channel.shown}: {delivery.error}")
    return report


def notify_after_act(entry_id: int, as_of: datetime, *, engine: Engine | None = None) -> NoticesReport | None:
    """Send the notices of the act recorded as docket entry ``entry_id``: called after the act
    committed, in the background. Never raises: a notice that fails
    is in the ledger as failed and the next run of the reminders flow retries it."""
    try:
        return send_notices(as_of=as_of, entry_ids=[entry_id], engine=engine)
    except Exception:
        log.exception("notices of docket entry %s failed (retried by the next reminders run)", entry_id)
        return None


def notify_in_background(entry_id: int, as_of: datetime, *, engine: Engine | None = None) -> threading.Thread:
    """Start :func:`notify_after_act` in a daemon thread and return at once (the request that
    performed the act answers without waiting for Apprise)."""
    thread = threading.Thread(target=notify_after_act, args=(entry_id, as_of), kwargs={"engine": engine},
                              name=f"casefile-notices-{entry_id}", daemon=True)
    thread.start()
    return thread
