"""Around a case, for one organization (issue 8): who of its users is assigned to the case, its
private notes on it, its users' opt-in to notices, and the export of the case file as one zip.

Everything here is the organization's own: an assignment or a note is listed only to the users of
the organization that made it, never to another organization (nor in another's API answers). None
of it is a legal act: nothing goes on the docket. A case the user may not see is UnknownCase (404),
exactly as one that does not exist; who may do what:

- assign and unassign: the organization's admins and counsel (NotPermitted for staff and viewers);
- write a note: admins, counsel and staff (a viewer reads them); notes are append-only;
- opt in to notices: every user, for themselves;
- export: every user who sees the case — the docket as they see it, every document they may see
  (a confidential one only for the party that filed it and the Region, and its inclusion logged in
  the access log as a download), and the docket chain's head.
"""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, func
from sqlmodel import Session, col, select

from casefile.characters import character_problem
from casefile.errors import BadInput, Internal, NotPermitted, UnknownRecord
from casefile.record import authority
from casefile.record.access import UserViewer
from casefile.record.accounts import AccessAction, AccessLog, User
from casefile.record.around import Assignment, CaseNote, NoticeOptIn
from casefile.record.models import Case, DocketEntry, Person
from casefile.record.queries import visible_case

NOTE_MAX = 10_000


@dataclass(frozen=True)
class AssigneeView:
    """A user of the organization assigned to the case."""

    user_id: int
    email: str
    name: str
    role: str
    assigned_at: datetime
    assigned_by: str


@dataclass(frozen=True)
class NoteView:
    """A private note as its organization reads it."""

    id: int
    author: str
    text: str
    written_at: datetime


def may_assign(viewer: UserViewer) -> bool:
    """Whether ``viewer`` assigns users to cases (the authority policy: admins and counsel)."""
    return authority.may_assign(viewer.role)


def may_write_notes(viewer: UserViewer) -> bool:
    """Whether ``viewer`` writes private notes (the authority policy: admins, counsel and staff)."""
    return authority.may_write_notes(viewer.role)


# --- assignees ----------------------------------------------------------------------------------

def assignees(session: Session, viewer: UserViewer, case: Case) -> list[AssigneeView]:
    """The users of ``viewer``'s organization assigned to ``case``, by email."""
    rows = session.exec(select(Assignment, User).join(User, User.id == Assignment.user_id)  # type: ignore[arg-type]
                        .where(Assignment.case_id == case.id, Assignment.organization_id == viewer.organization_id)
                        .order_by(col(User.email))).all()
    return [AssigneeView(user_id=u.id or 0, email=u.email, name=u.name or u.email, role=u.role.value,
                         assigned_at=a.assigned_at, assigned_by=a.assigned_by) for a, u in rows]


def colleagues(session: Session, viewer: UserViewer) -> list[User]:
    """The active users of ``viewer``'s organization (whom they may assign), by email."""
    return list(session.exec(select(User).where(User.organization_id == viewer.organization_id,
                                                col(User.active).is_(True)).order_by(col(User.email))).all())


def _require_assigner(viewer: UserViewer) -> None:
    if not may_assign(viewer):
        raise NotPermitted(f"assignments are made by the admins and counsel of an organization ({viewer.email} is "
                           f"{viewer.role.value})")


def assign(session: Session, viewer: UserViewer, *, case_number: str, email: str, as_of: datetime) -> AssigneeView:
    """Assign the user ``email`` of ``viewer``'s organization to the case (again: nothing new).

    Where the organization represents a party in the case, the assignee is one of that party's
    people reminded of its deadlines: their person record in the case (matched by account or
    email) is linked to their account, or made (not counsel of record: reminders only).
    Raises UnknownCase, NotPermitted, BadInput (no email), UnknownRecord (field ``email``: no
    active user of that email in the organization)."""
    case = visible_case(session, case_number, viewer)
    _require_assigner(viewer)
    wanted = email.strip().lower()
    if not wanted:
        raise BadInput("Choose whom to assign", field="email")
    user = session.exec(select(User).where(User.email == wanted, User.organization_id == viewer.organization_id,
                                           col(User.active).is_(True))).first()
    if user is None or user.id is None:
        raise UnknownRecord(f"no active user {wanted[:120]!r} in {viewer.organization_key}: assign a user of your "
                            "organization", field="email")
    found = session.exec(select(Assignment).where(Assignment.case_id == case.id, Assignment.user_id == user.id,
                                                  Assignment.organization_id == viewer.organization_id)).first()
    if found is None:
        found = Assignment(organization_id=viewer.organization_id, case_id=case.id, user_id=user.id,  # type: ignore[arg-type]
                           person_id=_person_for(session, viewer, case, user, as_of), assigned_at=as_of,
                           assigned_by=viewer.label())
        session.add(found)
        session.flush()
    return AssigneeView(user_id=user.id, email=user.email, name=user.name or user.email, role=user.role.value,
                        assigned_at=found.assigned_at, assigned_by=found.assigned_by)


def _person_for(session: Session, viewer: UserViewer, case: Case, user: User, as_of: datetime) -> int | None:
    """The person of the organization's party in ``case`` who is ``user`` (linked, or made), or None
    (the organization represents no party in the case: a Region, a watcher)."""
    party_ids = sorted(viewer.party_ids(session, case))
    if not party_ids:
        return None
    people = session.exec(select(Person).where(Person.case_id == case.id, col(Person.party_id).in_(party_ids))).all()
    for person in people:
        if person.user_id == user.id or (person.email and person.email.lower() == user.email):
            if person.user_id is None:
                person.user_id = user.id
                session.add(person)
            return person.id
    taken = {p.name for p in people if p.party_id == party_ids[0]}
    name = user.name or user.email
    if name in taken:
        name = f"{name} <{user.email}>"
    person = Person(case_id=case.id, party_id=party_ids[0], name=name, email=user.email, created_at=as_of,  # type: ignore[arg-type]
                    counsel=False, reminded=True, user_id=user.id)
    session.add(person)
    session.flush()
    return person.id


def unassign(session: Session, viewer: UserViewer, *, case_number: str, user_id: int) -> bool:
    """Remove user ``user_id``'s assignment (of ``viewer``'s organization) to the case; returns
    whether there was one. Raises UnknownCase, NotPermitted."""
    case = visible_case(session, case_number, viewer)
    _require_assigner(viewer)
    found = session.exec(select(Assignment).where(Assignment.case_id == case.id, Assignment.user_id == user_id,
                                                  Assignment.organization_id == viewer.organization_id)).first()
    if found is None:
        return False
    session.delete(found)
    return True


# --- private notes ------------------------------------------------------------------------------

def notes(session: Session, viewer: UserViewer, case: Case) -> list[NoteView]:
    """The private notes of ``viewer``'s organization on ``case``, newest first."""
    rows = session.exec(select(CaseNote).where(CaseNote.case_id == case.id,
                                               CaseNote.organization_id == viewer.organization_id)
                        .order_by(col(CaseNote.id).desc())).all()
    return [NoteView(id=n.id or 0, author=n.author, text=n.text, written_at=n.written_at) for n in rows]


def clean_note(text: str) -> str:
    """The note's text, checked: not empty, text (no control character but a tab or a line break), at most NOTE_MAX characters. Raises BadInput (field ``text``)."""
    text = (text or "").replace("\r\n", "\n").strip()
    if not text:
        raise BadInput("note: write the note's text", field="text")
    if (problem := character_problem(text)) is not None:
        raise BadInput(f"note: {problem}", field="text")
    if len(text) > NOTE_MAX:
        raise BadInput(f"note: {len(text):,} characters; a note holds at most {NOTE_MAX:,}", field="text")
    return text


def add_note(session: Session, viewer: UserViewer, *, case_number: str, text: str, as_of: datetime) -> NoteView:
    """Append a private note of ``viewer``'s organization to the case. Raises UnknownCase,
    NotPermitted (a viewer), BadInput (field ``text``)."""
    case = visible_case(session, case_number, viewer)
    if not may_write_notes(viewer):
        raise NotPermitted(f"notes are written by an organization's admins, counsel and staff ({viewer.email} is "
                           f"{viewer.role.value}: a viewer reads them)")
    note = CaseNote(organization_id=viewer.organization_id, case_id=case.id, author_id=viewer.user_id,  # type: ignore[arg-type]
                    author=viewer.email, text=clean_note(text), written_at=as_of)
    session.add(note)
    session.flush()
    return NoteView(id=note.id or 0, author=note.author, text=note.text, written_at=note.written_at)


# --- notices: the user's opt-in -------------------------------------------------------------------

def notices_since(session: Session, user_id: int) -> datetime | None:
    """When user ``user_id`` opted in to notices (None: they have not)."""
    row = session.exec(select(NoticeOptIn).where(NoticeOptIn.user_id == user_id)).first()
    return row.created_at if row is not None else None


def set_notices(session: Session, viewer: UserViewer, *, on: bool, as_of: datetime) -> bool:
    """Opt ``viewer`` in to (or out of) notices; returns whether they are opted in. Notices are of
    docket entries made after opting in."""
    row = session.exec(select(NoticeOptIn).where(NoticeOptIn.user_id == viewer.user_id)).first()
    if on and row is None:
        last = session.exec(select(func.max(DocketEntry.id))).one() or 0
        session.add(NoticeOptIn(user_id=viewer.user_id, created_at=as_of, after_entry_id=int(last)))
    elif not on and row is not None:
        session.delete(row)
    return on


# --- the export -----------------------------------------------------------------------------------

#: docket.csv's columns, each in words as the docket page shows it (the act, who acted, who recorded it, the stages by
#: name), never casefile's own values ("record-tally", "board-agent", "user:ann@example.org"); the date ISO, to sort.
DOCKET_COLUMNS = ("Date", "Act", "By", "Recorded by", "Summary", "Stage before", "Stage after")


@dataclass(frozen=True)
class Export:
    """A case file as one zip: its file name and bytes, and what it holds."""

    file_name: str
    content: bytes
    documents: int
    docket_entries: int


def export_case(*, viewer: Any, case_number: str, as_of: datetime, via: str = "web",
                engine: Engine | None = None) -> Export:
    """The case file of ``case_number`` as ``viewer`` may see it, as one zip: ``docket.csv`` (the
    docket as they see it), ``documents/`` (every issued document they may see, checked against
    its sha256), ``attachments/`` (the documents as filed or issued they may see), ``notes.csv``
    (their organization's private notes, for a signed-in user), ``chain-head.txt`` (the docket
    chain's head: compare it later with ``casefile verify CASE --expect-head``) and ``manifest.json``.
    A confidential document included is logged as downloaded (who, when, what, ``via``: e.g.
    "web export"). Raises UnknownCase, Internal (a stored file missing or not the one issued)."""
    from casefile.record.attachments import attachment_file
    from casefile.record.authority import sees_chain_head
    from casefile.record.db import read_session, write_session
    from casefile.record.integrity import CHAIN_VERSION, chain_head
    from casefile.record.queries import attachments_seen, case_view, documents_seen
    from casefile.settings import get_settings

    output_dir = get_settings().output_dir

    with read_session(engine) as session:
        view = case_view(session, case_number, viewer)
        case = visible_case(session, view.case_number, viewer)
        documents = documents_seen(session, case, viewer)
        attachments = attachments_seen(session, case, viewer)
        head = chain_head(session, view.case_number) if sees_chain_head(session, viewer, case) else None
        own_notes = notes(session, viewer, case) if isinstance(viewer, UserViewer) else []
        case_id = case.id
    files: list[tuple[str, bytes]] = []
    listed: list[dict[str, Any]] = []
    confidential_ids: list[int] = []
    used: set[str] = set()
    for d in documents:
        content = _read_checked(Path(d.path), d.sha256, what=f"document {d.id} ({d.title})")
        name = _unique(f"documents/{d.id:05d}-{Path(d.path).name}", used)
        files.append((name, content))
        listed.append({"file": name, "id": d.id, "kind": d.kind.value, "title": d.title,
                       "issued_on": d.issued_on.isoformat(), "sha256": d.sha256, "version": d.version,
                       "confidential": d.confidential})
        if d.confidential and d.id is not None:
            confidential_ids.append(d.id)
    confidential_attachments: list[int] = []
    for a in attachments:
        where = attachment_file(a, output_dir=output_dir, case_number=view.case_number)
        content = _read_checked(where, a.sha256, what=f"attachment {a.id} ({a.original_name})")
        name = _unique(f"attachments/{a.id:05d}-{a.file_name or Path(a.path).name}", used)
        files.append((name, content))
        listed.append({"file": name, "attachment": a.id, "kind": a.kind, "original_name": a.original_name,
                       "sha256": a.sha256, "confidential": a.confidential})
        if a.confidential and a.id is not None:
            confidential_attachments.append(a.id)
    from casefile.accounts.spreadsheet import csv_text
    from casefile.documents.wording import act_name
    from casefile.rules.stage_words import STAGE_NAMES
    from casefile.vocab import Stage

    def stage(value: str | None) -> str:
        return STAGE_NAMES.get(Stage(value), value) if value in set(Stage) else (value or "")

    docket_csv = csv_text([DOCKET_COLUMNS, *[[e.occurred_on.isoformat(), act_name(e.act), e.actor_name or e.actor,
                                              e.recorded_by_name, e.summary, stage(e.from_stage), stage(e.to_stage)]
                                             for e in view.docket]])
    notes_csv = csv_text([("written_at", "author", "text"),
                          *[(n.written_at.isoformat(), n.author, n.text) for n in reversed(own_notes)]])
    who = viewer.label() if hasattr(viewer, "label") else "operator"
    manifest = {"case_number": view.case_number, "name": view.name, "exported_at": as_of.isoformat(),
                "exported_by": who, "docket_entries": len(view.docket),
                "chain": {"version": head.version if head else CHAIN_VERSION, "head": head.head if head else None},
                "files": listed}
    if head is not None:
        chain_text = (f"{view.case_number} docket chain head (HMAC-SHA256, {head.version}):\n{head.head or '(empty chain)'}\n"
                      f"as of {as_of.isoformat()}. The chain covers every docket entry of the case; the instance's "
                      f"operator checks it with `casefile verify {view.case_number} --expect-head HEAD`.\n")
    else:
        chain_text = (f"{view.case_number}: the docket chain's head is given to the case's Region and to the instance's "
                      "operator only. It covers entries that are not shown to you, so it would tell when one is added; "
                      "ask the Region or the operator for it.\n")
    buffer = io.BytesIO()
    stamp = as_of.timetuple()[:6]
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        def put(name: str, data: bytes) -> None:
            archive.writestr(zipfile.ZipInfo(name, date_time=stamp), data, compress_type=zipfile.ZIP_DEFLATED)

        put("docket.csv", docket_csv.encode("utf-8"))
        for name, data in files:
            put(name, data)
        if isinstance(viewer, UserViewer):
            put("notes.csv", notes_csv.encode("utf-8"))
        put("chain-head.txt", chain_text.encode("utf-8"))
        put("manifest.json", json.dumps(manifest, indent=2, ensure_ascii=False).encode("utf-8"))
    if (confidential_ids or confidential_attachments) and isinstance(viewer, UserViewer):
        with write_session(engine, by=viewer.label()) as session:
            for document_id in confidential_ids:
                session.add(AccessLog(at=as_of, user_id=viewer.user_id, organization_id=viewer.organization_id,
                                      who=viewer.label(), case_id=case_id, document_id=document_id,  # type: ignore[arg-type]
                                      action=AccessAction.DOWNLOAD, via=f"{via} export"))
            for attachment_id in confidential_attachments:
                session.add(AccessLog(at=as_of, user_id=viewer.user_id, organization_id=viewer.organization_id,
                                      who=viewer.label(), case_id=case_id, attachment_id=attachment_id,  # type: ignore[arg-type]
                                      action=AccessAction.DOWNLOAD, via=f"{via} export"))
    return Export(file_name=f"{view.case_number}-case-file.zip", content=buffer.getvalue(), documents=len(files),
                  docket_entries=len(view.docket))



def _unique(name: str, used: set[str]) -> str:
    out, n = name, 1
    while out in used:
        n += 1
        stem, dot, ext = name.rpartition(".")
        out = f"{stem}-{n}.{ext}" if dot else f"{name}-{n}"
    used.add(out)
    return out


def _read_checked(path: Path, sha256: str, *, what: str) -> bytes:
    try:
        content = path.read_bytes()
    except OSError:
        raise Internal(f"{what}: its stored file cannot be read; issue it again or restore the documents folder",
                       code="document-missing") from None
    if sha256 and hashlib.sha256(content).hexdigest() != sha256:
        raise Internal(f"{what}: the stored file is not the one issued (sha256 differs); restore it from a backup",
                       code="document-corrupt")
    return content
