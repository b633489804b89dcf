"""A party's motion for reconsideration of the Regional Director's decision (29 CFR 102.65(e)).

Due 10 business days after service of the decision (service is taken as the issue date when the
record has no other: the rd-decision act keeps the period so); filing it does not stop the clock for a
request for review or exceptions and stays nothing unless the Regional Director orders (R-K6).
"""

from __future__ import annotations

from datetime import date, datetime
from typing import ClassVar, Literal

from pydantic import Field
from sqlmodel import Session

from casefile.acts.base import (
    ANY_STAGE,
    Done,
    Issue,
    Prose,
    Who,
    again,
    content_key,
    election_for,
    recorded,
    ref_id,
)
from casefile.acts.party_filing import (
    PartyFilingIn,
    deadline_zone,
    governing_deadline,
    judge,
    receipt_words,
    received_on_at,
    service_list,
    store_filing,
)
from casefile.documents.kinds.motion_for_reconsideration import MotionForReconsideration
from casefile.errors import CasefileError
from casefile.gaps import Gap
from casefile.record.authority import Whose
from casefile.record.lookups import get_party, parties_of
from casefile.record.models import Case, Deadline, Election, Party
from casefile.record.refs import RecordTable, Ref, ref_to
from casefile.record.workflow import docket
from casefile.rules.timeliness import Timeliness
from casefile.vocab import Actor, FilingKind

#: Not bound to the election's stage (refused, where it is, on what the record holds): offered at every
#: stage (casefile.acts.allowed_now).
STAGES = ANY_STAGE

#: What every such motion's record says (R-K6).
NO_STAY = ("a motion for reconsideration does not stop the time for a request for review or exceptions and stays "
           "nothing unless ordered (29 CFR 102.65(e))")


class MoveForReconsideration(PartyFilingIn):
    """The motion as filed: ``party``, ``grounds`` (the material error or the new evidence, each in a
    paragraph); ``at``/``date`` its receipt by the Regional Office."""

    act: Literal["move-for-reconsideration"] = "move-for-reconsideration"
    WHOSE: ClassVar[Whose] = Whose.party("party")
    grounds: list[Prose] = Field(min_length=1, max_length=200)


def allowed_now(session: Session, case: Case, as_of: datetime | None = None) -> bool:
    """Whether a motion e-filed now would be received within the reconsideration period of the latest
    election (motion_period, which perform() applies: the Regional Director's decision opens it)."""
    from datetime import UTC

    parties = parties_of(session, case)
    if not parties:
        return False
    try:
        election = election_for(session, case, None, lock=False)
        probe = MoveForReconsideration(party=parties[0].key, grounds=["(a motion filed now)"])
        motion_period(session, case, election, parties[0], probe, as_of or datetime.now(UTC))
    except CasefileError:
        return False
    return True


def motion_period(session: Session, case: Case, election: Election, party: Party, act: MoveForReconsideration,
                  as_of: datetime) -> tuple[Deadline, date, Timeliness]:
    """The reconsideration period the motion is judged against, its date of receipt and the judgment.
    Raises ProcedureError (no period in the record: no decision yet), OutOfOrder, UntimelyFiling."""
    deadline = governing_deadline(session, case, election, FilingKind.RECONSIDERATION_MOTION)
    received_on = received_on_at(act, deadline_zone(deadline), as_of)
    timeliness = judge(case, deadline, act, what=f"motion for reconsideration of {party.name}", received_on=received_on)
    return deadline, received_on, timeliness


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """The motion for reconsideration with its certificate of service."""
    return (Issue(MotionForReconsideration, ref_id(ref, RecordTable.FILING)),)


def perform(session: Session, act: MoveForReconsideration, *, case: Case, as_of: datetime, by: Who) -> Done:
    """File the motion for reconsideration of the Regional Director's decision in the election.

    The decision must be in the record (its reconsideration period: ProcedureError otherwise). Judged
    against the stored period (10 business days after service, or the date an order fixed; 11:59 p.m.
    at the Regional Office). Served on every other party. No stage moves and no period stops (R-K6):
    the result says so. Idempotent on (election, party, grounds). Raises UntimelyFiling,
    ProcedureError, UnknownRecord. Authority: 29 CFR 102.65(e), 102.2; rules.md R-K6.
    """
    election = election_for(session, case, act.election)
    party = get_party(session, case, act.party)
    key = content_key(f"reconsideration:e{election.sequence}:{party.key}", act.grounds)
    if (entry := recorded(session, case, key)) is not None:
        return again(entry, act.act, issues(session, entry.ref))
    deadline, received_on, timeliness = motion_period(session, case, election, party, act, as_of)
    served: list[str | Gap] = []  # the service ledger's warnings (casefile.gaps)
    filing = store_filing(session, case, election, party, kind=FilingKind.RECONSIDERATION_MOTION, act=act,
                          received_on=received_on, deadline=deadline, timeliness=timeliness,
                          body=[{"ground": g} for g in act.grounds], served=service_list(session, case, party, received_on),
                          warnings=served)
    summary = (f"Motion of {party.name} for reconsideration of the Regional Director's decision, "
               f"{receipt_words(act.nlrb, act.at, received_on, tz=deadline_zone(deadline))}; {NO_STAY}")
    entry = docket(session, case.id, election_id=election.id, as_of=as_of, occurred_on=received_on,  # type: ignore[arg-type]
                   act=act.docket_act, act_key=key, actor=Actor.PARTY, summary=summary, ref=ref_to(filing))
    assert entry.id is not None
    return Done(act=act.act, ref=entry.ref, entry_id=entry.id, issue=issues(session, entry.ref), summary=summary,
                warnings=(NO_STAY, *served))
