"""Signing in (issue 14, security trial M6 and L2): Argon2 never runs on the event loop (the health
check answers while sign-ins hash), and throttling slows an attacker without locking the real user
out — a browser that signed in before and a known address have counters of their own, delays
double, an address with no account is throttled exactly like one with an account."""

from __future__ import annotations

import threading
import warnings
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from starlette.exceptions import StarletteDeprecationWarning

from tests.web.conftest import Served
from tests.web.test_sessions import add_user, csrf, sign_in
from tests.web.world import PASSWORD

with warnings.catch_warnings():
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from fastapi.testclient import TestClient

USER_HOME = ("198.51.100.7", 50000)
ATTACKER = ("203.0.113.9", 50000)


@pytest.fixture
def app(served: Served) -> Any:
    from casefile.server import create_app

    return create_app(on_committed=lambda entry_id, as_of: None)


def browser(app: Any, address: tuple[str, int]) -> TestClient:
    return TestClient(app, base_url="http://127.0.0.1", client=address)


@pytest.fixture
def fresh_limits(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The default limits (the web tests' server raises the per-address one)."""
    from casefile.http.settings import get_web_settings

    monkeypatch.setenv("CASEFILE_WEB_LOGIN_FAILURES_PER_ADDRESS", "20")
    get_web_settings.cache_clear()
    yield
    monkeypatch.undo()
    get_web_settings.cache_clear()


class TestHashingOffTheEventLoop:
    def test_the_health_check_answers_while_sign_ins_hash(self, app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
        """M6: eight sign-ins held /healthz 6.6 s (Argon2 on the event loop). Here the hasher is held
        inside verify until released: of five sign-ins sent at once, exactly ``hash_concurrency``
        (2) are inside it together — the others wait their turn without a worker thread, since 24
        at once took +470 MB — and /healthz answers meanwhile: impossible if any ran on the loop."""
        from casefile.accounts import passwords

        real, inside, release = passwords.HASHER, threading.Semaphore(0), threading.Event()

        class HeldHasher:
            def hash(self, password: str) -> str:
                return real.hash(password)

            def verify(self, password: str, hashed: str) -> bool:
                inside.release()
                assert release.wait(20), "never released"
                return bool(real.verify(password, hashed))

            def verify_and_update(self, password: str, hashed: str) -> tuple[bool, str | None]:
                inside.release()
                assert release.wait(20), "never released"
                return real.verify_and_update(password, hashed)  # type: ignore[no-any-return]

        monkeypatch.setattr(passwords, "HASHER", HeldHasher())
        with TestClient(app, base_url="http://127.0.0.1") as client:  # one event loop for every request
            token = csrf(client)
            statuses: list[int] = []

            def attempt(i: int) -> None:
                answer = client.post("/sign-in", data={"email": f"hashing-{i}@example.org", "password": "not it at all",
                                                       "csrf_token": token}, follow_redirects=False)
                statuses.append(answer.status_code)

            threads = [threading.Thread(target=attempt, args=(i,)) for i in range(5)]
            for t in threads:
                t.start()
            try:
                for _ in range(2):
                    assert inside.acquire(timeout=10), "the sign-ins did not hash at the same time"
                assert not inside.acquire(timeout=1), "more than hash_concurrency sign-ins hashed at once"
                health: list[int] = []
                probe = threading.Thread(target=lambda: health.append(client.get("/healthz").status_code))
                probe.start()
                probe.join(10)
                assert health == [200], "the health check did not answer while sign-ins were hashing"
                assert client.get("/sign-in").status_code == 200  # a page that needs a worker thread, too
            finally:
                release.set()
                for t in threads:
                    t.join(20)
        assert statuses == [422] * 5


class TestTheRealUserIsNotLockedOut:
    def test_the_users_browser_and_address_sign_in_while_an_attacker_guesses(self, app: Any, fresh_limits: None) -> None:
        """L2: five wrong passwords locked the real user out for 15 minutes. Now an attacker's
        guesses from elsewhere slow the attacker only: the user's browser (its device cookie) and a
        new browser at the user's usual address sign in with the right password at once."""
        email = "attacked@rwdsu.example.org"
        add_user(email)
        home = browser(app, USER_HOME)
        assert sign_in(home, email).status_code == 303  # the device cookie is given
        home.post("/sign-out", data={"csrf_token": csrf(home, "/cases")})
        attacker = browser(app, ATTACKER)
        answers = [sign_in(attacker, email, f"guess number {i}").status_code for i in range(12)]
        assert answers[:5] == [422] * 5 and set(answers[5:]) <= {422, 429} and 429 in answers[5:]
        refused = sign_in(attacker, email)  # even the right password: the attacker's client waits
        assert refused.status_code == 429 and "wait" in refused.text
        assert sign_in(home, email).status_code == 303  # the user's own browser
        assert home.get("/cases").status_code == 200
        assert sign_in(browser(app, USER_HOME), email).status_code == 303  # a new browser at the user's address


class TestDelays:
    def test_an_ipv6_subscriber_is_counted_by_its_network(self) -> None:
        from casefile.web.logins import address_key

        assert address_key("2001:db8:1:2:aaaa::1") == address_key("2001:db8:1:2:bbbb::9") == "2001:db8:1:2::/64"
        assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
        assert (address_key("203.0.113.5"), address_key("::ffff:203.0.113.5"), address_key("testclient")) == (
            "203.0.113.5", "203.0.113.5", "testclient")

    def test_delays_double_from_one_second_to_the_cap(self) -> None:
        from casefile.web.logins import delay_after

        assert [delay_after(n, free=5, max_seconds=900) for n in range(4, 17)] == [
            0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]

    def test_an_untrusted_client_waits_longer_after_each_failure(self, served: Served, fresh_limits: None) -> None:
        """At the function: five free failures, then each attempt sent before its delay is refused
        unchecked (and not counted), one sent after it is checked; an attacker retrying as soon as
        allowed gets at most 20 guesses an hour at one account (ASVS 2.2.1: at most 100)."""
        from casefile.record.access import NotAuthenticated
        from casefile.web.logins import TooManyAttempts
        from casefile.web.logins import sign_in as check

        email = "patient@rwdsu.example.org"
        add_user(email)
        start = datetime.now(UTC) - timedelta(hours=2)
        moment, checked, refused = start, 0, 0
        while moment < start + timedelta(hours=1):
            try:
                check(email=email, password="a wrong guess here", address="203.0.113.50", as_of=moment)
            except TooManyAttempts as exc:
                refused += 1
                moment += timedelta(seconds=max(1, exc.wait_seconds))
                continue
            except NotAuthenticated:
                checked += 1
            moment += timedelta(milliseconds=100)
        assert 10 <= checked <= 20 and refused >= checked - 5

    def test_an_address_with_no_account_is_throttled_the_same(self, served: Served, fresh_limits: None) -> None:
        from casefile.record.access import NotAuthenticated
        from casefile.web.logins import TooManyAttempts
        from casefile.web.logins import sign_in as check

        add_user("exists@rwdsu.example.org")
        outcomes: dict[str, list[str]] = {}
        for n, email in enumerate(("exists@rwdsu.example.org", "does-not-exist@rwdsu.example.org")):
            moment = datetime.now(UTC) - timedelta(minutes=30)
            seen = outcomes.setdefault(email, [])
            for step in range(9):
                try:
                    check(email=email, password="wrong wrong wrong", address=f"203.0.113.{60 + n}", as_of=moment)
                except TooManyAttempts as exc:
                    seen.append(f"wait {exc.wait_seconds}")
                except NotAuthenticated:
                    seen.append("checked")
                moment += timedelta(seconds=1.5 if step % 2 else 0.2)
        assert outcomes["exists@rwdsu.example.org"] == outcomes["does-not-exist@rwdsu.example.org"]
        assert outcomes["exists@rwdsu.example.org"][:5] == ["checked"] * 5

    def test_attempts_sent_at_once_count_each_other(self, served: Served, fresh_limits: None) -> None:
        """Sixteen attempts on one account at the same instant (hashing off the loop lets them run
        together): at most the five free ones are checked."""
        from casefile.record.access import NotAuthenticated
        from casefile.web.logins import TooManyAttempts
        from casefile.web.logins import sign_in as check

        email = "crowd@rwdsu.example.org"
        add_user(email)
        moment, outcomes = datetime.now(UTC), []

        def attempt(i: int) -> None:
            try:
                check(email=email, password="wrong once more", address=f"203.0.113.{100 + i}", as_of=moment)
            except TooManyAttempts:
                outcomes.append("refused")
            except NotAuthenticated:
                outcomes.append("checked")

        threads = [threading.Thread(target=attempt, args=(i,)) for i in range(16)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        assert len(outcomes) == 16 and outcomes.count("checked") <= 5

    def test_a_spray_from_one_address_is_slowed(self, app: Any, fresh_limits: None) -> None:
        """Twenty failures for twenty different accounts from one address: the next attempt from
        that address, for yet another account, waits; another address is not held back."""
        sprayer = browser(app, ("203.0.113.77", 50000))
        for i in range(20):
            assert sign_in(sprayer, f"sprayed-{i}@example.org", "Winter2026!Winter").status_code == 422
        assert sign_in(sprayer, "sprayed-next@example.org", "Winter2026!Winter").status_code == 429
        assert sign_in(browser(app, ("203.0.113.78", 50000)), "sprayed-next@example.org",
                       "Winter2026!Winter").status_code == 422


def test_a_wrong_password_and_an_unknown_address_read_the_same(app: Any) -> None:
    """What held: the sign-in page does not say which was wrong (and the device cookie is given only
    on success)."""
    add_user("alice-here@rwdsu.example.org")
    client = browser(app, ("203.0.113.90", 50000))
    one = sign_in(client, "alice-here@rwdsu.example.org", "not the password")
    two = sign_in(client, "bobby-gone@rwdsu.example.org", "not the password")
    assert one.status_code == two.status_code == 422
    assert one.text.replace("alice-here", "X") == two.text.replace("bobby-gone", "X").replace(csrf_of(two), csrf_of(one))
    assert "casefile_device" not in one.headers.get("set-cookie", "")
    assert sign_in(client, "alice-here@rwdsu.example.org", PASSWORD).status_code == 303
    assert client.cookies.get("casefile_device")


def csrf_of(answer: Any) -> str:
    import re

    found = re.search(r'name="csrf_token" value="([^"]+)"', answer.text)
    return found.group(1) if found else ""
