"""A filing recorded on the web is e-filed with the NLRB or only prepared in casefile (new-user trial F7, F16,
F31, F33): a prepared one meets no deadline, every page says "Prepared, not yet e-filed" with the due date,
confirming the e-filing (the agency's receipt) meets it, and a period of the user's party that lapsed with
nothing e-filed shows as missed on My cases and in "Next for"."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

import pytest

from tests.acts.snapshot import snapshot
from tests.web.test_drafts import save
from tests.web.test_first_hour_trial import _next_for, _open, _row_of, _tally
from tests.web.test_sessions import client, csrf, sign_in  # noqa: F401  (the fixture)
from tests.web.test_trial_words import text_of
from tests.web.world import ATLANTA, USERS

#: Tallied yesterday; the union files its objections through the form, not yet e-filed.
PREPARED = "10-RC-300041"
#: Tallied yesterday; the union files from a draft, not yet e-filed.
FROM_DRAFT = "10-RC-300042"
#: Tallied yesterday; the union's objections e-filed, without their offer of proof.
NO_OFFER = "10-RC-300043"
#: Tallied yesterday; the union files its objections through the form, already e-filed.
E_FILED = "10-RC-300044"
#: Tallied yesterday; the union prepares its objections at a time of day, then confirms their e-filing.
DOCKETED = "10-RC-300046"
UNION = "Retail, Wholesale and Department Store Union"
DUE = r"due \w{3} \w{3} \d{1,2}, 11:59 p\.m\. EST"


@pytest.fixture(scope="module")
def cases(served: Any) -> None:
    from datetime import UTC

    from casefile import app
    from casefile.acts import Who, parse_act

    today = datetime.now(ATLANTA).date()
    week_ago, yesterday = (today - timedelta(days=7)).isoformat(), (today - timedelta(days=1)).isoformat()
    for number in (PREPARED, FROM_DRAFT, NO_OFFER, E_FILED, DOCKETED):
        _open(number, week_ago)
        _tally(number, yesterday)
    objections = parse_act({"act": "file-objections", "party": "union", "date": today.isoformat(),
                            "objections": ["The Employer's supervisors threatened closure."]})
    app.perform(objections, case_number=NO_OFFER, as_of=datetime.now(UTC), by=Who.operator(), documents="none")


def file_objections(client: Any, number: str, nlrb: str) -> Any:  # noqa: F811
    form = f"/cases/{number}/acts/file-objections"
    answer = client.post(form, data={
        "csrf_token": csrf(client, form), "party": "union", "date": datetime.now(ATLANTA).date().isoformat(),
        "method": "e-filing", "nlrb": nlrb, "objections-rows": "1", "objections-0": "The Employer threatened closure.",
        "offer_of_proof-rows": "1", "offer_of_proof-0-objection": "1", "offer_of_proof-0-witness": "Jane Doe, picker",
        "offer_of_proof-0-summary": "Heard the threat.", "perform": "1"}, follow_redirects=False)
    assert answer.status_code == 303, text_of(answer.text)[:2000]
    return client.get(answer.headers["location"])


def deadline_ids(number: str) -> dict[str, int]:
    from casefile import app

    return {d.kind: d.id for d in app.case(number).elections[-1].deadlines}


def test_the_form_asks_whether_it_was_e_filed(client: Any, cases: None) -> None:  # noqa: F811
    sign_in(client, USERS["union-counsel"])
    page = client.get(f"/cases/{PREPARED}/acts/file-objections").text
    shown = text_of(page)
    assert "Filed with the NLRB? " in shown
    assert "Already e-filed with the NLRB on the date above" in shown and "Not yet: prepare the PDF" in shown
    assert re.search(r'name="nlrb" value="prepared" checked', page), "not yet e-filed unless the user says so"


def test_prepared_objections_stay_due_on_every_page_until_the_e_filing_is_confirmed(client: Any, cases: None) -> None:  # noqa: F811
    sign_in(client, USERS["union-counsel"])
    result = text_of(file_objections(client, PREPARED, "prepared").text)
    assert "Not yet filed with the NLRB" in result and "Then confirm the e-filing on the case page" in result, result[:1500]
    mine = _next_for(client.get(f"/cases/{PREPARED}").text)
    assert "Met" not in mine.split(), mine
    assert re.search(rf"Objections and offer of proof \(all parties\): Prepared, not yet e-filed — e-file it with the NLRB: "
                     rf"{DUE} — \d business days? left", mine), mine
    row = _row_of(client.get("/cases", params={"q": PREPARED}).text, PREPARED)
    assert re.search(rf"Objections and offer of proof \(all parties\): Prepared, not yet e-filed — e-file it with the "
                     rf"NLRB: {DUE}", row), row
    assert "nothing of yours running" not in row
    listed = _row_of(client.get("/deadlines").text, PREPARED)
    assert re.search(rf"Objections and offer of proof .* Prepared, not yet e-filed — e-file it with the NLRB: {DUE}",
                     listed), listed
    ids = deadline_ids(PREPARED)
    own = text_of(client.get(f"/cases/{PREPARED}/deadlines/{ids['objections']}").text)
    assert re.search(rf"Status Prepared, not yet e-filed — e-file it with the NLRB: {DUE}", own), own
    # the employer is told nothing of a filing the Region has not received
    client.cookies.clear()
    sign_in(client, USERS["employer-counsel"])
    assert "Prepared" not in _row_of(client.get("/cases", params={"q": PREPARED}).text, PREPARED)

    client.cookies.clear()
    sign_in(client, USERS["union-counsel"])
    page = client.get(f"/cases/{PREPARED}").text
    assert 'action="/cases/10-RC-300041/acts/confirm-efiling"' in page
    assert (f"Prepared, not yet e-filed The objections of {UNION}, prepared in casefile, meet no deadline until the NLRB "
            "receives them. Once e-filed, confirm it:") in text_of(page)
    filing = re.search(r'name="filing" value="(\d+)"', page).group(1)  # type: ignore[union-attr]
    today = datetime.now(ATLANTA).date().isoformat()
    confirmed = client.post(f"/cases/{PREPARED}/acts/confirm-efiling", data={
        "csrf_token": csrf(client, f"/cases/{PREPARED}"), "party": "union", "filing": filing, "date": today,
        "perform": "1"}, follow_redirects=False)
    assert confirmed.status_code == 303, text_of(confirmed.text)[:2000]
    after = client.get(confirmed.headers["location"]).text
    assert f"E-filing of the objections of {UNION} confirmed: received by the NLRB" in text_of(after)
    assert 'acts/confirm-efiling"' not in after  # nothing prepared is left
    mine = _next_for(after)
    assert f"Met Objections and offer of proof (all parties): filed in time by {UNION}" in mine, mine
    listed = _row_of(client.get("/deadlines").text, PREPARED)
    assert re.search(rf"Met by your party's timely filing; the period runs on for the other parties \({DUE}", listed), listed
    own = text_of(client.get(f"/cases/{PREPARED}/deadlines/{ids['objections']}").text)
    assert "Status Met by your party's timely filing" in own, own


def test_a_confirmation_refused_stores_nothing(client: Any, served: Any, cases: None) -> None:  # noqa: F811
    sign_in(client, USERS["union-counsel"])
    file_objections(client, E_FILED, "prepared")
    page = client.get(f"/cases/{E_FILED}").text
    filing = re.search(r'name="filing" value="(\d+)"', page).group(1)  # type: ignore[union-attr]
    before = snapshot(served.engine(), served.folder / "out")
    week_ago = (datetime.now(ATLANTA).date() - timedelta(days=7)).isoformat()  # before the tally: before the period
    refused = client.post(f"/cases/{E_FILED}/acts/confirm-efiling", data={
        "csrf_token": csrf(client, f"/cases/{E_FILED}"), "party": "union", "filing": filing, "date": week_ago,
        "perform": "1"}, follow_redirects=False)
    assert refused.status_code == 422, refused.text[:2000]
    assert "objections of Retail, Wholesale and Department Store Union" in text_of(refused.text)
    assert snapshot(served.engine(), served.folder / "out") == before


def test_filed_from_a_draft_the_reminder_stays(client: Any, cases: None) -> None:  # noqa: F811
    """F31: a staffer's draft filed by counsel keeps the "not yet filed with the NLRB" reminder."""
    from tests.web import test_drafts

    sign_in(client, USERS["union-staff"])
    form = f"/cases/{FROM_DRAFT}/acts/file-objections"
    old = test_drafts.FORM
    test_drafts.FORM = form
    try:
        draft = save(client, {"party": "union", "date": datetime.now(ATLANTA).date().isoformat(), "nlrb": "prepared",
                              "objections-0": "The Employer threatened closure.", "objections-1": ""})
    finally:
        test_drafts.FORM = old
    client.cookies.clear()
    sign_in(client, USERS["union-counsel"])
    filed = client.post(form, data={
        "csrf_token": csrf(client, f"/cases/{FROM_DRAFT}/drafts/{draft}"), "draft_id": str(draft), "party": "union",
        "date": datetime.now(ATLANTA).date().isoformat(), "nlrb": "prepared", "objections-rows": "1",
        "offer_of_proof-rows": "1", "objections-0": "The Employer threatened closure.", "perform": "1"},
        follow_redirects=False)
    assert filed.status_code == 303, text_of(filed.text)[:2000]
    shown = text_of(client.get(filed.headers["location"]).text)
    assert f"Draft {draft} filed: " in shown
    assert "Not yet filed with the NLRB" in shown and "Then confirm the e-filing on the case page" in shown
    assert "Prepared, not yet e-filed" in _next_for(client.get(f"/cases/{FROM_DRAFT}").text)


def test_a_missed_offer_of_proof_shows_on_my_cases_and_next_for(client: Any, cases: None) -> None:  # noqa: F811
    """F33: the union's objections were e-filed without their offer of proof; two weeks on, after the cut-off,
    My cases and "Next for" say the offer was missed, with its date."""
    sign_in(client, USERS["union-counsel"])
    later = (datetime.now(ATLANTA).date() + timedelta(days=14)).isoformat()
    row = _row_of(client.get("/cases", params={"q": NO_OFFER, "as_of": later}).text, NO_OFFER)
    # named by the party whose period it is, never by its key (re-trial N4)
    missed = r"Missed Retail, Wholesale and Department Store Union's offer of proof: due \w+ \d{1,2}, \d{4}, lapsed with no filing " \
             r"e-filed with the NLRB"
    assert re.search(missed, row), row
    assert "nothing of yours running" not in row
    mine = _next_for(client.get(f"/cases/{NO_OFFER}", params={"as_of": later}).text)
    assert re.search(missed, mine), mine
    # the employer, which objected to nothing, missed nothing
    client.cookies.clear()
    sign_in(client, USERS["employer-counsel"])
    assert "Missed" not in _row_of(client.get("/cases", params={"q": NO_OFFER, "as_of": later}).text, NO_OFFER)


def test_already_e_filed_meets_the_period_at_once(client: Any, cases: None) -> None:  # noqa: F811
    sign_in(client, USERS["union-counsel"])
    number = "10-RC-300045"
    today = datetime.now(ATLANTA).date()
    _open(number, (today - timedelta(days=7)).isoformat())
    _tally(number, (today - timedelta(days=1)).isoformat())
    result = text_of(file_objections(client, number, "e-filed").text)
    assert "Not yet filed with the NLRB" not in result
    assert f"Met Objections and offer of proof (all parties): filed in time by {UNION}" in _next_for(
        client.get(f"/cases/{number}").text)


def _docket_csv(client: Any, number: str) -> str:  # noqa: F811
    import io
    import zipfile

    export = client.get(f"/cases/{number}/export.zip")
    assert export.status_code == 200, export.text[:500]
    return zipfile.ZipFile(io.BytesIO(export.content)).read("docket.csv").decode("utf-8")


def test_a_prepared_filing_is_docketed_as_prepared_and_shown_to_the_other_side_once_e_filed(
        client: Any, served: Any, cases: None) -> None:  # noqa: F811
    from casefile.rules.calendar import clock_label

    now = datetime.now(ATLANTA).replace(second=0, microsecond=0) - timedelta(minutes=1)
    earlier = now - timedelta(minutes=5)
    if earlier.date() != now.date():
        pytest.skip("just after midnight in Atlanta: no earlier time of the same day")
    today, words = now.date().isoformat(), f"{now:%B} {now.day}, {now.year}"
    sign_in(client, USERS["union-counsel"])
    form = f"/cases/{DOCKETED}/acts/file-objections"
    answer = client.post(form, data={
        "csrf_token": csrf(client, form), "party": "union", "date": today, "time": f"{now:%H:%M}",
        "method": "e-filing", "nlrb": "prepared", "objections-rows": "1", "objections-0": "The Employer threatened closure.",
        "offer_of_proof-rows": "1", "offer_of_proof-0-objection": "1", "offer_of_proof-0-witness": "Jane Doe, picker",
        "offer_of_proof-0-summary": "Heard the threat.", "perform": "1"}, follow_redirects=False)
    assert answer.status_code == 303, text_of(answer.text)[:2000]
    prepared_line = (f"Objections of {UNION} (objection no. 1) prepared in casefile on {words}, not yet e-filed with "
                     "the NLRB")
    page = client.get(f"/cases/{DOCKETED}").text
    assert prepared_line in text_of(page), text_of(page)[:3000]
    assert prepared_line in _docket_csv(client, DOCKETED)
    assert f"Objections of {UNION} (objection no. 1) received" not in text_of(page)
    # the other side: nothing filed or served yet, so nothing on its docket or in its export
    client.cookies.clear()
    sign_in(client, USERS["employer-counsel"])
    assert f"Objections of {UNION}" not in text_of(client.get(f"/cases/{DOCKETED}").text)
    assert f"Objections of {UNION}" not in _docket_csv(client, DOCKETED)

    client.cookies.clear()
    sign_in(client, USERS["union-counsel"])
    filing = re.search(r'name="filing" value="(\d+)"', page).group(1)  # type: ignore[union-attr]
    before = snapshot(served.engine(), served.folder / "out")
    refused = client.post(f"/cases/{DOCKETED}/acts/confirm-efiling", data={
        "csrf_token": csrf(client, f"/cases/{DOCKETED}"), "party": "union", "filing": filing, "date": today,
        "time": f"{earlier:%H:%M}", "perform": "1"}, follow_redirects=False)
    assert refused.status_code == 422, refused.text[:2000]
    assert (f"recorded in casefile as prepared, not yet e-filed with the NLRB, {clock_label(now)} on {words}: the NLRB "
            f"cannot have received it earlier, {clock_label(earlier)} on {words}") in text_of(refused.text)
    assert snapshot(served.engine(), served.folder / "out") == before
    confirmed = client.post(f"/cases/{DOCKETED}/acts/confirm-efiling", data={
        "csrf_token": csrf(client, f"/cases/{DOCKETED}"), "party": "union", "filing": filing, "date": today,
        "time": f"{now:%H:%M}", "perform": "1"}, follow_redirects=False)
    assert confirmed.status_code == 303, text_of(confirmed.text)[:2000]
    zone = clock_label(now).split()[-1]
    assert zone in ("EST", "EDT")
    client.cookies.clear()
    sign_in(client, USERS["employer-counsel"])
    shown = text_of(client.get(f"/cases/{DOCKETED}").text)
    assert prepared_line in shown  # e-filed now: on the other side's docket, with what happened when
    assert (f"E-filing of the objections of {UNION} confirmed: received by the NLRB {clock_label(now)} on {words}"
            in shown), shown[:3000]
    assert "UTC-0" not in shown
