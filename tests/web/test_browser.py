"""The web pages as people use them, in a real browser (Debian's Chromium through Playwright):
a union staffer files objections with an offer of proof and sees both PDFs issued; the employer's
counsel sees the objections but not the offer of proof (not listed; its URL answers 404); a
filing after the cut-off shows the act's error on the form and stores nothing; and axe-core finds
no serious or critical accessibility violation on any page."""

from __future__ import annotations

import io
import os
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import inspect, text
from sqlmodel import col, select

from tests.web.conftest import Served, sign_in
from tests.web.world import NUMBER, TALLY_CASE, noon

pytestmark = pytest.mark.browser

CASE = f"/cases/{NUMBER}"
WITNESS = "Jane Doe, picker at BHM1"


def documents_of(kind: str) -> list[Any]:
    from casefile.record.db import read_session
    from casefile.record.models import Case, Document
    from casefile.vocab import DocumentKind

    with read_session() as session:  # this case only: the first-hour browser test files on another case
        case_id = session.exec(select(Case.id).where(Case.number == NUMBER)).one()
        return list(session.exec(select(Document).where(Document.case_id == case_id, Document.kind == DocumentKind(kind))
                                 .order_by(col(Document.id))))


def rwdsu_2022_objections() -> list[Any]:
    from casefile.record.db import read_session
    from casefile.record.models import Case, DocketEntry

    with read_session() as session:  # this case only: the first-hour browser test files on another case
        case_id = session.exec(select(Case.id).where(Case.number == NUMBER)).one()
        return list(session.exec(select(DocketEntry).where(DocketEntry.case_id == case_id,
                                                           DocketEntry.act == "file-objections",
                                                           col(DocketEntry.recorded_by).like("user:%"))))


def file_objections_through_the_form(page: Any) -> None:
    """As union staff: open the form from the case page, add a second objection and a witness row
    (the "add another" buttons re-render the form, values kept), and file."""
    page.goto(CASE)
    page.get_by_role("link", name="File objections", exact=True).click()
    page.get_by_label("Date filed").fill("2022-04-07")
    page.get_by_label("Time received (optional)").fill("15:30")
    page.get_by_label("Objection 1", exact=True).fill("The Employer's agents electioneered at the collection box.")
    page.get_by_role("button", name="Add another objection").click()
    assert page.get_by_label("Objection 1", exact=True).input_value().startswith("The Employer's agents")
    page.get_by_label("Objection 2", exact=True).fill("The Employer held captive-audience meetings during the mail ballot.")
    page.get_by_label("Objection number").fill("1")
    page.get_by_label("Witness", exact=True).fill(WITNESS)
    page.get_by_label("Summary of the expected testimony").fill("Saw supervisors standing at the collection box.")
    page.get_by_label("Already e-filed with the NLRB on the date above").check()  # served: the employer sees them
    page.get_by_role("button", name="File objections").click()
    page.wait_for_load_state()
    assert page.url.endswith(CASE + "#documents"), page.locator("main").inner_text()[:2000]


@pytest.fixture(scope="module")
def filed(browser: Any, served: Served) -> dict[str, Any]:
    """RWDSU's 2022 objections filed through the form by its staff; the ids of the two documents
    once issued (in-process, after the answer) and of the docket entries the filing made."""
    context = browser.new_context(base_url=served.url)
    page = context.new_page()
    sign_in(page, "union-staff")
    before = {e.id for e in rwdsu_2022_objections()}  # other tests of this server may have filed on the case
    file_objections_through_the_form(page)
    assert "Done: Objections of Retail, Wholesale and Department Store Union" in page.locator(".notice").first.inner_text()
    deadline = time.monotonic() + 60
    while not (documents_of("objections")[1:] and documents_of("offer-of-proof")[1:]):
        assert time.monotonic() < deadline, "the documents were not issued within 60 s"
        time.sleep(0.5)
    context.close()
    entries = [e.id for e in rwdsu_2022_objections() if e.id not in before]
    return {"objections": documents_of("objections")[-1].id, "offer": documents_of("offer-of-proof")[-1].id,
            "entries": entries}


class TestUnionStaff:
    def test_files_objections_with_an_offer_of_proof_and_sees_both_pdfs(self, page: Any, filed: dict[str, Any]) -> None:
        """The staffer's filing is docketed by them for RWDSU; the case page lists the objections and
        the confidential offer of proof, and both download as PDFs naming what was filed."""
        from pypdf import PdfReader

        entry = [e for e in rwdsu_2022_objections() if e.id in filed["entries"]]
        assert [e.recorded_by for e in entry] == ["user:staff@rwdsu.example.org"]
        sign_in(page, "union-staff")
        page.goto(CASE + "#documents")
        links = page.locator("#documents-table a.document")
        listed = dict(links.evaluate_all("els => els.map(e => [e.getAttribute('href'), e.dataset.kind])"))
        assert (listed[f"/documents/{filed['objections']}"], listed[f"/documents/{filed['offer']}"]) == (
            "objections", "offer-of-proof")
        assert list(listed.values()).count("offer-of-proof") >= 2  # the 2021 offer too
        for doc_id, words in ((filed["objections"], "captive-audience meetings"), (filed["offer"], WITNESS)):
            answer = page.request.get(f"/documents/{doc_id}")
            assert answer.status == 200 and answer.headers["content-type"] == "application/pdf"
            pdf = PdfReader(io.BytesIO(answer.body()))
            assert words in " ".join(" ".join(p.extract_text().split()) for p in pdf.pages)


class TestEmployerCounsel:
    def test_sees_the_objections_but_not_the_offer_of_proof(self, page: Any, filed: dict[str, Any]) -> None:
        """Amazon's counsel: RWDSU's objections listed and downloadable; the offer of proof not listed,
        its URL answers 404 like a document that does not exist; no pending offer is mentioned."""
        sign_in(page, "employer-counsel")
        page.goto(CASE)
        links = page.locator("#documents-table a.document")
        listed = dict(links.evaluate_all("els => els.map(e => [e.getAttribute('href'), e.dataset.kind])"))
        assert listed[f"/documents/{filed['objections']}"] == "objections" and "offer-of-proof" not in listed.values()
        body = page.locator("main").inner_text()
        union_offer = [line for line in body.lower().splitlines() if "offer of proof" in line and "retail, wholesale" in line]
        assert not union_offer and WITNESS not in body  # its own offer's period, if Amazon objected, may show
        assert page.request.get(f"/documents/{filed['objections']}").status == 200
        hidden = page.request.get(f"/documents/{filed['offer']}")
        assert hidden.status == 404
        assert page.request.get("/documents/999999").status == 404
        assert WITNESS not in hidden.text()


def table_rows(engine: Any) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table (the login attempts' and calendar tables aside: signing in writes them)."""
    names = [n for n in inspect(engine).get_table_names() if n not in ("loginattempt", "alembic_version_casefile")]
    with engine.connect() as conn:
        return {n: sorted(map(tuple, conn.execute(text(f'SELECT * FROM "{n}"')).all()), key=repr) for n in names}


class TestRefusedFiling:
    def test_objections_after_the_cut_off_show_the_error_and_store_nothing(self, page: Any, served: Served,
                                                                           filed: dict[str, Any]) -> None:
        """Amazon's counsel files objections received the day after the cut-off (2022-04-08): the
        form shows the act's own error in the summary, linked to the date field, the values kept;
        every table is as the sweep of that moment left it."""
        from datetime import date

        from casefile import app
        from casefile.record.db import read_session
        from casefile.record.lookups import get_case

        with read_session() as session:
            case_id = get_case(session, NUMBER).id
        app.sweep_case(case_id, as_of=noon(date(2022, 4, 8)))  # what the scheduled sweep would have done by then
        sign_in(page, "employer-counsel")  # (signing in records the user's last sign-in)
        page.goto(CASE)
        page.get_by_role("link", name="File objections", exact=True).click()
        page.get_by_label("Date filed").fill("2022-04-08")
        page.get_by_label("Objection 1", exact=True).fill("Late objection about the mail ballot.")
        before = table_rows(served.engine())
        page.get_by_role("button", name="File objections").click()
        summary = page.locator(".error-summary")
        assert summary.is_visible()
        message = summary.locator("a").first
        assert "untimely" in message.inner_text().lower() or "after the cut-off" in message.inner_text().lower()
        assert message.get_attribute("href") == "#date"
        message.click()
        assert page.evaluate("document.activeElement.id") == "date"
        assert page.get_by_label("Objection 1", exact=True).input_value() == "Late objection about the mail ballot."
        assert table_rows(served.engine()) == before


class TestTallyForm:
    def test_the_arithmetic_is_checked_as_you_type(self, page: Any) -> None:
        """The Region's agent types a tally: the rules' check appears under the form (the line at
        fault while "against" is missing, then the valid votes and the outcome)."""
        sign_in(page, "region")
        page.goto(f"/cases/{TALLY_CASE}/acts/record-tally")
        page.get_by_label("Labor organization 1").fill("Retail, Wholesale and Department Store Union")
        page.get_by_label("Votes for it").fill("875")
        page.get_by_label("Challenged ballots").fill("416")
        check = page.locator("#tally-check")
        check.get_by_text("votes against").wait_for()
        page.get_by_label("Votes against participating labor organizations").fill("993")
        check.get_by_text("Valid votes counted: 1,868.").wait_for()
        assert "sufficient" in check.inner_text() or "Pending" in check.inner_text()


PAGES = ["/cases", CASE, f"{CASE}/acts/file-objections", "/deadlines", "/calculators/tally?check=1&rows=2&"
         "choice-0-name=RWDSU&choice-0-votes=875&against=993&challenged=416&void=59",
         "/calculators/deadline?check=1&kind=objections&trigger=2022-03-31&region=10", "/reminders", "/account/sessions", "/admin",
         f"{CASE}/drafts"]
#: The pages only the Region reaches (its tally form; the Import page is a Region admin's).
REGION_PAGES = [f"/cases/{TALLY_CASE}/acts/record-tally"]


class TestAccessibility:
    def test_no_serious_or_critical_violation_on_any_page(self, page: Any, served: Served) -> None:
        """axe-core (WCAG 2 A/AA rules) on the sign-in page, each page a union admin reaches, a
        deadline's derivation, a form showing its errors and the Region's tally form: no serious or
        critical violation."""
        from axe_playwright_python.sync_playwright import Axe

        axe = Axe()
        found: dict[str, list[str]] = {}

        def check(where: str) -> None:
            result = axe.run(page)
            bad = [f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
                   for v in result.response["violations"] if v["impact"] in ("serious", "critical")]
            if bad:
                found[where] = bad

        page.goto("/sign-in")
        check("/sign-in")
        sign_in(page, "union-admin")
        for path in PAGES:
            page.goto(path)
            check(path)
        page.goto(CASE)
        page.goto(page.locator("a[href*='/deadlines/']").first.get_attribute("href"))
        assert "How it was computed" in page.locator("main").inner_text()
        check("derivation")
        page.goto(f"{CASE}/acts/file-objections")
        page.get_by_label("Date filed").fill("")
        page.get_by_role("button", name="File objections").click()
        assert page.locator(".error-summary").is_visible()
        check("form with errors")
        page.goto(f"{CASE}/acts/request-extension")  # a form generated from its act's model (casefile.web.act_fields)
        check("generated form")
        page.get_by_role("button", name="Request an extension of time").click()
        assert page.locator(".error-summary").is_visible()
        check("generated form with errors")
        page.context.clear_cookies()
        sign_in(page, "region")
        for path in REGION_PAGES:
            page.goto(path)
            check(path)
        assert not found, found


LIVE_CASES = (  # (number, employer, union, business days since the tally, challenged ballots)
    ("10-RC-412345", "Riverside Logistics LLC", "Teamsters Local 728", 4, 3),
    ("06-RC-398122", "Harbor Point Medical Center", "SEIU Healthcare Pennsylvania", 5, 12),
    ("13-RC-401877", "Northgate Distribution, Inc.", "Warehouse Workers United", 2, 41),
    ("21-RC-387600", "Cedar Valley Foods, Inc.", "UFCW Local 770", 1, 0),
    ("04-RC-405511", "Summit Packaging Co.", "RWDSU Local 1102", 3, 7),
)


def open_live_cases() -> None:
    """A few cases of the union whose tallies were counted in the last business days (deadlines running now)."""
    from datetime import UTC, datetime

    from casefile import app
    from casefile.accounts.orgs import link_party
    from casefile.acts import Who, parse_act
    from casefile.acts.base import midday
    from casefile.record.db import write_session
    from casefile.web.countdown import _calendar

    now = datetime.now(UTC)
    calendar = _calendar("10-atlanta")
    for i, (number, employer, union, back, challenged) in enumerate(LIVE_CASES):
        day = now.date()
        for _ in range(back):
            day = calendar.business_days_before(day, 1)[0]
        opening = parse_act({"act": "open-case", "date": day.isoformat(), "case": {
            "number": number, "name": employer, "petition_filed_on": "2026-09-15"}, "parties": [
            {"key": "employer", "role": "employer", "name": employer}, {"key": "union", "role": "petitioner", "name": union}]})
        at = min(midday(day, "America/New_York"), now)
        app.perform(opening, case_number=number, as_of=at, by=Who.operator(), documents="none")
        votes = 40 + 7 * i
        tally = parse_act({"act": "record-tally", "date": day.isoformat(), "kind": "initial", "choices": {union: votes},
                           "against": votes - 3 + (i % 2) * 9, "challenged": challenged, "void": 1})
        app.perform(tally, case_number=number, as_of=at, by=Who.operator(), documents="none")
        with write_session(by="operator:tests") as session:
            link_party(session, organization="rwdsu-legal", case_number=number, party="union", as_of=now)


@pytest.mark.skipif(not os.environ.get("CASEFILE_SCREENSHOTS"), reason="set CASEFILE_SCREENSHOTS=DIR to write the "
                    "README's screenshots (docs/images)")
def test_screenshots(page: Any, filed: dict[str, Any]) -> None:
    """The README's pictures: My cases (Bessemer and a few live cases of the union) and the
    Bessemer case page as it stood on 2022-04-05, as RWDSU's counsel sees them."""
    folder = Path(os.environ["CASEFILE_SCREENSHOTS"])
    folder.mkdir(parents=True, exist_ok=True)
    open_live_cases()
    sign_in(page, "union-counsel")
    page.set_viewport_size({"width": 1280, "height": 760})
    page.goto("/cases")
    page.screenshot(path=str(folder / "my-cases.png"))
    page.set_viewport_size({"width": 1280, "height": 1000})
    page.goto(CASE + "?as_of=2022-04-05")
    page.screenshot(path=str(folder / "case-page.png"))


class TestAdminEditing:
    def test_an_admin_adds_a_user_by_keyboard_and_gets_the_one_time_link(self, page: Any) -> None:
        """The union admin adds a user from the Admin page using the keyboard: sent without an email,
        the error summary links to the field (focus moves there), axe finds no serious violation on
        the page with its error; sent again with one, the one-time link is shown."""
        from axe_playwright_python.sync_playwright import Axe

        sign_in(page, "union-admin")
        page.goto("/admin")
        page.get_by_label("Role", exact=True).select_option("viewer")
        page.get_by_role("button", name="Add user").focus()
        page.keyboard.press("Enter")
        summary = page.locator(".error-summary")
        summary.wait_for()
        link = summary.locator("a").first
        assert link.get_attribute("href") == "#new-email" and "email" in link.inner_text().lower()
        link.focus()
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.id") == "new-email"
        assert page.get_by_label("Role", exact=True).input_value() == "viewer"  # the values entered kept
        bad = [v["id"] for v in Axe().run(page).response["violations"] if v["impact"] in ("serious", "critical")]
        assert not bad, bad
        page.keyboard.type("client.viewer@rwdsu.example.org")
        page.get_by_role("button", name="Add user").focus()
        page.keyboard.press("Enter")
        url = page.locator("#reset-url")
        url.wait_for()
        assert "/account/reset/" in url.inner_text()
        assert "client.viewer@rwdsu.example.org" in page.locator("main").inner_text()
