"""The reliability probe's in-process doors: scenario files replayed, NLRB CSV cells imported, API bodies and web forms.

bench/probe_reliability.py drives the command line in subprocesses; these inputs go through the same code in the
probe's own process, the way ../shared/reviews/reliability-trial.md ran them (its scenarios accepted by
``load_scenario`` were replayed with ``casefile.scenario.replay(..., through_prefect=False)``, its CSV cells
imported as the import flow does, in one write session), and the HTTP ones through the application's own ASGI
app (Starlette's test client: the API at /api/v1 and the web pages, the documents issued in process after the
answer, as ``casefile serve`` without Prefect does). Each call answers like a command: ``(status, text)`` with
status 0 for accepted, 2 for a clear refusal (a CasefileError; a 4xx ``application/problem+json`` with a
``detail``; a 4xx page naming the field), anything else (1) for a traceback or a 5xx. The driver compares the
database dump and the output folder before and after, as it does for the command line.

Tables left out of the comparison for the HTTP doors (docs/integrity.md: not the record): ``apitoken`` (a
token's last use), ``accesslog`` (who asked what), ``websignin`` and ``loginattempt`` (the sign-in).
"""

from __future__ import annotations

import contextlib
import os
import re
import traceback
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: The accounts of the HTTP probes (casefile.cli.demo.make_accounts) and their password.
PASSWORD = "probe horse battery staple"
REGION = "agent@region10.example.org"
UNION = "counsel@rwdsu.example.org"
TOKENS: dict[str, str] = {}
NOT_RECORD = ("apitoken", "accesslog", "websignin", "loginattempt")


def environment(env: dict[str, str]) -> None:
    """Point this process's settings at the probe's database and output folder (caches cleared)."""
    os.environ.update(env)
    _clear()


def _clear() -> None:
    from casefile.http.settings import get_web_settings
    from casefile.record.db import get_engine
    from casefile.settings import get_settings

    with contextlib.suppress(Exception):  # nothing to dispose
        get_engine().dispose()
    for cache in (get_settings, get_engine, get_web_settings):
        cache.cache_clear()


def fast_passwords() -> None:
    """A cheap Argon2id for the probe's accounts (the stored hash carries its parameters)."""
    from pwdlib import PasswordHash
    from pwdlib.hashers.argon2 import Argon2Hasher

    from casefile.accounts import passwords

    passwords.HASHER = PasswordHash((Argon2Hasher(time_cost=1, memory_cost=1024, parallelism=1),))


def add_accounts(as_of: str) -> None:
    """The demo accounts (RWDSU's counsel and staff, Amazon's counsel, Region 10's agent) on the probe's
    database, and an API token for the Region's agent and RWDSU's counsel (kept in TOKENS)."""
    from datetime import datetime

    from casefile.accounts.tokens import create_token
    from casefile.cli.demo import make_accounts
    from casefile.record.db import write_session

    moment = datetime.fromisoformat(as_of)
    fast_passwords()
    make_accounts(password=PASSWORD, as_of=moment)
    with write_session(by="operator:probe") as session:
        for email in (REGION, UNION):
            _, token = create_token(session, email=email, as_of=moment, name="probe")
            TOKENS[email] = token
    _clear()


def call(fn: Callable[[], tuple[int, str]]) -> tuple[int, str]:
    """Run one in-process input: its own answer, or 1 and the traceback for an exception that is no refusal."""
    from casefile.errors import CasefileError

    _clear()
    try:
        return fn()
    except CasefileError as exc:
        return 2, f"error: {exc}"
    except BaseException:  # what the probe counts
        return 1, traceback.format_exc()
    finally:
        _clear()


# --- scenario files, replayed in process -------------------------------------------------------------------------

def replay_file(path: str) -> Callable[[], tuple[int, str]]:
    def run() -> tuple[int, str]:
        from casefile.scenario import replay

        report = replay(Path(path), through_prefect=False)
        return 0, f"replayed {len(report.acts)} acts, {len(report.documents)} documents"
    return run


def replay_prefix(path: str, message: str) -> bool:
    """What a replay refused at an event must leave: the acts before that event, as a replay of them alone would
    record them (docs/scenario-format.md: "acts before the refused one stay recorded, as they would in life"), with
    no final sweep. Records that into the probe's (fresh) database. False when the refusal names no event (refused
    before anything ran, or the case could not be opened: nothing may be stored)."""
    import casefile.scenario as scenario_module
    from casefile import app
    from casefile.rules.case_numbers import parse_case_number
    from casefile.rules.offices import office_for

    found = re.search(r": event (\d+) \([^)]*\) refused: ", message)
    if not found:
        return False
    before = int(found.group(1)) - 1
    scenario = scenario_module.load_scenario(Path(path))
    if before == 0:
        number = parse_case_number(scenario.case.number)
        tz = office_for(number.region, scenario.case.office).tz
        app.perform(scenario.opening(), as_of=scenario_module.event_instant(scenario.events[0], tz),
                    by=scenario_module.Who.operator(), documents="none")
    else:
        sweep = app.sweep_case
        app.sweep_case = lambda *args, **kwargs: None  # type: ignore[assignment]  (the replay's final sweep)
        try:
            scenario_module._replay(Path(path), scenario.model_copy(update={"events": scenario.events[:before]}),
                                    None, issue=None)
        finally:
            app.sweep_case = sweep  # type: ignore[assignment]
    _clear()
    return True


# --- NLRB CSV cells, imported as the import flow does --------------------------------------------------------------

def import_csv(path: str, as_of: str = "2026-12-01T12:00:00+00:00") -> Callable[[], tuple[int, str]]:
    def run() -> tuple[int, str]:
        from datetime import datetime

        from casefile.jobs.import_file import import_file

        report = import_file("nlrb-results", path, as_of=datetime.fromisoformat(as_of), by="operator:probe")
        if report.nothing_loaded():
            why = "; ".join(f"row {s.row} (line {s.line}): {s.reason}" for s in report.skipped[:2])
            return 2, f"error: nothing loaded: {why or 'no record'}"
        return 0, f"loaded {report.counts()}"
    return run


# --- HTTP: the API and the web pages ------------------------------------------------------------------------------

def _client() -> Any:
    with warnings.catch_warnings():  # Starlette 1.x prefers httpx2; the httpx Prefect pins still works
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient

    from casefile.server import create_app, issue_in_process

    return TestClient(create_app(on_committed=issue_in_process), base_url="http://127.0.0.1",
                      raise_server_exceptions=False)


def _problem(answer: Any) -> tuple[int, str]:
    status = answer.status_code
    if status < 300:
        return 0, f"HTTP {status}"
    if 400 <= status < 500 and answer.headers.get("content-type", "").startswith("application/problem+json"):
        body = answer.json()
        detail = body.get("detail")
        if detail:
            return 2, f"error: HTTP {status} {body.get('code', '')} field={body.get('field')}: {str(detail)[:300]}"
    return 1, f"HTTP {status} {answer.headers.get('content-type', '')}: {answer.text[:600]}"


def api_act(number: str, body: Any, *, who: str = REGION, as_of: str | None = None, raw: bytes | None = None,
            extra_headers: dict[str, str] | None = None) -> Callable[[], tuple[int, str]]:
    """POST /api/v1/cases/{number}/acts with ``body`` as JSON (or ``raw`` bytes) as ``who``."""
    def run() -> tuple[int, str]:
        headers = {"Authorization": f"Bearer {TOKENS[who]}", **(extra_headers or {})}
        params = {"as_of": as_of} if as_of else {}
        with _client() as client:
            if raw is not None:
                answer = client.post(f"/api/v1/cases/{number}/acts", content=raw, params=params,
                                     headers={**headers, "Content-Type": "application/json"})
            else:
                answer = client.post(f"/api/v1/cases/{number}/acts", json=body, params=params, headers=headers)
        return _problem(answer)
    return run


def _csrf(client: Any, path: str) -> str:
    page = client.get(path)
    found = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
    if not found:
        raise RuntimeError(f"no CSRF token on {path} (HTTP {page.status_code}): {page.text[:300]}")
    return found.group(1)


#: Set by the driver: takes its "before" snapshot again once a web input has signed in (the sign-in writes the
#: user's last sign-in and a session); what it returns is left in RETAKEN for the driver.
SNAPSHOT_AGAIN: list[Callable[[], Any]] = []
RETAKEN: list[Any] = []


def web_form(number: str, act_name: str, fields: dict[str, str], *, who: str = REGION) -> Callable[[], tuple[int, str]]:
    """Sign in as ``who``, open the act's form, and send ``fields`` with the form's CSRF token; the "before" snapshot
    is taken again between the two (SNAPSHOT_AGAIN)."""
    def run() -> tuple[int, str]:
        with _client() as client:
            client.post("/sign-in", data={"email": who, "password": PASSWORD, "csrf_token": _csrf(client, "/sign-in")},
                        follow_redirects=False)
            path = f"/cases/{number}/acts/{act_name}"
            token = _csrf(client, path)
            RETAKEN[:] = [again() for again in SNAPSHOT_AGAIN]
            answer = client.post(path, data={"csrf_token": token, **fields}, follow_redirects=False)
        status = answer.status_code
        if status in (302, 303):
            return 0, f"HTTP {status} to {answer.headers.get('location')}"
        if 400 <= status < 500:
            summary = answer.text.split('class="error-summary"', 1)
            named = re.findall(r'<a href="#([^"]+)">([^<]+)</a>', summary[1].split("</div>", 1)[0]) if len(summary) > 1 else []
            if named:
                field, text = named[0]
                return 2, f"error: HTTP {status} field={field}: {text.strip()[:300]}"
            return 1, f"HTTP {status} without a field named: {answer.text[:400]}"
        return 1, f"HTTP {status}: {answer.text[:600]}"
    return run


__all__ = ["NOT_RECORD", "PASSWORD", "REGION", "RETAKEN", "SNAPSHOT_AGAIN", "TOKENS", "UNION", "add_accounts", "api_act", "call", "environment",
           "fast_passwords", "import_csv", "replay_file", "replay_prefix", "web_form"]
