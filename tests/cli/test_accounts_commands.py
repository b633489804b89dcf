"""`casefile orgs`, `casefile users`, `casefile tokens`: the operator's commands for accounts, on
the Bessemer world (tests/accounts/world.py). The password comes from standard input; a token
is printed once and then works against the API until revoked; a refusal is one line, exit 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

from starlette.exceptions import StarletteDeprecationWarning
from typer.testing import CliRunner

from tests.accounts.world import NUMBER, World, bessemer_template, world  # noqa: F401  (fixtures)

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2; the httpx Prefect pins still works
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from fastapi.testclient import TestClient

CASEFILE = Path(sys.executable).with_name("casefile")


def run(*args: str, stdin: str | None = None) -> Any:
    from casefile.cli.app import app

    return CliRunner().invoke(app, list(args), input=stdin)


def test_an_organization_is_added_linked_and_listed(world: World) -> None:  # noqa: F811
    """A new union is added (again: nothing changes), linked to RWDSU in Bessemer, and listed with
    its link; a Region is linked to its Region's cases."""
    added = run("orgs", "add", "rwdsu-local-1", "--name", "RWDSU Local 1", "--kind", "union")
    assert added.exit_code == 0, added.output
    assert "organization rwdsu-local-1: RWDSU Local 1 (union)" in added.output
    assert run("orgs", "add", "rwdsu-local-1", "--name", "RWDSU Local 1").exit_code == 0
    held = run("orgs", "link", "rwdsu-local-1", NUMBER, "rwdsu")
    assert held.exit_code != 0 and "rwdsu-legal" in str(held.exception)  # a held party: only knowingly (issue 14)
    linked = run("orgs", "link", "rwdsu-local-1", NUMBER, "rwdsu", "--share")
    assert linked.exit_code == 0 and f"rwdsu-local-1 represents rwdsu in {NUMBER}" in linked.output
    region = run("orgs", "link", "region-10", "--region", "11")
    assert region.exit_code == 0 and "linked to the cases of Region 10" in region.output
    listed = json.loads(run("orgs", "list", "--json").output)
    local = next(o for o in listed if o["key"] == "rwdsu-local-1")
    assert (local["kind"], local["parties"]) == ("union", [f"{NUMBER} rwdsu"])
    assert next(o for o in listed if o["key"] == "aflcio")["watching"] == [NUMBER]


def test_users_add_reads_standard_input_and_signs_in(world: World) -> None:  # noqa: F811
    """The password is the first line of standard input (without its newline): the user signs in
    with it; the list shows the user and never the hash."""
    from datetime import UTC, datetime

    from casefile.accounts.users import authenticate
    from casefile.record.db import write_session

    added = run("users", "add", "Pat@RWDSU.example.org", "--org", "rwdsu-legal", "--role", "staff", "--password-stdin",
                stdin="pat's long passphrase\n")
    assert added.exit_code == 0, added.output
    assert "user pat@rwdsu.example.org: staff of rwdsu-legal" in added.output
    with write_session(by="operator:tests") as s:
        assert authenticate(s, email="pat@rwdsu.example.org", password="pat's long passphrase",
                            as_of=datetime.now(UTC)).role.value == "staff"
    listed = run("users", "list", "--org", "rwdsu-legal", "--json")
    users = {u["email"]: u for u in json.loads(listed.output)}
    assert users["pat@rwdsu.example.org"]["role"] == "staff" and "argon2" not in listed.output


def test_a_refused_user_is_one_clear_error(world: World) -> None:  # noqa: F811
    from casefile.accounts.passwords import WeakPassword
    from casefile.errors import AlreadyRecorded, UnknownRecord

    short = run("users", "add", "kim@example.org", "--org", "rwdsu-legal", "--role", "staff", "--password-stdin",
                stdin="short\n")
    assert isinstance(short.exception, WeakPassword) and "at least 12 characters" in str(short.exception)
    taken = run("users", "add", world.emails["union-admin"], "--org", "rwdsu-legal", "--role", "staff",
                "--password-stdin", stdin="a long enough passphrase\n")
    assert isinstance(taken.exception, AlreadyRecorded)
    nowhere = run("users", "add", "kim@example.org", "--org", "teamsters", "--role", "staff", "--password-stdin",
                  stdin="a long enough passphrase\n")
    assert isinstance(nowhere.exception, UnknownRecord) and "no organization 'teamsters'" in str(nowhere.exception)


def test_a_reset_prints_a_one_time_link(world: World) -> None:  # noqa: F811
    from datetime import UTC, datetime

    from casefile.accounts.users import complete_reset
    from casefile.record.db import write_session

    reset = run("users", "reset", world.emails["union-viewer"], "--base-url", "https://casefile.rwdsu.example.org")
    assert reset.exit_code == 0, reset.output
    link = reset.stdout.strip().splitlines()[-1]
    assert link.startswith("https://casefile.rwdsu.example.org/account/reset/")
    with write_session(by="operator:tests") as s:
        user = complete_reset(s, token=link.rsplit("/", 1)[1], password="a brand new passphrase", as_of=datetime.now(UTC))
        assert user.email == world.emails["union-viewer"]


def test_a_token_is_printed_once_works_and_is_revoked(world: World) -> None:  # noqa: F811
    """`tokens create` prints the token on standard output (the id on standard error); the API
    takes it; `tokens list` shows only its first characters; after `tokens revoke ID` the API
    answers 401."""
    from casefile.api import create_app

    made = run("tokens", "create", world.emails["employer-viewer"], "--name", "docket script")
    assert made.exit_code == 0, made.output
    token = made.stdout.strip().splitlines()[-1]
    assert token.startswith("cf_")
    listed = json.loads(run("tokens", "list", world.emails["employer-viewer"], "--json").output)
    mine = next(t for t in listed if t["name"] == "docket script")
    assert mine["prefix"] == token[:11] and token not in json.dumps(listed)
    with TestClient(create_app()) as client:
        headers = {"Authorization": f"Bearer {token}"}
        assert client.get(f"/api/v1/cases/{NUMBER}", headers=headers).status_code == 200
        revoked = run("tokens", "revoke", str(mine["id"]))
        assert revoked.exit_code == 0 and "revoked" in revoked.output
        assert client.get(f"/api/v1/cases/{NUMBER}", headers=headers).status_code == 401


def test_the_command_prints_a_refusal_on_one_line_and_exits_2(world: World) -> None:  # noqa: F811
    """Through the real command: linking to a party the case does not have."""
    env = {**os.environ, "COLUMNS": "200"}
    done = subprocess.run([str(CASEFILE), "orgs", "link", "rwdsu-legal", NUMBER, "ups"], capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [f"error: case {NUMBER} has no party 'ups' (parties: amazon (employer: Amazon.com Services LLC), rwdsu (petitioner: Retail, Wholesale and Department Store Union))"]


def test_a_control_character_in_an_accounts_name_is_refused_storing_nothing(world: World) -> None:  # noqa: F811
    """An organization's, a user's and a token's name are one-line text (casefile.characters), as an act's are."""
    from casefile.errors import BadInput
    from tests.acts.snapshot import default_snapshot

    before = default_snapshot()
    org = run("orgs", "add", "rwdsu-local-2", "--name", "RWDSU\x1b[2J Local 2", "--kind", "union")
    assert isinstance(org.exception, BadInput), org.output
    assert str(org.exception) == "organization rwdsu-local-2: name: a control character (U+001B) at character 6 is not text"
    user = run("users", "add", "lee@example.org", "--org", "rwdsu-legal", "--role", "staff", "--name", "Lee\nAdmin",
               "--password-stdin", stdin="a long enough passphrase\n")
    assert isinstance(user.exception, BadInput), user.output
    assert str(user.exception) == "lee@example.org: name: a line break (U+000A) at character 4: this text is one line"
    token = run("tokens", "create", world.emails["employer-viewer"], "--name", "script\x07")
    assert isinstance(token.exception, BadInput), token.output
    assert "the token's name: a control character (U+0007) at character 7" in str(token.exception)
    assert default_snapshot() == before
