"""Apprise delivery: URLs checked and masked, one message per channel by real SMTP, failures reported
not raised; default URLs and lead times from the settings, refused at start-up when unusable."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from casefile.channels import addressed_to, check_url, mask_url, refusal
from casefile.errors import ConfigurationError
from casefile.jobs.notify import deliver, notify
from casefile.settings import get_settings
from tests.mail import free_port, mail_url, smtp_server


@pytest.fixture
def settings_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    """Settings read afresh from the environment the test sets."""
    get_settings.cache_clear()
    yield monkeypatch
    get_settings.cache_clear()


class TestUrls:
    @pytest.mark.parametrize(("url", "shown"), [
        ("mailtos://joe:s3cret@smtp.example.org:587?from=a@example.org&to=b@example.org",
         "mailtos://joe:****@smtp.example.org/b@example.org?from=a@example.org"),
        ("mailto://127.0.0.1:2525?from=casefile@example.org", "mailto://127.0.0.1:2525?from=casefile@example.org"),
        ("slack://T1JJ3T3L2/A1BRTD4JD/TIiajkdnlazkcOXrIdevi7FQ", "slack://T...2/A...D/T...Q"),
        ("json://localhost:8080/hook?token=abc123&x=1", "json://localhost:8080/hook"),
        ("json://localhost/hook?+X-Api-Key=abc123", "json://localhost/hook?+X-Api-Key=****"),
        ("mailtos://joe:pa:ss@host", "mailtos://joe:****@host"),
        ("pover://uQiRzpo4DXghDmr9QzzfQu27cmVRsG@azGDORePK8gMaC0QOYAMyEEuzJnyUi", "pover://u...G@a...i"),
        ("tgram://123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw/-100123456/", "tgram://1...w/-100123456"),
        ("pbul://o.gn5kj6nfhv736I7jC3cj3QLRiyhgl98b", "pbul://o...b"),
    ], ids=["smtp-password", "local-smtp", "slack-tokens", "token-param", "header", "colon-in-password",
            "pushover", "telegram", "pushbullet"])
    def test_mask(self, url: str, shown: str) -> None:
        """Apprise's own privacy rendering for each scheme (passwords, tokens, user keys hidden; hosts and
        addresses readable), headers and secret-looking parameters masked too; unusable text by its shape."""
        assert mask_url(url) == shown

    @pytest.mark.parametrize(("url", "email", "expected"), [
        ("mailto://127.0.0.1:25?from=a@example.org", "b@example.org", "mailto://127.0.0.1:25?from=a@example.org&to=b@example.org"),
        ("mailto://127.0.0.1:25?from=a@example.org", "", None),
        ("mailto://127.0.0.1:25?from=a@example.org&to=desk@example.org", "b@example.org",
         "mailto://127.0.0.1:25?from=a@example.org&to=desk@example.org"),
        ("mailtos://u:p@smtp.example.org/desk@example.org", "b@example.org", "mailtos://u:p@smtp.example.org/desk@example.org"),
        ("json://hooks.example.org/x", "b@example.org", "json://hooks.example.org/x"),
    ], ids=["addressed", "no-email", "has-to", "has-path-target", "not-email"])
    def test_addressed_to(self, url: str, email: str, expected: str | None) -> None:
        """A default email URL without a recipient goes to the person's email; one with a recipient, or another service, is kept."""
        assert addressed_to(url, email) == expected

    @pytest.mark.parametrize("url", ["not a url", "mailto://", "slack://abc", "foo://x:secretpw@y", ""],
                             ids=["words", "no-host", "slack-missing-tokens", "unknown-scheme", "empty"])
    def test_refused(self, url: str) -> None:
        """A URL Apprise cannot use is refused with a message naming it, never its password."""
        problem = refusal(url)
        assert problem is not None and "secretpw" not in problem
        with pytest.raises(ConfigurationError, match="--notify: "):
            check_url(url, what="--notify")

    def test_accepted(self) -> None:
        """A plain SMTP URL for a local server (no TLS, no login) is accepted as given."""
        assert check_url(" mailto://127.0.0.1:2525?from=a@example.org ", what="--notify") == \
            "mailto://127.0.0.1:2525?from=a@example.org"


class TestDelivery:
    def test_message_arrives_by_smtp(self) -> None:
        """deliver() sends the title as subject and the text as body to a real SMTP server, and says it was accepted."""
        with smtp_server() as (inbox, port):
            result = deliver(mail_url(port, "jane@example.org"), title="Reminder 10-RC-269250", body="due Fri 2021-04-16\nline 2")
        assert result.ok and result.error == ""
        assert [(m.recipients, m.subject, m.body.strip()) for m in inbox.received] == [
            (("jane@example.org",), "Reminder 10-RC-269250", "due Fri 2021-04-16\nline 2")]

    def test_refusal_is_reported(self) -> None:
        """A server that answers 550 gives a failed delivery whose error quotes the reply."""
        with smtp_server(refuse=True) as (_, port):
            result = deliver(mail_url(port, "jane@example.org"), title="t", body="b")
        assert not result.ok and "550" in result.error and "mailbox unavailable" in result.error

    def test_unreachable_is_reported_and_password_masked(self) -> None:
        """An unreachable server gives a failed delivery naming the connection error; the password is not in it."""
        url = f"mailto://joe:s3cretpw@127.0.0.1:{free_port()}?from=casefile@example.org&to=jane@example.org"
        result = deliver(url, title="t", body="b")
        assert not result.ok and "Connection" in result.error
        assert result.channel.startswith("mailto://joe:****@127.0.0.1:") and "s3cretpw" not in result.error + result.channel

    def test_per_url_results(self) -> None:
        """notify() reports each URL on its own: one failing does not stop the next."""
        with smtp_server() as (inbox, port):
            results = notify([mail_url(free_port(), "a@example.org"), mail_url(port, "b@example.org")], title="t", body="b")
        assert [r.ok for r in results] == [False, True] and len(inbox.received) == 1


class TestSettings:
    def test_default_urls_split_and_checked(self, settings_env: pytest.MonkeyPatch) -> None:
        """CASEFILE_NOTIFY_DEFAULT_URLS takes several URLs separated by commas or spaces."""
        settings_env.setenv("CASEFILE_NOTIFY_DEFAULT_URLS", "mailto://127.0.0.1:25?from=a@example.org, json://localhost/x")
        assert get_settings().notify_default_urls == ["mailto://127.0.0.1:25?from=a@example.org", "json://localhost/x"]

    def test_bad_default_url_refused_at_start_up(self, settings_env: pytest.MonkeyPatch) -> None:
        """An unusable default URL stops start-up with a ConfigurationError naming the setting, password masked."""
        settings_env.setenv("CASEFILE_NOTIFY_DEFAULT_URLS", "mailto://127.0.0.1:25?from=a@example.org,foo://x:secretpw@y")
        with pytest.raises(ConfigurationError, match="CASEFILE_NOTIFY_DEFAULT_URLS: 'foo://x:\\*\\*\\*\\*@y' is not") as refused:
            get_settings()
        assert "secretpw" not in str(refused.value)

    @pytest.mark.parametrize(("value", "expected"), [("7,3,1", [7, 3, 1]), ("1, 10, 5, 5", [10, 5, 1]), ("", [])],
                             ids=["default-form", "unsorted-duplicate", "none"])
    def test_lead_days(self, settings_env: pytest.MonkeyPatch, value: str, expected: list[int]) -> None:
        """CASEFILE_REMINDER_LEAD_DAYS is a comma-separated list of business days, kept latest-first without repeats."""
        settings_env.setenv("CASEFILE_REMINDER_LEAD_DAYS", value)
        assert get_settings().reminder_lead_days == expected

    @pytest.mark.parametrize("value", ["7,three", "7,-1", "90"], ids=["word", "negative", "too-far"])
    def test_bad_lead_days(self, settings_env: pytest.MonkeyPatch, value: str) -> None:
        """Lead days that are not whole numbers from 0 to 60 are refused naming CASEFILE_REMINDER_LEAD_DAYS."""
        settings_env.setenv("CASEFILE_REMINDER_LEAD_DAYS", value)
        with pytest.raises(ConfigurationError, match="CASEFILE_REMINDER_LEAD_DAYS"):
            get_settings()

    def test_a_bad_setting_is_said_without_pydantics_words(self, settings_env: pytest.MonkeyPatch) -> None:
        """The refusal named the setting after pydantic's "Value error, " ("invalid setting: Value error,
        CASEFILE_REMINDER_LEAD_DAYS: ..."); a web setting's type error was pydantic's "Input should be a valid
        integer"."""
        from casefile.http.settings import get_web_settings

        settings_env.setenv("CASEFILE_REMINDER_LEAD_DAYS", "90")
        with pytest.raises(ConfigurationError) as refused:
            get_settings()
        assert str(refused.value) == "invalid setting CASEFILE_REMINDER_LEAD_DAYS: 90 is not between 0 and 60 business days"
        settings_env.setenv("CASEFILE_WEB_PORT", "abc")
        get_web_settings.cache_clear()
        try:
            with pytest.raises(ConfigurationError) as refused:
                get_web_settings()
        finally:
            get_web_settings.cache_clear()
        assert str(refused.value) == "invalid setting CASEFILE_WEB_PORT: must be a whole number, like 875 (not 'abc')"

    def test_defaults(self, settings_env: pytest.MonkeyPatch) -> None:
        """By default there is no default URL and reminders go 7, 3 and 1 business days before the due day."""
        settings_env.delenv("CASEFILE_NOTIFY_DEFAULT_URLS", raising=False)
        settings_env.delenv("CASEFILE_REMINDER_LEAD_DAYS", raising=False)
        assert (get_settings().notify_default_urls, get_settings().reminder_lead_days) == ([], [7, 3, 1])
