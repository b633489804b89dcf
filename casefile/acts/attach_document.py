"""Attach a document as it was actually filed or issued: the PDF a party filed (finished in Word,
with the e-filing confirmation number the Agency's E-Filing system gave it) to its filing, or the
Region's own PDF to the act recorded from it (a tally, a notice, a decision).

The file comes with the act as bytes (casefile.record.uploads: a multipart/form-data upload on the
web and in the API, a local file read by the command line acting as the local operator), never as
a path: ``file`` is the ``sha256:<hex>`` of the file carried with the act. casefile's draft is kept
as issued; the file is stored content-addressed under the output folder and docketed
(casefile.acts.attaching); ``casefile verify`` checks it against its hash
(casefile.record.attachments). An attachment of a confidential filing (an offer of proof) is
confidential too (29 CFR 102.69(a)(8)): listed only for the party that filed it and the Region.

Only PDF files up to CASEFILE_UPLOAD_MAX_BYTES are taken (checked when received, before the act
runs); anything else is refused before anything is stored.
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, Literal

from pydantic import Field
from sqlmodel import Session

from casefile.acts.base import ANY_STAGE, ActIn, Done, Issue, Line, Who
from casefile.record.authority import Whose
from casefile.record.models import Case
from casefile.record.refs import Ref
from casefile.record.uploads import UploadRef, Uploads

#: Not bound to the election's stage (refused, where it is, on what the record holds): offered at every
#: stage (casefile.acts.allowed_now).
STAGES = ANY_STAGE


class AttachDocument(ActIn):
    """Attach the file uploaded with the act (``file``: its ``sha256:<hex>``, set from the upload)
    ``to`` a filing ("filing:ID") or a docket entry ("docket:ID", as `casefile case show --json`
    lists them); ``confirmation`` is the e-filing confirmation number of a filed document."""

    act: Literal["attach-document"] = "attach-document"
    WHOSE: ClassVar[Whose] = Whose.of_record("to")
    to: Line = Field(pattern=r"^(filing|docket):[1-9][0-9]{0,11}$")
    file: UploadRef
    confirmation: Line = Field(default="", pattern=r"^[A-Za-z0-9][A-Za-z0-9 ./_-]{0,79}$|^$")


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """Attaching issues no document (the attached file is stored as it is)."""
    return ()


def perform(session: Session, act: AttachDocument, *, case: Case, as_of: datetime, by: Who, uploads: Uploads) -> Done:
    """Store the file uploaded with the act beside casefile's draft and docket it.

    Idempotent on (target, sha256): the same file attached again to the same record is found, not
    stored twice. Raises UploadRefused (no file carried for ``file``), UnknownRecord (no such
    filing or docket entry in the case, field ``to``), ProcedureError (a docket entry that is no
    recorded act, field ``to``). Nothing is written before every check has passed."""
    from casefile.acts.attaching import attach

    upload = uploads.take("file", act.file)
    return attach(session, case, upload, to=act.to, as_of=as_of, by=by, confirmation=act.confirmation)
