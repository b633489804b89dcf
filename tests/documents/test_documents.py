"""Documents rendered from real cases: text in the PDF, every page's header and footer, fonts,
determinism, golden HTML, escaping, and the context models' refusals."""

from __future__ import annotations

import io
import os
import re
from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from jinja2 import StrictUndefined, UndefinedError
from pydantic import ValidationError
from pypdf import PdfReader

import tests.documents.document_cases as cases
from casefile.documents.kinds.notice_of_runoff_election import NoticeOfRunoffElection, NoticeOfRunoffElectionContext
from casefile.documents.kinds.objections import Objections
from casefile.documents.kinds.offer_of_proof import WitnessItem
from casefile.documents.kinds.revised_tally import RevisedTallyContext, RevisedTallyOfBallots
from casefile.documents.kinds.status_report import CaseStatusReport, CaseStatusReportContext
from casefile.documents.kinds.tally_of_ballots import TallyOfBallots
from casefile.documents.parts import (
    Caption,
    DeadlineLine,
    DocumentContext,
    ElectionDates,
    ObjectionItem,
    PartyRef,
    ServiceEntry,
    TallyLines,
    VoteLine,
    is_placeholder,
    placeholder,
)
from casefile.documents.registry import DOCUMENTS, document_class
from casefile.documents.render import (
    RenderedDocument,
    count,
    election_period,
    environment,
    join_and,
    long_date,
    render_html,
    render_pdf,
    templates_dir,
)
from casefile.errors import InvalidTally, MalformedCaseNumber, ProcedureError
from casefile.rules.calendar import BusinessCalendar, clock_label
from casefile.rules.deadlines import compute_deadline
from casefile.rules.offices import office_for
from casefile.rules.rule_sets import rule_set_for
from casefile.rules.tally import AGAINST, TallyCounts, analyze_tally
from casefile.vocab import DeadlineKind, DocumentKind, ElectionAgreement, ElectionKind, PartyRole, TallyKind, VotingMethod
from tests.documents.checked import render_checked
from tests.documents.conditional_cases import CONDITIONAL_EXPECTED_TEXT
from tests.documents.order_cases import ORDER_EXPECTED_TEXT

GOLDEN = Path(__file__).parent / "golden"
SHA256_HEX = re.compile(r"\b[0-9a-f]{64}\b")

CASE_NUMBER = {kind: "10-RC-269250" for kind in DocumentKind} | {
    DocumentKind.CERTIFICATION_OF_RESULTS: "06-RC-311772",
    DocumentKind.CERTIFICATION_OF_REPRESENTATIVE: "06-RC-310608",
    DocumentKind.REVISED_TALLY_OF_BALLOTS: "03-RC-282139",
    DocumentKind.NOTICE_OF_RUNOFF_ELECTION: "01-RC-196511",
}
CASE_NUMBER |= {kind: "29-RC-288020" for kind in (DocumentKind.DECISION_ON_OBJECTIONS, DocumentKind.ORDER_EXTENDING_TIME,
                                                 DocumentKind.ORDER_TRANSFERRING_CASE)}
CASE_NUMBER |= {kind: "11-RC-850" for kind in (DocumentKind.DECISION_AND_CONDITIONAL_DIRECTION,
                                              DocumentKind.SUPPLEMENTAL_DECISION_AND_DIRECTION)}
CASE_NUMBER |= {kind: "13-RC-400123" for kind in (DocumentKind.BOARD_ORDER, DocumentKind.ORDER_APPROVING_WITHDRAWAL,
                                                 DocumentKind.ORDER_DISMISSING_PETITION,
                                                 DocumentKind.ORDER_TO_COUNT_EXCLUDED_BALLOTS)}

# Real values each document must print (checked in the text extracted from the PDF).
EXPECTED_TEXT = {
    DocumentKind.TALLY_OF_BALLOTS: [
        "TALLY OF BALLOTS", "AMAZON.COM SERVICES LLC", "RETAIL, WHOLESALE AND DEPARTMENT STORE UNION",
        "Approximate number of eligible voters 5,867", "Number of void ballots 76",
        "Number of votes cast for Retail, Wholesale and Department Store Union 738",
        "Number of votes cast against participating labor organization(s) 1,798",
        "Number of valid votes counted (sum of lines 3 and 4) 2,536", "Number of challenged ballots 505",
        "3,041", "Challenges are not sufficient in number to affect the results of the election.",
        "has not been cast for Retail, Wholesale and Department Store Union", "April 9, 2021",
        "February 8 to March 29, 2021", "by 11:59 p.m. EDT on Friday, April 16, 2021 (29 CFR 102.69(a)(8))",
        "Decision and Direction of Election; mail-ballot election", "For Amazon.com Services LLC",
    ],
    DocumentKind.OBJECTIONS: [
        "PETITIONER'S OBJECTIONS TO CONDUCT AFFECTING THE RESULTS OF THE ELECTION", "Objection 1.", "Objection 23.",
        "The Tally of Ballots was prepared on April 9, 2021.", "Certificate of Service".upper(),
        "Amazon.com Services LLC (Employer)", "Electronic mail", "April 16, 2021",
        "submitted to the Regional Director only and is not served on the other parties",
    ],
    DocumentKind.OFFER_OF_PROOF: [
        "CONFIDENTIAL Submitted to the Regional Director only; not served on other parties (29 CFR 102.69(a)(8))",
        "PETITIONER'S OFFER OF PROOF IN SUPPORT OF OBJECTIONS", "To: Lisa Henderson, Regional Director",
        "objections filed on April 16, 2021", "Summary of expected testimony",
    ],
    DocumentKind.NOTICE_OF_HEARING: [
        "NOTICE OF HEARING ON OBJECTIONS", "Friday, May 7, 2021", "to be designated by the Regional Director",
        "OBJECTIONS SET FOR HEARING", "revoke it within 5 business days after the date of service of the subpoena",
        "within 5 business days after the close of the hearing", "Lisa Henderson", "Regional Director",
    ],
    DocumentKind.HEARING_OFFICER_REPORT: [
        "HEARING OFFICER'S REPORT AND RECOMMENDATIONS ON OBJECTIONS", "Kerstin Meyers",
        "approximately 5,867 eligible voters", "738 votes for Retail, Wholesale and Department Store Union",
        "1,798 votes against", "United States Postal Service collection box",
        "recommends that the election held February 8 to March 29, 2021 be set aside and a second election directed",
        "Monday, August 16, 2021", "Monday, August 23, 2021", "answering brief", "August 2, 2021",
    ],
    DocumentKind.EXCEPTIONS: [
        "EMPLOYER'S EXCEPTIONS TO THE HEARING OFFICER'S REPORT", "Exception 1", "Exception 2",
        "Report and Recommendations issued on August 2, 2021", "STATEMENT OF SERVICE",
        "Retail, Wholesale and Department Store Union (Petitioner)", "August 16, 2021",
    ],
    DocumentKind.DECISION_AND_DIRECTION_OF_SECOND_ELECTION: [
        "DECISION ON OBJECTIONS AND DIRECTION OF SECOND ELECTION", "November 29, 2021", "Lisa Henderson",
        "is set aside and a second election is directed", "NOTICE OF SECOND ELECTION",
        "NOTICE TO ALL VOTERS: The election conducted from February 8 to March 29, 2021 was set aside because the"
        " National Labor Relations Board found that certain conduct of the Employer, Amazon.com Services LLC,"
        " interfered with the employees' exercise of a free and reasoned choice.",
        "payroll period ending immediately before the date of the Notice of Second Election, including",
        "three full working days before 12:01 a.m. of the day of the election", "request for review",
    ],
    DocumentKind.ALJ_DECISION: [
        "DECISION OF THE ADMINISTRATIVE LAW JUDGE", "DIVISION OF JUDGES", "Michael Silverstein",
        "November 5, 2024", "six unfair labor practices", "Confiscating union materials",
        "311 challenged ballots remain unopened", "A third election is directed", "Section 102.46",
    ],
    DocumentKind.CERTIFICATION_OF_RESULTS: [
        "CERTIFICATION OF RESULTS OF ELECTION", "48FORTY SOLUTIONS, LLC.",
        "IT IS HEREBY CERTIFIED that a majority of the valid ballots has not been cast for General Teamsters,"
        " Chauffeurs and Helpers Local Union 249", "Approximate number of eligible voters 14",
        "Valid votes counted 11", "4201 Grand Avenue, Pittsburgh, PA 15225", "April 7, 2023",
    ],
    DocumentKind.CERTIFICATION_OF_REPRESENTATIVE: [
        "CERTIFICATION OF REPRESENTATIVE",
        "IT IS HEREBY CERTIFIED that a majority of the valid ballots has been cast for United Steel, Paper and Forestry",
        "exclusive collective-bargaining representative",
        "Included: All hourly production (including rollers) and maintenance employees at the Employer's Lower Burrell,"
        " Pennsylvania facility. Excluded: All other employees, foremen, office clerical, confidential employees,"
        " guards, professional employees and supervisors as defined in the Act.",
        "Votes cast for United Steel", "March 3, 2023",
    ],
    DocumentKind.CASE_STATUS_REPORT: [
        "CASE STATUS REPORT", "738 + 1,798 = 2,536", "2,536 + 505 = 3,041", "875 + 993 = 1,868",
        "1,868 + 416 = 2,284", "Ballots cast 3,117", "738 + 505 = 1,243 is fewer than the 1,798 votes against",
        "Thursday, April 7, 2022", "11:59 p.m. EDT", "29 CFR 102.69(a)",
        "Thursday, April 21, 2022", "REP: certify Retail, Wholesale and Department Store Union",
        "Tally of Ballots — Rerun Election", "not legal advice",
        "Follows the first election, set aside by the Regional Director on November 29, 2021",
        "Retail, Wholesale and Department Store Union needs 119 of the 416 challenged ballots opened and counted for it"
        " (the rest sustained); with all 416 opened it needs 268",
        "with all 416 opened, 149 counted against suffice (a tie is not a majority)",
    ],
    DocumentKind.REVISED_TALLY_OF_BALLOTS: [
        "REVISED TALLY OF BALLOTS", "STARBUCKS CORPORATION", "WORKERS UNITED",
        "Tally revised Initial tally prepared December 9, 2021",
        "Revised tally prepared and made available January 10, 2022",
        "Original tally Challenged ballots counted Revised tally",
        "1. Approximate number of eligible voters 46 — 46", "2. Number of void ballots 0 0 0",
        "3. Number of votes cast for Workers United 15 0 15",
        "4. Number of votes cast against participating labor organization(s) 9 0 9",
        "5. Number of valid votes counted (sum of lines 3 and 4) 24 0 24",
        "6. Number of challenged ballots (on the revised tally: still unopened) 7 — 0",
        "7. Number of valid votes counted plus challenged ballots (sum of lines 5 and 6) 31 — 24",
        "Challenged ballots on the original tally (line 6, first column) 7",
        "Opened and counted, challenges overruled (second column) 0",
        "Challenges sustained: ballots neither opened nor counted 7",
        "Challenged ballots still unopened (line 6 of the revised tally) 0",
        "8. Challenges are not sufficient in number to affect the results of the election. (On the original tally the"
        " challenged ballots were sufficient in number to affect the results.)",
        "9. A majority of the valid votes counted plus challenged ballots (line 7 of the revised tally) has been cast for"
        " Workers United.",
        "sustained the challenges to all 7 ballots", "(no challenged ballot was opened)",
        "never how any voter voted",
        "by 11:59 p.m. EST on Tuesday, January 18, 2022 (29 CFR 102.69(e))",
        "will forthwith issue a certification of representative",
    ],
    DocumentKind.NOTICE_OF_RUNOFF_ELECTION: [
        "NOTICE OF RUNOFF ELECTION", "TRINITY COLLEGE",
        "LEOS-PBA (TRINITY COLLEGE CAMPUS SAFETY OFFICERS & DISPATCHERS UNION)", "SPFPA LOCAL 502",
        "No choice on the ballot having received a majority of the valid votes counted (Tally of Ballots prepared on"
        " May 4, 2017), the Regional Director will conduct a runoff election under Section 102.70",
        "Votes cast for LEOS-PBA (Trinity College Campus Safety Officers & Dispatchers Union) 9",
        "Votes cast for SPFPA Local 502 8", "Votes cast against participating labor organizations 5",
        "Valid votes counted 22", "Approximate number of eligible voters 28",
        "A majority of the 22 valid votes counted is 12 votes; no choice received that many.",
        "LEOS-PBA (Trinity College Campus Safety Officers & Dispatchers Union) 9 votes SPFPA Local 502 8 votes",
        "(29 CFR 102.70(c))", "a tie is not a majority",
        "who were eligible to vote in the election held on", "and who are employed in an eligible category on the date"
        " of the runoff election (29 CFR 102.70(b))",
        "at least three full working days before 12:01 a.m. of the day of the runoff election",
        "Only one runoff election is held under Section 102.70 (29 CFR 102.70(a))",
    ],
    DocumentKind.REQUEST_FOR_REVIEW: [
        "EMPLOYER'S REQUEST FOR REVIEW OF THE REGIONAL DIRECTOR'S DECISION ON OBJECTIONS AND DIRECTION OF SECOND",
        "Pursuant to Sections 102.67 and 102.69(c)(2)", "issued on November 29, 2021.", "Ground 1.", "Ground 2.",
        "A copy is also served on the Regional Director, Region 10.", "Dated: December 13, 2021", "CERTIFICATE OF SERVICE",
        "Retail, Wholesale and Department Store Union (Petitioner)",
    ],
    DocumentKind.STATEMENT_IN_OPPOSITION: [
        "PETITIONER'S STATEMENT IN OPPOSITION TO THE EMPLOYER'S REQUEST FOR REVIEW", "Section 102.67(f)",
        "filed on December 13, 2021 by the Employer, Amazon.com Services LLC", "Point 1.",
        "requests that the Board deny the Employer's request for review", "Amazon.com Services LLC (Employer)",
    ],
    DocumentKind.ANSWERING_BRIEF: [
        "PETITIONER'S ANSWERING BRIEF TO THE EXCEPTIONS TO THE HEARING OFFICER'S REPORT",
        "exceptions of the Employer, Amazon.com Services LLC, filed on August 16, 2021", "issued on August 2, 2021",
        "(due August 23, 2021, 29 CFR 102.69(c)(1)(iii))", "Point 1.", "Point 2.", "STATEMENT OF SERVICE",
    ],
    DocumentKind.CROSS_EXCEPTIONS: [
        "PETITIONER'S CROSS-EXCEPTIONS TO THE HEARING OFFICER'S REPORT", "Section 102.46(c)", "Cross-Exception 1",
        "Excepted to:", "Grounds:", "decline to adopt the findings and recommendations cross-excepted to",
    ],
    DocumentKind.WAIVER_OF_EXCEPTIONS: [
        "EMPLOYER'S WAIVER OF EXCEPTIONS TO THE HEARING OFFICER'S REPORT",
        "files this waiver of its right under Section 102.69(c)(1)(iii)", "issued on August 2, 2021.",
        "1. The Employer waives its right to file exceptions to the Hearing Officer's Report.",
        "it does not waive any right to answer exceptions another party files", "STATEMENT OF SERVICE",
    ],
    DocumentKind.MOTION_FOR_RECONSIDERATION: [
        "EMPLOYER'S MOTION FOR RECONSIDERATION OF THE REGIONAL DIRECTOR'S DECISION ON OBJECTIONS AND", "Section 102.65(e)",
        "issued on November 29, 2021", "(due December 13, 2021, 29 CFR 102.65(e))", "Ground 1.",
    ],
    DocumentKind.EXTENSION_REQUEST: [
        "EMPLOYER'S REQUEST FOR EXTENSION OF TIME TO FILE EXCEPTIONS TO THE HEARING OFFICER'S REPORT",
        "Section 102.2(c)", "extend to August 30, 2021 the time to file its exceptions", "now due on August 16, 2021",
        "It is filed within 3 days of the due date", "1. ", "2. The positions of the other parties:",
    ],
}
EXPECTED_TEXT[DocumentKind.ORDER_CONSOLIDATING_CASES] = [
    "ORDER CONSOLIDATING CASES AND NOTICE OF HEARING", "A Tally of Ballots was prepared in Case 10-RC-269250 on March 31, 2022.",
    "Objections to the election were filed by the Petitioner, Retail, Wholesale and Department Store Union, on April 7, 2022; "
    "and by the Employer, Amazon.com Services LLC, on April 7, 2022.",
    "for hearing before an Administrative Law Judge, and that the objections set out below and the challenged ballots be heard",
    "Petitioner's Objection 14.", "Employer's Objection 7.", "Thursday, April 25, 2024", "Birmingham, Alabama",
    "Michael Silverstein", "exceptions to it, on the objections and challenged ballots too, may be filed with the Board",
]
EXPECTED_TEXT |= ORDER_EXPECTED_TEXT  # the decision overruling objections and the orders (tests/documents/order_cases.py)
EXPECTED_TEXT |= CONDITIONAL_EXPECTED_TEXT  # a conditional direction and the one after it (tests/documents/conditional_cases.py)


def pdf_pages(pdf: bytes) -> list[str]:
    """Text of each page of ``pdf``, whitespace collapsed to single spaces."""
    reader = PdfReader(io.BytesIO(pdf))
    return [" ".join(page.extract_text().split()) for page in reader.pages]


KINDS = pytest.mark.parametrize("kind", list(DocumentKind), ids=[kind.value for kind in DocumentKind])


class TestEveryDocumentKind:
    @KINDS
    def test_pdf_text_shows_the_real_values(self, kind: DocumentKind, rendered: dict[DocumentKind, RenderedDocument]) -> None:
        """The text extracted from the PDF contains the case's real names, counts and dates."""
        text = " ".join(pdf_pages(rendered[kind].pdf))
        missing = [expected for expected in EXPECTED_TEXT[kind] if expected not in text]
        assert not missing, f"{kind.value}: not in the PDF text: {missing}"

    @KINDS
    def test_case_number_and_page_x_of_y_on_every_page(self, kind: DocumentKind, rendered: dict[DocumentKind, RenderedDocument]) -> None:
        """Every page carries the case number in its running header and "Page N of M" in its footer; a party's
        filing has the case number in its caption only (29 CFR 102.5(a): no text in the margins but page numbers)."""
        pages = pdf_pages(rendered[kind].pdf)
        for number, text in enumerate(pages, start=1):
            if document_class(kind).party_filing and number > 1:
                assert CASE_NUMBER[kind] not in text, f"{kind.value}: page {number} prints the case number in a margin"
            else:
                assert CASE_NUMBER[kind] in text, f"{kind.value}: page {number} lacks the case number"
            assert f"Page {number} of {len(pages)}" in text, f"{kind.value}: page {number} lacks its page number"

    @KINDS
    def test_fonts_are_embedded(self, kind: DocumentKind, rendered: dict[DocumentKind, RenderedDocument]) -> None:
        """Every font used on every page is embedded (its descriptor has a FontFile stream), DejaVu Serif among them."""
        names = set()
        for page in PdfReader(io.BytesIO(rendered[kind].pdf)).pages:
            for font in page["/Resources"]["/Font"].values():
                font = font.get_object()
                names.add(str(font["/BaseFont"]).split("+", 1)[-1])
                holder = font["/DescendantFonts"][0].get_object() if font["/Subtype"] == "/Type0" else font
                descriptor = holder["/FontDescriptor"].get_object()
                assert {"/FontFile", "/FontFile2", "/FontFile3"} & set(descriptor.keys()), f"{font['/BaseFont']} not embedded"
        assert "DejaVu-Serif" in names

    @KINDS
    def test_pdf_is_us_letter_with_issue_date_metadata(self, kind: DocumentKind, rendered: dict[DocumentKind, RenderedDocument],
                                                       contexts: dict[DocumentKind, DocumentContext]) -> None:
        """Pages are 8.5 x 11 in (612 x 792 pt) and the PDF's creation date is the document's issue date."""
        reader = PdfReader(io.BytesIO(rendered[kind].pdf))
        for page in reader.pages:
            assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (612, 792)
        issued_on = contexts[kind].issuance.issued_on
        expected = f"D:{issued_on:%Y%m%d}" if isinstance(issued_on, date) else None
        assert reader.metadata.get("/CreationDate") == expected
        assert reader.metadata.get("/ModDate") == expected

    @KINDS
    def test_same_context_gives_the_same_sha256(self, kind: DocumentKind, rendered: dict[DocumentKind, RenderedDocument],
                                                contexts: dict[DocumentKind, DocumentContext]) -> None:
        """Rendering the same context again gives byte-identical HTML and PDF (same sha256)."""
        again = render_pdf(document_class(kind), contexts[kind])
        assert again.html == rendered[kind].html
        assert again.sha256 == rendered[kind].sha256
        assert len(again.sha256) == 64

    @KINDS
    def test_html_matches_the_reviewed_golden_file(self, kind: DocumentKind, rendered: dict[DocumentKind, RenderedDocument]) -> None:
        """The HTML equals tests/documents/golden/<kind>.html (PDF digests, which depend on the font subsetter, masked)."""
        html = SHA256_HEX.sub("<sha256>", rendered[kind].html)
        golden = GOLDEN / f"{kind.value}.html"
        if not golden.exists() or os.environ.get("CASEFILE_UPDATE_GOLDEN") == "1":
            golden.parent.mkdir(parents=True, exist_ok=True)
            golden.write_text(html, encoding="utf-8")
            pytest.fail(f"golden file {golden} was written; review it and run the tests again")
        assert html == golden.read_text(encoding="utf-8"), f"{kind.value}: HTML differs from {golden}"

    @KINDS
    def test_placeholders_are_styled_in_the_html(self, kind: DocumentKind, rendered: dict[DocumentKind, RenderedDocument]) -> None:
        """Every placeholder printed in the body sits in a span styled as a placeholder, never as plain text."""
        body = rendered[kind].html.split("<body", 1)[1]
        for match in re.finditer(r"\[NOT IN THE PUBLIC RECORD: [^\]]+\]", body):
            before = body[: match.start()]
            assert before.endswith('<span class="placeholder">'), f"unstyled placeholder {match.group(0)!r}"


class TestDocumentContent:
    def test_rerun_tally_says_rerun_and_challenges_sufficient(self) -> None:
        """The 2022 rerun tally is titled as a rerun and states that the 416 challenges are sufficient to affect the results."""
        document = render_checked(DocumentKind.TALLY_OF_BALLOTS, cases.tally_2022())
        text = " ".join(pdf_pages(document.pdf))
        assert document.title == "Tally of Ballots — Rerun Election"
        for expected in ("TALLY OF BALLOTS — RERUN ELECTION", "Tally type Rerun", "6,153", "Number of void ballots 59",
                         "875", "993", "1,868", "416", "2,284", "Challenges are sufficient in number to affect the results",
                         "Thursday, April 7, 2022"):
            assert expected in text

    def test_lufkin_paragraph_omits_party_fault_for_board_agent_irregularity(self) -> None:
        """When the set-aside rests on Board-agent irregularity, the notice omits the sentence naming a party."""
        context = cases.decision_2021().model_copy(update={"party_at_fault": None})
        text = " ".join(pdf_pages(render_checked(DocumentKind.DECISION_AND_DIRECTION_OF_SECOND_ELECTION, context).pdf))
        assert "The election conducted from February 8 to March 29, 2021 was set aside. Therefore, a new election" in text
        assert "certain conduct of" not in text
        # it asserts no irregularity it did not find: the set-aside rests on the rulings the decision makes
        assert "On the rulings above, the election held from February 8 to March 29, 2021 is set aside" in text
        assert "irregularities" not in text and "found above" not in text

    def test_notice_of_second_election_states_the_posting_date_once_the_election_date_is_known(self) -> None:
        """With the rerun's mail schedule known, the posting obligation names the computed posting date (R-O5)."""
        context = cases.decision_2021().model_copy(
            update={
                "second_election_schedule": "ballots mailed February 4, 2022; to be returned by March 25, 2022; count March 28, 2022",
                "posting": DeadlineLine(
                    what="Notice of Second Election posted",
                    due_on=date(2022, 2, 1),  # 3 full working days before 12:01 a.m. Fri 2022-02-04
                    cutoff_at=datetime(2022, 2, 1, 0, 1, tzinfo=ZoneInfo("America/Chicago")),
                    citation="29 CFR 102.67(k)",
                ),
            }
        )
        text = " ".join(pdf_pages(render_checked(DocumentKind.DECISION_AND_DIRECTION_OF_SECOND_ELECTION, context).pdf))
        assert "no later than 12:01 a.m. on Tuesday, February 1, 2022 (29 CFR 102.67(k))" in text
        assert "ballots mailed February 4, 2022" in text

    def test_consent_election_decision_states_finality_not_review(self) -> None:
        """A consent election's decision says the rulings are final and offers no request for review (R-K5)."""
        context = cases.decision_2021().model_copy(update={"agreement": ElectionAgreement.CONSENT, "review": cases.review_of(ElectionAgreement.CONSENT)})
        text = " ".join(pdf_pages(render_checked(DocumentKind.DECISION_AND_DIRECTION_OF_SECOND_ELECTION, context).pdf))
        assert "FINALITY" in text
        assert "there is no review by the Board" in text
        assert "request for review of this Decision" not in text

    def test_offer_of_proof_has_no_certificate_of_service(self, rendered: dict[DocumentKind, RenderedDocument]) -> None:
        """The offer of proof is served on no other party: it carries no certificate of service and no service list (R-G7)."""
        text = " ".join(pdf_pages(rendered[DocumentKind.OFFER_OF_PROOF].pdf))
        assert "CERTIFICATE OF SERVICE" not in text
        assert "Party served" not in text
        assert "FOR THE REGIONAL DIRECTOR ONLY" not in text  # no running marking in the margins (29 CFR 102.5(a))

    def test_offer_of_proof_lists_only_the_objections_with_evidence(self) -> None:
        """Of 23 objections, the one with a witness is listed; no "No witness is offered" for the 22 others."""
        context = cases.offer_of_proof_2021().model_copy(update={"objections": cases.OBJECTIONS_2021, "witnesses": (
            WitnessItem(objection_number=1, witness="Jennifer Bates", summary=placeholder("summary of expected testimony")),)})
        text = _text(DocumentKind.OFFER_OF_PROOF, context)
        assert "Objection 1 [NOT IN THE PUBLIC RECORD: text of Objection 1 as filed] Witness Summary of expected testimony Jennifer Bates" in text
        assert "Objection 2" not in text and "No witness" not in text and "EVIDENCE TO FOLLOW" not in text

    def test_offer_of_proof_says_evidence_to_follow_after_an_extension(self) -> None:
        """When the Regional Director extended the offer of proof, the objections without a witness yet are named, with the date."""
        context = cases.offer_of_proof_2021().model_copy(update={
            "objections": cases.OBJECTIONS_2021[:4], "evidence_due_on": date(2021, 4, 23), "witnesses": (
                WitnessItem(objection_number=1, witness="Jennifer Bates", summary=placeholder("summary of expected testimony")),)})
        text = _text(DocumentKind.OFFER_OF_PROOF, context)
        assert ("EVIDENCE TO FOLLOW The Regional Director has extended to April 23, 2021 the time to submit the offer of proof on"
                " Objections 2, 3, and 4 (29 CFR 102.69(a)(8))") in text

    @pytest.mark.parametrize(("record", "says"), [
        ({"offer_of_proof": "separately", "offer_filed_on": date(2021, 4, 23)},
         "testimony, was filed separately with the Regional Director on April 23, 2021; it goes to the Regional Director only"),
        ({"offer_of_proof": "extended", "offer_due_on": date(2021, 4, 23)},
         "testimony, will be filed separately with the Regional Director within the time extended by order to April 23, 2021;"),
        ({"offer_of_proof": "to-follow"},
         "testimony, is to be filed separately with the Regional Director only and is not served on the other parties."),
    ], ids=["filed-separately", "time-extended", "not-in-the-record"])
    def test_objections_say_what_the_record_says_of_the_offer_of_proof(self, record: dict[str, object], says: str) -> None:
        """The objections do not claim the offer "is submitted" with them when it was filed apart or its time extended (102.69(a)(8))."""
        text = _text(DocumentKind.OBJECTIONS, cases.objections_2021().model_copy(update=record))
        assert says in text and "is submitted to the Regional Director" not in text

    def test_offer_of_proof_says_confidential_once(self) -> None:
        """The banner on the first page says CONFIDENTIAL; no page repeats it in a margin (29 CFR 102.5(a))."""
        context = cases.offer_of_proof_2021().model_copy(update={"objections": cases.OBJECTIONS_2021, "witnesses": tuple(
            WitnessItem(objection_number=n, witness=placeholder("witness"), summary=placeholder("summary of expected testimony"))
            for n in range(1, 24))})
        pages = pdf_pages(render_checked(DocumentKind.OFFER_OF_PROOF, context).pdf)
        assert len(pages) > 2
        assert [page.count("CONFIDENTIAL") for page in pages] == [1] + [0] * (len(pages) - 1)

    @pytest.mark.parametrize(
        ("objections", "challenged", "title"),
        [
            (True, None, "Notice of Hearing on Objections"),
            (True, 416, "Notice of Hearing on Objections and Challenged Ballots"),
            (False, 416, "Notice of Hearing on Challenged Ballots"),
        ],
        ids=["objections", "objections-and-challenges", "challenges"],
    )
    def test_notice_of_hearing_title_follows_what_is_set(self, objections: bool, challenged: int | None, title: str) -> None:
        """The notice's title names objections, challenged ballots or both, as set for hearing."""
        context = cases.notice_of_hearing_2021().model_copy(
            update={"objections_set": cases.OBJECTIONS_2021 if objections else (), "challenged_ballots_set": challenged}
        )
        document = render_checked(DocumentKind.NOTICE_OF_HEARING, context)
        assert document.title == title
        assert title.upper() in " ".join(pdf_pages(document.pdf))

    def test_status_report_lists_documents_with_their_sha256(self, rendered: dict[DocumentKind, RenderedDocument],
                                                              contexts: dict[DocumentKind, DocumentContext]) -> None:
        """The case status report prints the sha256 of each document issued, equal to the digest of that PDF."""
        tally = render_pdf(TallyOfBallots, cases.tally_2021())
        report = contexts[DocumentKind.CASE_STATUS_REPORT]
        assert report.documents[0].sha256 == tally.sha256
        assert tally.sha256 in rendered[DocumentKind.CASE_STATUS_REPORT].html


class TestEscapingAndEnvironment:
    def test_party_names_are_escaped(self) -> None:
        """A party name with markup or an ampersand is printed as text, never as HTML."""
        hostile = "<script>alert(1)</script> Smith & Sons"
        context = cases.objections_2021()
        context = context.model_copy(
            update={
                "caption": context.caption.model_copy(update={"employer": hostile}),
                "service": (context.service[0].model_copy(update={"party": context.service[0].party.model_copy(update={"name": hostile})}),),
            }
        )
        html = render_html(Objections, context)
        assert "<script>" not in html
        assert "&lt;script&gt;alert(1)&lt;/script&gt; Smith &amp; Sons" in html
        text = "".join(pdf_pages(render_checked(DocumentKind.OBJECTIONS, context).pdf)).replace(" ", "")
        assert "<script>alert(1)</script>Smith&Sons(Employer)" in text  # printed as text (spaces ignored: the cell wraps)

    def test_environment_is_strict_and_autoescaping(self) -> None:
        """The environment uses StrictUndefined and autoescaping, so a misspelt field raises instead of printing nothing."""
        env = environment()
        assert env.undefined is StrictUndefined
        assert env.autoescape is True
        with pytest.raises(UndefinedError):
            env.from_string("{{ ctx.caption.case_numbr }}").render(ctx=cases.tally_2021())

    def test_a_context_of_the_wrong_model_is_refused(self) -> None:
        """Rendering a kind from another kind's context model raises ProcedureError naming both models."""
        with pytest.raises(ProcedureError, match="TallyOfBallotsContext, not ObjectionsContext"):
            render_html(TallyOfBallots, cases.objections_2021())

    def test_every_kind_has_a_context_model_and_a_template(self) -> None:
        """Every DocumentKind has one document class (casefile.documents.registry), with its context model and its template."""
        assert sorted(d.kind.value for d in DOCUMENTS) == sorted(kind.value for kind in DocumentKind)
        for kind in DocumentKind:
            assert (templates_dir() / document_class(kind).template()).is_file()
        assert (templates_dir() / "print.css").is_file()
        assert (templates_dir() / "__init__.py").is_file()


class TestFilters:
    @pytest.mark.parametrize(
        ("value", "text"),
        [(date(2021, 4, 9), "April 9, 2021"), (date(2021, 11, 29), "November 29, 2021"), (placeholder("date"), placeholder("date"))],
        ids=["tally-2021", "rd-decision", "placeholder"],
    )
    def test_long_date(self, value: date | str, text: str) -> None:
        """Dates print as "Month D, YYYY"; a placeholder passes through."""
        assert long_date(value) == text

    @pytest.mark.parametrize(("value", "text"), [(5867, "5,867"), (76, "76"), (0, "0"), (1798, "1,798")], ids=["eligible", "void", "zero", "against"])
    def test_count(self, value: int, text: str) -> None:
        """Counts print with thousands separators."""
        assert count(value) == text

    @pytest.mark.parametrize(
        ("value", "text"),
        [
            (datetime(2021, 8, 16, 23, 59, 59, tzinfo=ZoneInfo("America/New_York")), "11:59 p.m. EDT"),
            (datetime(2022, 2, 1, 0, 1, tzinfo=ZoneInfo("America/Chicago")), "12:01 a.m. CST"),
            (datetime.fromisoformat("2022-04-07T23:59:59-04:00"), "11:59 p.m. UTC-04:00"),
            (datetime(2026, 12, 1, 7, 5, 27, tzinfo=ZoneInfo("America/Chicago")), "7:05 a.m. CST"),
        ],
        ids=["cutoff-edt", "posting-cst", "fixed-offset", "chicago-status-as-of"],
    )
    def test_clock(self, value: datetime, text: str) -> None:
        """Instants print NLRB style, minutes only ("11:59 p.m.", never seconds), with the zone's abbreviation (or the UTC offset when the zone has no name)."""
        assert clock_label(value) == text

    @pytest.mark.parametrize(
        ("dates", "text"),
        [
            (ElectionDates(began_on=date(2021, 2, 8), ended_on=date(2021, 3, 29), method=VotingMethod.MAIL), "from February 8 to March 29, 2021"),
            (ElectionDates(began_on=date(2021, 12, 20), ended_on=date(2022, 1, 7), method=VotingMethod.MAIL), "from December 20, 2021 to January 7, 2022"),
            (ElectionDates(began_on=date(2022, 4, 29), method=VotingMethod.MANUAL), "on April 29, 2022"),
        ],
        ids=["bessemer-2021", "across-years", "one-day"],
    )
    def test_election_period(self, dates: ElectionDates, text: str) -> None:
        """An election's dates print as one day or a period."""
        assert election_period(dates) == text

    @pytest.mark.parametrize(("values", "text"), [(("A",), "A"), (("A", "B"), "A and B"), (("A", "B", "C"), "A, B, and C")], ids=["one", "two", "three"])
    def test_join_and(self, values: tuple[str, ...], text: str) -> None:
        """Lists of names join with "and"."""
        assert join_and(values) == text


def _tally(**changes: object) -> dict[str, object]:
    fields: dict[str, object] = dict(cases.TALLY_2021)
    fields.update(changes)
    return fields


class TestContextModels:
    @pytest.mark.parametrize(
        ("changes", "line"),
        [
            ({"valid": 2537}, "valid"),
            ({"valid_plus_challenged": 3040}, "valid_plus_challenged"),
            ({"majority_for": "Amazon Labor Union"}, "majority_for"),
        ],
        ids=["valid-not-sum", "line-8-not-sum", "majority-for-non-choice"],
    )
    def test_inconsistent_tally_is_refused(self, changes: dict[str, object], line: str) -> None:
        """A tally whose stated lines disagree with its counts raises InvalidTally naming the line."""
        with pytest.raises(InvalidTally) as raised:
            TallyLines(**_tally(**changes))
        assert raised.value.line == line

    def test_bessemer_tally_ballots_cast(self) -> None:
        """Ballots cast = valid + void + challenged: 2,536 + 76 + 505 = 3,117."""
        assert cases.TALLY_2021.ballots_cast == 3117

    @pytest.mark.parametrize("number", ["10-RC-26925X", "RC-269250", "10_RC_269250"], ids=["letter", "no-region", "underscores"])
    def test_malformed_case_number_is_refused(self, number: str) -> None:
        """A caption's case number must have the form RR-TT-NNNNNN."""
        with pytest.raises(MalformedCaseNumber, match=re.escape(number)):
            Caption(case_number=number, employer="E", petitioner="P", region="Region 10", office="Atlanta, Georgia")

    def test_placeholder_format(self) -> None:
        """placeholder() labels the missing fact (a bracket in it written as a parenthesis); is_placeholder() recognizes exactly such strings."""
        text = placeholder("hearing officer's name")
        assert text == "[NOT IN THE PUBLIC RECORD: hearing officer's name]"
        assert is_placeholder(text)
        assert not is_placeholder("Kerstin Meyers")
        assert placeholder("service address of Acme [Holdings] LLC") == (
            "[NOT IN THE PUBLIC RECORD: service address of Acme (Holdings) LLC]")  # a name never refuses a document
        with pytest.raises(ProcedureError):
            placeholder("  ")

    def test_a_date_field_takes_a_date_or_a_placeholder_only(self) -> None:
        """A date field accepts an ISO date or a placeholder, and refuses any other string."""
        assert ElectionDates(began_on="2021-02-08", method=VotingMethod.MAIL).began_on == date(2021, 2, 8)
        assert is_placeholder(ElectionDates(began_on=placeholder("election date"), method=VotingMethod.MAIL).began_on)
        with pytest.raises(ValidationError):
            ElectionDates(began_on="sometime in February", method=VotingMethod.MAIL)

    def test_models_are_frozen_and_refuse_unknown_fields(self) -> None:
        """Context models cannot be changed after creation and refuse fields they do not define."""
        party = PartyRef(name="Amazon.com Services LLC", role=PartyRole.EMPLOYER)
        with pytest.raises(ValidationError):
            party.name = "Someone else"  # type: ignore[misc]
        with pytest.raises(ValidationError):
            PartyRef(name="Amazon.com Services LLC", role=PartyRole.EMPLOYER, fax="205-555-0100")  # type: ignore[call-arg]

    def test_offer_of_proof_witness_must_support_a_listed_objection(self) -> None:
        """A witness offered on an objection the offer does not list is refused."""
        fields = dict(cases.offer_of_proof_2021())
        fields["witnesses"] = (WitnessItem(objection_number=7, witness=placeholder("witness"), summary=placeholder("summary")),)
        with pytest.raises(ProcedureError, match="Objection 7"):
            type(cases.offer_of_proof_2021())(**fields)

    def test_objections_are_not_served_on_the_objecting_party(self) -> None:
        """A certificate of service listing the objecting party itself is refused."""
        fields = dict(cases.objections_2021())
        fields["service"] = (ServiceEntry(party=cases.PETITIONER, manner="Electronic mail", address="x@example.org", served_on=date(2021, 4, 16)),)
        with pytest.raises(ProcedureError, match="objecting party"):
            type(cases.objections_2021())(**fields)

    def test_notice_of_hearing_must_set_something(self) -> None:
        """A notice of hearing with neither objections nor challenged ballots set is refused (R-I2)."""
        fields = dict(cases.notice_of_hearing_2021())
        fields["objections_set"] = ()
        with pytest.raises(ProcedureError, match=r"102\.69\(c\)\(1\)\(ii\)"):
            type(cases.notice_of_hearing_2021())(**fields)

    def test_objection_numbers_start_at_one(self) -> None:
        """An objection numbered 0 is refused."""
        with pytest.raises(ValidationError):
            ObjectionItem(number=0, text="x")

    def test_runoff_tally_without_against_line(self) -> None:
        """A runoff between two labor organizations has no "against" line; valid is the sum of the two."""
        tally = TallyLines(
            kind=TallyKind.RUNOFF,
            prepared_on=date(2017, 5, 17),
            ballot_type="Two Labor Organizations",
            election=ElectionDates(began_on=placeholder("runoff date"), method=VotingMethod.MANUAL),
            eligible=28,
            void=0,
            choices=(VoteLine(choice="LEOS-PBA", votes=8), VoteLine(choice="SPFPA Local 502", votes=11)),
            against=None,
            valid=19,
            challenged=0,
            valid_plus_challenged=19,
            determinative=False,
            majority_for="SPFPA Local 502",
            outcome="Certify SPFPA Local 502",
        )
        html = render_html(TallyOfBallots, cases.tally_2021().model_copy(update={"tally": tally}))
        assert "against participating" not in html
        assert "has been cast for SPFPA Local 502" in html


# --------------------------------------------------------------------------------------------
# Revised Tally of Ballots, Notice of Runoff Election, status report additions
# --------------------------------------------------------------------------------------------


def _counts(tally: TallyLines) -> TallyCounts:
    """The counts of a document's tally, as casefile.rules takes them."""
    return TallyCounts(
        choices=tuple((line.choice, line.votes) for line in tally.choices),
        against=tally.against,
        challenged=tally.challenged,
        void=tally.void,
        eligible=tally.eligible,
        runoff_ballot=tally.kind is TallyKind.RUNOFF,
    )


def _text(kind: DocumentKind, context: DocumentContext) -> str:
    return " ".join(pdf_pages(render_checked(kind, context).pdf))


class TestFixturesAgreeWithTheRules:
    @pytest.mark.parametrize(
        "tally",
        [cases.TALLY_GENESEE_2021, cases.REVISED_GENESEE_2022, cases.TALLY_SELCK, cases.TALLY_TRINITY_2017,
         cases.TALLY_TRINITY_RUNOFF_2017],
        ids=["genesee-initial", "genesee-revised", "selck-initial", "trinity-initial", "trinity-runoff"],
    )
    def test_statements_are_what_the_rules_compute(self, tally: TallyLines) -> None:
        """Each fixture tally's line 9 and 10 statements and outcome are what casefile.rules computes from its counts
        (the outcome in words, as the record view words it from the outcome's fields)."""
        from casefile.rules.outcome import outcome_words

        analysis = analyze_tally(_counts(tally))
        assert (tally.determinative, tally.majority_for) == (analysis.determinative, analysis.majority_for)
        assert tally.outcome == outcome_words(analysis.outcome)

    @pytest.mark.parametrize(
        ("kind", "trigger_on", "petition_filed_on", "region", "due_on", "cutoff_at"),
        [
            # Mon 2022-01-10 + 5 business days, Martin Luther King Jr. Day (Mon 01-17) skipped.
            (DeadlineKind.REVISED_TALLY_OBJECTIONS, date(2022, 1, 10), date(2021, 8, 30), "03", date(2022, 1, 18),
             "2022-01-18T23:59:59-05:00"),
            # Runoff on Wed 2017-05-17 (the day of its tally): posted by 12:01 a.m. Fri 05-12. The petition preceded
            # the tally of 2017-05-04; every rule set has the same posting period.
            (DeadlineKind.NOTICE_POSTING, date(2017, 5, 17), date(2017, 5, 4), "01", date(2017, 5, 12),
             "2017-05-12T00:01:00-04:00"),
        ],
        ids=["genesee-revised-tally-objections", "trinity-runoff-posting"],
    )
    def test_document_deadlines_are_the_engines(self, kind: DeadlineKind, trigger_on: date, petition_filed_on: date,
                                                region: str, due_on: date, cutoff_at: str) -> None:
        """The due dates the fixtures print are the ones the deadline engine computes."""
        computed = compute_deadline(kind, trigger_on, rule_set=rule_set_for(petition_filed_on),
                                    calendar=BusinessCalendar(), office=office_for(region))
        assert (computed.due_on, computed.cutoff_at.isoformat()) == (due_on, cutoff_at)

    def test_genesee_fixture_deadline(self) -> None:
        """The Genesee revised tally states the engine's due date and cut-off for objections to it (R-G9)."""
        due = cases.revised_tally_genesee_2022().objections_due
        assert due is not None
        assert (due.due_on, due.cutoff_at.isoformat() if due.cutoff_at else None) == (date(2022, 1, 18), "2022-01-18T23:59:59-05:00")

    def test_runoff_choices_are_the_rules_and_were_on_the_runoff_ballot(self) -> None:
        """The notice's two choices are the runoff the rules call for, and the ones the real runoff tally counted."""
        notice = cases.notice_of_runoff_trinity_2017()
        outcome = analyze_tally(_counts(notice.tally)).outcome
        assert outcome.runoff_choices == notice.choices == (cases.LEOS, cases.SPFPA)
        assert tuple(line.choice for line in cases.TALLY_TRINITY_RUNOFF_2017.choices) == notice.choices


def _revised(**changes: object) -> dict[str, object]:
    fields: dict[str, object] = dict(cases.revised_tally_genesee_2022())
    fields.update(changes)
    return fields


class TestRevisedTally:
    @pytest.mark.parametrize(
        ("counted_for", "counted_against", "expected"),
        [
            (2, 0, ["3. Number of votes cast for {u} 17 2 19", "4. Number of votes cast against participating labor"
                    " organization(s) 15 0 15", "5. Number of valid votes counted (sum of lines 3 and 4) 32 2 34",
                    "The 2 challenged ballots still unopened are not sufficient in number to affect the results",
                    "(On the original tally the challenged ballots were sufficient", "has been cast for {u}",
                    "will forthwith issue a certification of representative"]),
            (1, 1, ["3. Number of votes cast for {u} 17 1 18", "organization(s) 15 1 16",
                    "The 2 challenged ballots still unopened are sufficient in number to affect the results",
                    "has not been cast for {u}", "the Regional Director will rule on them before the results are certified"]),
            (0, 2, ["3. Number of votes cast for {u} 17 0 17", "organization(s) 15 2 17",
                    "The 2 challenged ballots still unopened are sufficient in number to affect the results",
                    "has not been cast for {u}", "the Regional Director will rule on them before the results are certified"]),
        ],
        ids=["selck-both-for", "selck-split", "selck-both-against"],
    )
    def test_partial_opening_retests_the_ballots_still_unopened(self, counted_for: int, counted_against: int,
                                                               expected: list[str]) -> None:
        """Selck (T5, 17–15 with 4 challenged): after 2 ballots are opened, the revised tally re-tests the 2 still unopened (R-L4)."""
        text = _text(DocumentKind.REVISED_TALLY_OF_BALLOTS, cases.revised_tally_selck(counted_for, counted_against))
        for line in expected:
            assert line.format(u=cases.SELCK_UNION) in text
        for line in ("6. Number of challenged ballots (on the revised tally: still unopened) 4 — 2",
                     "Opened and counted, challenges overruled (second column) 2",
                     "Challenged ballots still unopened (line 6 of the revised tally) 2",
                     "the undersigned agent of the Regional Director certifies that the 2 challenged ballots whose"
                     " challenges were overruled were opened and counted",
                     "records only the number of votes cast for each choice among the ballots opened, never how any voter voted",
                     "For the Regional Director:"):
            assert line in text

    def test_synthetic_split_is_labelled(self) -> None:
        """The Selck document labels its rulings and the votes of the opened ballots as not from the record."""
        html = render_html(RevisedTallyOfBallots, cases.revised_tally_selck(1, 1))
        assert ('<span class="placeholder">[NOT IN THE PUBLIC RECORD: the Regional Director&#39;s rulings overruling 2 of'
                " the 4 challenges; the votes of the 2 ballots opened are illustrative, not from the record]</span>") in html

    @pytest.mark.parametrize(("opened", "shown"), [(0, False), (2, True)], ids=["genesee-none-opened", "selck-two-opened"])
    def test_observers_sign_only_when_ballots_were_opened(self, opened: int, shown: bool) -> None:
        """The observers' acknowledgment of the opening and count appears only when challenged ballots were opened."""
        base = cases.revised_tally_genesee_2022() if opened == 0 else cases.revised_tally_selck(1, 1)
        context = RevisedTallyContext(**(dict(base) | {"observers_for": (base.caption.employer, base.caption.petitioner)}))
        html = render_html(RevisedTallyOfBallots, context)
        assert ('<section class="observers">' in html) is shown

    def test_genesee_columns_and_counts(self) -> None:
        """Genesee Street: nothing opened, 7 sustained; the revised column is the original less the 7 challenged ballots."""
        context = cases.revised_tally_genesee_2022()
        assert (context.counted_valid, context.resolved) == (0, 7)
        assert context.revised.valid_plus_challenged == context.original.valid_plus_challenged - context.sustained

    @pytest.mark.parametrize(("counted_for", "counted_against"), [(2, 0), (1, 1), (0, 2)], ids=["both-for", "split", "both-against"])
    def test_the_columns_are_the_rules_read_back(self, counted_for: int, counted_against: int) -> None:
        """The middle column is what the rules added (casefile.rules.revised_count.revised_columns inverts revised_counts):
        Selck (17–15, 4 challenged), 2 opened and 1 sustained — the counted votes, 1 sustained and 1 still unopened."""
        from casefile.rules.revised_count import Resolution, revised_columns, revised_counts

        original = _counts(cases.revised_tally_selck(counted_for, counted_against).original)
        revised = revised_counts(original, Resolution(opened=2, sustained=1), counted={cases.SELCK_UNION: counted_for},
                                 counted_against=counted_against)
        columns = revised_columns(original, revised, opened=2)
        assert (columns.counted, columns.counted_against, columns.sustained, columns.still_unopened) == (
            ((cases.SELCK_UNION, counted_for),), counted_against, 1, 1)

    def test_the_context_decides_nothing(self) -> None:
        """A revised tally context takes the columns it is given: the arithmetic is the rules' (refused by the act)."""
        context = RevisedTallyContext(**_revised(sustained=6))  # the rules would never give these
        assert context.sustained == 6


def _notice(**changes: object) -> dict[str, object]:
    fields: dict[str, object] = dict(cases.notice_of_runoff_trinity_2017())
    fields.update(changes)
    return fields


class TestNoticeOfRunoffElection:
    def test_posting_date_is_printed_once_the_runoff_date_is_known(self) -> None:
        """With the runoff's date known, the posting obligation names the computed posting date (R-O5)."""
        context = NoticeOfRunoffElectionContext(**_notice(
            runoff_schedule=f"Wednesday, May 17, 2017, at {placeholder('time and place')}",
            posting=DeadlineLine(
                what="Notice of Runoff Election posted",
                due_on=date(2017, 5, 12),  # 3 full working days before 12:01 a.m. Wed 2017-05-17
                cutoff_at=datetime(2017, 5, 12, 0, 1, tzinfo=ZoneInfo("America/New_York")),
                citation="29 CFR 102.67(k)",
            ),
        ))
        text = _text(DocumentKind.NOTICE_OF_RUNOFF_ELECTION, context)
        assert "no later than 12:01 a.m. on Friday, May 12, 2017 (29 CFR 102.67(k))" in text
        assert "Wednesday, May 17, 2017, at [NOT IN THE PUBLIC RECORD: time and place]" in text

    def test_basis_joins_the_no_majority_sentence(self) -> None:
        """When the record says why nothing stands in the way (no objections), the notice says so in its first paragraph."""
        context = NoticeOfRunoffElectionContext(**_notice(basis="no objections having been filed"))
        text = _text(DocumentKind.NOTICE_OF_RUNOFF_ELECTION, context)
        assert ("(Tally of Ballots prepared on May 4, 2017), and no objections having been filed, the Regional Director will"
                " conduct a runoff election under Section 102.70") in text

    def test_no_union_runoff_choice_prints_as_no_union(self) -> None:
        """A runoff between a labor organization and "no union" (T28: A40, None40, B20) names the second choice "No union"."""
        a, b = placeholder("labor organization A"), placeholder("labor organization B")
        tally = cases.TALLY_TRINITY_2017.model_copy(update={
            "choices": (VoteLine(choice=a, votes=40), VoteLine(choice=b, votes=20)), "against": 40,
            "valid": 100, "valid_plus_challenged": 100, "outcome": f"Runoff: {a} v. {AGAINST}"})
        assert analyze_tally(_counts(tally)).outcome.runoff_choices == (a, AGAINST)
        text = _text(DocumentKind.NOTICE_OF_RUNOFF_ELECTION, NoticeOfRunoffElectionContext(**_notice(tally=tally, choices=(a, AGAINST))))
        assert f"{a} 40 votes No union 40 votes" in text
        assert "A majority of the 100 valid votes counted is 51 votes" in text

    def test_caption_does_not_guess_which_union_petitioned(self) -> None:
        """Trinity's caption names both unions and labels each role as not in the record."""
        html = render_html(NoticeOfRunoffElection, cases.notice_of_runoff_trinity_2017())
        caption = html.split('<h1 class="document-title">', 1)[0]
        assert caption.count('<span class="placeholder">[NOT IN THE PUBLIC RECORD: Petitioner or Intervenor]</span>') == 2
        assert ">Intervenor<" not in caption

    @pytest.mark.parametrize(
        ("tally", "chain", "match"),
        [
            (cases.TALLY_TRINITY_RUNOFF_2017, [ElectionKind.INITIAL, ElectionKind.RUNOFF], "no runoff is called for"),
            (cases.TALLY_TRINITY_2017, [ElectionKind.INITIAL, ElectionKind.RUNOFF], "only one"),
            (cases.TALLY_TRINITY_2017.model_copy(update={"challenged": 3, "valid_plus_challenged": 25, "determinative": True}),
             [ElectionKind.INITIAL], "no runoff is called for"),
            (cases.TALLY_2021, [ElectionKind.INITIAL], "no runoff is called for"),
            (cases.TALLY_TRINITY_2017.model_copy(update={
                "choices": (VoteLine(choice=cases.LEOS, votes=12), VoteLine(choice=cases.SPFPA, votes=5))}),
             [ElectionKind.INITIAL], "no runoff is called for"),
        ],
        ids=["after-the-runoff", "second-runoff", "determinative-challenges", "one-union-ballot", "majority-of-valid-votes"],
    )
    def test_the_rules_refuse_a_runoff_the_tally_does_not_call_for(self, tally: TallyLines, chain: list[ElectionKind],
                                                                    match: str) -> None:
        """The notice prints the runoff the direction stored; the rules refuse one the tally does not call for, before
        the direct-runoff act stores anything (casefile.rules.runoff_direction.direction_for)."""
        from casefile.rules.runoff_direction import direction_for

        counts = _counts(tally)
        with pytest.raises(ProcedureError, match=match):
            direction_for(analyze_tally(counts).outcome, ballot=[c.choice for c in tally.choices],
                          against_on_ballot=tally.against is not None, chain=chain)


class TestCaseStatusReportAdditions:
    def test_chain_and_challenge_analysis_are_optional(self) -> None:
        """Without ``follows`` and ``challenge_analysis`` the report renders without those rows (existing callers keep working)."""
        report = cases.case_status_report_2022()
        plain = report.model_copy(update={"elections": tuple(
            election.model_copy(update={"follows": None, "tallies": tuple(
                analysis.model_copy(update={"challenge_analysis": ()}) for analysis in election.tallies)})
            for election in report.elections)})
        html = render_html(CaseStatusReport, CaseStatusReportContext(**dict(plain)))
        assert "<th>Follows</th>" not in html
        assert "What the challenged ballots would take" not in html
        full = render_html(CaseStatusReport, report)
        assert full.count("<th>Follows</th>") == 1
        assert full.count('<p class="analysis-line">') == 2
