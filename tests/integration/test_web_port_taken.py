"""`casefile serve` announces its web address only when the socket on that port is its own web server's (attacker
trial, 5: another process on the port answered `/healthz`, serve printed "casefile web: http://127.0.0.1:8000/" and
people would have signed in there; casefile's own server had died with "Address already in use")."""

from __future__ import annotations

import http.server
import os
import threading
from pathlib import Path
from typing import Any

import pytest

from casefile.errors import ConfigurationError


def test_a_port_another_process_answers_on_is_refused_and_not_announced(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    from casefile.cli.serving import web_server

    class Squatter(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b"ok")

        def log_message(self, *args: Any) -> None:
            pass

    squatter = http.server.HTTPServer(("127.0.0.1", 0), Squatter)
    threading.Thread(target=squatter.serve_forever, daemon=True).start()
    port = squatter.server_address[1]
    here = Path.cwd()
    os.chdir(tmp_path)  # the web server's log goes to ./.casefile/web.log
    try:
        with pytest.raises(ConfigurationError, match=rf"port {port} on 127\.0\.0\.1 is held by another process, not the "
                                                     "web server casefile started"), \
                web_server(host="127.0.0.1", port=port, api_url="http://127.0.0.1:9/api", demo=False):
            pass
    finally:
        os.chdir(here)
        squatter.shutdown()
        squatter.server_close()
    assert "casefile web:" not in capsys.readouterr().out
