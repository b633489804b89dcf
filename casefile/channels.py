"""A notification channel: one Apprise URL, checked, masked, hashed, and sealed at rest.

A channel is one Apprise URL: ``mailtos://user:pass@smtp.example.org:587?from=casefile@example.org&to=x@example.org``
for email by SMTP, ``mailto://127.0.0.1:2525?from=...`` for a local server without TLS or login,
``slack://...``, ``json://...`` and every other service Apprise knows. URLs can hold passwords and
tokens: everything casefile prints or stores for reports goes through :func:`mask_url` (Apprise's
own privacy rendering of the URL's scheme), and the URLs themselves are stored encrypted with the
instance's key (:func:`seal_url`, :func:`open_url`; casefile.record.secret_key). Sending a message
is casefile.jobs.notify's.

Below the settings (which check the configured URLs with :func:`refusal`) and the record (whose
migrations seal stored URLs): it imports only casefile.errors, and Apprise when first needed
(loading its plugins takes about a second), so commands that never notify do not pay for it.
"""

from __future__ import annotations

import hashlib
import logging
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import parse_qsl, quote, unquote, urlencode, urlsplit, urlunsplit

from casefile.errors import ConfigurationError

#: Query parameters whose values are secrets in Apprise URLs (matched case-insensitively, by substring).
_SECRET_KEYS = ("pass", "pwd", "token", "secret", "key", "auth", "sig", "hook", "cred")
#: How an encrypted URL is stored: this prefix, then a Fernet token (AES-128-CBC + HMAC-SHA256).
SEALED_PREFIX = "sealed:v1:"
_EMAIL_SCHEMES = frozenset({"mailto", "mailtos"})
_EMAIL = re.compile(r"^[^@\s/?#]+@[^@\s/?#]+\.[^@\s/?#]+$")
_MAX_ERROR = 500

# Apprise logs through one process-wide logger: deliveries are serialized so that the log lines
# captured for one delivery (its error message) are that delivery's own.
APPRISE_LOCK = threading.RLock()


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextmanager
def apprise_log() -> Iterator[list[logging.LogRecord]]:
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


def mask_url(url: str) -> str:
    """``url`` as it may be shown: Apprise's own privacy rendering for the URL's service (its plugin
    knows which parts are passwords, tokens and keys: ``pover://u...G@a...i``, ``user:****@``),
    without the parameters Apprise adds at their default values, and with the values of HTTP
    headers (``+Name=``) and secret-looking parameters masked too (Apprise shows those as given).
    A URL Apprise cannot use is masked by its shape (:func:`mask_shape`)."""
    text = url.strip()
    plugin = _instantiate(text)
    if plugin is None:
        return mask_shape(text)
    try:
        shown = str(plugin.url(privacy=True))
    except Exception:
        return mask_shape(text)
    return _tidy(shown, original=text)


def _instantiate(text: str) -> Any:
    """The Apprise plugin for ``text``, or None (Apprise's log lines kept out of the process's log)."""
    import apprise

    if not text:
        return None
    with APPRISE_LOCK, apprise_log():
        try:
            return apprise.Apprise.instantiate(text)
        except Exception:
            return None


def _tidy(shown: str, *, original: str) -> str:
    """A privacy rendering made readable: only the query parameters the original URL gave, the
    header and secret-looking values masked, ``%40`` shown as ``@``, no trailing slashes."""
    parts = urlsplit(shown)
    given = {k.lower().lstrip("+-:") for k, _ in _query(urlsplit(original).query)}
    query = [(k, "****" if _secret_param(k) else v)
             for k, v in _query(parts.query) if k.lower().lstrip("+-:") in given]
    path = unquote(parts.path).rstrip("/")
    return urlunsplit((parts.scheme, parts.netloc, path, urlencode(query, safe="@:/,*+"), ""))


def _query(text: str) -> list[tuple[str, str]]:
    """The parameters of a query string, a literal ``+`` kept (Apprise's header prefix), not read as a space."""
    return parse_qsl(text.replace("+", "%2B"), keep_blank_values=True)


def _secret_param(key: str) -> bool:
    return key.startswith("+") or any(word in key.lower() for word in _SECRET_KEYS)


def mask_shape(url: str) -> str:
    """``url`` masked by its shape alone (for text Apprise cannot use, so no plugin knows its
    secrets): the password (``user:****@``), the values of query parameters that look secret, and,
    outside email URLs, path parts long enough to be tokens (``slack://T...2/B...9/...``)."""
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
    query = urlencode([(k, "****" if _secret_param(k) else v)
                       for k, v in _query(parts.query)], safe="@:/,*+")
    path = parts.path
    if parts.scheme.lower() not in _EMAIL_SCHEMES:
        path = "/".join(f"{seg[0]}...{seg[-1]}" if len(seg) >= 8 else seg for seg in path.split("/"))
        if netloc and "@" not in netloc and len(netloc.split(":")[0]) >= 8 and "." not in netloc:
            netloc = f"{netloc[0]}...{netloc[-1]}"  # a token in the host position (e.g. pbul://o.gn5..., discord://id/...)
    return urlunsplit((parts.scheme, netloc, path, query, parts.fragment))


def seal_url(url: str, key: bytes) -> str:
    """``url`` encrypted for storage with the instance's encryption key ``key`` (a Fernet key,
    casefile.record.secret_key.InstanceKeys.encryption): ``sealed:v1:<token>``."""
    from cryptography.fernet import Fernet

    return SEALED_PREFIX + Fernet(key).encrypt(url.strip().encode("utf-8")).decode("ascii")


def open_url(stored: str, key: bytes) -> str:
    """The URL a stored value holds: decrypted when sealed; a plaintext URL (a database not yet
    upgraded) as it is. Raises ConfigurationError when ``key`` cannot decrypt it (another
    instance's key): the message never includes the stored value."""
    if not is_sealed(stored):
        return stored
    from cryptography.fernet import Fernet, InvalidToken

    try:
        return Fernet(key).decrypt(stored[len(SEALED_PREFIX):].encode("ascii")).decode("utf-8")
    except (InvalidToken, ValueError, UnicodeError) as exc:
        raise ConfigurationError("a stored notification URL cannot be decrypted with this instance's secret key: "
                                 "restore the key file the database was made with, or set its CASEFILE_SECRET_KEY") from exc


def is_sealed(stored: object) -> bool:
    """Whether a stored notification URL is encrypted (:func:`seal_url`)."""
    return isinstance(stored, str) and stored.startswith(SEALED_PREFIX)


def channel_hash(url: str) -> str:
    """A stable identity for a channel (sha256 of the exact URL, hex): the reminder ledger's key, never
    the URL. (Not keyed: the URL it digests is stored only encrypted, so the text to guess is unknown.)"""
    return hashlib.sha256(url.strip().encode("utf-8")).hexdigest()


def refusal(url: str) -> str | None:
    """Why Apprise cannot use ``url`` (a sentence naming the masked URL), or None when it can."""
    text = url.strip()
    if not text:
        return "an empty notification URL"
    if _instantiate(text) is None:
        return (f"{mask_shape(text)!r} is not a notification URL Apprise can use (check its scheme, host and "
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


def scrub(text: str, url: str) -> str:
    """``text`` without the URL's secrets (its password, and every part of it that the masked form
    hides: tokens, keys, user keys), cut to a readable length."""
    for secret in secret_parts(url):
        text = text.replace(secret, "****")
    return text[:_MAX_ERROR]


def secret_parts(url: str) -> list[str]:
    """The pieces of ``url`` that its masked form does not show (longest first; each also
    percent-decoded): what must never appear in an error message or a log line."""
    text = url.strip()
    shown = mask_url(text)
    parts = urlsplit(text)
    names = {k for k, _ in _query(parts.query)}
    pieces = set(re.split(r"[/:@?&=#,]+", text.partition("://")[2])) - names
    if parts.password:
        pieces.add(parts.password)
    secrets = set()
    for piece in pieces:
        for form in (piece, unquote(piece)):
            if len(form) >= 4 and form not in shown and unquote(form) not in unquote(shown):
                secrets.add(form)
    return sorted(secrets, key=len, reverse=True)
