"""File a party's objections to the conduct of the election (or conduct affecting its results),
with the offer of proof that goes to the Regional Director only.

Objections are due within 5 business days after the tally (29 CFR 102.69(a)(8)); the period
cannot be extended (R-G6). A party may file supplemental objections within the period: they are
numbered on from its earlier ones.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar, Literal

from pydantic import Field
from sqlmodel import Session, func, select

from casefile.acts.base import (
    ActIn,
    Done,
    FiledIn,
    Flag,
    Issue,
    LegalDate,
    Paragraph,
    PartyKey,
    Prose,
    Strict,
    Text,
    Who,
    again,
    content_key,
    election_for,
    recorded,
    ref_id,
)
from casefile.acts.chronology import filed_before
from casefile.acts.party_filing import deadline_zone, receipt_words, received_by, received_on_at, stored_deadline
from casefile.acts.service import ServiceIn, record_service
from casefile.documents.kinds.objections import Objections
from casefile.documents.kinds.offer_of_proof import OfferOfProof
from casefile.errors import BadInput, ProcedureError
from casefile.gaps import Gap
from casefile.record.authority import Whose
from casefile.record.deadlines import close_open_deadlines, offer_period_on_objections
from casefile.record.lookups import deadline_of, get_party, latest_tally
from casefile.record.models import Case, Deadline, Filing, Objection
from casefile.record.refs import RecordTable, Ref, ref_to
from casefile.record.workflow import advance, docket, require_stage
from casefile.rules.stages import WITHIN_PERIOD, Facts, Guard, accepted_at, next_stage
from casefile.rules.timeliness import judge_filing
from casefile.vocab import (
    Actor,
    DeadlineKind,
    DeadlineStatus,
    DocketActName,
    FilingKind,
    FilingMethod,
    NlrbFiling,
    Stage,
    TallyKind,
)

#: The document the filing's certificate of service is part of.
SERVED_AS = "Objections"


class WitnessIn(Strict):
    """One witness of an offer of proof: the objection (by its number) the witness supports,
    whom, and a summary of the expected testimony (102.66(c))."""

    objection: int = Field(ge=1, le=10_000, strict=True)
    witness: Text
    summary: Prose


def check_witnesses_public(witnesses: list[WitnessIn], public: bool, *, field: str, required: bool) -> None:
    """The one rule of ``witnesses_public`` for every act that files an offer of proof (file-offer-of-proof,
    file-objections' offer): False means the record has the offer but not its witnesses (an offer is
    confidential to the Region), so none may be given; True with ``required`` (a separate offer) needs one
    (102.66(c)). Raises BadInput naming ``field``."""
    if not public and witnesses:
        raise BadInput("witnesses_public is false: the offer's witnesses are not in the record, so none is given",
                       field=field)
    if public and required and not witnesses:
        raise BadInput("an offer of proof names at least one witness (102.66(c)); only an offer whose witnesses are not "
                       "in the record (witnesses_public false) names none", field=field)


class FileObjections(ActIn, FiledIn):
    """A party's objections as filed: ``objections`` are the numbered objections' statements;
    ``at`` the instant the Region received them (when the record has only the date, give ``date``
    and timeliness is judged by the date); ``offer_of_proof`` the witnesses (confidential).
    ``witnesses_public`` False: an offer of proof came with the objections but its witnesses are not in
    the record (``offer_of_proof`` then empty), as in file-offer-of-proof."""

    act: Literal["file-objections"] = "file-objections"
    WHOSE: ClassVar[Whose] = Whose.party("party", sealed=("offer_of_proof",), staff=True)
    party: PartyKey
    objections: list[Prose] = Field(min_length=1, max_length=500)
    method: FilingMethod = FilingMethod.E_FILING
    postmarked_on: LegalDate | None = None  # paper filings: the postmark or delivery-service date
    offer_of_proof: list[WitnessIn] = Field(default_factory=list, max_length=2000)
    witnesses_public: Flag = True
    note: Paragraph = ""
    service: list[ServiceIn] | None = Field(default=None, max_length=200)  # None: e-mail to each other party's counsel


SUBMITTABLE = accepted_at("file-objections")
#: The stages of the election the act is on (the latest) at which perform() accepts it (require_stage below);
#: the web and the API offer the act only then (allowed_now: at the stages the Region reached on earlier
#: objections, only while the period runs).
STAGES = SUBMITTABLE
#: Where the act is accepted only while the objection period runs (the Region acted on earlier objections).
_WHILE_RUNNING = WITHIN_PERIOD | {Stage.RD_DECISION}


def period_running(session: Session, election: Any, as_of: datetime | None) -> Deadline | None:
    """The objection period of ``election``'s latest (revised) tally when it is still running at ``as_of``
    (open, its cut-off not passed; no ``as_of``: open), else None. Authority: 29 CFR 102.69(a)(8), (e)."""
    tally = latest_tally(session, election)
    kind = DeadlineKind.REVISED_TALLY_OBJECTIONS if tally is not None and tally.kind is TallyKind.REVISED \
        else DeadlineKind.OBJECTIONS
    deadline = deadline_of(session, election, kind)
    if deadline is None or deadline.status is not DeadlineStatus.OPEN:
        return None
    return deadline if as_of is None or deadline.cutoff_at >= as_of else None


def allowed_now(session: Session, case: Case, as_of: datetime | None = None) -> bool:
    """Whether objections may be filed now in the case's latest election: at a stage of STAGES, and — where the
    Region already acted on earlier objections (a hearing noticed, the case consolidated, a decision issued) —
    only while the objection period runs: a party's 5 business days are its own, whatever the Region did
    first (29 CFR 102.69(a)(8), (c)(1); casefile.rules.stages.WITHIN_PERIOD)."""
    from sqlmodel import col

    from casefile.record.models import Election

    latest = session.exec(select(Election).where(Election.case_id == case.id)
                          .order_by(col(Election.sequence).desc())).first()
    if latest is None or latest.stage not in STAGES:
        return False
    return latest.stage not in _WHILE_RUNNING or period_running(session, latest, as_of) is not None


def refusal_now(session: Session, case: Case, as_of: datetime | None = None) -> str:
    """Why allowed_now refuses objections at a stage the table accepts them at, in words (a clause for
    casefile.rules.stage_words.guard_refusal): the objection period ended, with its last day — objections are
    not filed late nor their time extended (29 CFR 102.69(a)(8), 102.2(d); rules.md R-G6)."""
    from sqlmodel import col

    from casefile.record.models import Election

    latest = session.exec(select(Election).where(Election.case_id == case.id)
                          .order_by(col(Election.sequence).desc())).first()
    if latest is None:
        return ""
    tally = latest_tally(session, latest)
    kind = DeadlineKind.REVISED_TALLY_OBJECTIONS if tally is not None and tally.kind is TallyKind.REVISED \
        else DeadlineKind.OBJECTIONS
    period = deadline_of(session, latest, kind)
    if period is None:
        return f"election {latest.sequence} has no objection period in the record"
    day = period.due_on
    from casefile.rules.calendar import weekday_date

    return (f"the objection period ended on {weekday_date(day)}: objections cannot be filed late nor "
            "their time extended (29 CFR 102.69(a)(8), 102.2(d))")


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """The objections with their certificate of service, and the offer of proof when one was filed."""
    filing = session.get(Filing, ref_id(ref, RecordTable.FILING))
    assert filing is not None and filing.id is not None
    offer = offer_with(session, filing)
    return (Issue(Objections, filing.id),) + ((Issue(OfferOfProof, filing.id),) if offer else ())


def offer_with(session: Session, filing: Filing) -> Filing | None:
    """The offer of proof filed with the objections ``filing``, or None."""
    return session.exec(select(Filing).where(Filing.accompanies_id == filing.id,
                                             Filing.kind == FilingKind.OFFER_OF_PROOF)).first()


def perform(session: Session, act: FileObjections, *, case: Case, as_of: datetime, by: Who) -> Done:
    """File the objections (and offer of proof) in the election's objection period.

    Timeliness first, against the stored objections deadline (R-G3, R-B9: 11:59 p.m. in the
    receiving office's zone on the 5th business day after the tally; cannot be extended, R-G6).
    Then the stage: tally-issued or objections-pending (or a stage the sweep moved to before a
    timely filing was recorded, which the filing takes back to objections-pending). The objections
    are served on every other party; the offer of proof goes to the Regional Director only (R-G7).
    Idempotent on (election, party, content). Raises UntimelyFiling, IllegalTransition,
    ProcedureError, UnknownRecord. Authority: 29 CFR 102.69(a)(8); 102.2(a),(b); 102.5.
    """
    election = election_for(session, case, act.election)
    party = get_party(session, case, act.party)
    check_witnesses_public(act.offer_of_proof, act.witnesses_public, field="offer_of_proof", required=False)
    key = content_key(f"objections:e{election.sequence}:{party.key}", act.objections,
                      [w.model_dump() for w in act.offer_of_proof] + ([] if act.witnesses_public else ["witnesses not public"]))
    if (entry := recorded(session, case, key)) is not None:
        return again(entry, act.act, issues(session, entry.ref))
    earlier = session.exec(select(func.max(Objection.number)).where(
        Objection.election_id == election.id, Objection.party_id == party.id)).one() or 0
    numbers = range(earlier + 1, earlier + len(act.objections) + 1)
    for i, w in enumerate(act.offer_of_proof):
        if w.objection not in numbers:
            these = (f"these objections are numbered {numbers.start} to {numbers.stop - 1}" if len(numbers) > 1
                     else f"this objection is numbered {numbers.start}")
            if earlier:  # supplemental objections are numbered on from the party's earlier ones
                these = (f"these supplemental objections are numbered {numbers.start} to {numbers.stop - 1}"
                         if len(numbers) > 1 else f"this supplemental objection is numbered {numbers.start}")
                these += (f" (objection{'s 1 to ' if earlier > 1 else ' '}{earlier} filed earlier: offer witnesses on "
                          "them with the offer-of-proof act)")
            raise ProcedureError(
                f"offer of proof: witness {w.witness!r} is offered on objection {w.objection}, but {these} "
                "(102.69(a)(8), 102.66(c))", field=f"offer_of_proof.{i}.objection")
    tally = latest_tally(session, election)
    kind = DeadlineKind.REVISED_TALLY_OBJECTIONS if tally is not None and tally.kind is TallyKind.REVISED \
        else DeadlineKind.OBJECTIONS
    deadline = deadline_of(session, election, kind)
    if deadline is None:
        raise ProcedureError(f"election {election.sequence} of {case.number} has no objection period open")
    # dated where it is received: the office the period is with (after a transfer, the one it stayed with)
    received_on = received_on_at(act, deadline_zone(deadline), as_of)
    filed_before(f"objections of {party.name}", received_on, deadline, at=act.at)
    timeliness = judge_filing(stored_deadline(case, deadline), what=f"objections of {party.name}",
                              received_on=received_on, received_at=act.at, method=act.method,
                              postmarked_on=act.postmarked_on, extendable=False)
    require_stage(election, "filing objections", STAGES, name="file-objections")
    filing = Filing(
        case_id=case.id, election_id=election.id, party_id=party.id, kind=FilingKind.OBJECTIONS,  # type: ignore[arg-type]
        received_at=act.at, received_on=received_on, method=act.method, deadline_id=deadline.id, timely=True,
        timeliness_note=timeliness.note, note=act.note, uncertain=act.uncertain, **act.in_record(),
    )
    session.add(filing)
    session.flush()
    warnings: tuple[str | Gap, ...] = record_service(session, case, filing, party, service=act.service, document=SERVED_AS)
    for number, statement in zip(numbers, act.objections, strict=True):
        session.add(Objection(election_id=election.id, filing_id=filing.id, party_id=party.id,  # type: ignore[arg-type]
                              number=number, text=statement))
    # the offer of proof is this party's to file: its own period, opened (or the tally's made its own) now (102.69(a)(8))
    offer_deadline = offer_period_on_objections(session, case=case, election=election, party_key=party.key,
                                                objections=deadline)
    if act.offer_of_proof or not act.witnesses_public:  # an offer whose witnesses are not in the record: empty body
        offer = Filing(
            case_id=case.id, election_id=election.id, party_id=party.id, kind=FilingKind.OFFER_OF_PROOF,  # type: ignore[arg-type]
            accompanies_id=filing.id, received_at=act.at, received_on=received_on, method=act.method,
            deadline_id=offer_deadline.id if offer_deadline is not None else deadline.id,
            timely=True, timeliness_note=timeliness.note, confidential=True, nlrb=act.nlrb,
            body=[{"objection": w.objection, "witness": w.witness, "summary": w.summary} for w in act.offer_of_proof],
            note="Confidential: submitted to the Regional Director only, not served on other parties (102.69(a)(8)).",
        )
        session.add(offer)
        session.flush()
        record_service(session, case, offer, party, service=None, document="Offer of Proof")  # filed with the Region only
    if act.nlrb is NlrbFiling.E_FILED:  # prepared only: before no one, it moots and moves nothing (confirm-efiling does)
        close_open_deadlines(session, election, {DeadlineKind.EARLIEST_CERTIFICATION}, status=DeadlineStatus.MOOTED,
                             as_of=as_of, on=received_on, closed_at=act.at)  # objections filed: no certification forthwith (R-H1)
    n = len(act.objections)
    what = "Supplemental objections" if earlier else "Objections"
    summary = (f"{what} of {party.name} ({n} objection{'s' if n != 1 else ''}, nos. {numbers.start}–{numbers.stop - 1})"
               if n > 1 else f"{what} of {party.name} (objection no. {numbers.start})")
    summary += f" {receipt_words(act.nlrb, act.at, received_on, tz=deadline_zone(deadline))}{received_by(case, deadline)}"
    # the table's move (casefile.rules.stages): the period is running (timeliness judged above); at a stage the Region
    # reached on earlier objections the filing joins those pending, after a decision it is undecided again
    to = next_stage("file-objections", election.stage, Facts(), given=(Guard.PERIOD_RUNNING,))
    if to is not None and to is not election.stage and act.nlrb is NlrbFiling.E_FILED:
        entry = advance(session, election, to, as_of=as_of, occurred_on=received_on,
                        act=DocketActName.FILE_OBJECTIONS, act_key=key, actor=Actor.PARTY, summary=summary, ref=ref_to(filing))
    else:
        entry = docket(session, case.id, election_id=election.id, as_of=as_of, occurred_on=received_on,  # type: ignore[arg-type]
                       act=DocketActName.FILE_OBJECTIONS, act_key=key, actor=Actor.PARTY, summary=summary, ref=ref_to(filing))
    assert entry.id is not None
    if not act.offer_of_proof and act.witnesses_public and kind is DeadlineKind.OBJECTIONS:  # no offer came with them
        warnings = (*warnings, *_offer_still_due(case, offer_deadline))
    elif act.witnesses_public:
        warnings = (*warnings, *_objections_without_witness(case, numbers, {w.objection for w in act.offer_of_proof}))
    return Done(act=act.act, ref=entry.ref, entry_id=entry.id, issue=issues(session, entry.ref), summary=summary,
                warnings=warnings)


def _objections_without_witness(case: Case, numbers: range, offered: set[int]) -> tuple[str, ...]:
    """The warning of a live case's offer of proof that names no witness for some of the objections
    filed with it: the offer is to describe the evidence supporting the objections, the witnesses and
    what each would testify to (29 CFR 102.69(a)(8)); an objection it does not support may be
    overruled without a hearing (102.69(c)(1)(i), R-I1). Nothing when every objection has one."""
    from casefile.record.people import is_record_copy
    from casefile.vocab import counted

    missing = [n for n in numbers if n not in offered]
    if not missing or is_record_copy(case):
        return ()
    which = (f"objection {missing[0]}" if len(missing) == 1
             else "objections " + ", ".join(str(n) for n in missing[:-1]) + f" and {missing[-1]}")
    return (f"the offer of proof names no witness for {which} (it names witnesses for "
            f"{counted(len(numbers) - len(missing), 'objection')} of {len(numbers)}): it is to describe the evidence "
            "supporting the objections (29 CFR 102.69(a)(8)), and an objection it does not support may be overruled "
            "without a hearing (102.69(c)(1)(i)); add the witnesses with \"File an offer of proof\"",)


def _offer_still_due(case: Case, offer: Deadline | None) -> tuple[str, ...]:
    """The warning of a live case's objections filed without their offer of proof: the offer is due
    with the objections unless the Regional Director extends its time (29 CFR 102.69(a)(8)); ``offer``
    the objecting party's own period (its date, extended or not)."""
    from casefile.record.people import is_record_copy

    if is_record_copy(case):
        return ()
    from casefile.rules.calendar import long_date

    due = f" (due {long_date(offer.due_on)})" if offer is not None else ""
    return (f"no offer of proof was filed with these objections: it is due with them{due}; file it with "
            "\"File an offer of proof\" (casefile objections offer-of-proof) or ask the Regional Director to extend its "
            "time (29 CFR 102.69(a)(8))",)

