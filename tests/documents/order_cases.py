"""Document contexts of the Regional Director's Decision on Objections and of the orders (issue 10),
for the every-kind document tests (tests/documents/document_cases.CONTEXT_BUILDERS).

- Amazon JFK8, 29-RC-288020 (examples/amazon-jfk8-29-RC-288020.yaml and its sources): the order of
  April 8, 2022 extending the Employer's time for its offer of proof to April 22 (inferred from the
  evidence filed that day: the order itself is not public, so its signer is a placeholder), the order
  of April 29, 2022 transferring the case from Region 29 (Brooklyn) to Region 28 (Phoenix), and the
  Regional Director's decision of January 11, 2023 overruling the Employer's 25 objections (Cornele A.
  Overstreet, Region 28), whose request-for-review period ends Thursday, January 26, 2023 (10 business
  days, Martin Luther King Jr. Day skipped).
- The Board's order, the withdrawal and the dismissal are of the live case of tests/acts/live_case.py
  (13-RC-400123, Chicago: a user's own case, not a public record), because the sources of the real
  cases here do not give the Board's ruling on Amazon's request (the scenario says so) and no real
  withdrawal or dismissal is among them.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from zoneinfo import ZoneInfo

from casefile.documents.kinds.board_order import BoardOrderContext
from casefile.documents.kinds.decision_on_objections import DecisionOnObjectionsContext
from casefile.documents.kinds.order_approving_withdrawal import OrderApprovingWithdrawalContext
from casefile.documents.kinds.order_dismissing_petition import OrderDismissingPetitionContext
from casefile.documents.kinds.order_extending_time import OrderExtendingTimeContext
from casefile.documents.kinds.order_to_count_excluded import OrderToCountExcludedContext
from casefile.documents.kinds.order_transferring_case import OrderTransferringCaseContext
from casefile.documents.parts import (
    Caption,
    DeadlineLine,
    DocumentContext,
    ElectionDates,
    HearingFacts,
    HistoryLine,
    Issuance,
    ObjectionItem,
    PartyRef,
    ServiceEntry,
    Signature,
    TallyLines,
    VoteLine,
    placeholder,
)
from casefile.vocab import DeadlineStatus, DocumentKind, PartyRole, TallyKind, VotingMethod
from tests.documents.checked import review_of

AMAZON = "Amazon.com Services LLC"
ALU = "Amazon Labor Union"
BROOKLYN = ZoneInfo("America/New_York")
EASTERN = ZoneInfo("America/New_York")
CHICAGO = ZoneInfo("America/Chicago")

JFK8_28 = Caption(case_number="29-RC-288020", employer=AMAZON, petitioner=ALU, region="Region 28", office="Phoenix, AZ")
JFK8_29 = JFK8_28.model_copy(update={"region": "Region 29", "office": "Brooklyn, NY"})
JFK8_EMPLOYER = PartyRef(name=AMAZON, role=PartyRole.EMPLOYER, representative=placeholder("Employer's counsel of record"))
JFK8_UNION = PartyRef(name=ALU, role=PartyRole.PETITIONER, representative=placeholder("Petitioner's counsel of record"))


def _jfk8_service(on: date) -> tuple[ServiceEntry, ...]:
    return tuple(ServiceEntry(party=p, manner=placeholder("manner of service"), address=placeholder(f"service address of {p.name}"),
                              served_on=on) for p in (JFK8_EMPLOYER, JFK8_UNION))


JFK8_TALLY = TallyLines(
    kind=TallyKind.INITIAL, prepared_on=date(2022, 4, 1), ballot_type="Single Labor Organization",
    election=ElectionDates(began_on=date(2022, 3, 25), ended_on=date(2022, 3, 30), method=VotingMethod.MANUAL),
    eligible=8325, void=placeholder("number of void ballots"), choices=(VoteLine(choice=ALU, votes=2654),), against=2131,
    valid=4785, challenged=67, valid_plus_challenged=4852, determinative=False, majority_for=ALU,
    outcome="Majority for the Petitioner",
)

JFK8_OBJECTIONS = (
    ObjectionItem(number=1, text="The Regional Office's conduct: statements of the Regional Director and Region 29 staff that call into "
                  "question the Region's neutral stance in the election.", filed_by=AMAZON, filed_by_label="Employer",
                  disposition="overruled"),
    ObjectionItem(number=2, text="The timing of the Region's petition for an injunction reinstating a discharged employee, close "
                  "to the vote.", filed_by=AMAZON, filed_by_label="Employer", disposition="overruled"),
    ObjectionItem(number=3, text="Steps of the Region that may have disenfranchised voters.", filed_by=AMAZON,
                  filed_by_label="Employer", disposition="overruled"),
    ObjectionItem(number=4, text="The Petitioner's distribution of marijuana to employees during the campaign.", filed_by=AMAZON,
                  filed_by_label="Employer", disposition="overruled"),
    ObjectionItem(number=5, text="Intimidation of employees opposed to the Petitioner.", filed_by=AMAZON, filed_by_label="Employer",
                  disposition="overruled"),
)

OVERSTREET = Signature(name="Cornele A. Overstreet", title="Regional Director, Region 28",
                       organization="National Labor Relations Board")


def decision_on_objections_jfk8() -> DecisionOnObjectionsContext:
    """The Regional Director for Region 28's decision of January 11, 2023 overruling Amazon's objections."""
    return DecisionOnObjectionsContext(
        caption=JFK8_28, issuance=Issuance(issued_on=date(2023, 1, 11), issuer_title="Regional Director"),
        tally=JFK8_TALLY,
        procedural_history=(
            HistoryLine(occurred_on=date(2022, 4, 1), event="The Tally of Ballots issued: 2,654 for Amazon Labor Union, 2,131 "
                        "against; void ballots not in the record and 67 challenged ballots (not sufficient in number to "
                        "affect the results)."),
            HistoryLine(occurred_on=date(2022, 4, 8), event="The Employer, Amazon.com Services LLC, filed 25 objections."),
            HistoryLine(occurred_on=date(2022, 4, 29), event="The case was transferred from Region 29 (Brooklyn, NY) to Region 28 "
                        "(Phoenix, AZ)."),
            HistoryLine(occurred_on=date(2022, 9, 1), event="The Hearing Officer issued a report recommending that the objections "
                        "be overruled."),
        ),
        hearing=HearingFacts(opened_on=date(2022, 6, 13), closed_on=placeholder("date the hearing closed"),
                             place="by videoconference (Zoom)"),
        report_issued_on=date(2022, 9, 1), exceptions_by=(AMAZON,),
        findings=("The Regional Director for Region 28 overruled the Employer's objections, finding that the evidence did not "
                  "show that the Board's agents or the Petitioner acted improperly or that their actions altered the outcome of "
                  "the election.",),
        objections=JFK8_OBJECTIONS, agreement=placeholder("election agreement"), review=review_of(None), representative=ALU,
        request_for_review=DeadlineLine(what="Request for review", due_on=date(2023, 1, 26),
                                        cutoff_at=datetime(2023, 1, 26, 23, 59, 59, tzinfo=EASTERN),
                                        citation="29 CFR 102.67(c), 102.69(c)(2)", for_whom="all parties",
                                        status=DeadlineStatus.OPEN),
        signature=OVERSTREET, service=_jfk8_service(date(2023, 1, 11)),
    )


def order_extending_time_jfk8() -> OrderExtendingTimeContext:
    """The order of April 8, 2022 extending Amazon's time for its offer of proof to April 22 (Region 29)."""
    return OrderExtendingTimeContext(
        caption=JFK8_29, issuance=Issuance(issued_on=date(2022, 4, 8), issuer_title="Regional Director"),
        what="the offer of proof in support of objections", for_whom="objecting party", requested_by=JFK8_EMPLOYER,
        requested_on=date(2022, 4, 8), from_due_on=date(2022, 4, 8), to_due_on=date(2022, 4, 22),
        cutoff_at=datetime(2022, 4, 22, 23, 59, 59, tzinfo=BROOKLYN), receiving="the Regional Director, Region 29",
        citation="29 CFR 102.2(c), 102.69(a)(8)",
        signature=Signature(name=placeholder("Regional Director's name"), title="Regional Director, Region 29",
                            organization="National Labor Relations Board"),
        service=_jfk8_service(date(2022, 4, 8)),
    )


def order_transferring_case_jfk8() -> OrderTransferringCaseContext:
    """The order of April 29, 2022 transferring JFK8 from Region 29 (Brooklyn) to Region 28 (Phoenix)."""
    return OrderTransferringCaseContext(
        caption=JFK8_29, issuance=Issuance(issued_on=date(2022, 4, 29), issuer_title="General Counsel"),
        from_region="Region 29", from_office="Brooklyn, NY", to_region="Region 28", to_office="Phoenix, AZ",
        signature=Signature(name=placeholder("name of the official who signed for the General Counsel"),
                            title="For the General Counsel", organization="National Labor Relations Board"),
        service=_jfk8_service(date(2022, 4, 29)),
    )


LIVE = Caption(case_number="13-RC-400123", employer="Midwest Precision Castings, Inc.", petitioner="United Steelworkers",
               region="Region 13", office="Chicago, IL")
LIVE_EMPLOYER = PartyRef(name="Midwest Precision Castings, Inc.", role=PartyRole.EMPLOYER, representative="Karen L. Whitfield",
                         email="kwhitfield@whitfieldmarsh.com")
LIVE_UNION = PartyRef(name="United Steelworkers", role=PartyRole.PETITIONER, representative="Daniel Okafor",
                      email="dokafor@usw.example.org")


def _live_service(on: date) -> tuple[ServiceEntry, ...]:
    return tuple(ServiceEntry(party=p, served=p.representative, manner="Electronic mail", address=p.email or "", served_on=on)
                 for p in (LIVE_EMPLOYER, LIVE_UNION))


def board_order_live() -> BoardOrderContext:
    """The Board's denial, on March 2, 2027, of the Union's request for review of the certification of results."""
    return BoardOrderContext(
        caption=LIVE.model_copy(update={"forum": "Washington, DC", "title": "Order Denying Review"}),
        issuance=Issuance(issued_on=date(2027, 3, 2), issuer_title="National Labor Relations Board", place="Washington, DC"),
        ruling="denied", requested_by=(LIVE_UNION,), reviewed="the Regional Director's Certification of Results of Election",
        reviewed_on=date(2027, 1, 8),
        paragraphs=("The Petitioner's Request for Review of the Regional Director's Certification of Results of Election is "
                    "denied as it raises no substantial issues warranting review (29 CFR 102.67(d)).",),
        members=tuple(Signature(name=n, title="", signed=False) for n in ("Chairman Ann Lee", "Member Rob Diaz", "Member Kim Park")),
        service=_live_service(date(2027, 3, 2)),
    )


def order_approving_withdrawal_live() -> OrderApprovingWithdrawalContext:
    """The Union's petition withdrawn with the Regional Director's consent on November 30, 2026."""
    return OrderApprovingWithdrawalContext(
        caption=LIVE, issuance=Issuance(issued_on=date(2026, 11, 30), issuer_title="Regional Director"),
        petitioner=LIVE_UNION, consented_by="the Regional Director, Region 13",
        ended=("the first election, held on November 24, 2026",),
        signature=Signature(name="Patricia K. Nachand", title="Regional Director, Region 13",
                            organization="National Labor Relations Board"),
        service=_live_service(date(2026, 11, 30)),
    )


def order_dismissing_petition_live() -> OrderDismissingPetitionContext:
    """The petition dismissed on November 30, 2026: request for review due Monday, December 14 (Board, Eastern)."""
    return OrderDismissingPetitionContext(
        caption=LIVE, issuance=Issuance(issued_on=date(2026, 11, 30), issuer_title="Regional Director"),
        petitioner=LIVE_UNION, grounds=("The unit petitioned for is not an appropriate unit.",),
        request_for_review=DeadlineLine(what="Request for review", due_on=date(2026, 12, 14),
                                        cutoff_at=datetime(2026, 12, 14, 23, 59, 59, tzinfo=EASTERN),
                                        citation="29 CFR 102.67(c), 102.71(b)"),
        opposition=DeadlineLine(what="Opposition to a request for review", due_on=date(2026, 12, 21),
                                cutoff_at=datetime(2026, 12, 21, 23, 59, 59, tzinfo=EASTERN), citation="29 CFR 102.67(f)"),
        signature=Signature(name="Patricia K. Nachand", title="Regional Director, Region 13",
                            organization="National Labor Relations Board"),
        service=_live_service(date(2026, 11, 30)),
    )


def order_to_count_excluded_live() -> OrderToCountExcludedContext:
    """The Regional Director orders, on December 1, 2026, the 3 late mail ballots excluded at the count of November 24,
    2026 opened and counted (hypothetical live case)."""
    return OrderToCountExcludedContext(
        caption=LIVE.model_copy(update={"title": "Order to Count Ballots Excluded at the Count"}),
        issuance=Issuance(issued_on=date(2026, 12, 1), issuer_title="Regional Director"),
        ordered_by="Regional Director", ballots=3, excluded=3, counted_on=date(2026, 11, 24),
        reason="because they were received after the date set for the return of mail ballots",
        paragraphs=("On the Petitioner's Objection 1: the three ballots were postmarked before the due date.",),
        signature=Signature(name="Patricia K. Nachand", title="Regional Director, Region 13",
                            organization="National Labor Relations Board"),
        service=_live_service(date(2026, 12, 1)),
    )


ORDER_CONTEXT_BUILDERS: dict[DocumentKind, Callable[[], DocumentContext]] = {
    DocumentKind.ORDER_TO_COUNT_EXCLUDED_BALLOTS: order_to_count_excluded_live,
    DocumentKind.DECISION_ON_OBJECTIONS: decision_on_objections_jfk8,
    DocumentKind.ORDER_EXTENDING_TIME: order_extending_time_jfk8,
    DocumentKind.ORDER_TRANSFERRING_CASE: order_transferring_case_jfk8,
    DocumentKind.BOARD_ORDER: board_order_live,
    DocumentKind.ORDER_APPROVING_WITHDRAWAL: order_approving_withdrawal_live,
    DocumentKind.ORDER_DISMISSING_PETITION: order_dismissing_petition_live,
}

#: What each of these documents must print (tests/documents/test_documents.EXPECTED_TEXT).
ORDER_EXPECTED_TEXT: dict[DocumentKind, list[str]] = {
    DocumentKind.ORDER_TO_COUNT_EXCLUDED_BALLOTS: [
        "ORDER TO COUNT BALLOTS EXCLUDED AT THE COUNT", "REGION 13", "December 1, 2026", "/s/ Patricia K. Nachand",
        "The Tally of Ballots prepared on November 24, 2026 records 3 ballots excluded at the count, because they were "
        "received after the date set for the return of mail ballots",
        "IT IS ORDERED that 3 of the ballots excluded at the count be opened and counted.",
        "treated as challenged ballots whose challenges are overruled", "102.69(e)"],
    DocumentKind.DECISION_ON_OBJECTIONS: [
        "DECISION ON OBJECTIONS", "REGION 28", "29-RC-288020", "January 11, 2023", "/s/ Cornele A. Overstreet",
        "Regional Director, Region 28", "The objections are overruled in their entirety",
        "a Certification of Representative issues", "Thursday, January 26, 2023", "11:59 p.m. EST", "2,654", "September 1, 2022",
        "Amazon.com Services LLC filed exceptions to the report", "102.69(c)(1)(iii)"],
    DocumentKind.ORDER_EXTENDING_TIME: [
        "ORDER EXTENDING TIME", "REGION 29", "April 8, 2022", "Friday, April 22, 2022", "11:59 p.m. EDT",
        "the offer of proof in support of objections is extended", "29 CFR 102.2(c), 102.69(a)(8)"],
    DocumentKind.ORDER_TRANSFERRING_CASE: [
        "ORDER TRANSFERRING CASE", "from Region 29 (Brooklyn, NY) to Region 28 (Phoenix, AZ)", "April 29, 2022",
        "For the General Counsel", "102.72(a)"],
    DocumentKind.BOARD_ORDER: [
        "ORDER DENYING REVIEW", "WASHINGTON, DC", "Dated, Washington, DC, March 2, 2027", "Chairman Ann Lee", "Member Kim Park",
        "denied as it raises no substantial issues warranting review"],
    DocumentKind.ORDER_APPROVING_WITHDRAWAL: [
        "ORDER APPROVING WITHDRAWAL OF PETITION", "REGION 13", "November 30, 2026", "/s/ Patricia K. Nachand",
        "the first election, held on November 24, 2026", "102.60(a)"],
    DocumentKind.ORDER_DISMISSING_PETITION: [
        "ORDER DISMISSING PETITION", "The unit petitioned for is not an appropriate unit.", "Monday, December 14, 2026",
        "Monday, December 21, 2026", "102.71(b)", "/s/ Patricia K. Nachand"],
}
