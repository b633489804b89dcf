"""Active content in an uploaded PDF (issue 14, finding L2 of the security trial).

A document a party uploads is passed on to the other parties (the case's export, a download):
casefile takes only PDFs that do nothing when opened. :func:`active_content` reads the document's
structure with pypdf — the catalog (``/OpenAction``, ``/AA``), its names tree (``/Names``:
``/JavaScript``, ``/EmbeddedFiles``), its form (``/AcroForm``: ``/XFA``, the fields' actions),
its bookmarks (``/Outlines``), and each page's additional actions and annotations (their ``/A``
and ``/AA``) — object by object, through every indirect reference. pypdf resolves an object kept
in a compressed object stream as any other, so a ``/JavaScript`` that no byte of the file shows
is found all the same.

Found (each a :class:`Finding`):

- a JavaScript action (``/S /JavaScript``, or any dictionary with ``/JS``): "runs JavaScript";
- a launch action (``/S /Launch``): "launches a program or file";
- an embedded file (``/EmbeddedFiles`` in ``/Names``, an ``/EmbeddedFile`` stream, a file
  specification with ``/EF``): "carries an embedded file";
- rich media (``/Subtype /RichMedia``, ``/S /RichMediaExecute``, ``/RichMediaContent``): "carries
  rich media (Flash, video)";
- an XFA form (``/XFA`` in ``/AcroForm``): "is an XFA form".

A URI link, a go-to within the document and a plain form field are not active content.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

JAVASCRIPT = "runs JavaScript"
LAUNCH = "launches a program or file"
EMBEDDED = "carries an embedded file"
RICH_MEDIA = "carries rich media (Flash, video)"
XFA = "is an XFA form"

#: Keys not followed: back-links to a page or a parent, and destinations (a page, visited as a page).
_NOT_FOLLOWED = frozenset({"/Parent", "/P", "/Pg", "/Dest", "/D", "/Prev", "/Last", "/Resources", "/Contents",
                           "/Font", "/Thumb", "/Metadata", "/StructTreeRoot", "/StructParent", "/StructParents"})
_CATALOG_PLACES = {"/OpenAction": "when opened (/OpenAction)", "/AA": "on a document event (/AA)",
                   "/AcroForm": "in its form (/AcroForm)", "/Outlines": "from a bookmark (/Outlines)"}
_NAMES_PLACES = {"/JavaScript": "when opened (document-level JavaScript, /Names /JavaScript)",
                 "/EmbeddedFiles": "(/Names /EmbeddedFiles)"}


@dataclass(frozen=True)
class Finding:
    """One piece of active content: ``what`` it does (one of this module's phrases, e.g. "runs
    JavaScript") and ``where`` it is, in words with the PDF keys (e.g. "when opened (/OpenAction)")."""

    what: str
    where: str

    def words(self) -> str:
        """``"runs JavaScript when opened (/OpenAction)"``."""
        return f"{self.what} {self.where}"


def active_content(reader: Any) -> list[Finding]:
    """The active content of the PDF ``reader`` (a pypdf ``PdfReader``, opened and not encrypted),
    each kind (``what``) once, where it is first found: catalog, names, form, bookmarks, other
    catalog entries, then the pages. Empty for a PDF that does nothing when opened. Raises what pypdf
    raises for a damaged file."""
    found: list[Finding] = []
    seen: set[tuple[int, int] | None] = set()

    def add(what: str, where: str) -> None:
        if all(f.what != what for f in found):
            found.append(Finding(what, where))

    def walk(node: Any, where: str) -> None:
        for what in _scan(node, seen):
            add(what, where)

    catalog = reader.trailer["/Root"].get_object()
    seen.add(_key(reader.trailer.raw_get("/Root")))
    for key in ("/OpenAction", "/AA"):
        if key in catalog:
            walk(catalog.raw_get(key), _CATALOG_PLACES[key])
    names = catalog.get("/Names")
    if names is not None:
        names = names.get_object()
        for key in names:
            where = _NAMES_PLACES.get(key, f"(/Names {key})")
            if key == "/JavaScript":
                add(JAVASCRIPT, where)
            elif key == "/EmbeddedFiles":
                add(EMBEDDED, where)
            walk(names.raw_get(key), where)
    form = catalog.get("/AcroForm")
    if form is not None:
        form = form.get_object()
        if "/XFA" in form:
            add(XFA, "(/AcroForm /XFA)")
        walk(catalog.raw_get("/AcroForm"), _CATALOG_PLACES["/AcroForm"])
    for key in catalog:
        if key not in ("/OpenAction", "/AA", "/Names", "/AcroForm", "/Pages", "/Type") and key not in _NOT_FOLLOWED:
            walk(catalog.raw_get(key), _CATALOG_PLACES.get(key, f"(/{key.lstrip('/')} in the catalog)"))
    for number, page in enumerate(reader.pages, start=1):
        if "/AA" in page:
            walk(page.raw_get("/AA"), f"when page {number} opens or closes (page {number} /AA)")
        annotations = page.get("/Annots")
        for annotation in (annotations.get_object() if annotations is not None else None) or ():
            annot = annotation.get_object()
            if not hasattr(annot, "get"):
                continue
            subtype = annot.get("/Subtype")
            if subtype == "/RichMedia":
                add(RICH_MEDIA, f"on page {number} (/Annots /RichMedia)")
            for key, where in (("/A", f"from a link or annotation on page {number} (page {number} /Annots /A)"),
                               ("/AA", f"on an annotation event on page {number} (page {number} /Annots /AA)")):
                if key in annot:
                    walk(annot.raw_get(key), where)
            walk(annotation, f"in an annotation ({subtype or 'no subtype'}) on page {number} (page {number} /Annots)")
    return found


def _key(ref: Any) -> tuple[int, int] | None:
    """What identifies an indirect object once: its (object number, generation); None for a direct
    object (direct objects form a tree inside their indirect one, so each is reached once)."""
    if hasattr(ref, "idnum"):
        return (ref.idnum, ref.generation)
    return None


def _scan(root: Any, seen: set[tuple[int, int] | None]) -> Iterator[str]:
    """What active content the objects reachable from ``root`` hold (see the module), each object
    read once over the whole document (``seen``); pages are not entered (they are read as pages)."""
    stack = [root]
    while stack:
        ref = stack.pop()
        key = _key(ref)
        if key is not None:
            if key in seen:
                continue
            seen.add(key)
        node = ref.get_object() if hasattr(ref, "get_object") else ref
        if isinstance(node, dict):
            kind = node.get("/Type")
            if kind in ("/Page", "/Pages"):
                continue
            yield from _what(node)
            stack.extend(value for name, value in _items(node) if name not in _NOT_FOLLOWED)
        elif isinstance(node, list):
            stack.extend(node)


def _items(node: Any) -> Iterator[tuple[str, Any]]:
    raw = getattr(node, "raw_get", None)
    for name in list(node.keys()):
        yield str(name), raw(name) if raw is not None else node[name]


def _what(node: Any) -> Iterator[str]:
    """The active content one dictionary is (a JavaScript or launch action, an embedded file, ...)."""
    action = node.get("/S")
    if action == "/JavaScript" or "/JS" in node:
        yield JAVASCRIPT
    if action == "/Launch":
        yield LAUNCH
    if node.get("/Type") == "/EmbeddedFile" or "/EF" in node or "/EmbeddedFiles" in node:
        yield EMBEDDED
    if node.get("/Subtype") == "/RichMedia" or action == "/RichMediaExecute" or "/RichMediaContent" in node:
        yield RICH_MEDIA
    if "/XFA" in node:
        yield XFA
