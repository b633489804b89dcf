"""Opening a case on the web (/cases/new): a new firm's counsel opens a case of a Region nobody on
this casefile represents, is linked to the party it named, and sees the case; a form with several
problems shows every one at its input and stores nothing; a staffer is refused (the authority
policy) with the reason."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.test_sessions import add_user, client, csrf, sign_in  # noqa: F401  (the fixture)
from tests.web.test_trial_words import text_of

FIRM = "cascadia-labor-law"
COUNSEL = "maria@cascadia-labor.example.org"
STAFF = "sam@cascadia-labor.example.org"
NEW_CASE = "19-RC-361042"


@pytest.fixture(scope="module")
def firm(served: Any) -> str:
    """A union-side firm with one counsel and one staffer, linked to no case."""
    from datetime import UTC, datetime

    from casefile.accounts.orgs import add_organization
    from casefile.record.db import write_session

    with write_session(by="operator:tests") as session:
        add_organization(session, key=FIRM, name="Cascadia Labor Law", kind="firm", as_of=datetime.now(UTC))
    add_user(COUNSEL, org=FIRM, role="counsel")
    add_user(STAFF, org=FIRM, role="staff")
    return FIRM


def form(client: Any, **values: str) -> dict[str, str]:  # noqa: F811
    return {"csrf_token": csrf(client, "/cases/new"), **values}


GOOD = {"case-number": NEW_CASE, "employer-name": "Cascadia Freight Services, Inc.",
        "union-name": "International Brotherhood of Teamsters, Local 117", "case-office": "",
        "case-petition_filed_on": "2026-06-02", "case-agreement": "stipulated",
        "case-agreement_public": "yes", "case-petition_filed_on_public": "yes",  # the boxes, ticked as the form starts
        "case-unit_description": "All full-time and regular part-time drivers at the Kent, WA terminal.",
        "represents": "union", "counsel-name": "Maria Delgado", "counsel-firm": "Cascadia Labor Law",
        "counsel-email": "maria@cascadia-labor.example.org", "counsel-bar_number": "WSBA No. 41234"}


def rows(engine: Any) -> dict[str, int]:
    from sqlalchemy import text

    with engine.connect() as conn:
        return {t: conn.execute(text(f'SELECT COUNT(*) FROM "{t}"')).scalar_one()
                for t in ("case", "party", "person", "docketentry", "representation")}


class TestOpenCase:
    def test_the_form_is_generated_from_the_act_models(self, client: Any, firm: str) -> None:  # noqa: F811
        """The case's inputs come from CaseIn (the agreement's three kinds as radios, the petition date a
        date input), counsel's from CounselIn; My cases offers the form."""
        sign_in(client, COUNSEL)
        assert 'href="/cases/new"' in client.get("/cases").text
        html = client.get("/cases/new").text
        for field_id in ("case-number", "employer-name", "union-name", "case-office", "case-petition_filed_on",
                         "case-unit_description", "counsel-name", "counsel-email", "counsel-bar_number"):
            assert f'id="{field_id}"' in html, field_id
        assert re.search(r'id="case-petition_filed_on" name="case-petition_filed_on" type="date"', html)
        assert "Stipulated election agreement" in html and "Consent election agreement" in html
        assert "on this casefile and links your organization" in re.sub(r"\s+", " ", html)
        assert "Region 19 — Seattle, WA" in html

    def test_every_problem_at_once_and_nothing_stored(self, client: Any, served: Any, firm: str) -> None:  # noqa: F811
        """No employer, no petition date and a counsel e-mail that is not one: each problem at its
        input in one answer; no row added."""
        sign_in(client, COUNSEL)
        before = rows(served.engine())
        bad = {**GOOD, "employer-name": "", "case-petition_filed_on": "", "represents": ""}
        answer = client.post("/cases/new", data=form(client, **bad))
        assert answer.status_code == 422
        shown = text_of(answer.text)
        assert "Enter the employer's name" in shown and "Enter the date the petition was filed" in shown
        assert "Choose the party your organization represents" in shown
        for field_id in ("employer-name", "case-petition_filed_on", "represents"):
            assert f'href="#{field_id}"' in answer.text
        answer = client.post("/cases/new", data=form(client, **{**GOOD, "counsel-email": "maria at cascadia"}))
        assert answer.status_code == 422
        assert "'maria at cascadia' is not an e-mail address" in text_of(answer.text)
        assert 'href="#counsel-email"' in answer.text
        assert rows(served.engine()) == before

    def test_the_trial_form_shows_every_problem_in_one_pass(self, client: Any, served: Any, firm: str) -> None:  # noqa: F811
        """The new user's trial: a blank employer, a case number that is not one, a petition date that is
        no date and a counsel e-mail that is not one — all four in the first answer, in words (no pydantic
        phrasing, no bare "Name"); every table and the output folder as before."""
        from casefile.settings import get_settings
        from tests.acts.snapshot import snapshot

        sign_in(client, COUNSEL)
        before = snapshot(served.engine(), get_settings().output_dir)
        bad = {**GOOD, "employer-name": "   ", "case-number": "10-RX-3OOOO1", "case-petition_filed_on": "2026-02-30",
               "counsel-email": "not-an-email", "counsel-name": ""}
        answer = client.post("/cases/new", data=form(client, **bad))
        assert answer.status_code == 422
        shown = text_of(answer.text)
        assert "Enter the employer's name" in shown
        assert "'not-an-email' is not an e-mail address" in shown
        assert "Date the petition was filed: 2026-02-30 is not a calendar date (February 2026 has 28 days)" in shown
        assert "Input should be" not in shown and "outside expected range" not in shown
        assert "Your counsel's name: " in shown
        for field_id in ("employer-name", "case-number", "case-petition_filed_on", "counsel-email", "counsel-name"):
            assert f'href="#{field_id}"' in answer.text, field_id
        assert snapshot(served.engine(), get_settings().output_dir) == before

    def test_a_number_with_a_digit_dropped_opens_no_case(self, client: Any, served: Any, firm: str) -> None:  # noqa: F811
        """The new user's trial (F27): "19-rc-3526" for a petition of 2026 opened a permanent stray case. It is
        refused at the case number's input, saying why; every table and the output folder as before."""
        from casefile.settings import get_settings
        from tests.acts.snapshot import snapshot

        sign_in(client, COUNSEL)
        before = snapshot(served.engine(), get_settings().output_dir)
        answer = client.post("/cases/new", data=form(client, **{**GOOD, "case-number": "19-rc-3526"}))
        assert answer.status_code == 422
        shown = text_of(answer.text)
        assert ("19-RC-3526: its serial number 3526 has 4 digits, not 6 (a petition filed since 2012 has a number of "
                "the form RR-TT-NNNNNN, e.g. 10-RC-269250)") in shown, shown[:2000]
        assert 'href="#case-number"' in answer.text
        assert snapshot(served.engine(), get_settings().output_dir) == before

    def test_an_unknown_field_is_refused_naming_it(self, client: Any, served: Any, firm: str) -> None:  # noqa: F811
        """A misspelled field ("emploeyr-name") is refused naming it, not dropped; nothing stored."""
        from casefile.settings import get_settings
        from tests.acts.snapshot import snapshot

        sign_in(client, COUNSEL)
        before = snapshot(served.engine(), get_settings().output_dir)
        sent = {k: v for k, v in GOOD.items() if k != "employer-name"} | {"case-number": "19-RC-361043",
                                                                           "emploeyr-name": "Acme"}
        answer = client.post("/cases/new", data=form(client, **sent))
        assert answer.status_code == 422
        assert "The form sent a field it does not have: 'emploeyr-name'" in text_of(answer.text)
        assert snapshot(served.engine(), get_settings().output_dir) == before

    def test_staff_are_refused_with_the_reason(self, client: Any, firm: str) -> None:  # noqa: F811
        sign_in(client, STAFF)
        assert 'href="/cases/new"' not in client.get("/cases").text
        answer = client.get("/cases/new")
        assert answer.status_code == 403
        assert "cases are opened by counsel or admins" in text_of(answer.text)

    def test_the_boxes_start_ticked_and_a_cleared_one_is_false(self, client: Any, firm: str) -> None:  # noqa: F811
        """A checkbox sends "yes" when ticked (new-user trial: a ticked box was refused as 'not true or false'): the
        record's agreement and petition date start ticked (their default is True); a cleared box stores False."""
        from casefile.record.db import read_session
        from casefile.record.lookups import get_case

        sign_in(client, COUNSEL)
        html = client.get("/cases/new").text
        for box in ("case-agreement_public", "case-petition_filed_on_public"):
            assert re.search(rf'<input[^>]*id="{box}"[^>]*checked', html) or re.search(rf'<input[^>]*checked[^>]*id="{box}"', html), box
            assert f'name="{box}-shown"' in html, box  # the marker: a cleared box is false, not the default
        values = {**{k: v for k, v in GOOD.items() if k != "case-agreement_public"},  # the agreement's box cleared
                  "case-agreement_public-shown": "1", "case-petition_filed_on_public-shown": "1"}
        answer = client.post("/cases/new", data=form(client, **values), follow_redirects=False)
        assert answer.status_code == 303, text_of(answer.text)
        with read_session() as session:
            case = get_case(session, NEW_CASE)
            assert (case.agreement_public, case.petition_filed_on_public) == (False, True)

    def test_counsel_opens_the_case_and_is_linked_to_its_party(self, client: Any, firm: str) -> None:  # noqa: F811
        """The case is open in Region 19 (Seattle), named after its employer; the firm is linked to the
        union and sees the case; counsel of record is Maria Delgado."""
        from sqlmodel import select

        from casefile import app
        from casefile.record.access import UserViewer
        from casefile.record.accounts import User
        from casefile.record.db import read_session

        sign_in(client, COUNSEL)
        answer = client.post("/cases/new", data=form(client, **GOOD), follow_redirects=False)
        assert (answer.status_code, answer.headers["location"]) == (303, f"/cases/{NEW_CASE}")
        page = client.get(f"/cases/{NEW_CASE}")
        assert page.status_code == 200 and "Case opened: Cascadia Freight Services, Inc." in text_of(page.text)
        assert "Opened: Case opened" not in text_of(page.text)
        with read_session() as session:
            viewer = UserViewer.of(session, session.exec(select(User).where(User.email == COUNSEL)).one())
        view = app.case(NEW_CASE, viewer=viewer)
        assert view.name == "Cascadia Freight Services, Inc." and view.office == "19-seattle"
        assert {p.key: p.name for p in view.parties} == {
            "employer": "Cascadia Freight Services, Inc.", "union": "International Brotherhood of Teamsters, Local 117"}
        assert "Maria Delgado" in text_of(page.text)
