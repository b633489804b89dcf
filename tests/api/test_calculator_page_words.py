"""The web deadline calculator shows the cut-off as the Agency writes it: "11:59 p.m. EDT on April 7, 2022"
(the receiving office's zone, never seconds, never an ISO instant)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest


def test_the_deadline_calculator_page_writes_the_cut_off_in_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from casefile.record.db import get_engine
    from casefile.server import create_app
    from casefile.settings import get_settings
    from tests.api.conftest import TestClient  # imported there with Starlette's httpx2 warning silenced

    monkeypatch.setenv("CASEFILE_DATABASE_URL", f"sqlite:///{tmp_path / 'casefile.db'}")
    monkeypatch.setenv("CASEFILE_SECRET_KEY", "casefile-web-tests-secret-key-0123456789abcdef")
    get_settings.cache_clear()
    get_engine.cache_clear()
    try:
        with TestClient(create_app(public_calculators=True)) as client:
            page = client.get("/calculators/deadline", params={"check": "1", "kind": "objections",
                                                               "trigger": "2022-03-31", "region": "10"})
    finally:
        get_settings.cache_clear()
        get_engine.cache_clear()
    assert page.status_code == 200
    text = " ".join(re.sub(r"<[^>]+>", " ", page.text).split())
    assert "Cut-off 11:59 p.m. EDT on April 7, 2022 (Eastern time)" in text
    assert "23:59:59" not in text
