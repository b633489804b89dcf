"""What a new user's trial found on the pages (the words shown): a case one may not see reads as one
that does not exist, in the web's words; the objections form names a time of receipt later than
now; the tally calculator flags every field in error; times in words in the office's zone."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.test_sessions import add_user, client, csrf, sign_in  # noqa: F401  (the fixture)
from tests.web.world import NUMBER, USERS

OUTSIDER = "outsider@trial.example.org"


@pytest.fixture(scope="module")
def outsider(served: Any) -> str:
    """Counsel of a firm linked to no case."""
    from datetime import UTC, datetime

    from casefile.accounts.orgs import add_organization
    from casefile.record.db import write_session

    with write_session(by="operator:tests") as session:
        add_organization(session, key="trial-outsider", name="Trial Outsider LLP", kind="firm", as_of=datetime.now(UTC))
    add_user(OUTSIDER, org="trial-outsider", role="counsel")
    return OUTSIDER


def text_of(html: str) -> str:
    import html as htmllib

    return re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", " ", html)))


class TestNoCase:
    PATHS = ("/cases/{n}", "/cases/{n}/acts/file-objections", "/cases/{n}/drafts")

    def test_a_case_one_may_not_see_reads_as_one_that_does_not_exist(self, client: Any, outsider: str) -> None:  # noqa: F811
        """The outsider (no link to Bessemer) and an unknown number: 404, the same sentence naming
        the number, no command-line advice (open it first, replay a scenario)."""
        sign_in(client, outsider)
        for path in self.PATHS:
            for number in (NUMBER, "10-RC-999999"):
                answer = client.get(path.format(n=number))
                shown = text_of(answer.text)
                assert answer.status_code == 404, (path, number)
                assert f"There is no case {number} that you can see." in shown, (path, shown[:600])
                assert "replay" not in shown and "open it first" not in shown and "database" not in shown


class TestReceiptLaterThanNow:
    FORM = f"/cases/{NUMBER}/acts/file-objections"

    def post(self, client: Any, day: str, clock: str) -> Any:  # noqa: F811
        return client.post(self.FORM, data={"csrf_token": csrf(client, self.FORM), "party": "amazon", "date": day,
                                            "time": clock, "objections-rows": "1", "offer_of_proof-rows": "1",
                                            "objections-0": "The Union's agents electioneered.", "file": "1"})

    def test_a_time_ahead_of_the_office_clock_is_named(self, client: Any) -> None:  # noqa: F811
        """Today's date at the office (Region 10, Atlanta) with a time an hour ahead: the error names
        the time of receipt and the office's clock now, on the time field; tomorrow: the date."""
        from datetime import datetime, timedelta

        from tests.web.world import ATLANTA

        sign_in(client, USERS["employer-counsel"])
        local = datetime.now(ATLANTA)
        ahead = local + timedelta(hours=1)
        if ahead.date() == local.date():
            answer = self.post(client, local.date().isoformat(), ahead.strftime("%H:%M"))
            assert answer.status_code == 422
            shown = text_of(answer.text)
            hour = ahead.strftime("%I:%M").lstrip("0")
            assert re.search(rf"The time of receipt \({re.escape(hour)} [ap]\.m\. E[SD]T\) is later than now "
                             r"\(\d{1,2}:\d\d [ap]\.m\. E[SD]T at the receiving office\)", shown), shown[:1500]
            assert 'href="#time"' in answer.text
            assert "cannot be in the future" not in shown
        tomorrow = (local + timedelta(days=1)).date()
        answer = self.post(client, tomorrow.isoformat(), "")
        shown = text_of(answer.text)
        assert answer.status_code == 422 and "The date of receipt is later than today (" in shown
        assert 'href="#date"' in answer.text


def test_the_tally_calculator_flags_every_field_in_error(client: Any) -> None:  # noqa: F811
    """Votes for RWDSU '87x5' and against '-3': both fields in the error summary, each linking to
    its field, with the field's message in words (not the command line's 'choice ...=...')."""
    from tests.web.test_act_forms import summary_links

    sign_in(client, USERS["union-staff"])
    answer = client.get("/calculators/tally", params={"rows": "2", "choice-0-name": "RWDSU", "choice-0-votes": "87x5",
                                                      "against": "-3", "check": "1"})
    assert answer.status_code == 422
    assert summary_links(answer.text) == [("choice-0-votes", "Votes for RWDSU must be a whole number, like 875"),
                                          ("against", "Votes against must be a whole number, like 875")]
    for field in ("choice-0-votes", "against"):
        assert f'id="{field}-error"' in answer.text
    assert "choice 'RWDSU" not in answer.text


def test_the_admin_page_shows_the_reset_link_s_time_in_words(client: Any) -> None:  # noqa: F811
    """The one-time link's end ('until December 2, 2026, 8:18 a.m. EST', 24 hours from now in
    the default zone, Washington's: RWDSU is not a Region), and the page's other times, in words."""
    from datetime import datetime, timedelta
    from zoneinfo import ZoneInfo

    from casefile.rules.chronology import long_date

    sign_in(client, USERS["union-admin"])
    added = client.post("/admin/users", data={"csrf_token": csrf(client, "/admin"), "new-email": "trial.words@rwdsu.example.org",
                                              "new-name": "Trial Words", "new-role": "staff"})
    assert added.status_code == 200
    shown = text_of(added.text)
    until = datetime.now(ZoneInfo("America/New_York")) + timedelta(hours=24)
    found = re.search(r"for 24 hours \(until ([A-Z][a-z]+ \d{1,2}, \d{4}), (\d{1,2}:\d\d [ap]\.m\.) (E[SD]T)\)", shown)
    assert found, shown[:800]
    assert found.group(1) in (long_date(until.date()), long_date((until - timedelta(minutes=2)).date()))
    assert "UTC" not in shown and not re.search(r"\d{4}-\d\d-\d\dT\d\d:\d\d", shown)


def test_the_case_page_offers_amazon_nothing_the_front_door_refuses(client: Any) -> None:  # noqa: F811
    """'What you may do on this case now' for Amazon's counsel on Bessemer (the 2022 rerun's tally):
    no withdrawal of the petition (RWDSU's to do), no amendment of objections (the period ended in
    2022), no review acts (no request for review or decision in the record)."""
    sign_in(client, USERS["employer-counsel"])
    html = client.get(f"/cases/{NUMBER}").text
    performed = html.split("What you may do on this case now", 1)[1].split("</ul>", 1)[0]
    links = set(re.findall(rf'href="/cases/{NUMBER}/acts/([a-z-]+)"', performed))
    # objections offered: to file, or (Amazon's own prepared in casefile by an earlier test) to confirm their e-filing
    assert "file-objections" in links or "Confirm the e-filing of the objections with the NLRB" in performed, performed
    assert not links & {"withdraw-petition", "amend-objection", "oppose-review", "move-for-reconsideration",
                        "board-ruling"}, links


def test_the_case_page_names_its_office_not_its_key(client: Any) -> None:  # noqa: F811
    """The case page's caption reads 'Region 10 · Atlanta, GA' (the office's name), not '10-atlanta'."""
    sign_in(client, USERS["union-counsel"])
    caption = text_of(client.get(f"/cases/{NUMBER}").text)
    assert f"Case {NUMBER} · Region 10 · Atlanta, GA" in caption and "10-atlanta" not in caption
    # the stage line, then the tally's outcome labeled (not a dangling "Certification of Results")
    assert re.search(r"is at [^.]+\. Outcome of its latest tally: [^.]+\.", caption), caption[:400]
