"""What a certification says of the objections and of the direction the election was held under, from the record:
the objections overruled, withdrawn, or moot because the revised tally made the objecting party the winner
(rules.md R-M2; a conditional direction's condition not met: casefile.rules.conditional_rerun), and, for a rerun,
the record's own decision that directed it ("the Regional Director's Decision on Objections and Direction of
Second Election issued November 29, 2021"), never the first election's Decision and Direction of Election."""

from __future__ import annotations

from sqlmodel import col, select

from casefile.documents.record_view import CaseRecord
from casefile.documents.wording import join_and
from casefile.record.models import Decision, Election, Filing, Objection, Tally
from casefile.rules.chronology import long_date
from casefile.rules.conditional_rerun import NO_UNION_MAJORITY
from casefile.vocab import DecisionKind, DecisionResult, Disposition, ElectionKind, FilingKind, OutcomeKind, TallyKind, ordinal

__all__ = ["directed_by", "objections_basis"]


def _moot_because(rec: CaseRecord, election: Election) -> str:
    """Why the moot objections are moot: the revised tally's result, and the conditional direction it did not meet."""
    revised = rec.session.exec(select(Tally).where(Tally.election_id == election.id, Tally.kind == TallyKind.REVISED)
                               .order_by(col(Tally.id).desc())).first()
    if revised is None:
        return ""
    on = long_date(revised.prepared_on)
    result = (f"{revised.winner} received a majority of the valid votes counted on the revised tally of {on}"
              if revised.outcome == OutcomeKind.REP and revised.winner else
              f"no labor organization received a majority of the valid votes counted on the revised tally of {on}")
    conditional = rec.session.exec(select(Decision).where(
        Decision.election_id == election.id, Decision.condition != "", Decision.result == DecisionResult.SET_ASIDE,
        col(Decision.issued_on) <= revised.prepared_on).order_by(col(Decision.id).desc())).first()
    if conditional is not None:
        result += (f", and the Regional Director's decision of {long_date(conditional.issued_on)} directed a "
                   f"{ordinal(election.sequence + 1)} election only if "
                   f"{'it did not' if conditional.condition == NO_UNION_MAJORITY else 'one did'}")
    return f" because {result}"


def objections_basis(rec: CaseRecord, election: Election) -> str:
    """The clause of the certification's first sentence on the objections: "no timely objections having been
    filed"; "the objections having been overruled"; or, where the record's dispositions say otherwise, each
    party's objections as they were disposed of — withdrawn, or moot because the revised tally made the objecting
    party the winner ("the objections of Workers United having become moot because Workers United received a
    majority of the valid votes counted on the revised tally of January 10, 2022, and the Regional Director's
    decision of January 10, 2022 directed a second election only if it did not"). Authority: 29 CFR 102.69(b),
    (c)(1)(i), (e); rules.md R-H1, R-M2."""
    objections = rec.session.exec(select(Objection).where(Objection.election_id == election.id)
                                  .order_by(col(Objection.id))).all()
    if not objections:
        filed = rec.session.exec(select(Filing.id).where(Filing.election_id == election.id,
                                                         Filing.kind == FilingKind.OBJECTIONS)).first()
        return "the objections having been overruled" if filed is not None else "no timely objections having been filed"
    groups: dict[str, list[str]] = {}
    for objection in objections:
        said = {Disposition.MOOT: "moot", Disposition.WITHDRAWN: "withdrawn"}.get(objection.disposition, "overruled")
        name = rec.by_id[objection.party_id].name
        if name not in groups.setdefault(said, []):
            groups[said].append(name)
    if set(groups) == {"overruled"}:
        return "the objections having been overruled"
    named = len(groups) > 1
    clauses = []
    for said in ("overruled", "withdrawn", "moot"):
        if said not in groups:
            continue
        whose = f"the objections of {join_and(tuple(groups[said]))}" if named or said == "moot" else "the objections"
        if said == "moot":
            clauses.append(f"{whose} having become moot{_moot_because(rec, election)}")
        else:
            clauses.append(f"{whose} having been {said}")
    return join_and(tuple(clauses)) if len(clauses) < 3 else "; ".join(clauses[:-1]) + "; and " + clauses[-1]


def directed_by(rec: CaseRecord, election: Election) -> str | None:
    """For a rerun, the record's decision that directed it, titled and dated as issued: the Regional Director's
    "Decision on Objections and Direction of Second Election" (third ... by the election's place), the
    "Supplemental Decision and Direction of Second Election" of the revised tally that met a conditional
    direction, or the Board's "Decision on Review and Order"; None for a first election or a runoff (held under the
    election agreement), or when the record holds no such decision. Authority: rules.md R-O1, R-O2, R-M2."""
    if election.kind is not ElectionKind.RERUN or election.follows_id is None:
        return None
    before = rec.election(election.follows_id)
    decision = rec.session.exec(select(Decision).where(
        Decision.election_id == before.id, Decision.result == DecisionResult.SET_ASIDE,
        col(Decision.kind).in_([DecisionKind.RD_DECISION, DecisionKind.BOARD_DECISION]))
        .order_by(col(Decision.issued_on).desc(), col(Decision.id).desc())).first()
    if decision is None:
        return None
    nth = ordinal(election.sequence).capitalize()
    if decision.kind == DecisionKind.BOARD_DECISION:
        return f"the Board's Decision on Review and Order issued {long_date(decision.issued_on)}"
    if decision.condition:
        met = rec.session.exec(select(Tally).where(Tally.election_id == before.id, Tally.kind == TallyKind.REVISED,
                                                   col(Tally.prepared_on) >= decision.issued_on)
                               .order_by(col(Tally.id).desc())).first()
        if met is not None:
            return (f"the Regional Director's Supplemental Decision and Direction of {nth} Election issued "
                    f"{long_date(met.prepared_on)}")
    return f"the Regional Director's Decision on Objections and Direction of {nth} Election issued {long_date(decision.issued_on)}"
