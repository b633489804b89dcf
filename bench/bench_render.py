"""Render each document kind N times from the real-case contexts and print the median seconds per document.

    .venv/bin/python bench/bench_render.py [N]      (default N = 5)

The first render of the process (font configuration, stylesheet, Jinja environment) is done once
before timing and reported separately. Not run in CI.
"""

from __future__ import annotations

import io
import statistics
import sys
import time
from pathlib import Path

from pypdf import PdfReader  # a test dependency (pip install -e '.[test]')

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "documents"))

from document_cases import build_contexts

from casefile.documents.kinds.tally_of_ballots import TallyOfBallots
from casefile.documents.registry import document_class
from casefile.documents.render import render_html, render_pdf
from casefile.vocab import DocumentKind


def main(repeats: int) -> None:
    """Print, for each document kind, its page count, PDF size and median HTML / PDF render time."""
    contexts = build_contexts()
    started = time.perf_counter()
    render_pdf(TallyOfBallots, contexts[DocumentKind.TALLY_OF_BALLOTS])
    print(f"first render in this process (warm-up): {time.perf_counter() - started:.3f} s")
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
        pages = len(PdfReader(io.BytesIO(document.pdf)).pages)
        medians.append(statistics.median(pdf_times))
        print(
            f"{kind.value:44} {pages:>5} {len(document.pdf) / 1024:>7.1f}"
            f" {statistics.median(html_times):>8.4f} {statistics.median(pdf_times):>7.3f}"
        )
    print(f"{'median over kinds':44} {'':>5} {'':>7} {'':>8} {statistics.median(medians):>7.3f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
