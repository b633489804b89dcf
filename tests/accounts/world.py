"""The Bessemer case (10-RC-269250) with the people around it, for the accounts and API tests.

The case is built through the front door (casefile.app.perform) with the values of
examples/bessemer-10-RC-269250.yaml: open-case, the 2021 tally (738 for RWDSU, 1,798 against,
505 challenged), and RWDSU's 23 objections with their offer of proof (filed 2021-04-16), each
document issued (tally, objections, offer of proof). Around it:

- ``rwdsu-legal`` (a union), linked to party rwdsu: admin, counsel, staff, viewer;
- ``amazon-firm`` (a law firm), linked to party amazon: admin, counsel, staff, viewer;
- ``aflcio`` (a federation) watching the case: counsel;
- ``region-10`` (the Region): counsel;
- ``other-firm`` (a law firm) linked to nothing: counsel.

Building it (three PDFs rendered) takes a few seconds, so it is built once per test session
(``bessemer_template``) and each test gets its own copy of the database (``world``); the issued
files stay in the template's folder, read-only.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher

NUMBER = "10-RC-269250"
SECRET = "casefile-tests-secret-key-0123456789abcdef"
PASSWORD = "correct horse battery staple"
#: Who is in the world: label -> (organization, role). "anonymous" sends no token.
PRINCIPALS: dict[str, tuple[str, str]] = {
    "union-admin": ("rwdsu-legal", "admin"), "union-counsel": ("rwdsu-legal", "counsel"),
    "union-staff": ("rwdsu-legal", "staff"), "union-viewer": ("rwdsu-legal", "viewer"),
    "employer-admin": ("amazon-firm", "admin"), "employer-counsel": ("amazon-firm", "counsel"),
    "employer-staff": ("amazon-firm", "staff"), "employer-viewer": ("amazon-firm", "viewer"),
    "watcher": ("aflcio", "counsel"), "region": ("region-10", "counsel"), "outsider": ("other-firm", "counsel"),
}
#: A cheap Argon2id for tests (the stored hash carries its parameters; production uses pwdlib's defaults).
FAST_HASHER = PasswordHash((Argon2Hasher(time_cost=1, memory_cost=1024, parallelism=1),))


@dataclass
class World:
    """A copy of the Bessemer world: the database and documents folders, each principal's email,
    user id and API token, and the ids of the three documents issued."""

    folder: Path
    out: Path
    emails: dict[str, str] = field(default_factory=dict)
    user_ids: dict[str, int] = field(default_factory=dict)
    tokens: dict[str, str] = field(default_factory=dict)
    documents: dict[str, int] = field(default_factory=dict)  # kind -> id

    def headers(self, who: str) -> dict[str, str]:
        return {} if who == "anonymous" else {"Authorization": f"Bearer {self.tokens[who]}"}

    def viewer(self, who: str):  # type: ignore[no-untyped-def]
        from casefile.accounts.acting import viewer_of

        return viewer_of(self.user_ids[who])


def email_of(who: str) -> str:
    return f"{who}@{PRINCIPALS[who][0]}.example.org"


def _environment(monkeypatch: pytest.MonkeyPatch, folder: Path, out: Path) -> None:
    from casefile.record.db import get_engine
    from casefile.settings import get_settings

    monkeypatch.setenv("CASEFILE_DATABASE_URL", f"sqlite:///{folder / 'casefile.db'}")
    monkeypatch.setenv("CASEFILE_OUTPUT_DIR", str(out))
    monkeypatch.setenv("CASEFILE_SECRET_KEY", SECRET)
    get_settings.cache_clear()
    get_engine.cache_clear()


def _dispose() -> None:
    from casefile.record.db import get_engine
    from casefile.settings import get_settings

    with contextlib.suppress(Exception):  # nothing to dispose
        get_engine().dispose()
    get_engine.cache_clear()
    get_settings.cache_clear()


def build(folder: Path) -> World:
    """Build the world in ``folder`` (database casefile.db, documents under out/), with the
    configured settings pointing there."""
    from sqlmodel import select

    from casefile import app
    from casefile.accounts.orgs import add_organization, link_party, watch_case
    from casefile.accounts.tokens import create_token
    from casefile.accounts.users import add_user
    from casefile.acts import Who
    from casefile.acts.open_case import OpenCase
    from casefile.record.db import read_session, write_session
    from casefile.record.models import Document
    from tests.acts.procedure import noon, prepare_schema, scenario

    world = World(folder=folder, out=folder / "out")
    prepare_schema()
    spec = scenario()
    tally, objections = spec.events[0], spec.events[1]
    assert tally.act_name == "record-tally" and objections.act_name == "file-objections"
    operator = Who.operator()
    app.perform(OpenCase(case=spec.case, parties=spec.parties, date=tally.on), as_of=noon(tally), by=operator,
                documents="none")
    app.perform(tally, case_number=NUMBER, as_of=noon(tally), by=operator, documents="issue")
    app.perform(objections, case_number=NUMBER, as_of=noon(objections), by=operator, documents="issue")
    moment = noon(objections)
    with write_session(by="operator:tests") as session:
        add_organization(session, key="rwdsu-legal", name="RWDSU Legal Department", kind="union", as_of=moment)
        add_organization(session, key="amazon-firm", name="Employer's Counsel LLP", kind="firm", as_of=moment)
        add_organization(session, key="aflcio", name="AFL-CIO Legal", kind="federation", as_of=moment)
        add_organization(session, key="region-10", name="NLRB Region 10", kind="region", region="10", as_of=moment)
        add_organization(session, key="other-firm", name="Another Firm LLP", kind="firm", as_of=moment)
        link_party(session, organization="rwdsu-legal", case_number=NUMBER, party="rwdsu", as_of=moment)
        link_party(session, organization="amazon-firm", case_number=NUMBER, party="amazon", as_of=moment)
        watch_case(session, organization="aflcio", case_number=NUMBER, as_of=moment)
        for who, (org, role) in PRINCIPALS.items():
            user = add_user(session, email=email_of(who), organization=org, role=role, password=PASSWORD, as_of=moment)
            _, token = create_token(session, email=email_of(who), as_of=moment, name="tests")
            world.emails[who], world.user_ids[who], world.tokens[who] = user.email, user.id or 0, token
    with read_session() as session:
        world.documents = {d.kind.value: d.id or 0 for d in session.exec(select(Document))}
    assert set(world.documents) == {"tally-of-ballots", "objections", "offer-of-proof"}, world.documents
    return world


def copy_database(source: Path, target: Path) -> None:
    """Copy the SQLite database ``source`` to ``target`` (the backup API: consistent under WAL)."""
    with sqlite3.connect(source) as src, sqlite3.connect(target) as dst:
        src.backup(dst)


@pytest.fixture(scope="session")
def bessemer_template(tmp_path_factory: pytest.TempPathFactory) -> World:
    """The world, built once per session in its own folder."""
    from casefile.accounts import passwords

    folder = tmp_path_factory.mktemp("bessemer-world")
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(passwords, "HASHER", FAST_HASHER)
        _environment(monkeypatch, folder, folder / "out")
        try:
            world = build(folder)
        finally:
            _dispose()
    return world


@pytest.fixture
def world(bessemer_template: World, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[World]:
    """A fresh copy of the world's database for one test (documents issued by the test go to its
    own folder; the template's documents are read where they were issued)."""
    from casefile.accounts import passwords

    copy_database(bessemer_template.folder / "casefile.db", tmp_path / "casefile.db")
    monkeypatch.setattr(passwords, "HASHER", FAST_HASHER)
    _environment(monkeypatch, tmp_path, tmp_path / "out")
    copy = World(folder=tmp_path, out=tmp_path / "out", emails=dict(bessemer_template.emails),
                 user_ids=dict(bessemer_template.user_ids), tokens=dict(bessemer_template.tokens),
                 documents=dict(bessemer_template.documents))
    yield copy
    _dispose()


__all__ = ["NUMBER", "PASSWORD", "PRINCIPALS", "World", "bessemer_template", "build", "copy_database", "email_of",
           "world"]
