"""What the hearing acts share: the order setting objections (and challenged ballots) for
hearing — a Regional Director's notice of hearing or an order consolidating them with an
unfair-labor-practice case — and the look-ups of the election's objections and hearing."""

from __future__ import annotations

from datetime import date, time
from typing import Annotated, Any

from pydantic import Field
from sqlmodel import Session, col, select

from casefile.acts.base import ActIn, Flag, LegalDate, Line, Paragraph, PartyKey
from casefile.errors import AlreadyRecorded, UnknownRecord
from casefile.record.lookups import find_party, latest_tally, parties_in_words, parties_of
from casefile.record.models import Case, DocketEntry, Election, Hearing, Objection
from casefile.record.refs import RecordTable, Ref
from casefile.rules.calendar import long_date, time_of_day
from casefile.rules.chronology import Earlier
from casefile.rules.hearing import check_matters_for_hearing
from casefile.vocab import Disposition

#: An objection's number in its party's objections (1, 2, ... as filed).
ObjectionNumber = Annotated[int, Field(ge=1, le=10_000)]


class HearingOrder(ActIn):
    """The fields of an order setting a hearing (not an act by itself): ``date`` the order's
    issue date; ``opens_on`` the hearing's opening date; ``objections`` party handle → the
    numbers of its objections set for hearing (None: every pending objection); ``challenges``
    whether the determinative challenged ballots are set too; ``opens_at`` the opening time of day
    (at the office that has the case); ``issuer`` the Regional Director who signed it. What the public
    record lacks of it: ``date_public`` False, the order's date is not in it (``date`` is a date the record
    implies); ``objection_numbers_public`` False, which objections were set (by number) is not in it
    (``objections`` stand in for them: their count is the record's, their numbers are not); ``objections_set_public``
    False, neither which objections were set nor how many is in it (``objections``, or every pending one, stand in;
    the documents list and count none). How many challenged
    ballots were still unresolved when the hearing opened is the opening's fact (open-hearing's
    ``challenges_unresolved``), not the order's."""

    opens_on: LegalDate | None = None
    opens_at: time | None = None  # the time of day the hearing opens, at the office that has the case
    place: Line = ""
    presiding: Line = ""
    issuer: Line = ""  # the Regional Director who signed the order (its signature block)
    objections: dict[PartyKey, list[ObjectionNumber]] | None = Field(default=None, max_length=50)
    challenges: Flag = False
    date_public: Flag = True
    objection_numbers_public: Flag = True
    objections_set_public: Flag = True
    note: Paragraph = ""


def record_gaps(act: HearingOrder) -> dict[str, Any]:
    """The Hearing columns that say what the public record lacks of the order ``act`` (its date, the numbers
    of the objections it set): keyword arguments of Hearing."""
    return {"noticed_on_public": act.date_public,
            "objection_numbers_public": act.objection_numbers_public and act.objections_set_public,
            "objections_set_public": act.objections_set_public}


def pending_objections(session: Session, election: Election) -> list[Objection]:
    """The election's objections still undecided (pending or set for hearing), by party then number."""
    return list(session.exec(
        select(Objection).where(
            Objection.election_id == election.id,
            col(Objection.disposition).in_([Disposition.PENDING, Disposition.SET_FOR_HEARING]),
        ).order_by(col(Objection.party_id), col(Objection.number))
    ))


def set_for_hearing(session: Session, case: Case, election: Election, act: HearingOrder, *,
                    issued_on: date | None = None, what: str = "the order setting the hearing") -> list[int]:
    """Mark the objections ``act`` sets for hearing (every pending one when it names none) and
    check that the hearing has something to hear (R-I2) and that the order, issued on ``issued_on``,
    is not dated before the tally or the objections it sets (casefile.rules.chronology). Returns
    their ids. Raises UnknownRecord (field ``objections.<party>``) for an objection that is not
    pending, ProcedureError, OutOfOrder."""
    pending = pending_objections(session, election)
    if act.objections is None:
        chosen = pending
    else:
        parties = parties_of(session, case)
        keys = {p.id: p.key for p in parties}
        chosen = []
        for given, numbers in act.objections.items():
            if (named := find_party(parties, given)) is None:
                from casefile.validation import did_you_mean

                hint = did_you_mean(given, [name for p in parties for name in (p.key, p.name)])
                raise UnknownRecord(f"case {case.number} has no party {given!r}{hint} (parties: "
                                    f"{parties_in_words(parties)})", field=f"objections.{given}")
            party_key = named.key
            for i, number in enumerate(numbers):
                match = [o for o in pending if keys.get(o.party_id) == party_key and o.number == number]
                if not match:
                    raise UnknownRecord(f"no pending objection {number} of party {party_key!r} in election "
                                        f"{election.sequence}", field=f"objections.{given}.{i}")
                chosen.extend(match)
    tally = latest_tally(session, election)
    if issued_on is not None:
        from casefile.acts.chronology import objections_filed, refuse_if_before

        refuse_if_before(what, issued_on, [
            Earlier("the tally of ballots issued", tally.prepared_on if tally is not None else None),
            Earlier("the objections it sets for hearing were filed",
                    objections_filed(session, [o.id for o in chosen if o.id is not None]))])
    check_matters_for_hearing(objections=len(chosen), challenges=act.challenges,
                              determinative=bool(tally and tally.determinative))
    for objection in chosen:
        objection.disposition = Disposition.SET_FOR_HEARING
        session.add(objection)
    return [o.id for o in chosen]  # type: ignore[misc]


def check_opens_after_order(act: HearingOrder, issued_on: date) -> None:
    """The hearing cannot be set to open before the order that sets it (NotAllowedNow, field ``opens_on``)."""
    from casefile.acts.chronology import refuse_if_before

    if act.opens_on is not None:
        refuse_if_before("the hearing's opening", act.opens_on, [Earlier("the order setting it issued", issued_on)],
                         field="opens_on", verb="is set for")


def hearing_of(session: Session, ref: Ref | None) -> Hearing:
    """The hearing a docket entry's ``ref`` names."""
    hearing = session.get(Hearing, ref.id) if ref is not None and ref.table is RecordTable.HEARING else None
    if hearing is None:
        raise UnknownRecord(f"no hearing {ref}")
    return hearing


def current_hearing(session: Session, case: Case, election: Election) -> Hearing:
    """The election's latest hearing. Raises UnknownRecord."""
    hearing = session.exec(select(Hearing).where(Hearing.election_id == election.id)
                           .order_by(col(Hearing.id).desc())).first()
    if hearing is None:
        raise UnknownRecord(f"election {election.sequence} of {case.number} has no hearing noticed", field="election")
    return hearing


def check_same_order(case: Case, entry: DocketEntry, hearing: Hearing, act: HearingOrder, *,
                     ulp_cases: list[str] | None = None) -> None:
    """A retry of an order already recorded must say the same thing; else AlreadyRecorded (a
    corrected or amended order is its own act). The opening date is not compared: opening the
    hearing records the day it actually opened."""
    diffs = [f"{name}: {_words(recorded)} → {_words(given)}" for name, recorded, given in (
        ("place", hearing.place, act.place), ("presiding", hearing.presiding, act.presiding),
        ("opening time", hearing.opens_at, act.opens_at),
        ("issued by", hearing.issuer, act.issuer),
        ("challenged ballots set for hearing", hearing.challenges_set, act.challenges),
        ("date public", hearing.noticed_on_public, act.date_public),
        ("objection numbers public", hearing.objection_numbers_public,
         act.objection_numbers_public and act.objections_set_public),
        ("objections set public", hearing.objections_set_public, act.objections_set_public),
        ("unfair labor practice cases", list(hearing.ulp_cases),
         list(hearing.ulp_cases) if ulp_cases is None else ulp_cases),
    ) if recorded != given]
    if diffs:
        raise AlreadyRecorded(f"{case.number}: the order of {long_date(entry.occurred_on)} is already recorded with "
                              f"other terms (recorded → given: {'; '.join(diffs)}); an amended order is its own act")


def _words(value: Any) -> str:
    """A term of a hearing order in words: text quoted, yes or no, a list joined, "none given" for nothing."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None or value == "" or value == []:
        return "none given"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if isinstance(value, time):
        return time_of_day(value)
    return f"“{value}”" if isinstance(value, str) else str(value)
