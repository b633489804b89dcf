"""Acts performed through a running casefile server (casefile.cli.remote.perform_remote), against
a real uvicorn listening on 127.0.0.1 (a free port), started by the test: the same ActResult as
in-process, a retry filing nothing twice (the Idempotency-Key is the act's content), and the
server's refusal raised here as the same error with the same message and field."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from tests.accounts.world import NUMBER, World

AMAZON_OBJECTIONS = {"act": "file-objections", "date": "2021-04-16", "party": "amazon",
                     "objections": ["The Petitioner's agents electioneered at the collection box."]}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def server(world: World) -> Iterator[str]:
    """A uvicorn serving the API (documents' issuance left out) on 127.0.0.1; its URL."""
    from casefile.api import create_app

    port = _free_port()
    config = uvicorn.Config(create_app(on_committed=lambda *_: None), host="127.0.0.1", port=port, log_level="warning",
                            lifespan="off")
    live = uvicorn.Server(config)
    thread = threading.Thread(target=live.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not live.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    live.should_exit = True
    thread.join(timeout=10)


def _act(data: dict[str, Any]) -> Any:
    from casefile.acts import parse_act

    return parse_act(data)


def _at(text: str) -> Any:
    from datetime import datetime

    return datetime.fromisoformat(text)


def test_an_act_through_the_server_is_performed_once(server: str, world: World) -> None:
    """The employer's counsel files Amazon's objections through the server: the ActResult says
    what was recorded and that the objections document is being issued; sending it again (a new
    call, a later instant) returns the first result and the docket holds one entry for it."""
    from casefile import app
    from casefile.cli.remote import perform_remote

    token = world.tokens["employer-counsel"]  # Amazon's own act (Amazon is represented here: only its organization files it)
    first = perform_remote(server, token, _act(AMAZON_OBJECTIONS), case_number=NUMBER,
                           as_of=_at("2021-04-16T18:00:00-04:00"))
    assert isinstance(first, app.ActResult)
    assert (first.act, first.case_number, first.repeated, first.pending) == (
        "file-objections", NUMBER, False, ["objections"])
    again = perform_remote(server, token, _act(AMAZON_OBJECTIONS), case_number=NUMBER,
                           as_of=_at("2021-04-16T18:30:00-04:00"))
    assert again == first
    docket = app.docket(NUMBER)
    assert len([e for e in docket if e.act == "file-objections" and "Amazon" in e.summary]) == 1
    assert any(e.recorded_by == "user:employer-counsel@amazon-firm.example.org" for e in docket)


def test_the_servers_refusal_is_the_same_error_as_in_process(server: str, world: World) -> None:
    """Objections after the cut-off: the server refuses them, and perform_remote raises
    UntimelyFiling with the message and field the front door gives in this process."""
    from casefile import app
    from casefile.acts import Who
    from casefile.cli.remote import perform_remote
    from casefile.errors import UntimelyFiling

    late = _act({"act": "file-objections", "date": "2021-04-19", "party": "rwdsu", "objections": ["Late."]})
    moment = _at("2021-04-19T12:00:00-04:00")
    with pytest.raises(UntimelyFiling) as remote:
        perform_remote(server, world.tokens["union-counsel"], late, case_number=NUMBER, as_of=moment)
    with pytest.raises(UntimelyFiling) as local:
        app.perform(late, case_number=NUMBER, as_of=moment, by=Who.operator(), documents="none")
    assert (str(remote.value), remote.value.field, remote.value.code) == (
        str(local.value), local.value.field, "untimely-filing")


def test_a_refusal_by_role_and_a_bad_token(server: str, world: World) -> None:
    """A staffer may not record the tally (NotPermitted, 403); a revoked or unknown token is
    NotAuthenticated; no token at all is refused before anything is sent."""
    from casefile.cli.remote import perform_remote
    from casefile.errors import ConfigurationError
    from casefile.record.access import NotAuthenticated, NotPermitted
    from tests.acts.procedure import scenario

    tally = scenario().events[0]
    moment = _at("2021-04-16T18:00:00-04:00")
    with pytest.raises(NotPermitted, match="its acts are its own"):
        perform_remote(server, world.tokens["union-staff"], tally, case_number=NUMBER, as_of=moment)
    with pytest.raises(NotAuthenticated):
        perform_remote(server, "cf_not-a-token", tally, case_number=NUMBER, as_of=moment)
    with pytest.raises(ConfigurationError, match="CASEFILE_TOKEN"):
        perform_remote(server, "", tally, case_number=NUMBER, as_of=moment)


def test_a_server_that_does_not_answer(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing listening: after its retries, ConfigurationError naming CASEFILE_SERVER_URL."""
    from casefile.cli import remote
    from casefile.errors import ConfigurationError

    monkeypatch.setattr(remote, "BACKOFF", (0.0, 0.0, 0.0))
    url = f"http://127.0.0.1:{_free_port()}"
    with pytest.raises(ConfigurationError, match="cannot reach the casefile server"):
        remote.perform_remote(url, world.tokens["union-counsel"], _act(AMAZON_OBJECTIONS), case_number=NUMBER,
                              as_of=_at("2021-04-16T18:00:00-04:00"))


def test_the_command_line_performs_through_the_server(server: str, world: World, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """`casefile act CASE FILE` with CASEFILE_SERVER_URL and CASEFILE_TOKEN set goes to the server
    and says so; the docket names the token's user."""
    from typer.testing import CliRunner

    from casefile import app
    from casefile.cli.app import app as cli

    act_file = tmp_path / "objections.yaml"
    act_file.write_text("act: file-objections\ndate: 2021-04-16\nparty: amazon\nobjections:\n  - Electioneering.\n")
    monkeypatch.setenv("CASEFILE_SERVER_URL", server)
    monkeypatch.setenv("CASEFILE_TOKEN", world.tokens["employer-counsel"])
    result = CliRunner().invoke(cli, ["act", NUMBER, str(act_file), "--as-of", "2021-04-16T20:00:00-04:00"])
    assert result.exit_code == 0, result.output
    assert "10-RC-269250: Objections" in result.output and "file-objections" not in result.output
    assert f"performed by the casefile server at {server}" in result.output
    entry = next(e for e in app.docket(NUMBER) if e.act == "file-objections" and "Amazon" in e.summary)
    assert entry.recorded_by == "user:employer-counsel@amazon-firm.example.org"


def test_a_file_goes_to_the_server_as_its_bytes(server: str, world: World, tmp_path: Path) -> None:
    """`casefile documents attach` with CASEFILE_SERVER_URL: the command reads the local PDF and uploads it
    (multipart): the server stores those bytes at their sha256; sent again, nothing new (same key)."""
    import hashlib
    import io

    from pypdf import PdfWriter
    from sqlmodel import select

    from casefile.cli.perform import local_upload
    from casefile.cli.remote import perform_remote
    from casefile.record.db import read_session
    from casefile.record.models import DocketEntry
    from casefile.record.uploads import uploads_of

    writer = PdfWriter()
    writer.add_blank_page(612, 792)
    buffer = io.BytesIO()
    writer.write(buffer)
    source = tmp_path / "Tally as issued.pdf"
    source.write_bytes(buffer.getvalue())
    with read_session() as s:
        tally = s.exec(select(DocketEntry).where(DocketEntry.act == "record-tally")).one()
    upload = local_upload(source, field="file")
    act = _act({"act": "attach-document", "to": f"docket:{tally.id}", "file": upload.ref})
    token = world.tokens["region"]  # the tally is the Region's record: the Region attaches its copy as issued
    first = perform_remote(server, token, act, case_number=NUMBER, as_of=_at("2021-04-16T18:00:00-04:00"),
                           uploads=uploads_of([upload]))
    sha = hashlib.sha256(source.read_bytes()).hexdigest()
    assert first.summary.startswith(f"Tally of Ballots as issued by the Region attached (sha256 {sha[:12]}")
    assert (world.out / "uploads" / sha[:2] / f"{sha}.pdf").read_bytes() == source.read_bytes()
    again = perform_remote(server, token, act, case_number=NUMBER, as_of=_at("2021-04-16T18:30:00-04:00"),
                           uploads=uploads_of([upload]))
    assert again == first
