"""A labor lawyer's sixth read-through (issue 17): each finding asserted on the text of the PDFs casefile issues — a
case carried through the CLI as a user would (a hearing officer's report, one party's exceptions, the other's
answering brief, the Regional Director's decision), and the JFK8 and Bessemer replays of examples/. A procedural
history tells each filing from its facts, never the docket's summary; the decision says what it considered as the
record holds it; the record's notes are said once, where their facts are."""

from __future__ import annotations

import os
from datetime import date
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.documents.reading import annex_of, text_of, words
from tests.documents.record_replay import Replayed

CASE = "19-RC-361042"
"""A hypothetical Seattle case (Cascade Freight LLC, Teamsters Local 117): 30 for, 40 against."""

_ACTS = (
    ["case", "open", "--number", CASE, "--employer", "Cascade Freight LLC", "--union", "Teamsters Local 117",
     "--office", "Seattle", "--petition-filed-on", "2026-08-03", "--agreement", "stipulated", "--unit", "All drivers"],
    ["tally", "record", "--case", CASE, "--prepared-on", "2026-09-10", "--choice", "Teamsters Local 117=30",
     "--against", "40", "--challenged", "2", "--void", "0", "--eligible", "80", "--board-agent", "Pat Agent"],
    ["objections", "file", CASE, "--party", "union", "--objection", "The Employer threatened drivers",
     "--received-at", "2026-09-16T12:00:00-07:00", "--witness", "1|A Driver|saw threats"],
    ["hearing", "notice", CASE, "--on", "2026-09-24", "--opens-on", "2026-10-08", "--place", "Seattle",
     "--presiding", "H. Officer", "--issuer", "R. Director"],
    ["hearing", "open", CASE, "--on", "2026-10-08"],
    ["hearing", "close", CASE, "--on", "2026-10-09"],
    ["decision", "ho-report", CASE, "--on", "2026-10-30", "--result", "overrule", "--ruling", "union:1=overruled",
     "--issuer", "H. Officer", "--summary", "The evidence does not show threats."],
    ["exceptions", "file", CASE, "--party", "union", "--exception",
     "The recommendation to overrule Objection 1|The testimony showed threats", "--received-at", "2026-11-09T15:00:00-08:00"],
    ["exceptions", "answer", CASE, "--party", "employer", "--point", "The report is correct",
     "--received-at", "2026-11-16T12:00:00-08:00"],
    ["decision", "rd", CASE, "--on", "2026-11-25", "--result", "overrule", "--ruling", "union:1=overruled",
     "--issuer", "R. Director", "--summary", "The objection is overruled."],
)


@pytest.fixture
def answered(configured_db: Path) -> Path:
    """The case carried through `casefile` commands to the Regional Director's Decision on Objections; its PDF."""
    from casefile.cli.app import app

    runner = CliRunner()
    for args in _ACTS:
        result = runner.invoke(app, args, env={**os.environ, "COLUMNS": "200"})
        assert result.exit_code == 0, (args, result.output)
    (pdf,) = (configured_db / "out" / CASE).glob("*decision-on-objections.pdf")
    return pdf


class TestTheAnsweringBrief:
    def test_the_history_tells_the_brief_from_the_filing(self, answered: Path) -> None:
        """Finding 1. The history's row read the docket's summary: "Answering brief of Cascade Freight LLC to the
        exceptions (1 point of argument), received 12:00 p.m. PST on November 16, 2026": the row says who filed
        what on what day, as the waiver's row does; no count from the brief, no receipt time."""
        body = words(text_of(answered, body_only=True))  # a live case's transcription: its note opens page 1
        assert ("November 9, 2026 The Petitioner, Teamsters Local 117, filed exceptions to the Hearing Officer's report. "
                "November 16, 2026 The Employer, Cascade Freight LLC, filed an answering brief to the exceptions on November "
                "16, 2026. "
                "II. THE ELECTION") in body
        assert "point of argument" not in body and "12:00 p.m." not in body and "Answering brief of" not in body

    def test_the_decision_considers_the_answering_brief(self, answered: Path) -> None:
        """Finding 1. "Having considered the entire record, the Hearing Officer's report and the exceptions" left out
        the answering brief the record holds: the decision says it was filed and that it was considered."""
        body = words(text_of(answered, body_only=True))  # a live case's transcription: its note opens page 1
        assert ("Teamsters Local 117 filed exceptions to the report. Cascade Freight LLC filed an answering brief to "
                "the exceptions. Having considered the entire record, the Hearing Officer's report, the exceptions and "
                "the answering brief, the Regional Director decides the objections as follows") in body
        assert "[inferred" not in body



class TestTheRevisedTallysUnit:
    def test_a_case_of_one_unit_names_no_unit_key(self, configured_db: Path) -> None:
        """Finding 2. The Revised Tally of Ballots printed "Unit A: ..." in a case of one voting unit, the import's key
        for it; the Tally of Ballots and the status report name a unit by its key only when the case has several
        (CaseRecord.several_units): so does the Revised Tally. Bessemer's 2022 rerun, its 416 challenged ballots
        counted (hypothetical: 100 for, 316 against)."""
        from tests.acts import procedure as bessemer

        bessemer.carry("tally-2022")
        done = bessemer.perform(bessemer.act({"act": "revised-tally", "date": date(2022, 5, 2), "opened": 416,
                                              "sustained": 0, "counted": {bessemer.RWDSU: 100}, "counted_against": 316}),
                                documents="issue")
        (doc,) = [d for d in done.documents if d.kind == "revised-tally-of-ballots"]
        text = words(text_of(Path(doc.path), body_only=True))
        assert ("Voting unit [NOT IN THE PUBLIC RECORD: unit description as certified; the petition described about "
                "1,500 full-time and part-time workers at the BHM1 fulfillment center] The challenged ballots") in text
        assert "Unit A" not in text


class TestTheTallysNote:
    @pytest.mark.parametrize(("which", "pdf", "note"), [
        ("bessemer", "2021-04-09*tally-of-ballots*.pdf", "Uncertain: 738 + 1,798 + 505 + 76 = 3,117 ballots, against about "
                                                       "3,215 received as reported by the union (98 unexplained)."),
        ("bessemer", "2022-03-31*tally-of-ballots*.pdf", "Uncertain: 875 + 993 + 416 + 59 = 2,343 ballots, against 2,375 "
                                                       "returned envelopes reported."),
        ("jfk8", "*tally-of-ballots*.pdf", "Uncertain: the number of void ballots is not in the sources (left unknown). The "
                                          "eligible figure is the approximate one reported; turnout of 58% (thehill.com) "
                                          "agrees with 4,852 ballots of about 8,325."),
    ], ids=["bessemer-2021", "bessemer-2022", "jfk8"])
    def test_the_annex_says_what_the_count_leaves_open(self, which: str, pdf: str, note: str,
                                                       request: pytest.FixtureRequest) -> None:
        """Finding 3. The record's tally keeps what the sources leave open about the count (Tally.uncertain); the
        Tally of Ballots' record-copy annex did not print it: it does, once, as the other records' notes are."""
        text = words(text_of(request.getfixturevalue(which).pdf(pdf)))
        annex = annex_of(text)
        assert note in annex
        assert text.count(note) == 1


class TestTheStatusReportsRequestForReview:
    def test_the_open_deadline_carries_the_certifications_note(self, jfk8: Replayed) -> None:
        """Finding 4. The open-deadlines row "Request for review ... January 26, 2023" stated the date as fact; the
        certification the period runs from notes the press reported "by Jan. 25" (Certification.uncertain), as the
        Certification of Representative says with the same date: the row says it too, once."""
        text = words(text_of(jfk8.pdf("*case-status-report*.pdf")))
        deadlines = text.split("OPEN DEADLINES", 1)[1].split("DOCKET Date", 1)[0]
        assert ("Thursday, January 26, 2023 [uncertain: silive.com reports that Amazon could request review 'by Jan. "
                "25'; 10 business days after January 11, 2023, with Martin Luther King Jr. Day (January 16, 2023) "
                "skipped, end on January 26, 2023, which is the date the record keeps]") in deadlines, deadlines
        assert deadlines.count("Jan. 25") == 1


_IMPLIED_BRIEF = """act: file-answering-brief
date: 2026-11-16
party: employer
points: ["The report is correct"]
inferred_from: "the Regional Director's decision of November 25, 2026 refers to the Employer's answering brief"
date_public: false
"""


def test_an_answering_brief_the_record_only_implies_is_said_as_inferred(configured_db: Path) -> None:
    """Finding 1, the record only implying the brief (Filing.inferred_from, its date not public): the history's row,
    the sentence saying it was filed and the one saying it was considered say it is the record's inference, as they
    do of exceptions the record implies (JFK8)."""
    from casefile.cli.app import app

    act = configured_db / "brief.yaml"
    act.write_text(_IMPLIED_BRIEF, encoding="utf-8")
    runner = CliRunner()
    for args in (*_ACTS[:-2], ["act", CASE, str(act)], _ACTS[-1]):
        result = runner.invoke(app, args, env={**os.environ, "COLUMNS": "200"})
        assert result.exit_code == 0, (args, result.output)
    (pdf,) = (configured_db / "out" / CASE).glob("*decision-on-objections.pdf")
    body = words(text_of(pdf, body_only=True))
    assert ("November 16, 2026 The record implies that the Employer, Cascade Freight LLC, filed an answering brief to "
            "the exceptions (the brief itself is not in the public record, nor is the date).") in body
    assert ("Cascade Freight LLC filed an answering brief to the exceptions [inferred: the record shows the Regional "
            "Director's decision of November 25, 2026 refers to the Employer's answering brief; the brief itself is not "
            "in the public record]. Having considered the entire record, the Hearing Officer's report, the exceptions "
            "and the answering brief [inferred: the record implies the brief, as said above], the Regional Director "
            "decides the objections") in body
