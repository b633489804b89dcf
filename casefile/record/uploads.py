"""Files that come with an act: uploaded bytes, never a path (issue 14).

A client never names a server file. A file an act takes (attach-document's ``file``) and the
documents received that a recorded act may carry are sent as bytes — a ``multipart/form-data``
part on the web and in the API (docs/api.md), a local file read by the command line acting as
the local operator — and reach the front door (casefile.app.perform) as :class:`Uploads`: each
file checked (:func:`received_file`: a real PDF, within CASEFILE_UPLOAD_MAX_BYTES) and hashed,
not yet stored.

In the act's model such a field is an :data:`UploadRef`, ``sha256:<64 hex digits>``: the hash of
a file carried *with the same act*. The front door refuses a ref that no carried file has
(:func:`check_carried`), so a ref can never reach a file stored for someone else. The act stores
the file in its own transaction (casefile.acts.attaching), content-addressed under the output
folder: ``uploads/<first two hex digits>/<sha256>.pdf`` (:func:`stored_path`), 0600 in 0700
folders. A refused act stores nothing.

Accepted: PDF only (the Agency's E-Filing format) — the file begins with ``%PDF-`` and pypdf
opens it and finds at least one page; an encrypted (password-protected) PDF is refused, and so is
one with active content — JavaScript, a launch action, an embedded file, rich media, an XFA form —
found by casefile.record.active_content in the document's structure (a file passed on to the other
parties does nothing when opened).
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, Field

from casefile.errors import BadInput

#: The part (and form input) that carries the documents received with a recorded act.
RECEIVED = "received"
#: At most this many files come with one act (a file field and the documents received).
MAX_FILES = 10
#: The folder, under the output folder, uploads are stored in.
FOLDER = "uploads"
PDF = "application/pdf"
_REF = re.compile(r"^sha256:[0-9a-f]{64}$")
_NAME_MAX = 255


class UploadMarker:
    """Marks an act field that takes an uploaded file (see :data:`UploadRef`)."""

    def __repr__(self) -> str:
        return "UploadMarker()"


def _ref(value: str) -> str:
    if not _REF.fullmatch(value):
        from pydantic_core import PydanticCustomError

        raise PydanticCustomError("upload_ref", "a file is uploaded with the act (the multipart/form-data part named "
                                                "after this field), never named by a path on the server")
    return value


#: An act field that takes a file: ``sha256:<hex>`` of a file uploaded with the act.
UploadRef = Annotated[str, UploadMarker(), AfterValidator(_ref), Field(
    json_schema_extra={"pattern": "^sha256:[0-9a-f]{64}$"},
    description="A file uploaded with the act (the multipart/form-data part named after this field); "
                "its value is set from the upload (sha256:<hex>), never a path on the server")]


class UploadRefused(BadInput):
    """A file that cannot be taken: not a PDF, empty, over the size limit, with active content, or no
    file where the act needs one. ``field`` names the act field (or ``received``)."""

    code = "upload-refused"


@dataclass(frozen=True)
class Upload:
    """One file received with an act, checked and hashed, not yet stored: the act field it fills
    (or ``received``), the client's file name (shown, never used as a path), its media type and
    bytes, and its sha256 (hex)."""

    field: str
    original_name: str
    media_type: str
    data: bytes = dataclasses.field(repr=False)
    sha256: str

    @property
    def ref(self) -> str:
        """The act's value for the field this file fills: ``sha256:<hex>``."""
        return f"sha256:{self.sha256}"

    @property
    def size(self) -> int:
        return len(self.data)


@dataclass(frozen=True)
class Uploads:
    """The files carried with one act: ``files`` by the act field each fills, and ``received``,
    the documents received that a recorded act carries (stored as its attachments)."""

    files: Mapping[str, Upload] = dataclasses.field(default_factory=dict)
    received: tuple[Upload, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.files or self.received)

    def all(self) -> tuple[Upload, ...]:
        return (*self.files.values(), *self.received)

    def take(self, name: str, ref: str) -> Upload:
        """The file carried for field ``name`` whose ref is ``ref``. Raises UploadRefused (field
        ``name``) when no such file came with the act."""
        upload = self.files.get(name)
        if upload is None or upload.ref != ref:
            raise UploadRefused(f"field {name!r}: no file was uploaded with the act for it (send the file itself as "
                                f"the multipart/form-data part {name!r}; a path or a hash alone names nothing)",
                                field=name)
        return upload

    def digest(self) -> list[str]:
        """What the uploads are, for a request's fingerprint: ``field=sha256`` of each, in order."""
        return [f"{u.field}={u.sha256}" for u in self.all()]


NO_UPLOADS = Uploads()


def upload_fields(model: type[BaseModel] | BaseModel) -> tuple[str, ...]:
    """The names of the fields of an act model that take an uploaded file (:data:`UploadRef`)."""
    cls = model if isinstance(model, type) else type(model)
    return tuple(name for name, info in cls.model_fields.items()
                 if any(isinstance(m, UploadMarker) for m in info.metadata))


def is_ref(value: Any) -> bool:
    return isinstance(value, str) and bool(_REF.fullmatch(value))


def check_carried(act: BaseModel, uploads: Uploads) -> None:
    """Every upload field of ``act`` names a file carried with it, and every file carried for a
    field is one the act has. Raises UploadRefused naming the field."""
    fields = upload_fields(act)
    for name in fields:
        value = getattr(act, name, None)
        if value is not None:
            uploads.take(name, value)
    for name in uploads.files:
        if name not in fields:
            act_name = getattr(act, "act", "the act")
            raise UploadRefused(f"{act_name} takes no file {name!r}"
                                + (f" (it takes {', '.join(repr(f) for f in fields)})" if fields else
                                   f" (documents received come as the part {RECEIVED!r})"), field=name)


def clean_name(name: str | None) -> str:
    """The client's file name as shown: its last path component, control characters removed, at
    most 255 characters ("upload.pdf" when it gives none)."""
    text = PurePosixPath(str(name or "").replace("\\", "/")).name
    text = "".join(ch for ch in text if ch.isprintable()).strip()
    return text[:_NAME_MAX] or "upload.pdf"


def received_file(data: bytes, *, field: str, name: str | None, max_bytes: int) -> Upload:
    """The file ``data`` (named ``name`` by the client) for act field ``field``, checked: not empty,
    at most ``max_bytes`` (CASEFILE_UPLOAD_MAX_BYTES), a PDF (begins with ``%PDF-``; pypdf opens it
    and finds a page; not encrypted; no active content: casefile.record.active_content). Raises UploadRefused naming the field and the file by its
    client name (never a server path)."""
    shown = clean_name(name)
    if not data:
        raise UploadRefused(f"field {field!r}: the file {shown!r} is empty", field=field)
    if len(data) > max_bytes:
        raise UploadRefused(too_large(field, shown, max_bytes), field=field)
    if not data.startswith(b"%PDF-"):
        raise UploadRefused(f"field {field!r}: {shown!r} is not a PDF (it does not begin with %PDF-): only documents "
                            "in PDF, as filed or issued, are taken", field=field)
    _check_pdf(data, field=field, shown=shown)
    return Upload(field=field, original_name=shown, media_type=PDF, data=data, sha256=hashlib.sha256(data).hexdigest())


def too_large(field: str, shown: str, max_bytes: int) -> str:
    """The refusal of a file over the limit, in words."""
    return (f"field {field!r}: {shown!r} is larger than {max_bytes:,} bytes, the largest file taken "
            "(CASEFILE_UPLOAD_MAX_BYTES)")


def _check_pdf(data: bytes, *, field: str, shown: str) -> None:
    import logging

    from pypdf import PdfReader

    from casefile.record.active_content import active_content

    pypdf_log = logging.getLogger("pypdf")
    level = pypdf_log.level
    pypdf_log.setLevel(logging.ERROR)  # a damaged file is refused below; pypdf's warnings add nothing
    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted:
            raise UploadRefused(f"field {field!r}: {shown!r} is an encrypted (password-protected) PDF: attach the "
                                "document without its password, as the E-Filing system takes it", field=field)
        pages = len(reader.pages)
        found = active_content(reader) if pages else []
    except UploadRefused:
        raise
    except Exception as exc:  # pypdf raises many kinds for a damaged file
        raise UploadRefused(f"field {field!r}: {shown!r} begins as a PDF but cannot be read as one "
                            f"({type(exc).__name__})", field=field) from None
    finally:
        pypdf_log.setLevel(level)
    if pages < 1:
        raise UploadRefused(f"field {field!r}: {shown!r} is a PDF without a page", field=field)
    if found:
        raise UploadRefused(f"field {field!r}: {shown!r}: the PDF " + " and ".join(f.words() for f in found[:3])
                            + (f" (and {len(found) - 3} more)" if len(found) > 3 else "")
                            + ": casefile accepts PDFs without active content; print it to PDF again", field=field)


def stored_path(sha256: str) -> str:
    """Where the file with ``sha256`` is stored, relative to the output folder:
    ``uploads/<2 hex>/<sha256>.pdf``."""
    if not re.fullmatch(r"[0-9a-f]{64}", sha256):
        raise ValueError(f"not a sha256: {sha256[:80]!r}")
    return f"{FOLDER}/{sha256[:2]}/{sha256}.pdf"


def local_file(path: Path, *, field: str, max_bytes: int) -> Upload:
    """The file at ``path`` on this machine, for act field ``field``, read and checked as an upload
    is (:func:`received_file`). Only the local operator's interfaces call this (the command line,
    a scenario file's events): the web and the API take bytes, never a path. Raises UploadRefused
    naming the field (and the local path: the operator's own)."""
    try:
        if not path.is_file():
            raise UploadRefused(f"field {field!r}: {path} is not a file", field=field)
        with path.open("rb") as handle:
            data = handle.read(max_bytes + 1)
    except OSError as exc:
        raise UploadRefused(f"field {field!r}: {path} cannot be read ({exc.strerror})", field=field) from None
    if len(data) > max_bytes:
        raise UploadRefused(too_large(field, path.name, max_bytes), field=field)
    return received_file(data, field=field, name=path.name, max_bytes=max_bytes)


def uploads_of(files: Iterable[Upload]) -> Uploads:
    """:class:`Uploads` from a list of checked files: ``received`` ones apart, one per other field.
    Raises UploadRefused for two files for one field or more than MAX_FILES."""
    by_field: dict[str, Upload] = {}
    received: list[Upload] = []
    for upload in files:
        if upload.field == RECEIVED:
            received.append(upload)
        elif upload.field in by_field:
            raise UploadRefused(f"field {upload.field!r}: one file only", field=upload.field)
        else:
            by_field[upload.field] = upload
    if len(by_field) + len(received) > MAX_FILES:
        raise UploadRefused(f"at most {MAX_FILES} files come with one act", field=RECEIVED)
    return Uploads(files=by_field, received=tuple(received))
