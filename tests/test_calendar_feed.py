"""Calendar feeds: the open deadlines of a case recorded through the acts come out as iCalendar
files that parse back with ``icalendar``, pass its validation, carry the real cut-offs, keep their
UIDs from one export to the next and give each party only the deadlines it must act on."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import UTC, date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from icalendar import Calendar, Event
from sqlalchemy import Engine
from sqlmodel import SQLModel

from casefile.calendar_feed import Feed, case_feeds, concerns_party, deadline_uid, write_feeds
from casefile.errors import UnknownCase, UnknownRecord
from casefile.jobs.sweep import sweep
from casefile.record import migrate
from casefile.record.db import make_engine, read_session, write_session
from casefile.record.deadlines import keep_deadline
from casefile.record.lookups import get_case, get_election
from casefile.vocab import DeadlineKind, TriggerKind
from tests.bessemer import (
    NUMBER,
    TALLY_2021,
    TALLY_2022,
    case_act,
    file_objections,
    objections_act,
    open_case,
    record_tally,
    to_rerun,
)
from tests.conftest import at

EASTERN = ZoneInfo("America/New_York")
CENTRAL = ZoneInfo("America/Chicago")
CASEFILE = Path(sys.executable).with_name("casefile")


def _bessemer_2021(engine: Engine, *, office: str = "Atlanta") -> None:
    """Bessemer opened and its 2021 tally recorded (prepared Fri 2021-04-09), optionally at another office."""
    with write_session(engine, by="operator:tests") as s:
        open_case(s, act=case_act(office=office), as_of=at("2021-04-09T12:00:00-04:00"))
        record_tally(s, TALLY_2021, as_of=at("2021-04-09T12:00:00-04:00"))


#: The instant the feeds are exported at unless a test says otherwise: the Monday after the 2021 tally,
#: while its periods run (a feed holds the deadlines open at the instant of the export).
AFTER_TALLY = at("2021-04-12T09:00:00-04:00")


def _feeds(engine: Engine, *, as_of: datetime = AFTER_TALLY, **kw: str) -> dict[str, Feed]:
    with read_session(engine) as s:
        return {f.filename: f for f in case_feeds(s, as_of=as_of, **kw)}


def _parse(feed: Feed) -> Calendar:
    parsed = Calendar.from_ical(feed.to_ical())
    assert isinstance(parsed, Calendar)
    return parsed


def _events(calendar: Calendar) -> dict[str, Event]:
    """The calendar's events by the kind of deadline (third CATEGORIES value) and election (from the UID)."""
    events = {}
    for event in calendar.walk("VEVENT"):
        kind = event["CATEGORIES"].cats[2]
        election = str(event["UID"]).split("-e")[-1].split("-")[0]
        events[f"{kind}@e{election}"] = event
    return events


def assert_valid(calendar: Calendar) -> None:
    """icalendar's own validation, then RFC 5545's per-component rules as icalendar declares them
    (required, at most once, mutually exclusive), no property it could not parse, every TZID defined."""
    calendar.validate()
    assert (str(calendar["VERSION"]), str(calendar["PRODID"])) == ("2.0", "-//casefile//NLRB post-election deadlines//EN")
    for component in calendar.walk():
        assert component.errors == [], component.name
        for name in component.required:
            assert name in component, f"{component.name} lacks {name}"
        for name in component.singletons:
            assert not isinstance(component.get(name), list), f"{component.name} repeats {name}"
        for first, *others in [component.exclusive] if component.exclusive else []:
            assert not (first in component and any(o in component for o in others)), component.name
    for event in calendar.walk("VEVENT"):
        assert {"UID", "DTSTAMP", "DTSTART"} <= set(event.keys())
        assert event.DTSTAMP.tzinfo is not None and event.DTSTAMP.utcoffset().total_seconds() == 0
    assert calendar.get_missing_tzids() == set()


class TestCaseCalendar:
    def test_bessemer_feed_parses_back_and_validates(self, engine: Engine) -> None:
        """The case's calendar and each party's parse back with icalendar and pass its validation."""
        _bessemer_2021(engine)
        feeds = _feeds(engine)
        assert sorted(feeds) == ["10-RC-269250-amazon.ics", "10-RC-269250-rwdsu.ics", "10-RC-269250.ics"]
        for feed in feeds.values():
            assert feed.to_ical().startswith(b"BEGIN:VCALENDAR\r\n")
            assert_valid(_parse(feed))

    @pytest.mark.parametrize(("office", "zone", "cutoff_at"), [
        ("Atlanta", "America/New_York", datetime(2021, 4, 16, 23, 59, 59, tzinfo=EASTERN)),
        ("Birmingham", "America/Chicago", datetime(2021, 4, 16, 23, 59, 59, tzinfo=CENTRAL)),
    ], ids=["atlanta-eastern", "birmingham-central"])
    def test_objections_event_sits_at_the_cut_off_in_the_office_zone(self, engine: Engine, office: str, zone: str,
                                                                     cutoff_at: datetime) -> None:
        """Bessemer's objections are an event at the cut-off instant (23:59:59, shown as 11:59 p.m.) Fri 2021-04-16 with the receiving office's TZID."""
        _bessemer_2021(engine, office=office)
        event = _events(_parse(_feeds(engine)["10-RC-269250.ics"]))["objections@e1"]
        assert cutoff_at == event.DTSTART
        assert event["DTSTART"].params["TZID"] == zone
        assert "DTEND" not in event and "DURATION" not in event  # ends when it starts (RFC 5545 3.6.1)
        assert str(event["SUMMARY"]) == "Objections due — 10-RC-269250"

    @pytest.mark.parametrize(("key", "summary", "start"), [
        ("objections@e1", "Objections due — 10-RC-269250", datetime(2021, 4, 16, 23, 59, 59, tzinfo=EASTERN)),
        ("offer-of-proof@e1", "Offer of proof due — 10-RC-269250", datetime(2021, 4, 16, 23, 59, 59, tzinfo=EASTERN)),
        ("earliest-certification@e1", "Certification may issue (Regional Director) — 10-RC-269250", date(2021, 4, 19)),
        ("hearing-opens@e1", "Post-election hearing, if one is set: to open (Regional Director) — 10-RC-269250", date(2021, 4, 30)),
    ], ids=["objections", "offer-of-proof", "earliest-certification", "hearing-opens"])
    def test_every_open_deadline_is_an_event(self, engine: Engine, key: str, summary: str, start: date) -> None:
        """Each of the four open deadlines after the 2021 tally is one event; the Regional Director's dates are all-day."""
        _bessemer_2021(engine)
        events = _events(_parse(_feeds(engine)["10-RC-269250.ics"]))
        assert len(events) == 4
        assert (str(events[key]["SUMMARY"]), events[key].DTSTART) == (summary, start)
        # the Region's dates are the rule's targets, not set events (F21); the filing cut-offs are confirmed
        assert str(events[key]["STATUS"]) == ("TENTATIVE" if isinstance(start, date) and not isinstance(start, datetime)
                                              else "CONFIRMED")

    def test_description_carries_rule_office_and_derivation(self, engine: Engine) -> None:
        """The objections event's description gives the citation, rule set, receiving office and each derivation
        line, in words: dates written out, the rule set by its title, the office by its name and zone, no key
        ("10-atlanta", "2019-text"), zone name ("America/New_York"), calendar id or command."""
        _bessemer_2021(engine)
        text = str(_events(_parse(_feeds(engine)["10-RC-269250.ics"]))["objections@e1"]["DESCRIPTION"])
        for line in ("Objections: due April 16, 2021, by 11:59 p.m. EDT at the receiving office",
                     "Who must act: all parties", "Rule: 29 CFR 102.69(a)(8)",
                     "Rule set: 2019 rule as implemented (business days; post-hearing briefs as of right)",
                     "Receiving office: Atlanta, GA (Eastern time)",
                     "Trigger: Tally of Ballots prepared April 9, 2021", "tally prepared Fri April 9, 2021",
                     "Mon April 12, 2021 is day 1", "Fri April 16, 2021 is day 5",
                     "received by Atlanta, GA (Eastern time) (29 CFR 102.2(b))", "cut-off 11:59 p.m. EDT"):
            assert line in text.splitlines(), line
        # The Agency writes "11:59 p.m.": no seconds and no machine instant in the human text (DTSTART keeps 23:59:59).
        assert ":59:59" not in text and "T23:59" not in text and "rules.md" not in text
        for internal in ("10-atlanta", "2019-text", "America/New_York", "us-federal", "casefile deadlines", "2021-04-"):
            assert internal not in text, internal

    def test_a_noticed_hearing_is_given_at_its_time_in_the_office_zone(self, engine: Engine) -> None:
        """Bessemer's Notice of Hearing (issued April 26, 2021) sets the hearing to open May 7, 2021 at 10:00 a.m. at
        the office (Birmingham: Central time): the hearing-opens event moves from the rule's all-day target (April 30)
        to 10:00 a.m. CDT on May 7, confirmed, at the notice's place, under the same UID with a higher SEQUENCE."""
        from tests.bessemer import front_door

        _bessemer_2021(engine, office="Birmingham")
        target = _events(_parse(_feeds(engine)["10-RC-269250.ics"]))["hearing-opens@e1"]
        assert (target.DTSTART, str(target["STATUS"])) == (date(2021, 4, 30), "TENTATIVE")
        front_door(engine, {"act": "file-objections", "date": "2021-04-16", "party": "rwdsu",
                            "objections": ["collection box"]}, at("2021-04-16T12:00:00-05:00"))
        front_door(engine, {"act": "notice-hearing", "date": "2021-04-26", "opens_on": "2021-05-07", "opens_at": "10:00",
                            "place": "by videoconference"}, at("2021-04-26T12:00:00-05:00"))
        noticed = _events(_parse(_feeds(engine, as_of=at("2021-04-27T09:00:00-05:00"))["10-RC-269250.ics"]))[
            "hearing-opens@e1"]
        assert datetime(2021, 5, 7, 10, 0, tzinfo=CENTRAL) == noticed.DTSTART
        assert noticed["DTSTART"].params["TZID"] == "America/Chicago"
        assert str(noticed["SUMMARY"]) == "Post-election hearing opens (noticed by the Regional Director) — 10-RC-269250"
        assert (str(noticed["STATUS"]), str(noticed["LOCATION"])) == ("CONFIRMED", "by videoconference")
        assert str(noticed["UID"]) == str(target["UID"]) and noticed["SEQUENCE"] > target["SEQUENCE"]
        assert ("Post-election hearing: opens May 7, 2021 at 10:00 a.m. CDT, by videoconference, as the Notice of "
                "Hearing of April 26, 2021 set it (the rule's target: April 30, 2021)") in str(noticed["DESCRIPTION"]), \
            str(noticed["DESCRIPTION"])

    def test_alarm_rings_at_nine_the_day_before(self, engine: Engine) -> None:
        """The objections event's alarm rings at 9:00 a.m. Eastern on Thu 2021-04-15; --no-alarm leaves it out."""
        _bessemer_2021(engine)
        alarms = _events(_parse(_feeds(engine)["10-RC-269250.ics"]))["objections@e1"].walk("VALARM")
        assert [(str(a["ACTION"]), a["TRIGGER"].dt) for a in alarms] == [
            ("DISPLAY", datetime(2021, 4, 15, 13, 0, tzinfo=UTC))]
        with read_session(engine) as s:
            quiet = case_feeds(s, as_of=AFTER_TALLY, case_number=NUMBER, alarm=False)[0]
        assert _parse(quiet).walk("VALARM") == []

    def test_rerun_events_name_their_election_and_winter_cut_offs_are_standard_time(self, engine: Engine) -> None:
        """After the 2022 rerun tally, its objections are due Thu 2022-04-07 (election 2); reconsideration of the
        RD's decision was due Mon 2021-12-13 11:59 p.m. EST (-05:00): in the feed exported in December 2021,
        gone from the one exported after the rerun's tally (lapsed: never an "open" event after its cut-off)."""
        to_rerun(engine)
        december = _events(_parse(_feeds(engine, as_of=at("2021-12-10T09:00:00-05:00"))["10-RC-269250.ics"]))
        winter = december["reconsideration@e1"].DTSTART
        assert (winter, winter.utcoffset().total_seconds()) == (datetime(2021, 12, 13, 23, 59, 59, tzinfo=EASTERN), -5 * 3600)
        with write_session(engine, by="operator:tests") as s:
            record_tally(s, TALLY_2022, as_of=at("2022-03-31T12:00:00-04:00"))
        calendar = _parse(_feeds(engine, as_of=at("2022-03-31T13:00:00-04:00"))["10-RC-269250.ics"])
        assert_valid(calendar)
        events = _events(calendar)
        rerun = events["objections@e2"]
        assert str(rerun["SUMMARY"]) == "Objections due — 10-RC-269250, election 2"
        assert str(rerun["UID"]) == "deadline-objections-10-RC-269250-e2-2022-03-31@casefile"
        assert datetime(2022, 4, 7, 23, 59, 59, tzinfo=EASTERN) == rerun.DTSTART
        assert "reconsideration@e1" not in events  # its cut-off passed in December 2021
        assert "offer-of-proof@e1" not in events  # mooted deadlines leave the feed


class TestStableIdentity:
    def test_two_exports_are_byte_identical(self, engine: Engine) -> None:
        """Exporting twice gives the same bytes: UIDs, DTSTAMP and SEQUENCE come from the data, not the clock."""
        _bessemer_2021(engine)
        first, second = _feeds(engine), _feeds(engine)
        assert {k: f.to_ical() for k, f in first.items()} == {k: f.to_ical() for k, f in second.items()}

    def test_uid_dtstamp_and_sequence_of_the_objections_event(self, engine: Engine) -> None:
        """The objections event's UID is its natural key; DTSTAMP is the trigger date at 00:00 UTC; SEQUENCE the 7-day span."""
        _bessemer_2021(engine)
        event = _events(_parse(_feeds(engine)["10-RC-269250.ics"]))["objections@e1"]
        assert str(event["UID"]) == "deadline-objections-10-RC-269250-e1-2021-04-09@casefile"
        assert str(event["UID"]) == deadline_uid(DeadlineKind.OBJECTIONS, NUMBER, 1, date(2021, 4, 9))
        assert datetime(2021, 4, 9, tzinfo=UTC) == event.DTSTAMP
        assert event["SEQUENCE"] == 7

    def test_uids_survive_a_rebuilt_database_and_a_met_deadline(self, engine: Engine, tmp_path: Path) -> None:
        """The same case recorded in another database gets the same UIDs; once objections are filed and the
        sweep closes the period, those events leave the feed and the rest keep their UIDs."""
        _bessemer_2021(engine)
        other = make_engine(f"sqlite:///{tmp_path / 'other.db'}")
        SQLModel.metadata.create_all(other)
        _bessemer_2021(other)
        before = {str(e["UID"]) for e in _parse(_feeds(engine)["10-RC-269250.ics"]).walk("VEVENT")}
        assert before == {str(e["UID"]) for e in _parse(_feeds(other)["10-RC-269250.ics"]).walk("VEVENT")}
        other.dispose()
        with write_session(engine, by="operator:tests") as s:
            file_objections(s, objections_act("rwdsu", ["objection 1"], at=at("2021-04-16T16:00:00-05:00")),
                            as_of=at("2021-04-16T17:00:00-04:00"))
        with write_session(engine, by="operator:tests") as s:
            sweep(s, as_of=at("2021-04-17T00:00:00-04:00"))
        after = {str(e["UID"]) for e in _parse(_feeds(engine, as_of=at("2021-04-17T00:00:00-04:00"))["10-RC-269250.ics"]).walk("VEVENT")}
        assert after < before
        assert "deadline-objections-10-RC-269250-e1-2021-04-09@casefile" in before - after


class TestPartyCalendars:
    @pytest.mark.parametrize(("for_whom", "party", "concerned"), [
        ("all parties", "rwdsu", True),
        ("objecting party", "amazon", True),
        ("amazon", "amazon", True),
        ("amazon", "rwdsu", False),
        ("Regional Director", "rwdsu", False),
    ], ids=["all-parties", "objecting-party", "own-key", "other-party", "regional-director"])
    def test_whose_deadlines(self, for_whom: str, party: str, concerned: bool) -> None:
        """A party's calendar holds deadlines of all parties, of the objecting party and of its own key only."""
        assert concerns_party(for_whom, party) is concerned

    def test_each_party_gets_only_its_deadlines(self, engine: Engine) -> None:
        """Both parties get objections and offer of proof, not the Regional Director's dates; a deadline stored
        for Amazon alone (a request for review, received by the Board) is in Amazon's calendar only."""
        _bessemer_2021(engine)
        with write_session(engine, by="operator:tests") as s:
            case = get_case(s, NUMBER)
            keep_deadline(s, case=case, election=get_election(s, case), kind=DeadlineKind.REQUEST_FOR_REVIEW,
                          trigger=TriggerKind.CERTIFICATION_OF_RESULTS, trigger_on=date(2021, 4, 12), for_whom="amazon")
        feeds = _feeds(engine)
        kinds = {name: sorted(_events(_parse(f))) for name, f in feeds.items()}
        assert kinds == {
            "10-RC-269250.ics": ["earliest-certification@e1", "hearing-opens@e1", "objections@e1", "offer-of-proof@e1",
                                 "request-for-review@e1"],
            "10-RC-269250-amazon.ics": ["objections@e1", "offer-of-proof@e1", "request-for-review@e1"],
            "10-RC-269250-rwdsu.ics": ["objections@e1", "offer-of-proof@e1"],
        }
        review = _events(_parse(feeds["10-RC-269250-amazon.ics"]))["request-for-review@e1"]
        assert "Receiving office: Office of the Executive Secretary, Washington, DC (Eastern time)" in str(
            review["DESCRIPTION"]).splitlines()
        party_uids = {str(e["UID"]) for e in _parse(feeds["10-RC-269250-amazon.ics"]).walk("VEVENT")}
        case_uids = {str(e["UID"]) for e in _parse(feeds["10-RC-269250.ics"]).walk("VEVENT")}
        assert party_uids < case_uids  # the same event under the same UID in both calendars

    def test_one_party_only(self, engine: Engine) -> None:
        """With a party key only that party's calendar is built; an unknown key is refused naming the parties."""
        _bessemer_2021(engine)
        assert sorted(_feeds(engine, party_key="rwdsu")) == ["10-RC-269250-rwdsu.ics"]
        assert sorted(_feeds(engine, case_number=NUMBER, party_key="rwdsu")) == ["10-RC-269250-rwdsu.ics"]
        with read_session(engine) as s, pytest.raises(UnknownRecord, match=r"no party 'ibt' \(parties: amazon \(employer: Amazon.com Services LLC\), rwdsu \(petitioner: "):
            case_feeds(s, as_of=AFTER_TALLY, case_number=NUMBER, party_key="ibt")
        with read_session(engine) as s, pytest.raises(UnknownRecord, match="no case in the database has a party 'ibt'"):
            case_feeds(s, as_of=AFTER_TALLY, party_key="ibt")
        with read_session(engine) as s, pytest.raises(UnknownCase):
            case_feeds(s, as_of=AFTER_TALLY, case_number="10-RC-999999")

    def test_party_calendar_with_nothing_open_still_validates(self, engine: Engine) -> None:
        """After the sweep closes the objection period, a party's calendar has no event but stays a valid
        calendar (it keeps the office's VTIMEZONE), so a subscribed feed empties instead of breaking."""
        _bessemer_2021(engine)
        with write_session(engine, by="operator:tests") as s:
            sweep(s, as_of=at("2021-04-17T00:00:00-04:00"))
        calendar = _parse(_feeds(engine, as_of=at("2021-04-17T00:00:00-04:00"))["10-RC-269250-rwdsu.ics"])
        assert calendar.walk("VEVENT") == []
        assert [tz["TZID"] for tz in calendar.walk("VTIMEZONE")] == ["America/New_York"]
        assert_valid(calendar)


class TestWriting:
    def test_write_feeds_replaces_files(self, engine: Engine, tmp_path: Path) -> None:
        """Writing twice leaves one readable file per feed with the feed's bytes and no temporary files."""
        _bessemer_2021(engine)
        feeds = list(_feeds(engine).values())
        out = tmp_path / "calendars"
        write_feeds(feeds, out)
        paths = write_feeds(feeds, out)
        assert sorted(p.name for p in out.iterdir()) == sorted(f.filename for f in feeds)
        assert [p.read_bytes() for p in paths] == [f.to_ical() for f in feeds]
        assert all(p.stat().st_mode & 0o444 == 0o444 for p in paths)


@pytest.fixture
def db_env(tmp_path: Path) -> dict[str, str]:
    """A SQLite file holding Bessemer with its 2021 tally, and the environment pointing the CLI at it."""
    url = f"sqlite:///{tmp_path / 'casefile.db'}"
    engine = make_engine(url)
    migrate.upgrade(engine)  # the CLI opens it: its schema at the migrations' head
    _bessemer_2021(engine)
    engine.dispose()
    return {**os.environ, "CASEFILE_DATABASE_URL": url, "CASEFILE_OUTPUT_DIR": str(tmp_path / "out"), "COLUMNS": "200"}


def _run(env: dict[str, str], *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(CASEFILE), *args], env=env, capture_output=True, text=True, timeout=120, cwd=cwd)


class TestExportCommand:
    def test_export_writes_case_and_party_files(self, db_env: dict[str, str], tmp_path: Path) -> None:
        """`calendar export --case` writes the case's and each party's file under --out and says so."""
        result = _run(db_env, "calendar", "export", "--case", NUMBER, "--out", str(tmp_path / "cal"),
                      "--as-of", "2021-04-12T09:00:00-04:00", cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        assert result.stdout.splitlines() == [
            f"wrote {tmp_path / 'cal' / '10-RC-269250.ics'} (case calendar, 4 open deadlines)",
            f"wrote {tmp_path / 'cal' / '10-RC-269250-amazon.ics'} (party amazon calendar, 2 open deadlines)",
            f"wrote {tmp_path / 'cal' / '10-RC-269250-rwdsu.ics'} (party rwdsu calendar, 2 open deadlines)",
        ]
        parsed = Calendar.from_ical((tmp_path / "cal" / "10-RC-269250-rwdsu.ics").read_bytes())
        assert_valid(parsed)
        assert sorted(_events(parsed)) == ["objections@e1", "offer-of-proof@e1"]

    def test_default_folder_is_under_the_output_dir(self, db_env: dict[str, str], tmp_path: Path) -> None:
        """Without --out, `calendar export --party rwdsu` writes CASEFILE_OUTPUT_DIR/calendars/<case>-rwdsu.ics only."""
        result = _run(db_env, "calendar", "export", "--party", "rwdsu", "--as-of", "2021-04-12", cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        assert sorted(p.name for p in (tmp_path / "out" / "calendars").iterdir()) == ["10-RC-269250-rwdsu.ics"]

    def test_unknown_party_exits_2(self, db_env: dict[str, str], tmp_path: Path) -> None:
        """An unknown party prints the error naming the case's parties, exits 2 and writes nothing."""
        result = _run(db_env, "calendar", "export", "--case", NUMBER, "--party", "ibt", "--out", str(tmp_path / "cal"),
                      cwd=tmp_path)
        assert result.returncode == 2
        assert "case 10-RC-269250 has no party 'ibt' (parties: amazon (employer: Amazon.com Services LLC), rwdsu (petitioner: Retail, Wholesale and Department Store Union))" in " ".join(result.stderr.split())
        assert "Traceback" not in result.stderr
        assert not (tmp_path / "cal").exists()

    def test_export_imports_neither_prefect_nor_weasyprint(self, db_env: dict[str, str], tmp_path: Path) -> None:
        """`calendar export` is a read-only command: prefect and weasyprint stay unimported."""
        code = ("import sys\nfrom casefile.cli import app\n"
                f"app(['calendar', 'export', '--out', {str(tmp_path / 'cal')!r}], standalone_mode=False)\n"
                "print(sorted(m for m in ('prefect', 'weasyprint') if m in sys.modules))")
        result = subprocess.run([sys.executable, "-c", code], env=db_env, capture_output=True, text=True, check=True)
        assert result.stdout.strip().splitlines()[-1] == "[]"


def test_each_objecting_partys_offer_of_proof_is_its_own_event(engine: Engine) -> None:
    """Both parties object to the 2021 tally on Mon 04-12 without their offers of proof: the case's calendar holds
    two offer-of-proof events, each due Fri 2021-04-16 at 11:59 p.m. EDT, each saying whose it is, with its own
    UID; each party's calendar holds its own offer of proof only (29 CFR 102.69(a)(8))."""
    _bessemer_2021(engine)
    with write_session(engine, by="operator:tests") as s:
        for party in ("rwdsu", "amazon"):
            file_objections(s, objections_act(party, ["objection 1"], at=at("2021-04-12T10:00:00-04:00")),
                            as_of=at("2021-04-12T12:00:00-04:00"))
    feeds = _feeds(engine, as_of=at("2021-04-13T09:00:00-04:00"))
    offers = sorted((str(e["UID"]), str(e["SUMMARY"]), e["DTSTART"].dt) for e in _parse(feeds[f"{NUMBER}.ics"]).walk("VEVENT")
                    if e["CATEGORIES"].cats[2] == "offer-of-proof")
    cutoff = datetime(2021, 4, 16, 23, 59, 59, tzinfo=EASTERN)
    assert offers == [
        (f"deadline-offer-of-proof-{NUMBER}-e1-2021-04-09-amazon@casefile",
         f"Amazon.com Services LLC's offer of proof due — {NUMBER}", cutoff),
        (f"deadline-offer-of-proof-{NUMBER}-e1-2021-04-09-rwdsu@casefile",
         f"Retail, Wholesale and Department Store Union's offer of proof due — {NUMBER}", cutoff)]
    amazons = [str(e["UID"]) for e in _parse(feeds[f"{NUMBER}-amazon.ics"]).walk("VEVENT")
               if e["CATEGORIES"].cats[2] == "offer-of-proof"]
    assert amazons == [f"deadline-offer-of-proof-{NUMBER}-e1-2021-04-09-amazon@casefile"]
    description = next(str(e["DESCRIPTION"]) for e in _parse(feeds[f"{NUMBER}-amazon.ics"]).walk("VEVENT")
                       if e["CATEGORIES"].cats[2] == "offer-of-proof")
    assert "Who must act: Amazon.com Services LLC" in description
