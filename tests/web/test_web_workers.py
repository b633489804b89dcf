"""`casefile serve` runs as many web processes as the machine has cores, or CASEFILE_WEB_WORKERS (issue 18)."""

from __future__ import annotations

import os

import pytest


def _command(monkeypatch: pytest.MonkeyPatch, workers: str | None) -> list[str]:
    from casefile.cli.serving import uvicorn_command
    from casefile.http.settings import get_web_settings

    if workers is None:
        monkeypatch.delenv("CASEFILE_WEB_WORKERS", raising=False)
    else:
        monkeypatch.setenv("CASEFILE_WEB_WORKERS", workers)
    get_web_settings.cache_clear()
    try:
        return uvicorn_command(host="127.0.0.1", port=8000)
    finally:
        get_web_settings.cache_clear()


def test_one_worker_a_core_by_default_and_the_setting_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    default = _command(monkeypatch, None)
    assert default[default.index("--workers") + 1] == str(os.cpu_count() or 1)
    assert default[default.index("--factory") + 1] == "casefile.server:create_app"  # each worker imports the factory
    three = _command(monkeypatch, "3")
    assert three[three.index("--workers") + 1] == "3"


def test_a_worker_count_below_one_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from casefile.errors import ConfigurationError

    with pytest.raises(ConfigurationError, match="CASEFILE_WEB_WORKERS"):
        _command(monkeypatch, "0")
