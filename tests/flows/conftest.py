"""One Prefect test harness (a temporary Prefect server, ~10 s to start) per flow test module.

Module scope, not session: the harness's background threads must be gone before other tests run
(Hypothesis refuses to generate data while another thread uses the `random` module)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(scope="module")
def prefect_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    os.environ["PREFECT_HOME"] = str(tmp_path_factory.mktemp("prefect-home"))
    from casefile.prefect_env import configure_prefect

    configure_prefect()
    from prefect.testing.utilities import prefect_test_harness

    with prefect_test_harness(server_startup_timeout=90):
        yield


@pytest.fixture(scope="module")
def flows_db(prefect_server: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A temp database and output folder for one test module, with Prefect's test server running."""
    from casefile.record.db import get_engine
    from casefile.settings import get_settings

    folder = tmp_path_factory.mktemp("casefile")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CASEFILE_DATABASE_URL", f"sqlite:///{folder / 'casefile.db'}")
        mp.setenv("CASEFILE_OUTPUT_DIR", str(folder / "out"))
        get_settings.cache_clear()
        get_engine.cache_clear()
        yield folder
    get_settings.cache_clear()
    get_engine.cache_clear()
