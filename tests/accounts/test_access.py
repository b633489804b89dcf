"""Who sees what and who may do which act (the authority policy, casefile/record/authority/), on
the Bessemer world — both parties and the Region represented on the instance: what each principal
sees, the acts each may do now, and authorize()'s decision (perform, record, or the refusal) for
the acts that matter."""

from __future__ import annotations

from typing import Any

import pytest

from tests.accounts.world import NUMBER, PRINCIPALS, World

SEES_CASE = {"union-admin", "union-counsel", "union-staff", "union-viewer", "employer-admin", "employer-counsel",
             "employer-staff", "employer-viewer", "watcher", "region"}
SEES_RWDSU_OFFER = {"union-admin", "union-counsel", "union-staff", "union-viewer", "region"}


def _case_and_parties(session: Any) -> tuple[Any, dict[str, int]]:
    from casefile.record.lookups import get_case, parties_of

    case = get_case(session, NUMBER)
    return case, {p.key: p.id for p in parties_of(session, case)}


@pytest.mark.parametrize("who", list(PRINCIPALS))
def test_what_each_principal_sees(world: World, who: str) -> None:
    """The case: every linked organization; RWDSU's confidential filings: the union side and the
    Region only; Amazon's (it has none yet, but the rule is by party): the employer side and the Region."""
    from casefile.record.authority import sees_case, sees_sealed
    from casefile.record.db import read_session

    viewer = world.viewer(who)
    with read_session() as s:
        case, parties = _case_and_parties(s)
        assert sees_case(s, viewer, case) is (who in SEES_CASE)
        assert sees_sealed(s, viewer, case, parties["rwdsu"]) is (who in SEES_RWDSU_OFFER)
        assert sees_sealed(s, viewer, case, parties["amazon"]) is (who.startswith("employer") or who == "region")
        assert sees_sealed(s, viewer, case, None) is (who == "region")


def _permitted(world: World, who: str) -> set[tuple[str, str, tuple[str, ...]]]:
    from casefile.acts.permitted import permitted_acts
    from casefile.record.db import read_session

    with read_session() as s:
        case, _ = _case_and_parties(s)
        return {(p.act, p.mode, p.parties) for p in permitted_acts(s, world.viewer(who), case)}


def test_the_acts_each_role_may_do_on_the_case(world: World) -> None:
    """Staff file their own party's objections, offers of proof and exceptions only (issue 8) — of
    those, what the stage allows (objections-pending: no exceptions yet, no later tally); counsel (and
    admins) perform their party's acts and, everyone being represented here, record nothing of
    another's; the Region performs its acts and records no party's (both are represented); the
    Board's acts are recorded from the documents issued; viewers and a watcher do nothing."""
    staff = _permitted(world, "union-staff")
    # RWDSU's offer of proof came with its objections: none left to file (102.69(a)(8))
    assert staff == {("file-objections", "perform", ("rwdsu",))}
    for who in ("union-viewer", "employer-viewer", "watcher"):
        assert _permitted(world, who) == set()
    counsel = _permitted(world, "employer-counsel")
    assert ("file-objections", "perform", ("amazon",)) in counsel
    assert not any(mode == "record" and parties for _, mode, parties in counsel)  # rwdsu is represented here
    assert not any(act in ("notice-hearing", "record-tally", "file-exceptions", "certification")
                   for act, _, _ in counsel)  # the Region is represented: its acts are its own
    assert not any(act == "file-offer-of-proof" for act, _, _ in counsel)  # never another party's
    assert not any(mode == "perform" and not parties and act != "attach-document" for act, mode, parties in counsel)
    assert _permitted(world, "employer-admin") == counsel
    region = _permitted(world, "region")
    assert ("notice-hearing", "perform", ()) in region
    assert not any(parties and mode == "record" for _, mode, parties in region)
    assert not any(act == "record-tally" for act, _, _ in region)


def test_an_unseen_case_is_not_found(world: World) -> None:
    from casefile.acts.permitted import permitted_acts
    from casefile.errors import UnknownCase
    from casefile.record.db import read_session

    with read_session() as s, pytest.raises(UnknownCase):
        permitted_acts(s, world.viewer("outsider"), _case_and_parties(s)[0])


OBJECTIONS = {"act": "file-objections", "date": "2021-04-16", "objections": ["Threats."]}
OFFER = [{"objection": 1, "witness": "A witness", "summary": "What they saw."}]
TALLY = {"act": "record-tally", "date": "2021-04-09", "kind": "initial", "against": 1798, "challenged": 505, "void": 76,
         "choices": {"Retail, Wholesale and Department Store Union": 738}}


OFFER_APART = {"act": "file-offer-of-proof", "date": "2021-04-16", "witnesses": OFFER}
BOARD_RULING = {"act": "board-ruling", "date": "2021-04-16", "ruling": "denied"}


@pytest.mark.parametrize(("who", "act", "expected"), [
    ("union-staff", {**OBJECTIONS, "party": "rwdsu", "offer_of_proof": OFFER}, "perform"),
    ("union-staff", {**OBJECTIONS, "party": "amazon"}, "NotPermitted"),
    ("union-counsel", {**OBJECTIONS, "party": "amazon"}, "NotPermitted"),  # amazon is represented here
    ("union-counsel", {**OBJECTIONS, "party": "amazon", "offer_of_proof": OFFER}, "NotPermitted"),
    ("union-counsel", {**OBJECTIONS, "party": "ups"}, "UnknownRecord"),
    ("union-viewer", {**OBJECTIONS, "party": "rwdsu"}, "NotPermitted"),
    ("watcher", {**OBJECTIONS, "party": "rwdsu"}, "NotPermitted"),
    ("region", {**OBJECTIONS, "party": "rwdsu", "offer_of_proof": OFFER}, "NotPermitted"),  # rwdsu files its own
    ("outsider", {**OBJECTIONS, "party": "rwdsu"}, "UnknownCase"),
    # H1: the other side files no offer of proof in the union's name, apart or with objections
    ("employer-counsel", {**OFFER_APART, "party": "rwdsu"}, "NotPermitted"),
    ("employer-admin", {**OFFER_APART, "party": "rwdsu"}, "NotPermitted"),
    ("union-staff", {**OFFER_APART, "party": "rwdsu"}, "perform"),
    ("employer-admin", TALLY, "NotPermitted"),  # the Region is represented: its acts are its own (M9)
    ("employer-staff", TALLY, "NotPermitted"),
    ("region", TALLY, "perform"),
    ("employer-counsel", BOARD_RULING, "NotPermitted"),  # the Board's, and the union and the Region are here
    ("region", BOARD_RULING, "DocumentReceivedNeeded"),  # the Region records it from the Board's ruling
], ids=lambda v: v if isinstance(v, str) else None)
def test_authorize(world: World, who: str, act: dict[str, Any], expected: str) -> None:
    """authorize() answers perform or record, or refuses with the error the policy gives."""
    from casefile import errors
    from casefile.acts import parse_act
    from casefile.record import authority
    from casefile.record.db import read_session

    model = parse_act(act)
    with read_session() as s:
        case, _ = _case_and_parties(s)
        viewer = world.viewer(who)
        if expected in ("perform", "record"):
            assert authority.authorize(s, viewer, model, case) == expected
        else:
            with pytest.raises(getattr(errors, expected)):
                authority.authorize(s, viewer, model, case)


def test_a_board_act_is_recorded_with_the_document_received(world: World) -> None:
    """The Board is never represented on an instance: the Region records its acts, with the document
    received (here a stand-in for the upload); a party's counsel only on a case its organization is
    alone on — on Bessemer the other side and the Region are here, so neither side records it."""
    from casefile.acts import parse_act
    from casefile.errors import NotPermitted
    from casefile.record import authority
    from casefile.record.db import read_session

    class Received:
        sha256 = "0" * 64

    with read_session() as s:
        case, _ = _case_and_parties(s)
        assert authority.authorize(s, world.viewer("region"), parse_act(BOARD_RULING), case,
                                   received=[Received()]) == "record"
        for who in ("employer-counsel", "union-admin"):
            with pytest.raises(NotPermitted, match="the Region's users or the operator record it"):
                authority.authorize(s, world.viewer(who), parse_act(BOARD_RULING), case, received=[Received()])


def test_docket_label_of_a_recorded_act(world: World) -> None:
    from casefile.record.access import recorded_by_label

    viewer = world.viewer("union-counsel")
    assert recorded_by_label(viewer, "perform") == "user:union-counsel@rwdsu-legal.example.org"
    assert recorded_by_label(viewer, "record") == "user:union-counsel@rwdsu-legal.example.org, from a document received"
