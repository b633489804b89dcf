"""Read models: a case as a lawyer reads it (elections, tallies, objections, deadlines, docket,
documents), one line of the list of cases — typed (pydantic), aware of who asks. The list of
cases is read by casefile.record.case_list, the deadlines running at an instant by
casefile.record.deadline_list.

Who asks is a :class:`Viewer` (casefile.record.authority.Principal). What they may see is the
authority policy's (casefile.record.authority: ``sees_case``, ``hidden_of``), asked here and in
document download, never in templates or views: an offer of proof — its filing, its document, its
attachments and every docket entry about them — is seen only by the party that filed it and the
Region (29 CFR 102.69(a)(8); rules.md R-G7); for anyone else it is not listed at all.
``OPERATOR`` (the command line on the machine that holds the database) sees everything.

The JSON form of each model (``model_dump(mode="json", by_alias=True)``) is the published
contract of ``--json`` output and the API (docs/json-output.md; changes go in CHANGELOG.md).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from sqlmodel import Session, col, func, select

from casefile.record.authority import OPERATOR, Hidden, Principal, hidden_of, sees_case
from casefile.record.challenge_resolution import Resolved, resolved_without_count
from casefile.record.closures import CLOSES_FOR_ITS_PARTY, FILING_FOR, marked, superseded_entries
from casefile.record.lookups import counts_of, elections_of, parties_of
from casefile.record.models import (
    Attachment,
    Case,
    Certification,
    ChallengedBallot,
    Deadline,
    Decision,
    DocketEntry,
    Document,
    Election,
    Filing,
    Hearing,
    Objection,
    Party,
    Tally,
)
from casefile.record.people import people_of
from casefile.record.read_models import (  # the read models, re-exported: callers import them from here
    AttachmentView as AttachmentView,
)
from casefile.record.read_models import (
    CaseSummary as CaseSummary,
)
from casefile.record.read_models import (
    CaseView as CaseView,
)
from casefile.record.read_models import (
    ChallengeNeed as ChallengeNeed,
)
from casefile.record.read_models import (
    CounselView as CounselView,
)
from casefile.record.read_models import (
    DeadlineView as DeadlineView,
)
from casefile.record.read_models import (
    DocketEntryView as DocketEntryView,
)
from casefile.record.read_models import (
    DocumentView as DocumentView,
)
from casefile.record.read_models import (
    ElectionView as ElectionView,
)
from casefile.record.read_models import (
    PartyView as PartyView,
)
from casefile.record.read_models import (
    ReadModel as ReadModel,
)
from casefile.record.read_models import (
    TallyView as TallyView,
)
from casefile.record.recorders import recorded_by_name
from casefile.record.refs import RecordTable
from casefile.record.stored_outcome import outcome_words_of, reachable_words
from casefile.rules.calendar import long_date
from casefile.rules.challenge_analysis import analyze_challenges
from casefile.rules.deadline_state import one_party_period, state_at
from casefile.rules.efiling import meets_periods
from casefile.rules.offices import office_named
from casefile.rules.record_words import summary_words
from casefile.rules.stage_words import conditional_stage_words
from casefile.vocab import AttachmentKind, Audience, ChallengeStatus, DecisionResult, DocketActName, PartyRole, Stage, TallyKind

Viewer = Principal
"""Who asks (casefile.record.authority.Principal): a signed-in user's viewer, or OPERATOR."""


ACTOR_WORDS = {
    "board-agent": "Board agent", "regional-director": "Regional Director", "hearing-officer": "Hearing Officer",
    "administrative-law-judge": "Administrative Law Judge", "board": "the Board", "general-counsel": "General Counsel",
    "party": "a party", "casefile": "casefile",
}
"""Each legal actor (vocab.Actor) in words, for a docket's "By" column; a party's act names the party instead."""


def docket_actor_name(session: Session, entry: DocketEntry, parties: dict[int | None, Party]) -> str:
    """The legal actor of ``entry`` as a reader names it: for a party's act, the party that filed it
    (from the filing the entry's ref names; the petitioner for the petition that opened the case);
    otherwise the actor's title ("Regional Director", "Board agent")."""
    from casefile.record.models import Document

    actor = entry.actor.value
    ref = entry.ref
    if ref is not None and ref.table is RecordTable.CORRECTION:  # a correction of the record is made by whoever recorded it, not by a party
        return recorded_by_name(session, entry.recorded_by) or "casefile"
    if actor == "party":
        if ref is not None and ref.table is RecordTable.FILING and (filing := session.get(Filing, ref.id)) is not None:
            party = parties.get(filing.party_id)
            if party is not None:
                return party.name
        if ref is not None and ref.table is RecordTable.DOCUMENT and (document := session.get(Document, ref.id)) is not None \
                and document.issuer:
            return document.issuer  # a party's filing issued as a document: the party that filed it
    if entry.act == DocketActName.OPEN_CASE:  # dated the petition's filing; opened in casefile when it was recorded
        petitioner = next((p for p in parties.values() if p.role in (PartyRole.PETITIONER, PartyRole.INDIVIDUAL_PETITIONER)), None)
        opened = f"case opened in casefile on {long_date(entry.recorded_at.date())}" if entry.recorded_at else ""
        if petitioner is not None:
            return f"{petitioner.name} (the petition)" + (f"; {opened}" if opened else "")
    return ACTOR_WORDS.get(actor, actor.replace("-", " "))


def tally_view(tally: Tally, resolved: Resolved | None = None) -> TallyView:
    """A stored tally as its read model (with what each reachable outcome needs, while determinative); ``resolved``:
    its challenged ballots as the record resolved them without a count (then no needs: nothing is left to reach)."""
    needs = [_need(r) for r in analyze_challenges(counts_of(tally))] if tally.determinative and resolved is None else []
    return TallyView(
        resolution=resolved.rulings if resolved is not None else "",
        outcome_now=resolved.outcome.describe() if resolved is not None else "",
        kind=tally.kind.value, prepared_on=tally.prepared_on, eligible=tally.eligible, void=tally.void,
        choices=[{"name": n, "votes": v} for n, v in tally.votes], against=tally.against, valid=tally.valid,
        challenged=tally.challenged, valid_plus_challenged=tally.valid_plus_challenged, determinative=tally.determinative,
        majority_for=tally.majority_for, outcome=tally.outcome, winner=tally.winner,
        runoff_choices=list(tally.runoff_choices or []), outcome_text=tally.outcome_text,
        outcome_words=outcome_words_of(tally), reachable=reachable_words(tally), warnings=list(tally.warnings), revises=tally.revises_id is not None,
        opened=tally.opened, challenge_analysis=needs)


def _need(r: Any) -> ChallengeNeed:
    def req(x: Any) -> dict[str, Any] | None:
        return None if x is None else {"count": x.count, "of": x.of, "distribution": dict(x.distribution)}

    return ChallengeNeed(outcome=r.outcome.kind.value, winner=r.outcome.winner,
                         runoff_choices=list(r.outcome.runoff_choices) if r.outcome.runoff_choices else None,
                         fewest_needed=req(r.fewest_needed), all_opened=req(r.all_opened), sentence=r.sentence)


#: What a closed period's status reads to who may not know how it closed (casefile.record.authority.Hidden.deadlines).
CLOSED = "closed"


def deadline_view(d: Deadline, case_number: str | None = None, *, as_of: datetime | None = None,
                  answered: bool | None = None, hidden: Hidden | None = None, met: bool = False,
                  met_by: tuple[str, ...] = (), prepared: bool = False, whose: str = "") -> DeadlineView:
    """A stored deadline as its read model; ``cutoff_at`` in the receiving office's zone. With
    ``as_of`` (aware), ``status`` is the deadline's state at that instant
    (:func:`casefile.rules.deadline_state.state_at`: a period whose cut-off has passed is never
    open; ``answered`` whether a timely filing met it, None for none) and ``stored_status`` the
    record's; without it, ``status`` is the stored status. A period ``hidden`` says the viewer may
    not know how it closed (an offer of proof's, casefile.record.authority) reads ``closed`` in
    both, with no note. ``met``: a timely filing of the viewer's own party met it; ``met_by`` the
    parties whose timely filing did (state_at's ``met`` and ``met_by``); ``prepared``: the viewer's own
    party's filing against it is only prepared in casefile, not yet e-filed (state_at's ``prepared``). ``whose``:
    the name of the party whose period it is alone (each objecting party's offer of proof, 102.69(a)(8);
    :func:`period_owners`)."""
    cutoff = d.cutoff_at.astimezone(ZoneInfo(office_named(d.office_key).tz))
    assert d.id is not None
    status, note = d.status.value, None
    if as_of is not None:
        state = state_at(kind=d.kind, status=d.status, trigger_on=d.trigger_on, cutoff_at=cutoff,
                         closed_at=d.closed_at, as_of=as_of, answered=answered, met=met, met_by=met_by,
                         prepared=prepared, one_party=one_party_period(d.for_whom))
        status, note = state.status, state.note
    stored = d.status.value
    if hidden is not None and d.id in hidden.deadlines:
        status, stored, note = CLOSED, CLOSED, None
    return DeadlineView(
        id=d.id, kind=d.kind.value, for_whom=d.for_whom, trigger=d.trigger, trigger_kind=d.trigger_kind.value,
        trigger_on=d.trigger_on, due_on=d.due_on,
        cutoff_at=cutoff, citation=d.citation, rule_set=d.rule_set_id, office=d.office_key, calendar=d.calendar_id,
        status=status, derivation=list(d.derivation), pinned_by=d.pinned_by, case_number=case_number,
        stored_status=stored, status_note=note, met_by=list(met_by) if d.id not in hidden_ids(hidden) else [],
        whose=whose)


def period_owners(session: Session, deadlines: Any) -> dict[int, str]:
    """Deadline id → the name of the party whose period it is alone (``for_whom`` a party key: an objecting
    party's offer of proof, 102.69(a)(8)), for those of ``deadlines`` that are one party's; one query."""
    from casefile.vocab import Audience

    wanted = {(d.case_id, d.for_whom) for d in deadlines if d.for_whom not in set(Audience)}
    if not wanted:
        return {}
    rows = session.exec(select(Party.case_id, Party.key, Party.name).where(
        col(Party.case_id).in_({c for c, _ in wanted}), col(Party.key).in_({k for _, k in wanted}))).all()
    names = {(c, k): n for c, k, n in rows}
    return {d.id: names.get((d.case_id, d.for_whom), d.for_whom) for d in deadlines
            if d.id is not None and (d.case_id, d.for_whom) in wanted}


def hidden_ids(hidden: Hidden | None) -> Any:
    """The deadline ids ``hidden`` closes to its viewer (none without one)."""
    return hidden.deadlines if hidden is not None else ()


def received_by(filing: Any, as_of: datetime | None) -> bool:
    """Whether ``filing`` was received on or before the aware instant ``as_of`` (its receipt in law,
    ``received_at``, or its day when only the date is in the record; always with ``as_of`` None): a
    filing received later had met nothing yet (102.2(b)). The SQL of
    :func:`casefile.record.deadline_list.met_by_own` is the same condition."""
    if as_of is None:
        return True
    if filing.received_at is not None:
        return bool(filing.received_at <= as_of)
    return bool(filing.received_on <= as_of.date())


def met_by_parties(filings: Any, deadlines: Any, names: dict[int, str],
                   as_of: datetime | None = None) -> dict[int, tuple[str, ...]]:
    """Deadline id -> the names (``names``: party id -> name) of the parties whose timely filing of
    the kind the period awaits (FILING_FOR) met it, in the order filed, from ``filings`` (the viewer's
    visible Filing rows) and ``deadlines``; with ``as_of``, only filings received by then (:func:`received_by`);
    only e-filed ones (casefile.rules.efiling)."""
    awaited = {d.id: FILING_FOR.get(d.kind) for d in deadlines}
    out: dict[int, tuple[str, ...]] = {}
    for f in (f for f in filings if received_by(f, as_of) and meets_periods(f.nlrb)):
        if f.deadline_id is not None and f.timely and awaited.get(f.deadline_id) == f.kind:
            name = names.get(f.party_id, "")
            if name and name not in out.get(f.deadline_id, ()):
                out[f.deadline_id] = (*out.get(f.deadline_id, ()), name)
    return out


def own_filings(filings: Any, deadlines: Any, party_ids: Any,
                as_of: datetime | None = None) -> tuple[set[int], set[int]]:
    """The deadline ids met for the parties ``party_ids`` (a timely e-filed filing of one of them, of the
    kind the period awaits, received by ``as_of``) and those only prepared by them (such a filing
    recorded by ``as_of`` but not yet e-filed, and none met): state_at's ``met`` and ``prepared`` for
    a viewer acting for those parties; a party's written waiver of its exceptions (CLOSES_FOR_ITS_PARTY) meets its
    own exceptions period for it the same way. Authority: 29 CFR 102.2(b); casefile.rules.efiling; the waiver,
    docs/rules.md X-K8."""
    awaited = {d.id: FILING_FOR.get(d.kind) for d in deadlines}
    waivable = {d.id: CLOSES_FOR_ITS_PARTY.get(d.kind) for d in deadlines}
    met: set[int] = set()
    prepared: set[int] = set()
    for f in filings:
        if f.party_id in party_ids and f.deadline_id is not None \
                and f.kind in (awaited.get(f.deadline_id), waivable.get(f.deadline_id)) and received_by(f, as_of):
            if not meets_periods(f.nlrb):
                prepared.add(f.deadline_id)
            elif f.timely:
                met.add(f.deadline_id)
    return met, prepared - met


def answered_deadlines(filings: Any, deadlines: Any, as_of: datetime | None = None) -> dict[int, bool]:
    """Deadline id -> whether a filing of the kind the period awaits (FILING_FOR, as the sweep
    reads it) was timely (True if any was), from ``filings`` (Filing rows) and ``deadlines`` (their
    Deadline rows): what :func:`casefile.rules.deadline_state.state_at` calls ``answered``; with
    ``as_of``, only filings received by then (:func:`received_by`); only e-filed ones (a filing
    prepared in casefile meets nothing: casefile.rules.efiling)."""
    awaited = {d.id: FILING_FOR.get(d.kind) for d in deadlines}
    answered: dict[int, bool] = {}
    for f in (f for f in filings if received_by(f, as_of) and meets_periods(f.nlrb)):
        if f.deadline_id is not None and awaited.get(f.deadline_id) == f.kind:
            answered[f.deadline_id] = answered.get(f.deadline_id, False) or bool(f.timely)
    return answered


def own_party_ids(session: Session, case: Case, viewer: Viewer) -> frozenset[int]:
    """The ids of the parties of ``case`` that ``viewer``'s organization represents (none for the operator
    and for a Region): whose periods are "met" or "prepared" for that viewer (state_at)."""
    from casefile.record.accounts import Representation

    organization_id = getattr(viewer, "organization_id", None)
    if organization_id is None or viewer is OPERATOR:
        return frozenset()
    return frozenset(pid for pid in session.exec(select(Representation.party_id).where(
        Representation.organization_id == organization_id, Representation.case_id == case.id,
        col(Representation.region).is_(None))).all() if pid is not None)


def visible_case(session: Session, number: str, viewer: Viewer) -> Case:
    """The case ``number`` if ``viewer`` may see it. Raises MalformedCaseNumber, UnknownCase
    (also for a case the viewer may not see: its existence is not disclosed)."""
    from casefile.errors import UnknownCase
    from casefile.rules.case_numbers import parse_case_number

    parsed = parse_case_number(number)
    normalized = str(parsed)
    case = session.exec(select(Case).where(Case.number == normalized)).first()
    # The same work for a case that does not exist and one the viewer may not see (no timing oracle):
    # the viewer's links are read against a stand-in that matches nothing.
    seen = sees_case(session, viewer, case if case is not None else absent_case(normalized, parsed.region))
    if case is None or not seen:
        raise UnknownCase(f"no case {normalized} in the database (open it first, or replay a scenario)")
    return case


def absent_case(number: str, region: str) -> Case:
    """A stand-in for a case that is not in the record (never stored): asked about as a real one
    is, so that a missing record costs the work a hidden one does; it is seen by no one but the
    operator."""
    return Case(id=-1, number=number, name="", region=region, office_key="", rule_set_id="")


def confidential_filing_ids(session: Session, case: Case, viewer: Viewer) -> set[int]:
    """The ids of the case's confidential filings (offers of proof) that ``viewer`` may NOT see."""
    return set(hidden_of(session, case, viewer).filings)


def documents_seen(session: Session, case: Case, viewer: Viewer, hidden: Hidden | None = None) -> list[Document]:
    """The case's issued documents ``viewer`` may see, in order (a confidential document only for
    the party that filed it and the Region: casefile.record.authority.hidden_of)."""
    hidden = hidden if hidden is not None else hidden_of(session, case, viewer)
    docs = session.exec(select(Document).where(Document.case_id == case.id).order_by(col(Document.id))).all()
    return [d for d in docs if d.id not in hidden.documents]


def case_view(session: Session, number: str, viewer: Viewer = OPERATOR, *, as_of: datetime | None = None) -> CaseView:
    """Everything about one case that ``viewer`` may see; with ``as_of`` (aware), each deadline's
    ``status`` is its state at that instant (deadline_view). Raises MalformedCaseNumber, UnknownCase."""
    case = visible_case(session, number, viewer)
    parties = {p.id: p for p in parties_of(session, case)}
    hidden = hidden_of(session, case, viewer)
    own = own_party_ids(session, case, viewer)
    every = elections_of(session, case)
    rows = _election_rows(session, [e.id for e in every])  # each table read once for all the elections, not once each
    elections = [_election_view(session, e, parties, hidden, as_of, rows, own) for e in every]
    docket = session.exec(select(DocketEntry).where(DocketEntry.case_id == case.id)
                          .order_by(col(DocketEntry.occurred_on), col(DocketEntry.id))).all()
    seen_documents = documents_seen(session, case, viewer, hidden)
    seen_attachments = attachments_seen(session, case, viewer, hidden)
    drafts = {d.id: d for d in session.exec(select(Document).where(Document.case_id == case.id)).all()}
    people = people_of(session, parties.values())
    superseded = superseded_entries(session, case.id)  # type: ignore[arg-type]
    zone = ZoneInfo(office_named(case.office_key).tz)  # a summary's instants as the receiving office reads them
    return CaseView(
        case_number=case.number, name=case.name, case_type=case.case_type.value, region=case.region,
        office=case.office_key, agreement=case.agreement.value if case.agreement else None,
        petition_filed_on=case.petition_filed_on, rule_set=case.rule_set_id, notes=list(case.notes),
        parties=[_party_view(p, people.get(p.id or 0, [])) for p in parties.values()],
        elections=elections,
        docket=[DocketEntryView(occurred_on=e.occurred_on, act=e.act, actor=e.actor.value, recorded_by=e.recorded_by,
                                summary=summary_words(marked(e.summary, superseded.get(e.id or 0)), zone),
                                from_stage=e.from_stage.value if e.from_stage else None,
                                to_stage=e.to_stage.value if e.to_stage else None,
                                actor_name=docket_actor_name(session, e, parties),
                                recorded_by_name=recorded_by_name(session, e.recorded_by),
                                superseded=(e.id or 0) in superseded, id=e.id or 0,
                                of_filing=e.ref is not None and e.ref.table is RecordTable.FILING)
                for e in docket if not hidden.hides_entry(e)],
        documents=[DocumentView(id=d.id or 0, kind=d.kind.value, title=d.title, issued_on=d.issued_on, path=d.path,
                                sha256=d.sha256, version=d.version, confidential=d.confidential)
                   for d in seen_documents],
        attachments=[_attachment_view(a, drafts) for a in seen_attachments],
    )


def attachments_seen(session: Session, case: Case, viewer: Viewer, hidden: Hidden | None = None) -> list[Attachment]:
    """The case's documents as filed or issued ``viewer`` may see, in order: a confidential one (the
    attachment of an offer of proof) only for the party that filed it and the Region (R-G7)."""
    hidden = hidden if hidden is not None else hidden_of(session, case, viewer)
    rows = session.exec(select(Attachment).where(Attachment.case_id == case.id).order_by(col(Attachment.id))).all()
    return [a for a in rows if a.id not in hidden.attachments]


def _party_view(party: Party, people: list[Any]) -> PartyView:
    counsel = [p for p in people if p.counsel]
    return PartyView(key=party.key, role=party.role.value, name=party.name,
                     representative=counsel[0].name if counsel else "",
                     counsel=[CounselView(name=p.name, firm=p.firm, address=p.address, phone=p.phone, email=p.email,
                                          bar_number=p.bar_number) for p in counsel])


def _attachment_view(a: Attachment, drafts: dict[int | None, Document]) -> AttachmentView:
    from pathlib import Path

    from casefile.record.attachments import target_of

    draft = drafts.get(a.document_id)
    title = draft.title if draft is not None else ("Document as filed" if a.kind == AttachmentKind.AS_FILED else "Document as issued")
    return AttachmentView(id=a.id or 0, to=str(target_of(a)), kind=a.kind, title=title,
                          file_name=a.file_name or Path(a.path).name, sha256=a.sha256, size=a.size, confirmation=a.confirmation,
                          confidential=a.confidential, draft_document_id=a.document_id, attached_at=a.attached_at)


def _election_rows(session: Session, ids: list[int | None]) -> dict[str, dict[int | None, list[Any]]]:
    """The tallies, objections, deadlines, decisions, certifications, filings and challenged-ballot
    counts (status, count) of the elections ``ids``, each table in one query: table -> election id ->
    rows, in the order each election's view lists them."""
    out: dict[str, dict[int | None, list[Any]]] = {}
    if not ids:
        return out

    def by_election(name: str, rows: Any, election_of: Any = lambda r: r.election_id) -> None:
        grouped = out.setdefault(name, {})
        for r in rows:
            grouped.setdefault(election_of(r), []).append(r)

    by_election("tallies", session.exec(select(Tally).where(col(Tally.election_id).in_(ids)).order_by(col(Tally.id))))
    by_election("objections", session.exec(select(Objection).where(col(Objection.election_id).in_(ids))
                                           .order_by(col(Objection.party_id), col(Objection.number))))
    by_election("deadlines", session.exec(select(Deadline).where(col(Deadline.election_id).in_(ids))
                                          .order_by(col(Deadline.due_on), col(Deadline.id))))
    by_election("decisions", session.exec(select(Decision).where(col(Decision.election_id).in_(ids)).order_by(col(Decision.id))))
    by_election("certifications", session.exec(select(Certification).where(col(Certification.election_id).in_(ids))
                                               .order_by(col(Certification.id))))
    by_election("filings", session.exec(select(Filing).where(col(Filing.election_id).in_(ids)).order_by(col(Filing.id))))
    by_election("hearings", session.exec(select(Hearing).where(col(Hearing.election_id).in_(ids)).order_by(col(Hearing.id))))
    # (election, status, not yet in a revised tally, excluded at the count, count): the register by status, and what
    # the rulings leave uncounted (casefile.record.stage_facts.rulings_state) — the table read once
    uncounted = col(ChallengedBallot.revised_tally_id).is_(None)
    by_election("register", session.exec(select(ChallengedBallot.election_id, ChallengedBallot.status, uncounted,  # type: ignore[call-overload]
                                                ChallengedBallot.excluded_at_count, func.count())
                                         .where(col(ChallengedBallot.election_id).in_(ids))
                                         .group_by(ChallengedBallot.election_id, ChallengedBallot.status, uncounted,
                                                   ChallengedBallot.excluded_at_count)).all(),
                lambda r: r[0])
    return out


def _election_view(session: Session, election: Election, parties: dict[int | None, Party],
                   hidden: Hidden, as_of: datetime | None, rows: dict[str, dict[int | None, list[Any]]],
                   own: frozenset[int] = frozenset()) -> ElectionView:
    """The election's read model; ``rows``: its tables' rows, read for every election of the case
    (:func:`_election_rows`); ``own``: the viewer's own parties (own_party_ids)."""
    def mine(name: str) -> list[Any]:
        return rows.get(name, {}).get(election.id, [])

    tallies, objections, deadlines, decisions = mine("tallies"), mine("objections"), mine("deadlines"), mine("decisions")
    cert = next(iter(mine("certifications")), None)
    filings = mine("filings")
    answered = answered_deadlines(filings, deadlines, as_of)
    names = {p.key: p.name for p in parties.values() if p is not None}  # the case's parties: no query of its own
    owners = {d.id: names.get(d.for_whom, d.for_whom) for d in deadlines
              if d.id is not None and d.for_whom not in set(Audience)}
    met_by = met_by_parties([f for f in filings if f.id not in hidden.filings], deadlines,
                            {pid: p.name for pid, p in parties.items()}, as_of)
    met_own, prepared_own = own_filings(filings, deadlines, own, as_of)
    by_party: dict[str, dict[str, int]] = {}
    for o in objections:
        counts = by_party.setdefault(parties[o.party_id].name, {})
        counts[o.disposition.value] = counts.get(o.disposition.value, 0) + 1
    follows = session.get(Election, election.follows_id) if election.follows_id else None
    register: dict[Any, int] = {}
    open_statuses: dict[ChallengeStatus, int] = {}
    excluded = 0
    for _, status, not_counted, excluded_at_count, n in mine("register"):
        register[status] = register.get(status, 0) + n
        if not_counted:
            open_statuses[ChallengeStatus(status)] = open_statuses.get(ChallengeStatus(status), 0) + n
            excluded += n if excluded_at_count and ChallengeStatus(status) is ChallengeStatus.OVERRULED else 0
    # resolved without a count only when no uncounted ballot is pending or ordered counted (the rows say so: no query
    # of casefile.record.challenge_resolution's for a case whose challenges wait, as most do)
    may_be_resolved = bool(tallies) and tallies[-1].determinative and sum(open_statuses.values()) >= tallies[-1].challenged \
        and not (open_statuses.get(ChallengeStatus.PENDING) or open_statuses.get(ChallengeStatus.OVERRULED))
    after, warning = _after_rulings(election, tallies, decisions, open_statuses, excluded)
    from casefile.record.stage_now import stage_words_now

    words = stage_words_now(election.stage, deadlines, as_of)
    conditions = condition_states(decisions, tallies)
    waiting = [d for d in decisions if conditions.get(d.id, ("", None))[0] == "waiting"]
    deciding = {tally_id: state for state, tally_id in conditions.values() if tally_id is not None}
    if waiting and election.stage is Stage.RERUN_DIRECTED:  # set aside only if the count meets the condition (R-M2)
        words = conditional_stage_words(waiting[-1].condition)
    heard = next((h for h in reversed(mine("hearings")) if not h.before_alj), None)  # the latest before a Hearing Officer
    return ElectionView(
        sequence=election.sequence, kind=election.kind.value, unit_id=election.unit_id,
        follows=follows.sequence if follows else None, reason=election.reason, method=election.method.value if election.method else None,
        held_from_on=election.held_from_on, held_to_on=election.held_to_on, stage=election.stage.value,
        stage_entered_at=election.stage_entered_at,
        tallies=[tally_view(t, resolved_without_count(session, election, t) if t is tallies[-1] and may_be_resolved else None)
                 .model_copy(update={"condition": deciding.get(t.id)}) for t in tallies],
        stage_name=words.name, stage_now=words.now,
        challenged_ballots={status.value: n for status, n in register.items()},
        next={"kind": election.next_kind.value, "choices": list(election.next_choices)} if election.next_kind else None,
        objections=by_party, objections_set_public=heard is None or heard.objections_set_public,
        filings=[{"kind": f.kind, "party": parties[f.party_id].name, "received_on": f.received_on.isoformat(),
                  "timely": f.timely, "confidential": f.confidential, "nlrb": f.nlrb.value, "id": f.id, "with": f.accompanies_id,
                  "party_key": parties[f.party_id].key} for f in filings if f.id not in hidden.filings],
        decisions=[{"kind": d.kind, "issued_on": d.issued_on.isoformat(), "issuer": d.issuer, "result": d.result,
                    "summary": d.summary, "condition": d.condition or None,
                    "condition_state": conditions.get(d.id, (None, None))[0]} for d in decisions],
        certification={"kind": cert.kind, "issued_on": cert.issued_on.isoformat(), "union": cert.union} if cert else None,
        deadlines=[deadline_view(d, as_of=as_of, answered=answered.get(d.id), hidden=hidden,  # type: ignore[arg-type]
                                 met_by=met_by.get(d.id, ()), met=d.id in met_own, prepared=d.id in prepared_own,
                                 whose=owners.get(d.id, ""))
                   for d in deadlines if d.id not in hidden.periods],
        after_rulings=after, condition_warning=warning,
    )


def condition_states(decisions: list[Decision], tallies: list[Tally]) -> dict[int | None, tuple[str, int | None]]:
    """Each conditional direction of ``decisions`` (an election's, with its ``tallies``) by id, with the id of the
    revised tally that decided it (None while waiting): ``waiting`` while no
    revised tally made available on or after it decides its condition, ``met`` when the first that decides it keeps
    the second election (casefile.rules.conditional_rerun.rerun_stands), ``lapsed`` when it certifies instead —
    conditions.decided_by on the rows already read. Authority: 29 CFR 102.69(e); rules.md R-M2."""
    from casefile.rules.conditional_rerun import rerun_stands

    states: dict[int | None, tuple[str, int | None]] = {}
    for d in decisions:
        if not d.condition or d.result != DecisionResult.SET_ASIDE:
            continue
        states[d.id] = ("waiting", None)
        for t in sorted(tallies, key=lambda t: t.id or 0):
            if t.kind is TallyKind.REVISED and t.prepared_on >= d.issued_on \
                    and (stands := rerun_stands(d.condition, t.outcome, t.winner)) is not None:
                states[d.id] = ("met" if stands else "lapsed", t.id)
                break
    return states


def _after_rulings(election: Election, tallies: list[Tally], decisions: list[Decision],
                   statuses: dict[ChallengeStatus, int], excluded: int) -> tuple[list[str], str]:
    """The election's challenge analysis after the rulings on its determinative challenged ballots, and the warning of
    a conditional direction still waiting on their count that they already decide (both empty when nothing is ruled
    on, or the latest tally is not determinative), from the rows read once: ``tallies`` the election's, ``statuses``
    its registered ballots not yet in a revised tally by status, ``excluded`` those excluded at the count and ordered
    counted. Authority: 29 CFR 102.69(e); rules.md R-E7, R-M2."""
    from casefile.record.stage_facts import rulings_state
    from casefile.rules.conditional_rerun import condition_warning
    from casefile.rules.partial_resolution import after_rulings_analysis
    from casefile.vocab import Stage

    tally = max(tallies, key=lambda t: (t.prepared_on, t.id or 0), default=None)  # lookups.latest_tally's order
    state = rulings_state(counts_of(tally), statuses, excluded) if tally is not None and tally.determinative else None
    if state is None:
        return [], ""
    lines = list(after_rulings_analysis(state.counts, sustained=state.sustained, ordered=state.ordered))
    conditional = [d for d in decisions if d.condition]
    warning = ""
    if conditional and election.stage is Stage.RERUN_DIRECTED:
        warning = condition_warning(conditional[-1].condition, state.counts, sustained=state.sustained,
                                    ordered=state.ordered, set_aside=election.sequence) or ""
    return lines, warning
