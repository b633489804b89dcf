"""Delivering reminders through Apprise: sending a message to a channel (casefile.channels: a
channel's URL checked, masked, sealed) and saying what happened, its secrets masked.

Apprise is imported when first needed (loading its plugins takes about a second), so commands that
never notify do not pay for it.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from casefile.channels import APPRISE_LOCK, apprise_log, mask_url, scrub


@dataclass(frozen=True)
class Delivery:
    """What happened to one message on one channel: ``channel`` is the masked URL; ``error`` says why
    it failed (the server's reply or the connection error), empty when ``ok``."""

    channel: str
    ok: bool
    error: str = ""


def deliver(url: str, *, title: str, body: str) -> Delivery:
    """Send one plain-text message to one channel and say whether it was accepted.

    Never raises for a delivery problem (refusal, unreachable server, bad URL): the Delivery says
    what went wrong, masked. An SMTP server "accepts" a message when it answers 250 to it."""
    import apprise

    channel = mask_url(url)
    with APPRISE_LOCK, apprise_log() as log:
        try:
            sender = apprise.Apprise()
            if not sender.add(url):
                return Delivery(channel, False, "Apprise cannot use this URL")
            ok = bool(sender.notify(title=title, body=body, body_format=apprise.NotifyFormat.TEXT))
        except Exception as exc:
            return Delivery(channel, False, scrub(f"{type(exc).__name__}: {exc}", url))
    if ok:
        return Delivery(channel, True)
    return Delivery(channel, False, _error_from(log, url))


def notify(urls: Sequence[str], *, title: str, body: str) -> list[Delivery]:
    """Send the same message to each URL, one at a time; one Delivery per URL, in order."""
    return [deliver(url, title=title, body=body) for url in urls]


def _error_from(records: list[logging.LogRecord], url: str) -> str:
    """What Apprise logged about why a delivery failed (its warnings and the exception it caught)."""
    wanted = [r.getMessage() for r in records
              if r.levelno >= logging.WARNING or (r.levelno == logging.DEBUG and "Exception" in r.getMessage())]
    return scrub("; ".join(dict.fromkeys(wanted)) or "the service did not accept the message (no reason given)", url)
