"""A procedural history from the docket: one sentence per act, made from the record the act made
(the tally's figures, the filing's objections, the hearing noticed, the decision's result, the
order's dates), for the Hearing Officer's report, the decisions and the case status report.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlmodel import col, select

from casefile.documents import wording
from casefile.documents.parts import HistoryLine
from casefile.documents.record_view import CaseRecord, not_in_record_noun, uncertain_of
from casefile.record.closures import superseded_entries
from casefile.record.hearing_opening import only_scheduled
from casefile.record.models import Certification, Decision, DocketEntry, Filing, Hearing, Objection, Tally
from casefile.record.orders import AgencyOrder
from casefile.record.refs import RecordTable, Ref
from casefile.rules.chronology import long_date
from casefile.rules.deadline_names import DEADLINE_NAMES
from casefile.rules.offices import office_named
from casefile.vocab import DeadlineKind, DecisionKind, DecisionResult, DocketActName, OrderKind, TallyKind, counted

NOT_IN_HISTORY = (DocketActName.ISSUE_DOCUMENT, DocketActName.SET_ASIDE, DocketActName.DIRECT_SECOND_ELECTION,
                  DocketActName.CERTIFICATION_DUE, DocketActName.RUNOFF_DUE,
                  DocketActName.DEADLINE_LAPSED, DocketActName.SWEEP, DocketActName.ATTACH_DOCUMENT,
                  DocketActName.CONFIRM_EFILING)
"""Docket acts a procedural history leaves out: issuance (the act's own line says it), the acts a
decision performs (its line says the election was set aside and a new one directed, or the objections
overruled; the stage that leads to, certification or runoff due, is no event of its own), and the record's
bookkeeping — a PDF as filed or as issued attached to a filing or an act, with its hash, is kept by the
record but is no event of the procedure (a history tells filings, orders, decisions and hearings); so is the
confirmation that a filing prepared in casefile was e-filed (the filing's own line tells it, dated by its receipt)."""
_TABLES: dict[RecordTable, type] = {RecordTable.TALLY: Tally, RecordTable.FILING: Filing, RecordTable.HEARING: Hearing,
                                    RecordTable.DECISION: Decision, RecordTable.ORDER: AgencyOrder,
                                    RecordTable.CERTIFICATION: Certification}
_DECISION_ACTS = (DocketActName.HO_REPORT, DocketActName.RD_DECISION, DocketActName.ALJ_DECISION, DocketActName.BOARD_DECISION)
_DECIDERS = {DecisionKind.HO_REPORT: "The Hearing Officer issued a report recommending", DecisionKind.RD_DECISION: "The Regional Director issued a decision:",
             DecisionKind.ALJ_DECISION: "The Administrative Law Judge issued a decision recommending", DecisionKind.BOARD_DECISION: "The Board issued a decision:"}
RECOMMENDED = {DecisionResult.SET_ASIDE: "that the election be set aside and a new election directed",
               DecisionResult.OVERRULE: "that the objections be overruled", DecisionResult.CERTIFY: "that the results be certified",
               DecisionResult.OPEN_AND_COUNT: "that the challenged ballots be opened and counted"}
"""What a Hearing Officer's report recommends, by its result, as a clause ("that the objections be overruled")."""
DECIDED = {DecisionResult.SET_ASIDE: "the election was set aside and a new election directed",
           DecisionResult.OVERRULE: "the objections were overruled", DecisionResult.CERTIFY: "the results are to be certified",
           DecisionResult.OPEN_AND_COUNT: "the challenged ballots are to be opened and counted"}
"""What a decision decided, by its result, as a clause ("the objections were overruled")."""

def filed_under_order(kind: DeadlineKind) -> str:
    """What an order fixing or extending the ``kind`` period says is to be filed ("a request for review"). (the one table
    of deadline names, casefile.rules.deadline_names)."""
    return DEADLINE_NAMES[kind].ordered


def procedural_history(rec: CaseRecord, election: Any, *, until: date, excluding: Ref | None = None) -> tuple[HistoryLine, ...]:
    """The procedural history of the election's chain up to ``until``, one line per act in words
    (a closure a later-recorded filing superseded, and the entry saying so, left out; so is a confidential
    filing — an offer of proof, for the Region only — in these documents served on every party).
    ``excluding`` (the decision's Ref) leaves out the acts of the document's own record (a decision does
    not list itself); document issuance and the acts a decision performs (set aside, direct a new
    election) are folded into the decision's own line."""
    lines = tuple(HistoryLine(occurred_on=e.occurred_on, event=history_event(rec, e))
                  for e in _history_entries(rec, election, until=until, excluding=excluding))
    return lines or (HistoryLine(occurred_on=until, event="(no earlier acts recorded)"),)


def history_notes(rec: CaseRecord, election: Any, *, until: date, excluding: Ref | None = None) -> tuple[str, ...]:
    """A record copy's notes on the acts of its procedural history: what the sources leave uncertain about
    each (a date inferred, a signer not reported), dated and named, for the annex: "Uncertain (April 8, 2022,
    request for extension of time): the request itself and its date are not in the sources ...". The same
    acts as :func:`procedural_history`; none for a live case."""
    if not rec.record_copy:
        return ()
    out, seen = [], set()
    for e in _history_entries(rec, election, until=until, excluding=excluding):
        row = row_of(rec, e)
        # a hearing's opening has its own note (Hearing.opening_uncertain), labeled by its own act
        opening = e.act == DocketActName.OPEN_HEARING and isinstance(row, Hearing)
        text = (row.opening_uncertain if opening else uncertain_of(row)).strip()
        key = (type(row), getattr(row, "id", None), opening)
        if text and key not in seen:  # a hearing noticed, then opened: each note once
            seen.add(key)
            out.append(f"Uncertain ({long_date(e.occurred_on)}, {wording.act_name(e.act).lower()}): {wording.prose_dates(text)}")
    return tuple(out)


def _history_entries(rec: CaseRecord, election: Any, *, until: date, excluding: Ref | None) -> list[DocketEntry]:
    """The docket entries a procedural history tells, in order (see :func:`procedural_history`): those dated on
    or before ``until``; of those dated ``until`` itself, only the ones recorded before the document's own act
    (``excluding``'s first docket entry) — a certification recorded after a decision of the same day is no past
    event of that decision, whenever its document is issued (acts of one day are in order: casefile.rules.chronology)."""
    entries = rec.session.exec(select(DocketEntry).where(
        DocketEntry.case_id == rec.case.id, col(DocketEntry.election_id).in_(rec.chain(election)),
        col(DocketEntry.occurred_on) <= until, col(DocketEntry.act).not_in(NOT_IN_HISTORY),
    ).order_by(col(DocketEntry.occurred_on), col(DocketEntry.id))).all()
    own = next((e.id for e in entries if excluding is not None and e.ref == excluding), None)
    if own is not None:
        entries = [e for e in entries if e.occurred_on < until or (e.id is not None and e.id <= own)]
    superseded = superseded_entries(rec.session, rec.case.id)  # type: ignore[arg-type]
    return [e for e in entries if not (excluding is not None and e.ref == excluding)
            and e.id not in superseded and e.act != DocketActName.CLOSURE_SUPERSEDED  # a closure shown wrong is no history
            and not confidential_entry(rec, e)]


def confidential_entry(rec: CaseRecord, entry: DocketEntry) -> bool:
    """Whether the entry is about a confidential filing (an offer of proof: the Region only, 102.69(a)(8)): no
    document every party may read tells it — a served history, the case status report."""
    row = row_of(rec, entry)
    return isinstance(row, Filing) and row.confidential


def row_of(rec: CaseRecord, entry: DocketEntry) -> Any:
    """The record a docket entry made, from its ``ref``, or None (an act that made no
    such row). The one place the documents read a docket entry's ref."""
    ref = entry.ref
    return rec.session.get(_TABLES[ref.table], ref.id) if ref is not None and ref.table in _TABLES else None


def history_event(rec: CaseRecord, entry: DocketEntry) -> str:
    """One act of the docket as a sentence of a procedural history, from the record it made. A filing or an order
    the public record only implies is told as the record's inference ("The record implies that the Employer …
    requested an extension of the time to file its offer of proof to April 22, 2022 (the request itself is not in
    the public record, nor is the date)."; what the record shows instead is the annex's, :meth:`CaseRecord.not_in_record`); one whose date is not
    in the public record says so."""
    row = row_of(rec, entry)
    sentence = _stated_event(rec, entry, row)
    if entry.act == DocketActName.NOTICE_HEARING and isinstance(row, Hearing) and not row.noticed_on_public:
        return sentence + " The notice's date is not in the public record."
    if not isinstance(row, (Filing, AgencyOrder)):
        return sentence
    dated = row.issued_on_public if isinstance(row, AgencyOrder) else row.received_on_public
    if row.inferred_from.strip():  # the act itself is the record's inference: said as one, never as fact
        told = sentence.rstrip().rstrip('.')
        return (f"The record implies that {told[:1].lower()}{told[1:]} ({not_in_record_noun(row)} not in the public "
                f"record{', nor is the date' if not dated else ''}).")
    if not dated:
        sentence += " The order's date is not in the public record." if isinstance(row, AgencyOrder) else \
            " Its date is not in the public record."
    return sentence


def _stated_event(rec: CaseRecord, entry: DocketEntry, row: Any) -> str:
    """The sentence of :func:`history_event` for an act the record holds."""
    if entry.act in (DocketActName.RECORD_TALLY, DocketActName.REVISED_TALLY) and isinstance(row, Tally):
        return _tally_sentence(row)
    if entry.act in (DocketActName.FILE_OBJECTIONS, DocketActName.FILE_EXCEPTIONS) and isinstance(row, Filing):
        party = rec.by_id[row.party_id]
        who = f"The {rec.party_ref(party).label}, {party.name},"
        if entry.act == DocketActName.FILE_EXCEPTIONS:
            return f"{who} filed exceptions to the Hearing Officer's report."
        count = len(rec.session.exec(select(Objection.id).where(Objection.filing_id == row.id)).all())
        # "with an offer of proof" only for an offer filed with the objections (the same day), not one filed later
        offer = rec.session.exec(select(Filing.id).where(Filing.accompanies_id == row.id,
                                                         Filing.received_on == row.received_on)).first()
        return (f"{who} filed {counted(count, 'objection')}"
                f"{' with an offer of proof' if offer else ''}.")
    if entry.act == DocketActName.WAIVE_EXCEPTIONS and isinstance(row, Filing):
        # the record's fact (the party's waiver, its receipt date): never "no exceptions were filed", which the record
        # does not say of a party that is silent
        party = rec.by_id[row.party_id]
        on = f" on {long_date(row.received_on)}" if row.received_on_public else ""
        return f"The {rec.party_ref(party).label}, {party.name}, waived its right to file exceptions{on}."
    if entry.act in (DocketActName.FILE_ANSWERING_BRIEF, DocketActName.FILE_CROSS_EXCEPTIONS) and isinstance(row, Filing):
        # what was filed, by whom and on what day, as the waiver's line says it: never the docket's summary (its count
        # of the brief's points, its receipt time), which is the filing's body and its receipt, not the procedure's event
        party = rec.by_id[row.party_id]
        what = ("an answering brief to the exceptions" if entry.act == DocketActName.FILE_ANSWERING_BRIEF
                else "cross-exceptions to the Hearing Officer's report")
        on = f" on {long_date(row.received_on)}" if row.received_on_public else ""
        return f"The {rec.party_ref(party).label}, {party.name}, filed {what}{on}."
    if entry.act == DocketActName.REQUEST_EXTENSION and isinstance(row, Filing) and row.body:
        party = rec.by_id[row.party_id]
        asked = row.body[0]
        until = f" to {long_date(date.fromisoformat(asked['until']))}" if asked.get("until") else ""
        return (f"The {rec.party_ref(party).label}, {party.name}, requested an extension of the time to file "
                f"{filed_under_order(DeadlineKind(asked['kind']))}{until}.")
    if entry.act == DocketActName.NOTICE_HEARING and isinstance(row, Hearing):
        count = len(row.objections_set)  # which, and how many, only when the record shows them
        noticed = row.noticed_opens_on  # the notice's own date, not a later postponement's nor the day it opened
        opens = f"; the hearing was set to open on {long_date(noticed)}" if noticed else ""
        subject = (counted(count, "objection") if row.objections_set_public else
                   "the objections (which of them, and how many, the record does not show)") + \
            (" and the challenged ballots" if row.challenges_set else "")
        return f"The Regional Director issued a Notice of Hearing on {subject}{opens}."
    if entry.act == DocketActName.FILE_OFFER_OF_PROOF and isinstance(row, Filing):
        # no served history nor the status report tells it (confidential_entry); a sentence for the acts' own
        # summaries: what was filed and when, never what it holds (its witnesses are the Region's only, 102.69(a)(8))
        party = rec.by_id[row.party_id]
        return (f"The {rec.party_ref(party).label}, {party.name}, filed an offer of proof in support of its objections,"
                " confidential to the Regional Director.")
    if entry.act == DocketActName.CONSOLIDATE_WITH_ULP and isinstance(row, Hearing):
        return _consolidation_sentence(rec, row)
    if entry.act == DocketActName.CERTIFICATION and isinstance(row, Certification):
        title = "Certification of Representative" if row.kind == "representative" else "Certification of Results"
        return f"The Regional Director issued a {title}{' of ' + row.union if row.union else ''}."
    if entry.act == DocketActName.OPEN_CASE:
        filed = rec.case.petition_filed_on
        reported = "" if rec.case.petition_filed_on_public or not filed else \
            " (as reported: the petition's date is not in the Board's public record)"
        return f"The petition was filed{' on ' + long_date(filed) if filed else ''}{reported}; the case was opened."
    if entry.act == DocketActName.OPEN_HEARING:
        if isinstance(row, Hearing) and only_scheduled(row):
            return (f"The hearing was scheduled to open on {long_date(entry.occurred_on)}; the record does not show the "
                    "actual opening date.")
        return f"The hearing opened on {long_date(entry.occurred_on)}."
    if entry.act == DocketActName.CLOSE_HEARING:
        return "The hearing closed."
    if entry.act in _DECISION_ACTS and isinstance(row, Decision):
        return _decision_sentence(row)
    if isinstance(row, AgencyOrder) and (sentence := _order_sentence(row)):
        return sentence
    return rec.text(entry.summary)


def _consolidation_sentence(rec: CaseRecord, hearing: Hearing) -> str:
    """"The Regional Director consolidated 14 objections of the Petitioner, 7 objections of the Employer and the
    challenged ballots with Case 10-CA-... for hearing before an Administrative Law Judge; the hearing was set
    to open on September 25, 2023." (the objections counted by the party that filed them; the date the order set,
    never the day the hearing opened, which is the opening's own entry)."""
    by_party: dict[int, int] = {}  # in the order the objections were filed
    for o in rec.session.exec(select(Objection).where(col(Objection.id).in_(list(hearing.objections_set)))
                              .order_by(col(Objection.id))).all():
        by_party[o.party_id] = by_party.get(o.party_id, 0) + 1
    parts = [f"{counted(n, 'objection')} of the {rec.party_ref(rec.by_id[pid]).label}"
             for pid, n in by_party.items()]
    if hearing.challenges_set:
        parts.append("the challenged ballots")
    cases = wording.join_and([rec.text(c) for c in hearing.ulp_cases]) or "the unfair labor practice case"
    noticed = hearing.noticed_opens_on  # the order's date for the opening, never the day the hearing opened
    opens = f"; the hearing was set to open on {long_date(noticed)}" if noticed else ""
    gaps = [what for what, public in (("the order's date", hearing.noticed_on_public),
                                      ("the date it set the hearing to open", noticed is not None),
                                      ("which objections were set, by number", hearing.objection_numbers_public))
            if not public]
    unknown = f" ({wording.join_and(gaps)}: not in the public record)" if gaps else ""
    return (f"The Regional Director consolidated {wording.join_and(parts) or 'the case'} with {cases} for hearing"
            f" before an Administrative Law Judge{opens}{unknown}.")


def _order_sentence(order: AgencyOrder) -> str | None:
    """An order of the Region, the General Counsel or the Board as a sentence of a procedural history."""
    body = order.body
    if order.kind == OrderKind.EXTENSION:
        kind = DeadlineKind(body["deadline_kind"])
        board = body.get("office_key") == "board"
        verb = "extended" if body["to_due_on"] > body["from_due_on"] else "fixed"
        return (f"The {'Board' if board else 'Regional Director'} {verb} the time to file {filed_under_order(kind)} to "
                f"{long_date(date.fromisoformat(body['to_due_on']))}.")
    if order.kind == OrderKind.MOTION_RULING:
        return f"The {body['by']} {body['ruling'].replace('-', ' ')} the motion {body['subject']}."
    if order.kind == OrderKind.HEARING_RESCHEDULED:
        to = date.fromisoformat(body["to_opens_on"])
        was = f" from {long_date(date.fromisoformat(body['from_opens_on']))}" if body.get("from_opens_on") else ""
        return f"The Regional Director rescheduled the hearing{was} to {long_date(to)}."
    if order.kind == OrderKind.COUNT_EXCLUDED:
        ballots = int(body["ballots"])
        return (f"The {body['by']} ordered {counted(ballots, 'ballot')} excluded at the count "
                "opened and counted.")
    if order.kind == OrderKind.TRANSFER:
        old, new = office_named(body["from_office"]), office_named(body["to_office"])
        return (f"The case was transferred from Region {int(old.region or 0)} ({old.name}) to Region "
                f"{int(new.region or 0)} ({new.name}).")
    return None


def _tally_sentence(tally: Tally) -> str:
    """"The Tally of Ballots issued: 738 for ..., 1,798 against, 76 void and 505 challenged ballots (not sufficient ...)."""
    title = {TallyKind.INITIAL: "Tally of Ballots", TallyKind.REVISED: "Revised Tally of Ballots",
             TallyKind.RERUN: "Tally of Ballots of the rerun election", TallyKind.RUNOFF: "Tally of Ballots of the runoff election"}[tally.kind]
    votes = [f"{v:,} for {n}" for n, v in tally.votes] + ([f"{tally.against:,} against"] if tally.against is not None else [])
    sufficient = "sufficient" if tally.determinative else "not sufficient"
    void = f"{tally.void:,} void" if tally.void is not None else "void ballots not in the record"
    challenged = counted(tally.challenged, "challenged ballot")
    return (f"The {title} issued: {', '.join(votes)}; {void} and {challenged}"
            f" ({sufficient} in number to affect the results).")


def _decision_sentence(decision: Decision) -> str:
    if decision.kind in (DecisionKind.HO_REPORT, DecisionKind.ALJ_DECISION):  # a recommendation (29 CFR 102.48(a))
        lead = _DECIDERS[decision.kind]
        return f"{lead} {RECOMMENDED.get(decision.result, decision.result.replace('-', ' '))}."
    lead = _DECIDERS.get(decision.kind, "A decision issued:")
    if decision.condition and decision.result == DecisionResult.SET_ASIDE:  # a conditional direction: nothing set aside yet
        ballots = wording.challenge_rulings_phrase(decision.rulings, to_be=True) or "the challenged ballots to be opened and counted"
        return (f"{lead} objections sustained; {ballots}, and the election set "
                "aside and a new election directed only if the revised tally shows no majority for a labor organization.")
    return f"{lead} {DECIDED.get(decision.result, decision.result.replace('-', ' '))}."
