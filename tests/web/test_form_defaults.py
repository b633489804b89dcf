"""The forms read alike and start sensibly: the extension form serves another party by default
(never the filer on itself); "How it was filed" is radios on the hand-written forms as on the
generated ones; no date hint is written as 2022-04-20 beside the browser's own date field; the
receiving office's zone is in words."""

from __future__ import annotations

import re
from typing import Any

from tests.web.test_sessions import client, sign_in  # noqa: F401  (the fixture)
from tests.web.world import NUMBER, USERS


def selected(html: str, field_id: str) -> str:
    block = re.search(rf'<select[^>]*id="{field_id}"[^>]*>(.*?)</select>', html, re.S)
    assert block, field_id
    chosen = re.search(r'<option value="([^"]*)" selected>', block.group(1))
    return chosen.group(1) if chosen else ""


class TestDefaults:
    def test_the_extension_form_serves_the_other_party(self, client: Any) -> None:  # noqa: F811
        sign_in(client, USERS["employer-counsel"])
        html = client.get(f"/cases/{NUMBER}/acts/request-extension").text
        assert selected(html, "service-0-party") == "rwdsu"
        assert 'type="radio" id="method" name="method" value="e-filing" checked' in html

    def test_objections_method_is_radios_and_date_hints_are_in_words(self, client: Any) -> None:  # noqa: F811
        sign_in(client, USERS["union-counsel"])
        for path in (f"/cases/{NUMBER}/acts/file-objections", f"/cases/{NUMBER}/acts/request-extension"):
            html = client.get(path).text
            assert 'type="radio" id="method" name="method" value="e-filing" checked' in html, path
            hints = " ".join(re.findall(r'<div class="hint" id="[^"]*-hint">(.*?)</div>', html, re.S))
            assert not re.search(r"\d{4}-\d{2}-\d{2}", hints), (path, hints[:400])
            assert "America/New_York" not in hints
        assert "Eastern time" in client.get(f"/cases/{NUMBER}/acts/request-extension").text


class TestEveryProblem:
    def test_each_problem_of_the_act_is_shown_at_its_input(self, client: Any, served: Any) -> None:  # noqa: F811
        """No reasons and a date asked for that is not one: both shown at once, each linked to its input."""
        from tests.web.test_sessions import csrf

        sign_in(client, USERS["employer-counsel"])
        form = f"/cases/{NUMBER}/acts/request-extension"
        answer = client.post(form, data={"csrf_token": csrf(client, form), "party": "amazon", "date": "2022-04-05",
                                         "method": "e-filing", "kind": "objections", "until": "2022-02-30",
                                         "reasons": "", "service-rows": "1", "perform": "1"})
        assert answer.status_code == 422
        links = re.findall(r'<li><a href="#([^"]+)">([^<]+)</a></li>', answer.text)
        assert [field for field, _ in links] == ["until", "reasons"], links


class TestMyCasesLeadsWithWhatIsOurs:
    def test_each_organization_sees_its_own_next_deadline(self, client: Any) -> None:  # noqa: F811
        """On April 4, 2022 the union's next is the objections period of the rerun tally; the Region's column
        is its own (its target dates), never the parties' objections period."""
        from tests.web.test_trial_words import text_of

        sign_in(client, USERS["union-counsel"])
        shown = text_of(client.get("/cases", params={"q": NUMBER, "as_of": "2022-04-04"}).text)
        assert "Next for RWDSU Legal Department" in shown
        assert "Objections and offer of proof (all parties): due Thu Apr 7" in shown, shown[-1500:]
        sign_in(client, USERS["region"])
        shown = text_of(client.get("/cases", params={"q": NUMBER, "as_of": "2022-04-04"}).text)
        assert "Next for NLRB Region 10" in shown and "Objections and offer of proof (all parties)" not in shown, \
            shown[-1500:]
