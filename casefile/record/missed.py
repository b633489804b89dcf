"""The periods a viewer's party missed: its own periods of the current election that lapsed with no
filing e-filed with the NLRB, as My cases and the case page's "Next for" show them (a missed offer of
proof lets the Regional Director overrule the objections without a hearing, 29 CFR 102.69(c)(1)(i)).

A party's period here is one for that party (its key: an objecting party's offer of proof), one for "the
objecting party" when that party filed objections in the election, or one for all parties that the party
answered only with a filing prepared in casefile and never e-filed. A period for all parties that no one
answered (the winning side's objections) is not one a party missed: it may simply not have objected. A lapse
is listed only while it still matters at the election's stage (casefile.rules.lapsed_periods.still_matters:
Bessemer's offers of proof missed on April 7, 2022 stop leading once the objections were consolidated for
hearing and decided); the deadline list keeps it, lapsed.
Read models of casefile.record.queries; the status is casefile.rules.deadline_state.state_at's.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlmodel import Session, col, select

from casefile.record.accounts import Representation
from casefile.record.authority import OPERATOR
from casefile.record.closures import FILING_FOR
from casefile.record.models import Case, Deadline, Election, Filing, Party
from casefile.record.queries import DeadlineView, Viewer, answered_deadlines, deadline_view, period_owners
from casefile.rules.lapsed_periods import still_matters
from casefile.vocab import TERMINAL_STAGES, Audience, DeadlineStatus, FilingKind, NlrbFiling


def missed_periods(session: Session, *, as_of: datetime, viewer: Viewer,
                   case_numbers: Any) -> dict[str, list[DeadlineView]]:
    """Case number -> the periods of ``viewer``'s parties in the current election of that case (among
    ``case_numbers``, normalized; the cases the viewer sees) whose state at the aware ``as_of`` is
    ``lapsed`` (state_at: cut-off passed, no e-filed filing answered it) and that still matters at the election's
    stage (casefile.rules.lapsed_periods.still_matters), latest cut-off first; none for the operator, a Region,
    or an election at a terminal stage. Authority: 29 CFR 102.2(a), (b), 102.69(a)(8), (c)(1)."""
    organization_id = getattr(viewer, "organization_id", None)
    numbers = list(case_numbers)
    if organization_id is None or viewer is OPERATOR or not numbers:
        return {}
    links = session.exec(select(Case.id, Case.number, Representation.party_id)
                         .join(Representation, col(Representation.case_id) == col(Case.id))
                         .where(col(Case.number).in_(numbers), Representation.organization_id == organization_id,
                                col(Representation.region).is_(None))).all()  # its links: the cases it sees as a party
    own: dict[int, set[int]] = {}
    number_of: dict[int, str] = {}
    for case_id, number, party_id in links:
        if party_id is not None:
            own.setdefault(case_id, set()).add(party_id)
            number_of[case_id] = number
    if not own:
        return {}
    current: dict[int, Election] = {}
    for e in session.exec(select(Election).where(col(Election.case_id).in_(list(own))).order_by(col(Election.sequence))):
        current[e.case_id] = e
    stage_of = {e.id: e.stage for e in current.values()}
    elections = [e.id for e in current.values() if e.stage not in TERMINAL_STAGES]
    if not elections:
        return {}
    deadlines = session.exec(select(Deadline).where(
        col(Deadline.election_id).in_(elections), col(Deadline.kind).in_(list(FILING_FOR)),
        col(Deadline.cutoff_at) < as_of, col(Deadline.status).in_([DeadlineStatus.OPEN, DeadlineStatus.LAPSED]))
        .order_by(col(Deadline.cutoff_at).desc(), col(Deadline.id))).all()
    if not deadlines:
        return {}
    filings = session.exec(select(Filing).where(col(Filing.election_id).in_(elections))).all()
    keys = {p.id: p.key for p in session.exec(select(Party).where(col(Party.case_id).in_(list(own)))).all()}
    answered = answered_deadlines(filings, deadlines, as_of)
    owners = period_owners(session, deadlines)  # named by the party's name, never its key
    out: dict[str, list[DeadlineView]] = {}
    for d in deadlines:
        if not still_matters(d.kind, stage_of[d.election_id]):
            continue  # the election has moved past the stage the period served: history, not a next task
        view = deadline_view(d, number_of[d.case_id], as_of=as_of, answered=answered.get(d.id),  # type: ignore[arg-type]
                             whose=owners.get(d.id, ""))  # type: ignore[arg-type]
        if view.status == DeadlineStatus.LAPSED.value and _theirs(d, own[d.case_id], keys, filings):
            out.setdefault(number_of[d.case_id], []).append(view)
    return out


def _theirs(d: Deadline, parties: set[int], keys: dict[int | None, str], filings: Any) -> bool:
    """Whether the lapsed period ``d`` is one of ``parties`` missed (module docstring)."""
    if d.for_whom in {keys.get(p) for p in parties}:
        return True
    ours = [f for f in filings if f.party_id in parties and f.election_id == d.election_id]
    if d.for_whom == Audience.OBJECTING_PARTY:
        return any(f.kind == FilingKind.OBJECTIONS for f in ours)
    if d.for_whom == Audience.ALL_PARTIES:
        return any(f.deadline_id == d.id and f.nlrb == NlrbFiling.PREPARED for f in ours)
    return False
