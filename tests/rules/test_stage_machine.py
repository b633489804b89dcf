"""The one machine (casefile.rules.stages): random valid act sequences on real-shaped tallies never reach a
dead end, and the README's diagram is the one the table draws.

The model below performs the table's acts on an election whose tally is drawn by tests/strategies.py (the
outcome and determinativeness computed by casefile.rules): at each step it picks an act the table accepts
at the current stage, with an input the act could carry (sustained or overruled; how the Board rules), and
moves the stage by the table's rows (casefile.rules.stages.next_stage). After every step it checks that,
without the petition's side exits (withdrawal, dismissal), some sequence of acts still takes the election to
a final stage (closed) or hands it on to its next election (a rerun or runoff directed).
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from casefile.rules.conditional_rerun import CONDITIONS, NO_UNION_MAJORITY, UNION_MAJORITY
from casefile.rules.determinative import is_determinative
from casefile.rules.outcome import outcome_of_count
from casefile.rules.stages import (
    FINAL,
    HANDED_ON,
    Facts,
    Guard,
    accepted_at,
    after_objection_period,
    after_overruling,
    after_withdrawal,
    guards_at,
    mermaid,
    next_stage,
)
from casefile.vocab import OutcomeKind, Stage
from tests.strategies import examples, resolutions, tallies

S = Stage
G = Guard
README = Path(__file__).resolve().parents[2] / "README.md"


@dataclass(frozen=True)
class Election:
    """The model's election: its stage and what the guards read (Facts), plus the few facts the acts'
    inputs depend on: whether a request for review is in the record, exceptions filed, the possible
    outcomes of a count of its challenged ballots (every resolution's, drawn once from the tally)."""

    stage: Stage
    facts: Facts
    counted_outcomes: frozenset[OutcomeKind]
    review_requested: bool = False
    standing: OutcomeKind = OutcomeKind.RESULTS  # the count's outcome with every challenged ballot sustained
    objection_period: bool = False  # the objection period of the latest (revised) tally is open, its cut-off ahead
    offer_period: bool = False  # an objecting party's offer-of-proof period is open (due with the objections)
    offer_mooted: bool = False  # the Regional Director's decision mooted the offer-of-proof period (rd-decision)


def _apply(e: Election, act: str, given: tuple[Guard, ...] = (), **facts: object) -> Election:
    """``act`` with the facts it changes, then the table's move (and the steps the act takes on)."""
    new_facts = replace(e.facts, **facts)  # type: ignore[arg-type]
    to = next_stage(act, e.stage, new_facts, given=given)
    return replace(e, stage=to or e.stage, facts=new_facts)


def successors(e: Election) -> list[tuple[str, Election]]:
    """Every act the table accepts at ``e.stage`` (side exits excluded), with each input it may carry."""
    out: list[tuple[str, Election]] = []
    stage, f = e.stage, e.facts

    def can(act: str) -> bool:
        return stage in accepted_at(act)

    if can("file-objections") and e.objection_period:  # any party, within its 5 business days (102.69(a)(8))
        filed = _apply(e, "file-objections", given=(G.PERIOD_RUNNING,), objections_undecided=True)
        out.append(("file-objections", replace(filed, offer_period=e.offer_period or not e.offer_mooted)))
    if e.objection_period:  # the period's cut-off passes: the sweep moves a tally's election on, elsewhere it ends
        ended = replace(e, objection_period=False, offer_period=False)
        if stage in (S.TALLY_ISSUED, S.REVISED_TALLY_ISSUED):
            ended = replace(ended, stage=after_objection_period(f))
        out.append(("objection-period-closed", ended))
    if stage is S.OBJECTIONS_PENDING and f.objections_undecided:  # every party withdraws every objection (102.69(a)(8))
        withdrawn = replace(f, objections_undecided=False)
        running = G.WITHDRAWN_IN_PERIOD if e.objection_period else None
        out.append(("withdraw-objection (every one)",
                    replace(e, facts=withdrawn, offer_period=False,  # no offer of proof due without objections
                            stage=after_withdrawal(withdrawn, period_running=running) or stage)))
    for act in ("notice-hearing", "consolidate-with-ulp", "open-hearing", "close-hearing", "ho-report", "alj-decision"):
        if can(act):
            out.append((act, _apply(e, act)))
    if can("file-exceptions") and stage is S.HO_REPORT_ISSUED:
        out.append(("file-exceptions", _apply(e, "file-exceptions", given=(G.FIRST_EXCEPTIONS,))))
    if can("rd-decision"):  # with or without objections left: a decision on the challenges alone overrules none
        decided = replace(_apply(e, "rd-decision", given=(G.REPORT_PERIODS_OVER,)),  # after the report's periods
                          offer_period=False, offer_mooted=True)  # it moots the offer's period
        if f.objections_undecided:  # sustained: set aside, a second election directed
            aside = replace(decided, stage=S.SET_ASIDE, facts=replace(f, objections_undecided=False),
                            objection_period=False)  # set aside: an objection period still running is moot
            out.append(("rd-decision set-aside", replace(aside, stage=next_stage("direct-second-election", S.SET_ASIDE,
                                                                                aside.facts) or S.SET_ASIDE)))
            if f.determinative:  # the ballots ordered counted in the same decision: directed on a condition (R-M2)
                for condition in CONDITIONS:
                    waiting = replace(aside, facts=replace(aside.facts, condition=condition))
                    out.append((f"rd-decision set-aside on {condition}",
                                replace(waiting, stage=next_stage("direct-second-election", S.SET_ASIDE,
                                                                  waiting.facts) or S.SET_ASIDE)))
        overruled = replace(decided, facts=replace(f, objections_undecided=False))
        out.append(("rd-decision overrule", replace(overruled, stage=after_overruling(overruled.facts))))
        if f.determinative:  # the challenges set for hearing ruled on in the same decision
            standing = replace(decided, facts=replace(f, objections_undecided=False, determinative=False,
                                                     outcome=e.standing))
            out.append(("rd-decision overrule, every challenge sustained",
                        replace(standing, stage=after_overruling(standing.facts))))
    if can("rule-on-challenges") and f.determinative:  # every pending challenge sustained: the tally stands
        standing = replace(e, facts=replace(f, determinative=False, outcome=e.standing))
        out.append(("rule-on-challenges sustained",
                    replace(standing, stage=next_stage("rule-on-challenges", stage, standing.facts) or stage)))
    if can("revised-tally") and stage is S.RERUN_DIRECTED and f.condition:  # the count the condition waits on
        for outcome in sorted(e.counted_outcomes):
            counted = _apply(e, "revised-tally", determinative=False, outcome=outcome)
            met = next_stage("set-aside", counted.stage, counted.facts)  # the guard: the condition met (R-M2)
            decided = replace(counted, facts=replace(counted.facts, condition=""))
            if met is not None:  # set aside, the second election stands directed (Supplemental Decision)
                decided = replace(decided, stage=next_stage("direct-second-election", met, decided.facts) or met)
            else:  # the objecting party prevailed: its objections moot, the certification follows the period
                decided = replace(decided, objection_period=True)
            out.append((f"revised-tally {outcome.value} on {f.condition}", decided))
    if can("revised-tally") and (f.determinative or f.condition_pending) and stage is not S.RERUN_DIRECTED:
        for outcome in sorted(e.counted_outcomes):
            counted = _apply(e, "revised-tally", determinative=False, outcome=outcome)
            out.append((f"revised-tally {outcome.value}", replace(counted, objection_period=True)))  # its own, 102.69(e)
    if can("certification") and not e.objection_period:  # no certification while it runs (102.69(b), R-H2)
        to = next_stage("certification", stage, f)
        if to is not None:
            certified = replace(e, stage=to)
            if not f.review:
                certified = replace(certified, stage=S.CLOSED)
            out.append(("certification", certified))
    if stage is S.CERTIFIED and f.review:
        out.append(("close (no request for review)", replace(e, stage=S.CLOSED)))
        out.append(("request-for-review", replace(e, stage=S.RFR_PENDING, review_requested=True)))
    if stage is S.RFR_PENDING:
        out.append(("board-ruling denied", replace(e, stage=S.CLOSED)))
        out.append(("board-ruling set-aside", replace(e, stage=S.RERUN_DIRECTED)))
        out.append(("board-ruling remanded", replace(e, stage=S.HEARING_NOTICED,
                                                      facts=replace(f, objections_undecided=True))))
    if can("direct-runoff") and not e.objection_period:  # nor a runoff (check_direction_date, 102.70(a))
        to = next_stage("direct-runoff", stage, f)
        if to is not None:
            out.append(("direct-runoff", replace(e, stage=to)))
    return out


def done(e: Election) -> bool:
    """Closed, or handed on to the next election — a direction made on a condition is handed on only once the
    revised tally has met it."""
    return e.stage in FINAL | HANDED_ON and not e.facts.condition


def way_out(e: Election) -> list[str] | None:
    """The shortest sequence of acts from ``e`` to a final or handed-on stage (None: a dead end)."""
    seen = {e}
    queue: deque[tuple[Election, list[str]]] = deque([(e, [])])
    while queue:
        here, path = queue.popleft()
        if done(here):
            return path
        for act, there in successors(here):
            if there not in seen:
                seen.add(there)
                queue.append((there, [*path, act]))
    return None


class ElectionMachine(RuleBasedStateMachine):
    """Random valid act sequences on one election."""

    def __init__(self) -> None:
        super().__init__()
        self.election: Election | None = None
        self.trail: list[str] = []

    @initialize(counts=tallies(max_votes=12, max_challenged=4), review=st.booleans(), data=st.data())
    def tally(self, counts, review: bool, data) -> None:  # type: ignore[no-untyped-def]
        determinative = is_determinative(counts)
        outcome = OutcomeKind.PENDING if determinative else outcome_of_count(counts).kind
        outcomes = frozenset(outcome_of_count(data.draw(resolutions(counts))).kind for _ in range(3)) \
            if determinative else frozenset({outcome})
        self.election = Election(S.TALLY_ISSUED, Facts(determinative=determinative, outcome=outcome, review=review),
                                 outcomes, standing=outcome_of_count(counts).kind, objection_period=True)

    @rule(data=st.data())
    def act(self, data) -> None:  # type: ignore[no-untyped-def]
        assert self.election is not None
        if done(self.election):
            return  # closed, or handed on to the next election: nothing more on this one
        options = successors(self.election)
        assert options, f"no act accepted at {self.election.stage.value} after {self.trail}"
        name, self.election = data.draw(st.sampled_from(options), label="act")
        self.trail.append(name)

    @invariant()
    def a_running_period_has_its_act(self) -> None:
        """Whenever a period a party must meet is open and before its cut-off, the act that meets it is accepted
        at the stage the election is at: no deadline is shown due without an act to meet it, whatever the Region
        did first (a notice of hearing, a consolidation, a decision on earlier objections: 102.69(a)(8), (c)(1))."""
        e = self.election
        if e is None or done(e):
            return
        if e.objection_period:
            assert e.stage in accepted_at("file-objections"), f"objections due, none accepted at {e.stage} after {self.trail}"
            assert G.PERIOD_RUNNING in guards_at("file-objections", e.stage) or \
                G.ALWAYS in guards_at("file-objections", e.stage), (e.stage, self.trail)
        if e.offer_period:
            assert e.stage in accepted_at("file-offer-of-proof"), \
                f"an offer of proof due, none accepted at {e.stage} after {self.trail}"

    @invariant()
    def no_dead_end(self) -> None:
        if self.election is not None:
            assert way_out(self.election) is not None, f"dead end at {self.election} after {self.trail}"


TestElectionMachine = ElectionMachine.TestCase
TestElectionMachine.settings = settings(max_examples=examples(60), stateful_step_count=15, deadline=None,
                                        suppress_health_check=[HealthCheck.too_slow])


class TestDeadEnds:
    def test_objections_and_determinative_challenges_heard_together_end_certified(self) -> None:
        """The issue's dead end: objections and 6 determinative challenges heard together, the objections
        overruled — the election stays where the challenges are decided (rd-decision), and from there a
        revised tally and its objection period lead to the certification."""
        e = Election(S.TALLY_ISSUED, Facts(determinative=True, outcome=OutcomeKind.PENDING),
                     frozenset({OutcomeKind.REP, OutcomeKind.RESULTS}), objection_period=True)
        for act in ("file-objections", "notice-hearing", "open-hearing", "close-hearing",
                    "ho-report", "rd-decision overrule"):
            e = dict(successors(e))[act]
        assert e.stage is S.RD_DECISION
        assert "certification" not in dict(successors(e))
        e = dict(successors(e))["revised-tally REP"]
        assert e.stage is S.REVISED_TALLY_ISSUED
        e = dict(successors(e))["objection-period-closed"]
        assert e.stage is S.CERTIFICATION_DUE
        assert dict(successors(e))["certification"].stage is S.CERTIFIED


class TestEverySustained:
    def test_a_decision_sustaining_every_challenge_makes_the_certification_due(self) -> None:
        """Objections and determinative challenges; the decision overrules the objections and sustains every
        challenge: the tally stands, the certification is due at once (no revised tally, 102.69(c)(1)(i))."""
        e = Election(S.TALLY_ISSUED, Facts(determinative=True, outcome=OutcomeKind.PENDING),
                     frozenset({OutcomeKind.REP, OutcomeKind.RESULTS}), standing=OutcomeKind.REP,
                     objection_period=True)
        for act in ("file-objections", "rd-decision overrule, every challenge sustained"):
            e = dict(successors(e))[act]
        assert (e.stage, e.facts.outcome) == (S.CERTIFICATION_DUE, OutcomeKind.REP)

    def test_a_ruling_sustaining_every_challenge_in_investigation_makes_the_certification_due(self) -> None:
        """No objections; every determinative challenge sustained by a ruling: certification due."""
        e = Election(S.TALLY_ISSUED, Facts(determinative=True, outcome=OutcomeKind.PENDING),
                     frozenset({OutcomeKind.REP, OutcomeKind.RESULTS}), standing=OutcomeKind.RESULTS,
                     objection_period=True)
        for act in ("objection-period-closed", "rule-on-challenges sustained"):
            e = dict(successors(e))[act]
        assert (e.stage, e.facts.outcome) == (S.CERTIFICATION_DUE, OutcomeKind.RESULTS)


class TestConditionalDirection:
    """29 CFR 102.69(c)(1)(i), (e); rules.md R-M1, R-M2; Cornell-Dubilier (1957): objections sustained and the
    determinative ballots ordered counted in one decision — the direction waits on the count, which meets the
    condition (set aside, the second election directed) or leaves the objecting party the winner (its objections
    moot; the certification follows the revised tally's objection period)."""

    @staticmethod
    def directed(condition: str) -> Election:
        e = Election(S.TALLY_ISSUED, Facts(determinative=True, outcome=OutcomeKind.PENDING),
                     frozenset({OutcomeKind.REP, OutcomeKind.RESULTS}), objection_period=True)
        for act in ("file-objections", "notice-hearing", "open-hearing", "close-hearing", "ho-report",
                    f"rd-decision set-aside on {condition}"):
            e = dict(successors(e))[act]
        assert (e.stage, e.facts.condition) == (S.RERUN_DIRECTED, condition)
        assert not done(e)  # not handed on: the count decides
        return e

    @pytest.mark.parametrize(("condition", "met", "lapsed"), [(UNION_MAJORITY, OutcomeKind.REP, OutcomeKind.RESULTS),
                                                             (NO_UNION_MAJORITY, OutcomeKind.RESULTS, OutcomeKind.REP)])
    def test_the_count_decides(self, condition: str, met: OutcomeKind, lapsed: OutcomeKind) -> None:
        e = self.directed(condition)
        rerun = dict(successors(e))[f"revised-tally {met.value} on {condition}"]
        assert rerun.stage is S.RERUN_DIRECTED and done(rerun)
        certify = dict(successors(e))[f"revised-tally {lapsed.value} on {condition}"]
        assert certify.stage is S.REVISED_TALLY_ISSUED
        certify = dict(successors(certify))["objection-period-closed"]
        assert certify.stage is S.CERTIFICATION_DUE
        assert dict(successors(certify))["certification"].stage is S.CERTIFIED

    def test_the_guard_reads_the_condition(self) -> None:
        """set-aside from revised-tally-issued: only a condition the count meets takes it (Guard.CONDITION_MET)."""
        for condition, outcome, to in ((UNION_MAJORITY, OutcomeKind.REP, S.SET_ASIDE),
                                       (UNION_MAJORITY, OutcomeKind.RESULTS, None),
                                       (UNION_MAJORITY, OutcomeKind.RUNOFF, S.SET_ASIDE),
                                       (NO_UNION_MAJORITY, OutcomeKind.REP, None),
                                       (NO_UNION_MAJORITY, OutcomeKind.RESULTS, S.SET_ASIDE),
                                       ("", OutcomeKind.REP, None)):
            assert next_stage("set-aside", S.REVISED_TALLY_ISSUED, Facts(outcome=outcome, condition=condition)) is to, \
                (condition, outcome)


class TestWithdrawal:
    """Every objection withdrawn at objections-pending (102.69(a)(8)): nothing is pending before the Regional Director."""

    @pytest.mark.parametrize(("facts", "running", "to"), [
        (Facts(objections_undecided=True), None, None),  # another objection still undecided: the stage kept
        (Facts(), G.WITHDRAWN_IN_PERIOD, S.TALLY_ISSUED),  # the period runs: the sweep moves it at its close
        (Facts(), G.WITHDRAWN_IN_REVISED_PERIOD, S.REVISED_TALLY_ISSUED),
        (Facts(determinative=True), None, S.CHALLENGE_INVESTIGATION),  # R-E2
        (Facts(outcome=OutcomeKind.RESULTS), None, S.CERTIFICATION_DUE),  # 102.69(b): forthwith
        (Facts(outcome=OutcomeKind.RUNOFF), None, S.RUNOFF_DUE),  # 102.70(a)
    ])
    def test_where_the_last_withdrawal_moves_the_election(self, facts: Facts, running: Guard | None,
                                                          to: Stage | None) -> None:
        assert after_withdrawal(facts, period_running=running) is to

    def test_elsewhere_the_stage_is_kept(self) -> None:
        assert next_stage("withdraw-objection", S.HEARING_NOTICED, Facts()) is None
        assert accepted_at("withdraw-objection") == frozenset(Stage)


class TestDiagram:
    def test_readme_diagram_is_the_one_the_table_draws(self) -> None:
        """The README's stage diagram (between its markers) is casefile.rules.stages.mermaid() exactly."""
        text = README.read_text(encoding="utf-8")
        found = re.search(r"<!-- stages -->\n```mermaid\n(.*?)```\n<!-- /stages -->", text, re.S)
        assert found is not None, "README.md has no <!-- stages --> diagram"
        assert found.group(1) == mermaid()

    def test_every_stage_is_drawn(self) -> None:
        """Every stage appears in the diagram (a stage no row names would be unreachable)."""
        drawn = mermaid()
        for stage in Stage:
            assert stage.value.replace("-", "_") in drawn, stage
