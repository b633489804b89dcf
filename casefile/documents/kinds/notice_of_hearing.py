"""D6 Notice of Hearing on Objections (and Challenged Ballots): the Regional Director's notice setting
objections and determinative challenged ballots for hearing (R-I2, R-I3, R-J1–R-J4), from the Hearing row."""

from __future__ import annotations

from datetime import date, datetime
from typing import Self
from zoneinfo import ZoneInfo

from pydantic import AwareDatetime, Field, model_validator
from sqlmodel import col, select

from casefile.documents.base import Built, RecordDocument
from casefile.documents.parts import (
    Count,
    DateOrPlaceholder,
    DocumentContext,
    Issuance,
    ObjectionItem,
    ServiceEntry,
    Signature,
    placeholder,
)
from casefile.documents.record_view import CaseRecord, notes, plain_notes
from casefile.errors import ProcedureError
from casefile.record.models import Election, Filing, Hearing
from casefile.rules.hearing import briefs_as_of_right
from casefile.vocab import Actor, DocumentKind, FilingKind


class NoticeOfHearingContext(DocumentContext):
    """D6 Notice of Hearing on Objections (and Challenged Ballots) (R-I2, R-I3, R-J1–R-J4)."""

    tally_prepared_on: date
    objections_filed_on: date | None
    objections_set: tuple[ObjectionItem, ...] = ()
    # False: which objections were set, and how many, is not in the public record: ``objections_set`` stand in, unlisted
    objections_set_public: bool = True
    objections_overruled: tuple[ObjectionItem, ...] = ()  # overruled without a hearing, with reasons
    challenged_ballots_set: Count | None = None  # determinative challenged ballots set for hearing
    hearing_opens_on: DateOrPlaceholder
    hearing_opens_at: AwareDatetime | None = None  # the opening instant, when the time is known too
    place: str
    hearing_officer: str | None = None  # None: to be designated
    briefs_as_of_right: bool = False  # True for petitions filed 2020-05-31 … 2023-12-25 (R-A1)
    signature: Signature
    service: tuple[ServiceEntry, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _something_set(self) -> Self:
        if not self.objections_set and not self.challenged_ballots_set:
            raise ProcedureError("a notice of hearing must set objections or challenged ballots for hearing (29 CFR 102.69(c)(1)(ii))")
        if self.hearing_opens_at is not None and self.hearing_opens_at.date() != self.hearing_opens_on:
            raise ProcedureError(
                f"hearing opens at {self.hearing_opens_at.isoformat()}, which is not on the opening date {self.hearing_opens_on}"
            )
        return self


class NoticeOfHearing(RecordDocument):
    """The Notice of Hearing, from the Hearing row its act made."""

    kind = DocumentKind.NOTICE_OF_HEARING
    context = NoticeOfHearingContext
    record = Hearing
    record_name = "hearing"

    @classmethod
    def title_from(cls, context: NoticeOfHearingContext) -> str:
        """"Notice of Hearing on Objections", "... on Challenged Ballots", "... on Objections and Challenged Ballots"."""
        subjects = []
        if context.objections_set:
            subjects.append("Objections")
        if context.challenged_ballots_set:
            subjects.append("Challenged Ballots")
        return "Notice of Hearing on " + " and ".join(subjects)

    @classmethod
    def build(cls, rec: CaseRecord, hearing: Hearing) -> Built:
        election = rec.election(hearing.election_id)
        tally = rec.latest_tally(election)
        # the notice's date as the record holds it: none printed when it is not public (dated line and service alike)
        dated = hearing.noticed_on if hearing.noticed_on_public else placeholder("the notice's date")
        ctx = NoticeOfHearingContext(
            caption=rec.caption(), issuance=Issuance(issued_on=dated, issuer_title="Regional Director"),
            tally_prepared_on=tally.prepared_on, objections_filed_on=_first_objections_on(rec, election),
            objections_set=rec.objection_items(rec.objections_of(election, ids=list(hearing.objections_set))),
            objections_set_public=hearing.objections_set_public,
            challenged_ballots_set=tally.challenged if hearing.challenges_set else None,
            hearing_opens_on=hearing.noticed_opens_on or hearing.opens_on or placeholder("date the hearing opens"),
            hearing_opens_at=_opening_instant(rec, hearing),
            place=hearing.place or placeholder("place of hearing"), hearing_officer=hearing.presiding or None,
            briefs_as_of_right=briefs_as_of_right(rec.case.rule_set_id),
            signature=rec.rd_signature(hearing.issuer, on=hearing.noticed_on),
            service=rec.service(on=dated), record_notes=notes(hearing.uncertain) + plain_notes(hearing.note),
        )
        return Built(ctx, hearing.noticed_on, "Regional Director", Actor.REGIONAL_DIRECTOR, election.id)


def _first_objections_on(rec: CaseRecord, election: Election) -> date | None:
    first = rec.session.exec(select(Filing).where(Filing.election_id == election.id, Filing.kind == FilingKind.OBJECTIONS)
                             .order_by(col(Filing.received_on))).first()
    return first.received_on if first else None


def _opening_instant(rec: CaseRecord, hearing: Hearing) -> datetime | None:
    """The instant the notice sets the hearing to open: its date at its time of day in the zone of the office
    that has the case; None when the record lacks either."""
    opens_on = hearing.noticed_opens_on or hearing.opens_on  # the notice's date, whatever a postponement did since
    if opens_on is None or hearing.opens_at is None:
        return None
    return datetime.combine(opens_on, hearing.opens_at, tzinfo=ZoneInfo(rec.office.tz))
