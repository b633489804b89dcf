"""The order to count ballots excluded at the count: the Regional Director (or the Board on review) directs
that ballots the Board agent left out of the count be opened and counted.

The ballots are written as challenged ballots whose challenges are overruled (ChallengedBallot rows with
``excluded_at_count``), so the revised tally that follows (``revised-tally``) counts them as it counts any
ballot ordered opened — a supplemental count — and opens its objection period for them (29 CFR 102.69(e));
the determinative arithmetic reads them on the challenged line (casefile.rules.excluded_ballots). Real case:
Starbucks, Walden Avenue and Anderson Road, Cheektowaga NY: count of March 9, 2022 (8-7); the Employer's
objections asked that ballots excluded from the count be counted; the Regional Director in Atlanta, to whom
the case had been transferred, ordered them counted, and the supplemental count stood 10-10 with one
challenged ballot unopened (tests/flows/test_walden_supplemental_count.py).
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, Literal

from sqlmodel import Session, col, func, select

from casefile.acts.base import ActIn, Count, Done, Issue, Line, Paragraph, Who, again, content_key, election_for, recorded
from casefile.acts.challenge_register import counted_tally
from casefile.acts.chronology import refuse_if_before
from casefile.acts.order_parts import order_issues, order_ref, store_order
from casefile.acts.rule_on_challenges import open_and_count_review
from casefile.documents.kinds.order_to_count_excluded import OrderToCountExcludedBallots
from casefile.record.authority import ActorKind, Whose
from casefile.record.models import Case, ChallengedBallot, Election, Tally
from casefile.record.refs import Ref
from casefile.record.workflow import docket, require_stage
from casefile.rules.chronology import Earlier
from casefile.rules.excluded_ballots import ordered_to_count, reason_words
from casefile.rules.stages import accepted_at
from casefile.vocab import Actor, ChallengeStatus, OrderKind, RuledBy, TallyKind, TriggerKind

#: The stored order (AgencyOrder.kind).
COUNT_EXCLUDED = OrderKind.COUNT_EXCLUDED
#: Where the ballots ordered counted can then be opened (the revised tally's stages, a second election directed
#: excepted): the web and the API offer the act only then (casefile.rules.stages).
STAGES = accepted_at("count-excluded-ballots")

_ACTORS = {"Regional Director": Actor.REGIONAL_DIRECTOR, "Board": Actor.BOARD}


class CountExcludedBallots(ActIn):
    """The order: ``ballots`` how many of the ballots excluded at the count it directs opened and counted
    (at least 1), ``by`` who ordered it (the Regional Director, or the Board on review), ``order`` the order
    in words (on whose objections, as it states them), ``issuer`` who signed it ("" when the record does not
    say); ``date`` the order's date."""

    act: Literal["count-excluded-ballots"] = "count-excluded-ballots"
    WHOSE: ClassVar[Whose] = Whose.ruled_by("by", {"Board": ActorKind.BOARD})
    ballots: Count
    by: Literal["Regional Director", "Board"] = "Regional Director"
    order: Paragraph = ""
    issuer: Line = ""


def allowed_now(session: Session, case: Case, as_of: datetime | None = None) -> bool:
    """Whether an order to count excluded ballots may be made in the case's latest election now: at a stage where
    the ballots could then be opened (STAGES), with ballots excluded at its count not yet ordered counted (what
    perform() refuses without: casefile.rules.excluded_ballots.ordered_to_count)."""
    latest = session.exec(select(Election).where(Election.case_id == case.id)
                          .order_by(col(Election.sequence).desc())).first()
    if latest is None or latest.stage not in STAGES:
        return False
    tally = session.exec(select(Tally).where(Tally.election_id == latest.id, Tally.kind != TallyKind.REVISED)
                         .order_by(col(Tally.id))).first()
    return tally is not None and tally.excluded > _ordered(session, latest)


def _ordered(session: Session, election: Election) -> int:
    """How many of the election's excluded ballots orders have already written as challenged ballots."""
    return int(session.exec(select(func.count()).select_from(ChallengedBallot).where(
        ChallengedBallot.election_id == election.id, col(ChallengedBallot.excluded_at_count))).one())


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """The Order to Count Ballots Excluded at the Count (record copy)."""
    return order_issues(ref, OrderToCountExcludedBallots)


def perform(session: Session, act: CountExcludedBallots, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Write ``ballots`` of the tally's excluded ballots as challenged ballots ordered opened and counted.

    The election must be where its challenged ballots may be opened (STAGES); its count's tally must record
    ballots excluded at the count, at least ``ballots`` of them not yet ordered counted. Stores the order
    (AgencyOrder kind count-excluded: by, ballots, tally_id, excluded, reason, order) and one ChallengedBallot
    per ballot (voter "excluded ballot N", challenged_by board-agent, status overruled, ``excluded_at_count``),
    dockets it naming who ordered it; the next revised tally opens and counts them. Idempotent on (election,
    date, by, ballots, order). Refused (nothing stored): ProcedureError (no ballot excluded; more ordered than
    are left), NotAllowedNow (an order dated before the tally), IllegalTransition (stage).
    Authority: 29 CFR 102.69(c)(1)(i), (e); 102.67; rules.md R-E6, R-L1 (casefile.rules.excluded_ballots).
    """
    election = election_for(session, case, act.election)
    ordered_on = act.legal_date(case, as_of)
    order = " ".join(act.order.split())
    key = content_key(f"count-excluded:e{election.sequence}", ordered_on, act.by, act.ballots, order)
    if (entry := recorded(session, case, key)) is not None:
        return again(entry, act.act, issues(session, entry.ref))
    require_stage(election, "an order to count ballots excluded at the count", STAGES)
    tally = counted_tally(session, election)
    refuse_if_before("the order to count the excluded ballots", ordered_on,
                     [Earlier("the tally of ballots issued", tally.prepared_on)])
    before = _ordered(session, election)
    count = ordered_to_count(excluded=tally.excluded, ordered_before=before, ordered=act.ballots)
    ground = f"excluded at the count ({tally.excluded_reason.value if tally.excluded_reason else 'reason not in the record'})"
    stored = store_order(session, case, kind=COUNT_EXCLUDED, issued_on=ordered_on, election_id=election.id,
                         issuer=" ".join(act.issuer.split()), by=act.by, ballots=count, tally_id=tally.id,
                         excluded=tally.excluded,
                         reason=tally.excluded_reason.value if tally.excluded_reason else None, order=order)
    ruled_by = RuledBy.BOARD if act.by == "Board" else RuledBy.REGIONAL_DIRECTOR
    for n in range(before + 1, before + count + 1):  # the order that counts them, typed: who, when, which order
        session.add(ChallengedBallot(election_id=election.id, voter=f"excluded ballot {n}",  # type: ignore[arg-type]
                                     challenged_by="board-agent", ground=ground, status=ChallengeStatus.OVERRULED,
                                     ruled_by=ruled_by, ruled_on=ordered_on, ruling_ref=order_ref(stored),
                                     reason="excluded at the count, ordered opened and counted",
                                     excluded_at_count=True))
    summary = (f"Order to count ballots excluded at the count: the {act.by} orders {count} of the {tally.excluded} "
               f"ballots excluded at the count of {tally.prepared_on.isoformat()} ({reason_words(tally.excluded_reason)}) "
               "opened and counted; written as challenged ballots ordered opened and counted, for the revised tally")
    if order:
        summary += f"; {order}"
    if act.by == "Regional Director":  # the ballots are written as challenged ballots overruled: an order to open and
        summary += open_and_count_review(session, case, election, ordered_on=ordered_on,  # count them (R-E6, R-N2)
                                         trigger=TriggerKind.COUNT_EXCLUDED_ORDER,
                                         what="an order to count ballots excluded at the count")
    entry = docket(session, case.id, election_id=election.id, as_of=as_of, occurred_on=ordered_on,  # type: ignore[arg-type]
                   act=act.docket_act, act_key=key, actor=_ACTORS[act.by], summary=summary, ref=order_ref(stored))
    assert entry.id is not None
    return Done(act=act.act, ref=entry.ref, entry_id=entry.id, issue=issues(session, entry.ref), summary=summary)
