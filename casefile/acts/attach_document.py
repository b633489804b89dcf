"""Attach a document as it was actually filed or issued: the PDF a party filed (finished in Word,
with the e-filing confirmation number the Agency's E-Filing system gave it) to its filing, or the
Region's own PDF to the act recorded from it (a tally, a notice, a decision).

casefile's draft is kept as issued; the attachment is stored beside it in the case's folder of the
output folder (casefile.documents.storage: atomic write, 0600 in a 0700 folder, the path checked to
stay inside), hashed (sha256) and docketed; ``casefile verify`` checks its file against the hash
(casefile.record.attachments). An attachment of a confidential filing (an offer of proof) is
confidential too (29 CFR 102.69(a)(8)): listed only for the party that filed it and the Region.

Only PDF files (the E-Filing system's format) up to the e-filing size limit
(CASEFILE_EFILING_MAX_BYTES) are taken; anything else is refused before anything is stored.
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from pathlib import Path
from typing import Literal

from pydantic import Field
from sqlmodel import Session, col, select

from casefile.acts.base import ANY_STAGE, ActIn, Done, Issue, Line, Who, again, recorded
from casefile.errors import BadInput, ProcedureError, UnknownRecord
from casefile.record.attachments import attachment_key, stored_name
from casefile.record.models import Attachment, Case, DocketEntry, Document, Filing, Party
from casefile.record.workflow import docket
from casefile.vocab import Actor

#: Not bound to the election's stage (refused, where it is, on what the record holds): offered at every
#: stage (casefile.acts.allowed_now).
STAGES = ANY_STAGE

#: The types of file taken, by extension: the media type and the bytes the file must begin with.
ALLOWED = {".pdf": ("application/pdf", b"%PDF-")}
#: Docket acts that are not a recorded act of the procedure (nothing the Region issued to attach to).
_NOT_ATTACHABLE = frozenset({"issue-document", "attach-document", "sweep", "deadline-lapsed", "add-counsel",
                             "open-case"})


class AttachDocument(ActIn):
    """Attach the file at ``file`` (a path on this machine) ``to`` a filing ("filing:ID") or a docket
    entry ("docket:ID", as `casefile case show --json` lists them); ``confirmation`` is the e-filing
    confirmation number of a filed document."""

    act: Literal["attach-document"] = "attach-document"
    to: Line = Field(pattern=r"^(filing|docket):[1-9][0-9]{0,11}$")
    file: Line = Field(min_length=1)
    confirmation: Line = Field(default="", pattern=r"^[A-Za-z0-9][A-Za-z0-9 ./_-]{0,79}$|^$")


def issues(session: Session, ref: str) -> tuple[Issue, ...]:
    """Attaching issues no document (the attached file is stored as it is)."""
    return ()


def read_attachment(path_text: str, *, max_bytes: int) -> tuple[bytes, str]:
    """The bytes and media type of the file to attach. Raises BadInput (field ``file``): not a
    regular file, not a type taken (by extension and by its first bytes), empty or over the limit."""
    path = Path(path_text).expanduser()
    if not path.is_file():
        raise BadInput(f"attach-document: {path_text!r} is not a file", field="file")
    allowed = ALLOWED.get(path.suffix.lower())
    if allowed is None:
        raise BadInput(f"attach-document: {path.name!r} is not a PDF: only the documents as filed or issued in PDF "
                       f"are attached ({', '.join(ALLOWED)})", field="file")
    size = path.stat().st_size
    if size > max_bytes:
        raise BadInput(f"attach-document: {path.name} is {size:,} bytes, over the e-filing limit of {max_bytes:,} bytes "
                       "(CASEFILE_EFILING_MAX_BYTES)", field="file")
    data = path.read_bytes()
    if len(data) > max_bytes:
        raise BadInput(f"attach-document: {path.name} grew over the e-filing limit while read", field="file")
    media_type, magic = allowed
    if not data.startswith(magic):
        raise BadInput(f"attach-document: {path.name} does not begin as a PDF does ({magic.decode()}): it is not a PDF",
                       field="file")
    return data, media_type


def perform(session: Session, act: AttachDocument, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Store the file beside casefile's draft and docket it.

    Idempotent on (target, sha256): the same file attached again to the same record is found, not
    stored twice. Raises UnknownRecord (no such filing or docket entry in the case, field ``to``),
    ProcedureError (a docket entry that is no recorded act, field ``to``), BadInput (field ``file``:
    see :func:`read_attachment`). Nothing is written before every check has passed."""
    from casefile.documents.storage import inside, private_folder, safe_file_part, write_atomically
    from casefile.settings import get_settings

    settings = get_settings()
    data, media_type = read_attachment(act.file, max_bytes=settings.efiling_max_bytes)
    sha256 = hashlib.sha256(data).hexdigest()
    table, _, ident = act.to.partition(":")
    filing: Filing | None = None
    entry: DocketEntry | None = None
    if table == "filing":
        filing = session.get(Filing, int(ident))
        if filing is None or filing.case_id != case.id:
            raise UnknownRecord(f"case {case.number} has no filing {ident} (see `casefile case show {case.number} --json`)",
                                field="to")
    else:
        entry = session.get(DocketEntry, int(ident))
        if entry is None or entry.case_id != case.id:
            raise UnknownRecord(f"case {case.number} has no docket entry {ident}", field="to")
        if entry.act in _NOT_ATTACHABLE:
            raise ProcedureError(f"docket entry {ident} ({entry.act}) is not an act a document was filed or issued for",
                                 field="to")
        if entry.ref.startswith("filing:"):  # a party's filing: attach to the filing itself
            filing = session.get(Filing, int(entry.ref.partition(":")[2]))
    key = attachment_key(act.to, sha256)
    if (found := recorded(session, case, key)) is not None:
        return again(found, act.act, ())
    draft = _draft(session, case, filing, entry)
    party = session.get(Party, filing.party_id) if filing is not None else None
    confidential = bool((filing is not None and filing.confidential) or (draft is not None and draft.confidential))
    kind = "as-filed" if filing is not None else "as-issued"
    on = filing.received_on if filing is not None else entry.occurred_on  # type: ignore[union-attr]
    what = draft.kind.value if draft is not None else (filing.kind if filing is not None else entry.act)  # type: ignore[union-attr]
    root = settings.output_dir
    folder = root / safe_file_part(case.number, what="the case number")
    stem = stored_name(on, safe_file_part(what, what="the document kind"),
                       safe_file_part(party.key, what="the party key") if party is not None else None, kind)
    private_folder(root, folder)
    path, _version = _free_path(folder, stem, data)
    if not path.exists():
        write_atomically(path, data, root=root)
    attachment = Attachment(
        case_id=case.id, filing_id=filing.id if filing is not None else None,  # type: ignore[arg-type]
        entry_id=entry.id if entry is not None else None, document_id=draft.id if draft is not None else None,
        kind=kind, original_name=Path(act.file).name[:255], path=str(inside(root, path)), media_type=media_type,
        size=len(data), sha256=sha256, confirmation=act.confirmation.strip(), confidential=confidential, attached_at=as_of)
    session.add(attachment)
    session.flush()
    title = draft.title if draft is not None else _title(filing, entry)
    confirmation = f", e-filing confirmation {attachment.confirmation}" if attachment.confirmation else ""
    summary = (f"{title} {'as filed' if kind == 'as-filed' else 'as issued by the Region'} attached "
               f"({'confidential, ' if confidential else ''}sha256 {sha256[:12]}…{confirmation})")
    done = docket(session, case.id, election_id=(filing.election_id if filing is not None else entry.election_id),  # type: ignore[arg-type,union-attr]
                  as_of=as_of, occurred_on=on, act="attach-document", act_key=key,
                  actor=Actor.PARTY if filing is not None else entry.actor,  # type: ignore[union-attr]
                  summary=summary, ref=f"attachment:{attachment.id}")
    assert done.id is not None
    return Done(act=act.act, ref=done.ref, entry_id=done.id, summary=summary)


def _title(filing: Filing | None, entry: DocketEntry | None) -> str:
    """What the attached document is, in words, when casefile issued no draft of it."""
    from casefile.documents.wording import ACT_NAMES

    if filing is not None:
        return filing.kind.replace("-", " ").capitalize()
    assert entry is not None
    return ACT_NAMES.get(entry.act, entry.act.replace("-", " ").capitalize())


def _draft(session: Session, case: Case, filing: Filing | None, entry: DocketEntry | None) -> Document | None:
    """casefile's own document for the record the file is attached to (the draft it stands beside)."""
    if filing is not None:
        subject = f"filing:{filing.accompanies_id if filing.kind == 'offer-of-proof' and filing.accompanies_id else filing.id}"
        docs = session.exec(select(Document).where(Document.case_id == case.id, col(Document.key).endswith(f":{subject}"))
                            .order_by(col(Document.id))).all()
        wanted = [d for d in docs if (d.kind.value == "offer-of-proof") == (filing.kind == "offer-of-proof")]
        return wanted[-1] if wanted else None
    assert entry is not None
    if not entry.ref:
        return None
    return session.exec(select(Document).where(Document.case_id == case.id, col(Document.key).endswith(f":{entry.ref}"))
                        .order_by(col(Document.id).desc())).first()


def _free_path(folder: Path, stem: str, data: bytes) -> tuple[Path, int]:
    """The plain name, or ``_v2``, ``_v3``… when another content holds it; the same bytes already
    under a name (a run stopped before it committed) are taken as they are."""
    from casefile.documents.storage import inside

    version = 1
    while True:
        path = inside(folder, folder / (f"{stem}.pdf" if version == 1 else f"{stem}_v{version}.pdf"))
        if not path.exists() and not path.is_symlink():
            return path, version
        if path.is_file() and not path.is_symlink() and path.read_bytes() == data:
            return path, version
        version += 1
