"""Preflight: is an issued PDF fit to e-file with the Agency and to keep? Checked from the PDF's bytes.

Checks (each failure one short sentence in :attr:`PreflightReport.failures`):

- PDF/A-3b: the XMP metadata stream identifies the file as PDF/A part 3, conformance B, and the
  catalog carries a PDF/A output intent (WeasyPrint's ``pdf_variant="pdf/a-3b"``); the XMP
  metadata names the document (``dc:title``).
- every font used on every page is embedded (its descriptor has a font file);
- the text is extractable: every page yields text (nothing is an image of text). Decided first from the
  page's own content stream (:func:`_shows_text`: a string shown in a font whose /ToUnicode map gives it a
  character other than a space, which is how WeasyPrint writes all its text), and only when that finds
  none by extracting the page's text with pypdf (about 95 % of the check's time on a one-page tally);
- every page is US Letter, 8.5 x 11 in (29 CFR 102.5(a): "8 1/2 by 11-inch plain white paper");
- no JavaScript, no interactive form (AcroForm), no encryption: the Agency's E-Filing system and the
  Regional Office must be able to open, print and store the file as it is;
- the file size is within the e-filing limit. The Agency's E-Filing pages state no per-file limit we
  could cite, so the limit is the setting ``CASEFILE_EFILING_MAX_BYTES`` (default 20,000,000 bytes,
  :data:`DEFAULT_MAX_BYTES`, a conservative figure below common e-filing limits); set it to the
  figure the E-Filing system shows you;
- a confidential document's file name reveals nothing (see :func:`confidential_name_problem`).

The page count and size are reported with every result.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pypdf import PdfReader
from pypdf.errors import PdfReadError
from pypdf.generic import DictionaryObject

from casefile.vocab import DocumentKind

DEFAULT_MAX_BYTES = 20_000_000
"""Default e-filing size limit per file, bytes (no citable Agency figure: see the module docstring)."""

LETTER = (612.0, 792.0)  # points
_SAFE_NAME = re.compile(
    r"^(?P<date>\d{4}-\d{2}-\d{2})_(?P<kind>[a-z][a-z-]*[a-z])(?:_(?P<party>[a-z0-9][a-z0-9-]{0,23}))?"
    r"(?:_as-of-\d{8}T\d{4})?(?:_v\d{1,3})?\.pdf$"
)
_KINDS = frozenset(kind.value for kind in DocumentKind)


@dataclass(frozen=True)
class PreflightReport:
    """The result of :func:`preflight` for one file: its name, page count, size, and failures (none: OK)."""

    file_name: str
    pages: int
    size: int
    failures: tuple[str, ...] = field(default_factory=tuple)

    @property
    def ok(self) -> bool:
        return not self.failures

    def line(self) -> str:
        """One line for a listing: "OK  name (3 pages, 45 KB)" or "FAIL  name (…): failure; failure"."""
        facts = f"({self.pages} {'page' if self.pages == 1 else 'pages'}, {self.size / 1000:,.0f} KB)"
        if self.ok:
            return f"OK    {self.file_name} {facts}"
        return f"FAIL  {self.file_name} {facts}: {'; '.join(self.failures)}"


def confidential_name_problem(file_name: str) -> str | None:
    """Why ``file_name`` is not a safe name for a confidential document, or None when it is.

    Decision: the name of a confidential document (an offer of proof) may hold only its date, its kind,
    the filing party's short key and a version suffix, e.g. ``2021-04-16_offer-of-proof_rwdsu.pdf``;
    nothing else from the document (a witness's name, an objection's subject) can get in. The kind's
    words are allowed: the objections, served on every party, themselves state that an offer of proof
    was submitted to the Regional Director (29 CFR 102.69(a)(8)); what is confidential is its content,
    the witnesses and their testimony, and none of it is in such a name.
    """
    match = _SAFE_NAME.fullmatch(file_name)
    if match is None:
        return (f"the file name {file_name!r} of a confidential document must be DATE_KIND[_PARTY][_vN].pdf "
                "(nothing else from the document in its name)")
    if match.group("kind") not in _KINDS:
        return f"the file name {file_name!r} of a confidential document names no document kind casefile issues"
    return None


def preflight(pdf_bytes: bytes, *, confidential: bool, file_name: str, max_bytes: int | None = None) -> PreflightReport:
    """Check ``pdf_bytes`` (a PDF file's bytes, named ``file_name``) against the checks of this module.

    ``confidential``: the document is confidential (an offer of proof), so its name is checked too.
    ``max_bytes``: the size limit (default: the setting CASEFILE_EFILING_MAX_BYTES). Never raises for a
    bad file: an unreadable PDF is one failure.
    """
    limit = max_bytes if max_bytes is not None else _configured_limit()
    name = Path(file_name).name
    failures: list[str] = []
    size = len(pdf_bytes)
    if size > limit:
        failures.append(f"{size:,} bytes is over the e-filing limit of {limit:,} bytes (CASEFILE_EFILING_MAX_BYTES)")
    if confidential and (problem := confidential_name_problem(name)):
        failures.append(problem)
    try:
        reader = PdfReader(io.BytesIO(pdf_bytes))
        if reader.is_encrypted:
            return PreflightReport(name, 0, size, (*failures, "the PDF is encrypted"))
        pages = len(reader.pages)
        failures.extend(_structure_failures(reader))
    except (PdfReadError, ValueError, KeyError, TypeError) as exc:
        return PreflightReport(name, 0, size, (*failures, f"not a readable PDF ({type(exc).__name__}: {exc})"))
    return PreflightReport(name, pages, size, tuple(failures))


def preflight_file(path: Path, *, confidential: bool | None = None, max_bytes: int | None = None) -> PreflightReport:
    """:func:`preflight` of the file at ``path``. ``confidential`` None: judged from the PDF itself
    (its subject is the offer-of-proof kind, or its first page says CONFIDENTIAL)."""
    data = path.read_bytes()
    if confidential is None:
        confidential = looks_confidential(data)
    return preflight(data, confidential=confidential, file_name=path.name, max_bytes=max_bytes)


def looks_confidential(pdf_bytes: bytes) -> bool:
    """True when the PDF says it is confidential: casefile's offer of proof (its /Subject), or
    "CONFIDENTIAL" on its first page."""
    try:
        reader = PdfReader(io.BytesIO(pdf_bytes))
        metadata = reader.metadata
        subject = str(metadata.get("/Subject", "")) if metadata is not None else ""
        return subject == DocumentKind.OFFER_OF_PROOF.value or "CONFIDENTIAL" in (reader.pages[0].extract_text() or "")
    except (PdfReadError, ValueError, KeyError, IndexError, TypeError):
        return False


def _configured_limit() -> int:
    from casefile.settings import get_settings

    return get_settings().efiling_max_bytes


def _structure_failures(reader: PdfReader) -> list[str]:
    failures: list[str] = []
    root = reader.trailer["/Root"].get_object()
    if not isinstance(root, DictionaryObject):
        return ["the PDF has no document catalog (/Root)"]
    xmp = _xmp(root)
    if xmp is None:
        failures.append("no XMP metadata stream (PDF/A needs one)")
    else:
        if not re.search(r'pdfaid:part\s*=\s*"3"|<pdfaid:part>3</pdfaid:part>', xmp) or not re.search(
                r'pdfaid:conformance\s*=\s*"B"|<pdfaid:conformance>B</pdfaid:conformance>', xmp):
            failures.append("the XMP metadata does not identify the file as PDF/A-3b")
        if "<dc:title>" not in xmp:
            failures.append("the XMP metadata has no document title (dc:title)")
    intents = root.get("/OutputIntents")
    if not intents or not any(str(i.get_object().get("/S")) == "/GTS_PDFA1" for i in intents):
        failures.append("no PDF/A output intent (sRGB) in the catalog")
    if "/AcroForm" in root:
        failures.append("the PDF has an interactive form (AcroForm)")
    if _has_javascript(root, reader):
        failures.append("the PDF contains JavaScript")
    bad_size, textless, unembedded = [], [], set()
    for number, page in enumerate(reader.pages, start=1):
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        if abs(width - LETTER[0]) > 0.5 or abs(height - LETTER[1]) > 0.5:
            bad_size.append(f"{number} ({width:.0f} x {height:.0f} pt)")
        if not _shows_text(page) and not (page.extract_text() or "").strip():
            textless.append(str(number))
        unembedded.update(_unembedded_fonts(page))
    if bad_size:
        failures.append(f"not US Letter (612 x 792 pt): page {', '.join(bad_size)}")
    if textless:
        failures.append(f"no extractable text on page {', '.join(textless)}")
    if unembedded:
        failures.append(f"fonts not embedded: {', '.join(sorted(unembedded))}")
    return failures


_TEXT_OPS = re.compile(rb"/([^\s/\[\]<>(){}%]+)\s+[-+.\d]+\s+Tf|<([0-9A-Fa-f\s]*)>\s*Tj|\[((?:\s*(?:<[0-9A-Fa-f\s]*>|[-+.\d]+))*)\s*\]\s*TJ")
_HEX_STRING = re.compile(rb"<([0-9A-Fa-f\s]*)>")
_BFCHAR_SECTION = re.compile(rb"beginbfchar(.*?)endbfchar", re.S)
_BFCHAR = re.compile(rb"<([0-9A-Fa-f]{4})>\s*<((?:[0-9A-Fa-f]{4})+)>")


def _shows_text(page: object) -> bool:
    """True when ``page``'s content stream itself shows extractable text: a hex string shown (``Tj``, ``TJ``)
    in a two-byte font (Type0, Identity-H) whose /ToUnicode map (its ``bfchar`` entries) gives one of the
    string's codes a character that is not white space. False means "not decided this way" (other fonts,
    literal strings, text inside form XObjects, a map of ranges): the caller then extracts the text."""
    try:
        contents = page.get_contents()  # type: ignore[attr-defined]
        resources = page.get("/Resources")  # type: ignore[attr-defined]
        fonts = resources.get_object().get("/Font") if resources is not None else None
        if contents is None or fonts is None:
            return False
        fonts = fonts.get_object()
        maps: dict[str, dict[bytes, str] | None] = {}
        font: str | None = None
        for match in _TEXT_OPS.finditer(contents.get_data()):
            if match.group(1) is not None:
                font = match.group(1).decode("latin-1")
                continue
            if font is None:
                continue
            if font not in maps:
                maps[font] = _unicode_map(fonts.get(f"/{font}"))
            shown = maps[font]
            strings = [match.group(2)] if match.group(2) is not None else _HEX_STRING.findall(match.group(3))
            for string in strings:
                codes = bytes.fromhex(string.decode("ascii"))
                if shown and any(not shown.get(codes[i:i + 2], " ").isspace() for i in range(0, len(codes) - 1, 2)):
                    return True
    except (PdfReadError, ValueError, KeyError, TypeError, AttributeError):
        return False
    return False


def _unicode_map(font: Any) -> dict[bytes, str] | None:
    """The two-byte codes of a Type0 Identity-H font to the text its /ToUnicode ``bfchar`` entries give them;
    None for any other font."""
    if font is None:
        return None
    font = font.get_object()
    if font.get("/Subtype") != "/Type0" or font.get("/Encoding") != "/Identity-H" or "/ToUnicode" not in font:
        return None
    cmap = font["/ToUnicode"].get_object().get_data()
    return {bytes.fromhex(code.decode("ascii")): bytes.fromhex(text.decode("ascii")).decode("utf-16-be", errors="replace")
            for section in _BFCHAR_SECTION.findall(cmap) for code, text in _BFCHAR.findall(section)}


def _xmp(root: object) -> str | None:
    metadata = root.get("/Metadata")  # type: ignore[attr-defined]
    if metadata is None:
        return None
    try:
        return metadata.get_object().get_data().decode("utf-8", errors="replace")
    except (PdfReadError, ValueError):
        return None


def _has_javascript(root: object, reader: PdfReader) -> bool:
    names = root.get("/Names")  # type: ignore[attr-defined]
    if names is not None and "/JavaScript" in names.get_object():
        return True
    for holder in (root, *(page for page in reader.pages)):
        for key in ("/OpenAction", "/AA"):
            action = holder.get(key)  # type: ignore[attr-defined]
            if action is not None and "/JS" in str(action.get_object()):
                return True
    for page in reader.pages:
        for annotation in page.get("/Annots") or ():
            action = annotation.get_object().get("/A")
            if action is not None and str(action.get_object().get("/S")) == "/JavaScript":
                return True
    return False


def _unembedded_fonts(page: object) -> set[str]:
    missing: set[str] = set()
    resources = page.get("/Resources")  # type: ignore[attr-defined]
    fonts = resources.get_object().get("/Font") if resources is not None else None
    for font in (fonts.get_object().values() if fonts is not None else ()):
        font = font.get_object()
        if font.get("/Subtype") == "/Type3":
            continue  # drawn from the PDF's own glyph procedures: nothing to embed
        holder = font["/DescendantFonts"][0].get_object() if font.get("/Subtype") == "/Type0" else font
        descriptor = holder.get("/FontDescriptor")
        if descriptor is None or not ({"/FontFile", "/FontFile2", "/FontFile3"} & set(descriptor.get_object().keys())):
            missing.add(str(font.get("/BaseFont", "?")).lstrip("/").split("+", 1)[-1])
    return missing
