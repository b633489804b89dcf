"""Deadline engine: rules.md §6.3 (DL vectors), §6.4 (TZ vectors), Bessemer, rule-set selection (R-A1), the
receiving office's calendar (Inauguration Day, one office's closure), shutdown tolling (R-B8), met late."""

from __future__ import annotations

import json
import re
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from casefile.errors import InvalidCalendar, ProcedureError, UnknownRegion, UntimelyFiling
from casefile.rules.calendar import KNOWN_CLOSURES, BusinessCalendar, Closure
from casefile.rules.deadlines import (
    DeadlineComputation,
    SkippedDay,
    check_timely,
    compute_deadline,
    met_status,
    toll_for_shutdown,
)
from casefile.rules.offices import BOARD_OFFICE, all_offices, office_for, receiving_office
from casefile.rules.rule_sets import RULE_SETS, choose_rule_set, rule_set_by_id, rule_set_for
from casefile.rules.tolling import SHUTDOWN_2025, ClosureWindow
from casefile.vocab import DeadlineKind as K
from casefile.vocab import DeadlineStatus, FilingMethod

CURRENT = rule_set_by_id("2023-rule")
RULE_2014 = rule_set_for(date(2016, 6, 1))
PRE_2015 = rule_set_by_id("pre-2015")
HOLIDAYS_ONLY = BusinessCalendar(())  # §6.3: "EO closures applied only where stated"
WITH_EO = BusinessCalendar(KNOWN_CLOSURES)
ATLANTA = office_for("10")
BIRMINGHAM = office_for("10", "Birmingham")
SEATTLE = office_for("19")


def compute(kind: K, trigger_on: date, *, rule_set=CURRENT, calendar=HOLIDAYS_ONLY, office=ATLANTA) -> DeadlineComputation:
    return compute_deadline(kind, trigger_on, rule_set=rule_set, calendar=calendar, office=office)


# (id, kind, trigger, rule set, calendar, due, due date of the preceding deadline or None)
DL_VECTORS = [
    ("DL1", K.OBJECTIONS, date(2025, 3, 5), CURRENT, HOLIDAYS_ONLY, date(2025, 3, 12), None),
    ("DL2", K.OBJECTIONS, date(2026, 3, 3), CURRENT, HOLIDAYS_ONLY, date(2026, 3, 10), None),
    ("DL3", K.OBJECTIONS, date(2026, 6, 12), CURRENT, HOLIDAYS_ONLY, date(2026, 6, 22), None),
    ("DL4", K.OBJECTIONS, date(2026, 6, 29), CURRENT, HOLIDAYS_ONLY, date(2026, 7, 7), None),
    ("DL6", K.OBJECTIONS, date(2026, 12, 21), CURRENT, HOLIDAYS_ONLY, date(2026, 12, 29), None),
    ("DL7", K.OBJECTIONS, date(2026, 12, 30), CURRENT, HOLIDAYS_ONLY, date(2027, 1, 7), None),
    ("DL11-without-EO-closures", K.OBJECTIONS, date(2025, 12, 19), CURRENT, HOLIDAYS_ONLY, date(2025, 12, 29), None),
    ("DL11-with-EO-closures", K.OBJECTIONS, date(2025, 12, 19), CURRENT, WITH_EO, date(2025, 12, 31), None),
    ("DL12", K.OBJECTIONS, date(2026, 1, 14), CURRENT, HOLIDAYS_ONLY, date(2026, 1, 22), None),
    ("DL13", K.OBJECTIONS, date(2026, 10, 7), CURRENT, HOLIDAYS_ONLY, date(2026, 10, 15), None),
    ("DL14", K.OBJECTIONS, date(2026, 4, 3), CURRENT, HOLIDAYS_ONLY, date(2026, 4, 10), None),
    ("DL15", K.EARLIEST_CERTIFICATION, date(2026, 3, 3), CURRENT, HOLIDAYS_ONLY, date(2026, 3, 11), date(2026, 3, 10)),
    ("DL16", K.HEARING_OPENS, date(2026, 3, 3), CURRENT, HOLIDAYS_ONLY, date(2026, 3, 24), None),
    ("DL19-exceptions", K.EXCEPTIONS, date(2026, 5, 15), CURRENT, HOLIDAYS_ONLY, date(2026, 6, 1), None),
    ("DL19-answering", K.ANSWERING_BRIEF, date(2026, 5, 15), CURRENT, HOLIDAYS_ONLY, date(2026, 6, 8), date(2026, 6, 1)),
    ("DL20-exceptions", K.EXCEPTIONS, date(2026, 11, 20), CURRENT, HOLIDAYS_ONLY, date(2026, 12, 7), None),
    ("DL20-answering", K.ANSWERING_BRIEF, date(2026, 11, 20), CURRENT, HOLIDAYS_ONLY, date(2026, 12, 14), date(2026, 12, 7)),
    ("DL22-rfr", K.REQUEST_FOR_REVIEW, date(2026, 12, 17), CURRENT, HOLIDAYS_ONLY, date(2027, 1, 4), None),
    ("DL22-opposition", K.RFR_OPPOSITION, date(2026, 12, 17), CURRENT, HOLIDAYS_ONLY, date(2027, 1, 11), date(2027, 1, 4)),
    ("DL23-rfr", K.REQUEST_FOR_REVIEW, date(2026, 8, 28), CURRENT, HOLIDAYS_ONLY, date(2026, 9, 14), None),
    ("DL23-opposition", K.RFR_OPPOSITION, date(2026, 8, 28), CURRENT, HOLIDAYS_ONLY, date(2026, 9, 21), date(2026, 9, 14)),
    ("DL25", K.REVISED_TALLY_OBJECTIONS, date(2026, 12, 31), CURRENT, HOLIDAYS_ONLY, date(2027, 1, 8), None),
    ("DL27", K.RECONSIDERATION, date(2026, 6, 18), CURRENT, HOLIDAYS_ONLY, date(2026, 7, 6), None),
    ("DL28", K.NOTICE_POSTING, date(2026, 3, 24), CURRENT, HOLIDAYS_ONLY, date(2026, 3, 19), None),
    ("DL29", K.NOTICE_POSTING, date(2026, 7, 7), CURRENT, HOLIDAYS_ONLY, date(2026, 7, 1), None),
    ("DL33", K.OBJECTIONS, date(2020, 6, 26), RULE_2014, HOLIDAYS_ONLY, date(2020, 7, 6), None),
    ("DL34", K.HEARING_OPENS, date(2020, 5, 12), RULE_2014, HOLIDAYS_ONLY, date(2020, 6, 2), None),
    ("DL35", K.OBJECTIONS, date(1987, 8, 20), PRE_2015, HOLIDAYS_ONLY, date(1987, 8, 27), None),
]


class TestDeadlineVectors:
    @pytest.mark.parametrize(
        ("kind", "trigger_on", "rule_set", "calendar", "due_on", "preceding_due_on"),
        [v[1:] for v in DL_VECTORS],
        ids=[v[0] for v in DL_VECTORS],
    )
    def test_due_date_matches_rules_md_vector(self, kind, trigger_on, rule_set, calendar, due_on, preceding_due_on) -> None:
        """Each §6.3 vector's due date (and the due date it runs from, for responsive periods) is reproduced."""
        result = compute(kind, trigger_on, rule_set=rule_set, calendar=calendar)
        assert result.due_on == due_on
        assert result.trigger_on == trigger_on
        assert result.kind is kind
        if preceding_due_on is None:
            assert result.preceding is None
        else:
            assert result.preceding is not None
            assert result.preceding.due_on == preceding_due_on
            assert result.preceding.trigger_on == trigger_on

    def test_dl3_derivation_reads_like_the_count(self) -> None:
        """DL3's derivation names the tally, counts each day, names the Juneteenth skip, the due date and the cut-off."""
        result = compute(K.OBJECTIONS, date(2026, 6, 12), office=BIRMINGHAM)
        lines = result.derivation
        assert lines[0] == "tally prepared Fri 2026-06-12"
        assert "Mon 2026-06-15 is day 1" in lines
        assert "Fri 2026-06-19 skipped (Juneteenth National Independence Day)" in lines
        assert "due Mon 2026-06-22" in lines
        assert lines[-1] == "cut-off 11:59 p.m. CDT (2026-06-22T23:59:59-05:00)"
        assert "received by Birmingham, AL (Central time) (29 CFR 102.2(b))" in lines
        assert result.skipped == (SkippedDay(date(2026, 6, 19), "Juneteenth National Independence Day"),)

    def test_dl11_closures_are_listed_as_skipped(self) -> None:
        """With the 2025 EO closures, DL11's skipped days are 12-24 (EO), 12-25 (Christmas) and 12-26 (EO)."""
        result = compute(K.OBJECTIONS, date(2025, 12, 19), calendar=WITH_EO)
        assert [s.on for s in result.skipped] == [date(2025, 12, 24), date(2025, 12, 25), date(2025, 12, 26)]
        assert result.skipped[0].reason.startswith("Executive order closure: ")
        assert result.skipped[1].reason == "Christmas Day"
        assert result.calendar_id == WITH_EO.calendar_id

    def test_dl33_calendar_period_rolls_over_holiday_and_weekend(self) -> None:
        """DL33 (2014 rule): tally + 7 days lands on the observed holiday Fri 2020-07-03 and rolls to Mon 07-06."""
        result = compute(K.OBJECTIONS, date(2020, 6, 26), rule_set=RULE_2014)
        assert result.rule_set_id == "2014-rule"
        assert "Fri 2020-06-26 + 7 calendar days = Fri 2020-07-03 (102.2(a))" in result.derivation
        assert [s.on for s in result.skipped] == [date(2020, 7, 3), date(2020, 7, 4), date(2020, 7, 5)]

    def test_dl28_notice_posting_cutoff_is_1201_am(self) -> None:
        """DL28: the notice must be up by 12:01 a.m. of Thu 2026-03-19 in the office's zone (3 full working days)."""
        result = compute(K.NOTICE_POSTING, date(2026, 3, 24))
        assert result.cutoff_at == datetime(2026, 3, 19, 0, 1, tzinfo=ZoneInfo("America/New_York"))
        assert "Thu 2026-03-19 is working day 3 before the election" in result.derivation

    def test_every_computation_carries_citation_rule_set_and_calendar(self) -> None:
        """Every kind computed under the current rule has a 29 CFR citation, the rule-set id and the calendar id.
        Post-hearing briefs have no fixed period under it (only as the hearing officer allows, R-J4)."""
        from casefile.rules.rule_sets import rule_set_by_id

        assert set(K) - set(rule_set_by_id("2023-rule").periods) == {K.POST_HEARING_BRIEF}
        for kind in rule_set_by_id("2023-rule").periods:
            result = compute(kind, date(2026, 3, 3), calendar=WITH_EO)
            assert result.citation.startswith("29 CFR 102."), kind
            assert result.rule_set_id == "2023-rule"
            received_by = BOARD_OFFICE if result.office_key == "board" else ATLANTA
            assert result.calendar_id == WITH_EO.for_office(received_by).calendar_id

    def test_to_dict_is_json_with_nested_preceding(self) -> None:
        """to_dict gives ISO dates, the cut-off with its offset and the preceding deadline nested."""
        payload = compute(K.ANSWERING_BRIEF, date(2026, 5, 15), office=BIRMINGHAM).to_dict()
        assert json.loads(json.dumps(payload)) == payload
        assert payload["due_on"] == "2026-06-08"
        assert payload["cutoff_at"] == "2026-06-08T23:59:59-05:00"
        assert payload["office"] == "10-birmingham"
        assert payload["rule_set"] == "2023-rule"
        assert payload["preceding"]["kind"] == "exceptions"
        assert payload["preceding"]["due_on"] == "2026-06-01"
        assert payload["preceding"]["skipped"] == [{"on": "2026-05-25", "reason": "Memorial Day"}]
        assert payload["preceding"]["preceding"] is None


class TestReceivingOffice:
    @pytest.mark.parametrize("kind", [K.REQUEST_FOR_REVIEW, K.RFR_OPPOSITION], ids=["rfr", "opposition"])
    def test_board_receives_requests_for_review_whatever_office_is_passed(self, kind: K) -> None:
        """Requests for review and oppositions are received in Washington (Eastern) even for a Birmingham case."""
        result = compute(kind, date(2026, 8, 28), office=BIRMINGHAM)
        assert result.office_key == "board"
        assert result.cutoff_at.tzinfo == ZoneInfo("America/New_York")
        assert any("not by the Regional Office in Birmingham, AL" in line for line in result.derivation)

    def test_regional_filing_refuses_the_board_office(self) -> None:
        """Objections are filed with the Region: passing the Board's office raises UnknownRegion."""
        with pytest.raises(UnknownRegion, match="Regional Office"):
            compute(K.OBJECTIONS, date(2026, 3, 3), office=BOARD_OFFICE)

    def test_pre_2015_has_no_fixed_hearing_date(self) -> None:
        """The pre-2015 rule set has no hearing-opens period: InvalidCalendar names the rule set and kind."""
        with pytest.raises(InvalidCalendar, match=r"pre-2015.*hearing-opens"):
            compute(K.HEARING_OPENS, date(1987, 8, 20), rule_set=PRE_2015)


class TestBessemer:
    """Amazon.com Services LLC, Bessemer AL, Case 10-RC-269250 (petition filed 2020-11-20)."""

    def test_petition_date_selects_2019_text(self) -> None:
        """A petition filed 2020-11-20 is governed by the 2019 text (business days)."""
        assert rule_set_for(date(2020, 11, 20)).id == "2019-text"

    @pytest.mark.parametrize(
        ("office", "cutoff"),
        [(BIRMINGHAM, "2021-04-16T23:59:59-05:00"), (ATLANTA, "2021-04-16T23:59:59-04:00")],
        ids=["birmingham-central", "atlanta-eastern"],
    )
    def test_first_election_objections(self, office, cutoff: str) -> None:
        """Tally Fri 2021-04-09 -> objections due Fri 2021-04-16, cut-off in the receiving office's zone."""
        result = compute(K.OBJECTIONS, date(2021, 4, 9), rule_set=rule_set_for(date(2020, 11, 20)), calendar=WITH_EO, office=office)
        assert result.due_on == date(2021, 4, 16)
        assert result.cutoff_at.isoformat() == cutoff

    def test_exceptions_to_hearing_officer_report(self) -> None:
        """HO report Mon 2021-08-02 -> exceptions due Mon 2021-08-16."""
        result = compute(K.EXCEPTIONS, date(2021, 8, 2), rule_set=rule_set_for(date(2020, 11, 20)), calendar=WITH_EO, office=BIRMINGHAM)
        assert result.due_on == date(2021, 8, 16)

    def test_rerun_objections(self) -> None:
        """Rerun tally Thu 2022-03-31 -> objections due Thu 2022-04-07."""
        result = compute(K.OBJECTIONS, date(2022, 3, 31), rule_set=rule_set_for(date(2020, 11, 20)), calendar=WITH_EO, office=BIRMINGHAM)
        assert result.due_on == date(2022, 4, 7)


class TestRuleSets:
    @pytest.mark.parametrize(
        ("filed_on", "rule_set_id"),
        [
            (date(1987, 1, 1), "pre-2015"),
            (date(2015, 4, 13), "pre-2015"),
            (date(2015, 4, 14), "2014-rule"),
            (date(2020, 5, 30), "2014-rule"),
            (date(2020, 5, 31), "2019-text"),
            (date(2023, 12, 25), "2019-text"),
            (date(2023, 12, 26), "2023-rule"),
            (date(2026, 3, 1), "2023-rule"),
        ],
        ids=["1987", "day-before-2014-rule", "2014-rule-effective", "last-2014-rule", "2019-effective",
             "last-2019-text", "2023-effective", "2026"],
    )
    def test_rule_set_by_petition_date(self, filed_on: date, rule_set_id: str) -> None:
        """R-A1: the petition filing date selects the rule set, boundaries inclusive."""
        assert rule_set_for(filed_on).id == rule_set_id

    def test_current_periods_match_rules_md_table(self) -> None:
        """The 2023 rule's periods are the §0 table: 5 / 15 / 10 / 5 / 5 / 10 / 5 business days."""
        expected = {
            K.OBJECTIONS: 5, K.HEARING_OPENS: 15, K.EXCEPTIONS: 10, K.ANSWERING_BRIEF: 5,
            K.REVISED_TALLY_OBJECTIONS: 5, K.REQUEST_FOR_REVIEW: 10, K.RFR_OPPOSITION: 5, K.RECONSIDERATION: 10,
        }
        for kind, count in expected.items():
            period = CURRENT.periods[kind]
            assert (period.count, period.unit) == (count, "business"), kind

    def test_2014_rule_periods_are_calendar_days(self) -> None:
        """The 2014 rule's periods are 7 / 21 / 14 / 7 calendar days and 14 for a request for review."""
        got = {k: (RULE_2014.periods[k].count, RULE_2014.periods[k].unit)
               for k in (K.OBJECTIONS, K.HEARING_OPENS, K.EXCEPTIONS, K.ANSWERING_BRIEF, K.REQUEST_FOR_REVIEW)}
        assert got == {K.OBJECTIONS: (7, "calendar"), K.HEARING_OPENS: (21, "calendar"), K.EXCEPTIONS: (14, "calendar"),
                       K.ANSWERING_BRIEF: (7, "calendar"), K.REQUEST_FOR_REVIEW: (14, "calendar")}

    def test_unknown_rule_set_id_lists_known(self) -> None:
        """An unknown id raises InvalidCalendar listing the known ids."""
        with pytest.raises(InvalidCalendar, match="pre-2015, 2014-rule, 2019-text, 2023-rule"):
            rule_set_by_id("2026-rule")

    def test_every_responsive_period_runs_from_a_kind_in_the_same_rule_set(self) -> None:
        """Each runs_from names a period that exists in the same rule set (no dangling chain)."""
        for rule_set in RULE_SETS:
            for period in rule_set.periods.values():
                if period.runs_from is not None:
                    assert period.runs_from in rule_set.periods


class TestTimeliness:
    DUE = compute(K.OBJECTIONS, date(2026, 3, 3), office=SEATTLE)  # due Tue 2026-03-10, Seattle

    def test_tz1_efiling_at_2330_pdt_is_timely(self) -> None:
        """TZ1: e-filed 2026-03-11T06:30Z = 23:30 PDT on the due date (DST began Mar 8): timely."""
        assert self.DUE.due_on == date(2026, 3, 10)
        check_timely(datetime(2026, 3, 11, 6, 30, tzinfo=UTC), self.DUE, what="objections")

    def test_tz2_efiling_at_0005_pdt_next_day_is_late(self) -> None:
        """TZ2: e-filed 2026-03-11T07:05Z = 00:05 PDT the next day: late; the message names all the facts."""
        with pytest.raises(UntimelyFiling) as caught:
            check_timely(datetime(2026, 3, 11, 7, 5, tzinfo=UTC), self.DUE, what="objections")
        message = str(caught.value)
        assert "objections received Wed 2026-03-11 12:05 a.m. PDT (America/Los_Angeles)" in message
        assert "due Tue 2026-03-10, cut-off 11:59 p.m. PDT" in message  # as the Agency writes it
        assert ":59:59" not in message and "T23:59" not in message
        assert "102.69(a)(8)" in message

    def test_efiling_at_the_last_second_is_timely(self) -> None:
        """An e-filing stamped 23:59:59.9 local on the due date is timely (≤ 23:59:59 to the second, R-B9)."""
        check_timely(datetime(2026, 3, 10, 23, 59, 59, 900000, tzinfo=ZoneInfo("America/Los_Angeles")), self.DUE)

    def test_tz5_paper_after_closing_time_is_late(self) -> None:
        """TZ5: paper objections delivered after the office's closing time on the last day, no postmark: late."""
        received = datetime(2026, 3, 10, 17, 7, tzinfo=ZoneInfo("America/Los_Angeles"))
        with pytest.raises(UntimelyFiling, match=re.escape("closing time 5:00 p.m. PDT on the due date Tue 2026-03-10")):
            check_timely(received, self.DUE, method=FilingMethod.PAPER, what="objections")

    def test_paper_before_closing_time_is_timely(self) -> None:
        """Paper delivered at 16:59 local on the due date is timely."""
        check_timely(datetime(2026, 3, 10, 16, 59, tzinfo=ZoneInfo("America/Los_Angeles")), self.DUE,
                     method=FilingMethod.PAPER)

    def test_paper_postmarked_day_before_is_timely_though_received_later(self) -> None:
        """Paper postmarked the day before the due date is timely even when it arrives later (102.2(b))."""
        check_timely(datetime(2026, 3, 12, 10, 0, tzinfo=ZoneInfo("America/Los_Angeles")), self.DUE,
                     method=FilingMethod.PAPER, postmarked_on=date(2026, 3, 9))

    def test_paper_postmarked_on_due_date_is_late(self) -> None:
        """A postmark on the due date itself does not save a paper filing that arrives the next day."""
        with pytest.raises(UntimelyFiling, match="postmarked Tue 2026-03-10"):
            check_timely(datetime(2026, 3, 11, 10, 0, tzinfo=ZoneInfo("America/Los_Angeles")), self.DUE,
                         method=FilingMethod.PAPER, postmarked_on=date(2026, 3, 10))

    def test_extension_request_must_be_received(self) -> None:
        """A request for extension of time postmarked early but received late is late (no postmark rule)."""
        with pytest.raises(UntimelyFiling, match="extension of time must be received"):
            check_timely(datetime(2026, 3, 11, 10, 0, tzinfo=ZoneInfo("America/Los_Angeles")), self.DUE,
                         method=FilingMethod.PAPER, postmarked_on=date(2026, 3, 6),
                         what="request for extension of time", extension_request=True)

    def test_dl35_everett_products_postmark(self) -> None:
        """DL35: objections due Thu 1987-08-27 arriving Mon 08-31 are timely only with a postmark of 08-26 or earlier."""
        due = compute(K.OBJECTIONS, date(1987, 8, 20), rule_set=PRE_2015, office=office_for("1"))
        arrived = datetime(1987, 8, 31, 10, 0, tzinfo=ZoneInfo("America/New_York"))
        check_timely(arrived, due, method=FilingMethod.PAPER, postmarked_on=date(1987, 8, 26))
        with pytest.raises(UntimelyFiling):
            check_timely(arrived, due, method=FilingMethod.PAPER)

    def test_naive_datetime_refused(self) -> None:
        """A receipt time without a zone raises InvalidCalendar (a CasefileError)."""
        with pytest.raises(InvalidCalendar, match="no time zone"):
            check_timely(datetime(2026, 3, 10, 12, 0), self.DUE)  # noqa: DTZ001  (naive on purpose: refused)


class TestShutdownTolling:
    def test_dl31_nlrb_example(self) -> None:
        """DL31: a document due Tue 2025-10-07 is due Wed 2025-11-19 after the 43-day shutdown toll."""
        due_on, lines = toll_for_shutdown(date(2025, 10, 7), calendar=WITH_EO)
        assert due_on == date(2025, 11, 19)
        assert "Tue 2025-10-07 + 43 days = Wed 2025-11-19" in lines
        assert lines[-1] == "revised due date Wed 2025-11-19"

    @pytest.mark.parametrize(
        ("original", "calendar", "expected"),
        [
            (date(2025, 10, 10), HOLIDAYS_ONLY, date(2025, 11, 24)),
            (date(2025, 11, 12), HOLIDAYS_ONLY, date(2025, 12, 26)),
            (date(2025, 11, 12), WITH_EO, date(2025, 12, 29)),
        ],
        ids=["lands-on-saturday", "lands-on-christmas", "lands-on-christmas-with-eo-closures"],
    )
    def test_tolled_date_rolls_to_a_business_day(self, original: date, calendar: BusinessCalendar, expected: date) -> None:
        """After adding the closed days, a weekend, holiday or closure rolls forward to the next business day."""
        assert toll_for_shutdown(original, calendar=calendar)[0] == expected

    def test_shutdown_days_listed_as_closures_are_refused(self) -> None:
        """A calendar listing shutdown days as closures is refused: they would be counted twice."""
        from casefile.rules.calendar import Closure

        doubled = BusinessCalendar((Closure(date(2025, 10, 15), "shutdown"),))
        with pytest.raises(InvalidCalendar, match="counted twice"):
            toll_for_shutdown(date(2025, 10, 7), calendar=doubled)

    def test_due_before_shutdown_is_not_tolled(self) -> None:
        """A due date before the shutdown began has nothing to toll: ProcedureError."""
        with pytest.raises(ProcedureError, match="nothing to toll"):
            toll_for_shutdown(date(2025, 9, 30), calendar=WITH_EO)

    def test_shutdown_window_is_43_days_with_its_exclusions(self) -> None:
        """The 2025 window is 2025-10-01 … 2025-11-12 (43 days) and names what the notice says cannot be tolled."""
        assert (SHUTDOWN_2025.first_closed_on, SHUTDOWN_2025.last_closed_on, SHUTDOWN_2025.closed_days) == (
            date(2025, 10, 1), date(2025, 11, 12), 43)
        assert "unfair labor practice charges" in SHUTDOWN_2025.not_tollable
        assert set(SHUTDOWN_2025.not_tolled_kinds) == {K.NOTICE_POSTING}


class TestTollingAtComputation:
    """compute_deadline tolls a period that ran while the offices were closed (R-B8), with a derivation step."""

    def test_tally_of_2025_09_30_gives_objections_due_2025_11_19(self) -> None:
        """Tally Tue 2025-09-30: 5 business days give Tue 10-07 (Oct 1, 2, 3, 6, 7); + 43 closed days = Wed 11-19,
        a business day — the NLRB's own example (due October 7 → November 19)."""
        result = compute(K.OBJECTIONS, date(2025, 9, 30), calendar=WITH_EO)
        assert (result.due_on, result.tolled_from_on, result.days_tolled, result.tolled_by) == (
            date(2025, 11, 19), date(2025, 10, 7), 43, "shutdown-2025")
        assert result.cutoff_at == datetime(2025, 11, 19, 23, 59, 59, tzinfo=ZoneInfo("America/New_York"))
        lines = result.derivation
        assert "Tue 2025-10-07 is day 5" in lines
        assert lines.index("Tue 2025-10-07 + 43 days = Wed 2025-11-19") < lines.index("due Wed 2025-11-19")
        assert "original due date Tue 2025-10-07; closed 43 days" in lines
        assert "revised due date Wed 2025-11-19" in lines
        assert result.to_dict()["tolled"] == {"window": "shutdown-2025", "original_due_on": "2025-10-07", "days_added": 43}

    def test_earliest_certification_follows_the_tolled_objections(self) -> None:
        """The earliest certification runs from the tolled objection date (Wed 11-19) to Thu 11-20 and is not tolled again."""
        result = compute(K.EARLIEST_CERTIFICATION, date(2025, 9, 30), calendar=WITH_EO)
        assert result.preceding is not None and result.preceding.due_on == date(2025, 11, 19)
        assert (result.due_on, result.tolled_from_on) == (date(2025, 11, 20), None)

    def test_answering_brief_runs_from_the_tolled_exceptions(self) -> None:
        """HO report Thu 2025-09-25: exceptions Thu 10-09 + 43 = Fri 11-21; the answering brief runs 5 business
        days from that (Thanksgiving skipped) to Mon 12-01, without a second toll (R-B5)."""
        result = compute(K.ANSWERING_BRIEF, date(2025, 9, 25), calendar=WITH_EO)
        assert result.preceding is not None
        assert (result.preceding.tolled_from_on, result.preceding.due_on) == (date(2025, 10, 9), date(2025, 11, 21))
        assert (result.due_on, result.tolled_from_on) == (date(2025, 12, 1), None)

    def test_tolled_request_for_review_rolls_past_the_weekend_at_the_board(self) -> None:
        """RfR from a certification of Fri 2025-09-26: due Fri 10-10 + 43 = Sat 11-22, rolled to Mon 11-24 (Board's office)."""
        result = compute(K.REQUEST_FOR_REVIEW, date(2025, 9, 26), calendar=WITH_EO)
        assert (result.office_key, result.tolled_from_on, result.due_on) == ("board", date(2025, 10, 10), date(2025, 11, 24))
        assert [s.on for s in result.skipped][-2:] == [date(2025, 11, 22), date(2025, 11, 23)]

    @pytest.mark.parametrize(("trigger_on", "due_on", "tolled"), [
        (date(2025, 9, 15), date(2025, 9, 22), False),
        (date(2025, 11, 12), date(2025, 11, 19), False),
        (date(2025, 11, 10), date(2025, 11, 20), True),
    ], ids=["due-before-the-shutdown", "runs-from-the-last-closed-day", "began-during-the-shutdown"])
    def test_only_periods_that_ran_on_closed_days_are_tolled(self, trigger_on: date, due_on: date, tolled: bool) -> None:
        """A period due before 10-01 or starting on the last closed day is not tolled; one that began on Mon 11-10
        (closed) gains the 2 closed days after its start (11-11, 11-12): Tue 11-18 → Thu 11-20."""
        result = compute(K.OBJECTIONS, trigger_on, calendar=WITH_EO)
        assert result.due_on == due_on
        assert (result.tolled_from_on is not None) is tolled

    def test_notice_posting_is_not_tolled_and_says_why(self) -> None:
        """The notice posting for an election of Fri 2025-10-10 stays Tue 10-07: counted back from the election."""
        result = compute(K.NOTICE_POSTING, date(2025, 10, 10), calendar=WITH_EO)
        assert (result.due_on, result.tolled_from_on) == (date(2025, 10, 7), None)
        assert any("but is not tolled: counted back from the election day" in line for line in result.derivation)

    def test_no_tolling_windows_gives_the_count_alone(self) -> None:
        """With no tolling windows the 2025-09-30 objections stay due Tue 10-07 (the rule is data)."""
        result = compute_deadline(K.OBJECTIONS, date(2025, 9, 30), rule_set=CURRENT, calendar=WITH_EO, office=ATLANTA,
                                  tolling=())
        assert result.due_on == date(2025, 10, 7)

    @pytest.mark.parametrize(("kind", "trigger_on", "original", "due_on"), [
        (K.RECONSIDERATION, date(2013, 9, 24), date(2013, 10, 8), date(2013, 10, 24)),
        (K.ALJ_EXCEPTIONS, date(2013, 9, 23), date(2013, 10, 21), date(2013, 11, 6)),
    ], ids=["due-during-the-shutdown", "due-after-it-reopened"])
    def test_another_window_as_data(self, kind: K, trigger_on: date, original: date, due_on: date) -> None:
        """A window given as data, the 16-day 2013 shutdown, reproduces that notice's two examples: due 2013-10-08 →
        10-24, and a due date of 10-21 set on 09-23, after the reopening, → 11-06 (Littler, Oct 2013)."""
        window = ClosureWindow("shutdown-2013", date(2013, 10, 1), date(2013, 10, 16), "a lapse in appropriations",
                               "NLRB notice of October 2013")
        result = compute_deadline(kind, trigger_on, rule_set=PRE_2015, calendar=WITH_EO, office=ATLANTA, tolling=(window,))
        assert (result.tolled_from_on, result.days_tolled, result.due_on) == (original, 16, due_on)

    def test_shutdown_days_listed_as_closures_are_refused_at_computation(self) -> None:
        """A calendar listing a shutdown day as a closure cannot compute a period tolled by that window."""
        doubled = BusinessCalendar((Closure(date(2025, 10, 15), "shutdown"),))
        with pytest.raises(InvalidCalendar, match="counted twice"):
            compute(K.OBJECTIONS, date(2025, 9, 30), calendar=doubled)


class TestOfficeCalendars:
    """The days are counted on the receiving office's calendar (29 CFR 102.1(i), 102.2(b); 5 U.S.C. 6103(c))."""

    def test_inauguration_day_2033_moves_the_request_for_review_not_the_regional_period(self) -> None:
        """RD decision Wed 2033-01-05: 10 business days (MLK Mon 01-17 skipped) end Thu 01-20. The request for
        review, received by the Board's office, skips Inauguration Day and is due Fri 01-21; the motion for
        reconsideration, filed with the Region, is due Thu 01-20."""
        rfr = compute(K.REQUEST_FOR_REVIEW, date(2033, 1, 5), calendar=WITH_EO)
        regional = compute(K.RECONSIDERATION, date(2033, 1, 5), calendar=WITH_EO)
        assert (rfr.due_on, rfr.office_key) == (date(2033, 1, 21), "board")
        assert (regional.due_on, regional.office_key) == (date(2033, 1, 20), "10-atlanta")
        assert "Thu 2033-01-20 skipped (Inauguration Day (5 U.S.C. 6103(c): a holiday in the Washington, DC area only))" \
            in rfr.derivation
        assert rfr.skipped == (SkippedDay(date(2033, 1, 17), "Martin Luther King Jr. Day"),
                               SkippedDay(date(2033, 1, 20), rfr.skipped[1].reason))
        assert "+inauguration-day" in rfr.calendar_id and "+inauguration-day" not in regional.calendar_id

    def test_opposition_runs_from_the_boards_due_date(self) -> None:
        """The opposition runs 5 business days from the RfR's Fri 2033-01-21 to Fri 01-28."""
        result = compute(K.RFR_OPPOSITION, date(2033, 1, 5), calendar=WITH_EO)
        assert result.preceding is not None
        assert (result.preceding.due_on, result.due_on) == (date(2033, 1, 21), date(2033, 1, 28))

    def test_washington_regional_office_closes_on_inauguration_day(self) -> None:
        """Exceptions filed with Region 5's Washington, DC office skip Inauguration Day (the statute goes by place)."""
        assert compute(K.EXCEPTIONS, date(2033, 1, 5), office=office_for("5", "Washington")).due_on == date(2033, 1, 21)
        assert compute(K.EXCEPTIONS, date(2033, 1, 5), office=office_for("5")).due_on == date(2033, 1, 20)

    def test_weather_closure_of_one_office(self) -> None:
        """Tally Mon 2027-01-11, Birmingham closed Fri 01-15 (weather): due Wed 01-20 there, Tue 01-19 in Atlanta."""
        calendar = BusinessCalendar((*KNOWN_CLOSURES, Closure(date(2027, 1, 15), "weather", ("10-birmingham",))))
        assert compute(K.OBJECTIONS, date(2027, 1, 11), calendar=calendar, office=BIRMINGHAM).due_on == date(2027, 1, 20)
        assert compute(K.OBJECTIONS, date(2027, 1, 11), calendar=calendar, office=ATLANTA).due_on == date(2027, 1, 19)


class TestChoices:
    """The rule-set (R-A1) and receiving-office choices the calculator and open_case share."""

    @pytest.mark.parametrize(("filed", "named", "expected", "assumed"), [
        (date(2016, 6, 1), None, "2014-rule", False),
        (None, "pre-2015", "pre-2015", False),
        (date(2024, 1, 5), "2023-rule", "2023-rule", False),
        (None, None, "2023-rule", True),
    ], ids=["by-date", "named", "both-agree", "neither-assumes-current"])
    def test_choose_rule_set(self, filed: date | None, named: str | None, expected: str, assumed: bool) -> None:
        """The petition date selects; a named rule set alone is taken; with neither the current one is assumed and said."""
        choice = choose_rule_set(petition_filed_on=filed, rule_set_id=named)
        assert (choice.rule_set.id, choice.assumed) == (expected, assumed)
        assert (choice.note is not None) is assumed

    def test_rule_set_that_disagrees_with_the_date_is_refused(self) -> None:
        """A 2014-rule case whose petition was filed 2024-01-05 is a contradiction: InvalidCalendar."""
        with pytest.raises(InvalidCalendar, match="disagrees with the petition filing date 2024-01-05, which selects 2023-rule"):
            choose_rule_set(petition_filed_on=date(2024, 1, 5), rule_set_id="2014-rule")

    def test_receiving_office(self) -> None:
        """A Region (and office) names the Regional Office; a Board-only chain needs none; objections need one."""
        assert receiving_office(K.OBJECTIONS, CURRENT, region="10", office="Birmingham") == BIRMINGHAM
        assert receiving_office(K.OBJECTIONS, CURRENT, office="10-birmingham") == BIRMINGHAM
        assert receiving_office(K.RFR_OPPOSITION, CURRENT) == BOARD_OFFICE
        with pytest.raises(UnknownRegion, match="filed with the Regional Office"):
            receiving_office(K.OBJECTIONS, CURRENT)


class TestMetStatus:
    @pytest.mark.parametrize(("done_on", "status"), [
        (date(2026, 3, 24), DeadlineStatus.MET), (date(2026, 3, 20), DeadlineStatus.MET),
        (date(2026, 4, 14), DeadlineStatus.MET_LATE), (None, DeadlineStatus.MET),
    ], ids=["on-the-target", "before", "three-weeks-after", "date-unknown"])
    def test_hearing_target(self, done_on: date | None, status: DeadlineStatus) -> None:
        """DL16's target Tue 2026-03-24: a hearing opened by it is met, one opened 2026-04-14 met late (R-I3)."""
        assert met_status(date(2026, 3, 24), done_on) is status


FORWARD_BUSINESS_KINDS = [k for k, p in CURRENT.periods.items() if p.unit == "business" and p.direction == "after"]


class TestProperties:
    @settings(deadline=None)  # the first holiday table of a process takes ~0.1 s to build
    @given(
        kind=st.sampled_from(FORWARD_BUSINESS_KINDS),
        trigger_on=st.dates(min_value=date(2020, 1, 1), max_value=date(2032, 12, 31)),
        office=st.sampled_from([o for o in all_offices() if o.region is not None]),
    )
    def test_business_day_deadlines(self, kind: K, trigger_on: date, office) -> None:
        """Due dates are business days, at least trigger + n calendar days, cut off at 23:59:59 local (DST included)."""
        result = compute(kind, trigger_on, calendar=WITH_EO, office=office)
        assert WITH_EO.is_business_day(result.due_on)
        start = result.preceding.due_on if result.preceding else trigger_on
        assert result.due_on >= start + timedelta(days=CURRENT.periods[kind].count)
        zone = ZoneInfo(result.office_tz)
        local = result.cutoff_at.astimezone(UTC).astimezone(zone)
        assert (local.date(), local.time()) == (result.due_on, time(23, 59, 59))
        assert result.cutoff_at.utcoffset() == zone.utcoffset(datetime.combine(result.due_on, time(23, 59, 59)))

    @settings(deadline=None)  # the first holiday table of a process takes ~0.1 s to build
    @given(
        kind=st.sampled_from([K.OBJECTIONS, K.HEARING_OPENS, K.EXCEPTIONS, K.REQUEST_FOR_REVIEW]),
        trigger_on=st.dates(min_value=date(2015, 4, 14), max_value=date(2020, 5, 30)),
    )
    def test_calendar_day_deadlines_roll_to_business_day(self, kind: K, trigger_on: date) -> None:
        """2014-rule due dates are the first business day on or after trigger + n calendar days."""
        result = compute(kind, trigger_on, rule_set=RULE_2014, calendar=WITH_EO)
        last = trigger_on + timedelta(days=RULE_2014.periods[kind].count)
        assert result.due_on == WITH_EO.roll_forward(last)[0]

    @settings(deadline=None)  # the first holiday table of a process takes ~0.1 s to build
    @given(election_on=st.dates(min_value=date(2020, 1, 1), max_value=date(2032, 12, 31)))
    def test_notice_posting_leaves_three_working_days(self, election_on: date) -> None:
        """Between the posting day and the election there are exactly 3 working days, the posting day included."""
        result = compute(K.NOTICE_POSTING, election_on, calendar=WITH_EO)
        days = [result.due_on + timedelta(days=i) for i in range((election_on - result.due_on).days)]
        assert sum(WITH_EO.is_business_day(d) for d in days) == 3
        assert WITH_EO.is_business_day(result.due_on)


class TestFromTheExtendedDate:
    """A responsive period runs from the last day the earlier document could be filed, extended by order or not
    (29 CFR 102.2(a), (b); 102.69(c)(1)(iii): "from the last date on which exceptions ... may be filed"; 102.67(f):
    "after the last day on which the request for review must be filed"; 2014 rule, NLRB FAQ: "within 7 days from the
    last due date for filing exceptions or within any additional time allowed")."""

    @pytest.mark.parametrize(("rule_set_id", "report_on", "fixed_on", "brief_due"), [
        ("2023-rule", date(2026, 5, 1), date(2026, 5, 29), date(2026, 6, 5)),  # 5 business days
        ("2019-text", date(2021, 8, 2), date(2021, 8, 30), date(2021, 9, 7)),  # Labor Day skipped
        ("2014-rule", date(2019, 5, 10), date(2019, 5, 31), date(2019, 6, 7)),  # 7 calendar days
        ("pre-2015", date(2012, 11, 30), date(2012, 12, 17), date(2012, 12, 26)),  # Mon 12-24 EO 13633, 12-25
    ])
    def test_answering_brief(self, rule_set_id: str, report_on: date, fixed_on: date, brief_due: date) -> None:
        computed = compute_deadline(K.ANSWERING_BRIEF, report_on, rule_set=rule_set_by_id(rule_set_id), calendar=WITH_EO,
                                    office=office_for("10"), preceding_fixed=(fixed_on, "order of the RD (hypothetical)"))
        assert (computed.due_on, computed.preceding) == (brief_due, None)
        assert any("the date fixed by order (order of the RD (hypothetical))" in line for line in computed.derivation)
        unfixed = compute_deadline(K.ANSWERING_BRIEF, report_on, rule_set=rule_set_by_id(rule_set_id), calendar=WITH_EO,
                                   office=office_for("10"))
        assert unfixed.due_on < brief_due  # without the order it would run from the date first computed

    def test_opposition_at_the_board(self) -> None:
        """Request for review extended to Thu 2026-02-12: opposition 5 business days at the Board — Fri 02-13, (Mon
        02-16 Washington's Birthday), Tue 02-17, Wed 02-18, Thu 02-19, Fri 2026-02-20."""
        computed = compute_deadline(K.RFR_OPPOSITION, date(2026, 1, 28), rule_set=CURRENT, calendar=WITH_EO,
                                    office=office_for("10"), preceding_fixed=(date(2026, 2, 12), "Board order"))
        assert (computed.due_on, computed.office_key) == (date(2026, 2, 20), "board")
