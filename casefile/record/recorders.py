"""Who recorded a docket entry (``DocketEntry.recorded_by``), as a typed value: the operator of the
command line, a signed-in user, or one of casefile's own jobs, with the note an act entered from a
document received carries.

The column keeps its written form ("operator:ann", "user:ann@example.org, from a document received",
"system:sweep"), the form the docket chain hashes; :meth:`Recorder.parse` is the one reader of it and
``str()`` the one writer of a user's label (casefile.record.access)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

__all__ = ["RECORDED_FROM", "Recorder", "RecorderKind", "recorded_by_name"]

#: What the docket's ``recorded_by`` adds for an act entered from a document received.
RECORDED_FROM = "from a document received"

_WRITTEN = re.compile(r"(operator|user|system):([^,]*)(?:,(.*))?", re.DOTALL)


class RecorderKind(StrEnum):
    """Who records: the command line's operator, a signed-in user, or a job of casefile."""

    OPERATOR = "operator"  # who: the operating-system user
    USER = "user"  # who: the account's e-mail address
    SYSTEM = "system"  # who: the job ("sweep", "import", "web")


@dataclass(frozen=True)
class Recorder:
    """``Recorder(RecorderKind.USER, "ann@example.org", RECORDED_FROM)``; ``str()`` gives the written
    form "user:ann@example.org, from a document received"."""

    kind: RecorderKind
    who: str
    note: str = ""  # RECORDED_FROM for an act recorded from a document received; else ""

    def __str__(self) -> str:
        return f"{self.kind.value}:{self.who}" + (f", {self.note}" if self.note else "")

    @classmethod
    def parse(cls, text: str | None) -> Recorder | None:
        """The recorder a ``recorded_by`` names, or None ("" — not recorded — or another shape). The
        user's address is compared in lower case."""
        match = _WRITTEN.fullmatch((text or "").strip())
        if match is None:
            return None
        kind = RecorderKind(match.group(1))
        who = match.group(2).strip()
        return cls(kind, who.lower() if kind is RecorderKind.USER else who, (match.group(3) or "").strip())


def recorded_by_name(session: Any, recorded_by: str) -> str:
    """Who recorded an entry, in words: a user by name and e-mail ("Ann Lee (ann@example.org)"), the
    operator of the command line ("the operator of this casefile": the computer login it ran under is no name a
    party knows, the written form keeps it), a job of casefile ("casefile (sweep)"), with the
    note kept (", from a document received"); "" when not recorded, the text itself for another shape.
    ``session``: a read session (a user is looked up by address)."""
    recorder = Recorder.parse(recorded_by)
    if recorder is None:
        return recorded_by or ""
    who, note = recorder.who, f", {recorder.note}" if recorder.note else ""
    if recorder.kind is RecorderKind.USER and who:
        from sqlmodel import select

        from casefile.record.accounts import User

        user = session.exec(select(User).where(User.email == who)).first()
        return (f"{user.name} ({user.email})" if user is not None and user.name else who) + note
    if recorder.kind is RecorderKind.OPERATOR:
        return "the operator of this casefile" + note  # the login that ran the command stays in the record, not in words
    return f"casefile ({who})" if who else "casefile"
