"""The context fields the Regional Director's post-election decisions and certifications build from the
record alike (decision_on_objections.py, decision_and_direction.py, conditional_direction.py,
supplemental_direction.py, certification.py): each function returns what the record holds, with the
placeholder a record copy prints where it is silent, and stores nothing."""

from __future__ import annotations

from datetime import date
from typing import Any

from casefile.documents.parts import HistoryLine, Issuance, ObjectionItem, PartyRef, placeholder
from casefile.documents.record_view import CaseRecord
from casefile.record.models import Decision, Election, Tally
from casefile.record.refs import ref_to
from casefile.rules.conditional_rerun import ConditionTerms, condition_terms


def rd_issued(rec: CaseRecord, *, on: date) -> dict[str, Any]:
    """The heading and transmittal of a Regional Director's document issued ``on``: ``caption``,
    ``issuance`` (issuer "Regional Director"), ``agreement`` (the case's election agreement, else the
    placeholder "election agreement"), ``agreement_public``, ``review`` (rules.review.board_review) and ``service`` (the parties
    served on that date), as keyword arguments of a DocumentContext."""
    return dict(caption=rec.caption(), issuance=Issuance(issued_on=on, issuer_title="Regional Director"),
                agreement=rec.case.agreement or placeholder("election agreement"),
                agreement_public=rec.case.agreement_public, review=rec.review(),
                service=rec.service(on=on))


def history_until(rec: CaseRecord, election: Election, decision: Decision) -> tuple[HistoryLine, ...]:
    """The procedural history of ``election`` up to ``decision``'s date, the decision itself left out."""
    from casefile.documents.history import procedural_history  # only when a document is built (a refused act loads none)

    return procedural_history(rec, election, until=decision.issued_on, excluding=ref_to(decision))


def objections_ruled_on(rec: CaseRecord, election: Election, decision: Decision) -> tuple[ObjectionItem, ...]:
    """The objections to ``election`` with ``decision``'s ruling on each; where the record holds none,
    one item whose text is the placeholder "objections ruled on" (the context needs at least one)."""
    return (rec.objection_items(rec.objections_of(election), decision.rulings)
            or (ObjectionItem(number=1, text=placeholder("objections ruled on")),))


def party_at_fault(rec: CaseRecord, decision: Decision) -> PartyRef | None:
    """The party whose conduct ``decision`` finds caused the set-aside (R-O3), None when it names none."""
    at_fault = rec.by_id.get(decision.at_fault_party_id) if decision.at_fault_party_id else None
    return rec.party_ref(at_fault) if at_fault else None


def terms_on(decision: Decision, tally: Tally, election: Election) -> ConditionTerms:
    """The two results ``decision``'s condition names (casefile.rules.conditional_rerun.condition_terms),
    in the choices of ``tally`` (else, with no votes recorded, the election's ballot choices)."""
    return condition_terms(decision.condition, [name for name, _ in tally.votes] or list(election.choices))
