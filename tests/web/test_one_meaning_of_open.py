"""One meaning of open on the web (issue 15, item 9): a case of this module's own, tallied Monday, March 3, 2025, its
objection period ending Monday, March 10, 2025 at 11:59 p.m. EDT (five business days, 29 CFR 102.69(a)), never swept.
The case page and the list of cases as of Tuesday, March 11, 2025 say the period ended and the objections deadline
lapsed — neither says it runs (29 CFR 102.2(b)); as of March 10 they still say it runs."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.test_first_hour_trial import _open, _tally
from tests.web.test_sessions import client, sign_in  # noqa: F401  (the fixture)
from tests.web.test_trial_words import text_of
from tests.web.world import USERS

NUMBER = "10-RC-300071"


@pytest.fixture(scope="module")
def tallied(served: Any) -> str:
    _open(NUMBER, "2025-02-24")
    _tally(NUMBER, "2025-03-03")
    return NUMBER


def _lead(html: str) -> str:
    """The case page's first sentence ("Election 1 (initial election) is at ….")."""
    lead = text_of(html.split('<p class="lead">', 1)[1].split("</p>", 1)[0]).strip()
    return re.sub(r"\s+\.", ".", lead).split(". ", 1)[0] + "."


def _rows(html: str) -> str:
    """The list of cases' rows (not its filter, whose options name every stage)."""
    return text_of(html.split("<tbody>", 1)[1].split("</tbody>", 1)[0])


def _every_deadline(html: str) -> dict[str, tuple[str, str]]:
    """The "Every deadline" table: deadline -> (due, status)."""
    table = html.split("<caption class=\"visually-hidden\">Every deadline</caption>", 1)[1].split("</table>", 1)[0]
    rows = [[text_of(cell).strip() for cell in row.split("<td>")[1:]] for row in table.split("<tr>")[2:]]
    return {r[0]: (r[2], r[3]) for r in rows}


class TestCasePage:
    def test_after_the_cut_off_the_period_ended(self, client: Any, tallied: str) -> None:  # noqa: F811
        sign_in(client, USERS["union-counsel"])
        html = client.get(f"/cases/{tallied}?as_of=2025-03-11").text
        assert _lead(html) == "Election 1 (initial election) is at Tally of Ballots issued; objection period ended."
        listed = _every_deadline(html)
        assert (listed["Objections and offer of proof"], listed["Offer of proof"]) == (
            ("March 10, 2025", "lapsed"), ("March 10, 2025", "lapsed"))
        assert "objection period running" not in text_of(html)
        assert ": Tally of Ballots issued; objection period ended." in text_of(html)  # the chain of elections

    def test_on_the_last_day_it_runs(self, client: Any, tallied: str) -> None:  # noqa: F811
        sign_in(client, USERS["union-counsel"])
        html = client.get(f"/cases/{tallied}?as_of=2025-03-10").text
        assert _lead(html) == "Election 1 (initial election) is at Tally of Ballots issued; objection period running."
        listed = _every_deadline(html)
        assert (listed["Objections and offer of proof"], listed["Offer of proof"]) == (
            ("March 10, 2025", "open"), ("March 10, 2025", "open"))


class TestCaseList:
    def test_the_list_says_ended(self, client: Any, tallied: str) -> None:  # noqa: F811
        sign_in(client, USERS["union-counsel"])
        after = _rows(client.get(f"/cases?q={tallied}&as_of=2025-03-11").text)
        assert tallied in after and "Tally of Ballots issued; objection period ended" in after, after
        assert "running" not in after.replace("nothing of yours running", "")
        before = _rows(client.get(f"/cases?q={tallied}&as_of=2025-03-10").text)
        assert "Tally of Ballots issued; objection period running" in before
