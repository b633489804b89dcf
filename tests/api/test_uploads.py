"""Documents come as uploads, never as paths (issue 14, finding C1 of the security trial).

Before: ``attach-document`` took ``file``, a path on the *server*, from the API — the employer's
counsel attached the union's confidential offer of proof (a file in the output folder) to the
union's public objections and downloaded it in the case export; ``/etc/passwd`` answered "not a
PDF" (an oracle of the server's files); the case answered each attachment's absolute path.

Now the act carries the file's bytes (multipart/form-data, docs/api.md), stored content-addressed;
a path names nothing and reads nothing; no answer holds a server path; a confidential
attachment's download is logged."""

from __future__ import annotations

import hashlib
import io
import json
import stat
import zipfile
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfWriter
from sqlmodel import select

from casefile.record.refs import RecordTable, Ref
from tests.accounts.world import NUMBER, World
from tests.acts.snapshot import snapshot

ACTS = f"/api/v1/cases/{NUMBER}/acts"
AS_OF = "2021-04-16T18:00:00-04:00"
AMAZON_OBJECTIONS = {"act": "file-objections", "date": "2021-04-16", "party": "amazon",
                     "objections": ["The Petitioner's agents electioneered at the collection box."]}


def pdf(pages: int = 1, note: str = "") -> bytes:
    writer = PdfWriter()
    for _ in range(pages):
        writer.add_blank_page(612, 792)
    if note:
        writer.add_metadata({"/Subject": note})
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def ids() -> dict[str, Any]:
    """The objections' filing and docket entry, the offer of proof's filing, and its issued file."""
    from casefile.record.db import read_session
    from casefile.record.models import DocketEntry, Document, Filing

    with read_session() as s:
        objections = s.exec(select(Filing).where(Filing.kind == "objections")).one()
        offer = s.exec(select(Filing).where(Filing.kind == "offer-of-proof")).one()
        entry = s.exec(select(DocketEntry).where(DocketEntry.ref == Ref(RecordTable.FILING, objections.id))).one()
        offer_pdf = s.exec(select(Document).where(Document.kind == "offer-of-proof")).one()
        return {"objections": objections.id, "offer": offer.id, "entry": entry.id, "offer_pdf": Path(offer_pdf.path)}


def state(world: World, client: Any = None, who: str = "employer-counsel") -> Any:
    """Every table and the output folder (first, the token's use is recorded: it is not the act's)."""
    from casefile.record.db import get_engine

    if client is not None:
        assert client.get("/api/v1/cases", headers=world.headers(who)).status_code == 200
    return snapshot(get_engine(), world.out)


def multipart(act: dict[str, Any], **files: bytes | list[bytes]) -> dict[str, Any]:
    parts: list[tuple[str, tuple[str | None, bytes, str]]] = [("act", (None, json.dumps(act).encode(), "application/json"))]
    for name, content in files.items():
        for i, data in enumerate(content if isinstance(content, list) else [content]):
            parts.append((name, (f"{name}-{i}.pdf", data, "application/pdf")))
    return {"files": parts}


class TestNoServerPath:
    def test_a_path_to_the_other_partys_offer_of_proof_reads_nothing(self, client: Any, world: World) -> None:
        """C1: the employer's counsel names the union's offer of proof (its path in the output folder), the
        server's password file, a missing file and the database: each is refused the same way (422
        invalid-act on ``file``, the path not echoed, nothing read), and nothing is stored."""
        found = ids()
        assert found["offer_pdf"].is_file()
        headers = world.headers("employer-counsel")
        before = state(world, client)
        answers = []
        for path in (str(found["offer_pdf"]), "/etc/passwd", str(world.folder / "no-such.pdf"),
                     str(world.folder / "casefile.db"), "out/10-RC-269250/2021-04-16_offer-of-proof_rwdsu.pdf"):
            answer = client.post(ACTS, json={"act": "attach-document", "to": f"docket:{found['entry']}", "file": path},
                                 params={"as_of": AS_OF}, headers=headers)
            assert answer.status_code == 422, answer.text
            problem = answer.json()
            assert (problem["code"], problem["field"]) == ("invalid-act", "file")
            assert path not in answer.text and "passwd" not in answer.text and "casefile.db" not in answer.text
            answers.append(problem["detail"])
        assert len(set(answers)) == 1, answers  # no oracle of which server files exist
        assert "never named by a path on the server" in answers[0]
        assert state(world) == before

    def test_a_hash_of_a_stored_file_without_its_bytes_names_nothing(self, client: Any, world: World) -> None:
        """The sha256 of the union's offer of proof (which the employer could learn) without the file: refused
        (422 upload-refused), nothing stored."""
        found = ids()
        ref = "sha256:" + hashlib.sha256(found["offer_pdf"].read_bytes()).hexdigest()
        before = state(world, client, who="region")
        from casefile.record.db import read_session
        from casefile.record.models import DocketEntry

        with read_session() as s:  # the Region's own record (a party's is its own, represented here)
            tally = s.exec(select(DocketEntry).where(DocketEntry.act == "record-tally")).one()
        answer = client.post(ACTS, json={"act": "attach-document", "to": f"docket:{tally.id}", "file": ref},
                             params={"as_of": AS_OF}, headers=world.headers("region"))
        assert answer.status_code == 422
        assert (answer.json()["code"], answer.json()["field"]) == ("upload-refused", "file")
        assert state(world) == before


class TestUploaded:
    def test_an_uploaded_pdf_is_stored_content_addressed_and_no_answer_names_a_path(self, client: Any,
                                                                                      world: World) -> None:
        """The Region uploads its tally as issued (its own act: the Region is represented here): 201, stored
        under the output folder at its sha256 (0600 in 0700 folders), listed by the case without any server
        path, and in the export."""
        from casefile.record.db import read_session
        from casefile.record.models import DocketEntry

        with read_session() as s:
            tally = s.exec(select(DocketEntry).where(DocketEntry.act == "record-tally")).one()
        data = pdf(2)
        sha = hashlib.sha256(data).hexdigest()
        headers = world.headers("region")
        answer = client.post(ACTS, params={"as_of": AS_OF}, headers=headers,
                             **multipart({"act": "attach-document", "to": f"docket:{tally.id}"}, file=data))
        assert answer.status_code == 201, answer.text
        assert answer.json()["summary"].startswith(f"Tally of Ballots as issued by the Region attached (sha256 {sha[:12]}")
        stored = world.out / "uploads" / sha[:2] / f"{sha}.pdf"
        assert stored.read_bytes() == data
        assert stat.S_IMODE(stored.stat().st_mode) == 0o600
        assert {stat.S_IMODE(p.stat().st_mode) for p in (stored.parent, stored.parent.parent)} == {0o700}
        case = client.get(f"/api/v1/cases/{NUMBER}", headers=headers)
        [listed] = case.json()["attachments"]
        assert "path" not in listed
        assert (listed["sha256"], listed["file_name"], listed["size"]) == (
            sha, "2021-04-09_tally-of-ballots_as-issued.pdf", len(data))
        for text in (case.text, answer.text):
            assert str(world.folder) not in text and str(world.out) not in text and "/uploads/" not in text
        export = client.get(f"/api/v1/cases/{NUMBER}/export", headers=headers)
        with zipfile.ZipFile(io.BytesIO(export.content)) as archive:
            names = [n for n in archive.namelist() if n.startswith("attachments/")]
            assert [archive.read(n) for n in names] == [data]
            assert names == [f"attachments/{listed['id']:05d}-2021-04-09_tally-of-ballots_as-issued.pdf"]

    def test_a_confidential_attachments_download_is_logged(self, client: Any, world: World) -> None:
        """The union's counsel attaches its offer of proof as filed: confidential; the union's export logs its
        download (access log: the attachment); the employer's export neither holds nor logs it."""
        from casefile.record.accounts import AccessLog
        from casefile.record.db import read_session

        found = ids()
        data = pdf(1, note="offer as filed")
        union = world.headers("union-counsel")
        answer = client.post(ACTS, params={"as_of": AS_OF}, headers=union,
                             **multipart({"act": "attach-document", "to": f"filing:{found['offer']}"}, file=data))
        assert answer.status_code == 201, answer.text
        assert "(confidential, sha256" in answer.json()["summary"]
        attachment = int(answer.json()["ref"].partition(":")[2]) if answer.json()["ref"].startswith("attachment:") \
            else None
        employer = client.get(f"/api/v1/cases/{NUMBER}/export", headers=world.headers("employer-counsel"))
        with zipfile.ZipFile(io.BytesIO(employer.content)) as archive:
            assert not [n for n in archive.namelist() if n.startswith("attachments/")]
        with read_session() as s:
            assert not s.exec(select(AccessLog).where(AccessLog.attachment_id.is_not(None))).all()  # type: ignore[union-attr]
        own = client.get(f"/api/v1/cases/{NUMBER}/export", headers=union)
        with zipfile.ZipFile(io.BytesIO(own.content)) as archive:
            assert [archive.read(n) for n in archive.namelist() if n.startswith("attachments/")] == [data]
        with read_session() as s:
            [line] = s.exec(select(AccessLog).where(AccessLog.attachment_id.is_not(None))).all()  # type: ignore[union-attr]
        assert (line.who, line.via, line.document_id, line.action.value) == (
            f"user:{world.emails['union-counsel']}", "api export", None, "download")
        assert attachment is None or line.attachment_id == attachment


class TestRefusedUploads:
    @pytest.mark.parametrize(("content", "words"), [
        (b"PK\x03\x04 a Word file", "'file-0.pdf' is not a PDF (it does not begin with %PDF-)"),
        (b"%PDF-1.7\n<html>not a pdf</html>", "'file-0.pdf' begins as a PDF but cannot be read as one"),
        (b"", "the file 'file-0.pdf' is empty"),
    ], ids=["not-pdf", "fake-pdf", "empty"])
    def test_a_file_that_is_not_a_pdf_is_refused_naming_the_field(self, client: Any, world: World, content: bytes,
                                                                   words: str) -> None:
        found = ids()
        before = state(world, client)
        answer = client.post(ACTS, params={"as_of": AS_OF}, headers=world.headers("employer-counsel"),
                             **multipart({"act": "attach-document", "to": f"docket:{found['entry']}"}, file=content))
        assert answer.status_code == 422, answer.text
        assert (answer.json()["code"], answer.json()["field"]) == ("upload-refused", "file")
        assert words in answer.json()["detail"]
        assert state(world) == before

    def test_a_pdf_that_runs_javascript_is_refused_and_nothing_stored(self, client: Any, world: World) -> None:
        """L2 of the trial: the union's counsel attaches to its objections a PDF whose /OpenAction runs JavaScript
        (and, with Amazon's objections, the employer's counsel sends one as a document received): each 422
        upload-refused naming what the PDF does and where; nothing stored, no export holds it."""
        from tests.record.active_pdfs import embedded_file, open_action_javascript

        found = ids()
        before = state(world, client, who="union-counsel")
        answer = client.post(ACTS, params={"as_of": AS_OF}, headers=world.headers("union-counsel"),
                             **multipart({"act": "attach-document", "to": f"filing:{found['objections']}"},
                                         file=open_action_javascript()))
        assert answer.status_code == 422, answer.text
        assert (answer.json()["code"], answer.json()["field"], answer.json()["detail"]) == (
            "upload-refused", "file", "field 'file': 'file-0.pdf': the PDF runs JavaScript when opened (/OpenAction): "
            "casefile accepts PDFs without active content; print it to PDF again")
        assert state(world) == before
        before = state(world, client)
        received = client.post(ACTS, params={"as_of": AS_OF}, headers=world.headers("employer-counsel"),
                               **multipart(AMAZON_OBJECTIONS, received=[pdf(1), embedded_file()]))
        assert received.status_code == 422, received.text
        assert (received.json()["field"], received.json()["detail"]) == (
            "received", "field 'received': 'received-1.pdf': the PDF carries an embedded file (/Names /EmbeddedFiles): "
            "casefile accepts PDFs without active content; print it to PDF again")
        assert state(world) == before

    def test_a_file_over_the_limit_is_refused_while_it_streams(self, client: Any, world: World,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
        from casefile.settings import get_settings

        monkeypatch.setenv("CASEFILE_UPLOAD_MAX_BYTES", "2000")
        get_settings.cache_clear()
        found = ids()
        before = state(world, client)
        answer = client.post(ACTS, params={"as_of": AS_OF}, headers=world.headers("employer-counsel"),
                             **multipart({"act": "attach-document", "to": f"docket:{found['entry']}"}, file=pdf(30)))
        assert answer.status_code == 422
        assert (answer.json()["code"], answer.json()["field"]) == ("upload-refused", "file")
        assert "'file-0.pdf' is larger than 2,000 bytes, the largest file taken (CASEFILE_UPLOAD_MAX_BYTES)" in \
            answer.json()["detail"]
        assert state(world) == before

    def test_anonymous_uploads_are_refused_before_the_body_is_read(self, client: Any, world: World) -> None:
        answer = client.post(ACTS, **multipart({"act": "attach-document", "to": "docket:1"}, file=pdf()))
        assert answer.status_code == 401


class TestReceived:
    def test_documents_received_come_with_the_act_in_its_transaction(self, client: Any, world: World) -> None:
        """The employer's counsel files Amazon's objections with the PDF it e-filed (part ``received``): one
        answer, the act and its attachment (as filed, to the new filing)."""
        data = pdf(3, note="as e-filed")
        answer = client.post(ACTS, params={"as_of": AS_OF}, headers=world.headers("employer-counsel"),
                             **multipart(AMAZON_OBJECTIONS, received=data))
        assert answer.status_code == 201, answer.text
        [ref] = answer.json()["attached"]
        case = client.get(f"/api/v1/cases/{NUMBER}", headers=world.headers("employer-counsel")).json()
        [listed] = [a for a in case["attachments"] if f"attachment:{a['id']}" == ref]
        assert (listed["kind"], listed["to"], listed["sha256"]) == (
            "as-filed", answer.json()["ref"], hashlib.sha256(data).hexdigest())

    def test_a_refused_act_stores_no_document_received(self, client: Any, world: World) -> None:
        late = {**AMAZON_OBJECTIONS, "date": "2021-04-19"}
        before = state(world, client)
        answer = client.post(ACTS, params={"as_of": "2021-04-19T12:00:00-04:00"}, headers=world.headers("employer-counsel"),
                             **multipart(late, received=[pdf(1), pdf(2)]))
        assert answer.status_code == 409
        assert state(world) == before

    def test_a_file_for_a_field_the_act_does_not_have(self, client: Any, world: World) -> None:
        before = state(world, client)
        answer = client.post(ACTS, params={"as_of": AS_OF}, headers=world.headers("employer-counsel"),
                             **multipart(AMAZON_OBJECTIONS, file=pdf()))
        assert answer.status_code == 422
        assert (answer.json()["code"], answer.json()["field"]) == ("upload-refused", "file")
        assert "file-objections takes no file 'file'" in answer.json()["detail"]
        assert state(world) == before


class TestStreaming:
    def test_the_limit_stops_reading_at_the_file_that_passes_it(self) -> None:
        """A 5 MB file against a 1 MB limit: refused when the first bytes past the limit arrive — the body is
        read in 64 KiB chunks and fewer than a fifth of them were asked for (nothing held but the limit)."""
        import asyncio

        from starlette.requests import Request

        from casefile.http.uploads import read_multipart
        from casefile.record.uploads import UploadRefused

        boundary = "casefile-test-boundary"
        head = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"act\"\r\nContent-Type: application/json\r\n\r\n"
                '{"act": "attach-document", "to": "docket:1"}\r\n'
                f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"big.pdf\"\r\n"
                "Content-Type: application/pdf\r\n\r\n").encode()
        chunk = 64 * 1024
        total = 80  # 5 MiB of file
        asked = 0

        async def receive() -> dict[str, Any]:
            nonlocal asked
            asked += 1
            if asked == 1:
                return {"type": "http.request", "body": head, "more_body": True}
            if asked <= total + 1:
                return {"type": "http.request", "body": b"%PDF-" + b"0" * (chunk - 5), "more_body": True}
            return {"type": "http.request", "body": f"\r\n--{boundary}--\r\n".encode(), "more_body": False}

        scope = {"type": "http", "method": "POST", "path": "/", "headers": [
            (b"content-type", f"multipart/form-data; boundary={boundary}".encode())]}
        with pytest.raises(UploadRefused) as caught:
            asyncio.run(read_multipart(Request(scope, receive), max_file_bytes=1024 * 1024))
        assert caught.value.field == "file"
        assert "'big.pdf' is larger than 1,048,576 bytes" in str(caught.value)
        assert asked <= 18, asked  # 16 chunks of 64 KiB are the limit; the 17th passes it
