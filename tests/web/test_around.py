"""Around a case, through the pages (Starlette's test client over the web tests' world): counsel
assign a colleague (staff may not; the other side never sees it), private notes are seen by their
organization only and refused when empty (nothing stored), the case file's zip holds what each
side may see (the offer of proof for the union only, its inclusion logged), and the notices opt-in
on My reminders."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
import zipfile
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlmodel import col, func, select

from tests.web.test_act_forms import second_browser
from tests.web.test_sessions import add_user, client, csrf, sign_in  # noqa: F401  (the fixture)
from tests.web.world import NUMBER, USERS

CASE = f"/cases/{NUMBER}"
COLLEAGUE = "assignee.h4@rwdsu.example.org"
NOTE = "Call the witness <b>Tuesday</b> about the mailbox.\nSecond line."


OUTSIDER, VIEWER = "outsider@h4.example.org", "viewer.h4@rwdsu.example.org"


@pytest.fixture(scope="module", autouse=True)
def colleague(served: Any) -> None:
    from casefile.accounts.orgs import add_organization
    from casefile.record.db import write_session

    add_user(COLLEAGUE, role="staff")
    add_user(VIEWER, role="viewer")
    with write_session(by="operator:tests") as session:
        add_organization(session, key="h4-outsider", name="Outsider H4 LLP", kind="firm", as_of=datetime.now(UTC))
    add_user(OUTSIDER, org="h4-outsider", role="counsel")


#: The routes of this section: (name, method, path, form) — a form that stores nothing (empty).
ROUTES = (("around", "GET", f"{CASE}/around", None), ("export", "GET", f"{CASE}/export.zip", None),
          ("assign", "POST", f"{CASE}/assignees", {"assignee": ""}), ("note", "POST", f"{CASE}/notes", {"note": ""}))
#: who -> status of each route, in ROUTES' order (303: to the sign-in page; 422: the form's error, nothing stored).
MATRIX = {
    "anonymous":        (303, 303, 303, 303),
    "union-admin":      (200, 200, 422, 422),
    "union-counsel":    (200, 200, 422, 422),
    "union-staff":      (200, 200, 403, 422),
    "union-viewer":     (200, 200, 403, 403),
    "employer-counsel": (200, 200, 422, 422),
    "region":           (200, 200, 422, 422),
    "outsider":         (404, 404, 404, 404),
}


@pytest.mark.parametrize("who", list(MATRIX))
def test_each_route_as_each_principal(who: str, client: Any) -> None:  # noqa: F811
    emails = {**USERS, "union-viewer": VIEWER, "outsider": OUTSIDER}
    if who != "anonymous":
        assert sign_in(client, emails[who]).status_code == 303
    token = csrf(client, "/cases" if who != "anonymous" else "/sign-in")
    got = tuple(client.request(method, path, data={**form, "csrf_token": token} if form is not None else None,
                               follow_redirects=False).status_code for _, method, path, form in ROUTES)
    assert dict(zip([r[0] for r in ROUTES], got, strict=True)) == dict(zip([r[0] for r in ROUTES], MATRIX[who],
                                                                            strict=True))


def around(html: str) -> str:
    """The "Around this case" section of a page."""
    return html.split('id="around-section"', 1)[1].split("</section>", 1)[0]


def note_count() -> int:
    from casefile.record.around import CaseNote
    from casefile.record.db import read_session

    with read_session() as session:
        return int(session.exec(select(func.count()).select_from(CaseNote)).one())


class TestAssignees:
    def test_counsel_assigns_a_colleague_staff_may_not_the_other_side_never_sees(self, client: Any) -> None:  # noqa: F811
        sign_in(client, USERS["union-counsel"])
        assert "Nobody of RWDSU Legal Department is assigned" in around(client.get(CASE).text)
        staff = second_browser(client)
        sign_in(staff, USERS["union-staff"])
        refused = staff.post(f"{CASE}/assignees", data={"csrf_token": csrf(staff, CASE), "assignee": COLLEAGUE})
        assert refused.status_code == 403 and "admins and counsel" in refused.text
        answer = client.post(f"{CASE}/assignees", data={"csrf_token": csrf(client, CASE), "assignee": COLLEAGUE},
                             follow_redirects=False)
        assert (answer.status_code, answer.headers["location"]) == (303, f"{CASE}#around")
        section = around(client.get(CASE).text)
        assert re.search(rf'<span class="assignee">{COLLEAGUE}</span> \({COLLEAGUE}, staff\)', section), section
        assert "assigned" in section and f"by {USERS['union-counsel']}" in section and "user:" not in section
        employer = second_browser(client)
        sign_in(employer, USERS["employer-counsel"])
        page = employer.get(CASE).text
        assert COLLEAGUE not in page and ("Nobody of Employer&#39;s Counsel (Amazon) is assigned: the reminders of this "
                                          "case's deadlines go to every person of your party.") in around(page)
        region = second_browser(client)
        sign_in(region, USERS["region"])
        assert '<p id="assignees-none">Nobody of NLRB Region 10 (Atlanta) is assigned.</p>' in around(region.get(CASE).text)
        user_id = re.search(r'name="user_id" value="(\d+)"', section).group(1)  # type: ignore[union-attr]
        removed = client.post(f"{CASE}/assignees/remove", data={"csrf_token": csrf(client, CASE), "user_id": user_id},
                              follow_redirects=False)
        assert removed.status_code == 303
        assert "Nobody of RWDSU Legal Department is assigned" in around(client.get(CASE).text)

    def test_a_user_of_another_organization_is_refused_on_the_form(self, client: Any) -> None:  # noqa: F811
        sign_in(client, USERS["union-admin"])
        answer = client.post(f"{CASE}/assignees", data={"csrf_token": csrf(client, CASE),
                                                        "assignee": USERS["employer-counsel"]})
        assert answer.status_code == 422
        summary = answer.text.split('class="error-summary"', 1)[1].split("</div>", 1)[0]
        assert re.findall(r'<a href="#([^"]+)">([^<]+)</a>', summary) == [
            ("assignee", "no active user &#39;counsel@amazon.example.org&#39; in rwdsu-legal: assign a user of your "
                         "organization")]


class TestNotes:
    def test_a_note_is_seen_by_its_organization_only(self, client: Any) -> None:  # noqa: F811
        sign_in(client, USERS["union-staff"])
        answer = client.post(f"{CASE}/notes", data={"csrf_token": csrf(client, CASE), "note": NOTE},
                             follow_redirects=False)
        assert answer.status_code == 303
        counsel = second_browser(client)
        sign_in(counsel, USERS["union-counsel"])
        section = around(counsel.get(CASE).text)
        assert "Call the witness &lt;b&gt;Tuesday&lt;/b&gt; about the mailbox.\nSecond line." in section
        # when, in words ("December 4, 2026, 1:31 a.m. EST"), never "2026-12-04 06:31 UTC"
        assert re.search(rf"{re.escape(USERS['union-staff'])}, [A-Z][a-z]+ \d{{1,2}}, \d{{4}}, \d{{1,2}}:\d\d [ap]\.m\. [A-Z]{{3,4}}",
                         section)
        for who in ("employer-counsel", "region"):
            other = second_browser(client)
            sign_in(other, USERS[who])
            for path in (CASE, f"{CASE}/around"):
                assert "Call the witness" not in other.get(path).text, (who, path)
            with zipfile.ZipFile(io.BytesIO(other.get(f"{CASE}/export.zip").content)) as archive:
                assert "Call the witness" not in archive.read("notes.csv").decode()

    def test_an_empty_note_is_refused_on_the_form_and_nothing_is_stored(self, client: Any) -> None:  # noqa: F811
        sign_in(client, USERS["union-counsel"])
        before = note_count()
        answer = client.post(f"{CASE}/notes", data={"csrf_token": csrf(client, CASE), "note": "  \n "})
        assert answer.status_code == 422
        assert '<a href="#note">note: write the note&#39;s text</a>' in answer.text
        assert 'id="note-error"' in answer.text and note_count() == before


class TestExport:
    def _zip(self, client: Any) -> zipfile.ZipFile:  # noqa: F811  (the fixture, passed on)
        answer = client.get(f"{CASE}/export.zip")
        assert answer.status_code == 200, answer.text[:300]
        assert answer.headers["content-type"] == "application/zip"
        assert answer.headers["content-disposition"] == f'attachment; filename="{NUMBER}-case-file.zip"'
        return zipfile.ZipFile(io.BytesIO(answer.content))

    def test_each_side_gets_what_it_may_see_and_the_chain_head(self, client: Any) -> None:  # noqa: F811
        from casefile import app
        from casefile.record.accounts import AccessLog
        from casefile.record.db import read_session
        from casefile.record.integrity import chain_head

        sign_in(client, USERS["union-counsel"])
        archive = self._zip(client)
        manifest = json.loads(archive.read("manifest.json"))
        kinds = [f["kind"] for f in manifest["files"] if "kind" in f and "id" in f]
        assert "offer-of-proof" in kinds and "objections" in kinds and "tally-of-ballots" in kinds
        for listed in manifest["files"]:
            assert hashlib.sha256(archive.read(listed["file"])).hexdigest() == listed["sha256"]
        with read_session() as session:
            head = chain_head(session, NUMBER).head
            offer_id = next(f["id"] for f in manifest["files"] if f.get("kind") == "offer-of-proof")
            logged = session.exec(select(AccessLog.who, AccessLog.via).where(AccessLog.document_id == offer_id)
                                  .order_by(col(AccessLog.id).desc())).first()
        # a party is not given the head: it covers entries hidden from it and would change when one is added
        assert manifest["chain"]["head"] is None and len(head) == 64
        assert head not in archive.read("chain-head.txt").decode()
        assert "given to the case's Region and to the instance's operator only" in archive.read("chain-head.txt").decode()
        assert logged == (f"user:{USERS['union-counsel']}", "web export")
        rows = list(csv.reader(io.StringIO(archive.read("docket.csv").decode())))
        assert rows[0] == ["Date", "Act", "By", "Recorded by", "Summary", "Stage before", "Stage after"]
        assert "board-agent" not in {r[2] for r in rows} and not [r for r in rows if r[3].startswith("user:")]  # words (F29)
        assert "Board agent" in {r[2] for r in rows} and "Tally of Ballots" in {r[1] for r in rows}
        from casefile.record.access import UserViewer
        from casefile.record.accounts import User

        with read_session() as session:
            viewer = UserViewer.of(session, session.exec(select(User).where(User.email == USERS["union-counsel"])).one())
        docket = app.docket(NUMBER, viewer=viewer)
        assert [r[4] for r in rows[1:]] == [e.summary for e in docket] and len(rows) > 5

        employer = second_browser(client)
        sign_in(employer, USERS["employer-counsel"])
        theirs = self._zip(employer)
        their_kinds = [f.get("kind") for f in json.loads(theirs.read("manifest.json"))["files"]]
        assert "offer-of-proof" not in their_kinds and "objections" in their_kinds
        assert not [n for n in theirs.namelist() if "offer" in n.lower()]
        assert theirs.read("chain-head.txt") == archive.read("chain-head.txt")  # the same words, whatever is hidden

class TestNoticesSetting:
    def test_opting_in_and_out_on_my_reminders(self, client: Any) -> None:  # noqa: F811
        from casefile.record.around import NoticeOptIn
        from casefile.record.db import read_session
        from casefile.record.models import DocketEntry

        sign_in(client, USERS["employer-counsel"])
        page = client.get("/reminders").text
        assert 'id="notices-on" name="notices" type="checkbox" value="on">' in page
        on = client.post("/reminders/notices", data={"csrf_token": csrf(client, "/reminders"),
                                                     "notices": ["off", "on"]}, follow_redirects=False)
        assert (on.status_code, on.headers["location"]) == (303, "/reminders#notices")
        page = client.get("/reminders").text
        assert 'value="on" checked>' in page and 'id="notices-since"' in page
        assert "You get a notice" in client.get(CASE).text
        with read_session() as session:
            row = session.exec(select(NoticeOptIn)).all()
            last = session.exec(select(func.max(DocketEntry.id))).one()
        assert [r.after_entry_id for r in row] == [last]
        client.post("/reminders/notices", data={"csrf_token": csrf(client, "/reminders"), "notices": "off"})
        with read_session() as session:
            assert session.exec(select(NoticeOptIn)).all() == []
        assert "You do not get a notice" in client.get(CASE).text
