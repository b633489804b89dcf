"""The case status report for a lawyer's client: the elections of the case with their tallies and what
the rules read in them (why the challenges are or are not determinative, the outcomes still reachable,
what each choice would need from the challenged ballots), the docket, the open deadlines and the
documents issued with their sha256. Issued as of an instant, for a client (casefile.app.status_report);
not about one record, so not a RecordDocument.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Annotated, Any
from urllib.parse import quote

from pydantic import AwareDatetime, Field
from sqlmodel import Session, col, select

from casefile.documents import wording
from casefile.documents.base import Built, Document
from casefile.documents.history import DECIDED, RECOMMENDED, confidential_entry, history_event, row_of
from casefile.documents.parts import (
    DateOrPlaceholder,
    DeadlineLine,
    DocumentContext,
    ElectionDates,
    Facts,
    Issuance,
    Placeholder,
    Sha256,
    TallyLines,
    placeholder,
)
from casefile.documents.record_view import CaseRecord, election_dates, tally_lines
from casefile.record.challenge_resolution import resolved_without_count
from casefile.record.closures import marked, superseded_entries
from casefile.record.lookups import counts_of, elections_of
from casefile.record.models import Certification, Deadline, Decision, DocketEntry, Election, Filing, Hearing, Tally
from casefile.record.models import Document as DocumentRow
from casefile.record.orders import AgencyOrder
from casefile.record.stage_now import period_states, stage_words_now
from casefile.record.stored_outcome import count_showed_of, outcome_words_of, reachable_descriptions, reachable_words
from casefile.rules.challenge_analysis import analyze_challenges
from casefile.rules.chronology import long_date
from casefile.rules.deadlines import TRIGGER_NOT_RECORDED
from casefile.rules.determinative import why_determinative
from casefile.rules.outcome import outcome_words
from casefile.rules.rule_sets import rule_set_by_id
from casefile.vocab import (
    Actor,
    CertificationKind,
    DeadlineKind,
    DecisionKind,
    DecisionResult,
    DocketActName,
    DocumentKind,
    ElectionAgreement,
    ElectionKind,
    OrderKind,
    PartyRole,
    Stage,
)

_NOT_IN_DOCKET = (DocketActName.ISSUE_DOCUMENT, DocketActName.SWEEP, DocketActName.SET_ASIDE,
                  DocketActName.DIRECT_SECOND_ELECTION, DocketActName.CERTIFICATION_DUE, DocketActName.RUNOFF_DUE)
"""Docket acts the status report's docket leaves out: issuance (its "Documents issued" table lists them),
and the acts a decision performs (the decision's own line says them): setting the election aside and
directing the next, and the stage a decision overruling the objections leads to (certification or runoff
due) — a stage entered, no one's act, which the election's "Stage" row states while it holds (the JFK8
docket listed "— Certification due" between the decision and the certification it was followed by)."""

class DocketLine(Facts):
    """One docket entry: date, actor (a party's name when ``actor`` is PARTY), act, note."""

    occurred_on: date
    actor: Actor
    party: str | None = None
    act: str
    note: str | None = None
    by_unknown: str | None = None  # a placeholder: the record does not say who issued it (the "By" column says so)

    @property
    def actor_name(self) -> str:
        """The actor as a reader knows it: the party's name, the official's title, or that the record lacks it."""
        if self.party is not None:
            return self.party
        if self.by_unknown is not None:
            return self.by_unknown
        return _ACTOR_LABELS[self.actor]


_ACTOR_LABELS = {
    Actor.BOARD_AGENT: "Board agent",
    Actor.REGIONAL_DIRECTOR: "Regional Director",
    Actor.HEARING_OFFICER: "Hearing Officer",
    Actor.ADMINISTRATIVE_LAW_JUDGE: "Administrative Law Judge",
    Actor.BOARD: "Board",
    Actor.GENERAL_COUNSEL: "General Counsel",
    Actor.PARTY: "Party",
    Actor.SYSTEM: "—",  # a stage entered when a period ended or a ruling left nothing pending: no one acted
}


class DocumentLine(Facts):
    """A document issued in the case, with the sha256 of its PDF."""

    title: str
    kind: DocumentKind
    issued_on: date
    version: Annotated[int, Field(ge=1)] = 1
    sha256: Sha256


class TallySummary(Facts):
    """A tally with the rules' reading of it: why challenges are (not) determinative, what outcomes remain
    reachable, and what each choice would need from the challenged ballots (``challenge_analysis``: one
    sentence each, e.g. "Retail, Wholesale and Department Store Union needs 119 of the 416 challenged
    ballots opened and counted for it (the rest sustained); with all 416 opened it needs 268").

    Not a second analysis (the one is casefile.rules.tally.TallyAnalysis, which the tally's act ran and
    stored): what the report prints of a stored Tally row, in words — its form lines, the stored outcome
    as the report names it, sentences — so it shares no field with the rules' model."""

    tally: TallyLines
    determinative_reason: str
    reachable_outcomes: tuple[str, ...] = Field(min_length=1)
    challenge_analysis: tuple[str, ...] = ()
    # how many of its challenged ballots a later order set for hearing as still unresolved, when the record gives it
    # (Hearing.challenges_unresolved): then the challenged line is the count's, not what is unopened now
    unresolved_later: str | None = None
    # its determinative challenged ballots as the record resolved them without a count ("3 sustained by the Regional
    # Director on September 21, 2026"; casefile.record.challenge_resolution): then ``tally.outcome`` is the outcome
    # that stands, and "determinative" is said of the count; "" when not so resolved
    resolution: str = ""
    # what the sources leave uncertain about the count's figures (Tally.uncertain, dates written out): said with the
    # ballots cast (Bessemer: 3,117 against about 3,215 received as the union reported)
    uncertain: str = ""


class ElectionSummary(Facts):
    """One election in a case's chain (initial, rerun, runoff) for the case status report.

    ``follows`` places it in the chain, e.g. "the first election, set aside by the Regional Director
    on November 29, 2021"; None for the case's first election.
    """

    kind: ElectionKind
    label: str  # "First election (2021)"
    dates: ElectionDates
    stage: Stage
    result: str  # "Set aside by the Regional Director on November 29, 2021"
    # the stage in words as of the report (casefile.record.stage_now: "objection period ended" once its cut-off
    # passed, before the sweep moves the election); "" for the table's name of ``stage``
    stage_words: str = ""
    tallies: tuple[TallySummary, ...] = ()
    follows: str | None = None
    set_aside: bool = False  # the election was set aside: its tally's outcome no longer applies
    # an Administrative Law Judge's decision sets it aside and directs the next election: recommended, binding unless
    # the Board decides otherwise on exceptions (29 CFR 102.45(a), 102.46, 102.48(a)); its tally's outcome is not
    # reachable while the decision stands
    set_aside_recommended: bool = False


class CaseStatusReportContext(DocumentContext):
    """Case status report for a lawyer's client: elections, tallies with their arithmetic, docket,
    open deadlines, documents issued."""

    prepared_for: str  # "" : not given (the row is left out)
    as_of_at: AwareDatetime
    agreement: ElectionAgreement | Placeholder
    agreement_public: bool = True  # False: the agreement given is inferred; the record does not name it
    petition_filed_on: DateOrPlaceholder
    petition_filed_on_public: bool = True  # False: the date is from reports, not the Board's record
    rule_set: str  # the rule set's proper name (RuleSet.name): "29 CFR Part 102, Subpart D, as amended by ..."
    several_units: bool = False  # the case's elections are in more than one voting unit: each tally names its unit
    elections: tuple[ElectionSummary, ...] = ()  # none before the tally of ballots is recorded
    docket: tuple[DocketLine, ...] = ()
    deadlines: tuple[DeadlineLine, ...] = ()
    documents: tuple[DocumentLine, ...] = ()

#: In a status report's stored key, what follows the instant: whom it is prepared for, percent-encoded
#: ("case-status-report:as-of:2026-12-01T07:05:00-06:00;for:Jane%20Okafor%2C%20USW").
REPORT_FOR = ";for:"


class CaseStatusReport(Document):
    """The case status report, as of an instant, for a client."""

    kind = DocumentKind.CASE_STATUS_REPORT
    context = CaseStatusReportContext
    name = "Case Status Report"

    @staticmethod
    def key(as_of: datetime, prepared_for: str = "") -> str:
        """The stored key of the report as of ``as_of`` for ``prepared_for`` (unique per case)."""
        subject = f"as-of:{as_of.isoformat()}" + (f"{REPORT_FOR}{quote(prepared_for.strip(), safe='')}" if prepared_for.strip() else "")
        return f"{DocumentKind.CASE_STATUS_REPORT.value}:{subject}"

    @staticmethod
    def file_suffix(as_of: datetime) -> str:
        """What the report's file name adds after its kind: "_as-of-20261201T0705", ``as_of`` as the report's text
        tells it (the case's office's zone: the caller converts it)."""
        return "_as-of-" + re.sub(r"[^0-9T]", "", as_of.isoformat())[:13]

    @classmethod
    def build(cls, rec: CaseRecord, as_of: datetime, prepared_for: str = "") -> Built:  # type: ignore[override]
        """The report of the case ``rec`` holds, as of ``as_of`` (aware), prepared for ``prepared_for``."""
        as_of = as_of.astimezone(rec.zone)
        prepared_for = prepared_for.strip()
        session = rec.session
        summaries = []
        for election in elections_of(session, rec.case):
            set_aside = election.stage in wording.SET_ASIDE_STAGES
            recommended = not set_aside and _set_aside_by_judge(rec, election)
            gone = _none_reachable(election, recommended=recommended) if set_aside or recommended else None
            tallies = session.exec(select(Tally).where(Tally.election_id == election.id).order_by(col(Tally.id))).all()
            analyses = tuple(_tally_summary(rec, election, t, set_aside=set_aside, gone=gone, last=t is tallies[-1])
                             for t in tallies)
            summaries.append(ElectionSummary(kind=election.kind, label=wording.election_name(election.sequence, election.kind),
                                             dates=election_dates(election), stage=election.stage,
                                             stage_words=stage_words_now(election.stage, session.exec(select(Deadline).where(
                                                 Deadline.election_id == election.id)).all(), as_of).name,
                                             result=_election_result(rec, election), tallies=analyses,
                                             follows=_follows_line(rec, election), set_aside=set_aside,
                                             set_aside_recommended=recommended))
        docket = session.exec(select(DocketEntry).where(DocketEntry.case_id == rec.case.id,
                                                        col(DocketEntry.act).not_in(_NOT_IN_DOCKET))
                              .order_by(col(DocketEntry.occurred_on), col(DocketEntry.id))).all()
        superseded = superseded_entries(session, rec.case.id)  # type: ignore[arg-type]  # a closure a later filing showed wrong: said so, never a fact
        lines = tuple(DocketLine(occurred_on=e.occurred_on, actor=e.actor, act=wording.act_name(e.act),
                                 note=marked(history_event(rec, e), superseded.get(e.id or 0)), party=_docket_party(rec, e),
                                 by_unknown=_issuer_unknown(rec, e))
                      for e in docket if not confidential_entry(rec, e))  # a case document: no offer of proof
        # the deadlines open as of the report (deadline_state.state_at, the one meaning of open: started by then, cut-off
        # not passed, not closed by then — one met later was still running then)
        kept = session.exec(select(Deadline).where(Deadline.case_id == rec.case.id, col(Deadline.cutoff_at) >= as_of)
                            .order_by(col(Deadline.cutoff_at), col(Deadline.id))).all()
        deadlines = [d for d, (_, state) in zip(kept, period_states(kept, as_of), strict=True) if state.open]
        documents = session.exec(select(DocumentRow).where(DocumentRow.case_id == rec.case.id).order_by(col(DocumentRow.id))).all()
        ctx = CaseStatusReportContext(
            caption=rec.caption(), issuance=Issuance(issued_on=as_of.date(), issuer_title="casefile"),
            prepared_for=prepared_for or rec.missing("client"), as_of_at=as_of, agreement=rec.case.agreement or placeholder("election agreement"),
            petition_filed_on=rec.case.petition_filed_on or placeholder("petition filing date"),
            agreement_public=rec.case.agreement_public, petition_filed_on_public=rec.case.petition_filed_on_public,
            rule_set=rec.text(rule_set_by_id(rec.case.rule_set_id).name),
            several_units=rec.several_units(),
            elections=tuple(summaries), docket=lines,
            deadlines=tuple(_with_its_note(session, d, _as_recorded(d, line)) for d in _without_repeats(list(deadlines))
                            if (line := rec.deadline_line(d)) is not None),
            documents=tuple(DocumentLine(title=d.title, kind=d.kind, issued_on=d.issued_on, version=d.version, sha256=d.sha256)
                            for d in documents if not d.confidential),
        )
        return Built(ctx, as_of.date(), "casefile", Actor.SYSTEM, None)



def _tally_summary(rec: CaseRecord, election: Election, t: Tally, *, set_aside: bool, gone: str | None,
                   last: bool) -> TallySummary:
    """The report's reading of tally ``t``: as counted, or — its determinative challenged ballots since resolved
    without a count (casefile.record.challenge_resolution) — the rulings, and the outcome that stands, the tally's
    "determinative" said as of its count (29 CFR 102.69(c)(1)(i))."""
    lines = _superseded(tally_lines(t, election), t) if set_aside else tally_lines(t, election)
    resolved = None if set_aside else resolved_without_count(rec.session, election, t)
    if resolved is not None:
        return TallySummary(
            tally=lines.model_copy(update={"outcome": outcome_words(resolved.outcome)}),
            determinative_reason=determinative_reason(t), resolution=resolved.rulings,
            reachable_outcomes=("None other: the challenged ballots were resolved without a count and the outcome "
                                "above stands",),
            uncertain=wording.prose_dates(t.uncertain.strip()))
    return TallySummary(
        tally=lines, determinative_reason=determinative_reason(t),
        reachable_outcomes=(gone,) if gone else
        (tuple(reachable_words(t)) or (outcome_words_of(t),)),  # words from the stored facts
        challenge_analysis=() if gone else challenge_sentences(t),
        unresolved_later=_unresolved_later(rec.session, t) if last else None,
        uncertain=wording.prose_dates(t.uncertain.strip()))


def _superseded(lines: TallyLines, tally: Tally) -> TallyLines:
    """A set-aside election's tally lines with its outcome as what the count showed ("No majority for any labor
    organization"), not the certification that would have followed: none issued (rules.outcome.count_showed)."""
    return lines.model_copy(update={"outcome": count_showed_of(tally)})


def _set_aside_by_judge(rec: CaseRecord, election: Election) -> bool:
    """Whether the election stands at an Administrative Law Judge's decision that sets it aside (its latest
    decision other than a Hearing Officer's report, with no condition): recommended until the Board rules on
    exceptions or none are filed (29 CFR 102.45(a), 102.48(a))."""
    if election.stage is not Stage.ALJ_DECISION_ISSUED:
        return False
    last = rec.session.exec(select(Decision).where(Decision.election_id == election.id, Decision.kind != DecisionKind.HO_REPORT)
                            .order_by(col(Decision.id).desc())).first()
    return (last is not None and last.kind == DecisionKind.ALJ_DECISION and last.result == DecisionResult.SET_ASIDE
            and not last.condition)


def _none_reachable(election: Election, *, recommended: bool) -> str:
    """What is still reachable from a set-aside election's count: none of its outcomes; the election directed in
    its place decides (29 CFR 102.69(c); rules.md R-O1, R-O2). Set aside by a judge's decision: while it stands,
    the Board deciding otherwise on exceptions (29 CFR 102.46, 102.48(a))."""
    following = wording.next_election(election.sequence)
    if recommended:
        return (f"None while the Administrative Law Judge's decision recommending that the election be set aside "
                f"stands: it recommends {following}, whose count would decide the outcome, unless the Board decides "
                "otherwise on exceptions "
                "(29 CFR 102.46, 102.48(a))")
    return f"None: the election was set aside and {following} directed, whose count decides the outcome"


#: What a period whose trigger no act records runs from, in the table's Due column (rules.deadlines.TRIGGER_NOT_RECORDED).
_RUNS_FROM = {DeadlineKind.ALJ_EXCEPTIONS: "28 days from service of the order transferring the case to the Board "
                                           "(the order is not in the record)"}


def _as_recorded(deadline: Deadline, line: DeadlineLine) -> DeadlineLine:
    """``line``, or — for a period that runs from an act the record does not hold — the period in words, no date
    or cut-off (the kept date assumes that act's date)."""
    if deadline.kind not in TRIGGER_NOT_RECORDED:
        return line
    return line.model_copy(update={"due_on": None, "cutoff_at": None, "runs_from": _RUNS_FROM[deadline.kind]})


def _with_its_note(session: Session, deadline: Deadline, line: DeadlineLine) -> DeadlineLine:
    """``line``, with what the record leaves open about its date where the act that started the period says it: a
    request for review's period from the certification (Certification.uncertain, said with the date as the
    certification itself says it: JFK8's January 26, 2023 "[uncertain: silive.com reports ... 'by Jan. 25' ...]";
    29 CFR 102.67(c), 102.69(h))."""
    if deadline.kind is not DeadlineKind.REQUEST_FOR_REVIEW or line.due_on is None:
        return line
    cert = session.exec(select(Certification).where(Certification.election_id == deadline.election_id,
                                                    Certification.issued_on == deadline.trigger_on)).first()
    said = wording.prose_dates(cert.uncertain.strip().rstrip(".")) if cert is not None else ""
    return line.model_copy(update={"uncertain": said}) if said else line


def _without_repeats(deadlines: list[Deadline]) -> list[Deadline]:
    """The open deadlines less an offer of proof due with its objections (the objections' line, "Objections
    and offer of proof", states both); an extended offer of proof keeps its own line."""
    objections = {(d.election_id, d.cutoff_at) for d in deadlines if d.kind is DeadlineKind.OBJECTIONS}
    return [d for d in deadlines if not (d.kind is DeadlineKind.OFFER_OF_PROOF and (d.election_id, d.cutoff_at) in objections)]


def _issuer_unknown(rec: CaseRecord, entry: DocketEntry) -> str | None:
    """For a record copy's order transferring the case whose signer the record does not hold (AgencyOrder.issuer ""),
    the "By" column's placeholder: the office 29 CFR 102.72(a) names (the General Counsel) is not who the record
    shows signed it. None otherwise (the docket's actor stands)."""
    order = row_of(rec, entry)
    if rec.record_copy and isinstance(order, AgencyOrder) and order.kind == OrderKind.TRANSFER and not order.issuer.strip():
        return placeholder("who issued the order")
    return None


def _docket_party(rec: CaseRecord, entry: DocketEntry) -> str | None:
    """The party who performed a party's act (the filer of a filing), for the docket's "By" column."""
    if isinstance(filing := row_of(rec, entry), Filing):
        return rec.by_id[filing.party_id].name
    if entry.act == DocketActName.OPEN_CASE:  # the petition opens the case
        return next((p.name for p in rec.parties if p.role in (PartyRole.PETITIONER, PartyRole.INDIVIDUAL_PETITIONER)), None)
    return None


def challenge_sentences(tally: Tally) -> tuple[str, ...]:
    """What each reachable outcome needs from the challenged ballots, when they are determinative (R-E3)."""
    if not tally.determinative:
        return ()
    return tuple(r.sentence for r in analyze_challenges(counts_of(tally)))


def _follows_line(rec: CaseRecord, election: Election) -> str | None:
    """Where the election sits in the chain: which election it follows, and why."""
    if election.follows_id is None:
        return None
    before = rec.session.get(Election, election.follows_id)
    assert before is not None
    why = rec.text(election.reason) if election.reason else _election_result(rec, before)
    return f"The {wording.ordinal(before.sequence)} election ({why[0].lower() + why[1:]})" if why else None


def _election_result(rec: CaseRecord, election: Election) -> str:
    """What became of the election, in words: certified, set aside (by whom, when, and what was directed),
    a decision's result, or where it stands."""
    session = rec.session
    cert = session.exec(select(Certification).where(Certification.election_id == election.id)).first()
    if cert is not None:
        what = f"Certification of Representative ({cert.union})" if cert.kind == CertificationKind.REPRESENTATIVE else "Certification of Results"
        return f"{what} issued on {long_date(cert.issued_on)}"
    decisions = session.exec(select(Decision).where(Decision.election_id == election.id).order_by(col(Decision.id))).all()
    binding = [d for d in decisions if d.kind != DecisionKind.HO_REPORT]
    who = {DecisionKind.RD_DECISION: "the Regional Director", DecisionKind.ALJ_DECISION: "the Administrative Law Judge", DecisionKind.BOARD_DECISION: "the Board"}
    if binding:
        last = binding[-1]
        if last.result == DecisionResult.SET_ASIDE:
            following = wording.next_election(election.sequence)
            if last.kind == DecisionKind.ALJ_DECISION:  # recommended until the Board acts or no exceptions are filed
                return (f"The Administrative Law Judge recommended on {long_date(last.issued_on)} that the election be "
                        f"set aside and {following} directed (subject to exceptions to the Board; 29 CFR 102.45(a), 102.48(a))")
            return f"Set aside by {who.get(last.kind, 'decision')} on {long_date(last.issued_on)}; {following} directed"
        return f"{DECIDED.get(last.result, last.result).capitalize()} ({who.get(last.kind, 'decision')}, {long_date(last.issued_on)})"
    if decisions:
        report = decisions[-1]
        return (f"The Hearing Officer recommended on {long_date(report.issued_on)} "
                f"{RECOMMENDED.get(report.result, report.result)}; the Regional Director has not yet ruled")
    if election.stage in (Stage.CLOSED, Stage.WITHDRAWN, Stage.DISMISSED, Stage.CERTIFIED, Stage.SET_ASIDE,
                          Stage.RERUN_DIRECTED, Stage.RUNOFF_DIRECTED):
        return wording.STAGE_NAMES[election.stage]
    # The "Stage" row already says where the election stands: the result is that nothing has decided it yet.
    return "Not yet decided: no certification or decision has issued"


def _unresolved_later(session: Any, tally: Tally) -> str | None:
    """"311 of the 416 were still unresolved when the hearing opened on April 25, 2024; how 416 became 311 is not in
    the public record" (the record says neither that the others were resolved nor how): from the latest hearing after ``tally`` whose opening gives the count of
    the challenged ballots set for hearing still unresolved (Hearing.challenges_unresolved); None without one."""
    hearing = session.exec(select(Hearing).where(Hearing.election_id == tally.election_id,
                                                 col(Hearing.challenges_unresolved).is_not(None),
                                                 col(Hearing.noticed_on) >= tally.prepared_on)
                           .order_by(col(Hearing.id).desc())).first()
    if hearing is None or hearing.challenges_unresolved is None or hearing.challenges_unresolved == tally.challenged:
        return None
    opened = f" on {long_date(hearing.opens_on)}" if hearing.opens_on and hearing.opening_date_public else ""
    return (f"{hearing.challenges_unresolved:,} of the {tally.challenged:,} were still unresolved when the hearing "
            f"opened{opened}; how {tally.challenged:,} became {hearing.challenges_unresolved:,} is not in the public record")


def determinative_reason(tally: Tally) -> str:
    """Why the tally's challenged ballots are or are not determinative (casefile.rules.determinative.why_determinative)."""
    return why_determinative(choices=[(n, v) for n, v in tally.votes], against=tally.against, challenged=tally.challenged,
                             determinative=tally.determinative, valid_plus_challenged=tally.valid_plus_challenged,
                             reachable=reachable_descriptions(tally))
