"""Every document class, in procedural order, and the one way from a stored document's kind back to
its class (a stored Document row names its kind; an editable copy, a correction's new version and the
tests start from it). Each class is its own entry: there is no other table keyed by kind."""

from __future__ import annotations

from casefile.documents.base import Document
from casefile.documents.kinds.alj_decision import ALJDecision
from casefile.documents.kinds.answering_brief import AnsweringBrief
from casefile.documents.kinds.board_order import BoardOrder
from casefile.documents.kinds.certification import CertificationOfRepresentative, CertificationOfResults
from casefile.documents.kinds.conditional_direction import DecisionAndConditionalDirection
from casefile.documents.kinds.cross_exceptions import CrossExceptions
from casefile.documents.kinds.decision_and_direction import DecisionAndDirectionOfSecondElection
from casefile.documents.kinds.decision_on_objections import DecisionOnObjections
from casefile.documents.kinds.exceptions import Exceptions
from casefile.documents.kinds.exceptions_waiver import WaiverOfExceptions
from casefile.documents.kinds.extension_request import ExtensionRequest
from casefile.documents.kinds.hearing_officer_report import HearingOfficerReport
from casefile.documents.kinds.motion_for_reconsideration import MotionForReconsideration
from casefile.documents.kinds.notice_of_hearing import NoticeOfHearing
from casefile.documents.kinds.notice_of_runoff_election import NoticeOfRunoffElection
from casefile.documents.kinds.objections import Objections
from casefile.documents.kinds.offer_of_proof import OfferOfProof
from casefile.documents.kinds.order_approving_withdrawal import OrderApprovingWithdrawal
from casefile.documents.kinds.order_consolidating_cases import OrderConsolidatingCases
from casefile.documents.kinds.order_dismissing_petition import OrderDismissingPetition
from casefile.documents.kinds.order_extending_time import OrderExtendingTime
from casefile.documents.kinds.order_to_count_excluded import OrderToCountExcludedBallots
from casefile.documents.kinds.order_transferring_case import OrderTransferringCase
from casefile.documents.kinds.request_for_review import RequestForReview
from casefile.documents.kinds.revised_tally import RevisedTallyOfBallots
from casefile.documents.kinds.statement_in_opposition import StatementInOpposition
from casefile.documents.kinds.status_report import CaseStatusReport
from casefile.documents.kinds.supplemental_direction import SupplementalDecisionAndDirection
from casefile.documents.kinds.tally_of_ballots import TallyOfBallots
from casefile.vocab import DocumentKind

DOCUMENTS: tuple[type[Document], ...] = (
    TallyOfBallots, Objections, OfferOfProof, ExtensionRequest, OrderExtendingTime, NoticeOfHearing, OrderConsolidatingCases,
    HearingOfficerReport, Exceptions, WaiverOfExceptions, AnsweringBrief, CrossExceptions, ALJDecision, DecisionOnObjections,
    DecisionAndDirectionOfSecondElection, DecisionAndConditionalDirection, MotionForReconsideration, OrderToCountExcludedBallots,
    RevisedTallyOfBallots,
    SupplementalDecisionAndDirection, NoticeOfRunoffElection,
    CertificationOfRepresentative, CertificationOfResults, RequestForReview, StatementInOpposition, BoardOrder,
    OrderTransferringCase, OrderApprovingWithdrawal, OrderDismissingPetition, CaseStatusReport,
)
"""Every document casefile issues, in the order a case meets them."""

PARTY_FILINGS: tuple[DocumentKind, ...] = tuple(d.kind for d in DOCUMENTS if d.party_filing)
"""The kinds that are a party's own filings (29 CFR 102.5(a) print; an editable copy)."""


def document_class(kind: DocumentKind) -> type[Document]:
    """The class of the ``kind`` document. Raises KeyError for a kind no class issues (none: every kind has one)."""
    for document in DOCUMENTS:
        if document.kind is kind:
            return document
    raise KeyError(kind)
