"""An older database upgraded (the 5c710bb release's fixture: Bessemer, Starbucks and Trinity replays,
the 300-record NLRB sample, a person with a mailtos:// channel): its docket is chained so that it
verifies, and its plaintext notification URL is encrypted, listed masked, and gone from the file."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from casefile.channels import is_sealed
from casefile.jobs.people import people_view
from casefile.record.db import make_engine, read_session
from casefile.record.integrity import verify
from casefile.record.migrate import upgrade
from casefile.record.secret_key import clear_cache
from casefile.settings import get_settings

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "casefile-5c710bb.db"
PLAINTEXT = "mailtos://user:pass@smtp.example.org?to=me@example.org"


@pytest.fixture
def upgraded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """The fixture copied and upgraded to head, with a key file generated next to it."""
    monkeypatch.delenv("CASEFILE_SECRET_KEY", raising=False)
    get_settings.cache_clear()
    clear_cache()
    db = tmp_path / "casefile.db"
    shutil.copyfile(FIXTURE, db)
    engine = make_engine(f"sqlite:///{db}")
    upgrade(engine)
    yield engine, db
    engine.dispose()
    clear_cache()


def test_the_upgraded_docket_verifies(upgraded, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Every entry of every case of the older database is chained: the chains verify (files are not in the fixture)."""
    engine, _db = upgraded
    with sqlite3.connect(FIXTURE) as conn:
        cases, entries = conn.execute("select (select count(*) from \"case\"), (select count(*) from docketentry)").fetchone()
    with read_session(engine) as s:
        report = verify(s, output_dir=tmp_path / "no-files")
    assert (report.cases, report.entries) == (cases, entries) and entries > 800
    assert {p.what for p in report.problems} == {"file"}  # the fixture comes without its PDFs: only "missing"
    assert all(p.message.endswith("is missing") or "is missing; issued as" in p.message for p in report.problems)
    assert (tmp_path / "secret.key").stat().st_mode & 0o777 == 0o600


def test_the_plaintext_url_is_encrypted_and_listed_masked(upgraded) -> None:  # type: ignore[no-untyped-def]
    """The person's URL is sealed, listed with its password masked, and its plaintext is no longer in the file."""
    engine, db = upgraded
    with engine.connect() as conn:
        # the upgrade also carries each party's representative over as a Person (counsel, no channel)
        stored = conn.exec_driver_sql(
            "select notify_urls from person where notify_urls is not null and notify_urls != '[]'").scalar_one()
    assert PLAINTEXT not in stored and all(is_sealed(u) for u in __import__("json").loads(stored))
    with read_session(engine) as s:
        rows = people_view(s, default_urls=[])
    assert [c for r in rows for c in r["channels"]] == ["mailtos://user:****@smtp.example.org/me@example.org"]
    engine.dispose()
    assert b"user:pass@" not in db.read_bytes() and not Path(f"{db}-wal").exists()


def test_ledger_rows_of_an_older_database_are_masked_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A ledger row the older masking left with a Pushover token in clear is masked by the upgrade, its error too."""
    from casefile.channels import channel_hash

    monkeypatch.delenv("CASEFILE_SECRET_KEY", raising=False)
    get_settings.cache_clear()
    clear_cache()
    url = "pover://uQiRzpo4DXghDmr9QzzfQu27cmVRsG@azGDORePK8gMaC0QOYAMyEEuzJnyUi"
    db = tmp_path / "casefile.db"
    shutil.copyfile(FIXTURE, db)
    with sqlite3.connect(db) as conn:
        person_id, deadline_id = conn.execute("select person.id, deadline.id from person, deadline limit 1").fetchone()
        conn.execute("update person set notify_urls = ? where id = ?", (f'["{url}"]', person_id))
        conn.execute("insert into remindersent (deadline_id, lead_days, person_id, channel_hash, channel, status, attempts, "
                     "last_error, claim_token, claimed_at, scheduled_at) values (?, 3, ?, ?, ?, 'FAILED', 1, ?, 't', "
                     "'2021-04-13 13:00:00.000000', '2021-04-13 13:00:00.000000')",
                     (deadline_id, person_id, channel_hash(url), url, f"Connection refused for {url}"))
    engine = make_engine(f"sqlite:///{db}")
    upgrade(engine)
    with engine.connect() as conn:
        channel, error = conn.exec_driver_sql("select channel, last_error from remindersent").one()
    engine.dispose()
    assert channel == "pover://u...G@a...i"
    assert "uQiRzpo4DXghDmr9QzzfQu27cmVRsG" not in error and "azGDORePK8gMaC0QOYAMyEEuzJnyUi" not in error
    assert b"azGDORePK8gMaC0QOYAMyEEuzJnyUi" not in db.read_bytes()


def test_the_upgraded_record_is_sealed(upgraded, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Revision record_seal seals each case's record into its last entry: every row is covered, and a tally
    figure changed after the upgrade is named with the entry that sealed it."""
    engine, db = upgraded
    with sqlite3.connect(db) as conn:
        tallies = conn.execute("select count(*) from tally").fetchone()[0]
        number, tally_id = conn.execute('select c.number, t.id from tally t join election e on e.id = t.election_id '
                                        'join "case" c on c.id = e.case_id order by t.id limit 1').fetchone()
    with read_session(engine) as s:
        report = verify(s, output_dir=tmp_path / "no-files")
    assert report.rows > tallies > 250 and {p.what for p in report.problems} == {"file"}
    with engine.begin() as conn:
        conn.exec_driver_sql(f"update tally set against = against + 1 where id = {tally_id}")
    with read_session(engine) as s:
        report = verify(s, output_dir=tmp_path / "no-files")
    [problem] = [p for p in report.problems if p.what == "record"]
    assert problem.case_number == number and problem.message.startswith(f"tally #{tally_id} does not match what docket entry #")
