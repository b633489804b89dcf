"""The Link requests page (casefile.accounts.links): an organization's counsel and admins ask to be
linked to the party they represent in a case already open ("Ask to be linked"), and see what became
of their requests; an admin of an organization linked to a party sees the requests for it, with what
the asker holds in the case already, but does not decide them: only the operator does, at the
command line (``casefile orgs requests``, ``approve``, ``decline``; the policy's may_decide_link —
a holder may be one that claimed the party by opening the case).

Asking tells nothing: the same answer whether or not the case number is on this casefile or seen
by the asker. Every refusal stores nothing (each change is one transaction)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from casefile.errors import CasefileError
from casefile.http.deps import Database
from casefile.web.people import Db, Me, Signed
from casefile.web.render import page
from casefile.web.sessions import check_csrf, now, web_session

router = APIRouter()

#: What the asker is told, whatever the instance holds.
SENT = ("Your request to be linked to {party} in {number} is with the operator of this casefile, who alone decides "
        "it: you will see the case once it is approved.")


def _page(request: Request, db: Database, me: Me, *, errors: list[dict[str, str]] | None = None,
          values: dict[str, str] | None = None, status: int = 200) -> Response:
    from casefile.accounts.links import WARNING, list_link_requests, shared_parties
    from casefile.record.authority import may_ask_link

    with db.read() as session:
        views = list_link_requests(session, me.viewer)
        shared = shared_parties(session, me.viewer)
    own = [v for v in views if v.organization == me.organization]
    to_decide = [v for v in views if v.organization != me.organization]
    return page(request, "links.html", status=status, title="Link requests", own=own, to_decide=to_decide,
                asked_by=_names(db, [v.requested_by for v in views]),
                may_ask=may_ask_link(me.viewer).mode is not None, warning=WARNING, shared=shared, errors=errors or [],
                values=values or {})


def _names(db: Database, labels: list[str]) -> dict[str, str]:
    """Who asked, in words: a user's label ("user:<email>") -> "Name (email)"; the operator's as
    "the operator of this casefile". Labels of the requests the viewer may see (list_link_requests)."""
    from sqlmodel import col, select

    from casefile.record.accounts import User

    emails = {label.removeprefix("user:") for label in labels if label.startswith("user:")}
    out = {label: "the operator of this casefile" for label in labels if label.startswith("operator:")}
    if emails:
        with db.read() as session:
            for user in session.exec(select(User).where(col(User.email).in_(sorted(emails)))).all():
                out[f"user:{user.email}"] = f"{user.name} ({user.email})" if user.name else user.email
    return out


@router.get("/links")
def links_page(request: Request, me: Signed, db: Db) -> Response:
    return _page(request, db, me)


async def _form(request: Request) -> dict[str, str]:
    form = await request.form()
    check_csrf(request, form)
    return {k: str(v)[:1200] for k, v in form.items() if isinstance(v, str) and k != "csrf_token"}


def _refused(request: Request, db: Database, me: Me, exc: CasefileError, field: str,
             values: dict[str, str]) -> Response:
    status = 403 if exc.family == "not-permitted" else 404 if exc.family == "not-found" else \
        409 if exc.family == "conflict" else 422
    return _page(request, db, me, errors=[{"field": field, "text": str(exc)}], values=values, status=status)


@router.post("/links")
async def ask_to_be_linked(request: Request, me: Signed, db: Db) -> Response:
    """Ask to be linked (casefile.accounts.links.request_link)."""
    from casefile.accounts.links import request_link

    values = await _form(request)
    try:
        with db.write() as session:
            view = request_link(session, me.viewer, case_number=values.get("case-number", "").strip(),
                                party=values.get("party", ""), note=values.get("note", ""), as_of=now())
    except CasefileError as exc:
        field = {"party": "party", "note": "note"}.get(exc.field or "", "case-number")
        return _refused(request, db, me, exc, field, values)
    web_session(request).add_flash(SENT.format(party=view.party, number=view.case_number))
    return RedirectResponse("/links", status_code=303)


@router.post("/links/decide")
async def decide_link_request(request: Request, me: Signed, db: Db) -> Response:
    """A decision on a link request (casefile.accounts.links.approve_link / decline_link): the
    operator's only, so every user is refused with the policy's words (403), storing nothing."""
    from casefile.accounts.links import approve_link, decline_link
    from casefile.errors import BadInput
    from casefile.web.ids import form_id

    values = await _form(request)
    action = values.get("action", "")
    try:
        ident = form_id(values.get("request", ""))
        with db.write() as session:
            if action == "approve":
                done = approve_link(session, me.viewer, ident or 0, as_of=now(), share=True)  # its own party
                text = (f"{done.request.organization_name} now represents {done.request.party} in "
                        f"{done.request.case_number} beside {me.organization_name}: it sees that party's offers of proof")
            elif action == "decline":
                done = decline_link(session, me.viewer, ident or 0, as_of=now(), reason=values.get("reason", ""))
                text = f"The request of {done.request.organization_name} is declined: nothing was linked"
            else:
                raise BadInput(f"unknown decision {action[:40]!r}", field="action")
    except CasefileError as exc:
        return _refused(request, db, me, exc, "to-decide", values)
    web_session(request).add_flash(text)
    return RedirectResponse("/links", status_code=303)
