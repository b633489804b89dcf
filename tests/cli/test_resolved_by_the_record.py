"""A lawyer's trial (Olympic Bakery, 19-RC-370102, hypothetical): every challenge sustained, then the certification —
what is issued and shown after the rulings says the record's resolution, not the tally's "determinative" as if it
still held (29 CFR 102.69(c)(1)(i)); a period an act closes is closed on the act's legal date, whenever it was typed
(R-B2); and the opposition to a request for review runs only once a request is on record (29 CFR 102.67(f)).
Through the command line, in-process, each on its own database."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.cli.in_process import Ran, casefile

NUMBER = "19-RC-370102"
UNION = "Bakery Workers Union, Local 9"
REGISTER = ("voter,challenged_by,ground\nvoter 1,employer,supervisor\nvoter 2,employer,supervisor\n"
            "voter 3,union,not in the unit\n")


def words(text: str) -> str:
    """``text`` with each run of whitespace one space (the console's width and a PDF's line breaks fall anywhere)."""
    return " ".join(text.split())


def pdf_words(path: Path) -> str:
    return words(" ".join(page.extract_text() for page in PdfReader(str(path)).pages))


def ok(*args: str) -> Ran:
    ran = casefile(*args)
    assert ran.exit_code == 0, ran.stderr
    return ran


def opened(number: str, challenged: int) -> None:
    """The case opened on 2026-08-01 and its tally of 2026-09-01 recorded: 20 for the union, 18 against."""
    ok("case", "open", "--number", number, "--employer", "Olympic Bakery", "--union", UNION, "--office", "Seattle",
       "--petition-filed-on", "2026-08-01", "--agreement", "stipulated", "--unit", "All full-time bakers",
       "--as-of", "2026-08-01T10:00:00-07:00")
    ok("tally", "record", "--case", number, "--prepared-on", "2026-09-01", "--choice", f"{UNION}=20", "--against", "18",
       "--challenged", str(challenged), "--void", "0", "--eligible", "44", "--method", "manual",
       "--held-from", "2026-09-01", "--as-of", "2026-09-01T18:00:00-07:00")


@pytest.fixture
def certified(configured_db: Path) -> Path:
    """The three challenged ballots registered, all sustained by the Regional Director on 2026-09-21, and the
    Certification of Representative issued on 2026-09-22; returns the output folder."""
    opened(NUMBER, 3)
    register = configured_db / "register.csv"
    register.write_text(REGISTER, encoding="utf-8")
    ok("challenges", "register", NUMBER, str(register), "--as-of", "2026-09-02T10:00:00-07:00")
    ok("challenges", "rule", NUMBER, "--on", "2026-09-21", "--sustain", "--all", "--as-of", "2026-09-21T12:00:00-07:00")
    ok("certify", NUMBER, "--issued-on", "2026-09-22", "--as-of", "2026-09-22T09:00:00-07:00")
    return configured_db / "out" / NUMBER


def test_certification_says_the_challenges_were_sustained(certified: Path) -> None:
    """The certification states the tally's figures, that the challenges were sustained, by whom and when, and that
    the ballots were not counted; nothing says they are sufficient to affect the results now."""
    text = pdf_words(certified / "2026-09-22_certification-of-representative.pdf")
    assert ("Challenged ballots (sufficient in number to affect the results when the tally was prepared) 3 "
            "Valid votes counted plus challenged ballots 41") in text
    assert ("The challenged ballots have since been resolved without a count: 3 sustained by the Regional Director on "
            "September 21, 2026. Those ballots were not opened and not counted; the results above stand "
            "(29 CFR 102.69(c)(1)(i)).") in text
    assert "(sufficient in number to affect the results) 3" not in text
    assert f"a majority of the valid ballots has been cast for {UNION}" in text


def test_status_report_gives_the_outcome_as_resolved(certified: Path) -> None:
    """The client's report of the certified case: the challenged line not counted (the rulings said), determinative
    only when counted, the outcome that stands; no 'Not yet decided', no ballots 'unopened', no outcomes 'still
    reachable'; and no opposition period open, no request for review being on record."""
    ok("report", NUMBER, "--as-of", "2026-09-23T10:00:00-07:00")
    (report,) = certified.glob("*case-status-report*.pdf")
    text = pdf_words(report)
    assert "Challenged ballots 3 not counted: 3 sustained by the Regional Director on September 21, 2026" in text
    assert "Challenges determinative? Yes when counted — If all 3 challenged ballots were counted" in text
    assert "resolved since without a count: 3 sustained by the Regional Director on September 21, 2026" in text
    assert (f"Outcome as the challenges were resolved A majority for {UNION}: a Certification of Representative "
            "Other outcomes reachable None other") in text
    assert f"Certification of Representative ({UNION}) issued on September 22, 2026" in text
    for stale in ("Not yet decided", "unopened", "Outcomes still reachable", "Opposition to a request for review"):
        assert stale not in text


def test_case_show_gives_the_tally_as_history(certified: Path) -> None:
    """``case show`` of the certified case: the initial tally determinative when counted, resolved by the ruling,
    and the certification it led to; no 'reachable by resolving the challenges' arithmetic."""
    shown = words(ok("case", "show", NUMBER, "--as-of", "2026-09-23T10:00:00-07:00").stdout)
    assert (f"Initial tally of September 1, 2026: 20 {UNION}, 18 against; void 0; valid 38; challenged 3 (determinative "
            "when counted; resolved: 3 sustained by the Regional Director on September 21, 2026); Certification of "
            f"Representative: {UNION}") in shown
    assert "reachable by resolving the challenges" not in shown
    assert "Pending: challenged ballots or objections unresolved" not in shown


def test_opposition_to_review_runs_once_a_request_is_filed(certified: Path) -> None:
    """No request for review: the opposition is listed nowhere as open; the Employer's request received on
    2026-10-01 starts it, due 5 business days after the last day for the request (October 6 -> October 14, 2026,
    Columbus Day, October 12, skipped)."""
    def listed(as_of: str) -> list[tuple[str, str, str, str]]:
        shown = json.loads(ok("deadlines", "--case", NUMBER, "--json", "--as-of", as_of).stdout)
        return [(d["kind"], d["for"], d["due_on"], d["status"]) for d in shown["deadlines"]]

    assert listed("2026-09-23T10:00:00-07:00") == [("request-for-review", "all parties", "2026-10-06", "open")]
    request = certified.parent.parent / "rfr.yaml"
    request.write_text("act: request-for-review\nat: 2026-10-01T15:00:00-04:00\nparty: employer\n"
                       "grounds:\n  - \"The ruling on voter 3 is clearly erroneous.\"\n", encoding="utf-8")
    ok("act", NUMBER, str(request), "--as-of", "2026-10-01T16:00:00-04:00")
    assert listed("2026-10-02T10:00:00-07:00") == [("request-for-review", "all parties", "2026-10-06", "open"),
                                                   ("rfr-opposition", "all parties", "2026-10-14", "open")]


def test_a_period_closed_by_an_act_typed_later_closes_on_the_acts_date(configured_db: Path) -> None:
    """The petition withdrawn on 2026-09-03, typed on 2026-09-25: the objection period (due 2026-09-09) was mooted on
    September 3 at the office's clock — open as of September 2, closed as of September 4 (R-B2)."""
    number = "19-RC-370103"
    opened(number, 0)
    withdrawal = configured_db / "withdraw.yaml"
    withdrawal.write_text("act: withdraw-petition\ndate: 2026-09-03\nparty: union\n"
                          "consented_by: \"Regional Director, Region 19\"\n", encoding="utf-8")
    ok("act", number, str(withdrawal), "--as-of", "2026-09-25T10:00:00-07:00")
    assert "Objections" in words(ok("deadlines", "--case", number, "--as-of", "2026-09-02T10:00:00-07:00").stdout)
    assert "Objections" not in words(ok("deadlines", "--case", number, "--as-of", "2026-09-04T10:00:00-07:00").stdout)
    explained = words(ok("deadlines", "explain", number, "objections", "--as-of", "2026-09-25T11:00:00-07:00").stdout)
    assert "mooted (closed 12:00 a.m. PDT on September 3, 2026)" in explained
