"""Reading an act's ``multipart/form-data`` body as it streams in, for the API and the web forms:
its text fields, and its files, each held to CASEFILE_UPLOAD_MAX_BYTES *while it arrives* (a
larger file is refused at the byte that passes the limit, before the rest of the body is read),
at most casefile.record.uploads.MAX_FILES of them.

Call it after the request is authenticated (the API's ``Viewer`` dependency, the web's signed-in
user): nothing of the body is read before. Then :func:`checked` turns the files into
casefile.record.uploads.Upload (a real PDF, hashed) for the front door. Nothing is stored here:
the files live in memory (or Starlette's temporary spool, removed when closed) until the act's
transaction stores them, or not.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from starlette.datastructures import FormData, Headers, UploadFile
from starlette.formparsers import MultiPartException, MultiPartParser
from starlette.requests import Request

from casefile.errors import BadInput
from casefile.record.uploads import MAX_FILES, Upload, UploadRefused, clean_name, received_file, too_large

#: Largest text part (the act's JSON, a form's text box) in a multipart body.
MAX_TEXT_PART = 4 * 1024 * 1024
MAX_TEXT_FIELDS = 2000


@dataclass
class Received:
    """A multipart body as read: its text fields (a multidict) and its files, each as (part name,
    the client's file name, bytes), in order."""

    fields: FormData
    files: list[tuple[str, str, bytes]] = field(default_factory=list)


class _Limited(MultiPartParser):
    """Starlette's streaming parser, with each file part held to ``max_file_bytes`` as it arrives."""

    def __init__(self, headers: Headers, stream: Any, *, max_file_bytes: int) -> None:
        super().__init__(headers, stream, max_files=MAX_FILES, max_fields=MAX_TEXT_FIELDS,
                         max_part_size=MAX_TEXT_PART)
        self.max_file_bytes = max_file_bytes
        self._size = 0

    def on_part_begin(self) -> None:
        super().on_part_begin()
        self._size = 0

    def on_part_data(self, data: bytes, start: int, end: int) -> None:
        part = self._current_part
        if part.file is not None:
            self._size += end - start
            if self._size > self.max_file_bytes:
                name = part.field_name or "file"
                raise UploadRefused(too_large(name, clean_name(part.file.filename), self.max_file_bytes), field=name)
        super().on_part_data(data, start, end)


def is_multipart(request: Request) -> bool:
    return request.headers.get("content-type", "").lower().startswith("multipart/form-data")


async def read_multipart(request: Request, *, max_file_bytes: int | None = None) -> Received:
    """The multipart body of ``request``, streamed: text fields and files. Raises UploadRefused
    (field: the part) for a file over ``max_file_bytes`` (default CASEFILE_UPLOAD_MAX_BYTES) or
    more than MAX_FILES files, BadInput (field ``body``) for a body that is not valid multipart."""
    from contextlib import aclosing

    from casefile.settings import get_settings

    limit = max_file_bytes if max_file_bytes is not None else get_settings().upload_max_bytes
    try:
        async with aclosing(request.stream()) as stream:
            form = await _Limited(request.headers, stream, max_file_bytes=limit).parse()
    except MultiPartException as exc:
        if "Too many files" in exc.message:
            raise UploadRefused(f"at most {MAX_FILES} files come with one act", field="received") from None
        raise BadInput(f"the request's multipart/form-data body cannot be read: {exc.message}", field="body") from None
    texts: list[tuple[str, str]] = []
    files: list[tuple[str, str, bytes]] = []
    try:
        for name, value in form.multi_items():
            if isinstance(value, UploadFile):
                data = await value.read()
                if data or value.filename:  # a browser sends an empty part for a file input left empty
                    files.append((name, value.filename or "", data))
            else:
                texts.append((name, value))
    finally:
        await form.close()
    return Received(fields=FormData(texts), files=files)


def checked(files: Iterable[tuple[str, str, bytes]], *, max_file_bytes: int | None = None) -> list[Upload]:
    """Each file checked as an upload (casefile.record.uploads.received_file: a real PDF, within
    the limit). Raises UploadRefused naming the part. CPU-bound (pypdf): run it off the event loop."""
    from casefile.settings import get_settings

    limit = max_file_bytes if max_file_bytes is not None else get_settings().upload_max_bytes
    return [received_file(data, field=name, name=filename, max_bytes=limit) for name, filename, data in files
            if data or filename]
