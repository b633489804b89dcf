"""Control characters refused through the web forms and the API as the command line, the scenario and tally files
and the import refuse them (tests/acts/test_strict_fields.py, TestControlCharacters): an objection holding U+0001
or ESC was stored and printed in its PDF as nothing. Each is a 422 naming the field and the character, and every
table of the record and the output folder are as they were (the sign-in's and the token's own rows aside)."""

from __future__ import annotations

import warnings
from datetime import UTC, datetime
from typing import Any

import pytest

from tests.web.test_act_forms import summary_links
from tests.web.test_chronology_refused import _record
from tests.web.test_sessions import client, csrf, sign_in  # noqa: F401  (the fixture)
from tests.web.world import NUMBER, USERS

OBJECTIONS = {"party": "rwdsu", "date": "2022-04-04", "objections-rows": "1", "offer_of_proof-rows": "1",
              "method": "e-filing"}


class TestTheWebForms:
    @pytest.mark.parametrize(("text", "says"), [("Thr\x01eat.", "a control character (U+0001) at character 4"),
                                                ("Threat\x1b[31m.", "a control character (U+001B) at character 7"),
                                                ("Threat\x85.", "a control character (U+0085) at character 7")])
    def test_an_objection_holding_a_control_character_is_refused(self, client: Any, text: str,  # noqa: F811
                                                                 says: str) -> None:
        sign_in(client, USERS["union-staff"])
        path = f"/cases/{NUMBER}/acts/file-objections"
        token = csrf(client, path)
        before = _record()
        answer = client.post(path, data={"csrf_token": token, **OBJECTIONS, "objections-0": text},
                             follow_redirects=False)
        assert answer.status_code == 422, answer.text[:2000]
        assert _record() == before
        target, words = summary_links(answer.text)[0]
        assert target.startswith("objections") and says in words, (target, words)


class TestTheApi:
    def test_an_objection_holding_a_control_character_is_a_422(self, served: Any) -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from fastapi.testclient import TestClient

        from casefile.accounts.tokens import create_token
        from casefile.record.db import write_session
        from casefile.server import create_app

        with write_session(by="operator:tests") as session:
            _, token = create_token(session, email=USERS["union-counsel"], as_of=datetime.now(UTC), name="characters")
        body = {"act": "file-objections", "party": "rwdsu", "date": "2022-04-04", "objections": ["Thr\x07eat."]}
        before = _record()
        with TestClient(create_app(on_committed=lambda entry_id, as_of: None)) as api:
            answer = api.post(f"/api/v1/cases/{NUMBER}/acts", json=body, headers={"Authorization": f"Bearer {token}"})
        assert (answer.status_code, answer.json()["field"]) == (422, "objections.0"), answer.text
        assert "a control character (U+0007) at character 4" in answer.json()["detail"]
        assert _record() == before


class TestTheWebsOwnWords:
    def test_a_query_that_does_not_validate_is_said_in_plain_words(self, client: Any) -> None:  # noqa: F811
        """`/cases?page=abc` answered pydantic's "page: Input should be a valid integer, unable to parse string as an
        integer"; now casefile.validation's words, as every other refusal."""
        sign_in(client, USERS["union-staff"])
        answer = client.get("/cases", params={"page": "abc"})
        assert answer.status_code == 422
        assert "page: must be a whole number, like 875 (not &#39;abc&#39;)" in answer.text, answer.text[:3000]
        assert "Input should be" not in answer.text
