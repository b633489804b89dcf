"""A party's objection period is its own (29 CFR 102.69(a)(8)): the Regional Director's notice of hearing on
another party's objections does not cut it short (trial finding F24). The Bessemer tally of Friday 2021-04-09,
objections due Friday 2021-04-16 (5 business days, 11:59 p.m. Eastern); here RWDSU objects on Monday 2021-04-12
and the Regional Director notices the hearing on Tuesday 2021-04-13, three days before Amazon's period ends.

Also the refusals' words for a request for review (F18): the guard that failed, in words, and only the stages
where it would pass."""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from sqlmodel import col, select

from casefile import app
from casefile.errors import UntimelyFiling
from casefile.record.authority import OPERATOR
from casefile.record.db import read_session
from casefile.record.models import DocketEntry, Election, Filing
from casefile.vocab import FilingKind, Stage
from tests.acts.procedure import NUMBER, act, open_bessemer, perform, refused, scenario

RWDSU_OBJECTS = {"act": "file-objections", "party": "rwdsu", "date": date(2021, 4, 12),
                 "objections": ["The Employer had a mailbox installed at the facility."]}
EARLY_NOTICE = {"act": "notice-hearing", "date": date(2021, 4, 13), "opens_on": date(2021, 5, 3),
                "presiding": "Kerstin Meyers"}
AMAZON_OBJECTS = {"act": "file-objections", "party": "amazon",
                  "objections": ["The Petitioner's agents electioneered at the mailbox."]}


@pytest.fixture
def noticed_early(configured_db: Path) -> Path:
    open_bessemer()
    perform(scenario().events[0])  # the tally of 2021-04-09
    perform(act(RWDSU_OBJECTS))
    perform(act(EARLY_NOTICE))
    with read_session() as s:
        assert s.exec(select(Election)).one().stage is Stage.HEARING_NOTICED
    return configured_db


def _offered(when: datetime) -> dict[str, tuple[str, ...]]:
    return {p.act: p.parties for p in app.permitted_acts(NUMBER, viewer=OPERATOR, as_of=when)}


class TestObjectionsAfterAnEarlyNotice:
    def test_the_other_partys_objections_are_offered_while_its_period_runs(self, noticed_early: Path) -> None:
        """On Wednesday 2021-04-14 (period to Friday the 16th) File objections is offered for both parties; on
        Monday the 19th, after the cut-off, it is not, and the refusal says why (the period ended) in words."""
        assert set(_offered(datetime(2021, 4, 14, 16, tzinfo=UTC))["file-objections"]) == {"amazon", "rwdsu"}
        after = datetime(2021, 4, 19, 16, tzinfo=UTC)
        assert "file-objections" not in _offered(after)
        words = app.refusal(NUMBER, "file-objections", viewer=OPERATOR, as_of=after, what="“File objections”").words
        assert words.startswith("“File objections” is not available now in election 1: the hearing is noticed and has "
                                "not opened, and the objection period ended on Friday, April 16, 2021"), words
        assert "the hearing's opening moves the election on" not in words

    def test_they_join_the_hearing_noticed(self, noticed_early: Path) -> None:
        """Amazon's objections received Thursday 2021-04-15 are accepted: filed, timely, docketed; the election
        stays at hearing-noticed (the table's row moves nothing)."""
        result = perform(act({**AMAZON_OBJECTS, "date": date(2021, 4, 15)}))
        assert result.summary.startswith("Objections of Amazon.com Services LLC (objection no. 1) received April 15, 2021")
        with read_session() as s:
            assert s.exec(select(Election)).one().stage is Stage.HEARING_NOTICED
            filings = s.exec(select(Filing).where(Filing.kind == FilingKind.OBJECTIONS).order_by(col(Filing.id))).all()
            assert [(f.received_on, f.timely) for f in filings] == [(date(2021, 4, 12), True), (date(2021, 4, 15), True)]
            last = s.exec(select(DocketEntry).order_by(col(DocketEntry.id).desc())).first()
            assert last is not None and (last.act, last.from_stage, last.to_stage) == ("file-objections", None, None)

    def test_after_the_cut_off_they_are_late(self, noticed_early: Path) -> None:
        """Received Monday 2021-04-19: untimely (the period cannot be extended, R-G6), nothing stored."""
        error = refused(act({**AMAZON_OBJECTS, "date": date(2021, 4, 19)}), UntimelyFiling)
        assert str(error) == ("objections of Amazon.com Services LLC received Mon 2021-04-19: untimely, due Fri "
                              "2021-04-16, cut-off 11:59 p.m. EDT (29 CFR 102.69(a)(8); 29 CFR 102.2(b)); this period "
                              "cannot be extended")


class TestRequestForReviewRefusal:
    def test_at_objections_pending_it_says_nothing_is_decided_yet(self, configured_db: Path) -> None:
        """RWDSU's objections pending: the refusal says nothing the Regional Director decided is yet for the
        Board to review, lists the stages where it would pass, and never the stage it is at as available."""
        open_bessemer()
        perform(scenario().events[0])
        perform(act(RWDSU_OBJECTS))
        words = app.refusal(NUMBER, "request-for-review", viewer=OPERATOR, as_of=datetime(2021, 4, 14, 16, tzinfo=UTC),
                            what="“Request review by the Board”").words
        assert words == (
            "“Request review by the Board” is not available now in election 1: objections are pending before the "
            "Regional Director, and nothing the Regional Director decided is yet for the Board to review: a request for "
            "review lies after the Regional Director's decision on the objections (102.69(c)(2), 102.67(c)), the "
            "certification or the dismissal of the petition (102.69(h), 102.71), or a decision setting the election "
            "aside. “Request review by the Board” becomes available at “Certified”, “Request for review pending "
            "before the Board”, “Set aside”, “Set aside; a new election directed”, “Closed” or “Petition dismissed”; at "
            "“Certification due” once the Regional Director's decision on the objections has issued; here and at 10 "
            "other stages once an order to open and count ballots is in the record (a final disposition under the 2014 "
            "rule).")
        assert "at “Objections pending before the Regional Director”" not in words
