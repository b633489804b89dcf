"""The act forms through the application (Starlette's test client over the web tests' world): the
"add another" buttons re-render with one more row and every value kept; a tally whose arithmetic
the rules refuse names the form's line at fault; the generated form and the register upload put
their errors on their field; a refused act stores nothing; My cases finds a case by its union."""

from __future__ import annotations

import re
from typing import Any, ClassVar

from sqlmodel import func, select

from tests.web.test_sessions import client, csrf, sign_in  # noqa: F401  (the fixture)
from tests.web.world import NUMBER, TALLY_CASE, USERS, noon

FORM = f"/cases/{NUMBER}/acts"
TALLY_FORM = f"/cases/{TALLY_CASE}/acts/record-tally"


def docket_count() -> int:
    from casefile.record.db import read_session
    from casefile.record.models import DocketEntry

    with read_session() as session:
        return int(session.exec(select(func.count()).select_from(DocketEntry)).one())


def summary_links(html: str) -> list[tuple[str, str]]:
    block = html.split('class="error-summary"', 1)[1].split("</div>", 1)[0]
    return re.findall(r'<a href="#([^"]+)">([^<]+)</a>', block)


class TestRows:
    def test_add_another_objection_keeps_what_was_typed(self, client: Any) -> None:  # noqa: F811
        sign_in(client, USERS["union-staff"])
        token = csrf(client, f"{FORM}/file-objections")
        answer = client.post(f"{FORM}/file-objections", data={
            "csrf_token": token, "party": "rwdsu", "date": "2022-04-07", "objections-rows": "1",
            "offer_of_proof-rows": "1", "objections-0": "First objection & <its> text.", "add": "objections"})
        assert answer.status_code == 200
        assert 'id="objections-1"' in answer.text and 'id="objections-2"' not in answer.text
        assert "First objection &amp; &lt;its&gt; text." in answer.text
        assert 'name="objections-rows" value="2"' in answer.text


class TestRefusals:
    def test_a_tally_without_votes_against_names_line_5(self, client: Any) -> None:  # noqa: F811
        """The Region's agent records a tally with no votes against (not a runoff): the rules'
        error, linked to the field of that line; the values kept; nothing stored."""
        sign_in(client, USERS["region"])
        before = docket_count()
        token = csrf(client, TALLY_FORM)
        answer = client.post(TALLY_FORM, data={
            "csrf_token": token, "date": "2022-03-31", "kind": "initial", "choices-rows": "1",
            "choices-0-name": "Retail, Wholesale and Department Store Union", "choices-0-votes": "875",
            "challenged": "416", "void": "59", "method": "mail"})
        assert answer.status_code == 422
        [(target, text)] = summary_links(answer.text)
        assert target == "against" and "votes against" in text and "missing" in text
        assert 'value="875"' in answer.text and 'id="against-error"' in answer.text
        assert docket_count() == before

    def test_a_count_that_is_not_a_number(self, client: Any) -> None:  # noqa: F811
        sign_in(client, USERS["region"])
        token = csrf(client, TALLY_FORM)
        answer = client.post(TALLY_FORM, data={
            "csrf_token": token, "date": "2022-03-31", "kind": "initial", "choices-rows": "1",
            "choices-0-name": "RWDSU", "choices-0-votes": "eight hundred", "against": "993"})
        assert answer.status_code == 422
        assert summary_links(answer.text)[0][0] == "choices-0-votes"

    def test_the_trial_tally_shows_every_problem_at_once(self, client: Any) -> None:  # noqa: F811
        """The new user's trial: votes "ten", against "-3", void "1.5" and the date 2026-02-30 — each at its
        input in one answer; every table and the output folder as before."""
        from casefile.record.db import get_engine
        from casefile.settings import get_settings
        from tests.acts.snapshot import snapshot

        sign_in(client, USERS["region"])
        before = snapshot(get_engine(), get_settings().output_dir)
        token = csrf(client, TALLY_FORM)
        answer = client.post(TALLY_FORM, data={
            "csrf_token": token, "date": "2026-02-30", "kind": "initial", "choices-rows": "1",
            "choices-0-name": "RWDSU", "choices-0-votes": "ten", "against": "-3", "void": "1.5", "method": "mail"})
        assert answer.status_code == 422
        assert [target for target, _ in summary_links(answer.text)] == ["date", "choices-0-votes", "against", "void"]
        assert "Without it the filing" not in answer.text and "the tally is recorded as of its date" in answer.text
        assert snapshot(get_engine(), get_settings().output_dir) == before

    def test_objections_blank_and_an_unknown_field_are_each_named(self, client: Any) -> None:  # noqa: F811
        """No objection and a date that is no date: both at once; a misspelled field refused, named."""
        sign_in(client, USERS["union-staff"])
        token = csrf(client, f"{FORM}/file-objections")
        fields = {"csrf_token": token, "party": "rwdsu", "date": "2022-04-31", "objections-rows": "1",
                  "offer_of_proof-rows": "1", "objections-0": " ", "offer_of_proof-0-objection": "3",
                  "offer_of_proof-0-witness": "Jane Doe, picker"}
        answer = client.post(f"{FORM}/file-objections", data=fields)
        assert answer.status_code == 422
        assert [target for target, _ in summary_links(answer.text)] == ["date", "objections-0"]
        answer = client.post(f"{FORM}/file-objections", data={**fields, "objectoins-1": "x"})
        assert "The form sent a field it does not have: &#39;objectoins-1&#39;" in answer.text

    def test_an_act_that_does_not_exist_is_not_found(self, client: Any) -> None:  # noqa: F811
        """/cases/{n}/acts/tally (there is no act "tally"): 404, not a refusal (403)."""
        sign_in(client, USERS["region"])
        assert client.get(f"/cases/{TALLY_CASE}/acts/tally").status_code == 404
        assert client.get(TALLY_FORM).status_code == 200

    def test_the_generated_form_puts_its_error_on_the_field(self, client: Any) -> None:  # noqa: F811
        """An order fixing a deadline's date entered by the Region with a due date that is no date: the
        act model's error, on the due date's input (the form generated from the model:
        casefile.web.act_fields); nothing stored."""
        sign_in(client, USERS["region"])
        before = docket_count()
        token = csrf(client, f"{FORM}/pin-deadline")
        answer = client.post(f"{FORM}/pin-deadline", data={
            "csrf_token": token, "date": "2022-04-20", "kind": "objections", "due": "2022-04-31",
            "order": "RD order"})
        assert answer.status_code == 422
        [(target, text)] = summary_links(answer.text)
        assert target == "due" and "date" in text
        assert 'id="due-error"' in answer.text and 'value="RD order"' in answer.text
        assert docket_count() == before

    def test_a_register_that_is_not_a_csv_of_the_register(self, client: Any) -> None:  # noqa: F811
        sign_in(client, USERS["region"])
        token = csrf(client, f"{FORM}/register-challenges")
        answer = client.post(f"{FORM}/register-challenges", data={"csrf_token": token, "date": "2022-03-31"},
                             files={"register": ("register.csv", b"name,why\nJane,not on list\n", "text/csv")})
        assert answer.status_code == 422
        [(target, text)] = summary_links(answer.text)
        assert target == "register" and "register.csv" in text


class TestMyCases:
    def test_search_by_union_employer_number_and_region(self, client: Any) -> None:  # noqa: F811
        sign_in(client, USERS["union-counsel"])
        link = f'href="/cases/{NUMBER}"'
        for q in ("wholesale and department", "amazon", "269250"):
            assert link in client.get("/cases", params={"q": q}).text, q
        assert link not in client.get("/cases", params={"q": "teamsters"}).text
        assert link in client.get("/cases", params={"region": "10"}).text
        assert link not in client.get("/cases", params={"region": "6"}).text
        assert link in client.get("/cases", params={"stage": "tally-issued", "as_of": "2022-04-01"}).text or \
            link in client.get("/cases", params={"stage": "objections-pending"}).text
        bad = client.get("/cases", params={"region": "x1"})
        assert bad.status_code == 200 and summary_links(bad.text)[0][0] == "region"


class TestReminders:
    def test_the_calendar_url_is_live_per_user_and_revocable(self, client: Any, monkeypatch: Any) -> None:  # noqa: F811
        """Making the subscription shows its URL once; the feed lists the deadlines of the user's cases
        open when it is fetched (iCalendar; today none of the world's 2021–2022 periods: a lapsed one is
        never an open event); a new URL ends the old one, and revoking ends it too (404)."""
        from datetime import datetime
        from zoneinfo import ZoneInfo

        import casefile.web.reminder_pages as reminder_pages

        sign_in(client, USERS["union-counsel"])
        made = client.post("/reminders/calendar", data={"csrf_token": csrf(client, "/reminders"), "action": "make"})
        url = re.search(r'id="calendar-url">([^<]+)<', made.text).group(1)  # type: ignore[union-attr]
        path = url.split("127.0.0.1", 1)[1]
        feed = client.get(path)
        assert feed.status_code == 200 and feed.headers["content-type"].startswith("text/calendar")
        from icalendar import Calendar

        def summaries(content: bytes) -> set[str]:
            return {str(e["SUMMARY"]) for e in Calendar.from_ical(content).walk("VEVENT")}

        assert b"BEGIN:VCALENDAR" in feed.content
        assert not [s for s in summaries(feed.content) if "10-RC-269250" in s]  # Bessemer's periods ended in 2022
        monkeypatch.setattr(reminder_pages, "now", lambda: datetime(2022, 4, 1, 12, tzinfo=ZoneInfo("America/New_York")))
        back_then = client.get(path)  # the day after the rerun's tally: its objections period runs
        assert "Objections due — 10-RC-269250, election 2" in summaries(back_then.content)
        monkeypatch.undo()
        again = client.post("/reminders/calendar", data={"csrf_token": csrf(client, "/reminders"), "action": "make"})
        assert client.get(path).status_code == 404
        newer = re.search(r'id="calendar-url">([^<]+)<', again.text).group(1).split("127.0.0.1", 1)[1]  # type: ignore[union-attr]
        assert client.get(newer).status_code == 200
        client.post("/reminders/calendar", data={"csrf_token": csrf(client, "/reminders"), "action": "revoke"})
        assert client.get(newer).status_code == 404
        assert client.get("/calendar/not-a-secret.ics").status_code == 404


class TestImport:
    def test_a_region_admin_imports_its_regions_cases_and_no_other_admin_does(self, client: Any) -> None:  # noqa: F811
        """The 300-record sample through the Import page, by Region 6's admin: its Region's cases
        are imported (every docket entry naming the admin), Region 4's rows are skipped and listed; the
        report of skipped rows and disagreements; a union's admin may not import (security trial
        H2: any admin forged a tally), and storing nothing when refused."""
        from datetime import UTC, datetime
        from pathlib import Path

        from sqlmodel import select

        from casefile.accounts.orgs import add_organization
        from casefile.record.db import read_session, write_session
        from casefile.record.models import Case, DocketEntry
        from tests.web.test_sessions import add_user

        with write_session(by="operator:tests") as session:
            add_organization(session, key="region-6", name="NLRB Region 6", kind="region", region="06",
                             as_of=datetime.now(UTC))
        add_user("admin@region6.example.org", org="region-6", role="admin")
        sample = Path(__file__).resolve().parents[1] / "fixtures" / "nlrb-recent-election-results-sample.csv"
        sign_in(client, USERS["union-admin"])
        before = docket_count()
        assert client.get("/import").status_code == 403
        forged = client.post("/import", data={"csrf_token": csrf(client, "/cases")},
                             files={"export": ("sample.csv", sample.read_bytes(), "text/csv")})
        assert forged.status_code == 403 and docket_count() == before
        region = second_browser(client)
        sign_in(region, "admin@region6.example.org")
        answer = region.post("/import", data={"csrf_token": csrf(region, "/import")},
                             files={"export": ("sample.csv", sample.read_bytes(), "text/csv")})
        assert answer.status_code == 200, answer.text[-2000:]
        assert "Records read" in answer.text and "Rows skipped" in answer.text
        assert "{'new'" not in answer.text and " loaded, " in answer.text and " already present, " in answer.text
        assert "not a case of Region 06" in answer.text
        import re  # a disagreeing tally by its day in words ("initial tally of May 4, 2023"), never "initial 2023-05-04"
        disagreeing = answer.text.split("Where the NLRB's flags disagree")[1]
        assert not re.search(r"<td>\w+ \d{4}-\d\d-\d\d</td>", disagreeing)
        assert re.search(r"<td>\w+ tally of [A-Z][a-z]+ \d{1,2}, \d{4}</td>", disagreeing)
        assert 'href="/cases/06-RC-311772"' in region.get("/cases", params={"q": "06-RC-311772"}).text
        with read_session() as session:
            numbers = set(session.exec(select(Case.number)).all())
            assert "06-RC-311772" in numbers and not any(n.startswith("04-") for n in numbers)
            by = set(session.exec(select(DocketEntry.recorded_by).where(DocketEntry.act == "import-tally")).all())
        assert by == {"user:admin@region6.example.org"}  # attributed (L10)
        refused = region.post("/import", data={"csrf_token": csrf(region, "/import")},
                              files={"export": ("latin.csv", "Région,x\n".encode("latin-1"), "text/csv")})
        assert refused.status_code == 422 and "not a UTF-8 text file" in refused.text


class TestRegion:
    def test_the_region_sees_the_offer_of_proof_the_employer_does_not(self, client: Any) -> None:  # noqa: F811
        sign_in(client, USERS["region"])
        assert 'data-kind="offer-of-proof"' in client.get(f"/cases/{NUMBER}").text
        other = second_browser(client)
        sign_in(other, USERS["employer-counsel"])
        assert 'data-kind="offer-of-proof"' not in other.get(f"/cases/{NUMBER}").text


def second_browser(first: Any) -> Any:
    """Another client of the same application (its own cookies)."""
    from fastapi.testclient import TestClient

    return TestClient(first.app, base_url="http://127.0.0.1")


class TestOfferedByStage:
    """The acts offered are those the front door accepts now (casefile.app.permitted_acts): by role
    and party, and by each act's own stage rule."""

    def test_the_case_page_offers_the_acts_of_its_stage_only(self, client: Any) -> None:  # noqa: F811
        """Bessemer after the 2022 rerun's tally: the Region is offered the register of challenged
        ballots, not the parties' objections (both parties are represented here: theirs to file), a
        tally, a certification, a runoff or a hearing's acts; the case with no tally yet offers the
        tally and no objections. Every form offered opens (200); one not offered answers 403."""
        sign_in(client, USERS["region"])
        page_ = client.get(f"/cases/{NUMBER}").text
        offered = set(re.findall(rf'href="/cases/{NUMBER}/acts/([a-z-]+)"', page_))
        assert "file-objections" not in offered and "register-challenges" in offered
        assert not offered & {"record-tally", "certification", "direct-runoff", "open-hearing", "close-hearing",
                              "ho-report", "file-exceptions", "file-answering-brief", "alj-decision"}
        for name in sorted(offered):
            assert client.get(f"{FORM}/{name}").status_code == 200, name
        assert client.get(f"{FORM}/certification").status_code == 403
        fresh = set(re.findall(rf'href="/cases/{TALLY_CASE}/acts/([a-z-]+)"', client.get(f"/cases/{TALLY_CASE}").text))
        assert "record-tally" in fresh and not fresh & {"file-objections", "certification", "register-challenges",
                                                         "notice-hearing"}

    def test_staff_are_offered_their_partys_filings_of_the_stage(self, client: Any) -> None:  # noqa: F811
        sign_in(client, USERS["union-staff"])
        offered = set(re.findall(rf'href="/cases/{NUMBER}/acts/([a-z-]+)"', client.get(f"/cases/{NUMBER}").text))
        assert "file-objections" in offered and offered <= {"file-objections", "file-offer-of-proof"}
        assert client.get(f"{FORM}/file-exceptions").status_code == 403



def fresh_case(number: str) -> str:
    """Open a Region 10 case with no tally (as the world's tally case is opened) and return its tally form's path."""
    from casefile import app
    from casefile.acts import Who, parse_act

    opening = parse_act({"act": "open-case", "date": "2022-03-01", "case": {
        "number": number, "name": "Magnolia Fulfillment LLC", "petition_filed_on": "2022-01-10"}, "parties": [
        {"key": "employer", "role": "employer", "name": "Magnolia Fulfillment LLC"},
        {"key": "union", "role": "petitioner", "name": "Retail, Wholesale and Department Store Union"}]})
    app.perform(opening, case_number=number, as_of=noon(opening.on), by=Who.operator(), documents="none")
    return f"/cases/{number}/acts/record-tally"


class TestWarnings:
    def test_the_tallys_warnings_are_on_the_confirmation(self, client: Any) -> None:  # noqa: F811
        """The Region's agent records a tally naming no Board agent on a live case with no unit
        description: the act's own warnings (what `casefile tally record` prints for the same act) are
        on the page the form leads to, each marked as a warning, after the summary."""
        form = fresh_case("10-RC-300003")  # a case of its own: the world's tally case keeps its tally form offered
        sign_in(client, USERS["region"])
        token = csrf(client, form)
        answer = client.post(form, data={
            "csrf_token": token, "date": "2022-03-31", "kind": "initial", "choices-rows": "1",
            "choices-0-name": "Retail, Wholesale and Department Store Union", "choices-0-votes": "875",
            "against": "993", "challenged": "16", "void": "59", "method": "mail"}, follow_redirects=False)
        assert answer.status_code == 303, answer.text
        page = client.get(answer.headers["location"]).text
        warnings = re.findall(r'<div class="notice notice-warning" role="alert"><p><strong>Warning:</strong> ([^<]+)(?: <a href="[^"]*">[^<]*</a>)?</p>',
                              page)
        assert len(warnings) == 2, page[:3000]
        assert warnings[0].startswith("the Tally of Ballots names no Board agent: its signature line is left blank")
        assert warnings[1].startswith("the case has no unit description")
        assert page.index("Done: Tally of Ballots") < page.index("names no Board agent")
        assert "names no Board agent" not in client.get("/cases/10-RC-300003").text  # shown once, on the confirmation

    def test_the_tallys_gaps_are_worded_for_the_web(self, client: Any) -> None:  # noqa: F811
        """The same two gaps, worded by the web, not the command line: no `casefile` command or act-file field;
        the missing unit description links to the form that corrects the case's details."""
        import html as htmllib

        form = fresh_case("10-RC-300004")
        sign_in(client, USERS["region"])
        answer = client.post(form, data={
            "csrf_token": csrf(client, form), "date": "2022-03-31", "kind": "initial", "choices-rows": "1",
            "choices-0-name": "Retail, Wholesale and Department Store Union", "choices-0-votes": "875",
            "against": "993", "challenged": "16", "void": "59", "method": "mail"}, follow_redirects=False)
        assert answer.status_code == 303, answer.text
        page = client.get(answer.headers["location"]).text
        notices = [htmllib.unescape(n) for n in re.findall(r'<div class="notice notice-warning" role="alert"><p>'
                                                           r'<strong>Warning:</strong> (.*?)</p>', page)]
        assert notices == [
            "the Tally of Ballots names no Board agent: its signature line is left blank; a tally already recorded keeps "
            "the line blank: the tally form's “Board agent” field names the agent who signs the next one.",
            "the case has no unit description: the Tally of Ballots names the voting unit by its id only; give it on the "
            "case's details form. <a href=\"/cases/10-RC-300004/acts/correct-case\">Correct the case's details (the unit "
            "description)</a>"], notices
        assert "casefile " not in " ".join(notices) and "board_agent" not in " ".join(notices)


class TestExcludedBallots:
    TALLY: ClassVar[dict[str, str]] = {"date": "2022-03-31", "kind": "initial", "choices-rows": "1",
             "choices-0-name": "Retail, Wholesale and Department Store Union", "choices-0-votes": "875",
             "against": "993", "challenged": "16", "void": "59", "method": "mail", "board_agent": "R. Ortiz"}

    def test_the_tally_form_records_ballots_excluded_at_the_count(self, client: Any) -> None:  # noqa: F811
        """The tally form's "Ballots excluded at the count" and its reason: the tally keeps them (R-L5), the
        Board agent named (no warning for it); a reason with no excluded ballot is refused at its field,
        storing nothing."""
        from casefile.record.db import read_session
        from casefile.record.models import Tally
        from tests.acts.snapshot import default_snapshot

        tally_form = fresh_case("10-RC-300002")  # a case of its own with no tally
        sign_in(client, USERS["region"])
        form = client.get(tally_form).text
        assert 'id="excluded"' in form and '<option value="late-mail-ballot">' in form and 'id="board_agent"' in form
        token = csrf(client, tally_form)
        before = default_snapshot()
        refused = client.post(tally_form, data={"csrf_token": token, **self.TALLY, "excluded_reason": "late-mail-ballot"})
        assert refused.status_code == 422
        assert summary_links(refused.text)[0][0] == "excluded_reason"
        assert default_snapshot() == before
        answer = client.post(tally_form, data={"csrf_token": token, **self.TALLY, "excluded": "4",
                                               "excluded_reason": "unsigned-envelope"}, follow_redirects=False)
        assert answer.status_code == 303, answer.text
        page = client.get(answer.headers["location"]).text
        assert "4 ballots excluded at the count, because their return envelopes were not signed" in page
        assert "names no Board agent" not in page
        with read_session() as session:
            tally = session.exec(select(Tally).order_by(Tally.id.desc())).first()  # type: ignore[union-attr]
            assert tally is not None
            assert (tally.excluded, tally.excluded_reason, tally.board_agent) == (4, "unsigned-envelope", "R. Ortiz")


class TestTallyLines:
    def test_the_forms_hints_name_the_lines_the_tally_prints(self, client: Any) -> None:  # noqa: F811
        """The hints of the web's tally form name each field's line as the Tally of Ballots PDF prints it
        (Bessemer's 2021 tally, a one-union ballot: votes line 3, against line 4, challenged line 6); the form
        said lines 4, 5 and 7."""
        from casefile.vocab import DocumentKind
        from tests.documents.checked import render_checked
        from tests.documents.document_cases import tally_2021
        from tests.documents.test_tally_form_lines import printed_lines

        sign_in(client, USERS["region"])
        page = re.sub(r"\s+", " ", client.get(TALLY_FORM).text)
        pdf = printed_lines(render_checked(DocumentKind.TALLY_OF_BALLOTS, tally_2021()).pdf)
        hints = {field: int(m.group(1)) for field in ("against", "challenged", "void", "eligible")
                 if (m := re.search(rf'id="{field}-hint"[^>]*>\s*Line (\d+)', page))}
        votes = re.search(r"its votes \(on the Tally of Ballots, line (\d+), one line per labor organization", page)
        assert votes is not None and pdf[int(votes.group(1))].startswith("Number of votes cast for Retail")
        assert {field: pdf[n].split(" ")[:5] for field, n in hints.items()} == {
            "against": ["Number", "of", "votes", "cast", "against"], "challenged": ["Number", "of", "challenged", "ballots", "505"],
            "void": ["Number", "of", "void", "ballots", "76"], "eligible": ["Approximate", "number", "of", "eligible", "voters"]}
