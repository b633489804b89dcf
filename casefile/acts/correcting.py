"""What the acts that correct a record's fields as transcribed share (casefile.acts.correct_case,
correct_party, correct_hearing, correct_tally): their input model's shape, the refusal of a correction
that gives nothing, what a correction asks of the record (its idempotency key and its changes, a retry,
the refusal of a correction that changes nothing), the consequences each one states and its recording.
Each act keeps what is its own: finding its record, its refusals, and what the corrected values change.

The parts beneath (a change, the documents issued again, the deadlines moved, the Correction row and
its docket entries) are casefile.acts.correction_parts, which the objections' withdrawal and amendment
use too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, ClassVar

from sqlmodel import Session

from casefile.acts.base import ActIn, Done
from casefile.acts.correction_parts import (
    Change,
    DocumentState,
    Moved,
    changes_between,
    correction_key,
    found_again,
    record_correction,
    titles,
)
from casefile.errors import BadInput
from casefile.record.models import Case, Election
from casefile.record.refs import RowKey
from casefile.rules.stage_words import STAGE_NAMES


class CorrectionIn(ActIn):
    """An act that corrects fields of one record: ``CORRECTED`` names them (the first is the field a
    correction that gives none is refused on), ``SHOULD_READ`` says what to give ("the case's record
    should read (name, ...)"). Each model declares its fields (None, or left out: as recorded), then
    ``why: Why``, required (declared last, so the forms ask it after the fields)."""

    CORRECTED: ClassVar[tuple[str, ...]]
    SHOULD_READ: ClassVar[str]
    if TYPE_CHECKING:
        why: str

    def given(self) -> dict[str, Any]:
        """The corrected values asked for (the fields given)."""
        return self.model_dump(include=set(self.CORRECTED), exclude_none=True)

    def requested(self) -> dict[str, Any]:
        """The corrected values asked for as JSON, defaults left out: what the idempotency key is made of."""
        return self.model_dump(mode="json", include=set(self.CORRECTED), exclude_none=True, exclude_defaults=True)


def check_given(act: CorrectionIn) -> None:
    """A correction that names nothing to correct is refused before anything is looked up (each act's
    ``check``). Raises BadInput."""
    if not act.requested():
        raise BadInput(f"{act.act_name}: give what {act.SHOULD_READ}", field=act.CORRECTED[0])


def listed(values: Mapping[str, Any], *, quoted: bool = False) -> str:
    """"name X, email Y" for a refusal (``quoted``: each value as Python writes a string)."""
    return ", ".join(f"{k} {v!r}" if quoted else f"{k} {v}" for k, v in values.items())


@dataclass(frozen=True)
class Asked:
    """What correction ``act`` asks of the record ``target`` (``RowKey("tally", 3)``): its idempotency ``key`` and
    the fields it changes; ``first``: the first result when the same correction is recorded already (a
    retry: nothing more is done)."""

    act: CorrectionIn
    target: RowKey
    key: str
    changes: list[Change]
    first: Done | None = None

    def record(self, session: Session, case: Case, *, as_of: datetime, election: Election | None, head: str,
               consequences: list[str], reissue: list[DocumentState], moved: Sequence[Moved] = (),
               implied: Sequence[Change] = ()) -> Done:
        """Record the correction on the act's day (casefile.acts.correction_parts.record_correction):
        ``head`` and each change old → new (``implied``: what the changes imply, after them), why, and
        every consequence; the documents ``reissue`` issued again, one docket entry per deadline ``moved``."""
        return record_correction(
            session, case, act=self.act.act_name, key=self.key, target=self.target, election=election,
            changes=self.changes, why=self.act.why, head=head, consequences=consequences, reissue=reissue,
            moved=list(moved), occurred_on=self.act.legal_date(case, as_of), as_of=as_of, extra_changes=list(implied))


def ask(session: Session, case: Case, act: CorrectionIn, *, target: RowKey, current: Mapping[str, Any], already: str,
        given: Mapping[str, Any] | None = None, more: Sequence[Change] = ()) -> Asked:
    """What ``act`` asks of the record ``target``, whose fields the record holds as ``current``: the
    changes from ``current`` to ``given`` (the values asked for, None: not given; default the act's
    own), after ``more`` (changes the act finds itself, e.g. a choice's votes). A retry is recognized
    first (casefile.acts.correction_parts.found_again: its first result, while the record still holds
    what it asked for). Raises BadInput "<case>: ``already``" (field: the first value asked for) when
    nothing would change, AlreadyRecorded when the same correction, with the same why, was recorded
    before and the record has changed since."""
    key = correction_key(act.act_name, target, act.requested(), act.why)
    changes = [*more, *changes_between(dict(current), dict(act.given() if given is None else given))]
    first = found_again(session, case, key, holds=lambda: not changes, act=act.act_name)
    if first is not None:
        return Asked(act, target, key, [], first)
    if not changes:
        raise BadInput(f"{case.number}: {already}", field=next(iter(act.requested())))
    return Asked(act, target, key, changes)


def reissued(states: list[DocumentState], *, under: str = "") -> list[str]:
    """What a correction says of the documents it issues again (none: nothing): their titles, each
    ``under`` what ("the corrected name"); that a party's filing issued again is a corrected copy for the
    record, which casefile neither files nor serves again."""
    if not states:
        return []
    notes = [f"Issued again as new versions{f' under {under}' if under else ''} (the first versions are kept): "
             f"{titles(states)}."]
    if any(s.issue.document.party_filing for s in states):
        notes.append("A party's filing issued again is a corrected copy for the record: casefile neither files nor "
                     "serves it again.")
    return notes


def stage_kept(election: Election) -> str:
    """The consequence every correction of an election's record states: its stage is not changed."""
    return (f"Election {election.sequence} stays at stage “{STAGE_NAMES[election.stage]}”: a correction does not "
            "move the procedure.")
