"""The acts a user may do on a case now: every act model, asked of the authority policy
(casefile.record.authority: its ``WHOSE``, the user's standing, whether the actor is represented)
and of the act's own stage rule (casefile.acts.allowed_now). The web's act forms and
``GET /api/v1/cases/{number}/acts`` offer exactly this list, and what it lists the front door
does not refuse for the role, the party or the stage.

For a party's act the list names the parties it may be done for, in each mode (their own to
perform; an unrepresented other's to record). An offer of proof is never listed for another
party's organization: whether a party has filed one is not theirs to learn.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session, col, select

from casefile.errors import UnknownCase
from casefile.record.authority import (
    ActorKind,
    Family,
    Mode,
    Principal,
    Relation,
    ResolvedActor,
    alone_if_asked,
    decide,
    family_of,
    represented,
    whose_of,
)
from casefile.record.models import Case, Election, Party
from casefile.record.read_memo import reads_once


@dataclass(frozen=True)
class Permission:
    """One act a user may do on a case now: ``mode`` perform or record (from the document
    received, uploaded with it); ``parties`` the handles of the parties it may name (for a party's
    act, those it is done for in this mode)."""

    act: str
    mode: Mode
    parties: tuple[str, ...] = ()


def permitted_acts(session: Session, viewer: Principal, case: Case, *, as_of: datetime | None = None) -> list[Permission]:
    """Every act ``viewer`` may do on ``case`` now, by the authority policy and each act's own stage
    rule. Open-case is not listed (it is not done on an open case). Raises UnknownCase when the
    case is hidden from them.

    The acts' stage rules ask the same of the record again and again (the latest election, the
    parties, the tally, the challenged ballots): each question is sent to the database once
    (casefile.record.read_memo)."""
    with reads_once(session):
        return _permitted_acts(session, viewer, case, as_of=as_of)


def _permitted_acts(session: Session, viewer: Principal, case: Case, *, as_of: datetime | None) -> list[Permission]:
    from casefile.acts import allowed_now, models, party_aware

    standing = viewer.standing(session, case)
    if not standing.sees_case:
        raise UnknownCase(f"no case {case.number} in the database (open it first, or replay a scenario)")
    parties = list(session.exec(select(Party).where(Party.case_id == case.id).order_by(col(Party.id))))
    latest = session.exec(select(Election).where(Election.case_id == case.id)  # read once for every act's stage rule
                          .order_by(col(Election.sequence).desc())).first()
    cache: dict[tuple[Family, int | None], bool] = {}
    lone: dict[tuple[Family, Relation], bool] = {}

    def mode_for(family: Family, party: Party | None, *, staff: bool) -> Mode | None:
        relation = standing.relation(party.id if party is not None else None)
        assert relation is not None
        key = (family, party.id if party is not None else None)
        if key not in cache:
            cache[key] = represented(session, case, ResolvedActor(family, party))
        if (family, relation) not in lone:
            lone[family, relation] = alone_if_asked(session, case, standing, family, relation)
        return decide(family, relation, standing.role, represented=cache[key], alone=lone[family, relation],
                      staff_files=staff).mode

    out: list[Permission] = []
    for name, model in models().items():
        whose = whose_of(model)
        if whose.kind is ActorKind.OPENING or not allowed_now(session, case, name, as_of=as_of, latest=latest):
            continue
        able = [p for p in parties if allowed_now(session, case, name, as_of=as_of, party=p, latest=latest)] \
            if party_aware(name) else parties
        if whose.kind is ActorKind.PARTY:
            family = Family.SEALED if whose.whole_sealed else Family.PARTY
            by_mode: dict[Mode, list[str]] = {}
            for party in able:
                mode = mode_for(family, party, staff=whose.staff)
                if mode is not None:
                    by_mode.setdefault(mode, []).append(party.key)
            out += [Permission(name, mode, tuple(keys)) for mode, keys in by_mode.items()]
        elif whose.kind is ActorKind.RECORD_KEEPING:
            # attaching a document: to the records of each family the user may act on (checked again
            # for the record it names)
            modes = {m for m in [mode_for(Family.REGION, None, staff=False),
                                 *(mode_for(Family.PARTY, p, staff=False) for p in parties)] if m is not None}
            out += [Permission(name, mode) for mode in sorted(modes, key=["perform", "record"].index)]
        else:  # the Region's, the Board's, a judge's (or, for a ruling, whichever its ``by`` names)
            kinds = [whose.kind, *(k for _, k in whose.by_kinds)]
            modes = {m for m in (mode_for(family_of(k), None, staff=whose.staff) for k in kinds) if m is not None}
            for mode in sorted(modes, key=["perform", "record"].index):
                out.append(Permission(name, mode, tuple(p.key for p in able) if party_aware(name) else ()))
    return out


@dataclass(frozen=True)
class Refusal:
    """Why act ``act`` is not one a user may do on a case now: ``stage`` the current election's
    stage (None before any tally); ``stages`` the stages at which the act is done (empty: its
    module's own rule decides, or any stage); ``authority`` the authority policy's reason when it
    is the policy that refuses them, else "" (the procedure's stage does); ``words`` the stage rule's
    refusal in words when the election's stage is why (casefile.rules.stage_words: what holds now, the
    period's last day, when the act becomes available), else ""."""

    act: str
    stage: str | None
    stages: tuple[str, ...]
    authority: str
    words: str = ""


def refusal(session: Session, viewer: Principal, case: Case, name: str, *, as_of: datetime | None = None,
            what: str = "the act") -> Refusal:
    """Why ``viewer`` may not do act ``name`` on ``case`` now (ask after permitted_acts left it
    out): the procedure's stage rule when it does not allow the act now (in words, the act called
    ``what``, when the stage is why), else the authority policy's reason for the user's relation to
    each party (or to the Region's, the Board's act)."""
    from casefile.acts import allowed_now, module_named
    from casefile.acts.base import ANY_STAGE
    from casefile.record.models import Election
    from casefile.vocab import Stage

    latest = session.exec(select(Election).where(Election.case_id == case.id)
                          .order_by(col(Election.sequence).desc())).first()
    stage = latest.stage.value if latest is not None else None
    stages = getattr(module_named(name), "STAGES", None)
    order = [s.value for s in Stage]  # the procedure's order (a module's STAGES may be a set)
    listed = tuple(sorted((str(getattr(s, "value", s)) for s in stages), key=lambda v: order.index(v) if v in order
                          else len(order))) if stages and stages != ANY_STAGE else ()
    authority, permitted = _authority(session, viewer, case, name)
    if not permitted:  # the policy first: what the stage rule says of another's act would tell what the record holds
        return Refusal(name, stage, listed, authority or "not an act of your organization on this case")
    # The stage rule for the actors the policy permits only (the viewer's own party's offer of proof, not the other
    # side's): whether another party could still do the act is not the viewer's to learn.
    if not any(allowed_now(session, case, name, as_of=as_of, party=party) for party in permitted):
        words = ""
        if latest is not None and stages and stages != ANY_STAGE and latest.stage not in stages:
            from casefile.record.workflow import stage_refusal_of
            from casefile.rules.stages import ACCEPTED

            words = stage_refusal_of(latest, what, stages, name=name if name in ACCEPTED else None, as_of=as_of)
        elif latest is not None and stages and stages != ANY_STAGE:  # the stage accepts it; a guard of its rows failed
            from casefile.rules.stage_words import guard_refusal

            hook = getattr(module_named(name), "refusal_now", None)
            reason = hook(session, case, as_of) if callable(hook) else ""
            periods = []
            if as_of is not None:  # the stage's period as it stands then: ended, never "running", past its cut-off
                from casefile.record.models import Deadline
                from casefile.record.stage_now import period_states

                periods = period_states(session.exec(select(Deadline).where(Deadline.election_id == latest.id)), as_of)
            words = guard_refusal(what, sequence=latest.sequence, stage=latest.stage, act=name, reason=reason or "",
                                  periods=periods)
        elif stages == ANY_STAGE and callable(hook := getattr(module_named(name), "refusal_for", None)):
            # an act of any stage that waits on the record (a confirmation of a filing prepared): its module says what
            reason = hook(session, case, [p for p in permitted if p is not None])
            words = f"{what} is not available now: {reason}." if reason else ""
        return Refusal(name, stage, listed, "", words)
    return Refusal(name, stage, listed, authority or "not an act of your organization on this case")


def _authority(session: Session, viewer: Principal, case: Case, name: str) -> tuple[str, list[Party | None]]:
    """The authority policy's reasons why ``viewer`` may not do act ``name`` for each actor it could be
    (each party, or the Region's / the Board's), joined; and the actors it permits ``viewer`` to act for (a
    party's row; None for the Region's or the Board's act)."""
    from casefile.acts import models

    standing = viewer.standing(session, case)
    whose = whose_of(models()[name])
    parties = list(session.exec(select(Party).where(Party.case_id == case.id).order_by(col(Party.id))))
    reasons: list[str] = []
    permitted: list[Party | None] = []
    actors: list[tuple[Family, Party | None]]
    if whose.kind is ActorKind.OPENING:  # the case is open: opening it is nobody's act now (LOW-1: this raised)
        return f"{case.number} is open already: a case is opened once (open-case), and this one is", []
    if whose.kind is ActorKind.PARTY:
        family = Family.SEALED if whose.whole_sealed else Family.PARTY
        actors = [(family, p) for p in parties]
    elif whose.kind is ActorKind.RECORD_KEEPING:  # its actor is the record's: any party's, the Region's, the Board's
        actors = [(Family.PARTY, p) for p in parties] + [(Family.REGION, None), (Family.BOARD, None)]
    else:
        actors = [(family_of(k), None) for k in [whose.kind, *(k for _, k in whose.by_kinds)]]
    for family, party in actors:
        relation = standing.relation(party.id if party is not None else None)
        if relation is None:
            continue
        decision = decide(family, relation, standing.role,
                          represented=represented(session, case, ResolvedActor(family, party)),
                          alone=alone_if_asked(session, case, standing, family, relation), staff_files=whose.staff)
        if decision.mode is not None and party not in permitted:
            permitted.append(party)
        if decision.mode is None and decision.reason not in reasons:
            reasons.append(decision.reason)
    return "; ".join(reasons), permitted


__all__ = ["Permission", "Refusal", "permitted_acts", "refusal"]
