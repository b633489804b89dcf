"""The election's stages as one machine: stages × acts → next stage, with each move's guard.

One pure table (``MOVES``) says, for every act that moves an election (an act a user performs, or a
step an act or the sweep takes on its behalf: ``set-aside`` after a decision sustaining objections,
``objection-period-closed`` when the sweep closes the period), from which stages it moves, to which
stage, and on what condition (``Guard``). What the acts accept (``accepted_at``), the transitions the
workflow allows (``transitions``), the sweep's move when an objection period closes
(``after_objection_period``) and the README's diagram (``mermaid``) are all read from it.

A row whose ``to`` is None records the act without moving the stage (a second party's objections,
exceptions after the first). The side exits — withdrawal with the Regional Director's consent and
dismissal — are open from every stage before the certification (``PRE_CERTIFICATION``).

Final stages: certified elections close (``CLOSED``), a petition ends (``WITHDRAWN``, ``DISMISSED``);
a directed rerun or runoff hands the case to the next election (``HANDED_ON``).

Authority: rules.md §4 (the state diagram), 29 CFR 102.69, 102.70, 102.67(c), (g), (h), 102.60(a), 102.71.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from casefile.rules.conditional_rerun import rerun_stands
from casefile.vocab import OutcomeKind, Stage

__all__ = [
    "ACCEPTED",
    "AVAILABILITY_GUARDS",
    "FINAL",
    "HANDED_ON",
    "MOVES",
    "ON_REPORT",
    "PRE_CERTIFICATION",
    "WITHIN_PERIOD",
    "Facts",
    "Guard",
    "Move",
    "accepted_at",
    "after_objection_period",
    "after_overruling",
    "after_withdrawal",
    "ascii_table",
    "guards_at",
    "mermaid",
    "moves_of",
    "next_stage",
    "transitions",
]

S = Stage


class Guard(StrEnum):
    """What must hold of the election for a move to be taken (read from the record by the act)."""

    ALWAYS = "always"
    OBJECTIONS_UNDECIDED = "objections undecided"
    DETERMINATIVE = "no objections undecided; challenges pending and determinative"
    OUTCOME_FINAL = "nothing pending; outcome a representative or no representative"
    OUTCOME_RUNOFF = "nothing pending; outcome a runoff or a nullity rerun"
    RUNOFF = "a runoff (102.70(a))"
    NULLITY = "a nullity rerun (102.70(d))"
    SUSTAINED = "objections sustained"
    OVERRULED_FINAL = "objections overruled; no challenge pending and determinative; outcome final"
    OVERRULED_RUNOFF = "objections overruled; no challenge pending and determinative; outcome a runoff or nullity"
    OVERRULED_PENDING = "objections overruled; challenges pending and determinative"
    CONDITION_PENDING = "a conditional direction waits on this count"
    CONDITION_MET = ("the revised tally meets the condition (no-union-majority: no majority for a labor organization; "
                     "union-majority: a majority for one)")
    FIRST_EXCEPTIONS = "the first exceptions to the report"
    REVIEW_REQUESTED = "a request for review is in the record"
    PERIOD_RUNNING = "its period is running for the party (the cut-off not passed)"
    DECISION_ISSUED = "the Regional Director's decision on the objections has issued"
    ORDER_TO_COUNT = "an order to open and count ballots is in the record (a final disposition under the 2014 rule)"
    REPORT_PERIODS_OVER = "the time for exceptions to the report and answering briefs has run out, or no party can still file"
    CONSENT = "a consent election: no Board review"
    RFR_LAPSED = "no request for review by its due date"
    BOARD_AFFIRMS = "review denied, or granted and affirmed"
    BOARD_SETS_ASIDE = "review granted; the election set aside"
    BOARD_REMANDS = "remanded for a hearing"
    WITHDRAWN_IN_PERIOD = "every objection withdrawn; the tally's objection period still running"
    WITHDRAWN_IN_REVISED_PERIOD = "every objection withdrawn; the revised tally's objection period still running"


#: The guards that say whether an act is accepted at all at a stage (the act's own rule decides them from the record),
#: not where it moves the election: a refusal tells them as conditions of where the act becomes available.
AVAILABILITY_GUARDS = frozenset({Guard.PERIOD_RUNNING, Guard.DECISION_ISSUED, Guard.ORDER_TO_COUNT,
                                 Guard.REPORT_PERIODS_OVER})


@dataclass(frozen=True)
class Move:
    """One row: ``act`` at any of ``source`` moves the election to ``to`` when ``guard`` holds
    (``to`` None: recorded, the stage unchanged); ``authority`` the rule."""

    act: str
    source: frozenset[Stage]
    to: Stage | None
    guard: Guard
    authority: str


def _m(act: str, source: Iterable[Stage], to: Stage | None, guard: Guard = Guard.ALWAYS, authority: str = "") -> Move:
    return Move(act, frozenset(source), to, guard, authority)


#: Stages in which the Region may rule on challenged ballots and open them (rules.md §4, R-E7, R-M3).
RULING = frozenset({S.TALLY_ISSUED, S.OBJECTIONS_PENDING, S.CHALLENGE_INVESTIGATION, S.HEARING_NOTICED,
                    S.HEARING_OPEN, S.HEARING_CLOSED, S.HO_REPORT_ISSUED, S.EXCEPTIONS_PENDING, S.RD_DECISION,
                    S.REVISED_TALLY_ISSUED, S.ALJ_DECISION_ISSUED})
#: Objections may be filed after a tally or a revised tally (R-G3, R-G9) — a timely filing recorded after the
#: sweep moved the election on takes it back (certification-due, runoff-due, challenge-investigation).
SUBMITTABLE = frozenset({S.TALLY_ISSUED, S.OBJECTIONS_PENDING, S.REVISED_TALLY_ISSUED, S.CERTIFICATION_DUE,
                         S.CHALLENGE_INVESTIGATION, S.RUNOFF_DUE})
#: Where the Region may already have acted on the first objections while another party's objection period still
#: runs: "within 5 business days after the tally ... any party may file" (102.69(a)(8)) — nothing in 102.69(c)(1)
#: lets the Regional Director's notice of hearing, order consolidating the case or decision cut that period short,
#: and the hearing the notice sets (15 business days after the tally, 102.69(c)(1)(ii)) opens after it. A party's
#: objections filed in its period are accepted there: before the hearing or its report they join the objections
#: pending (the stage unchanged); after a decision they are undecided objections again (objections-pending).
#: Only while the period runs (casefile.acts.file_objections.allowed_now; a late filing is refused, R-G6).
WITHIN_PERIOD = frozenset({S.HEARING_NOTICED, S.HEARING_OPEN, S.HEARING_CLOSED, S.HO_REPORT_ISSUED,
                           S.EXCEPTIONS_PENDING, S.ALJ_CONSOLIDATED, S.ALJ_DECISION_ISSUED})
WITHIN_PERIOD_DECIDED = frozenset({S.RD_DECISION})
#: Where the Regional Director decides objections and challenges (R-I1, R-K4, R-M2, R-M3).
DECIDABLE = frozenset({S.OBJECTIONS_PENDING, S.CHALLENGE_INVESTIGATION, S.HO_REPORT_ISSUED, S.EXCEPTIONS_PENDING,
                       S.ALJ_DECISION_ISSUED, S.REVISED_TALLY_ISSUED})
#: Where the Regional Director decides on a hearing officer's report: after the time for exceptions and for
#: answering briefs to exceptions filed, unless no party can still file (102.69(c)(1)(iii); R-K4;
#: casefile.rules.report_periods).
ON_REPORT = frozenset({S.HO_REPORT_ISSUED, S.EXCEPTIONS_PENDING})
#: Where challenged ballots may be opened and counted: where the Region rules on them (a notice of hearing
#: outstanding excepted: the hearing decides first), after the Board directs them opened on review, and — a
#: conditional direction only — after the second election was directed (R-L1, R-M2).
REVISABLE = (RULING - {S.TALLY_ISSUED, S.HEARING_NOTICED}) | {S.RFR_PENDING, S.RERUN_DIRECTED}
#: Where a request for review lies (R-N2, R-N3): a certification, a dismissal, a set-aside, and (2014 rule)
#: an order to open and count, made in one of the ruling stages.
REVIEWABLE = frozenset({S.CERTIFIED, S.RFR_PENDING, S.CLOSED, S.DISMISSED, S.SET_ASIDE, S.RERUN_DIRECTED,
                        S.CERTIFICATION_DUE}) | RULING

#: The final stages: certified and closed, the petition ended. A directed rerun or runoff hands the case on
#: to the next election (its own tally starts it), which is final for this one.
FINAL = frozenset({S.CLOSED, S.WITHDRAWN, S.DISMISSED})
HANDED_ON = frozenset({S.RERUN_DIRECTED, S.RUNOFF_DIRECTED})
#: Side exits from any stage before the certification — a rerun or runoff directed but not held included
#: (29 CFR 102.60(a), 102.71; rules.md R-S1, §4).
PRE_CERTIFICATION = frozenset(Stage) - {S.CERTIFIED, S.RFR_PENDING, S.CLOSED, S.WITHDRAWN, S.DISMISSED}

G = Guard

#: The machine (rules.md §4). Ordered by the procedure; each act's rows in the order its guards are tried.
MOVES: tuple[Move, ...] = (
    _m("file-objections", SUBMITTABLE - {S.OBJECTIONS_PENDING}, S.OBJECTIONS_PENDING,
       authority="102.69(a)(8), (e); R-G3, R-G9"),
    _m("file-objections", {S.OBJECTIONS_PENDING}, None, authority="102.69(a)(8); supplemental objections"),
    # Another party's period still running after the Region acted on the first objections (102.69(a)(8), (c)(1)).
    _m("file-objections", WITHIN_PERIOD_DECIDED, S.OBJECTIONS_PENDING, G.PERIOD_RUNNING, "102.69(a)(8), (c)(1)"),
    _m("file-objections", WITHIN_PERIOD, None, G.PERIOD_RUNNING, "102.69(a)(8), (c)(1)(ii)"),
    _m("file-offer-of-proof", {S.OBJECTIONS_PENDING, S.CHALLENGE_INVESTIGATION, S.REVISED_TALLY_ISSUED}, None,
       authority="102.69(a)(8); R-G4, R-G5"),
    _m("file-offer-of-proof", WITHIN_PERIOD, None, G.PERIOD_RUNNING, "102.69(a)(8); R-G4"),
    # Every objection of every party withdrawn before any was decided: nothing is pending before the Regional
    # Director. While the objection period still runs the election is back where the tally left it (the sweep moves
    # it on when the period closes); after it, where the period's close would have taken it (R-E2, R-H1).
    _m("withdraw-objection", {S.OBJECTIONS_PENDING}, None, G.OBJECTIONS_UNDECIDED, "102.69(a)(8)"),
    _m("withdraw-objection", {S.OBJECTIONS_PENDING}, S.TALLY_ISSUED, G.WITHDRAWN_IN_PERIOD, "102.69(a)(8)"),
    _m("withdraw-objection", {S.OBJECTIONS_PENDING}, S.REVISED_TALLY_ISSUED, G.WITHDRAWN_IN_REVISED_PERIOD,
       "102.69(a)(8), (e)"),
    _m("withdraw-objection", {S.OBJECTIONS_PENDING}, S.CHALLENGE_INVESTIGATION, G.DETERMINATIVE, "102.69(a)(8); R-E2"),
    _m("withdraw-objection", {S.OBJECTIONS_PENDING}, S.CERTIFICATION_DUE, G.OUTCOME_FINAL,
       "102.69(a)(8), (b); R-H1"),
    _m("withdraw-objection", {S.OBJECTIONS_PENDING}, S.RUNOFF_DUE, G.OUTCOME_RUNOFF, "102.69(a)(8); 102.70(a), (d)"),
    # Elsewhere a withdrawal is recorded, the stage unchanged (the hearing officer's or the Regional Director's next
    # act follows from it).
    _m("withdraw-objection", frozenset(Stage) - {S.OBJECTIONS_PENDING}, None, authority="102.69(a)(8)"),
    _m("objection-period-closed", {S.TALLY_ISSUED, S.REVISED_TALLY_ISSUED}, S.OBJECTIONS_PENDING,
       G.OBJECTIONS_UNDECIDED, "R-M1"),
    _m("objection-period-closed", {S.TALLY_ISSUED, S.REVISED_TALLY_ISSUED}, S.CHALLENGE_INVESTIGATION,
       G.DETERMINATIVE, "R-E2"),
    _m("objection-period-closed", {S.TALLY_ISSUED, S.REVISED_TALLY_ISSUED}, S.CERTIFICATION_DUE,
       G.OUTCOME_FINAL, "102.69(b), (e); R-H1, R-L2"),
    _m("objection-period-closed", {S.TALLY_ISSUED, S.REVISED_TALLY_ISSUED}, S.RUNOFF_DUE,
       G.OUTCOME_RUNOFF, "102.70(a), (d); R-P1, R-P4"),
    _m("direct-runoff", {S.RUNOFF_DUE}, S.RUNOFF_DIRECTED, G.RUNOFF, "102.70(a)-(c)"),
    _m("direct-runoff", {S.RUNOFF_DUE}, S.RERUN_DIRECTED, G.NULLITY, "102.70(d)"),
    _m("notice-hearing", {S.OBJECTIONS_PENDING, S.CHALLENGE_INVESTIGATION, S.RD_DECISION}, S.HEARING_NOTICED,
       authority="102.69(c)(1)(ii); R-I2"),
    _m("consolidate-with-ulp", {S.OBJECTIONS_PENDING, S.CHALLENGE_INVESTIGATION, S.HEARING_NOTICED},
       S.ALJ_CONSOLIDATED, authority="102.69(c)(1)(ii); R-I4"),
    _m("open-hearing", {S.HEARING_NOTICED}, S.HEARING_OPEN, authority="102.69(c)(1)(ii), (iii); R-I3"),
    # The consolidated hearing before the Administrative Law Judge opens: recorded, the stage unchanged (the judge's
    # decision follows it, 102.69(c)(1)(ii)).
    _m("open-hearing", {S.ALJ_CONSOLIDATED}, None, authority="102.69(c)(1)(ii); R-I4"),
    _m("reschedule-hearing", {S.HEARING_NOTICED}, None, authority="102.69(c)(1)(ii); R-I3"),
    _m("close-hearing", {S.HEARING_OPEN}, S.HEARING_CLOSED, authority="102.69(c)(1)(iii); R-J1"),
    _m("file-post-hearing-brief", {S.HEARING_CLOSED}, None, authority="102.69(c)(1)(iii); R-J4"),
    _m("ho-report", {S.HEARING_OPEN, S.HEARING_CLOSED}, S.HO_REPORT_ISSUED, authority="102.69(c)(1)(iii); R-J5"),
    _m("file-exceptions", {S.HO_REPORT_ISSUED}, S.EXCEPTIONS_PENDING, G.FIRST_EXCEPTIONS, "102.69(c)(1)(iii); R-K1"),
    _m("file-exceptions", {S.EXCEPTIONS_PENDING, S.ALJ_DECISION_ISSUED}, None, authority="102.69(c)(1)(iii); 102.46"),
    # A party's written waiver of its right to file exceptions (the Regions' practice, docs/rules.md X-K8): recorded,
    # the stage unchanged, only while its period runs and it has filed none (casefile.rules.exceptions_waiver).
    _m("waive-exceptions", {S.HO_REPORT_ISSUED, S.EXCEPTIONS_PENDING, S.ALJ_DECISION_ISSUED}, None, G.PERIOD_RUNNING,
       "102.69(c)(1)(iii); 102.46(a); X-K8"),
    _m("file-answering-brief", {S.EXCEPTIONS_PENDING}, None, authority="102.69(c)(1)(iii); R-K2"),
    _m("file-cross-exceptions", {S.EXCEPTIONS_PENDING}, None, authority="102.69(c)(1)(iii), 102.46(c)"),
    _m("alj-decision", {S.ALJ_CONSOLIDATED}, S.ALJ_DECISION_ISSUED, authority="102.69(c)(1)(ii), (c)(2); R-I4"),
    _m("rd-decision", DECIDABLE - ON_REPORT, S.RD_DECISION, authority="102.69(c)(1)(i), (c)(2); R-K4"),
    _m("rd-decision", ON_REPORT, S.RD_DECISION, G.REPORT_PERIODS_OVER, "102.69(c)(1)(iii), (c)(2); R-K1, R-K2, R-K4"),
    _m("set-aside", {S.RD_DECISION}, S.SET_ASIDE, G.SUSTAINED, "R-O1"),
    _m("direct-second-election", {S.SET_ASIDE}, S.RERUN_DIRECTED, G.ALWAYS, "R-O1, R-O3"),
    _m("certification-due", {S.RD_DECISION}, S.CERTIFICATION_DUE, G.OVERRULED_FINAL, "R-H1, R-K4"),
    _m("runoff-due", {S.RD_DECISION}, S.RUNOFF_DUE, G.OVERRULED_RUNOFF, "102.70(a), (d); R-P1"),
    # Objections overruled while determinative challenges are pending: the election stays at rd-decision, where
    # the challenges are ruled on (rule-on-challenges), heard (notice-hearing) or counted (revised-tally) (R-M1).
    _m("certification-due", {S.RD_DECISION}, None, G.OVERRULED_PENDING, "R-M1, R-M3"),
    _m("revised-tally", REVISABLE, S.REVISED_TALLY_ISSUED, authority="102.69(e); R-L1, R-L4"),
    # Ballots excluded at the count ordered counted: written as challenged ballots ordered opened, where the revised
    # tally can then count them (a second election directed excepted); the stage waits for that count.
    _m("count-excluded-ballots", REVISABLE - {S.RERUN_DIRECTED}, None,
       authority="102.69(c)(1)(i), (e); R-E6, R-L1"),
    _m("set-aside", {S.REVISED_TALLY_ISSUED}, S.SET_ASIDE, G.CONDITION_MET, "R-M2, R-O1"),
    # Every determinative challenged ballot sustained (the rest sealed for good): the tally stands — no revised
    # tally, no new objection period — and what its count calls for is due (102.69(c)(1)(i), (e)).
    _m("rule-on-challenges", {S.CHALLENGE_INVESTIGATION, S.RD_DECISION}, S.CERTIFICATION_DUE, G.OUTCOME_FINAL,
       "102.69(c)(1)(i); R-E7, R-H1"),
    _m("rule-on-challenges", {S.CHALLENGE_INVESTIGATION, S.RD_DECISION}, S.RUNOFF_DUE, G.OUTCOME_RUNOFF,
       "102.69(c)(1)(i); 102.70"),
    _m("rule-on-challenges", RULING, None, authority="R-E7"),
    _m("certification", {S.CERTIFICATION_DUE, S.RD_DECISION}, S.CERTIFIED, G.OUTCOME_FINAL,
       "102.69(b), (c)(2), (e); R-H1, R-Q1, R-Q2"),
    _m("rfr-pending", {S.CERTIFIED}, S.RFR_PENDING, G.REVIEW_REQUESTED, "102.67(c); R-N2"),
    _m("close", {S.CERTIFIED}, S.CLOSED, G.CONSENT, "102.62(a), (c); R-K5"),
    _m("close", {S.CERTIFIED}, S.CLOSED, G.RFR_LAPSED, "102.69(h); R-N2"),
    _m("request-for-review", {S.CERTIFIED, S.CLOSED}, S.RFR_PENDING, authority="102.67(c), 102.2(d); R-N2"),
    _m("request-for-review", {S.RFR_PENDING, S.DISMISSED, S.SET_ASIDE, S.RERUN_DIRECTED}, None,
       authority="102.67(c), 102.69(h), 102.71; R-N2, R-N3"),
    _m("request-for-review", {S.CERTIFICATION_DUE}, None, G.DECISION_ISSUED, "102.67(c), 102.69(c)(2); R-N2"),
    _m("request-for-review", RULING, None, G.ORDER_TO_COUNT, "102.67(c); 2014 rule; R-N2"),
    _m("board-ruling:closed", {S.RFR_PENDING}, S.CLOSED, G.BOARD_AFFIRMS, "102.67(g), (j); R-N7"),
    _m("board-ruling:set-aside", {S.RFR_PENDING}, S.SET_ASIDE, G.BOARD_SETS_ASIDE, "R-O1"),
    _m("board-ruling:hearing-noticed", {S.RFR_PENDING}, S.HEARING_NOTICED, G.BOARD_REMANDS, "102.67(g); R-I2"),
    # The next election's tally: the election directed is held, and its own machine starts at tally-issued.
    _m("record-tally", HANDED_ON, None, authority="102.69(a)(7), 102.70(e); R-O6, R-P6"),
    _m("withdraw-petition", PRE_CERTIFICATION, S.WITHDRAWN, authority="102.60(a); R-S1"),
    _m("dismiss-petition", PRE_CERTIFICATION, S.DISMISSED, authority="102.71; R-S1"),
)

#: The stages at which each stage-bound act is accepted (its perform()'s stage check; what is offered).
ACCEPTED: dict[str, frozenset[Stage]] = {}
for _move in MOVES:
    ACCEPTED[_move.act] = ACCEPTED.get(_move.act, frozenset()) | _move.source
del _move


def accepted_at(act: str) -> frozenset[Stage]:
    """The stages of the election at which ``act`` is accepted (the union of its rows' sources).
    Raises KeyError for an act the stage does not bound. Authority: rules.md §4."""
    return ACCEPTED[act]


def guards_at(act: str, stage: Stage) -> tuple[Guard, ...]:
    """The guards of ``act``'s rows from ``stage``, in order (empty: not accepted there). A refusal of an act
    the stage accepts but whose guards all failed says them in words (casefile.rules.stage_words)."""
    return tuple(m.guard for m in MOVES if m.act == act and stage in m.source)


def moves_of(act: str) -> tuple[Move, ...]:
    """The rows of ``act``, in order."""
    return tuple(m for m in MOVES if m.act == act)


def transitions() -> dict[Stage, frozenset[Stage]]:
    """Which stage may follow which: every (source, to) of the table, for every stage (rules.md §4)."""
    out: dict[Stage, set[Stage]] = {s: set() for s in Stage}
    for move in MOVES:
        if move.to is not None:
            for source in move.source:
                out[source].add(move.to)
    return {s: frozenset(t) for s, t in out.items()}


@dataclass(frozen=True)
class Facts:
    """What the guards read of an election: objections still undecided; unresolved challenged ballots
    that are determinative; the outcome class of the latest tally (R-D5); whether Board review lies; a
    conditional direction waiting on the count, and ``condition`` its condition (casefile.rules.conditional_rerun:
    "no-union-majority", "union-majority"; empty: none)."""

    objections_undecided: bool = False
    determinative: bool = False
    outcome: OutcomeKind = OutcomeKind.RESULTS
    review: bool = True
    condition_pending: bool = False
    condition: str = ""


def holds(guard: Guard, facts: Facts) -> bool | None:
    """Whether ``guard`` holds of ``facts``; None for a guard the facts do not decide (the act's own input
    decides it: sustained or overruled, the Board's ruling, a first filing, a request in the record)."""
    final = facts.outcome in (OutcomeKind.REP, OutcomeKind.RESULTS)
    match guard:
        case G.ALWAYS:
            return True
        case G.OBJECTIONS_UNDECIDED:
            return facts.objections_undecided
        case G.DETERMINATIVE:
            return not facts.objections_undecided and facts.determinative
        case G.OUTCOME_FINAL:
            return not facts.objections_undecided and not facts.determinative and final
        case G.OUTCOME_RUNOFF:
            return not facts.objections_undecided and not facts.determinative and not final
        case G.RUNOFF:
            return facts.outcome is OutcomeKind.RUNOFF
        case G.NULLITY:
            return facts.outcome is OutcomeKind.NULLITY_RERUN
        case G.OVERRULED_FINAL:
            return not facts.determinative and final
        case G.OVERRULED_RUNOFF:
            return not facts.determinative and not final
        case G.OVERRULED_PENDING:
            return facts.determinative
        case G.CONDITION_PENDING:
            return facts.condition_pending or bool(facts.condition)
        case G.CONDITION_MET:  # the count decides the direction: met, or the objecting party prevailed (R-M2)
            return bool(facts.condition) and rerun_stands(facts.condition, facts.outcome) is True
        case G.CONSENT:
            return not facts.review
        case _:
            return None


def after_overruling(facts: Facts) -> Stage:
    """Where an election goes once the Regional Director overrules the objections (rd-decision): the
    certification is due when the outcome is final; a runoff or nullity rerun is due when it calls for one
    (the objections no longer stand in its way, 102.70(a)); with determinative challenges still pending it
    stays at rd-decision, where they are ruled on, heard or counted (R-M1). Authority: 102.69(c)(1)(i),
    (c)(2); 102.70; rules.md R-H1, R-K4, R-M1, R-P1."""
    for act in ("certification-due", "runoff-due"):
        if (stage := next_stage(act, S.RD_DECISION, facts)) is not None:
            return stage
    return S.RD_DECISION


def after_withdrawal(facts: Facts, *, period_running: Guard | None = None) -> Stage | None:
    """Where the withdrawal of an objection moves an election pending objections: None while other objections are
    undecided (``facts.objections_undecided``); else, with ``period_running`` (WITHDRAWN_IN_PERIOD or
    WITHDRAWN_IN_REVISED_PERIOD: the tally's or the revised tally's objection period still runs) back to that tally's
    stage, and after the period where its close takes it: challenge investigation for determinative challenges,
    certification due, runoff due. Authority: 29 CFR 102.69(a)(8), (b), (e); 102.70; rules.md R-E2, R-H1."""
    return next_stage("withdraw-objection", S.OBJECTIONS_PENDING, facts,
                      given=(period_running,) if period_running is not None else ())


def after_objection_period(facts: Facts) -> Stage:
    """Where the sweep moves an election whose (revised) tally's objection period closed: the first
    ``objection-period-closed`` row whose guard holds. Authority: 102.69(b), (e); 102.70; R-E2, R-H1, R-M1."""
    stage = next_stage("objection-period-closed", S.TALLY_ISSUED, facts)
    assert stage is not None  # the four guards cover every outcome
    return stage


def next_stage(act: str, stage: Stage, facts: Facts, *, given: Iterable[Guard] = ()) -> Stage | None:
    """The stage ``act`` moves an election at ``stage`` to: its first row from ``stage`` whose guard holds
    of ``facts`` (or is among ``given``, the guards the act's input decides); None when it moves nothing.
    Raises KeyError when no row of ``act`` starts at ``stage`` (the act is not accepted there)."""
    rows = [m for m in moves_of(act) if stage in m.source]
    if not rows:
        raise KeyError(f"{act} is not accepted at {stage.value}")
    chosen = set(given)
    for move in rows:
        verdict = holds(move.guard, facts)
        if verdict or (verdict is None and move.guard in chosen):
            return move.to
    return None


def _edges() -> dict[tuple[Stage, Stage], list[str]]:
    edges: dict[tuple[Stage, Stage], list[str]] = {}
    for move in MOVES:
        if move.to is None or move.to in (S.WITHDRAWN, S.DISMISSED):
            continue
        label = move.act if move.guard is G.ALWAYS else f"{move.act} [{move.guard.value}]"
        for source in sorted(move.source, key=list(Stage).index):
            names = edges.setdefault((source, move.to), [])
            if label not in names:
                names.append(label)
    return edges


def mermaid() -> str:
    """The machine as a Mermaid state diagram (the README's): one edge per move, labelled with its acts
    and guards; the side exits as one note."""
    def node(stage: Stage) -> str:
        return stage.value.replace("-", "_")

    lines = ["stateDiagram-v2", f"    [*] --> {node(S.TALLY_ISSUED)}"]
    for (source, to), labels in _edges().items():
        lines.append(f"    {node(source)} --> {node(to)} : {'; '.join(labels)}")
    for stage in sorted(HANDED_ON, key=list(Stage).index):
        lines.append(f"    {node(stage)} --> {node(S.TALLY_ISSUED)} : record-tally [the next election]")
    for stage in sorted(FINAL, key=list(Stage).index):
        lines.append(f"    {node(stage)} --> [*]")
    lines.append(f"    note right of {node(S.TALLY_ISSUED)} : withdraw-petition, dismiss-petition from any stage "
                 "before certified (102.60(a), 102.71)")
    return "\n".join(lines) + "\n"


def ascii_table() -> str:
    """The machine as plain text, one move a line: ``from --act [guard]--> to``."""
    lines = []
    for (source, to), labels in _edges().items():
        lines.append(f"{source.value} --{'; '.join(labels)}--> {to.value}")
    for stage in sorted(HANDED_ON, key=list(Stage).index):
        lines.append(f"{stage.value} --record-tally [the next election]--> {S.TALLY_ISSUED.value}")
    lines.append("any stage before certified --withdraw-petition / dismiss-petition--> withdrawn / dismissed")
    return "\n".join(lines) + "\n"
