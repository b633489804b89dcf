"""My reminders: the channels that reach me (the people records whose email is mine, their Apprise
URLs masked), the lead times, and my calendar subscription URL ``/calendar/{secret}.ics``: live
(built from the record when the calendar application fetches it), per user (the open deadlines of
the cases I see), revocable (a new URL replaces it). Only the secret's sha256 is stored
(casefile.record.logins.CalendarSubscription): the URL is shown once, when made.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import UTC
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from sqlmodel import col, select

from casefile.errors import UnknownRecord
from casefile.record.authority import sees_case
from casefile.record.logins import CalendarSubscription
from casefile.web.people import Db, Signed
from casefile.web.render import page
from casefile.web.sessions import check_csrf, now, web_session

router = APIRouter()
SECRET_MAX = 100


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


@router.get("/reminders")
def reminders(request: Request, me: Signed, db: Db) -> Response:
    from casefile.channels import mask_url
    from casefile.jobs.people import person_urls
    from casefile.record.models import Case, Party, Person
    from casefile.settings import get_settings

    channels = []
    with db.read() as session:
        rows = session.exec(select(Person, Case, Party).join(Case, Case.id == Person.case_id)  # type: ignore[arg-type]
                            .join(Party, Party.id == Person.party_id)  # type: ignore[arg-type]
                            .where(Person.email == me.email)).all()
        for person, case, party in rows:
            if not sees_case(session, me.viewer, case):
                continue
            try:
                shown = [mask_url(u) for u in person_urls(session, person)]
            except Exception:
                shown = ["(a URL that cannot be read with this instance's key)"]
            channels.append({"case": case.number, "party": party.name, "urls": shown or ["the instance's defaults"]})
        subscription = session.exec(select(CalendarSubscription).where(
            CalendarSubscription.user_id == me.viewer.user_id, col(CalendarSubscription.revoked_at).is_(None))).first()
        from casefile.accounts.around import notices_since

        notices_on = notices_since(session, me.viewer.user_id)
    return page(request, "reminders.html", title="My reminders", channels=channels,
                leads=get_settings().reminder_lead_days, subscription=subscription, notices_on=notices_on)


@router.post("/reminders/calendar")
async def calendar_subscription(request: Request, me: Signed, db: Db) -> Response:
    form = await request.form()
    check_csrf(request, form)
    moment = now()
    with db.write() as session:
        for row in session.exec(select(CalendarSubscription).where(
                CalendarSubscription.user_id == me.viewer.user_id, col(CalendarSubscription.revoked_at).is_(None))):
            row.revoked_at = moment
            session.add(row)
        secret = None
        if form.get("action") != "revoke":
            secret = secrets.token_urlsafe(32)
            session.add(CalendarSubscription(user_id=me.viewer.user_id, secret_hash=_digest(secret), prefix=secret[:6],
                                             created_at=moment))
    if secret is None:
        web_session(request).add_flash("Your calendar subscription URL has been revoked: calendars using it stop updating.")
        return RedirectResponse("/reminders", status_code=303)
    url = f"{str(request.base_url).rstrip('/')}/calendar/{secret}.ics"
    return page(request, "calendar_made.html", title="Your calendar subscription URL", url=url)


@router.get("/calendar/{name}")
def calendar_feed(name: str, db: Db) -> Response:
    """The live feed of a subscription: every open deadline of the cases its user sees (a revoked,
    unknown or malformed secret answers 404)."""
    from casefile.calendar_feed import FeedEntry, build_calendar, open_at
    from casefile.record.access import UserViewer
    from casefile.record.accounts import User
    from casefile.record.authority import sees_period_where
    from casefile.record.models import Case, Deadline, Election
    from casefile.rules.offices import office_named
    from casefile.vocab import DeadlineStatus

    secret = name[:-4] if name.endswith(".ics") else ""
    if not secret or len(secret) > SECRET_MAX:
        raise UnknownRecord("no such calendar")
    with db.read() as session:
        sub = session.exec(select(CalendarSubscription).where(CalendarSubscription.secret_hash == _digest(secret))).first()
        user = session.get(User, sub.user_id) if sub is not None else None
        if sub is None or sub.revoked_at is not None or user is None or not user.active:
            raise UnknownRecord("no such calendar")
        viewer = UserViewer.of(session, user)
        rows = session.exec(select(Deadline, Election.sequence, Case)
                            .join(Election, Election.id == Deadline.election_id)  # type: ignore[arg-type]
                            .join(Case, Case.id == Deadline.case_id)  # type: ignore[arg-type]
                            .where(Deadline.status == DeadlineStatus.OPEN, sees_period_where(session, viewer))
                            .order_by(col(Deadline.cutoff_at), col(Deadline.id))).all()
        entries, zones = [], set()
        moment = now()
        for d, sequence, case in rows:
            if open_at(d, moment) and sees_case(session, viewer, case):
                entries.append(FeedEntry(deadline=d, case_number=case.number, election=sequence,
                                         whose=_whose(session, case, d.for_whom)))
                zones.add(office_named(case.office_key).tz)
        calendar = build_calendar(entries, name=f"casefile — deadlines of {user.email}",
                                  uid=f"calendar-user-{user.id}@casefile", zones=sorted(zones))
        sub_id = sub.id
    with db.write(by="system:calendar") as session:
        row = session.get(CalendarSubscription, sub_id)
        if row is not None:
            row.last_fetched_at = now().astimezone(UTC)
            session.add(row)
    return Response(calendar.to_ical(), media_type="text/calendar; charset=utf-8",
                    headers={"Cache-Control": "private, max-age=300", "Content-Disposition": 'inline; filename="casefile.ics"'})


def _whose(session: Any, case: Any, for_whom: str) -> str | None:
    """The name of the party whose period it is when it is one party's alone (an objecting party's offer of
    proof, 102.69(a)(8)), else None (all parties, the Regional Director, the objecting party)."""
    from casefile.record.models import Party
    from casefile.vocab import Audience

    if for_whom in set(Audience):
        return None
    name = session.exec(select(Party.name).where(Party.case_id == case.id, Party.key == for_whom)).first()
    return name or for_whom
