"""Fixtures of the accounts tests: the Bessemer world (tests/accounts/world.py)."""

from tests.accounts.world import bessemer_template, world  # noqa: F401  (fixtures)
