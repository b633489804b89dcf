"""Receiving offices: Region -> office -> IANA time zone (domain/regions.md), as correctable data.

A deadline for a document filed with a Region ends at 11:59 p.m. in the receiving office's time zone;
requests for review and oppositions are received by the Board's Office of the Executive Secretary in
Washington, DC whatever Region the case is in (rules.md R-B9). A case may name a resident or
subregional office of its Region (e.g. Birmingham in Region 10, on Central time while Atlanta is on
Eastern time), so the office, not the Region, carries the time zone.

The tables below are a starting point, not an authority (regions.md: verify against the NLRB's office
list). Operators correct them by building an :class:`OfficeTable` with their own rows; the module-level
functions use :data:`DEFAULT_TABLE`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from casefile.errors import UnknownRegion

if TYPE_CHECKING:
    from casefile.rules.rule_sets import RuleSet
    from casefile.vocab import DeadlineKind


@dataclass(frozen=True)
class Office:
    """One office that receives filings.

    ``key`` is stable and machine-friendly (``"10-birmingham"``, ``"board"``); ``region`` is the
    two-digit Region that runs the office today (``None`` for the Board's office); ``tz`` is an IANA
    time-zone name.
    """

    key: str
    name: str
    region: str | None
    tz: str


BOARD_OFFICE = Office(
    key="board",
    name="Office of the Executive Secretary, Washington, DC",
    region=None,
    tz="America/New_York",
)

#: Offices located in the "Inauguration Day area" of 5 U.S.C. 6103(c) (the District of Columbia,
#: Montgomery and Prince George's Counties in Maryland, Arlington and Fairfax Counties and the cities
#: of Alexandria and Falls Church in Virginia), whose employees have Inauguration Day as a holiday:
#: the Board's Office of the Executive Secretary and Region 5's Washington, DC office (regions.md).
#: The statute goes by where the employees work, so the Washington office of Region 5 closes too,
#: though the Regional Offices elsewhere do not. Correctable data, like the tables below.
WASHINGTON_AREA_OFFICES: frozenset[str] = frozenset({"board", "05-washington"})

# (region, city, state, tz, main office?) — domain/regions.md.
_ROWS: tuple[tuple[str, str, str, str, bool], ...] = (
    ("01", "Boston", "MA", "America/New_York", True),
    ("01", "Hartford", "CT", "America/New_York", False),
    ("02", "New York", "NY", "America/New_York", True),
    ("03", "Buffalo", "NY", "America/New_York", True),
    ("03", "Albany", "NY", "America/New_York", False),
    ("04", "Philadelphia", "PA", "America/New_York", True),
    ("05", "Baltimore", "MD", "America/New_York", True),
    ("05", "Washington", "DC", "America/New_York", False),
    ("06", "Pittsburgh", "PA", "America/New_York", True),
    ("07", "Detroit", "MI", "America/Detroit", True),
    ("07", "Grand Rapids", "MI", "America/Detroit", False),
    ("08", "Cleveland", "OH", "America/New_York", True),
    ("09", "Cincinnati", "OH", "America/New_York", True),
    ("10", "Atlanta", "GA", "America/New_York", True),
    ("10", "Birmingham", "AL", "America/Chicago", False),
    ("10", "Nashville", "TN", "America/Chicago", False),
    ("10", "Winston-Salem", "NC", "America/New_York", False),
    ("12", "Tampa", "FL", "America/New_York", True),
    ("12", "Miami", "FL", "America/New_York", False),
    ("12", "San Juan", "PR", "America/Puerto_Rico", False),
    ("13", "Chicago", "IL", "America/Chicago", True),
    ("14", "St. Louis", "MO", "America/Chicago", True),
    ("14", "Overland Park", "KS", "America/Chicago", False),
    ("14", "Peoria", "IL", "America/Chicago", False),
    ("15", "New Orleans", "LA", "America/Chicago", True),
    ("15", "Memphis", "TN", "America/Chicago", False),
    ("15", "Little Rock", "AR", "America/Chicago", False),
    ("16", "Fort Worth", "TX", "America/Chicago", True),
    ("16", "Houston", "TX", "America/Chicago", False),
    ("16", "San Antonio", "TX", "America/Chicago", False),
    ("18", "Minneapolis", "MN", "America/Chicago", True),
    ("18", "Milwaukee", "WI", "America/Chicago", False),
    ("18", "Des Moines", "IA", "America/Chicago", False),
    ("19", "Seattle", "WA", "America/Los_Angeles", True),
    ("19", "Portland", "OR", "America/Los_Angeles", False),
    ("19", "Anchorage", "AK", "America/Anchorage", False),
    ("20", "San Francisco", "CA", "America/Los_Angeles", True),
    ("20", "Honolulu", "HI", "Pacific/Honolulu", False),
    ("21", "Los Angeles", "CA", "America/Los_Angeles", True),
    ("21", "San Diego", "CA", "America/Los_Angeles", False),
    ("22", "Newark", "NJ", "America/New_York", True),
    ("25", "Indianapolis", "IN", "America/Indiana/Indianapolis", True),
    ("27", "Denver", "CO", "America/Denver", True),
    ("28", "Phoenix", "AZ", "America/Phoenix", True),
    ("28", "Albuquerque", "NM", "America/Denver", False),
    ("28", "Las Vegas", "NV", "America/Los_Angeles", False),
    ("28", "El Paso", "TX", "America/Denver", False),
    ("29", "Brooklyn", "NY", "America/New_York", True),
    ("31", "Los Angeles", "CA", "America/Los_Angeles", True),
    ("32", "Oakland", "CA", "America/Los_Angeles", True),
)


_NOT_SLUG = re.compile(r"[^a-z0-9]+")


def _slug(text: str) -> str:
    return _NOT_SLUG.sub("-", text.lower()).strip("-")


def _office(region: str, city: str, state: str, tz: str) -> Office:
    return Office(key=f"{region}-{_slug(city)}", name=f"{city}, {state}", region=region, tz=tz)


REGIONAL_OFFICES: tuple[Office, ...] = tuple(_office(r, c, s, tz) for r, c, s, tz, _ in _ROWS)
MAIN_OFFICES: Mapping[str, str] = MappingProxyType(
    {r: f"{r}-{_slug(c)}" for r, c, _s, _tz, main in _ROWS if main}
)

# Former Region numbers (merged Regions and former subregions) -> key of the office that handles
# their cases now. regions.md: "never refuse an old case number because its Region no longer
# exists". Correctable data: pass your own mapping to OfficeTable.
FORMER_REGION_OFFICES: Mapping[str, str] = MappingProxyType(
    {
        "11": "10-winston-salem",  # Region 11 (Winston-Salem) merged into Region 10
        "17": "14-overland-park",  # Region 17 (Kansas City / Overland Park) merged into Region 14
        "23": "16-houston",  # Region 23 (Houston) merged into Region 16
        "24": "12-san-juan",  # Region 24 (San Juan) merged into Region 12
        "26": "15-memphis",  # Region 26 (Memphis) merged into Region 15
        "30": "18-milwaukee",  # Region 30 (Milwaukee) merged into Region 18
        "33": "14-peoria",  # Subregion 33 (Peoria) now under Region 14
        "34": "01-hartford",  # Subregion 34 (Hartford) now under Region 1
        "36": "19-portland",  # Subregion 36 (Portland) now under Region 19
        "37": "20-honolulu",  # Subregion 37 (Honolulu) now under Region 20
    }
)


def normalize_region(region: str | int) -> str:
    """Return a Region number as two digits: ``10`` / ``"10"`` / ``"1"`` / ``"Region 1"`` -> ``"10"``/``"01"``.

    Raises UnknownRegion when the value is not a Region number (1–99).
    Authority: rules.md §7 (two-digit Region with a leading zero).
    """
    text = str(region).strip()
    match = re.fullmatch(r"(?i)(?:region\s*)?0*(\d{1,2})", text)
    if match is None or int(match.group(1)) == 0:
        raise UnknownRegion(f"{region!r} is not a Region number (expected 1–99, e.g. '10' or '01')")
    return f"{int(match.group(1)):02d}"


@dataclass(frozen=True)
class RegionScope:
    """One current Region and the offices it runs (``offices``, main office first); ``former_regions``:
    the old Region numbers whose cases its offices handle now; ``note``: set when the Region asked
    for was a former one and this Region was taken instead."""

    region: str
    offices: tuple[Office, ...]
    former_regions: tuple[str, ...] = ()
    note: str | None = None

    @property
    def office_keys(self) -> tuple[str, ...]:
        """The keys of the Region's offices (what a case's ``office_key`` is compared with)."""
        return tuple(o.key for o in self.offices)


class OfficeTable:
    """A correctable table of receiving offices and of the former Regions that map onto them.

    ``offices``: every office that can receive filings (the Board's office is always added);
    ``main_offices``: Region -> key of its main office (the default receiving office);
    ``former_regions``: old Region number -> key of the office that handles those cases now.
    Raises UnknownRegion if a mapping names an office key that is not in ``offices``.
    Authority: 29 CFR 102.2(b), 102.5(d); rules.md R-B9; domain/regions.md.
    """

    def __init__(
        self,
        offices: Iterable[Office] = REGIONAL_OFFICES,
        *,
        main_offices: Mapping[str, str] = MAIN_OFFICES,
        former_regions: Mapping[str, str] = FORMER_REGION_OFFICES,
    ) -> None:
        rows = [o for o in offices if o.key != BOARD_OFFICE.key]
        self._by_key: dict[str, Office] = {o.key: o for o in rows}
        self._by_key[BOARD_OFFICE.key] = BOARD_OFFICE
        self._main = {normalize_region(r): k for r, k in main_offices.items()}
        self._former = {normalize_region(r): k for r, k in former_regions.items()}
        for what, table in (("main office", self._main), ("former Region", self._former)):
            for region, key in table.items():
                if key not in self._by_key:
                    raise UnknownRegion(f"{what} table maps Region {region} to unknown office key {key!r}")

    def all_offices(self) -> tuple[Office, ...]:
        """Every office in the table, Regions in order, the Board's office last. Authority: regions.md."""
        regional = sorted((o for o in self._by_key.values() if o.region is not None), key=lambda o: (o.region, o.key))
        return (*regional, BOARD_OFFICE)

    def region_offices(self, region: str) -> tuple[Office, ...]:
        """Offices of one current Region (two-digit string), main office first. Authority: regions.md."""
        main = self._main.get(region)
        offices = [o for o in self._by_key.values() if o.region == region]
        return tuple(sorted(offices, key=lambda o: (o.key != main, o.key)))

    def office_for(self, region: str | int, office: str | None = None) -> Office:
        """The receiving office of a case in ``region`` (``"10"``, ``10``, ``"1"``), optionally naming one office.

        ``office``: a city (``"Birmingham"``, case-insensitive), an office name (``"Birmingham, AL"``)
        or a key (``"10-birmingham"``); ``None`` -> the Region's main office. A former Region number
        (11, 17, 23, 24, 26, 30, 33, 34, 36, 37) maps to the office that handles it now.
        Raises UnknownRegion when the Region is unknown or the office is not one of the Region's
        offices (the message lists the Region's offices).
        Authority: 29 CFR 102.2(b); rules.md R-B9, §7; domain/regions.md.
        """
        number = normalize_region(region)
        if number in self._former:
            handling = self._by_key[self._former[number]]
            if office is None or _matches(handling, office):
                return handling
            current = handling.region
            assert current is not None
            return self._pick(current, office, asked=f"former Region {number} (now Region {current})")
        if number not in self._main and not any(o.region == number for o in self._by_key.values()):
            known = ", ".join(sorted({o.region for o in self._by_key.values() if o.region} | set(self._former)))
            raise UnknownRegion(f"Region {number} is not in the office table; known Regions: {known}")
        if office is None:
            key = self._main.get(number)
            if key is None:
                raise UnknownRegion(f"Region {number} has no main office in the office table")
            return self._by_key[key]
        return self._pick(number, office, asked=f"Region {number}")

    def office_named(self, name: str) -> Office:
        """The office with key or city/name ``name`` in any Region (``"10-birmingham"``, ``"Birmingham"``, ``"board"``).

        Raises UnknownRegion when no office matches, or when a city name matches offices of several
        Regions (Los Angeles: Regions 21 and 31) — the message lists the candidates' keys.
        Authority: rules.md R-B9; domain/regions.md.
        """
        if name in self._by_key:  # a stored office key (every deadline and case row names one): no slugging
            return self._by_key[name]
        text = name.strip()
        if (slug := _slug(text)) in self._by_key:
            return self._by_key[slug]
        hits = [o for o in self._by_key.values() if _matches(o, text)]
        if len(hits) == 1:
            return hits[0]
        if not hits:
            raise UnknownRegion(f"no receiving office named {name!r}; give a key such as '10-birmingham' or a city")
        keys = ", ".join(o.key for o in hits)
        raise UnknownRegion(f"office name {name!r} is ambiguous ({keys}); give the key or the Region")

    def region_of(self, office_key: str) -> str:
        """The Region (two digits) that runs the office ``office_key`` today — the Region of every case
        the office handles, whatever Region its case number names (a case numbered 24-RC-… handled by
        the San Juan office is a Region 12 case; a case transferred to another Region is that Region's).

        Raises UnknownRegion for a key the table does not know, and for the Board's office (no Region).
        Authority: domain/regions.md (merged Regions); rules.md §7 ("never re-derive the region").
        """
        office = self._by_key.get(office_key)
        if office is None:
            raise UnknownRegion(f"office key {office_key!r} is not in the office table")
        if office.region is None:
            raise UnknownRegion(f"{office.name} is not a Regional Office: it belongs to no Region")
        return office.region

    def region_scope(self, region: str | int) -> RegionScope:
        """The current Region that ``region`` names and every office it runs: what "the cases of Region N" means.

        A current Region (``"12"``, ``12``, ``"Region 12"``) gives its own offices, including those that
        took over the cases of merged Regions and former subregions (12-san-juan handles the cases
        numbered for former Region 24). A former Region number (``"24"``) gives the Region that now
        handles its cases (Region 12, all of its offices), with a note saying so. A case belongs to the
        scope when its receiving office is one of ``offices`` — never by its case-number prefix.
        Raises UnknownRegion for a value that is not a Region number or a Region not in the table.
        Authority: domain/regions.md; rules.md §7.
        """
        number = normalize_region(region)
        note = None
        if number in self._former:
            handling = self._by_key[self._former[number]]
            assert handling.region is not None
            note = (f"Region {number} no longer exists: its cases are handled by {handling.name} ({handling.key}) "
                    f"in Region {handling.region}, so Region {handling.region} is meant")
            number = handling.region
        offices = self.region_offices(number)
        if not offices:
            known = ", ".join(sorted({o.region for o in self._by_key.values() if o.region} | set(self._former)))
            raise UnknownRegion(f"Region {number} is not in the office table; known Regions: {known}")
        former = tuple(sorted(r for r, key in self._former.items() if self._by_key[key].region == number))
        return RegionScope(region=number, offices=offices, former_regions=former, note=note)

    def handling_office(self, numbered_region: str | int, *, listed_region: str | int | None = None,
                        listed_office: str | None = None) -> Office:
        """The office that handles a case now, from the Region its number names and, where a source
        lists it (NLRB's export: "Region 08, Cleveland, Ohio"), the Region and office that list the case.

        - Nothing listed, or the listed Region is the one the number names (a former Region number
          counting as the Region that took it over, e.g. 24 → 12): the number's office — for a
          former Region the office that took its cases over (12-san-juan for a 24-RC case, whatever
          city the listing names), otherwise the listed office when it is one of the Region's.
        - A different Region listed: the case was transferred to that Region (issue 10: a Region
          whose own conduct is put at issue hands the case to another; the Casehandling Manual
          section was not verified [U]); the listed office when it is one of that Region's offices,
          else the Region's main office.
        Raises UnknownRegion when a Region is not a Region number or not in the table.
        Authority: domain/regions.md; rules.md §7; NLRB Casehandling Manual (Part Two) on transfers [U].
        """
        home = self.office_for(numbered_region)
        if listed_region is None:
            return home
        listed = self.region_scope(listed_region)
        named = next((o for o in listed.offices if listed_office and _matches(o, listed_office)), None)
        if home.region == listed.region:
            if normalize_region(numbered_region) in self._former:
                return home  # a merged Region's cases stay with the office that took them over
            return named or home
        return named or self.office_for(listed.region)

    def _pick(self, region: str, office: str, *, asked: str) -> Office:
        candidates = self.region_offices(region)
        for candidate in candidates:
            if _matches(candidate, office):
                return candidate
        listing = "; ".join(f"{o.key} ({o.name}, {o.tz})" for o in candidates)
        from casefile.validation import did_you_mean

        hint = did_you_mean(office, [n for o in candidates for n in (o.key, o.name.split(",")[0])])
        raise UnknownRegion(f"{asked} has no office {office!r}{hint}{' Its' if hint else '; its'} offices: {listing}")


def _matches(office: Office, text: str) -> bool:
    wanted = _slug(text)
    city = office.name.split(",")[0]
    return wanted in {office.key, _slug(office.name), _slug(city)}


DEFAULT_TABLE = OfficeTable()


def office_for(region: str | int, office: str | None = None) -> Office:
    """The receiving office of a case in ``region`` (see :meth:`OfficeTable.office_for`), from the default table.

    Raises UnknownRegion (message lists the Region's known offices).
    Authority: 29 CFR 102.2(b); rules.md R-B9; domain/regions.md.
    """
    return DEFAULT_TABLE.office_for(region, office)


def office_named(name: str) -> Office:
    """The office with key or city ``name`` in any Region, from the default table (see :meth:`OfficeTable.office_named`).

    Raises UnknownRegion when unknown or ambiguous.
    Authority: rules.md R-B9; domain/regions.md.
    """
    return DEFAULT_TABLE.office_named(name)


def all_offices() -> tuple[Office, ...]:
    """Every office of the default table, the Board's office last. Authority: domain/regions.md."""
    return DEFAULT_TABLE.all_offices()


def region_of(office_key: str) -> str:
    """The Region that runs the office ``office_key`` today (see :meth:`OfficeTable.region_of`), default table.

    Raises UnknownRegion. Authority: domain/regions.md; rules.md §7.
    """
    return DEFAULT_TABLE.region_of(office_key)


def region_scope(region: str | int) -> RegionScope:
    """The current Region named by ``region`` and its offices (see :meth:`OfficeTable.region_scope`), default table.

    Sweeps, reminders and imports take "the cases of Region N" from this: the cases whose office is
    one of the scope's offices. Raises UnknownRegion. Authority: domain/regions.md; rules.md §7.
    """
    return DEFAULT_TABLE.region_scope(region)


def handling_office(numbered_region: str | int, *, listed_region: str | int | None = None,
                    listed_office: str | None = None) -> Office:
    """The office handling a case now (see :meth:`OfficeTable.handling_office`), from the default table.

    Raises UnknownRegion. Authority: domain/regions.md; rules.md §7.
    """
    return DEFAULT_TABLE.handling_office(numbered_region, listed_region=listed_region, listed_office=listed_office)


def in_washington_area(office: Office) -> bool:
    """Whether ``office`` is in the Washington, DC area where Inauguration Day is a holiday (5 U.S.C. 6103(c)).

    True for the Board's Office of the Executive Secretary and Region 5's Washington office
    (:data:`WASHINGTON_AREA_OFFICES`). Authority: 5 U.S.C. 6103(c); rules.md R-B6.
    """
    return office.key in WASHINGTON_AREA_OFFICES


def receiving_office(kind: DeadlineKind, rule_set: RuleSet, *, region: str | int | None = None,
                     office: str | None = None, table: OfficeTable = DEFAULT_TABLE) -> Office:
    """The office whose calendar and time zone decide a deadline of ``kind``, from what the asker names.

    ``region`` (with an optional ``office`` of that Region) or ``office`` alone (a key or a city in
    any Region) names the case's Regional Office; :func:`casefile.rules.deadlines.compute_deadline`
    then sends filings that the rule set makes the Board's (requests for review, oppositions) to the
    Board's office whatever is named. With neither, a deadline whose whole chain is filed with the
    Board needs no Region (the Board's office is returned); any other is refused.
    Raises UnknownRegion (unknown Region or office; a Regional filing with no Region or office named).
    Authority: 29 CFR 102.2(b), 102.5(d), 102.67(c), (i)(2); rules.md R-B9.
    """
    if region is not None:
        return table.office_for(region, office)
    if office is not None:
        return table.office_named(office)
    chain: DeadlineKind | None = kind
    while chain is not None:
        period = rule_set.period(chain)
        if period.receiving != "board":
            raise UnknownRegion(f"{kind.value}: filed with the Regional Office, so the case's Region or receiving office "
                                "must be named (e.g. Region 10 with office Birmingham, or the key 10-birmingham)")
        chain = period.runs_from
    return BOARD_OFFICE
