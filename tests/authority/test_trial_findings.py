"""The security trial's findings about who may act and see (shared/reviews/security-trial.md,
issue 14), each reproduced through the API on the Bessemer world — RWDSU (rwdsu-legal), Amazon
(amazon-firm) and Region 10 all represented on the instance — and each refused now, storing
nothing. Every test here failed before the authority policy (casefile.record.authority)."""

from __future__ import annotations

from typing import Any, ClassVar

from tests.accounts.world import NUMBER, World
from tests.authority.snapshots import record_snapshot

AS_OF = "2021-04-16T18:00:00-04:00"
ACTS = f"/api/v1/cases/{NUMBER}/acts"
PLANTED = {"act": "file-offer-of-proof", "party": "rwdsu", "at": "2021-04-16T14:38:00-04:00",
           "witnesses": [{"objection": 24, "witness": "EMPLOYER-PLANTED witness", "summary": "Planted by employer counsel"}]}
SUPPLEMENTAL = {"act": "file-objections", "party": "rwdsu", "at": "2021-04-16T14:00:00-04:00",
                "objections": ["The Employer's agents surveilled the mailbox on April 1."]}
OFFER = {"act": "file-offer-of-proof", "party": "rwdsu", "at": "2021-04-16T14:40:00-04:00",
         "witnesses": [{"objection": 24, "witness": "CANARY-OOP2 Polled Worker", "summary": "CANARY-OOP2 saw it"},
                       {"objection": 24, "witness": "Second Worker", "summary": "Saw the agents too"}]}


def post(client: Any, world: World, who: str, act: dict[str, Any]) -> Any:
    return client.post(ACTS, json=act, params={"as_of": AS_OF}, headers=world.headers(who))


def listed(client: Any, world: World, who: str) -> set[tuple[str, str, tuple[str, ...]]]:
    answer = client.get(ACTS, params={"as_of": AS_OF}, headers=world.headers(who))
    assert answer.status_code == 200, answer.text
    return {(a["act"], a["mode"], tuple(a["parties"])) for a in answer.json()}


class TestH1:
    """The other party's counsel could file an offer of proof in the union's name (the check
    looked for an ``offer_of_proof`` attribute), which blocked the union's own; and the list of
    permitted acts told it whether the union had filed its offer."""

    def test_the_other_side_cannot_file_an_offer_of_proof_in_the_unions_name(self, client: Any, world: World) -> None:
        before = record_snapshot()
        for who in ("employer-counsel", "employer-admin"):
            answer = post(client, world, who, PLANTED)
            assert answer.status_code == 403, answer.text
            assert answer.json()["code"] == "not-permitted" and "102.69(a)(8)" in answer.json()["detail"]
        assert record_snapshot() == before  # nothing stored, the pre-act sweep included
        assert post(client, world, "union-counsel", SUPPLEMENTAL).status_code == 201
        assert post(client, world, "union-counsel", OFFER).status_code == 201  # the union's own is not blocked

    def test_the_refusal_is_the_same_whether_or_not_the_union_has_filed_its_offer(self, client: Any,
                                                                                   world: World) -> None:
        """Before the union's separate offer and after it, the employer gets the same 403 body and
        the same list of permitted acts: neither says whether the offer exists."""
        first = post(client, world, "employer-counsel", PLANTED)
        offered_before = listed(client, world, "employer-counsel")
        assert post(client, world, "union-counsel", SUPPLEMENTAL).status_code == 201
        after_objections = listed(client, world, "employer-counsel")
        assert post(client, world, "union-counsel", OFFER).status_code == 201
        second = post(client, world, "employer-counsel", PLANTED)
        assert (first.status_code, first.json()) == (second.status_code, second.json())
        assert listed(client, world, "employer-counsel") == after_objections == offered_before
        assert not any(act == "file-offer-of-proof" for act, _, _ in offered_before)


    def test_the_refusal_in_words_is_the_same_whether_or_not_the_union_has_filed_its_offer(self, client: Any,
                                                                                            world: World) -> None:
        """The web's refusal page (app.refusal) asks the policy first: before the union's offer it said "not yours to
        do", after it "cannot be done now: the election is at 'Objections pending'" (attacker trial, 4a)."""
        from datetime import datetime

        from casefile import app

        as_of = datetime.fromisoformat(AS_OF)
        before = app.refusal(NUMBER, "file-offer-of-proof", viewer=world.viewer("employer-counsel"), as_of=as_of)
        assert post(client, world, "union-counsel", SUPPLEMENTAL).status_code == 201
        assert post(client, world, "union-counsel", OFFER).status_code == 201
        after = app.refusal(NUMBER, "file-offer-of-proof", viewer=world.viewer("employer-counsel"), as_of=as_of)
        assert before == after, (before, after)
        assert before.authority == "" and before.stage == "objections-pending"  # its own party files no offer now


class TestM1:
    """A separately filed offer of proof was on the docket for the other party and watchers
    (existence, time, number of witnesses, the filing user)."""

    def test_a_separate_offer_of_proof_is_on_no_one_elses_docket(self, client: Any, world: World) -> None:
        """Not on the docket, the case, its export or a notice of the employer's users or a watcher;
        on the union's and the Region's."""
        from datetime import datetime

        from casefile.accounts.around import set_notices
        from casefile.jobs.notices import select_due_notices
        from casefile.record.db import read_session, write_session

        opted = ("employer-counsel", "employer-viewer", "watcher", "region")
        with write_session(by="operator:tests") as session:
            for who in opted:
                set_notices(session, world.viewer(who), on=True, as_of=datetime.fromisoformat(AS_OF))
        assert post(client, world, "union-counsel", SUPPLEMENTAL).status_code == 201
        filed = post(client, world, "union-counsel", OFFER)
        assert filed.status_code == 201, filed.text
        entry_id = filed.json()["entry_id"]
        union = client.get(f"/api/v1/cases/{NUMBER}/docket", headers=world.headers("union-viewer")).json()
        assert any(e["act"] == "file-offer-of-proof" for e in union)
        region = client.get(f"/api/v1/cases/{NUMBER}/docket", headers=world.headers("region")).json()
        assert any(e["act"] == "file-offer-of-proof" for e in region)
        for who in ("employer-counsel", "employer-viewer", "watcher"):
            docket = client.get(f"/api/v1/cases/{NUMBER}/docket", headers=world.headers(who)).json()
            assert not any(e["act"] == "file-offer-of-proof" or "witness" in e["summary"] for e in docket), who
            view = client.get(f"/api/v1/cases/{NUMBER}", headers=world.headers(who)).json()
            assert not any(f["kind"] == "offer-of-proof" for e in view["elections"] for f in e["filings"]), who
            assert [d["kind"] for d in view["documents"]] == ["tally-of-ballots", "objections"], who
            assert "CANARY-OOP2" not in str(view) and "witness" not in str(view["docket"]), who
            export = client.get(f"/api/v1/cases/{NUMBER}/export", headers=world.headers(who))
            assert export.status_code == 200
            assert _zip_docket(export.content).count("\n") == len(docket) + 1  # the header and each entry seen
            assert "Offer of proof" not in _zip_docket(export.content), who
        with read_session() as session:  # nobody outside the union and the Region is noticed of it
            due = select_due_notices(session, as_of=datetime.fromisoformat(AS_OF), entry_ids=[entry_id],
                                     default_urls=["json://localhost"])
            objections = select_due_notices(session, as_of=datetime.fromisoformat(AS_OF),
                                            entry_ids=[entry_id - 1], default_urls=["json://localhost"])
        assert {n.email for n in due} == {world.emails["region"]}
        assert {n.email for n in objections} == {world.emails[w] for w in opted}  # the objections: everyone


def _zip_docket(content: bytes) -> str:
    import io
    import zipfile

    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        return archive.read("docket.csv").decode("utf-8")


class TestM9:
    """One party's counsel could record, unchecked, the other party's and the Region's acts that
    end or change the case (withdraw the union's objection, amend it, the Region's decision, a
    dismissal, a transfer, a pinned deadline), though both have accounts on the instance."""

    ACTS: ClassVar[dict[str, dict[str, Any]]] = {
        "withdraw-objection": {"act": "withdraw-objection", "party": "rwdsu", "number": 1, "why": "Withdrawn.",
                               "date": "2021-04-16"},
        "amend-objection": {"act": "amend-objection", "party": "rwdsu", "number": 1, "date": "2021-04-16",
                            "text": "Amended by the employer.", "why": "Amended."},
        "rd-decision": {"act": "rd-decision", "date": "2021-04-16", "result": "overrule"},
        "dismiss-petition": {"act": "dismiss-petition", "date": "2021-04-16", "grounds": "Dismissed."},
        "transfer-case": {"act": "transfer-case", "date": "2021-04-16", "region": "15", "order": "Transferred."},
        "pin-deadline": {"act": "pin-deadline", "date": "2021-04-16", "kind": "objections", "due": "2021-05-30",
                         "order": "RD order"},
        "correct-party": {"act": "correct-party", "party": "rwdsu", "name": "Renamed Union", "why": "Typo.",
                          "date": "2021-04-16"},
    }

    def test_the_employer_records_none_of_the_unions_or_the_regions_acts(self, client: Any, world: World) -> None:
        from casefile.acts import parse_act

        before = record_snapshot()
        offered = listed(client, world, "employer-counsel")
        for name, act in self.ACTS.items():
            parse_act(act)  # a valid act: what refuses it is the policy
            answer = post(client, world, "employer-counsel", act)
            assert answer.status_code == 403, (name, answer.text)
            assert "its acts are its own" in answer.json()["detail"], name
            assert not any(a == name and (not p or "rwdsu" in p) for a, _, p in offered), name
        assert record_snapshot() == before


class TestL4:
    """open-case as an existence oracle: with an invalid office, a case already open answered 409
    case-already-open and a new number 422 invalid-act (the office is checked with the case's other fields)."""

    @staticmethod
    def opening(number: str, office: str | None) -> dict[str, Any]:
        return {"act": "open-case", "date": "2021-04-16",
                "case": {"number": number, "name": "Example Warehouse LLC", "petition_filed_on": "2021-01-10",
                         **({"office": office} if office else {})},
                "parties": [{"key": "employer", "role": "employer", "name": "Example Warehouse LLC"},
                            {"key": "union", "role": "petitioner", "name": "Outsider Union"}]}

    def test_a_bad_opening_gets_the_same_answer_whether_or_not_the_case_is_open(self, client: Any,
                                                                                   world: World) -> None:
        before = record_snapshot()
        answers = []
        for number in (NUMBER, "10-RC-777777"):
            answer = client.post(f"/api/v1/cases/{number}/acts", json=self.opening(number, "Nowhere City"),
                                 params={"as_of": AS_OF, "party": "union"}, headers=world.headers("outsider"))
            body = answer.json()
            answers.append((answer.status_code, body["code"], body["field"], body["detail"].replace(number, "N")))
        assert answers[0] == answers[1] and answers[0][:2] == (422, "invalid-act"), answers
        no_party = [client.post(f"/api/v1/cases/{n}/acts", json=self.opening(n, None), params={"as_of": AS_OF},
                                headers=world.headers("outsider")).json()["code"] for n in (NUMBER, "10-RC-777777")]
        assert no_party == ["bad-input", "bad-input"]  # the party it represents is asked first
        assert record_snapshot() == before
