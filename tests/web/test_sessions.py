"""Sessions, CSRF, the sign-in rate limit, sign-out, the password reset link and who may open
which page — through the application itself (Starlette's test client over the web tests' world)."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from starlette.exceptions import StarletteDeprecationWarning

from tests.web.conftest import Served
from tests.web.world import NUMBER, PASSWORD, TALLY_CASE, USERS

with warnings.catch_warnings():
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from fastapi.testclient import TestClient


@pytest.fixture
def client(served: Served) -> Iterator[Any]:
    from casefile.server import create_app

    with TestClient(create_app(on_committed=lambda entry_id, as_of: None), base_url="http://127.0.0.1") as c:
        yield c


def csrf(client: Any, path: str = "/sign-in") -> str:
    match = re.search(r'name="csrf_token" value="([^"]+)"', client.get(path).text)
    assert match, f"no CSRF token on {path}"
    return match.group(1)


def sign_in(client: Any, email: str, password: str = PASSWORD) -> Any:
    return client.post("/sign-in", data={"email": email, "password": password, "csrf_token": csrf(client)},
                       follow_redirects=False)


def add_user(email: str, org: str = "rwdsu-legal", role: str = "staff") -> None:
    from casefile.accounts.users import add_user as add
    from casefile.record.db import write_session

    with write_session(by="operator:tests") as session:
        add(session, email=email, organization=org, role=role, password=PASSWORD, as_of=datetime.now(UTC))


class TestSessionCookie:
    def test_signing_in_sets_an_httponly_lax_cookie_and_opens_my_cases(self, client: Any) -> None:
        """The cookie is HttpOnly and SameSite=Lax (not Secure over plain http); My cases lists Bessemer."""
        answer = sign_in(client, USERS["union-counsel"])
        assert (answer.status_code, answer.headers["location"]) == (303, "/cases")
        cookie = answer.headers["set-cookie"].lower()
        assert "httponly" in cookie and "samesite=lax" in cookie and "secure" not in cookie
        page = client.get("/cases")
        assert page.status_code == 200 and NUMBER in page.text and "counsel@rwdsu.example.org" in page.text

    def test_secure_behind_https(self) -> None:
        """X-Forwarded-Proto counts only from a trusted proxy; a request over https is https."""
        from casefile.web.sessions import is_https

        forwarded = {"scheme": "http", "headers": [(b"x-forwarded-proto", b"https")]}
        assert is_https(forwarded, trust_forwarded=True) and not is_https(forwarded, trust_forwarded=False)
        assert is_https({"scheme": "https", "headers": []}, trust_forwarded=False)

    def test_a_forged_cookie_is_a_visitor(self, client: Any) -> None:
        client.cookies.set("casefile_session", "eyJ1IjoxfQ.forged.signature")
        answer = client.get("/cases", follow_redirects=False)
        assert (answer.status_code, answer.headers["location"]) == (303, "/sign-in?next=/cases")

    def test_sign_out_ends_the_session(self, client: Any) -> None:
        sign_in(client, USERS["union-counsel"])
        token = csrf(client, "/cases")
        assert client.post("/sign-out", data={"csrf_token": token}, follow_redirects=False).status_code == 303
        assert client.get("/cases", follow_redirects=False).status_code == 303


class TestCsrf:
    def test_a_form_without_the_token_is_refused_and_files_nothing(self, client: Any) -> None:
        """An objections form posted without the session's CSRF token: 403, no docket entry."""
        from sqlmodel import func, select

        from casefile.record.db import read_session
        from casefile.record.models import DocketEntry

        sign_in(client, USERS["union-staff"])
        with read_session() as session:
            before = session.exec(select(func.count()).select_from(DocketEntry)).one()
        answer = client.post(f"/cases/{NUMBER}/acts/file-objections",
                             data={"date": "2022-04-07", "party": "rwdsu", "objections-0": "An objection.",
                                   "csrf_token": "not-the-token"})
        assert answer.status_code == 403 and "reload the page" in answer.text
        with read_session() as session:
            assert session.exec(select(func.count()).select_from(DocketEntry)).one() == before

    def test_sign_in_needs_the_token_too(self, client: Any) -> None:
        answer = client.post("/sign-in", data={"email": USERS["union-staff"], "password": PASSWORD})
        assert answer.status_code == 403


class TestRateLimit:
    def test_five_failures_lock_the_email_for_the_window(self, client: Any) -> None:
        """Five wrong passwords for one email: the sixth attempt, even with the right password, is
        refused (429) without being checked; the attempts are rows of the database."""
        from sqlmodel import select

        from casefile.record.db import read_session
        from casefile.record.logins import LoginAttempt

        email = "locked-out@rwdsu.example.org"
        add_user(email)
        for _ in range(5):
            assert sign_in(client, email, "wrong password, again").status_code == 422
        refused = sign_in(client, email)
        assert refused.status_code == 429 and "too many failed sign-in attempts" in refused.text.lower()
        with read_session() as session:
            rows = session.exec(select(LoginAttempt).where(LoginAttempt.email == email)).all()
        assert [r.succeeded for r in rows] == [False] * 5

    def test_a_wrong_password_does_not_say_which_was_wrong(self, client: Any) -> None:
        answer = sign_in(client, "nobody@example.org", "whatever it is")
        assert answer.status_code == 422 and "The email address or password is not right" in answer.text


class TestPasswordReset:
    def test_the_one_time_link_sets_a_new_password_once_and_ends_old_sessions(self, client: Any, served: Served) -> None:
        """An admin's reset link (casefile users reset prints it): the page takes a new password;
        the old password and the session signed in before no longer work; the link works once."""
        from casefile.accounts.users import start_reset
        from casefile.record.db import write_session

        email = "forgot@rwdsu.example.org"
        add_user(email)
        assert sign_in(client, email).status_code == 303
        with write_session(by="operator:tests") as session:
            _, token = start_reset(session, email=email, as_of=datetime.now(UTC), by="operator:tests")
        other = TestClient(client.app, base_url="http://127.0.0.1")
        page = other.get(f"/account/reset/{token}")
        assert page.status_code == 200 and email in page.text
        new = "a brand new passphrase here"
        form = {"password": new, "confirm": new, "csrf_token": csrf(other, f"/account/reset/{token}")}
        assert other.post(f"/account/reset/{token}", data=form, follow_redirects=False).status_code == 303
        assert client.get("/cases", follow_redirects=False).status_code == 303  # the old session ended
        assert sign_in(other, email).status_code == 422
        assert sign_in(other, email, new).status_code == 303
        assert other.get(f"/account/reset/{token}").status_code == 404


class TestWhoSeesWhat:
    def test_a_case_one_may_not_see_answers_404(self, client: Any) -> None:
        from casefile.accounts.orgs import add_organization
        from casefile.record.db import write_session

        with write_session(by="operator:tests") as session:
            add_organization(session, key="unlinked-firm", name="Unlinked LLP", kind="firm", as_of=datetime.now(UTC))
        add_user("someone@unlinked.example.org", org="unlinked-firm", role="counsel")
        sign_in(client, "someone@unlinked.example.org")
        assert client.get(f"/cases/{NUMBER}").status_code == 404
        assert f'href="/cases/{NUMBER}"' not in client.get("/cases").text
        assert client.get(f"/cases/{NUMBER}/acts/file-objections").status_code == 404

    def test_staff_may_not_record_the_regions_acts(self, client: Any) -> None:
        """Staff see the case but the tally form is not theirs: 403, and the case page offers no such link."""
        sign_in(client, USERS["union-staff"])
        assert client.get(f"/cases/{TALLY_CASE}/acts/record-tally").status_code == 403
        assert "acts/record-tally" not in client.get(f"/cases/{TALLY_CASE}").text

    def test_the_calculators_need_an_account_unless_public(self, client: Any) -> None:
        answer = client.get("/calculators/tally", follow_redirects=False)
        assert (answer.status_code, answer.headers["location"]) == (303, "/sign-in?next=/calculators/tally")
