"""Downloading an issued document: its PDF, only for a user who may see it (404 otherwise, as for
a document that does not exist); every download of a confidential one is logged first."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path
from fastapi.responses import Response

from casefile.api.auth import Viewer
from casefile.api.common import ID_MAX, errors, now

router = APIRouter(tags=["documents"])


@router.get("/documents/{document_id}", response_class=Response, responses={
    200: {"content": {"application/pdf": {"schema": {"type": "string", "format": "binary"}}},
          "description": "The document's PDF"}, **errors(401, 404, 422)},
    summary="The PDF of an issued document (a confidential one's download is logged)")
def download(document_id: Annotated[int, Path(ge=1, le=ID_MAX)], viewer: Viewer) -> Response:
    from casefile.accounts.documents import fetch_document

    doc = fetch_document(viewer=viewer, document_id=document_id, as_of=now(), via="api")
    headers = {"Content-Disposition": f'attachment; filename="{doc.file_name}"', "X-Content-Type-Options": "nosniff",
               "Cache-Control": "private, no-store" if doc.confidential else "private, max-age=300",
               "X-Casefile-SHA256": doc.sha256}
    return Response(content=doc.content, media_type=doc.media_type, headers=headers)
