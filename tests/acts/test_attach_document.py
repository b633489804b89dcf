"""attach-document: the PDF as actually filed (with its e-filing confirmation number) attached to its
filing, and the Region's own PDF to a recorded act — uploaded with the act (bytes, never a path),
stored content-addressed under the output folder (0600 in 0700 folders), hashed, docketed, listed by
the read models (confidential ones only for those who may see them) and checked by `casefile
verify`; a refusal stores nothing."""

from __future__ import annotations

import hashlib
import io
import stat
from pathlib import Path

import pytest
from pypdf import PdfWriter
from sqlmodel import Session, select
from typer.testing import CliRunner

from casefile import app
from casefile.acts import Who, parse_act
from casefile.documents.kinds.objections import Objections
from casefile.errors import ProcedureError, UnknownRecord
from casefile.record.authority import Standing
from casefile.record.db import read_session
from casefile.record.models import Case, DocketEntry, Document, Filing
from casefile.record.queries import case_view
from casefile.record.uploads import UploadRefused, Uploads, received_file, stored_path, uploads_of
from casefile.vocab import DocumentKind
from tests.acts.live_case import FILED_AT, NUMBER, OBJECTIONS, open_live, perform
from tests.acts.snapshot import default_snapshot

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


def upload_of(file: Path, field: str = "file") -> Uploads:
    return uploads_of([received_file(file.read_bytes(), field=field, name=file.name, max_bytes=25_000_000)])


def attach(to: str, file: Path, confirmation: str = "") -> object:
    uploads = upload_of(file)
    act = parse_act({"act": "attach-document", "to": to, "file": uploads.files["file"].ref, "confirmation": confirmation})
    return app.perform(act, case_number=NUMBER, as_of=ATTACHED_AT, by=Who.operator(), documents="none", uploads=uploads)


def stored_at(out: Path, file: Path) -> Path:
    return out / stored_path(hashlib.sha256(file.read_bytes()).hexdigest())


def refused(data: dict[str, object], uploads: Uploads | None, error: type[Exception]) -> Exception:
    """The act refused with ``error``, every table and the output folder as before."""
    before = default_snapshot()
    with pytest.raises(error) as caught:
        app.perform(parse_act(data), case_number=NUMBER, as_of=ATTACHED_AT, by=Who.operator(), documents="none",
                    uploads=uploads)
    assert default_snapshot() == before
    return caught.value


def verified(out: Path) -> object:
    from casefile.record.integrity import verify

    with read_session() as s:
        return verify(s, output_dir=out, case_number=NUMBER)


class PartyViewer:
    """A viewer of one party's side (sees the case, and the confidential filings of that party only)."""

    def __init__(self, key: str) -> None:
        self.key = key

    def standing(self, session: Session, case: Case) -> Standing:
        from casefile.record.lookups import get_party

        return Standing(parties=frozenset({get_party(session, case, self.key).id or 0}))


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
        stored = filed / "out" / "uploads" / sha[:2] / f"{sha}.pdf"
        assert stored.read_bytes() == source.read_bytes()
        assert stat.S_IMODE(stored.stat().st_mode) == 0o600
        assert stat.S_IMODE(stored.parent.stat().st_mode) == stat.S_IMODE(stored.parent.parent.stat().st_mode) == 0o700
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
        source = pdf_file(filed)
        attach(f"filing:{filing_id}", source)
        stored = stored_at(filed / "out", source)
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
        with write_session(by="operator:tests") as s:
            row = s.exec(select(Attachment)).one()
            row.sha256 = "0" * 64
            s.add(row)
        lines = verified(filed / "out").lines()  # type: ignore[attr-defined]
        assert any("is on no docket entry under its sha256 000000000000…" in line for line in lines)


class TestConfidential:
    def test_the_offer_of_proofs_attachment_is_hidden_from_the_other_party(self, filed: Path) -> None:
        offer_id, _ = ids("offer-of-proof")
        source = pdf_file(filed, "offer.pdf", pages=1)
        result = attach(f"filing:{offer_id}", source)
        assert "(confidential, sha256" in result.summary  # type: ignore[attr-defined]
        assert stored_at(filed / "out", source).is_file()
        with read_session() as s:
            union, employer = case_view(s, NUMBER, PartyViewer("usw")), case_view(s, NUMBER, PartyViewer("mpc"))
        assert [(a.to, a.confidential) for a in union.attachments] == [(f"filing:{offer_id}", True)]
        assert employer.attachments == []
        assert "attach-document" not in [e.act for e in employer.docket]
        assert "attach-document" in [e.act for e in union.docket]


    def test_the_offer_of_proofs_own_pdf_attached_to_the_objections_stays_confidential(self, filed: Path) -> None:
        """The union attaches its issued Offer of Proof's PDF to its public objections filing: the bytes are a
        confidential document of the case, so the attachment is confidential too, hidden from the employer."""
        filing_id, _ = ids()
        [offer_pdf] = sorted((filed / "out" / NUMBER).glob("*offer-of-proof*.pdf"))
        result = attach(f"filing:{filing_id}", offer_pdf)
        assert "(confidential, sha256" in result.summary  # type: ignore[attr-defined]
        with read_session() as s:
            union, employer = case_view(s, NUMBER, PartyViewer("usw")), case_view(s, NUMBER, PartyViewer("mpc"))
        assert [(a.to, a.confidential) for a in union.attachments] == [(f"filing:{filing_id}", True)]
        assert employer.attachments == [] and "attach-document" not in [e.act for e in employer.docket]


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


class TestActiveContent:
    def test_the_documents_casefile_issued_are_taken(self, filed: Path) -> None:
        """The PDFs casefile issued (WeasyPrint, PDF/A-3b: fonts, bookmarks, links) have no active content: each
        is taken as an upload, as the Region attaches its own documents as issued."""
        issued = sorted((filed / "out" / NUMBER).glob("*.pdf"))
        assert len(issued) >= 2
        for path in issued:
            assert received_file(path.read_bytes(), field="file", name=path.name, max_bytes=25_000_000).size > 0

    def test_the_command_refuses_a_pdf_that_runs_javascript_and_stores_nothing(self, filed: Path) -> None:
        """`casefile documents attach` with the union's objections whose /OpenAction runs JavaScript: exit 2,
        the message naming what and where; every table and the output folder as before."""
        from tests.cli.in_process import casefile
        from tests.record.active_pdfs import open_action_javascript

        source = filed / "USW objections as filed.pdf"
        source.write_bytes(open_action_javascript())
        before = default_snapshot()
        ran = casefile("documents", "attach", NUMBER, "--to", f"filing:{ids()[0]}", "--file", str(source),
                       "--as-of", ATTACHED_AT.isoformat())
        assert ran.exit_code == 2, (ran.stdout, ran.stderr)
        assert ran.error_lines == ["error: field 'file': 'USW objections as filed.pdf': the PDF runs JavaScript when "
                                   "opened (/OpenAction): casefile accepts PDFs without active content; print it to "
                                   "PDF again"]
        assert default_snapshot() == before


class TestRefused:
    def test_not_a_pdf_by_content(self, filed: Path) -> None:
        """A Word file (or anything not beginning %PDF-) is refused when received, naming the field and the
        client's file name."""
        with pytest.raises(UploadRefused) as caught:
            received_file(b"PK\x03\x04 a Word file", field="file", name="objections.docx", max_bytes=25_000_000)
        assert str(caught.value).startswith("field 'file': 'objections.docx' is not a PDF (it does not begin with %PDF-)")
        assert caught.value.field == "file"

    def test_a_file_that_begins_as_a_pdf_but_is_not_one(self, filed: Path) -> None:
        with pytest.raises(UploadRefused, match=r"'fake.pdf' begins as a PDF but cannot be read as one"):
            received_file(b"%PDF-1.7\n<html>not a pdf</html>", field="file", name="fake.pdf", max_bytes=25_000_000)

    def test_too_large(self, filed: Path) -> None:
        source = pdf_file(filed)
        with pytest.raises(UploadRefused, match=r"'USW objections as filed.pdf' is larger than 200 bytes, the largest "
                                                r"file taken \(CASEFILE_UPLOAD_MAX_BYTES\)"):
            received_file(source.read_bytes(), field="file", name=source.name, max_bytes=200)

    def test_a_path_names_nothing(self, filed: Path) -> None:
        """The act's ``file`` is the hash of a file uploaded with it: a path (the union's offer of proof in
        the output folder) is refused by the model, and a hash of a file not carried by the front door —
        with nothing read or stored."""
        from pydantic import ValidationError

        offer = next((filed / "out" / NUMBER).glob("*offer-of-proof*.pdf"))
        with pytest.raises(ValidationError, match="never named by a path on the server"):
            parse_act({"act": "attach-document", "to": f"filing:{ids()[0]}", "file": str(offer)})
        ref = "sha256:" + hashlib.sha256(offer.read_bytes()).hexdigest()
        error = refused({"act": "attach-document", "to": f"filing:{ids()[0]}", "file": ref}, None, UploadRefused)
        assert "no file was uploaded with the act for it" in str(error) and error.field == "file"  # type: ignore[attr-defined]
        other = upload_of(pdf_file(filed))
        error = refused({"act": "attach-document", "to": f"filing:{ids()[0]}", "file": ref}, other, UploadRefused)
        assert error.field == "file"  # type: ignore[attr-defined]

    @pytest.mark.parametrize(("to", "error", "words"), [
        ("filing:999", UnknownRecord, "has no filing 999"),
        ("docket:999", UnknownRecord, "has no docket entry 999"),
        ("docket:1", ProcedureError, "(open-case) is not an act a document was filed or issued for"),
    ], ids=["unknown-filing", "unknown-entry", "not-an-act"])
    def test_a_target_not_in_the_case(self, filed: Path, to: str, error: type[Exception], words: str) -> None:
        uploads = upload_of(pdf_file(filed))
        caught = refused({"act": "attach-document", "to": to, "file": uploads.files["file"].ref}, uploads, error)
        assert words in str(caught) and getattr(caught, "field", None) == "to"

    def test_a_target_of_another_form_is_refused_by_the_model(self) -> None:
        from pydantic import ValidationError

        with pytest.raises(ValidationError, match="should match pattern"):
            parse_act({"act": "attach-document", "to": "document:3", "file": "sha256:" + "0" * 64})


def perform_with(uploads: Uploads, *, number: int = 1) -> app.ActResult:
    """The Union's withdrawal of its objection ``number``, recorded from the document received."""
    act = parse_act({"act": "withdraw-objection", "party": "usw", "number": number, "why": "Withdrawn by letter",
                     "date": "2026-12-01"})
    return app.perform(act, case_number=NUMBER, as_of=ATTACHED_AT, by=Who.operator(), documents="none", uploads=uploads)


class TestReceived:
    def test_a_recorded_act_carries_the_document_received_in_its_transaction(self, filed: Path) -> None:
        """A document received uploaded with an act is attached to the act's own docket entry, in the act's
        transaction (the act's entry, then its attachment's), and verified."""
        from casefile.record.models import Attachment

        letter = pdf_file(filed, "Withdrawal letter.pdf", pages=1)
        with read_session() as s:
            entries = len(s.exec(select(DocketEntry)).all())
        done = perform_with(upload_of(letter, field="received"))
        with read_session() as s:
            row = s.exec(select(Attachment)).one()
            assert done.attached == [f"attachment:{row.id}"]
            assert (row.original_name, row.sha256, row.entry_id, row.kind) == (
                "Withdrawal letter.pdf", hashlib.sha256(letter.read_bytes()).hexdigest(), done.entry_id, "as-issued")
            acts = [e.act for e in s.exec(select(DocketEntry).order_by(DocketEntry.id))][entries:]  # type: ignore[arg-type]
        assert acts == ["withdraw-objection", "attach-document"]
        assert stored_at(filed / "out", letter).is_file()
        assert verified(filed / "out").ok  # type: ignore[attr-defined]

    def test_a_refused_act_stores_no_document_received(self, filed: Path) -> None:
        """The withdrawal of an objection the Union does not have is refused: no attachment, no file."""
        uploads = upload_of(pdf_file(filed, "Withdrawal letter.pdf", pages=1), field="received")
        before = default_snapshot()
        with pytest.raises(UnknownRecord):
            perform_with(uploads, number=9)
        assert default_snapshot() == before

    def test_a_file_for_a_field_the_act_does_not_have(self, filed: Path) -> None:
        uploads = upload_of(pdf_file(filed), field="file")
        before = default_snapshot()
        with pytest.raises(UploadRefused, match="withdraw-objection takes no file 'file'"):
            perform_with(uploads)
        assert default_snapshot() == before


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
        said = " ".join(shown.output.split())  # the console's width may be another test's (lines wrap at spaces)
        assert f"as-filed filing:{ids()[0]}" in said and f"sha256 {sha}" in said
        assert "e-filing confirmation 1-2345678901" in said
