"""The docket's keyed hash chain: what it covers, that it is the same however the row is read, that
an edit, a removal or a fork is found and named, and that concurrent acts and the NLRB import keep
one chain per case — on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from sqlalchemy import Engine, exc, text
from sqlmodel import col, select

from casefile.importers.nlrb_results import parse_nlrb_results
from casefile.jobs.imports import import_tallies
from casefile.record.chain import SEAL
from casefile.record.db import read_session, write_session
from casefile.record.integrity import HASHED, UNHASHED, chain_head, link_hash, verify
from casefile.record.models import DocketEntry
from casefile.record.secret_key import clear_cache, instance_keys, keys_for
from casefile.settings import get_settings
from tests.conftest import at
from tests.integrity.conftest import act, new_case

SAMPLE = Path(__file__).resolve().parents[1] / "fixtures" / "nlrb-recent-election-results-sample.csv"


def _verify(engine: Engine, tmp_path: Path, **kw):  # type: ignore[no-untyped-def]
    with read_session(engine) as s:
        return verify(s, output_dir=tmp_path / "out", **kw)


def _table(engine: Engine) -> str:
    """The docket table's name as raw SQL must write it (in the test's schema on PostgreSQL)."""
    schema = (engine.get_execution_options().get("schema_translate_map") or {}).get(None)
    return f'"{schema}".docketentry' if schema else "docketentry"


class TestWhatIsHashed:
    def test_every_column_is_hashed_or_named_as_left_out(self) -> None:
        """A column added to DocketEntry must be added to the hashed content (or, knowingly, to UNHASHED)."""
        columns = {c.name for c in DocketEntry.__table__.columns}  # type: ignore[attr-defined]
        assert columns - set(UNHASHED) - {SEAL} <= set(HASHED), columns - set(UNHASHED) - set(HASHED)

    def test_hash_is_the_same_read_raw_or_through_the_orm(self, engine: Engine, tmp_path: Path) -> None:
        """Recomputed from the raw row (enum names, text or naive instants), the hash equals the stored one."""
        case_id = new_case(engine)
        act(engine, case_id, 1, as_of=at("2021-04-09T23:59:59.123456-04:00"))
        with engine.connect() as conn:
            row = conn.execute(text(f"select * from {_table(engine)} order by id desc")).mappings().first()
        with read_session(engine) as s:
            key = keys_for(s).signing
        assert row is not None and row["seal"] is not None  # version 2: raw JSON text on SQLite, parsed on PostgreSQL
        assert link_hash(key, dict(row), prev_hash=row["prev_hash"]) == row["chain_hash"] != ""

    @pytest.mark.parametrize(("column", "value"), [
        ("summary", "'note 1, amended'"), ("occurred_on", "'2021-04-10'"), ("actor", "'PARTY'"),
        ("act_key", "'note:one'"), ("ref", "'filing:9'"),
    ], ids=["summary", "date", "actor", "act-key", "ref"])
    def test_an_edited_column_is_found_and_the_entry_named(self, engine: Engine, tmp_path: Path, column: str,
                                                            value: str) -> None:
        """Changing any hashed column of one entry with raw SQL makes verify name that entry, and only it."""
        case_id = new_case(engine)
        ids = [act(engine, case_id, n) for n in range(1, 4)]
        assert _verify(engine, tmp_path).ok
        with engine.begin() as conn:
            conn.execute(text(f"update {_table(engine)} set {column} = {value} where id = :id"), {"id": ids[1]})
        report = _verify(engine, tmp_path)
        assert [(p.what, p.message.split(" (")[0]) for p in report.problems] == [("entry", f"docket entry #{ids[1]}")]
        assert "does not match its hash" in report.problems[0].message and report.entries == 2  # open, note 1


class TestChain:
    def test_each_entry_follows_the_one_before_in_its_case(self, engine: Engine) -> None:
        """Entries of two cases form two chains: each prev_hash is the case's previous chain_hash."""
        first, second = new_case(engine), new_case(engine, "10-RC-000001")
        for n in range(1, 4):
            act(engine, first, n)
            act(engine, second, n)
        with read_session(engine) as s:
            for case_id, number in ((first, "10-RC-269250"), (second, "10-RC-000001")):
                rows = s.exec(select(DocketEntry).where(DocketEntry.case_id == case_id).order_by(col(DocketEntry.id))).all()
                assert [r.prev_hash for r in rows] == ["", rows[0].chain_hash, rows[1].chain_hash, rows[2].chain_hash]
                assert chain_head(s, number).head == rows[-1].chain_hash

    def test_verified_summary_counts_cases_entries_files(self, engine: Engine, tmp_path: Path) -> None:
        """An untouched record verifies, with the one-line summary of what was checked."""
        for number in ("10-RC-269250", "10-RC-000001"):
            case_id = new_case(engine, number)
            for n in range(1, 3):
                act(engine, case_id, n)
        assert _verify(engine, tmp_path).lines() == ["verified: 2 cases, 6 entries, 2 record rows, 0 files"]

    def test_a_removed_entry_is_found_at_the_entry_after_it(self, engine: Engine, tmp_path: Path) -> None:
        """Deleting an entry in the middle of a chain: verify names the next entry, which no longer follows."""
        case_id = new_case(engine)
        ids = [act(engine, case_id, n) for n in range(1, 5)]
        with engine.begin() as conn:
            conn.execute(text(f"delete from {_table(engine)} where id = :id"), {"id": ids[1]})
        report = _verify(engine, tmp_path)
        assert len(report.problems) == 1 and report.problems[0].message.startswith(f"docket entry #{ids[2]} ")
        assert "does not follow the entry before it" in report.problems[0].message

    def test_a_removed_last_entry_is_found_against_the_written_down_head(self, engine: Engine, tmp_path: Path) -> None:
        """Removing the last entry leaves a valid chain; the head written down before says it is shorter."""
        case_id = new_case(engine)
        ids = [act(engine, case_id, n) for n in range(1, 4)]
        with read_session(engine) as s:
            head = chain_head(s, "10-RC-269250")
        assert (head.entries, head.last_entry_id) == (4, ids[-1])
        assert _verify(engine, tmp_path, case_number="10-RC-269250", expect_head=head.head).ok
        with engine.begin() as conn:
            conn.execute(text(f"delete from {_table(engine)} where id = :id"), {"id": ids[-1]})
        assert _verify(engine, tmp_path).ok
        report = _verify(engine, tmp_path, case_number="10-RC-269250", expect_head=head.head)
        assert [p.what for p in report.problems] == ["head"] and head.head in report.problems[0].message

    def test_a_hash_recomputed_without_the_key_does_not_pass(self, engine: Engine, tmp_path: Path) -> None:
        """Whoever edits a row and recomputes its hash with another key is found; the hint names the key."""
        case_id = new_case(engine)
        act(engine, case_id, 1)
        with read_session(engine) as s:
            entry_id = s.exec(select(DocketEntry.id).where(DocketEntry.act_key == "open")).one()
        forged = link_hash(b"x" * 32, {"case_id": case_id, "act_key": "open", "act": "open-case", "actor": "system",
                                       "occurred_on": "2021-04-09", "recorded_at": "2021-04-09T16:00:00+00:00",
                                       "summary": "forged"}, prev_hash="")
        with engine.begin() as conn:
            conn.execute(text(f"update {_table(engine)} set summary = 'forged', chain_hash = :h where id = :id"),
                         {"h": forged, "id": entry_id})
        report = _verify(engine, tmp_path)
        assert not report.ok and "does not match its hash" in report.problems[0].message
        assert "CASEFILE_SECRET_KEY" in report.hint

    def test_a_fork_is_impossible(self, engine: Engine) -> None:
        """A second entry following the same entry (a writer that skipped the lock) is refused by the database."""
        case_id = new_case(engine)
        act(engine, case_id, 1)
        with read_session(engine) as s:
            first = s.exec(select(DocketEntry).where(DocketEntry.act_key == "open")).one()
        fork = DocketEntry(**{**first.model_dump(exclude={"id"}), "act_key": "note:fork"})  # prev_hash "" again
        with pytest.raises(exc.IntegrityError), write_session(engine, by="operator:tests") as s:
            s.add(fork)


class TestConcurrency:
    def test_concurrent_acts_on_one_case_keep_one_chain(self, engine: Engine, tmp_path: Path) -> None:
        """Four threads docketing 10 acts each on one case at once: 40 entries, one unbroken chain, no error."""
        case_id = new_case(engine)
        errors: list[BaseException] = []

        def worker(w: int) -> None:
            try:
                for n in range(10):
                    act(engine, case_id, w * 100 + n)
            except BaseException as e:
                errors.append(e)

        threads = [threading.Thread(target=worker, args=(w,)) for w in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == []
        assert _verify(engine, tmp_path).lines() == ["verified: 1 case, 41 entries, 1 record row, 0 files"]


class TestImport:
    def test_the_nlrb_import_writes_the_chain(self, engine: Engine, tmp_path: Path) -> None:
        """The bulk-inserted docket of the 300-record sample verifies, and importing again keeps it verified."""
        for _ in range(2):
            with write_session(engine, by="operator:tests") as s:
                import_tallies(s, parsed=parse_nlrb_results(SAMPLE), as_of=at("2026-11-29T12:00:00-05:00"))
        report = _verify(engine, tmp_path)
        assert report.ok, report.lines()[:3]
        assert report.cases > 100 and report.entries > report.cases

    def test_an_import_into_an_existing_case_continues_its_chain(self, engine: Engine, tmp_path: Path) -> None:
        """Tallies imported into a case already in the record chain onto its last entry."""
        first = parse_nlrb_results(SAMPLE).records[0].case_number
        case_id = new_case(engine, first)
        act(engine, case_id, 1)
        with write_session(engine, by="operator:tests") as s:
            import_tallies(s, parsed=parse_nlrb_results(SAMPLE), as_of=at("2026-11-29T12:00:00-05:00"))
        with read_session(engine) as s:
            assert chain_head(s, first).entries > 1
        assert _verify(engine, tmp_path, case_number=first).ok


class TestKey:
    def test_generated_key_file_is_private_and_reused(self, sqlite_engine: Engine, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
        """Without CASEFILE_SECRET_KEY a key file is made next to the database, mode 0600, and used again."""
        monkeypatch.delenv("CASEFILE_SECRET_KEY")
        get_settings.cache_clear()
        clear_cache()
        url = sqlite_engine.url.render_as_string()
        first = instance_keys(url)
        clear_cache()
        again = instance_keys(url)
        key_file = tmp_path / "secret.key"
        assert first.source == str(key_file) and (key_file.stat().st_mode & 0o777) == 0o600
        assert first.signing == again.signing and first.signing != first.encryption

    def test_short_secret_is_refused(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """A CASEFILE_SECRET_KEY shorter than 32 characters is refused naming the setting, not echoed."""
        from casefile.errors import ConfigurationError

        monkeypatch.setenv("CASEFILE_SECRET_KEY", "hunter2hunter2")
        get_settings.cache_clear()
        with pytest.raises(ConfigurationError, match="CASEFILE_SECRET_KEY: shorter than 32") as refused:
            get_settings()
        assert "hunter2" not in str(refused.value)
