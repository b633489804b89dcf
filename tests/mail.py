"""A real SMTP server on 127.0.0.1 for the reminder tests (aiosmtpd), that keeps what it receives or refuses it."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller


@dataclass
class Received:
    """One message as the server received it: envelope recipients, subject and plain-text body."""

    recipients: tuple[str, ...]
    subject: str
    body: str
    message: EmailMessage


@dataclass
class Inbox:
    """The handler: accepts every recipient unless ``refuse`` is set (then answers 550 to RCPT)."""

    refuse: bool = False
    received: list[Received] = field(default_factory=list)

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str, rcpt_options: Any) -> str:
        if self.refuse:
            return "550 5.1.1 mailbox unavailable"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        message = message_from_bytes(envelope.original_content or envelope.content, policy=policy.default)
        assert isinstance(message, EmailMessage)
        part = message.get_body(preferencelist=("plain",))
        body = part.get_content().replace("\r\n", "\n") if part is not None else ""
        self.received.append(Received(tuple(envelope.rcpt_tos), str(message["subject"]), body, message))
        return "250 Message accepted for delivery"

    def to(self, address: str) -> list[Received]:
        """The messages received for ``address``."""
        return [r for r in self.received if address in r.recipients]


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on (at the time of asking)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def smtp_server(refuse: bool = False, port: int | None = None) -> Iterator[tuple[Inbox, int]]:
    """Run an SMTP server on 127.0.0.1 (no TLS, no login) for the block, on ``port`` or a free one;
    yields its inbox and port."""
    inbox = Inbox(refuse=refuse)
    port = port or free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox, port
    finally:
        controller.stop()


def mail_url(port: int, to: str | None = None) -> str:
    """The Apprise URL of the test server: plain SMTP (``mailto://``, no TLS, no login) on 127.0.0.1."""
    url = f"mailto://127.0.0.1:{port}?from=casefile@example.org"
    return f"{url}&to={to}" if to else url
