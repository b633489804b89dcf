"""The API's interactive documentation page, ``/api/v1/docs`` — off unless CASEFILE_WEB_API_DOCS
is on. Swagger UI's script and styles are served by casefile itself from the pinned package
``swagger-ui-bundle-v2`` (the ``api-docs`` extra: ``pip install 'casefile[api-docs]'``), under
``/api/v1/docs/assets/``, with a strict Content-Security-Policy and no inline script: no
third-party script ever runs on the origin of the web pages and their session cookie. The OpenAPI
document (``/api/v1/openapi.json``) is served whatever the setting."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

#: The page's policy: scripts, styles and images from this site only, no frames, no plugins.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>casefile API</title>
<link rel="stylesheet" href="docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="docs/assets/swagger-ui-bundle.js"></script>
<script src="docs/start.js"></script>
</body>
</html>
"""

START = ('window.ui = SwaggerUIBundle({url: "openapi.json", dom_id: "#swagger-ui", deepLinking: true, '
         'presets: [SwaggerUIBundle.presets.apis], layout: "BaseLayout"});\n')


def assets_folder() -> Path:
    """The folder of the pinned Swagger UI's files. Raises ConfigurationError naming the extra to
    install when the package is missing."""
    from casefile.errors import ConfigurationError

    try:
        import swagger_ui_bundle
    except ImportError:
        raise ConfigurationError("CASEFILE_WEB_API_DOCS is on but Swagger UI's assets are not installed: "
                                 "pip install 'casefile[api-docs]' (or turn the setting off)") from None
    folder = Path(swagger_ui_bundle.swagger_ui_path)
    if not (folder / "swagger-ui-bundle.js").is_file():
        raise ConfigurationError(f"Swagger UI's assets are not where swagger_ui_bundle says ({folder})")
    return folder


def install(api: FastAPI) -> None:
    """Serve the docs page and its assets on ``api`` (mounted at /api/v1)."""
    folder = assets_folder()
    headers = {"Content-Security-Policy": CSP, "X-Frame-Options": "DENY", "Cache-Control": "no-store",
               "Referrer-Policy": "same-origin"}

    @api.get("/docs", include_in_schema=False)
    def docs() -> HTMLResponse:
        return HTMLResponse(PAGE, headers=headers)

    @api.get("/docs/start.js", include_in_schema=False)
    def start() -> Response:
        return Response(START, media_type="text/javascript", headers=headers)

    api.mount("/docs/assets", StaticFiles(directory=str(folder)), name="docs-assets")
