"""The world of the front-door state machine (tests/acts/test_front_door_machine.py): one case on its own
SQLite database, acts performed through casefile.app.perform as of a clock the machine moves, the record
read back, and the arguments of each procedure act drawn from what the record holds.

``World`` keeps the trail of what was done (each sweep and each accepted act, with its instant and who did
it), so that the same sequence can be replayed into a fresh database and the two records compared
(``dump``: every row of every table, in id order). ``ARGUMENTS`` maps each act of the procedure — the acts
whose offer the election's stage decides (casefile.rules.stages) — to a function that draws valid
arguments for it from the record (``View``) and a Hypothesis ``draw``. Documents are never rendered
(``documents="none"``): the acts' records, docket and periods are what the machine checks.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from hypothesis import strategies as st
from sqlalchemy import Engine
from sqlmodel import col, select

from casefile import app
from casefile.acts import ActIn, Who, parse_act
from casefile.acts.base import midday
from casefile.record.authority import OPERATOR
from casefile.record.db import make_engine, read_session
from casefile.record.models import (
    Certification,
    ChallengedBallot,
    Deadline,
    Election,
    Hearing,
    Objection,
    Party,
    Tally,
)
from casefile.vocab import ChallengeStatus, DeadlineStatus, Stage
from tests.acts.snapshot import snapshot

NUMBER = "10-RC-269250"
RWDSU = "Retail, Wholesale and Department Store Union"
ZONE = "America/New_York"  # the receiving office, Atlanta
OPENING: dict[str, Any] = {
    "act": "open-case",
    "case": {"number": NUMBER, "name": "Amazon.com Services LLC", "agreement": "directed",
             "petition_filed_on": "2020-11-20", "office": "Atlanta"},
    "parties": [{"key": "amazon", "role": "employer", "name": "Amazon.com Services LLC"},
                {"key": "rwdsu", "role": "petitioner", "name": RWDSU}]}


@dataclass(frozen=True)
class Shape:
    """A real-shaped tally for the case's first election: its figures, the day it was prepared and the
    voting days (the tally the election starts with)."""

    name: str
    choices: dict[str, int]
    against: int | None
    challenged: int
    void: int
    eligible: int
    on: date
    held: tuple[date, date]


#: Bessemer 2021 (738-1,798, 505 challenged: not determinative), Bessemer 2022 (875-993, 416 challenged:
#: determinative), a close tally in Selck's shape (17-15, 4 challenged: determinative; every ballot
#: sustained, the tally stands), and Trinity College's three-way ballot (9, 8, 5: no majority, a runoff).
SHAPES: tuple[Shape, ...] = (
    Shape("bessemer-2021", {RWDSU: 738}, 1798, 505, 76, 5867, date(2021, 4, 9), (date(2021, 2, 8), date(2021, 3, 29))),
    Shape("bessemer-2022", {RWDSU: 875}, 993, 416, 59, 6153, date(2021, 4, 9), (date(2021, 2, 8), date(2021, 3, 29))),
    Shape("close", {RWDSU: 17}, 15, 4, 0, 37, date(2021, 4, 9), (date(2021, 4, 8), date(2021, 4, 8))),
    Shape("three-way", {RWDSU: 9, "Security, Police and Fire Professionals of America": 8}, 5, 0, 0, 24,
          date(2021, 4, 9), (date(2021, 4, 8), date(2021, 4, 8))),
)


def tally_act(shape: Shape) -> dict[str, Any]:
    return {"act": "record-tally", "date": shape.on.isoformat(), "kind": "initial", "choices": dict(shape.choices),
            "against": shape.against, "challenged": shape.challenged, "void": shape.void, "eligible": shape.eligible,
            "election": {"method": "mail" if shape.challenged > 100 else "manual",
                         "held_from_on": shape.held[0].isoformat(), "held_to_on": shape.held[1].isoformat()}}


@dataclass
class View:
    """What the argument drawers read of the record: the latest election's stage and records."""

    stage: Stage | None
    sequence: int
    kind: str
    parties: dict[str, str]  # key -> role
    objections: list[tuple[str, int, str]]  # (party key, number, disposition)
    register: list[tuple[str, str, str, int | None]]  # (voter, ground, status, revised tally id)
    choices: list[str]
    has_against: bool
    challenged: int
    hearing: Hearing | None
    next_held: tuple[date | None, date | None]
    next_ballot: tuple[list[str], bool]  # the directed election's choices, and "against" on its ballot
    certified: bool  # a certification issued in the election
    open_deadlines: dict[str, date]  # kind -> due date (the latest of each kind)
    latest_filed: dict[str, list[int]] = field(default_factory=dict)  # party key -> numbers of its latest objections filing
    determinative: bool = False  # the latest tally's challenged ballots can affect the result

    @property
    def pending(self) -> list[tuple[str, str]]:
        return [(v, g) for v, g, s, _ in self.register if s == ChallengeStatus.PENDING.value]

    @property
    def unopened_overruled(self) -> int:
        return sum(1 for _, _, s, t in self.register if s == ChallengeStatus.OVERRULED.value and t is None)


@dataclass
class Step:
    """One thing done: a sweep (``act`` None) or an act, as of ``as_of``."""

    as_of: datetime
    act: ActIn | None = None


@dataclass
class World:
    """One case on its own database (a copy of the migrated template under ``folder``)."""

    folder: Path
    template: Path
    shape: Shape
    day: date = date(2021, 4, 9)
    trail: list[Step] = field(default_factory=list)
    engine: Engine | None = None

    def start(self, name: str = "casefile.db") -> None:
        database = self.folder / name
        for suffix in ("", "-wal", "-shm"):
            Path(f"{database}{suffix}").unlink(missing_ok=True)
        shutil.copy(self.template, database)
        self.engine = make_engine(f"sqlite:///{database}")

    def close(self) -> None:
        if self.engine is not None:
            self.engine.dispose()
            self.engine = None

    @property
    def now(self) -> datetime:
        return midday(self.day, ZONE)

    def open(self) -> None:
        self.perform(parse_act({**OPENING, "date": self.shape.on.isoformat()}))
        self.perform(parse_act(tally_act(self.shape)))

    def perform(self, act: ActIn) -> app.ActResult:
        """``act`` through the front door as of now, by the operator, without documents; kept in the trail."""
        number = None if act.act_name == "open-case" else NUMBER
        result = app.perform(act, case_number=number, as_of=self.now, by=Who.operator(), documents="none",
                             engine=self.engine, now=self.now + timedelta(hours=1))
        self.trail.append(Step(self.now, act))
        return result

    def attempt(self, act: ActIn) -> Any:
        """``act`` through the front door as of now, not kept (a refusal is expected)."""
        return app.perform(act, case_number=NUMBER, as_of=self.now, by=Who.operator(), documents="none",
                           engine=self.engine, now=self.now + timedelta(hours=1))

    def sweep(self) -> list[str]:
        """The scheduled sweep of the case as of now (kept in the trail)."""
        self.trail.append(Step(self.now))
        return app.sweep_case(self.case_id, as_of=self.now, engine=self.engine)

    @property
    def case_id(self) -> int:
        from casefile.record.lookups import get_case

        with read_session(self.engine) as s:
            ident = get_case(s, NUMBER).id
        assert ident is not None
        return ident

    def offered(self) -> dict[str, tuple[str, ...]]:
        """The acts the operator is offered now (casefile.app.permitted_acts): name -> parties."""
        out: dict[str, tuple[str, ...]] = {}
        for p in app.permitted_acts(NUMBER, viewer=OPERATOR, as_of=self.now, engine=self.engine):
            out[p.act] = tuple(sorted({*out.get(p.act, ()), *p.parties}))
        return out

    def view(self) -> View:
        with read_session(self.engine) as s:
            from casefile.record.lookups import get_case

            case = get_case(s, NUMBER)
            latest = s.exec(select(Election).where(Election.case_id == case.id)
                            .order_by(col(Election.sequence).desc())).first()
            assert latest is not None
            parties = {p.key: p.role.value for p in s.exec(select(Party).where(Party.case_id == case.id))}
            keys = {p.id: p.key for p in s.exec(select(Party).where(Party.case_id == case.id))}
            rows = list(s.exec(select(Objection).where(Objection.election_id == latest.id).order_by(col(Objection.id))))
            objections = [(keys[o.party_id], o.number, o.disposition.value) for o in rows]
            last_filing = {keys[o.party_id]: o.filing_id for o in rows}  # the rows are in id order: each party's latest
            latest_filed = {party: [o.number for o in rows if o.filing_id == filing] for party, filing in last_filing.items()}
            register = [(b.voter, b.ground, b.status.value, b.revised_tally_id) for b in s.exec(
                select(ChallengedBallot).where(ChallengedBallot.election_id == latest.id)
                .order_by(col(ChallengedBallot.id)))]
            tally = s.exec(select(Tally).where(Tally.election_id == latest.id).order_by(col(Tally.id).desc())).first()
            hearing = s.exec(select(Hearing).where(Hearing.election_id == latest.id)
                             .order_by(col(Hearing.id).desc())).first()
            deadlines: dict[str, date] = {}
            for d in s.exec(select(Deadline).where(Deadline.election_id == latest.id,
                                                   Deadline.status == DeadlineStatus.OPEN).order_by(col(Deadline.id))):
                deadlines[d.kind.value] = d.due_on
            return View(latest.stage, latest.sequence, latest.kind.value, parties, objections, register,
                        [v[0] for v in tally.votes] if tally else [], bool(tally and tally.against is not None),
                        tally.challenged if tally else 0, hearing, (latest.next_held_from_on, latest.next_held_to_on),
                        (list(latest.next_choices or latest.choices), latest.next_against_on_ballot),
                        s.exec(select(Certification.id).where(Certification.election_id == latest.id)).first()
                        is not None, deadlines, latest_filed, bool(tally and tally.determinative))

    def dump(self) -> dict[str, list[tuple[Any, ...]]]:
        """Every row of every table, in id order (the record: ids, facts, docket, periods)."""
        assert self.engine is not None
        return snapshot(self.engine)["tables"]


# --- the arguments of each procedure act, drawn from the record -------------------------------------------

Draw = Callable[[st.SearchStrategy[Any]], Any]
Drawer = Callable[[View, tuple[str, ...], date, Draw], dict[str, Any]]


def _party(parties: tuple[str, ...], view: View, draw: Draw) -> str:
    return draw(st.sampled_from(sorted(parties or tuple(view.parties))))  # type: ignore[no-any-return]


def _objections(view: View, parties: tuple[str, ...], day: date, draw: Draw) -> dict[str, Any]:
    count = draw(st.integers(1, 3))
    return {"party": _party(parties, view, draw),
            "objections": [f"[machine] objection {i + 1} filed {day}: conduct affecting the election" for i in range(count)]}


def _offer(view: View, parties: tuple[str, ...], day: date, draw: Draw) -> dict[str, Any]:
    party = _party(parties, view, draw)
    numbers = sorted(view.latest_filed.get(party, [])) or [1]  # the offer supports the objections it accompanies
    return {"party": party, "witnesses": [{"objection": draw(st.sampled_from(numbers)), "witness": "a unit employee",
                                           "summary": f"will testify to what the objection states ({day})"}]}


def _notice(view: View, parties: tuple[str, ...], day: date, draw: Draw) -> dict[str, Any]:
    """A hearing on the objections undecided, and (drawn) the challenged ballots; on the ballots alone when no
    objection is left to hear (R-I2)."""
    out: dict[str, Any] = {"opens_on": (day + timedelta(days=draw(st.sampled_from([7, 14])))).isoformat()}
    if not any(d in UNDECIDED for _, _, d in view.objections):
        out["challenges"] = True
    elif view.pending and view.determinative:  # ballots are set for hearing only when determinative (R-E2, R-I2)
        out["challenges"] = draw(st.booleans())
    return out


def _consolidate(view: View, parties: tuple[str, ...], day: date, draw: Draw) -> dict[str, Any]:
    return {**_notice(view, parties, day, draw), "ulp_cases": ["10-CA-290001"]}


def _reschedule(view: View, parties: tuple[str, ...], day: date, draw: Draw) -> dict[str, Any]:
    base = view.hearing.opens_on if view.hearing is not None and view.hearing.opens_on else day
    return {"opens_on": (max(base, day) + timedelta(days=draw(st.sampled_from([3, 10])))).isoformat(),
            "order": "Order Rescheduling Hearing"}


def _nothing(view: View, parties: tuple[str, ...], day: date, draw: Draw) -> dict[str, Any]:
    return {}


def _points(view: View, parties: tuple[str, ...], day: date, draw: Draw) -> dict[str, Any]:
    return {"party": _party(parties, view, draw), "points": [f"[machine] the record supports the report ({day})"]}


def _exceptions(view: View, parties: tuple[str, ...], day: date, draw: Draw) -> dict[str, Any]:
    return {"party": _party(parties, view, draw),
            "exceptions": [{"excepted_to": "the recommendation", "grounds": f"[machine] the evidence shows otherwise ({day})"}]}


def _challenge_rulings(view: View, draw: Draw, *, required: bool = False) -> list[dict[str, Any]]:
    """Rulings on the pending challenged ballots set for hearing: per ground, sustained or overruled — every one of
    them, or (not ``required``: a decision may leave them to a later ruling) maybe none (29 CFR 102.69(c)(1)(iii))."""
    if not view.pending or not (required or draw(st.booleans())):
        return []
    grounds = sorted({g for _, g in view.pending})
    return [{"ground": g, "ruling": draw(st.sampled_from(["sustained", "overruled"]))} for g in grounds]


UNDECIDED = ("pending", "set-for-hearing")


def objection_rulings(view: View, result: str) -> dict[str, dict[int, str]]:
    """A ruling on every objection still undecided (pending, or set for hearing): all overruled, or (set-aside)
    all sustained."""
    ruling = "sustained" if result == "set-aside" else "overruled"
    out: dict[str, dict[int, str]] = {}
    for party, number, disposition in view.objections:
        if disposition in UNDECIDED:
            out.setdefault(party, {})[number] = ruling
    return out


def _condition(view: View) -> str | None:
    """The condition a set-aside sustaining every undecided objection is made on while determinative ballots wait
    to be counted (casefile.rules.conditional_rerun.condition_for): the objecting parties' side decides; None when
    both sides object (whichever loses, its sustained objections stand)."""
    from casefile.rules.conditional_rerun import condition_for
    from casefile.rules.mootness import Side
    from casefile.vocab import PartyRole

    objecting = sorted({party for party, _, d in view.objections if d in UNDECIDED})
    return condition_for([Side(key, PartyRole(view.parties[key]), key) for key in objecting])


def _decision(kind: str) -> Drawer:
    def drawer(view: View, parties: tuple[str, ...], day: date, draw: Draw) -> dict[str, Any]:
        undecided = any(d in UNDECIDED for _, _, d in view.objections)
        result = draw(st.sampled_from(["set-aside", "overrule"])) if undecided else "overrule"
        # a set-aside while ballots ordered counted can still decide: made on the objecting side's condition (R-M2)
        condition = _condition(view) if (kind == "rd-decision" and result == "set-aside" and view.determinative
                                         and view.register and draw(st.booleans())) else None
        if view.unopened_overruled and kind == "rd-decision" and condition is None:
            result = "overrule"  # ballots ordered counted wait: a set-aside waits for their revised tally (R-M2)
        out: dict[str, Any] = {"result": result}
        if condition is not None:
            out["condition"] = condition
            out["rulings"] = objection_rulings(view, result)  # whose objections are sustained decides the condition
        if condition is not None:
            pass
        elif (rulings := objection_rulings(view, result)) and draw(st.booleans()):
            out["rulings"] = rulings
        elif rulings and view.hearing is not None and view.hearing.before_alj and kind == "rd-decision":
            out["rulings"] = rulings  # after the judge's decision, each objection referred is ruled on (R-I4)
        if result == "set-aside":
            out["at_fault"] = draw(st.sampled_from(sorted(view.parties)))
        hearing = view.hearing
        required = kind == "ho-report" and hearing is not None and hearing.challenges_set  # the report rules on each
        # a conditional direction waits on a revised tally: some ballot is ruled on, by it or before (102.69(e))
        required = required or (condition is not None and not view.unopened_overruled
                                and all(st_ == ChallengeStatus.PENDING.value for _, _, st_, t in view.register if t is None))
        if (kind != "rd-decision" or hearing is None or hearing.challenges_set or condition is not None) \
                and (challenges := _challenge_rulings(view, draw, required=required)):
            if result == "set-aside" and kind == "rd-decision" and condition is None:  # a count ordered waits (R-M2)
                challenges = [{**c, "ruling": "sustained"} for c in challenges]
            out["challenges"] = challenges
        return out
    return drawer


def _rule(view: View, parties: tuple[str, ...], day: date, draw: Draw) -> dict[str, Any]:
    status = draw(st.sampled_from(["sustained", "overruled"]))
    grounds = sorted({g for _, g in view.pending})
    if grounds and draw(st.booleans()):
        return {"status": status, "ground": draw(st.sampled_from(grounds))}
    return {"status": status, "all_pending": True}


def _revised(view: View, parties: tuple[str, ...], day: date, draw: Draw) -> dict[str, Any]:
    opened = view.unopened_overruled if view.register else view.challenged
    names = [*view.choices, *(["against"] if view.has_against else [])]
    cuts = sorted(draw(st.lists(st.integers(0, opened), min_size=len(names) - 1, max_size=len(names) - 1)))
    bounds = [0, *cuts, opened]
    split = [bounds[i + 1] - bounds[i] for i in range(len(names))]
    counted = {n: v for n, v in zip(names, split, strict=True) if n != "against"}
    out: dict[str, Any] = {"counted": counted, "counted_against": split[-1] if view.has_against else 0}
    if not view.register:
        out.update(opened=opened, sustained=0)  # without a register: every challenged ballot opened
    return out


def _review(view: View, parties: tuple[str, ...], day: date, draw: Draw) -> dict[str, Any]:
    return {"party": _party(parties, view, draw), "grounds": [f"[machine] a substantial question of law ({day})"]}


def _board(view: View, parties: tuple[str, ...], day: date, draw: Draw) -> dict[str, Any]:
    """At rfr-pending any ruling (a remand of a certified election included: it comes back to certification-due,
    where the certification stands); elsewhere (a request of a set-aside or a dismissal) a denial or a grant alone."""
    pending = view.stage is Stage.RFR_PENDING
    rulings = ["denied", "granted", "remanded"] if pending else ["denied", "granted"]
    ruling = draw(st.sampled_from(rulings))
    out: dict[str, Any] = {"ruling": ruling}
    if ruling == "granted" and pending:
        out["decision"] = draw(st.sampled_from(["affirmed", "set-aside"]))
    return out


def _runoff(view: View, parties: tuple[str, ...], day: date, draw: Draw) -> dict[str, Any]:
    held = day + timedelta(days=draw(st.sampled_from([7, 14])))
    return {"held_from_on": held.isoformat(), "held_to_on": held.isoformat()}


def _next_tally(view: View, parties: tuple[str, ...], day: date, draw: Draw) -> dict[str, Any]:
    """The next election's tally on the ballot its direction named: a rerun in Bessemer 2022's shape (875 for the
    first choice, 993 against, 416 challenged or none), a runoff in Trinity's (12, 10)."""
    names, against = view.next_ballot
    if view.stage is Stage.RUNOFF_DIRECTED:
        choices = {n: v for n, v in zip(names, (12, 10), strict=False)}
        return {"kind": "runoff", "choices": choices, "against": 10 if against else None,
                "challenged": draw(st.sampled_from([0, 1])), "void": 0, "eligible": 24}
    choices = {n: 875 if i == 0 else 40 for i, n in enumerate(names)}
    return {"kind": "rerun", "choices": choices, "against": 993 if against else None,
            "challenged": draw(st.sampled_from([0, 416])), "void": 59, "eligible": 6153}


def register_terms(view: View) -> dict[str, Any]:
    """Every challenged ballot of the tally, half challenged by each party (two grounds)."""
    keys = sorted(view.parties)
    return {"challenges": [{"voter": f"voter {i + 1}", "challenged_by": keys[i % 2],
                            "ground": "supervisor" if i % 2 else "not employed on the eligibility date"}
                           for i in range(view.challenged)]}


def _register(view: View, parties: tuple[str, ...], day: date, draw: Draw) -> dict[str, Any]:
    return register_terms(view)


def _withdraw(view: View, parties: tuple[str, ...], day: date, draw: Draw) -> dict[str, Any]:
    petitioner = [k for k, r in view.parties.items() if r == "petitioner"]
    return {"party": (parties or tuple(petitioner))[0], "consented_by": "the Regional Director"}


def _dismiss(view: View, parties: tuple[str, ...], day: date, draw: Draw) -> dict[str, Any]:
    return {"grounds": "[machine] the unit is inappropriate"}


#: The procedure's acts (each act whose offer the stage decides: casefile.rules.stages.MOVES, with the register
#: of challenged ballots and the Board's ruling that its rows name) and how their arguments are drawn.
ARGUMENTS: dict[str, Drawer] = {
    "file-objections": _objections, "file-offer-of-proof": _offer, "notice-hearing": _notice,
    "consolidate-with-ulp": _consolidate, "open-hearing": _nothing, "reschedule-hearing": _reschedule,
    "close-hearing": _nothing, "file-post-hearing-brief": _points, "ho-report": _decision("ho-report"),
    "file-exceptions": _exceptions, "file-answering-brief": _points, "file-cross-exceptions": _exceptions,
    "alj-decision": _decision("alj-decision"), "rd-decision": _decision("rd-decision"),
    "revised-tally": _revised, "rule-on-challenges": _rule, "certification": _nothing,
    "request-for-review": _review, "board-ruling": _board, "direct-runoff": _runoff, "record-tally": _next_tally,
    "register-challenges": _register, "withdraw-petition": _withdraw, "dismiss-petition": _dismiss,
}


def act_for(name: str, view: View, parties: tuple[str, ...], day: date, draw: Draw) -> ActIn:
    """Act ``name`` dated ``day`` with arguments drawn from the record."""
    return parse_act({"act": name, "date": day.isoformat(), **ARGUMENTS[name](view, parties, day, draw)})
