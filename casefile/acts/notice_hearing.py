"""The Regional Director's Notice of Hearing on Objections (and Challenged Ballots).

When the offer of proof could be grounds for setting the election aside, or determinative
challenges raise substantial and material factual issues, the Regional Director sets them for
hearing before a hearing officer (29 CFR 102.69(c)(1)(ii)); casefile records the notice with its
real date and issues a record copy.
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, Literal

from sqlmodel import Session

from casefile.acts.base import Done, Issue, Who, again, election_for, recorded, ref_id
from casefile.acts.hearing_parts import (
    HearingOrder,
    check_opens_after_order,
    check_same_order,
    hearing_of,
    record_gaps,
    set_for_hearing,
)
from casefile.documents.kinds.notice_of_hearing import NoticeOfHearing
from casefile.record.authority import REGION, Whose
from casefile.record.models import Case, Hearing
from casefile.record.refs import RecordTable, Ref, ref_to
from casefile.record.workflow import advance, require_stage
from casefile.rules.calendar import long_date
from casefile.rules.stages import accepted_at
from casefile.vocab import Actor, DocketActName, Stage

NOTICEABLE = accepted_at("notice-hearing")
#: The stages of the election the act is on (the latest) at which perform() accepts it (require_stage below);
#: the web and the API offer the act only then (casefile.acts.allowed_now).
STAGES = NOTICEABLE


class NoticeHearing(HearingOrder):
    """The notice as issued: ``date`` its issue date, ``opens_on`` the hearing's opening date and
    ``opens_at`` its time of day (at the office that has the case), ``issuer`` the Regional Director
    who signed it, ``place``, ``presiding`` (the hearing officer), the ``objections`` set for hearing (party
    handle → numbers; none named: every pending objection) and whether the determinative
    ``challenges`` are set too."""

    act: Literal["notice-hearing"] = "notice-hearing"
    WHOSE: ClassVar[Whose] = REGION


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """The record copy of the Notice of Hearing."""
    return (Issue(NoticeOfHearing, ref_id(ref, RecordTable.HEARING)),)


def perform(session: Session, act: NoticeHearing, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Record the Notice of Hearing and set its objections (and challenged ballots) for hearing.

    The hearing is set for 15 business days after the tally or as soon as practicable (R-I3);
    the notice goes to the parties and their representatives (R-I2). The election must be at
    objections-pending, challenge-investigation or rd-decision (a hearing ordered after a
    decision, e.g. on remand); it moves to hearing-noticed. Idempotent on (election, issue date);
    the same date with other terms is refused (AlreadyRecorded). Raises IllegalTransition,
    ProcedureError (nothing to hear; challenges not determinative), UnknownRecord (an objection
    that is not pending), NotAllowedNow (opening before the notice).
    Authority: 29 CFR 102.69(c)(1)(ii); rules.md R-I2, R-I3.
    """
    election = election_for(session, case, act.election)
    issued_on = act.legal_date(case, as_of)
    key = f"notice-hearing:e{election.sequence}:{issued_on.isoformat()}"
    if (entry := recorded(session, case, key)) is not None:
        check_same_order(case, entry, hearing_of(session, entry.ref), act)
        return again(entry, act.act, issues(session, entry.ref))
    require_stage(election, "a notice of hearing", STAGES)
    check_opens_after_order(act, issued_on)
    set_ids = set_for_hearing(session, case, election, act, issued_on=issued_on, what="the notice of hearing")
    hearing = Hearing(election_id=election.id, noticed_on=issued_on, opens_on=act.opens_on,  # type: ignore[arg-type]
                      noticed_opens_on=act.opens_on,
                      opens_at=act.opens_at, issuer=act.issuer,
                      place=act.place, presiding=act.presiding, objections_set=set_ids,
                      challenges_set=act.challenges, note=act.note, uncertain=act.uncertain,
                      **record_gaps(act))
    session.add(hearing)
    session.flush()
    what = f"{len(set_ids)} objections" + (" and the challenged ballots" if act.challenges else "")
    opens = long_date(act.opens_on) if act.opens_on else "date not in record"
    if act.opens_on and act.opens_at:
        from casefile.rules.calendar import time_of_day

        opens += f" at {time_of_day(act.opens_at)}"
    entry = advance(session, election, Stage.HEARING_NOTICED, as_of=as_of, occurred_on=issued_on,
                    act=DocketActName.NOTICE_HEARING, act_key=key, actor=Actor.REGIONAL_DIRECTOR,
                    summary=f"Notice of Hearing on {what}; hearing opens {opens}", ref=ref_to(hearing))
    assert entry.id is not None
    from casefile.record.people import regional_director_named, signer_warning

    missing = signer_warning(case, act.issuer or regional_director_named(session, case), document="Notice of Hearing",
                             signer="Regional Director", act=act.act, entry_id=entry.id)
    from casefile.gaps import Gap, GapKind
    from casefile.record.people import is_record_copy

    untimed = None if act.opens_at or act.opens_on is None or is_record_copy(case) else (
        Gap(GapKind.NO_OPENING_TIME, case.number, "Notice of Hearing", act=act.act, entry_id=entry.id))
    return Done(act=act.act, ref=entry.ref, entry_id=entry.id, issue=issues(session, entry.ref), summary=entry.summary,
                warnings=tuple(w for w in (missing, untimed) if w))
