"""A procedural history lists procedural events only — filings, orders, decisions, hearings — never the
bookkeeping of the record: a PDF attached to a filing or to an act (as the web records one, "... as filed
attached (sha256 1a2b…)") is kept and hashed by the record, but is no event of the procedure (issue 16 item 3).

Bessemer replayed with the Region's Tally of Ballots as issued attached to the tally's docket entry and the
Petitioner's objections as filed attached to its filing (scenario ``attach-document`` events, the file beside the
scenario, as the web's upload carries it): the histories of the Hearing Officer's report and of the Decision,
read from their PDFs, are the ones of the example without the attachments."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from pypdf import PdfWriter

from tests.documents.reading import BESSEMER
from tests.documents.record_replay import EXAMPLES, Replayed
from tests.documents.test_histories_from_the_record import history

_OBJECTIONS = "  - date: 2021-04-16\n    act: file-objections\n"
_NOTICE = "  - date: 2021-04-26\n"


def _with_attachments(folder: Path) -> Path:
    """The Bessemer example with two attach-document events (the tally's entry; the objections' filing)."""
    writer = PdfWriter()
    writer.add_blank_page(612, 792)
    with (folder / "as filed.pdf").open("wb") as handle:
        writer.write(handle)
    text = (EXAMPLES / BESSEMER).read_text(encoding="utf-8")
    assert text.count(_OBJECTIONS) == 1 and text.count(_NOTICE) == 1
    tally = "  - act: attach-document\n    date: 2021-04-09\n    to: docket:2\n    file: as filed.pdf\n"
    objections = "  - act: attach-document\n    date: 2021-04-16\n    to: filing:1\n    file: as filed.pdf\n"
    text = text.replace(_OBJECTIONS, tally + _OBJECTIONS).replace(_NOTICE, objections + _NOTICE)
    path = folder / BESSEMER
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def attached(tmp_path_factory: pytest.TempPathFactory) -> Replayed:
    from casefile.record.db import get_engine
    from casefile.scenario import replay
    from casefile.settings import get_settings

    folder = tmp_path_factory.mktemp("attached")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CASEFILE_DATABASE_URL", f"sqlite:///{folder / 'casefile.db'}")
        mp.setenv("CASEFILE_OUTPUT_DIR", str(folder / "out"))
        get_settings.cache_clear()
        get_engine.cache_clear()
        try:
            report = replay(_with_attachments(folder), through_prefect=False)
        finally:
            get_engine().dispose()
    get_settings.cache_clear()
    get_engine.cache_clear()
    assert os.environ.get("CASEFILE_OUTPUT_DIR") != str(folder / "out")
    return Replayed(case_number=report.case_number, out=folder / "out" / report.case_number, folder=folder)


@pytest.mark.parametrize("document", ["*_hearing-officer-report.pdf", "*_decision-and-direction-of-second-election.pdf"])
def test_attachments_are_no_event_of_a_procedural_history(document: str, attached: Replayed,
                                                          replayed_examples: dict[str, Replayed]) -> None:
    events = history(attached, document)
    assert [e for e in events if "attached" in e or "sha256" in e] == []
    assert events == history(replayed_examples[BESSEMER], document)
    assert any("filed 23 objections with an offer of proof" in e for e in events)  # the filing itself is told
