"""Documents: a document class and its context model (``casefile.documents.kinds``) → Jinja2 HTML →
WeasyPrint PDF.

One template per document (``Document.template()``, in ``templates/``, installed as the package
``casefile.templates``); every template extends ``base.html`` and builds its caption, service list
and signature block with the macros of ``_macros.html``. ``print.css`` sets US letter pages, the
running header with the case number on every page and "Page X of Y" footers.

Rendering is deterministic: the same context gives the same HTML and the same PDF bytes (the PDF's
creation and modification dates are the document's issue date, its identifier is a digest of its
content, fonts are subset the same way each time). The bytes depend on the font subsetter
WeasyPrint finds: HarfBuzz-subset (Debian ``libharfbuzz-subset0``, about 3x faster) or, failing
that, fontTools; each gives stable but different bytes, so compare digests on one machine setup.
fontTools stamps each subset font's ``head.modified`` with the wall clock; :func:`_pin_font_timestamps`
pins it, else the same document rendered a second later had other bytes.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.resources
import warnings
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup, escape
from pydantic import BaseModel
from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration

from casefile.documents import wording
from casefile.documents.base import Document
from casefile.documents.parts import (
    PLACEHOLDER_PATTERN,
    REGISTER_TABLE_LIMIT,
    HearingFacts,
    challenge_groups,
    is_placeholder,
    placeholder,
)
from casefile.errors import ProcedureError
from casefile.rules.calendar import clock_label
from casefile.rules.calendar import weekday_date as calendar_weekday_date
from casefile.rules.chronology import long_date as chronology_long_date
from casefile.rules.tally import AGAINST
from casefile.vocab import DocumentKind, ElectionAgreement, VotingMethod
from casefile.vocab import counted as vocab_counted

PDF_OPTIONS = {"pdf_identifier": True, "uncompressed_pdf": False, "pdf_variant": "pdf/a-3b"}
"""write_pdf options: PDF/A-3b (XMP metadata with the PDF/A identification, sRGB output intent, fonts
embedded), the file identifier a digest of the content (deterministic). WeasyPrint 70 opens the sRGB
profile of the output intent without closing it; :func:`render_pdf` silences that one ResourceWarning."""


FONT_TIMESTAMP = 0
"""The ``head.modified`` stamp of every font fontTools subsets (seconds since 1904-01-01, the font's epoch)."""


def _pin_font_timestamps() -> None:
    """Make fontTools' font subsets independent of the clock: its ``head`` table stamps ``modified`` with
    ``timestampNow()`` when a font is saved (fontTools.ttLib.tables._h_e_a_d), which WeasyPrint does for every
    font it embeds without HarfBuzz-subset. The stamp is pinned to :data:`FONT_TIMESTAMP`, as the
    reproducible-builds ``SOURCE_DATE_EPOCH`` convention does for a build, without changing the process's
    environment."""
    from fontTools.ttLib.tables import _h_e_a_d  # type: ignore[import-untyped]

    _h_e_a_d.timestampNow = lambda: FONT_TIMESTAMP  # type: ignore[attr-defined]


_pin_font_timestamps()


@dataclass(frozen=True)
class RenderedDocument:
    """A rendered document: its kind, title, HTML, PDF bytes and the sha256 of the PDF bytes."""

    kind: DocumentKind
    title: str
    html: str
    pdf: bytes
    sha256: str


def templates_dir() -> Path:
    """The directory holding the templates (the package ``casefile.templates``)."""
    root = importlib.resources.files("casefile.templates")
    return Path(str(root))


# --------------------------------------------------------------------------------------------
# Jinja environment, filters
# --------------------------------------------------------------------------------------------


def _mark_placeholders(value: object) -> object:
    """Jinja ``finalize``: wrap every placeholder inside a printed string in a styled span."""
    if isinstance(value, Markup) or not isinstance(value, str) or "[NOT IN THE PUBLIC RECORD: " not in value:
        return value
    out = Markup("")
    last = 0
    for match in PLACEHOLDER_PATTERN.finditer(value):
        out += escape(value[last : match.start()])
        out += Markup('<span class="placeholder">{}</span>').format(match.group(0))
        last = match.end()
    return out + escape(value[last:])


def long_date(value: date | str) -> str:
    """``date(2021, 4, 9)`` → "April 9, 2021"; a placeholder string passes through unchanged."""
    if isinstance(value, str) and is_placeholder(value):
        return value
    return chronology_long_date(value)  # type: ignore[arg-type]


def weekday_date(value: date | str) -> str:
    """``date(2021, 8, 16)`` → "Monday, August 16, 2021"; a placeholder passes through."""
    if isinstance(value, str):
        return long_date(value)
    return calendar_weekday_date(value)


def counted(value: int | str, noun: str, nouns: str | None = None) -> str:
    """``1, "void ballot"`` → "1 void ballot"; ``76`` → "76 void ballots" (``nouns``: the plural when it is not
    ``noun`` + "s", "votes for"); a placeholder keeps the plural."""
    if isinstance(value, str):  # a placeholder keeps the plural
        return f"{count(value)} {nouns if nouns is not None else noun + 's'}"
    return vocab_counted(value, noun, nouns)


def count(value: int | str) -> str:
    """``5867`` → "5,867"; a placeholder (a figure not in the record) passes through."""
    if isinstance(value, str) and is_placeholder(value):
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"count expects an int, got {value!r}")
    return f"{value:,}"


def instant(value: datetime | str) -> str:
    """An aware instant as "11:59 p.m. EDT on August 16, 2021"; a placeholder passes through."""
    if isinstance(value, str):
        return long_date(value)
    return wording.instant(value)


election_period = wording.election_period
"""When an election was held, for running text or a table cell (casefile.documents.wording.election_period)."""

join_and = wording.join_and
"""("A", "B", "C") → "A, B, and C" (casefile.documents.wording.join_and)."""


AGREEMENT_LABELS = {
    ElectionAgreement.CONSENT: "Consent Election Agreement",
    ElectionAgreement.STIPULATED: "Stipulated Election Agreement",
    ElectionAgreement.DIRECTED: "Decision and Direction of Election",
}
"""How each kind of election agreement is named on a document (tally line 1, certifications)."""

METHOD_LABELS = {
    VotingMethod.MANUAL: "manual",
    VotingMethod.MAIL: "mail-ballot",
    VotingMethod.MIXED: "mixed manual and mail-ballot",
}
"""How each voting method is named on a document."""


def ballot_choice(value: str) -> str:
    """A choice of a ballot as a notice names it: a labor organization's name, or "No union" for
    :data:`~casefile.rules.tally.AGAINST` (the "against participating labor organization(s)" line)."""
    return "No union" if value == AGAINST else value


AGREEMENT_INFERRED = "(inferred: the public record does not name the election agreement)"


def agreement_name(value: ElectionAgreement | str, public: bool = True) -> str:
    """ElectionAgreement.STIPULATED → "Stipulated Election Agreement"; a placeholder passes through. An agreement
    the record only infers (``public`` False: Case.agreement_public) is said to be inferred, inline."""
    if isinstance(value, ElectionAgreement):
        return AGREEMENT_LABELS[value] + ("" if public else f" {AGREEMENT_INFERRED}")
    return long_date(value)


def method_name(value: VotingMethod | str) -> str:
    """VotingMethod.MAIL → "mail-ballot" (an adjective: "the mail-ballot election"); a placeholder passes through."""
    if isinstance(value, VotingMethod):
        return METHOD_LABELS[value]
    return long_date(value)


def hearing_sentence(value: HearingFacts, alj: bool = False) -> str:
    """"The hearing opened on May 7, 2021 and closed on May 27, 2021, in Birmingham, Alabama." (wording.hearing_sentence)."""
    return wording.hearing_sentence(opened_on=value.opened_on, closed_on=value.closed_on, place=value.place, alj=alj,
                                    scheduled_only=value.scheduled_only)


def running_text(value: str, limit: int = 62) -> str:
    """A running header's text on one line: ``value`` cut at a word boundary to at most ``limit``
    characters, with an ellipsis when cut (placeholders shortened to "[…]")."""
    text = PLACEHOLDER_PATTERN.sub("[…]", value)
    if len(text) <= limit:
        return text
    words = text[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:—- ").split(" ")
    while len(words) > 1 and words[-1].lower() in _LINKING_WORDS:
        words.pop()
    return " ".join(words) + "…"


_LINKING_WORDS = frozenset({"a", "an", "and", "the", "of", "on", "in", "to", "for", "or", "by", "with"})


@functools.cache
def environment() -> Environment:
    """The process-wide Jinja2 environment: autoescape, StrictUndefined, trimmed blocks, casefile's filters."""
    env = Environment(
        loader=FileSystemLoader(templates_dir()),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        finalize=_mark_placeholders,
    )
    env.filters.update(
        long_date=long_date,
        weekday_date=weekday_date,
        count=count,
        counted=counted,
        clock=clock_label,
        instant=instant,
        election_period=election_period,
        join_and=join_and,
        plain=lambda value: Markup(escape(value)),
        agreement_name=agreement_name,
        method_name=method_name,
        ballot_choice=ballot_choice,
        ordinal=wording.ordinal,
        next_election=wording.next_election,
        stage_name=lambda stage: wording.STAGE_NAMES[stage],
        act_name=wording.act_name,
        on_date=wording.on_date,
        running=running_text,
        hearing_sentence=hearing_sentence,
        offer_of_proof_clause=lambda ctx: wording.offer_of_proof_clause(
            status=ctx.offer_of_proof, party_label=ctx.filing_party.label, filed_on=ctx.offer_filed_on, due_on=ctx.offer_due_on),
        exceptions_filing=lambda ctx: wording.exceptions_filing(
            brief_filed=ctx.brief_filed, method=ctx.filed.method if ctx.filed is not None else None, with_board=ctx.to_alj),
    )
    env.tests["placeholder"] = is_placeholder
    env.globals["placeholder"] = placeholder
    env.globals["REGISTER_TABLE_LIMIT"] = REGISTER_TABLE_LIMIT
    env.filters["challenge_groups"] = challenge_groups
    return env


# --------------------------------------------------------------------------------------------
# Rendering
# --------------------------------------------------------------------------------------------


def _checked(document: type[Document], context: BaseModel) -> BaseModel:
    if type(context) is not document.context:
        raise ProcedureError(
            f"a {document.kind.value} document is rendered from {document.context.__name__}, not {type(context).__name__}"
        )
    return context


def render_html(document: type[Document], context: BaseModel) -> str:
    """Render ``document`` (a class of casefile.documents.kinds) from its context model as HTML.

    Raises ProcedureError when ``context`` is not the document's model; jinja2.UndefinedError
    (a bug) when a template names a field the model lacks.
    """
    checked = _checked(document, context)
    template = environment().get_template(document.template())
    return template.render(ctx=checked, kind=document.kind, title=document.title(checked), party_filing=document.party_filing)


@functools.cache
def _font_config() -> FontConfiguration:
    return FontConfiguration()


@functools.cache
def _stylesheet() -> CSS:
    return CSS(filename=str(templates_dir() / "print.css"), font_config=_font_config())


def render_pdf(document: type[Document], context: BaseModel) -> RenderedDocument:
    """Render ``document`` from its context to HTML and to PDF (US letter, fonts embedded and subset).

    The same context always yields the same bytes (and so the same ``sha256``). Raises as
    :func:`render_html`.
    """
    html = render_html(document, context)
    with warnings.catch_warnings():
        # WeasyPrint 70 leaves the bundled sRGB profile's file object to the garbage collector (PDF/A output intent).
        warnings.filterwarnings("ignore", category=ResourceWarning, message=r"unclosed file .*sRGB2014\.icc")
        pdf = HTML(string=html, base_url=str(templates_dir()) + "/").write_pdf(
            stylesheets=[_stylesheet()], font_config=_font_config(), **PDF_OPTIONS
        )
    assert pdf is not None
    return RenderedDocument(
        kind=document.kind,
        title=document.title(context),
        html=html,
        pdf=pdf,
        sha256=hashlib.sha256(pdf).hexdigest(),
    )
