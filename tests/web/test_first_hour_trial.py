"""What a new user's first hour on the web found (issue 18 item 4, issue 15 item 9), on cases of
this module's own with a tally of yesterday (so their periods run now): the offer of proof is served
on no one; a period met by a filing shows met on every page and command; what comes next before the
tally; the tally's and the objections' warnings on the form's page; the extension form lists only
the periods running that may be extended."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from tests.web.test_sessions import client, csrf, sign_in  # noqa: F401  (the fixture)
from tests.web.test_trial_words import text_of
from tests.web.world import ATLANTA, USERS, noon

#: A case with a tally of yesterday and the union's objections filed without their offer of proof.
NO_OFFER = "10-RC-300018"
#: A case with a tally of yesterday and no objections.
TALLIED = "10-RC-300019"
#: A case with no tally.
UNTALLIED = "10-RC-300020"
#: A case with a tally of yesterday and the union's objections filed with their offer of proof.
FILED = "10-RC-300021"
#: A case with a tally of yesterday and the union's objections filed without their offer (never given one).
OBJECTED = "10-RC-300022"
#: A case with a tally of yesterday, whose objections the tests file through the form.
TO_OBJECT = "10-RC-300023"
#: A case with no tally, whose tally the tests record through the form.
TO_TALLY = "10-RC-300024"


def _open(number: str, on: str) -> None:
    from casefile import app
    from casefile.accounts.orgs import link_party
    from casefile.acts import Who, parse_act
    from casefile.record.db import write_session

    opening = parse_act({"act": "open-case", "date": on, "case": {
        "number": number, "name": "Magnolia Fulfillment LLC", "petition_filed_on": on,
        "unit_description": "All full-time and regular part-time warehouse employees"}, "parties": [
        {"key": "employer", "role": "employer", "name": "Magnolia Fulfillment LLC"},
        {"key": "union", "role": "petitioner", "name": "Retail, Wholesale and Department Store Union"}]})
    at = noon(opening.on)
    app.perform(opening, case_number=number, as_of=at, by=Who.operator(), documents="none")
    with write_session(by="operator:tests") as session:
        link_party(session, organization="rwdsu-legal", case_number=number, party="union", as_of=at)
        link_party(session, organization="amazon-counsel", case_number=number, party="employer", as_of=at)


def _tally(number: str, on: str) -> None:
    from casefile import app
    from casefile.acts import Who, parse_act

    tally = parse_act({"act": "record-tally", "date": on, "kind": "initial", "choices": {
        "Retail, Wholesale and Department Store Union": 40}, "against": 50, "challenged": 2, "void": 1,
        "eligible": 100, "board_agent": "R. Ortiz", "election": {"method": "manual", "held_from_on": on}})
    app.perform(tally, case_number=number, as_of=datetime.now(UTC), by=Who.operator(), documents="none")


@pytest.fixture(scope="module")
def cases(served: Any) -> dict[str, str]:
    """The module's cases (NO_OFFER, TALLIED, UNTALLIED), opened a week ago, tallied yesterday."""
    from casefile import app
    from casefile.acts import Who, parse_act
    from casefile.acts.file_objections import WitnessIn

    today = datetime.now(ATLANTA).date()
    week_ago, yesterday = (today - timedelta(days=7)).isoformat(), (today - timedelta(days=1)).isoformat()
    for number in (NO_OFFER, TALLIED, UNTALLIED, FILED, OBJECTED, TO_OBJECT, TO_TALLY):
        _open(number, week_ago)
    for number in (NO_OFFER, TALLIED, FILED, OBJECTED, TO_OBJECT):
        _tally(number, yesterday)
    objections = parse_act({"act": "file-objections", "party": "union", "date": today.isoformat(),
                            "objections": ["The Employer's supervisors threatened closure."]})
    for number in (NO_OFFER, OBJECTED):
        app.perform(objections, case_number=number, as_of=datetime.now(UTC), by=Who.operator(), documents="none")
    with_offer = objections.model_copy(update={"offer_of_proof": [WitnessIn(
        objection=1, witness="Jane Doe, picker", summary="Heard the threat.")]})
    app.perform(with_offer, case_number=FILED, as_of=datetime.now(UTC), by=Who.operator(), documents="none")
    return {"no_offer": NO_OFFER, "tallied": TALLIED, "untallied": UNTALLIED}


class TestOfferOfProofIsServedOnNoOne:
    """29 CFR 102.69(a)(8): the offer of proof goes to the Regional Director only, served on no party."""

    def test_the_form_has_no_service_and_says_it_is_not_served(self, client: Any, cases: dict[str, str]) -> None:  # noqa: F811
        sign_in(client, USERS["union-counsel"])
        form = f"/cases/{NO_OFFER}/acts/file-offer-of-proof"
        answer = client.get(form)
        assert answer.status_code == 200, answer.text[:2000]
        shown = text_of(answer.text)
        assert "Service on the other parties" not in shown
        assert 'name="service-rows"' not in answer.text and 'id="service-0-party"' not in answer.text
        assert "serve it on the other parties" not in shown
        assert "It is confidential to the Regional Director: it is not served on the other parties" in shown

    def test_the_banner_after_filing_does_not_say_serve(self, client: Any, cases: dict[str, str]) -> None:  # noqa: F811
        sign_in(client, USERS["union-counsel"])
        form = f"/cases/{NO_OFFER}/acts/file-offer-of-proof"
        today = datetime.now(ATLANTA).date().isoformat()
        answer = client.post(form, data={
            "csrf_token": csrf(client, form), "party": "union", "date": today, "method": "e-filing",
            "witnesses-rows": "1", "witnesses-0-objection": "1", "witnesses-0-witness": "Jane Doe, picker",
            "witnesses-0-summary": "Heard the threat.", "witnesses_public": "yes", "file": "1"},
            follow_redirects=False)
        assert answer.status_code == 303, text_of(answer.text)[:2000]
        shown = text_of(client.get(answer.headers["location"]).text)
        assert "Not yet filed with the NLRB" in shown
        assert "serve it on the other parties" not in shown
        assert "It is confidential: not served on the other parties." in shown

    def test_a_served_filing_still_says_serve(self, client: Any, cases: dict[str, str]) -> None:  # noqa: F811
        sign_in(client, USERS["employer-counsel"])
        shown = text_of(client.get(f"/cases/{TALLIED}/acts/file-objections").text)
        assert "and serve it on the other parties." in shown


def _row_of(html: str, number: str) -> str:
    """The text of the table row of case ``number`` on a page."""
    rows = [r for r in re.findall(r"<tr[^>]*>(.*?)</tr>", html, flags=re.S) if f"/cases/{number}" in r]
    return " | ".join(text_of(r) for r in rows)


class TestMetMeansMetEverywhere:
    """Issue 15 item 9, issue 18 item 4: a period met by the party's timely filing shows met on My
    cases, Deadlines, the case page, `case show` and `deadlines explain` (state_at, the one function)."""

    def test_my_cases_and_deadlines_say_met_for_the_party_that_filed(self, client: Any, cases: dict[str, str]) -> None:  # noqa: F811
        sign_in(client, USERS["union-counsel"])
        row = _row_of(client.get("/cases", params={"q": FILED}).text, FILED)
        assert row, "the case is on My cases"
        assert "business days left" not in row and "Objections and offer of proof" not in row, row
        deadlines = _row_of(client.get("/deadlines").text, FILED)
        # with the date the period runs to for the other parties (new-user trial F16: the Deadlines page dropped it)
        assert re.search(r"Met by your party's timely filing; the period runs on for the other parties \(due \w{3} \w{3} "
                         r"\d{1,2}, 11:59 p\.m\. EST", deadlines), deadlines
        other = _row_of(client.get("/cases", params={"q": TALLIED}).text, TALLIED)  # nothing filed there: still due
        assert "Objections and offer of proof (all parties)" in other and "business days left" in other, other

    def test_the_employer_still_sees_the_period_running(self, client: Any, cases: dict[str, str]) -> None:  # noqa: F811
        sign_in(client, USERS["employer-counsel"])
        row = _row_of(client.get("/cases", params={"q": FILED}).text, FILED)
        assert "Objections and offer of proof (all parties)" in row and "business days left" in row, row

    def test_case_show_and_deadlines_explain_say_who_met_it(self, cases: dict[str, str]) -> None:
        from casefile import app
        from casefile.cli.deadlines_explain import deadline_explanation
        from casefile.record.db import read_session

        view = app.case(FILED, as_of=datetime.now(UTC))
        by_kind = {d.kind: d for d in view.elections[-1].deadlines}
        union = "Retail, Wholesale and Department Store Union"
        # the objection period runs on for the other parties; the offer of proof is the union's alone, so its timely
        # filing meets it for everyone (29 CFR 102.69(a)(8)); explain names the union as the party it is for
        notes = {"objections": ("open", f"met by {union}'s timely filing; the period runs on for the other parties "
                                        "until its cut-off"),
                 "offer-of-proof": ("met", "met by a timely filing of the party whose period it is alone "
                                           "(29 CFR 102.69(a)(8)); nothing more is due in it")}
        for kind, (status, note) in notes.items():
            d = by_kind[kind]
            assert d.met_by == [union], (kind, d)
            assert (d.status, d.status_note) == (status, note), (kind, d)
            with read_session() as session:
                explained = deadline_explanation(session, d.id, as_of=datetime.now(UTC))
            assert (explained["status"], explained["status_note"]) == (status, note)
        assert explained["for_words"] == union
        assert app.case(TALLIED, as_of=datetime.now(UTC)).elections[-1].deadlines[0].met_by == []

    def test_the_day_before_the_filing_the_period_was_not_met(self, client: Any, cases: dict[str, str]) -> None:  # noqa: F811
        """FILED's objections came today: as of yesterday noon (the tally's day) the union's period was still
        due on My cases, Deadlines and the case page, and met by no one in the case's view (the record as it
        stood then, not a filing received later)."""
        from casefile import app

        yesterday = noon(datetime.now(ATLANTA).date() - timedelta(days=1))
        sign_in(client, USERS["union-counsel"])
        row = _row_of(client.get("/cases", params={"q": FILED, "as_of": yesterday.isoformat()}).text, FILED)
        assert "Objections and offer of proof (all parties)" in row and "business days left" in row, row
        deadlines = _row_of(client.get("/deadlines", params={"as_of": yesterday.isoformat()}).text, FILED)
        assert "Met by your party's timely filing" not in deadlines and "business days left" in deadlines, deadlines
        mine = _next_for(client.get(f"/cases/{FILED}", params={"as_of": yesterday.isoformat()}).text)
        assert "Met" not in mine.split() and "Objections and offer of proof (all parties)" in mine, mine
        view = app.case(FILED, as_of=yesterday)
        assert [(d.kind, d.met_by) for d in view.elections[-1].deadlines if d.kind in ("objections", "offer-of-proof")] \
            == [("objections", []), ("offer-of-proof", [])]

    def test_objections_without_their_offer_leave_the_offer_due(self, client: Any, cases: dict[str, str]) -> None:  # noqa: F811
        sign_in(client, USERS["union-counsel"])
        page = client.get(f"/cases/{OBJECTED}").text
        mine = text_of(page.split('id="next-for-you"', 1)[1].split("</section>", 1)[0])
        # the union's own offer of proof (each objecting party's is its own, 102.69(a)(8)), said as the union's
        assert ("Met Objections (Retail, Wholesale and Department Store Union's offer of proof is still due: below) "
                "(all parties): filed in time by") in mine, mine
        assert "Retail, Wholesale and Department Store Union's offer of proof : due" in mine, mine
        assert "File an offer of proof" in mine, mine
        assert "Met Objections and offer of proof" not in mine

    def test_objections_filed_without_an_offer_warn_that_it_is_due(self, client: Any, cases: dict[str, str]) -> None:  # noqa: F811
        sign_in(client, USERS["union-counsel"])
        form = f"/cases/{TO_OBJECT}/acts/file-objections"
        answer = client.post(form, data={
            "csrf_token": csrf(client, form), "party": "union", "date": datetime.now(ATLANTA).date().isoformat(),
            "method": "e-filing", "objections-rows": "1", "objections-0": "The Employer threatened closure.",
            "offer_of_proof-rows": "1", "offer_of_proof-0-objection": "", "offer_of_proof-0-witness": "",
            "offer_of_proof-0-summary": "", "file": "1"}, follow_redirects=False)
        assert answer.status_code == 303, text_of(answer.text)[:2000]
        warnings = re.findall(r'<div class="notice notice-warning" role="alert"><p><strong>Warning:</strong> ([^<]+)(?: <a href="[^"]*">[^<]*</a>)?</p>',
                              client.get(answer.headers["location"]).text)
        assert any(w.startswith("no offer of proof was filed with these objections: it is due with them (due ")
                   for w in warnings), warnings
        assert any(w.startswith("Magnolia Fulfillment LLC was served at no address the record holds: the certificate of "
                                "service of the Objections leaves the manner and address blank") for w in warnings), warnings


def _next_for(html: str) -> str:
    """The text of the case page's "Next for <organization>" panel."""
    return text_of(html.split('id="next-for-you"', 1)[1].split("</section>", 1)[0])


class TestWhatComesNext:
    """Before the tally the Region records it and the parties wait; the hearing is no task of the
    Region's before any objection or determinative challenge (29 CFR 102.69(c)(1)(ii))."""

    def test_before_the_tally_the_region_records_it(self, client: Any, cases: dict[str, str]) -> None:  # noqa: F811
        sign_in(client, USERS["region"])
        row = _row_of(client.get("/cases", params={"q": UNTALLIED}).text, UNTALLIED)
        assert "Before the tally of ballots" in row and "Next: record the tally of ballots (the Region)" in row, row
        assert "nothing of yours running" not in row
        page = client.get(f"/cases/{UNTALLIED}").text
        mine = _next_for(page)
        assert "Next for NLRB Region 10 (Atlanta) Next: record the tally of ballots (the Region) — Record the tally " \
            "of ballots ." in mine, mine
        assert f'href="/cases/{UNTALLIED}/acts/record-tally"' in page.split('id="next-for-you"', 1)[1]
        assert "No tally of ballots is recorded yet." in text_of(page)

    def test_before_the_tally_a_party_waits_for_the_region(self, client: Any, cases: dict[str, str]) -> None:  # noqa: F811
        sign_in(client, USERS["union-counsel"])
        row = _row_of(client.get("/cases", params={"q": UNTALLIED}).text, UNTALLIED)
        assert "Waiting for the Region to record the tally of ballots" in row and "nothing of yours" not in row, row
        assert "Waiting for the Region to record the tally of ballots" in _next_for(client.get(f"/cases/{UNTALLIED}").text)

    def test_no_hearing_before_an_objection(self, client: Any, cases: dict[str, str]) -> None:  # noqa: F811
        sign_in(client, USERS["region"])
        hearing = "Hearing, if set (or as soon as practicable)"
        assert hearing not in _next_for(client.get(f"/cases/{TALLIED}").text)
        assert hearing in _next_for(client.get(f"/cases/{OBJECTED}").text)
        assert hearing not in _row_of(client.get("/cases", params={"q": TALLIED}).text, TALLIED)

    def test_the_hearing_is_not_running_before_an_objection(self, client: Any, cases: dict[str, str]) -> None:  # noqa: F811
        """The hearing's target date is counted from the tally (15 business days, R-I3) but a hearing is held
        only if the Regional Director sets one on objections or determinative challenges (R-I2): with neither,
        the case page's running deadlines leave it out, and the list of every deadline names it for what it
        is: a hearing if one is set; never "Hearing to open" as if one were called."""
        sign_in(client, USERS["region"])
        page = client.get(f"/cases/{TALLIED}").text
        running = text_of(page.split("<caption>Running now", 1)[1].split("</table>", 1)[0])
        assert "Objections and offer of proof" in running and "Earliest certification" in running, running
        assert "Hearing" not in running, running
        every = text_of(page.split("Every deadline of the case", 1)[1].split("</table>", 1)[0])
        assert "Hearing, if set (or as soon as practicable) Regional Director" in every, every
        assert "Hearing to open" not in text_of(page)
        objected = client.get(f"/cases/{OBJECTED}").text
        assert "Hearing, if set (or as soon as practicable)" in objected.split("<caption>Running now", 1)[1].split("</table>", 1)[0]

    def test_the_case_page_words_its_counts_dates_and_roles(self, client: Any, cases: dict[str, str]) -> None:  # noqa: F811
        """The tally of 40 for the union, 50 against, 2 challenged, 1 void: counts agree with their nouns, dates
        are in words (never ISO), and a party's role is a word, not the record's slug."""
        sign_in(client, USERS["union-counsel"])
        shown = text_of(client.get(f"/cases/{TALLIED}").text)
        yesterday = datetime.now(ATLANTA).date() - timedelta(days=1)
        in_words = f"{yesterday:%B} {yesterday.day}, {yesterday.year}"
        assert f"Outcome of the initial tally of {in_words} 90 valid votes counted, 2 challenged ballots, about 100 " \
            "eligible voters." in shown, shown
        assert f"Initial tally of {in_words}: No majority for any labor organization: a Certification of Results" in shown
        assert yesterday.isoformat() not in shown
        assert re.search(r"\d{4}-\d\d-\d\d", shown) is None, re.findall(r".{60}\d{4}-\d\d-\d\d.{20}", shown)
        assert "Magnolia Fulfillment LLC Employer" in shown and "Retail, Wholesale and Department Store Union Petitioner" in shown

    def test_how_a_deadline_was_computed_is_in_words(self, client: Any, cases: dict[str, str]) -> None:  # noqa: F811
        """The objections' derivation (5 business days from yesterday's tally, Atlanta): its title names the period,
        not its slug; the rule set, the office and every day are in words; no ISO date or instant, no office key in
        the summary and no rule reference of casefile's own ("(R-B9)")."""
        import html as htmllib

        sign_in(client, USERS["union-counsel"])
        page = client.get(f"/cases/{TALLIED}").text
        link = re.search(rf'href="(/cases/{TALLIED}/deadlines/\d+)">Objections and offer of proof<', page)
        assert link is not None, page
        answer = client.get(link.group(1))
        shown = text_of(answer.text)
        title = htmllib.unescape(re.search(r"<title>([^<]*)</title>", answer.text).group(1))  # type: ignore[union-attr]
        assert title.startswith(f"Objections and offer of proof — {TALLIED}"), title
        yesterday = datetime.now(ATLANTA).date() - timedelta(days=1)
        assert f"Starts from Tally of Ballots prepared {yesterday:%B} {yesterday.day}, {yesterday.year} Due" in shown, shown
        assert "Rule 29 CFR 102.69(a)(8) — 2023 rule (current; business days for post-election periods)" in shown, shown
        assert "Receiving office Atlanta, GA, Eastern time Calendar" in shown, shown
        assert f"tally prepared {yesterday:%a %B} {yesterday.day}, {yesterday.year}" in shown, shown
        assert re.search(r"\d{4}-\d\d-\d\d", shown) is None, re.findall(r".{40}\d{4}-\d\d-\d\d.{20}", shown)
        assert "(R-B9)" not in shown and "rule set 2023-rule" not in shown and "hearing-opens" not in shown
        assert re.search(r"11:59 p\.m\. E[SD]T on ", shown), shown


WARNING = r'<div class="notice notice-warning" role="alert"><p><strong>Warning:</strong> ([^<]+)(?: <a href="[^"]*">[^<]*</a>)?</p>'


class TestTallyWarnings:
    def test_a_tally_that_does_not_add_up_and_an_unknown_choice_warn(self, client: Any, cases: dict[str, str]) -> None:  # noqa: F811
        """18 ballots cast against about 15 eligible (R-C3: warned, not refused) and a choice "UFCW" that
        is no party of the case: both warnings on the page after the form, as the command line prints them."""
        import html as htmllib

        sign_in(client, USERS["region"])
        form = f"/cases/{TO_TALLY}/acts/record-tally"
        yesterday = (datetime.now(ATLANTA).date() - timedelta(days=1)).isoformat()
        answer = client.post(form, data={
            "csrf_token": csrf(client, form), "date": yesterday, "kind": "initial", "choices-rows": "1",
            "choices-0-name": "UFCW", "choices-0-votes": "10", "against": "5", "challenged": "2", "void": "1",
            "eligible": "15", "method": "manual", "board_agent": "R. Ortiz"}, follow_redirects=False)
        assert answer.status_code == 303, text_of(answer.text)[:2000]
        warnings = [htmllib.unescape(w) for w in re.findall(WARNING, client.get(answer.headers["location"]).text)]
        assert any("exceed the approximate number of eligible voters (15)" in w for w in warnings), warnings
        assert any(w.startswith(f"the ballot choice 'UFCW' names no party of {TO_TALLY} (its parties: Magnolia "
                                "Fulfillment LLC, Retail, Wholesale and Department Store Union)") for w in warnings), warnings


class TestServiceGapsOnTheForm:
    def test_the_objections_form_warns_before_filing(self, client: Any, cases: dict[str, str]) -> None:  # noqa: F811
        """Neither party of the case has counsel of record: the objections form says, before anything is
        filed, that the union's signature block is blank and that the employer is served at no address."""
        import html as htmllib

        sign_in(client, USERS["union-counsel"])
        page = client.get(f"/cases/{TALLIED}/acts/file-objections").text
        warnings = [htmllib.unescape(w) for w in re.findall(WARNING, page)]
        assert any(w.startswith("Retail, Wholesale and Department Store Union has no counsel of record: the signature "
                                "block of the Objections is a blank line") for w in warnings), warnings
        assert any(w.startswith("Magnolia Fulfillment LLC has no e-mail address in the record: filed now, it is served "
                                "at no address the record holds") for w in warnings), warnings
        offer = client.get(f"/cases/{OBJECTED}/acts/file-offer-of-proof").text  # served on no one: no service warning
        assert "served at no address" not in htmllib.unescape(offer)

    def test_the_warnings_link_to_the_form_that_adds_counsel(self, client: Any, cases: dict[str, str]) -> None:  # noqa: F811
        """What the record lacks is a fact each interface words: on the web, the union's missing counsel links to
        the form that adds it (the union chosen), never a `casefile counsel add` command; the employer's missing
        e-mail is not the union's counsel's to add, so it has no link."""
        import html as htmllib

        sign_in(client, USERS["union-counsel"])
        page = client.get(f"/cases/{TALLIED}/acts/file-objections").text
        notices = [htmllib.unescape(n) for n in re.findall(r'<div class="notice notice-warning" role="alert"><p>(.*?)</p>', page)]
        assert len(notices) == 2, notices
        assert notices[0] == ("<strong>Warning:</strong> Retail, Wholesale and Department Store Union has no counsel of "
                              "record: the signature block of the Objections is a blank line. <a href=\"/cases/"
                              f"{TALLIED}/acts/add-counsel?party=union\">Add counsel of record for Retail, Wholesale "
                              "and Department Store Union</a>"), notices
        assert notices[1] == ("<strong>Warning:</strong> Magnolia Fulfillment LLC has no e-mail address in the record: "
                              "filed now, it is served at no address the record holds and the certificate of service of "
                              "the Objections leaves the manner and address blank; add counsel's e-mail address first."), notices
        assert "casefile counsel" not in page and "--party" not in page
        form = client.get(f"/cases/{TALLIED}/acts/add-counsel", params={"party": "union"}).text
        assert '<input type="hidden" name="party" value="union">' in form, re.findall(r'<[^>]*name="party"[^>]*>', form)
        assert "Add counsel of record" in text_of(form)


class TestExtensionForm:
    def test_only_the_periods_running_that_may_be_extended(self, client: Any, cases: dict[str, str]) -> None:  # noqa: F811
        """The union objected without its offer of proof: "Which period" offers the offer-of-proof period
        only (not the objections, which cannot be extended, 102.69(a)(8); not the Region's target dates;
        none of the periods not running), and the form says when it is due for this case."""
        sign_in(client, USERS["union-counsel"])
        page = client.get(f"/cases/{OBJECTED}/acts/request-extension").text
        assert sorted(set(re.findall(r'name="kind"[^>]*value="([^"]*)"|value="([^"]*)"[^>]*name="kind"', page))) \
            in ([("offer-of-proof", "")], [("", "offer-of-proof")]), re.findall(r'<[^>]*name="kind"[^>]*>', page)
        assert "Due for this case: Retail, Wholesale and Department Store Union's offer of proof —" in text_of(page)


class TestDueDateOfAPeriodNotRunning:
    def test_the_objections_form_says_when_they_were_due_once_met(self, client: Any, cases: dict[str, str]) -> None:  # noqa: F811
        """The new user's trial: once no objection period runs (the union's objections filed), the form said only "due
        within 5 business days after the tally"; it says this case's due date and cut-off, and that the period was met."""
        sign_in(client, USERS["union-counsel"])
        shown = text_of(client.get(f"/cases/{OBJECTED}/acts/file-objections").text)
        assert re.search(r"Due for this case: Objections and offer of proof \(all parties\) — (was )?due \w{3} \w{3} \d+, 11:59 p\.m\. [CE][SD]T", shown), \
            shown[:2000]
        assert "(met by a timely filing)" in shown and "The cut-off is 11:59 p.m." in shown


class TestEndingActsSetApart:
    def test_dismissal_and_withdrawal_are_set_apart_the_dismissal_the_regions(self, client: Any,  # noqa: F811
                                                                              cases: dict[str, str]) -> None:
        """The case page: dismissing the petition (the Region's) and withdrawing it (the petitioner's,
        with the Regional Director's consent, 29 CFR 102.60(a)) sit under "Ending or withdrawing", not
        among the ordinary acts; the Region is offered the dismissal and not the union's withdrawal
        (the union is represented here: its act is its own), the union's counsel the withdrawal and
        not the dismissal, whose form answers 403 (the authority policy)."""
        sign_in(client, USERS["region"])
        page = client.get(f"/cases/{TALLIED}").text
        acts = page.split('id="acts"', 1)[1]
        ordinary, ending = acts.split('id="ending-acts"', 1)
        assert "/acts/dismiss-petition\"" not in ordinary and "/acts/dismiss-petition\"" in ending
        assert "/acts/withdraw-petition\"" not in page
        sign_in(client, USERS["union-counsel"])
        page = client.get(f"/cases/{TALLIED}").text
        ordinary, ending = page.split('id="acts"', 1)[1].split('id="ending-acts"', 1)
        assert "/acts/withdraw-petition\"" not in ordinary and "/acts/withdraw-petition\"" in ending
        assert "Withdraw the petition (with the Regional Director's consent) (the petitioner's: Retail, Wholesale " \
            "and Department Store Union)" in text_of(ending)
        assert f"/cases/{TALLIED}/acts/dismiss-petition\"" not in page
        assert client.get(f"/cases/{TALLIED}/acts/dismiss-petition").status_code == 403


class TestLinkRequests:
    def test_the_page_says_who_approves_and_how_and_names_the_asker(self, client: Any, cases: dict[str, str]) -> None:  # noqa: F811
        """The request page names who approves (an admin of an organization holding the party, else the
        operator — the person who runs casefile — in words, no command), and the asker by name, not by label."""
        sign_in(client, USERS["union-admin"])
        form = "/links"
        answer = client.post(form, data={"csrf_token": csrf(client, form), "case-number": UNTALLIED,
                                          "party": "intervenor", "note": ""}, follow_redirects=False)
        assert answer.status_code == 303, text_of(answer.text)[:1500]
        shown = text_of(client.get("/links").text)
        assert "only the operator of this casefile — the person who runs it for your office — approves or declines a " \
            "request; no page of this site does. Tell the operator the case number and the party you represent." \
            in shown, shown[:3000]
        assert "is with the operator of this casefile, who alone decides it: you will see the case once it is " \
            "approved." in shown
        assert "casefile orgs" not in shown and "`" not in shown and "command line" not in shown
        own = shown.split("Requests of", 1)[1]
        assert "user:admin@" not in own and "(admin@rwdsu.example.org)" in own, own[:800]

