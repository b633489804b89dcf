"""The calculators as the API answers them (casefile.calculators: a tally of ballots analyzed, what
``casefile tally analyze`` prints, and one deadline computed from its trigger date, ``casefile
deadlines compute``), from the pure rules without the database. They need an account unless the
application was made with public calculators (a demo instance)."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request

from casefile import calculators
from casefile.acts.base import COUNT_MAX
from casefile.api.auth import MaybeViewer
from casefile.api.common import errors
from casefile.api.models import DeadlineComputationOut, TallyAnalysisOut
from casefile.errors import InvalidTally, NotAuthenticated
from casefile.vocab import DeadlineKind

router = APIRouter(prefix="/calculators", tags=["calculators"])

Votes = Annotated[int, Query(ge=0, le=COUNT_MAX)]


def _allowed(request: Request, viewer: Any) -> None:
    if viewer is None and not getattr(request.app.state, "public_calculators", False):
        raise NotAuthenticated("sign in: send an API token as `Authorization: Bearer cf_...` (the calculators are "
                               "open without one on a demo instance only)")


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
    _allowed(request, viewer)
    for item in choice:
        if len(item) > 300:
            raise InvalidTally(f"choice {item[:60]!r}…: at most 300 characters", line="choices", field="choice")
    answer = calculators.tally_analysis([calculators.parse_choice(c) for c in choice], against=against,
                                        challenged=challenged, void=void, eligible=eligible,
                                        eligible_exact=eligible_exact, runoff_ballot=runoff_ballot)
    return TallyAnalysisOut.model_validate(answer.model_dump())


@router.get("/deadline", response_model=DeadlineComputationOut, responses=errors(401, 422),
            summary="Compute one deadline from its trigger date: due date, cut-off, citation, derivation")
def deadline(request: Request, viewer: MaybeViewer, kind: DeadlineKind,
             trigger: Annotated[date, Query(description="date of the act that starts the chain (the tally, the "
                                                        "hearing officer's report ...)")],
             petition_filed: Annotated[date | None, Query(description="selects the rule set")] = None,
             rule_set: Annotated[str | None, Query(max_length=40, description="pre-2015, 2014-rule, 2019-text, "
                                                                              "2023-rule")] = None,
             region: Annotated[str | None, Query(max_length=20, description="Region number (its main office)")] = None,
             office: Annotated[str | None, Query(max_length=80, description="receiving office: a city or key "
                                                                            "(10-birmingham)")] = None,
             ) -> DeadlineComputationOut:
    _allowed(request, viewer)
    answer = calculators.deadline_answer(kind, trigger, petition_filed=petition_filed, rule_set=rule_set,
                                         region=region, office=office)
    return DeadlineComputationOut.model_validate(answer.model_dump())
