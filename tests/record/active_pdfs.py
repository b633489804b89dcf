"""PDFs with active content (and without), made here with pypdf, as the security trial's uploads
were: one per place casefile.record.active_content reads. Each function returns the file's bytes."""

from __future__ import annotations

import io
import zlib
from collections.abc import Callable

from pypdf import PdfWriter
from pypdf.generic import ArrayObject, DictionaryObject, FloatObject, NameObject, TextStringObject

JS = "app.alert('opened');"


def _name(value: str) -> NameObject:
    return NameObject(value)


def _dict(**items: object) -> DictionaryObject:
    out = DictionaryObject()
    for key, value in items.items():
        out[NameObject("/" + key)] = value  # type: ignore[assignment]
    return out


def _rect() -> ArrayObject:
    return ArrayObject([FloatObject(72), FloatObject(72), FloatObject(200), FloatObject(100)])


def javascript() -> DictionaryObject:
    return _dict(S=_name("/JavaScript"), JS=TextStringObject(JS))


def _made(change: Callable[[PdfWriter], None]) -> bytes:
    writer = PdfWriter()
    writer.add_blank_page(612, 792)
    change(writer)
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def _annotate(writer: PdfWriter, annotation: DictionaryObject) -> None:
    writer.pages[0][NameObject("/Annots")] = ArrayObject([writer._add_object(annotation)])


def open_action_javascript() -> bytes:
    """The trial's file: the catalog's /OpenAction is a JavaScript action."""
    return _made(lambda w: w._root_object.__setitem__(NameObject("/OpenAction"), w._add_object(javascript())))


def open_action_chained_javascript() -> bytes:
    """/OpenAction goes to page 1, then (/Next) runs JavaScript."""
    def change(w: PdfWriter) -> None:
        go_to = _dict(S=_name("/GoTo"), D=ArrayObject([w.pages[0].indirect_reference, _name("/Fit")]),
                      Next=w._add_object(javascript()))
        w._root_object[NameObject("/OpenAction")] = go_to
    return _made(change)


def document_javascript() -> bytes:
    """Document-level JavaScript in the names tree (/Names /JavaScript)."""
    def change(w: PdfWriter) -> None:
        tree = _dict(Names=ArrayObject([TextStringObject("on-open"), w._add_object(javascript())]))
        w._root_object[NameObject("/Names")] = _dict(JavaScript=w._add_object(tree))
    return _made(change)


def document_event_javascript() -> bytes:
    """The catalog's additional actions: JavaScript before the document closes (/AA /WC)."""
    return _made(lambda w: w._root_object.__setitem__(NameObject("/AA"), _dict(WC=javascript())))


def page_open_javascript() -> bytes:
    """Page 1's additional actions: JavaScript when it opens (/AA /O)."""
    return _made(lambda w: w.pages[0].__setitem__(NameObject("/AA"), _dict(O=javascript())))


def link_launch() -> bytes:
    """A link on page 1 that launches a program (/A /S /Launch)."""
    return _made(lambda w: _annotate(w, _dict(Type=_name("/Annot"), Subtype=_name("/Link"), Rect=_rect(),
                                              A=_dict(S=_name("/Launch"), F=TextStringObject("calc.exe")))))


def field_keystroke_javascript() -> bytes:
    """A form field (a widget on page 1) whose keystroke action is JavaScript (/AA /K)."""
    def change(w: PdfWriter) -> None:
        widget = _dict(Type=_name("/Annot"), Subtype=_name("/Widget"), FT=_name("/Tx"), T=TextStringObject("name"),
                       Rect=_rect(), AA=_dict(K=javascript()))
        _annotate(w, widget)
        w._root_object[NameObject("/AcroForm")] = _dict(Fields=ArrayObject([w.pages[0]["/Annots"][0]]))
    return _made(change)


def embedded_file() -> bytes:
    """A file attached to the document (/Names /EmbeddedFiles)."""
    return _made(lambda w: w.add_attachment("payload.exe", b"MZ\x90\x00 a program"))


def file_attachment_annotation() -> bytes:
    """A file attachment annotation on page 1 (its file specification's /EF)."""
    def change(w: PdfWriter) -> None:
        stream = w._add_object(_embedded_stream(w))
        spec = _dict(Type=_name("/Filespec"), F=TextStringObject("payload.exe"), EF=_dict(F=stream))
        _annotate(w, _dict(Type=_name("/Annot"), Subtype=_name("/FileAttachment"), Rect=_rect(), FS=spec))
    return _made(change)


def _embedded_stream(w: PdfWriter) -> DictionaryObject:
    from pypdf.generic import DecodedStreamObject

    stream = DecodedStreamObject()
    stream.set_data(b"MZ a program")
    stream[NameObject("/Type")] = _name("/EmbeddedFile")
    return stream


def rich_media() -> bytes:
    """A rich media annotation (Flash or video) on page 1."""
    return _made(lambda w: _annotate(w, _dict(Type=_name("/Annot"), Subtype=_name("/RichMedia"), Rect=_rect(),
                                              RichMediaContent=_dict())))


def xfa_form() -> bytes:
    """An XFA form (/AcroForm /XFA)."""
    return _made(lambda w: w._root_object.__setitem__(NameObject("/AcroForm"), _dict(
        Fields=ArrayObject(), XFA=TextStringObject("<xdp:xdp xmlns:xdp='http://ns.adobe.com/xdp/'/>"))))


def bookmark_javascript() -> bytes:
    """A bookmark (/Outlines) whose action is JavaScript."""
    def change(w: PdfWriter) -> None:
        item = w.add_outline_item("Objections", 0)
        item.get_object()[NameObject("/A")] = w._add_object(javascript())
    return _made(change)


def clean_with_links() -> bytes:
    """No active content: a web link (/URI), a go-to link, a bookmark, /OpenAction a destination."""
    def change(w: PdfWriter) -> None:
        page = w.pages[0].indirect_reference
        uri = _dict(Type=_name("/Annot"), Subtype=_name("/Link"), Rect=_rect(),
                    A=_dict(S=_name("/URI"), URI=TextStringObject("https://www.nlrb.gov/")))
        go_to = _dict(Type=_name("/Annot"), Subtype=_name("/Link"), Rect=_rect(),
                      A=_dict(S=_name("/GoTo"), D=ArrayObject([page, _name("/Fit")])))
        w.pages[0][NameObject("/Annots")] = ArrayObject([w._add_object(uri), w._add_object(go_to)])
        w.add_outline_item("Objections", 0)
        w._root_object[NameObject("/OpenAction")] = ArrayObject([page, _name("/Fit")])
    return _made(change)


def object_stream_javascript() -> bytes:
    """The trial's /OpenAction JavaScript with every object in a compressed object stream (PDF 1.5)
    and a cross-reference stream: no byte of the file spells /JavaScript or /OpenAction."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>",
               b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
               b"<< /S /JavaScript /JS (" + JS.encode() + b") >>"]
    header, body = b"", b""
    for number, text in enumerate(objects, start=1):
        header += b"%d %d " % (number, len(body))
        body += text + b"\n"
    packed = zlib.compress(header + body)
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    stream_at = len(out)
    out += (b"5 0 obj\n<< /Type /ObjStm /N 4 /First %d /Filter /FlateDecode /Length %d >>\nstream\n"
            % (len(header), len(packed))) + packed + b"\nendstream\nendobj\n"
    xref_at = len(out)
    rows = [b"\x00" + (0).to_bytes(4, "big") + (0xFFFF).to_bytes(2, "big")]
    rows += [b"\x02" + (5).to_bytes(4, "big") + i.to_bytes(2, "big") for i in range(4)]
    rows += [b"\x01" + stream_at.to_bytes(4, "big") + b"\x00\x00", b"\x01" + xref_at.to_bytes(4, "big") + b"\x00\x00"]
    table = zlib.compress(b"".join(rows))
    out += (b"6 0 obj\n<< /Type /XRef /Size 7 /W [1 4 2] /Root 1 0 R /Filter /FlateDecode /Length %d >>\nstream\n"
            % len(table)) + table + b"\nendstream\nendobj\n"
    out += b"startxref\n%d\n%%%%EOF\n" % xref_at
    return bytes(out)


#: The table of the tests: (id, the file, what the refusal says).
REFUSED = [
    ("open-action-javascript", open_action_javascript, "the PDF runs JavaScript when opened (/OpenAction)"),
    ("open-action-next-javascript", open_action_chained_javascript, "the PDF runs JavaScript when opened (/OpenAction)"),
    ("object-stream", object_stream_javascript, "the PDF runs JavaScript when opened (/OpenAction)"),
    ("names-javascript", document_javascript,
     "the PDF runs JavaScript when opened (document-level JavaScript, /Names /JavaScript)"),
    ("document-event", document_event_javascript, "the PDF runs JavaScript on a document event (/AA)"),
    ("page-open", page_open_javascript, "the PDF runs JavaScript when page 1 opens or closes (page 1 /AA)"),
    ("launch-link", link_launch,
     "the PDF launches a program or file from a link or annotation on page 1 (page 1 /Annots /A)"),
    ("field-keystroke", field_keystroke_javascript, "the PDF runs JavaScript in its form (/AcroForm)"),
    ("embedded-files", embedded_file, "the PDF carries an embedded file (/Names /EmbeddedFiles)"),
    ("file-attachment", file_attachment_annotation,
     "the PDF carries an embedded file in an annotation (/FileAttachment) on page 1 (page 1 /Annots)"),
    ("rich-media", rich_media, "the PDF carries rich media (Flash, video) on page 1 (/Annots /RichMedia)"),
    ("xfa", xfa_form, "the PDF is an XFA form (/AcroForm /XFA)"),
    ("bookmark-javascript", bookmark_javascript, "the PDF runs JavaScript from a bookmark (/Outlines)"),
]
