"""People read words, never casefile's own values (issue 16, item 4), as the pages, the command line and the
calendar show them: a refusal cites 29 CFR, never a rule id of casefile's ("(R-N3)"); the link requests say who
approves in words, not a command; counts are in words that agree with their numbers; the e-filing panels and
forms say what they are."""

from __future__ import annotations

import re
from typing import Any

from tests.web.test_sessions import client, csrf, sign_in  # noqa: F401  (the fixture)
from tests.web.test_trial_words import text_of
from tests.web.world import NUMBER, USERS

#: casefile's own references: a rule id of rules.md ("R-N3", "R-H1(b)"), the file itself.
OWN_IDS = re.compile(r"\bR-[A-Z]\d|rules\.md")


class TestNoRuleIds:
    def test_the_request_for_review_refusal_cites_29_cfr(self, client: Any) -> None:  # noqa: F811
        """Bessemer at the rerun's tally: nothing the Regional Director decided is for the Board to review yet; the
        refusal page says where a request lies, citing 29 CFR 102.67(c) for a decision setting the election aside."""
        sign_in(client, USERS["union-counsel"])
        answer = client.get(f"/cases/{NUMBER}/acts/request-for-review")
        shown = text_of(answer.text)
        assert answer.status_code == 403, shown[:800]
        assert ("nothing the Regional Director decided is yet for the Board to review: a request for review lies after "
                "the Regional Director's decision on the objections (102.69(c)(2), 102.67(c)), the certification or the "
                "dismissal of the petition (102.69(h), 102.71), or a decision setting the election aside") in shown, shown[:1500]
        assert not OWN_IDS.search(shown), OWN_IDS.findall(shown)

    def test_no_page_of_the_case_shows_a_rule_id(self, client: Any) -> None:  # noqa: F811
        """The case's pages, its deadlines' pages and its act forms (or their refusals), for both sides and the Region."""
        for who in ("union-counsel", "employer-counsel", "region"):
            sign_in(client, USERS[who])
            case = client.get(f"/cases/{NUMBER}").text
            paths = {f"/cases/{NUMBER}", f"/cases/{NUMBER}/around", "/cases", "/deadlines", "/links",
                     *re.findall(rf'href="(/cases/{NUMBER}/(?:deadlines/\d+|acts/[a-z-]+))"', case)}
            for path in sorted(paths):
                shown = text_of(client.get(path).text)
                assert not OWN_IDS.search(shown), (who, path, OWN_IDS.findall(shown))

    def test_the_deadline_calculator_shows_no_rule_id(self, client: Any) -> None:  # noqa: F811
        """The calculator's steps for an answering brief (runs from the last day for exceptions: 29 CFR 102.2(a)) and
        an earliest certification (29 CFR 102.69(b)), in Region 10 across the 2025 shutdown."""
        sign_in(client, USERS["union-counsel"])
        for kind in ("answering-brief", "earliest-certification", "request-for-review"):
            answer = client.get("/calculators/deadline", params={"kind": kind, "trigger": "2025-09-26",
                                                                 "petition_filed": "2025-08-01", "region": "10", "check": "1"})
            shown = text_of(answer.text)
            assert answer.status_code == 200, shown[:800]
            assert not OWN_IDS.search(shown), (kind, OWN_IDS.findall(shown))
        assert "runs from the last day the exceptions could be filed, not from the day filed (29 CFR 102.2(a))" in \
            text_of(client.get("/calculators/deadline", params={"kind": "answering-brief", "trigger": "2025-09-26",
                                                                "petition_filed": "2025-08-01", "region": "10",
                                                                "check": "1"}).text)

    def test_the_command_line_shows_no_rule_id(self, client: Any) -> None:  # noqa: F811
        """`case show`, `deadlines`, `deadlines explain` of each of Bessemer's deadlines, `deadlines compute`, and a
        refused request for review (nothing yet for the Board to review)."""
        from tests.cli.in_process import casefile

        shown = casefile("case", "show", NUMBER, "--as-of", "2022-04-05T12:00:00-04:00")
        assert shown.exit_code == 0, shown.stderr
        ids = re.findall(r"^\s*│?\s*(\d+)\s", shown.stdout, flags=re.M)
        assert len(ids) >= 3, shown.stdout
        ran = [shown, casefile("deadlines", "--case", NUMBER, "--as-of", "2022-04-05T12:00:00-04:00"),
               casefile("deadlines", "compute", "answering-brief", "--trigger", "2025-09-26", "--petition-filed",
                        "2025-08-01", "--region", "10"),
               casefile("deadlines", "explain", NUMBER, "objections", "--as-of", "2022-04-05T12:00:00-04:00"),
               *(casefile("deadlines", "explain", i, "--as-of", "2022-04-05T12:00:00-04:00") for i in ids[:8])]
        refused = casefile("review", "request", NUMBER, "--party", "rwdsu", "--ground", "The decision errs",
                           "--received-at", "2022-04-05", "--as-of", "2022-04-05T12:00:00-04:00")
        assert refused.exit_code == 2 and "or a decision that sets the election aside" in refused.stderr, \
            refused.stderr
        for r in [*ran, refused]:
            assert not OWN_IDS.search(r.stdout + r.stderr), (r.stdout[-800:], r.stderr[-800:])


class TestLinkRequestsInWords:
    def test_who_approves_is_said_in_words_and_the_holder_reads_names(self, client: Any) -> None:  # noqa: F811
        """A firm asks for the employer of the tally case: its page says the operator decides, with no command; an admin
        of the employer's firm (which holds that party) sees the request with the organizations' and parties' names, not
        their keys ("amazon-counsel", "employer (employer)")."""
        from datetime import UTC, datetime

        from casefile.accounts.orgs import add_organization
        from casefile.record.db import write_session
        from tests.web.test_sessions import add_user
        from tests.web.world import TALLY_CASE

        with write_session(by="operator:tests") as session:
            add_organization(session, key="words-firm", name="Words & Plain LLP", kind="firm", as_of=datetime.now(UTC))
        add_user("admin@words.example.org", org="words-firm", role="admin")
        add_user("admin@amazon.example.org", org="amazon-counsel", role="admin")
        sign_in(client, "admin@words.example.org")
        answer = client.post("/links", data={"csrf_token": csrf(client, "/links"), "case-number": TALLY_CASE,
                                             "party": "employer", "note": ""}, follow_redirects=False)
        assert answer.status_code == 303, text_of(answer.text)[:1500]
        shown = text_of(client.get("/links").text)
        assert (f"Your request to be linked to employer in {TALLY_CASE} is with the operator of this casefile, who alone "
                "decides it: you will see the case once it is approved.") in shown, shown[:2000]
        assert "casefile orgs" not in shown and "`" not in shown
        sign_in(client, "admin@amazon.example.org")
        shown = text_of(client.get("/links").text)
        row = shown.split("It holds in the case already", 1)[1]
        assert row.lstrip().startswith(f"Words & Plain LLP {TALLY_CASE} Magnolia Fulfillment LLC Employer's Counsel "
                                       "(Amazon) nothing"), row[:400]
        assert "words-firm" not in shown and "amazon-counsel" not in shown and "(employer)" not in shown
        assert "Only the operator of this casefile decides these: tell the operator what you know" in shown


class TestCountsInWords:
    def test_the_case_page_counts_objections_in_words(self, client: Any) -> None:  # noqa: F811
        """Bessemer's elections: each party's objections counted by disposition in words ("21 overruled"), never by
        slug ("set-for-hearing"); the election's kind in words ("rerun election")."""
        sign_in(client, USERS["union-counsel"])
        shown = text_of(client.get(f"/cases/{NUMBER}").text)
        lines = re.findall(r"Objections: ([^.]*?\))(?: [A-Z]|$)", shown)
        # Bessemer's hearing: which objections were set, and how many, is not public (objections_set_public false)
        assert ("Retail, Wholesale and Department Store Union (23 filed; which were set for hearing, and how many, is "
                "not in the public record)") in lines, lines
        for line in (x for x in lines if "not in the public record" not in x):
            assert re.fullmatch(r"[^()]+ \(\d[\d,]* (pending|set for hearing|overruled|sustained|withdrawn|moot)"
                                r"(, \d[\d,]* (pending|set for hearing|overruled|sustained|withdrawn|moot))*\)"
                                r"(; [^()]+ \(.*\))?", line), line
        assert "set-for-hearing" not in shown and "Election 2 (rerun election" in shown, shown[:3000]

    def test_the_tally_picture_agrees_with_its_count(self, client: Any) -> None:  # noqa: F811
        """The calculator's picture: one challenged ballot is "the challenged ballot", 16 are "all 16 challenged
        ballots" (never "all 1 challenged")."""
        sign_in(client, USERS["union-counsel"])
        said = {}
        for challenged in (1, 16):
            answer = client.get("/calculators/tally", params={
                "rows": "1", "choice-0-name": "RWDSU", "choice-0-votes": "875", "against": "870",
                "challenged": str(challenged), "void": "3", "check": "1"})
            assert answer.status_code == 200, text_of(answer.text)[:800]
            said[challenged] = text_of(answer.text)
        assert "with the challenged ballot counted: " in said[1] and "all 1 " not in said[1], said[1][:3000]
        assert "with all 16 challenged ballots counted: " in said[16]


def test_case_show_says_elections_objections_and_decisions_in_words(served: Any) -> None:
    """`case show` of Bessemer: each election's kind and stage, the objections' dispositions and each decision in
    words ("rerun election", "Tally issued", "23 filed; which were set … is not in the public record", "Regional Director's Decision of …: election set
    aside"), never their slugs ("rerun", "tally-issued", "set-for-hearing", "rd-decision", "set-aside")."""
    from tests.cli.in_process import casefile

    ran = casefile("case", "show", NUMBER, "--as-of", "2022-04-05T12:00:00-04:00")
    assert ran.exit_code == 0, ran.stderr
    out = " ".join(ran.stdout.split())
    assert "Rerun tally of March 31, 2022: 875 Retail, Wholesale and Department Store Union, 993 against" in out
    assert ("Objections of Retail, Wholesale and Department Store Union: 23 filed; which were set for hearing, and how many, "
            "is not in the public record") in out, out[:3000]
    assert re.search(r"Election 2 \(rerun election, follows election 1\) — [A-Z]", out), out[:3000]
    assert "Regional Director's Decision of " in out and ": election set aside." in out, out[:3000]
    for slug in ("set-for-hearing", "tally-issued", "rd-decision", "ho-report ", "set-aside ", "stage "):
        assert slug not in out, slug


ATTACHING = "10-RC-300516"


def options_of(page: str, field: str) -> list[tuple[str, str]]:
    """The (value, words) of the select ``field`` of ``page``."""
    import html as htmllib

    select = page.split(f'<select class="select" id="{field}"', 1)[1].split("</select>", 1)[0]
    return [(v, " ".join(htmllib.unescape(w).split())) for v, w in
            re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', select)]


class TestAttachChoosesTheFiling:
    def test_the_form_lists_the_case_s_filings_and_acts_in_words(self, client: Any, served: Any) -> None:  # noqa: F811
        """The union's counsel attaches its objections as filed: "Attach to" is a list of the case's filings and
        recorded acts in words (its objections first, then the tally), not a box asking for "filing:12"; the one
        chosen is where the file goes."""
        import hashlib

        from tests.web.test_act_fields import entries, open_case
        from tests.web.test_uploads_web import pdf

        days = open_case(ATTACHING)
        sign_in(client, USERS["union-counsel"])
        form = f"/cases/{ATTACHING}/acts/attach-document"
        page = client.get(form).text
        shown = text_of(page)
        assert "filing:" not in shown and "docket:" not in shown, shown[:2000]
        from casefile.rules.chronology import long_date

        options = options_of(page, "to")
        assert options[0] == ("", "Choose the filing or the act"), options
        value, words = options[1]
        assert re.fullmatch(r"filing:\d+", value) and words == (
            f"Objections of Retail, Wholesale and Department Store Union, received {long_date(days['tally_on'])}"), options
        assert any(w.startswith(f"{long_date(days['tally_on'])}: Tally of Ballots — ") for _, w in options[2:]), options
        answer = client.post(form, data={"csrf_token": csrf(client, form), "date": days["tally_on"].isoformat(),
                                         "to": value, "perform": "1"},
                             files={"file": ("objections as filed.pdf", pdf(), "application/pdf")}, follow_redirects=False)
        assert answer.status_code == 303, text_of(answer.text)[:2000]
        [attached] = entries("attach-document", ATTACHING)
        assert attached.summary == f"Objections as filed attached (sha256 {hashlib.sha256(pdf()).hexdigest()[:12]}…)"


PREPARED = "10-RC-300517"


def open_with_prepared_objections(number: str) -> dict[str, Any]:
    """A Region 10 case tallied on the last business day, linked to RWDSU's legal department, whose union's objections
    are only prepared in casefile (not yet e-filed with the NLRB)."""
    from datetime import datetime, timedelta

    from casefile import app
    from casefile.accounts.orgs import link_party
    from casefile.acts import Who, parse_act
    from casefile.acts.base import midday
    from casefile.record.db import write_session
    from tests.web.test_act_fields import _business_day_before
    from tests.web.world import ATLANTA

    tally_on = _business_day_before(datetime.now(ATLANTA).date())
    opened_on = tally_on - timedelta(days=30)
    opening = parse_act({"act": "open-case", "date": opened_on.isoformat(), "case": {
        "number": number, "name": "Dogwood Logistics LLC", "petition_filed_on": (opened_on - timedelta(days=20)).isoformat()},
        "parties": [{"key": "employer", "role": "employer", "name": "Dogwood Logistics LLC"},
                    {"key": "rwdsu", "role": "petitioner", "name": "Retail, Wholesale and Department Store Union"}]})
    app.perform(opening, case_number=number, as_of=midday(opened_on, "America/New_York"), by=Who.operator(), documents="none")
    with write_session(by="operator:tests") as session:
        link_party(session, organization="rwdsu-legal", case_number=number, party="rwdsu",
                   as_of=midday(opened_on, "America/New_York"))
    noon = midday(tally_on, "America/New_York")
    app.perform(parse_act({"act": "record-tally", "date": tally_on.isoformat(), "kind": "initial",
                           "choices": {"Retail, Wholesale and Department Store Union": 40}, "against": 60, "challenged": 2,
                           "void": 1, "election": {"method": "manual"}}),
                case_number=number, as_of=noon, by=Who.operator(), documents="none")
    done = app.perform(parse_act({"act": "file-objections", "date": tally_on.isoformat(), "party": "rwdsu", "nlrb": "prepared",
                                  "objections": ["The employer held captive-audience meetings."]}),
                       case_number=number, as_of=noon, by=Who.operator(), documents="none")
    return {"tally_on": tally_on, "filing": int(str(done.ref).split(":")[1])}


class TestConfirmEfiling:
    def test_nothing_to_confirm_says_what_is_wrong(self, client: Any) -> None:  # noqa: F811
        """Bessemer (RWDSU's objections to the rerun not filed here): the confirm page is refused saying nothing of
        RWDSU's is prepared and not yet e-filed in this case, not that "the procedure does not allow it"."""
        sign_in(client, USERS["union-counsel"])
        answer = client.get(f"/cases/{NUMBER}/acts/confirm-efiling")
        shown = text_of(answer.text)
        assert answer.status_code == 403
        assert (f"On {NUMBER}: “Confirm e-filing with the NLRB” is not available now: nothing of Retail, Wholesale and "
                "Department Store Union is prepared in casefile and not yet e-filed with the NLRB in this case") in shown, \
            shown[:1500]
        assert "the procedure does not allow it" not in shown

    def test_the_page_has_its_own_words_and_the_case_page_offers_it_for_prepared_objections(
            self, client: Any, served: Any) -> None:  # noqa: F811
        """RWDSU's objections only prepared: the case page offers to confirm their e-filing, not File objections; the
        confirm page says what it records (the NLRB's receipt), asks "Date the NLRB received it" and which filing by its
        words, not the filing form's "Date the Region received it", "Filing number", service warnings or "After you
        file it here"; confirming it e-files the objections."""
        from casefile.rules.chronology import long_date
        from tests.web.test_act_fields import entries

        made = open_with_prepared_objections(PREPARED)
        sign_in(client, USERS["union-counsel"])
        case = client.get(f"/cases/{PREPARED}").text
        acts = text_of(case.split("What you may do on this case now", 1)[1].split("</ul>", 1)[0])
        assert (f'href="#confirm-efiling-{made["filing"]}"') in case
        assert ("Confirm the e-filing of the objections with the NLRB (the objections of Retail, Wholesale and Department "
                "Store Union are prepared in casefile, not yet e-filed)") in acts, acts
        assert "File objections" not in acts and "Confirm e-filing with the NLRB (for" not in acts, acts
        assert "The objections of Retail, Wholesale and Department Store Union, prepared in casefile, meet no deadline" \
            in text_of(case)
        form = f"/cases/{PREPARED}/acts/confirm-efiling"
        page = client.get(form).text
        shown = text_of(page)
        assert ("You prepared this filing in casefile and e-filed it with NLRB E-Filing yourself: record here when the NLRB "
                "received it, as E-Filing's receipt gives it.") in shown, shown[:3000]
        assert "Date the NLRB received it" in shown and "Time the NLRB received it (optional)" in shown
        for filing_words in ("Date the Region received it", "Filing number", "After you file it here", "Warning:",
                             "Perform: Confirm"):
            assert filing_words not in shown, filing_words
        assert options_of(page, "filing") == [(str(made["filing"]), "Objections of Retail, Wholesale and Department Store "
                                               f"Union, prepared in casefile on {long_date(made['tally_on'])}")]
        answer = client.post(form, data={"csrf_token": csrf(client, form), "date": made["tally_on"].isoformat(),
                                         "party": "rwdsu", "filing": str(made["filing"]), "perform": "1"},
                             follow_redirects=False)
        assert answer.status_code == 303, text_of(answer.text)[:2000]
        [confirmed] = entries("confirm-efiling", PREPARED)
        assert confirmed.summary.startswith("E-filing of the objections of Retail, Wholesale and Department Store Union "
                                            "confirmed: received by the NLRB")
        acts = text_of(client.get(f"/cases/{PREPARED}").text.split("What you may do on this case now", 1)[1]
                       .split("</ul>", 1)[0])
        assert "File objections" in acts and "Confirm the e-filing" not in acts, acts


ALONE_FIRST = "10-RC-300518"


def test_the_motion_form_serves_the_other_party_by_default(client: Any, served: Any) -> None:  # noqa: F811
    """A case whose union is listed first and whose employer nobody here represents (RWDSU's admin may record the
    employer's acts from the documents served, so it "acts for" both): the motion form files for the union and its
    service row names the employer, never the union serving its own motion on itself."""
    from casefile import app
    from casefile.accounts.orgs import link_party
    from casefile.acts import Who, parse_act
    from casefile.record.db import write_session
    from tests.web.test_form_defaults import selected
    from tests.web.world import noon

    opening = parse_act({"act": "open-case", "date": "2022-03-01", "case": {
        "number": ALONE_FIRST, "name": "Magnolia Fulfillment LLC", "petition_filed_on": "2022-01-10"}, "parties": [
        {"key": "union", "role": "petitioner", "name": "Retail, Wholesale and Department Store Union"},
        {"key": "employer", "role": "employer", "name": "Magnolia Fulfillment LLC"}]})
    app.perform(opening, case_number=ALONE_FIRST, as_of=noon(opening.on), by=Who.operator(), documents="none")
    with write_session(by="operator:tests") as session:
        link_party(session, organization="rwdsu-legal", case_number=ALONE_FIRST, party="union", as_of=noon(opening.on))
    sign_in(client, USERS["union-admin"])
    html = client.get(f"/cases/{ALONE_FIRST}/acts/file-motion").text
    assert selected(html, "party") == "union" or 'name="party" value="union"' in html, html[:3000]
    assert selected(html, "service-0-party") == "employer", html[html.find("service"):][:1500]
