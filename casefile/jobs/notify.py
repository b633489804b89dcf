"""Delivering reminders through Apprise: checking a channel's URL, hiding its secrets, sending a message.

A channel is one Apprise URL: ``mailtos://user:pass@smtp.example.org:587?from=casefile@example.org&to=x@example.org``
for email by SMTP, ``mailto://127.0.0.1:2525?from=...`` for a local server without TLS or login,
``slack://...``, ``json://...`` and every other service Apprise knows. URLs can hold passwords and
tokens: everything casefile prints or stores for reports goes through :func:`mask_url`.

Apprise is imported when first needed (loading its plugins takes about a second), so commands that
never notify do not pay for it.
"""

from __future__ import annotations

import hashlib
import logging
import re
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

from casefile.errors import ConfigurationError

#: Query parameters whose values are secrets in Apprise URLs (matched case-insensitively, by substring).
_SECRET_KEYS = ("pass", "pwd", "token", "secret", "key", "auth", "sig")
_EMAIL_SCHEMES = frozenset({"mailto", "mailtos"})
_EMAIL = re.compile(r"^[^@\s/?#]+@[^@\s/?#]+\.[^@\s/?#]+$")
_MAX_ERROR = 500
# Apprise logs through one process-wide logger: deliveries are serialized so that the log lines
# captured for one delivery (its error message) are that delivery's own.
_DELIVERY_LOCK = threading.Lock()


@dataclass(frozen=True)
class Delivery:
    """What happened to one message on one channel: ``channel`` is the masked URL; ``error`` says why
    it failed (the server's reply or the connection error), empty when ``ok``."""

    channel: str
    ok: bool
    error: str = ""


def mask_url(url: str) -> str:
    """``url`` with its secrets hidden: the password (``user:****@``), the values of query parameters
    that look secret (``token=****``), and, outside email URLs, path parts long enough to be tokens
    (``slack://T...2/B...9/...``). Unparsable text is masked as well as it can be."""
    text = url.strip()
    try:
        parts = urlsplit(text)
    except ValueError:
        return re.sub(r"(://[^:/@\s]*:)[^@\s]*@", r"\1****@", text)
    netloc = parts.netloc
    if "@" in netloc:
        userinfo, host = netloc.rsplit("@", 1)
        if ":" in userinfo:
            userinfo = userinfo.split(":", 1)[0] + ":****"
        netloc = f"{userinfo}@{host}"
    query = urlencode([(k, "****" if any(s in k.lower() for s in _SECRET_KEYS) else v)
                       for k, v in parse_qsl(parts.query, keep_blank_values=True)], safe="@:/,*")
    path = parts.path
    if parts.scheme.lower() not in _EMAIL_SCHEMES:
        path = "/".join(f"{seg[0]}...{seg[-1]}" if len(seg) >= 8 else seg for seg in path.split("/"))
        if netloc and "@" not in netloc and len(netloc.split(":")[0]) >= 16 and "." not in netloc:
            netloc = f"{netloc[0]}...{netloc[-1]}"  # a token in the host position (e.g. discord://webhook_id/...)
    return urlunsplit((parts.scheme, netloc, path, query, parts.fragment))


def channel_hash(url: str) -> str:
    """A stable identity for a channel (sha256 of the exact URL, hex): the reminder ledger's key, never the URL."""
    return hashlib.sha256(url.strip().encode("utf-8")).hexdigest()


def refusal(url: str) -> str | None:
    """Why Apprise cannot use ``url`` (a sentence naming the masked URL), or None when it can."""
    import apprise

    text = url.strip()
    if not text:
        return "an empty notification URL"
    if not apprise.Apprise().add(text):
        return (f"{mask_url(text)!r} is not a notification URL Apprise can use (check its scheme, host and "
                "parameters, e.g. mailtos://user:pass@smtp.example.org:587?from=casefile@example.org&to=you@example.org)")
    return None


def check_url(url: str, *, what: str) -> str:
    """``url`` stripped, if Apprise can use it. Raises ConfigurationError naming ``what`` (e.g. ``--notify``)
    and the masked URL."""
    problem = refusal(url)
    if problem is not None:
        raise ConfigurationError(f"{what}: {problem}")
    return url.strip()


def is_email_url(url: str) -> bool:
    """Whether ``url`` is an Apprise SMTP URL (``mailto://`` or ``mailtos://``)."""
    return urlsplit(url.strip()).scheme.lower() in _EMAIL_SCHEMES


def is_email_address(text: str) -> bool:
    """A plausible single email address (``name@host.tld``)."""
    return bool(_EMAIL.match(text.strip()))


def addressed_to(url: str, email: str) -> str | None:
    """A channel URL for one person from a shared (default) URL: an email URL that names no recipient
    (no ``to=`` and no address in its path) is addressed to ``email``; with no ``email`` it is unusable
    for that person (None). Any other URL is returned as it is (everyone's digest goes there)."""
    if not is_email_url(url):
        return url
    parts = urlsplit(url.strip())
    query = parse_qsl(parts.query, keep_blank_values=True)
    if any(k.lower() == "to" for k, _ in query) or parts.path.strip("/"):
        return url
    if not email:
        return None
    query.append(("to", email))
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(query, quote_via=quote, safe="@:/"), parts.fragment))


def deliver(url: str, *, title: str, body: str) -> Delivery:
    """Send one plain-text message to one channel and say whether it was accepted.

    Never raises for a delivery problem (refusal, unreachable server, bad URL): the Delivery says
    what went wrong, masked. An SMTP server "accepts" a message when it answers 250 to it."""
    import apprise

    channel = mask_url(url)
    with _DELIVERY_LOCK, _apprise_log() as log:
        try:
            sender = apprise.Apprise()
            if not sender.add(url):
                return Delivery(channel, False, "Apprise cannot use this URL")
            ok = bool(sender.notify(title=title, body=body, body_format=apprise.NotifyFormat.TEXT))
        except Exception as exc:  # noqa: BLE001 - a plugin bug must not lose the run's other deliveries
            return Delivery(channel, False, _scrub(f"{type(exc).__name__}: {exc}", url))
    if ok:
        return Delivery(channel, True)
    return Delivery(channel, False, _error_from(log, url))


def notify(urls: Sequence[str], *, title: str, body: str) -> list[Delivery]:
    """Send the same message to each URL, one at a time; one Delivery per URL, in order."""
    return [deliver(url, title=title, body=body) for url in urls]


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextmanager
def _apprise_log() -> Iterator[list[logging.LogRecord]]:
    """Apprise's log records during one delivery, kept here instead of reaching the process's log
    handlers (they are the delivery's error message, reported by casefile, masked)."""
    logger = logging.getLogger("apprise")
    handler = _Records()
    level, propagate = logger.level, logger.propagate
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    logger.propagate = False
    try:
        yield handler.records
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
        logger.propagate = propagate


def _error_from(records: list[logging.LogRecord], url: str) -> str:
    """What Apprise logged about why a delivery failed (its warnings and the exception it caught)."""
    wanted = [r.getMessage() for r in records
              if r.levelno >= logging.WARNING or (r.levelno == logging.DEBUG and "Exception" in r.getMessage())]
    return _scrub("; ".join(dict.fromkeys(wanted)) or "the service did not accept the message (no reason given)", url)


def _scrub(text: str, url: str) -> str:
    """``text`` without the URL's password, cut to a readable length."""
    password = urlsplit(url.strip()).password
    if password:
        text = text.replace(password, "****")
    return text[:_MAX_ERROR]
