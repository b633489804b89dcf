"""The documents of a party's filings around the decisions, on the live case with counsel entered
(13-RC-400123, tests/acts/live_case.py): request for extension of time, answering brief,
cross-exceptions, motion for reconsideration, request for review, statement in opposition. Each is
performed through the front door (casefile.app.perform) and read back from its PDF: title, the
numbered paragraphs from the act, the relief asked, counsel's signature block, the certificate or
statement of service from the service ledger, and no placeholder; the editable copy (DOCX) says the
same. The filings are hypothetical, on the periods the record computes:

Hearing Officer's Report Tue 2027-01-05 (exceptions due Wed 01-20, Martin Luther King Jr. Day
skipped; answering briefs Wed 01-27); the Regional Director's decision Wed 2027-02-10
(reconsideration due Thu 02-25, Presidents Day skipped); Certification of Results Thu 2027-02-18
(request for review due Thu 03-04 at the Board; opposition Thu 03-11, extended by a
hypothetical order to Mon 03-15)."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from casefile.documents.kinds.extension_request import ExtensionRequest
from casefile.documents.kinds.request_for_review import RequestForReview
from casefile.documents.parts import PLACEHOLDER_PREFIX
from casefile.documents.registry import document_class
from tests.acts.live_case import FILED_AT, NUMBER, OBJECTIONS, OPENED_AT, TALLY, TALLY_AT, opening, perform
from tests.documents.pdf_layout import lines_by_page

CHICAGO, EASTERN = "-06:00", "-05:00"

#: (act, when it is recorded, whether its documents are issued here)
ACTS: list[tuple[dict[str, Any], str, bool]] = [
    ({"act": "notice-hearing", "date": "2026-12-04", "opens_on": "2026-12-15", "place": "Chicago, Illinois"},
     "2026-12-04T12:00:00" + CHICAGO, False),
    ({"act": "open-hearing", "date": "2026-12-15"}, "2026-12-15T12:00:00" + CHICAGO, False),
    ({"act": "close-hearing", "date": "2026-12-16"}, "2026-12-16T12:00:00" + CHICAGO, False),
    ({"act": "ho-report", "date": "2027-01-05", "result": "overrule", "issuer": "Ann Lee"}, "2027-01-05T12:00:00" + CHICAGO, False),
    ({"act": "request-extension", "party": "usw", "kind": "exceptions", "until": "2027-02-03",
      "reasons": "Lead counsel is in trial in another matter through January 22, 2027.",
      "positions": "The Employer does not oppose the request.", "at": "2027-01-08T10:00:00" + CHICAGO},
     "2027-01-08T10:00:00" + CHICAGO, True),
    ({"act": "file-exceptions", "party": "usw", "at": "2027-01-19T15:00:00" + CHICAGO,
      "exceptions": [{"excepted_to": "The recommendation to overrule Objection 1",
                      "grounds": "Two employees testified to the threat of closure."}]}, "2027-01-19T15:00:00" + CHICAGO, False),
    ({"act": "file-answering-brief", "party": "mpc", "at": "2027-01-26T15:00:00" + CHICAGO,
      "points": ["The Hearing Officer credited the supervisors' denials.", "No threat of closure was made."]},
     "2027-01-26T15:00:00" + CHICAGO, True),
    ({"act": "file-cross-exceptions", "party": "mpc", "at": "2027-01-26T16:00:00" + CHICAGO,
      "exceptions": [{"excepted_to": "The finding that a supervisor asked employees how they would vote",
                      "grounds": "No witness placed the conversation in the critical period."}]},
     "2027-01-26T16:00:00" + CHICAGO, True),
    ({"act": "rd-decision", "date": "2027-02-10", "result": "overrule", "issuer": "Jane Doe"}, "2027-02-10T12:00:00" + CHICAGO, False),
    ({"act": "move-for-reconsideration", "party": "usw", "at": "2027-02-17T15:00:00" + CHICAGO,
      "grounds": ["The decision does not address the testimony of two employees about the threat of closure."]},
     "2027-02-17T15:00:00" + CHICAGO, True),
    ({"act": "certification", "date": "2027-02-18"}, "2027-02-18T12:00:00" + CHICAGO, False),
    ({"act": "request-for-review", "party": "usw", "at": "2027-03-01T15:00:00" + EASTERN,
      "grounds": ["The Regional Director departed from officially reported Board precedent on threats of plant closure.",
                  "The finding that no threat was made is clearly erroneous on the record."]},
     "2027-03-01T15:00:00" + EASTERN, True),
    ({"act": "pin-deadline", "date": "2027-03-05", "kind": "rfr-opposition", "due": "2027-03-15",
      "order": "Order of the Board extending the time to file statements in opposition (hypothetical)"},
     "2027-03-05T12:00:00" + EASTERN, False),
    ({"act": "oppose-review", "party": "mpc", "at": "2027-03-08T15:00:00" + EASTERN,
      "points": ["The request raises no substantial question of law or policy."]}, "2027-03-08T15:00:00" + EASTERN, True),
]

OKAFOR_BLOCK = ["/s/ Daniel Okafor", "Daniel Okafor", "Counsel for the Petitioner", "United Steelworkers",
                "United Steelworkers Legal Department", "60 Boulevard of the Allies", "Pittsburgh, PA 15222",
                "Telephone (412) 555-0199", "dokafor@usw.example.org", "Pennsylvania Bar No. 318842"]
WHITFIELD_BLOCK = ["/s/ Karen L. Whitfield", "Karen L. Whitfield", "Counsel for the Employer", "Midwest Precision Castings, Inc.",
                   "Whitfield & Marsh LLP", "200 West Adams Street, Suite 1400", "Chicago, IL 60606",
                   "Telephone (312) 555-0143", "kwhitfield@whitfieldmarsh.com", "Illinois ARDC No. 6291734"]


def text_of(path: Path) -> str:
    """The PDF's body text, lines joined by single spaces."""
    pages = lines_by_page(path.read_bytes(), body_only=True)
    return re.sub(r"\s+", " ", " ".join(" ".join(lines) for lines in pages.values()))


@pytest.fixture(scope="module")
def issued(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """The live case carried from its tally to the statement in opposition; each party filing's documents issued.
    Yields the results of the acts by name and the case's output folder."""
    from casefile.record.db import get_engine
    from casefile.settings import get_settings

    folder = tmp_path_factory.mktemp("party-filings")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CASEFILE_DATABASE_URL", f"sqlite:///{folder / 'casefile.db'}")
        mp.setenv("CASEFILE_OUTPUT_DIR", str(folder / "out"))
        get_settings.cache_clear()
        get_engine.cache_clear()
        from tests.acts.live_case import prepare_schema

        prepare_schema()
        perform(opening(), as_of=OPENED_AT)
        perform(TALLY, as_of=TALLY_AT)
        perform(OBJECTIONS, as_of=FILED_AT)
        results = {data["act"]: perform(data, as_of=datetime.fromisoformat(when), documents="issue" if issue else "none")
                   for data, when, issue in ACTS}
        yield {"results": results, "out": folder / "out" / NUMBER}
    get_settings.cache_clear()
    get_engine.cache_clear()


def _pdf(issued: dict[str, Any], name: str) -> str:
    path = issued["out"] / name
    assert path.is_file(), sorted(p.name for p in issued["out"].iterdir())
    text = text_of(path)
    assert PLACEHOLDER_PREFIX.strip() not in text  # a live case with counsel entered: nothing to fill in
    assert "rules.md" not in text and "11:59:59" not in text
    return text


def _signed(text: str, block: list[str]) -> None:
    assert " ".join(block) in text, text


def _served(text: str, heading: str) -> str:
    """The certificate or statement of service, read after its heading."""
    return text.split(heading.upper(), 1)[1]


class TestRequestForReview:
    def test_the_request_names_the_decision_on_objections_its_grounds_and_the_relief(self, issued: dict[str, Any]) -> None:
        """The Regional Director overruled the Petitioner's objections on 2027-02-10 and certified the results on 2027-02-18:
        the request is for review of the Decision on Objections, due 10 business days after the certification (March 4,
        2027, 29 CFR 102.67(c)), and asks, from the objecting Petitioner's side, that the election be set aside."""
        text = _pdf(issued, "2027-03-01_request-for-review_usw.pdf")
        assert "PETITIONER'S REQUEST FOR REVIEW OF THE REGIONAL DIRECTOR'S DECISION ON OBJECTIONS" in text
        assert ("Pursuant to Sections 102.67 and 102.69(c)(2) of the Board's Rules and Regulations, the Petitioner, United "
                "Steelworkers, requests that the Board review the Regional Director's Decision on Objections "
                "issued on February 10, 2027, within the time allowed (due March 4, 2027, 29 CFR 102.67(c)).") in text
        assert ("Ground 1. The Regional Director departed from officially reported Board precedent on threats of plant "
                "closure. Ground 2. The finding that no threat was made is clearly erroneous on the record.") in text
        assert "A copy is also served on the Regional Director, Region 13." in text  # 102.67(i)(2)
        assert ("WHEREFORE, the Petitioner requests that the Board grant review of the Regional Director's Decision on "
                "Objections, reverse it, sustain the Petitioner's objections, set the election aside, and direct a second "
                "election. Respectfully submitted, Dated: March 1, 2027") in text
        assert "Certification of Results" not in text
        _signed(text, OKAFOR_BLOCK)

    def test_filed_with_the_board_and_served_on_the_employers_counsel(self, issued: dict[str, Any]) -> None:
        served = _served(_pdf(issued, "2027-03-01_request-for-review_usw.pdf"), "Certificate of Service")
        assert "was filed with the Board (Office of the Executive Secretary), through the Agency's E-Filing system" in served
        compact = served.replace(" ", "")
        assert "KarenL.Whitfield" in compact and "kwhitfield@whitfieldmarsh.com" in compact
        assert "Electronicmail,March1,2027" in compact
        assert "DanielOkafor" not in compact[:compact.index("/s/")]  # the filer's own counsel is not served

    def test_the_editable_copy_has_the_same_caption_paragraphs_signature_and_service(self, issued: dict[str, Any]) -> None:
        import docx

        from casefile.documents.docx import render_docx
        from casefile.vocab import DocumentKind

        word = docx.Document(io.BytesIO(render_docx(RequestForReview, _stored(DocumentKind.REQUEST_FOR_REVIEW))))
        paragraphs = [p.text for p in word.paragraphs]
        assert paragraphs[:3] == ["UNITED STATES OF AMERICA", "BEFORE THE NATIONAL LABOR RELATIONS BOARD", "REGION 13"]
        assert word.tables[0].rows[0].cells[1].text == "Case 13-RC-400123"
        assert "PETITIONER'S REQUEST FOR REVIEW OF THE REGIONAL DIRECTOR'S DECISION ON OBJECTIONS" in paragraphs
        assert [p for p in paragraphs if p.startswith("Ground ")] == [
            "Ground 1. The Regional Director departed from officially reported Board precedent on threats of plant closure.",
            "Ground 2. The finding that no threat was made is clearly erroneous on the record."]
        assert "A copy is also served on the Regional Director, Region 13." in paragraphs
        start = paragraphs.index("/s/ Daniel Okafor")
        assert paragraphs[start:start + 10] == OKAFOR_BLOCK
        assert any("was filed with the Board (Office of the Executive Secretary), through the Agency's E-Filing system" in p
                   for p in paragraphs)
        rows = [[c.text for c in row.cells] for row in word.tables[-1].rows]
        assert rows[1:] == [["Midwest Precision Castings, Inc. (Employer)",  # the PDF's three columns
                             "Karen L. Whitfield\nkwhitfield@whitfieldmarsh.com", "Electronic mail,\nMarch 1, 2027"]]
        assert PLACEHOLDER_PREFIX.strip() not in " ".join(paragraphs)


def _stored(kind: Any) -> dict[str, Any]:
    """The context stored with the issued document of ``kind`` (Document.data)."""
    from sqlmodel import select

    from casefile.record.db import read_session
    from casefile.record.models import Document

    with read_session() as s:
        return dict(s.exec(select(Document).where(Document.kind == kind)).one().data)


class TestStatementInOpposition:
    def test_opposes_the_petitioners_request_at_the_board(self, issued: dict[str, Any]) -> None:
        text = _pdf(issued, "2027-03-08_statement-in-opposition_mpc.pdf")
        assert "EMPLOYER'S STATEMENT IN OPPOSITION TO THE PETITIONER'S REQUEST FOR REVIEW" in text
        assert ("Pursuant to Section 102.67(f) of the Board's Rules and Regulations, the Employer, Midwest Precision Castings, "
                "Inc., files this statement in opposition to the request for review filed on March 1, 2027 by the Petitioner, "
                "United Steelworkers, of the Regional Director's Decision on Objections issued on February 10, "
                "2027, within the time allowed (due March 15, 2027, as extended by order, 29 CFR 102.2(c)).") in text
        assert "Point 1. The request raises no substantial question of law or policy." in text
        assert "WHEREFORE, the Employer requests that the Board deny the Petitioner's request for review." in text
        _signed(text, WHITFIELD_BLOCK)
        served = _served(text, "Certificate of Service").replace(" ", "")
        assert "filedwiththeBoard(OfficeoftheExecutiveSecretary)" in served
        okafor, chen = served.index("DanielOkafor"), served.index("MariaChen")  # each of the Union's counsel, from the ledger
        assert "dokafor@usw.example.org" in served[okafor:chen] and "mchen@usw.example.org" in served[chen:]


class TestAnsweringBriefAndCrossExceptions:
    def test_the_answering_brief_answers_the_unions_exceptions(self, issued: dict[str, Any]) -> None:
        text = _pdf(issued, "2027-01-26_answering-brief_mpc.pdf")
        assert "EMPLOYER'S ANSWERING BRIEF TO THE EXCEPTIONS TO THE HEARING OFFICER'S REPORT" in text
        assert ("files this answering brief to the exceptions of the Petitioner, United Steelworkers, filed on January 19, "
                "2027, to the Hearing Officer's Report and Recommendations issued on January 5, 2027, within the time allowed "
                "(due January 27, 2027, 29 CFR 102.69(c)(1)(iii)).") in text
        assert ("Point 1. The Hearing Officer credited the supervisors' denials. Point 2. No threat of closure was made."
                in text)
        assert ("WHEREFORE, the Employer requests that the Regional Director overrule the exceptions and adopt the Hearing "
                "Officer's findings and recommendations.") in text
        _signed(text, WHITFIELD_BLOCK)
        served = _served(text, "Statement of Service")
        assert "was filed with the Regional Director, Region 13, through the Agency's E-Filing system" in served
        assert "Electronicmail,January26,2027" in served.replace(" ", "")

    def test_the_cross_exceptions_name_the_finding_and_the_grounds(self, issued: dict[str, Any]) -> None:
        text = _pdf(issued, "2027-01-26_cross-exceptions_mpc.pdf")
        assert "EMPLOYER'S CROSS-EXCEPTIONS TO THE HEARING OFFICER'S REPORT" in text
        assert "and, as to cross-exceptions, Section 102.46(c)" in text
        assert ("Cross-Exception 1 Excepted to: The finding that a supervisor asked employees how they would vote Grounds: "
                "No witness placed the conversation in the critical period.") in text
        assert ("WHEREFORE, the Employer requests that the Regional Director decline to adopt the findings and "
                "recommendations cross-excepted to.") in text
        _signed(text, WHITFIELD_BLOCK)
        assert "STATEMENT OF SERVICE" in text


class TestMotionAndExtension:
    def test_the_motion_names_the_decision_and_says_it_stays_nothing_in_the_result(self, issued: dict[str, Any]) -> None:
        text = _pdf(issued, "2027-02-17_motion-for-reconsideration_usw.pdf")
        assert "PETITIONER'S MOTION FOR RECONSIDERATION OF THE REGIONAL DIRECTOR'S DECISION ON OBJECTIONS" in text
        assert ("moves for reconsideration of the Regional Director's Decision on Objections issued on February 10, 2027, "
                "within the time allowed (due February 25, 2027, 29 CFR 102.65(e)).") in text
        assert "Ground 1. The decision does not address the testimony of two employees about the threat of closure." in text
        _signed(text, OKAFOR_BLOCK)
        assert "Karen L. Whitfield" in _served(text, "Certificate of Service")
        assert "stays nothing" in issued["results"]["move-for-reconsideration"].warnings[0]

    def test_the_request_for_extension_asks_the_regional_director_for_a_date(self, issued: dict[str, Any]) -> None:
        text = _pdf(issued, "2027-01-08_extension-request_usw.pdf")
        assert "PETITIONER'S REQUEST FOR EXTENSION OF TIME TO FILE EXCEPTIONS TO THE HEARING OFFICER'S REPORT" in text
        assert ("Pursuant to Section 102.2(c) of the Board's Rules and Regulations, the Petitioner, United Steelworkers, "
                "requests that the Regional Director extend to February 3, 2027 the time to file its exceptions to the "
                "Hearing Officer's Report, now due on January 20, 2027.") in text
        assert "within 3 days" not in text  # filed 12 days before the due date
        assert ("1. Lead counsel is in trial in another matter through January 22, 2027. 2. The positions of the other "
                "parties: The Employer does not oppose the request.") in text
        assert ("WHEREFORE, the Petitioner requests that the time to file its exceptions to the Hearing Officer's Report be "
                "extended to February 3, 2027.") in text
        _signed(text, OKAFOR_BLOCK)


@pytest.mark.parametrize("kind", ["statement-in-opposition", "answering-brief", "cross-exceptions",
                                  "motion-for-reconsideration", "extension-request"])
def test_every_filing_has_its_editable_copy(issued: dict[str, Any], kind: str) -> None:
    """The same code path as the request for review: the title and the relief of the PDF, and the ledger's table."""
    import docx

    from casefile.documents.docx import render_docx
    from casefile.vocab import DocumentKind

    data = _stored(DocumentKind(kind))
    context = document_class(DocumentKind(kind)).context.model_validate(data)
    word = docx.Document(io.BytesIO(render_docx(document_class(DocumentKind(kind)), data)))
    paragraphs = [p.text for p in word.paragraphs]
    assert document_class(DocumentKind(kind)).title(context).upper() in paragraphs
    assert context.relief in paragraphs and context.opening in paragraphs  # type: ignore[attr-defined]
    assert word.tables[-1].rows[0].cells[0].text == "Party served" and len(word.tables[-1].rows) >= 2


def test_a_request_for_review_of_a_set_aside_names_the_decision_and_no_period(configured_db: Path) -> None:
    """Bessemer, the election set aside on November 29, 2021: RWDSU's request (hypothetical date) is of the Decision on
    Objections and Direction of Second Election; no period runs for it (R-N3), so the request claims none; the Regional
    Director's copy is in its ledger. The context only (no PDF rendered)."""
    from datetime import date

    from casefile.record.db import read_session
    from tests.acts import procedure as bessemer
    from tests.documents.checked import build_for

    bessemer.carry("rd-decision")
    result = bessemer.perform(bessemer.act({"act": "request-for-review", "date": date(2022, 1, 14), "party": "rwdsu",
                                            "grounds": ["The placement of the mailbox for the second election"]}))
    assert result.ref.startswith("filing:")
    with read_session() as s:
        built = build_for(s, bessemer.NUMBER, RequestForReview, result.ref)
    ctx = built.context
    assert (ctx.reviewed, ctx.reviewed_title, ctx.reviewed_on, ctx.due) == (  # type: ignore[attr-defined]
        "set-aside", "Decision on Objections and Direction of Second Election", date(2021, 11, 29), None)
    assert ctx.opening.startswith(  # type: ignore[attr-defined]
        "Pursuant to Sections 102.67 and 102.69(c)(2) of the Board's Rules and Regulations, the Petitioner, Retail, "
        "Wholesale and Department Store Union, requests that the Board review the Regional Director's Decision on "
        "Objections and Direction of Second Election issued on November 29, 2021. The compelling reasons")
    assert ctx.copies == ("the Regional Director, Region 10",)  # type: ignore[attr-defined]
    assert [e.party.name for e in ctx.service] == ["Amazon.com Services LLC"]  # type: ignore[attr-defined]
    assert built.party_key == "rwdsu" and built.issued_on == date(2022, 1, 14)


def test_without_counsel_the_signature_is_a_blank_line_and_the_act_says_so(configured_db: Path) -> None:
    """The live case with no counsel entered, certified (no objections): the Union's request for review is signed on a
    blank line (no placeholder: the user can enter counsel), and the act names what is missing. The context only."""
    from casefile.record.db import read_session
    from tests.acts.live_case import open_live
    from tests.documents.checked import build_for

    open_live(union_counsel=[], employer_counsel=[])
    perform({"act": "certification", "date": "2026-12-04"}, as_of=datetime.fromisoformat("2026-12-04T12:00:00" + CHICAGO))
    result = perform({"act": "request-for-review", "party": "usw", "grounds": ["A ground"],
                      "at": "2026-12-10T12:00:00" + EASTERN}, as_of=datetime.fromisoformat("2026-12-10T12:00:00" + EASTERN))
    assert [w.split(":")[0] for w in result.warnings] == [
        "United Steelworkers has no counsel of record",
        "Midwest Precision Castings, Inc. was served at no address the record holds"]
    with read_session() as s:
        ctx = build_for(s, NUMBER, RequestForReview, result.ref).context
    assert (ctx.signature.name, ctx.signature.title) == ("", "Counsel for the Petitioner")  # type: ignore[attr-defined]
    assert PLACEHOLDER_PREFIX not in ctx.model_dump_json()


def test_a_record_copy_keeps_its_research_note_in_the_annex(configured_db: Path) -> None:
    """Amazon JFK8 (29-RC-288020) replayed: the Employer's request for an extension of its offer of proof is inferred
    (its date and text are not in the sources); the scenario's note goes to the record copy's annex, not the body, and
    the request asks the Regional Director for April 22, 2022. The context only."""
    from sqlmodel import select

    from casefile.record.db import read_session
    from casefile.record.models import Filing
    from tests.acts.real_histories import JFK8_NUMBER, jfk8_through
    from tests.documents.checked import build_for

    jfk8_through("request-extension")
    with read_session() as s:
        filing = s.exec(select(Filing).where(Filing.kind == "extension-request")).one()
        ctx = build_for(s, JFK8_NUMBER, ExtensionRequest, f"filing:{filing.id}").context
    assert ctx.record_notes == (
        "The record shows that the Employer filed its evidence on April 22, 2022, after the April 8, 2022 due date, which "
        "only an extension allows (29 CFR 102.69(a)(8)); the request itself is not in the public record.",
        "Its date is not in the public record: it is recorded on April 8, 2022, a date the record implies.",
        "Uncertain: the request itself and its date are not in the sources; a request must be filed "
        "by the due date (102.2(c)), so it is recorded on that day.")
    assert "UNCERTAIN" not in ctx.opening + " ".join(p.text for p in ctx.paragraphs)  # type: ignore[attr-defined]
    assert "extend to April 22, 2022 "\
        "[inferred: the record shows that the Employer filed its evidence on April 22, 2022, after the April 8, 2022 due date, which only an extension allows (29 CFR 102.69(a)(8))] the time to file its offer of proof in support of its objections, now due on April 8, " \
           "2022" in ctx.opening  # type: ignore[attr-defined]


def test_a_request_for_review_of_a_dismissal_names_the_order(configured_db: Path) -> None:
    """Bessemer dismissed (hypothetically) on Wednesday, December 15, 2021: the request for review of December 29 is
    of the Order Dismissing Petition, under 102.71(b), within the period due December 30 at the Board. The context only."""
    from datetime import date

    from casefile.record.db import read_session
    from tests.acts import procedure as bessemer
    from tests.documents.checked import build_for

    bessemer.carry("rd-decision")
    bessemer.perform(bessemer.act({"act": "dismiss-petition", "date": date(2021, 12, 15), "grounds": "Hypothetical grounds",
                                   "issuer": "Lisa Henderson"}))
    result = bessemer.perform(bessemer.act({"act": "request-for-review", "date": date(2021, 12, 29), "party": "rwdsu",
                                            "grounds": ["Hypothetical ground"]}))
    with read_session() as s:
        ctx = build_for(s, bessemer.NUMBER, RequestForReview, result.ref).context
    assert (ctx.reviewed, ctx.reviewed_title, ctx.reviewed_on) == ("dismissal", "Order Dismissing Petition",  # type: ignore[attr-defined]
                                                                  date(2021, 12, 15))
    assert ("Pursuant to Sections 102.67 and 102.71(b) of the Board's Rules and Regulations, the Petitioner, Retail, "
            "Wholesale and Department Store Union, requests that the Board review the Regional Director's Order Dismissing "
            "Petition issued on December 15, 2021, within the time allowed (due December 30, 2021, 29 CFR 102.67(c)).") \
        in ctx.opening  # type: ignore[attr-defined]


def test_a_request_to_extend_a_board_period_is_filed_with_the_board(configured_db: Path) -> None:
    """JFK8 certified on January 11, 2023 (request for review due Thursday, January 26 at the Board): Amazon's request
    (hypothetical) to extend that time is filed with the Board and asks the Board, as 102.2(c) has it. The context only."""
    from datetime import date

    from casefile.record.db import read_session
    from tests.acts.real_histories import JFK8_NUMBER, jfk8_through
    from tests.documents.checked import build_for

    case = jfk8_through("certification")
    result = case.perform(case.act({"act": "request-extension", "date": date(2023, 1, 17), "party": "amazon",
                                    "kind": "request-for-review", "until": date(2023, 2, 9), "reasons": "Hypothetical"}))
    with read_session() as s:
        ctx = build_for(s, JFK8_NUMBER, ExtensionRequest, result.ref).context
    assert (ctx.decided_by, ctx.document, ctx.due_on, ctx.late) == (  # type: ignore[attr-defined]
        "Board", "request for review", date(2023, 1, 26), False)
    assert ctx.filed is not None and ctx.filed.recipient == "the Board (Office of the Executive Secretary)"  # type: ignore[attr-defined]
