"""The deadline-reminders flow and its commands, against the test Prefect server and a real SMTP server:
a run reminds as of its scheduled instant, says "Skipped" when nothing is due, fails (and is retried
by the next run) when a channel fails; `casefile people add/list` and `casefile remind` drive it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from casefile.record.db import write_session
from tests.bessemer import NUMBER, TALLY_2021, open_case, record_tally
from tests.conftest import at
from tests.mail import Inbox, free_port, mail_url, smtp_server

pytestmark = pytest.mark.prefect
CASEFILE = Path(sys.executable).with_name("casefile")
JANE, BOB = "jane@example.org", "bob@example.org"


@pytest.fixture(scope="module")
def mail() -> Iterator[tuple[Inbox, int]]:
    with smtp_server() as server:
        yield server


@pytest.fixture(scope="module")
def cli(flows_db: Path):  # type: ignore[no-untyped-def]
    """Run `casefile` against the module's database and the test Prefect server."""
    from prefect.settings import PREFECT_API_URL

    env = {**os.environ, "CASEFILE_DATABASE_URL": f"sqlite:///{flows_db / 'casefile.db'}",
           "PREFECT_API_URL": str(PREFECT_API_URL.value()), "COLUMNS": "200"}

    def run(*args: str, **extra: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(CASEFILE), *args], env={**env, **extra}, capture_output=True, text=True,
                              timeout=300, cwd=flows_db)

    return run


def _expected_start(state) -> object:  # type: ignore[no-untyped-def]
    from prefect import get_client

    with get_client(sync_client=True) as client:
        return client.read_flow_run(state.state_details.flow_run_id).expected_start_time


class TestFlow:
    def test_nothing_due_is_skipped_as_of_the_scheduled_instant(self, flows_db: Path) -> None:
        """Without as_of the run reminds as of its scheduled start; with nothing due it ends Completed, named Skipped."""
        from flows.deadline_reminders import deadline_reminders_flow

        state = deadline_reminders_flow(return_state=True)
        report = state.result(_sync=True)
        assert (state.is_completed(), state.name) == (True, "Skipped")
        assert report.as_of == _expected_start(state) and report.digests == []

    def test_commands_set_up_and_send_a_reminder_once(self, flows_db: Path, cli, mail: tuple[Inbox, int]) -> None:  # type: ignore[no-untyped-def]
        """`people add` then `remind` delivers one email per person, `remind` again sends nothing; `people list` masks secrets."""
        inbox, port = mail
        with write_session(by="operator:tests") as s:
            open_case(s, as_of=at("2021-04-09T12:00:00-04:00"))
            record_tally(s, TALLY_2021, as_of=at("2021-04-09T12:00:00-04:00"))
        added = cli("people", "add", NUMBER, "--party", "rwdsu", "--name", "Jane Union", "--notify", mail_url(port, JANE))
        assert added.returncode == 0, added.stderr
        assert "added: Jane Union for rwdsu in 10-RC-269250, reminded via mailto://127.0.0.1:" in added.stdout
        bob = cli("people", "add", NUMBER, "--party", "amazon", "--name", "Bob Employer", "--email", BOB,
                  CASEFILE_NOTIFY_DEFAULT_URLS=f"mailtos://casefile:s3cretpw@127.0.0.1:{port}?from=casefile@example.org")
        assert bob.returncode == 0, bob.stderr
        assert "mailtos://casefile:****@127.0.0.1:" in bob.stdout and "s3cretpw" not in bob.stdout
        listed = cli("people", "list", "--case", NUMBER, "--json",
                     CASEFILE_NOTIFY_DEFAULT_URLS=f"mailto://127.0.0.1:{port}?from=casefile@example.org")
        rows = json.loads(listed.stdout)["people"]
        assert [(r["name"], r["uses_defaults"], r["channels"]) for r in rows] == [
            ("Bob Employer", True, [f"mailto://127.0.0.1:{port}/{BOB}?from=casefile@example.org"]),
            ("Jane Union", False, [f"mailto://127.0.0.1:{port}/{JANE}?from=casefile@example.org"])]
        env = {"CASEFILE_NOTIFY_DEFAULT_URLS": f"mailto://127.0.0.1:{port}?from=casefile@example.org"}
        sent = cli("remind", "--as-of", "2021-04-13T09:00:00-04:00", "--json", **env)
        assert sent.returncode == 0, sent.stderr
        report = json.loads(sent.stdout)
        assert (report["sent"], report["failed"]) == (2, 0)
        again = cli("remind", "--as-of", "2021-04-13T09:30:00-04:00", **env)
        assert again.returncode == 0 and "no reminder due as of 9:30 a.m. UTC-04:00 on April 13, 2021" in again.stdout
        assert [len(inbox.to(JANE)), len(inbox.to(BOB))] == [1, 1]
        assert "Cut-off: 11:59 p.m. EDT on Friday, April 16, 2021" in inbox.to(BOB)[0].body

    def test_failed_channel_fails_the_run_and_is_retried(self, flows_db: Path, cli, mail: tuple[Inbox, int]) -> None:  # type: ignore[no-untyped-def]
        """A channel that cannot be reached fails the run (exit 1, report names it) while the others are sent; it stays unsent."""
        from flows.deadline_reminders import RemindersNotDelivered, deadline_reminders_flow

        inbox, port = mail
        dead = free_port()
        added = cli("people", "add", NUMBER, "--party", "rwdsu", "--name", "Jane Union", "--notify", mail_url(dead, JANE))
        assert added.returncode == 0, added.stderr
        env = {"CASEFILE_NOTIFY_DEFAULT_URLS": f"mailto://127.0.0.1:{port}?from=casefile@example.org"}
        failed = cli("remind", "--as-of", "2021-04-15T09:00:00-04:00", **env)
        assert failed.returncode == 1
        assert "NOT sent to Jane Union via mailto://127.0.0.1:" in failed.stderr and "the next run retries it" in failed.stderr
        assert "sent to Bob Employer" in failed.stdout and len(inbox.to(BOB)) == 2
        state = deadline_reminders_flow(as_of=at("2021-04-15T10:00:00-04:00"), return_state=True)
        assert state.is_failed() and "1 of 1 digests not delivered" in state.message
        error = state.result(raise_on_failure=False, _sync=True)
        assert isinstance(error, RemindersNotDelivered) and error.report.failed[0].people == ("Jane Union",)

    def test_bad_default_url_stops_the_command(self, cli) -> None:  # type: ignore[no-untyped-def]
        """`casefile remind` with an unusable CASEFILE_NOTIFY_DEFAULT_URLS exits 2 naming the setting, before Prefect starts."""
        result = cli("remind", CASEFILE_NOTIFY_DEFAULT_URLS="mailtos://joe:s3cretpw@")
        assert result.returncode == 2
        assert "CASEFILE_NOTIFY_DEFAULT_URLS: 'mailtos://joe:****@' is not a notification URL" in result.stderr
        assert "s3cretpw" not in result.stderr and "Prefect" not in result.stderr
