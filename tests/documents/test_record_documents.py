"""The documents casefile issues from a record: the Bessemer scenario replayed (without Prefect) and
each issued PDF read back. One test per defect a labor lawyer found in the issued documents
(shared/reviews/new-user-trial.md §2): the words come from the record and are the Agency's."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from casefile.documents.preflight import preflight_file
from tests.documents.pdf_layout import lines_by_page, overflow
from tests.documents.reading import body_of, text_of
from tests.documents.record_replay import Replayed

ISO_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")


@pytest.fixture(scope="module")
def bessemer(replayed_examples: dict[str, Replayed]) -> Iterator[Replayed]:
    """Bessemer (10-RC-269250) replayed to the ALJ decision of November 5, 2024, with a status report (the session's
    replay), the settings pointing at its database and output folder for this module."""
    from casefile.record.db import get_engine
    from casefile.settings import get_settings

    replayed = replayed_examples["bessemer-10-RC-269250.yaml"]
    assert replayed.folder is not None
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CASEFILE_DATABASE_URL", f"sqlite:///{replayed.folder / 'casefile.db'}")
        mp.setenv("CASEFILE_OUTPUT_DIR", str(replayed.folder / "out"))
        get_settings.cache_clear()
        get_engine.cache_clear()
        yield replayed
        get_engine().dispose()
    get_settings.cache_clear()
    get_engine.cache_clear()


ALL = "*.pdf"


class TestWords:
    def test_cutoffs_read_1159_pm_never_seconds(self, bessemer: Replayed) -> None:
        """Every cut-off reads "11:59 p.m." with its zone; "11:59:59" appears in no document."""
        texts = {p.name: text_of(p) for p in bessemer.out.glob(ALL)}
        assert not [name for name, text in texts.items() if "11:59:59" in text]
        assert "must be filed with the Regional Director by 11:59 p.m. EDT on Friday, April 16, 2021 (29 CFR 102.69(a)(8))" in \
            texts["2021-04-09_tally-of-ballots.pdf"]  # the day once, with its cut-off

    def test_no_software_references_in_any_document(self, bessemer: Replayed) -> None:
        """Citations name 29 CFR (and the Act, the Casehandling Manual) only: no "rules.md", no R-numbers."""
        found = {p.name: re.findall(r"rules\.md|\bR-[A-Z]\d+\b", text_of(p)) for p in bessemer.out.glob(ALL)}
        assert {name: refs for name, refs in found.items() if refs} == {}

    def test_no_iso_dates_in_the_body_of_any_document(self, bessemer: Replayed) -> None:
        """Dates in prose read "April 16, 2021": no YYYY-MM-DD outside the record-copy annex (file names aside)."""
        found = {p.name: ISO_DATE.findall(body_of(p)) for p in bessemer.out.glob(ALL)}
        assert {name: dates for name, dates in found.items() if dates} == {}

    @pytest.mark.parametrize("name", ["*hearing-officer-report.pdf", "*alj-decision.pdf"], ids=["ho-report", "alj-decision"])
    def test_the_hearing_sentence_reads_correctly(self, bessemer: Replayed, name: str) -> None:
        """"The hearing opened on ... and closed on ..."; no "held opened", no stray ";" after a placeholder."""
        text = body_of(bessemer.pdf(name))
        opened = {"*hearing-officer-report.pdf": r"was scheduled to open on May 7, 2021 \(the record does not show the actual "
                                                 r"opening date\)",  # the noticed date, open-hearing's caveat kept
                  "*alj-decision.pdf": "opened on April 25, 2024"}[name]
        assert re.search(rf"The hearing (before the Administrative Law Judge )?{opened} and closed on", " ".join(text.split()))
        assert "held opened" not in text
        assert not re.search(r"\] ?;", text)
        assert "is reported to have sustained" not in text

    @pytest.mark.parametrize("name", ["*hearing-officer-report.pdf", "*alj-decision.pdf", "*notice-of-hearing.pdf"],
                             ids=["ho-report", "alj-decision", "notice-of-hearing"])
    def test_research_notes_only_in_the_record_copy_annex(self, bessemer: Replayed, name: str) -> None:
        """The scenario's "UNCERTAIN: ..." notes are never in the body; they sit under a RECORD-COPY NOTE heading."""
        text = text_of(bessemer.pdf(name))
        body, _, annex = text.partition("RECORD-COPY NOTE")
        assert "UNCERTAIN" not in body.upper().replace("RECORD-COPY", "")
        assert annex and "Uncertain:" in annex and "not part of the document" in annex

    def test_objections_ask_for_no_relief_the_record_does_not_state(self, bessemer: Replayed) -> None:
        """The record does not give the parties' prayers: no objections of a record copy asks for a next election."""
        for name in ("2022-04-07_objections_rwdsu.pdf", "2022-04-07_objections_amazon.pdf", "2021-04-16_objections_rwdsu.pdf"):
            text = " ".join(text_of(bessemer.pdf(name)).split())
            assert "requests that the objections be sustained and such relief be granted as is appropriate." in text
            assert "set the election aside, and direct" not in text

    def test_the_rerun_tally_names_the_direction_of_second_election(self, bessemer: Replayed) -> None:
        """"Type of election" on the rerun tally is the Decision and Direction of Second Election that directed it."""
        text = text_of(bessemer.pdf("2022-03-31_tally-of-ballots.pdf"))
        assert "Type of election Rerun election: Decision and Direction of Second Election; mail-ballot election" in text
        assert ("Type of election Decision and Direction of Election (inferred: the public record does not name the election "
                "agreement); mail") in text_of(bessemer.pdf("2021-04-09_tally-of-ballots.pdf"))

    def test_the_status_report_names_stages_and_outcomes_in_words(self, bessemer: Replayed) -> None:
        """A set-aside election is not "Certification of Results"; stages are in words; the time is Atlanta's, with EST."""
        text = body_of(bessemer.pdf("*case-status-report*.pdf"))
        assert "Status as of 12:00 p.m. EST on November 5, 2024" in text
        assert "UTC" not in text
        assert "Result Set aside by the Regional Director on November 29, 2021; a second election directed" in text
        assert "Outcomes still reachable None: the election was set aside" in text
        assert "Outcome of the count (superseded)" in text
        assert "Stage Set aside; a new election directed" in text
        assert "Stage Administrative Law Judge's decision issued" in text
        assert "Result: Stage:" not in text and "Stage: " not in text
        for raw in ("rerun-directed", "rerun directed", "alj decision issued", "record-tally", "file-objections"):
            assert raw not in text

    def test_a_decision_does_not_list_itself_in_its_procedural_history(self, bessemer: Replayed) -> None:
        """The Regional Director's decision of November 29, 2021 lists the acts before it, not itself."""
        history = body_of(bessemer.pdf("*decision-and-direction-of-second-election.pdf")).split("II. THE ELECTION")[0]
        assert "The Hearing Officer issued a report recommending that the election be set aside" in history
        assert "November 29, 2021" not in history
        history = body_of(bessemer.pdf("*hearing-officer-report.pdf")).split("The mail-ballot election was held")[0]
        assert "August 2, 2021" not in history
        assert "Certification of Results" not in history

    def test_objections_of_two_parties_never_share_a_number(self, bessemer: Replayed) -> None:
        """In the ALJ decision, which rules on both parties' objections, each is labeled by its filer: no two "No. 1"."""
        text = body_of(bessemer.pdf("*alj-decision.pdf"))
        assert "Employer's Objection 1" in text and "Petitioner's Objection 1" in text
        labels = re.findall(r"(?:Employer|Petitioner)'s Objection \d+", text)
        assert len(labels) == len(set(labels)) == 21

    def test_no_ruling_is_printed_twice_as_a_placeholder(self, bessemer: Replayed) -> None:
        """A missing ruling prints one placeholder, not "[..] . [..]"."""
        text = body_of(bessemer.pdf("*hearing-officer-report.pdf"))
        assert "recommendation] . [" not in text and "ruling on objection" not in text


class TestIssuedFiles:
    def test_every_issued_pdf_passes_preflight(self, bessemer: Replayed) -> None:
        """Issuance ran preflight; the files on disk pass it again (PDF/A-3b, fonts, Letter, names)."""
        reports = [preflight_file(p) for p in sorted(bessemer.out.glob(ALL))]
        assert len(reports) >= 11
        assert [r.line() for r in reports if not r.ok] == []

    def test_every_issued_pdf_lies_inside_the_margins(self, bessemer: Replayed) -> None:
        """No text of any issued PDF lies outside the printable area."""
        found = {p.name: overflow(p.read_bytes()) for p in bessemer.out.glob(ALL)}
        assert {name: [(s.page, s.text[:30], pts) for s, pts in o] for name, o in found.items() if o} == {}

    def test_both_tallies_are_one_page(self, bessemer: Replayed) -> None:
        """The 2021 and 2022 Tallies of Ballots are one page each."""
        for name in ("2021-04-09_tally-of-ballots.pdf", "2022-03-31_tally-of-ballots.pdf"):
            assert len(lines_by_page(bessemer.pdf(name).read_bytes())) == 1, name


class TestIssuanceAndCommands:
    def test_a_document_failing_preflight_is_reported_and_not_issued(self, bessemer: Replayed,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
        """Issuance runs preflight: a failing PDF raises DocumentFailed naming the failure; no file, no record."""
        from datetime import datetime
        from zoneinfo import ZoneInfo

        from sqlmodel import select

        import casefile.documents.preflight as preflight_module
        from casefile.documents.issue import issue_status_report
        from casefile.errors import DocumentFailed
        from casefile.record.db import read_session
        from casefile.record.models import Document

        def failing(pdf_bytes: bytes, *, confidential: bool, file_name: str, max_bytes: int | None = None):  # type: ignore[no-untyped-def]
            return preflight_module.PreflightReport(file_name, 1, len(pdf_bytes), ("fonts not embedded: Helvetica",))

        monkeypatch.setattr(preflight_module, "preflight", failing)
        as_of = datetime(2024, 11, 6, 9, 0, tzinfo=ZoneInfo("America/New_York"))
        before = set(bessemer.out.iterdir())
        with pytest.raises(DocumentFailed, match="Case Status Report of case 10-RC-269250 not issued: preflight failed: fonts not embedded"):
            issue_status_report(case_number=bessemer.case_number, as_of=as_of)
        assert set(bessemer.out.iterdir()) == before
        with read_session() as session:
            assert session.exec(select(Document).where(Document.key.endswith(as_of.isoformat()))).first() is None  # type: ignore[union-attr]

    def test_documents_check_prints_one_ok_line_per_issued_document(self, bessemer: Replayed) -> None:
        """`casefile documents check CASE` preflights every document of the case: one OK line each, exit 0."""
        from tests.cli.in_process import casefile

        ran = casefile("documents", "check", bessemer.case_number)
        assert ran.exit_code == 0, ran.stdout + ran.stderr
        lines = ran.stdout.splitlines()
        assert len(lines) == len(list(bessemer.out.glob("*.pdf")))
        assert all(line.startswith("OK    ") for line in lines)
        assert any(re.fullmatch(r"OK    2021-04-09_tally-of-ballots\.pdf \(1 page, \d+ KB\)", line) for line in lines)

    def test_documents_check_of_a_bad_file_fails_with_exit_1(self, bessemer: Replayed, tmp_path: Path) -> None:
        """A tally cut to A4 fails `casefile documents check FILE`: a FAIL line naming it, exit 1."""
        from pypdf import PdfReader, PdfWriter

        from tests.cli.in_process import casefile

        writer = PdfWriter(clone_from=PdfReader(bessemer.pdf("2021-04-09_tally-of-ballots.pdf")))
        writer.pages[0].mediabox.upper_right = (595, 842)
        bad = tmp_path / "2021-04-09_tally-of-ballots.pdf"
        with bad.open("wb") as handle:
            writer.write(handle)
        ran = casefile("documents", "check", str(bad))
        assert ran.exit_code == 1
        assert ran.stdout.startswith("FAIL  2021-04-09_tally-of-ballots.pdf (1 page, ")
        assert "not US Letter (612 x 792 pt): page 1 (595 x 842 pt)" in ran.stdout

    def test_documents_docx_writes_the_stored_filing_as_docx(self, bessemer: Replayed, tmp_path: Path) -> None:
        """`casefile documents docx ID --out PATH` writes the Amazon objections of 2022 from Document.data."""
        import docx
        from sqlmodel import select

        from casefile.record.db import read_session
        from casefile.record.models import Document
        from tests.cli.in_process import casefile

        with read_session() as session:
            stored = next(d for d in session.exec(select(Document)) if d.path.endswith("2022-04-07_objections_amazon.pdf"))
            ident, count = stored.id, len(stored.data["objections"])
        out = tmp_path / "amazon-objections.docx"
        ran = casefile("documents", "docx", str(ident), "--out", str(out))
        assert ran.exit_code == 0, ran.stderr
        document = docx.Document(str(out))
        texts = [p.text for p in document.paragraphs]
        assert "EMPLOYER'S OBJECTIONS TO CONDUCT AFFECTING THE RESULTS OF THE ELECTION" in texts
        assert document.tables[0].rows[0].cells[1].text == "Case 10-RC-269250"
        assert [t.split(".", 1)[0] for t in texts if t.startswith("Objection ")] == [f"Objection {n}" for n in range(1, count + 1)]
        assert any(t.endswith("requests that the objections be sustained and such relief be granted as is appropriate.")
                   for t in texts)
        tally = next(d for d in _documents() if d.kind.value == "tally-of-ballots")
        refused = casefile("documents", "docx", str(tally.id))
        assert refused.exit_code == 2 and refused.error_lines and "party's filing" in refused.error_lines[0]


def _documents():  # type: ignore[no-untyped-def]
    from sqlmodel import select

    from casefile.record.db import read_session
    from casefile.record.models import Document

    with read_session() as session:
        return list(session.exec(select(Document)))


class TestPlaceholdersOnlyForWhatTheRecordLacks:
    """A replay (a record copy) prints a placeholder where the public record lacks a fact — counsel's
    names, the manner and address of service, the Board agent, the client — and nowhere else."""

    @staticmethod
    def placeholders(path: Path) -> set[str]:
        text = re.sub(r"\s+", " ", text_of(path))
        return {m.removeprefix("[NOT IN THE PUBLIC RECORD: ").removesuffix("]")
                for m in re.findall(r"\[NOT IN THE PUBLIC RECORD: [^\]]+\]", text)}

    def test_the_objections(self, bessemer: Replayed) -> None:
        found = self.placeholders(bessemer.pdf("2021-04-16_objections_rwdsu.pdf"))
        assert found == {f"text of objection {n}" for n in range(5, 24)} | {
            "Petitioner's counsel of record", "Employer's counsel of record", "manner of service",
            "service address of Amazon.com Services LLC"}

    def test_the_tally_and_the_status_report(self, bessemer: Replayed) -> None:
        assert "Board agent's name" in self.placeholders(bessemer.pdf("2021-04-09_tally-of-ballots.pdf"))
        assert "Prepared for [NOT IN THE PUBLIC RECORD: client]" in text_of(bessemer.pdf("*case-status-report*.pdf"))
