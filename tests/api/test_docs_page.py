"""The API's docs page (issue 14, security trial L7: /api/v1/docs loaded unpinned Swagger UI from a
CDN, and a favicon from another site, on the origin of the web pages and their cookie). Off by
default; when on, every script and style it loads is casefile's own, at a pinned version."""

from __future__ import annotations

import re
import warnings
from typing import Any

from starlette.exceptions import StarletteDeprecationWarning

with warnings.catch_warnings():
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from fastapi.testclient import TestClient


def test_the_docs_page_is_off_by_default(client: Any) -> None:
    assert client.get("/api/v1/docs").status_code == 404
    assert client.get("/api/v1/openapi.json").status_code == 200


def test_when_on_its_assets_are_served_by_casefile(world: Any) -> None:
    import pytest

    pytest.importorskip("swagger_ui_bundle", reason="the api-docs extra (pip install -e '.[test]') is not installed")
    from fastapi import FastAPI

    from casefile.api import create_api

    app = FastAPI()
    app.mount("/api/v1", create_api(docs=True))
    with TestClient(app) as client:
        page = client.get("/api/v1/docs")
        assert page.status_code == 200 and "script-src 'self'" in page.headers["content-security-policy"]
        sources = re.findall(r'(?:src|href)="([^"]+)"', page.text)
        assert sources and all(not s.startswith(("http:", "https:", "//")) for s in sources), sources
        assert "<script>" not in page.text  # no inline script
        for source in sources:
            answer = client.get(f"/api/v1/{source}")
            assert answer.status_code == 200 and len(answer.content) > 20, source
        bundle = client.get("/api/v1/docs/assets/swagger-ui-bundle.js").text
        assert "cdn.jsdelivr" not in page.text and len(bundle) > 100_000
    from importlib.metadata import version

    assert version("swagger-ui-bundle-v2") == "5.31.0"
