"""What of one case a viewer may not see (:func:`hidden_of`, the one place that decides it): an offer
of proof — its filing, its document, its attachments and every docket entry about them — is seen
only by the organization of the party that filed it and the Region (29 CFR 102.69(a)(8); rules.md
R-G7): for anyone else it does not exist. So is one party's own offer-of-proof period (``for_whom``
its key): whether it runs, was met or lapsed is that party's business and the Region's
(:attr:`Hidden.periods`; :func:`sees_period_where` the same answer as SQL for lists). A filing only
prepared in casefile, not yet e-filed with the NLRB, is likewise seen only by its party's organization
and the Region until its e-filing is confirmed: it has been neither filed nor served (29 CFR 102.2(b),
102.5(c); casefile.rules.efiling), so the other parties' docket, documents and exports do not show it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, and_, exists, or_, true
from sqlmodel import Session, col, select

from casefile.record.authority.standing import Principal
from casefile.record.models import Attachment, Case, Deadline, DocketEntry, Document, Filing, Party
from casefile.record.refs import RecordTable, Ref
from casefile.vocab import Audience, DeadlineKind, DeadlineStatus, DocketActName, FilingKind, NlrbFiling

#: The docket act that supersedes a period's closure (casefile.record.closures.ACT).
CLOSURE_SUPERSEDED = DocketActName.CLOSURE_SUPERSEDED


@dataclass(frozen=True)
class Hidden:
    """What of one case a viewer may not see: filing, document and attachment ids, and the docket
    entries about any of them (their existence as much as their content); ``deadlines`` the closed
    periods for an offer of proof whose status (met or lapsed) would tell whether another party filed
    one: shown to them as closed, never how (a period for "the objecting party"); ``periods`` the
    offer-of-proof periods of one party (``for_whom`` its key) the viewer does not act for: not
    shown at all (102.69(a)(8), R-G7)."""

    filings: frozenset[int] = frozenset()
    documents: frozenset[int] = frozenset()
    attachments: frozenset[int] = frozenset()
    entries: frozenset[int] = frozenset()
    deadlines: frozenset[int] = frozenset()
    periods: frozenset[int] = frozenset()

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
    own_keys = set(session.exec(select(Party.key).where(col(Party.id).in_(sorted(standing.parties)))).all())
    periods = {i for i, whom in session.exec(select(Deadline.id, Deadline.for_whom).where(
        Deadline.case_id == case.id, Deadline.kind == DeadlineKind.OFFER_OF_PROOF)).all()
        if i is not None and whom not in set(Audience) and whom not in own_keys}
    deadlines = set()
    for deadline_id in session.exec(select(Deadline.id).where(
            Deadline.case_id == case.id, Deadline.kind == DeadlineKind.OFFER_OF_PROOF,
            Deadline.for_whom == Audience.OBJECTING_PARTY,
            col(Deadline.status).in_([DeadlineStatus.MET, DeadlineStatus.MET_LATE, DeadlineStatus.LAPSED]))).all():
        own = session.exec(select(Filing.id).where(Filing.deadline_id == deadline_id, Filing.kind == FilingKind.OFFER_OF_PROOF,
                                                   col(Filing.party_id).in_(sorted(standing.parties)))).first()
        if own is None and deadline_id is not None:
            deadlines.add(deadline_id)
    refs = {Ref(RecordTable.FILING, i) for i in filings} | {Ref(RecordTable.DOCUMENT, i) for i in documents} | {
        Ref(RecordTable.ATTACHMENT, i) for i in attachments}
    closures = {Ref(RecordTable.DEADLINE, i) for i in deadlines | periods}
    entries = set()
    if refs or documents or closures:
        for entry_id, act, ref, document_id in session.exec(
                select(col(DocketEntry.id), col(DocketEntry.act), col(DocketEntry.ref), col(DocketEntry.document_id))
                .where(DocketEntry.case_id == case.id)).all():
            if ref in refs or (document_id is not None and document_id in documents) or (
                    act == CLOSURE_SUPERSEDED and ref in closures):
                entries.add(entry_id)
    return Hidden(frozenset(filings), frozenset(documents), frozenset(attachments), frozenset(entries),  # type: ignore[arg-type]
                  frozenset(deadlines), frozenset(periods))


def sees_period_where(session: Session, viewer: Principal, deadline: Any = Deadline) -> ColumnElement[bool]:
    """The SQL condition on ``deadline`` (Deadline or an alias, in a query that also reads the
    :class:`Case` of its case) of the periods ``viewer`` may see — the complement of
    :attr:`Hidden.periods` for each case (:func:`hidden_of`): every period but one party's own offer of
    proof, which only that party's organization, the Region and the operator see (29 CFR 102.69(a)(8);
    R-G7)."""
    from casefile.record.accounts import Representation
    from casefile.record.authority.seeing import region_where
    from casefile.record.authority.standing import _Operator

    if isinstance(viewer, _Operator):
        return true()
    shared = or_(deadline.kind != DeadlineKind.OFFER_OF_PROOF, col(deadline.for_whom).in_([a.value for a in Audience]))
    organization_id = getattr(viewer, "organization_id", None)
    regions = getattr(viewer, "regions", None)
    if organization_id is None or regions is None:  # not a user: its own answer for each case
        ids = [i for c in session.exec(select(Case)).all() if viewer.standing(session, c).sees_case
               for i in hidden_of(session, c, viewer).periods]
        return or_(shared, col(deadline.id).not_in(ids))
    theirs = exists().where(
        Representation.organization_id == organization_id, col(Representation.case_id) == col(deadline.case_id),
        col(Representation.region).is_(None), col(Party.id) == col(Representation.party_id),
        col(Party.key) == col(deadline.for_whom))
    seen: list[ColumnElement[bool]] = [shared, theirs]
    if (own := regions(session)):
        seen.append(and_(col(Case.id) == col(deadline.case_id), region_where(own)))
    return or_(*seen)
