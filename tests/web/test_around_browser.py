"""Around a case in a real browser (Debian's Chromium through Playwright): by keyboard only, union
counsel assigns a colleague and writes a private note, then sends an empty note and lands on the
error summary, linked to the field — with no serious or critical axe-core violation on the page."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import Served, sign_in
from tests.web.world import NUMBER, USERS

pytestmark = pytest.mark.browser
CASE = f"/cases/{NUMBER}"


def test_assign_and_note_by_keyboard_and_the_error_summary(page: Any, served: Served) -> None:
    from axe_playwright_python.sync_playwright import Axe

    sign_in(page, "union-counsel")
    page.goto(f"{CASE}/around")
    page.get_by_label("Assign a user of your organization").focus()
    page.keyboard.press("ArrowDown")  # the first user listed (by email): the union's admin
    page.get_by_role("button", name="Assign").focus()
    with page.expect_navigation(url=f"**{CASE}#around"):  # each form posts and redirects back to the case page
        page.keyboard.press("Enter")
    assert USERS["union-admin"] in page.locator("#assignees").inner_text()
    page.get_by_label("Add a note").focus()
    page.keyboard.type("Ask the Region for the Excelsior list.")
    page.get_by_role("button", name="Add note").focus()
    with page.expect_navigation(url=f"**{CASE}#around"):  # already at that URL: wait for the new page itself
        page.keyboard.press("Enter")
    assert "Ask the Region for the Excelsior list." in page.locator("#notes-list").inner_text()
    page.goto(f"{CASE}/around")
    page.get_by_role("button", name="Add note").focus()
    page.keyboard.press("Enter")
    page.wait_for_url(f"**{CASE}/notes")
    summary = page.locator(".error-summary")
    assert summary.is_visible() and summary.get_by_role("link").inner_text() == "note: write the note's text"
    summary.get_by_role("link").focus()
    page.keyboard.press("Enter")
    assert page.url.endswith(f"{CASE}/notes#note")  # the link goes to the field at fault
    result = Axe().run(page)
    bad = [f"{v['id']} ({v['impact']}): {v['help']}" for v in result.response["violations"]
           if v["impact"] in ("serious", "critical")]
    assert not bad, bad
    page.goto(CASE)
    remove = page.get_by_role("button", name="Remove Union admin")
    remove.focus()
    with page.expect_navigation(url=f"**{CASE}#around"):
        page.keyboard.press("Enter")
    assert page.locator("#assignees-none").is_visible()
