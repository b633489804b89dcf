"""Link requests (casefile.accounts.links): an organization asks to be linked to the party it
represents in a case already open, and the operator alone decides it (``casefile orgs requests``):
an admin of an organization linked to that party sees it, but a decision posted here is refused
(403) from the user's role alone, whatever the request. Asking answers the same whether or not the
case is on this casefile."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path
from pydantic import BaseModel, ConfigDict, Field

from casefile.api.auth import Db, Viewer
from casefile.api.common import ID_MAX, errors, now
from casefile.record.accounts import LinkRequestView

router = APIRouter(tags=["link requests"])


class LinkRequestIn(BaseModel):
    """Ask to be linked to ``party`` (its role such as petitioner, or its handle — never its name,
    which a party may change) of case ``case_number``; ``note`` for the operator, who decides."""

    model_config = ConfigDict(extra="forbid")
    case_number: str = Field(min_length=1, max_length=40)
    party: str = Field(min_length=1, max_length=120)
    note: str = Field(default="", max_length=1000)


class LinkDecisionIn(BaseModel):
    """``approve`` or ``decline`` (``reason``: shown to the asker when declined)."""

    model_config = ConfigDict(extra="forbid")
    decision: str = Field(pattern="^(approve|decline)$")
    reason: str = Field(default="", max_length=1000)


RequestId = Annotated[int, Path(ge=1, le=ID_MAX, description="The link request's id")]


@router.get("/link-requests", response_model=list[LinkRequestView], responses=errors(401),
            summary="The user's organization's link requests, and (admins) the pending ones for its parties")
def get_link_requests(viewer: Viewer, db: Db) -> list[LinkRequestView]:
    from casefile.accounts.links import list_link_requests

    with db.read() as session:
        return list_link_requests(session, viewer)


@router.post("/link-requests", response_model=LinkRequestView, status_code=202, responses=errors(401, 403, 422),
             summary="Ask to be linked to a party of a case (the same answer whether or not the case is here)")
def post_link_request(body: LinkRequestIn, viewer: Viewer, db: Db) -> LinkRequestView:
    from casefile.accounts.links import request_link

    with db.write() as session:
        return request_link(session, viewer, case_number=body.case_number, party=body.party, note=body.note,
                            as_of=now())


@router.post("/link-requests/{request_id}/decision", response_model=LinkRequestView,
             responses=errors(401, 403, 404, 409, 422),
             summary="A decision on a link request: the operator's only (403 to every user)")
def post_link_decision(request_id: RequestId, body: LinkDecisionIn, viewer: Viewer, db: Db) -> LinkRequestView:
    from casefile.accounts.links import approve_link, decline_link

    with db.write() as session:
        if body.decision == "approve":
            return approve_link(session, viewer, request_id, as_of=now()).request  # refused: the operator decides
        return decline_link(session, viewer, request_id, as_of=now(), reason=body.reason).request
