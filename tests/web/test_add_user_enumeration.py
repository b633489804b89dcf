"""Admin → Add user without enumeration or squatting (issue 14, security trial L3: an outsider's
admin learned "counsel@rwdsu.example.org already has an account (rwdsu-legal, counsel)" and made
nobody-here@rwdsu.example.org in its own organization). An admin adds addresses at the
organization's own domains only; any other is refused with the same words whether or not it has
an account, and nothing is stored."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from tests.web.test_sessions import add_user, client, csrf, sign_in  # noqa: F401  (the fixture)
from tests.web.world import USERS


def accounts() -> list[tuple[str, int]]:
    from sqlmodel import select

    from casefile.record.accounts import User
    from casefile.record.db import read_session

    with read_session() as session:
        return sorted((u.email, u.organization_id) for u in session.exec(select(User)))


def outsider(client: Any) -> None:  # noqa: F811
    from casefile.accounts.orgs import add_organization
    from casefile.errors import AlreadyRecorded
    from casefile.record.db import write_session

    try:
        with write_session(by="operator:tests") as session:
            add_organization(session, key="teamsters-legal", name="Teamsters Legal", kind="union",
                             as_of=datetime.now(UTC))
        add_user("admin@teamsters.example.org", org="teamsters-legal", role="admin")
    except AlreadyRecorded:
        pass
    assert sign_in(client, "admin@teamsters.example.org").status_code == 303


def add(client: Any, email: str) -> Any:  # noqa: F811
    return client.post("/admin/users", data={"csrf_token": csrf(client, "/admin"), "new-email": email,
                                             "new-name": "Someone", "new-role": "counsel"})


def words(answer: Any, email: str) -> str:
    text = answer.text.replace(email, "EMAIL")
    return re.sub(r'name="csrf_token" value="[^"]+"', "", text)


def test_an_address_with_an_account_elsewhere_reads_as_one_without(client: Any) -> None:  # noqa: F811
    outsider(client)
    before = accounts()
    taken, free = USERS["union-counsel"], "nobody-here@rwdsu.example.org"
    one, two = add(client, taken), add(client, free)
    assert one.status_code == two.status_code == 422
    assert words(one, taken) == words(two, free)
    assert "rwdsu-legal" not in one.text and "already has an account" not in one.text
    assert "own email domain (@teamsters.example.org)" in one.text
    assert accounts() == before  # nobody-here@rwdsu.example.org was not made in Teamsters Legal


def test_an_admin_still_adds_at_the_organizations_own_domain(client: Any) -> None:  # noqa: F811
    outsider(client)
    answer = add(client, "organizer@teamsters.example.org")
    assert answer.status_code == 200 and "/account/reset/" in answer.text
    assert any(e == "organizer@teamsters.example.org" for e, _ in accounts())
    again = add(client, "organizer@teamsters.example.org")
    assert again.status_code == 409 and "already has an account: it is in the list of users below" in again.text


def test_a_shared_domain_is_nobodys(client: Any) -> None:  # noqa: F811
    """A webmail domain used by two organizations' users: neither admin adds there (the operator does)."""
    from casefile.accounts.orgs import add_organization
    from casefile.errors import AlreadyRecorded
    from casefile.record.db import write_session

    outsider(client)
    try:  # a second organization of the test's own (not the shared world's, which another test may have moved)
        with write_session(by="operator:tests") as session:
            add_organization(session, key="webmail-union", name="Webmail Union Local", kind="union",
                             as_of=datetime.now(UTC))
    except AlreadyRecorded:
        pass
    add_user("someone.teamsters@mail.example.com", org="teamsters-legal", role="staff")
    add_user("someone.webmail@mail.example.com", org="webmail-union", role="staff")
    answer = add(client, "third.person@mail.example.com")
    assert answer.status_code == 422 and "the operator of this casefile adds" in answer.text
