"""Attaching an uploaded file to a record of the case, in the act's own transaction: the document
as filed (a party's filing) or as issued (the Region's act), or the document received that a
recorded act carries.

The file (casefile.record.uploads.Upload: checked, hashed) is stored content-addressed under the
output folder (``uploads/<2 hex>/<sha256>.pdf``, 0600 in 0700 folders, written atomically after
every check has passed), registered as an Attachment row (casefile.record.models) and docketed
under :func:`casefile.record.attachments.attachment_key` (the target and the file's sha256), so
the docket chain covers its hash and ``casefile verify`` checks the file. An attachment of a
confidential filing (an offer of proof) is confidential too (29 CFR 102.69(a)(8)): listed only
for the party that filed it and the Region, its downloads logged; so is a document received with an
act that gave a confidential part (objections filed with their offer of proof: attached to the
offer's filing, :func:`attach_received`).
"""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session, col, select

from casefile.acts.base import Done, Who, again, recorded
from casefile.errors import ProcedureError, UnknownRecord
from casefile.record.attachments import attachment_key, stored_name
from casefile.record.models import Attachment, Case, DocketEntry, Document, Filing, Party
from casefile.record.refs import RecordTable, Ref, ref_to
from casefile.record.uploads import Upload, stored_path
from casefile.record.workflow import docket
from casefile.vocab import Actor, AttachmentKind, DocketActName, DocumentKind, FilingKind

#: Docket acts that are not a recorded act of the procedure (nothing filed or issued to attach to).
NOT_ATTACHABLE = frozenset({DocketActName.ISSUE_DOCUMENT, DocketActName.ATTACH_DOCUMENT, DocketActName.SWEEP,
                            DocketActName.DEADLINE_LAPSED, DocketActName.ADD_COUNSEL, DocketActName.OPEN_CASE})


def target_of(session: Session, case: Case, to: Ref, *, field: str = "to",
              received: bool = False) -> tuple[Filing | None, DocketEntry | None]:
    """The filing and/or docket entry ``to`` ("filing:ID" / "docket:ID") names in ``case``; a
    docket entry of a party's filing gives the filing too. ``received``: the act's own record (a
    document received with it), any act but an attachment. Raises UnknownRecord (not in the case),
    ProcedureError (a docket entry that is no recorded act), both naming ``field``."""
    ident = to.id
    filing: Filing | None = None
    entry: DocketEntry | None = None
    if to.table is RecordTable.FILING:
        filing = session.get(Filing, ident)
        if filing is None or filing.case_id != case.id:
            raise UnknownRecord(f"case {case.number} has no filing {ident} (see `casefile case show {case.number} --json`)",
                                field=field)
        return filing, None
    entry = session.get(DocketEntry, ident) if to.table is RecordTable.DOCKET else None
    if entry is None or entry.case_id != case.id:
        raise UnknownRecord(f"case {case.number} has no docket entry {ident}", field=field)
    refused = {DocketActName.ATTACH_DOCUMENT, DocketActName.ISSUE_DOCUMENT} if received else NOT_ATTACHABLE
    if entry.act in refused:
        raise ProcedureError(f"docket entry {ident} ({entry.act}) is not an act a document was filed or issued for",
                             field=field)
    if entry.ref is not None and entry.ref.table is RecordTable.FILING:  # a party's filing: attach to the filing itself
        filing = session.get(Filing, entry.ref.id)
    return filing, entry


def _confidential_bytes(session: Session, case: Case, sha256: str) -> bool:
    """Whether these bytes are already in ``case`` as a confidential document or attachment (an offer of proof's
    PDF, 102.69(a)(8)): attached anywhere else, they stay as confidential as they are there (the final attacker
    trial: the union's own offer attached to its public objections was downloadable by the employer)."""
    from sqlmodel import col, select

    from casefile.record.models import Attachment, Document

    return any(session.exec(select(table.id).where(table.case_id == case.id, table.sha256 == sha256,
                                                   col(table.confidential).is_(True))).first() is not None
               for table in (Document, Attachment))


def attach(session: Session, case: Case, upload: Upload, *, to: Ref | str, as_of: datetime, by: Who, confirmation: str = "",
           field: str = "to", received: bool = False) -> Done:
    """Store ``upload`` and attach it to ``to`` in ``case``; returns the attach-document entry's Done.

    Idempotent on (target, sha256): the same file attached again to the same record is found, not
    stored twice. Raises what :func:`target_of` raises; nothing is written before every check has
    passed (a crash between the file's write and the commit leaves at most a stored file no row
    names, never a row without its file)."""
    if isinstance(to, str):  # as a person wrote it: "filing:ID" or "docket:ID"
        written, parsed = to, Ref.parse(to)
        if parsed is None or parsed.table not in (RecordTable.FILING, RecordTable.DOCKET):
            raise UnknownRecord(f"case {case.number} has no filing or docket entry {written!r}", field=field)
        to = parsed
    filing, entry = target_of(session, case, to, field=field, received=received)
    key = attachment_key(to, upload.sha256)  # as casefile.record.attachments.target_of names it back
    if (found := recorded(session, case, key)) is not None:
        return again(found, "attach-document", ())
    draft = _draft(session, case, filing, entry)
    party = session.get(Party, filing.party_id) if filing is not None else None
    confidential = bool((filing is not None and filing.confidential) or (draft is not None and draft.confidential)
                        or _confidential_bytes(session, case, upload.sha256))
    kind = AttachmentKind.AS_FILED if filing is not None else AttachmentKind.AS_ISSUED
    on = filing.received_on if filing is not None else entry.occurred_on  # type: ignore[union-attr]
    what = draft.kind.value if draft is not None else (filing.kind if filing is not None else entry.act)  # type: ignore[union-attr]
    from casefile.documents.storage import safe_file_part

    file_name = stored_name(on, safe_file_part(what, what="the document kind"),
                            safe_file_part(party.key, what="the party key") if party is not None else None, kind) + ".pdf"
    from casefile.record.sealing import refuse_altered

    refuse_altered(session)  # what the act wrote over or read is as sealed: checked before the file is written
    relative = store(upload)
    attachment = Attachment(
        case_id=case.id, filing_id=filing.id if filing is not None else None,  # type: ignore[arg-type]
        entry_id=entry.id if entry is not None else None, document_id=draft.id if draft is not None else None,
        kind=kind, original_name=upload.original_name, path=relative, file_name=file_name,
        media_type=upload.media_type, size=upload.size, sha256=upload.sha256, confirmation=confirmation.strip(),
        confidential=confidential, attached_at=as_of)
    session.add(attachment)
    session.flush()
    title = draft.title if draft is not None else _title(filing, entry)
    extra = f", e-filing confirmation {attachment.confirmation}" if attachment.confirmation else ""
    by_party = kind == AttachmentKind.AS_FILED or (entry is not None and entry.actor is Actor.PARTY)  # a party's own act
    how = "as received" if received else ("as filed" if by_party else "as issued by the Region")
    summary = (f"{title} {how} attached ({'confidential, ' if confidential else ''}sha256 "
               f"{upload.sha256[:12]}…{extra})")
    done = docket(session, case.id,  # type: ignore[arg-type]
                  election_id=(filing.election_id if filing is not None else entry.election_id),  # type: ignore[union-attr]
                  as_of=as_of, occurred_on=on, act=DocketActName.ATTACH_DOCUMENT, act_key=key,
                  actor=Actor.PARTY if filing is not None else entry.actor,  # type: ignore[union-attr]
                  summary=summary, ref=ref_to(attachment))
    assert done.id is not None
    return Done(act="attach-document", ref=done.ref, entry_id=done.id, summary=summary)


def attach_received(session: Session, case: Case, done: Done, received: tuple[Upload, ...], *, as_of: datetime,
                    by: Who, sealed: bool = False) -> list[str]:
    """Attach each document received with a recorded act to the act's own record (its filing when
    ``done.ref`` is one, else its docket entry), in the act's transaction; returns the
    attachments' refs ("attachment:ID"). ``sealed``: the act gave a part whose content is
    confidential (its model's ``WHOSE.sealed``: objections filed with their offer of proof), so a
    document received with it holds that part too and is attached to the confidential filing that
    part made (the offer of proof accompanying the act's filing — also when its witnesses are not in
    the record), seen by the filing party and the Region only (29 CFR 102.69(a)(8); attacker trial 2026-12-03, MEDIUM-1: the union's submission,
    offer included, had been attached to its public objections filing and downloaded by the
    employer). Raises ProcedureError when ``sealed`` and no such filing is found (nothing stored)."""
    to = done.ref if done.ref is not None and done.ref.table is RecordTable.FILING else Ref(RecordTable.DOCKET, done.entry_id)
    if received and (part := _sealed_part(session, case, to)) is not None:
        to = part
    elif received and sealed:
        raise ProcedureError("the documents received hold a confidential part but the act made no confidential filing "
                             "to attach them to: file them apart", field="received")
    refs = []
    for upload in received:
        made = attach(session, case, upload, to=to, as_of=as_of, by=by, field="received", received=True)
        refs.append(str(made.ref))
    return refs


def _sealed_part(session: Session, case: Case, to: Ref) -> Ref | None:
    """The confidential filing that accompanies the filing ``to`` (an offer of proof filed with its
    objections, its witnesses in the record or not), or None."""
    if to.table is not RecordTable.FILING:
        return None
    offer = session.exec(select(Filing).where(Filing.case_id == case.id, Filing.accompanies_id == to.id,
                                              Filing.kind == FilingKind.OFFER_OF_PROOF,
                                              col(Filing.confidential).is_(True))
                         .order_by(col(Filing.id).desc())).first()
    return Ref(RecordTable.FILING, offer.id) if offer is not None and offer.id is not None else None


def store(upload: Upload) -> str:
    """Write ``upload``'s bytes at its content address under the output folder (unless the same
    bytes are there already); returns the path relative to the output folder."""
    from casefile.documents.storage import inside, write_atomically
    from casefile.record.integrity import file_sha256
    from casefile.settings import get_settings

    root = get_settings().output_dir
    relative = stored_path(upload.sha256)
    path = inside(root, root / relative)
    if path.is_file() and not path.is_symlink() and file_sha256(path) == upload.sha256:
        return relative
    write_atomically(path, upload.data, root=root)
    return relative


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
        subject = Ref(RecordTable.FILING, filing.accompanies_id if filing.kind == FilingKind.OFFER_OF_PROOF and filing.accompanies_id
                      else filing.id)  # type: ignore[arg-type]
        docs = session.exec(select(Document).where(Document.case_id == case.id, Document.subject == subject)
                            .order_by(col(Document.id))).all()
        wanted = [d for d in docs if (d.kind == DocumentKind.OFFER_OF_PROOF) == (filing.kind == FilingKind.OFFER_OF_PROOF)]
        return wanted[-1] if wanted else None
    assert entry is not None
    if entry.ref is None:
        return None
    return session.exec(select(Document).where(Document.case_id == case.id, Document.subject == entry.ref)
                        .order_by(col(Document.id).desc())).first()


__all__ = ["NOT_ATTACHABLE", "attach", "attach_received", "store", "target_of"]
