"""Issue 15 (a leftover): a missed period stops leading once the case has moved past the stage it served.

The real Bessemer history (examples/bessemer-10-RC-269250.yaml): both parties filed objections to the 2022 rerun's
tally on April 7, 2022 with no offer of proof, so each side's offer of proof lapsed that day, and while the
objections were pending before the Regional Director that lapse was each side's next task (29 CFR 102.69(a)(8):
the objecting party "shall also file" the offer with them; 102.69(c)(1)(i): without one the Regional Director may
overrule the objections without a hearing). The Regional Director then consolidated the objections and the
challenged ballots for hearing before an Administrative Law Judge (April 25, 2024; 102.69(c)(1)(ii)), who decided
them (November 5, 2024): the offers no longer decide whether there is a hearing, so "Next for" on the case page and
My cases no longer lead with them (casefile.rules.lapsed_periods.still_matters) — while the case page's deadline
list still shows each party's offer of proof lapsed on April 7, 2022, as the record holds it.

Each test builds the case through the front door in its own database (documents not rendered) with the demo
accounts (casefile.cli.demo.make_accounts), and reads the pages as each side's counsel sees them.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from tests.web.test_first_hour_trial import _row_of
from tests.web.test_trial_words import text_of
from tests.web.world import EXAMPLE, NUMBER, PASSWORD, USERS, noon

RWDSU_OFFER = "Retail, Wholesale and Department Store Union's offer of proof"
AMAZON_OFFER = "Amazon.com Services LLC's offer of proof"
#: The scenario's events through both parties' objections to the rerun's tally (April 7, 2022), and all of them.
THROUGH_RERUN_OBJECTIONS = 9


@pytest.fixture
def bessemer(configured_db: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A function that carries Bessemer's real history through the first ``n`` events (from where it was left)."""
    from pwdlib import PasswordHash
    from pwdlib.hashers.argon2 import Argon2Hasher

    from casefile import app
    from casefile.accounts import passwords
    from casefile.acts import Who
    from casefile.http.settings import get_web_settings
    from casefile.scenario import load_scenario
    from casefile.settings import get_settings

    monkeypatch.setattr(passwords, "HASHER", PasswordHash((Argon2Hasher(time_cost=1, memory_cost=1024, parallelism=1),)))
    monkeypatch.setenv("CASEFILE_SECRET_KEY", "casefile-missed-tests-secret-key-0123456789")
    monkeypatch.setenv("CASEFILE_WEB_LOGIN_FAILURES_PER_ADDRESS", "1000")
    for cache in (get_settings, get_web_settings):
        cache.cache_clear()
    spec = load_scenario(EXAMPLE)
    done: list[int] = [0]
    sequence: list[int] = [0]

    def carry(n: int | None = None) -> None:
        """Carry the history through its first ``n`` events (None: every one)."""
        from casefile.cli.demo import make_accounts

        if done[0] == 0:
            app.perform(spec.opening(), as_of=noon(spec.events[0].on), by=Who.operator(), documents="none")
        n = len(spec.events) if n is None else n
        for event in spec.events[done[0]:n]:
            if event.act_name == "record-tally":
                sequence[0] += 1
            elif event.election is None and "election" in type(event).model_fields:
                event = event.model_copy(update={"election": sequence[0]})
            app.perform(event, case_number=NUMBER, as_of=event.at or noon(event.on), by=Who.operator(), documents="none")
        if done[0] == 0:
            make_accounts(password=PASSWORD, as_of=noon(spec.events[0].on))
        done[0] = n

    yield carry
    get_web_settings.cache_clear()


@pytest.fixture
def web(bessemer: Any) -> Iterator[Any]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient
    from casefile.server import create_app

    with TestClient(create_app(), base_url="http://127.0.0.1") as client:
        yield client


def _sign_in(client: Any, email: str) -> None:
    client.cookies.clear()
    form = client.get("/sign-in").text
    token = re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)  # type: ignore[union-attr]
    answer = client.post("/sign-in", data={"email": email, "password": PASSWORD, "csrf_token": token},
                         follow_redirects=False)
    assert answer.status_code == 303, answer.text[:500]


def _next_for(client: Any) -> str:
    page = client.get(f"/cases/{NUMBER}").text
    return text_of(page.split('id="next-for-you"', 1)[1].split("</section>", 1)[0])


def _my_cases(client: Any) -> str:
    return _row_of(client.get("/cases", params={"q": NUMBER}).text, NUMBER)


def _stage() -> str:
    from casefile import app

    return str(app.case(NUMBER, as_of=datetime.now(UTC)).elections[-1].stage)


SIDES = [("union-counsel", RWDSU_OFFER, AMAZON_OFFER), ("employer-counsel", AMAZON_OFFER, RWDSU_OFFER)]


@pytest.mark.parametrize(("who", "own", "other"), SIDES)
def test_the_missed_offer_leads_while_the_objections_are_pending_and_not_once_decided(
        bessemer: Any, web: Any, who: str, own: str, other: str) -> None:
    bessemer(THROUGH_RERUN_OBJECTIONS)
    assert _stage() == "objections-pending"
    _sign_in(web, USERS[who])
    missed = f"Missed {own}: due April 7, 2022, lapsed with no filing e-filed with the NLRB"
    assert missed in _next_for(web) and other not in _next_for(web), _next_for(web)
    assert missed in _my_cases(web), _my_cases(web)

    bessemer()  # the order consolidating the objections and the challenged ballots, the hearing, the judge's decision
    assert _stage() == "alj-decision-issued"
    shown, row = _next_for(web), _my_cases(web)
    assert "Missed" not in shown and own not in shown, shown
    assert "Missed" not in row and "nothing of yours running" in row, row
    # the deadline list keeps the lapse, as the record holds it: the party's offer of proof, April 7, 2022, lapsed
    page = text_of(web.get(f"/cases/{NUMBER}").text)
    assert re.search(re.escape(own) + r" [^|]*?April 7, 2022 lapsed", page), page


def test_the_demo_case_leads_with_no_missed_offer_for_either_side(bessemer: Any, web: Any) -> None:
    """The whole demo history (through the judge's decision of November 5, 2024): neither side's case page, My cases
    nor Deadlines page names a missed offer of proof."""
    bessemer()
    for who, own, _ in SIDES:
        _sign_in(web, USERS[who])
        for shown in (_next_for(web), _my_cases(web), _row_of(web.get("/deadlines").text, NUMBER)):
            assert "Missed" not in shown and own not in shown, (who, shown)
