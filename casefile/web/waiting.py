"""What a case waits for, on its page: the Agency's next act at the election's stage when the policy lets the
user do none of the acts that move it on (casefile.rules.stage_words.WAITING_FOR), with who records it (the
policy's words, casefile.record.authority.table.AGENCY_RECORDERS); and the hearing a Notice of Hearing set —
its date, time, place and hearing officer, as the record holds them — for the parties to prepare for.

Access is not decided here: the permissions passed in are the policy's answer (casefile.app.permitted_acts).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from sqlmodel import Session, col, select

from casefile.record.authority.table import AGENCY_RECORDERS
from casefile.record.models import Election, Hearing
from casefile.rules.stage_words import WAITING_FOR
from casefile.vocab import Stage

#: Whose acts are the Agency's (not a party's, not the record's keeping): what the case waits for.
_AGENCY = frozenset({"region", "hearing-officer", "board", "judge"})


def _agency_acts_at(stage: Stage) -> set[str]:
    """The act models the one table accepts at ``stage`` that are the Agency's (the Region's, a hearing
    officer's, a judge's, the Board's)."""
    from casefile.acts import models
    from casefile.record.authority import whose_of
    from casefile.rules.stages import MOVES

    acts = models()
    names = {m.act.split(":", 1)[0] for m in MOVES if stage in m.source} & set(acts)
    return {n for n in names if whose_of(acts[n]).kind.value in _AGENCY}


def waiting_for(stage: str | None, permissions: list[Any], *, hearing: str = "") -> str:
    """The sentence "Waiting for …: … record it." when the election at ``stage`` waits on the Agency and
    ``permissions`` (the policy's, for this user now) hold none of the Agency's acts accepted there; "" otherwise.
    ``hearing``: the noticed hearing in words, said for a hearing to open."""
    if stage is None or Stage(stage) not in WAITING_FOR:
        return ""
    agency = _agency_acts_at(Stage(stage))
    if not agency or any(p.act in agency for p in permissions):
        return ""
    what = WAITING_FOR[Stage(stage)]
    if hearing and Stage(stage) is Stage.HEARING_NOTICED:
        what = f"the hearing to open {hearing}"
    return f"Waiting for {what}: {AGENCY_RECORDERS} record it."


def noticed_hearing(session: Session, case_id: int, zone: str) -> str:
    """The hearing the latest election's Notice of Hearing set, still to open, in words: "on Wednesday, December 23,
    2026, at 10:00 a.m. PST, at videoconference (Zoom for Government), before Hearing Officer Elena Marsh" (what the
    record holds of time, place and presiding officer; a judge for a hearing consolidated before one); "" when no
    hearing is noticed and not yet open. Authority: 29 CFR 102.69(c)(1)(ii) (the notice fixes place and time)."""
    from casefile.rules.calendar import clock_label, weekday_date

    election = session.exec(select(Election).where(Election.case_id == case_id)
                            .order_by(col(Election.sequence).desc())).first()
    if election is None or election.stage is not Stage.HEARING_NOTICED:
        return ""
    hearing = session.exec(select(Hearing).where(Hearing.election_id == election.id, col(Hearing.closed_on).is_(None))
                           .order_by(col(Hearing.id).desc())).first()
    if hearing is None or hearing.opens_on is None:
        return ""
    words = f"on {weekday_date(hearing.opens_on)}"
    if hearing.opens_at is not None:
        words += f", at {clock_label(datetime.combine(hearing.opens_on, hearing.opens_at, ZoneInfo(zone)))}"
    if hearing.place:
        words += f", at {hearing.place}"
    if hearing.presiding:
        officer = "Administrative Law Judge" if hearing.before_alj else "Hearing Officer"
        words += f", before {officer} {hearing.presiding}"
    return words
