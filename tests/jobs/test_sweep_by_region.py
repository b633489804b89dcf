"""A sweep limited to one Region closes only that Region's periods (so workers can sweep Regions in parallel); the
Region of a case is its receiving office's, not its case-number prefix's (merged Regions, transferred cases)."""

from __future__ import annotations

import pytest
from sqlalchemy import Engine
from sqlmodel import col, select

from casefile.errors import UnknownRegion
from casefile.jobs.people import add_person
from casefile.jobs.reminders import select_due_reminders
from casefile.jobs.sweep import sweep
from casefile.record.db import read_session, write_session
from casefile.record.models import Case, Election
from casefile.rules.calendar import BusinessCalendar
from casefile.vocab import Stage
from tests.bessemer import CASE, TALLY_2021, case_act, open_case, record_tally
from tests.conftest import at

#: A second case like Bessemer's 2021 election, filed in Region 15 (New Orleans, Central time).
OTHER_NUMBER = "15-RC-269251"
#: A case numbered for former Region 24 (San Juan), handled by the San Juan office of Region 12.
SAN_JUAN_NUMBER = "24-RC-269252"


@pytest.fixture
def two_regions(engine: Engine) -> Engine:
    """Bessemer (Region 10) and a like case in Region 15, both tallied 2021-04-09: objections due 2021-04-16."""
    with write_session(engine, by="operator:tests") as s:
        for opening in (CASE, case_act(number=OTHER_NUMBER, office=None)):
            open_case(s, act=opening, as_of=at("2021-04-09T12:00:00-04:00"))
            record_tally(s, TALLY_2021, case_number=opening.case.number, as_of=at("2021-04-09T12:00:00-04:00"))
    return engine


def stages(engine: Engine) -> dict[str, Stage]:
    with read_session(engine) as s:
        return dict(s.exec(select(Case.number, Election.stage).join(Election, col(Election.case_id) == col(Case.id))).all())


class TestSweepByRegion:
    @pytest.mark.parametrize(("region", "moved"), [
        ("10", "10-RC-269250"), ("15", OTHER_NUMBER), ("Region 10", "10-RC-269250"),
    ], ids=["region-10", "region-15", "spelled-out"])
    def test_only_that_regions_cases_move(self, two_regions: Engine, region: str, moved: str) -> None:
        """Swept as of 2021-04-20 for one Region, that Region's case becomes certification-due and the other stays tallied."""
        with write_session(two_regions, by="operator:tests") as s:
            report = sweep(s, as_of=at("2021-04-20T00:00:00-04:00"), region=region)
        assert report.elections_moved == [f"{moved} election 1: Tally of Ballots issued; objection period running → Certification due"]
        assert [line.split(":")[0] for line in report.deadlines_closed] == [moved, moved]
        other = ({"10-RC-269250", OTHER_NUMBER} - {moved}).pop()
        assert stages(two_regions) == {moved: Stage.CERTIFICATION_DUE, other: Stage.TALLY_ISSUED}

    def test_region_without_cases_does_nothing(self, two_regions: Engine) -> None:
        """A Region with no case (Region 1, given as "1") closes nothing."""
        with write_session(two_regions, by="operator:tests") as s:
            report = sweep(s, as_of=at("2021-04-20T00:00:00-04:00"), region="1")
        assert not report.did_something
        assert set(stages(two_regions).values()) == {Stage.TALLY_ISSUED}

    def test_not_a_region_number(self, two_regions: Engine) -> None:
        """A region that is not a Region number is refused before anything is closed."""
        with pytest.raises(UnknownRegion) as err, write_session(two_regions, by="operator:tests") as s:
            sweep(s, as_of=at("2021-04-20T00:00:00-04:00"), region="Birmingham")
        assert "'Birmingham' is not a Region number" in str(err.value)
        assert set(stages(two_regions).values()) == {Stage.TALLY_ISSUED}


@pytest.fixture
def merged_region(two_regions: Engine) -> Engine:
    """The two cases, and a like case numbered 24-RC-… (the San Juan office, Region 12), all tallied 2021-04-09."""
    with write_session(two_regions, by="operator:tests") as s:
        open_case(s, act=case_act(number=SAN_JUAN_NUMBER, office=None), as_of=at("2021-04-09T12:00:00-04:00"))
        record_tally(s, TALLY_2021, case_number=SAN_JUAN_NUMBER, as_of=at("2021-04-09T12:00:00-04:00"))
    return two_regions


class TestRegionFromOffice:
    @pytest.mark.parametrize("region", ["12", "24"], ids=["region-12", "former-region-24-means-12"])
    def test_region_12_sweep_includes_the_cases_numbered_for_region_24(self, merged_region: Engine, region: str) -> None:
        """24-RC-269252 is received by the San Juan office (12-san-juan): a sweep for Region 12 (or for the former 24)
        moves it, and only it."""
        with read_session(merged_region) as s:
            assert s.exec(select(Case.office_key).where(Case.number == SAN_JUAN_NUMBER)).one() == "12-san-juan"
        with write_session(merged_region, by="operator:tests") as s:
            report = sweep(s, as_of=at("2021-04-20T00:00:00-04:00"), region=region)
        assert report.elections_moved == [f"{SAN_JUAN_NUMBER} election 1: Tally of Ballots issued; objection period running → Certification due"]
        assert stages(merged_region)[SAN_JUAN_NUMBER] is Stage.CERTIFICATION_DUE

    def test_transferred_case_is_swept_with_its_new_region(self, merged_region: Engine) -> None:
        """A Region 15 case whose receiving office is now Region 10's Birmingham office (as a transfer records it) is
        swept with Region 10, not with Region 15."""
        with write_session(merged_region, by="operator:tests") as s:
            case = s.exec(select(Case).where(Case.number == OTHER_NUMBER)).one()
            case.office_key = "10-birmingham"
            s.add(case)
        from tests.resealed import seal_as_stored

        seal_as_stored(merged_region)  # as a transfer records it
        with write_session(merged_region, by="operator:tests") as s:
            assert not sweep(s, as_of=at("2021-04-20T00:00:00-04:00"), region="15").did_something
            report = sweep(s, as_of=at("2021-04-20T00:00:00-04:00"), region="10")
        assert sorted(report.elections_moved) == ["10-RC-269250 election 1: Tally of Ballots issued; objection period running → Certification due",
                                                  f"{OTHER_NUMBER} election 1: Tally of Ballots issued; objection period running → Certification due"]

    def test_reminders_for_region_12_include_the_san_juan_case(self, merged_region: Engine) -> None:
        """Reminders selected for Region 12 are those of the 24-RC case; for Region 10, Bessemer's; none for Region 1."""
        with write_session(merged_region, by="operator:tests") as s:
            for number in ("10-RC-269250", SAN_JUAN_NUMBER):
                add_person(s, case_number=number, party="rwdsu", name="Counsel", email="counsel@example.org",
                           notify_urls=["mailto://localhost?to=counsel@example.org"], default_urls=[],
                           as_of=at("2021-04-09T12:00:00-04:00"))
        as_of = at("2021-04-16T09:00:00-04:00")
        with read_session(merged_region) as s:
            cases = {region: {r.case_number for r in select_due_reminders(
                s, as_of=as_of, region=region, lead_days=(7, 3, 1), calendar=BusinessCalendar(), default_urls=[])}
                for region in ("12", "10", "1")}
        assert cases == {"12": {SAN_JUAN_NUMBER}, "10": {"10-RC-269250"}, "1": set()}


def test_the_closed_period_is_docketed_with_the_cut_off_in_words(two_regions: Engine) -> None:
    """The sweep's docket entry says "cut-off 11:59 p.m. EDT" (the Agency's words), never an ISO instant with seconds."""
    from casefile.record.models import DocketEntry

    with write_session(two_regions, by="operator:tests") as s:
        sweep(s, as_of=at("2021-04-20T00:00:00-04:00"), region="10")
    with read_session(two_regions) as s:
        summaries = [e.summary for e in s.exec(select(DocketEntry).where(DocketEntry.act == "objection-period-closed"))]
    assert summaries and summaries[0].startswith("No objections by April 16, 2021 (cut-off 11:59 p.m. EDT);")
    assert not [text for text in summaries if "23:59:59" in text or "2021-04-16" in text or "(R-" in text]
