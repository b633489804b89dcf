"""The acts without a hand-written form, through the application (Starlette's test client): the form
generated from the act's model (casefile.web.act_fields) shows labeled inputs of the right types
— a date once, no scenario-file text box — and performs the act from them; a bad value is the act's
error on its input, the values kept, nothing stored; and the pages say stages, acts and periods
in words, not slugs.

The acts are done on a case of their own (10-RC-300501: a tally, then RWDSU's objections), opened
here through the front door so the web tests' Bessemer case stays as its other tests expect."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from casefile.rules.calendar import long_date
from tests.web.test_act_forms import docket_count, summary_links
from tests.web.test_sessions import client, csrf, sign_in  # noqa: F401  (the fixture)
from tests.web.world import USERS

CASE = "10-RC-300501"  # the notice of hearing
DECIDED = "10-RC-300502"  # the Regional Director's decision (refused, nothing stored)
AMENDED = "10-RC-300503"  # the amendment of an objection
REVIEWED = "10-RC-300504"  # the Board's ruling (refused): objections overruled, certified, review requested
FORM = f"/cases/{CASE}/acts"
ATLANTA = ZoneInfo("America/New_York")


def _business_day_before(day: date) -> date:
    day -= timedelta(days=1)
    while day.weekday() >= 5:
        day -= timedelta(days=1)
    return day


@pytest.fixture(scope="module")
def case(served: Any) -> dict[str, date]:
    """Three cases, each opened, its tally the business day before today (the objection period
    running), RWDSU's two objections filed that day; linked to RWDSU's organization."""
    for number in (CASE, DECIDED, AMENDED):
        days = open_case(number)
    reviewed = open_case(REVIEWED, days["today"] - timedelta(days=42))
    request_review(REVIEWED, reviewed["tally_on"])
    return days


def request_review(number: str, tally_on: date) -> None:
    """Three weeks after the tally the Regional Director overrules the objections and certifies the
    results; a week later RWDSU requests review."""
    from casefile import app
    from casefile.acts import Who, parse_act
    from casefile.acts.base import midday

    decided, reviewed = tally_on + timedelta(days=21), tally_on + timedelta(days=28)
    for on, event in (
            (decided, {"act": "rd-decision", "result": "overrule", "issuer": "Lisa Y. Henderson",
                       "rulings": {"rwdsu": {1: "overruled", 2: "overruled"}}}),
            (decided, {"act": "certification"}),
            (reviewed, {"act": "request-for-review", "party": "rwdsu",
                        "grounds": ["The Regional Director overruled the objections without a hearing."]})):
        app.perform(parse_act({**event, "date": on.isoformat()}), case_number=number,
                    as_of=midday(on, "America/New_York"), by=Who.operator(), documents="none")


def open_case(number: str, before: date | None = None) -> dict[str, date]:
    from casefile import app
    from casefile.accounts.orgs import link_party
    from casefile.acts import Who, parse_act
    from casefile.acts.base import midday
    from casefile.record.db import write_session

    today = datetime.now(ATLANTA).date()
    tally_on = _business_day_before(before or today)
    opened_on = tally_on - timedelta(days=30)
    who = Who.operator()
    opening = parse_act({"act": "open-case", "date": opened_on.isoformat(), "case": {
        "number": number, "name": "Dogwood Logistics LLC", "petition_filed_on": (opened_on - timedelta(days=20)).isoformat()},
        "parties": [{"key": "employer", "role": "employer", "name": "Dogwood Logistics LLC"},
                    {"key": "rwdsu", "role": "petitioner", "name": "Retail, Wholesale and Department Store Union"}]})
    app.perform(opening, case_number=number, as_of=midday(opened_on, "America/New_York"), by=who, documents="none")
    with write_session(by="operator:tests") as session:
        link_party(session, organization="rwdsu-legal", case_number=number, party="rwdsu",
                   as_of=midday(opened_on, "America/New_York"))
    tally = parse_act({"act": "record-tally", "date": tally_on.isoformat(), "kind": "initial",
                       "choices": {"Retail, Wholesale and Department Store Union": 40}, "against": 60, "challenged": 2,
                       "void": 1, "election": {"method": "manual"}})
    app.perform(tally, case_number=number, as_of=midday(tally_on, "America/New_York"), by=who, documents="none")
    objections = parse_act({"act": "file-objections", "date": tally_on.isoformat(), "party": "rwdsu",
                            "objections": ["The employer held captive-audience meetings.",
                                           "The employer threatened to close the warehouse."]})
    app.perform(objections, case_number=number, as_of=midday(tally_on, "America/New_York"), by=who, documents="none")
    return {"today": today, "tally_on": tally_on}


def inputs(html: str) -> dict[str, str]:
    """The form's inputs: id -> type ("date", "text", "checkbox", "radio", "select", "textarea")."""
    out: dict[str, str] = {}
    for tag in re.findall(r"<(input|select|textarea)\b([^>]*)>", html):
        name, attrs = tag
        ident = re.search(r'\bid="([^"]+)"', attrs)
        if not ident:
            continue
        kind = re.search(r'\btype="([^"]+)"', attrs)
        out[ident.group(1)] = kind.group(1) if name == "input" and kind else name
    return out


def label_of(html: str, ident: str) -> str:
    match = re.search(rf'<label class="[^"]*" for="{re.escape(ident)}">([^<]+)</label>', html)
    return match.group(1).strip() if match else ""


def entries(act: str, number: str = CASE) -> list[Any]:
    from sqlmodel import select

    from casefile.record.db import read_session
    from casefile.record.models import Case, DocketEntry

    with read_session() as session:
        case_id = session.exec(select(Case.id).where(Case.number == number)).one()
        return list(session.exec(select(DocketEntry).where(DocketEntry.case_id == case_id, DocketEntry.act == act)))


class TestGeneratedForms:
    def test_notice_of_hearing_asks_typed_fields_in_words(self, client: Any, case: dict[str, date]) -> None:  # noqa: F811
        sign_in(client, USERS["region"])
        html = client.get(f"{FORM}/notice-hearing").text
        assert "scenario file" not in html and 'name="act"' not in html
        kinds = inputs(html)
        assert kinds["date"] == "date" and kinds["time"] == "time"
        assert html.count('name="date"') == 1  # the date is asked once
        assert kinds["opens_on"] == "date" and label_of(html, "opens_on") == "Date the hearing opens (optional)"
        assert kinds["place"] == "text" and kinds["presiding"] == "text" and kinds["note"] == "textarea"
        assert kinds["challenges"] == "checkbox"
        assert kinds["objections-0-party"] == "select" and kinds["objections-0-numbers"] == "text"
        assert 'name="add" value="objections"' in html  # add another, by a submit button
        assert "Eastern time" in html and "America/New_York" not in html  # the office's zone is stated, in words
        assert "<h1>Notice of hearing on objections</h1>" in html

    def test_notice_of_hearing_performed_from_the_form(self, client: Any, case: dict[str, date]) -> None:  # noqa: F811
        sign_in(client, USERS["region"])
        token = csrf(client, f"{FORM}/notice-hearing")
        opens = case["today"] + timedelta(days=21)
        answer = client.post(f"{FORM}/notice-hearing", data={
            "csrf_token": token, "date": case["today"].isoformat(), "opens_on": opens.isoformat(),
            "place": "Region 10, Atlanta, by videoconference", "presiding": "Jane Hearing", "objections-rows": "1",
            "objections-0-party": "rwdsu", "objections-0-numbers": "1, 2", "file": "1"}, follow_redirects=False)
        assert answer.status_code == 303, answer.text[:3000]
        [entry] = entries("notice-hearing")
        assert entry.occurred_on == case["today"] and long_date(opens) in entry.summary
        assert "2 objections" in entry.summary

    def test_rd_decision_rulings_are_rows_and_a_bad_number_is_refused(self, client: Any,  # noqa: F811
                                                                       case: dict[str, date]) -> None:
        sign_in(client, USERS["region"])
        html = client.get(f"/cases/{DECIDED}/acts/rd-decision").text
        kinds = inputs(html)
        assert "scenario file" not in html
        assert kinds["result"] == "radio" and "Set aside: the objections sustained" in html
        assert kinds["rulings-0-party"] == "select" and kinds["rulings-0-number"] == "text"
        assert 'inputmode="numeric"' in html.split('id="rulings-0-number"', 1)[1].split(">", 1)[0]
        assert kinds["rulings-0-ruling"] == "select" and kinds["at_fault"] == "select"
        assert label_of(html, "issuer") == "Issued by (optional)"
        before = docket_count()
        token = csrf(client, f"/cases/{DECIDED}/acts/rd-decision")
        answer = client.post(f"/cases/{DECIDED}/acts/rd-decision", data={
            "csrf_token": token, "date": case["today"].isoformat(), "result": "overrule", "rulings-rows": "2",
            "rulings-0-party": "rwdsu", "rulings-0-number": "1", "rulings-0-ruling": "overruled",
            "rulings-1-party": "rwdsu", "rulings-1-number": "two", "rulings-1-ruling": "overruled",
            "issuer": "Lisa Y. Henderson", "file": "1"})
        assert answer.status_code == 422
        [(target, text)] = summary_links(answer.text)
        assert target == "rulings-1-number" and "whole number" in text
        assert 'id="rulings-1-number-error"' in answer.text
        assert 'value="Lisa Y. Henderson"' in answer.text and 'value="two"' in answer.text  # values kept
        assert docket_count() == before and entries("rd-decision", DECIDED) == []

    def test_add_another_ruling_keeps_the_rows(self, client: Any, case: dict[str, date]) -> None:  # noqa: F811
        sign_in(client, USERS["region"])
        token = csrf(client, f"/cases/{DECIDED}/acts/rd-decision")
        answer = client.post(f"/cases/{DECIDED}/acts/rd-decision", data={
            "csrf_token": token, "date": case["today"].isoformat(), "result": "overrule", "rulings-rows": "1",
            "rulings-0-party": "rwdsu", "rulings-0-number": "2", "rulings-0-ruling": "withdrawn", "add": "rulings"})
        assert answer.status_code == 200
        assert 'id="rulings-1-number"' in answer.text and 'id="rulings-2-number"' not in answer.text
        assert 'name="rulings-rows" value="2"' in answer.text and 'value="2"' in answer.text
        assert '<option value="withdrawn" selected>' in answer.text

    def test_amend_objection_refused_names_the_field_and_stores_nothing(self, client: Any,  # noqa: F811
                                                                          case: dict[str, date]) -> None:
        sign_in(client, USERS["union-counsel"])
        html = client.get(f"/cases/{AMENDED}/acts/amend-objection").text
        kinds = inputs(html)
        assert "scenario file" not in html
        assert kinds["number"] == "text" and label_of(html, "number") == "Objection number"
        assert kinds["text"] == "textarea" and kinds["why"] == "textarea" and kinds["method"] == "radio"
        assert label_of(html, "why") == "Why it is amended"
        before = docket_count()
        token = csrf(client, f"/cases/{AMENDED}/acts/amend-objection")
        answer = client.post(f"/cases/{AMENDED}/acts/amend-objection", data={
            "csrf_token": token, "date": case["today"].isoformat(), "party": "rwdsu", "number": "9",
            "text": "The employer held mandatory meetings.", "method": "e-filing", "why": "Typo", "file": "1"})
        assert answer.status_code == 422
        [(target, text)] = summary_links(answer.text)
        assert target == "number" and "9" in text
        assert "The employer held mandatory meetings." in answer.text
        assert docket_count() == before

    def test_amend_objection_performed(self, client: Any, case: dict[str, date]) -> None:  # noqa: F811
        sign_in(client, USERS["union-counsel"])
        token = csrf(client, f"/cases/{AMENDED}/acts/amend-objection")
        answer = client.post(f"/cases/{AMENDED}/acts/amend-objection", data={
            "csrf_token": token, "date": case["today"].isoformat(), "party": "rwdsu", "number": "2",
            "text": "The employer threatened to close the warehouse if the union won.", "method": "e-filing",
            "why": "The threat's condition was left out", "file": "1"}, follow_redirects=False)
        assert answer.status_code == 303, answer.text[:3000]
        [entry] = entries("amend-objection", AMENDED)
        assert "Objection 2" in entry.summary and "condition was left out" in entry.summary

    def test_board_ruling_without_the_document_received_is_refused_with_its_values_kept(self, client: Any,  # noqa: F811
                                                                               case: dict[str, date]) -> None:
        sign_in(client, USERS["region"])
        got = client.get(f"/cases/{REVIEWED}/acts/board-ruling")
        assert got.status_code == 200, got.text[-1500:]
        html = got.text
        kinds = inputs(html)
        assert "scenario file" not in html
        assert kinds["ruling"] == "radio" and kinds["decision"] == "radio" and kinds["summary"] == "textarea"
        assert "Review granted" in html and "None: the decision is to follow" in html and ">open-and-count<" not in html
        before = docket_count()
        token = csrf(client, f"/cases/{REVIEWED}/acts/board-ruling")
        answer = client.post(f"/cases/{REVIEWED}/acts/board-ruling", data={
            "csrf_token": token, "date": case["today"].isoformat(), "ruling": "denied", "decision": "affirmed",
            "summary": "Review denied.", "file": "1"})
        assert answer.status_code == 422
        [(_target, text)] = summary_links(answer.text)
        # The Board's act is recorded from its ruling, uploaded with the act: without it, refused before
        # the act's own check (casefile.record.authority); nothing stored
        assert "Upload the document you received" in text
        assert "Review denied." in answer.text
        assert '<input class="radio-input" type="radio" id="decision-option-2" name="decision" value="affirmed" checked>' \
            in answer.text
        assert docket_count() == before and entries("board-ruling", REVIEWED) == []

class TestWords:
    def test_case_page_and_lists_say_words_not_slugs(self, client: Any, case: dict[str, date]) -> None:  # noqa: F811
        sign_in(client, USERS["region"])
        page = client.get(f"/cases/{REVIEWED}").text
        assert "is at <strong>Request for review pending before the Board</strong>" in page
        assert "Board&#39;s ruling on a request for review</a>" in page  # an act one may do (record)
        assert "Consolidate with the unfair labor practice case" in client.get(f"/cases/{DECIDED}").text
        assert "Regional Director&#39;s decision</td>" in page  # the docket
        assert "Opposition to a request for review" in page
        for slug in ("rfr pending", "rfr-pending", "board ruling", "rd decision", "rfr opposition", "Rd decision"):
            assert slug not in page.replace("/acts/board-ruling", ""), slug
        deadlines = client.get("/deadlines").text
        assert "Opposition to a request for review" in deadlines and "rfr opposition" not in deadlines
        cases = client.get("/cases").text
        assert ">Hearing Officer&#39;s report issued</option>" in cases
        assert ">Consolidated for hearing before an Administrative Law Judge</option>" in cases
        assert ">ho report issued<" not in cases and ">rfr pending<" not in cases and ">alj consolidated<" not in cases

    def test_calculator_kinds_in_words(self, client: Any) -> None:  # noqa: F811
        sign_in(client, USERS["region"])
        html = client.get("/calculators/deadline").text
        assert "Opposition to a request for review" in html
        assert "Exceptions to the Administrative Law Judge&#39;s decision" in html
        assert ">rfr opposition<" not in html and ">alj exceptions<" not in html


class TestDrafts:
    def test_an_offer_of_proof_saved_as_a_draft_opens_again_on_its_inputs(self, client: Any,  # noqa: F811
                                                                           case: dict[str, date]) -> None:
        """The generated form of an offer of proof saved unfiled: the draft opens again with the
        witness and the summary on their inputs, and nothing is on the docket."""
        sign_in(client, USERS["union-counsel"])
        before = docket_count()
        form = f"/cases/{AMENDED}/acts/file-offer-of-proof"
        token = csrf(client, form)
        saved = client.post(form, data={
            "csrf_token": token, "date": case["today"].isoformat(), "party": "rwdsu", "method": "e-filing",
            "witnesses-rows": "1", "witnesses-0-objection": "1", "witnesses-0-witness": "Ann Lee, picker",
            "witnesses-0-summary": "She attended three meetings.", "draft-action": "save"}, follow_redirects=False)
        assert saved.status_code == 303, saved.text[:2000]
        draft = client.get(saved.headers["location"]).text
        assert 'id="witnesses-0-witness"' in draft and 'value="Ann Lee, picker"' in draft
        assert "She attended three meetings." in draft and 'name="act"' not in draft
        assert f'value="{case["today"].isoformat()}"' in draft
        assert docket_count() == before
        bad = client.post(saved.headers["location"], data={
            "csrf_token": csrf(client, saved.headers["location"]), "date": case["today"].isoformat(), "party": "rwdsu",
            "method": "e-filing", "witnesses-rows": "1", "witnesses-0-objection": "first",
            "witnesses-0-witness": "Ann Lee, picker", "witnesses-0-summary": "She attended three meetings.",
            "file": "1"})
        assert bad.status_code == 422 and summary_links(bad.text)[0][0] == "witnesses-0-objection"
        assert docket_count() == before
        filed = client.post(saved.headers["location"], data={
            "csrf_token": csrf(client, saved.headers["location"]), "date": case["today"].isoformat(), "party": "rwdsu",
            "method": "e-filing", "witnesses-rows": "1", "witnesses-0-objection": "1",
            "witnesses-0-witness": "Ann Lee, picker", "witnesses-0-summary": "She attended three meetings.",
            "file": "1"}, follow_redirects=False)
        assert filed.status_code == 303, filed.text[:3000]
        [entry] = entries("file-offer-of-proof", AMENDED)
        assert "offer of proof" in entry.summary.lower()


class TestShapes:
    def test_every_generated_form_lays_its_fields_out(self) -> None:
        """Every act without a hand-written form gets inputs from its model: only a case's opening
        (a nested case and its parties) falls back to a text box with an example; a time of day is a
        time input; rulings are rows of party, number and ruling; challenged-ballot rulings rows of voters,
        ground and ruling."""
        from casefile.acts import models
        from casefile.web import act_fields, act_forms

        parties = [("rwdsu", "RWDSU"), ("amazon", "Amazon.com Services LLC")]
        structured = {}
        for name in models():
            if name in act_forms.SPECIFIC:
                continue
            specs = act_fields.specs(name, parties=parties, all_parties=parties, elections=[("1", "E1"), ("2", "E2")])
            structured[name] = [s.id for s in specs if s.kind == "structured"]
            assert all(s.label and "_" not in s.label for s in specs), name
            assert all(s.example for s in specs if s.kind == "structured"), name
        assert {k: v for k, v in structured.items() if v} == {"open-case": ["case", "parties"]}

        rd = act_fields.specs("rd-decision", parties=parties, all_parties=parties, elections=[("1", "E1")])
        [rulings] = [s for s in rd if s.id == "rulings"]
        assert [(c.id, c.kind) for c in rulings.columns] == [("party", "party"), ("number", "int"), ("ruling", "choice")]
        data = act_fields.data("rd-decision", rd, {"result": "overrule", "rulings-0-party": "rwdsu",
                                                   "rulings-0-number": "2", "rulings-0-ruling": "withdrawn",
                                                   "rulings-1-party": "rwdsu", "rulings-1-number": "",
                                                   "rulings-1-ruling": "sustained"}, {"rulings": 2}, kept := {})
        assert data == {"act": "rd-decision", "result": "overrule", "rulings": {"rwdsu": {2: "withdrawn"}}}
        assert kept == {"rulings": [0], "challenges": []}  # the second row was left blank (its choices at their defaults)

        for name in ("ho-report", "rd-decision", "alj-decision"):  # challenged-ballot rulings: rows, one voter a line
            specs = act_fields.specs(name, parties=parties, all_parties=parties, elections=[("1", "E1")])
            [challenges] = [s for s in specs if s.id == "challenges"]
            assert (challenges.kind, challenges.shape, challenges.item) == ("rows", "list", "challenge"), name
            assert [(c.id, c.kind, c.label) for c in challenges.columns] == [
                ("voters", "lines", "Voters (optional)"), ("ground", "text", "Ground (optional)"),
                ("ruling", "choice", "Ruling")], name
        [challenges] = [s for s in rd if s.id == "challenges"]
        data = act_fields.data("rd-decision", rd, {
            "result": "overrule", "challenges-0-voters": "Ann Lee\n\nBo Li\n", "challenges-0-ruling": "overruled",
            "challenges-1-ground": "supervisor", "challenges-1-ruling": "sustained",
            "challenges-2-ruling": "sustained"}, {"challenges": 3}, kept := {})
        assert data == {"act": "rd-decision", "result": "overrule",
                        "challenges": [{"voters": ["Ann Lee", "Bo Li"], "ruling": "overruled"},
                                       {"ground": "supervisor", "ruling": "sustained"}]}
        assert kept == {"rulings": [], "challenges": [0, 1]}
