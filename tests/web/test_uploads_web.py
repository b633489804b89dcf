"""attach-document on the web (issue 14, finding C1): the generated form has a real file input and
sends multipart/form-data; the file's bytes are attached; a path typed into the form (the other
party's offer of proof in the output folder) names nothing and reads nothing; a file that is not a
PDF is the act's error on its input, nothing stored."""

from __future__ import annotations

import hashlib
import html
import io
import re
from typing import Any

from pypdf import PdfWriter

from tests.web.test_act_fields import entries, inputs, open_case
from tests.web.test_act_forms import summary_links
from tests.web.test_sessions import client, csrf, sign_in  # noqa: F401  (the fixture)
from tests.web.world import USERS

CASE = "10-RC-300511"
FORM = f"/cases/{CASE}/acts/attach-document"


def pdf() -> bytes:
    writer = PdfWriter()
    writer.add_blank_page(612, 792)
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def state(served: Any) -> Any:
    from casefile.settings import get_settings
    from tests.acts.snapshot import snapshot

    return snapshot(served.engine(), get_settings().output_dir)


def objections_entry() -> int:
    [entry] = entries("file-objections", CASE)
    return int(entry.id)


class TestAttachOnTheWeb:
    def test_the_form_takes_the_file_itself(self, client: Any, served: Any) -> None:  # noqa: F811
        """The union's counsel attaches its objections as filed: the form is multipart with a file input
        (PDF), and the file sent is attached to the filing."""
        open_case(CASE)
        sign_in(client, USERS["union-counsel"])
        page = client.get(FORM).text
        assert inputs(page)["file"] == "file"
        assert re.search(r'<form method="post" id="act-form" enctype="multipart/form-data"', page)
        assert "path" not in page.split('id="file-hint"', 1)[1].split("</div>", 1)[0]
        token = csrf(client, FORM)
        answer = client.post(FORM, data={"csrf_token": token, "date": entries("file-objections", CASE)[0].occurred_on
                                         .isoformat(), "to": f"docket:{objections_entry()}", "perform": "1"},
                             files={"file": ("objections as filed.pdf", pdf(), "application/pdf")},
                             follow_redirects=False)
        assert answer.status_code == 303, answer.text[:3000]
        [attached] = entries("attach-document", CASE)
        sha = hashlib.sha256(pdf()).hexdigest()
        assert attached.summary == f"Objections as filed attached (sha256 {sha[:12]}…)"

    def test_a_path_typed_in_reads_nothing_and_a_word_file_is_refused(self, client: Any,  # noqa: F811
                                                                     served: Any) -> None:
        """The Region's agent types the path of the union's offer of proof in Bessemer (as the trial did) into
        the form: nothing is read, the form says to choose the file; a Word file: 'not a PDF' on the file
        input. Nothing stored either way."""
        from casefile.settings import get_settings

        sign_in(client, USERS["region"])
        client.get("/cases")
        before = state(served)
        offer = next(get_settings().output_dir.glob("10-RC-269250/*offer-of-proof*.pdf"), None)
        typed = str(offer) if offer is not None else "out/10-RC-269250/2021-04-16_offer-of-proof_rwdsu.pdf"
        token = csrf(client, FORM)
        fields = {"csrf_token": token, "date": entries("file-objections", CASE)[0].occurred_on.isoformat(),
                  "to": f"docket:{objections_entry()}", "perform": "1"}
        typed_in = client.post(FORM, data={**fields, "file": typed}, files={"received": ("", b"", "application/pdf")})
        assert typed_in.status_code == 422
        [(target, text)] = summary_links(typed_in.text)
        assert target == "file" and "choose the file" in text
        word = client.post(FORM, data=fields, files={"file": ("objections.docx", b"PK\x03\x04 a Word file",
                                                              "application/octet-stream")})
        assert word.status_code == 422
        [(target, text)] = summary_links(word.text)
        assert target == "file" and "'objections.docx' is not a PDF" in html.unescape(text)
        assert state(served) == before

    def test_a_pdf_that_runs_javascript_is_a_form_error_and_nothing_stored(self, client: Any,  # noqa: F811
                                                                          served: Any) -> None:
        """The union's counsel attaches objections whose /OpenAction runs JavaScript: 422, the error on the file
        input names what the PDF does and where and what to do; nothing stored."""
        from tests.record.active_pdfs import open_action_javascript

        open_case(CASE)
        sign_in(client, USERS["union-counsel"])
        client.get("/cases")
        before = state(served)
        token = csrf(client, FORM)
        answer = client.post(FORM, data={"csrf_token": token, "date": entries("file-objections", CASE)[0].occurred_on
                                         .isoformat(), "to": f"docket:{objections_entry()}", "perform": "1"},
                             files={"file": ("objections as filed.pdf", open_action_javascript(), "application/pdf")})
        assert answer.status_code == 422
        [(target, text)] = summary_links(answer.text)
        assert target == "file"
        assert ("'objections as filed.pdf': the PDF runs JavaScript when opened (/OpenAction): casefile accepts PDFs "
                "without active content; print it to PDF again") in html.unescape(text)
        assert state(served) == before
