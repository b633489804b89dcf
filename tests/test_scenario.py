"""Scenario files: the Bessemer example validates; a wrong field is refused naming the file and the event."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from casefile.acts.file_objections import FileObjections
from casefile.acts.record_tally import RecordTally
from casefile.errors import InvalidScenario
from casefile.scenario import load_scenario

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
BESSEMER = EXAMPLES / "bessemer-10-RC-269250.yaml"


class TestBessemerScenario:
    def test_real_figures_and_dates(self) -> None:
        """The example carries the real tallies (5,867/76/738/1,798/505 and 6,153/59/875/993/416) and dates."""
        scenario = load_scenario(BESSEMER)
        tallies = [e for e in scenario.events if isinstance(e, RecordTally)]
        first, rerun = tallies
        assert (first.on, first.eligible, first.void, first.against, first.challenged) == (date(2021, 4, 9), 5867, 76, 1798, 505)
        assert list(first.choices.values()) == [738]
        assert (rerun.on, rerun.eligible, rerun.void, rerun.against, rerun.challenged) == (date(2022, 3, 31), 6153, 59, 993, 416)
        assert list(rerun.choices.values()) == [875]
        objections = [e for e in scenario.events if isinstance(e, FileObjections)]
        assert [(e.on, e.party, len(e.objections)) for e in objections] == [
            (date(2021, 4, 16), "rwdsu", 23), (date(2022, 4, 7), "rwdsu", 21), (date(2022, 4, 7), "amazon", 8)]
        assert [e.act for e in scenario.events][-1] == "alj-decision"


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "case.yaml"
    path.write_text(text, encoding="utf-8")
    return path


class TestRefusedScenarios:
    def test_wrong_field_names_file_and_event(self, tmp_path: Path) -> None:
        """An objection event with `objection:` instead of `objections:` is refused naming file, event 2, act, date and field."""
        text = BESSEMER.read_text(encoding="utf-8").replace("    objections:\n      - \"Collection box", "    objection:\n      - \"Collection box", 1)
        path = _write(tmp_path, text)
        with pytest.raises(InvalidScenario) as err:
            load_scenario(path)
        message = str(err.value)
        assert message.startswith(f"{path}: event 2 (file-objections, dated 2021-04-16): field ")
        assert "objection" in message

    def test_unknown_act(self, tmp_path: Path) -> None:
        """An event whose act is not one casefile knows is refused naming the event."""
        text = BESSEMER.read_text(encoding="utf-8").replace("act: open-hearing", "act: open-the-hearing")
        with pytest.raises(InvalidScenario) as err:
            load_scenario(_write(tmp_path, text))
        assert "event 4 (open-the-hearing, dated 2021-05-07)" in str(err.value)
        assert "open-hearing" in str(err.value)  # the known acts are listed

    def test_events_out_of_order(self, tmp_path: Path) -> None:
        """An event dated before the one before it is refused."""
        text = BESSEMER.read_text(encoding="utf-8").replace("  - date: 2021-05-07", "  - date: 2021-04-01")
        with pytest.raises(InvalidScenario) as err:
            load_scenario(_write(tmp_path, text))
        assert "event 4 (open-hearing) is dated 2021-04-01 before the event before it (2021-04-26)" in str(err.value)

    def test_not_yaml_mapping_and_wrong_version(self, tmp_path: Path) -> None:
        """A file that is not a scenario, or of another format version, is refused with the file's name."""
        with pytest.raises(InvalidScenario, match="casefile-scenario must be 1"):
            load_scenario(_write(tmp_path, "casefile-scenario: 2\n"))
        with pytest.raises(InvalidScenario, match="is a mapping"):
            load_scenario(_write(tmp_path, "- just a list\n"))


class TestStrictReading:
    def test_octal_looking_count_is_refused_not_read_as_37(self, tmp_path: Path) -> None:
        """`challenged: 045` is not the octal 37: it is refused, naming the event and the field."""
        text = BESSEMER.read_text(encoding="utf-8").replace("challenged: 505", "challenged: 045", 1)
        with pytest.raises(InvalidScenario) as err:
            load_scenario(_write(tmp_path, text))
        assert "event 1 (record-tally, dated 2021-04-09)" in str(err.value) and "challenged" in str(err.value)

    def test_duplicate_key_is_refused_with_its_line(self, tmp_path: Path) -> None:
        """A key given twice in one event is an error naming the key (YAML 1.1 readers keep the last)."""
        text = BESSEMER.read_text(encoding="utf-8").replace("    void: 76\n", "    void: 76\n    void: 77\n", 1)
        assert "void: 77" in text
        with pytest.raises(InvalidScenario, match="void"):
            load_scenario(_write(tmp_path, text))

    def test_an_event_without_a_date_is_refused(self, tmp_path: Path) -> None:
        """Every event of a scenario is dated (the replay orders and times acts by it)."""
        text = BESSEMER.read_text(encoding="utf-8").replace("  - date: 2021-05-07\n", "  -\n", 1)
        with pytest.raises(InvalidScenario, match="dated"):
            load_scenario(_write(tmp_path, text))


class TestFilesOfAScenario:
    """A scenario file is the local operator's: an event's file (attach-document's ``file``) is named by its
    path next to the scenario, read as an upload when the file is loaded (the act carries its bytes)."""

    def _with_attachment(self, tmp_path: Path, file: str) -> Path:
        text = BESSEMER.read_text(encoding="utf-8")
        marker = "  - date: 2021-04-16\n    act: file-objections\n"
        head, _, tail = text.partition(marker)
        event = f"  - act: attach-document\n    date: 2021-04-09\n    to: docket:2\n    file: {file}\n"
        return _write(tmp_path, head + event + marker + tail)

    def test_the_file_beside_the_scenario_is_carried_with_its_event(self, tmp_path: Path) -> None:
        import hashlib

        from pypdf import PdfWriter

        writer = PdfWriter()
        writer.add_blank_page(612, 792)
        with (tmp_path / "tally as issued.pdf").open("wb") as handle:
            writer.write(handle)
        scenario = load_scenario(self._with_attachment(tmp_path, '"tally as issued.pdf"'))
        [(index, event)] = [(i, e) for i, e in enumerate(scenario.events) if e.act == "attach-document"]
        sha = hashlib.sha256((tmp_path / "tally as issued.pdf").read_bytes()).hexdigest()
        assert event.file == f"sha256:{sha}"
        carried = scenario.uploads(index)
        assert carried is not None and carried.files["file"].original_name == "tally as issued.pdf"

    def test_a_missing_file_is_refused_naming_the_event(self, tmp_path: Path) -> None:
        with pytest.raises(InvalidScenario) as err:
            load_scenario(self._with_attachment(tmp_path, "missing.pdf"))
        assert "(attach-document, dated 2021-04-09): field 'file': " in str(err.value)
        assert "missing.pdf is not a file" in str(err.value)


def test_a_scenario_with_a_digit_dropped_from_its_number_opens_no_case(configured_db: Path, tmp_path: Path) -> None:
    """Bessemer's scenario with "10-RC-26925" (its petition of 2020): the replay is refused naming the file and the
    number's form (new user's trial F27), and no case is stored."""
    from sqlalchemy import text

    from casefile.record.db import get_engine
    from casefile.scenario import replay

    short = tmp_path / "short.yaml"
    short.write_text(BESSEMER.read_text(encoding="utf-8").replace("10-RC-269250", "10-RC-26925"), encoding="utf-8")
    from tests.acts.snapshot import default_snapshot

    before = default_snapshot()
    with pytest.raises(InvalidScenario, match=r"short\.yaml: field 'case\.number': the case cannot be opened: 10-RC-26925: "
                                              r"its serial number 26925 has 5 digits, not 6"):
        replay(short, through_prefect=False)
    with get_engine().connect() as conn:
        assert conn.execute(text('SELECT COUNT(*) FROM "case"')).scalar_one() == 0
    assert default_snapshot() == before


def test_a_replayed_tally_beyond_its_eligible_voters_is_refused_and_stores_it_not(configured_db: Path,
                                                                                  tmp_path: Path) -> None:
    """Bessemer's first tally (738 + 1,798 valid, 76 void) with its eligible voters typed 1,000 instead of 5,867: the
    event is refused by the rule (turnout_refusal), naming the event and the counts; no election, tally, deadline or
    document is stored (the case, opened before the event, stays: the replay goes on from event 1 once corrected)."""
    from casefile.scenario import replay
    from tests.acts.snapshot import default_snapshot

    typo = tmp_path / "typo.yaml"
    typo.write_text(BESSEMER.read_text(encoding="utf-8").replace("eligible: 5867", "eligible: 1000", 1), encoding="utf-8")
    with pytest.raises(InvalidScenario, match=r"typo\.yaml: event 1 \(record-tally, dated 2021-04-09\) refused: line 1 "
                                              r"\(eligible voters\): 2,612 ballots were counted unchallenged"):
        replay(typo, through_prefect=False)
    after = default_snapshot()
    assert [after["tables"][t] for t in ("election", "tally", "deadline")] == [[], [], []]
    assert after["files"] == {}
    assert len(after["tables"]["docketentry"]) == 1  # the opening of the case
