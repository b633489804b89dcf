"""Uploads with active content are refused (issue 14, finding L2 of the security trial).

Before: a PDF whose /OpenAction ran JavaScript was taken on the union's objections and passed on
to the other parties in the case's export. Now casefile.record.active_content reads the
document's structure with pypdf (catalog, names, form, bookmarks, each page's actions and
annotations), so an upload that runs JavaScript, launches a program, carries an embedded file or
rich media, or is an XFA form is refused naming what it does and where — also when every object
sits in a compressed object stream, which a byte grep cannot see."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pypdf import PdfReader

from casefile.record.active_content import JAVASCRIPT, Finding, active_content
from casefile.record.uploads import UploadRefused, received_file
from tests.record import active_pdfs

LIMIT = 25_000_000
TRIAL = ("field 'file': 'objections.pdf': the PDF runs JavaScript when opened (/OpenAction): casefile accepts PDFs "
         "without active content; print it to PDF again")


class TestRefused:
    def test_the_trials_file_is_refused_in_words(self) -> None:
        """The union's objections with a JavaScript /OpenAction: refused, the message naming what and where
        and what to do, for the field it came in."""
        with pytest.raises(UploadRefused) as caught:
            received_file(active_pdfs.open_action_javascript(), field="file", name="objections.pdf", max_bytes=LIMIT)
        assert str(caught.value) == TRIAL
        assert (caught.value.field, caught.value.code) == ("file", "upload-refused")

    @pytest.mark.parametrize(("make", "words"), [(make, words) for _, make, words in active_pdfs.REFUSED],
                             ids=[name for name, _, _ in active_pdfs.REFUSED])
    def test_each_kind_of_active_content_is_named_with_its_place(self, make: Callable[[], bytes], words: str) -> None:
        with pytest.raises(UploadRefused) as caught:
            received_file(make(), field="received", name="as filed.pdf", max_bytes=LIMIT)
        assert str(caught.value) == (f"field 'received': 'as filed.pdf': {words}: casefile accepts PDFs without "
                                     "active content; print it to PDF again")

    def test_an_object_stream_hides_no_javascript(self) -> None:
        """The file's bytes spell neither /JavaScript nor /OpenAction (all in a deflated object stream), and the
        reading of its structure still finds the action."""
        data = active_pdfs.object_stream_javascript()
        assert b"JavaScript" not in data and b"OpenAction" not in data and b"/JS" not in data
        import io

        assert active_content(PdfReader(io.BytesIO(data))) == [Finding(JAVASCRIPT, "when opened (/OpenAction)")]


class TestTaken:
    def test_links_bookmarks_and_a_destination_are_not_active_content(self) -> None:
        """A web link, a go-to link, a bookmark and an /OpenAction that is a destination: taken."""
        data = active_pdfs.clean_with_links()
        upload = received_file(data, field="file", name="objections.pdf", max_bytes=LIMIT)
        assert (upload.size, upload.media_type) == (len(data), "application/pdf")
