"""A refused act form (403) says why and when the act becomes available, with a link back to the
case: the Region's notice of hearing before any objections (the stage rule), and union staff asking
for an act of counsel (the authority policy's reason)."""

from __future__ import annotations

from typing import Any

from tests.web.test_sessions import client, sign_in  # noqa: F401  (the fixture)
from tests.web.test_trial_words import text_of
from tests.web.world import NUMBER, TALLY_CASE, USERS


class TestRefusalPage:
    def test_before_its_stage_the_page_says_when_it_becomes_available(self, client: Any) -> None:  # noqa: F811
        sign_in(client, USERS["region"])
        answer = client.get(f"/cases/{TALLY_CASE}/acts/notice-hearing")
        shown = text_of(answer.text)
        assert answer.status_code == 403
        assert f"Notice of hearing on objections cannot be done on {TALLY_CASE} now: no election has been tallied yet." \
            in shown, shown[:800]
        assert "It becomes available at: Objections pending" in shown
        assert f'href="/cases/{TALLY_CASE}#acts"' in answer.text and "Back to the case" in shown

    def test_an_act_of_counsel_refused_to_staff_says_whose_it_is(self, client: Any) -> None:  # noqa: F811
        sign_in(client, USERS["union-staff"])
        answer = client.get(f"/cases/{NUMBER}/acts/request-extension")
        shown = text_of(answer.text)
        assert answer.status_code == 403
        assert "Request an extension of time is not yours to do on" in shown and "this act is for counsel and admins" in shown, \
            shown[:800]
