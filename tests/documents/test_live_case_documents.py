"""A user's own live case with counsel entered (13-RC-400123, tests/acts/live_case.py): its documents
carry no "[NOT IN THE PUBLIC RECORD: ...]" placeholder at all — the signature block has counsel's
name, firm, address, telephone, e-mail and bar number; the certificate of service says how the
objections were filed and names each counsel served with the manner and address from the service
ledger; the tally is signed by its Board agent; the status report names whom it is for. What the
user did not enter is a blank line, and the act says which field fills it. Text read from the PDFs."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from casefile.documents.kinds.objections import Objections
from casefile.documents.parts import PLACEHOLDER_PREFIX
from casefile.gaps import GapKind
from tests.acts.live_case import FILED_AT, NUMBER, OBJECTIONS, TALLY, TALLY_AT, open_live, opening, perform
from tests.documents.pdf_layout import lines_by_page


def text_of(path: Path) -> str:
    """The PDF's text (running headers and footers included), lines joined by spaces."""
    pages = lines_by_page(path.read_bytes(), body_only=False)
    return " ".join(" ".join(lines) for lines in pages.values())


def lines_of(path: Path) -> list[str]:
    return [line for lines in lines_by_page(path.read_bytes(), body_only=True).values() for line in lines]


WITNESSES = [
    {"objection": 1, "witness": "Luis Ortega, furnace operator",
     "summary": "On November 18, 2026 the plant manager told him and four coworkers at the shift meeting that the plant "
                "would close if the Union won."},
    {"objection": 2, "witness": "Angela Price, maintenance technician",
     "summary": "Her supervisor asked her on November 20, 2026 how she would vote and who else supported the Union."}]


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The live case: tally (signed by its Board agent), the Union's objections served on the Employer's
    counsel by e-mail, the Employer's objections served on the Union's two counsel (one by overnight
    delivery at her postal address), and a status report prepared for the Union."""
    from casefile import app
    from casefile.record.db import get_engine
    from casefile.settings import get_settings

    folder = tmp_path_factory.mktemp("live")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CASEFILE_DATABASE_URL", f"sqlite:///{folder / 'casefile.db'}")
        mp.setenv("CASEFILE_OUTPUT_DIR", str(folder / "out"))
        get_settings.cache_clear()
        get_engine.cache_clear()
        from tests.acts.live_case import prepare_schema

        prepare_schema()
        perform(opening(), as_of=TALLY_AT.replace(day=20))
        perform(TALLY, as_of=TALLY_AT, documents="issue")
        perform({**OBJECTIONS, "offer_of_proof": WITNESSES}, as_of=FILED_AT, documents="issue")
        perform({**OBJECTIONS, "party": "mpc", "objections": ["Union agents threatened employees with job loss."],
                 "service": [{"party": "usw", "person": "Daniel Okafor", "method": "email"},
                             {"party": "usw", "person": "Maria Chen", "method": "overnight",
                              "address": "60 Boulevard of the Allies, Room 807; Pittsburgh, PA 15222"}]},
                as_of=FILED_AT, documents="issue")
        app.status_report(NUMBER, as_of=FILED_AT.replace(hour=17), prepared_for="United Steelworkers, District 7")
        yield folder / "out" / NUMBER
    get_settings.cache_clear()
    get_engine.cache_clear()


class TestNoPlaceholder:
    @pytest.mark.parametrize("name", ["2026-11-24_tally-of-ballots.pdf", "2026-12-01_objections_usw.pdf",
                                      "2026-12-01_objections_mpc.pdf"])
    def test_no_placeholder_in_a_live_case_with_everything_entered(self, live: Path, name: str) -> None:
        assert PLACEHOLDER_PREFIX.strip() not in text_of(live / name)

    def test_the_status_report_is_prepared_for_the_client(self, live: Path) -> None:
        [report] = live.glob("*case-status-report*.pdf")
        text = text_of(report)
        assert "Prepared for United Steelworkers, District 7" in text
        assert PLACEHOLDER_PREFIX.strip() not in text


class TestSignatureBlock:
    def test_lead_counsel_with_firm_address_phone_email_and_bar_number_then_co_counsel(self, live: Path) -> None:
        lines = lines_of(live / "2026-12-01_objections_usw.pdf")
        start = lines.index("/s/ Daniel Okafor")
        assert lines[start:start + 12] == [
            "/s/ Daniel Okafor", "Daniel Okafor", "Counsel for the Petitioner", "United Steelworkers",
            "United Steelworkers Legal Department", "60 Boulevard of the Allies", "Pittsburgh, PA 15222",
            "Telephone (412) 555-0199", "dokafor@usw.example.org", "Pennsylvania Bar No. 318842",
            "Maria Chen", "mchen@usw.example.org"]

    def test_the_employers_filing_is_signed_by_its_counsel(self, live: Path) -> None:
        text = text_of(live / "2026-12-01_objections_mpc.pdf")
        for line in ("/s/ Karen L. Whitfield", "Counsel for the Employer", "Whitfield & Marsh LLP",
                     "200 West Adams Street, Suite 1400", "Chicago, IL 60606", "Telephone (312) 555-0143",
                     "Illinois ARDC No. 6291734"):
            assert line in text

    def test_the_tally_names_its_board_agent_without_a_signature(self, live: Path) -> None:
        """The Board agent entered with the tally is named, not signed for: no "/s/" on a copy casefile prepared."""
        text = text_of(live / "2026-11-24_tally-of-ballots.pdf")
        assert "For the Regional Director: Thomas R. Alvarez Board Agent" in text
        assert "/s/" not in text

    def test_the_tally_names_its_one_unit_by_its_description(self, live: Path) -> None:
        """One voting unit in the case: the unit as described, without the "Unit A:" the user never entered."""
        text = text_of(live / "2026-11-24_tally-of-ballots.pdf")
        assert "Voting unit " in text and "Unit A" not in text


class TestCertificateOfService:
    def test_filed_with_the_region_and_served_by_email_on_the_employers_counsel(self, live: Path) -> None:
        text = text_of(live / "2026-12-01_objections_usw.pdf").split("CERTIFICATE OF SERVICE", 1)[1]
        assert ("I hereby certify that on December 1, 2026, the foregoing Petitioner's Objections to Conduct "
                "Affecting the Results of the Election was filed with the Regional Director, Region 13, through the "
                "Agency's E-Filing system, and that a copy was served on each party listed below") in re.sub(r"\s+", " ", text)
        compact = text.replace(" ", "")
        assert "KarenL.Whitfield" in compact and "Electronicmail" in compact
        assert "kwhitfield@whitfieldmarsh.com" in compact  # wrapped inside its cell, read back whole

    def test_each_counsel_served_with_the_manner_and_address_of_the_ledger(self, live: Path) -> None:
        text = text_of(live / "2026-12-01_objections_mpc.pdf").split("CERTIFICATE OF SERVICE", 1)[1].replace(" ", "")
        okafor, chen = text.index("DanielOkafor"), text.index("MariaChen")
        assert okafor < chen
        assert "Electronicmail" in text[okafor:chen] and "dokafor@usw.example.org" in text[okafor:chen]
        assert "Overnightdelivery" in text[chen:] and "60BoulevardoftheAllies,Room807;Pittsburgh,PA15222" in text[chen:]
        assert "Whitfield" not in text[:text.index("/s/")]  # the filer's own counsel is not among those served


class TestWhatIsNotEntered:
    """A live case without a Board agent or counsel: blank lines, no placeholder, and the act says what fills them."""

    @pytest.fixture
    def bare(self, configured_db: Path) -> Path:
        return configured_db / "out" / NUMBER

    def test_a_tally_without_its_board_agent(self, bare: Path) -> None:
        from tests.acts.live_case import prepare_schema

        prepare_schema()
        perform(opening(), as_of=TALLY_AT.replace(day=20))
        result = perform({k: v for k, v in TALLY.items() if k != "board_agent"}, as_of=TALLY_AT, documents="issue")
        assert result.warnings == ["the Tally of Ballots names no Board agent: its signature line is left blank"]
        assert [g.kind if g else None for g in result.gaps] == [GapKind.NO_BOARD_AGENT]
        text = text_of(bare / "2026-11-24_tally-of-ballots.pdf")
        assert PLACEHOLDER_PREFIX.strip() not in text
        assert "For the Regional Director: Board Agent" in text and "/s/" not in text
        # what it is: casefile's transcription of the Region's tally, not the Region's document (new user's trial)
        assert ("RECORD-COPY NOTE casefile's transcription of the Region's Tally of Ballots served on November 24, 2026, "
                "entered from that document; it is not the Region's document, and the Board agent's signature and the "
                "observers' are on the Region's copy only.") in " ".join(text.split()), text

    def test_objections_without_counsel_of_record(self, bare: Path) -> None:
        open_live(union_counsel=[], employer_counsel=[])
        result = perform(OBJECTIONS, as_of=FILED_AT, documents="issue")
        assert [w.split(":")[0] for w in result.warnings] == [
            "United Steelworkers has no counsel of record",
            "Midwest Precision Castings, Inc. was served at no address the record holds",
            "no offer of proof was filed with these objections"]
        text = text_of(bare / "2026-12-01_objections_usw.pdf")
        assert PLACEHOLDER_PREFIX.strip() not in text
        assert "/s/" not in text
        assert "Dated: December 1, 2026 Counsel for the Petitioner United Steelworkers" in text  # a blank line to sign on
        # the certificate says plainly what the record lacks (new user's trial), not "—"
        assert "Midwest Precision Castings, Inc. (Employer) No counsel of record entered" in text, text
        assert ("The record does not show the manner or the address of service on Midwest Precision Castings, Inc.: "
                "fill them in above before signing.") in text, text
        assert "—" not in text[text.index("CERTIFICATE OF SERVICE"):]

    def test_a_signed_certificate_with_a_party_served_nowhere(self, bare: Path) -> None:
        """The Union's counsel is recorded (the certificate is /s/-signed), the Employer's is not: the certificate
        prints blanks to fill for the Employer's manner and address, and asks for them before filing — not
        "before signing" under a signature already made (new user's trial F9)."""
        open_live(employer_counsel=[])
        perform(OBJECTIONS, as_of=FILED_AT, documents="issue")
        text = text_of(bare / "2026-12-01_objections_usw.pdf")
        certificate = text[text.index("CERTIFICATE OF SERVICE"):]
        assert "/s/" in certificate
        assert "No counsel of record entered Address: ____________________ Manner: ____________________, December 1, 2026" \
            in certificate, certificate
        assert ("The record does not show the manner or the address of service on Midwest Precision Castings, Inc.: "
                "fill them in above before filing.") in certificate
        assert "before signing" not in certificate

    def test_a_status_report_for_nobody_named(self, bare: Path) -> None:
        from casefile import app

        open_live()
        report = app.status_report(NUMBER, as_of=FILED_AT)
        text = text_of(Path(report.path))
        assert "Prepared for" not in text and PLACEHOLDER_PREFIX.strip() not in text


class TestEditableCopy:
    def test_the_docx_has_the_same_signature_block_and_certificate(self, live: Path) -> None:
        """The Word copy is written from the data stored with the issued objections: same counsel, same ledger."""
        import io

        import docx
        from sqlmodel import select

        from casefile.documents.docx import render_docx
        from casefile.record.db import read_session
        from casefile.record.models import Document

        with read_session() as s:
            document = s.exec(select(Document).where(Document.path.endswith("2026-12-01_objections_mpc.pdf"))).one()  # type: ignore[attr-defined]
            data = dict(document.data)
        word = docx.Document(io.BytesIO(render_docx(Objections, data)))
        paragraphs = [p.text for p in word.paragraphs]
        assert "/s/ Karen L. Whitfield" in paragraphs and "Illinois ARDC No. 6291734" in paragraphs
        assert any("was filed with the Regional Director, Region 13, through the Agency's E-Filing system" in p
                   for p in paragraphs)
        rows = [[c.text for c in row.cells] for row in word.tables[-1].rows]
        assert rows == [  # the PDF's three columns
            ["Party served", "Person served and address used", "Manner and date"],
            ["United Steelworkers (Petitioner)", "Daniel Okafor\ndokafor@usw.example.org", "Electronic mail,\nDecember 1, 2026"],
            ["United Steelworkers (Petitioner)", "Maria Chen\n60 Boulevard of the Allies, Room 807; Pittsburgh, PA 15222",
             "Overnight delivery,\nDecember 1, 2026"]]
        assert PLACEHOLDER_PREFIX.strip() not in " ".join(paragraphs)


class TestCommands:
    def test_casefile_report_prepared_for(self, configured_db: Path) -> None:
        """`casefile report CASE --prepared-for NAME` prints the path of a report that names the client."""
        from typer.testing import CliRunner

        from casefile.cli.app import app

        open_live()
        result = CliRunner().invoke(app, ["report", NUMBER, "--as-of", "2026-12-01T17:00:00-06:00",
                                          "--prepared-for", "United Steelworkers, District 7"], env={"COLUMNS": "300"})
        assert result.exit_code == 0, result.output
        report = Path(result.output.strip().splitlines()[0])
        assert report.name == "2026-12-01_case-status-report_as-of-20261201T1700.pdf"
        assert "Prepared for United Steelworkers, District 7" in text_of(report)

    def test_a_tally_file_names_its_board_agent(self) -> None:
        """`casefile tally record FILE`: the file's ``board_agent`` goes to the act."""
        from casefile.scenario import TallyFile

        file = TallyFile.model_validate({"case_number": NUMBER, "prepared_on": "2026-11-24", "kind": "initial",
                                         "choices": {"United Steelworkers": 21}, "against": 26,
                                         "board_agent": "Thomas R. Alvarez"})
        assert file.act().board_agent == "Thomas R. Alvarez"  # type: ignore[attr-defined]


class TestAsALawyerReadsThem:
    """The new case's objections, offer of proof, tally and status report read beside the NLRB's own forms
    (Form NLRB-760, 29 CFR 102.69(a)(8), 102.66(c)): the words a lawyer would otherwise retouch."""

    def test_the_objections_cite_a8_and_ask_for_a_hearing(self, live: Path) -> None:
        text = re.sub(r"\s+", " ", text_of(live / "2026-12-01_objections_usw.pdf"))
        assert ("Pursuant to Section 102.69(a)(8) of the Rules and Regulations of the National Labor Relations Board, the "
                "Petitioner, United Steelworkers, files the following objections to the conduct of the manual election "
                "held on November 24, 2026, and to conduct affecting the results of that election. The Tally of Ballots "
                "was prepared on November 24, 2026.") in text
        assert ("WHEREFORE, the Petitioner requests that the Regional Director set these objections for hearing, sustain "
                "them, set the election aside, and direct a second election.") in text
        assert "for which was prepared" not in text

    def test_the_offer_of_proof_says_confidential_once_and_names_each_witness(self, live: Path) -> None:
        text = re.sub(r"\s+", " ", text_of(live / "2026-12-01_offer-of-proof_usw.pdf"))
        assert text.count("CONFIDENTIAL") == 1  # one word, read back whole (no letter-spacing), in the banner only
        assert "To: Regional Director, Region 13" in text
        for witness in WITNESSES:
            assert witness["witness"] in text.replace("- ", "-")
        assert "Luis Ortega, furnace operator On November 18, 2026 the plant manager told him" in text
        assert "Party served" not in text  # served on no other party (29 CFR 102.69(a)(8))

    def test_the_tally_states_the_objection_deadline_once(self, live: Path) -> None:
        text = re.sub(r"\s+", " ", text_of(live / "2026-11-24_tally-of-ballots.pdf"))
        assert ("must be filed with the Regional Director by 11:59 p.m. CST on Wednesday, December 2, 2026 "
                "(29 CFR 102.69(a)(8))") in text
        assert "received by" not in text
        for line in ("1. Approximate number of eligible voters 50", "2. Number of void ballots 0",
                     "3. Number of votes cast for United Steelworkers 21",
                     "4. Number of votes cast against participating labor organization(s) 26",
                     "5. Number of valid votes counted (sum of lines 3 and 4) 47", "6. Number of challenged ballots 1",
                     "7. Number of valid votes counted plus challenged ballots (sum of lines 5 and 6) 48"):
            assert line in text, line

    def test_the_status_report_in_a_clients_words(self, live: Path) -> None:
        [report] = live.glob("*case-status-report*.pdf")
        text = re.sub(r"\s+", " ", text_of(report))
        assert ("Even if the challenged ballot were counted for United Steelworkers, its 22 votes would not exceed the "
                "26 against") in text
        assert "all 1 challenged" not in text
        assert "0 void and 1 challenged ballot (not sufficient in number to affect the results)" in text  # the docket
        assert "Result Not yet decided: no certification or decision has issued" in text
        # the hearing's opening is the Regional Director's date, not a filing cut-off
        hearing = text.split("Hearing, if set (or as soon as practicable)", 1)[1].split("DOCKET", 1)[0]
        assert "Wednesday, December 16, 2026 —" in hearing and "11:59" not in hearing
