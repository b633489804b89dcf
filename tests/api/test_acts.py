"""Acts through the API: performed or recorded as the user's role says, docketed with the legal
actor and the user, retried with an Idempotency-Key without filing twice, refused with the act's
own error as problem+json while storing nothing, and their documents issued after the answer."""

from __future__ import annotations

from typing import Any, ClassVar

from sqlmodel import col, select

from tests.accounts.world import NUMBER, World

AMAZON_OBJECTIONS = {"act": "file-objections", "date": "2021-04-16", "party": "amazon",
                     "objections": ["The Petitioner's agents electioneered at the collection box."]}
AS_OF = "2021-04-16T18:00:00-04:00"
ACTS = f"/api/v1/cases/{NUMBER}/acts"


def _entries(act: str = "file-objections") -> list[Any]:
    from casefile.record.db import read_session
    from casefile.record.models import DocketEntry

    with read_session() as session:
        return list(session.exec(select(DocketEntry).where(DocketEntry.act == act).order_by(col(DocketEntry.id))))


class TestPerformed:
    def test_an_act_retried_with_its_idempotency_key_gets_the_first_answer_and_files_once(
            self, client: Any, world: World, issued: list[tuple[int, Any]]) -> None:
        """The employer's counsel files Amazon's objections (201, pending: the objections document);
        the same request again with the same key answers the first answer (marked replayed) and
        the docket holds one entry for them, recorded by that user for the party."""
        headers = {**world.headers("employer-counsel"), "Idempotency-Key": "amazon-objections-1"}
        first = client.post(ACTS, json=AMAZON_OBJECTIONS, params={"as_of": AS_OF}, headers=headers)
        assert first.status_code == 201, first.text
        body = first.json()
        assert (body["act"], body["case_number"], body["repeated"], body["pending"]) == (
            "file-objections", NUMBER, False, ["objections"])
        assert body["summary"].startswith("Objections of Amazon.com Services LLC (objection no. 1)")
        again = client.post(ACTS, json=AMAZON_OBJECTIONS, params={"as_of": "2021-04-16T18:05:00-04:00"}, headers=headers)
        assert (again.status_code, again.json(), again.headers["Idempotent-Replayed"]) == (201, body, "true")
        amazon = [e for e in _entries() if "Amazon" in e.summary]
        assert len(amazon) == 1
        assert (amazon[0].id, amazon[0].actor.value, amazon[0].recorded_by) == (
            body["entry_id"], "party", "user:employer-counsel@amazon-firm.example.org")
        assert {entry for entry, _ in issued} == {body["entry_id"]}

    def test_the_same_key_for_another_act_is_refused(self, client: Any, world: World) -> None:
        """A key already used for one act, sent with another, is refused (422) and performs nothing."""
        headers = {**world.headers("employer-counsel"), "Idempotency-Key": "k-1"}
        assert client.post(ACTS, json=AMAZON_OBJECTIONS, params={"as_of": AS_OF}, headers=headers).status_code == 201
        other = {**AMAZON_OBJECTIONS, "objections": ["Another objection."]}
        refused = client.post(ACTS, json=other, params={"as_of": AS_OF}, headers=headers)
        assert refused.status_code == 422
        assert (refused.json()["code"], refused.json()["field"]) == ("idempotency-key-reused", "Idempotency-Key")
        assert len([e for e in _entries() if "Amazon" in e.summary]) == 1

    def test_the_same_act_without_a_key_is_found_not_repeated(self, client: Any, world: World) -> None:
        """Without a key, the act's own idempotency answers: 200, repeated, the first entry."""
        headers = world.headers("employer-counsel")
        first = client.post(ACTS, json=AMAZON_OBJECTIONS, params={"as_of": AS_OF}, headers=headers).json()
        again = client.post(ACTS, json=AMAZON_OBJECTIONS, params={"as_of": AS_OF}, headers=headers)
        assert again.status_code == 200
        assert (again.json()["repeated"], again.json()["entry_id"]) == (True, first["entry_id"])

    def test_counsel_do_not_record_a_represented_partys_filing(self, client: Any, world: World) -> None:
        """Amazon is represented on this instance: its objections are its own. RWDSU's counsel sending
        them is refused (403, saying why) and nothing is stored (security trial M9)."""
        before = len(_entries())
        answer = client.post(ACTS, json=AMAZON_OBJECTIONS, params={"as_of": AS_OF}, headers=world.headers("union-counsel"))
        assert answer.status_code == 403, answer.text
        assert answer.json()["code"] == "not-permitted" and "its acts are its own" in answer.json()["detail"]
        assert len(_entries()) == before

    def test_the_default_hook_issues_the_documents_after_the_answer(self, world: World) -> None:
        """Without a hook the API issues the act's documents itself, after answering: the employer
        then finds its objections among the case's documents, with a PDF to download."""
        from fastapi.testclient import TestClient

        from casefile.api import create_app

        with TestClient(create_app()) as client:
            headers = world.headers("employer-counsel")
            done = client.post(ACTS, json=AMAZON_OBJECTIONS, params={"as_of": AS_OF}, headers=headers)
            assert done.status_code == 201 and done.json()["pending"] == ["objections"]
            docs = client.get(f"/api/v1/cases/{NUMBER}/documents", headers=headers).json()
            amazon = [d for d in docs if d["title"] == "Employer's Objections to Conduct Affecting the Results of the Election"]
            assert len(amazon) == 1, [d["title"] for d in docs]
            pdf = client.get(amazon[0]["download_url"], headers=headers)
            assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF-")
            assert pdf.headers["x-casefile-sha256"] == amazon[0]["sha256"]


class TestRefused:
    def test_objections_after_the_cut_off_are_refused_and_store_nothing(self, client: Any, world: World) -> None:
        """RWDSU's supplemental objections received on Monday 2021-04-19 (the period ended Friday
        2021-04-16 at 11:59 p.m. Eastern) are refused: 409, code untimely-filing, field date, the
        rule's message; every table and file is as before the request (the pre-act sweep is rolled back
        with the refused act)."""
        from casefile.record.db import get_engine
        from tests.acts.snapshot import snapshot

        late = {"act": "file-objections", "date": "2021-04-19", "party": "rwdsu", "objections": ["Late objection."]}
        headers = world.headers("union-counsel")
        moment = "2021-04-19T12:00:00-04:00"
        assert client.get("/api/v1/cases", headers=headers).status_code == 200  # the token's use is recorded now
        before = snapshot(get_engine(), world.out)
        answer = client.post(ACTS, json=late, params={"as_of": moment}, headers=headers)
        assert answer.status_code == 409
        assert answer.headers["content-type"] == "application/problem+json"
        problem = answer.json()
        assert (problem["code"], problem["family"], problem["field"], problem["status"]) == (
            "untimely-filing", "untimely", "date", 409)
        assert "untimely" in problem["detail"] and "102.69(a)" in problem["detail"] and "2021" in problem["detail"]
        assert problem["type"] == "/api/v1/problems/untimely-filing"
        assert snapshot(get_engine(), world.out) == before
        described = client.get(problem["type"]).json()
        assert (described["family"], described["status"]) == ("untimely", 409)

    def test_a_body_that_is_not_the_act_names_the_field(self, client: Any, world: World) -> None:
        """An act that does not validate answers 422 invalid-act with the field path relative to
        the act (the union's tag left out)."""
        headers = world.headers("union-counsel")
        bad = {**AMAZON_OBJECTIONS, "party": "rwdsu", "offer_of_proof": [{"objection": 0, "witness": "W", "summary": "S"}]}
        answer = client.post(ACTS, json=bad, params={"as_of": AS_OF}, headers=headers)
        assert answer.status_code == 422
        assert (answer.json()["code"], answer.json()["field"]) == ("invalid-act", "offer_of_proof.0.objection")
        unknown = client.post(ACTS, json={"act": "sing-a-song"}, headers=headers)
        assert (unknown.status_code, unknown.json()["code"]) == (422, "invalid-act")
        extra = client.post(ACTS, json={**AMAZON_OBJECTIONS, "colour": "red"}, headers=headers)
        assert (extra.status_code, extra.json()["field"]) == (422, "colour")
        both = client.post(ACTS, json={**AMAZON_OBJECTIONS, "objections": [{"text": "x"}], "witnesses": []},
                           headers=headers)  # every problem named, each with its path (no "and 1 more")
        assert both.status_code == 422 and "more" not in both.json()["detail"]
        assert [e["field"] for e in both.json()["errors"]] == ["objections.0", "witnesses"]
        assert "'witnesses' is not a field of the act" in both.json()["detail"]

    def test_a_body_that_is_not_json_says_where_in_words(self, client: Any, world: World) -> None:
        """A malformed JSON body (a trailing comma on line 2) answers 422 invalid-json as docs/api.md
        says, field 'body' (not the character offset), the position in words; nothing stored."""
        before = len(_entries())
        body = '{"act": "file-objections", "date": "2021-04-16",\n "party": "amazon", }'
        answer = client.post(ACTS, content=body, params={"as_of": AS_OF},
                             headers={**world.headers("employer-counsel"), "Content-Type": "application/json"})
        assert answer.status_code == 422 and answer.headers["content-type"].startswith("application/problem+json")
        problem = answer.json()
        assert (problem["code"], problem["field"], problem["family"]) == ("invalid-json", "body", "bad-input")
        assert problem["detail"].startswith("the request's body is not valid JSON at line 2, column 21 "
                                            "(character 70 of the body): "), problem["detail"]
        assert problem["type"].endswith("/problems/invalid-json")
        assert len(_entries()) == before

    def test_an_act_the_procedure_refuses_answers_with_its_field(self, client: Any, world: World) -> None:
        """A witness offered on an objection the filing does not have: the act's ProcedureError, 409,
        field offer_of_proof.0.objection."""
        bad = {**AMAZON_OBJECTIONS, "party": "rwdsu", "offer_of_proof": [{"objection": 9, "witness": "W", "summary": "S"}]}
        answer = client.post(ACTS, json=bad, params={"as_of": AS_OF}, headers=world.headers("union-counsel"))
        assert answer.status_code == 409
        assert (answer.json()["code"], answer.json()["field"]) == ("procedure", "offer_of_proof.0.objection")

    def test_a_role_that_may_not_act_gets_403_with_the_reason(self, client: Any, world: World) -> None:
        """Union staff may file its party's objections but not record the Board agent's tally (nor
        would counsel: the Region is represented here)."""
        from tests.acts.procedure import scenario

        tally = scenario().events[0].model_dump(mode="json", by_alias=True)
        answer = client.post(ACTS, json=tally, params={"as_of": AS_OF}, headers=world.headers("union-staff"))
        assert answer.status_code == 403
        assert answer.json()["code"] == "not-permitted" and "its acts are its own" in answer.json()["detail"]

    def test_an_as_of_in_the_future_is_refused(self, client: Any, world: World) -> None:
        answer = client.post(ACTS, json=AMAZON_OBJECTIONS, params={"as_of": "2999-01-01T00:00:00Z"},
                             headers=world.headers("employer-counsel"))
        assert (answer.status_code, answer.json()["field"]) == (422, "as_of")


class TestOpenCase:
    OPEN: ClassVar[dict[str, Any]] = {"act": "open-case", "case": {"number": "10-RC-300001", "name": "Example Warehouse LLC",
                                         "petition_filed_on": "2024-01-10"},
            "parties": [{"key": "employer", "role": "employer", "name": "Example Warehouse LLC"},
                        {"key": "rwdsu", "role": "petitioner", "name": "Retail, Wholesale and Department Store Union"}]}

    def test_counsel_opens_a_case_for_its_party_and_sees_it(self, client: Any, world: World) -> None:
        """RWDSU's counsel opens a case naming the party it represents: its organization is linked
        to it (the case is in its list); the employer's firm, not linked, does not see it."""
        path = "/api/v1/cases/10-RC-300001/acts"
        missing = client.post(path, json=self.OPEN, params={"as_of": "2024-02-01T12:00:00-05:00"},
                              headers=world.headers("union-counsel"))
        assert (missing.status_code, missing.json()["field"]) == (422, "party")
        opened = client.post(path, json=self.OPEN, params={"as_of": "2024-02-01T12:00:00-05:00", "party": "rwdsu"},
                             headers=world.headers("union-counsel"))
        assert opened.status_code == 201, opened.text
        numbers = [c["case_number"] for c in client.get("/api/v1/cases", headers=world.headers("union-viewer")).json()["items"]]
        assert sorted(numbers) == [NUMBER, "10-RC-300001"]
        assert client.get("/api/v1/cases/10-RC-300001", headers=world.headers("employer-counsel")).status_code == 404
        assert client.get("/api/v1/cases/10-RC-300001", headers=world.headers("region")).status_code == 200

    def test_the_answer_carries_the_acts_warnings(self, client: Any, world: World) -> None:
        """The Region records the Tally of Ballots of a case it opened, naming no Board agent: the answer
        holds the act's own warnings, the same list the command line prints and the web shows."""
        path = "/api/v1/cases/10-RC-300001/acts"
        opened = client.post(path, json=self.OPEN, params={"as_of": "2024-02-01T12:00:00-05:00"},
                             headers=world.headers("region"))
        assert opened.status_code == 201, opened.text
        tally = {"act": "record-tally", "date": "2024-03-01", "kind": "initial", "choices": {
            "Retail, Wholesale and Department Store Union": 40}, "against": 31, "challenged": 2}
        answer = client.post(path, json=tally, params={"as_of": "2024-03-01T17:00:00-05:00"},
                             headers=world.headers("region"))
        assert answer.status_code == 201, answer.text
        warnings = answer.json()["warnings"]
        assert [w.split(":")[0] for w in warnings] == ["the Tally of Ballots names no Board agent",
                                                       "the case has no unit description"]
        assert answer.json()["gaps"] == [  # the facts behind them, for the client to word its own remedy
            {"kind": "no-board-agent", "case_number": "10-RC-300001", "document": "Tally of Ballots", "party": "",
             "party_name": "", "whom": "", "act": "", "entry_id": None},
            {"kind": "no-unit-description", "case_number": "10-RC-300001", "document": "Tally of Ballots", "party": "",
             "party_name": "", "whom": "", "act": "", "entry_id": None}]
        assert "casefile " not in " ".join(warnings)

    def test_opening_a_case_already_open_gives_no_access(self, client: Any, world: World) -> None:
        """The outsider sends Bessemer's open-case again, naming RWDSU: refused (409
        case-already-open); it still does not see the case."""
        from tests.acts.procedure import scenario

        spec = scenario()
        body = {"act": "open-case", "case": spec.case.model_dump(mode="json"),
                "parties": [p.model_dump(mode="json") for p in spec.parties]}
        answer = client.post(ACTS, json=body, params={"party": "rwdsu"}, headers=world.headers("outsider"))
        assert (answer.status_code, answer.json()["code"]) == (409, "case-already-open")
        assert client.get(f"/api/v1/cases/{NUMBER}", headers=world.headers("outsider")).status_code == 404
        # the organization by its name, and the link request by the page it is on (there is no Admin menu)
        assert f"{NUMBER} is already open on this casefile and Another Firm LLP is not linked to it: ask to be linked " \
            "to your party in it (Link requests → “Ask to be linked”); the operator decides the request" \
            in str(answer.json()), answer.json()

    def test_a_short_number_opens_no_case(self, client: Any, world: World) -> None:
        """A four-digit serial for a 2024 petition (a digit dropped, new user's trial F27): 422 naming the field;
        the case is not there afterwards."""
        body = {**self.OPEN, "case": {**self.OPEN["case"], "number": "10-RC-3001"}}
        answer = client.post("/api/v1/cases/10-RC-3001/acts", json=body, params={"party": "rwdsu"},
                             headers=world.headers("union-counsel"))
        assert (answer.status_code, answer.json()["code"], answer.json()["field"]) == (
            422, "malformed-case-number", "case.number"), answer.text
        assert "10-RC-3001: its serial number 3001 has 4 digits, not 6" in str(answer.json())
        assert client.get("/api/v1/cases/10-RC-3001", headers=world.headers("region")).status_code == 404

    def test_staff_do_not_open_cases(self, client: Any, world: World) -> None:
        answer = client.post("/api/v1/cases/10-RC-300001/acts", json=self.OPEN, params={"party": "rwdsu"},
                             headers=world.headers("union-staff"))
        assert (answer.status_code, answer.json()["code"]) == (403, "not-permitted")


class TestARowChangedOutsideCasefile:
    def test_refuses_the_act_that_touches_it_with_409_storing_nothing(self, client: Any, world: World) -> None:
        """Objection 2's text edited with raw SQL: the Region's Notice of Hearing, which sets it for hearing, is
        refused 409 record-altered naming the row and the entry that recorded it; every table and file as before."""
        import sqlite3

        from casefile.record.db import get_engine
        from tests.acts.snapshot import snapshot

        with sqlite3.connect(world.folder / "casefile.db") as conn:
            assert conn.execute("update objection set text = 'The Employer did nothing wrong.' where id = 2").rowcount == 1
        headers = world.headers("region")
        assert client.get("/api/v1/cases", headers=headers).status_code == 200  # the token's use is recorded now
        before = snapshot(get_engine(), world.out)
        notice = {"act": "notice-hearing", "date": "2021-04-26", "opens_on": "2021-05-07", "place": "Videoconference",
                  "presiding": "Kerstin Meyers", "issuer": "Lisa Henderson"}
        answer = client.post(ACTS, json=notice, params={"as_of": "2021-04-26T12:00:00-04:00"}, headers=headers)
        assert answer.status_code == 409, answer.text
        problem = answer.json()
        assert (problem["code"], problem["family"], problem["status"]) == ("record-altered", "conflict", 409)
        assert problem["detail"].startswith("objection #2 was changed outside casefile after docket entry #")
        assert problem["detail"].endswith("recorded it: the act is refused and nothing was stored; run `casefile verify`")
        assert snapshot(get_engine(), world.out) == before
        described = client.get(problem["type"]).json()
        assert (described["family"], described["status"]) == ("conflict", 409)
