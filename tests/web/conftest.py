"""Fixtures of the web tests: one server for the session (uvicorn on 127.0.0.1 and a free port, in
a background thread, its documents issued in-process) over one database holding Bessemer up to
the 2022 rerun's tally and the demo accounts (tests/web/world.py); and, for the browser tests, one
Chromium (Debian's, driven by Playwright) for the session and a fresh context per test.

The browser tests skip with a message when /usr/bin/chromium or Playwright is missing
(``bash scripts/system-deps.sh browser`` installs Chromium; ``pip install playwright``, never
``playwright install``)."""

from __future__ import annotations

import os
import shutil
import threading
import time
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.web.world import PASSWORD, USERS, build

CHROMIUM = os.environ.get("CASEFILE_TEST_CHROMIUM", "/usr/bin/chromium")
SECRET = "casefile-web-tests-secret-key-0123456789abcdef"


@dataclass
class Served:
    """The running server: its base URL and the folder of its database and documents."""

    url: str
    folder: Path

    def engine(self) -> Any:
        from casefile.record.db import get_engine

        return get_engine()


def _fast_hasher() -> Any:
    from pwdlib import PasswordHash
    from pwdlib.hashers.argon2 import Argon2Hasher

    return PasswordHash((Argon2Hasher(time_cost=1, memory_cost=1024, parallelism=1),))


@pytest.fixture(scope="module", autouse=True)
def _caches_follow_the_environment() -> None:
    """Before each web module: settings and engine cached while another test's environment was in force (a test on
    this worker that cached them under its own database and left them when its environment was restored) are
    dropped, so the in-process server thread and the module's own acts use the served database the environment names
    (CI saw four web modules sign in to an empty database after such a test on their worker)."""
    from casefile.http.settings import get_web_settings
    from casefile.record.db import get_engine
    from casefile.settings import get_settings

    if os.environ.get("CASEFILE_DATABASE_URL"):  # set by `served` (or the module's own): read it afresh
        for cache in (get_settings, get_engine, get_web_settings):
            cache.cache_clear()


@pytest.fixture(scope="session")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The server, for every web test of the session."""
    import uvicorn

    from casefile.accounts import passwords
    from casefile.http.settings import get_web_settings
    from casefile.prefect_server import free_port
    from casefile.record.db import get_engine
    from casefile.settings import get_settings

    folder = tmp_path_factory.mktemp("web")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(passwords, "HASHER", _fast_hasher())
        mp.setenv("CASEFILE_DATABASE_URL", f"sqlite:///{folder / 'casefile.db'}")
        mp.setenv("CASEFILE_OUTPUT_DIR", str(folder / "out"))
        mp.setenv("CASEFILE_SECRET_KEY", SECRET)
        mp.setenv("CASEFILE_WEB_PUBLIC_CALCULATORS", "false")
        mp.setenv("CASEFILE_WEB_LOGIN_FAILURES_PER_ADDRESS", "1000")
        for cache in (get_settings, get_engine, get_web_settings):
            cache.cache_clear()
        build()
        from casefile.server import create_app

        port = free_port()
        server = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning",
                                               lifespan="off"))
        thread = threading.Thread(target=server.run, name="casefile-web-tests", daemon=True)
        thread.start()
        deadline = time.monotonic() + 30
        while not server.started:
            if time.monotonic() > deadline or not thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.05)
        try:
            yield Served(url=f"http://127.0.0.1:{port}", folder=folder)
        finally:
            server.should_exit = True
            thread.join(timeout=10)
            get_engine().dispose()
            for cache in (get_settings, get_engine, get_web_settings):
                cache.cache_clear()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium through Playwright, once per test module.

    Not once per session: while Playwright's sync API is open, its event loop counts as running in
    the main thread, so Prefect's sync-or-async functions (``State.result``) called by a later test
    on the same worker would hand back coroutines (CI run of stop 19)."""
    if not Path(CHROMIUM).exists() and shutil.which("chromium") is None:
        pytest.skip(f"Chromium is not installed at {CHROMIUM}: run `bash scripts/system-deps.sh browser` "
                    "(apt-get install chromium) for the browser tests")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("Playwright is not installed: pip install 'playwright>=1.45' (do not run `playwright install`)")
    args = ["--no-sandbox"] if os.geteuid() == 0 else []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        with sync_playwright() as p:
            chromium = p.chromium.launch(executable_path=CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium"),
                                         args=args)
            yield chromium
            chromium.close()


@pytest.fixture
def page(browser: Any, served: Served) -> Iterator[Any]:
    """A fresh browser context and page (no cookies) for one test."""
    context = browser.new_context(base_url=served.url, viewport={"width": 1280, "height": 900})
    context.set_default_timeout(15_000)
    tab = context.new_page()
    yield tab
    context.close()


def sign_in(page: Any, who: str) -> None:
    """Sign in through the sign-in page as ``who`` (tests/web/world.py USERS)."""
    page.goto("/sign-in")
    page.get_by_label("Email address").fill(USERS[who])
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url("**/cases")


__all__ = ["Served", "browser", "page", "served", "sign_in"]
