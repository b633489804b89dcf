"""File a party's offer of proof separately from its objections, after the Regional Director extended
the time to file it.

The offer of proof is due with the objections, 5 business days after the tally (102.69(a)(8)); only
it, not the objections, may be extended by the Regional Director on a party's request showing good
cause (R-G5). It names each witness the party would call and summarizes each one's testimony
(102.66(c)), goes to the Regional Director only and is not served on the other parties (R-G7). Real
case: Amazon filed its objections to the JFK8 election on April 8, 2022 and its evidence on April 22
(examples/amazon-jfk8-29-RC-288020.yaml).
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, Literal

from pydantic import Field
from sqlmodel import Session, select

from casefile.acts.base import Done, Flag, Issue, Who, again, content_key, election_for, recorded, ref_id
from casefile.acts.file_objections import WitnessIn, check_witnesses_public
from casefile.acts.party_filing import (
    PartyFilingIn,
    deadline_zone,
    filings_of,
    governing_deadline,
    judge,
    receipt_words,
    received_by,
    received_on_at,
    store_filing,
)
from casefile.documents.kinds.offer_of_proof import OfferOfProof
from casefile.errors import ProcedureError, UnknownRecord
from casefile.record.authority import Whose
from casefile.record.deadlines import offer_period_for, offer_period_on_objections
from casefile.record.lookups import deadline_of, get_party, parties_of
from casefile.record.models import Case, Deadline, Election, Filing, Objection, Party
from casefile.record.refs import RecordTable, Ref, ref_to
from casefile.record.workflow import docket, require_stage
from casefile.rules.calendar import long_date
from casefile.rules.chronology import Earlier
from casefile.rules.stages import WITHIN_PERIOD, accepted_at
from casefile.vocab import Actor, DeadlineKind, DeadlineStatus, FilingKind

#: Stages in which a party's objections are still before the Regional Director (an offer of proof
#: after a hearing was noticed or a decision issued is no longer the offer that decides it, R-I1/R-I2) — and
#: those the Region reached on another party's objections while this party's period still runs (WITHIN_PERIOD:
#: objections filed then come with their offer, 102.69(a)(8)).
OFFER_STAGES = accepted_at("file-offer-of-proof")
#: The stages of the election the act is on (the latest) at which perform() accepts it (require_stage below);
#: the web and the API offer the act only then (casefile.acts.allowed_now).
STAGES = OFFER_STAGES


class FileOfferOfProof(PartyFilingIn):
    """The offer of proof as filed: ``party`` the objecting party, ``witnesses`` [{``objection``
    (the number of the party's objection the witness supports), ``witness``, ``summary`` of the
    expected testimony}]; ``at``/``date`` its receipt by the Regional Office. ``witnesses_public``
    False: the record has the offer but not its witnesses (a record copy: an offer is confidential to
    the Region), and ``witnesses`` is then empty; True (the default) requires at least one witness."""

    act: Literal["file-offer-of-proof"] = "file-offer-of-proof"
    WHOSE: ClassVar[Whose] = Whose.offer_of_proof("party")
    witnesses: list[WitnessIn] = Field(default_factory=list, max_length=2000)
    witnesses_public: Flag = True


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """The Offer of Proof (confidential: the Regional Director only), about the objections it supports."""
    offer = session.get(Filing, ref_id(ref, RecordTable.FILING))
    if offer is None or offer.accompanies_id is None:
        raise UnknownRecord(f"no offer of proof {ref}")
    return (Issue(OfferOfProof, offer.accompanies_id),)


def objections_of_party(session: Session, case: Case, election: Election, party: Party) -> list[Filing]:
    """The objections filings of ``party`` in ``election``, in the order received: the offer of proof
    and its period belong to the objecting party. Raises ProcedureError (field ``party``) when the
    party filed none. Authority: 29 CFR 102.69(a)(8)."""
    objections = filings_of(session, election, FilingKind.OBJECTIONS, party=party)
    if not objections:
        raise ProcedureError(f"{party.name} filed no objections in election {election.sequence} of {case.number}: an "
                             "offer of proof supports a party's objections (102.69(a)(8))", field="party")
    return objections


def offer_of_proof_check(session: Session, case: Case, election: Election, party: Party) -> Filing:
    """The objections filing an offer of proof of ``party`` would accompany: the party's latest in
    ``election`` (objections_of_party), which must not have its offer already. Raises ProcedureError
    (field ``party``). The rule perform() and allowed_now() apply. Authority: 29 CFR 102.69(a)(8)."""
    supported = objections_of_party(session, case, election, party)[-1]
    if session.exec(select(Filing.id).where(Filing.accompanies_id == supported.id,
                                            Filing.kind == FilingKind.OFFER_OF_PROOF)).first() is not None:
        raise ProcedureError(f"{party.name}'s objections received {long_date(supported.received_on)} already have their "
                             "offer of proof", field="party")
    return supported


def offer_period(session: Session, case: Case, election: Election, party: Party, supported: Filing) -> Deadline:
    """The period an offer of proof of ``party`` supporting its objections ``supported`` is judged against:
    the party's own offer-of-proof period (each objecting party owes its own, and an order extends only the
    period of the party that asked: casefile.rules.offer_of_proof), opened now when the record has none
    for it (objections recorded before periods were the party's); for objections to a revised tally, their
    own period (the offer is due with them, 102.69(e)). Raises ProcedureError (field ``election``) when the
    record holds no period at all. Authority: 29 CFR 102.69(a)(8), (e); rules.md R-G4, R-G5."""
    objections = session.get(Deadline, supported.deadline_id) if supported.deadline_id is not None else None
    if objections is not None and objections.kind is DeadlineKind.REVISED_TALLY_OBJECTIONS:
        return objections
    own = offer_period_for(session, election, party.key)
    if own is not None:
        return own
    if objections is not None and (opened := offer_period_on_objections(
            session, case=case, election=election, party_key=party.key, objections=objections)) is not None:
        return opened
    return governing_deadline(session, case, election, FilingKind.OFFER_OF_PROOF)


def allowed_now(session: Session, case: Case, as_of: datetime | None = None, *, party: Party | None = None) -> bool:
    """Whether ``party`` (else some party) may file an offer of proof in the latest election now: the
    election at one of STAGES and the party's objections without their offer (offer_of_proof_check,
    which perform() applies)."""
    try:
        election = election_for(session, case, None, lock=False)
    except UnknownRecord:
        return False
    if election.stage not in STAGES:
        return False
    for who in [party] if party is not None else parties_of(session, case):
        if election.stage in WITHIN_PERIOD:  # the Region acted on earlier objections: only in the party's own period
            period = offer_period_for(session, election, who.key) or deadline_of(session, election, DeadlineKind.OFFER_OF_PROOF)
            if period is None or period.status is not DeadlineStatus.OPEN or (as_of is not None and period.cutoff_at < as_of):
                continue
        try:
            offer_of_proof_check(session, case, election, who)
        except ProcedureError:
            continue
        return True
    return False


def perform(session: Session, act: FileOfferOfProof, *, case: Case, as_of: datetime, by: Who) -> Done:
    """File the offer of proof in support of the party's objections.

    The party must have filed objections in the election; the offer accompanies its latest
    objections filing (``Filing.accompanies_id``), which must not have one already, and each witness
    is offered on one of the party's objection numbers. Timeliness against the stored offer-of-proof
    deadline of the party (offer_period: its own; due with the objections, or the date an order extended
    it to on its request: R-G5; 11:59 p.m. at the
    office that was to receive it; paper postmarked the day before counts, 102.2(b)). The election's
    objections must still be before the Regional Director (objections-pending, challenge-investigation
    or revised-tally-issued); the stage does not move. Confidential, served on no one (R-G7).
    The witnesses are stored as the Filing's body; an offer whose witnesses are not in the record
    (``witnesses_public`` False) is stored with an empty body, which no other offer has.
    Idempotent on (election, party, witnesses). Raises BadInput (no witness, or witnesses given with
    ``witnesses_public`` False), UntimelyFiling, ProcedureError (no objections;
    an offer already filed with them; a witness on an objection it does not support), IllegalTransition,
    UnknownRecord. Authority: 29 CFR 102.69(a)(8), 102.66(c), 102.2(b), (c); rules.md R-G4, R-G5, R-G7.
    """
    election = election_for(session, case, act.election)
    party = get_party(session, case, act.party)
    check_witnesses_public(act.witnesses, act.witnesses_public, field="witnesses", required=True)
    witnesses = [w.model_dump() for w in act.witnesses]
    key = content_key(f"offer-of-proof:e{election.sequence}:{party.key}", witnesses)
    if (entry := recorded(session, case, key)) is not None:
        return again(entry, act.act, issues(session, entry.ref))
    supported = offer_of_proof_check(session, case, election, party)
    # The offer supports the objections it accompanies (its document lists them and only them): a witness on
    # another of the party's objections belongs to that filing's own offer.
    numbers = set(session.exec(select(Objection.number).where(Objection.filing_id == supported.id)).all())
    for i, w in enumerate(act.witnesses):
        if w.objection not in numbers:
            raise ProcedureError(f"witness {w.witness!r} is offered on objection {w.objection}, which is not among the "
                                 f"objections this offer of proof supports ({party.name}'s objections received "
                                 f"{long_date(supported.received_on)}: {', '.join(str(n) for n in sorted(numbers))}; "
                                 "102.66(c), 102.69(a)(8))", field=f"witnesses.{i}.objection")
    deadline = offer_period(session, case, election, party, supported)
    received_on = received_on_at(act, deadline_zone(deadline), as_of)
    timeliness = judge(case, deadline, act, what=f"offer of proof of {party.name}", received_on=received_on,
                       earlier=[Earlier("the objections it supports were received", supported.received_on,
                                        supported.received_at)])
    require_stage(election, "filing an offer of proof", STAGES)
    offer = store_filing(session, case, election, party, kind=FilingKind.OFFER_OF_PROOF, act=act, received_on=received_on,
                         deadline=deadline, timeliness=timeliness, body=witnesses, served=[], confidential=True,
                         accompanies_id=supported.id)
    n = len(act.witnesses)
    counted = f"{n} witness{'es' if n != 1 else ''}" if n else "its witnesses not in the record"
    summary = (f"Offer of proof of {party.name} ({counted}) in support of its objections received "
               f"{long_date(supported.received_on)}; {receipt_words(act.nlrb, act.at, received_on, tz=deadline_zone(deadline))}"
               f"{received_by(case, deadline)}; "
               "confidential: to the Regional Director only (102.69(a)(8))")
    entry = docket(session, case.id, election_id=election.id, as_of=as_of, occurred_on=received_on,  # type: ignore[arg-type]
                   act=act.docket_act, act_key=key, actor=Actor.PARTY, summary=summary, ref=ref_to(offer))
    assert entry.id is not None
    return Done(act=act.act, ref=entry.ref, entry_id=entry.id, issue=issues(session, entry.ref), summary=summary)
