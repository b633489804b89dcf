"""Fixtures of the API tests: the Bessemer world (tests/accounts/world.py) and a client of the API."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import pytest
from starlette.exceptions import StarletteDeprecationWarning

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2; the httpx Prefect pins still works
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from fastapi.testclient import TestClient

from tests.accounts.world import World, bessemer_template, world  # noqa: F401  (fixtures)


@pytest.fixture
def issued() -> list[tuple[int, object]]:
    """The calls of the API's on_committed hook (entry id, as_of), in order."""
    return []


@pytest.fixture
def client(world: World, issued: list[tuple[int, object]]) -> Iterator[TestClient]:  # noqa: F811  (the fixture)
    """A client of the API application (mounted at /api/v1); the on_committed hook records its
    calls instead of rendering documents."""
    from casefile.api import create_app

    with TestClient(create_app(on_committed=lambda entry_id, as_of: issued.append((entry_id, as_of)))) as c:
        yield c
