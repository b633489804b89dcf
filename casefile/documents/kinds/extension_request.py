"""D4 Request for an extension of time to file a document (29 CFR 102.2(c), R-B10)."""

from __future__ import annotations

from datetime import date
from typing import ClassVar, Literal

from sqlmodel import col, select

from casefile.documents import wording
from casefile.documents.base import Built
from casefile.documents.kinds.party_paper import (
    PartyPaper,
    PartyPaperContext,
    long,
    numbered,
    paper_common,
)
from casefile.documents.parts import is_placeholder
from casefile.documents.record_view import CaseRecord
from casefile.record.models import Deadline, Filing, ServiceRecord
from casefile.rules.offices import BOARD_OFFICE
from casefile.rules.party_filings import late_extension_request_note
from casefile.vocab import Actor, DeadlineKind, DocumentKind


class ExtensionRequestContext(PartyPaperContext):
    """D4 Request for an extension of time to file a document (29 CFR 102.2(c), R-B10): the document
    (``document`` in words, ``document_title`` as its title), the date it is due (``due_on``, as the
    record holds it), the date asked (``until``), who rules (``decided_by``: "Regional Director" or
    "Board"), and whether it is filed within 3 days of the due date (``late``: it then rests on
    circumstances not reasonably foreseeable in advance). The paragraphs are the reasons and the
    other parties' positions. ``served``: the record shows the other parties served with it (a manner of
    service in its ledger); ``grounds_stated``: its reasons are in the record (not a placeholder). The
    opening says the request is served, or rests on unforeseeable circumstances, only when the record does."""

    document: str  # "exceptions to the Hearing Officer's Report"
    document_title: str  # "Exceptions to the Hearing Officer's Report"
    due_on: date
    until: date | None = None
    until_inferred: str = ""  # the record only infers the date asked (the filing's inferred_from): said after it
    decided_by: Literal["Regional Director", "Board"]
    offer_of_proof: bool = False  # the document is the offer of proof: its time is extended under 102.69(a)(8)
    late: bool = False
    served: bool = True
    grounds_stated: bool = True
    filed_on_public: bool = True  # False: the request's date is not in the public record: no sentence on when it was filed

    heading: ClassVar[str] = "Grounds for the Request"
    item_label: ClassVar[str] = ""

    @property
    def paper_title(self) -> str:
        return f"{self.filing_party.label}'s Request for Extension of Time to File {self.document_title}"

    @property
    def opening(self) -> str:
        to = f" to {long(self.until)}" if self.until is not None else ""
        to += f" {self.until_inferred}" if to and self.until_inferred else ""
        sections = "Sections 102.2(c) and 102.69(a)(8)" if self.offer_of_proof else "Section 102.2(c)"
        return (f"Pursuant to {sections} of the Board's Rules and Regulations, {self.party}, requests that the "
                f"{self.decided_by} extend{to} the time to file its {self.document}, now due on {long(self.due_on)}."
                + ("" if not self.filed_on_public else
                   " This request is filed no later than the date on which the document is due"
                   + (", and is served on the other parties at the same time." if self.served else ".")
                   + (" It is filed within 3 days of the due date: it rests on circumstances not reasonably foreseeable in "
                      "advance, stated below." if self.late and self.grounds_stated else "")))

    @property
    def relief(self) -> str:
        to = (f"to {long(self.until)}" if self.until is not None
              else f"for such time as the {self.decided_by} finds reasonable")
        return f"WHEREFORE, the {self.filing_party.label} requests that the time to file its {self.document} be extended {to}."


#: The document a request for an extension of time is for: in a sentence, and as its title.
_PAPER_EXTENDED_DOCUMENTS: dict[DeadlineKind, tuple[str, str]] = {
    DeadlineKind.OFFER_OF_PROOF: ("offer of proof in support of its objections", "Offer of Proof"),
    DeadlineKind.EXCEPTIONS: ("exceptions to the Hearing Officer's Report", "Exceptions to the Hearing Officer's Report"),
    DeadlineKind.ANSWERING_BRIEF: ("answering brief to the exceptions", "Answering Brief"),
    DeadlineKind.REQUEST_FOR_REVIEW: ("request for review", "Request for Review"),
    DeadlineKind.RFR_OPPOSITION: ("statement in opposition to the request for review", "Statement in Opposition"),
    DeadlineKind.RECONSIDERATION: ("motion for reconsideration", "Motion for Reconsideration"),
    DeadlineKind.ALJ_EXCEPTIONS: ("exceptions to the Administrative Law Judge's decision",
                                  "Exceptions to the Administrative Law Judge's Decision"),
}



def served_on_others(rec: CaseRecord, filing: Filing) -> bool:
    """Whether the record shows ``filing`` served on another party: a line of its ledger for a party, with
    the manner of service (a record copy whose sources do not say how, or whether, it was served: False)."""
    rows = rec.session.exec(select(ServiceRecord.method).where(ServiceRecord.filing_id == filing.id,
                                                               col(ServiceRecord.party_id).is_not(None))).all()
    return any(method is not None for method in rows)


class ExtensionRequest(PartyPaper):
    """A party's request for an extension of time, from its Filing row."""

    kind = DocumentKind.EXTENSION_REQUEST
    context = ExtensionRequestContext

    @classmethod
    def build(cls, rec: CaseRecord, filing: Filing) -> Built:
        election, party = rec.election(filing.election_id), rec.filer(filing)
        [asked] = filing.body
        deadline: Deadline = rec.get(Deadline, asked["deadline_id"])
        noun, document_title = _PAPER_EXTENDED_DOCUMENTS.get(deadline.kind, (wording.DEADLINE_NOUNS[deadline.kind].lower(),
                                                                       wording.DEADLINE_NOUNS[deadline.kind]))
        due_on = date.fromisoformat(asked["due_on"])
        texts = [asked["reasons"]] + ([f"The positions of the other parties: {asked['positions']}"] if asked.get("positions") else [])
        common = paper_common(rec, filing, party) | {"due": None}  # the period to extend is stated in the opening
        ctx = ExtensionRequestContext(
            **common, paragraphs=numbered(rec, texts), document=noun, document_title=document_title, due_on=due_on,
            until=date.fromisoformat(asked["until"]) if asked.get("until") else None,
            decided_by="Board" if deadline.office_key == BOARD_OFFICE.key else "Regional Director",
            offer_of_proof=deadline.kind is DeadlineKind.OFFER_OF_PROOF,
            late=filing.received_on_public and late_extension_request_note(filing.received_on, due_on) is not None,
            filed_on_public=filing.received_on_public, until_inferred=inferred_words(rec, filing.inferred_from),
            served=served_on_others(rec, filing), grounds_stated=not is_placeholder(asked["reasons"]))
        return Built(ctx, filing.received_on, party.name, Actor.PARTY, election.id, party_key=party.key)


def inferred_words(rec: CaseRecord, inferred_from: str) -> str:
    """What a document says after a date the record only infers (a row's ``inferred_from``, "that the Employer filed
    its evidence on 2022-04-22, ..."): "[inferred: the record shows that the Employer filed its evidence on April 22,
    2022, ...]"; "" when the record states the date."""
    told = inferred_from.strip().rstrip(".")
    return f"[inferred: the record shows {rec.text(told)}]" if told else ""
