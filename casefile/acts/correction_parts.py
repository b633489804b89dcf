"""What every correction act shares (casefile.acts.correct_tally, correct_party, correct_case,
withdraw_objection, amend_objection): the required ``why``; recognizing a retry; finding the
documents a correction changes; moving the deadlines a corrected date starts and judging again the
filings made against them; and recording the correction (its Correction row, its docket entry
with old → new and why, one docket entry per deadline moved).

A correction never rewinds the procedure: it changes no election's stage, deletes nothing, and
says every consequence (a filing the new date makes late is flagged; an outcome that changes is
stated) in its Done.warnings and its docket summary. The user decides the next act.

Documents: a document whose content the correction changes (its context built from the record
before and after the correction differs) is issued again as a new version under its own key,
``<kind>:<subject>:correction:<docket entry id>``; the first version is kept (file and row), and
casefile.documents.issue names the new file ``_v2`` (``_v3`` ...). The status reports, which show
the record as of a moment, are not issued again: the next report shows the corrected record.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date, datetime
from typing import Annotated, Any

from pydantic import AfterValidator, StringConstraints
from sqlmodel import Session, col, select

from casefile.acts.base import PARAGRAPH_MAX, Done, Issue, again, content_key, plain_paragraph, recorded, ref_id
from casefile.errors import AlreadyRecorded, CasefileError, UnknownRecord
from casefile.record.corrections import Correction
from casefile.record.deadlines import compute_for_case, configured_calendar, office_of
from casefile.record.models import Case, Deadline, Document, Election, Filing, Hearing, Party
from casefile.record.refs import RecordTable, Ref, RowKey, ref_to
from casefile.record.workflow import docket
from casefile.rules.calendar import clock_label, day_label, long_date
from casefile.rules.corrections import rejudge_filing, status_after_move
from casefile.rules.deadline_names import deadline_period
from casefile.rules.deadlines import compute_deadline
from casefile.rules.rule_sets import rule_set_by_id
from casefile.vocab import Actor, DeadlineKind, DeadlineStatus, DocketActName

#: Why a correction is made, in the user's words (required: the docket says it).
Why = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=PARAGRAPH_MAX), AfterValidator(plain_paragraph)]

#: The mark between a document's subject and the correction's docket entry id in a new version's
#: subject (casefile.documents.issue builds the context from the part before it).
CORRECTION_MARK = ":correction:"


# --- retries ---------------------------------------------------------------------------------------


def lock(session: Session, case: Case) -> None:
    """Lock the case for the correction's transaction and read it again: two corrections of one
    case never both correct from the same old values (PostgreSQL: SELECT ... FOR UPDATE; SQLite's
    write transaction holds the lock already)."""
    from casefile.record.integrity import lock_case

    assert case.id is not None
    lock_case(session, case.id)
    session.refresh(case)


def correction_key(act: str, target: RowKey, requested: dict[str, Any], why: str) -> str:
    """The idempotency key of a correction: its act, the record it corrects, the values asked for
    and why (legal content only, never the clock)."""
    return content_key(f"{act}:{target}", requested, why)


def found_again(session: Session, case: Case, key: str, *, holds: Callable[[], bool], act: str) -> Done | None:
    """The first result when this correction is already recorded under ``key`` (a retry) and the
    record still holds what it asked for; None when it is not recorded. Raises AlreadyRecorded
    (field ``why``) when the same correction, with the same why, was recorded before and the record
    has changed since (a new correction must say why again)."""
    entry = recorded(session, case, key)
    if entry is None:
        return None
    if not holds():
        raise AlreadyRecorded(f"{case.number}: this correction, with the same why, is already docket entry {entry.id} "
                              "and the record has changed since; state why this new correction is made", field="why")
    return again(entry, act, issues_of(session, entry.ref))


# --- words -----------------------------------------------------------------------------------------


def shown(value: Any) -> str:
    """A value as the docket shows it: counts with thousands separators, dates ISO, text quoted,
    nothing as "(not in the record)"."""
    if value is None:
        return "(not in the record)"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False) if value else "(none)"
    return str(value)


#: How the docket names a corrected field (others by their name as the act gives it).
LABELS = {"prepared_on": "date prepared", "valid_plus_challenged": "valid votes plus challenged ballots",
          "valid": "valid votes", "outcome_text": "outcome", "determinative": "challenges determinative",
          "eligible_exact": "eligible count exact", "unit_description": "unit description",
          "petition_filed_on": "petition filed", "opened_on": "opened on",
          "noticed_opens_on": "the date the Notice of Hearing set"}


@dataclass(frozen=True)
class Change:
    """One field corrected: its name (as the act names it), the old and the new value."""

    field: str
    old: Any
    new: Any

    def words(self) -> str:
        return f"{LABELS.get(self.field, self.field)} {shown(self.old)} → {shown(self.new)}"

    def data(self) -> dict[str, Any]:
        as_json = (lambda v: v.isoformat() if isinstance(v, date) else v)  # noqa: E731
        return {"field": self.field, "old": as_json(self.old), "new": as_json(self.new)}


def changes_between(current: dict[str, Any], given: dict[str, Any]) -> list[Change]:
    """The fields of ``given`` (None: not given) whose value differs from ``current``'s."""
    return [Change(name, current[name], value) for name, value in given.items()
            if value is not None and current[name] != value]


# --- documents -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DocumentState:
    """One issued document (its latest version) and its content as the record builds it now."""

    document: Document
    issue: Issue  # what it was first issued for (its class and record)
    content: Any


def document_states(session: Session, case: Case) -> dict[str, DocumentState]:
    """Every document of the case that a correction can change (its latest version, by its first
    version's key; not the status reports, which show the record as of a moment), with its context
    built from the record as it is in ``session`` now. A document whose record can no longer be built
    is left out."""
    from casefile.documents.issue import build, issued_for

    latest: dict[str, tuple[Issue, Document]] = {}
    for document in session.exec(select(Document).where(Document.case_id == case.id).order_by(col(Document.id))):
        issued = issued_for(document)
        if issued is None:  # a status report
            continue
        first = Issue(issued.document, issued.record_id)
        latest[first.key] = (first, document)
    states = {}
    for key, (issue, document) in latest.items():
        try:
            built = build(session, case, issue)
        except CasefileError:
            continue
        content = (built.context.model_dump(mode="json"), built.issued_on.isoformat(), built.party_key,
                   built.confidential)
        states[key] = DocumentState(document, issue, content)
    return states


def changed_documents(session: Session, case: Case, before: dict[str, DocumentState]) -> list[DocumentState]:
    """The documents of ``before`` whose content the record in ``session`` now builds differently."""
    session.flush()
    after = document_states(session, case)
    return [state for key, state in before.items() if key in after and after[key].content != state.content]


def titles(states: Iterable[DocumentState]) -> str:
    """"Tally of Ballots (2021-04-09_tally-of-ballots.pdf), ..." for a sentence."""
    from pathlib import Path

    return ", ".join(f"{s.document.title} ({Path(s.document.path).name})" for s in states)


# --- deadlines and filings ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Moved:
    """A deadline a correction moved: which, from when to when, and the sentence for the docket."""

    deadline: Deadline
    old_due_on: date
    new_due_on: date
    sentence: str
    because: str


def move_deadlines(session: Session, case: Case, deadlines: Iterable[Deadline], *, because: str, as_of: datetime,
                   trigger_on: date | None = None) -> tuple[list[Moved], list[str]]:
    """Compute each deadline again (casefile.record.deadlines.compute_for_case: the case's rule set,
    office and the configured calendar) from ``trigger_on`` (None: its own trigger date, for a
    correction that changes the rule set) and store it; ``because`` says which correction.

    A deadline fixed by an order (``pinned_by``) is never moved: said. Statuses follow the new date
    without moving the procedure: a period that had lapsed and runs again on the corrected date is
    open again (a filing would be timely; the election's stage is not changed); an open period whose
    corrected cut-off has passed is left to the sweep, which closes it (said); a hearing target met
    is met or met late against the new date (R-I3). Returns the deadlines moved and the sentences
    of every consequence. Raises InvalidCalendar (a rule set without the period).
    Authority: 29 CFR 102.69(a)(8), (b), (c)(1)(ii); rules.md R-G3, R-H2, R-I3."""
    moved: list[Moved] = []
    notes: list[str] = []
    for deadline in sorted(deadlines, key=lambda d: d.id or 0):
        words = _noun(deadline.kind)
        if deadline.pinned_by:
            notes.append(f"The {words} deadline due {deadline.due_on.isoformat()} was fixed by order "
                         f"({deadline.pinned_by}): it is not moved.")
            continue
        new_trigger_on = trigger_on or deadline.trigger_on
        computed = compute_for_case(case, deadline.kind, new_trigger_on)
        extras = _extra_lines(case, deadline)
        old_due, old_status = deadline.due_on, deadline.status
        deadline.trigger_on = new_trigger_on  # the same act, on its corrected date (the trigger is worded from both)
        deadline.due_on, deadline.cutoff_at = computed.due_on, computed.cutoff_at
        deadline.citation, deadline.rule_set_id, deadline.calendar_id = (computed.citation, computed.rule_set_id,
                                                                         computed.calendar_id)
        deadline.preceding_due_on = computed.preceding.due_on if computed.preceding else None
        deadline.derivation = [*computed.derivation, *extras,
                               f"moved by a correction ({because}): due {old_due.isoformat()} → "
                               f"{computed.due_on.isoformat()}"]
        notes.extend(_status_after_move(session, deadline, old_status, as_of))
        session.add(deadline)
        if old_due != computed.due_on:
            sentence = (f"The {words} deadline moves: due {day_label(old_due)} → {day_label(computed.due_on)} "
                        f"(cut-off {clock_label(computed.cutoff_at)}).")
            moved.append(Moved(deadline, old_due, computed.due_on, sentence, because))
            notes.append(sentence)
        else:
            notes.append(f"The {words} deadline stays due {day_label(old_due)}.")
    session.flush()
    return moved, notes


def _noun(kind: DeadlineKind) -> str:
    return kind.value.replace("-", " ")


def _extra_lines(case: Case, deadline: Deadline) -> list[str]:
    """The lines of a stored derivation that its computation did not give (why it was mooted, met
    late, moved before): kept when the deadline is computed again."""
    try:
        old = compute_deadline(deadline.kind, deadline.trigger_on, rule_set=rule_set_by_id(deadline.rule_set_id),
                               calendar=configured_calendar(), office=office_of(case))
    except CasefileError:
        return []
    computed = set(old.derivation)
    return [line for line in deadline.derivation if line not in computed]


def _status_after_move(session: Session, deadline: Deadline, old_status: DeadlineStatus, as_of: datetime) -> list[str]:
    opened = None
    if deadline.kind is DeadlineKind.HEARING_OPENS and old_status in (DeadlineStatus.MET, DeadlineStatus.MET_LATE):
        query = select(Hearing.opens_on).where(  # type: ignore[type-var]
            Hearing.election_id == deadline.election_id, col(Hearing.opens_on).is_not(None))
        opened = session.exec(query.order_by(col(Hearing.opens_on))).first()
    status, sentence = status_after_move(deadline.kind, old_status, due_on=deadline.due_on,
                                         cutoff_at=deadline.cutoff_at, as_of=as_of, hearing_opened_on=opened)
    if status is not old_status:
        deadline.status = status
        if status is DeadlineStatus.OPEN:
            deadline.closed_at = None
    return [sentence] if sentence else []


def rejudge_filings(session: Session, case: Case, deadlines: Iterable[Deadline]) -> list[str]:
    """Judge again every filing recorded against ``deadlines`` (moved by a correction) and flag the
    ones the new date makes late (or timely again): ``Filing.timely`` and its note change, the
    filing stays in the record. A period met by the filings is then met or met late accordingly.
    Returns the sentences of every change. Authority: 29 CFR 102.69(a)(8); 102.2; rules.md R-G3."""
    from casefile.acts.party_filing import stored_deadline

    notes: list[str] = []
    for deadline in deadlines:
        filings = list(session.exec(select(Filing).where(Filing.deadline_id == deadline.id).order_by(col(Filing.id))))
        for filing in filings:
            party = session.get(Party, filing.party_id)
            assert party is not None
            what = f"the {filing.kind.replace('-', ' ')} of {party.name}"
            judged = rejudge_filing(stored_deadline(case, deadline), what=what, trigger_on=deadline.trigger_on,
                                    received_on=filing.received_on, received_at=filing.received_at,
                                    method=filing.method)
            if judged.timely == filing.timely:
                continue
            filing.timely = judged.timely
            filing.timeliness_note = f"{filing.timeliness_note} | judged again after a correction: {judged.note}"
            session.add(filing)
            if judged.timely:
                notes.append(f"On the corrected date {what} (received {day_label(filing.received_on)}) is timely again.")
            else:
                notes.append(f"On the corrected date {judged.note}. The filing stays in the record, flagged untimely; "
                             "what follows from it is for the Regional Director to decide.")
        if filings and deadline.status in (DeadlineStatus.MET, DeadlineStatus.MET_LATE):
            status = DeadlineStatus.MET if any(f.timely for f in filings) else DeadlineStatus.MET_LATE
            if status is not deadline.status:
                deadline.status = status
                session.add(deadline)
                notes.append(f"The {_noun(deadline.kind)} period is now {status.value}.")
    session.flush()
    return notes


# --- recording -------------------------------------------------------------------------------------


def record_correction(session: Session, case: Case, *, act: str, key: str, target: RowKey, election: Election | None,
                      changes: list[Change], why: str, head: str, consequences: list[str], reissue: list[DocumentState],
                      moved: list[Moved], occurred_on: date, as_of: datetime, actor: Actor = Actor.PARTY,
                      extra_changes: list[Change] | None = None) -> Done:
    """Store the correction (its Correction row) and docket it: ``head`` ("Tally of Ballots of
    election 1 corrected"), each change old → new (``extra_changes``: what the changes imply, e.g.
    the computed lines), why, and every consequence; then one docket entry per deadline moved
    (act ``recompute-deadline``, as casefile.jobs.recompute dockets a recomputation).
    Returns the act's Done: the documents to issue again and the consequences as warnings."""
    from casefile.documents.issue import stored_pair

    changed = [*changes, *(extra_changes or [])]
    correction = Correction(
        case_id=case.id, election_id=election.id if election else None, act=act, target=target,  # type: ignore[arg-type]
        changes=[c.data() for c in changed], why=why, consequences=list(consequences), reissues=[],
        recorded_at=as_of)
    session.add(correction)
    session.flush()
    ref = ref_to(correction)
    summary = f"{head}: {'; '.join(c.words() for c in changed)}. Why: {why_of(why)}"
    if consequences:
        summary += " Consequences: " + " ".join(consequences)
    entry = docket(session, case.id, election_id=election.id if election else None, as_of=as_of,  # type: ignore[arg-type]
                   occurred_on=occurred_on, act=DocketActName(act), act_key=key, actor=actor, summary=summary, ref=ref)
    assert entry.id is not None
    correction.entry_id = entry.id
    correction.reissues = [stored_pair(Issue(s.issue.document, s.issue.record_id, entry.id)) for s in reissue]
    session.add(correction)
    for move in moved:
        d = move.deadline
        period = deadline_period(d.kind)  # in words, from the one table of deadline names (never its slug)
        docket(session, case.id, election_id=d.election_id, as_of=as_of, occurred_on=occurred_on,  # type: ignore[arg-type]
               act=DocketActName.RECOMPUTE_DEADLINE, act_key=f"recompute:{d.id}{CORRECTION_MARK}{entry.id}", actor=Actor.SYSTEM,
               summary=f"{period[:1].upper()}{period[1:]} recomputed: due {long_date(move.old_due_on)} → "
               f"{long_date(move.new_due_on)} ({move.because}: correction, docket entry {entry.id})",
               ref=ref_to(d))
    session.flush()
    notes = tuple(c for c in consequences if is_information(c))
    return Done(act=act, ref=ref, entry_id=entry.id, issue=issues_of(session, ref), summary=summary,
                warnings=tuple(c for c in consequences if not is_information(c)), notes=notes)


#: Consequences that only say what stays as it was or what follows as a matter of course: told as notes, not warnings.
_INFORMATION = ("The outcome is unchanged", "The documents issued from now on use the corrected",
                "Issued again as new versions")


def is_information(consequence: str) -> bool:
    """Whether a correction's consequence is for information only (nothing to look at): the outcome
    unchanged, later documents using the corrected value, documents issued again, the stage kept — else a warning (a changed outcome, a filing
    now late, a name still to correct)."""
    return consequence.startswith(_INFORMATION) or ("stays at stage" in consequence
                                                    and "a correction does not move the procedure" in consequence)


def issues_of(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """The documents a correction (``ref`` "correction:ID") issues again, as new versions."""
    from casefile.documents.issue import stored_issue

    correction = session.get(Correction, ref_id(ref, RecordTable.CORRECTION)) if (ref is not None and ref.table is RecordTable.CORRECTION) else None
    if correction is None:
        raise UnknownRecord(f"{str(ref or 'nothing')!r} is not a correction")
    return tuple(issue for kind, subject in correction.reissues if (issue := stored_issue(kind, subject)) is not None)


def why_of(why: str) -> str:
    """``why`` as a sentence (ends with a full stop)."""
    return why if why.endswith((".", "!", "?")) else why + "."
