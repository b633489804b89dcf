"""A database made by the 5c710bb release (the last without migrations) is refused until
`casefile db upgrade`, which backs it up and upgrades it keeping every row; `casefile serve` refuses
it too. The fixture (tests/fixtures/casefile-5c710bb.db, made by make-5c710bb-db.sh): the Bessemer,
Starbucks and Trinity replays, the 300-record NLRB sample and a person with a mailtos:// channel."""

from __future__ import annotations

import json
import shutil
import sqlite3
import stat
import sys
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from sqlmodel import Session, select

from casefile.cli import main
from casefile.errors import ConfigurationError
from casefile.record import migrate
from casefile.record.db import get_engine, make_engine
from casefile.settings import get_settings
from tests.migrations.conftest import FIXTURE_5C710BB

#: Rows per table in the fixture, as the 5c710bb release left them.
ROWS_5C710BB = {
    "case": 285, "certification": 1, "challengedballot": 7, "deadline": 309, "decision": 3, "docketentry": 897,
    "document": 23, "election": 287, "filing": 8, "hearing": 2, "objection": 53, "party": 578, "person": 1,
    "remindersent": 0, "tally": 288,
}
BESSEMER = "10-RC-269250"
MAILTOS = "mailtos://user:pass@smtp.example.org?to=me@example.org"


def opened_urls(stored: list[str], database: Path) -> list[str]:
    """Notification URLs as entered: the revision docket_chain encrypts them with the instance's key
    (the key file next to the database); ones not sealed are returned as they are."""
    from casefile.channels import is_sealed, open_url
    from casefile.record.secret_key import instance_keys

    if not any(is_sealed(u) for u in stored):
        return stored
    key = instance_keys(f"sqlite:///{database}").encryption
    return [open_url(u, key) if is_sealed(u) else u for u in stored]


#: (table, column) -> how to read back the 5c710bb value of a column that a revision rewrites, from
#: the raw stored value and the database file (a revision that rewrites data in a baseline column
#: declares it here; every other value must come out of the upgrade unchanged).
def noted(table: str) -> Callable[[Any, Path, int], Any]:
    """How revision facts_not_prose's split note reads back as the 5c710bb note: the note, then
    "UNCERTAIN: " and the row's ``uncertain`` (as casefile wrote them before the field existed)."""
    def note(raw: Any, db: Path, row_id: int) -> Any:
        conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        try:
            if "uncertain" not in {c[1] for c in conn.execute(f'PRAGMA table_info("{table}")')}:
                return raw
            (uncertain,) = conn.execute(f'SELECT uncertain FROM "{table}" WHERE id = ?', (row_id,)).fetchone()
        finally:
            conn.close()
        return ((f"{raw} " if raw else "") + f"UNCERTAIN: {uncertain}") if uncertain else raw
    return note


TRANSFORMED: dict[tuple[str, str], Callable[[Any, Path, int], Any]] = {
    ("person", "notify_urls"): lambda raw, db, _id: json.dumps(opened_urls(json.loads(raw), db)),
    **{(table, "note"): noted(table) for table in ("filing", "hearing", "decision")},
    ("deadline", "citation"): lambda raw, db, row_id: cited(raw, db, row_id),
    ("deadline", "for_whom"): lambda raw, db, row_id: offer_for_whom(raw, db, row_id),
    ("filing", "deadline_id"): lambda raw, db, _id: shared_offer_period(raw, db),
}


def offer_for_whom(raw: Any, db: Path, row_id: int) -> Any:
    """How revision offer_per_party's party of an offer-of-proof period reads back as the 5c710bb one: every
    offer-of-proof period was the "objecting party"'s (the revision makes each objecting party's its own)."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        (kind,) = conn.execute('SELECT kind FROM "deadline" WHERE id = ?', (row_id,)).fetchone()
    finally:
        conn.close()
    return "objecting party" if kind == "OFFER_OF_PROOF" else raw


def shared_offer_period(raw: Any, db: Path) -> Any:
    """How revision offer_per_party's own offer-of-proof period of a filing reads back as the 5c710bb one: the
    election's first period of that kind and tally (the one all its objecting parties shared)."""
    if raw is None:
        return raw
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        kind, election_id, trigger_on = conn.execute('SELECT kind, election_id, trigger_on FROM "deadline" WHERE id = ?',
                                                     (raw,)).fetchone()
        if kind != "OFFER_OF_PROOF":
            return raw
        (first,) = conn.execute('SELECT min(id) FROM "deadline" WHERE kind = ? AND election_id = ? AND trigger_on = ?',
                                (kind, election_id, trigger_on)).fetchone()
    finally:
        conn.close()
    return first


def cited(raw: Any, db: Path, row_id: int) -> Any:
    """How revision facts_not_prose's split citation reads back as the 5c710bb citation: the law, then
    "; rules.md " and the deadline's ``rules``."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        if "rules" not in {c[1] for c in conn.execute('PRAGMA table_info("deadline")')}:
            return raw
        (rules,) = conn.execute('SELECT rules FROM "deadline" WHERE id = ?', (row_id,)).fetchone()
    finally:
        conn.close()
    entries = json.loads(rules) if rules else []
    return f"{raw}; rules.md {', '.join(entries)}" if entries else raw
#: Baseline columns a revision moved to another table and dropped (checked where they went by
#: TestUpgrade.test_representatives_and_service_are_carried_over), and tables a revision adds rows
#: to (their baseline rows must be unchanged, in id order, followed by the new ones).
MOVED: frozenset[tuple[str, str]] = frozenset({
    ("party", "representative"), ("party", "email"), ("party", "address"),  # -> person (revision people_service)
    ("filing", "served_on"),  # -> servicerecord (revision people_service)
    ("deadline", "trigger"),  # -> trigger_kind (revision trigger_ruling_facts)
    ("challengedballot", "ruling"),  # -> ruled_by and reason (revision trigger_ruling_facts)
})
GROWN: frozenset[str] = frozenset({"person",  # the representatives become counsel (revision people_service)
                                    "deadline"})  # each objecting party's offer of proof its own (revision offer_per_party)


def baseline_rows(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every baseline table, baseline columns only, in id order, as stored (raw SQLite values)."""
    columns = migrate._baseline_columns()
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = {}
        for table, names in sorted(columns.items()):
            ordered = sorted(n for n in names if (table, n) not in MOVED)
            found = db.execute(f'SELECT {", ".join(chr(34) + n + chr(34) for n in ordered)} FROM "{table}" ORDER BY id').fetchall()
            rows[table] = [tuple(TRANSFORMED.get((table, n), lambda v, _db, _id: v)(v, path, row[ordered.index("id")])
                                 for n, v in zip(ordered, row, strict=True)) for row in found]
        return rows
    finally:
        db.close()


def kept(after: dict[str, list[tuple[Any, ...]]], before: dict[str, list[tuple[Any, ...]]]) -> dict[str, list[tuple[Any, ...]]]:
    """``after`` less the rows a revision added to a GROWN table (after the baseline's rows)."""
    return {t: rows[:len(before.get(t, []))] if t in GROWN else rows for t, rows in after.items()}


@pytest.fixture
def old_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the fixture, named by CASEFILE_DATABASE_URL (output in the temp folder; cwd there too)."""
    path = tmp_path / "db" / "casefile.db"
    path.parent.mkdir()
    shutil.copyfile(FIXTURE_5C710BB, path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CASEFILE_DATABASE_URL", f"sqlite:///{path}")
    monkeypatch.setenv("CASEFILE_OUTPUT_DIR", str(tmp_path / "out"))
    monkeypatch.setenv("COLUMNS", "200")
    get_settings.cache_clear()
    get_engine.cache_clear()
    yield path
    get_engine.cache_clear()
    get_settings.cache_clear()


def cli(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run ``casefile ARGS`` in this process; its exit code, stdout and stderr."""
    monkeypatch.setattr(sys, "argv", ["casefile", *args])
    with pytest.raises(SystemExit) as exited:
        main()
    out = capsys.readouterr()
    code = exited.value.code
    return (code if isinstance(code, int) else 1), out.out, out.err


class TestTheFixture:
    def test_it_is_what_the_5c710bb_release_made(self, tmp_path: Path) -> None:
        """The fixture has no version table, the rows counted above, and exactly the tables, columns,
        constraints and indexes (the same SQL, statement by statement) that the baseline creates."""
        fixture = sqlite3.connect(f"file:{FIXTURE_5C710BB}?mode=ro", uri=True)
        made = tmp_path / "baseline.db"
        engine = make_engine(f"sqlite:///{made}")
        migrate.upgrade(engine, migrate.BASELINE)
        engine.dispose()
        baseline = sqlite3.connect(made)
        query = "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE '%casefile_alembic_version%' ORDER BY name"
        try:
            assert {name for (name,) in fixture.execute("SELECT name FROM sqlite_master WHERE type = 'table'")} == set(ROWS_5C710BB)
            assert {t: fixture.execute(f'SELECT count(*) FROM "{t}"').fetchone()[0] for t in ROWS_5C710BB} == ROWS_5C710BB
            statements = fixture.execute(query).fetchall()
            assert len(statements) == 15 + 24 + 9  # tables, ix_* indexes, autoindexes of unique constraints
            assert statements == baseline.execute(query).fetchall()
        finally:
            fixture.close()
            baseline.close()


class TestRefusedUntilUpgraded:
    def test_get_engine_refuses_it_with_the_command(self, old_db: Path) -> None:
        """Any command's engine refuses the pre-migrations database, naming it and `casefile db upgrade`; nothing is changed."""
        before = baseline_rows(old_db)
        with pytest.raises(ConfigurationError) as refused:
            get_engine()
        message = str(refused.value)
        assert f"sqlite:///{old_db}" in message
        assert "made before casefile had migrations" in message and "baseline_5c710bb" in message
        assert "run `casefile db upgrade`" in message
        assert baseline_rows(old_db) == before

    def test_a_command_exits_2_with_one_line(self, old_db: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
        """`casefile deadlines` on the old database: exit 2, one line naming the command, no traceback."""
        code, _out, err = cli(monkeypatch, capsys, "deadlines")
        assert code == 2
        assert err.startswith("error: CASEFILE_DATABASE_URL: the database") and "`casefile db upgrade`" in err
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err

    def test_serve_refuses_to_start(self, old_db: Path, monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
        """`casefile serve` refuses the old schema with the command to run, before any Prefect server starts."""
        monkeypatch.setenv("PREFECT_LOGGING_LEVEL", "CRITICAL")  # serve sets a default; keep the test's environment
        monkeypatch.delenv("PREFECT_API_URL", raising=False)
        code, _out, err = cli(monkeypatch, capsys, "serve")
        assert code == 2
        assert "`casefile db upgrade`" in err and "made before casefile had migrations" in err
        assert not (old_db.parent.parent / ".casefile" / "prefect-server").exists()

    def test_status_says_what_an_upgrade_does(self, old_db: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
        """`casefile db status`: no revision (made before migrations, taken as the baseline), the head, what is pending."""
        code, out, _err = cli(monkeypatch, capsys, "db", "status")
        assert code == 0
        lines = out.splitlines()
        assert lines[0] == f"database: sqlite:///{old_db}"
        assert lines[1] == "current:  none (made before migrations, by the 5c710bb release; taken as baseline_5c710bb)"
        assert lines[2] == f"head:     {migrate.head()}"
        pending = migrate.revisions_after(migrate.BASELINE)
        assert lines[3] == f"pending:  {len(pending) or 'none'}"
        assert lines[-1] == "run `casefile db upgrade` (it backs the database up first)"


class TestUpgrade:
    def test_db_upgrade_backs_up_then_keeps_every_row(self, old_db: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
        """`casefile db upgrade`: a 0600 online backup next to the database holding every row, then the
        database at head with every row of every table as the 5c710bb release stored it."""
        before = baseline_rows(old_db)
        assert {t: len(r) for t, r in before.items()} == ROWS_5C710BB
        code, out, _err = cli(monkeypatch, capsys, "db", "upgrade")
        assert code == 0, out
        backups = sorted(old_db.parent.glob("casefile-backup-*.db"))
        assert len(backups) == 1 and f"backed up to {backups[0]}" in out
        assert stat.S_IMODE(backups[0].stat().st_mode) == 0o600
        assert baseline_rows(backups[0]) == before
        assert f"upgraded from none (made before migrations; taken as baseline_5c710bb) to {migrate.head()}" in out

        assert kept(baseline_rows(old_db), before) == before
        engine = get_engine()  # accepted now
        with engine.connect() as conn:
            assert conn.execute(text(f"SELECT version_num FROM {migrate.VERSION_TABLE}")).scalar_one() == migrate.head()
            assert conn.exec_driver_sql("PRAGMA foreign_key_check").all() == []

    def test_each_objecting_party_gets_its_own_offer_of_proof_period(self, old_db: Path, monkeypatch: pytest.MonkeyPatch,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
        """Bessemer 2022 (both parties objected on 2022-04-07, each with an offer of proof, against the one period of
        the 5c710bb release): after the upgrade RWDSU (the first to object) has that period and Amazon one of its own,
        each due 2022-04-07 and met by its own offer; the one-objector elections' periods are that party's; the
        record rows verify against their seals."""
        from casefile.record.models import Deadline, Filing, Party

        assert cli(monkeypatch, capsys, "db", "upgrade", "--no-backup")[0] == 0
        with Session(get_engine()) as s:
            keys = {p.id: p.key for p in s.exec(select(Party))}
            periods = s.exec(select(Deadline).where(Deadline.kind == "offer-of-proof").order_by(Deadline.id)).all()
            offers = {f.id: f.deadline_id for f in s.exec(select(Filing).where(Filing.kind == "offer-of-proof"))}
        assert [(d.id, d.election_id, d.for_whom, d.due_on.isoformat(), d.status.value) for d in periods] == [
            (2, 1, "rwdsu", "2021-04-16", "met"), (9, 2, "rwdsu", "2022-04-07", "met"),
            (14, 3, keys[4], "2021-12-16", "met"), (19, 4, "objecting party", "2017-05-11", "lapsed"),
            (23, 5, "objecting party", "2017-05-24", "lapsed"), (310, 2, "amazon", "2022-04-07", "met")]
        assert offers == {2: 2, 4: 9, 6: 310, 8: 14}  # Amazon's 2022 offer (filing 6) is held against Amazon's own
        _code, printed, err = cli(monkeypatch, capsys, "verify", "--no-notify")
        out = printed + err
        problems = [line for line in out.splitlines() if line.startswith(BESSEMER) and "is missing" not in line]
        assert problems == [] and "1,852 record rows" in out  # the fixture's PDFs are not in this output folder

    def test_the_record_reads_the_same_after_the_upgrade(self, old_db: Path, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
        """Read through the models after the upgrade: Bessemer's docket, the 23 issued documents with their
        sha256, and the person with the notify URL that was entered."""
        from casefile.record.models import Case, DocketEntry, Document, Filing, Person
        from casefile.vocab import NlrbFiling

        assert cli(monkeypatch, capsys, "db", "upgrade", "--no-backup")[0] == 0
        with Session(get_engine()) as s:
            bessemer = s.exec(select(Case).where(Case.number == BESSEMER)).one()
            docket = s.exec(select(DocketEntry).where(DocketEntry.case_id == bessemer.id).order_by(DocketEntry.id)).all()
            documents = s.exec(select(Document).order_by(Document.id)).all()
            person = s.exec(select(Person).where(Person.reminded == True)).one()  # noqa: E712  (the one reminded)
            filings = s.exec(select(Filing)).all()
        assert bessemer.name == "Amazon.com Services LLC"
        # revision filing_nlrb: every filing of the release records real history, so each is e-filed
        assert [f.nlrb for f in filings] == [NlrbFiling.E_FILED] * ROWS_5C710BB["filing"]
        assert len(docket) == 27
        assert [(e.act, e.occurred_on) for e in docket[:3]] == [
            ("open-case", date(2020, 11, 20)), ("record-tally", date(2021, 4, 9)), ("issue-document", date(2021, 4, 9))]
        assert docket[1].summary.startswith("Tally of Ballots (initial, election 1): 738 for Retail, Wholesale and "
                                            "Department Store Union, 1,798 against")
        assert docket[2].document_id == documents[0].id
        assert len(documents) == 23
        assert (documents[0].kind.name, documents[0].sha256) == (
            "TALLY_OF_BALLOTS", "8c7f2247a7243bdc7c7a234bd23f86ebf54ae48514154cd8157722e6907d745f")
        assert documents[0].path.endswith("/10-RC-269250/2021-04-09_tally-of-ballots.pdf")
        assert (documents[-1].kind.name, documents[-1].sha256) == (
            "CASE_STATUS_REPORT", "ba708d9b67dbb25642bb11194611946b47c35f726830a792b2923c00db46c9b4")
        assert (person.name, person.email) == ("Pat Organizer", "pat@example.org")
        assert opened_urls(person.notify_urls, old_db) == [MAILTOS]

    def test_representatives_and_service_are_carried_over(self, old_db: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
        """Each party's representative, e-mail and address of the 5c710bb release is its counsel of record
        after the upgrade, and each filing's served_on list its rows of the service ledger."""
        from casefile.record.models import Party, Person, ServiceRecord

        db = sqlite3.connect(f"file:{old_db}?mode=ro", uri=True)
        parties = {pid: (rep, email, address) for pid, rep, email, address in
                   db.execute("SELECT id, representative, email, address FROM party ORDER BY id")}
        served = {fid: json.loads(raw or "[]") for fid, raw in db.execute("SELECT id, served_on FROM filing ORDER BY id")}
        db.close()
        assert cli(monkeypatch, capsys, "db", "upgrade", "--no-backup")[0] == 0
        with Session(get_engine()) as s:
            counsel = {p.party_id: p for p in s.exec(select(Person).where(Person.counsel == True))}  # noqa: E712
            ledger = s.exec(select(ServiceRecord).order_by(ServiceRecord.filing_id, ServiceRecord.position)).all()
            names = {p.id: p.name for p in s.exec(select(Party))}
        with_representative = {pid: v for pid, v in parties.items() if v[0]}
        assert len(with_representative) == 2  # Bessemer's two (placeholders: not in the public record)
        assert {pid: (c.name, c.email, c.address) for pid, c in counsel.items()} == with_representative
        assert counsel[1].name == "[NOT IN THE PUBLIC RECORD: Employer's counsel of record]"
        assert [(r.filing_id, names.get(r.party_id, r.served), r.served, r.address, r.served_on.isoformat())
                for r in ledger] == [
            (fid, e["party"], e["representative"] or e["party"], e["address"], e["served_on"])
            for fid, entries in served.items() for e in entries]
        assert sum(len(e) for e in served.values()) == len(ledger) > 0
        assert {r.method for r in ledger} <= {None}  # the 5c710bb replays had no e-mail: manner not in the record

    def test_triggers_and_rulings_are_carried_over_as_facts(self, old_db: Path, monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
        """Each deadline's trigger sentence of the 5c710bb release is its kind after the upgrade (worded again
        the same way but for the long date), and each challenged ballot's ruling sentence is who ruled and its
        reason (revision trigger_ruling_facts)."""
        from casefile.record.models import ChallengedBallot, Deadline
        from casefile.vocab import RuledBy, TriggerKind

        db = sqlite3.connect(f"file:{old_db}?mode=ro", uri=True)
        triggers = dict(db.execute("SELECT id, trigger FROM deadline ORDER BY id").fetchall())
        rulings = dict(db.execute("SELECT id, ruling FROM challengedballot ORDER BY id").fetchall())
        db.close()
        assert cli(monkeypatch, capsys, "db", "upgrade", "--no-backup")[0] == 0
        with Session(get_engine()) as s:
            deadlines = {d.id: d for d in s.exec(select(Deadline))}
            ballots = {b.id: b for b in s.exec(select(ChallengedBallot))}
        assert set(triggers) <= set(deadlines)
        kinds = {deadlines[i].trigger_kind for i in triggers}
        assert {TriggerKind.TALLY, TriggerKind.REVISED_TALLY, TriggerKind.HO_REPORT, TriggerKind.RD_DECISION,
                TriggerKind.CERTIFICATION_OF_REPRESENTATIVE, TriggerKind.ALJ_TRANSFER} <= kinds
        for ident, old in triggers.items():
            d = deadlines[ident]
            assert old.startswith(d.trigger.split(" " + d.trigger_on.strftime("%B"))[0].replace(
                "Revised Tally of Ballots made available", "Revised Tally of Ballots")
                .replace("Administrative Law Judge's decision", "ALJ decision")), (old, d.trigger)
            assert d.trigger_on.isoformat() in old and d.trigger_ref is None
        assert deadlines[min(triggers)].trigger.startswith("Tally of Ballots prepared ")
        sustained = [b for i, b in ballots.items() if rulings[i].startswith("Regional Director 2022-01-10: ")]
        assert len(sustained) == 6
        assert {(b.ruled_by, b.ruled_on.isoformat() if b.ruled_on else None, b.reason) for b in sustained} == {
            (RuledBy.REGIONAL_DIRECTOR, "2022-01-10",
             "the challenged voters were partners from another store, not eligible in this unit")}
        sealed = [b for i, b in ballots.items() if rulings[i].startswith("no longer determinative")]
        assert [(b.ruled_by, b.reason) for b in sealed] == [(None, "")]
        assert all(b.reason == "" and b.ruled_by is None for i, b in ballots.items() if not rulings[i])

    def test_upgrade_again_does_nothing(self, old_db: Path, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
        """A second `casefile db upgrade` says the database is at head and makes no backup."""
        assert cli(monkeypatch, capsys, "db", "upgrade")[0] == 0
        code, out, _err = cli(monkeypatch, capsys, "db", "upgrade")
        assert code == 0 and out.strip() == f"already at head {migrate.head()}: nothing to do"
        assert len(list(old_db.parent.glob("casefile-backup-*.db"))) == 1


#: A revision on top of head that rebuilds the `case` table (SQLite: copy, drop, rename) while 285
#: cases and the rows of 8 tables that refer to them are there, and adds a column with a default.
PROBE = '''"""probe: rebuild case with a new column"""
import sqlalchemy as sa
from alembic import op

revision = "probe_rebuild_case"
down_revision = {head!r}
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("case", recreate="always") as batch_op:
        batch_op.add_column(sa.Column("probe", sa.String(), nullable=False, server_default="kept"))


def downgrade():
    with op.batch_alter_table("case", recreate="always") as batch_op:
        batch_op.drop_column("probe")
'''


@pytest.fixture
def probe_revision(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """casefile's migrations plus PROBE on top, in a copy that casefile.record.migrate uses for the test."""
    folder = tmp_path / "migrations"
    shutil.copytree(migrate.MIGRATIONS_DIR, folder, ignore=shutil.ignore_patterns("__pycache__"))
    (folder / "versions" / "99999999_probe_rebuild_case.py").write_text(PROBE.format(head=migrate.head()))
    monkeypatch.setattr(migrate, "MIGRATIONS_DIR", folder)
    return "probe_rebuild_case"


class TestBehind:
    def test_a_database_behind_is_refused_then_upgraded_through_a_table_rebuild(
            self, old_db: Path, probe_revision: str, monkeypatch: pytest.MonkeyPatch,
            capsys: pytest.CaptureFixture[str]) -> None:
        """At the old head with one revision pending: refused with the command; `db upgrade` applies the
        revision (rebuilding `case` with foreign keys off, then checking them) and keeps every row."""
        engine = make_engine(f"sqlite:///{old_db}")
        migrate.upgrade(engine, migrate.BASELINE)  # stamps the fixture as the baseline (its schema)
        engine.dispose()
        before = baseline_rows(old_db)
        with pytest.raises(ConfigurationError) as refused:
            get_engine()
        pending = migrate.revisions_after(migrate.BASELINE)
        assert pending[-1].id == "probe_rebuild_case"
        assert (f"is at schema revision baseline_5c710bb, older than this casefile's probe_rebuild_case ({len(pending)} "
                "migration(s) to apply); run `casefile db upgrade`") in str(refused.value)

        code, out, _err = cli(monkeypatch, capsys, "db", "upgrade")
        assert code == 0, out
        assert "upgraded from baseline_5c710bb to probe_rebuild_case:" in out
        assert out.splitlines()[-1] == "  probe_rebuild_case  probe: rebuild case with a new column"
        assert kept(baseline_rows(old_db), before) == before
        db = sqlite3.connect(old_db)
        try:
            assert db.execute("SELECT probe, count(*) FROM \"case\" GROUP BY probe").fetchall() == [("kept", 285)]
            assert db.execute("PRAGMA foreign_key_check").fetchall() == []
            assert db.execute("SELECT count(*) FROM party WHERE case_id NOT IN (SELECT id FROM \"case\")").fetchone() == (0,)
        finally:
            db.close()
        assert get_engine() is not None
