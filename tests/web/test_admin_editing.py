"""The admin page edits the organization's users and links through the accounts' functions (those
of `casefile users / orgs`): add a user (a one-time link shown), change a role, deactivate, start
a reset, unlink a party, watch a case — each with CSRF and the error summary on a refused change."""

from __future__ import annotations

import re
from typing import Any

from tests.web.test_act_forms import summary_links
from tests.web.test_sessions import client, csrf, sign_in  # noqa: F401  (the fixture)
from tests.web.world import NUMBER, TALLY_CASE, USERS


def user(email: str) -> Any:
    from casefile.accounts.users import get_user
    from casefile.record.db import read_session

    with read_session() as session:
        found = get_user(session, email)
        return found.role.value, found.active


def test_an_admin_adds_a_user_and_gives_them_the_link(client: Any) -> None:  # noqa: F811
    sign_in(client, USERS["union-admin"])
    token = csrf(client, "/admin")
    added = client.post("/admin/users", data={"csrf_token": token, "new-email": "New.Organizer@rwdsu.example.org",
                                              "new-name": "New Organizer", "new-role": "staff"})
    assert added.status_code == 200
    url = re.search(r'id="reset-url">([^<]+)<', added.text).group(1)  # type: ignore[union-attr]
    assert "/account/reset/" in url and user("new.organizer@rwdsu.example.org") == ("staff", True)
    assert "new.organizer@rwdsu.example.org" in client.get("/admin").text
    assert client.get(url.split("127.0.0.1", 1)[1]).status_code == 200  # the link opens the reset page
    again = client.post("/admin/users", data={"csrf_token": token, "new-email": "new.organizer@rwdsu.example.org",
                                              "new-role": "staff"})
    assert again.status_code == 409 and summary_links(again.text)[0][0] == "new-email"
    assert 'value="new.organizer@rwdsu.example.org"' in again.text
    bad = client.post("/admin/users", data={"csrf_token": token, "new-email": "x@rwdsu.example.org", "new-role": "boss"})
    assert bad.status_code == 422 and summary_links(bad.text)[0][0] == "new-role"
    forged = client.post("/admin/users", data={"csrf_token": "nope", "new-email": "y@rwdsu.example.org",
                                               "new-role": "staff"})
    assert forged.status_code == 403
    from casefile.errors import UnknownRecord

    try:
        user("y@rwdsu.example.org")
        raise AssertionError("a forged form added a user")
    except UnknownRecord:
        pass


def test_role_deactivation_and_reset_of_the_organizations_users_only(client: Any) -> None:  # noqa: F811
    from tests.web.test_sessions import add_user

    add_user("changeme@rwdsu.example.org", role="viewer")
    sign_in(client, USERS["union-admin"])
    token = csrf(client, "/admin")
    changed = client.post("/admin/users/change", data={"csrf_token": token, "email": "changeme@rwdsu.example.org",
                                                       "action": "role", "role": "counsel", "row": "0"})
    assert changed.status_code == 200 and user("changeme@rwdsu.example.org") == ("counsel", True)
    reset = client.post("/admin/users/change", data={"csrf_token": token, "email": "changeme@rwdsu.example.org",
                                                     "action": "reset"})
    assert "/account/reset/" in reset.text
    client.post("/admin/users/change", data={"csrf_token": token, "email": "changeme@rwdsu.example.org",
                                             "action": "deactivate"})
    assert user("changeme@rwdsu.example.org") == ("counsel", False)
    other = client.post("/admin/users/change", data={"csrf_token": token, "email": USERS["employer-counsel"],
                                                     "action": "deactivate"})
    assert other.status_code == 404 or "no such user" in other.text
    assert user(USERS["employer-counsel"]) == ("counsel", True)
    me = client.post("/admin/users/change", data={"csrf_token": token, "email": USERS["union-admin"],
                                                  "action": "role", "role": "viewer", "row": "0"})
    assert me.status_code == 403 and "yourself" in me.text and user(USERS["union-admin"]) == ("admin", True)


def test_unlink_and_watch(client: Any) -> None:  # noqa: F811
    sign_in(client, USERS["union-admin"])
    token = csrf(client, "/admin")
    assert f"{TALLY_CASE} union" in client.get("/admin").text
    client.post("/admin/links", data={"csrf_token": token, "action": "unlink", "link": f"{TALLY_CASE} union"})
    assert client.get(f"/cases/{TALLY_CASE}").status_code == 404
    hidden = client.post("/admin/links", data={"csrf_token": token, "action": "watch", "watch-case": TALLY_CASE})
    assert hidden.status_code == 422 and summary_links(hidden.text)[0][0] == "watch-case"  # as for no such case
    assert client.get(f"/cases/{TALLY_CASE}").status_code == 404  # a watch makes nothing visible (issue 14)
    seen = client.post("/admin/links", data={"csrf_token": token, "action": "watch", "watch-case": NUMBER},
                       follow_redirects=False)
    assert seen.status_code == 303  # a case it sees: watched
    bad = client.post("/admin/links", data={"csrf_token": token, "action": "watch", "watch-case": "not-a-case"})
    assert bad.status_code == 422 and summary_links(bad.text)[0][0] == "watch-case"
    from casefile.accounts.orgs import link_party
    from casefile.record.db import write_session
    from tests.web.world import noon

    with write_session(by="operator:tests") as session:  # put the world back as it was
        from casefile.accounts.orgs import unwatch_case

        unwatch_case(session, organization="rwdsu-legal", case_number=NUMBER)
        link_party(session, organization="rwdsu-legal", case_number=TALLY_CASE, party="union",
                   as_of=noon(__import__("datetime").date(2022, 3, 1)))


def test_only_an_admin_changes_users(client: Any) -> None:  # noqa: F811
    sign_in(client, USERS["union-counsel"])
    token = csrf(client, "/cases")
    answer = client.post("/admin/users", data={"csrf_token": token, "new-email": "z@rwdsu.example.org",
                                               "new-role": "admin"})
    assert answer.status_code == 403
    assert client.post("/admin/users/change", data={"csrf_token": token, "email": USERS["union-staff"],
                                                    "action": "deactivate"}).status_code == 403
    assert user(USERS["union-staff"]) == ("staff", True)


def test_an_admin_revokes_the_api_tokens_of_the_organization_only(client: Any) -> None:  # noqa: F811
    from datetime import UTC, datetime

    from casefile.accounts.tokens import create_token, user_for_token
    from casefile.errors import CasefileError
    from casefile.record.db import read_session, write_session

    with write_session(by="operator:tests") as session:
        ours, our_token = create_token(session, email=USERS["union-staff"], as_of=datetime.now(UTC), name="docket script")
        theirs, their_token = create_token(session, email=USERS["employer-counsel"], as_of=datetime.now(UTC))
        ours_id, prefix, theirs_id = ours.id, ours.prefix, theirs.id
    sign_in(client, USERS["union-admin"])
    page_ = client.get("/admin").text
    assert f"{prefix}…" in page_ and "docket script" in page_ and theirs.prefix not in page_
    token = csrf(client, "/admin")
    assert client.post("/admin/tokens/revoke", data={"csrf_token": token, "token": str(ours_id)}).status_code == 200
    refused = client.post("/admin/tokens/revoke", data={"csrf_token": token, "token": str(theirs_id)})
    assert refused.status_code == 422 and summary_links(refused.text)[0][0] == "tokens"
    now = datetime.now(UTC)
    with read_session() as session:
        try:
            user_for_token(session, token=our_token, as_of=now)
            raise AssertionError("a revoked token still works")
        except CasefileError:
            pass
        assert user_for_token(session, token=their_token, as_of=now).email == USERS["employer-counsel"]
