"""What of one case a viewer may not see (:func:`hidden_of`, the one place that decides it): an offer
of proof — its filing, its document, its attachments and every docket entry about them — is seen
only by the organization of the party that filed it and the Region (29 CFR 102.69(a)(8); rules.md
R-G7): for anyone else it does not exist. A filing only prepared in casefile, not yet e-filed with the
NLRB, is likewise seen only by its party's organization and the Region until its e-filing is confirmed:
it has been neither filed nor served (29 CFR 102.2(b), 102.5(c); casefile.rules.efiling), so the other
parties' docket, documents and exports do not show it."""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session, col, select

from casefile.record.authority.standing import Principal
from casefile.record.models import Attachment, Case, Deadline, DocketEntry, Document, Filing
from casefile.record.refs import RecordTable, Ref
from casefile.vocab import DeadlineKind, DeadlineStatus, FilingKind, NlrbFiling

#: The docket act that supersedes a period's closure (casefile.record.closures.ACT).
CLOSURE_SUPERSEDED = "closure-superseded"


@dataclass(frozen=True)
class Hidden:
    """What of one case a viewer may not see: filing, document and attachment ids, and the docket
    entries about any of them (their existence as much as their content); ``deadlines`` the closed
    periods for an offer of proof whose status (met or lapsed) would tell whether another party filed
    one: shown to them as closed, never how."""

    filings: frozenset[int] = frozenset()
    documents: frozenset[int] = frozenset()
    attachments: frozenset[int] = frozenset()
    entries: frozenset[int] = frozenset()
    deadlines: frozenset[int] = frozenset()

    def hides_ref(self, ref: Ref | None) -> bool:
        """Whether a reference to a filing, a document or an attachment names a hidden record."""
        if ref is None:
            return False
        return ref.id in {RecordTable.FILING: self.filings, RecordTable.DOCUMENT: self.documents,
                          RecordTable.ATTACHMENT: self.attachments}.get(ref.table, frozenset())

    def hides_entry(self, entry: DocketEntry) -> bool:
        return entry.id in self.entries


def document_party_id(session: Session, document: Document, *, always: bool = False) -> int | None:
    """The party whose filing ``document`` renders (the filing that is its subject), or None.
    ``always``: look a filing up even when its subject is none (the same work for every document)."""
    if document.subject is not None and document.subject.table is RecordTable.FILING:
        filing = session.get(Filing, document.subject.id)
        return filing.party_id if filing else None
    if always:
        session.get(Filing, -1)
    return None


def hidden_of(session: Session, case: Case, viewer: Principal) -> Hidden:
    """What of ``case`` ``viewer`` may not see (the one place that decides it, for every read model,
    the docket, exports, notices and feeds). Call it once per case and viewer."""
    standing = viewer.standing(session, case)
    if standing.operator or standing.region:
        return Hidden()

    def hidden_party(party_id: int | None) -> bool:
        return party_id is None or party_id not in standing.parties

    filings = {fid for fid, pid in session.exec(select(Filing.id, Filing.party_id).where(
        Filing.case_id == case.id, col(Filing.confidential).is_(True))).all() if fid is not None and hidden_party(pid)}
    prepared = {fid for fid, pid in session.exec(select(Filing.id, Filing.party_id).where(  # not yet filed or served
        Filing.case_id == case.id, Filing.nlrb == NlrbFiling.PREPARED)).all() if fid is not None and hidden_party(pid)}
    filings |= prepared
    documents = {d.id for d in session.exec(select(Document).where(Document.case_id == case.id,
                                                                   col(Document.confidential).is_(True))).all()
                 if d.id is not None and hidden_party(document_party_id(session, d))}
    if prepared:
        documents |= {d.id for d in session.exec(select(Document).where(Document.case_id == case.id)).all()
                      if d.id is not None and d.subject is not None and d.subject.table is RecordTable.FILING
                      and d.subject.id in prepared}
    attachments = set()
    for a in session.exec(select(Attachment).where(Attachment.case_id == case.id,
                                                   col(Attachment.confidential).is_(True))).all():
        filing = session.get(Filing, a.filing_id) if a.filing_id is not None else None
        if a.id is not None and hidden_party(filing.party_id if filing is not None else None):
            attachments.add(a.id)
    if prepared:
        attachments |= {a.id for a in session.exec(select(Attachment).where(Attachment.case_id == case.id)).all()
                        if a.id is not None and a.filing_id in prepared}
    deadlines = set()
    for deadline_id in session.exec(select(Deadline.id).where(
            Deadline.case_id == case.id, Deadline.kind == DeadlineKind.OFFER_OF_PROOF,
            col(Deadline.status).in_([DeadlineStatus.MET, DeadlineStatus.MET_LATE, DeadlineStatus.LAPSED]))).all():
        own = session.exec(select(Filing.id).where(Filing.deadline_id == deadline_id, Filing.kind == FilingKind.OFFER_OF_PROOF,
                                                   col(Filing.party_id).in_(sorted(standing.parties)))).first()
        if own is None and deadline_id is not None:
            deadlines.add(deadline_id)
    refs = {Ref(RecordTable.FILING, i) for i in filings} | {Ref(RecordTable.DOCUMENT, i) for i in documents} | {
        Ref(RecordTable.ATTACHMENT, i) for i in attachments}
    closures = {Ref(RecordTable.DEADLINE, i) for i in deadlines}
    entries = set()
    if refs or documents or closures:
        for entry_id, act, ref, document_id in session.exec(
                select(col(DocketEntry.id), col(DocketEntry.act), col(DocketEntry.ref), col(DocketEntry.document_id))
                .where(DocketEntry.case_id == case.id)).all():
            if ref in refs or (document_id is not None and document_id in documents) or (
                    act == CLOSURE_SUPERSEDED and ref in closures):
                entries.add(entry_id)
    return Hidden(frozenset(filings), frozenset(documents), frozenset(attachments), frozenset(entries),  # type: ignore[arg-type]
                  frozenset(deadlines))
