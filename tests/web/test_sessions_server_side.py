"""Sessions kept on the server (issue 14, security trial M8): a copied cookie stops working at
sign-out, expiry does not slide when a message is shown, an idle and an absolute lifetime, and a
password change, reset or deactivation ends every session — through the application itself."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from starlette.exceptions import StarletteDeprecationWarning

from tests.web.conftest import Served
from tests.web.test_sessions import add_user, csrf, sign_in
from tests.web.world import NUMBER, PASSWORD

with warnings.catch_warnings():
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from fastapi.testclient import TestClient


@pytest.fixture
def app(served: Served) -> Any:
    from casefile.server import create_app

    return create_app(on_committed=lambda entry_id, as_of: None)


@pytest.fixture
def client(app: Any) -> Iterator[Any]:
    with TestClient(app, base_url="http://127.0.0.1") as c:
        yield c


def thief(app: Any, client: Any) -> Any:
    """Another browser holding a copy of ``client``'s session cookie."""
    other = TestClient(app, base_url="http://127.0.0.1")
    other.cookies.set("casefile_session", client.cookies.get("casefile_session"))
    return other


def rows_of(email: str) -> list[Any]:
    from sqlmodel import select

    from casefile.record.accounts import User
    from casefile.record.db import read_session
    from casefile.record.logins import WebSignIn

    with read_session() as db:
        user = db.exec(select(User).where(User.email == email)).one()
        return list(db.exec(select(WebSignIn).where(WebSignIn.user_id == user.id)).all())


def age_session(email: str, *, created: timedelta = timedelta(0), seen: timedelta = timedelta(0)) -> None:
    """Move the user's sessions back in time (as if signed in ``created`` ago, last used ``seen`` ago)."""
    from sqlmodel import select

    from casefile.record.accounts import User
    from casefile.record.db import write_session
    from casefile.record.logins import WebSignIn

    moment = datetime.now(UTC)
    with write_session(by="operator:tests") as db:
        user = db.exec(select(User).where(User.email == email)).one()
        user.password_changed_at = min(user.password_changed_at, moment - created - timedelta(seconds=1))
        db.add(user)
        for row in db.exec(select(WebSignIn).where(WebSignIn.user_id == user.id)):
            row.created_at, row.last_seen_at = moment - created, moment - seen
            db.add(row)


class TestTheCookieIsOnlyAnId:
    def test_the_cookie_is_a_random_id_whose_hash_alone_is_stored(self, client: Any) -> None:
        from casefile.web.sessions import token_hash

        email = "idonly@rwdsu.example.org"
        add_user(email)
        assert sign_in(client, email).status_code == 303
        cookie = client.cookies.get("casefile_session")
        assert cookie and len(cookie) >= 43 and "." not in cookie  # 32 random bytes, not a signed payload
        [row] = rows_of(email)
        assert row.token_hash == token_hash(cookie) and cookie not in row.token_hash

    def test_signing_in_again_makes_a_new_id_and_ends_the_old_one(self, app: Any, client: Any) -> None:
        email = "again@rwdsu.example.org"
        add_user(email)
        sign_in(client, email)
        before = client.cookies.get("casefile_session")
        copy = thief(app, client)
        sign_in(client, email)
        assert client.cookies.get("casefile_session") != before
        assert copy.get("/cases", follow_redirects=False).status_code == 303
        assert len(rows_of(email)) == 1


class TestSignOutEndsTheSession:
    def test_a_copied_cookie_stops_working_at_sign_out(self, app: Any, client: Any) -> None:
        """M8: after sign-out, a copy of the cookie taken before answered 200; now it is a visitor."""
        email = "copied@rwdsu.example.org"
        add_user(email)
        sign_in(client, email)
        copy = thief(app, client)
        assert copy.get(f"/cases/{NUMBER}").status_code == 200
        assert client.post("/sign-out", data={"csrf_token": csrf(client, "/cases")}, follow_redirects=False).status_code == 303
        answer = copy.get(f"/cases/{NUMBER}", follow_redirects=False)
        assert (answer.status_code, answer.headers["location"]) == (303, f"/sign-in?next=/cases/{NUMBER}")
        assert rows_of(email) == []


class TestLifetimes:
    def test_a_message_shown_does_not_renew_the_session(self, client: Any) -> None:
        """M8: expiry slid whenever a flash message re-signed the cookie. Now the session's age is
        the database's: an action that flashes a message sends no new session cookie and does not
        move the sign-in time, so the session still ends at its absolute lifetime."""
        email = "flashy@rwdsu.example.org"
        add_user(email)
        sign_in(client, email)
        [before] = rows_of(email)
        age_session(email, created=timedelta(hours=11, minutes=59))
        answer = client.post("/reminders/notices", data={"csrf_token": csrf(client, "/reminders"), "notices": "on"},
                             follow_redirects=False)
        assert answer.status_code == 303 and "casefile_session=" not in answer.headers.get("set-cookie", "")
        shown = client.get("/reminders")
        assert "You will get a notice" in shown.text and "casefile_session=" not in shown.headers.get("set-cookie", "")
        [after] = rows_of(email)
        assert after.id == before.id and datetime.now(UTC) - after.created_at > timedelta(hours=11, minutes=58)
        age_session(email, created=timedelta(hours=12, seconds=1))
        answer = client.get("/cases", follow_redirects=False)
        assert (answer.status_code, answer.headers["location"]) == (303, "/sign-in?next=/cases")
        assert rows_of(email) == []

    def test_an_idle_session_ends_after_the_idle_timeout(self, client: Any) -> None:
        email = "idle@rwdsu.example.org"
        add_user(email)
        sign_in(client, email)
        age_session(email, created=timedelta(minutes=31), seen=timedelta(minutes=29))
        assert client.get("/cases", follow_redirects=False).status_code == 200  # used 29 minutes ago: still live
        [row] = rows_of(email)
        assert datetime.now(UTC) - row.last_seen_at < timedelta(seconds=30)  # the use was recorded
        age_session(email, created=timedelta(minutes=62), seen=timedelta(minutes=31))
        assert client.get("/cases", follow_redirects=False).status_code == 303

    def test_an_active_session_ends_at_the_absolute_lifetime(self, client: Any) -> None:
        email = "busy@rwdsu.example.org"
        add_user(email)
        sign_in(client, email)
        age_session(email, created=timedelta(hours=11, minutes=59), seen=timedelta(seconds=5))
        assert client.get("/cases", follow_redirects=False).status_code == 200
        age_session(email, created=timedelta(hours=12, seconds=1), seen=timedelta(seconds=5))
        assert client.get("/cases", follow_redirects=False).status_code == 303


class TestAccountChangesEndSessions:
    @pytest.mark.parametrize("change", ["password", "deactivate"])
    def test_every_session_of_the_user_ends(self, app: Any, change: str) -> None:
        from casefile.accounts.users import set_active, set_password
        from casefile.record.db import write_session

        email = f"ended-{change}@rwdsu.example.org"
        add_user(email)
        browsers = [TestClient(app, base_url="http://127.0.0.1") for _ in range(2)]
        for browser in browsers:
            assert sign_in(browser, email).status_code == 303
        assert len(rows_of(email)) == 2
        with write_session(by="operator:tests") as db:
            if change == "password":
                set_password(db, email=email, password="another long passphrase", as_of=datetime.now(UTC))
            else:
                set_active(db, email=email, active=False, as_of=datetime.now(UTC))
        assert rows_of(email) == []
        for browser in browsers:
            assert browser.get("/cases", follow_redirects=False).status_code == 303


def test_the_sign_in_page_still_works_with_a_dead_session_cookie(client: Any) -> None:
    """A browser whose session ended (its cookie still sent) signs in again with the page's form."""
    client.cookies.set("casefile_session", "x" * 43)
    assert client.get("/cases", follow_redirects=False).status_code == 303
    email = "dead-cookie@rwdsu.example.org"
    add_user(email)
    assert sign_in(client, email, PASSWORD).status_code == 303
    assert client.get("/cases").status_code == 200


def test_rows_of_sessions_that_expired_unseen_are_deleted_at_the_next_sign_in(app: Any) -> None:
    email, other = "forgotten@rwdsu.example.org", "next-one@rwdsu.example.org"
    add_user(email)
    add_user(other)
    assert sign_in(TestClient(app, base_url="http://127.0.0.1"), email).status_code == 303
    age_session(email, created=timedelta(hours=13), seen=timedelta(hours=13))
    assert sign_in(TestClient(app, base_url="http://127.0.0.1"), other).status_code == 303
    assert rows_of(email) == [] and len(rows_of(other)) == 1


class TestMySignIns:
    """ASVS 3.3.4: the user sees their live sign-ins and ends any, or every one but this browser's."""

    def test_a_user_ends_another_browsers_sign_in_and_then_every_other(self, app: Any) -> None:
        import re

        email = "many-browsers@rwdsu.example.org"
        add_user(email)
        here, laptop, phone = (TestClient(app, base_url="http://127.0.0.1", headers={"user-agent": ua})
                               for ua in ("Here/1.0", "Laptop/2.0", "Phone/3.0"))
        for browser in (here, laptop, phone):
            assert sign_in(browser, email).status_code == 303
        listing = here.get("/account/sessions")
        assert listing.status_code == 200 and all(ua in listing.text for ua in ("Here/1.0", "Laptop/2.0", "Phone/3.0"))
        assert listing.text.count("This browser") == 1
        laptop_row = next(r.id for r in rows_of(email) if r.user_agent == "Laptop/2.0")
        ended = here.post("/account/sessions", data={"csrf_token": csrf(here, "/account/sessions"), "action": "end",
                                                     "session": str(laptop_row)})
        assert "1 other sign-in ended" in ended.text
        assert laptop.get("/cases", follow_redirects=False).status_code == 303
        assert phone.get("/cases", follow_redirects=False).status_code == 200
        here.post("/account/sessions", data={"csrf_token": csrf(here, "/account/sessions"), "action": "end-others"})
        assert phone.get("/cases", follow_redirects=False).status_code == 303
        assert here.get("/cases", follow_redirects=False).status_code == 200
        assert [r.user_agent for r in rows_of(email)] == ["Here/1.0"]
        assert re.search(r"My sign-ins", here.get("/cases").text)

    def test_another_users_session_cannot_be_ended(self, app: Any) -> None:
        mine, theirs = "ender@rwdsu.example.org", "victim@rwdsu.example.org"
        add_user(mine)
        add_user(theirs)
        me, them = TestClient(app, base_url="http://127.0.0.1"), TestClient(app, base_url="http://127.0.0.1")
        sign_in(me, mine)
        sign_in(them, theirs)
        [row] = rows_of(theirs)
        answer = me.post("/account/sessions", data={"csrf_token": csrf(me, "/account/sessions"), "action": "end",
                                                    "session": str(row.id)})
        assert "No other sign-in was ended" in answer.text
        assert them.get("/cases", follow_redirects=False).status_code == 200
        assert theirs not in me.get("/account/sessions").text
