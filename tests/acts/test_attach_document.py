"""attach-document: the PDF as actually filed (with its e-filing confirmation number) attached to its
filing, and the Region's own PDF to a recorded act — stored beside casefile's draft (0600, inside
the output folder), hashed, docketed, listed by the read models (confidential ones only for those
who may see them) and checked by `casefile verify`; a refusal stores nothing."""

from __future__ import annotations

import hashlib
import io
import stat
from pathlib import Path

import pytest
from pypdf import PdfWriter
from sqlmodel import Session, select
from typer.testing import CliRunner

from casefile.acts import parse_act
from casefile.documents.kinds.objections import Objections
from casefile.errors import BadInput, ProcedureError, UnknownRecord
from casefile.record.db import read_session
from casefile.record.models import Case, DocketEntry, Document, Filing, Party
from casefile.record.queries import case_view
from casefile.vocab import DocumentKind
from tests.acts.example_cases import refused_act
from tests.acts.live_case import FILED_AT, NUMBER, OBJECTIONS, open_live, perform

ATTACHED_AT = FILED_AT.replace(hour=15)
OFFER = [{"objection": 1, "witness": "Luis Ortega", "summary": "Heard the plant manager say the plant would close."}]


def pdf_file(folder: Path, name: str = "USW objections as filed.pdf", pages: int = 2) -> Path:
    """A real PDF of ``pages`` blank US Letter pages (as a lawyer's finished filing stands in for)."""
    writer = PdfWriter()
    for _ in range(pages):
        writer.add_blank_page(612, 792)
    buffer = io.BytesIO()
    writer.write(buffer)
    path = folder / name
    path.write_bytes(buffer.getvalue())
    return path


def ids(kind: str = "objections") -> tuple[int, int]:
    """The filing's id and the id of the docket entry of the tally."""
    with read_session() as s:
        filing = s.exec(select(Filing).where(Filing.kind == kind)).one()
        tally = s.exec(select(DocketEntry).where(DocketEntry.act == "record-tally")).one()
        return filing.id or 0, tally.id or 0


def attach(to: str, file: Path, confirmation: str = "") -> object:
    return perform({"act": "attach-document", "to": to, "file": str(file), "confirmation": confirmation},
                   as_of=ATTACHED_AT)


def verified(out: Path) -> object:
    from casefile.record.integrity import verify

    with read_session() as s:
        return verify(s, output_dir=out, case_number=NUMBER)


class PartyViewer:
    """A viewer of one party's side (sees the case, and the confidential filings of that party only)."""

    def __init__(self, key: str) -> None:
        self.key = key

    def sees_case(self, session: Session, case: Case) -> bool:
        return True

    def sees_confidential(self, session: Session, case: Case, party_id: int | None) -> bool:
        party = session.get(Party, party_id) if party_id is not None else None
        return party is not None and party.key == self.key


@pytest.fixture
def filed(configured_db: Path) -> Path:
    """The live case with the Union's objections (and confidential offer of proof) filed, their drafts issued."""
    open_live()
    perform({**OBJECTIONS, "offer_of_proof": OFFER}, as_of=FILED_AT, documents="issue")
    return configured_db


class TestAsFiled:
    def test_stored_beside_the_draft_hashed_listed_and_verified(self, filed: Path) -> None:
        source = pdf_file(filed)
        filing_id, _ = ids()
        result = attach(f"filing:{filing_id}", source, confirmation="1-2345678901")
        sha = hashlib.sha256(source.read_bytes()).hexdigest()
        assert result.summary == (f"Petitioner's Objections to Conduct Affecting the Results of the Election as filed "
                                  f"attached (sha256 {sha[:12]}…, e-filing confirmation 1-2345678901)")
        stored = filed / "out" / NUMBER / "2026-12-01_objections_usw_as-filed.pdf"
        assert stored.read_bytes() == source.read_bytes()
        assert stat.S_IMODE(stored.stat().st_mode) == 0o600
        with read_session() as s:
            view = case_view(s, NUMBER)
            draft = s.exec(select(Document).where(Document.key == f"objections:filing:{filing_id}")).one()
        [listed] = view.attachments
        assert (listed.to, listed.kind, listed.sha256, listed.size, listed.confirmation, listed.draft_document_id,
                listed.file_name, listed.confidential) == (
            f"filing:{filing_id}", "as-filed", sha, source.stat().st_size, "1-2345678901", draft.id,
            "2026-12-01_objections_usw_as-filed.pdf", False)
        assert view.docket[-1].act == "attach-document"
        report = verified(filed / "out")
        assert report.ok, report.lines()  # type: ignore[attr-defined]
        assert report.files == 3  # type: ignore[attr-defined]  # the objections, the offer of proof, the attachment

    def test_the_certificate_of_a_document_issued_after_carries_the_confirmation(self, filed: Path) -> None:
        """The confirmation number is printed where the filing's own certificate is built from the record."""
        from tests.documents.checked import build_for

        filing_id, _ = ids()
        attach(f"filing:{filing_id}", pdf_file(filed), confirmation="1-2345678901")
        with read_session() as s:
            built = build_for(s, NUMBER, Objections, f"filing:{filing_id}")
        assert built.context.filed.confirmation == "1-2345678901"  # type: ignore[attr-defined]

    def test_a_retry_stores_nothing_new(self, filed: Path) -> None:
        from tests.acts.snapshot import default_snapshot

        filing_id, _ = ids()
        source = pdf_file(filed)
        attach(f"filing:{filing_id}", source)
        before = default_snapshot()
        assert attach(f"filing:{filing_id}", source).repeated  # type: ignore[attr-defined]
        assert default_snapshot() == before

    def test_a_file_changed_after_it_was_attached_fails_verify(self, filed: Path) -> None:
        filing_id, _ = ids()
        attach(f"filing:{filing_id}", pdf_file(filed))
        stored = filed / "out" / NUMBER / "2026-12-01_objections_usw_as-filed.pdf"
        stored.write_bytes(stored.read_bytes() + b"%tampered\n")
        report = verified(filed / "out")
        assert not report.ok  # type: ignore[attr-defined]
        assert any("attachment #1 (as-filed filing:" in line and "does not match its sha256" in line
                   for line in report.lines())  # type: ignore[attr-defined]

    def test_a_changed_sha256_in_the_record_fails_verify(self, filed: Path) -> None:
        from casefile.record.db import write_session
        from casefile.record.models import Attachment

        filing_id, _ = ids()
        attach(f"filing:{filing_id}", pdf_file(filed))
        with write_session() as s:
            row = s.exec(select(Attachment)).one()
            row.sha256 = "0" * 64
            s.add(row)
        lines = verified(filed / "out").lines()  # type: ignore[attr-defined]
        assert any("is on no docket entry under its sha256 000000000000…" in line for line in lines)


class TestConfidential:
    def test_the_offer_of_proofs_attachment_is_hidden_from_the_other_party(self, filed: Path) -> None:
        offer_id, _ = ids("offer-of-proof")
        result = attach(f"filing:{offer_id}", pdf_file(filed, "offer.pdf", pages=1))
        assert "(confidential, sha256" in result.summary  # type: ignore[attr-defined]
        assert (filed / "out" / NUMBER / "2026-12-01_offer-of-proof_usw_as-filed.pdf").is_file()
        with read_session() as s:
            union, employer = case_view(s, NUMBER, PartyViewer("usw")), case_view(s, NUMBER, PartyViewer("mpc"))
        assert [(a.to, a.confidential) for a in union.attachments] == [(f"filing:{offer_id}", True)]
        assert employer.attachments == []
        assert "attach-document" not in [e.act for e in employer.docket]
        assert "attach-document" in [e.act for e in union.docket]


class TestAsIssued:
    def test_the_regions_tally_beside_casefiles_record_copy(self, filed: Path) -> None:
        from casefile import app

        _, tally_entry = ids()
        unissued = attach(f"docket:{tally_entry}", pdf_file(filed, "Tally as issued.pdf", pages=1))  # no record copy yet
        assert unissued.summary.startswith("Tally of Ballots as issued by the Region attached")  # type: ignore[attr-defined]
        app.issue_for_entry(tally_entry, as_of=ATTACHED_AT)  # casefile's record copy, then the Region's own beside it
        result = attach(f"docket:{tally_entry}", pdf_file(filed, "Tally 13-RC-400123.pdf", pages=3))
        assert result.summary.startswith("Tally of Ballots as issued by the Region attached (sha256 ")  # type: ignore[attr-defined]
        with read_session() as s:
            first, listed = case_view(s, NUMBER).attachments
            draft = s.exec(select(Document).where(Document.kind == DocumentKind.TALLY_OF_BALLOTS)).one()
            actors = {e.actor.value for e in s.exec(select(DocketEntry).where(DocketEntry.act == "attach-document"))}
        assert (first.file_name, first.draft_document_id) == ("2026-11-24_record-tally_as-issued.pdf", None)
        assert (listed.kind, listed.to, listed.file_name, listed.draft_document_id, listed.title) == (
            "as-issued", f"docket:{tally_entry}", "2026-11-24_tally-of-ballots_as-issued.pdf", draft.id, "Tally of Ballots")
        assert actors == {"board-agent"}
        assert verified(filed / "out").ok  # type: ignore[attr-defined]


class TestRefused:
    def test_not_a_pdf_by_name(self, filed: Path) -> None:
        source = filed / "objections.docx"
        source.write_bytes(b"PK\x03\x04 a Word file")
        error = refused_act(parse_act({"act": "attach-document", "to": f"filing:{ids()[0]}", "file": str(source)}),
                            BadInput, case_number=NUMBER, as_of=ATTACHED_AT)
        assert "'objections.docx' is not a PDF" in str(error)

    def test_not_a_pdf_by_content(self, filed: Path) -> None:
        source = filed / "objections.pdf"
        source.write_bytes(b"<html>not a pdf</html>")
        error = refused_act(parse_act({"act": "attach-document", "to": f"filing:{ids()[0]}", "file": str(source)}),
                            BadInput, case_number=NUMBER, as_of=ATTACHED_AT)
        assert "does not begin as a PDF does" in str(error)

    def test_too_large(self, filed: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        from casefile.settings import get_settings

        source = pdf_file(filed)
        monkeypatch.setenv("CASEFILE_EFILING_MAX_BYTES", "200")
        get_settings.cache_clear()
        error = refused_act(parse_act({"act": "attach-document", "to": f"filing:{ids()[0]}", "file": str(source)}),
                            BadInput, case_number=NUMBER, as_of=ATTACHED_AT)
        assert f"is {source.stat().st_size:,} bytes, over the e-filing limit of 200 bytes" in str(error)

    @pytest.mark.parametrize(("to", "error", "words"), [
        ("filing:999", UnknownRecord, "has no filing 999"),
        ("docket:999", UnknownRecord, "has no docket entry 999"),
        ("docket:1", ProcedureError, "(open-case) is not an act a document was filed or issued for"),
    ], ids=["unknown-filing", "unknown-entry", "not-an-act"])
    def test_a_target_not_in_the_case(self, filed: Path, to: str, error: type[Exception], words: str) -> None:
        refused = refused_act(parse_act({"act": "attach-document", "to": to, "file": str(pdf_file(filed))}), error,
                              case_number=NUMBER, as_of=ATTACHED_AT)
        assert words in str(refused) and getattr(refused, "field", None) == "to"

    def test_a_target_of_another_form_is_refused_by_the_model(self) -> None:
        from pydantic import ValidationError

        with pytest.raises(ValidationError, match="should match pattern"):
            parse_act({"act": "attach-document", "to": "document:3", "file": "x.pdf"})


class TestCommand:
    def test_documents_attach_then_case_show(self, filed: Path) -> None:
        from casefile.cli.app import app

        source = pdf_file(filed)
        runner = CliRunner()
        attached = runner.invoke(app, ["documents", "attach", NUMBER, "--to", f"filing:{ids()[0]}", "--file", str(source),
                                       "--confirmation", "1-2345678901", "--as-of", ATTACHED_AT.isoformat()])
        assert attached.exit_code == 0, attached.output
        shown = runner.invoke(app, ["case", "show", NUMBER], env={"COLUMNS": "250"})
        assert shown.exit_code == 0, shown.output
        sha = hashlib.sha256(source.read_bytes()).hexdigest()
        assert f"as-filed filing:{ids()[0]}" in shown.output and f"sha256 {sha}" in shown.output
        assert "e-filing confirmation 1-2345678901" in shown.output
