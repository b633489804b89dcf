"""Performing an act: ``POST /cases/{number}/acts`` with the act model as the body (the shape of a
scenario event, validated as casefile.acts.parse_act validates it).

The act commits in the request (casefile.accounts.acting.perform_as: the user's role decides
whether it is performed or recorded; casefile.app.perform with documents deferred) and answers
201 with the ActResult (200 when the act was already recorded: nothing new stored). Its documents
(``pending``) are issued after the answer by the ``on_committed(entry_id, as_of)`` hook the
application was made with (by default, in a background task of this process: casefile.app.
issue_for_entry; ``casefile serve`` points it at a Prefect flow run of flows.act.act_flow). An
``Idempotency-Key`` header makes a retry return the first answer (casefile.api.idempotency), once
the user's current rights are asked again: a user demoted since gets the refusal a new request
would get.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, BackgroundTasks, Body, Header, Query, Request
from fastapi.responses import JSONResponse

from casefile.acts import ActIn, act_union
from casefile.api.auth import Viewer
from casefile.api.cases import AsOf, CaseNumber
from casefile.api.common import base, errors, moment
from casefile.api.models import ActOut, PermittedAct, act_out

log = logging.getLogger("casefile.api")
router = APIRouter(tags=["acts"])

#: The union of the act models, discriminated on ``act`` (given to Body below: FastAPI keeps the
#: outer FieldInfo of a body, so the discriminator is said there).
ActBody = act_union().__origin__
OnCommitted = Callable[[int, datetime], Any]


def issue_in_process(entry_id: int, as_of: datetime) -> None:
    """The default ``on_committed``: issue the act's documents here (casefile.app.issue_for_entry).
    A document that cannot be issued is logged; issuing again later completes the act."""
    from casefile import app

    app.issue_for_entry(entry_id, as_of=as_of)


def _run_hook(hook: OnCommitted, entry_id: int, as_of: datetime) -> None:
    try:
        hook(entry_id, as_of)
    except Exception:  # the act is recorded; its documents can be issued again
        log.exception("issuing the documents of docket entry %s failed", entry_id)


@router.get("/cases/{number}/acts", response_model=list[PermittedAct], responses=errors(401, 404, 422),
            summary="The acts the user may do on the case now (by role, party and the case's stage)")
def list_acts(number: CaseNumber, viewer: Viewer, as_of: AsOf = None) -> list[PermittedAct]:
    """What ``POST /cases/{number}/acts`` would not refuse now for the user's role and party nor for
    the stage (casefile.app.permitted_acts: each act's own stage rule). Empty for a viewer."""
    from casefile import app
    from casefile.record.db import read_session
    from casefile.record.queries import visible_case

    with read_session() as session:  # a case the user may not see: 404 before its zone is read
        visible_case(session, number, viewer)
    return [PermittedAct(act=p.act, mode=p.mode, parties=list(p.parties))
            for p in app.permitted_acts(number, viewer=viewer, as_of=moment(as_of, case_number=number))]


@router.post("/cases/{number}/acts", status_code=201, response_model=ActOut,
             responses={200: {"model": ActOut, "description": "The act was already recorded (nothing new stored), "
                                                               "or the first answer to this Idempotency-Key"},
                        **errors(401, 403, 404, 409, 422)},
             summary="Perform (or record) an act on the case; its documents are issued after the answer")
def post_act(request: Request, background: BackgroundTasks, number: CaseNumber, viewer: Viewer,
             act: Annotated[ActBody, Body(discriminator="act",  # type: ignore[valid-type]
                                          description="The act: the shape of a scenario event "
                                                      "(docs/scenario-format.md), with `act` naming it")],
             idempotency_key: Annotated[str | None, Header(alias="Idempotency-Key", max_length=255,
                                                           description="A retry with the same key gets the first "
                                                                       "answer")] = None,
             as_of: AsOf = None,
             party: Annotated[str | None, Query(max_length=40, description="open-case: the party your organization "
                                                                            "represents in the case")] = None,
             ) -> JSONResponse:
    from casefile.accounts.acting import no_nul, perform_as
    from casefile.api import idempotency

    act_in: ActIn = act  # the body validated as one of the act models
    content = act_in.model_dump(mode="json", by_alias=True)
    no_nul(content)
    when = moment(as_of, case_number=None if act_in.act_name == "open-case" else number)
    hook: OnCommitted = getattr(request.app.state, "on_committed", None) or issue_in_process
    key = idempotency.check_key(idempotency_key) if idempotency_key is not None else None
    request_hash = idempotency.fingerprint(number, content)
    if key is not None and (first := idempotency.stored(viewer.user_id, key, request_hash)) is not None:
        from casefile.accounts.acting import authorized_mode

        authorized_mode(viewer, act_in, case_number=number)  # the user's rights now, not when it was first sent
        status, body = first
        if body.get("pending"):
            background.add_task(_run_hook, hook, int(body["entry_id"]), when)
        return JSONResponse(body, status_code=status, headers={"Idempotent-Replayed": "true"})
    result = perform_as(viewer, act_in, case_number=number, as_of=when, party=party, documents="defer")
    body = act_out(result, base(request)).model_dump(mode="json")
    status = 200 if result.repeated else 201
    if key is not None:
        status, body = idempotency.store(viewer.user_id, key, request_hash, status, body, as_of=when)
    if result.pending:
        background.add_task(_run_hook, hook, result.entry_id, when)
    return JSONResponse(body, status_code=status)
