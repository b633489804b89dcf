"""Impossible chronology refused through the web forms and the API too (issue 17 item 4: "applied to every
interface"; reliability trial, defect 4), as the command line, the replay and the import refuse it
(tests/acts/test_case_time_line.py): a tally whose election ends before it begins, a tally dated before voting
ended, an election held before the petition, objections dated before the tally they object to and in the future.
Each is a 4xx naming the field, and every table of the record and the output folder are as they were (the sign-in's
and the token's own rows aside: not the record)."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

from tests.acts.snapshot import default_snapshot
from tests.web.test_act_forms import summary_links
from tests.web.test_sessions import client, csrf, sign_in  # noqa: F401  (the fixture)
from tests.web.world import NUMBER, TALLY_CASE, USERS

#: Rows a request writes whatever it asks (who signed in, a token's last use, the access log): not the record.
NOT_RECORD = {"apitoken", "accesslog", "websignin", "loginattempt"}
TALLY = {"date": "2022-03-10", "kind": "initial", "choices-rows": "1", "choices-0-name": "Retail, Wholesale and Department Store Union",
         "choices-0-votes": "40", "against": "30", "challenged": "0", "void": "1", "eligible": "90", "method": "mail",
         "held_from_on": "2022-03-07", "held_to_on": "2022-03-09"}


def _record() -> dict[str, Any]:
    shot = default_snapshot()
    return {"tables": {t: rows for t, rows in shot["tables"].items() if t not in NOT_RECORD}, "files": shot["files"]}


def _refused(client: Any, path: str, fields: dict[str, str]) -> tuple[str, str]:  # noqa: F811
    token = csrf(client, path)
    before = _record()
    answer = client.post(path, data={"csrf_token": token, **fields}, follow_redirects=False)
    assert answer.status_code == 422, answer.text[:2000]
    assert _record() == before
    return summary_links(answer.text)[0]


class TestTheWebForms:
    @pytest.mark.parametrize(("changes", "field", "says"), [
        ({"held_from_on": "2022-03-09", "held_to_on": "2022-03-07"}, "held_to_on", "cannot end on March 7, 2022, before it begins on March 9, 2022"),
        ({"date": "2022-03-08"}, "date", "before voting ended on March 9, 2022"),
        ({"held_from_on": "2021-12-01", "held_to_on": "2021-12-02", "date": "2021-12-03"}, "date",
         "before the petition was filed on January 10, 2022"),
    ])
    def test_a_tally_out_of_time_is_refused_naming_the_field(self, client: Any, changes: dict[str, str],  # noqa: F811
                                                             field: str, says: str) -> None:
        sign_in(client, USERS["region"])
        target, text = _refused(client, f"/cases/{TALLY_CASE}/acts/record-tally", {**TALLY, **changes})
        assert (target, says in text) == (field, True), (target, text)

    @pytest.mark.parametrize(("day", "says"), [("2022-03-01", "before the"), ("2099-04-07", "later than today")])
    def test_objections_out_of_time_are_refused(self, client: Any, day: str, says: str) -> None:  # noqa: F811
        """Objections to the rerun's tally of March 31, 2022 dated before it, or in 2099."""
        sign_in(client, USERS["union-staff"])
        target, text = _refused(client, f"/cases/{NUMBER}/acts/file-objections", {
            "party": "rwdsu", "date": day, "objections-rows": "1", "offer_of_proof-rows": "1",
            "objections-0": "Threats.", "method": "e-filing"})
        assert target == "date" and says in text, (target, text)


class TestTheApi:
    def test_a_tally_whose_election_is_before_the_petition_is_a_409(self, served: Any) -> None:
        """The same refusal through POST /api/v1/cases/{number}/acts (a token of the Region's agent)."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from fastapi.testclient import TestClient

        from casefile.accounts.tokens import create_token
        from casefile.record.db import write_session
        from casefile.server import create_app

        with write_session(by="operator:tests") as session:
            from datetime import UTC, datetime

            _, token = create_token(session, email=USERS["region"], as_of=datetime.now(UTC), name="chronology")
        body = {"act": "record-tally", "date": "2021-12-03", "kind": "initial", "choices": {"Retail, Wholesale and Department Store Union": 40},
                "against": 30, "challenged": 0, "void": 1, "eligible": 90,
                "election": {"method": "mail", "held_from_on": "2021-12-01", "held_to_on": "2021-12-02"}}
        before = _record()
        with TestClient(create_app(on_committed=lambda entry_id, as_of: None)) as api:
            answer = api.post(f"/api/v1/cases/{TALLY_CASE}/acts", json=body, params={"as_of": "2021-12-03T12:00:00-05:00"},
                              headers={"Authorization": f"Bearer {token}"})
        assert (answer.status_code, answer.json()["code"], answer.json()["field"]) == (409, "out-of-order", "date"), answer.text
        assert "before the petition was filed on January 10, 2022" in answer.json()["detail"]
        assert _record() == before


class TestTurnout:
    """A tally counting more ballots unchallenged than twice its eligible voters (rules.tally.turnout_refusal: 655
    against 100 in the new user's trial) is refused by the web form and the API as by the command line, naming the
    field, nothing stored."""

    def test_by_the_web_form(self, client: Any) -> None:  # noqa: F811
        sign_in(client, USERS["region"])
        target, text = _refused(client, f"/cases/{TALLY_CASE}/acts/record-tally", {
            **TALLY, "choices-0-votes": "400", "against": "250", "void": "5", "eligible": "100"})
        assert (target, "655 ballots were counted unchallenged" in text) == ("eligible", True), (target, text)

    def test_by_the_api(self, served: Any) -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from fastapi.testclient import TestClient
        from datetime import UTC, datetime

        from casefile.accounts.tokens import create_token
        from casefile.record.db import write_session
        from casefile.server import create_app

        with write_session(by="operator:tests") as session:
            _, token = create_token(session, email=USERS["region"], as_of=datetime.now(UTC), name="turnout")
        body = {"act": "record-tally", "date": "2022-03-10", "kind": "initial",
                "choices": {"Retail, Wholesale and Department Store Union": 400}, "against": 250, "challenged": 0,
                "void": 5, "eligible": 100, "election": {"method": "mail", "held_from_on": "2022-03-07",
                                                         "held_to_on": "2022-03-09"}}
        before = _record()
        with TestClient(create_app(on_committed=lambda entry_id, as_of: None)) as api:
            answer = api.post(f"/api/v1/cases/{TALLY_CASE}/acts", json=body, params={"as_of": "2022-03-10T12:00:00-05:00"},
                              headers={"Authorization": f"Bearer {token}"})
        assert (answer.status_code, answer.json()["code"], answer.json()["field"]) == (422, "invalid-tally", "eligible"), \
            answer.text
        assert "655 ballots were counted unchallenged" in answer.json()["detail"]
        assert _record() == before
