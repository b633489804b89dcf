"""Who sees what and who may do which act (casefile/record/access.py), on the Bessemer world:
the Viewer protocol's answers for each principal, the acts each may do now, and authorize()'s
decision (perform, record, or the refusal) for the acts that matter."""

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
    from casefile.record.db import read_session

    viewer = world.viewer(who)
    with read_session() as s:
        case, parties = _case_and_parties(s)
        assert viewer.sees_case(s, case) is (who in SEES_CASE)
        assert viewer.sees_confidential(s, case, parties["rwdsu"]) is (who in SEES_RWDSU_OFFER)
        assert viewer.sees_confidential(s, case, parties["amazon"]) is (who.startswith("employer") or who == "region")
        assert viewer.sees_confidential(s, case, None) is (who == "region")


def _permitted(world: World, who: str) -> set[tuple[str, str, tuple[str, ...]]]:
    from casefile.record.access import permitted_acts
    from casefile.record.db import read_session

    with read_session() as s:
        case, _ = _case_and_parties(s)
        return {(p.act, p.mode, p.parties) for p in permitted_acts(s, world.viewer(who), case)}


def test_the_acts_each_role_may_do_on_the_case(world: World) -> None:
    """Staff file their own party's objections, offers of proof and exceptions only (issue 8) — of
    those, what the stage allows (objections-pending: no exceptions yet, no later tally); counsel (and
    admins) perform their party's acts and record the others' and the Region's; the Region performs
    its acts and records both parties' filings; viewers and a watcher do nothing."""
    staff = _permitted(world, "union-staff")
    # RWDSU's offer of proof came with its objections: none left to file (102.69(a)(8))
    assert staff == {("file-objections", "perform", ("rwdsu",))}
    for who in ("union-viewer", "employer-viewer", "watcher"):
        assert _permitted(world, who) == set()
    counsel = _permitted(world, "employer-counsel")
    assert {("file-objections", "perform", ("amazon",)), ("file-objections", "record", ("rwdsu",)),
            ("notice-hearing", "record", ())} <= counsel
    assert not any(act in ("record-tally", "file-exceptions", "certification") for act, _, _ in counsel)
    assert not any(mode == "perform" and not parties for _, mode, parties in counsel)  # no Region act performed
    assert _permitted(world, "employer-admin") == counsel
    region = _permitted(world, "region")
    assert {("notice-hearing", "perform", ()), ("file-objections", "record", ("amazon", "rwdsu"))} <= region
    assert not any(act == "record-tally" for act, _, _ in region)
    assert all(mode == "record" for _, mode, parties in region if parties)


def test_an_unseen_case_is_not_found(world: World) -> None:
    from casefile.errors import UnknownCase
    from casefile.record.access import permitted_acts
    from casefile.record.db import read_session

    with read_session() as s, pytest.raises(UnknownCase):
        permitted_acts(s, world.viewer("outsider"), _case_and_parties(s)[0])


OBJECTIONS = {"act": "file-objections", "date": "2021-04-16", "objections": ["Threats."]}
OFFER = [{"objection": 1, "witness": "A witness", "summary": "What they saw."}]
TALLY = {"act": "record-tally", "date": "2021-04-09", "kind": "initial", "against": 1798, "challenged": 505, "void": 76,
         "choices": {"Retail, Wholesale and Department Store Union": 738}}


@pytest.mark.parametrize(("who", "act", "expected"), [
    ("union-staff", {**OBJECTIONS, "party": "rwdsu", "offer_of_proof": OFFER}, "perform"),
    ("union-staff", {**OBJECTIONS, "party": "amazon"}, "NotPermitted"),
    ("union-counsel", {**OBJECTIONS, "party": "amazon"}, "record"),
    ("union-counsel", {**OBJECTIONS, "party": "amazon", "offer_of_proof": OFFER}, "NotPermitted"),
    ("union-counsel", {**OBJECTIONS, "party": "ups"}, "UnknownRecord"),
    ("union-viewer", {**OBJECTIONS, "party": "rwdsu"}, "NotPermitted"),
    ("watcher", {**OBJECTIONS, "party": "rwdsu"}, "NotPermitted"),
    ("region", {**OBJECTIONS, "party": "rwdsu", "offer_of_proof": OFFER}, "record"),
    ("outsider", {**OBJECTIONS, "party": "rwdsu"}, "UnknownCase"),
    ("employer-admin", TALLY, "record"),
    ("employer-staff", TALLY, "NotPermitted"),
    ("region", TALLY, "perform"),
], ids=lambda v: v if isinstance(v, str) else None)
def test_authorize(world: World, who: str, act: dict[str, Any], expected: str) -> None:
    """authorize() answers perform or record, or refuses with the error the rules give."""
    from casefile import errors
    from casefile.acts import parse_act
    from casefile.record import access
    from casefile.record.db import read_session

    model = parse_act(act)
    with read_session() as s:
        case, _ = _case_and_parties(s)
        viewer = world.viewer(who)
        if expected in ("perform", "record"):
            assert access.authorize(s, viewer, model, case) == expected
        else:
            error = getattr(access, expected, None) or getattr(errors, expected)
            with pytest.raises(error):
                access.authorize(s, viewer, model, case)


def test_docket_label_of_a_recorded_act(world: World) -> None:
    from casefile.record.access import recorded_by_label

    viewer = world.viewer("union-counsel")
    assert recorded_by_label(viewer, "perform") == "user:union-counsel@rwdsu-legal.example.org"
    assert recorded_by_label(viewer, "record") == "user:union-counsel@rwdsu-legal.example.org, from a document received"
