"""What the three ruling acts share — the hearing officer's report, the Regional Director's
decision and the Administrative Law Judge's decision: their fields as issued (the scenario's
decision event), the application of their rulings to the objections, and the stored Decision."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any, Literal

from pydantic import Field
from sqlmodel import Session, col, select

from casefile.acts.base import COUNT_MAX, ActIn, Line, Paragraph, PartyKey, Strict, recorded
from casefile.acts.hearing_parts import ObjectionNumber
from casefile.errors import AlreadyRecorded, UnknownRecord
from casefile.record.models import Case, Decision, DocketEntry, Election, Hearing, Objection, Party
from casefile.record.refs import RecordTable, Ref, ref_to
from casefile.rules.act_names import ACT_WORDS
from casefile.rules.calendar import long_date
from casefile.rules.conditional_rerun import condition_shows
from casefile.rules.consistency import RulingGiven, inconsistency
from casefile.rules.objection_rulings import ObjectionBefore, check_every_objection_ruled
from casefile.vocab import DecisionKind, DecisionResult, Disposition, DocketActName, RuledBy, ordinal

Ruling = Literal["sustained", "overruled", "withdrawn", "moot"]
Result = Literal["set-aside", "overrule"]  # as the act gives it; stored as a DecisionResult


class ChallengeRuling(Strict):
    """A ruling on challenged ballots set for hearing, in a report or decision: on the ``voters`` named, or on
    every pending ballot with the ``ground`` (neither: every pending ballot); ``ruling`` sustained (never
    counted) or overruled (to be opened and counted)."""

    voters: list[Line] = Field(default_factory=list, max_length=COUNT_MAX)
    ground: Line | None = None
    ruling: Literal["sustained", "overruled"]


class DecisionParts(ActIn):
    """A report or decision as issued (not an act by itself): ``date`` its issue date;
    ``result`` what it recommends or decides (set the election aside, or overrule the
    objections); ``issuer`` who signed it; ``rulings`` party handle → {objection number: ruling},
    only what the record gives (a report whose per-objection rulings are not public leaves it
    empty and says so in ``summary``); ``at_fault`` the party whose conduct caused a set-aside
    (named in the Lufkin paragraph, R-O3), None when it rests on Board-agent irregularity; ``challenges`` the
    rulings on the challenged ballots set for hearing with the objections (per voter or per ground, R-M3): a
    report recommends them, the Regional Director's decision makes them (the ballots overruled are ordered
    opened and counted)."""

    result: Result
    issuer: Line = ""
    rulings: dict[PartyKey, dict[ObjectionNumber, Ruling]] = Field(default_factory=dict, max_length=50)
    challenges: list[ChallengeRuling] = Field(default_factory=list, max_length=200)
    at_fault: PartyKey | None = None
    summary: Paragraph = ""
    note: Paragraph = ""


def _parties(session: Session, case: Case) -> dict[str, Party]:
    return {p.key: p for p in session.exec(select(Party).where(Party.case_id == case.id))}


def _party(parties: dict[str, Party], case: Case, key: str, field: str) -> Party:
    """The party ``key`` names (a handle, a name, a role one party has: casefile.record.lookups.find_party)."""
    from casefile.record.lookups import find_party, parties_in_words

    party = find_party(list(parties.values()), key)
    if party is None:
        from casefile.validation import did_you_mean

        hint = did_you_mean(key, [name for p in parties.values() for name in (p.key, p.name)])
        raise UnknownRecord(f"case {case.number} has no party {key!r}{hint} (parties: "
                            f"{parties_in_words(list(parties.values()))})", field=field)
    return party


def _rulings(session: Session, case: Case, election: Election, act: DecisionParts) -> list[tuple[Objection, Party, str]]:
    """The objections ruled on, each with its party and ruling. Raises UnknownRecord (field
    ``rulings.<party>.<number>``) for a party or objection the election does not have."""
    parties = _parties(session, case)
    out: list[tuple[Objection, Party, str]] = []
    for party_key, rulings in act.rulings.items():
        party = _party(parties, case, party_key, f"rulings.{party_key}")
        for number, ruling in rulings.items():
            objection = session.exec(select(Objection).where(
                Objection.election_id == election.id, Objection.party_id == party.id, Objection.number == int(number)
            )).first()
            if objection is None:
                raise UnknownRecord(f"party {party_key!r} has no objection {number} in election {election.sequence} of "
                                    f"{case.number}", field=f"rulings.{party_key}.{number}")
            out.append((objection, party, ruling))
    return out


def check_consistent(session: Session, case: Case, election: Election, act: DecisionParts, *,
                     kind: DecisionKind) -> None:
    """Refuse a report or decision that contradicts itself (casefile.rules.consistency): its result
    against its rulings, a party at fault or a condition with an overruling. Raises
    InconsistentDecision (field ``result``, ``at_fault``, ``condition`` or ``rulings.<party>.<number>``),
    UnknownRecord (a party or objection the election does not have)."""
    ruled = _rulings(session, case, election, act)
    given = [RulingGiven(party.key, party.name, objection.number, ruling) for objection, party, ruling in ruled]
    ruled_ids = {objection.id for objection, _, _ in ruled}
    undecided = [o for o in session.exec(select(Objection).where(
        Objection.election_id == election.id,
        col(Objection.disposition).in_([Disposition.PENDING, Disposition.SET_FOR_HEARING]))) if o.id not in ruled_ids]
    before_alj = {int(i) for h in session.exec(select(Hearing).where(Hearing.election_id == election.id,
                                                                     col(Hearing.before_alj).is_(True)))
                  for i in h.objections_set}
    refusal = inconsistency(kind, result=DecisionResult(act.result), rulings=given, at_fault=act.at_fault,
                            condition=getattr(act, "condition", None), undecided_not_ruled=len(undecided),
                            undecided_before_alj=sum(1 for o in undecided if o.id in before_alj))
    if refusal is not None:
        raise refusal


def undecided_before(session: Session, case: Case, election: Election, *, kind: DecisionKind) -> list[ObjectionBefore]:
    """The objections a report or decision of ``kind`` disposes of: the election's objections e-filed with the NLRB
    (one only prepared in casefile is before no one) and still undecided — every pending or set-for-hearing one
    before the Regional Director, those set for hearing before the hearing officer or the judge — by party then
    number. Withdrawn, moot and decided objections are not among them."""
    from casefile.record.models import Filing
    from casefile.vocab import NlrbFiling

    undecided = [Disposition.SET_FOR_HEARING] if kind in (DecisionKind.HO_REPORT, DecisionKind.ALJ_DECISION) else \
        [Disposition.PENDING, Disposition.SET_FOR_HEARING]
    parties = {p.id: p for p in _parties(session, case).values()}
    rows = session.exec(select(Objection).join(Filing, col(Filing.id) == col(Objection.filing_id)).where(
        Objection.election_id == election.id, Filing.nlrb == NlrbFiling.E_FILED,
        col(Objection.disposition).in_(undecided)).order_by(col(Objection.party_id), col(Objection.number)))
    return [ObjectionBefore(parties[o.party_id].key, parties[o.party_id].name, o.number) for o in rows
            if o.party_id in parties]


def check_complete(session: Session, case: Case, election: Election, act: DecisionParts, *, kind: DecisionKind) -> None:
    """Refuse a report or decision that rules on some of the objections before it, one by one, but not on all
    (casefile.rules.objection_rulings.check_every_objection_ruled: an overruling rules on each; a set-aside on the
    objections it sustains). One that gives no ruling on any objection is taken as it says. Raises BadInput (field
    ``rulings``), UnknownRecord (a party or objection the election does not have).
    Authority: 29 CFR 102.69(b), (c)(1)(i)-(iii)."""
    given = [RulingGiven(party.key, party.name, objection.number, ruling)
             for objection, party, ruling in _rulings(session, case, election, act)]
    check_every_objection_ruled(_RULES[kind], result=DecisionResult(act.result), rulings=given,
                                before=undecided_before(session, case, election, kind=kind))


def check_in_order(session: Session, case: Case, election: Election, act: DecisionParts, *, subject: str,
                   issued_on: date) -> None:
    """Refuse a decision dated before what it decides (casefile.rules.chronology): the election's tally,
    the objections it rules on (the first objection filed when it names no ruling), and the latest
    hearing officer's report, exceptions, Administrative Law Judge's decision and revised tally in the
    record. Raises OutOfOrder (field ``date``)."""
    from casefile.acts.chronology import election_objections, latest_on, objections_filed, refuse_if_before
    from casefile.rules.chronology import Earlier

    ruled = [o.id for o, _, _ in _rulings(session, case, election, act) if o.id is not None]
    objections = Earlier("the objections it rules on were filed", objections_filed(session, ruled)) if ruled else \
        Earlier("the objections were filed", objections_filed(session, election_objections(session, election), latest=False))
    refuse_if_before(subject, issued_on, [
        Earlier("the tally of ballots issued", latest_on(session, election, DocketActName.RECORD_TALLY)),
        objections,
        Earlier("the hearing officer's report issued", latest_on(session, election, DocketActName.HO_REPORT)),
        Earlier("exceptions to the hearing officer's report were filed", latest_on(session, election, DocketActName.FILE_EXCEPTIONS)),
        Earlier("the Administrative Law Judge's decision issued", latest_on(session, election, DocketActName.ALJ_DECISION)),
        Earlier("the revised tally of ballots issued", latest_on(session, election, DocketActName.REVISED_TALLY)),
    ])


def store_decision(session: Session, case: Case, election: Election, act: DecisionParts, *, kind: DecisionKind,
                   issued_on: date, recommend_only: bool) -> Decision:
    """Store the report or decision of ``kind`` with its rulings ([{objection_id, party, number,
    ruling}]); a decision (``recommend_only`` False) also sets each objection's disposition, a
    report or an ALJ's recommended order does not. Raises UnknownRecord (fields ``rulings...``,
    ``at_fault``)."""
    rulings: list[dict[str, Any]] = []
    for objection, party, ruling in _rulings(session, case, election, act):
        rulings.append({"objection_id": objection.id, "party": party.name, "number": objection.number, "ruling": ruling})
        if not recommend_only:
            objection.disposition = Disposition(ruling)
            session.add(objection)
    ruled: list[Any] = []
    rulings += challenge_rulings(session, election, act, recommend_only=recommend_only, issued_on=issued_on, kind=kind,
                                 ruled=ruled)
    at_fault = _party(_parties(session, case), case, act.at_fault, "at_fault").id if act.at_fault else None
    decision = Decision(election_id=election.id, kind=kind, issued_on=issued_on, issuer=act.issuer,  # type: ignore[arg-type]
                        result=DecisionResult(act.result), rulings=rulings, at_fault_party_id=at_fault, summary=act.summary,
                        note=act.note, uncertain=act.uncertain)
    session.add(decision)
    session.flush()
    for ballot in ruled:  # the decision that ruled on them, as a typed reference
        ballot.ruling_ref = ref_to(decision)
        session.add(ballot)
    if ruled:
        session.flush()
    return decision


def decision_of(session: Session, ref: Ref | None) -> Decision:
    """The Decision a docket entry's ``ref`` names."""
    decision = session.get(Decision, ref.id) if ref is not None and ref.table is RecordTable.DECISION else None
    if decision is None:
        raise UnknownRecord(f"no decision {ref}")
    return decision


#: What decides otherwise than an issued report or decision, by its kind: the refusal of one repeated with other
#: terms says it (an issued decision is never overwritten, and no act corrects one).
_DECIDED_OTHERWISE = {
    DecisionKind.HO_REPORT: "the report recommends: the Regional Director's decision on it decides otherwise "
                            "(29 CFR 102.69(c)(1)(iii))",
    DecisionKind.RD_DECISION: "a decision that changes it is a later one, on its own date: on a motion for "
                              "reconsideration (29 CFR 102.65(e)) or after the Board's review (102.67)",
    DecisionKind.ALJ_DECISION: "the Board decides otherwise on exceptions to it (29 CFR 102.46, 102.69(c)(2))",
}


def recorded_decision(session: Session, case: Case, key: str, act: DecisionParts) -> DocketEntry | None:
    """The docket entry of the report or decision already recorded under ``key`` (a retry), or
    None. A retry must carry what was recorded (result, condition on the new election — the Regional Director's
    decision only —, issuer, party at fault, rulings, summary); else AlreadyRecorded (``field`` the first term
    that differs), naming the decision by its long date, each term that differs in words (recorded → given;
    a condition as casefile.rules.conditional_rerun.condition_shows says it, or "no condition"), and what decides
    otherwise (_DECIDED_OTHERWISE): an issued decision is never overwritten."""
    entry = recorded(session, case, key)
    if entry is None:
        return None
    decision = decision_of(session, entry.ref)
    parties = _parties(session, case)
    stored_fault = next((k for k, p in parties.items() if p.id == decision.at_fault_party_id), None)
    given_rulings = sorted((parties[k].name if k in parties else k, int(n), r)
                           for k, numbers in act.rulings.items() for n, r in numbers.items())
    stored_rulings = sorted((r["party"], int(r["number"]), r["ruling"]) for r in decision.rulings if "objection_id" in r)
    stored_challenges = [(list(r["voters"]), r["ground"], r["ruling"]) for r in decision.rulings if "challenge" in r]
    given_challenges = [(list(c.voters), c.ground, c.ruling) for c in act.challenges]
    names = {k: p.name for k, p in parties.items()}
    election = session.get(Election, decision.election_id)
    sequence = election.sequence if election is not None else 1
    conditions: tuple[tuple[str, str, str, str], ...] = ()
    if hasattr(act, "condition"):  # the Regional Director's decision (rd_decision.RdDecision) alone is made on one
        conditions = (("condition", "condition", _condition_words(decision.condition or None, sequence),
                       _condition_words(getattr(act, "condition", None), sequence)),)
    diffs = [(field, f"{name}: {stored} → {given}") for field, name, stored, given in (
        ("result", "result", _result_words(decision.result), _result_words(act.result)),
        *conditions,
        ("issuer", "issued by", text_words(decision.issuer), text_words(act.issuer)),
        ("at_fault", "party at fault", names.get(stored_fault or "", "none given"),
         names.get(act.at_fault, act.at_fault) if act.at_fault else "none given"),
        ("rulings", "rulings on the objections", _objection_rulings_words(stored_rulings, given_rulings),
         _objection_rulings_words(given_rulings, stored_rulings)),
        ("challenges", "rulings on the challenged ballots", _challenge_rulings_words(stored_challenges),
         _challenge_rulings_words(given_challenges)),
        ("summary", "summary", text_words(decision.summary), text_words(act.summary))) if stored != given]
    if diffs:
        what = ACT_WORDS[DocketActName(decision.kind.value)].done
        raise AlreadyRecorded(f"{case.number}: the {what} of {long_date(decision.issued_on)} is already recorded "
                              f"with other terms (recorded → given: {'; '.join(d for _, d in diffs)}); an issued "
                              "decision is never overwritten: to record it again, give the terms recorded; "
                              f"{_DECIDED_OTHERWISE[DecisionKind(decision.kind)]}", field=diffs[0][0])
    return entry


def _condition_words(condition: str | None, sequence: int) -> str:
    """The condition a Regional Director's decision setting election ``sequence`` aside directs the next one on, in
    words ("the second election directed only if the revised tally shows no majority for a labor organization"), or
    "no condition"."""
    if not condition:
        return "no condition"
    return f"the {ordinal(sequence + 1)} election directed only if the revised tally {condition_shows(condition)}"


def _result_words(result: DecisionResult | str) -> str:
    """A decision's result in words ("set aside", "overrule", "open and count")."""
    return str(getattr(result, "value", result)).replace("-", " ")


def text_words(text: str | None) -> str:
    """A text of the record quoted (“...”, stripped), or "none given" when it is empty: a term of a refusal's
    recorded → given."""
    return f"“{text.strip()}”" if text and text.strip() else "none given"


def _objection_rulings_words(rulings: Sequence[tuple[str, int, str]], other: Sequence[tuple[str, int, str]]) -> str:
    """Rulings on objections in words: "objection 1 overruled, objection 2 sustained" (the objecting party
    named before its objections when the two sides, ``rulings`` and ``other``, hold more than one); "none given"."""
    if not rulings:
        return "none given"
    several = len({party for party, _, _ in [*rulings, *other]}) > 1
    out = []
    for party in dict.fromkeys(p for p, _, _ in rulings):
        listed = ", ".join(f"objection {n} {r}" for p, n, r in rulings if p == party)
        out.append(f"{party}: {listed}" if several else listed)
    return "; ".join(out)


def _challenge_rulings_words(rulings: Sequence[tuple[list[str], str | None, str]]) -> str:
    """Rulings on challenged ballots in words: "the ballots of A, B sustained", "the ballots challenged as
    supervisors overruled", "every pending ballot sustained"; "none given"."""
    if not rulings:
        return "none given"
    out = []
    for voters, ground, ruling in rulings:
        which = (f"the ballots of {', '.join(voters)}" if voters else
                 f"the ballots challenged on the ground “{ground}”" if ground else "every pending ballot")
        out.append(f"{which} {ruling}")
    return ", ".join(out)


def summary_with(summary: str, act: DecisionParts) -> str:
    """``summary`` followed by the act's own summary (" — ..."), as the docket line."""
    return summary + (f" — {act.summary}" if act.summary else "")


#: Who rules, in a ballot's ``ruling`` line, by the kind of decision.
_RULED_BY = {DecisionKind.RD_DECISION: RuledBy.REGIONAL_DIRECTOR,
             DecisionKind.ALJ_DECISION: RuledBy.ADMINISTRATIVE_LAW_JUDGE,
             DecisionKind.HO_REPORT: RuledBy.HEARING_OFFICER}


def challenge_rulings(session: Session, election: Election, act: DecisionParts, *, recommend_only: bool,
                      issued_on: date, kind: DecisionKind, ruled: list[Any] | None = None) -> list[dict[str, Any]]:
    """The report's or decision's rulings on challenged ballots, as stored with it ([{challenge, voters,
    ground, ruling, ballots}]): each selects pending ballots of the register (select_ballots: per voter or
    per ground), none twice. A decision (``recommend_only`` False) also rules them: sustained (never
    counted) or overruled (to be opened and counted: the revised tally follows the order); a report only
    recommends. Raises UnknownRecord, BadInput, ProcedureError (fields ``challenges.<i>...``).
    Authority: 29 CFR 102.69(c)(1)(i)-(iii), (e); rules.md R-E7, R-J5, R-M3."""
    from casefile.acts.challenge_register import select_ballots
    from casefile.errors import BadInput
    from casefile.vocab import ChallengeStatus

    out: list[dict[str, Any]] = []
    seen: set[int | None] = set()
    seen_voters: set[str] = set()
    set_for_hearing = _set_for_hearing(session, election)
    for i, ruling in enumerate(act.challenges):
        at = f"challenges.{i}."
        if ruling.voters and ruling.ground is not None:
            raise BadInput("a ruling on challenged ballots names the voters or a ground, not both", field=f"{at}ground")
        if (twice_named := next((v for v in ruling.voters if v in seen_voters), None)) is not None:
            raise BadInput(f"the challenged ballot of {twice_named!r} is ruled on twice", field=f"{at}voters")
        chosen = [b for b in select_ballots(session, election, voters=list(ruling.voters), ground=ruling.ground, at=at)
                  if ruling.voters or b.id not in seen]
        if ruling.voters and (twice := next((b for b in chosen if b.id in seen), None)) is not None:
            raise BadInput(f"the challenged ballot of {twice.voter!r} is ruled on twice", field=f"{at}voters")
        if not chosen:
            raise BadInput(f"ruling {i + 1} on challenged ballots selects none not already ruled on", field=f"{at}ground")
        seen |= {b.id for b in chosen}
        seen_voters |= {b.voter for b in chosen}
        if not recommend_only:
            for ballot in chosen:
                ballot.status = ChallengeStatus(ruling.ruling)
                ballot.ruled_by, ballot.ruled_on, ballot.reason = _RULED_BY[kind], issued_on, ""
                session.add(ballot)
                if ruled is not None:
                    ruled.append(ballot)
        out.append({"challenge": "voters" if ruling.voters else "ground", "voters": list(ruling.voters),
                    "ground": ruling.ground, "ruling": ruling.ruling, "ballots": len(chosen),
                    "of": [b.voter for b in chosen]})
    if set_for_hearing and (kind in _EACH_RULED or (out and kind in _EACH_RULED_WHEN_RULING)):
        from casefile.rules.hearing import check_every_ballot_ruled

        check_every_ballot_ruled(_RULES[kind], set_for_hearing=set_for_hearing, ruled=seen_voters)
    if out:
        session.flush()
    return out


#: The reports that must rule on every challenged ballot the notice set for hearing, and the decisions that must
#: when they rule on any (the Regional Director may leave them to a later ruling, R-M1; so may a judge, whose decision
#: is a recommended order on the consolidated issues, 102.45(a), 102.69(c)(1)(ii)).
_EACH_RULED = frozenset({DecisionKind.HO_REPORT})
_EACH_RULED_WHEN_RULING = frozenset({DecisionKind.RD_DECISION, DecisionKind.ALJ_DECISION})
_RULES = {DecisionKind.HO_REPORT: "the Hearing Officer's report", DecisionKind.RD_DECISION: "the Regional Director's decision",
          DecisionKind.ALJ_DECISION: "the Administrative Law Judge's decision"}


def _set_for_hearing(session: Session, election: Election) -> list[str]:
    """The voters whose challenged ballots the election's latest hearing set for hearing and that are still pending
    (in register order); none when the hearing set no challenged ballots or no register is kept."""
    from casefile.acts.challenge_register import register_of
    from casefile.vocab import ChallengeStatus

    hearing = session.exec(select(Hearing).where(Hearing.election_id == election.id)
                           .order_by(col(Hearing.id).desc())).first()
    if hearing is None or not hearing.challenges_set:
        return []
    return [b.voter for b in register_of(session, election) if b.status is ChallengeStatus.PENDING]


def challenge_sentence(rulings: list[dict[str, Any]], *, recommend_only: bool) -> str:
    """The docket's words for the rulings on challenged ballots ("" when there are none)."""
    sustained = sum(int(r["ballots"]) for r in rulings if r.get("challenge") and r["ruling"] == "sustained")
    overruled = sum(int(r["ballots"]) for r in rulings if r.get("challenge") and r["ruling"] == "overruled")
    if not sustained and not overruled:
        return ""
    parts = []
    if sustained:
        parts.append(f"{sustained} challenged ballot{'s' if sustained != 1 else ''} sustained")
    if overruled:
        parts.append(f"{overruled} overruled" + (", recommended opened and counted" if recommend_only
                                                  else ", to be opened and counted (revised tally)"))
    return ("recommended: " if recommend_only else "") + "; ".join(parts)
