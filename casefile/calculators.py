"""The calculators, on the pure rules and without the database: a tally of ballots analyzed (what
``casefile tally analyze`` prints) and one deadline computed from its trigger date (``casefile
deadlines compute``). The API publishes these answers (casefile.api.calculators: its answer models
are these) and the web pages show them (casefile.web.calculator_pages); neither composes the rules
itself, nor calls the other.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any

from pydantic import BaseModel, ConfigDict, create_model

from casefile.acts.base import COUNT_MAX
from casefile.errors import InvalidCalendar, InvalidTally, UnknownRegion
from casefile.vocab import DeadlineKind


class Answer(BaseModel):
    model_config = ConfigDict(populate_by_name=True, frozen=True)


class Requirement(Answer):
    count: int
    of: int
    distribution: dict[str, int]


class OutcomeNeed(Answer):
    """What one reachable outcome needs from the challenged ballots (R-E3, R-E5, R-E7)."""

    outcome: str
    winner: str | None
    runoff_choices: list[str] | None
    fewest_needed: Requirement | None
    all_opened: Requirement | None
    sentence: str


class ReachableOut(Answer):
    outcome: str
    winner: str | None
    runoff_choices: list[str] | None


#: The fields of the rules' analysis (casefile.rules.tally.TallyAnalysis) the answer carries as they are: same
#: name, same type (its tuples answered as JSON arrays).
AS_IN_THE_RULES = ("valid", "valid_plus_challenged", "ballots_cast", "determinative", "majority_for", "warnings")


def _answer_fields() -> dict[str, Any]:
    """The answer's fields in the order it answers them: the rules' own (AS_IN_THE_RULES, their types read from
    the rules' model, so a change there changes the answer) and those the answer writes out for JSON."""
    from typing import get_type_hints

    from casefile.rules.tally import TallyAnalysis as RulesTallyAnalysis

    rules = get_type_hints(RulesTallyAnalysis)
    written: dict[str, Any] = {
        "outcome": str, "outcome_text": str, "winner": str | None, "runoff_choices": list[str] | None,
        "reachable": list[ReachableOut], "challenge_analysis": list[OutcomeNeed]}
    order = ("valid", "valid_plus_challenged", "ballots_cast", "determinative", "outcome", "outcome_text", "winner",
             "runoff_choices", "majority_for", "reachable", "warnings", "challenge_analysis")
    return {name: ((rules[name] if name in AS_IN_THE_RULES else written[name]), ...) for name in order}


TallyAnswer = create_model(
    "TallyAnswer", __base__=Answer, __module__=__name__,
    __doc__="""The tally calculator's answer (the shape of ``casefile tally analyze --json`` and of the API's
    ``GET /calculators/tally``): lines 6-10, ballots cast, the outcome, what is reachable, warnings, and what each
    reachable outcome needs.

    Derived from the rules' model (casefile.rules.tally.TallyAnalysis), not a second one: the fields in
    AS_IN_THE_RULES are the rules' own. It differs where JSON needs a plain shape: no ``counts`` (the question
    asked, not the answer), an outcome as its kind's name with ``outcome_text``, ``winner`` and
    ``runoff_choices`` beside it rather than an Outcome object, the reachable outcomes likewise, and
    ``challenge_analysis`` (casefile.rules.challenge_analysis), which the rules compute apart.""",
    **_answer_fields())
class SkippedDay(Answer):
    on: date
    reason: str


class DeadlineAnswer(Answer):
    """The deadline calculator's answer (the shape of ``casefile deadlines compute --json``):
    ``cutoff_at`` with the receiving office's UTC offset; ``preceding`` the period it runs from."""

    kind: str
    trigger_on: date
    due_on: date
    cutoff_at: str
    citation: str
    rule_set: str
    office: str
    office_tz: str
    calendar: str
    skipped: list[SkippedDay]
    derivation: list[str]
    preceding: DeadlineAnswer | None
    tolled: dict[str, Any] | None
    notes: list[str] = []


def parse_choice(text: str) -> tuple[str, int]:
    """One choice written ``NAME=VOTES`` (the last ``=`` splits), e.g. ``RWDSU=875``. Raises
    InvalidTally (field ``choice``)."""
    name, sep, votes = text.rpartition("=")
    name = name.strip()
    if not sep or not name:
        raise InvalidTally(f"choice {text[:80]!r}: expected NAME=VOTES, e.g. RWDSU=875", line="choices", field="choice")
    digits = votes.strip().replace(",", "")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 9:
        raise InvalidTally(f"choice {text[:80]!r}: votes for {name[:80]} must be a whole number from 0 to {COUNT_MAX:,}",
                           line="choices", field="choice")
    return name, int(digits)


def tally_analysis(choices: Sequence[tuple[str, int]], *, against: int | None, challenged: int = 0, void: int = 0,
                   eligible: int | None = None, eligible_exact: bool = False,
                   runoff_ballot: bool = False) -> Any:
    """The analysis of a tally whose labor organizations got ``choices`` (name, votes; in ballot
    order), a :data:`TallyAnswer`. Raises InvalidTally (the line at fault named)."""
    from casefile.rules.challenge_analysis import analyze_challenges
    from casefile.rules.tally import TallyCounts, analyze_tally

    counts = TallyCounts(choices=tuple(choices), against=against, challenged=challenged, void=void, eligible=eligible,
                         eligible_exact=eligible_exact, runoff_ballot=runoff_ballot)
    analysis = analyze_tally(counts)

    def pair(outcome: Any) -> list[str] | None:
        return list(outcome.runoff_choices) if outcome.runoff_choices is not None else None

    def figure(x: Any) -> dict[str, Any] | None:
        return None if x is None else {"count": x.count, "of": x.of, "distribution": dict(x.distribution)}

    return TallyAnswer.model_validate({
        **{name: getattr(analysis, name) for name in AS_IN_THE_RULES},
        "outcome": str(analysis.outcome.kind), "outcome_text": analysis.outcome.describe(),
        "winner": analysis.outcome.winner, "runoff_choices": pair(analysis.outcome),
        "reachable": [{"outcome": str(o.kind), "winner": o.winner, "runoff_choices": pair(o)} for o in analysis.reachable],
        "challenge_analysis": [{"outcome": str(r.outcome.kind), "winner": r.outcome.winner, "runoff_choices": pair(r.outcome),
                                "fewest_needed": figure(r.fewest_needed), "all_opened": figure(r.all_opened),
                                "sentence": r.sentence} for r in analyze_challenges(counts)],
    })


def deadline_answer(kind: DeadlineKind, trigger: date, *, petition_filed: date | None = None,
                    rule_set: str | None = None, region: str | None = None, office: str | None = None) -> DeadlineAnswer:
    """One deadline of ``kind`` from ``trigger``, on the known closures: the rule set chosen by the
    petition's date (or named; the current one, said so, without either, R-A1); the receiving office
    by Region and office, or the Board's for a period filed with the Board. Raises InvalidCalendar
    (a rule set that disagrees with the petition's date), UnknownRegion (a Regional Office's period
    without its Region)."""
    from casefile.rules.calendar import KNOWN_CLOSURES, BusinessCalendar
    from casefile.rules.deadlines import compute_deadline
    from casefile.rules.offices import BOARD_OFFICE, office_for, office_named
    from casefile.rules.rule_sets import CURRENT_RULE_SET_ID, rule_set_by_id, rule_set_for

    notes: list[str] = []
    chosen = rule_set_by_id(rule_set) if rule_set is not None else None
    if petition_filed is not None:
        by_date = rule_set_for(petition_filed)
        if chosen is not None and chosen.id != by_date.id:
            raise InvalidCalendar(f"rule_set {chosen.id} disagrees with petition_filed {petition_filed}, which selects "
                                  f"{by_date.id} (the rules that apply follow the date the petition was filed)", field="rule_set")
        chosen = by_date
    elif chosen is None:
        chosen = rule_set_by_id(CURRENT_RULE_SET_ID)
        notes.append(f"petition filing date not given: assuming the current rule ({chosen.id}); give petition_filed "
                     "for older cases")
    if region is not None:
        where = office_for(region, office)
    elif office is not None:
        where = office_named(office)
    else:
        step: DeadlineKind | None = kind
        while step is not None:
            period = chosen.period(step)
            if period.receiving != "board":
                raise UnknownRegion(f"{kind.value}: filed with the Regional Office, so give region (and office), "
                                    "e.g. region=10&office=Birmingham", field="region")
            step = period.runs_from
        where = BOARD_OFFICE
    result = compute_deadline(kind, trigger, rule_set=chosen, calendar=BusinessCalendar(list(KNOWN_CLOSURES)),
                              office=where)
    return DeadlineAnswer.model_validate({**result.to_dict(), "notes": notes})
