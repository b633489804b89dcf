"""Drafts on the web (casefile.web.draft_pages): a filing saved unfiled, seen only inside its
organization, edited, and filed through the front door once — filing it again files nothing."""

from __future__ import annotations

import re
from typing import Any

from tests.web.test_act_forms import docket_count, summary_links
from tests.web.test_sessions import client, csrf, sign_in  # noqa: F401  (the fixture)
from tests.web.world import NUMBER, USERS

FORM = f"/cases/{NUMBER}/acts/file-objections"


def save(client: Any, data: dict[str, str]) -> int:  # noqa: F811
    answer = client.post(FORM, data={"csrf_token": csrf(client, FORM), "objections-rows": "2",
                                     "offer_of_proof-rows": "1", "draft-action": "save", **data}, follow_redirects=False)
    assert answer.status_code == 303, answer.text[:2000]
    return int(re.search(r"/drafts/(\d+)$", answer.headers["location"]).group(1))  # type: ignore[union-attr]


def test_a_draft_is_kept_unfiled_and_seen_only_inside_the_organization(client: Any) -> None:  # noqa: F811
    """RWDSU's staff save objections half-written (no date yet): nothing is docketed; RWDSU's
    counsel sees the draft with its rows; Amazon's counsel neither lists it nor opens it (404)."""
    sign_in(client, USERS["union-staff"])
    before = docket_count()
    draft = save(client, {"party": "rwdsu", "date": "", "objections-0": "The Employer's mailbox & <its> camera.",
                          "objections-1": "", "offer_of_proof-0-objection": "1", "offer_of_proof-0-witness": "A. Witness",
                          "offer_of_proof-0-summary": "Saw the mailbox."})
    assert docket_count() == before
    client.get("/sign-out")
    client.cookies.clear()
    sign_in(client, USERS["union-counsel"])
    listed = client.get(f"/cases/{NUMBER}/drafts").text
    assert f'href="/cases/{NUMBER}/drafts/{draft}"' in listed and "staff@rwdsu.example.org" in listed
    edit = client.get(f"/cases/{NUMBER}/drafts/{draft}")
    assert edit.status_code == 200
    assert "The Employer&#39;s mailbox &amp; &lt;its&gt; camera." in edit.text and 'value="A. Witness"' in edit.text
    assert f'name="draft_id" value="{draft}"' in edit.text
    client.cookies.clear()
    sign_in(client, USERS["employer-counsel"])
    assert f"/drafts/{draft}" not in client.get(f"/cases/{NUMBER}/drafts").text
    assert client.get(f"/cases/{NUMBER}/drafts/{draft}").status_code == 404


def test_a_draft_filed_becomes_the_act_once(client: Any) -> None:  # noqa: F811
    """Amazon's counsel saves objections as a draft, files it with an error first (no date: the
    error on the form, the draft kept, nothing filed), then with the date: one docket entry; the
    same draft sent again files nothing."""
    sign_in(client, USERS["employer-counsel"])
    draft = save(client, {"party": "amazon", "date": "2022-04-06",
                          "objections-0": "The Union's agents electioneered at the mailbox (draft test)."})
    before = docket_count()
    base = {"csrf_token": csrf(client, f"/cases/{NUMBER}/drafts/{draft}"), "draft_id": str(draft), "party": "amazon",
            "objections-rows": "1", "offer_of_proof-rows": "1", "file": "1",
            "objections-0": "The Union's agents electioneered at the mailbox (draft test)."}
    refused = client.post(FORM, data={**base, "date": ""})
    assert refused.status_code == 422 and summary_links(refused.text)[0][0] == "date"
    assert docket_count() == before
    filed = client.post(FORM, data={**base, "date": "2022-04-06"}, follow_redirects=False)
    assert filed.status_code == 303, filed.text[:2000]
    assert docket_count() == before + 1
    listed = client.get(f"/cases/{NUMBER}/drafts").text
    times = r"[A-Z][a-z]+ \d{1,2}, 20\d\d, \d{1,2}:\d\d [ap]\.m\. E[SD]T"  # in words, the office's zone (Atlanta)
    assert re.search(rf"<td>Filed {times} \(docket entry \d+\)</td>", listed), listed
    row = listed.split(f">{draft}</td>", 1)[1].split("</tr>", 1)[0]
    assert re.search(rf"<td>{times}</td>", row) and not re.search(r"\d{4}-\d\d-\d\dT", listed)
    assert "Delete" not in row  # a filed draft: nothing in the Delete column
    again = client.post(FORM, data={**base, "date": "2022-04-06"}, follow_redirects=False)
    assert again.status_code == 303 and docket_count() == before + 1
    assert "filed already" in client.get(f"/cases/{NUMBER}").text


def test_the_case_page_links_to_the_drafts_of_those_who_may_draft(client: Any) -> None:  # noqa: F811
    sign_in(client, USERS["union-staff"])
    assert f'href="/cases/{NUMBER}/drafts"' in client.get(f"/cases/{NUMBER}").text
    client.cookies.clear()
    sign_in(client, USERS["region"])  # records filings, drafts none of its own
    assert f'href="/cases/{NUMBER}/drafts"' not in client.get(f"/cases/{NUMBER}").text


def test_a_draft_of_an_act_the_stage_no_longer_allows_is_kept_and_listed(client: Any) -> None:  # noqa: F811
    """A draft of exceptions (saved while they were allowed: here, written to the table) opened
    when the stage does not allow them: back to the drafts list saying why; still deletable."""
    from datetime import UTC, datetime

    from sqlmodel import select

    from casefile.record.accounts import Draft, User
    from casefile.record.db import read_session, write_session
    from casefile.record.lookups import get_case

    with read_session() as session:
        staff = session.exec(select(User).where(User.email == USERS["union-staff"])).one()
        case_id = get_case(session, NUMBER).id
    now = datetime.now(UTC)
    with write_session(by="operator:tests") as session:
        row = Draft(organization_id=staff.organization_id, author_id=staff.id, case_id=case_id,  # type: ignore[arg-type]
                    act_name="file-exceptions", act={"act": "file-exceptions", "party": "rwdsu", "exceptions": []},
                    created_at=now, updated_at=now)
        session.add(row)
        session.flush()
        draft = row.id
    sign_in(client, USERS["union-staff"])
    opened = client.get(f"/cases/{NUMBER}/drafts/{draft}")
    assert opened.status_code == 200 and "cannot be filed now" in opened.text
    assert f"Delete draft {draft}" in opened.text
    row = opened.text.split(f'/drafts/{draft}">Draft {draft}</a></td>', 1)[1].split("</tr>", 1)[0]
    cells = re.findall(r"<td>(.*?)</td>", row, re.S)
    assert cells[-2] == "Not filed" and f"Delete draft {draft}" in cells[-1]  # the button in a column of its own
    token = csrf(client, f"/cases/{NUMBER}/drafts")
    deleted = client.post(f"/cases/{NUMBER}/drafts/{draft}/delete", data={"csrf_token": token})
    assert deleted.status_code == 200 and f"Draft {draft} deleted" in deleted.text


def form_of_page(html: str) -> tuple[str | None, dict[str, str]]:
    """What a browser sends from the page's act form: its action (None: the page's own URL) and its
    fields (inputs with their values, textareas with their text, selects' selected option)."""
    import html as htmllib

    form = html.split('id="act-form"', 1)[1].split("</form>", 1)[0]
    opening = html.split('id="act-form"', 1)[0].rsplit("<form", 1)[1] + form.split(">", 1)[0]
    action = re.search(r'action="([^"]*)"', opening)
    fields: dict[str, str] = {}
    for tag in re.findall(r"<input[^>]*>", form):
        name, value = re.search(r'name="([^"]+)"', tag), re.search(r'value="([^"]*)"', tag)
        if name and 'type="submit"' not in tag and ('type="radio"' not in tag or "checked" in tag):
            fields[name.group(1)] = htmllib.unescape(value.group(1)) if value else ""
    for name, text in re.findall(r'<textarea[^>]*name="([^"]+)"[^>]*>(.*?)</textarea>', form, re.S):
        fields[name] = htmllib.unescape(text)
    for name, body in re.findall(r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', form, re.S):
        chosen = re.search(r'<option value="([^"]*)"[^>]*selected', body) or re.search(r'<option value="([^"]*)"', body)
        fields[name] = htmllib.unescape(chosen.group(1)) if chosen else ""
    return (htmllib.unescape(action.group(1)) if action else None), fields


def test_an_opened_draft_is_filed_from_its_own_page_once(client: Any) -> None:  # noqa: F811
    """The user's trial: save objections as a draft, open the draft, press "File objections" (the
    form as the browser sends it, to the URL the form names): one docket entry, the objections
    being issued on the case page; the same form sent again files nothing twice. "Save as draft"
    from the opened draft saves the same draft again."""
    sign_in(client, USERS["employer-counsel"])
    text = "The Union's agents electioneered at the mailbox (filed from the draft's page)."
    draft = save(client, {"party": "amazon", "date": "2022-04-06", "time": "", "objections-0": text})
    page_url = f"/cases/{NUMBER}/drafts/{draft}"
    action, fields = form_of_page(client.get(page_url).text)
    target = action or page_url
    assert fields["objections-0"] == text and fields["draft_id"] == str(draft)
    resaved = client.post(target, data={**fields, "draft-action": "save"}, follow_redirects=False)
    assert resaved.status_code == 303 and resaved.headers["location"] == page_url, resaved.text[:1000]
    before = docket_count()
    filed = client.post(target, data={**fields, "file": "1"}, follow_redirects=False)
    assert filed.status_code == 303, filed.text[:2000]
    assert filed.headers["location"] == f"/cases/{NUMBER}#documents"
    assert docket_count() == before + 1
    case_page = client.get(f"/cases/{NUMBER}").text
    assert f"Draft {draft} filed: " in case_page
    assert re.search(r"Being issued: [^<]*objections", case_page, re.I), case_page.split("Being issued", 1)[-1][:300]
    again = client.post(target, data={**fields, "file": "1"}, follow_redirects=False)
    assert again.status_code == 303 and docket_count() == before + 1
    assert f"Draft {draft} was filed already" in client.get(f"/cases/{NUMBER}").text


def test_no_draft_of_another_partys_act_is_saved(client: Any) -> None:  # noqa: F811
    """Attacker trial 2026-12-03, LOW-2: Amazon's counsel saved a draft of RWDSU's objections (filing it
    was refused). Now saving it is refused with the words filing it gets, storing nothing; a draft of
    Amazon's own objections is saved."""
    from tests.authority.snapshots import record_snapshot

    sign_in(client, USERS["employer-counsel"])
    before = record_snapshot()
    answer = client.post(FORM, data={"csrf_token": csrf(client, FORM), "objections-rows": "1", "party": "rwdsu",
                                     "objections-0": "employer drafts as union", "date": "", "draft-action": "save"},
                         follow_redirects=False)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", answer.text))
    assert answer.status_code == 403, text[:1500]
    assert "a draft of file-objections for rwdsu on" in text and "that party is represented on this casefile" in text
    assert record_snapshot() == before
    own = save(client, {"party": "amazon", "date": "", "objections-0": "The Petitioner's agents electioneered.",
                        "objections-1": ""})
    assert own > 0
