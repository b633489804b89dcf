"""The access matrix (issue 14, item 6), generated from the authority policy's table, not from
memory: every act family of :data:`casefile.record.authority.TABLE` × every relation to it (the
actor's organization, another party's, the case's Region, a watcher, an outsider, a revoked token,
no token, a signed-out web session) × every role, on three cases — Bessemer (both parties and the
Region represented here), a Region 10 case where only the employer is represented, and a Region 15
case where neither the union nor the Region is — through the API, each answer checked against
:func:`~casefile.record.authority.decide` on the world's own facts (who is linked to what, written
here, never read back from the code under test).

Every act sent is one the front door refuses after the policy has answered (an objection, a date
or an election that is not there), so the answer tells the policy's decision apart — 403
``not-permitted`` (refused), 422 ``document-received-needed`` (record: the document received is
needed), anything else (perform: the act's own check refused it) — and the world stays as it was:
every table and the output folder are compared before and after each request (snapshots.py).
One world per module; the whole matrix takes a few seconds."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from starlette.exceptions import StarletteDeprecationWarning

from casefile.record.accounts import UserRole
from casefile.record.authority import TABLE, Family, Relation, decide
from tests.accounts.world import NUMBER, PASSWORD, World
from tests.authority.shared_world import BACKENDS, world_on
from tests.authority.snapshots import record_snapshot

with warnings.catch_warnings():
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from fastapi.testclient import TestClient

AS_OF = "2021-04-20T12:00:00-04:00"
ONLY_EMPLOYER = "10-RC-700001"  # Region 10 (represented); the union party unrepresented
NOBODY_ELSE = "15-RC-700002"  # Region 15 (no Region organization here); the union party unrepresented
#: The world's facts, as written below: which parties of each case an organization represents here,
#: and whether the case's Region is represented.
LINKED = {NUMBER: {"rwdsu": "rwdsu-legal", "amazon": "amazon-firm"},
          ONLY_EMPLOYER: {"amazon": "amazon-firm"}, NOBODY_ELSE: {"amazon": "amazon-firm"}}
REGION_HERE = {NUMBER: True, ONLY_EMPLOYER: True, NOBODY_ELSE: False}
ROLES = ("admin", "counsel", "staff", "viewer")
SIDES = {"rwdsu-legal": "union", "amazon-firm": "employer", "region-10": "region"}


def _act(family: Family, party: str) -> dict[str, Any]:
    """An act of ``family`` (of ``party``, for a party's) that the front door refuses after the
    policy: no objection 999, a decision dated before the objections it decides."""
    return {
        Family.PARTY: {"act": "withdraw-objection", "party": party, "number": 999, "why": "Withdrawn.",
                       "date": "2021-04-19"},
        Family.SEALED: {"act": "file-offer-of-proof", "party": party, "at": "2021-04-19T14:40:00-04:00",
                        "witnesses": [{"objection": 999, "witness": "Matrix Witness", "summary": "Saw nothing"}]},
        Family.REGION: {"act": "rd-decision", "date": "2021-04-08", "result": "overrule"},
        Family.BOARD: {"act": "board-ruling", "date": "2021-04-08", "ruling": "denied"},
    }[family]


def _extend(world: World) -> None:
    """The Region's other roles, a revoked token, and the two cases where not everyone is represented."""
    from datetime import UTC, datetime

    from casefile import app
    from casefile.accounts.orgs import link_party, watch_case
    from casefile.accounts.tokens import create_token, revoke_token
    from casefile.accounts.users import add_user
    from casefile.acts import Who
    from casefile.acts.open_case import OpenCase
    from casefile.record.db import write_session
    from tests.acts.procedure import noon, scenario

    now = datetime.now(UTC)
    with write_session(by="operator:tests") as session:
        for role in ("admin", "staff", "viewer"):
            who = f"region-{role}"
            user = add_user(session, email=f"{who}@region-10.example.org", organization="region-10", role=role,
                            password=PASSWORD, as_of=now)
            _, world.tokens[who] = create_token(session, email=user.email, as_of=now)
            world.emails[who], world.user_ids[who] = user.email, user.id or 0
        world.tokens["region-counsel"] = world.tokens["region"]
        row, world.tokens["revoked"] = create_token(session, email=world.emails["union-admin"], as_of=now)
        revoke_token(session, token_id=row.id or 0, as_of=now)
    spec = scenario()
    tally = spec.events[0]
    for number, office in ((ONLY_EMPLOYER, "Atlanta"), (NOBODY_ELSE, "New Orleans")):
        case = spec.case.model_copy(update={"number": number, "office": office})
        app.perform(OpenCase(case=case, parties=spec.parties, date=tally.on), as_of=noon(tally), by=Who.operator(),
                    documents="none")
        app.perform(tally, case_number=number, as_of=noon(tally), by=Who.operator(), documents="none")
        with write_session(by="operator:tests") as session:
            link_party(session, organization="amazon-firm", case_number=number, party="amazon", as_of=now)
            watch_case(session, organization="aflcio", case_number=number, as_of=now)


@pytest.fixture(scope="module", params=BACKENDS)
def matrix_world(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    """One world for the module, on SQLite and (marked postgres) on PostgreSQL."""
    with world_on(request.param, lambda: request.getfixturevalue("bessemer_template"), tmp_path_factory,
                  _extend) as world:
        yield world


@pytest.fixture(scope="module")
def api(matrix_world: World) -> Iterator[Any]:
    from casefile.api import create_app

    with TestClient(create_app(on_committed=lambda entry_id, as_of: None)) as client:
        yield client


@dataclass(frozen=True)
class Cell:
    """One request of the matrix: ``who`` (a principal of the world) sends an act of ``family``
    (of party ``party``) on case ``number``; ``relation`` is theirs to it (None: the case is hidden)."""

    family: Family
    number: str
    party: str
    who: str
    relation: Relation | None
    role: UserRole

    @property
    def id(self) -> str:
        relation = self.relation.name.lower() if self.relation else "outsider"
        return f"{self.family.name.lower()}-{self.number}-{self.party}-{relation}-{self.who}"


def _relation(org: str, number: str, party: str, family: Family) -> Relation | None:
    """The relation of ``org`` to the act, from the world's facts."""
    if org == "region-10":
        return Relation.REGION if number.startswith("10-") else None
    linked = {o for o in LINKED[number].values()}
    if org in linked:
        actor = family in (Family.PARTY, Family.SEALED) and LINKED[number].get(party) == org
        return Relation.ACTOR if actor else Relation.PARTY
    return Relation.WATCHER if org == "aflcio" else None


def cells() -> list[Cell]:
    """Every family of the table × every case × every principal of every organization × role."""
    principals = [(f"{side}-{role}" if side != "region" or role != "counsel" else "region", org, UserRole(role))
                  for org, side in SIDES.items() for role in ROLES]
    principals += [("watcher", "aflcio", UserRole.COUNSEL), ("outsider", "other-firm", UserRole.COUNSEL)]
    out = []
    for family in TABLE:
        for number in LINKED:
            for party in (("rwdsu", "amazon") if family in (Family.PARTY, Family.SEALED) else ("",)):
                for who, org, role in principals:
                    out.append(Cell(family, number, party, who, _relation(org, number, party, family), role))
    return out


def expected(cell: Cell) -> str:
    """What the policy's table says for the cell: "hidden", "refuse", "record" or "perform"."""
    if cell.relation is None:
        return "hidden"
    if cell.family in (Family.PARTY, Family.SEALED):
        represented = cell.party in LINKED[cell.number]
    else:
        represented = cell.family is Family.REGION and REGION_HERE[cell.number]
    staff_files = cell.family is Family.SEALED  # withdraw-objection is not a staff filing; an offer of proof is
    org = PRINCIPAL_ORG[cell.who]
    alone = not {o for o in LINKED[cell.number].values() if o != org} and not REGION_HERE[cell.number]
    mode = decide(cell.family, cell.relation, cell.role, represented=represented, alone=alone,
                  staff_files=staff_files).mode
    return mode or "refuse"


def answered(response: Any) -> str:
    body = response.json()
    if response.status_code == 404 and body.get("code") == "unknown-case":
        return "hidden"
    if response.status_code == 403:
        assert body["code"] == "not-permitted", body
        return "refuse"
    if body.get("code") == "document-received-needed":
        return "record"
    assert response.status_code in (404, 409, 422), body  # the act's own check: after the policy said perform
    return "perform"


CELLS = cells()
#: Each principal's organization (the world's facts).
PRINCIPAL_ORG = {**{f"{side}-{role}" if side != "region" or role != "counsel" else "region": org
                    for org, side in SIDES.items() for role in ROLES},
                 "watcher": "aflcio", "outsider": "other-firm"}


def test_the_matrix_covers_every_cell_of_the_table() -> None:
    """Each (family, relation) of the table with a cell is reached by some request, and every
    answer the table gives — perform, record, refuse — is among the expected ones."""
    reached = {(c.family, c.relation) for c in CELLS if c.relation is not None}
    cells_with_answer = {(f, r) for f, row in TABLE.items() for r, v in row.items()
                         if v.value != "—" and r is not Relation.OPERATOR}
    assert cells_with_answer <= reached
    assert {expected(c) for c in CELLS} == {"hidden", "refuse", "record", "perform"}


@pytest.mark.parametrize("family", list(TABLE), ids=lambda f: f.name.lower())
def test_each_answer_is_the_policys_and_stores_nothing(family: Family, matrix_world: World, api: Any) -> None:
    """Every request of the family's rows gets the table's answer; the world is unchanged after each."""
    before = record_snapshot()
    wrong = []
    for cell in (c for c in CELLS if c.family is family):
        response = api.post(f"/api/v1/cases/{cell.number}/acts", json=_act(cell.family, cell.party),
                            params={"as_of": AS_OF}, headers=matrix_world.headers(cell.who))
        got, want = answered(response), expected(cell)
        if got != want:
            wrong.append((cell.id, want, got, response.json().get("detail", "")[:160]))
        after = record_snapshot()
        assert after == before, f"{cell.id} stored something"
    assert not wrong, "\n".join(map(str, wrong))


@pytest.mark.parametrize("number", list(LINKED))
def test_a_revoked_token_and_no_token_are_401_storing_nothing(number: str, matrix_world: World, api: Any) -> None:
    before = record_snapshot()
    for family in TABLE:
        for headers in ({"Authorization": f"Bearer {matrix_world.tokens['revoked']}"}, {}):
            response = api.post(f"/api/v1/cases/{number}/acts", json=_act(family, "rwdsu"), params={"as_of": AS_OF},
                                headers=headers)
            assert (response.status_code, response.json()["code"]) == (401, "not-authenticated")
    assert record_snapshot() == before


def test_the_operator_performs_every_family(matrix_world: World) -> None:
    """The table's operator column: the command line performs every family's act."""
    from casefile.acts import parse_act
    from casefile.record.authority import OPERATOR, authorize
    from casefile.record.db import read_session
    from casefile.record.lookups import get_case

    with read_session() as session:
        for number in LINKED:
            case = get_case(session, number)
            for family in TABLE:
                assert authorize(session, OPERATOR, parse_act(_act(family, "rwdsu")), case) == "perform"


def test_a_signed_out_web_session_acts_on_nothing(matrix_world: World) -> None:
    """Through the web forms: signed in, then out, the copied cookie sends the objections form —
    sent to sign in again (or refused), nothing stored; the live session's own refusals likewise."""
    import re

    from casefile.server import create_app

    with TestClient(create_app(on_committed=lambda entry_id, as_of: None), base_url="http://127.0.0.1") as web:
        page = web.get("/sign-in").text
        token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
        assert web.post("/sign-in", data={"email": matrix_world.emails["employer-counsel"], "password": PASSWORD,
                                          "csrf_token": token}, follow_redirects=False).status_code == 303
        form = web.get(f"/cases/{NUMBER}/acts/file-objections").text
        csrf = re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)  # type: ignore[union-attr]
        cookies = dict(web.cookies)
        before = record_snapshot()
        fields = {"csrf_token": csrf, "party": "amazon", "date": "2021-04-16", "objections-0": "Matrix objection."}
        watcher_like = web.post(f"/cases/{NUMBER}/acts/file-objections", data={**fields, "party": "rwdsu"},
                                follow_redirects=False)
        assert watcher_like.status_code in (403, 404, 422), watcher_like.status_code  # not its party
        assert record_snapshot() == before
        web.post("/sign-out", data={"csrf_token": csrf}, follow_redirects=False)
    with TestClient(create_app(on_committed=lambda entry_id, as_of: None), base_url="http://127.0.0.1",
                    cookies=cookies) as copied:
        answer = copied.post(f"/cases/{NUMBER}/acts/file-objections", data=fields, follow_redirects=False)
        assert answer.status_code in (303, 401, 403), answer.status_code
        assert "/sign-in" in answer.headers.get("location", "/sign-in")
    assert record_snapshot() == before


def _web_refused() -> dict[str, list[tuple[Family, str, str]]]:
    """Per principal, the acts of Bessemer the policy refuses them for every party (what the web's
    act forms, which take the party as a field, must refuse whatever the stage): (family, act, answer)."""
    out: dict[str, list[tuple[Family, str, str]]] = {}
    for family in TABLE:
        for who in {c.who for c in CELLS}:
            answers = {expected(c) for c in CELLS if c.family is family and c.number == NUMBER and c.who == who}
            if answers <= {"refuse", "hidden"}:
                out.setdefault(who, []).append((family, _act(family, "rwdsu")["act"], answers.pop()))
    return out


WEB_REFUSED = _web_refused()


@pytest.mark.parametrize("who", sorted(WEB_REFUSED))
def test_the_web_act_forms_refuse_what_the_policy_refuses(who: str, matrix_world: World) -> None:
    """Through the web forms: each act the table refuses a principal on Bessemer (for every party)
    is refused on its form's page and when the form is sent — 403, or 404 for a hidden case — storing nothing."""
    import re

    from casefile.server import create_app

    with TestClient(create_app(on_committed=lambda entry_id, as_of: None), base_url="http://127.0.0.1") as web:
        token = re.search(r'name="csrf_token" value="([^"]+)"', web.get("/sign-in").text).group(1)  # type: ignore[union-attr]
        assert web.post("/sign-in", data={"email": matrix_world.emails[who], "password": PASSWORD, "csrf_token": token},
                        follow_redirects=False).status_code == 303
        csrf = re.search(r'name="csrf_token" value="([^"]+)"', web.get("/cases").text).group(1)  # type: ignore[union-attr]
        before = record_snapshot()
        for _family, act, answer in WEB_REFUSED[who]:
            status = 404 if answer == "hidden" else 403
            path = f"/cases/{NUMBER}/acts/{act}"
            assert web.get(path).status_code == status, (who, act)
            sent = web.post(path, data={"csrf_token": csrf, "party": "rwdsu", "date": "2021-04-19", "number": "1",
                                        "why": "Matrix.", "result": "overrule"}, follow_redirects=False)
            assert sent.status_code == status, (who, act, sent.status_code)
        assert record_snapshot() == before
