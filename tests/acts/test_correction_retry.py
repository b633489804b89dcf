"""A retry of an act whose document a correction issued again names the current version (issue 11):
Bessemer's 2021 tally (prepared Fri 2021-04-09) typed with 1,789 against, corrected to 1,798 on
2021-04-12 — the Tally of Ballots is issued again as _v2; running the same `tally record` again
answers "already recorded" with the _v2 PDF, not the first."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.acts.procedure import open_bessemer, perform
from tests.acts.test_corrections import at, correction, tally_2021

pytestmark = pytest.mark.usefixtures("configured_db")


def test_a_retry_after_a_correction_names_the_v2_pdf() -> None:
    open_bessemer()
    first = perform(tally_2021(against=1789), documents="issue").documents[0]
    [v2] = perform(correction(against=1798), as_of=at("2021-04-12"), documents="issue").documents
    assert (first.file_name, v2.file_name) == ("2021-04-09_tally-of-ballots.pdf", "2021-04-09_tally-of-ballots_v2.pdf")

    again = perform(tally_2021(), as_of=at("2021-04-13"), documents="issue")  # the figures as corrected

    assert again.repeated
    [named] = again.documents
    assert (named.id, Path(named.path).name) == (v2.id, "2021-04-09_tally-of-ballots_v2.pdf")
    assert "1,798" in " ".join(page.extract_text() for page in PdfReader(named.path).pages)
    assert Path(first.path).exists()  # the first version is kept
