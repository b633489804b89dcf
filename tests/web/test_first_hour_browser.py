"""A first hour on the web, in a real browser, without a shell: the admin of a new union-side firm
signs in, opens a case of a Region nobody on this casefile represents (the firm is linked to the
union by opening it); the union's own legal department asks to be linked to the union too and the
firm's admin approves it (Link requests); the admin records the tally from the Tally of Ballots
received (its PDF uploaded) and files objections — the form showing this case's due date and cut-off
and saying that casefile does not file with the NLRB. Set CASEFILE_TEST_SHOTS to a folder to keep
screenshots of the pages."""

from __future__ import annotations

import io
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from sqlmodel import col, select

from tests.web.conftest import Served
from tests.web.world import PASSWORD

pytestmark = pytest.mark.browser

FIRM, EMAIL = "rainier-union-law", "dana@rainier-union-law.example.org"
LEGAL, COLLEAGUE = "seiu-1199nw-legal", "lee@seiu1199nw-legal.example.org"
NUMBER = "19-RC-362210"
UNION = "SEIU Healthcare 1199NW"
EMPLOYER = "Rainier Valley Medical Laundry"
SEATTLE = ZoneInfo("America/Los_Angeles")


@pytest.fixture(scope="module")
def newcomer(served: Served) -> str:
    """A firm and its counsel, new to this casefile: linked to no case."""
    from casefile.accounts.orgs import add_organization
    from casefile.accounts.users import add_user
    from casefile.record.db import write_session

    with write_session(by="operator:tests") as session:
        add_organization(session, key=FIRM, name="Rainier Union Law", kind="firm", as_of=datetime.now(UTC))
        add_user(session, email=EMAIL, organization=FIRM, role="admin", password=PASSWORD, as_of=datetime.now(UTC))
        add_organization(session, key=LEGAL, name="SEIU Healthcare 1199NW Legal", kind="union", as_of=datetime.now(UTC))
        add_user(session, email=COLLEAGUE, organization=LEGAL, role="counsel", password=PASSWORD,
                 as_of=datetime.now(UTC))
    return EMAIL


def sign_in_as(page: Any, email: str) -> None:
    page.goto("/sign-in")
    page.get_by_label("Email address").fill(email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url("**/cases")


def link_the_colleague(browser: Any, served: Served) -> None:
    """The union's legal department asks to be linked to the union; the firm's admin approves it."""
    context = browser.new_context(base_url=served.url, viewport={"width": 1280, "height": 900})
    other = context.new_page()
    sign_in_as(other, COLLEAGUE)
    assert other.request.get(f"/cases/{NUMBER}").status == 404  # not linked yet: not seen
    other.goto("/links")
    other.get_by_label("Case number").fill(NUMBER)
    other.get_by_label("The party you represent").fill("petitioner")
    other.get_by_role("button", name="Ask to be linked").click()
    other.wait_for_url("**/links")
    assert "Your request to be linked to" in other.locator(".notice").first.inner_text()
    context.close()


def approve_as_operator() -> None:
    """The operator approves the colleague's request beside the firm (``casefile orgs approve ID --share``)."""
    from casefile.accounts.links import approve_link
    from casefile.record.accounts import LinkRequest
    from casefile.record.authority import OPERATOR
    from casefile.record.db import write_session

    with write_session(by="operator:tests") as session:
        asked = session.exec(select(LinkRequest).where(LinkRequest.case_number == NUMBER)
                             .order_by(col(LinkRequest.id).desc())).first()
        assert asked is not None and asked.id is not None
        approve_link(session, OPERATOR, asked.id, as_of=datetime.now(UTC), share=True, by="operator:tests")


def shot(page: Any, name: str) -> None:
    folder = os.environ.get("CASEFILE_TEST_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def tally_pdf() -> bytes:
    """A one-page PDF standing for the Tally of Ballots as the Region served it."""
    from pypdf import PdfWriter

    writer = PdfWriter()
    writer.add_blank_page(width=612, height=792)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_a_new_user_opens_a_case_records_its_tally_and_files_objections(page: Any, browser: Any, served: Served,
                                                                        newcomer: str) -> None:
    from casefile.record.db import read_session
    from casefile.record.models import Case, DocketEntry, Election, Tally

    today = datetime.now(SEATTLE).date()
    sign_in_as(page, newcomer)

    page.get_by_role("link", name="Open a case").click()
    page.get_by_label("Case number").fill(NUMBER)
    page.get_by_label("Employer", exact=True).fill(EMPLOYER)
    page.get_by_label("Labor organization (the petitioner)", exact=True).fill(UNION)
    page.get_by_label("Receiving office (optional)").select_option(label="Region 19 — Seattle, WA")
    page.get_by_label("Date the petition was filed").fill("2026-09-08")
    page.get_by_label("Stipulated election agreement").check()
    page.get_by_label("The bargaining unit (optional)").fill("All full-time and regular part-time laundry workers.")
    page.get_by_label("The labor organization (the petitioner)").check()
    page.get_by_label("Name", exact=True).fill("Dana Whitfield")
    page.get_by_label("E-mail (optional)").fill(newcomer)
    shot(page, "first-hour-1-open-case")
    page.get_by_role("button", name="Open the case").click()
    page.wait_for_url(f"**/cases/{NUMBER}")
    assert page.locator(".notice").first.inner_text().startswith("Case opened:")

    link_the_colleague(browser, served)
    page.goto("/links")  # the firm is shown the request; only the operator decides it (casefile orgs approve --share)
    assert page.locator("table tr", has_text="SEIU Healthcare 1199NW Legal").count() >= 1, page.locator("main").inner_text()[:1500]
    assert LEGAL not in page.locator("main").inner_text()  # the organization by its name, never its key
    approve_as_operator()
    context = browser.new_context(base_url=served.url)
    colleague = context.new_page()
    sign_in_as(colleague, COLLEAGUE)
    assert colleague.request.get(f"/cases/{NUMBER}").status == 200  # linked: the case is theirs to see
    context.close()
    page.goto(f"/cases/{NUMBER}")

    page.get_by_text("Record what another did").click()
    page.get_by_role("link", name="Record: Record the tally of ballots").click()
    page.get_by_label("Date the tally was prepared").fill(today.isoformat())
    page.get_by_label("Labor organization 1").fill(UNION)
    page.get_by_label("Votes for it").fill("31")
    page.get_by_label("Votes against participating labor organizations").fill("30")
    page.get_by_label("Challenged ballots").fill("4")
    page.get_by_label("Void ballots").fill("0")
    page.get_by_label("The document received (PDF)").set_input_files(
        files=[{"name": "tally-of-ballots.pdf", "mimeType": "application/pdf", "buffer": tally_pdf()}])
    page.get_by_role("button", name="Record the tally").click()
    page.wait_for_load_state()
    assert page.url.endswith(f"/cases/{NUMBER}#documents"), page.locator("main").inner_text()[:1500]
    assert "Done:" in page.locator(".notice").first.inner_text()

    upcoming = page.locator("#next").inner_text()  # what the firm must do next leads the case page
    assert upcoming.startswith("Next for Rainier Union Law") and "File objections" in upcoming, upcoming
    page.locator("#next").get_by_role("link", name="File objections", exact=True).click()
    note = page.locator("#filing-note").inner_text()
    assert "Due for this case: Objections" in note and "11:59 p.m. PST" in note
    assert "it does not file anything with the NLRB" in note and "Regional Office (Seattle, WA)" in note
    shot(page, "first-hour-2-file-objections")
    page.get_by_label("Objection 1", exact=True).fill("The Employer's supervisors told voters the laundry would close.")
    page.get_by_label("Objection number").fill("1")
    page.get_by_label("Witness", exact=True).fill("Ana Flores, washer")
    page.get_by_label("Summary of the expected testimony").fill("Heard the plant manager say it on the floor.")
    page.get_by_role("button", name="File objections").click()
    page.wait_for_load_state()
    assert page.url.endswith(f"/cases/{NUMBER}#documents"), page.locator("main").inner_text()[:1500]
    notices = " ".join(page.locator(".notice").all_inner_texts())
    assert "Done: Objections of " + UNION in notices
    assert "Not yet filed with the NLRB" in notices and "to the Regional Office (Seattle, WA) by " in notices, notices
    shot(page, "first-hour-3-case")
    due = page.locator("#next").inner_text()  # recorded, not yet e-filed (the form's default): still due
    assert "Objections and offer of proof (all parties): PREPARED, NOT YET E-FILED — e-file it with the NLRB: due " in due, due
    assert "MET" not in due, due
    page.get_by_label("Date the NLRB received it").fill(today.isoformat())
    page.get_by_role("button", name="Confirm e-filing").click()
    page.wait_for_load_state()
    notices = " ".join(page.locator(".notice").all_inner_texts())
    assert f"E-filing of the objections of {UNION} confirmed: received by the NLRB" in notices, notices
    met = page.locator("#next").inner_text()  # the period met by the firm's e-filing (with its offer)
    assert f"MET Objections and offer of proof (all parties): filed in time by {UNION}" in met, met
    assert "business days left" not in met, met

    with read_session() as session:
        case = session.exec(select(Case).where(Case.number == NUMBER)).one()
        election = session.exec(select(Election).where(Election.case_id == case.id)).one()
        assert session.exec(select(Tally).where(Tally.election_id == election.id)).one().challenged == 4
        acts = [(e.act, e.recorded_by) for e in session.exec(select(DocketEntry).where(DocketEntry.case_id == case.id)
                                                             .order_by(col(DocketEntry.id)))]
    by = f"user:{newcomer}"
    mine = [a for a, who in acts if who.startswith(by)]
    assert [a for a in mine if a in ("open-case", "record-tally", "file-objections", "confirm-efiling")] == [
        "open-case", "record-tally", "file-objections", "confirm-efiling"], acts
