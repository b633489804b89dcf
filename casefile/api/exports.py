"""The case file as one zip: ``GET /cases/{number}/export`` (casefile.accounts.around.export_case):
the docket as CSV, every document the user may see, their organization's private notes, the
docket chain's head and a manifest. A case the user may not see answers 404; a confidential
document put in the zip is logged as downloaded."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import Response

from casefile.api.auth import Viewer
from casefile.api.cases import CaseNumber
from casefile.api.common import errors, now

router = APIRouter(tags=["cases"])


@router.get("/cases/{number}/export", response_class=Response, responses={
    200: {"content": {"application/zip": {"schema": {"type": "string", "format": "binary"}}},
          "description": "The case file: docket.csv, documents/, attachments/, notes.csv, chain-head.txt, "
                         "manifest.json"}, **errors(401, 404, 422, 500)},
    summary="The case file as one zip (the docket as CSV, every document the user may see, the chain's head)")
def export(number: CaseNumber, viewer: Viewer) -> Response:
    from casefile.accounts.around import export_case

    done = export_case(viewer=viewer, case_number=number, as_of=now(), via="api")
    return Response(done.content, media_type="application/zip",
                    headers={"Content-Disposition": f'attachment; filename="{done.file_name}"',
                             "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff"})
