"""Admin pages (an organization's admins): its users, the organizations and their links to
parties (a Region's admin: those of its Region's cases only), and the access log of confidential
documents; and the Import page, a Region admin's (casefile.record.authority.may_import): upload an
NLRB "Recent Election Results" export of the Region's cases — the report of rows skipped (another
Region's cases among them) and where the NLRB's flags disagree with the rules; every docket entry
names the admin who imported it."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response

from casefile.errors import CasefileError, NotPermitted
from casefile.http.deps import Database
from casefile.record.accounts import User
from casefile.record.authority import may_manage_users
from casefile.web.people import Db, Me, Signed
from casefile.web.render import page, when
from casefile.web.sessions import check_csrf, now

router = APIRouter()
MAX_UPLOAD = 64 * 1024 * 1024


class _Stop(Exception):
    """The upload was refused before parsing (its error is on the form)."""


def require_admin(me: Signed) -> Me:
    """The signed-in user, if an admin of their organization; NotPermitted otherwise."""
    if not me.is_admin:
        raise NotPermitted(f"the admin pages are for the admins of an organization ({me.email} is {me.role})")
    return me


#: The signed-in admin of a page for admins.
Admin = Annotated[Me, Depends(require_admin)]


@router.get("/admin")
def admin(request: Request, me: Admin, db: Db) -> Response:
    return _admin_page(request, db, me)


def _admin_page(request: Request, db: Database, me: Me, *, errors: list[dict[str, str]] | None = None,
                values: dict[str, str] | None = None, link: dict[str, str] | None = None, status: int = 200) -> Response:
    """The admin page: users (with their forms), organizations and links, the access log; after a
    refused change the error summary and the values entered; after a reset the one-time link."""
    from casefile.accounts.documents import access_log, visible_document
    from casefile.accounts.links import shared_parties
    from casefile.accounts.orgs import organizations_seen
    from casefile.accounts.tokens import list_tokens
    from casefile.accounts.users import list_users

    with db.read() as session:
        users = list_users(session, organization=me.organization)
        emails = {u.email for u in users}
        tokens = [t for t in list_tokens(session) if t.user in emails]
        orgs = organizations_seen(session, me.viewer)
        shared = shared_parties(session, me.viewer)
        log = []
        for line in access_log(session, limit=500):
            try:
                visible_document(session, me.viewer, line.document_id)
            except CasefileError:
                continue
            log.append(line)
        zone = user_zone(session, me)
    return page(request, "admin.html", status=status, title="Admin", users=users, orgs=orgs, log=log[:200],
                errors=errors or [], values=values or {}, link=link, roles=ROLES, tokens=tokens, zone=zone,
                shared=shared)


#: The roles an admin may give (casefile.record.accounts.UserRole), as the form lists them.
ROLES = (("staff", "Staff: files the party's objections, offers of proof and exceptions"),
         ("counsel", "Counsel: every act of the party; records what others did"),
         ("viewer", "Viewer: reads only"), ("admin", "Admin: counsel, plus the organization's users"))


def _own_user(session: object, me: Me, email: str) -> object:
    """The user ``email`` of the admin's organization (another organization's: as if unknown)."""
    from casefile.accounts.users import get_user
    from casefile.errors import UnknownRecord

    try:
        user = get_user(session, email)  # type: ignore[arg-type]
    except UnknownRecord:
        user = None
    if user is None or not may_manage_users(me.viewer, user.organization_id):
        raise UnknownRecord(f"{email.strip()[:200] or 'the user'}: no such user in {me.organization_name}", field="email")
    return user


async def _form(request: Request) -> dict[str, str]:
    form = await request.form()
    check_csrf(request, form)
    return {k: str(v)[:500] for k, v in form.items() if isinstance(v, str) and k != "csrf_token"}


def _refused(request: Request, db: Database, me: Me, exc: CasefileError, field: str,
             values: dict[str, str]) -> Response:
    status = 403 if exc.family == "not-permitted" else 409 if exc.family in ("conflict", "not-allowed-now") else 422
    return _admin_page(request, db, me, errors=[{"field": field, "text": str(exc)}], values=values, status=status)


def _reset_link(request: Request, db: Database, me: Me, email: str) -> dict[str, str]:
    from casefile.accounts.users import RESET_VALID_FOR, reset_link, start_reset

    with db.write() as session:
        reset, token = start_reset(session, email=email, as_of=now(), by=me.viewer.label())
        expires = reset.expires_at
        zone = user_zone(session, me)
    return {"email": email.strip().lower(), "url": reset_link(token, str(request.base_url)),
            "valid": f"{RESET_VALID_FOR.total_seconds() / 3600:.0f} hours (until {when(expires, zone)})"}


def user_zone(session: Any, me: Me) -> str:
    """The zone the admin page shows times in: a Region's own office's, else the web's default
    (casefile.web.render.DEFAULT_ZONE); the abbreviation is printed with every time."""
    from sqlmodel import select

    from casefile.record.accounts import Organization
    from casefile.rules.offices import office_for
    from casefile.web.render import DEFAULT_ZONE

    if me.region:
        org = session.exec(select(Organization).where(Organization.key == me.organization)).first()
        if org is not None and org.region:
            try:
                return office_for(org.region).tz
            except Exception:  # a Region the table does not know: the default
                pass
    return DEFAULT_ZONE


@router.post("/admin/users")
async def add_user_form(request: Request, me: Admin, db: Db) -> Response:
    """Add a user to the admin's organization (casefile.accounts.users.add_user, as ``casefile users
    add``) with a random password nobody knows, and start their password reset: the one-time link
    is shown once, for the admin to give them.

    Only an address at one of the organization's own domains (:func:`own_domains`) is added here;
    any other is refused with the same words whether or not it has an account elsewhere, before
    it is looked up (no enumeration of other organizations' users, no account squatted in another
    organization's domain); the operator adds the others (``casefile users add``)."""
    from starlette.concurrency import run_in_threadpool

    from casefile.web.hashing import hashing

    values = await _form(request)
    email, name, role = values.get("new-email", "").strip(), values.get("new-name", "").strip(), values.get("new-role", "")
    try:
        await hashing(_add_user, db, me, email=email, name=name, role=role)  # Argon2 and the database
        link = await run_in_threadpool(_reset_link, request, db, me, email)
    except CasefileError as exc:
        field = {"role": "new-role", "name": "new-name"}.get(exc.field or "", "new-email")
        return _refused(request, db, me, exc, field, values)
    return _admin_page(request, db, me, link=link | {"added": "1"})


def own_domains(session: Any, organization_id: int) -> list[str]:
    """The email domains that are the organization's own: those of its users where no user of
    another organization has an address (a domain shared with another organization, such as a
    webmail provider's, is nobody's: its users are added by the operator)."""
    from sqlmodel import select

    from casefile.record.accounts import User

    domains: dict[str, set[int]] = {}
    for address, org_id in session.exec(select(User.email, User.organization_id)).all():
        domains.setdefault(address.rpartition("@")[2], set()).add(org_id)
    return sorted(d for d, orgs in domains.items() if orgs == {organization_id})


def _add_user(db: Database, me: Me, *, email: str, name: str, role: str) -> None:
    import secrets

    from casefile.accounts.passwords import hash_password
    from casefile.accounts.users import add_user, normalize_email
    from casefile.errors import AlreadyRecorded, BadInput

    if not email:
        raise BadInput("Enter the new user's email address", field="email")
    address = normalize_email(email)
    with db.read() as session:
        domains = own_domains(session, me.viewer.organization_id)
    if address.rpartition("@")[2] not in domains:
        raise BadInput(f"{address}: an admin adds users at {me.organization_name}'s own email domain "
                       f"({', '.join('@' + d for d in domains) or 'none yet'}); the operator of this casefile adds "
                       "any other address (casefile users add)", field="email")
    hashed = hash_password(secrets.token_urlsafe(32))
    try:
        with db.write() as session:
            add_user(session, email=address, organization=me.organization, role=role, name=name, password="",
                     password_hash=hashed, as_of=now())
    except AlreadyRecorded:
        raise AlreadyRecorded(f"{address} already has an account: it is in the list of users below (change it "
                              "there), or the operator can tell you more", field="email") from None


@router.post("/admin/users/change")
async def change_user(request: Request, me: Admin, db: Db) -> Response:
    """Change a user of the admin's organization: ``action`` role (to ``role``), deactivate,
    reactivate, or reset (a one-time link) — casefile.accounts.users.set_role / set_active /
    start_reset, as ``casefile users``. An admin does not demote or deactivate themselves."""
    from casefile.accounts.users import set_active, set_role
    from casefile.errors import BadInput

    values = await _form(request)
    email, action = values.get("email", "").strip(), values.get("action", "")
    field = f"role-{values.get('row', '0')}" if action == "role" else "users"
    try:
        with db.write() as session:
            user = _own_user(session, me, email)
            self_change = getattr(user, "id", None) == me.viewer.user_id
            if action == "role":
                if self_change and values.get("role") != "admin":
                    raise NotPermitted("You cannot take the admin role from yourself: another admin of the organization "
                                       "changes it", field="role")
                set_role(session, email=email, role=values.get("role", ""))
                done = f"{email} is now {values.get('role')}"
            elif action in ("deactivate", "reactivate"):
                if self_change:
                    raise NotPermitted("You cannot deactivate your own account", field="email")
                set_active(session, email=email, active=action == "reactivate", as_of=now())
                done = f"{email} {'deactivated: their sessions and API tokens end' if action == 'deactivate' else 'reactivated'}"
            elif action != "reset":
                raise BadInput(f"unknown change {action[:40]!r}", field="action")
        if action == "reset":
            return _admin_page(request, db, me, link=_reset_link(request, db, me, email))
    except CasefileError as exc:
        return _refused(request, db, me, exc, field, values)
    from fastapi.responses import RedirectResponse

    from casefile.web.sessions import web_session

    web_session(request).add_flash(done)
    return RedirectResponse("/admin", status_code=303)


@router.post("/admin/tokens/revoke")
async def revoke_token_form(request: Request, me: Admin, db: Db) -> Response:
    """Revoke an API token of a user of the admin's organization (casefile.accounts.tokens.
    revoke_token, as ``casefile tokens revoke``); another organization's token is as unknown."""
    from fastapi.responses import RedirectResponse

    from casefile.accounts.tokens import revoke_token
    from casefile.errors import UnknownRecord
    from casefile.record.accounts import ApiToken
    from casefile.web.sessions import web_session

    values = await _form(request)
    ident = values.get("token", "")
    try:
        with db.write() as session:
            from casefile.web.ids import form_id

            token_id = form_id(ident)
            row = session.get(ApiToken, token_id) if token_id is not None else None
            owner = session.get(User, row.user_id) if row is not None else None
            if row is None or owner is None or not may_manage_users(me.viewer, owner.organization_id):
                raise UnknownRecord(f"no API token {ident[:20]} of {me.organization_name}", field="tokens")
            revoke_token(session, token_id=row.id or 0, as_of=now())
            done = f"API token {row.prefix}… of {owner.email} revoked: it is refused from now on"
    except CasefileError as exc:
        return _refused(request, db, me, exc, "tokens", values)
    web_session(request).add_flash(done)
    return RedirectResponse("/admin", status_code=303)


@router.post("/admin/links")
async def change_link(request: Request, me: Admin, db: Db) -> Response:
    """Unlink the admin's organization from a party it represents (casefile.accounts.orgs.
    unlink_party, as ``casefile orgs unlink``), or watch a case it already sees (orgs watch): a
    watch makes nothing visible, and a case it may not see gets the same answer as a number that
    is not on this casefile. Linking the organization to a party is a link request (the Link
    requests page, casefile.accounts.links): an organization cannot give itself access to a
    party's confidential documents."""
    from fastapi.responses import RedirectResponse

    from casefile.accounts.orgs import unlink_party, watch_case
    from casefile.errors import BadInput
    from casefile.web.sessions import web_session

    values = await _form(request)
    action = values.get("action", "")
    try:
        with db.write() as session:
            if action == "unlink":
                number, _, party = values.get("link", "").partition(" ")
                if not unlink_party(session, organization=me.organization, case_number=number, party=party):
                    raise BadInput(f"{me.organization_name} does not represent {party or 'that party'} in {number}",
                                   field="link")
                done = f"{me.organization_name} no longer represents {party} in {number}"
            elif action == "watch":
                number = values.get("watch-case", "").strip()
                if not number:
                    raise BadInput("Enter the case number to watch, like 10-RC-269250", field="case_number")
                from casefile.record.authority import may_watch
                from casefile.record.queries import visible_case

                case = visible_case(session, number, me.viewer)  # UnknownCase: hidden and missing alike
                if not may_watch(me.viewer.standing(session, case)):  # pragma: no cover - seen is watchable
                    raise NotPermitted(f"{me.organization_name} may not watch {case.number}")
                number = case.number
                watch_case(session, organization=me.organization, case_number=number, as_of=now(), by=me.viewer.label())
                done = f"{me.organization_name} watches {number.upper()} (its public record)"
            else:
                raise BadInput(f"unknown change {action[:40]!r}", field="action")
    except CasefileError as exc:
        return _refused(request, db, me, exc, "watch-case" if action == "watch" else "link", values)
    web_session(request).add_flash(done)
    return RedirectResponse("/admin", status_code=303)


def require_importer(me: Admin) -> Me:
    """The signed-in user, if the policy lets them import (a Region's admin); NotPermitted otherwise."""
    from casefile.record.authority import may_import

    decision = may_import(me.viewer)
    if decision.mode is None:
        raise NotPermitted(f"Import: {decision.reason} ({me.email} is {me.role} of {me.organization_name})")
    return me


#: The signed-in user of the Import page (a Region's admin).
Importer = Annotated[Me, Depends(require_importer)]


@router.get("/import")
def import_page(request: Request, me: Importer) -> Response:
    return page(request, "import.html", title="Import NLRB election results", report=None)


@router.post("/import")
async def import_upload(request: Request, me: Importer, db: Db) -> Response:
    from casefile.importers.nlrb_results import parse_nlrb_results_text
    from casefile.jobs.import_scope import within_regions
    from casefile.jobs.imports import import_tallies

    form = await request.form(max_part_size=MAX_UPLOAD)
    check_csrf(request, form)
    upload = form.get("export")
    content = await upload.read() if upload is not None and hasattr(upload, "read") else b""
    name = (getattr(upload, "filename", "") or "export.csv")[:200]
    await form.close()
    errors = []
    report = None
    if not content:
        errors.append({"field": "export", "text": "Choose the export's CSV file"})
    else:
        try:
            text = content.decode("utf-8-sig")
            if "\x00" in text[:4096]:
                raise UnicodeDecodeError("utf-8", b"", 0, 1, "a NUL byte: not a text file")
        except UnicodeDecodeError:
            text = ""
            errors.append({"field": "export", "text": f"{name} is not a UTF-8 text file: save it from Excel as "
                                                       "“CSV UTF-8 (Comma delimited)” and upload it again"})
        try:
            if errors:
                raise _Stop
            parsed = parse_nlrb_results_text(text, source=name)
            moment = now()
            with db.write() as session:
                parsed = within_regions(session, parsed, me.viewer.regions(session))
                report = import_tallies(session, parsed=parsed, as_of=moment)
        except _Stop:
            pass
        except CasefileError as exc:
            errors.append({"field": "export", "text": str(exc)})
    status = 422 if errors else 200
    return page(request, "import.html", status=status, title="Import NLRB election results", errors=errors,
                report=report.as_json() if report else None)
