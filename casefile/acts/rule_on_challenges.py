"""Rule on challenged ballots: sustain the challenges (the ballots are never counted) or overrule
them (the ballots are to be opened and counted), singly, by ground, or all pending ones; then
re-test the ballots still sealed (R-E7)."""

from __future__ import annotations

from datetime import date, datetime
from typing import ClassVar, Literal

from pydantic import Field
from sqlmodel import Session, col, select

from casefile.acts.base import (
    COUNT_MAX,
    ActIn,
    Done,
    Flag,
    Issue,
    Line,
    Paragraph,
    Text,
    Who,
    again,
    content_key,
    election_for,
    recorded,
)
from casefile.acts.challenge_register import RULING_STAGES, move_when_the_tally_stands, register_of, retest, select_ballots
from casefile.acts.chronology import latest_on, refuse_if_before
from casefile.errors import BadInput
from casefile.record.authority import REGION, Whose
from casefile.record.deadlines import keep_deadline
from casefile.record.models import Case, ChallengedBallot, Election
from casefile.record.refs import Ref, ref_to
from casefile.record.workflow import docket, require_stage
from casefile.rules.calendar import long_date
from casefile.rules.chronology import Earlier
from casefile.rules.review import board_review, is_final_disposition
from casefile.vocab import Actor, ChallengeStatus, DeadlineKind, DocketActName, RuledBy, TriggerKind, counted

#: The stages of the election the act is on (the latest) at which perform() accepts it (require_stage below);
#: the web and the API offer the act only then (casefile.acts.allowed_now).
STAGES = RULING_STAGES


def allowed_now(session: Session, case: Case, as_of: datetime | None = None) -> bool:
    """Whether a ruling on challenged ballots may be made in the case's latest election now: at a
    ruling stage (STAGES), with a pending challenged ballot in its register (what perform() rules on;
    without one every selection is refused). Authority: rules.md R-E2, R-E7."""
    latest = session.exec(select(Election).where(Election.case_id == case.id)
                          .order_by(col(Election.sequence).desc())).first()
    return (latest is not None and latest.stage in STAGES
            and any(b.status is ChallengeStatus.PENDING for b in register_of(session, latest)))


class RuleOnChallenges(ActIn):
    """A ruling on challenged ballots: ``status`` sustained or overruled, on the ``voters`` named,
    or on every pending ballot with the ``ground`` (the Region's usual practice), or on
    ``all_pending`` ones (exactly one of the three); ``by`` names who ruled; ``date``: the
    ruling's date."""

    act: Literal["rule-on-challenges"] = "rule-on-challenges"
    WHOSE: ClassVar[Whose] = REGION
    status: Literal["sustained", "overruled"]
    voters: list[Text] = Field(default_factory=list, max_length=COUNT_MAX)
    ground: Line | None = None
    all_pending: Flag = False
    by: Literal["Regional Director", "Board"] = "Regional Director"
    reason: Paragraph = ""


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """A ruling is recorded from the decision that made it; it issues no document of its own (the
    opening of overruled ballots issues the Revised Tally of Ballots)."""
    return ()


def perform(session: Session, act: RuleOnChallenges, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Sustain or overrule the chosen challenged ballots, then re-test the ballots still sealed.

    Only pending ballots can be ruled on. After the ruling, if the ballots still unresolved
    (pending, and overruled but not yet opened) can no longer affect the result with the
    sustained ones out, the pending ones stay sealed for good (status not-determinative, R-E7).
    Allowed from the tally until the revised tally's stage (RULING_STAGES). Idempotent on the
    ruling's content (election, date, status, selection, who, reason). Raises BadInput (no
    selection or more than one, a voter twice), UnknownRecord (a voter not registered),
    ProcedureError (a ballot not pending; a ground no pending ballot has; nothing pending),
    IllegalTransition (stage). Where the election waits on the challenges alone (challenge-investigation, or
    rd-decision after the objections were overruled) and the ruling leaves nothing to count — every
    determinative ballot sustained, the rest sealed for good — the tally stands: the certification (or the
    runoff it calls for) is due, with no revised tally and no new objection period (casefile.rules.stages).
    Authority: 29 CFR 102.69(c)(1)(i)-(iii), (e); rules.md R-E2, R-E7, R-H1.
    """
    election = election_for(session, case, act.election)
    ruled_on = act.legal_date(case, as_of)
    chosen_by = [name for name, given in (("voters", bool(act.voters)), ("ground", act.ground is not None),
                                          ("all_pending", act.all_pending)) if given]
    if len(chosen_by) != 1:
        raise BadInput("a ruling names the voters, a ground, or all pending ballots: exactly one of them"
                       + (f" (given: {', '.join(chosen_by)})" if chosen_by else ""),
                       field=chosen_by[1] if len(chosen_by) > 1 else "voters")
    key = content_key(f"rule-challenges:e{election.sequence}", ruled_on, act.status, sorted(act.voters), act.ground,
                      act.all_pending, act.by, act.reason)
    if (entry := recorded(session, case, key)) is not None:
        return again(entry, act.act, ())
    require_stage(election, "a ruling on challenged ballots", STAGES)
    refuse_if_before("the ruling on the challenged ballots", ruled_on,
                     [Earlier("the tally of ballots issued", latest_on(session, election, DocketActName.RECORD_TALLY))])
    chosen = _select(session, election, act)
    status = ChallengeStatus(act.status)
    ruled_by = RuledBy.BOARD if act.by == "Board" else RuledBy.REGIONAL_DIRECTOR
    for ballot in chosen:
        ballot.status = status
        ballot.ruled_by, ballot.ruled_on, ballot.reason = ruled_by, ruled_on, act.reason
        session.add(ballot)
    session.flush()
    summary = f"{counted(len(chosen), 'challenged ballot')} {act.status} by the {act.by}"
    if act.ground:
        summary += f" (ground: {act.ground})"
    if sealed := retest(session, election):
        summary += f"; {sealed}"
    summary += _review_period(session, case, election, act, ruled_on)
    entry = docket(session, case.id, election_id=election.id, as_of=as_of, occurred_on=ruled_on,  # type: ignore[arg-type]
                   act=DocketActName.RULE_ON_CHALLENGES, act_key=key, actor=Actor.REGIONAL_DIRECTOR, summary=summary,
                   ref=ref_to(election))
    move_when_the_tally_stands(session, election, act=DocketActName.RULE_ON_CHALLENGES, key=key, as_of=as_of, on=ruled_on,
                               ref=ref_to(election))
    assert entry.id is not None
    return Done(act=act.act, ref=entry.ref, entry_id=entry.id, summary=summary)




def _review_period(session: Session, case: Case, election: Election, act: RuleOnChallenges, ruled_on: date) -> str:
    """Under the 2014 rule, the Regional Director's order overruling challenges — the ballots to be opened and
    counted — is a final disposition: the request for review runs 14 days from it, the opposition 7 days after
    that (rules.review.is_final_disposition). Stores both periods where Board review lies and returns the
    docket's words for it; "" otherwise (another rule set, a sustained ruling, the Board's ruling, a consent
    election). Authority: 29 CFR 102.67(c); 2014 rule (NLRB FAQ); rules.md R-N2."""
    if act.status != "overruled" or act.by.strip().lower() != "regional director":
        return ""
    return open_and_count_review(session, case, election, ordered_on=ruled_on, trigger=TriggerKind.OPEN_AND_COUNT_ORDER,
                                 what="an order to open and count challenged ballots")


def open_and_count_review(session: Session, case: Case, election: Election, *, ordered_on: date, trigger: TriggerKind,
                          what: str) -> str:
    """The request-for-review and opposition periods a Regional Director's order to open and count ballots starts
    where it is a final disposition — the 2014 rule (rules.review.is_final_disposition "open-and-count") with Board
    review available (not a consent election) — stored with ``trigger`` (OPEN_AND_COUNT_ORDER or
    COUNT_EXCLUDED_ORDER) on ``ordered_on``; returns the docket's words for it (``what`` names the order),
    "" where no period runs. Authority: 29 CFR 102.67(c), (f) (2014 rule, 79 FR 74308); rules.md R-N2."""
    if not is_final_disposition(case.rule_set_id, "open-and-count") or not board_review(case.agreement).available:
        return ""
    stored = [keep_deadline(session, case=case, election=election, kind=kind, trigger=trigger, trigger_on=ordered_on,
                            for_whom="all parties") for kind in (DeadlineKind.REQUEST_FOR_REVIEW, DeadlineKind.RFR_OPPOSITION)]
    review = stored[0]
    if review is None:
        return ""
    return (f"; {what} is a final disposition under the 2014 rule: a request "
            f"for review may be filed until {long_date(review.due_on)} (29 CFR 102.67(c))")


def _select(session: Session, election: Election, act: RuleOnChallenges) -> list[ChallengedBallot]:
    """The ballots the ruling is on (see RuleOnChallenges; casefile.acts.challenge_register.select_ballots)."""
    return select_ballots(session, election, voters=act.voters, ground=act.ground)
