"""What the case page says a case waits for, and the noticed hearing (new-user trial F24, F25, F34, F18), on cases of
this module's own: both sides' organizations linked (so no party's user records the Region's acts), a tally of
yesterday, the union's objections today; on one of them the Regional Director's Notice of Hearing today, while the
employer's objection period still runs (5 business days after the tally, 29 CFR 102.69(a)(8))."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from typing import Any

import pytest

from tests.web.test_first_hour_trial import _open, _tally
from tests.web.test_sessions import client, sign_in  # noqa: F401  (the fixture)
from tests.web.test_trial_words import text_of
from tests.web.world import ATLANTA, USERS

#: Objections pending before the Regional Director.
PENDING = "10-RC-300031"
#: A hearing noticed on the union's objections while the employer's period runs.
NOTICED = "10-RC-300032"


def _opens_on() -> Any:
    return datetime.now(ATLANTA).date() + timedelta(days=21)


@pytest.fixture(scope="module")
def cases(served: Any) -> dict[str, str]:
    from casefile import app
    from casefile.acts import Who, parse_act

    today = datetime.now(ATLANTA).date()
    week_ago, yesterday = (today - timedelta(days=7)).isoformat(), (today - timedelta(days=1)).isoformat()
    objections = parse_act({"act": "file-objections", "party": "union", "date": today.isoformat(),
                            "objections": ["The Employer's supervisors threatened closure."]})
    for number in (PENDING, NOTICED):
        _open(number, week_ago)
        _tally(number, yesterday)
        app.perform(objections, case_number=number, as_of=datetime.now(UTC), by=Who.operator(), documents="none")
    notice = parse_act({"act": "notice-hearing", "date": today.isoformat(), "opens_on": _opens_on().isoformat(),
                        "opens_at": "10:00", "place": "videoconference (Zoom for Government)",
                        "presiding": "Elena Marsh", "issuer": "Lisa Y. Henderson"})
    app.perform(notice, case_number=NOTICED, as_of=datetime.now(UTC), by=Who.operator(), documents="none")
    return {"pending": PENDING, "noticed": NOTICED}


def _next_for(html: str) -> str:
    return text_of(html.split('id="next-for-you"', 1)[1].split("</section>", 1)[0])


def _hearing_words() -> str:
    from casefile.rules.chronology import long_date

    opens = _opens_on()
    zone = datetime.combine(opens, time(10), ATLANTA).strftime("%Z")
    return (f"on {opens:%A}, {long_date(opens)}, at 10:00 a.m. {zone}, at videoconference (Zoom for Government), "
            "before Hearing Officer Elena Marsh")


class TestWaitingFor:
    def test_objections_pending_waits_for_the_regional_director(self, client: Any, cases: dict[str, str]) -> None:  # noqa: F811
        """Both sides linked: the union's counsel may record none of the Region's acts (the policy), and the page
        says what the case waits for and who records it."""
        sign_in(client, USERS["union-counsel"])
        shown = _next_for(client.get(f"/cases/{PENDING}").text)
        assert ("Waiting for the Regional Director's decision on the objections (or a notice of hearing, or an order "
                "consolidating them with an unfair labor practice case): the Region's users or this casefile's "
                "operator record it.") in shown, shown

    def test_the_regions_user_is_not_told_to_wait(self, client: Any, cases: dict[str, str]) -> None:  # noqa: F811
        """The Region's user records those acts itself (the policy permits it): no "Waiting for"."""
        sign_in(client, USERS["region"])
        assert "Waiting for" not in _next_for(client.get(f"/cases/{PENDING}").text)


class TestNoticedHearing:
    def test_the_parties_see_the_noticed_hearing(self, client: Any, cases: dict[str, str]) -> None:  # noqa: F811
        """F34: the notice's date, time, place and hearing officer, as next for each party; the union waits for the
        hearing to open."""
        sign_in(client, USERS["union-counsel"])
        shown = _next_for(client.get(f"/cases/{NOTICED}").text)
        assert f"Hearing noticed: it opens {_hearing_words()} (from the Notice of Hearing; 29 CFR 102.69(c)(1)(ii))." \
            in shown, shown
        assert (f"Waiting for the hearing to open {_hearing_words()}: the Region's users or this casefile's operator "
                "record it.") in shown, shown

    def test_my_cases_shows_the_noticed_hearing(self, client: Any, cases: dict[str, str]) -> None:  # noqa: F811
        """F34: My cases' "Next for" names the noticed hearing beside the union's offer of proof still due, and for
        the employer beside its objections still due."""
        from tests.web.test_first_hour_trial import _row_of

        sign_in(client, USERS["union-counsel"])
        row = _row_of(client.get("/cases", params={"q": NOTICED}).text, NOTICED)
        assert "Retail, Wholesale and Department Store Union's offer of proof: due " in row, row
        assert row.rstrip().endswith(f"Hearing noticed: it opens {_hearing_words()}"), row
        sign_in(client, USERS["employer-counsel"])
        row = _row_of(client.get("/cases", params={"q": NOTICED}).text, NOTICED)
        assert "Objections and offer of proof (all parties): due " in row, row
        assert row.rstrip().endswith(f"Hearing noticed: it opens {_hearing_words()}"), row

    def test_the_employer_may_still_object(self, client: Any, cases: dict[str, str]) -> None:  # noqa: F811
        """F24: the employer's period runs (5 business days after yesterday's tally): File objections is offered and
        its form answers 200, with the noticed hearing shown above."""
        sign_in(client, USERS["employer-counsel"])
        page = client.get(f"/cases/{NOTICED}").text
        assert f'href="/cases/{NOTICED}/acts/file-objections"' in page
        assert f"Hearing noticed: it opens {_hearing_words()}" in _next_for(page)
        assert client.get(f"/cases/{NOTICED}/acts/file-objections").status_code == 200


class TestRequestForReviewRefusal:
    def test_the_refusal_says_nothing_is_decided_yet(self, client: Any, cases: dict[str, str]) -> None:  # noqa: F811
        """F18: at objections pending, 403 with the real reason and no claim that it becomes available here."""
        sign_in(client, USERS["union-counsel"])
        answer = client.get(f"/cases/{PENDING}/acts/request-for-review")
        assert answer.status_code == 403
        shown = text_of(answer.text)
        assert ("is not available now in election 1: objections are pending before the Regional Director, and nothing "
                "the Regional Director decided is yet for the Board to review") in shown, shown
        assert "becomes available at “Certified”" in shown
        assert "at “Objections pending before the Regional Director”" not in shown


class TestTheHearingsTarget:
    def test_worded_as_the_rules_target_not_a_set_hearing(self, client: Any, cases: dict[str, str]) -> None:  # noqa: F811
        """F12: with objections pending and no notice, the hearing's date is the rule's target (15 business days after
        the tally, 102.69(c)(1)(ii)), never "set for"."""
        sign_in(client, USERS["union-counsel"])
        page = client.get(f"/cases/{PENDING}").text
        running = text_of(page.split("<caption>Running now", 1)[1].split("</table>", 1)[0])
        assert "Hearing, if set" in running and "target date under the rule: " in running, running
        assert "set for" not in running


class TestLapsedActs:
    def test_a_lapsed_act_says_its_period_ended(self, client: Any, cases: dict[str, str]) -> None:  # noqa: F811
        """F19: Bessemer's 2022 rerun tally of March 31, 2022, objections due April 7, 2022: File objections is still
        offered (a filing received in time may be recorded late) but says its period ended and that objections
        cannot be filed late."""
        from tests.web.world import NUMBER

        sign_in(client, USERS["union-counsel"])
        page = client.get(f"/cases/{NUMBER}").text
        acts = text_of(page.split('id="acts"', 1)[1].split("</section>", 1)[0])
        assert ("File objections (for Retail, Wholesale and Department Store Union) — its period ended on April 7, 2022: "
                "only a filing received in time can still be recorded (no late filing, 29 CFR 102.69(a)(8))") in acts, acts
