"""Internal values kept off the forms (new user's trial F5, F23): a tally recorded without the document received is
refused in words at the upload (no act name "record-tally", no organization key "rwdsu-legal"); the File a motion
form asks whom the motion is made to, not "Attach to … like filing:12 or docket:40"."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.test_sessions import client, csrf, sign_in  # noqa: F401  (the fixture)
from tests.web.test_trial_words import text_of
from tests.web.world import USERS, noon

ALONE = "19-RC-300031"


@pytest.fixture(scope="module")
def alone(served: Any) -> str:
    """A Region 19 case (no Region on this casefile) with no tally, linked to RWDSU's organization only: its admin
    records the Region's acts, from the documents received."""
    from casefile import app
    from casefile.accounts.orgs import link_party
    from casefile.acts import Who, parse_act
    from casefile.record.db import write_session

    opening = parse_act({"act": "open-case", "date": "2022-03-01", "case": {
        "number": ALONE, "name": "Magnolia Fulfillment LLC", "petition_filed_on": "2022-01-10"}, "parties": [
        {"key": "employer", "role": "employer", "name": "Magnolia Fulfillment LLC"},
        {"key": "union", "role": "petitioner", "name": "Retail, Wholesale and Department Store Union"}]})
    app.perform(opening, case_number=ALONE, as_of=noon(opening.on), by=Who.operator(), documents="none")
    with write_session(by="operator:tests") as session:
        link_party(session, organization="rwdsu-legal", case_number=ALONE, party="union", as_of=noon(opening.on))
    return ALONE


def test_a_tally_without_the_document_received_is_refused_in_words(client: Any, served: Any, alone: str) -> None:  # noqa: F811
    from casefile.settings import get_settings
    from tests.acts.snapshot import snapshot

    sign_in(client, USERS["union-admin"])
    form = f"/cases/{alone}/acts/record-tally"
    before = snapshot(served.engine(), get_settings().output_dir)
    answer = client.post(form, data={
        "csrf_token": csrf(client, form), "date": "2022-03-31", "kind": "initial", "choices-rows": "1",
        "choices-0-name": "Retail, Wholesale and Department Store Union", "choices-0-votes": "875",
        "against": "993", "challenged": "16", "void": "59", "method": "mail", "board_agent": "R. Ortiz"})
    assert answer.status_code == 422, answer.text[:2000]
    shown = text_of(answer.text)
    assert ("Upload the document you received (the document the Region, the judge or the Board issued) with this: "
            "casefile records another's act from that document, never as one your side performs") in shown, shown[:3000]
    assert "record-tally" not in shown and "rwdsu-legal" not in shown
    assert snapshot(served.engine(), get_settings().output_dir) == before


def test_the_motion_form_asks_whom_it_is_made_to(client: Any) -> None:  # noqa: F811
    from tests.web.world import NUMBER

    sign_in(client, USERS["union-counsel"])
    answer = client.get(f"/cases/{NUMBER}/acts/file-motion")
    assert answer.status_code == 200, answer.text[:1500]
    shown = text_of(answer.text)
    assert "Made to" in shown and "the hearing officer during the hearing" in shown
    assert "filing:12" not in shown and "docket:40" not in shown and "Attach to" not in shown
