"""NLRB case numbers (rules.md §7): normalized from ASCII only, every other form refused naming what is wrong."""

from __future__ import annotations

from datetime import date

import pytest

from casefile.errors import MalformedCaseNumber
from casefile.rules.case_numbers import CaseNumber, parse_case_number

FORM = "is not an NLRB case number: expected RR-TT-NNNNNN, e.g. 10-RC-269250"


class TestParse:
    @pytest.mark.parametrize(("text", "expected"), [
        pytest.param("10-RC-269250", CaseNumber("10", "RC", "269250"), id="bessemer"),
        pytest.param("5-rc-13113", CaseNumber("05", "RC", "13113"), id="region-padded-type-capitalized"),
        pytest.param("  03-RC-282139\n", CaseNumber("03", "RC", "282139"), id="surrounding-whitespace"),
        pytest.param("\u00a001-RC-196511\u00a0", CaseNumber("01", "RC", "196511"), id="no-break-spaces-around"),
        pytest.param("06-UD-170162", CaseNumber("06", "UD", "170162"), id="deauthorization"),
    ])
    def test_normalized(self, text: str, expected: CaseNumber) -> None:
        """A well-formed number is normalized: two-digit Region, capital type, serial as written."""
        assert parse_case_number(text) == expected
        assert str(parse_case_number(text)) == str(expected)

    @pytest.mark.parametrize(("text", "message"), [
        pytest.param("١٠-RC-269250", f"'١٠-RC-269250' {FORM}; character '١' (U+0661 ARABIC-INDIC DIGIT ONE) is not an "
                     "ASCII digit 0-9", id="arabic-indic-region"),
        pytest.param("10-RC-２６９２５０", f"'10-RC-２６９２５０' {FORM}; character '２' (U+FF12 FULLWIDTH DIGIT TWO) is not "
                     "an ASCII digit 0-9", id="full-width-serial"),
        pytest.param("10-RC-२६९२५०", f"'10-RC-२६९२५०' {FORM}; character '२' (U+0968 DEVANAGARI DIGIT TWO) is not an "
                     "ASCII digit 0-9", id="devanagari-serial"),
        pytest.param("10–RC–269250", f"'10–RC–269250' {FORM}; character '–' (U+2013 EN DASH) is not ASCII (digits 0-9, "
                     "letters and '-' only)", id="en-dashes-from-a-document"),
        pytest.param("10-RC-2692500", f"'10-RC-2692500' {FORM}", id="seven-digit-serial"),
        pytest.param("10 RC 269250", f"'10 RC 269250' {FORM}", id="spaces-for-hyphens"),
        pytest.param("", f"'' {FORM}", id="empty"),
        pytest.param("1" * 100_000, f"'{'1' * 37}'... {FORM}", id="hundred-thousand-characters-shortened"),
        pytest.param("10-XX-269250", "'10-XX-269250': XX is not an NLRB case type (one of AC, CA, CB, CC, CD, CE, CG, "
                     "CP, RC, RD, RM, UC, UD, WH)", id="unknown-type"),
    ])
    def test_refused(self, text: str, message: str) -> None:
        """Other digits, dashes or forms are refused with the form expected and the first non-ASCII character named."""
        with pytest.raises(MalformedCaseNumber) as caught:
            parse_case_number(text)
        assert str(caught.value) == message

    def test_arabic_indic_is_not_a_second_case(self) -> None:
        """The same number in Arabic-Indic digits never parses, so it cannot open a separate case."""
        assert str(parse_case_number("10-RC-269250")) == "10-RC-269250"
        with pytest.raises(MalformedCaseNumber):
            parse_case_number("١٠-RC-٢٦٩٢٥٠")

    def test_not_text(self) -> None:
        """A number given as something other than text is refused, not a TypeError."""
        with pytest.raises(MalformedCaseNumber, match="a case number is text such as 10-RC-269250, got int"):
            parse_case_number(10269250)  # type: ignore[arg-type]  # the refusal is the point


class TestCurrentForm:
    """A petition filed since 2012 has a number in the current form (casefile.rules.case_numbers.check_current_form)."""

    @pytest.mark.parametrize(("text", "filed", "message"), [
        ("19-rc-3526", date(2026, 10, 6), "19-RC-3526: its serial number 3526 has 4 digits, not 6 (a petition filed "
         "since 2012 has a number of the form RR-TT-NNNNNN, e.g. 10-RC-269250); check the number on the petition or "
         "the Region's letters"),
        ("37-RC-361042", date(2026, 10, 6), "37-RC-361042: Region 37 is not one of today's Regions (01 to 34; a "
         "petition filed since 2012 has a number of the form RR-TT-NNNNNN, e.g. 10-RC-269250)"),
        ("00-RC-361042", date(2026, 10, 6), "00-RC-361042: Region 00 is not one of today's Regions (01 to 34; a "
         "petition filed since 2012 has a number of the form RR-TT-NNNNNN, e.g. 10-RC-269250)"),
    ])
    def test_refused_naming_the_field(self, text: str, filed: date, message: str) -> None:
        from casefile.rules.case_numbers import check_current_form

        with pytest.raises(MalformedCaseNumber) as caught:
            check_current_form(parse_case_number(text), petition_filed_on=filed, field="case.number")
        assert (str(caught.value), caught.value.field) == (message, "case.number")

    @pytest.mark.parametrize(("text", "filed"), [
        ("19-RC-352618", date(2026, 10, 6)), ("13-RC-13325", date(1974, 3, 1)), ("11-RC-850", date(1956, 5, 1)),
        ("5-RC-13113", date(2011, 12, 31)), ("19-RC-3526", None)])
    def test_accepted(self, text: str, filed: date | None) -> None:
        """Older numbers for older petitions (rules.md §7), and any number whose petition date is not known."""
        from casefile.rules.case_numbers import check_current_form

        check_current_form(parse_case_number(text), petition_filed_on=filed)
