"""Prefect's environment for casefile, without starting Prefect: its home 0700 and its database 0600
(security finding L9), and the auth string of the server `casefile serve` starts (M5): derived from the
instance's key, the same for the same key, another for another key, never the key itself."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest


@pytest.fixture
def clean(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for key in list(os.environ):
        if key.startswith("PREFECT_"):
            monkeypatch.delenv(key)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


class TestHome:
    def test_the_local_modes_home_and_database_are_private(self, clean: Path) -> None:
        from casefile.prefect_env import configure_prefect

        configure_prefect()
        home = clean / ".casefile" / "prefect"
        assert (mode(clean / ".casefile"), mode(home), mode(home / "prefect.db")) == (0o700, 0o700, 0o600)

    def test_a_database_left_readable_is_tightened(self, clean: Path) -> None:
        from casefile.prefect_env import configure_prefect

        home = clean / ".casefile" / "prefect"
        home.mkdir(parents=True, mode=0o755)
        os.chmod(home, 0o755)
        (home / "prefect.db").write_bytes(b"")
        os.chmod(home / "prefect.db", 0o644)
        configure_prefect()
        assert (mode(home), mode(home / "prefect.db")) == (0o700, 0o600)

    def test_the_servers_home_follows_prefect_home(self, clean: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        from casefile.cli.serving import server_home

        assert server_home() == (clean / ".casefile" / "prefect-server").resolve()
        monkeypatch.setenv("PREFECT_HOME", str(clean / "ph"))
        assert server_home() == (clean / "ph" / "server").resolve()


class TestAuthString:
    def test_derived_from_the_instance_key(self, clean: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        from casefile.prefect_env import api_auth_string
        from casefile.record.secret_key import clear_cache
        from casefile.settings import get_settings

        strings = []
        for secret in ("a" * 40, "a" * 40, "b" * 40):
            monkeypatch.setenv("CASEFILE_SECRET_KEY", secret)
            get_settings.cache_clear()
            clear_cache()
            strings.append(api_auth_string())
        get_settings.cache_clear()
        clear_cache()
        first, same, other = strings
        assert first == same != other
        assert first.startswith("casefile:") and len(first) == len("casefile:") + 43
        assert "a" * 40 not in first
