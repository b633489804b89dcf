"""A sweep limited to one Region closes only that Region's periods (so workers can sweep Regions in parallel)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest
from sqlalchemy import Engine
from sqlmodel import col, select

from casefile.record.db import read_session, write_session
from casefile.errors import UnknownRegion
from casefile.record.models import Case, Election
from casefile.services.cases import open_case
from casefile.jobs.sweep import sweep
from casefile.services.tallies import record_tally
from casefile.vocab import Stage, TallyKind
from tests.conftest import at
from tests.services.bessemer import CASE_IN, ELECTION_2021, TALLY_2021

#: A second case like Bessemer's 2021 election, filed in Region 15 (New Orleans, Central time).
OTHER_NUMBER = "15-RC-269251"


@pytest.fixture
def two_regions(engine: Engine) -> Engine:
    """Bessemer (Region 10) and a like case in Region 15, both tallied 2021-04-09: objections due 2021-04-16."""
    with write_session(engine) as s:
        for case_in in (CASE_IN, replace(CASE_IN, number=OTHER_NUMBER, office=None)):
            open_case(s, case_in=case_in, as_of=at("2021-04-09T12:00:00-04:00"))
            record_tally(s, case_number=case_in.number, kind=TallyKind.INITIAL, prepared_on=date(2021, 4, 9),
                         counts=TALLY_2021, election_in=ELECTION_2021, as_of=at("2021-04-09T12:00:00-04:00"))
    return engine


def stages(engine: Engine) -> dict[str, Stage]:
    with read_session(engine) as s:
        return dict(s.exec(select(Case.number, Election.stage).join(Election, col(Election.case_id) == col(Case.id))).all())


class TestSweepByRegion:
    @pytest.mark.parametrize("region, moved", [
        ("10", "10-RC-269250"), ("15", OTHER_NUMBER), ("Region 10", "10-RC-269250"),
    ], ids=["region-10", "region-15", "spelled-out"])
    def test_only_that_regions_cases_move(self, two_regions: Engine, region: str, moved: str) -> None:
        """Swept as of 2021-04-20 for one Region, that Region's case becomes certification-due and the other stays tallied."""
        with write_session(two_regions) as s:
            report = sweep(s, as_of=at("2021-04-20T00:00:00-04:00"), region=region)
        assert report.elections_moved == [f"{moved} election 1: tally-issued → certification-due"]
        assert [line.split(":")[0] for line in report.deadlines_closed] == [moved, moved]
        other = ({"10-RC-269250", OTHER_NUMBER} - {moved}).pop()
        assert stages(two_regions) == {moved: Stage.CERTIFICATION_DUE, other: Stage.TALLY_ISSUED}

    def test_region_without_cases_does_nothing(self, two_regions: Engine) -> None:
        """A Region with no case (Region 1, given as "1") closes nothing."""
        with write_session(two_regions) as s:
            report = sweep(s, as_of=at("2021-04-20T00:00:00-04:00"), region="1")
        assert not report.did_something
        assert set(stages(two_regions).values()) == {Stage.TALLY_ISSUED}

    def test_not_a_region_number(self, two_regions: Engine) -> None:
        """A region that is not a Region number is refused before anything is closed."""
        with pytest.raises(UnknownRegion) as err, write_session(two_regions) as s:
            sweep(s, as_of=at("2021-04-20T00:00:00-04:00"), region="Birmingham")
        assert "'Birmingham' is not a Region number" in str(err.value)
        assert set(stages(two_regions).values()) == {Stage.TALLY_ISSUED}
