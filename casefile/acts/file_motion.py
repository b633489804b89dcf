"""A party's motion during the proceeding (to the hearing officer, the Regional Director or the Board),
and — by the rule-on-motion act — its ruling.

Motions in a representation case are filed in writing, or stated orally on the record at the
hearing, and ruled on by the hearing officer at the hearing or by the Regional Director (29 CFR
102.65(a), (c)); a motion filed with the Board goes to the Executive Secretary (102.65(a)). Real case:
Amazon JFK8 (29-RC-288020), a motion to close the hearing to the public, denied by the hearing
officer (press reports of June 2022). The act records the motion as a filing (what it asks, to whom,
orally or in writing); it moves no stage and no date: the ruling, and whatever the ruling orders,
are their own acts.
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, Literal

from pydantic import Field
from sqlmodel import Session

from casefile.acts.base import (
    ANY_STAGE,
    Done,
    Flag,
    Issue,
    Prose,
    Text,
    Who,
    again,
    content_key,
    election_for,
    recorded,
)
from casefile.acts.party_filing import PartyFilingIn, receipt_words, received_on_at, store_filing
from casefile.record.authority import Whose
from casefile.record.deadlines import office_of
from casefile.record.lookups import get_party
from casefile.record.models import Case
from casefile.record.refs import Ref, ref_to
from casefile.record.workflow import docket
from casefile.rules.calendar import long_date
from casefile.vocab import Actor, FilingKind, NlrbFiling

#: A motion may be made at any stage of the proceeding (the ruling is refused where nothing is pending).
STAGES = ANY_STAGE

#: The words a motion's request may begin with after "motion" ("to postpone ...", "for a continuance", "in
#: limine", "that the hearing be closed ...").
_LEADS = frozenset({"to", "for", "in", "that"})


def motion_request(subject: str) -> str:
    """What a motion asks, as the words after "the motion" in a sentence: whitespace collapsed, a leading
    "motion" dropped ("Motion to close the hearing" → "to close the hearing") and "to" put before a bare verb
    ("postpone the hearing" → "to postpone the hearing"), so the docket and the procedural histories read
    "the motion to postpone the hearing", never "the motion postpone the hearing". A str in, a str out."""
    words = " ".join(subject.split()).split(" ")
    if len(words) > 1 and words[0].lower() == "motion":
        words = words[1:]
    if words[0].lower() not in _LEADS:
        words = ["to", words[0][:1].lower() + words[0][1:] if not words[0][1:2].isupper() else words[0], *words[1:]]
    else:
        words[0] = words[0].lower()
    return " ".join(words)


#: To whom a motion is addressed (29 CFR 102.65(a)).
MotionTo = Literal["hearing officer", "Regional Director", "Board"]


class FileMotion(PartyFilingIn):
    """The motion: ``party`` the moving party, ``subject`` what it asks in a line ("to close the hearing to
    the public"), ``to`` whom it is addressed, ``grounds`` (paragraphs), ``oral`` True when stated on the
    record at the hearing; ``at``/``date`` its receipt (or the day it was stated)."""

    act: Literal["file-motion"] = "file-motion"
    WHOSE: ClassVar[Whose] = Whose.party("party")
    subject: Text
    to: MotionTo = "Regional Director"
    grounds: list[Prose] = Field(default_factory=list, max_length=200)
    oral: Flag = False


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """A motion issues no document of casefile's (the party's own paper, when written, is attached as filed)."""
    return ()


def perform(session: Session, act: FileMotion, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Record the party's motion (Filing kind ``motion``), served on the other parties, docketed as the
    party's act. No stage or deadline changes. Idempotent on (election, party, subject, date). Raises
    UnknownRecord (no such party, election), BadInput. Authority: 29 CFR 102.65(a), (c)."""
    election = election_for(session, case, act.election)
    party = get_party(session, case, act.party)
    received_on = received_on_at(act, office_of(case).tz, as_of)
    subject = motion_request(act.subject)
    # the key keeps the words as given (collapsed): a motion recorded before the request was worded keys the same
    key = content_key(f"motion:e{election.sequence}:{party.key}", " ".join(act.subject.split()), received_on)
    if (entry := recorded(session, case, key)) is not None:
        return again(entry, act.act, ())
    filing = store_filing(session, case, election, party, kind=FilingKind.MOTION, act=act, received_on=received_on,
                          deadline=None, timeliness=None,
                          body=[{"subject": subject, "to": act.to, "oral": act.oral},
                                *({"ground": g} for g in act.grounds)],
                          served=[], note="motion (29 CFR 102.65)")
    how = "stated on the record" if act.oral else "filed"
    what = subject
    if act.nlrb is NlrbFiling.PREPARED and not act.oral:  # before no one yet: not filed, and received by no one
        summary = f"Motion of {party.name} {what}, to the {act.to}: {receipt_words(act.nlrb, act.at, received_on, tz=office_of(case).tz)}"
    else:
        summary = f"Motion of {party.name} {what}, {how} to the {act.to} ({long_date(received_on)})"
    entry = docket(session, case.id, election_id=election.id, as_of=as_of, occurred_on=received_on,  # type: ignore[arg-type]
                   act=act.docket_act, act_key=key, actor=Actor.PARTY, summary=summary, ref=ref_to(filing))
    assert entry.id is not None
    return Done(act=act.act, ref=entry.ref, entry_id=entry.id, summary=summary)
