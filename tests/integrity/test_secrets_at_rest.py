"""Notification URLs hold passwords and tokens: stored encrypted, shown masked for every Apprise
scheme (Apprise's own privacy rendering), and after a reminder run found nowhere — not in the
casefile database file, not in Prefect's home (its database), not in what the command printed."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from sqlmodel import select

from casefile.channels import is_sealed
from casefile.jobs.notify import Delivery
from casefile.jobs.people import add_person, people_view, person_urls
from casefile.jobs.reminders import send_reminders
from casefile.record.db import get_engine, read_session, write_session
from casefile.record.models import Person, ReminderSent
from casefile.settings import get_settings
from tests.conftest import at
from tests.mail import free_port, smtp_server

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bessemer-10-RC-269250.yaml"
CASEFILE = Path(sys.executable).with_name("casefile")
NUMBER = "10-RC-269250"
REMIND_AT = at("2021-04-13T09:00:00-04:00")  # objections of the 2021-04-09 tally due Fri 2021-04-16: lead 3 is due

PUSHOVER_USER, PUSHOVER_TOKEN = "uQiRzpo4DXghDmr9QzzfQu27cmVRsG", "azGDORePK8gMaC0QOYAMyEEuzJnyUi"
TELEGRAM_TOKEN = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"
PUSHBULLET_TOKEN = "o.gn5kj6nfhv736I7jC3cj3QLRiyhgl98b"
SMTP_PASSWORD = "Hunter2-Bessemer-smtp"
#: Each URL, its masked form (as listed), and the secrets it holds.
CHANNELS = [
    (f"pover://{PUSHOVER_USER}@{PUSHOVER_TOKEN}", "pover://u...G@a...i", [PUSHOVER_USER, PUSHOVER_TOKEN]),
    (f"tgram://{TELEGRAM_TOKEN}/-100123456/", "tgram://1...w/-100123456", [TELEGRAM_TOKEN, TELEGRAM_TOKEN.split(":")[1]]),
    (f"pbul://{PUSHBULLET_TOKEN}", "pbul://o...b", [PUSHBULLET_TOKEN]),
    (f"mailtos://jane:{SMTP_PASSWORD}@smtp.example.org:587?from=casefile@example.org&to=jane@example.org",
     "mailtos://jane:****@smtp.example.org/jane@example.org?from=casefile@example.org", [SMTP_PASSWORD]),
]
SECRETS = [s for _, _, secrets in CHANNELS for s in secrets]


def _files_holding(root: Path, secrets: list[str]) -> list[str]:
    """Every file under ``root`` (or ``root`` itself) whose bytes contain one of ``secrets``: 'path: secret'."""
    found = []
    for path in [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file()):
        data = path.read_bytes()
        found += [f"{path}: {s}" for s in secrets if s.encode() in data]
    return found



@pytest.fixture
def tallied(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Bessemer opened and its first tally recorded (in process), the key file next to the database."""
    from casefile.record.secret_key import clear_cache
    from casefile.scenario import replay

    data = yaml.safe_load(EXAMPLE.read_text())
    data["events"] = data["events"][:1]
    data.pop("until", None)
    (tmp_path / "tally-only.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    (tmp_path / "db").mkdir()
    monkeypatch.setenv("CASEFILE_DATABASE_URL", f"sqlite:///{tmp_path / 'db' / 'casefile.db'}")
    monkeypatch.setenv("CASEFILE_OUTPUT_DIR", str(tmp_path / "out"))
    monkeypatch.delenv("CASEFILE_SECRET_KEY", raising=False)
    get_settings.cache_clear()
    get_engine.cache_clear()
    clear_cache()
    replay(tmp_path / "tally-only.yaml", through_prefect=False)
    yield tmp_path
    get_settings.cache_clear()
    get_engine.cache_clear()
    clear_cache()


def _add(urls: list[str], name: str = "Jane Union") -> None:
    with write_session(by="operator:tests") as s:
        add_person(s, case_number=NUMBER, party="rwdsu", name=name, notify_urls=urls, as_of=REMIND_AT, default_urls=[])


class TestAtRest:
    def test_urls_are_stored_encrypted_and_read_back(self, tallied: Path) -> None:
        """The person's URLs are stored sealed (no secret in the database file) and decrypt to what was entered."""
        _add([url for url, _, _ in CHANNELS])
        get_engine().dispose()  # checkpoint: the WAL's pages are in the database file too
        with read_session() as s:
            person = s.exec(select(Person).where(Person.name == "Jane Union")).one()  # (counsel of record are people too)
            assert all(is_sealed(u) for u in person.notify_urls)
            assert person_urls(s, person) == [url for url, _, _ in CHANNELS]
        assert _files_holding(tallied / "db", SECRETS) == []

    def test_every_scheme_is_listed_masked(self, tallied: Path) -> None:
        """`people list` shows Apprise's privacy rendering of each channel: Pushover, Telegram, Pushbullet, SMTP."""
        _add([url for url, _, _ in CHANNELS])
        with read_session() as s:
            rows = people_view(s, case_number=NUMBER, default_urls=[])
        assert rows[0]["channels"] == [shown for _, shown, _ in CHANNELS]

    def test_a_failed_run_reports_and_records_masked(self, tallied: Path) -> None:
        """A reminder run whose channels fail (with errors that quote the URL) shows and stores only masked forms."""
        _add([url for url, _, _ in CHANNELS])

        def echoing(url: str, *, title: str, body: str) -> Delivery:
            raise ConnectionError(f"could not reach {url} (token {url.rpartition('@')[2]})")

        report = send_reminders(as_of=REMIND_AT, notifier=echoing, lead_days=(7, 3, 1), default_urls=[])
        assert len(report.failed) == 4 and report.due == 2  # objections and the offer of proof, due 2021-04-16
        text = "\n".join(report.lines()) + repr(report.as_dict())
        assert [s for s in SECRETS if s in text] == []
        assert {d.channel for d in report.digests} == {shown for _, shown, _ in CHANNELS}
        with read_session() as s:
            ledger = s.exec(select(ReminderSent)).all()
        assert sorted(r.channel for r in ledger) == sorted(shown for _, shown, _ in CHANNELS for _deadline in (1, 2))
        assert all("****" in r.last_error for r in ledger)
        get_engine().dispose()
        assert _files_holding(tallied / "db", SECRETS) == []


@pytest.mark.integration
class TestReminderRunThroughPrefect:
    def test_no_secret_in_the_databases_or_the_output_after_remind(self, tallied: Path) -> None:
        """`casefile remind` (Prefect's local mode, its own PREFECT_HOME) with a channel that is delivered to a real
        SMTP server and two that fail, an SMTP one with a password and a webhook with a token: the secrets are in
        neither database file, nowhere in Prefect's home (its database included), and not in what the commands
        printed; the report and the listing show the channels masked."""
        hook_token = "hook-tok-7f3a9c0e51b2"
        failing_hook = f"json://hookuser:{hook_token}@127.0.0.1:{free_port()}/hook?+X-Api-Key={hook_token}x"
        failing_smtp = f"mailto://jane:{SMTP_PASSWORD}@127.0.0.1:{free_port()}?from=casefile@example.org&to=jane@example.org"
        with smtp_server() as (inbox, port):
            sending = f"mailto://127.0.0.1:{port}?from=casefile@example.org&to=jane@example.org"
            _add([sending, failing_smtp, failing_hook])
            get_engine().dispose()
            env = {**os.environ, "CASEFILE_DATABASE_URL": f"sqlite:///{tallied / 'db' / 'casefile.db'}",
                   "CASEFILE_OUTPUT_DIR": str(tallied / "out"), "PREFECT_HOME": str(tallied / "prefect"),
                   "COLUMNS": "200"}
            env.pop("PREFECT_API_URL", None)
            env.pop("CASEFILE_SECRET_KEY", None)
            remind = subprocess.run([str(CASEFILE), "remind", "--as-of", REMIND_AT.isoformat()], env=env, cwd=tallied,
                                    capture_output=True, text=True, timeout=600)
            listing = subprocess.run([str(CASEFILE), "people", "list", "--case", NUMBER], env=env, cwd=tallied,
                                     capture_output=True, text=True, timeout=120)
        secrets = [SMTP_PASSWORD, hook_token]
        printed = remind.stdout + remind.stderr + listing.stdout + listing.stderr
        assert remind.returncode == 1, printed  # two channels failed (retried by the next run)
        assert "NOT sent to Jane Union via json://hookuser:****@127.0.0.1" in remind.stderr
        assert "NOT sent to Jane Union via mailto://jane:****@127.0.0.1" in remind.stderr
        assert "mailto://jane:****@127.0.0.1" in listing.stdout
        assert len(inbox.to("jane@example.org")) == 1 and "Objections and offer of proof" in inbox.to("jane@example.org")[0].body
        assert [s for s in secrets if s in printed] == []
        assert (tallied / "prefect").is_dir() and (tallied / "prefect").stat().st_mode & 0o777 == 0o700
        assert any((tallied / "prefect").rglob("*.db")), "Prefect's database was not in PREFECT_HOME"
        assert _files_holding(tallied / "prefect", secrets) == []
        assert _files_holding(tallied / "db", secrets) == []
