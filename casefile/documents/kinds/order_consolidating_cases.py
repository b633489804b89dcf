"""The Regional Director's Order Consolidating Cases and Notice of Hearing: the objections (and the
determinative challenged ballots) of a representation case set for hearing with an unfair labor practice
case before an Administrative Law Judge (R-I4; 29 CFR 102.69(c)(1)(ii), (c)(2)), from the Hearing row the
consolidate-with-ulp act made (``before_alj``)."""

from __future__ import annotations

from datetime import date

from pydantic import Field
from sqlmodel import col, select

from casefile.documents.base import Built, RecordDocument
from casefile.documents.parts import (
    DateOrPlaceholder,
    DocumentContext,
    Facts,
    Issuance,
    ObjectionItem,
    Review,
    ServiceEntry,
    Signature,
    placeholder,
)
from casefile.documents.record_view import CaseRecord, notes, plain_notes
from casefile.errors import UnknownRecord
from casefile.record.models import Election, Filing, Hearing, Objection
from casefile.vocab import Actor, DocumentKind, FilingKind


class ObjectionsFiled(Facts):
    """Who filed objections and on which date (the order's first paragraph)."""

    party: str  # "the Petitioner, Retail, Wholesale and Department Store Union"
    filed_on: date
    date_public: bool = True  # False: the public record does not show the day (recorded on the last day of the period)


class ObjectionsCounted(Facts):
    """How many of a party's objections the order set for hearing, of how many it filed, when the record has the
    counts but not which objections they are (``objection_numbers_public`` False)."""

    filer_label: str  # "Petitioner"
    count: int = Field(ge=1)
    of: int = Field(ge=1)


class OrderConsolidatingCasesContext(DocumentContext):
    """The consolidation order: the tally, the objections filed (by whom, when), the unfair labor practice
    cases it joins (``ulp_cases``, each a case number or a placeholder), the objections set for hearing with
    their filer, whether the challenged ballots are set too, the hearing's opening, place and judge, and
    whether Board review lies (the rules' answer: what follows the judge's decision)."""

    tally_prepared_on: date
    objections_filed: tuple[ObjectionsFiled, ...] = ()
    ulp_cases: tuple[str, ...] = Field(min_length=1)
    objections_set: tuple[ObjectionItem, ...] = ()
    # which objections were set is not in the record, only how many of each party's: the counts instead of the list
    objections_counted: tuple[ObjectionsCounted, ...] = ()
    challenges_set: bool = False
    # (how many challenged ballots were still unresolved when the hearing opened is the opening's fact, not the order's)
    hearing_opens_on: DateOrPlaceholder
    place: str
    judge: str | None = None  # None: to be designated by the Chief Administrative Law Judge
    review: Review
    signature: Signature
    service: tuple[ServiceEntry, ...] = Field(min_length=1)


class OrderConsolidatingCases(RecordDocument):
    """The Order Consolidating Cases and Notice of Hearing, from the Hearing row (before an Administrative Law Judge)."""

    kind = DocumentKind.ORDER_CONSOLIDATING_CASES
    context = OrderConsolidatingCasesContext
    record = Hearing
    record_name = "hearing"
    name = "Order Consolidating Cases and Notice of Hearing"

    @classmethod
    def build(cls, rec: CaseRecord, hearing: Hearing) -> Built:
        if not hearing.before_alj:
            raise UnknownRecord(f"hearing {hearing.id} is not a hearing consolidated before an Administrative Law Judge")
        election = rec.election(hearing.election_id)
        tally = rec.latest_tally(election)
        filings = rec.session.exec(select(Filing).where(
            Filing.election_id == election.id, Filing.kind == FilingKind.OBJECTIONS, col(Filing.received_on) <= hearing.noticed_on)
            .order_by(col(Filing.received_on), col(Filing.id))).all()
        filed = tuple(ObjectionsFiled(party=f"the {rec.party_ref(rec.by_id[f.party_id]).label}, {rec.by_id[f.party_id].name}",
                                      filed_on=f.received_on, date_public=f.received_on_public) for f in filings)
        ulp = tuple(rec.text(c) for c in hearing.ulp_cases)
        set_rows = sorted(rec.objections_of(election, ids=list(hearing.objections_set)),
                          key=lambda o: (o.filing_id, o.number))  # as filed
        dated = hearing.noticed_on if hearing.noticed_on_public else placeholder("the order's date")
        ctx = OrderConsolidatingCasesContext(
            caption=rec.caption(other=tuple(hearing.ulp_cases)),
            issuance=Issuance(issued_on=dated, issuer_title="Regional Director"),
            tally_prepared_on=tally.prepared_on, objections_filed=filed, ulp_cases=ulp,
            objections_set=rec.objection_items(set_rows) if hearing.objection_numbers_public else (),
            objections_counted=() if hearing.objection_numbers_public else objections_counted(rec, election, set_rows),
            challenges_set=hearing.challenges_set,
            # the date the order set (never the day the hearing opened, the opening's own fact)
            hearing_opens_on=hearing.noticed_opens_on or placeholder("date the order set the hearing to open"),
            place=rec.text(hearing.place) if hearing.place else placeholder("place of hearing"),
            judge=rec.text(hearing.presiding).removesuffix(", Administrative Law Judge") or None, review=rec.review(),
            signature=_signature(rec, hearing), service=rec.service(on=dated),
            record_notes=notes(hearing.uncertain) + plain_notes(hearing.note)
            + (() if hearing.issuer or not rec.record_copy else (_SIGNER_NOT_PUBLIC,)),
        )
        return Built(ctx, hearing.noticed_on, "Regional Director", Actor.REGIONAL_DIRECTOR, election.id)


def objections_counted(rec: CaseRecord, election: Election, set_rows: list[Objection]) -> tuple[ObjectionsCounted, ...]:
    """How many of each party's objections were set (``set_rows``, the Hearing's ``objections_set``), of how many it
    filed, in the order the parties filed: the counts the record holds when which objections were set, by number, is
    not public (Hearing.objection_numbers_public False)."""
    filed: dict[int, int] = {}
    for o in rec.objections_of(election):
        filed[o.party_id] = filed.get(o.party_id, 0) + 1
    counted: dict[int, int] = {}
    for o in set_rows:
        counted[o.party_id] = counted.get(o.party_id, 0) + 1
    return tuple(ObjectionsCounted(filer_label=rec.party_ref(rec.by_id[pid]).label, count=n, of=filed[pid])
                 for pid, n in counted.items())


_SIGNER_NOT_PUBLIC = "Who signed the order is not in the public record: it is signed with the office only."


def _signature(rec: CaseRecord, hearing: Hearing) -> Signature:
    """The order's signer as the record names it (``hearing.issuer``); a record copy without one is signed
    with the office only ("Regional Director, Region 10", the annex saying why), never with the Director of
    an earlier decision; a live case's falls back to :meth:`CaseRecord.rd_signature`."""
    if hearing.issuer or not rec.record_copy:
        return rec.rd_signature(hearing.issuer, on=hearing.noticed_on)
    return Signature(name="", title=f"Regional Director, Region {rec.region}", organization="National Labor Relations Board")
