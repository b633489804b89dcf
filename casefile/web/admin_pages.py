"""Admin pages (an organization's admins): its users, the organizations and their links to
parties, and the access log of confidential documents; and the Import page (upload an NLRB
"Recent Election Results" export: the report of rows skipped and where the NLRB's flags disagree
with the rules; the organization then watches the cases imported — the public record only)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from casefile.errors import CasefileError
from casefile.record.access import NotPermitted
from casefile.web.people import Me, require
from casefile.web.render import page
from casefile.web.sessions import check_csrf, now

router = APIRouter()
MAX_UPLOAD = 64 * 1024 * 1024


class _Stop(Exception):
    """The upload was refused before parsing (its error is on the form)."""


def require_admin(request: Request) -> Me:
    me = require(request)
    if not me.is_admin:
        raise NotPermitted(f"the admin pages are for the admins of an organization ({me.email} is {me.role})")
    return me


@router.get("/admin")
def admin(request: Request) -> Response:
    from casefile.accounts.documents import access_log, visible_document
    from casefile.accounts.orgs import list_organizations
    from casefile.accounts.users import list_users
    from casefile.record.db import read_session

    me = require_admin(request)
    with read_session() as session:
        users = list_users(session, organization=me.organization)
        orgs = [o for o in list_organizations(session) if o.key == me.organization or me.region]
        log = []
        for line in access_log(session, limit=500):
            try:
                visible_document(session, me.viewer, line.document_id)
            except CasefileError:
                continue
            log.append(line)
    return page(request, "admin.html", title="Admin", users=users, orgs=orgs, log=log[:200])


@router.get("/import")
def import_page(request: Request) -> Response:
    require_admin(request)
    return page(request, "import.html", title="Import NLRB election results", report=None)


@router.post("/import")
async def import_upload(request: Request) -> Response:
    from casefile.accounts.orgs import watch_case
    from casefile.importers.nlrb_results import parse_nlrb_results_text
    from casefile.jobs.imports import import_tallies
    from casefile.record.db import write_session

    me = require_admin(request)
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
            with write_session(by=me.viewer.label()) as session:
                report = import_tallies(session, parsed=parsed, as_of=moment)
                numbers = sorted({t.case_number for t in parsed.records} - {s.case_number for s in report.skipped})
                watched = 0
                for number in numbers:
                    try:
                        watch_case(session, organization=me.organization, case_number=number, as_of=moment,
                                   by=me.viewer.label())
                        watched += 1
                    except CasefileError:
                        continue
        except _Stop:
            pass
        except CasefileError as exc:
            errors.append({"field": "export", "text": str(exc)})
    status = 422 if errors else 200
    return page(request, "import.html", status=status, title="Import NLRB election results", errors=errors,
                report=report.as_json() if report else None, watched=watched if report else 0)
