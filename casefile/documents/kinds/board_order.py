"""The Board's order on a request for review (29 CFR 102.67(g), (h), (j)), from the Board's Decision row."""

from __future__ import annotations

from datetime import date

from pydantic import Field
from sqlmodel import col, select

from casefile.documents import wording
from casefile.documents.base import Built, RecordDocument
from casefile.documents.parts import (
    DocumentContext,
    Issuance,
    PartyRef,
    ServiceEntry,
    Signature,
    placeholder,
)
from casefile.documents.record_view import CaseRecord, election_dates, notes, plain_notes
from casefile.errors import UnknownRecord
from casefile.record.models import (
    Certification,
    Decision,
    Election,
    Filing,
)
from casefile.record.orders import AgencyOrder
from casefile.vocab import Actor, CertificationKind, DecisionKind, DecisionResult, DocumentKind, FilingKind, OrderKind


class BoardOrderContext(DocumentContext):
    """The Board's order on a request for review (29 CFR 102.67(g), (h), (j)): ``ruling`` granted,
    denied or remanded, ``decision`` (with a grant that decides: affirmed, set-aside, open-and-count);
    ``requested_by`` the parties that requested review of ``reviewed`` (issued ``reviewed_on``);
    ``paragraphs`` the order's operative text; ``members`` the Board members who signed it (a
    placeholder or a blank when the record does not name them)."""

    ruling: str
    decision: str | None = None
    requested_by: tuple[PartyRef, ...] = Field(min_length=1)
    reviewed: str  # "the Regional Director's Certification of Representative"
    reviewed_on: date | None = None
    paragraphs: tuple[str, ...] = Field(min_length=1)
    members: tuple[Signature, ...] = Field(min_length=1)
    service: tuple[ServiceEntry, ...] = ()


class BoardOrder(RecordDocument):
    """The Board's order on a request for review, from its Decision row (kind board-decision)."""

    kind = DocumentKind.BOARD_ORDER
    context = BoardOrderContext
    record = Decision
    record_name = "decision"
    name = "Order"

    @classmethod
    def build(cls, rec: CaseRecord, decision: Decision) -> Built:
        if decision.kind != DecisionKind.BOARD_DECISION:
            raise UnknownRecord(f"decision {decision.id} is not the Board's")
        election = rec.election(decision.election_id)
        requests = rec.session.exec(select(Filing).where(Filing.election_id == election.id, Filing.kind == FilingKind.REQUEST_FOR_REVIEW,
                                                         col(Filing.received_on) <= decision.issued_on)
                                    .order_by(col(Filing.received_on), col(Filing.id))).all()
        if not requests:
            raise UnknownRecord(f"no request for review before the Board's order {decision.id}")
        requesting = tuple({f.party_id: rec.party_ref(rec.by_id[f.party_id]) for f in requests}.values())
        reviewed, reviewed_on = _reviewed(rec, election, requests[-1].received_on)
        who = " and ".join(f"{p.label}'s" if i == len(requesting) - 1 else p.label for i, p in enumerate(requesting))
        request = f"The {who} Request{'s' if len(requesting) > 1 else ''} for Review of {reviewed}"
        held = election_dates(election)
        period = f" held {wording.election_period(held)}" if held.began_on and not isinstance(held.began_on, str) else ""
        result = decision.result
        paragraphs = {
            DecisionResult.REVIEW_DENIED: [f"{request} {'are' if len(requesting) > 1 else 'is'} denied as {'they raise' if len(requesting) > 1 else 'it raises'} "
                              "no substantial issues warranting review (29 CFR 102.67(d))."],
            DecisionResult.REVIEW_GRANTED: [f"{request} {'are' if len(requesting) > 1 else 'is'} granted as {'they raise' if len(requesting) > 1 else 'it raises'} "
                               "substantial issues warranting review (29 CFR 102.67(d), (g)). The Board's decision on review will issue "
                               "after the parties' briefs on review, if any (29 CFR 102.67(h))."],
            DecisionResult.REMANDED: [f"Having considered {request[0].lower() + request[1:]}, the Board remands the proceeding to the Regional "
                         "Director for a hearing on the objections, and for the Regional Director's further action on the record "
                         "so made (29 CFR 102.67(g), 102.69(c)(1)(ii))."],
            DecisionResult.AFFIRMED: [f"{request} {'were' if len(requesting) > 1 else 'was'} granted. Having reviewed the entire record, the Board "
                         f"affirms {reviewed} (29 CFR 102.67(h))."],
            DecisionResult.SET_ASIDE: [f"{request} {'were' if len(requesting) > 1 else 'was'} granted. Having reviewed the entire record, the Board "
                          f"sets aside the {wording.ordinal(election.sequence)} election{period} and directs "
                          f"{wording.next_election(election.sequence)}, to be conducted by the Regional Director at a time and "
                          "place the Regional Director will set (29 CFR 102.67(h), 102.69(e))."],
            DecisionResult.OPEN_AND_COUNT: [f"{request} {'were' if len(requesting) > 1 else 'was'} granted. Having reviewed the entire record, the "
                               "Board directs the Regional Director to open and count the challenged ballots and to serve on the "
                               "parties a revised tally of ballots, on which the appropriate certification will issue "
                               "(29 CFR 102.67(h), 102.69(e))."],
        }.get(result, [rec.text(decision.summary) or placeholder("the Board's order")])
        if decision.summary and result in _BOARD_TITLES:
            paragraphs.append(rec.text(decision.summary))
        ctx = BoardOrderContext(
            caption=rec.caption(forum="Washington, DC").model_copy(update={"title": _BOARD_TITLES.get(result, "Order")}),
            issuance=Issuance(issued_on=decision.issued_on, issuer_title="National Labor Relations Board", place="Washington, DC"),
            ruling={DecisionResult.REVIEW_DENIED: "denied", DecisionResult.REMANDED: "remanded"}.get(result, "granted"),
            decision=result if result in (DecisionResult.AFFIRMED, DecisionResult.SET_ASIDE, DecisionResult.OPEN_AND_COUNT) else None,
            requested_by=requesting, reviewed=reviewed, reviewed_on=reviewed_on, paragraphs=tuple(paragraphs),
            members=_board_members(rec, decision.issuer), service=rec.service(on=decision.issued_on),
            record_notes=notes(decision.uncertain) + plain_notes(decision.note),
        )
        return Built(ctx, decision.issued_on, "Board", Actor.BOARD, election.id)


_BOARD_TITLES = {DecisionResult.REVIEW_DENIED: "Order Denying Review", DecisionResult.REVIEW_GRANTED: "Order Granting Review",
                 DecisionResult.REMANDED: "Order Remanding", DecisionResult.AFFIRMED: "Decision on Review and Order",
                 DecisionResult.SET_ASIDE: "Decision on Review and Order", DecisionResult.OPEN_AND_COUNT: "Decision on Review and Order"}


def _reviewed(rec: CaseRecord, election: Election, requested_on: date) -> tuple[str, date | None]:
    """What the request for review asked the Board to review: the latest certification, dismissal or
    Regional Director's decision issued by the request's date."""
    cert = rec.session.exec(select(Certification).where(Certification.election_id == election.id,
                                                        col(Certification.issued_on) <= requested_on)).first()
    dismissal = rec.session.exec(select(AgencyOrder).where(AgencyOrder.case_id == rec.case.id, AgencyOrder.kind == OrderKind.DISMISSAL,
                                                           col(AgencyOrder.issued_on) <= requested_on)
                                 .order_by(col(AgencyOrder.id).desc())).first()
    decision = rec.session.exec(select(Decision).where(Decision.election_id == election.id, Decision.kind == DecisionKind.RD_DECISION,
                                                       col(Decision.issued_on) <= requested_on)
                                .order_by(col(Decision.id).desc())).first()
    candidates: list[tuple[date, str]] = []
    if cert is not None:
        title = "Certification of Representative" if cert.kind == CertificationKind.REPRESENTATIVE else "Certification of Results of Election"
        candidates.append((cert.issued_on, f"the Regional Director's {title}"))
    if dismissal is not None:
        candidates.append((dismissal.issued_on, "the Regional Director's Order Dismissing Petition"))
    if decision is not None:
        title = ("Decision on Objections and Direction of "
                 f"{wording.ordinal(election.sequence + 1).capitalize()} Election"  # third, ... along the chain (R-O2)
                 if decision.result == DecisionResult.SET_ASIDE else "Decision on Objections")
        candidates.append((decision.issued_on, f"the Regional Director's {title}"))
    if not candidates:
        return "the Regional Director's action", None
    on, what = max(candidates, key=lambda c: c[0])
    return what, on


def _board_members(rec: CaseRecord, issuer: str) -> tuple[Signature, ...]:
    """The Board members who signed, from the record's "issuer" ("Chairman A, Member B and Member C");
    the Board itself (or nothing) in the record: one placeholder line (record copy) or a blank."""
    text = " ".join(issuer.split())
    if not text or text.lower() in ("the board", "board"):
        return (Signature(name=rec.missing("names of the Board Members"), title="Board Members",
                          organization="National Labor Relations Board"),)
    names = [n.strip() for n in text.replace(" and ", ", ").replace(";", ",").split(",") if n.strip()]
    return tuple(Signature(name=n, title="", signed=False) for n in names)


def ended_elections(rec: CaseRecord, ids: list[int]) -> tuple[str, ...]:
    out = []
    for ident in ids:
        election = rec.election(ident)
        held = election_dates(election)
        when = f", held {wording.election_period(held)}" if not isinstance(held.began_on, str) else ""
        out.append(f"the {wording.ordinal(election.sequence)} election{when}")
    return tuple(out)
