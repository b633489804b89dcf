"""Issue 15 (a leftover): the Regional Director's decision on a hearing officer's report waits for the time for
exceptions and answering briefs (29 CFR 102.69(c)(1)(iii): "any party may, within 10 business days from the date of
issuance of such report, file with the Regional Director ... exceptions"; "within 5 business days from the last date
on which exceptions ... may be filed ... a party opposing the exceptions may file an answering brief"; "if no
exceptions are filed ..., the Regional Director, upon the expiration of the period for filing such exceptions, may
decide the matter"; rules.md R-K1, R-K2, R-K4). A decision issued earlier used to close a party's running exceptions
or answering-brief period as mooted, silently; now it is refused naming the period's last day, stores nothing, and is
not offered (casefile.app.permitted_acts) until that day has passed or no party can still file.

On the real periods of Bessemer (10-RC-269250: report Mon 2021-08-02, exceptions due Mon 08-16, answering briefs Mon
08-23; the real decision Mon 2021-11-29) and JFK8 (29-RC-288020: report Thu 2022-09-01, the Employer's exceptions Fri
09-16, the last day; answering briefs Fri 09-23; the real decision Wed 2023-01-11). Which party excepted in Bessemer
is not in the public record: the exceptions there are hypothetical, on the real periods."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest

from casefile import app
from casefile.errors import ProcedureError
from casefile.record.authority import OPERATOR
from tests.acts.procedure import act, carry, event, noon, perform, refused
from tests.acts.real_histories import JFK8, jfk8_through

EXCEPTIONS = [{"excepted_to": "The recommendation that the election be set aside", "grounds": "Hypothetical grounds"}]


def _decision(on: date, **changes: Any) -> Any:
    """Bessemer's real decision (set aside, Lisa Henderson, Amazon at fault) dated ``on``."""
    return event("rd-decision").model_copy(update={"on": on, **changes})


def _offered(number: str, on: date, tz: str = "America/New_York") -> bool:
    from casefile.acts.base import midday

    return "rd-decision" in {p.act for p in app.permitted_acts(number, viewer=OPERATOR, as_of=midday(on, tz))}


def _stage(number: str) -> str:
    return str(app.case(number).elections[-1].stage)


class TestBessemerNoExceptions:
    """No party excepted (as the record has it): the decision waits for the exceptions period only."""

    @pytest.fixture
    def reported(self, configured_db: Path) -> Path:
        carry("ho-report")
        return configured_db

    def test_refused_on_the_last_day_for_exceptions(self, reported: Path) -> None:
        error = refused(_decision(date(2021, 8, 16)), ProcedureError)
        assert error.field == "date"  # type: ignore[attr-defined]
        text = str(error)
        assert "the time for exceptions to the Hearing Officer's report runs until Monday, August 16, 2021" in text
        assert "Amazon.com Services LLC and Retail, Wholesale and Department Store Union may still file them" in text
        assert "102.69(c)(1)(iii)" in text and "it may issue after Monday, August 16, 2021" in text
        assert not _offered("10-RC-269250", date(2021, 8, 16))

    def test_the_day_after_it_is_offered_and_accepted(self, reported: Path) -> None:
        """Tue 2021-08-17, no exceptions filed: "upon the expiration of the period for filing such exceptions" — the
        answering-brief period (to 08-23) answers nothing, so it does not hold the decision back."""
        assert _offered("10-RC-269250", date(2021, 8, 17))
        perform(_decision(date(2021, 8, 17)))
        assert _stage("10-RC-269250") == "rerun-directed"

    def test_the_real_decision_is_accepted(self, reported: Path) -> None:
        perform(event("rd-decision"))
        assert _stage("10-RC-269250") == "rerun-directed"


class TestBessemerExceptionsFiled:
    """Amazon excepts on Mon 2021-08-16 (hypothetical, the last day): the union may answer until Mon 08-23."""

    @pytest.fixture
    def excepted(self, configured_db: Path) -> Path:
        carry("ho-report")
        perform(act({"act": "file-exceptions", "date": date(2021, 8, 16), "party": "amazon", "exceptions": EXCEPTIONS}))
        return configured_db

    def test_refused_while_the_answering_brief_runs(self, excepted: Path) -> None:
        text = str(refused(_decision(date(2021, 8, 20)), ProcedureError))
        assert ("the time for answering briefs to the exceptions runs until Monday, August 23, 2021, and Retail, "
                "Wholesale and Department Store Union may still file one") in text, text
        assert not _offered("10-RC-269250", date(2021, 8, 23))
        assert _offered("10-RC-269250", date(2021, 8, 24))

    def test_the_refusal_in_words_where_the_act_is_offered(self, excepted: Path) -> None:
        """The case page's and the API's refusal (casefile.acts.permitted.refusal): the stage's words, the period with
        its last day, and where the decision becomes available."""
        from casefile.acts.base import midday
        from casefile.acts.permitted import refusal
        from casefile.record.db import read_session
        from casefile.record.lookups import get_case

        with read_session() as session:
            words = refusal(session, OPERATOR, get_case(session, "10-RC-269250"), "rd-decision",
                            as_of=midday(date(2021, 8, 20), "America/New_York"),
                            what="the Regional Director's decision").words
        assert "Monday, August 23, 2021" in words and "answering briefs" in words, words
        assert "once the time for exceptions to the report and answering briefs has run out" in words, words

    def test_once_the_union_answered_no_party_can_still_file(self, excepted: Path) -> None:
        """The union's answering brief on Fri 2021-08-20: every party that may answer has; the decision may issue."""
        perform(act({"act": "file-answering-brief", "date": date(2021, 8, 20), "party": "rwdsu",
                     "points": ["Hypothetical point"]}))
        assert _offered("10-RC-269250", date(2021, 8, 20))
        perform(_decision(date(2021, 8, 20)))
        assert _stage("10-RC-269250") == "rerun-directed"

    def test_the_real_decision_moots_nothing_running(self, excepted: Path) -> None:
        """2021-11-29, long after both periods: accepted; no period was running to be cut short."""
        perform(event("rd-decision"), as_of=noon(event("rd-decision")))
        view = app.case("10-RC-269250")
        report = {d.kind: d.stored_status for d in view.elections[0].deadlines if d.kind in ("exceptions", "answering-brief")}
        assert "mooted" not in report.values(), report


class TestBothPartiesExcepted:
    def test_each_may_answer_the_other(self, configured_db: Path) -> None:
        """Both except by 08-16: each may answer the other's until 08-23; both periods filled, the decision may issue."""
        carry("ho-report")
        for party in ("amazon", "rwdsu"):
            perform(act({"act": "file-exceptions", "date": date(2021, 8, 13), "party": party, "exceptions": EXCEPTIONS}))
        assert not _offered("10-RC-269250", date(2021, 8, 16))  # the exceptions' time is over for both, not the answers'
        text = str(refused(_decision(date(2021, 8, 16)), ProcedureError))
        assert "Amazon.com Services LLC and Retail, Wholesale and Department Store Union may still file one" in text, text
        for party in ("amazon", "rwdsu"):
            perform(act({"act": "file-answering-brief", "date": date(2021, 8, 17), "party": party,
                         "points": ["Hypothetical point"]}))
        assert _offered("10-RC-269250", date(2021, 8, 17))


class TestJfk8:
    def test_the_real_history_replays(self, configured_db: Path) -> None:
        """The Employer's exceptions on the last day (09-16), the decision on 2023-01-11: accepted, certification due."""
        case = jfk8_through("rd-decision")
        assert _stage(case.number) == "certification-due"

    def test_a_decision_before_the_union_could_answer_is_refused(self, configured_db: Path) -> None:
        case = jfk8_through("exceptions")
        early = case.events[JFK8["rd-decision"]].model_copy(update={"on": date(2022, 9, 22)})
        text = str(case.refused(early, ProcedureError))
        assert ("answering briefs to the exceptions runs until Friday, September 23, 2022, and Amazon Labor Union may "
                "still file one") in text, text
        assert not _offered(case.number, date(2022, 9, 23), case.tz)
        assert _offered(case.number, date(2022, 9, 26), case.tz)
