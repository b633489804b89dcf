"""The election's stages in words: one table, from which every stage refusal is phrased.

Each stage has its name (the status report's "Stage" row, the web's pages), what it means now (with the
period that runs in it, whose date the refusal gives when the record holds one) and what moves the election
on from it (the moves of casefile.rules.stages, told). :func:`stage_refusal` phrases a refusal of an act at a
stage that does not accept it: why in words, and when the act becomes available — never a stage's slug.

Authority: rules.md §4 (the state diagram); 29 CFR 102.69, 102.70, 102.67.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date
from typing import TYPE_CHECKING

from casefile.vocab import DeadlineKind, Stage

if TYPE_CHECKING:
    from casefile.rules.deadline_state import DeadlineState

__all__ = ["ACT_WORDS", "STAGE_NAMES", "STAGE_WORDS", "WAITING_FOR", "StageWords", "guard_refusal", "moves_on",
           "stage_refusal", "stage_words_at"]

S = Stage


@dataclass(frozen=True)
class StageWords:
    """A stage in words: ``name`` (a title, "Certification due"); ``now`` what holds while the election is
    there (a clause, "the objection period on the revised tally is running"); ``period`` the period that runs
    in it, and ``until`` the clause with its date (``{until}``: "runs until Tuesday, May 4, 2021") said
    instead of ``now`` when the record holds it; ``then`` what moves the election on from it (a sentence).
    ``ended_name``, ``ended_now`` and ``ended_until``: the same once that period has ended at the instant asked
    about (its cut-off passed, or closed), though the election is still at the stage until the sweep or an act
    moves it (:func:`stage_words_at`); empty for a stage with no period."""

    name: str
    now: str
    then: str
    period: DeadlineKind | None = None
    until: str = ""
    ended_name: str = ""
    ended_now: str = ""
    ended_until: str = ""


_AFTER_PERIOD = ("when that period ends with no objections filed, the election moves on to what the {count} calls for (the "
                 "certification, or the runoff election); objections filed in it are decided first")

#: Every stage in words (rules.md §4).
STAGE_WORDS: dict[Stage, StageWords] = {
    S.TALLY_ISSUED: StageWords(
        "Tally of Ballots issued; objection period running", "the objection period on the tally is running",
        _AFTER_PERIOD.format(count="tally"), DeadlineKind.OBJECTIONS, "the objection period on the tally runs until {until}",
        "Tally of Ballots issued; objection period ended", "the objection period on the tally has ended",
        "the objection period on the tally ended on {until}"),
    S.OBJECTIONS_PENDING: StageWords(
        "Objections pending before the Regional Director", "objections are pending before the Regional Director",
        "the Regional Director's notice of hearing, order consolidating the case or decision on the objections moves "
        "the election on"),
    S.CHALLENGE_INVESTIGATION: StageWords(
        "Challenged ballots under investigation", "the determinative challenged ballots are under investigation",
        "the Regional Director's ruling on them, a notice of hearing or the revised tally of the ballots opened moves "
        "the election on"),
    S.CERTIFICATION_DUE: StageWords(
        "Certification due", "the certification is due", "the certification moves the election on"),
    S.RUNOFF_DUE: StageWords(
        "Runoff election due", "the runoff election (or the new election a nullity calls for) is due to be directed",
        "the direction of the runoff moves the election on"),
    S.HEARING_NOTICED: StageWords(
        "Hearing noticed", "the hearing is noticed and has not opened", "the hearing's opening moves the election on"),
    S.HEARING_OPEN: StageWords(
        "Hearing open", "the hearing is open", "the close of the hearing or the Hearing Officer's report moves the election on"),
    S.HEARING_CLOSED: StageWords(
        "Hearing closed; report awaited", "the hearing is closed and the Hearing Officer's report is awaited",
        "the Hearing Officer's report moves the election on"),
    S.HO_REPORT_ISSUED: StageWords(
        "Hearing Officer's report issued", "the Hearing Officer's report has issued and exceptions may be filed",
        "exceptions, or the Regional Director's decision, move the election on", DeadlineKind.EXCEPTIONS,
        "the Hearing Officer's report has issued and exceptions may be filed until {until}",
        "Hearing Officer's report issued", "the Hearing Officer's report has issued and the time for exceptions has ended",
        "the Hearing Officer's report has issued and the time for exceptions ended on {until}"),
    S.EXCEPTIONS_PENDING: StageWords(
        "Exceptions to the Hearing Officer's report pending",
        "exceptions to the Hearing Officer's report await the Regional Director's decision",
        "the Regional Director's decision moves the election on"),
    S.ALJ_CONSOLIDATED: StageWords(
        "Consolidated for hearing before an Administrative Law Judge",
        "the objections are consolidated for hearing before an Administrative Law Judge",
        "the Administrative Law Judge's decision moves the election on"),
    S.ALJ_DECISION_ISSUED: StageWords(
        "Administrative Law Judge's decision issued", "the Administrative Law Judge's decision has issued",
        "the decision on exceptions to it (or the Regional Director's, in a consent election) moves the election on"),
    S.RD_DECISION: StageWords(
        "Regional Director's decision issued", "the Regional Director's decision has issued",
        "what the decision calls for moves the election on: the certification, the runoff, or — while determinative challenged "
        "ballots are pending — the ruling on them, their hearing or the revised tally of those opened"),
    S.REVISED_TALLY_ISSUED: StageWords(
        "Revised Tally of Ballots issued", "the objection period on the revised tally is running",
        _AFTER_PERIOD.format(count="revised tally"), DeadlineKind.REVISED_TALLY_OBJECTIONS,
        "the objection period on the revised tally runs until {until}",
        "Revised Tally of Ballots issued", "the objection period on the revised tally has ended",
        "the objection period on the revised tally ended on {until}"),
    S.CERTIFIED: StageWords(
        "Certified", "the election is certified",
        "a request for review (where the Board reviews the Regional Director), or the end of its period, moves the election on"),
    S.RFR_PENDING: StageWords(
        "Request for review pending before the Board", "a request for review is pending before the Board",
        "the Board's ruling moves the election on"),
    S.SET_ASIDE: StageWords(
        "Set aside", "the election was set aside", "the direction of a new election moves the election on"),
    S.RERUN_DIRECTED: StageWords(
        "Set aside; a new election directed", "the election was set aside and a new election directed",
        "the next acts are on the new election, from its Tally of Ballots"),
    S.RUNOFF_DIRECTED: StageWords(
        "Runoff election directed", "a runoff election was directed",
        "the next acts are on the runoff election, from its Tally of Ballots"),
    S.CLOSED: StageWords(
        "Closed", "the election is closed (certified, with no review pending)", "no act moves the election on"),
    S.WITHDRAWN: StageWords("Petition withdrawn", "the petition was withdrawn", "no act moves the election on"),
    S.DISMISSED: StageWords(
        "Petition dismissed", "the petition was dismissed", "a request for review of the dismissal is what remains"),
}

#: What an election at each stage waits for when no party's act moves it on: the Agency's act (the Regional
#: Director's, the hearing's, an Administrative Law Judge's, the Board's), in words (the case page's "Waiting
#: for …"). A stage not here waits on a party's act or on nothing (rules.md §4; 102.69(b)-(e), 102.67, 102.70).
WAITING_FOR: dict[Stage, str] = {
    S.OBJECTIONS_PENDING: "the Regional Director's decision on the objections (or a notice of hearing, or an order "
                          "consolidating them with an unfair labor practice case)",
    S.CHALLENGE_INVESTIGATION: "the Regional Director's ruling on the determinative challenged ballots (or a notice of "
                               "hearing on them)",
    S.CERTIFICATION_DUE: "the Regional Director's certification",
    S.RUNOFF_DUE: "the Regional Director's direction of the runoff election",
    S.HEARING_NOTICED: "the hearing to open",
    S.HEARING_OPEN: "the close of the hearing and the Hearing Officer's report",
    S.HEARING_CLOSED: "the Hearing Officer's report",
    S.EXCEPTIONS_PENDING: "the Regional Director's decision on the exceptions",
    S.ALJ_CONSOLIDATED: "the Administrative Law Judge's decision",
    S.RD_DECISION: "what the Regional Director's decision calls for (the certification, the runoff, or the ruling on "
                   "the challenged ballots still pending, their hearing or their count)",
    S.RFR_PENDING: "the Board's ruling on the request for review",
    S.SET_ASIDE: "the Regional Director's direction of a new election",
}

#: Each stage of an election in words (the status report's "Stage" row; the web's pages).
STAGE_NAMES: dict[Stage, str] = {stage: words.name for stage, words in STAGE_WORDS.items()}


def stage_words_at(stage: Stage | str, periods: Iterable[tuple[DeadlineKind | str, DeadlineState]] = ()) -> StageWords:
    """The words of ``stage`` (the enum or its value) at the instant its periods' states were asked for:
    ``periods`` the election's deadlines as (kind, state) pairs, each state
    :func:`casefile.rules.deadline_state.state_at`'s at that one instant (asked with no viewer's own filing:
    the period as it runs for all parties). When the stage has a period (the objection period on the tally
    or the revised tally, the time for exceptions to the report), that period's deadlines are among
    ``periods``, none of them open and not all of them yet to start, the period has ended: the stage's
    ``ended_*`` words are said as its ``name``, ``now`` and ``until`` (a lapsed period is never "running",
    whatever the stored status says before the scheduled sweep moves the election). Otherwise — no period, or
    none of its deadlines given, or one of them open — the table's words. Raises ValueError for a value that
    is no stage or kind. Authority: 29 CFR 102.2(b) (due on or before the last day), 102.69(a)(8), (c)(1)(iii);
    rules.md §4."""
    from casefile.rules.deadline_state import NOT_STARTED

    words = STAGE_WORDS[Stage(stage)]
    if words.period is None or not words.ended_now:
        return words
    states = [state for kind, state in periods if DeadlineKind(kind) is words.period]
    if not states or any(s.open for s in states) or all(s.status == NOT_STARTED for s in states):
        return words
    return replace(words, name=words.ended_name or words.name, now=words.ended_now, until=words.ended_until)


def conditional_stage_words(condition: str) -> StageWords:
    """The words of a rerun directed on ``condition`` (NO_UNION_MAJORITY, UNION_MAJORITY) while the revised tally that
    decides it is not in: set aside only if that count meets the condition — not "set aside; a new election directed"
    outright. Raises ValueError for an unknown condition. Authority: 29 CFR 102.69(e); rules.md R-M2, R-M4;
    Cornell-Dubilier Electric Corp., 117 NLRB 358 (1957)."""
    from casefile.rules.conditional_rerun import condition_shows

    shows = condition_shows(condition)
    return StageWords(
        "Set aside on a condition; the revised tally decides",
        f"the election is set aside and a new election directed only if the revised tally of the challenged ballots {shows}",
        "the revised tally of the challenged ballots ordered opened and counted moves the election on (casefile "
        "challenges open): the new election's Tally of Ballots follows only if it meets the condition")


#: The acts that move an election on from a stage that hands the case on while a conditional direction waits, in
#: words with the command that records each (a refusal's advice, moves_on).
ACT_WORDS: dict[str, str] = {
    "revised-tally": "the revised tally of the challenged ballots ordered opened and counted (casefile challenges open)",
}


def moves_on(stage: Stage, *, condition_pending: bool = False, words: StageWords | None = None) -> tuple[str, str]:
    """What holds at ``stage`` and what moves the election on from it, in words (``now``, ``then``): STAGE_WORDS' —
    except at a stage that hands the case on to the next election (a rerun directed) while the direction made on a
    condition still waits on the count (``condition_pending``): then the acts are those the table (casefile.rules.
    stages.MOVES) moves on from that stage within this election — the revised tally — and the next election's Tally
    of Ballots follows only once that count meets the condition. ``words``: the stage's words as said now
    (stage_words_at; default STAGE_WORDS'). Authority: 29 CFR 102.69(e); rules.md §4, R-M4."""
    from casefile.rules.stages import HANDED_ON, MOVES

    words = words if words is not None else STAGE_WORDS[stage]
    if not condition_pending or stage not in HANDED_ON:
        return words.now, words.then
    acts = dict.fromkeys(m.act for m in MOVES if stage in m.source and m.to not in (None, S.WITHDRAWN, S.DISMISSED))
    named = [ACT_WORDS.get(act, act) for act in acts]
    return (f"{words.now} on a condition the revised tally of the challenged ballots decides",
            f"{_either(named)} moves the election on; the new election's Tally of Ballots follows only if "
            "that count meets the condition (29 CFR 102.69(e))")


def _long(day: date) -> str:
    from casefile.rules.calendar import weekday_date

    return weekday_date(day)


def _first_upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def stage_refusal(what: str, *, sequence: int, stage: Stage, accepted: Iterable[Stage],
                  until: date | None = None, act: str | None = None,
                  periods: Iterable[tuple[DeadlineKind | str, DeadlineState]] = (), condition_pending: bool = False) -> str:
    """Why ``what`` (the act as a noun phrase: "certification", "an order to count ballots excluded at the
    count") is refused in election ``sequence`` at ``stage``, and when it becomes available, in words from
    STAGE_WORDS: what holds now (the period's last day ``until`` when given), the stages that accept it (in
    the procedure's order; with ``act``, the table's act, those where a condition of its rows must also hold
    are told with that condition) and what moves the election on from here (moves_on: with ``condition_pending``, a
    conditional direction waiting on the count, the revised tally) — or that nothing leads back there in this
    election. ``periods``: the election's deadlines with their states at the act's instant
    (:func:`stage_words_at`: a period whose cut-off has passed is said ended, never running). Authority: rules.md §4."""
    words = stage_words_at(stage, periods)
    now, then = moves_on(stage, condition_pending=condition_pending, words=words)
    now = words.until.format(until=_long(until)) if until is not None and words.until else now
    order = list(Stage)
    targets = set(accepted)
    names = [f"“{STAGE_NAMES[s]}”" for s in sorted(targets, key=order.index)]
    if not names:
        when = f"{_first_upper(what)} is not available at any stage of an election."
    else:
        parts = _available(act, stage) if act is not None else []
        when = f"{_first_upper(what)} becomes available " + ("; ".join(parts) if parts else
                                                             f"when the election is at {_either(names)}")
        if not _reaches(stage, targets):  # what moves the election on from here never leads there
            when += "; it does not come back to those stages from here in this election."
        else:
            when += f"; {then}." if then else "."
    return f"{_first_upper(what)} is not available now in election {sequence}: {now}. {when}"


def _either(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" or {names[-1]}"


def _reaches(stage: Stage, targets: set[Stage]) -> bool:
    """Whether some sequence of the table's moves takes an election at ``stage`` to one of ``targets`` (the
    next election excepted: a rerun's or runoff's own tally starts its own machine)."""
    from casefile.rules.stages import transitions

    moves = transitions()
    seen, todo = {stage}, [stage]
    while todo:
        for nxt in moves[todo.pop()] - {S.WITHDRAWN, S.DISMISSED}:
            if nxt in targets:
                return True
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return False


def _available(act: str, stage: Stage) -> list[str]:
    """Where ``act`` becomes available, from its rows of the one table: the stages where it needs nothing more
    ("at “Certified” or “Closed”"), then each condition of its rows with the stages it opens ("here and at 7
    other stages while …"); ``stage`` itself is never listed as if the act were available there."""
    from casefile.rules.stages import AVAILABILITY_GUARDS, Guard, moves_of

    order = list(Stage)
    rows = moves_of(act)
    free = sorted({s for m in rows if m.guard not in AVAILABILITY_GUARDS for s in m.source} - {stage}, key=order.index)
    parts = [f"at {_either([f'“{STAGE_NAMES[s]}”' for s in free])}"] if free else []
    for guard in dict.fromkeys(m.guard for m in rows if m.guard in AVAILABILITY_GUARDS):
        where = sorted({s for m in rows if m.guard is guard for s in m.source}, key=order.index)
        others = [s for s in where if s is not stage]
        if len(others) > 3:
            at = ("here and at " if stage in where else "at ") + f"{len(others)} other stages"
        else:
            named = [f"“{STAGE_NAMES[s]}”" for s in others]
            at = ("here" + (f" and at {_either(named)}" if named else "")) if stage in where else f"at {_either(named)}"
        parts.append(f"{at} {'while' if guard is Guard.PERIOD_RUNNING else 'once'} {guard.value}")
    return parts


def guard_refusal(what: str, *, sequence: int, stage: Stage, act: str, reason: str = "",
                  periods: Iterable[tuple[DeadlineKind | str, DeadlineState]] = ()) -> str:
    """Why ``what`` (the act ``act`` as a noun phrase) is refused in election ``sequence`` at ``stage``, a stage
    whose rows of the one table (casefile.rules.stages) accept it, when none of their guards holds: what holds
    now, the condition that failed in words (``reason``, the act's own account of it, when given; else the
    rows' guards), and where it becomes available (the stages where it needs nothing more, then each
    condition with the stages it opens). ``periods``: the election's deadlines with their states at the act's
    instant (:func:`stage_words_at`: the stage's period said ended, never running, past its cut-off).
    Authority: rules.md §4."""
    from casefile.rules.stages import AVAILABILITY_GUARDS, moves_of

    here = [g for g in dict.fromkeys(m.guard for m in moves_of(act) if stage in m.source) if g in AVAILABILITY_GUARDS]
    failed = reason or ("here it is done only when " + " or ".join(g.value for g in here) if here else
                        "what it needs of the record at this stage is not there")
    parts = _available(act, stage)
    when = (f" {_first_upper(what)} becomes available " + "; ".join(parts) + ".") if parts else ""
    return f"{_first_upper(what)} is not available now in election {sequence}: {stage_words_at(stage, periods).now}, and {failed}.{when}"
