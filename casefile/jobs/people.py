"""People to remind: the representatives of a party in a case, and the channels (Apprise URLs) that reach them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlmodel import Session, col, select

from casefile.channels import addressed_to, channel_hash, check_url, is_email_address, mask_url, open_url, seal_url
from casefile.errors import ConfigurationError
from casefile.record.lookups import get_case, get_party
from casefile.record.models import Case, Party, Person
from casefile.record.secret_key import keys_for


@dataclass(frozen=True)
class Channel:
    """One way to reach a person: the exact Apprise URL, its ledger identity and its masked form."""

    url: str = field(repr=False)  # may hold a password or token: never printed
    hash: str
    shown: str


def channels_for(notify_urls: Sequence[str], email: str, default_urls: Sequence[str]) -> list[Channel]:
    """The channels of a person: their own URLs; with none, the default URLs, an email URL without
    a recipient being addressed to ``email`` (dropped when the person has no email). Duplicates
    are kept once."""
    urls = list(notify_urls) or [u for u in (addressed_to(d, email) for d in default_urls) if u is not None]
    seen: dict[str, Channel] = {}
    for url in urls:
        digest = channel_hash(url)
        seen.setdefault(digest, Channel(url=url.strip(), hash=digest, shown=mask_url(url)))
    return list(seen.values())


def default_channel_counts(default_urls: Sequence[str]) -> tuple[int, int]:
    """How many channels the defaults give a person with an email, and one without."""
    with_email = len(channels_for((), "someone@example.org", default_urls))
    without = len(channels_for((), "", default_urls))
    return with_email, without


def add_person(session: Session, *, case_number: str, party: str, name: str, as_of: datetime, email: str = "",
               notify_urls: Sequence[str] = (), default_urls: Sequence[str] | None = None) -> tuple[Person, bool]:
    """Record (or update) a person who represents ``party`` (its key or name) in the case, to be
    reminded of that party's deadlines; returns the person and whether it is new.

    The same case, party and name again updates the email and URLs (re-running a set-up script is
    harmless). The URLs are stored encrypted with the instance's key (read them with :func:`person_urls`). Every URL is checked with Apprise; with no URL of their own the person is reached
    through ``default_urls`` (default: CASEFILE_NOTIFY_DEFAULT_URLS). Raises MalformedCaseNumber,
    UnknownCase, UnknownRecord (no such party), ConfigurationError (a URL Apprise cannot use, named
    with its secrets masked; a bad email; no channel at all)."""
    case = get_case(session, case_number)
    party_row = get_party(session, case, party)
    name = name.strip()
    if not name:
        raise ConfigurationError("a person to remind needs a name (--name)")
    email = email.strip()
    if email and not is_email_address(email):
        raise ConfigurationError(f"{name}: {email!r} is not an email address")
    urls = list(dict.fromkeys(check_url(url, what=f"notification URL for {name}") for url in notify_urls))
    if default_urls is None:
        from casefile.settings import get_settings

        default_urls = get_settings().notify_default_urls
    if not channels_for(urls, email, default_urls):
        raise ConfigurationError(
            f"{name} cannot be reminded: give a notification URL (--notify, e.g. "
            "mailtos://user:pass@smtp.example.org:587?from=casefile@example.org&to=you@example.org), or an --email "
            "and an SMTP URL in CASEFILE_NOTIFY_DEFAULT_URLS (docs/reminders.md)")
    person = session.exec(select(Person).where(Person.case_id == case.id, Person.party_id == party_row.id,
                                               Person.name == name)).first()
    created = person is None
    if person is None:
        person = Person(case_id=case.id, party_id=party_row.id, name=name, created_at=as_of)  # type: ignore[arg-type]
    person.email = email
    person.reminded = True  # a person of the party (counsel too) is reminded once added here
    key = keys_for(session).encryption
    person.notify_urls = [seal_url(url, key) for url in urls]  # encrypted at rest (casefile.channels.seal_url)
    session.add(person)
    session.flush()
    return person, created


def person_urls(session: Session, person: Person) -> list[str]:
    """A person's own notification URLs, decrypted (never stored or shown as such: mask them)."""
    key = keys_for(session).encryption
    return [open_url(stored, key) for stored in person.notify_urls]


def people_view(session: Session, *, case_number: str | None = None,
                default_urls: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """The people to remind, by case and party, as plain data; channel URLs masked (``channels``),
    ``uses_defaults`` when the person has no URL of their own."""
    if default_urls is None:
        from casefile.settings import get_settings

        default_urls = get_settings().notify_default_urls
    query = (select(Person, Party, Case.number).join(Party, Party.id == Person.party_id)  # type: ignore[arg-type]
             .join(Case, Case.id == Person.case_id))  # type: ignore[arg-type]
    query = query.where(col(Person.reminded).is_(True))  # the people reminded, not counsel entered for the documents only
    if case_number is not None:
        query = query.where(Person.case_id == get_case(session, case_number).id)
    rows = session.exec(query.order_by(col(Case.number), col(Party.key), col(Person.name))).all()
    return [{"case_number": number, "party": party.key, "party_name": party.name, "name": person.name,
             "email": person.email, "uses_defaults": not person.notify_urls,
             "channels": [c.shown for c in channels_for(person_urls(session, person), person.email, default_urls)]}
            for person, party, number in rows]
