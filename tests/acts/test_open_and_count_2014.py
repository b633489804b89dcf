"""Under the 2014 rule an order to open and count challenged ballots is a final disposition: "A 'final
disposition' occurs when the regional director issues a certification of representative, a
certification of results, a dismissal, or an order to open and count challenged ballots", and the
request for review may be filed "until 14 days after a final disposition" (NLRB FAQ on the 2014 rule;
rules.md R-N2, §3; 29 CFR 102.67(c) as amended by 79 FR 74308). The opposition runs 7 days from the
last day for the request (102.67(f) of that text; R-B5). The current rule (102.69(h)) counts only the
certification and the dismissal. Hypothetical cases on Walter E. Selck's real figures (17-15 with 4
challenged, rules.md T5), dated under the 2014 rule."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

from pypdf import PdfReader
from sqlmodel import select

from casefile.acts import parse_act
from casefile.acts.open_case import OpenCase
from casefile.errors import UntimelyFiling
from casefile.record.db import read_session
from casefile.record.models import Deadline
from casefile.vocab import DeadlineKind, TriggerKind
from tests.acts.example_cases import ExampleCase


def _case(rule_set: str, tally_on: date) -> ExampleCase:
    opening = OpenCase.model_validate({
        "act": "open-case",
        "case": {"number": "13-RC-193325", "name": "Selck-like Co. (hypothetical)", "agreement": "stipulated",
                 "rule_set": rule_set},
        "parties": [{"key": "employer", "role": "employer", "name": "Selck-like Co."},
                    {"key": "union", "role": "petitioner", "name": "Union"}],
        "date": tally_on})
    events = [parse_act(e) for e in (
        {"act": "record-tally", "date": tally_on, "kind": "initial", "choices": {"Union": 17}, "against": 15,
         "challenged": 4, "eligible": 37},
        {"act": "register-challenges", "date": tally_on, "challenges": [
            {"voter": f"voter {i}", "challenged_by": "union" if i <= 2 else "employer",
             "ground": "supervisor" if i <= 2 else "laid off"} for i in range(1, 5)]},
    )]
    return ExampleCase(opening, events)


def _review_periods() -> list[tuple[DeadlineKind, date, TriggerKind, str]]:
    with read_session() as s:
        return [(d.kind, d.due_on, d.trigger_kind, d.trigger) for d in s.exec(select(Deadline).where(
            Deadline.kind.in_([DeadlineKind.REQUEST_FOR_REVIEW, DeadlineKind.RFR_OPPOSITION]))  # type: ignore[attr-defined]
            .order_by(Deadline.id))]


def test_the_order_starts_the_request_for_review_period(configured_db: Path) -> None:
    """Ruling of Tue 2019-12-10 overruling the four challenges (to be opened and counted): the request for review is
    due 14 days later, Tue 2019-12-24 — closed by Executive Order 13900 — then Christmas, so Thu 2019-12-26 at the
    Board (102.2(a)); the opposition 7 days after that, Thu 2020-01-02."""
    case = _case("2014-rule", date(2019, 11, 29))
    case.carry(2)
    done = case.perform(case.act({"act": "rule-on-challenges", "date": date(2019, 12, 10), "status": "overruled",
                                  "all_pending": True}))
    assert "a final disposition under the 2014 rule: a request for review may be filed until December 26, 2019" in done.summary
    trigger = (TriggerKind.OPEN_AND_COUNT_ORDER, "Order to open and count challenged ballots issued December 10, 2019")
    assert _review_periods() == [(DeadlineKind.REQUEST_FOR_REVIEW, date(2019, 12, 26), *trigger)]  # no request yet:
    # no opposition period runs (29 CFR 102.67(f))
    late = case.act({"act": "request-for-review", "date": date(2019, 12, 27), "party": "employer",
                     "grounds": ["The challenged voters are supervisors (hypothetical)"]})
    case.refused(late, UntimelyFiling)
    filed = case.perform(case.act({"act": "request-for-review", "date": date(2019, 12, 26), "party": "employer",
                                   "grounds": ["The challenged voters are supervisors (hypothetical)"]}), documents="issue")
    assert filed.summary.startswith("Request for review of the order to open and count challenged ballots, by Selck-like Co.")
    assert _review_periods() == [(DeadlineKind.REQUEST_FOR_REVIEW, date(2019, 12, 26), *trigger),
                                 (DeadlineKind.RFR_OPPOSITION, date(2020, 1, 2), *trigger)]  # the request starts it
    (paper,) = [d for d in filed.documents if d.kind == "request-for-review"]
    text = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(paper.path).pages))
    assert "Order to Open and Count Challenged Ballots issued on December 10, 2019" in text
    assert "Dismissing" not in text


def test_not_a_final_disposition_under_the_current_rule(configured_db: Path) -> None:
    """102.69(h) (2019 text, kept in 2023): final disposition = dismissal or certification; the same ruling starts no
    request-for-review period."""
    case = _case("2019-text", date(2021, 11, 29))
    case.carry(2)
    done = case.perform(case.act({"act": "rule-on-challenges", "date": date(2021, 12, 10), "status": "overruled",
                                  "all_pending": True}))
    assert "final disposition" not in done.summary
    assert _review_periods() == []


def _with_excluded(rule_set: str, tally_on: date) -> ExampleCase:
    """The same case with 3 mail ballots excluded at the count (received late: hypothetical)."""
    case = _case(rule_set, tally_on)
    tally = case.events[0].model_dump(exclude_none=True) | {"excluded": 3, "excluded_reason": "late-mail-ballot"}
    return ExampleCase(case.opening, [parse_act(tally), case.events[1]])


def test_the_order_to_count_excluded_ballots_starts_the_period_too(configured_db: Path) -> None:
    """Under the 2014 rule the Regional Director's order of Tue 2019-12-10 to count the 3 ballots excluded at the count
    orders ballots opened and counted as the order overruling challenges does (they are written as challenged ballots
    overruled, R-E6): a final disposition, so the request for review is due 14 days later — Tue 2019-12-24 closed
    (Executive Order 13900), then Christmas — Thu 2019-12-26, the opposition Thu 2020-01-02 (29 CFR 102.67(c), (f),
    2014 text; rules.md R-N2). The request then reviews that order, by its name, in the docket and its PDF."""
    case = _with_excluded("2014-rule", date(2019, 11, 29))
    case.carry(2)
    done = case.perform(case.act({"act": "count-excluded-ballots", "date": date(2019, 12, 10), "ballots": 3}))
    assert ("an order to count ballots excluded at the count is a final disposition under the 2014 rule: a request for "
            "review may be filed until December 26, 2019") in done.summary
    trigger = (TriggerKind.COUNT_EXCLUDED_ORDER, "Order to count ballots excluded at the count issued December 10, 2019")
    assert _review_periods() == [(DeadlineKind.REQUEST_FOR_REVIEW, date(2019, 12, 26), *trigger)]  # no request yet:
    # no opposition period runs (29 CFR 102.67(f))
    late = case.act({"act": "request-for-review", "date": date(2019, 12, 27), "party": "employer",
                     "grounds": ["The late ballots were postmarked after the due date (hypothetical)"]})
    case.refused(late, UntimelyFiling)
    filed = case.perform(case.act({"act": "request-for-review", "date": date(2019, 12, 26), "party": "employer",
                                   "grounds": ["The late ballots were postmarked after the due date (hypothetical)"]}),
                         documents="issue")
    assert filed.summary.startswith("Request for review of the order to count ballots excluded at the count, by "
                                    "Selck-like Co.")
    assert _review_periods() == [(DeadlineKind.REQUEST_FOR_REVIEW, date(2019, 12, 26), *trigger),
                                 (DeadlineKind.RFR_OPPOSITION, date(2020, 1, 2), *trigger)]  # the request starts it
    (paper,) = [d for d in filed.documents if d.kind == "request-for-review"]
    text = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(paper.path).pages))
    assert "Request for Review of the Regional Director's Order to Count Ballots Excluded at the Count" in text
    assert "Order to Count Ballots Excluded at the Count issued on December 10, 2019" in text


def test_the_order_to_count_excluded_ballots_is_no_final_disposition_under_the_current_rule(configured_db: Path) -> None:
    """102.69(h) (2019 text, kept in 2023): the same order starts no request-for-review period."""
    case = _with_excluded("2019-text", date(2021, 11, 29))
    case.carry(2)
    done = case.perform(case.act({"act": "count-excluded-ballots", "date": date(2021, 12, 10), "ballots": 3}))
    assert "final disposition" not in done.summary
    assert _review_periods() == []
