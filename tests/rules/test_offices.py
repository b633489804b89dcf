"""Receiving offices: Region -> office -> time zone, former Regions, the Board's office (regions.md, R-B9), and the
Region of a case resolved from its office (merged Regions, transfers), never from its case-number prefix."""

from __future__ import annotations

from zoneinfo import ZoneInfo

import pytest

from casefile.errors import UnknownRegion
from casefile.rules.offices import (
    BOARD_OFFICE,
    FORMER_REGION_OFFICES,
    Office,
    OfficeTable,
    all_offices,
    handling_office,
    in_washington_area,
    normalize_region,
    office_for,
    office_named,
    region_of,
    region_scope,
)


class TestOfficeFor:
    @pytest.mark.parametrize(
        ("region", "office", "key", "tz"),
        [
            ("10", None, "10-atlanta", "America/New_York"),
            (10, "Birmingham", "10-birmingham", "America/Chicago"),
            ("10", "BIRMINGHAM", "10-birmingham", "America/Chicago"),
            ("10", "Birmingham, AL", "10-birmingham", "America/Chicago"),
            ("10", "10-nashville", "10-nashville", "America/Chicago"),
            ("1", None, "01-boston", "America/New_York"),
            ("01", "hartford", "01-hartford", "America/New_York"),
            ("12", "San Juan", "12-san-juan", "America/Puerto_Rico"),
            ("19", None, "19-seattle", "America/Los_Angeles"),
            ("19", "Anchorage", "19-anchorage", "America/Anchorage"),
            ("20", "Honolulu", "20-honolulu", "Pacific/Honolulu"),
            ("25", None, "25-indianapolis", "America/Indiana/Indianapolis"),
            ("28", None, "28-phoenix", "America/Phoenix"),
            ("28", "El Paso", "28-el-paso", "America/Denver"),
            ("Region 7", None, "07-detroit", "America/Detroit"),
        ],
        ids=["10-main", "10-birmingham-int", "case-insensitive", "city-and-state", "by-key", "1-without-zero",
             "hartford", "san-juan", "seattle", "anchorage", "honolulu", "indianapolis", "phoenix", "el-paso",
             "region-prefix"],
    )
    def test_region_and_office_name_pick_office_and_zone(self, region, office, key: str, tz: str) -> None:
        """A Region number (with or without leading zero) and an optional office name pick the office and its zone."""
        found = office_for(region, office)
        assert (found.key, found.tz) == (key, tz)

    @pytest.mark.parametrize(
        ("old", "key"),
        sorted(FORMER_REGION_OFFICES.items()),
        ids=[f"former-{r}" for r in sorted(FORMER_REGION_OFFICES)],
    )
    def test_former_regions_map_to_current_office(self, old: str, key: str) -> None:
        """Every former Region number maps to the office handling it now, never refused."""
        assert office_for(old).key == key
        assert office_for(int(old)).key == key

    def test_former_region_34_is_hartford_in_region_1(self) -> None:
        """Old 34-RD case numbers (Brooks Brothers 1995) go to Hartford, Region 01, Eastern time."""
        office = office_for("34")
        assert (office.region, office.name, office.tz) == ("01", "Hartford, CT", "America/New_York")

    def test_unknown_office_lists_region_offices(self) -> None:
        """An office name not in the Region raises UnknownRegion listing the Region's offices and zones."""
        with pytest.raises(UnknownRegion) as caught:
            office_for("10", "Montgomery")
        message = str(caught.value)
        assert "Region 10 has no office 'Montgomery'" in message
        for key in ("10-atlanta", "10-birmingham", "10-nashville", "10-winston-salem"):
            assert key in message

    @pytest.mark.parametrize("region", ["99", "0", "ten", "", "100"], ids=["99", "zero", "word", "empty", "three-digits"])
    def test_unknown_region_refused(self, region: str) -> None:
        """A Region that is not in the table (or not a number) raises UnknownRegion."""
        with pytest.raises(UnknownRegion):
            office_for(region)


class TestOfficeNamed:
    @pytest.mark.parametrize(
        ("name", "key"),
        [("Birmingham", "10-birmingham"), ("10-birmingham", "10-birmingham"), ("board", "board"),
         ("Oakland", "32-oakland"), ("washington", "05-washington")],
        ids=["city", "key", "board", "oakland", "washington-resident-office"],
    )
    def test_office_by_name_or_key(self, name: str, key: str) -> None:
        """A city or key names an office in any Region; 'board' is the Office of the Executive Secretary."""
        assert office_named(name).key == key

    def test_ambiguous_city_lists_candidates(self) -> None:
        """Los Angeles is in Regions 21 and 31: UnknownRegion lists both keys."""
        with pytest.raises(UnknownRegion, match="21-los-angeles, 31-los-angeles"):
            office_named("Los Angeles")

    def test_unknown_name_refused(self) -> None:
        """A name matching no office raises UnknownRegion."""
        with pytest.raises(UnknownRegion, match="no receiving office named 'Gotham'"):
            office_named("Gotham")


class TestTable:
    def test_board_office_is_washington_eastern(self) -> None:
        """The Board's office is the Office of the Executive Secretary in Washington, DC, on Eastern time."""
        assert Office("board", "Office of the Executive Secretary, Washington, DC", None, "America/New_York") == BOARD_OFFICE
        assert all_offices()[-1] == BOARD_OFFICE

    def test_every_office_has_a_valid_zone_and_unique_key(self) -> None:
        """Every office's zone is a real IANA zone and keys are unique."""
        offices = all_offices()
        assert len({o.key for o in offices}) == len(offices)
        for office in offices:
            ZoneInfo(office.tz)

    def test_regions_md_main_offices(self) -> None:
        """All 26 current Regions of regions.md have a main office."""
        regions = {o.region for o in all_offices() if o.region}
        assert regions == {"01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "12", "13", "14", "15", "16",
                           "18", "19", "20", "21", "22", "25", "27", "28", "29", "31", "32"}
        for region in regions:
            assert office_for(region).region == region

    def test_operator_can_correct_the_former_region_table(self) -> None:
        """An OfficeTable built with a corrected mapping sends old Region 11 to Atlanta instead of Winston-Salem."""
        table = OfficeTable(former_regions={**FORMER_REGION_OFFICES, "11": "10-atlanta"})
        assert table.office_for("11").key == "10-atlanta"
        assert office_for("11").key == "10-winston-salem"

    def test_table_with_dangling_key_refused(self) -> None:
        """A mapping that names an office key not in the table raises UnknownRegion."""
        with pytest.raises(UnknownRegion, match="unknown office key '17-kansas-city'"):
            OfficeTable(former_regions={"17": "17-kansas-city"})

    def test_normalize_region(self) -> None:
        """Region numbers normalize to two digits."""
        assert [normalize_region(x) for x in ("1", 1, "01", " 10 ", "region 05")] == ["01", "01", "01", "10", "05"]


class TestRegionFromOffice:
    def test_region_12_includes_the_san_juan_office_of_former_region_24(self) -> None:
        """Region 12's scope is Tampa, Miami and San Juan — the office that handles cases numbered 24-RC-…"""
        scope = region_scope("12")
        assert scope.office_keys == ("12-tampa", "12-miami", "12-san-juan")
        assert scope.former_regions == ("24",)
        assert scope.note is None
        assert office_for("24").key in scope.office_keys

    @pytest.mark.parametrize(("region", "current", "keys"), [
        ("24", "12", ("12-tampa", "12-miami", "12-san-juan")),
        ("11", "10", ("10-atlanta", "10-birmingham", "10-nashville", "10-winston-salem")),
        ("30", "18", ("18-minneapolis", "18-des-moines", "18-milwaukee")),
    ], ids=["24-is-12", "11-is-10", "30-is-18"])
    def test_former_region_means_the_region_that_took_it_over(self, region: str, current: str, keys: tuple[str, ...]) -> None:
        """A former Region number names the Region that handles its cases now, with a note saying so."""
        scope = region_scope(region)
        assert (scope.region, scope.office_keys) == (current, keys)
        assert scope.note is not None and f"Region {region} no longer exists" in scope.note

    def test_every_former_region_is_in_the_scope_of_the_region_that_handles_it(self) -> None:
        """Each former Region's office is one of its successor Region's offices, and listed as its former Region."""
        for old, key in FORMER_REGION_OFFICES.items():
            scope = region_scope(region_of(key))
            assert key in scope.office_keys and old in scope.former_regions

    def test_region_of_office(self) -> None:
        """The Region of an office is the Region that runs it; the Board's office has none."""
        assert [region_of(k) for k in ("12-san-juan", "14-overland-park", "10-birmingham")] == ["12", "14", "10"]
        with pytest.raises(UnknownRegion, match="not a Regional Office"):
            region_of("board")
        with pytest.raises(UnknownRegion, match="not in the office table"):
            region_of("24-san-juan")

    def test_not_a_region(self) -> None:
        """A value that is not a Region number is refused."""
        with pytest.raises(UnknownRegion, match="'Birmingham' is not a Region number"):
            region_scope("Birmingham")


class TestHandlingOffice:
    @pytest.mark.parametrize(("numbered", "listed", "office", "key"), [
        ("06", None, None, "06-pittsburgh"),
        ("06", "06", "Pittsburgh", "06-pittsburgh"),
        ("24", "12", "Tampa", "12-san-juan"),
        ("24", "24", "San Juan", "12-san-juan"),
        ("07", "08", "Cleveland", "08-cleveland"),
        ("10", "15", "Memphis", "15-memphis"),
        ("10", "15", "Gotham", "15-new-orleans"),
        ("10", "10", "Birmingham", "10-birmingham"),
    ], ids=["not-listed", "listed-same", "merged-24-listed-under-12", "merged-24-listed-as-24", "transferred-7-to-8",
            "transferred-to-a-resident-office", "transferred-office-unknown-main-office", "resident-office-named"])
    def test_handling_office(self, numbered: str, listed: str | None, office: str | None, key: str) -> None:
        """The Region a listing names wins over the number's (a transfer); a merged Region's cases stay with the office
        that took them over."""
        assert handling_office(numbered, listed_region=listed, listed_office=office).key == key


class TestWashingtonArea:
    def test_washington_area_offices(self) -> None:
        """The Board's office and Region 5's Washington office are in the Inauguration Day area; Baltimore is not."""
        assert in_washington_area(BOARD_OFFICE) and in_washington_area(office_named("05-washington"))
        assert not in_washington_area(office_for("5")) and not in_washington_area(office_for("10"))
