"""One strictness everywhere (issue 17 item 4): the field types of casefile.acts.base — Flag (true or false
only), Text and Prose (text that says something), Line and Paragraph (no control character: casefile.characters;
a Line on one line), LegalDate and Instant (never a
number) — read the act models, so the command line, scenario and tally files, the API and the web forms refuse
the same inputs with one clear line, and store nothing.

Each test is one of the reliability trial's "strictness" findings (../shared/reviews/reliability-trial.md,
defects 5 and 8 and the smaller findings), each stored before: `eligible_exact: yes`, `1` and `'true'` read as
true against the strict-YAML rule; blank objections, grounds, orders and names and NUL characters accepted by
the command line; an API `"at": 5` read as a Unix time.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from casefile.acts import parse_act
from casefile.errors import InvalidScenario
from tests.accounts.world import NUMBER as WORLD_NUMBER
from tests.accounts.world import bessemer_template, world  # noqa: F401  (fixtures)
from tests.acts.example_cases import EXAMPLES
from tests.acts.procedure import NUMBER, carry, open_bessemer
from tests.acts.snapshot import default_snapshot
from tests.cli.in_process import casefile

RWDSU = "Retail, Wholesale and Department Store Union"
BLANK = "write the text (spaces and invisible characters alone say nothing)"
TALLY = (f"case_number: {NUMBER}\nkind: initial\nprepared_on: 2021-04-09\n"
         "choices: {{{choice}: 738}}\nagainst: 1798\nchallenged: 505\nvoid: 76\neligible: 5867\n"
         "election: {{method: mail, held_from_on: 2021-02-08, held_to_on: 2021-03-29}}\n{extra}")


def _refused(*args: str) -> str:
    """``casefile ARGS``: exit 2 with one error line and every table and the output folder unchanged."""
    before = default_snapshot()
    ran = casefile(*args)
    assert ran.exit_code == 2, ran.stdout + ran.stderr
    assert len(ran.error_lines) == 1, ran.stderr
    assert default_snapshot() == before
    return ran.error_lines[0]


def _tally(tmp_path: Path, *, choice: str = f'"{RWDSU}"', extra: str = "") -> str:
    file = tmp_path / "t.yaml"
    file.write_text(TALLY.format(choice=choice, extra=extra), encoding="utf-8")
    return str(file)


class TestBooleans:
    @pytest.mark.parametrize("written", ["yes", "1", "'true'", "on", "0"])
    def test_eligible_exact_is_true_or_false_only(self, configured_db: Path, tmp_path: Path, written: str) -> None:
        open_bessemer()
        line = _refused("tally", "record", _tally(tmp_path, extra=f"eligible_exact: {written}\n"),
                        "--as-of", "2021-04-09T12:00:00-04:00")
        assert "eligible_exact" in line and "is not true or false: write true or false" in line

    def test_true_is_read(self, configured_db: Path, tmp_path: Path) -> None:
        open_bessemer()
        ran = casefile("tally", "record", _tally(tmp_path, extra="eligible_exact: true\n"),
                       "--as-of", "2021-04-09T12:00:00-04:00")
        assert ran.exit_code == 0, ran.stderr

    def test_every_boolean_of_every_act_is_strict(self) -> None:
        """The same rule in every act model (an API body, a scenario event): "yes" and 1 are no booleans."""
        for data in ({"act": "file-motion", "party": "rwdsu", "subject": "A motion", "oral": "yes"},
                     {"act": "notice-hearing", "challenges": 1},
                     {"act": "rule-on-challenges", "all_pending": "true"}):
            with pytest.raises(ValidationError, match="is not true or false"):
                parse_act(data)


class TestBlankText:
    @pytest.mark.parametrize("blank", ["", "   "])
    def test_a_blank_objection_is_refused(self, configured_db: Path, blank: str) -> None:
        carry("tally-2021")
        line = _refused("objections", "file", NUMBER, "--party", "rwdsu", "--objection", "A real objection.",
                        "--objection", blank, "--received-at", "2021-04-16T12:00:00-04:00")
        assert line == f"error: file-objections: the 2nd --objection must not be blank: {BLANK}"  # not '--objections.1'

    def test_a_blank_witness_is_named_by_its_option_and_place(self, configured_db: Path) -> None:
        carry("tally-2021")
        line = _refused("objections", "file", NUMBER, "--party", "rwdsu", "--objection", "A real objection.",
                        "--witness", "1|   |What the witness saw.", "--received-at", "2021-04-16T12:00:00-04:00")
        assert line == f"error: file-objections: the 1st --witness (witness) must not be blank: {BLANK}"

    def test_a_blank_ground_of_review_is_refused(self, configured_db: Path) -> None:
        carry("tally-2021")
        line = _refused("review", "request", NUMBER, "--party", "amazon", "--ground", "",
                        "--received-at", "2021-04-16T12:00:00-04:00")
        assert line == f"error: request-for-review: the 1st --ground must not be blank: {BLANK}"  # not '--ground (0)'

    def test_a_blank_transfer_order_is_refused(self, configured_db: Path) -> None:
        carry("tally-2021")
        line = _refused("case", "transfer", NUMBER, "--region", "15", "--order", "   ", "--on", "2021-04-12")
        assert line == f"error: transfer-case: --order must not be blank: {BLANK}"  # not pydantic's "Value error, "

    def test_a_blank_party_name_is_refused(self, configured_db: Path) -> None:
        carry("tally-2021")
        line = _refused("correct", "party", NUMBER, "rwdsu", "--name", "   ", "--why", "caption")
        assert line == f"error: correct-party: --name must not be blank: {BLANK}"

    def test_a_blank_hearing_order_is_refused(self, configured_db: Path) -> None:
        """The procedure commands' refusals are said the same way (casefile.cli.act_options)."""
        carry("tally-2021")
        line = _refused("hearing", "reschedule", NUMBER, "--on", "2021-05-01", "--opens-on", "2021-05-20",
                        "--order", " ")
        assert line == f"error: reschedule-hearing: --order must not be blank: {BLANK}"

    def test_a_scenario_whose_case_name_is_blank_is_refused(self, tmp_path: Path) -> None:
        from casefile.scenario import load_scenario

        text = (EXAMPLES / "bessemer-10-RC-269250.yaml").read_text(encoding="utf-8")
        assert '  name: "Amazon.com Services LLC"' in text
        file = tmp_path / "blank.yaml"
        file.write_text(text.replace('  name: "Amazon.com Services LLC"', '  name: "  "', 1), encoding="utf-8")
        with pytest.raises(InvalidScenario, match=re.escape("field 'case.name': must not be blank: write the text")):
            load_scenario(file)


class TestNul:
    def test_a_nul_in_a_scenarios_case_name_is_refused(self, tmp_path: Path) -> None:
        from casefile.scenario import load_scenario

        text = (EXAMPLES / "bessemer-10-RC-269250.yaml").read_text(encoding="utf-8")
        file = tmp_path / "nul.yaml"
        file.write_text(text.replace('  name: "Amazon.com Services LLC"', '  name: "Amazon.com\\0 Services LLC"', 1),
                        encoding="utf-8")
        with pytest.raises(InvalidScenario, match=re.escape("field 'case.name': a NUL character is not text")):
            load_scenario(file)

    def test_a_nul_in_a_tally_choice_is_refused(self, configured_db: Path, tmp_path: Path) -> None:
        open_bessemer()
        line = _refused("tally", "record", _tally(tmp_path, choice='"Uni\\0on"'), "--as-of", "2021-04-09T12:00:00-04:00")
        assert "a NUL character is not text" in line

    def test_a_nul_in_an_objection_from_the_command_line_is_refused(self, configured_db: Path) -> None:
        carry("tally-2021")
        line = _refused("objections", "file", NUMBER, "--party", "rwdsu", "--objection", "An ob\x00jection.",
                        "--received-at", "2021-04-16T12:00:00-04:00")
        assert "a NUL character is not text" in line


class TestControlCharacters:
    """A control character but a tab or a line break is no text (casefile.characters), and a one-line field holds no
    line break: `--objection $'Thr\\x01eat'` exited 0 and issued a PDF; scenario and tally files refused NUL only."""

    @pytest.mark.parametrize(("text", "says"), [
        ("Thr\x01eat.", "a control character (U+0001) at character 4 is not text"),
        ("Threat\x1b[31m.", "a control character (U+001B) at character 7"),
        ("Threat\x7f.", "a control character (U+007F) at character 7"),
        ("Threat\x9b.", "a control character (U+009B) at character 7"),
        ("Threat\r.", "a line break (U+000D) at character 7"),
    ])
    def test_an_objection_from_the_command_line_is_refused(self, configured_db: Path, text: str, says: str) -> None:
        carry("tally-2021")
        line = _refused("objections", "file", NUMBER, "--party", "union", "--objection", text,
                        "--received-at", "2021-04-15T12:00:00-04:00")
        assert says in line, line

    def test_a_tally_files_choice_is_refused(self, configured_db: Path, tmp_path: Path) -> None:
        open_bessemer()
        line = _refused("tally", "record", _tally(tmp_path, choice='"Uni\\eon"'), "--as-of", "2021-04-09T12:00:00-04:00")
        assert "choices" in line and "a control character (U+001B) at character 4" in line, line

    def test_a_line_break_in_a_one_line_field_of_a_tally_file_is_refused(self, configured_db: Path,
                                                                        tmp_path: Path) -> None:
        open_bessemer()
        line = _refused("tally", "record", _tally(tmp_path, extra='board_agent: "Jane\\nDoe"\n'),
                        "--as-of", "2021-04-09T12:00:00-04:00")
        assert "board_agent" in line and "a line break (U+000A) at character 5: this text is one line" in line, line

    def test_a_scenarios_case_name_is_refused(self, tmp_path: Path) -> None:
        from casefile.scenario import load_scenario

        text = (EXAMPLES / "bessemer-10-RC-269250.yaml").read_text(encoding="utf-8")
        file = tmp_path / "bell.yaml"
        file.write_text(text.replace('  name: "Amazon.com Services LLC"', '  name: "Amazon.com\\a Services LLC"', 1),
                        encoding="utf-8")
        with pytest.raises(InvalidScenario, match=re.escape("field 'case.name': a control character (U+0007) at "
                                                            "character 11 is not text")):
            load_scenario(file)

    @pytest.mark.parametrize("statement", ["First line.\nSecond line.", "First line.\r\nSecond line.",
                                           "Column\tafter a tab."])
    def test_a_paragraph_keeps_its_tabs_and_line_breaks(self, statement: str) -> None:
        act = parse_act({"act": "file-objections", "party": "rwdsu", "objections": [statement]})
        assert act.objections == (statement,) or list(act.objections) == [statement]

    @pytest.mark.parametrize("name", ["Acme\nInc.", "Acme\r\nInc.", "Acme\x0bInc."])
    def test_a_one_line_field_holds_no_line_break(self, name: str) -> None:
        with pytest.raises(ValidationError, match=r"at character 5"):
            parse_act({"act": "correct-party", "party": "rwdsu", "name": name, "why": "caption"})

    def test_an_api_body_is_refused_before_its_model(self) -> None:
        """The door's own check of every string of a body (keys too), whatever field it reaches."""
        from casefile.accounts.acting import InvalidAct, act_from

        with pytest.raises(InvalidAct, match=re.escape("field 'party': a control character (U+0002) at character 3")):
            act_from({"act": "file-objections", "party": "rw\x02dsu", "objections": ["Threats."]})


class TestInvisibleText:
    """Issue 17 item 5: text made of invisible characters says nothing, and a bidirectional control makes a document
    read otherwise than the record: an objection of `"\u202e\u200b"` (a right-to-left override and a zero-width
    space) through `casefile act CASE file.yaml` was stored and its PDF issued, while plain spaces were refused."""

    BIDI = ("a bidirectional text control (U+202E: it makes the text read in another order than it is stored) "
            "at character {at} is not allowed in text")

    @staticmethod
    def _act_file(tmp_path: Path, objection: str) -> str:
        import json

        file = tmp_path / "objection.json"
        file.write_text(json.dumps({"act": "file-objections", "party": "rwdsu", "at": "2021-04-16T12:00:00-04:00",
                                    "objections": ["A real objection.", objection]}), encoding="utf-8")
        return str(file)

    def test_the_trials_objection_is_refused_at_the_act_command(self, configured_db: Path, tmp_path: Path) -> None:
        carry("tally-2021")
        line = _refused("act", NUMBER, self._act_file(tmp_path, "\u202e\u200b"))
        assert self.BIDI.format(at=1) in line, line
        assert "objections" in line, line

    @pytest.mark.parametrize("blank", ["\u200b", "\u200b \u2060\ufeff", "\u3164\u00a0", "\u200d\ufe0f\u034f"])
    def test_invisible_characters_alone_are_blank(self, configured_db: Path, tmp_path: Path, blank: str) -> None:
        carry("tally-2021")
        line = _refused("act", NUMBER, self._act_file(tmp_path, blank))
        assert f"must not be blank: {BLANK}" in line, line
        line = _refused("objections", "file", NUMBER, "--party", "rwdsu", "--objection", "A real objection.",
                        "--objection", blank, "--received-at", "2021-04-16T12:00:00-04:00")
        assert line == f"error: file-objections: the 2nd --objection must not be blank: {BLANK}"

    @pytest.mark.parametrize("control", ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067",
                                         "\u2068", "\u2069"])
    def test_a_bidi_control_anywhere_is_refused(self, configured_db: Path, control: str) -> None:
        carry("tally-2021")
        line = _refused("objections", "file", NUMBER, "--party", "rwdsu", "--objection", f"Threats{control} made.",
                        "--received-at", "2021-04-16T12:00:00-04:00")
        assert f"a bidirectional text control (U+{ord(control):04X}" in line and "at character 8" in line, line

    def test_words_with_a_zero_width_joiner_or_a_direction_mark_are_text(self) -> None:
        """Not blank and not refused: a format character between letters that say something (an emoji's joiner,
        a right-to-left mark in Arabic or Hebrew text)."""
        for statement in ("Threats\u200d made.", "\u05e9\u05dc\u05d5\u05dd\u200f made."):
            act = parse_act({"act": "file-objections", "party": "rwdsu", "objections": [statement]})
            assert list(act.objections) == [statement]  # type: ignore[attr-defined]

    def test_the_api_answers_422(self, world: Any) -> None:  # noqa: F811  (the fixture)
        import warnings

        from starlette.exceptions import StarletteDeprecationWarning

        with warnings.catch_warnings():
            warnings.simplefilter("ignore", StarletteDeprecationWarning)
            from fastapi.testclient import TestClient

        from casefile.api import create_app

        for objection, says in (("\u200b\u2060", "must not be blank"), ("\u202e\u200b", "U+202E")):
            body = {"act": "file-objections", "party": "rwdsu", "objections": [objection]}
            before = default_snapshot()
            with TestClient(create_app(on_committed=lambda entry_id, as_of: None)) as client:
                answer = client.post(f"/api/v1/cases/{WORLD_NUMBER}/acts", json=body,
                                     headers=world.headers("union-counsel"))
            assert answer.status_code == 422, answer.text
            assert says in answer.json()["detail"], answer.text
            after = default_snapshot()
            assert sorted(t for t in after["tables"] if after["tables"][t] != before["tables"].get(t)) in ([],
                                                                                                           ["apitoken"])

    @pytest.mark.parametrize(("name", "says"), [
        ("\\u200B\\u2060", "field 'case.name': must not be blank: write the text"),
        ("Amazon.com\\u202E Services LLC", "field 'case.name': a bidirectional text control (U+202E"),
    ])
    def test_a_scenario_is_refused(self, tmp_path: Path, name: str, says: str) -> None:
        from casefile.scenario import load_scenario

        text = (EXAMPLES / "bessemer-10-RC-269250.yaml").read_text(encoding="utf-8")
        file = tmp_path / "invisible.yaml"
        file.write_text(text.replace('  name: "Amazon.com Services LLC"', f'  name: "{name}"', 1), encoding="utf-8")
        with pytest.raises(InvalidScenario, match=re.escape(says)):
            load_scenario(file)


class TestDatesAreNotNumbers:
    @pytest.mark.parametrize("at", [5, 1.5, "1618588800"])
    def test_an_instant_written_as_a_number_is_refused(self, at: Any) -> None:
        with pytest.raises(ValidationError, match=r"not a date|not written YYYY-MM-DD"):
            parse_act({"act": "file-objections", "party": "rwdsu", "at": at, "objections": ["An objection."]})

    def test_a_date_written_as_a_number_is_refused(self) -> None:
        with pytest.raises(ValidationError, match="is a number, not a date"):
            parse_act({"act": "file-objections", "party": "rwdsu", "date": 0, "objections": ["An objection."]})

    def test_the_api_answers_422_naming_at(self, world: Any) -> None:  # noqa: F811  (the fixture)
        """`"at": 5` in an API body was read as 1970-01-01T00:00:05Z (then refused as out of order)."""
        import warnings

        from starlette.exceptions import StarletteDeprecationWarning

        with warnings.catch_warnings():
            warnings.simplefilter("ignore", StarletteDeprecationWarning)
            from fastapi.testclient import TestClient

        from casefile.api import create_app

        body = {"act": "file-objections", "party": "rwdsu", "at": 5, "objections": ["An objection."]}
        before = default_snapshot()
        with TestClient(create_app(on_committed=lambda entry_id, as_of: None)) as client:
            answer = client.post(f"/api/v1/cases/{WORLD_NUMBER}/acts", json=body, headers=world.headers("union-counsel"))
        assert answer.status_code == 422, answer.text
        assert answer.json()["field"] == "at"
        assert "5 is a number, not a date" in answer.json()["detail"]
        after = default_snapshot()
        assert sorted(t for t in after["tables"] if after["tables"][t] != before["tables"].get(t)) in ([], ["apitoken"])


class TestTheImportSaysTheSame:
    def test_a_nul_in_an_export_cell_is_the_records_problem(self) -> None:
        """A Case Name with a NUL character was loaded as the case's name; now the record is reported, in the act
        models' words."""
        import csv
        import io

        from casefile.importers.nlrb_results import parse_nlrb_results_text

        path = Path(__file__).resolve().parents[1] / "fixtures" / "nlrb-recent-election-results-sample.csv"
        rows = list(csv.reader(path.read_text(encoding="utf-8").splitlines()))
        column = {name.strip(): i for i, name in enumerate(rows[0])}
        [row] = [list(r) for r in rows[1:] if r[column["Case Number"]] == "06-RC-311772"]
        row[column["Case Name"]] = "Acme\x00 Inc."
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerows([rows[0], row])
        parsed = parse_nlrb_results_text(out.getvalue(), source="export.csv")
        assert (parsed.records, [(p.case_number, p.reason) for p in parsed.problems]) == (
            (), [("06-RC-311772", "Case Name: a NUL character is not text")])

    @pytest.mark.parametrize(("name", "says"), [
        ("Acme\x01 Inc.", "Case Name: a control character (U+0001) at character 5 is not text"),
        ("Acme\n Inc.", "Case Name: a line break (U+000A) at character 5: this text is one line"),
    ])
    def test_a_control_character_in_an_export_cell_is_the_records_problem(self, name: str, says: str) -> None:
        """A one-line cell holding a control character or a line break was loaded; a unit description keeps its
        line breaks (the sample's have CR LF)."""
        import csv
        import io

        from casefile.importers.nlrb_results import parse_nlrb_results_text

        path = Path(__file__).resolve().parents[1] / "fixtures" / "nlrb-recent-election-results-sample.csv"
        rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"), newline="")))
        column = {name.strip(): i for i, name in enumerate(rows[0])}
        [row] = [list(r) for r in rows[1:] if r[column["Case Number"]] == "06-RC-311772"]
        unit = next(i for c, i in column.items() if c.startswith("Voting Unit"))
        row[unit] = "Included: all drivers.\r\nExcluded: guards."
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerows([rows[0], row])
        assert parse_nlrb_results_text(out.getvalue(), source="export.csv").problems == ()
        row[column["Case Name"]] = name
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerows([rows[0], row])
        parsed = parse_nlrb_results_text(out.getvalue(), source="export.csv")
        assert (parsed.records, [(p.case_number, p.reason) for p in parsed.problems]) == ((), [("06-RC-311772", says)])

    def test_a_control_character_in_a_tally_sample_cell_is_the_rows_problem(self, tmp_path: Path) -> None:
        import csv
        import io

        from casefile.importers.tallies_sample import parse_tallies_sample

        path = Path(__file__).resolve().parents[1] / "fixtures" / "tallies-sample.csv"
        rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"), newline="")))
        column = {name.strip(): i for i, name in enumerate(rows[0])}
        row = list(rows[1])
        row[column["case_name"]] = "Acme\x1b Inc."
        file = tmp_path / "tallies.csv"
        with file.open("w", encoding="utf-8", newline="") as out:
            csv.writer(out, lineterminator="\n").writerows([rows[0], row])
        parsed = parse_tallies_sample(file)
        assert [p.reason for p in parsed.problems] == ["case_name: a control character (U+001B) at character 5 is not text"]
