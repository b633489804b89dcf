"""Fixtures of the authority tests: the Bessemer world and a client of its API (tests/api/conftest.py)."""

from tests.accounts.world import bessemer_template, world  # noqa: F401  (fixtures)
from tests.api.conftest import client, issued  # noqa: F401  (fixtures)
