"""Performing an act: ``POST /cases/{number}/acts`` with the act model as the body (the shape of a
scenario event, validated as casefile.acts.parse_act validates it) — as JSON, or, for an act with
files, as ``multipart/form-data``: the act as the JSON part ``act`` and each file as a part named
after its field (``received`` for the documents received), streamed and size-limited after the
user is authenticated (:func:`act_sent`, casefile.http.uploads). No route takes a server path.

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
from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, BackgroundTasks, Depends, Header, Query, Request
from fastapi.responses import JSONResponse

from casefile.acts import ActIn, act_adapter, act_union, models
from casefile.api.auth import Db, Viewer
from casefile.api.cases import AsOf, CaseNumber
from casefile.api.common import base, errors, moment
from casefile.api.models import ActOut, PermittedAct, act_out
from casefile.errors import BadInput
from casefile.record.uploads import NO_UPLOADS, Uploads

log = logging.getLogger("casefile.api")
router = APIRouter(tags=["acts"])

#: The union of the act models, discriminated on ``act``: the body is read by :func:`act_sent` (a
#: JSON act, or multipart with its files), validated here.
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
def list_acts(number: CaseNumber, viewer: Viewer, db: Db, as_of: AsOf = None) -> list[PermittedAct]:
    """What ``POST /cases/{number}/acts`` would not refuse now for the user's role and party nor for
    the stage (casefile.app.permitted_acts: each act's own stage rule). Empty for a viewer."""
    from casefile import app
    from casefile.record.queries import visible_case

    with db.read() as session:  # a case the user may not see: 404 before its zone is read
        visible_case(session, number, viewer)
    return [PermittedAct(act=p.act, mode=p.mode, parties=list(p.parties))
            for p in app.permitted_acts(number, viewer=viewer, as_of=moment(as_of, case_number=number))]


@dataclass(frozen=True)
class ActSent:
    """The body of ``POST /cases/{number}/acts`` as read: the act and the files uploaded with it."""

    act: ActIn
    uploads: Uploads


async def act_sent(request: Request) -> ActSent:
    """The act of the request's body — a JSON act, or a ``multipart/form-data`` body with the act
    as the JSON part ``act`` and its files (each part named after the act field it fills, and
    ``received`` for the documents received; docs/api.md) — read only once the user is known (a
    dependency after ``Viewer``). Each file is held to CASEFILE_UPLOAD_MAX_BYTES as it streams in
    and checked (a real PDF); its ref (``sha256:<hex>``) is put in the act's field. Raises
    RequestValidationError (invalid-json / invalid-act), UploadRefused, BadInput."""
    from starlette.concurrency import run_in_threadpool

    from casefile.http.uploads import checked, is_multipart, read_multipart
    from casefile.record.uploads import RECEIVED, UploadRefused, upload_fields, uploads_of

    if not is_multipart(request):
        data = _json_of(await request.body())
        return ActSent(act=_act_of(data), uploads=NO_UPLOADS)
    sent = await read_multipart(request)
    parts = sent.fields.getlist("act")
    if len(parts) != 1:
        raise BadInput("a multipart/form-data act carries the act as one JSON part named 'act' (and its files as "
                       "parts named after their fields)", field="act")
    data = _json_of(str(parts[0]).encode("utf-8"))
    uploads = uploads_of(await run_in_threadpool(checked, sent.files))
    if isinstance(data, dict):
        model = models().get(str(data.get("act")))
        takes = upload_fields(model) if model is not None else ()
        for name, upload in uploads.files.items():
            if name not in takes:
                what = data.get("act") if model is not None else "the act"
                raise UploadRefused(f"{str(what)[:60]} takes no file {name!r}" + (
                    f" (it takes {', '.join(repr(t) for t in takes)})" if takes else
                    f" (documents received come as the part {RECEIVED!r})"), field=name)
            if data.get(name) not in (None, "", upload.ref):
                raise UploadRefused(f"field {name!r}: given in the act and uploaded as another file; leave it out "
                                    "of the act (the upload sets it)", field=name)
            data[name] = upload.ref
    return ActSent(act=_act_of(data), uploads=uploads)


def _json_of(raw: bytes) -> Any:
    """The JSON of a body (or of the ``act`` part). Raises RequestValidationError as FastAPI does for
    a body that is not JSON (answered 422 invalid-json, its position in words)."""
    import json

    from fastapi.exceptions import RequestValidationError

    try:
        return json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        position = getattr(exc, "pos", getattr(exc, "start", 0))
        reason = getattr(exc, "msg", None) or str(exc)
        raise RequestValidationError([{"type": "json_invalid", "loc": ("body", position), "msg": "JSON decode error",
                                       "input": {}, "ctx": {"error": reason}}]) from None


def _act_of(data: Any) -> ActIn:
    """The act model of ``data``. Raises RequestValidationError (answered 422 invalid-act, the
    field's path relative to the act)."""
    from fastapi.exceptions import RequestValidationError
    from pydantic import ValidationError

    try:
        return act_adapter().validate_python(data)  # type: ignore[no-any-return]
    except ValidationError as exc:
        raise RequestValidationError([{**e, "loc": ("body", *e["loc"])} for e in exc.errors(include_url=False)]) from None


def request_body_schema(components: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI ``requestBody`` of ``POST /cases/{number}/acts`` (the act as JSON, or multipart
    with its files), its act models added to ``components``."""
    schema = act_adapter().json_schema(ref_template="#/components/schemas/{model}")
    components.update(schema.pop("$defs", {}))
    binary = {"type": "string", "format": "binary"}
    return {"required": True, "description": "The act: the shape of a scenario event (docs/scenario-format.md), with "
                                             "`act` naming it. An act with files (attach-document's `file`, the "
                                             "documents received of a recorded act) is sent as multipart/form-data: "
                                             "the act as the JSON part `act`, each file as a part named after its "
                                             "field, the documents received as parts named `received` (PDF only, "
                                             "each at most CASEFILE_UPLOAD_MAX_BYTES).",
            "content": {
                "application/json": {"schema": schema},
                "multipart/form-data": {
                    "schema": {"type": "object", "required": ["act"], "properties": {
                        "act": schema, "file": binary, "received": {"type": "array", "items": binary}}},
                    "encoding": {"act": {"contentType": "application/json"}, "file": {"contentType": "application/pdf"},
                                 "received": {"contentType": "application/pdf"}}}}}


@router.post("/cases/{number}/acts", status_code=201, response_model=ActOut,
             responses={200: {"model": ActOut, "description": "The act was already recorded (nothing new stored), "
                                                               "or the first answer to this Idempotency-Key"},
                        **errors(401, 403, 404, 409, 422)},
             summary="Perform (or record) an act on the case; its documents are issued after the answer")
def post_act(request: Request, background: BackgroundTasks, number: CaseNumber, viewer: Viewer, db: Db,
             sent: Annotated[ActSent, Depends(act_sent)],
             idempotency_key: Annotated[str | None, Header(alias="Idempotency-Key", max_length=255,
                                                           description="A retry with the same key gets the first "
                                                                       "answer")] = None,
             as_of: AsOf = None,
             party: Annotated[str | None, Query(max_length=40, description="open-case: the party your organization "
                                                                            "represents in the case")] = None,
             ) -> JSONResponse:
    from casefile.accounts.acting import perform_as, plain_text
    from casefile.api import idempotency

    act_in: ActIn = sent.act
    content = act_in.model_dump(mode="json", by_alias=True)
    plain_text(content)
    when = moment(as_of, case_number=None if act_in.act_name == "open-case" else number)
    hook: OnCommitted = getattr(request.app.state, "on_committed", None) or issue_in_process
    key = idempotency.check_key(idempotency_key) if idempotency_key is not None else None
    request_hash = idempotency.fingerprint(number, {**content, "uploads": sent.uploads.digest()} if sent.uploads
                                           else content)
    if key is not None and (first := idempotency.stored(db, viewer.user_id, key, request_hash)) is not None:
        from casefile.accounts.acting import authorized_mode

        authorized_mode(viewer, act_in, case_number=number)  # the user's rights now, not when it was first sent
        status, body = first
        if body.get("pending"):
            background.add_task(_run_hook, hook, int(body["entry_id"]), when)
        return JSONResponse(body, status_code=status, headers={"Idempotent-Replayed": "true"})
    result = perform_as(viewer, act_in, case_number=number, as_of=when, party=party, documents="defer",
                        uploads=sent.uploads)
    body = act_out(result, base(request)).model_dump(mode="json")
    status = 200 if result.repeated else 201
    if key is not None:
        status, body = idempotency.store(db, viewer.user_id, key, request_hash, status, body, as_of=when)
    if result.pending:
        background.add_task(_run_hook, hook, result.entry_id, when)
    return JSONResponse(body, status_code=status)
