"""GET /cases/{number}/acts: the acts the user may do on the case now — what POST .../acts would not
refuse for their role and party nor for the stage (casefile.app.permitted_acts). The world's case
is Bessemer after RWDSU's 2021 objections (objections-pending), both parties and the Region
represented on the instance (so nobody records another's act: casefile.record.authority)."""

from __future__ import annotations

from typing import Any

from tests.accounts.world import NUMBER, World

AS_OF = "2021-04-16T18:00:00-04:00"


def acts(client: Any, world: World, who: str) -> dict[str, dict[str, Any]]:
    answer = client.get(f"/api/v1/cases/{NUMBER}/acts", headers=world.headers(who), params={"as_of": AS_OF})
    assert answer.status_code == 200, answer.text
    return {f"{a['act']}/{a['mode']}": a for a in answer.json()}


def test_objections_pending_offers_its_acts_and_not_the_others(client: Any, world: World) -> None:
    region = acts(client, world, "region")
    names = {k.split("/")[0] for k in region}
    assert {"notice-hearing", "rd-decision"} <= names
    assert "withdraw-petition" not in names  # the petitioner's act (102.60(a)), and RWDSU is represented here
    assert "file-objections" not in names  # both parties are represented: their filings are their own
    # RWDSU's offer of proof came with its objections, Amazon filed none: no offer of proof to file (102.69(a)(8));
    # the 2021 challenged ballots were not determinative and no register is kept: nothing to rule on (R-E2)
    assert not names & {"file-offer-of-proof", "rule-on-challenges", "revised-tally", "certification", "direct-runoff", "open-hearing", "close-hearing", "ho-report",
                        "file-exceptions", "file-answering-brief", "record-tally", "request-for-review", "open-case"}
    assert region["notice-hearing/perform"]["parties"] == []
    assert acts(client, world, "union-counsel")["withdraw-petition/perform"]["parties"] == ["rwdsu"]  # its own


def test_by_role_and_party(client: Any, world: World) -> None:
    staff = acts(client, world, "union-staff")
    assert set(staff) == {"file-objections/perform"}
    assert staff["file-objections/perform"]["parties"] == ["rwdsu"]
    employer = acts(client, world, "employer-counsel")
    assert employer["file-objections/perform"]["parties"] == ["amazon"]
    assert "file-objections/record" not in employer  # RWDSU is represented: its objections are its own (M9)
    assert not {k for k in employer if k.startswith("notice-hearing/")}  # the Region is represented
    assert acts(client, world, "union-viewer") == {} and acts(client, world, "watcher") == {}
    assert client.get(f"/api/v1/cases/{NUMBER}/acts", headers=world.headers("outsider")).status_code == 404
    assert client.get(f"/api/v1/cases/{NUMBER}/acts").status_code == 401


def test_an_act_not_offered_is_refused_for_the_stage_and_one_offered_is_not(client: Any, world: World) -> None:
    """The certification is not offered and POST refuses it for the stage (409); every act offered
    to the Region passes the stage check when posted (whatever else its bare input lacks)."""
    headers = world.headers("region")
    refused = client.post(f"/api/v1/cases/{NUMBER}/acts", headers=headers, params={"as_of": "2021-04-20"},
                          json={"act": "certification", "date": "2021-04-20"})
    assert refused.status_code == 409 and "is not available now in election 1: " in refused.json()["detail"], refused.text
    for key in acts(client, world, "region"):
        name, mode = key.split("/")
        if mode != "perform":
            continue
        answer = client.post(f"/api/v1/cases/{NUMBER}/acts", headers=headers, params={"as_of": AS_OF},
                             json={"act": name, "date": "2021-04-16"})
        assert "not allowed in election" not in answer.text and "at stage" not in answer.text, (name, answer.text)


def test_each_party_is_offered_only_what_post_would_not_refuse(client: Any, world: World) -> None:
    """The trial's list at objections-pending: nobody is offered to oppose review, to move for
    reconsideration, or (the Region) the Board's ruling — POST refuses each (409, the act's own
    words); Amazon's counsel is not offered to withdraw the petition (only the petitioner may) nor
    to amend or withdraw objections it has none of, as Amazon; RWDSU is offered to amend its
    objections within the period, and not four years later."""
    every = {who: acts(client, world, who) for who in ("region", "employer-counsel", "union-counsel")}
    for who, offered in every.items():
        names = {k.split("/")[0] for k in offered}
        assert not names & {"oppose-review", "move-for-reconsideration", "board-ruling"}, (who, names)
    employer = every["employer-counsel"]
    for name in ("withdraw-petition", "amend-objection", "withdraw-objection"):
        assert f"{name}/perform" not in employer and f"{name}/record" not in employer
    for name in ("amend-objection", "withdraw-objection"):
        assert every["union-counsel"][f"{name}/perform"]["parties"] == ["rwdsu"]
    assert every["union-counsel"]["withdraw-petition/perform"]["parties"] == ["rwdsu"]
    post = f"/api/v1/cases/{NUMBER}/acts"
    refusals = {"oppose-review": ("union-counsel", {"party": "rwdsu", "points": ["Nothing new."]},
                                  "no other party requested review"),
                "move-for-reconsideration": ("union-counsel", {"party": "rwdsu", "grounds": ["An error."]},
                                             "has no motion for reconsideration period"),
                "withdraw-petition": ("employer-counsel", {"party": "amazon", "consented_by": "Regional Director"},
                                      "is the employer, not the petitioner")}
    for name, (who, body, words) in refusals.items():
        answer = client.post(post, headers=world.headers(who), params={"as_of": AS_OF},
                             json={"act": name, "date": "2021-04-16", **body})
        assert answer.status_code == 409 and words in answer.json()["detail"], (name, answer.text)
    board = client.post(post, headers=world.headers("region"), params={"as_of": AS_OF},
                        json={"act": "board-ruling", "date": "2021-04-16", "ruling": "denied"})
    assert (board.status_code, board.json()["code"]) == (422, "document-received-needed")  # the Board's: recorded
    later = client.get(post, headers=world.headers("union-counsel"), params={"as_of": "2025-04-16T12:00:00-04:00"})
    assert "amend-objection" not in {a["act"] for a in later.json()}
    assert "withdraw-objection" in {a["act"] for a in later.json()}
