"""One copy of the Bessemer world for a whole test module (tests/accounts/world.py builds it once
per session): the matrix and the crawl only read, or send what is refused — storing nothing — so a
module shares one database. ``module_world(request, tmp_path_factory, extend)`` copies the template,
points the settings at the copy, runs ``extend(world)`` once, and undoes it all at the module's end."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from tests.accounts.world import FAST_HASHER, World, _dispose, _environment, copy_database


@contextmanager
def module_world(template: World, tmp_path_factory: pytest.TempPathFactory,
                 extend: Callable[[World], None] | None = None) -> Iterator[World]:
    from casefile.accounts import passwords

    folder = tmp_path_factory.mktemp("authority-module")
    copy_database(template.folder / "casefile.db", folder / "casefile.db")
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(passwords, "HASHER", FAST_HASHER)
        _environment(monkeypatch, folder, folder / "out")
        world = World(folder=folder, out=folder / "out", emails=dict(template.emails),
                      user_ids=dict(template.user_ids), tokens=dict(template.tokens),
                      documents=dict(template.documents))
        try:
            if extend is not None:
                extend(world)
            yield world
        finally:
            _dispose()


@contextmanager
def postgres_world(tmp_path_factory: pytest.TempPathFactory,
                   extend: Callable[[World], None] | None = None) -> Iterator[World]:
    """The Bessemer world built in a new PostgreSQL database (CASEFILE_TEST_POSTGRES_URL's server;
    the test skips when it does not answer), dropped at the end."""
    import uuid

    from sqlalchemy import make_url, text

    from casefile.accounts import passwords
    from tests.accounts.world import build
    from tests.conftest import POSTGRES_URL, _postgres_engine

    admin = _postgres_engine().execution_options(isolation_level="AUTOCOMMIT")
    name = f"casefile_authority_{uuid.uuid4().hex[:8]}"
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = make_url(POSTGRES_URL).set(database=name).render_as_string(hide_password=False)
    folder = tmp_path_factory.mktemp("authority-postgres")
    try:
        with pytest.MonkeyPatch.context() as monkeypatch:
            monkeypatch.setattr(passwords, "HASHER", FAST_HASHER)
            _environment(monkeypatch, folder, folder / "out")
            monkeypatch.setenv("CASEFILE_DATABASE_URL", url)
            from casefile.record.db import get_engine
            from casefile.settings import get_settings

            get_settings.cache_clear()
            get_engine.cache_clear()
            try:
                world = build(folder)
                if extend is not None:
                    extend(world)
                yield world
            finally:
                _dispose()
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
        admin.dispose()


@contextmanager
def world_on(backend: str, template: Callable[[], World], tmp_path_factory: pytest.TempPathFactory,
             extend: Callable[[World], None] | None = None) -> Iterator[World]:
    """The module's world on ``backend`` ("sqlite": a copy of the session's template; "postgres")."""
    if backend == "postgres":
        with postgres_world(tmp_path_factory, extend) as world:
            yield world
    else:
        with module_world(template(), tmp_path_factory, extend) as world:
            yield world


#: The params of a module's world fixture: SQLite always, PostgreSQL marked (skipped when absent).
BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
