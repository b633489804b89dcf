"""A party's waiver of its right to file exceptions (waive-exceptions; casefile.rules.exceptions_waiver). 29 CFR
102.69(c)(1)(iii) gives each party its time for exceptions to the Hearing Officer's report and lets the Regional
Director decide "upon the expiration of the period for filing such exceptions"; in practice a party waives that right
in writing (often jointly), and the Regions then decide before the period ends (docs/rules.md X-K8: practice, not a
rule text).

On Bessemer's real periods (10-RC-269250: report Mon 2021-08-02, exceptions due Mon 08-16, answering briefs Mon
08-23); the waivers are hypothetical — the public record shows none."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import select

from casefile import app
from casefile.errors import AlreadyRecorded, NotPermitted, ProcedureError
from casefile.record.authority import OPERATOR
from tests.accounts.world import World, bessemer_template, world  # noqa: F401  (fixtures)
from tests.acts.procedure import RWDSU, act, carry, event, perform, refused, unchanged_by_retry

NUMBER = "10-RC-269250"
AMAZON = "Amazon.com Services LLC"
EXCEPTIONS = [{"excepted_to": "The recommendation that the election be set aside", "grounds": "Hypothetical grounds"}]


def _waiver(party: str, on: date, **changes: Any) -> Any:
    return act({"act": "waive-exceptions", "date": on, "party": party, **changes})


def _decision(on: date) -> Any:
    """Bessemer's real decision (set aside, Lisa Henderson, Amazon at fault) dated ``on``."""
    return event("rd-decision").model_copy(update={"on": on})


def _offered(on: date, name: str = "rd-decision") -> bool:
    from casefile.acts.base import midday

    return name in {p.act for p in app.permitted_acts(NUMBER, viewer=OPERATOR, as_of=midday(on, "America/New_York"))}


def _report_deadlines() -> dict[str, str]:
    view = app.case(NUMBER)
    return {d.kind: d.stored_status for d in view.elections[0].deadlines if d.kind in ("exceptions", "answering-brief")}


def _entries(name: str) -> int:
    from casefile.record.db import read_session
    from casefile.record.models import DocketEntry

    with read_session() as session:
        return len(session.exec(select(DocketEntry.id).where(DocketEntry.act == name)).all())


@pytest.fixture
def reported(configured_db: Path) -> Path:
    carry("ho-report")
    return configured_db


class TestBothWaive:
    def test_the_decision_may_issue_the_day_after_the_report(self, reported: Path) -> None:
        """Both parties waive on Tue 2021-08-03 (a joint waiver, recorded for each): no party can still file
        exceptions, nothing is left to answer — the decision of that day is offered and accepted, though the
        exceptions period would run to Mon 08-16."""
        date_ = date(2021, 8, 3)
        assert not _offered(date_)
        first = perform(_waiver("amazon", date_, note="joint waiver with the Petitioner"))
        assert first.summary.startswith(f"Waiver of exceptions of {AMAZON}: its right to file exceptions to the "
                                        "Hearing Officer's Report waived, received August 3, 2021"), first.summary
        assert not _offered(date_)  # the union may still except
        assert _report_deadlines() == {"exceptions": "open", "answering-brief": "open"}
        perform(_waiver("rwdsu", date_))
        assert _report_deadlines() == {"exceptions": "met", "answering-brief": "mooted"}
        assert _offered(date_)
        perform(_decision(date_))
        assert str(app.case(NUMBER).elections[-1].stage) == "rerun-directed"

    def test_the_decision_tells_each_waiver_from_the_record(self, reported: Path) -> None:
        """The party's Waiver of Exceptions (its own paper, from the party filings' template) and the Decision's
        procedural history: "<party> waived its right to file exceptions on <date>", each from
        its own waiver; nothing says no exceptions were filed."""
        from pypdf import PdfReader

        waived = perform(_waiver("amazon", date(2021, 8, 3)), documents="issue")
        (paper,) = waived.documents
        assert (paper.kind, paper.title) == ("waiver-of-exceptions",
                                             "Employer's Waiver of Exceptions to the Hearing Officer's Report")
        words = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(paper.path).pages)
        assert (f"The Employer, {AMAZON}, files this waiver of its right under Section 102.69(c)(1)(iii) of the Board's "
                "Rules and Regulations to file exceptions to the Hearing Officer's Report and Recommendations issued on "
                "August 2, 2021.") in words, words
        assert "Dated: August 3, 2021" in words and f"{RWDSU} (Petitioner)" in words, words
        perform(_waiver("rwdsu", date(2021, 8, 4)))
        result = perform(_decision(date(2021, 8, 4)), documents="issue")
        path = next(d.path for d in result.documents if d.kind == "decision-and-direction-of-second-election")
        text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(path).pages)
        assert f"The Employer, {AMAZON}, waived its right to file exceptions on August 3, 2021." in text, text
        assert f"The Petitioner, {RWDSU}, waived its right to file exceptions on August 4, 2021." in text, text
        assert "no exceptions were filed" not in text.lower()


    def test_a_waiver_prepared_then_confirmed_closes_the_period(self, reported: Path) -> None:
        """Amazon waives (e-filed) on Tue 08-03; the union's waiver is prepared in casefile on 08-04 — before no one,
        the periods run on — and its e-filing confirmed received Thu 08-05: every party has now waived, the
        exceptions period is met and the answering-brief one mooted, and the decision of 08-05 issues. Its
        procedural history tells the union's waiver on the day received, and no confirmation line."""
        from pypdf import PdfReader

        perform(_waiver("amazon", date(2021, 8, 3)))
        from casefile.record.db import read_session
        from casefile.record.models import Filing

        perform(_waiver("rwdsu", date(2021, 8, 4), nlrb="prepared"))
        assert _report_deadlines() == {"exceptions": "open", "answering-brief": "open"}
        assert not _offered(date(2021, 8, 4))
        with read_session() as session:
            (waiver,) = session.exec(select(Filing.id).where(Filing.nlrb == "prepared")).all()
        perform(act({"act": "confirm-efiling", "party": "rwdsu", "filing": waiver, "date": date(2021, 8, 5)}))
        assert _report_deadlines() == {"exceptions": "met", "answering-brief": "mooted"}
        assert _offered(date(2021, 8, 5))
        result = perform(_decision(date(2021, 8, 5)), documents="issue")
        path = next(d.path for d in result.documents if d.kind == "decision-and-direction-of-second-election")
        text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(path).pages)
        assert f"The Petitioner, {RWDSU}, waived its right to file exceptions on August 5, 2021." in text, text
        assert "E-filing of" not in text, text


class TestOneWaives:
    def test_the_decision_waits_for_the_other_party_until_its_period_ends(self, reported: Path) -> None:
        """Amazon waives on 08-03; the union neither excepts nor waives: the decision is refused through Mon 08-16
        (the union may still except), naming only the union; on Tue 08-17 it issues."""
        perform(_waiver("amazon", date(2021, 8, 3)))
        for on in (date(2021, 8, 3), date(2021, 8, 16)):
            text = str(refused(_decision(on), ProcedureError))  # and nothing stored (tables and output folder)
            assert (f"the time for exceptions to the Hearing Officer's report runs until Monday, August 16, 2021, and "
                    f"{RWDSU} may still file them") in text, text
            assert AMAZON not in text
            assert "it may issue after Monday, August 16, 2021, or once every party that may still file has filed or " \
                   "waived" in text, text
            assert not _offered(on)
        assert _report_deadlines() == {"exceptions": "open", "answering-brief": "open"}
        assert _offered(date(2021, 8, 17))
        perform(_decision(date(2021, 8, 17)))
        assert str(app.case(NUMBER).elections[-1].stage) == "rerun-directed"

    def test_the_period_is_over_for_the_party_that_waived_only(self, reported: Path) -> None:
        """For a viewer acting for Amazon the exceptions period is met once Amazon waived (state_at's ``met``:
        nothing more is due from it); for the union's it still runs (casefile.record.queries.own_filings)."""
        from casefile.acts.base import midday
        from casefile.record.db import read_session
        from casefile.record.models import Deadline, Filing, Party
        from casefile.record.queries import own_filings

        perform(_waiver("amazon", date(2021, 8, 3)))
        with read_session() as session:
            ids = {p.key: p.id for p in session.exec(select(Party))}
            filings, deadlines = session.exec(select(Filing)).all(), session.exec(select(Deadline)).all()
            exceptions = next(d.id for d in deadlines if d.kind == "exceptions")
            on = midday(date(2021, 8, 4), "America/New_York")
            assert exceptions in own_filings(filings, deadlines, {ids["amazon"]}, on)[0]
            assert exceptions not in own_filings(filings, deadlines, {ids["rwdsu"]}, on)[0]
            assert exceptions not in own_filings(filings, deadlines, {ids["amazon"]}, midday(date(2021, 8, 2),
                                                                                             "America/New_York"))[0]

    def test_a_party_that_waived_may_answer_the_others_exceptions(self, reported: Path) -> None:
        """The union waives, Amazon excepts on 08-10: the union may still answer (its own right), so the decision
        waits for the answering-brief period (to Mon 08-23)."""
        perform(_waiver("rwdsu", date(2021, 8, 3)))
        perform(act({"act": "file-exceptions", "date": date(2021, 8, 10), "party": "amazon", "exceptions": EXCEPTIONS}))
        text = str(refused(_decision(date(2021, 8, 20)), ProcedureError))
        assert ("the time for answering briefs to the exceptions runs until Monday, August 23, 2021, and "
                f"{RWDSU} may still file one") in text, text
        assert "or once every party that may still file has filed" in text and "or waived" not in text, text
        assert _report_deadlines()["exceptions"] == "met"  # every party excepted or waived
        assert _offered(date(2021, 8, 24))


class TestRefused:
    def test_after_the_party_filed_exceptions(self, reported: Path) -> None:
        perform(act({"act": "file-exceptions", "date": date(2021, 8, 10), "party": "amazon", "exceptions": EXCEPTIONS}))
        error = refused(_waiver("amazon", date(2021, 8, 11)), ProcedureError)
        assert error.field == "party"  # type: ignore[attr-defined]
        assert f"{AMAZON} filed exceptions on Tuesday, August 10, 2021" in str(error), str(error)

    def test_exceptions_after_the_waiver(self, reported: Path) -> None:
        perform(_waiver("amazon", date(2021, 8, 3)))
        error = refused(act({"act": "file-exceptions", "date": date(2021, 8, 10), "party": "amazon",
                             "exceptions": EXCEPTIONS}), ProcedureError)
        assert f"{AMAZON} waived its right to file exceptions on August 3, 2021" in str(error), str(error)

    def test_after_the_period_ran_out(self, reported: Path) -> None:
        """Tue 08-17, the day after the last day: there is no right left to waive (refused, not accepted with a
        warning: the record would hold a waiver that changed nothing), and the act is not offered."""
        error = refused(_waiver("rwdsu", date(2021, 8, 17)), ProcedureError)
        assert error.field == "date"  # type: ignore[attr-defined]
        assert "the time for exceptions ran out on Monday, August 16, 2021" in str(error), str(error)
        assert _offered(date(2021, 8, 16), "waive-exceptions") and not _offered(date(2021, 8, 17), "waive-exceptions")

    def test_before_the_report(self, configured_db: Path) -> None:
        carry("open-hearing")
        refused(_waiver("amazon", date(2021, 7, 30)), ProcedureError)  # no report: no exceptions period to waive


class TestRetry:
    def test_a_retry_dockets_nothing_new(self, reported: Path) -> None:
        waiver = _waiver("amazon", date(2021, 8, 3))
        first = perform(waiver)
        again = unchanged_by_retry(waiver)  # the first result, nothing stored (tables and output folder)
        assert (again.repeated, again.entry_id) == (True, first.entry_id)
        assert _entries("waive-exceptions") == 1

    def test_the_same_partys_waiver_with_other_terms_is_refused(self, reported: Path) -> None:
        perform(_waiver("amazon", date(2021, 8, 3)))
        refused(_waiver("amazon", date(2021, 8, 4)), AlreadyRecorded)
        assert _entries("waive-exceptions") == 1


class TestAccess:
    """A party waives only for itself: the authority policy (casefile.record.authority, the model's WHOSE) on the
    Bessemer world, both sides represented (tests/accounts/world.py)."""

    @pytest.mark.parametrize(("who", "party", "expected"), [
        ("union-counsel", "rwdsu", "perform"), ("employer-counsel", "amazon", "perform"),
        ("employer-counsel", "rwdsu", "NotPermitted"), ("employer-admin", "rwdsu", "NotPermitted"),
        ("union-counsel", "amazon", "NotPermitted"), ("region", "rwdsu", "NotPermitted"),
        ("union-viewer", "rwdsu", "NotPermitted"),
    ])
    def test_who_may_waive(self, world: World, who: str, party: str, expected: str) -> None:  # noqa: F811
        from casefile.record import authority
        from casefile.record.db import read_session
        from casefile.record.lookups import get_case

        waiver = _waiver(party, date(2021, 8, 3))
        with read_session() as session:
            case = get_case(session, NUMBER)
            viewer = world.viewer(who)
            if expected == "perform":
                assert authority.authorize(session, viewer, waiver, case) == "perform"
            else:
                with pytest.raises(NotPermitted):
                    authority.authorize(session, viewer, waiver, case)


class TestCommandLine:
    def test_exceptions_waive(self, reported: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """`casefile exceptions waive`, beside `exceptions file|answer|cross`: the waiver recorded as received; once
        the period ran out, refused in one line (exit 2), nothing stored."""
        from typer.testing import CliRunner

        from casefile.cli.app import app as cli
        from casefile.record.db import read_session
        from casefile.record.models import Filing
        from casefile.vocab import FilingKind
        from tests.acts.test_review_commands import refused as cli_refused

        result = CliRunner().invoke(cli, ["exceptions", "waive", NUMBER, "--party", "amazon", "--received-at",
                                          "2021-08-03T10:00:00-04:00", "--note", "joint waiver"], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        with read_session() as session:
            waiver = session.exec(select(Filing).where(Filing.kind == FilingKind.EXCEPTIONS_WAIVER)).one()
            assert (waiver.received_on, waiver.note) == (date(2021, 8, 3), "joint waiver")
        line = cli_refused(capsys, "exceptions", "waive", NUMBER, "--party", "rwdsu", "--received-at",
                           "2021-08-17T10:00:00-04:00")
        assert "the time for exceptions ran out on Monday, August 16, 2021" in line, line
        assert _entries("waive-exceptions") == 1
