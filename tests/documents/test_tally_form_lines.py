"""One table of the tally form's lines (casefile.rules.tally_form): the line numbers the CLI's help names are
the numbers the issued Tally of Ballots prints, with the words it prints (issue 16 item 4). The trial found
``tally record --help`` calling the votes against line 5 and the challenged ballots line 7, and the web's
form the votes line 4, where the Bessemer tally (a one-union ballot) prints them as lines 4, 6 and 3.

Read from the PDFs of the example histories as a replay issues them: Bessemer's 2021 tally (one labor
organization) and Trinity's 2017 tally (two labor organizations and "against")."""

from __future__ import annotations

import re

import pymupdf
import pytest

from casefile.rules.tally_form import tally_form
from tests.cli.in_process import casefile
from tests.documents.record_replay import Replayed

#: Each tally option of the CLI and the form line it fills (the tally's field).
OPTIONS = {"--choice": "choice", "--against": "against", "--challenged": "challenged", "--void": "void",
           "--eligible": "eligible"}


def printed_lines(pdf: bytes) -> dict[int, str]:
    """The numbered lines of a Tally of Ballots as the PDF prints them: number -> the line's words."""
    with pymupdf.open(stream=pdf, filetype="pdf") as document:
        text = " ".join(" ".join(page.get_text().split()) for page in document)
    body = text.split("were as follows:", 1)[1].split(" Objections to the conduct", 1)[0].split(" For the Regional Director", 1)[0]
    return {int(m.group(1)): m.group(2) for m in re.finditer(r"(?:^| )(\d{1,2})\. (.+?)(?= \d{1,2}\. |$)", body)}


def help_lines(*command: str) -> dict[str, int]:
    """The line number the help of ``casefile <command> --help`` names for each tally option."""
    text = re.sub(r"[\s│]+", " ", casefile(*command, "--help").stdout)
    found = {}
    for option in OPTIONS:
        m = re.search(rf"{option} \S+ (?:(?! --).)*?\(line (\d+)", text)  # within the option's own help
        if m:
            found[option] = int(m.group(1))
    return found


@pytest.fixture(scope="module")
def bessemer(replayed_examples: dict[str, Replayed]) -> dict[int, str]:
    return printed_lines(replayed_examples["bessemer-10-RC-269250.yaml"].pdf("2021-04-09_tally-of-ballots.pdf").read_bytes())


def test_the_pdf_prints_the_table(bessemer: dict[int, str], replayed_examples: dict[str, Replayed]) -> None:
    """Bessemer 2021 (one union) and Trinity 2017 (two unions): each printed line is the table's, number and words."""
    rwdsu = "Retail, Wholesale and Department Store Union"
    form = tally_form((rwdsu,))
    assert {n: words[:len(line.words)] for n, words in bessemer.items()
            for line in form.lines if line.number == n and line.key not in ("determinative", "majority")} == {
        line.number: line.words for line in form.lines if line.key not in ("determinative", "majority")}
    assert bessemer[6] == "Number of challenged ballots 505" and bessemer[4].endswith("labor organization(s) 1,798")
    trinity = printed_lines(replayed_examples["trinity-college-01-RC-196511.yaml"].pdf("2017-05-04_tally-of-ballots.pdf").read_bytes())
    two = tally_form(("LEOS-PBA (Trinity College Campus Safety Officers & Dispatchers Union)", "SPFPA Local 502"))
    assert [(line.number, trinity[line.number].startswith(line.words.split(" / ")[0][:30])) for line in two.lines] == [
        (n, True) for n in range(1, 11)]
    assert trinity[7] == "Number of challenged ballots 0"


@pytest.mark.parametrize("command", [("tally", "record"), ("tally", "analyze")])
def test_the_cli_help_names_the_lines_the_pdf_prints(command: tuple[str, ...], bessemer: dict[int, str]) -> None:
    named = help_lines(*command)
    assert set(named) == set(OPTIONS)
    words = {"choice": "Number of votes cast for", "against": "Number of votes cast against", "challenged": "Number of challenged ballots",
             "void": "Number of void ballots", "eligible": "Approximate number of eligible voters"}
    assert {option: bessemer[number].startswith(words[OPTIONS[option]]) for option, number in named.items()} == {
        option: True for option in named}
