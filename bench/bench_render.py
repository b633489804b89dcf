"""What a one-page document costs against a bare WeasyPrint render of a page of the same text (issue 18 item 2).

    .venv/bin/python bench/bench_render.py [--rounds N] [--cold M] [--kinds [R]]

Interleaved, round by round, in one process after a warm-up (imports, fonts, stylesheets):

- real: the Bessemer 2021 Tally of Ballots issued through the front door (``app.issue_for_entry`` on the
  docket entry of a tally recorded with ``documents="defer"``, one new case a round): its context built
  from the record, rendered, preflighted, written and registered on the docket;
- render_pdf: casefile's renderer alone on that context (HTML, layout, PDF/A);
- bare: WeasyPrint on an HTML page holding the same text (one paragraph per block of the document) with a
  minimal stylesheet (letter page, 1 in margins, DejaVu Serif 9 pt), ``write_pdf()`` with no options;
- bare PDF/A: the same page with casefile's PDF options (PDF/A-3b, identifier);
- same markup, bare CSS: the document's own HTML (its tables and spans) with the bare page's stylesheet
  instead of casefile's, PDF/A options: what the markup costs with none of casefile's style rules (its tables
  in auto layout, which measures every cell's content before laying it out, where print.css fixes them);
- same text, casefile CSS: the bare page (in the tally's ``body`` class) with print.css and the PDF options:
  what casefile's stylesheet (margin boxes, justified text, its faces) costs on the plainest markup.

Each line: median and p90 in ms, the ratio of the medians to bare, and the median of the per-round ratios
(the load changes less within a round than across the run); for the warm rounds also the median CPU time of
the process (``time.process_time``: what the load moves least; real's fsyncs wait without CPU). ``--cold M``
adds M rounds of the first document of a fresh process (what one command-line act pays): a child issues one
entry, another renders the bare page, each timed from before WeasyPrint is imported. ``--kinds`` prints every
document kind's page count, size and median PDF time (the test contexts, R repeats). Not run in CI.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from html import escape
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "bessemer-10-RC-269250.yaml"
AS_OF = datetime(2021, 4, 9, 16, tzinfo=UTC)  # noon Eastern, the tally's day
BLOCKS = frozenset({"p", "div", "h1", "h2", "h3", "h4", "tr", "li", "table", "section", "header", "footer", "body"})
BARE_CSS = "@page { size: 8.5in 11in; margin: 1in } html { font-family: 'DejaVu Serif', serif; font-size: 9pt } p { margin: 0 0 3pt 0 }"


class _Blocks(HTMLParser):
    """The text of an HTML document's body, one string per block-level element (cells of a row joined by spaces)."""

    def __init__(self) -> None:
        super().__init__()
        self.blocks: list[str] = []
        self._words: list[str] = []
        self._in_body = False

    def _flush(self) -> None:
        text = " ".join(" ".join(self._words).split())
        if text:
            self.blocks.append(text)
        self._words = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._in_body = self._in_body or tag == "body"
        if tag in BLOCKS:
            self._flush()

    def handle_endtag(self, tag: str) -> None:
        if tag in BLOCKS:
            self._flush()

    def handle_data(self, data: str) -> None:
        if self._in_body:
            self._words.append(data)


def bare_page(html: str) -> str:
    """An HTML page holding the text of ``html``'s body, one ``<p>`` per block, with :data:`BARE_CSS` only."""
    parser = _Blocks()
    parser.feed(html)
    parser.close()
    body = "".join(f"<p>{escape(block)}</p>" for block in parser.blocks)
    return f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><style>{BARE_CSS}</style></head><body>{body}</body></html>'


def use_fresh_database() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="casefile-bench-render-"))
    os.environ["CASEFILE_DATABASE_URL"] = f"sqlite:///{folder / 'casefile.db'}"
    os.environ["CASEFILE_OUTPUT_DIR"] = str(folder / "out")
    return folder


def deferred_tallies(count: int, first: int = 0) -> list[int]:
    """Open ``count`` copies of the Bessemer case and record its 2021 tally in each without issuing the
    Tally of Ballots (case numbers from 10-RC-27<first>); returns the tallies' docket entry ids."""
    from casefile import app
    from casefile.acts import Who
    from casefile.scenario import load_scenario

    bessemer = load_scenario(EXAMPLE)
    opening, tally = bessemer.opening(), bessemer.events[0]
    by = Who(label="operator:bench")
    entries = []
    for n in range(count):
        number = f"10-RC-{270000 + first + n:06d}"
        app.perform(opening.model_copy(update={"case": opening.case.model_copy(update={"number": number})}),
                    as_of=AS_OF, by=by, documents="none")
        entries.append(app.perform(tally, case_number=number, as_of=AS_OF, by=by, documents="defer").entry_id)
    return entries


def entry_document(entry_id: int) -> tuple[type, object, str]:
    """The document class, context and HTML of the (first) document the act at ``entry_id`` issues."""
    from casefile.acts import module_named
    from casefile.documents.issue import build
    from casefile.documents.render import render_html
    from casefile.record.db import read_session
    from casefile.record.models import Case, DocketEntry

    with read_session() as session:
        entry = session.get(DocketEntry, entry_id)
        assert entry is not None
        case = session.get(Case, entry.case_id)
        assert case is not None
        issue = module_named(entry.act).issues(session, entry.ref)[0]
        built = build(session, case, issue)
    return issue.document, built.context, render_html(issue.document, built.context)


def pages(pdf: bytes) -> int:
    from pypdf import PdfReader  # a test dependency (pip install -e '.[test]')

    return len(PdfReader(io.BytesIO(pdf)).pages)


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10, method="inclusive")[-1] if len(values) > 1 else values[0]


def report(times: dict[str, list[float]], floor: str, cpu: dict[str, list[float]] | None = None) -> None:
    """Print each step's median and p90 (ms), its ratio to ``floor``'s median and the median of its per-round
    ratios; with ``cpu`` (the same steps' CPU seconds of this process), its median CPU and CPU ratio too."""
    extra = f" {'CPU ms':>7} {'CPU × bare':>10}" if cpu else ""
    print(f"  {'':34} {'median ms':>10} {'p90 ms':>8} {'× bare':>7} {'per-round × bare':>17}{extra}")
    for name, values in times.items():
        ratios = [value / base for value, base in zip(values, times[floor], strict=True)]
        line = (f"  {name:34} {statistics.median(values) * 1000:>10.1f} {p90(values) * 1000:>8.1f}"
                f" {statistics.median(values) / statistics.median(times[floor]):>7.2f} {statistics.median(ratios):>17.2f}")
        if cpu:
            line += f" {statistics.median(cpu[name]) * 1000:>7.1f} {statistics.median(cpu[name]) / statistics.median(cpu[floor]):>10.2f}"
        print(line)


def render_bare_with_print_css(page: str) -> bytes:
    """``page`` written as casefile writes a document: print.css, its font configuration, the PDF options."""
    from weasyprint import HTML

    from casefile.documents.render import PDF_OPTIONS, _font_config, _stylesheet

    pdf = HTML(string=page).write_pdf(stylesheets=[_stylesheet()], font_config=_font_config(), **PDF_OPTIONS)
    assert pdf is not None
    return pdf


def warm(rounds: int) -> None:
    from weasyprint import CSS, HTML

    from casefile import app
    from casefile.documents.render import PDF_OPTIONS, render_pdf

    entries = deferred_tallies(rounds + 1)
    document, context, html = entry_document(entries[0])
    bare = bare_page(html)
    app.issue_for_entry(entries[0], as_of=AS_OF)  # warm-up: WeasyPrint, fonts, stylesheet, templates
    bare_css = CSS(string=BARE_CSS)
    bare_in_class = bare.replace("<body>", f'<body class="doc-{document.kind.value}">')  # type: ignore[attr-defined]
    one, markup = HTML(string=bare).write_pdf(), HTML(string=html).write_pdf(stylesheets=[bare_css], **PDF_OPTIONS)
    styled = render_bare_with_print_css(bare_in_class)
    print(f"document: {document.__name__}, {pages(render_pdf(document, context).pdf)} page, {len(html)} characters of "  # type: ignore[arg-type]
          f"HTML; bare page: {pages(one)} page, {len(bare)} characters; same markup with bare CSS: {pages(markup)} page; "
          f"same text with casefile CSS: {pages(styled)} page")
    steps: dict[str, Callable[[int], object]] = {
        "real (app.issue_for_entry)": lambda i: app.issue_for_entry(entries[i + 1], as_of=AS_OF),
        "render_pdf alone": lambda i: render_pdf(document, context),  # type: ignore[arg-type]
        "bare": lambda i: HTML(string=bare).write_pdf(),
        "bare PDF/A": lambda i: HTML(string=bare).write_pdf(**PDF_OPTIONS),
        "same markup, bare CSS": lambda i: HTML(string=html).write_pdf(stylesheets=[bare_css], **PDF_OPTIONS),
        "same text, casefile CSS": lambda i: render_bare_with_print_css(bare_in_class),
    }
    times: dict[str, list[float]] = {name: [] for name in steps}
    cpu: dict[str, list[float]] = {name: [] for name in steps}
    print(f"load average before: {Path('/proc/loadavg').read_text().strip()}")
    for i in range(rounds):
        for name, step in steps.items():
            started, started_cpu = time.perf_counter(), time.process_time()
            step(i)
            times[name].append(time.perf_counter() - started)
            cpu[name].append(time.process_time() - started_cpu)
    print(f"load average after:  {Path('/proc/loadavg').read_text().strip()}")
    print(f"warm, in one process, {rounds} rounds interleaved (CPU: this process's, which the load moves less):")
    report(times, "bare", cpu)


def child(what: str, entry_id: int, bare_file: str) -> None:
    """One cold measurement in this fresh process: print the seconds of the first document (``real``:
    issue entry ``entry_id``; ``bare``: write the page in ``bare_file``), WeasyPrint's import included."""
    if what == "real":
        from casefile import app

        started = time.perf_counter()
        app.issue_for_entry(entry_id, as_of=AS_OF)
    else:
        html = Path(bare_file).read_text()
        started = time.perf_counter()
        from weasyprint import HTML

        HTML(string=html).write_pdf()
    print(time.perf_counter() - started)


def cold(rounds: int) -> None:
    entries = deferred_tallies(rounds, first=5000)
    _, _, html = entry_document(entries[0])
    bare_file = Path(os.environ["CASEFILE_OUTPUT_DIR"]).parent / "bare.html"
    bare_file.write_text(bare_page(html))

    def run(what: str, entry_id: int) -> float:
        done = subprocess.run([sys.executable, __file__, "--child", what, str(entry_id), str(bare_file)],
                              capture_output=True, text=True, check=True)
        return float(done.stdout.split()[-1])

    times: dict[str, list[float]] = {"real, first document of a process": [], "bare, first render of a process": []}
    print(f"load average before: {Path('/proc/loadavg').read_text().strip()}")
    for entry_id in entries:
        times["real, first document of a process"].append(run("real", entry_id))
        times["bare, first render of a process"].append(run("bare", entry_id))
    print(f"load average after:  {Path('/proc/loadavg').read_text().strip()}")
    print(f"cold, a fresh process each, {rounds} rounds interleaved (WeasyPrint's import included):")
    report(times, "bare, first render of a process")


def kinds(repeats: int) -> None:
    """Print, for each document kind, its page count, PDF size and median HTML / PDF render time."""
    sys.path.insert(0, str(ROOT / "tests" / "documents"))
    sys.path.insert(0, str(ROOT))
    from document_cases import build_contexts

    from casefile.documents.registry import document_class
    from casefile.documents.render import render_html, render_pdf

    contexts = build_contexts()
    print(f"{'document kind':44} {'pages':>5} {'PDF kB':>7} {'HTML s':>8} {'PDF s':>7}  (median of {repeats})")
    medians = []
    for kind, context in contexts.items():
        html_times, pdf_times = [], []
        for _ in range(repeats):
            started = time.perf_counter()
            render_html(document_class(kind), context)
            html_times.append(time.perf_counter() - started)
            started = time.perf_counter()
            document = render_pdf(document_class(kind), context)
            pdf_times.append(time.perf_counter() - started)
        medians.append(statistics.median(pdf_times))
        print(f"{kind.value:44} {pages(document.pdf):>5} {len(document.pdf) / 1024:>7.1f}"
              f" {statistics.median(html_times):>8.4f} {statistics.median(pdf_times):>7.3f}")
    print(f"{'median over kinds':44} {'':>5} {'':>7} {'':>8} {statistics.median(medians):>7.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=15, help="warm rounds (default 15)")
    parser.add_argument("--cold", type=int, default=0, metavar="M", help="also M rounds of fresh processes")
    parser.add_argument("--kinds", type=int, nargs="?", const=3, default=0, metavar="R",
                        help="also every document kind's median PDF time over R repeats (default 3)")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], int(args.child[1]), args.child[2])
        return
    use_fresh_database()
    warm(args.rounds)
    if args.cold:
        cold(args.cold)
    if args.kinds:
        kinds(args.kinds)


if __name__ == "__main__":
    main()
