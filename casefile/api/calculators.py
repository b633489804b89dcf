"""The calculators: a tally of ballots analyzed (what ``casefile tally analyze`` prints) and one
deadline computed from its trigger date (``casefile deadlines compute``), from the pure rules
without the database. They need an account unless the application was made with public
calculators (a demo instance)."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request

from casefile.acts.base import COUNT_MAX
from casefile.api.auth import MaybeViewer
from casefile.api.common import errors
from casefile.api.models import DeadlineComputationOut, TallyAnalysisOut
from casefile.errors import InvalidCalendar, InvalidTally, NotAuthenticated, UnknownRegion
from casefile.vocab import DeadlineKind

router = APIRouter(prefix="/calculators", tags=["calculators"])

Votes = Annotated[int, Query(ge=0, le=COUNT_MAX)]


def _allowed(request: Request, viewer: Any) -> None:
    if viewer is None and not getattr(request.app.state, "public_calculators", False):
        raise NotAuthenticated("sign in: send an API token as `Authorization: Bearer cf_...` (the calculators are "
                               "open without one on a demo instance only)")


def parse_choice(text: str) -> tuple[str, int]:
    """One ``choice`` value ``NAME=VOTES`` (the last ``=`` splits), e.g. ``RWDSU=875``. Raises
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


@router.get("/tally", response_model=TallyAnalysisOut, responses=errors(401, 422),
            summary="Analyze a tally of ballots: lines 6-10, outcome, what each outcome needs from the challenges")
def tally(request: Request, viewer: MaybeViewer,
          choice: Annotated[list[str], Query(min_length=1, max_length=20,
                                             description="a labor organization and its votes, NAME=VOTES, in ballot "
                                                         "order (repeat: ?choice=RWDSU=875)")],
          against: Annotated[int | None, Query(ge=0, le=COUNT_MAX, description="votes against (omit only on a runoff "
                                                                                "ballot between two unions)")] = None,
          challenged: Votes = 0, void: Votes = 0,
          eligible: Annotated[int | None, Query(ge=0, le=COUNT_MAX)] = None,
          eligible_exact: bool = False, runoff_ballot: bool = False) -> TallyAnalysisOut:
    from casefile.rules.challenge_analysis import analyze_challenges
    from casefile.rules.tally import TallyCounts, analyze_tally

    _allowed(request, viewer)
    for item in choice:
        if len(item) > 300:
            raise InvalidTally(f"choice {item[:60]!r}…: at most 300 characters", line="choices", field="choice")
    counts = TallyCounts(choices=tuple(parse_choice(c) for c in choice), against=against, challenged=challenged,
                         void=void, eligible=eligible, eligible_exact=eligible_exact, runoff_ballot=runoff_ballot)
    analysis = analyze_tally(counts)

    def pair(outcome: Any) -> list[str] | None:
        return list(outcome.runoff_choices) if outcome.runoff_choices is not None else None

    def figure(x: Any) -> dict[str, Any] | None:
        return None if x is None else {"count": x.count, "of": x.of, "distribution": dict(x.distribution)}

    return TallyAnalysisOut.model_validate({
        "valid": analysis.valid, "valid_plus_challenged": analysis.valid_plus_challenged,
        "ballots_cast": analysis.ballots_cast, "determinative": analysis.determinative,
        "outcome": str(analysis.outcome.kind), "outcome_text": analysis.outcome.describe(),
        "winner": analysis.outcome.winner, "runoff_choices": pair(analysis.outcome),
        "majority_for": analysis.majority_for,
        "reachable": [{"outcome": str(o.kind), "winner": o.winner, "runoff_choices": pair(o)} for o in analysis.reachable],
        "warnings": list(analysis.warnings),
        "challenge_analysis": [{"outcome": str(r.outcome.kind), "winner": r.outcome.winner, "runoff_choices": pair(r.outcome),
                                "fewest_needed": figure(r.fewest_needed), "all_opened": figure(r.all_opened),
                                "sentence": r.sentence} for r in analyze_challenges(counts)],
    })


@router.get("/deadline", response_model=DeadlineComputationOut, responses=errors(401, 422),
            summary="Compute one deadline from its trigger date: due date, cut-off, citation, derivation")
def deadline(request: Request, viewer: MaybeViewer, kind: DeadlineKind,
             trigger: Annotated[date, Query(description="date of the act that starts the chain (the tally, the "
                                                        "hearing officer's report ...)")],
             petition_filed: Annotated[date | None, Query(description="selects the rule set (R-A1)")] = None,
             rule_set: Annotated[str | None, Query(max_length=40, description="pre-2015, 2014-rule, 2019-text, "
                                                                              "2023-rule")] = None,
             region: Annotated[str | None, Query(max_length=20, description="Region number (its main office)")] = None,
             office: Annotated[str | None, Query(max_length=80, description="receiving office: a city or key "
                                                                            "(10-birmingham)")] = None,
             ) -> DeadlineComputationOut:
    from casefile.rules.calendar import KNOWN_CLOSURES, BusinessCalendar
    from casefile.rules.deadlines import compute_deadline
    from casefile.rules.offices import BOARD_OFFICE, office_for, office_named
    from casefile.rules.rule_sets import CURRENT_RULE_SET_ID, rule_set_by_id, rule_set_for

    _allowed(request, viewer)
    notes: list[str] = []
    chosen = rule_set_by_id(rule_set) if rule_set is not None else None
    if petition_filed is not None:
        by_date = rule_set_for(petition_filed)
        if chosen is not None and chosen.id != by_date.id:
            raise InvalidCalendar(f"rule_set {chosen.id} disagrees with petition_filed {petition_filed}, which selects "
                                  f"{by_date.id} (R-A1)", field="rule_set")
        chosen = by_date
    elif chosen is None:
        chosen = rule_set_by_id(CURRENT_RULE_SET_ID)
        notes.append(f"petition filing date not given: assuming the current rule ({chosen.id}); give petition_filed "
                     "for older cases (R-A1)")
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
    return DeadlineComputationOut.model_validate({**result.to_dict(), "notes": notes})
