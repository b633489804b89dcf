"""Document contexts built from real cases (shared/data/cases.md and the NLRB export sample).

Amazon, Bessemer (10-RC-269250) supplies every document it actually produced; the two
certifications, which Bessemer never reached, come from two real Region 6 cases in
``nlrb-recent-election-results-sample.csv`` (a Certification of Results and a Certification of
Representative with complete tallies and unit descriptions). The Revised Tally of Ballots is
Starbucks, Genesee Street (03-RC-282139: 7 determinative challenges all sustained, 15–9 stands);
the Notice of Runoff Election is Trinity College (01-RC-196511: two unions, no majority). A
partial opening (Walter E. Selck, rules.md T5: 17–15 with 4 challenged, 2 opened) is synthetic:
its dates, names and the votes of the ballots opened are not in the record and are labeled so. Every fact the public sources do not
give (counsel's names, the text of each objection, witnesses, places, times) is a placeholder.
Due dates are computed by hand under the 2019 text (business days, rules.md R-A1/R-B3; the
petition was filed 2020-11-20) and noted where they are set.

This is a plain module (not a conftest) so that the tests and ``bench/bench_render.py`` can import it.
"""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

from casefile.documents.kinds.alj_decision import ALJDecisionContext
from casefile.documents.kinds.answering_brief import AnsweringBriefContext
from casefile.documents.kinds.certification import CertificationOfRepresentativeContext, CertificationOfResultsContext
from casefile.documents.kinds.cross_exceptions import CrossExceptionsContext
from casefile.documents.kinds.decision_and_direction import DecisionAndDirectionOfSecondElectionContext
from casefile.documents.kinds.exceptions import ExceptionItem, ExceptionsContext
from casefile.documents.kinds.exceptions_waiver import WaiverOfExceptionsContext
from casefile.documents.kinds.extension_request import ExtensionRequestContext
from casefile.documents.kinds.hearing_officer_report import ChallengeItem, HearingOfficerReportContext
from casefile.documents.kinds.motion_for_reconsideration import MotionForReconsiderationContext
from casefile.documents.kinds.notice_of_hearing import NoticeOfHearingContext
from casefile.documents.kinds.notice_of_runoff_election import NoticeOfRunoffElectionContext
from casefile.documents.kinds.objections import ObjectionsContext
from casefile.documents.kinds.offer_of_proof import OfferOfProofContext, WitnessItem
from casefile.documents.kinds.order_consolidating_cases import ObjectionsFiled, OrderConsolidatingCasesContext
from casefile.documents.kinds.party_paper import FiledBy, NumberedParagraph
from casefile.documents.kinds.request_for_review import RequestForReviewContext
from casefile.documents.kinds.revised_tally import RevisedTallyContext
from casefile.documents.kinds.statement_in_opposition import StatementInOppositionContext
from casefile.documents.kinds.status_report import (
    CaseStatusReportContext,
    DocketLine,
    DocumentLine,
    ElectionSummary,
    TallySummary,
)
from casefile.documents.kinds.tally_of_ballots import TallyOfBallotsContext
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
    Review,
    ServiceEntry,
    Signature,
    TallyLines,
    VoteLine,
    placeholder,
)
from casefile.documents.registry import document_class
from casefile.rules.rule_sets import rule_set_by_id
from casefile.rules.tally import TallyCounts, analyze_tally
from casefile.vocab import (
    Actor,
    DeadlineStatus,
    DocumentKind,
    ElectionAgreement,
    ElectionKind,
    FilingMethod,
    PartyRole,
    Stage,
    TallyKind,
    VotingMethod,
)
from tests.documents.checked import review_of
from tests.documents.conditional_cases import CONDITIONAL_CONTEXT_BUILDERS
from tests.documents.order_cases import ORDER_CONTEXT_BUILDERS

ATLANTA = ZoneInfo("America/New_York")  # Region 10's receiving office (domain/regions.md)
BESSEMER_LOCAL = ZoneInfo("America/Chicago")  # the facility, where the notice is posted

AMAZON = "Amazon.com Services LLC"
RWDSU = "Retail, Wholesale and Department Store Union"

BESSEMER_CAPTION = Caption(
    case_number="10-RC-269250",
    employer=AMAZON,
    petitioner=RWDSU,
    region="Region 10",
    office="Atlanta, Georgia",
)

EMPLOYER = PartyRef(
    name=AMAZON,
    role=PartyRole.EMPLOYER,
    representative=placeholder("Employer's counsel of record"),
    email=placeholder("Employer's counsel's email address"),
)
PETITIONER = PartyRef(
    name=RWDSU,
    role=PartyRole.PETITIONER,
    representative=placeholder("Petitioner's counsel of record"),
    email=placeholder("Petitioner's counsel's email address"),
)

REGIONAL_DIRECTOR = Signature(
    name="Lisa Henderson",
    title="Regional Director",
    organization="National Labor Relations Board, Region 10",
)
UNIT_PLACEHOLDER = placeholder("unit description of the Decision and Direction of Election")

FIRST_ELECTION = ElectionDates(began_on=date(2021, 2, 8), ended_on=date(2021, 3, 29), method=VotingMethod.MAIL)
RERUN_ELECTION = ElectionDates(began_on=date(2022, 2, 4), ended_on=date(2022, 3, 25), method=VotingMethod.MAIL)

TALLY_2021 = TallyLines(
    kind=TallyKind.INITIAL,
    prepared_on=date(2021, 4, 9),
    ballot_type="Single Labor Organization",
    election=FIRST_ELECTION,
    eligible=5867,
    void=76,
    choices=(VoteLine(choice=RWDSU, votes=738),),
    against=1798,
    valid=2536,
    challenged=505,
    valid_plus_challenged=3041,
    determinative=False,
    majority_for=None,
    outcome="No majority for the Petitioner (certification of results unless objections are sustained)",
)

TALLY_2022 = TallyLines(
    kind=TallyKind.RERUN,
    prepared_on=date(2022, 3, 31),
    ballot_type="Single Labor Organization",
    election=RERUN_ELECTION,
    eligible=6153,
    void=59,
    choices=(VoteLine(choice=RWDSU, votes=875),),
    against=993,
    valid=1868,
    challenged=416,
    valid_plus_challenged=2284,
    determinative=True,
    majority_for=None,
    outcome="Not yet decided: the challenged ballots are sufficient in number to affect the results",  # in words
)

# 23 objections filed 2021-04-16 (cases.md: count of 23; their text is not in the sources).
OBJECTIONS_2021 = tuple(
    ObjectionItem(number=n, text=placeholder(f"text of Objection {n} as filed"), filed_by=RWDSU) for n in range(1, 24)
)

HISTORY_2021 = (
    HistoryLine(occurred_on=date(2020, 11, 20), event="The Petitioner filed the petition."),
    HistoryLine(occurred_on=date(2021, 2, 8), event="Ballots were mailed; the mail-ballot election ran to March 29, 2021."),
    HistoryLine(occurred_on=date(2021, 4, 9), event="The Tally of Ballots issued: 738 for, 1,798 against, 505 challenged ballots."),
    HistoryLine(occurred_on=date(2021, 4, 16), event="The Petitioner filed 23 objections."),
)


def _cutoff(day: date, zone: ZoneInfo = ATLANTA) -> datetime:
    """23:59:59 local time of the receiving office on ``day`` (rules.md R-B9)."""
    return datetime(day.year, day.month, day.day, 23, 59, 59, tzinfo=zone)


def tally_2021() -> TallyOfBallotsContext:
    """The initial Tally of Ballots, April 9, 2021."""
    return TallyOfBallotsContext(
        caption=BESSEMER_CAPTION,
        issuance=Issuance(issued_on=date(2021, 4, 9), issuer_title="Board Agent"),
        agreement=ElectionAgreement.DIRECTED,
        tally=TALLY_2021,
        unit_description=UNIT_PLACEHOLDER,
        board_agent=Signature(name=placeholder("Board agent's name"), title="Board Agent", organization="National Labor Relations Board, Region 10"),
        observers_for=(AMAZON, RWDSU),
        objections_due=DeadlineLine(
            what="Objections and offer of proof",
            due_on=date(2021, 4, 16),  # Fri 2021-04-09 + 5 business days
            cutoff_at=_cutoff(date(2021, 4, 16)),
            citation="29 CFR 102.69(a)(8)",
        ),
    )


def tally_2022() -> TallyOfBallotsContext:
    """The rerun Tally of Ballots, March 31, 2022 (challenges determinative)."""
    return TallyOfBallotsContext(
        caption=BESSEMER_CAPTION,
        issuance=Issuance(issued_on=date(2022, 3, 31), issuer_title="Board Agent"),
        agreement=ElectionAgreement.DIRECTED,
        tally=TALLY_2022,
        unit_description=UNIT_PLACEHOLDER,
        board_agent=Signature(name=placeholder("Board agent's name"), title="Board Agent", organization="National Labor Relations Board, Region 10"),
        observers_for=(AMAZON, RWDSU),
        election_type="Rerun election: Decision and Direction of Second Election",
        objections_due=DeadlineLine(
            what="Objections and offer of proof",
            due_on=date(2022, 4, 7),  # Thu 2022-03-31 + 5 business days
            cutoff_at=_cutoff(date(2022, 4, 7)),
            citation="29 CFR 102.69(a)(8)",
        ),
    )


def objections_2021() -> ObjectionsContext:
    """The Petitioner's 23 objections of April 16, 2021, served on the Employer."""
    return ObjectionsContext(
        caption=BESSEMER_CAPTION,
        issuance=Issuance(issued_on=date(2021, 4, 16), issuer_title="Counsel for the Petitioner"),
        filing_party=PETITIONER,
        tally_prepared_on=date(2021, 4, 9),
        election=FIRST_ELECTION,
        objections=OBJECTIONS_2021,
        filing_method=FilingMethod.E_FILING,
        signature=Signature(name=placeholder("Petitioner's counsel"), title="Counsel for the Petitioner", organization=RWDSU),
        service=(
            ServiceEntry(
                party=EMPLOYER,
                manner="Electronic mail",
                address=placeholder("Employer's counsel's email address"),
                served_on=date(2021, 4, 16),
            ),
        ),
    )


def offer_of_proof_2021() -> OfferOfProofContext:
    """The Petitioner's offer of proof (confidential: no witness is public)."""
    return OfferOfProofContext(
        caption=BESSEMER_CAPTION,
        issuance=Issuance(issued_on=date(2021, 4, 16), issuer_title="Counsel for the Petitioner"),
        filing_party=PETITIONER,
        objections_filed_on=date(2021, 4, 16),
        submitted_to="Lisa Henderson, Regional Director, National Labor Relations Board, Region 10",
        objections=OBJECTIONS_2021[:2],
        witnesses=(
            WitnessItem(objection_number=1, witness=placeholder("witness"), summary=placeholder("summary of expected testimony")),
            WitnessItem(objection_number=2, witness=placeholder("witness"), summary=placeholder("summary of expected testimony")),
        ),
        signature=Signature(name=placeholder("Petitioner's counsel"), title="Counsel for the Petitioner", organization=RWDSU),
    )


def notice_of_hearing_2021() -> NoticeOfHearingContext:
    """The notice setting the Petitioner's objections for a hearing to open May 7, 2021."""
    return NoticeOfHearingContext(
        caption=BESSEMER_CAPTION,
        issuance=Issuance(issued_on=placeholder("date the notice issued"), issuer_title="Regional Director", place="Atlanta, Georgia"),
        tally_prepared_on=date(2021, 4, 9),
        objections_filed_on=date(2021, 4, 16),
        objections_set=OBJECTIONS_2021,
        hearing_opens_on=date(2021, 5, 7),  # "set to start May 7" (cases.md)
        place=placeholder("place of hearing or videoconference details"),
        hearing_officer=None,
        briefs_as_of_right=True,  # petition filed 2020-11-20: 2019 text (R-A1)
        signature=REGIONAL_DIRECTOR,
        service=(
            ServiceEntry(party=EMPLOYER, manner="Electronic mail", address=placeholder("Employer's counsel's email address"), served_on=placeholder("date of service")),
            ServiceEntry(party=PETITIONER, manner="Electronic mail", address=placeholder("Petitioner's counsel's email address"), served_on=placeholder("date of service")),
        ),
    )


def order_consolidating_cases_2024() -> OrderConsolidatingCasesContext:
    """The Regional Director's order setting 14 of the Petitioner's and 7 of the Employer's objections to the 2022 rerun,
    and its challenged ballots, for hearing with the unfair labor practice complaint (mentonealabama.org; apr.org)."""
    ulp = placeholder("unfair-labor-practice case numbers")
    return OrderConsolidatingCasesContext(
        caption=BESSEMER_CAPTION.model_copy(update={"other_case_numbers": (ulp,), "record_copy": True}),
        issuance=Issuance(issued_on=placeholder("date of the order"), issuer_title="Regional Director"),
        tally_prepared_on=date(2022, 3, 31),
        objections_filed=(ObjectionsFiled(party=f"the Petitioner, {RWDSU}", filed_on=date(2022, 4, 7)),
                          ObjectionsFiled(party=f"the Employer, {AMAZON}", filed_on=date(2022, 4, 7))),
        ulp_cases=(ulp,),
        objections_set=tuple(ObjectionItem(number=n, text=placeholder(f"text of objection {n}"), filed_by=RWDSU,
                                           filed_by_label="Petitioner") for n in range(1, 15))
        + tuple(ObjectionItem(number=n, text=placeholder(f"text of objection {n}"), filed_by=AMAZON, filed_by_label="Employer")
                for n in range(1, 8)),
        challenges_set=True, hearing_opens_on=date(2024, 4, 25), place="Birmingham, Alabama", judge="Michael Silverstein",
        review=Review(available=True, agreement_known=True, agreement=ElectionAgreement.DIRECTED,
                      inferred=" (inferred: the public record does not name the election agreement)"),
        signature=REGIONAL_DIRECTOR,
        service=(ServiceEntry(party=EMPLOYER, manner="Electronic mail", address=placeholder("Employer's counsel's email address"),
                              served_on=placeholder("date of service")),
                 ServiceEntry(party=PETITIONER, manner="Electronic mail", address=placeholder("Petitioner's counsel's email address"),
                              served_on=placeholder("date of service"))),
        record_notes=("Uncertain: the order's date is not public (likely mid-2023); which objections were set, by number, is not public.",),
    )


def hearing_officer_report_2021() -> HearingOfficerReportContext:
    """Hearing Officer Kerstin Meyers's report of August 2, 2021 recommending a second election."""
    return HearingOfficerReportContext(
        caption=BESSEMER_CAPTION,
        issuance=Issuance(issued_on=date(2021, 8, 2), issuer_title="Hearing Officer", place="Atlanta, Georgia"),
        tally=TALLY_2021,
        procedural_history=(*HISTORY_2021, HistoryLine(occurred_on=date(2021, 5, 7), event="The hearing on objections was set to open.")),
        hearing=HearingFacts(opened_on=date(2021, 5, 7), closed_on=placeholder("date the hearing closed"),
                             place=placeholder("place or videoconference details of the hearing")),
        findings=(
            "The objections the Hearing Officer recommends sustaining center on the United States Postal Service"
            " collection box placed at the facility during the mail-ballot election.",
            placeholder("the Hearing Officer's findings of fact and credibility resolutions"),
        ),
        objections=OBJECTIONS_2021,
        recommended_disposition="that the election held February 8 to March 29, 2021 be set aside and a second election directed",
        exceptions=DeadlineLine(
            what="Exceptions to the Hearing Officer's report",
            due_on=date(2021, 8, 16),  # Mon 2021-08-02 + 10 business days
            cutoff_at=_cutoff(date(2021, 8, 16)),
            citation="29 CFR 102.69(c)(1)(iii): 10 business days from issuance",
        ),
        answering_brief=DeadlineLine(
            what="Answering briefs",
            due_on=date(2021, 8, 23),  # 2021-08-16 + 5 business days (R-B5)
            cutoff_at=_cutoff(date(2021, 8, 23)),
            citation="29 CFR 102.69(c)(1)(iii): 5 business days from the last day for exceptions",
        ),
        signature=Signature(name="Kerstin Meyers", title="Hearing Officer", organization="National Labor Relations Board, Region 10"),
        service=(
            ServiceEntry(party=EMPLOYER, manner="Electronic mail", address=placeholder("Employer's counsel's email address"), served_on=date(2021, 8, 2)),
            ServiceEntry(party=PETITIONER, manner="Electronic mail", address=placeholder("Petitioner's counsel's email address"), served_on=date(2021, 8, 2)),
        ),
    )


def exceptions_2021() -> ExceptionsContext:
    """A draft of the Employer's exceptions as of their due date (whether and when they were filed is not in cases.md)."""
    return ExceptionsContext(
        caption=BESSEMER_CAPTION,
        issuance=Issuance(issued_on=date(2021, 8, 16), issuer_title="Counsel for the Employer"),
        filing_party=EMPLOYER,
        report_issued_on=date(2021, 8, 2),
        exceptions=(
            ExceptionItem(
                number=1,
                excepted_to="The Hearing Officer's recommendation to sustain the objections concerning the"
                " United States Postal Service collection box",
                grounds=placeholder("Employer's grounds"),
            ),
            ExceptionItem(
                number=2,
                excepted_to="The Hearing Officer's recommendation that the election be set aside and a second election directed",
                grounds=placeholder("Employer's grounds"),
            ),
        ),
        due=DeadlineLine(
            what="Exceptions to the Hearing Officer's report",
            due_on=date(2021, 8, 16),
            cutoff_at=_cutoff(date(2021, 8, 16)),
            citation="29 CFR 102.69(c)(1)(iii)",
        ),
        signature=Signature(name=placeholder("Employer's counsel"), title="Counsel for the Employer", organization=AMAZON),
        service=(
            ServiceEntry(party=PETITIONER, manner="Electronic mail", address=placeholder("Petitioner's counsel's email address"), served_on=date(2021, 8, 16)),
        ),
    )


def decision_2021() -> DecisionAndDirectionOfSecondElectionContext:
    """Regional Director Lisa Henderson's decision of November 29, 2021 setting the election aside."""
    return DecisionAndDirectionOfSecondElectionContext(
        caption=BESSEMER_CAPTION,
        issuance=Issuance(issued_on=date(2021, 11, 29), issuer_title="Regional Director", place="Atlanta, Georgia"),
        tally=TALLY_2021,
        procedural_history=(*HISTORY_2021, HistoryLine(occurred_on=date(2021, 8, 2), event="The Hearing Officer recommended that the election be set aside and a second election directed.")),
        findings=(
            "The Regional Director set aside the election held February 8 to March 29, 2021 on the Petitioner's"
            " objections to the Employer's conduct and directed a second election.",
            placeholder("the Regional Director's findings and reasons"),
        ),
        objections=OBJECTIONS_2021,
        party_at_fault=EMPLOYER,
        set_aside_election=FIRST_ELECTION,
        agreement=ElectionAgreement.DIRECTED, review=review_of(ElectionAgreement.DIRECTED),
        choices=(RWDSU,),
        unit_description=UNIT_PLACEHOLDER,
        second_election_schedule=placeholder("date, time and method of the second election, not fixed in the decision"),
        eligibility_cutoff="the date of the Notice of Second Election",
        signature=REGIONAL_DIRECTOR,
        service=(
            ServiceEntry(party=EMPLOYER, manner="Electronic mail", address=placeholder("Employer's counsel's email address"), served_on=date(2021, 11, 29)),
            ServiceEntry(party=PETITIONER, manner="Electronic mail", address=placeholder("Petitioner's counsel's email address"), served_on=date(2021, 11, 29)),
        ),
    )


def alj_decision_2024() -> ALJDecisionContext:
    """Record copy of the Administrative Law Judge's decision of November 5, 2024 directing a third election."""
    return ALJDecisionContext(
        caption=BESSEMER_CAPTION.model_copy(
            update={
                "other_case_numbers": (placeholder("unfair labor practice case numbers"),),
                "forum": "Division of Judges",
                "employer_label": "Respondent and Employer",
                "petitioner_label": "Charging Party and Petitioner",
                "record_copy": True,
            }
        ),
        issuance=Issuance(issued_on=date(2024, 11, 5), issuer_title="Administrative Law Judge"),
        hearing=HearingFacts(opened_on=date(2024, 4, 25), closed_on=placeholder("date the hearing closed"), place="Birmingham, Alabama"),
        findings_summary=(
            "The Judge found that the Respondent committed six unfair labor practices and sustained two of the"
            " Petitioner's objections to the rerun election held February 4 to March 25, 2022.",
            "311 challenged ballots were still uncounted when the hearing began; the Judge set the rerun election aside"
            " without resolving them.",
        ),
        violations_found=(
            "Confiscating union materials",
            "Interrogation",
            "Surveillance",
            "Threatening closure",
            placeholder("the other unfair labor practices found"),
        ),
        challenged_ballots_unresolved=311,
        remedy=(
            "The rerun election held February 4 to March 25, 2022 is set aside.",
            "A third election is directed, on a date to be set.",
            placeholder("the order and notice remedying the unfair labor practices"),
        ),
        agreement=ElectionAgreement.DIRECTED, review=review_of(ElectionAgreement.DIRECTED),
        signature=Signature(name="Michael Silverstein", title="Administrative Law Judge", organization="National Labor Relations Board, Division of Judges",
                            signed=False),
    )


def certification_of_results_2023() -> CertificationOfResultsContext:
    """48forty Solutions, 06-RC-311772: tally 2023-03-30 (2 for, 9 against, 2 challenged); case closed
    2023-04-07 "Certification of Results" (the first business day after the objection period, R-H2)."""
    teamsters = "General Teamsters, Chauffeurs and Helpers Local Union 249"
    return CertificationOfResultsContext(
        caption=Caption(
            case_number="06-RC-311772",
            employer="48forty Solutions, LLC.",
            petitioner=teamsters,
            region="Region 6",
            office="Pittsburgh, Pennsylvania",
        ),
        issuance=Issuance(issued_on=date(2023, 4, 7), issuer_title="Regional Director", place="Pittsburgh, Pennsylvania"),
        agreement=placeholder("type of election agreement"), review=review_of(placeholder("type of election agreement")),
        tally=TallyLines(
            kind=TallyKind.INITIAL,
            prepared_on=date(2023, 3, 30),
            ballot_type="Single Labor Organization",
            election=ElectionDates(began_on=placeholder("election date"), method=placeholder("voting method")),
            eligible=14,
            void=0,
            choices=(VoteLine(choice=teamsters, votes=2),),
            against=9,
            valid=11,
            challenged=2,
            valid_plus_challenged=13,
            determinative=False,
            majority_for=None,
            outcome="No majority for the Petitioner",
        ),
        basis="no timely objections having been filed",
        unit_description=(
            "All full-time and part-time CDL Driver— Class A Truck Drivers, Industrial Maintenance Mechanics, and"
            " Non-Supervisory Dispatchers employed at the Employer’s facility located at 4201 Grand Avenue, Pittsburgh,"
            " PA 15225; but excluding all Temporary, office clerical, confidential and professional employees, guards,"
            " and supervisors as defined by the Act."
        ),
        signature=Signature(name=placeholder("Regional Director's name"), title="Regional Director", organization="National Labor Relations Board, Region 6"),
        labor_organizations=(teamsters,),
    )


def certification_of_representative_2023() -> CertificationOfRepresentativeContext:
    """Braeburn Alloy Steel, 06-RC-310608: tally 2023-02-23 (19 for, 4 against); case closed 2023-03-03
    "Certific. of Representative" (the first business day after the objection period, R-H2)."""
    usw = (
        "United Steel, Paper and Forestry, Rubber, Manufacturing, Energy, Allied Industrial and Service Workers"
        " International Union, AFL-CIO, CLC"
    )
    return CertificationOfRepresentativeContext(
        caption=Caption(
            case_number="06-RC-310608",
            employer="Braeburn Alloy Steel LLC, a Wholly Owned Subsidiary of G.O. Carlson, Inc.",
            petitioner=usw,
            region="Region 6",
            office="Pittsburgh, Pennsylvania",
        ),
        issuance=Issuance(issued_on=date(2023, 3, 3), issuer_title="Regional Director", place="Pittsburgh, Pennsylvania"),
        agreement=placeholder("type of election agreement"), review=review_of(placeholder("type of election agreement")),
        tally=TallyLines(
            kind=TallyKind.INITIAL,
            prepared_on=date(2023, 2, 23),
            ballot_type="Single Labor Organization",
            election=ElectionDates(began_on=placeholder("election date"), method=placeholder("voting method")),
            eligible=23,
            void=0,
            choices=(VoteLine(choice=usw, votes=19),),
            against=4,
            valid=23,
            challenged=0,
            valid_plus_challenged=23,
            determinative=False,
            majority_for=usw,
            outcome="Majority for the Petitioner",
        ),
        basis="no timely objections having been filed",
        unit_description=(
            "Included: All hourly production (including rollers) and maintenance employees at the Employer's Lower"
            " Burrell, Pennsylvania facility. Excluded: All other employees, foremen, office clerical, confidential"
            " employees, guards, professional employees and supervisors as defined in the Act."
        ),
        signature=Signature(name=placeholder("Regional Director's name"), title="Regional Director", organization="National Labor Relations Board, Region 6"),
        representative=usw,
    )


def case_status_report_2022(documents: tuple[DocumentLine, ...] = ()) -> CaseStatusReportContext:
    """Status of Bessemer for the Petitioner the day after the rerun tally (April 1, 2022)."""
    return CaseStatusReportContext(
        caption=BESSEMER_CAPTION,
        issuance=Issuance(issued_on=date(2022, 4, 1), issuer_title="casefile"),
        prepared_for=f"{RWDSU} (Petitioner)",
        as_of_at=datetime(2022, 4, 1, 12, 0, tzinfo=ATLANTA),
        agreement=ElectionAgreement.DIRECTED,
        petition_filed_on=date(2020, 11, 20),
        rule_set=rule_set_by_id("2019-text").name,  # its proper name, as the builder gives it (never rules.md's)
        elections=(
            ElectionSummary(
                kind=ElectionKind.INITIAL,
                label="First election (2021)",
                dates=FIRST_ELECTION,
                stage=Stage.RERUN_DIRECTED,
                result="Set aside by the Regional Director on November 29, 2021; second election directed",
                tallies=(
                    TallySummary(
                        tally=TALLY_2021,
                        determinative_reason="even if all 505 challenged ballots were counted for the Petitioner,"
                        " 738 + 505 = 1,243 is fewer than the 1,798 votes against",
                        reachable_outcomes=("RESULTS: no representative",),
                    ),
                ),
            ),
            ElectionSummary(
                kind=ElectionKind.RERUN,
                label="Second (rerun) election (2022)",
                dates=RERUN_ELECTION,
                stage=Stage.TALLY_ISSUED,
                result="Pending: the challenged ballots are determinative; objections due April 7, 2022",
                tallies=(
                    TallySummary(
                        tally=TALLY_2022,
                        determinative_reason="if 119 or more of the 416 challenged ballots were counted for the"
                        " Petitioner and none against, it would have a majority (875 + 119 = 994 > 993); if none"
                        " were counted, it would not (875 < 993)",
                        reachable_outcomes=(f"REP: certify {RWDSU}", "RESULTS: no representative"),
                        challenge_analysis=(
                            # 875 + k > 993 ⇔ k ≥ 119; all opened: 875 + x > 993 + (416 − x) ⇔ x ≥ 268
                            f"{RWDSU} needs 119 of the 416 challenged ballots opened and counted for it (the rest"
                            " sustained); with all 416 opened it needs 268",
                            # 875 + (416 − a) ≤ 993 + a ⇔ a ≥ 149 (267–1,142 against 1,142: a tie is not a majority)
                            f"The votes against keep {RWDSU} from a majority if no more than 118 challenged ballots are"
                            " counted for it (the rest sustained); with all 416 opened, 149 counted against suffice"
                            " (a tie is not a majority)",
                        ),
                    ),
                ),
                follows="the first election, set aside by the Regional Director on November 29, 2021",
            ),
        ),
        docket=(
            DocketLine(occurred_on=date(2020, 11, 20), actor=Actor.PARTY, party=RWDSU, act="Petition filed"),
            DocketLine(occurred_on=date(2021, 4, 9), actor=Actor.BOARD_AGENT, act="Tally of Ballots (initial)",
                       note="738 for, 1,798 against, 505 challenged; challenges not determinative"),
            DocketLine(occurred_on=date(2021, 4, 16), actor=Actor.PARTY, party=RWDSU, act="Objections filed (23)"),
            DocketLine(occurred_on=date(2021, 8, 2), actor=Actor.HEARING_OFFICER, act="Hearing Officer's report",
                       note="recommends setting the election aside and directing a second election"),
            DocketLine(occurred_on=date(2021, 11, 29), actor=Actor.REGIONAL_DIRECTOR,
                       act="Decision on objections: election set aside; second election directed"),
            DocketLine(occurred_on=date(2022, 2, 4), actor=Actor.BOARD,
                       act="Request for review on the mailbox location denied",
                       note="without prejudice to a post-election objection"),
            DocketLine(occurred_on=date(2022, 3, 31), actor=Actor.BOARD_AGENT, act="Tally of Ballots (rerun)",
                       note="875 for, 993 against, 416 challenged; challenges determinative"),
        ),
        deadlines=(
            DeadlineLine(
                what="Objections to the rerun election, with offer of proof",
                due_on=date(2022, 4, 7),  # Thu 2022-03-31 + 5 business days
                cutoff_at=_cutoff(date(2022, 4, 7)),
                citation="29 CFR 102.69(a)(8)",
                for_whom="any party",
                status=DeadlineStatus.OPEN,
            ),
            DeadlineLine(
                what="Hearing on objections and challenged ballots opens (or as soon as practicable)",
                due_on=date(2022, 4, 21),  # 2022-03-31 + 15 business days
                citation="29 CFR 102.69(c)(1)(ii)",
                for_whom="Regional Director",
                status=DeadlineStatus.OPEN,
            ),
        ),
        documents=documents,
    )


# --------------------------------------------------------------------------------------------
# Starbucks, Genesee Street, Cheektowaga NY — 03-RC-282139 (cases.md §5a): revised tally
# --------------------------------------------------------------------------------------------

STARBUCKS = "Starbucks Corporation"
WORKERS_UNITED = "Workers United"
BUFFALO = ZoneInfo("America/New_York")  # Region 3, Buffalo (domain/regions.md)

GENESEE_CAPTION = Caption(
    case_number="03-RC-282139",
    employer=STARBUCKS,
    petitioner=WORKERS_UNITED,
    region="Region 3",
    office="Buffalo, New York",
)
GENESEE_ELECTION = ElectionDates(began_on=placeholder("dates of the mail-ballot election"), method=VotingMethod.MAIL)

# Eligible: 46 is the revised row of sbwu_data.csv (news: "~45 potential voters"); the approximate
# eligible count does not change when challenges are ruled on. Void ballots are not reported: 0.
TALLY_GENESEE_2021 = TallyLines(
    kind=TallyKind.INITIAL,
    prepared_on=date(2021, 12, 9),
    ballot_type="Single Labor Organization",
    election=GENESEE_ELECTION,
    eligible=46,
    void=0,
    choices=(VoteLine(choice=WORKERS_UNITED, votes=15),),
    against=9,
    valid=24,
    challenged=7,
    valid_plus_challenged=31,
    determinative=True,  # 15 > 9 and 7 ≥ 15 − 9 (R-E4)
    majority_for=None,  # 15 is not more than half of 31
    outcome="Not yet decided: challenged ballots or objections unresolved",  # in words (rules.outcome.outcome_words)
)

REVISED_GENESEE_2022 = TallyLines(
    kind=TallyKind.REVISED,
    prepared_on=date(2022, 1, 10),
    ballot_type="Single Labor Organization",
    election=GENESEE_ELECTION,
    eligible=46,
    void=0,
    choices=(VoteLine(choice=WORKERS_UNITED, votes=15),),
    against=9,
    valid=24,
    challenged=0,
    valid_plus_challenged=24,
    determinative=False,
    majority_for=WORKERS_UNITED,
    outcome=f"A majority for {WORKERS_UNITED}: a Certification of Representative",
)


def revised_tally_genesee_2022() -> RevisedTallyContext:
    """The Region's revised tally of January 10, 2022: all 7 challenges sustained, none opened, 15–9 stands."""
    return RevisedTallyContext(
        caption=GENESEE_CAPTION,
        issuance=Issuance(issued_on=date(2022, 1, 10), issuer_title="Regional Director", place="Buffalo, New York"),
        agreement=placeholder("type of election agreement"),
        unit_description=placeholder("unit description of the Genesee Street store election"),
        original=TALLY_GENESEE_2021,
        counted=(VoteLine(choice=WORKERS_UNITED, votes=0),),
        counted_against=0,
        revised=REVISED_GENESEE_2022,
        opened=0,
        sustained=7,
        still_unopened=0,
        rulings_summary=(
            "On January 10, 2022 the Region ruled the challenged voters ineligible and sustained the challenges to"
            " all 7 ballots: 6 challenged by the Petitioner as partners who did not work at the Genesee Street store,"
            " and 1 challenged by the Employer as a partner no longer employed. No challenged ballot was opened;"
            " the count of 15 votes for and 9 against stands."
        ),
        objections_due=DeadlineLine(
            what="Objections to the revised tally",
            due_on=date(2022, 1, 18),  # Mon 2022-01-10 + 5 business days; Mon 01-17 (Martin Luther King Jr. Day) skipped
            cutoff_at=_cutoff(date(2022, 1, 18), BUFFALO),
            citation="29 CFR 102.69(e)",
        ),
        signature=Signature(name=placeholder("Regional Director's name"), title="Regional Director",
                            organization="National Labor Relations Board, Region 3"),
        service=(
            ServiceEntry(party=PartyRef(name=STARBUCKS, role=PartyRole.EMPLOYER, representative=placeholder("Employer's counsel of record")),
                         manner="Electronic mail", address=placeholder("Employer's counsel's email address"), served_on=placeholder("date of service")),
            ServiceEntry(party=PartyRef(name=WORKERS_UNITED, role=PartyRole.PETITIONER, representative=placeholder("Petitioner's counsel of record")),
                         manner="Electronic mail", address=placeholder("Petitioner's counsel's email address"), served_on=placeholder("date of service")),
        ),
    )


# --------------------------------------------------------------------------------------------
# Walter E. Selck (13-RC-13325, 1974; rules.md T5, R-E7): a partial opening — SYNTHETIC
# --------------------------------------------------------------------------------------------

SELCK_UNION = placeholder("petitioning labor organization")
SELCK_ELECTION = ElectionDates(began_on=placeholder("election date"), method=placeholder("voting method"))

TALLY_SELCK = TallyLines(
    kind=TallyKind.INITIAL,
    prepared_on=placeholder("date of the tally"),
    ballot_type="Single Labor Organization",
    election=SELCK_ELECTION,
    eligible=37,
    void=0,
    choices=(VoteLine(choice=SELCK_UNION, votes=17),),
    against=15,
    valid=32,
    challenged=4,
    valid_plus_challenged=36,
    determinative=True,
    majority_for=None,
    outcome="Not yet decided: challenged ballots or objections unresolved",  # in words (rules.outcome.outcome_words)
)


def revised_tally_selck(counted_for: int, counted_against: int) -> RevisedTallyContext:
    """Selck's RD opened 2 of the 4 challenged ballots (R-E7); how they voted is not in the record, so the
    split is a parameter and the document says it is illustrative. Statements come from casefile.rules."""
    counts = TallyCounts(choices=((SELCK_UNION, 17 + counted_for),), against=15 + counted_against, challenged=2, void=0, eligible=37)
    analysis = analyze_tally(counts)
    revised = TALLY_SELCK.model_copy(
        update={
            "kind": TallyKind.REVISED,
            "prepared_on": placeholder("date of the revised tally"),
            "choices": (VoteLine(choice=SELCK_UNION, votes=17 + counted_for),),
            "against": 15 + counted_against,
            "valid": analysis.valid,
            "challenged": 2,
            "valid_plus_challenged": analysis.valid_plus_challenged,
            "determinative": analysis.determinative,
            "majority_for": analysis.majority_for,
            "outcome": analysis.outcome.describe(),
        }
    )
    return RevisedTallyContext(
        caption=Caption(case_number="13-RC-13325", employer="Walter E. Selck", petitioner=SELCK_UNION,
                        region="Region 13", office="Chicago, Illinois"),
        issuance=Issuance(issued_on=placeholder("date the revised tally issued"), issuer_title="Regional Director"),
        agreement=placeholder("type of election agreement"),
        unit_description=placeholder("unit description"),
        original=TALLY_SELCK,
        counted=(VoteLine(choice=SELCK_UNION, votes=counted_for),),
        counted_against=counted_against,
        revised=TallyLines.model_validate(revised.model_dump()),
        opened=2,
        sustained=0,
        still_unopened=2,
        rulings_summary=placeholder("the Regional Director's rulings overruling 2 of the 4 challenges; the votes of the"
                                    " 2 ballots opened are illustrative, not from the record"),
        signature=Signature(name=placeholder("Board agent's name"), title="Board Agent",
                            organization="National Labor Relations Board, Region 13"),
    )


# --------------------------------------------------------------------------------------------
# Trinity College, Hartford CT — 01-RC-196511 (cases.md §6a): runoff between two unions
# --------------------------------------------------------------------------------------------

LEOS = "LEOS-PBA (Trinity College Campus Safety Officers & Dispatchers Union)"
SPFPA = "SPFPA Local 502"

# The record does not say which union petitioned: both carry a placeholder role label.
TRINITY_CAPTION = Caption(
    case_number="01-RC-196511",
    employer="Trinity College",
    petitioner=LEOS,
    petitioner_label=placeholder("Petitioner or Intervenor"),
    intervenors=(SPFPA,),
    intervenor_label=placeholder("Petitioner or Intervenor"),
    region="Region 1",
    office="Boston, Massachusetts",
)

# Void ballots are not in cases.md §6a: 0 (valid 22 = 9 + 8 + 5, none challenged).
TALLY_TRINITY_2017 = TallyLines(
    kind=TallyKind.INITIAL,
    prepared_on=date(2017, 5, 4),
    ballot_type="Two Labor Organizations",
    election=ElectionDates(began_on=placeholder("date of the election"), method=placeholder("voting method")),
    eligible=28,
    void=0,
    choices=(VoteLine(choice=LEOS, votes=9), VoteLine(choice=SPFPA, votes=8)),
    against=5,
    valid=22,
    challenged=0,
    valid_plus_challenged=22,
    determinative=False,
    majority_for=None,  # 9 of 22 is not a majority
    outcome=f"No majority: a runoff election between {LEOS} and {SPFPA}",
)

TALLY_TRINITY_RUNOFF_2017 = TallyLines(
    kind=TallyKind.RUNOFF,
    prepared_on=date(2017, 5, 17),
    ballot_type="Two Labor Organizations",
    election=ElectionDates(began_on=placeholder("date of the runoff election"), method=placeholder("voting method")),
    eligible=28,
    void=0,
    choices=(VoteLine(choice=LEOS, votes=8), VoteLine(choice=SPFPA, votes=11)),
    against=None,  # "against" was not a runoff choice (the FOIA row's 8 "against" is a data quirk)
    valid=19,
    challenged=0,
    valid_plus_challenged=19,
    determinative=False,
    majority_for=SPFPA,
    outcome=f"A majority for {SPFPA}: a Certification of Representative",
)


def notice_of_runoff_trinity_2017() -> NoticeOfRunoffElectionContext:
    """The Regional Director's notice of the runoff between LEOS-PBA and SPFPA Local 502 after the tally of May 4, 2017."""
    return NoticeOfRunoffElectionContext(
        caption=TRINITY_CAPTION,
        issuance=Issuance(issued_on=placeholder("date the notice issued"), issuer_title="Regional Director"),
        agreement=placeholder("type of election agreement"),
        unit_description=placeholder("unit description: the Employer's campus safety officers and dispatchers"),
        tally=TALLY_TRINITY_2017,
        choices=(LEOS, SPFPA),
        runoff_schedule=placeholder("date, time and place of the runoff election"),
        signature=Signature(name=placeholder("Regional Director's name"), title="Regional Director",
                            organization="National Labor Relations Board, Region 1"),
    )


# --------------------------------------------------------------------------------------------
# A party's filings around the decisions: drafts on Bessemer's real periods (which party filed
# what, and when, is not in cases.md except the Board's denial of review on February 4, 2022).
# --------------------------------------------------------------------------------------------


def _paper(party: PartyRef, on: date, **fields: object) -> dict[str, object]:
    """What each party filing draft shares: caption, date, counsel's placeholder, service on the other party."""
    other = PETITIONER if party.role is PartyRole.EMPLOYER else EMPLOYER
    return dict(
        caption=BESSEMER_CAPTION, issuance=Issuance(issued_on=on, issuer_title=f"Counsel for the {party.label}"),
        filing_party=party,
        signature=Signature(name=placeholder(f"{party.label}'s counsel"), title=f"Counsel for the {party.label}",
                            organization=party.name),
        service=(ServiceEntry(party=other, manner="Electronic mail", address=placeholder(f"{other.label}'s counsel's email address"),
                              served_on=on),),
        **fields)


def request_for_review_2021() -> RequestForReviewContext:
    """A draft of the Employer's request for review of the decision of November 29, 2021 setting the election aside:
    no final disposition, so no period is stored for it (R-N3); a copy to the Regional Director (102.67(i)(2))."""
    return RequestForReviewContext(**_paper(
        EMPLOYER, date(2021, 12, 13), reviewed="set-aside",
        reviewed_title="Decision on Objections and Direction of Second Election", reviewed_on=date(2021, 11, 29),
        paragraphs=(NumberedParagraph(number=1, text=placeholder("Employer's first ground for review")),
                    NumberedParagraph(number=2, text=placeholder("Employer's second ground for review"))),
        copies=("the Regional Director, Region 10",)))


def statement_in_opposition_2021() -> StatementInOppositionContext:
    """A draft of the Petitioner's statement in opposition to that request."""
    return StatementInOppositionContext(**_paper(
        PETITIONER, date(2021, 12, 20), request=FiledBy(party=EMPLOYER, filed_on=date(2021, 12, 13)),
        reviewed_title="Decision on Objections and Direction of Second Election", reviewed_on=date(2021, 11, 29),
        paragraphs=(NumberedParagraph(number=1, text=placeholder("Petitioner's points in opposition")),)))


_ANSWERING_DUE = DeadlineLine(what="Answering briefs to exceptions", due_on=date(2021, 8, 23), cutoff_at=_cutoff(date(2021, 8, 23)),
                              citation="29 CFR 102.69(c)(1)(iii)")


def answering_brief_2021() -> AnsweringBriefContext:
    """A draft of the Petitioner's answering brief to the Employer's exceptions, due August 23, 2021."""
    return AnsweringBriefContext(**_paper(
        PETITIONER, date(2021, 8, 23), report_issued_on=date(2021, 8, 2),
        answered=(FiledBy(party=EMPLOYER, filed_on=date(2021, 8, 16)),), due=_ANSWERING_DUE,
        paragraphs=(NumberedParagraph(number=1, text=placeholder("Petitioner's first point")),
                    NumberedParagraph(number=2, text=placeholder("Petitioner's second point")))))


def waiver_of_exceptions_2021() -> WaiverOfExceptionsContext:
    """A draft of the Employer's waiver of its right to file exceptions to the report of August 2, 2021 (the
    Regions' practice, docs/rules.md X-K8; hypothetical: the record shows none)."""
    return WaiverOfExceptionsContext(**_paper(
        EMPLOYER, date(2021, 8, 3), report_issued_on=date(2021, 8, 2),
        paragraphs=(NumberedParagraph(number=1, text="The Employer waives its right to file exceptions to the Hearing "
                                      "Officer's Report."),)))


def cross_exceptions_2021() -> CrossExceptionsContext:
    """A draft of the Petitioner's cross-exceptions, held to the answering-brief period."""
    return CrossExceptionsContext(**_paper(
        PETITIONER, date(2021, 8, 23), report_issued_on=date(2021, 8, 2),
        answered=(FiledBy(party=EMPLOYER, filed_on=date(2021, 8, 16)),), due=_ANSWERING_DUE,
        paragraphs=(NumberedParagraph(number=1, text=placeholder("the finding cross-excepted to"),
                                      grounds=placeholder("Petitioner's grounds")),)))


def motion_for_reconsideration_2021() -> MotionForReconsiderationContext:
    """A draft of the Employer's motion for reconsideration of the decision of November 29, 2021, due December 13."""
    return MotionForReconsiderationContext(**_paper(
        EMPLOYER, date(2021, 12, 13), decision_title="Decision on Objections and Direction of Second Election",
        decision_issued_on=date(2021, 11, 29),
        due=DeadlineLine(what="Motion for reconsideration", due_on=date(2021, 12, 13), cutoff_at=_cutoff(date(2021, 12, 13)),
                         citation="29 CFR 102.65(e)"),
        paragraphs=(NumberedParagraph(number=1, text=placeholder("the material error claimed")),)))


def extension_request_2021() -> ExtensionRequestContext:
    """A draft of the Employer's request to extend the time for exceptions (due August 16, 2021) to August 30,
    filed August 13: within 3 days of the due date."""
    return ExtensionRequestContext(**_paper(
        EMPLOYER, date(2021, 8, 13), document="exceptions to the Hearing Officer's Report",
        document_title="Exceptions to the Hearing Officer's Report", due_on=date(2021, 8, 16), until=date(2021, 8, 30),
        decided_by="Regional Director", late=True,
        paragraphs=(NumberedParagraph(number=1, text=placeholder("Employer's reasons for the extension")),
                    NumberedParagraph(number=2, text="The positions of the other parties: "
                                      + placeholder("the Petitioner's position on the request")))))


CONTEXT_BUILDERS = {
    DocumentKind.TALLY_OF_BALLOTS: tally_2021,
    DocumentKind.OBJECTIONS: objections_2021,
    DocumentKind.OFFER_OF_PROOF: offer_of_proof_2021,
    DocumentKind.NOTICE_OF_HEARING: notice_of_hearing_2021,
    DocumentKind.ORDER_CONSOLIDATING_CASES: order_consolidating_cases_2024,
    DocumentKind.HEARING_OFFICER_REPORT: hearing_officer_report_2021,
    DocumentKind.EXCEPTIONS: exceptions_2021,
    DocumentKind.DECISION_AND_DIRECTION_OF_SECOND_ELECTION: decision_2021,
    DocumentKind.ALJ_DECISION: alj_decision_2024,
    DocumentKind.CERTIFICATION_OF_RESULTS: certification_of_results_2023,
    DocumentKind.CERTIFICATION_OF_REPRESENTATIVE: certification_of_representative_2023,
    DocumentKind.CASE_STATUS_REPORT: case_status_report_2022,
    DocumentKind.REVISED_TALLY_OF_BALLOTS: revised_tally_genesee_2022,
    DocumentKind.NOTICE_OF_RUNOFF_ELECTION: notice_of_runoff_trinity_2017,
    DocumentKind.REQUEST_FOR_REVIEW: request_for_review_2021,
    DocumentKind.STATEMENT_IN_OPPOSITION: statement_in_opposition_2021,
    DocumentKind.ANSWERING_BRIEF: answering_brief_2021,
    DocumentKind.CROSS_EXCEPTIONS: cross_exceptions_2021,
    DocumentKind.WAIVER_OF_EXCEPTIONS: waiver_of_exceptions_2021,
    DocumentKind.MOTION_FOR_RECONSIDERATION: motion_for_reconsideration_2021,
    DocumentKind.EXTENSION_REQUEST: extension_request_2021,
}
CONTEXT_BUILDERS.update(ORDER_CONTEXT_BUILDERS)  # the decision overruling objections and the orders (order_cases.py)
CONTEXT_BUILDERS.update(CONDITIONAL_CONTEXT_BUILDERS)  # a conditional direction and the one after it (conditional_cases.py)


def issued_documents() -> tuple[DocumentLine, ...]:
    """The record copies casefile renders for Bessemer up to April 1, 2022, with the sha256 of each PDF."""
    from casefile.documents.render import render_pdf

    lines = []
    for kind, build in (
        (DocumentKind.TALLY_OF_BALLOTS, tally_2021),
        (DocumentKind.OBJECTIONS, objections_2021),
        (DocumentKind.HEARING_OFFICER_REPORT, hearing_officer_report_2021),
        (DocumentKind.DECISION_AND_DIRECTION_OF_SECOND_ELECTION, decision_2021),
        (DocumentKind.TALLY_OF_BALLOTS, tally_2022),
    ):
        context = build()
        rendered = render_pdf(document_class(kind), context)
        issued_on = context.issuance.issued_on
        assert isinstance(issued_on, date)
        lines.append(DocumentLine(title=rendered.title, kind=kind, issued_on=issued_on, sha256=rendered.sha256))
    return tuple(lines)


def build_contexts(*, with_documents: bool = True) -> dict[DocumentKind, DocumentContext]:
    """One context per document kind (the status report lists the documents rendered, if asked)."""
    contexts: dict[DocumentKind, DocumentContext] = {kind: build() for kind, build in CONTEXT_BUILDERS.items()}
    if with_documents:
        contexts[DocumentKind.CASE_STATUS_REPORT] = case_status_report_2022(issued_documents())
    return contexts


# --------------------------------------------------------------------------------------------
# Long real names, long addresses and large records: every kind, for the layout tests
# --------------------------------------------------------------------------------------------

LONG_EMPLOYER = "Amazon.com Services LLC, Bessemer Fulfillment Center (BHM1), a Subsidiary of Amazon.com, Inc."
LONG_UNION = "Retail, Wholesale and Department Store Union, Mid-South Council"
LONG_EMAIL = "counsel.of.record.for.the.employer@bessemer-fulfillment-law.com"  # 63 characters, no space to break at
LONG_UNION_EMAIL = "general.counsel.mid-south-council@rwdsu-midsouthcouncils.org"  # 60 characters
assert len(LONG_EMAIL) >= 60 and len(LONG_UNION_EMAIL) == 60

LONG_CAPTION = BESSEMER_CAPTION.model_copy(update={"employer": LONG_EMPLOYER, "petitioner": LONG_UNION})
LONG_EMPLOYER_PARTY = PartyRef(name=LONG_EMPLOYER, role=PartyRole.EMPLOYER, representative="Harriet Montgomery-Vanderbilt, Esq.",
                               email=LONG_EMAIL, address="1201 Third Avenue, Suite 4900, Seattle, Washington 98101-3099")
LONG_UNION_PARTY = PartyRef(name=LONG_UNION, role=PartyRole.PETITIONER, representative="Bartholomew J. Fitzgerald-Okonkwo",
                            email=LONG_UNION_EMAIL, address="1901 Sixth Avenue North, Suite 2200, Birmingham, Alabama 35203")


def _long_service(*parties: PartyRef, on: date) -> tuple[ServiceEntry, ...]:
    return tuple(ServiceEntry(party=p, manner="Electronic mail and E-Filing", address=p.email or "", served_on=on) for p in parties)


LONG_OBJECTIONS = tuple(
    ObjectionItem(
        number=n, filed_by=LONG_UNION, filed_by_label="Petitioner",
        text=(f"During the critical period the Employer, by its managers, supervisors and agents, including its Area Manager"
              f" at the BHM1 facility, interfered with employees' free choice (conduct {n}): it installed a United States Postal"
              " Service collection box in the facility's parking lot, conveyed the impression of surveillance of employees'"
              " union activities, and held mandatory captive-audience meetings in which it threatened loss of benefits."),
    )
    for n in range(1, 26)
)

REGISTER_3000 = tuple(
    ChallengeItem(voter=f"Voter no. {n:04d} (Associate, Outbound Dock, Shift {'ABCD'[n % 4]})",
                  challenged_by=LONG_EMPLOYER if n % 3 else "Board agent",
                  ground="Not on the voter list: hired after the payroll-period ending date" if n % 2 else "Supervisor under Section 2(11)",
                  disposition=None)
    for n in range(1, 3001)
)


def long_contexts() -> dict[DocumentKind, DocumentContext]:
    """Every kind's context with long real names, 60-character e-mail addresses, a 25-objection filing,
    several counsel per party, a 3,000-ballot challenged register (the Hearing Officer's report) and
    consolidated case numbers: the layout must hold for each."""
    out: dict[DocumentKind, DocumentContext] = {}
    for kind, context in build_contexts(with_documents=False).items():
        update: dict[str, object] = {}
        caption = context.caption
        if caption.case_number == "10-RC-269250":
            update["caption"] = LONG_CAPTION.model_copy(update={
                "other_case_numbers": caption.other_case_numbers and ("10-CA-274511", "10-CA-275304", "10-CA-281222"),
                "forum": caption.forum, "employer_label": caption.employer_label, "petitioner_label": caption.petitioner_label})
        fields = type(context).model_fields
        on = context.issuance.issued_on if isinstance(context.issuance.issued_on, date) else date(2021, 4, 16)
        if "service" in fields and context.service:
            filer = getattr(context, "filing_party", None)
            parties = [p for p in (LONG_EMPLOYER_PARTY, LONG_UNION_PARTY) if filer is None or p.role is not filer.role]
            update["service"] = _long_service(*parties, on=on)
        if "filing_party" in fields:
            update["filing_party"] = LONG_UNION_PARTY if context.filing_party.role is PartyRole.PETITIONER else LONG_EMPLOYER_PARTY  # type: ignore[attr-defined]
        if kind in (DocumentKind.OBJECTIONS, DocumentKind.HEARING_OFFICER_REPORT, DocumentKind.NOTICE_OF_HEARING,
                    DocumentKind.DECISION_AND_DIRECTION_OF_SECOND_ELECTION):
            update["objections_set" if kind is DocumentKind.NOTICE_OF_HEARING else "objections"] = LONG_OBJECTIONS
        if kind is DocumentKind.OFFER_OF_PROOF:
            update["objections"] = LONG_OBJECTIONS
            update["witnesses"] = tuple(
                WitnessItem(objection_number=n, witness=f"Christopher Alexander Montgomery-Wellington (witness {n}), Outbound Dock Associate",
                            summary="Will testify that on March 3, 2021 the Area Manager told the associates of the outbound dock that"
                            " the facility would close if the union won, and that the Employer would learn how each of them voted.")
                for n in range(1, 26) if n % 5)
        if kind is DocumentKind.HEARING_OFFICER_REPORT:
            update["challenges"] = REGISTER_3000
        if "signature" in fields and "filing_party" in fields:  # a party filing, signed by its counsel
            signer = update["filing_party"]
            assert isinstance(signer, PartyRef)
            update["signature"] = Signature(
                name=signer.representative or "", title=f"Counsel for the {signer.label}", organization=signer.name,
                contact_lines=(signer.address or "", f"Telephone (205) 555-0143 · {signer.email}", "Alabama Bar No. ASB-1234-R56F"))
        out[kind] = type(context).model_validate({**dict(context), **update})
    return out
