"""Documents as filed and as issued (casefile.record.models.Attachment): their docket key, their file
name beside casefile's draft, and checking them (``casefile verify``).

Each attachment is docketed by the attach-document act under :func:`attachment_key` — the record it
is attached to and the file's full sha256 — so the docket's hash chain (casefile.record.integrity)
covers the hash: an attachment row whose sha256 was edited no longer matches its entry's key, and a
file changed after it was attached no longer matches the row.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path

from sqlmodel import Session, col, select

from casefile.record.chain import file_sha256
from casefile.record.models import Attachment, Case, DocketEntry
from casefile.record.refs import RecordTable, Ref
from casefile.vocab import DocketActName


def attachment_key(target: Ref, sha256: str) -> str:
    """The docket key of attaching the file with ``sha256`` to ``target`` (a filing or a docket entry)."""
    return f"attach:{target}:{sha256}"


def target_of(attachment: Attachment) -> Ref:
    """What the attachment was attached to, as the act named it: a filing or a docket entry."""
    if attachment.entry_id is None:
        assert attachment.filing_id is not None
        return Ref(RecordTable.FILING, attachment.filing_id)
    return Ref(RecordTable.DOCKET, attachment.entry_id)


def stored_name(on: date, kind: str, party: str | None, how: str) -> str:
    """The file name (without ``.pdf``) an attachment is stored under, beside the draft it stands by:
    ``<date>_<kind>[_<party>]_<as-filed|as-issued>``. It names what the draft's name names, nothing
    more (a confidential offer of proof's as well: casefile.documents.preflight)."""
    return f"{on.isoformat()}_{kind}" + (f"_{party}" if party else "") + f"_{how}"


def attachment_file(attachment: Attachment, *, output_dir: Path, case_number: str) -> Path:
    """Where the attachment's file must be: ``output_dir``/``uploads/<2 hex>/<sha256>.pdf`` (its
    content address, casefile.record.uploads.stored_path); for an attachment made before uploads
    (an absolute ``path``), ``output_dir``/<case number>/<its file name>, as issued documents are
    found (casefile.record.integrity.document_file)."""
    stored = Path(attachment.path)
    if not stored.is_absolute() and stored.parts[:1] == ("uploads",) and ".." not in stored.parts:
        return output_dir / stored
    return output_dir / case_number / stored.name


@dataclass(frozen=True)
class AttachmentProblem:
    """An attachment that does not match: which, and how (a sentence)."""

    attachment_id: int
    message: str


def check_attachments(session: Session, case: Case, *, output_dir: Path, covered: set[str]) -> tuple[int, list[AttachmentProblem]]:
    """Check each attachment of ``case``: docketed under its key by an entry the chain vouches for
    (``covered``: the act keys of the entries verified), and its file present with the stored sha256.
    Returns how many match and the problems."""
    ok = 0
    problems: list[AttachmentProblem] = []
    entries = {e.ref: e for e in session.exec(select(DocketEntry).where(
        DocketEntry.case_id == case.id, DocketEntry.act == DocketActName.ATTACH_DOCUMENT))}
    for attachment in session.exec(select(Attachment).where(Attachment.case_id == case.id).order_by(col(Attachment.id))):
        assert attachment.id is not None
        where = attachment_file(attachment, output_dir=output_dir, case_number=case.number)
        named = f"attachment #{attachment.id} ({attachment.kind} {target_of(attachment)}, file {where})"
        entry = entries.get(Ref(RecordTable.ATTACHMENT, attachment.id))
        key = attachment_key(target_of(attachment), attachment.sha256)
        if entry is None or entry.act_key != key:
            problems.append(AttachmentProblem(attachment.id, (
                f"{named} is on no docket entry under its sha256 {attachment.sha256[:12]}…: the record of it was "
                "changed after it was attached")))
            continue
        if entry.act_key not in covered:
            continue  # the chain breaks before its entry: the chain's problem says so
        if not where.is_file():
            problems.append(AttachmentProblem(attachment.id, f"{named} is missing"))
            continue
        if file_sha256(where) != attachment.sha256:
            problems.append(AttachmentProblem(attachment.id, (
                f"{named} does not match its sha256 {attachment.sha256[:12]}…: the file was changed or damaged after "
                "it was attached")))
            continue
        ok += 1
    return ok, problems
