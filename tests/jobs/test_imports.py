"""Loading NLRB exports into the case record (SQLite and PostgreSQL): what each real record becomes,
one transaction per file, and idempotency — importing the same file twice leaves the database as it was."""

from __future__ import annotations

from collections import Counter
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, func
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from casefile.errors import CasefileError, InvalidImport
from casefile.importers.nlrb_results import parse_nlrb_results, parse_nlrb_results_text
from casefile.importers.tallies_sample import parse_tallies_sample
from casefile.jobs.imports import ImportReport, closing_stage, import_tallies
from casefile.jobs.sweep import sweep
from casefile.record.db import read_session, write_session
from casefile.record.deadline_list import open_deadlines
from casefile.record.lookups import get_case
from casefile.record.models import Case, Deadline, DocketEntry, Election, Party, Tally
from casefile.rules.offices import region_scope
from casefile.vocab import DeadlineKind, DeadlineStatus, ElectionKind, PartyRole, Stage, TallyKind
from tests.bessemer import NUMBER, TALLY_2021, open_case, record_tally
from tests.conftest import at

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
SAMPLE = FIXTURES / "nlrb-recent-election-results-sample.csv"
TALLIES = FIXTURES / "tallies-sample.csv"
AS_OF = at("2026-11-29T12:00:00-05:00")
TABLES = (Case, Party, Election, Tally, Deadline, DocketEntry)


def load(engine: Engine, path: Path = SAMPLE, *, as_of: datetime = AS_OF) -> ImportReport:
    parse = parse_tallies_sample if path.name == TALLIES.name else parse_nlrb_results
    with write_session(engine, by="operator:tests") as session:
        return import_tallies(session, parsed=parse(path), as_of=as_of)


def counts(engine: Engine) -> dict[str, int]:
    with read_session(engine) as s:
        return {m.__name__: s.exec(select(func.count()).select_from(m)).one() for m in TABLES}


def dump(engine: Engine) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table the import writes, in id order."""
    with engine.connect() as conn:
        return {m.__name__: [tuple(row) for row in conn.execute(sa_select(m.__table__).order_by(m.__table__.c.id))]
                for m in TABLES}


def case_rows(engine: Engine, number: str) -> tuple[Case, list[Party], list[Election], list[Tally], list[Deadline],
                                                    list[DocketEntry]]:
    with Session(engine) as s:
        case = get_case(s, number)
        parties = list(s.exec(select(Party).where(Party.case_id == case.id).order_by(col(Party.id))))
        elections = list(s.exec(select(Election).where(Election.case_id == case.id).order_by(col(Election.sequence))))
        ids = [e.id for e in elections]
        tallies = list(s.exec(select(Tally).where(col(Tally.election_id).in_(ids)).order_by(col(Tally.id))))
        deadlines = list(s.exec(select(Deadline).where(Deadline.case_id == case.id).order_by(col(Deadline.id))))
        docket = list(s.exec(select(DocketEntry).where(DocketEntry.case_id == case.id).order_by(col(DocketEntry.id))))
    return case, parties, elections, tallies, deadlines, docket


class TestSampleImport:
    def test_what_is_loaded(self, engine: Engine) -> None:
        """The 300-record sample loads 283 cases, elections and tallies; 17 records are listed as skipped (one of them a
        repeat loaded once), 10 disagreements reported; the readings of Total Ballots Counted are counted."""
        report = load(engine)
        assert [(x.new, x.present) for x in (report.cases, report.elections, report.tallies)] == [(283, 0)] * 3
        assert (report.records, len(report.skipped), len(report.disagreements)) == (300, 17, 10)
        # parties: 283 employers + 283 first unions + 7 second unions of two-union ballots
        assert counts(engine) == {"Case": 283, "Party": 573, "Election": 283, "Tally": 283, "Deadline": 283,
                                  "DocketEntry": 849}
        assert report.as_json()["total_readings"] == {"blank": 6, "either": 156, "valid": 102,
                                                      "valid-plus-challenged": 18, "valid-plus-void-plus-challenged": 1}

    def test_every_record_is_loaded_or_listed_with_its_reason(self, engine: Engine) -> None:
        """No record is lost: each of the 300 is a stored tally's record, or listed as skipped with its reason; what is
        still skipped is 8 UD ballots, 5 totals that fit no reading, 2 conflicting records, 1 impossible ballot and 1
        exact repeat (loaded once)."""
        report = load(engine)
        with Session(engine) as s:
            loaded = {int(source.rsplit(" ", 1)[1]) for source in s.exec(select(Tally.source))}
        skipped = {x.row for x in report.skipped}
        assert loaded | skipped == set(range(1, 301)) and not loaded & skipped
        why = Counter("UD" if "UD (deauthorization)" in x.reason else "total" if "fits no reading" in x.reason
                      else "conflict" if "none is loaded" in x.reason else "impossible" if "impossible tally" in x.reason
                      else "repeat" if x.reason.startswith("repeats record") else x.reason for x in report.skipped)
        assert why == {"UD": 8, "total": 5, "conflict": 2, "impossible": 1, "repeat": 1}

    def test_total_read_as_every_ballot_cast_is_loaded_and_said(self, engine: Engine) -> None:
        """06-RC-152983's rerun (5 for, 11 against, 1 void, 2 challenged; total 19) loads; its docket entry says the
        total was read as every ballot cast."""
        load(engine)
        _, _, (election,), (tally,), _, docket = case_rows(engine, "06-RC-152983")
        assert (election.kind, tally.valid, tally.void, tally.challenged) == (ElectionKind.RERUN, 16, 1, 2)
        assert ("Total Ballots Counted 19 read as valid votes plus void and challenged ballots (every ballot cast)."
                in docket[1].summary)

    def test_written_in_batches_the_record_is_the_same(self, engine: Engine, tmp_path: Path,
                                                        tables_template: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """The 283 cases written 7 at a time (casefile.jobs.imports.load.WRITE_BATCH: 500 in use, more than the
        sample's cases) store the same rows as all at once, chained and sealed: verify finds nothing wrong."""
        import shutil

        from casefile.jobs.imports import load as loading
        from casefile.record.db import make_engine
        from casefile.record.integrity import verify

        load(engine)
        whole = dump(engine)
        shutil.copy(tables_template, tmp_path / "batched.db")
        batched = make_engine(f"sqlite:///{tmp_path / 'batched.db'}")
        try:
            monkeypatch.setattr(loading, "WRITE_BATCH", 7)
            report = load(batched)
            assert [(x.new, x.present) for x in (report.cases, report.elections, report.tallies)] == [(283, 0)] * 3
            hashes = [i for i, c in enumerate(DocketEntry.__table__.columns) if c.name in ("prev_hash", "chain_hash")]

            def unkeyed(rows: dict[str, list[tuple[Any, ...]]]) -> dict[str, list[tuple[Any, ...]]]:
                """The rows without the docket's hashes: HMACs under each database's own instance key."""
                return {t: [tuple(v for i, v in enumerate(r) if t != "DocketEntry" or i not in hashes) for r in rs]
                        for t, rs in rows.items()}

            assert unkeyed(dump(batched)) == unkeyed(whole)  # the seals (every row's digest) included
            with read_session(batched) as s:
                assert verify(s, output_dir=tmp_path / "out").ok
        finally:
            batched.dispose()

    def test_importing_twice_changes_nothing(self, engine: Engine) -> None:
        """A second import of the same file (later as_of) finds everything present: every table holds the same rows."""
        first = load(engine)
        before = dump(engine)
        again = load(engine, as_of=at("2026-12-01T09:00:00-05:00"))
        assert dump(engine) == before
        assert [(x.new, x.present) for x in (again.cases, again.elections, again.tallies)] == [(0, 283)] * 3
        assert again.skipped == first.skipped and again.disagreements == first.disagreements

    def test_closed_case(self, engine: Engine) -> None:
        """06-RC-311772 (record 1): employer and petitioner from the row, election closed, tally computed, clock mooted."""
        load(engine)
        case, parties, elections, tallies, deadlines, docket = case_rows(engine, "06-RC-311772")
        assert (case.name, case.region, case.office_key, case.agreement) == ("48forty Solutions, LLC.", "06",
                                                                             "06-pittsburgh", None)
        assert (case.petition_filed_on, case.rule_set_id, case.created_at) == (date(2023, 2, 7), "2019-text", AS_OF)
        assert "NLRB status in the export: Closed; closed 2023-04-07: Certification of Results." in case.notes
        assert case.unit_description.startswith("All full-time and part-time CDL Driver")
        assert [(p.key, p.role, p.name) for p in parties] == [
            ("employer", PartyRole.EMPLOYER, "48forty Solutions, LLC."),
            ("union-1", PartyRole.PETITIONER, "General Teamsters, Chauffeurs and Helpers Local Union 249")]
        (election,) = elections
        assert (election.sequence, election.kind, election.unit_id, election.stage) == (1, ElectionKind.INITIAL, "A",
                                                                                           Stage.CLOSED)
        (tally,) = tallies
        assert (tally.kind, tally.prepared_on, tally.votes, tally.against, tally.challenged) == (
            TallyKind.INITIAL, date(2023, 3, 30), [["General Teamsters, Chauffeurs and Helpers Local Union 249", 2]], 9, 2)
        assert (tally.valid, tally.valid_plus_challenged, tally.determinative, tally.outcome) == (11, 13, False, "RESULTS")
        assert tally.source == "NLRB Recent Election Results export, record 1"
        (deadline,) = deadlines
        assert (deadline.kind, deadline.trigger_on, deadline.due_on, deadline.status) == (
            DeadlineKind.OBJECTIONS, date(2023, 3, 30), date(2023, 4, 6), DeadlineStatus.MOOTED)
        assert [(e.act, e.act_key, e.occurred_on, e.to_stage) for e in docket] == [
            ("import-case", "import:case", date(2023, 2, 7), None),
            ("import-tally", "import:A:initial:2023-03-30", date(2023, 3, 30), Stage.CLOSED),
            ("import-case-closed", "import:closed:2023-04-07", date(2023, 4, 7), None)]

    @pytest.mark.parametrize(("number", "stage"), [
        pytest.param("04-RC-122827", Stage.WITHDRAWN, id="withdrawal-non-adjusted"),
        pytest.param("04-RC-305836", Stage.CLOSED, id="certification-of-representative"),
    ])
    def test_stage_from_reason_closed(self, engine: Engine, number: str, stage: Stage) -> None:
        """A closed case's last election takes its stage from Reason Closed (withdrawal: withdrawn; certification: closed)."""
        load(engine)
        assert case_rows(engine, number)[2][0].stage is stage

    def test_revised_tally_without_its_original(self, engine: Engine) -> None:
        """06-RC-281254's revised tally (UE 83, against 1, 31 challenged) makes its initial election and revises nothing known."""
        load(engine)
        _, _, (election,), (tally,), (deadline,), _ = case_rows(engine, "06-RC-281254")
        assert (election.kind, tally.kind, tally.revises_id, tally.challenged, tally.outcome) == (
            ElectionKind.INITIAL, TallyKind.REVISED, None, 31, "REP")
        assert (deadline.kind, deadline.due_on) == (DeadlineKind.REVISED_TALLY_OBJECTIONS, date(2022, 8, 4))

    def test_runoff_without_its_first_election(self, engine: Engine) -> None:
        """06-RC-228976's runoff (Teamsters 38, Local 298 8) is election 1: the first election is not in the file."""
        load(engine)
        _, parties, (election,), (tally,), _, _ = case_rows(engine, "06-RC-228976")
        assert (election.kind, election.follows_id, election.against_on_ballot) == (ElectionKind.RUNOFF, None, False)
        assert election.reason == "Runoff election (102.70) of unit A; the earlier election is not in the imported data"
        assert (tally.runoff_ballot, tally.against, tally.outcome) == (True, None, "REP")
        assert [p.role for p in parties] == [PartyRole.EMPLOYER, PartyRole.PETITIONER, PartyRole.INTERVENOR]

    def test_skipped_rows_are_not_loaded(self, engine: Engine) -> None:
        """UD cases, rows that fit no reading and the conflicting 06-RD-079436 rows are not in the database."""
        report = load(engine)
        skipped = {s.case_number for s in report.skipped if not s.reason.startswith("repeats")}
        with Session(engine) as s:
            stored = set(s.exec(select(Case.number)))
        assert {"04-UD-126237", "04-RC-153697", "06-RD-079436", "06-RC-012576"} <= skipped
        assert not skipped & stored
        assert "04-RC-021786" in stored  # its repeated row (record 217) is skipped, record 216 loaded

    def test_corrupt_row_reported_rest_loaded(self, engine: Engine) -> None:
        """Record 1 with 'nine' votes against is reported; the other 282 cases load."""
        text = SAMPLE.read_text(encoding="utf-8").replace(
            '"General Teamsters, Chauffeurs and Helpers Local Union 249",2,,,,,9,11,',
            '"General Teamsters, Chauffeurs and Helpers Local Union 249",2,,,,,nine,11,')
        with write_session(engine, by="operator:tests") as session:
            report = import_tallies(session, parsed=parse_nlrb_results_text(text, source="corrupt.csv"), as_of=AS_OF)
        assert report.skipped[0].row == 1 and report.skipped[0].reason.startswith("Votes Against: 'nine' is not a count")
        assert report.cases.new == 282 and counts(engine)["Case"] == 282

    def test_not_the_export_loads_nothing(self, engine: Engine) -> None:
        """Giving the normalized tallies file to the NLRB importer raises InvalidImport and stores nothing."""
        with pytest.raises(InvalidImport), write_session(engine, by="operator:tests") as session:
            import_tallies(session, parsed=parse_nlrb_results(TALLIES), as_of=AS_OF)
        assert set(counts(engine).values()) == {0}

    def test_naive_as_of_refused(self, engine: Engine) -> None:
        """An import without a time zone on as_of is refused before anything is written."""
        with pytest.raises(CasefileError, match="timezone-aware"), write_session(engine, by="operator:tests") as session:
            import_tallies(session, parsed=parse_nlrb_results(SAMPLE), as_of=datetime(2026, 11, 29, 12))  # noqa: DTZ001  (naive on purpose: refused)
        assert counts(engine)["Case"] == 0


class TestTransfersAndMergedRegions:
    """The export's Region column lists the Region handling the case now; it is recorded, never refused (issue 10)."""

    def _load_with(self, engine: Engine, old: str, new: str) -> ImportReport:
        text = SAMPLE.read_text(encoding="utf-8")
        assert text.count(old) == 1, old
        with write_session(engine, by="operator:tests") as session:
            return import_tallies(session, parsed=parse_nlrb_results_text(text.replace(old, new), source="moved.csv"),
                                  as_of=AS_OF)

    def test_transferred_case_is_recorded_with_its_new_region(self, engine: Engine) -> None:
        """48forty (06-RC-311772) listed under "Region 08, Cleveland, Ohio": loaded with the Cleveland office, Region 08,
        and a note that it was transferred; no record is refused."""
        report = self._load_with(engine, '"Region 06, Pittsburgh, Pennsylvania",06-RC-311772',
                                 '"Region 08, Cleveland, Ohio",06-RC-311772')
        assert report.cases.new == 283
        case = case_rows(engine, "06-RC-311772")[0]
        assert (case.region, case.office_key) == ("08", "08-cleveland")
        assert any(note.startswith("Transferred: the case number names Region 06, the export lists it under Region 08, "
                                   "Cleveland") for note in case.notes)
        assert case.office_key in region_scope("08").office_keys and case.office_key not in region_scope("06").office_keys
        assert not [x for x in report.skipped if x.case_number == "06-RC-311772"]

    def test_case_numbered_for_region_24_is_region_12s_san_juan_office(self, engine: Engine) -> None:
        """A case numbered 24-RC-… listed under "Region 12, Tampa, Florida" is recorded with the San Juan office, Region 12."""
        self._load_with(engine, '"Region 06, Pittsburgh, Pennsylvania",06-RC-311772',
                        '"Region 12, Tampa, Florida",24-RC-311772')
        case = case_rows(engine, "24-RC-311772")[0]
        assert (case.region, case.office_key) == ("12", "12-san-juan")
        assert any("former Region 24" in note for note in case.notes)


class TestTalliesSampleImport:
    def test_rerun_chain(self, engine: Engine) -> None:
        """02-RC-212086: the initial election (3-3) is rerun-directed, the rerun (4-7) follows it and is closed."""
        load(engine, TALLIES)
        _, _, (first, rerun), tallies, deadlines, _ = case_rows(engine, "02-RC-212086")
        assert (first.sequence, first.kind, first.stage) == (1, ElectionKind.INITIAL, Stage.RERUN_DIRECTED)
        assert (rerun.sequence, rerun.kind, rerun.follows_id, rerun.stage) == (2, ElectionKind.RERUN, first.id, Stage.CLOSED)
        assert [(t.kind, t.outcome) for t in tallies] == [(TallyKind.INITIAL, "RESULTS"), (TallyKind.RERUN, "RESULTS")]
        assert {d.status for d in deadlines} == {DeadlineStatus.MOOTED}

    def test_revised_tally_revises_the_initial(self, engine: Engine) -> None:
        """08-RC-206670: the revised tally of 2017-10-26 joins election 1 and points to the initial tally it revises."""
        load(engine, TALLIES)
        _, _, (election,), (initial, revised), _, docket = case_rows(engine, "08-RC-206670")
        assert (initial.kind, revised.kind, revised.revises_id, revised.election_id) == (
            TallyKind.INITIAL, TallyKind.REVISED, initial.id, election.id)
        assert (initial.challenged, revised.challenged) == (4, 1)
        assert "revises the tally of 2017-10-16" in docket[2].summary

    def test_open_case_clock_runs_and_sweep_moves_it(self, engine: Engine) -> None:
        """16-RC-281918 is open: its objections period (due 2021-10-22) shows as running; after it the sweep sends the
        election to challenge investigation (IUOE 8, against 7, 1 challenged: determinative)."""
        load(engine, TALLIES)
        with read_session(engine) as s:
            running = open_deadlines(s, as_of=at("2021-10-18T09:00:00-05:00"), case_number="16-RC-281918")
        assert [(d.kind, d.due_on, d.status) for d in running] == [("objections", date(2021, 10, 22), "open")]
        with write_session(engine, by="operator:tests") as s:
            sweep(s, as_of=at("2021-10-25T09:00:00-05:00"), case_id=get_case(s, "16-RC-281918").id)
        assert case_rows(engine, "16-RC-281918")[2][0].stage is Stage.CHALLENGE_INVESTIGATION

    def test_open_case_after_revised_tally(self, engine: Engine) -> None:
        """27-RC-268059 is open after its revised tally: the election waits at revised-tally-issued."""
        load(engine, TALLIES)
        _, _, (election,), tallies, deadlines, _ = case_rows(engine, "27-RC-268059")
        assert election.stage is Stage.REVISED_TALLY_ISSUED
        assert [(d.kind, d.due_on, d.status) for d in deadlines] == [
            (DeadlineKind.OBJECTIONS, date(2020, 12, 29), DeadlineStatus.OPEN),  # EO closure 12-24, Christmas
            (DeadlineKind.REVISED_TALLY_OBJECTIONS, date(2021, 5, 28), DeadlineStatus.OPEN)]
        assert tallies[1].revises_id == tallies[0].id

    def test_tally_already_recorded_is_present(self, engine: Engine) -> None:
        """Bessemer's 2021 tally recorded through record_tally is found present by the import: no second election."""
        with write_session(engine, by="operator:tests") as s:
            open_case(s, as_of=at("2021-04-09T12:00:00-04:00"))
            record_tally(s, TALLY_2021, as_of=at("2021-04-09T12:00:00-04:00"))
        report = load(engine, TALLIES)
        case, parties, elections, tallies, _, _ = case_rows(engine, NUMBER)
        assert (len(elections), len(tallies), [p.key for p in parties]) == (1, 1, ["amazon", "rwdsu"])
        assert (report.cases.present, report.tallies.present) == (1, 1)
        assert case.agreement is not None  # the stored case is not changed

    def test_later_file_adds_the_rerun(self, engine: Engine, tmp_path: Path) -> None:
        """A file with only 02-RC-212086's initial tally, then the full file: the rerun is added as election 2 following
        election 1, whose stage (set by the first import) is left alone."""
        lines = TALLIES.read_text(encoding="utf-8").splitlines(keepends=True)
        path = tmp_path / "initial-only.csv"
        path.write_text("".join(lines[:1] + [x for x in lines if x.startswith("02-RC-212086,") and ",initial," in x]),
                        encoding="utf-8")
        with write_session(engine, by="operator:tests") as session:
            import_tallies(session, parsed=parse_tallies_sample(path), as_of=AS_OF)
        report = load(engine, TALLIES)
        _, _, (first, rerun), _, _, _ = case_rows(engine, "02-RC-212086")
        assert (first.stage, rerun.follows_id, rerun.sequence) == (Stage.CLOSED, first.id, 2)
        assert (report.cases.present, report.elections.present, report.tallies.present) == (1, 1, 1)


class TestClosingStage:
    @pytest.mark.parametrize(("status", "reason", "revised", "stage"), [
        pytest.param("Closed", "Certific. of Representative", False, Stage.CLOSED, id="certified"),
        pytest.param("Closed", "Certification of Results", False, Stage.CLOSED, id="results"),
        pytest.param("Closed", "Withdrawal Non-adjusted", False, Stage.WITHDRAWN, id="withdrawn"),
        pytest.param("Closed", "Dismissal Adjusted", False, Stage.DISMISSED, id="dismissed"),
        pytest.param("Open", "", False, Stage.TALLY_ISSUED, id="open"),
        pytest.param("Open", "", True, Stage.REVISED_TALLY_ISSUED, id="open-after-revised-tally"),
    ])
    def test_mapping(self, status: str, reason: str, revised: bool, stage: Stage) -> None:
        """The stage of a unit's last imported election follows the case's Status and Reason Closed."""
        assert closing_stage(status, reason, date(2023, 4, 7), revised=revised)[0] is stage
