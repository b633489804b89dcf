"""casefile.documents.wording: the Agency's way of writing times, dates, ordinals, citations and stages."""

from __future__ import annotations

import re
from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from casefile.documents import wording
from casefile.documents.render import running_text
from casefile.vocab import ElectionKind, Stage

EASTERN, CENTRAL = ZoneInfo("America/New_York"), ZoneInfo("America/Chicago")


class TestWording:
    @pytest.mark.parametrize(("n", "word", "next_", "direction"), [
        (1, "first", "a second election", None), (2, "second", "a third election", "Decision and Direction of Second Election"),
        (3, "third", "a fourth election", "Decision and Direction of Third Election")], ids=["first", "rerun", "second-rerun"])
    def test_ordinals_along_the_chain(self, n: int, word: str, next_: str, direction: str | None) -> None:
        """Setting aside the n-th election directs the (n+1)-th; its direction is titled by its ordinal."""
        assert wording.ordinal(n) == word
        assert wording.next_election(n) == next_
        if direction:
            assert wording.direction_title(n) == direction
        assert wording.ordinal(11) == "11th" and wording.ordinal(22) == "22nd"

    def test_election_names(self) -> None:
        assert wording.election_name(1, ElectionKind.INITIAL) == "First election"
        assert wording.election_name(2, ElectionKind.RERUN) == "Second election (rerun)"

    @pytest.mark.parametrize(("value", "text"), [
        (datetime(2021, 4, 16, 23, 59, 59, tzinfo=EASTERN), "11:59 p.m. EDT on April 16, 2021"),
        (datetime(2026, 12, 1, 13, 5, 27, tzinfo=ZoneInfo("UTC")), "7:05 a.m. CST on December 1, 2026"),
    ], ids=["cutoff", "utc-in-chicago"])
    def test_instants_in_the_receiving_office_zone(self, value: datetime, text: str) -> None:
        """An instant prints in the office's zone with its abbreviation, minutes only."""
        assert wording.instant(value, CENTRAL if value.tzinfo == ZoneInfo("UTC") else None) == text

    @pytest.mark.parametrize(("raw", "clean"), [
        ("29 CFR 102.69(a)(8); rules.md R-G3", "29 CFR 102.69(a)(8)"),
        ("29 CFR 102.69(c)(1)(iii), 102.2(a) (from the last day exceptions could be filed); rules.md R-K2, R-B5",
         "29 CFR 102.69(c)(1)(iii), 102.2(a) (from the last day exceptions could be filed)"),
        ("1,243 would not exceed 1,798 (R-E4)", "1,243 would not exceed 1,798"),
        ("NLRB Casehandling Manual (Part Two) Sec. 11392", "NLRB Casehandling Manual (Part Two) Sec. 11392"),
    ], ids=["objections", "answering-brief", "parenthetical", "chm-kept"])
    def test_citations_without_software_references(self, raw: str, clean: str) -> None:
        assert wording.legal_citation(raw) == clean

    def test_record_text_writes_dates_out_and_keeps_the_rest(self) -> None:
        """ISO dates in record text become long dates; the rest is kept as the record has it (what the sources
        leave uncertain is a column of its own, never a note in the text)."""
        text = "Notice of Hearing; hearing opens 2021-05-07. The notice's date is not public."
        assert wording.record_text(text) == "Notice of Hearing; hearing opens May 7, 2021. The notice's date is not public."
        assert wording.prose_dates("cut-off 2022-04-07T23:59:59-04:00", EASTERN) == "cut-off 11:59 p.m. EDT on April 7, 2022"

    @pytest.mark.parametrize(("opened", "closed", "place", "sentence"), [
        (date(2021, 5, 7), date(2021, 5, 27), "Birmingham, Alabama",
         "The hearing opened on May 7, 2021 and closed on May 27, 2021, in Birmingham, Alabama."),
        (date(2024, 4, 25), None, "Birmingham, Alabama", "The hearing opened on April 25, 2024, in Birmingham, Alabama."),
        (date(2021, 5, 7), "[NOT IN THE PUBLIC RECORD: date the hearing closed]", None,
         "The hearing opened on May 7, 2021 and closed on [NOT IN THE PUBLIC RECORD: date the hearing closed]."),
        (date(2022, 6, 13), "[NOT IN THE PUBLIC RECORD: date the hearing closed]", "by videoconference (Zoom)",
         "The hearing opened on June 13, 2022 and closed on [NOT IN THE PUBLIC RECORD: date the hearing closed],"
         " by videoconference (Zoom)."),
        (date(2024, 4, 25), None, "at the Regional Office", "The hearing opened on April 25, 2024, at the Regional Office."),
    ], ids=["both-dates", "not-closed", "closing-not-public", "by-videoconference", "place-with-its-preposition"])
    def test_the_hearing_sentence(self, opened: date, closed: date | str | None, place: str | None, sentence: str) -> None:
        assert wording.hearing_sentence(opened_on=opened, closed_on=closed, place=place) == sentence

    def test_stage_and_outcome_words(self) -> None:
        """Every stage has words; outcomes read as what the tally leads to, from the outcome's fields (the rules'
        outcome_words; no wording parses an outcome's sentence back)."""
        from casefile.rules.outcome import Outcome, outcome_words
        from casefile.vocab import OutcomeKind

        assert set(wording.STAGE_NAMES) == set(Stage)
        assert wording.STAGE_NAMES[Stage.RERUN_DIRECTED] == "Set aside; a new election directed"
        assert outcome_words(Outcome(OutcomeKind.REP, winner="Workers United")) == (
            "A majority for Workers United: a Certification of Representative")
        assert outcome_words(Outcome(OutcomeKind.RUNOFF, runoff_choices=("A", "B"))) == (
            "No majority: a runoff election between A and B")
        assert not hasattr(wording, "outcome_words")

    @pytest.mark.parametrize(("title", "running"), [
        ("Tally of Ballots", "Tally of Ballots"),
        ("Petitioner's Objections to Conduct Affecting the Results of the Election", "Petitioner's Objections to Conduct Affecting the Results…"),
        ("Hearing Officer's Report and Recommendations on Objections and Challenged Ballots",
         "Hearing Officer's Report and Recommendations on Objections…"),
    ], ids=["short", "objections", "ho-report"])
    def test_running_titles_fit_one_line(self, title: str, running: str) -> None:
        """A running title is cut at a word, never after "of" or "and", with an ellipsis."""
        assert running_text(title) == running
        assert len(running_text(title)) <= 62


class TestNewWordings:
    def test_exceptions_say_how_they_are_filed(self) -> None:
        """E-filed exceptions need no paper copies (29 CFR 102.5(c)); "an original and one copy" only on paper."""
        from casefile.vocab import FilingMethod

        assert wording.exceptions_filing(brief_filed=False, method=FilingMethod.E_FILING) == (
            "No separate brief in support is filed. These exceptions are filed electronically with the Regional Director"
            " (29 CFR 102.5(c)).")
        assert "original and one copy" not in wording.exceptions_filing(brief_filed=True, method=None)
        assert wording.exceptions_filing(brief_filed=True, method=FilingMethod.PAPER).endswith(
            "on paper, an original and one copy (29 CFR 102.5(c), 102.69(c)(1)(iii)).")

    def test_a_derivation_line_without_its_machine_instant(self) -> None:
        assert wording.without_exact_instants("cut-off 11:59 p.m. America/New_York (2021-04-16T23:59:59-04:00)") == \
            "cut-off 11:59 p.m. America/New_York"
        assert wording.without_exact_instants("tally prepared Fri 2021-04-09") == "tally prepared Fri 2021-04-09"


BRITISH = re.compile(r"\b(centre|centred|organis\w*|judgement|analys(e|ed|es|ing)|recognis\w*|honour\w*|favour\w*|colour\w*"
                     r"|behaviour\w*|labelled|labelling|cancelled|cancelling|programme|licence|whilst|amongst|"
                     r"apologis\w*|authoris\w*|summaris\w*|prioritis\w*|normalis\w*|customis\w*|utilis\w*|minimis\w*)\b"
                     r"|Forgotten your password", re.IGNORECASE)


def test_user_facing_text_is_in_american_spelling() -> None:
    """Documents, web pages, command-line messages and the docs are in American spelling ("center", "analyze",
    "Forgot your password?"). Place names ("Centre Hall, PA") live in data files, not here."""
    root = Path(__file__).resolve().parents[2]
    files = [*root.glob("templates/*.html"), *root.glob("casefile/web/templates/*.html"), *root.glob("casefile/cli/*.py"),
             *root.glob("docs/*.md"), root / "README.md", *root.glob("examples/*.yaml")]
    found = [(str(f.relative_to(root)), m.group(0)) for f in files if f.exists()
             for m in BRITISH.finditer(f.read_text(encoding="utf-8"))]
    assert found == []
