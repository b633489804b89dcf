"""The one machine through the front door (issue 15, item 1): random valid act sequences on real-shaped
tallies, performed with casefile.app.perform on a real SQLite database, never reach a dead end; every act
offered is accepted and moves the stage as the table says; acts not offered are refused and store nothing;
the same sequence replayed into a fresh database gives the same record.

Each example opens Bessemer's case (10-RC-269250, Atlanta) on its own database with one of the real-shaped
tallies of tests/acts/machine_world.py (Bessemer 2021, Bessemer 2022, a close tally with determinative
challenged ballots, a three-way ballot), then takes steps: time passes (the scheduled sweep runs), or one of
the procedure's acts the operator is offered now (casefile.app.permitted_acts, by the authority policy) is
performed with arguments drawn from the record. At every act step:

- the act, offered, is accepted — a filing refused as late (Untimely) only when its period is no longer
  open, and then it stores nothing — and the election's stage moves along a row of
  casefile.rules.stages.MOVES (with the steps the act takes on: a set-aside directing the second election,
  the certification or runoff due);
- a sample of the procedure's acts not offered is refused and leaves every table as it was;
- the sweep moves the stage only along the table's rows (the objection period closed, a certification final).

At teardown the case is driven on (without the petition's side exits) to a final stage — certified,
closed, or handed on to a rerun or runoff directed — and the whole trail (sweeps and acts, each with its
instant) is replayed into a fresh database: every row of every table is the same.

Documents are not rendered (``documents="none"``). The default profile is small and derandomized (CI);
the ``slow`` test runs the deeper one (``make test-all``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, rule, run_state_machine_as_test
from pydantic import ValidationError

from casefile.acts import parse_act
from casefile.errors import CasefileError, Untimely
from casefile.rules.stages import FINAL, MOVES
from casefile.vocab import Stage
from tests.acts.machine_world import (
    ARGUMENTS,
    SHAPES,
    Shape,
    View,
    World,
    act_for,
    objection_rulings,
    register_terms,
)

S = Stage
#: Where the drive at teardown stops: a final stage of the table, the certification (its review period is
#: then the sweep's), or the election handed on to the next one.
SETTLED = frozenset({S.CERTIFIED, S.CLOSED, S.WITHDRAWN, S.DISMISSED, S.RERUN_DIRECTED, S.RUNOFF_DIRECTED})
#: The table's rows that name no act of a user: the steps an act or the sweep takes on.
FOLLOW_ON = frozenset(m.act for m in MOVES if m.act.split(":")[0] not in ARGUMENTS)
#: The periods a party's filing answers (casefile.vocab.DeadlineKind values): refused as late, none is running.
PERIODS: dict[str, frozenset[str]] = {
    "file-objections": frozenset({"objections", "revised-tally-objections"}),
    "file-offer-of-proof": frozenset({"offer-of-proof"}), "file-exceptions": frozenset({"exceptions", "alj-exceptions"}),
    "file-answering-brief": frozenset({"answering-brief"}), "file-post-hearing-brief": frozenset({"post-hearing-brief"}),
    "request-for-review": frozenset({"request-for-review"})}
SIDE_EXITS = frozenset({"withdraw-petition", "dismiss-petition"})
#: What the run did, across its examples: "act NAME", "late NAME", "refused NAME", "stage STAGE", "replayed".
SEEN: Counter[str] = Counter()


def _closure(stages: set[Stage], acts: frozenset[str]) -> set[Stage]:
    out = set(stages)
    grew = True
    while grew:
        grew = False
        for move in MOVES:
            if move.act in acts and move.to is not None and move.to not in out and out & move.source:
                out.add(move.to)
                grew = True
    return out


def expected_after(name: str, stage: Stage) -> set[Stage]:
    """The stages ``name`` may leave an election at ``stage`` in by the table: its rows from ``stage`` (the
    stage kept for a row that moves nothing), then the steps an act takes on (set-aside, direct-second-election,
    certification-due, runoff-due, close)."""
    rows = [m for m in MOVES if m.act.split(":")[0] == name and stage in m.source]
    direct = {m.to if m.to is not None else stage for m in rows} or {stage}  # no row (the register): stays
    return _closure(direct, FOLLOW_ON - {"objection-period-closed"})


def swept_to(stage: Stage) -> set[Stage]:
    """The stages the sweep may leave an election at ``stage`` in (its own rows and what follows on)."""
    return _closure({stage}, FOLLOW_ON)


class FrontDoorMachine(RuleBasedStateMachine):
    """One case, acts through the front door (see the module's docstring)."""

    folder: Path
    template: Path

    def __init__(self) -> None:
        super().__init__()
        self.world: World | None = None
        self.log: list[str] = []
        self.acted_on: date | None = None

    # --- steps -------------------------------------------------------------------------------------------

    @initialize(shape=st.sampled_from(SHAPES))
    def open_case(self, shape: Shape) -> None:
        self.world = World(self.folder, self.template, shape, day=shape.on)
        self.world.start()
        self.world.open()
        self.log.append(f"open with the {shape.name} tally")

    @rule(days=st.sampled_from([1, 2, 3, 6, 12, 30]))
    def time_passes(self, days: int) -> None:
        self.advance(days)

    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        world = self.w
        if self.acted_on == world.day:  # one act a day: a second decision of the same day would be its retry
            self.advance(1)
        offered = world.offered()
        procedure = sorted(n for n in offered if n in ARGUMENTS)
        if world.view().stage in FINAL:  # the election's end: what is still offered (a review of it) is not pursued
            procedure = []
        onward = [n for n in procedure if n not in SIDE_EXITS]
        if onward and (len(onward) == len(procedure) or data.draw(st.integers(0, 7), label="side exit?")):
            procedure = onward  # the petition's side exits, always open, drawn one time in eight
        if procedure:
            name = data.draw(st.sampled_from(procedure), label="act")
            self.perform_offered(name, offered[name], data.draw)
            offered = world.offered()  # what the act leaves offered
        self.refuse_some(offered, data)

    # --- the checks --------------------------------------------------------------------------------------

    @property
    def w(self) -> World:
        assert self.world is not None
        return self.world

    def advance(self, days: int) -> None:
        world = self.w
        before = world.view()
        world.day += timedelta(days=days)
        world.sweep()
        after = world.view()
        SEEN[f"stage {after.stage.value if after.stage else None}"] += 1
        self.log.append(f"+{days} days -> {world.day} {after.stage.value if after.stage else None}")
        if after.sequence == before.sequence and before.stage is not None:
            assert after.stage in swept_to(before.stage), \
                f"the sweep moved {before.stage.value} to {after.stage}, no row of the table\n{self.trace()}"

    def perform_offered(self, name: str, parties: tuple[str, ...], draw: Any) -> None:
        """Perform the offered act ``name``: accepted (or, a filing, refused as late once its period closed, then
        nothing stored), its stage moved along the table's rows."""
        world = self.w
        view = world.view()
        if name == "record-tally" and view.next_held[1] is not None and view.next_held[1] >= world.day:
            self.advance((view.next_held[1] - world.day).days + 1)  # the next election is held, then tallied
            view = world.view()
            if "record-tally" not in world.offered():
                return
        act = act_for(name, view, parties, world.day, draw)
        before = world.dump()
        try:
            result = world.perform(act)
        except Untimely as exc:
            assert world.dump() == before, f"{name} refused as late stored something\n{self.trace()}"
            late = f"{name}: late ({exc})"
            running = {k: d for k, d in view.open_deadlines.items() if k in PERIODS.get(name, ()) and d >= world.day}
            assert not running, f"refused as late within its period {running}: {late}\n{self.trace()}"
            SEEN[f"late {name}"] += 1
            self.log.append(late)
            return
        except CasefileError as exc:
            raise AssertionError(f"{name} was offered at {view.stage.value if view.stage else None} and refused: "
                                 f"{type(exc).__name__}: {exc}\nact: {act!r}\n{self.trace()}") from exc
        self.acted_on = world.day
        after = world.view()
        if result.repeated:
            SEEN[f"repeated {name}"] += 1
        SEEN.update([f"act {name}", f"stage {after.stage.value if after.stage else None}"])
        if getattr(act, "condition", None):
            SEEN[f"condition {act.condition}"] += 1  # type: ignore[attr-defined]
        self.log.append(f"{name} {_terms(act)} -> {after.stage.value if after.stage else None}: {result.summary[:90]}")
        if name == "record-tally":
            assert (after.sequence, after.stage) == (view.sequence + 1, S.TALLY_ISSUED), self.trace()
            return
        assert view.stage is not None and after.sequence == view.sequence, self.trace()
        allowed = expected_after(name, view.stage)
        assert after.stage in allowed, (f"{name} moved {view.stage.value} to {after.stage}; the table allows "
                                        f"{sorted(s.value for s in allowed)}\n{self.trace()}")

    def refuse_some(self, offered: dict[str, tuple[str, ...]], data: st.DataObject) -> None:
        """A sample of the procedure's acts not offered now: each refused (or, the same act already recorded today,
        answered with its first result), nothing stored."""
        world = self.w
        absent = sorted(n for n in ARGUMENTS if n not in offered)
        if not absent:
            return
        view = world.view()
        for name in data.draw(st.lists(st.sampled_from(absent), max_size=2, unique=True), label="not offered"):
            try:
                act = act_for(name, view, (), world.day, data.draw)
            except (ValidationError, IndexError, ValueError):
                continue  # no valid arguments for it in this record (nothing to rule on, no party of the kind)
            before = world.dump()
            try:
                result = world.attempt(act)
            except CasefileError:
                assert world.dump() == before, f"{name}, refused, stored something\n{self.trace()}"
                SEEN[f"refused {name}"] += 1
                continue
            if result.repeated:  # the same act already recorded: the first result again, nothing stored
                assert world.dump() == before, f"{name}, a retry, stored something\n{self.trace()}"
                continue
            raise AssertionError(f"{name} was not offered at {view.stage} but accepted: {result.summary}\n"
                                 f"{self.trace()}")

    def drive(self) -> None:
        """On to a settled stage without the side exits: the act that moves the election on, else time."""
        world = self.w
        for _ in range(60):
            view = world.view()
            offered = world.offered()
            if view.stage in SETTLED and not (view.stage is S.RERUN_DIRECTED and "revised-tally" in offered):
                return  # a direction made on a condition is settled once the revised tally has decided it
            choice = _onward(view, offered)
            if choice is None:
                self.advance(10)
                continue
            name, terms = choice
            if self.acted_on == world.day:  # one act a day, as in act()
                self.advance(1)
                continue
            before = world.dump()
            act = parse_act({"act": name, "date": world.day.isoformat(), **terms})
            try:
                world.perform(act)
            except Untimely:
                assert world.dump() == before
                self.advance(10)
                continue
            except CasefileError as exc:
                raise AssertionError(f"driving on: {name} was offered at {view.stage} and refused: "
                                     f"{type(exc).__name__}: {exc}\n{self.trace()}") from exc
            self.acted_on = world.day
            after = world.view()
            SEEN.update([f"drive {name}", f"stage {after.stage.value if after.stage else None}"])
            self.log.append(f"drive: {name} {terms} -> {after.stage.value if after.stage else None}")
            assert view.stage is not None and after.stage in expected_after(name, view.stage), self.trace()
        raise AssertionError(f"dead end: no way on from {world.view().stage} in 60 steps\n{self.trace()}")

    def teardown(self) -> None:
        if self.world is None:
            return
        try:
            self.drive()
            record = self.w.dump()
            trail = list(self.w.trail)
            self.w.close()
            replay = World(self.folder, self.template, self.w.shape)
            replay.start("replay.db")
            try:
                for step in trail:
                    replay.day = step.as_of.date()
                    if step.act is None:
                        replay.sweep()
                    else:
                        replay.perform(step.act)
                again = replay.dump()
            finally:
                replay.close()
            for table in record:
                assert again[table] == record[table], f"the replay's {table} differs\n{self.trace()}"
            SEEN["replayed"] += 1
        finally:
            self.w.close()

    def trace(self) -> str:
        return "trail:\n  " + "\n  ".join(self.log)


def _terms(act: Any) -> str:
    data = act.model_dump(exclude_defaults=True, exclude={"act", "on"}, mode="json")
    text = ", ".join(f"{k}={v}" for k, v in data.items())
    return f"({text[:120]})" if text else ""


def _onward(view: View, offered: dict[str, tuple[str, ...]]) -> tuple[str, dict[str, Any]] | None:
    """The offered act that takes the election on toward its end, with its terms; None: let time pass."""
    grounds = sorted({g for _, g in view.pending})
    sustain_all = [{"ground": g, "ruling": "sustained"} for g in grounds]
    overruled = objection_rulings(view, "overrule")
    for name, terms in (
        ("certification", {}),
        ("direct-runoff", {}),
        ("board-ruling", {"ruling": "denied"}),
        ("rd-decision", {"result": "overrule", "rulings": overruled,
                         **({"challenges": sustain_all} if sustain_all else {})}),
        ("alj-decision", {"result": "overrule", "rulings": overruled,
                          **({"challenges": sustain_all} if sustain_all else {})}),
        ("ho-report", {"result": "overrule", "rulings": overruled,  # on each objection and ballot set for hearing
                       **({"challenges": sustain_all} if sustain_all else {})}),
        ("close-hearing", {}),
        ("open-hearing", {}),
        ("revised-tally", None),
        ("rule-on-challenges", {"status": "sustained", "all_pending": True}),
        ("register-challenges", None),
    ):
        if name not in offered:
            continue
        if name not in ("rule-on-challenges", "register-challenges") and view.stage is not None \
                and not expected_after(name, view.stage) - {view.stage}:
            continue  # no row of the table moves the election on from here with it
        if name == "revised-tally":
            if not view.unopened_overruled and view.stage is not S.RERUN_DIRECTED:
                continue
            terms = {"counted": {view.choices[0]: view.unopened_overruled}}
        if name == "register-challenges":
            if view.register or not view.challenged or view.stage not in (S.CHALLENGE_INVESTIGATION, S.RD_DECISION):
                continue
            terms = register_terms(view)
        if name == "rd-decision" and view.hearing is not None and not view.hearing.challenges_set:
            terms = {"result": "overrule", "rulings": overruled}
        assert terms is not None
        return name, terms
    return None


@pytest.fixture
def machine_folder(configured_db: Path, monkeypatch: pytest.MonkeyPatch, migrated_template: Path) -> Iterator[Path]:
    """A folder for the examples' databases, one instance key for all (a replay's docket chain is signed alike)."""
    from casefile.settings import get_settings

    monkeypatch.setenv("CASEFILE_SECRET_KEY", "machine-test-key-" + "k" * 32)
    get_settings.cache_clear()
    yield configured_db
    get_settings.cache_clear()


def _run(folder: Path, template: Path, **profile: Any) -> Counter[str]:
    """Run the machine with ``profile`` (derandomized, no example database, no shrinking: a failure's message
    carries its trail); returns what it did (SEEN), printed for ``pytest -s``."""
    FrontDoorMachine.folder = folder
    FrontDoorMachine.template = template
    SEEN.clear()
    run_state_machine_as_test(FrontDoorMachine, settings=settings(
        deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck),
        phases=(Phase.explicit, Phase.generate), report_multiple_bugs=False, **profile))
    print("\n".join(f"{n:4d} {what}" for what, n in sorted(SEEN.items())))
    return Counter(SEEN)


def test_random_act_sequences_through_the_front_door(machine_folder: Path, migrated_template: Path) -> None:
    """The default profile (CI): ten sequences of up to ten steps, derandomized (about 20 s of CPU)."""
    seen = _run(machine_folder, migrated_template, max_examples=10, stateful_step_count=10)
    assert seen["replayed"] >= 10  # every example driven to its end and replayed
    stages = {what for what in seen if what.startswith("stage ")}
    assert len(stages) >= 8, stages  # the run went through the procedure, not round one stage


@pytest.mark.slow
def test_random_act_sequences_through_the_front_door_deeper(machine_folder: Path, migrated_template: Path) -> None:
    """The deeper profile (make test-all): more and longer sequences."""
    seen = _run(machine_folder, migrated_template, max_examples=60, stateful_step_count=25)
    assert seen["replayed"] >= 60


def _offered_and_performed(machine: FrontDoorMachine, name: str, terms: dict[str, Any]) -> None:
    """``name`` with ``terms``: offered now, accepted, and its stage moved along the table's rows."""
    world = machine.w
    view = world.view()
    assert name in world.offered(), (name, view.stage)
    world.perform(parse_act({"act": name, "date": world.day.isoformat(), **terms}))
    machine.acted_on = world.day
    after = world.view()
    machine.log.append(f"{name} -> {after.stage.value if after.stage else None}")
    assert view.stage is not None and after.stage in expected_after(name, view.stage), machine.trace()


@pytest.mark.parametrize(("for_union", "then"), [(0, S.REVISED_TALLY_ISSUED), (1, S.RERUN_DIRECTED)],
                         ids=["no-majority-certifies", "majority-directs"])
def test_a_conditional_direction_on_the_employers_objections_through_the_machine(
        machine_folder: Path, migrated_template: Path, for_union: int, then: Stage) -> None:
    """The close tally (17-15, 4 challenged: determinative), its register, the Employer's objection; one decision
    sustains it, orders the two ballots challenged as not employed opened and counted and sustains the two others, on
    the condition ``union-majority`` (29 CFR 102.69(c)(1)(i), (e); R-M2). The revised tally is offered while the
    condition waits and decides it: 17-17, no majority — the election at revised-tally-issued, then certified once its
    period passes; 18-16 — the second election stands directed. Each act is offered and moves the stage by the table;
    the trail replays into a fresh database with the same record (the machine's own teardown)."""
    FrontDoorMachine.folder = machine_folder
    FrontDoorMachine.template = migrated_template
    machine = FrontDoorMachine()
    machine.open_case(next(shape for shape in SHAPES if shape.name == "close"))
    try:
        _offered_and_performed(machine, "register-challenges", register_terms(machine.w.view()))
        machine.advance(3)  # Monday, April 12, 2021
        _offered_and_performed(machine, "file-objections", {"party": "amazon",
                                                            "objections": ["[machine] conduct of the Petitioner"]})
        machine.advance(6)  # the objection period closed: objections pending
        _offered_and_performed(machine, "rd-decision", {
            "result": "set-aside", "rulings": {"amazon": {1: "sustained"}}, "at_fault": "rwdsu",
            "condition": "union-majority", "challenges": [
                {"ground": "not employed on the eligibility date", "ruling": "overruled"},
                {"ground": "supervisor", "ruling": "sustained"}]})
        assert machine.w.view().stage is S.RERUN_DIRECTED
        machine.advance(2)
        _offered_and_performed(machine, "revised-tally", {"counted": {machine.w.view().choices[0]: for_union},
                                                          "counted_against": 2 - for_union})
        assert machine.w.view().stage is then
        assert ("revised-tally" in machine.w.offered()) is False  # the condition decided: nothing left to count
        machine.drive()
        assert machine.w.view().stage in ({S.CERTIFIED, S.CLOSED} if for_union == 0 else {S.RERUN_DIRECTED}), machine.trace()
    except BaseException:
        machine.w.close()
        raise
    machine.teardown()  # driven on to its end (certified, or the rerun directed), then replayed: the same record
