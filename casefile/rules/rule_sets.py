"""Post-election periods as versioned data, one rule set per era, selected by petition filing date (R-A1).

Each :class:`Period` says how long (``count`` business or calendar days), from what (the triggering
act, or — for responsive documents — the *due date* of the document it answers, R-B5), which office
receives the filing, and the citation. The deadline engine (:mod:`casefile.rules.deadlines`) reads
nothing else, so correcting a period is a data change here.

Periods tagged [U] in their citation rest on rules.md entries its author could not verify.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from types import MappingProxyType
from typing import Literal

from casefile.errors import InvalidCalendar
from casefile.vocab import DeadlineKind as K


@dataclass(frozen=True)
class Period:
    """One period of the procedure.

    ``count`` days of ``unit`` ("business": count business days only, R-B3; "calendar": add calendar
    days and roll a non-business last day forward, R-B4). ``runs_from``: for responsive periods, the
    kind whose *due date* starts this one (R-B5); None when it runs from the triggering act itself.
    ``receiving``: who receives the filing ("region": the case's office; "board": the Office of the
    Executive Secretary, R-B9). ``direction``: "before" for periods counted back from the trigger
    (notice posting before an election, R-O5).
    """

    count: int
    unit: Literal["business", "calendar"]
    citation: str  # the law, as people read it: 29 CFR, the Act, the Board's decisions
    runs_from: K | None = None
    receiving: Literal["region", "board"] = "region"
    direction: Literal["after", "before"] = "after"
    rules: tuple[str, ...] = ()  # casefile's own entries for it (rules.md: "R-G3", "§3"), never printed as law


@dataclass(frozen=True)
class RuleSet:
    """The periods in force for petitions filed from ``petitions_from`` to ``petitions_until`` (both inclusive; None = open)."""

    id: str
    title: str  # casefile's short description of it (the CLI, the web): "2023 rule (current; business days ...)"
    petitions_from: date | None
    petitions_until: date | None
    periods: Mapping[K, Period] = field(repr=False)
    source: str
    # its proper name, as a document states the rules a case is under: the regulations and the Federal Register rule
    name: str = ""

    def period(self, kind: K) -> Period:
        """The period for ``kind``; raises InvalidCalendar when this rule set has none. Authority: rules.md R-A1."""
        try:
            return self.periods[kind]
        except KeyError:
            raise InvalidCalendar(
                f"rule set {self.id} ({self.title}) has no fixed period for {kind.value}"
            ) from None


# Citations shared by the business-day rule sets (2019 text, kept by the 2023 rule).
_BD = {
    K.OBJECTIONS: Period(5, "business", "29 CFR 102.69(a)(8)", rules=("R-G3",)),
    K.OFFER_OF_PROOF: Period(
        5, "business", "29 CFR 102.69(a)(8) (due with the objections; the RD may extend it for good cause)", rules=("R-G4", "R-G5")
    ),
    K.HEARING_OPENS: Period(15, "business", "29 CFR 102.69(c)(1)(ii) (or as soon as practicable thereafter)", rules=("R-I3",)),
    K.EXCEPTIONS: Period(10, "business", "29 CFR 102.69(c)(1)(iii)", rules=("R-K1",)),
    K.ANSWERING_BRIEF: Period(
        5, "business", "29 CFR 102.69(c)(1)(iii)", rules=("R-K2", "R-B5"),
        runs_from=K.EXCEPTIONS,
    ),
    K.REVISED_TALLY_OBJECTIONS: Period(5, "business", "29 CFR 102.69(e)", rules=("R-G9",)),
    K.REQUEST_FOR_REVIEW: Period(
        10, "business", "29 CFR 102.67(c), (i)(1), 102.69(h)", rules=("R-N2",), receiving="board"
    ),
    K.RFR_OPPOSITION: Period(
        5, "business", "29 CFR 102.67(f)", rules=("R-N6", "R-B5"),
        runs_from=K.REQUEST_FOR_REVIEW, receiving="board",
    ),
    K.RECONSIDERATION: Period(10, "business", "29 CFR 102.65(e) (after service of the decision or report)", rules=("R-K6",)),
    K.EARLIEST_CERTIFICATION: Period(
        1, "business", "29 CFR 102.69(b) (certify forthwith once no objections were filed in time)", rules=("R-H1", "R-H2"),
        runs_from=K.OBJECTIONS,
    ),
    K.NOTICE_POSTING: Period(
        3, "business", "29 CFR 102.67(k) (3 full working days before 12:01 a.m. of the day of the election)", rules=("R-O5",),
        direction="before",
    ),
    K.ALJ_EXCEPTIONS: Period(
        28, "calendar", "29 CFR 102.46(a), 102.69(c)(2) (from service of the order transferring the case to the Board)", rules=("R-I4",),
        receiving="board",
    ),
}

# 2019 text only: post-hearing briefs as of right (removed by the 2023 rule, which restored "only upon special
# permission of the hearing officer": casefile.rules.hearing.post_hearing_brief_due).
_BRIEF_2019 = Period(
    5, "business",
    "29 CFR 102.69(c)(1)(iii) (2019 text: a brief to the hearing officer within 5 business days after the close of the "
    "hearing; before the close the hearing officer may extend it by up to 10 business days)", rules=("R-A1", "R-J4"),
)

# 2014 rule (79 FR 74308): calendar days, 7 days or more, so weekends count (102.2(a) then in force).
_CAL_2014 = {
    K.OBJECTIONS: Period(7, "calendar", "29 CFR 102.69(a) (2014 rule, 7 days after the tally)", rules=("R-A1", "§3")),
    K.OFFER_OF_PROOF: Period(
        7, "calendar", "29 CFR 102.69(a) (2014 rule: offer of proof due with the objections; RD may extend)", rules=("§3",)
    ),
    K.HEARING_OPENS: Period(21, "calendar", "29 CFR 102.69(c)(1)(ii) (2014 rule: 21 days after the tally or as soon as practicable)", rules=("§3",)),
    K.EXCEPTIONS: Period(14, "calendar", "29 CFR 102.69(c)(1)(iii) (2014 rule, 14 days)", rules=("§3",)),
    K.ANSWERING_BRIEF: Period(
        7, "calendar", "29 CFR 102.69(c)(1)(iii) (2014 rule, 7 days after the last day for exceptions)", rules=("§3", "R-B5"),
        runs_from=K.EXCEPTIONS,
    ),
    K.REVISED_TALLY_OBJECTIONS: Period(7, "calendar", "29 CFR 102.69(e) (2014 rule, 7 days) [U]", rules=("§0 table",)),
    K.REQUEST_FOR_REVIEW: Period(
        14, "calendar", "29 CFR 102.67(c), 102.69(c)(2)", rules=("R-N2", "§3"),
        receiving="board",
    ),
    K.RFR_OPPOSITION: Period(
        7, "calendar", "29 CFR 102.67(e) (2014 rule, 7 days after the last day for the request for review) [U]", rules=("§3",),
        runs_from=K.REQUEST_FOR_REVIEW, receiving="board",
    ),
    K.RECONSIDERATION: Period(14, "calendar", "29 CFR 102.65(e)(2) (2014 rule, 14 days) [U]"),
    K.EARLIEST_CERTIFICATION: Period(
        1, "business", "29 CFR 102.69(b) (certify once no objections were filed in time)", rules=("R-H2",), runs_from=K.OBJECTIONS
    ),
    K.NOTICE_POSTING: Period(
        3, "business", "29 CFR 102.67(k) (2014 rule: 3 full working days before 12:01 a.m. of the day of the election)", rules=("R-O5",),
        direction="before",
    ),
    K.ALJ_EXCEPTIONS: Period(28, "calendar", "29 CFR 102.46(a) (28 days from the transfer order) [U for this era]", receiving="board"),
}

# Before the 2014 rule took effect: objections 7 days; supporting evidence 7 days after the objections
# were filed; no fixed hearing date; hearing officer / RD reports usually went to the Board.
_PRE_2015 = {
    K.OBJECTIONS: Period(7, "calendar", "29 CFR 102.69(a) (pre-2015: 7 days after the tally)", rules=("R-A1",)),
    K.OFFER_OF_PROOF: Period(
        7, "calendar",
        "29 CFR 102.69(a) (pre-2015: evidence within 7 days after the objections were filed; computed from their last day)", rules=("R-A1",),
        runs_from=K.OBJECTIONS,
    ),
    K.EXCEPTIONS: Period(
        14, "calendar", "29 CFR 102.69(c) (pre-2015: exceptions to the Board, 14 days) [U]", rules=("R-A1", "R-J5"), receiving="board"
    ),
    K.ANSWERING_BRIEF: Period(
        7, "calendar", "29 CFR 102.69 (pre-2015: answering brief 7 days after the last day for exceptions) [U]",
        runs_from=K.EXCEPTIONS, receiving="board",
    ),
    K.REVISED_TALLY_OBJECTIONS: Period(7, "calendar", "29 CFR 102.69 (pre-2015, 7 days) [U]"),
    K.REQUEST_FOR_REVIEW: Period(
        14, "calendar", "29 CFR 102.67(b) (pre-2015, 14 days after service of the RD's decision) [U]", receiving="board"
    ),
    K.RFR_OPPOSITION: Period(
        7, "calendar", "29 CFR 102.67(e) (pre-2015: 7 days after the last day for the request for review)",
        runs_from=K.REQUEST_FOR_REVIEW, receiving="board",
    ),
    K.RECONSIDERATION: Period(14, "calendar", "29 CFR 102.65(e)(2) (pre-2015, 14 days) [U]"),
    K.EARLIEST_CERTIFICATION: Period(
        1, "business", "29 CFR 102.69 (certify once no objections were filed in time)", rules=("R-H2",), runs_from=K.OBJECTIONS
    ),
    K.NOTICE_POSTING: Period(
        3, "business", "29 CFR 103.20 (pre-2015: 3 full working days before 12:01 a.m. of the day of the election) [U]",
        direction="before",
    ),
    K.ALJ_EXCEPTIONS: Period(28, "calendar", "29 CFR 102.46(a) (28 days from the transfer order) [U for this era]", receiving="board"),
}

RULE_SETS: tuple[RuleSet, ...] = (
    RuleSet(
        id="pre-2015",
        title="Rules before the 2014 representation-case rule",
        petitions_from=None,
        petitions_until=date(2015, 4, 13),
        periods=MappingProxyType(_PRE_2015),
        source="29 CFR Part 102 Subpart D before 79 FR 74308 (no fixed hearing date)",
        name="29 CFR Part 102, Subpart D, before the Representation-Case Procedures rule of December 15, 2014 (79 FR 74308)",
    ),
    RuleSet(
        id="2014-rule",
        title="2014 representation-case rule (calendar days)",
        petitions_from=date(2015, 4, 14),
        petitions_until=date(2020, 5, 30),
        periods=MappingProxyType(_CAL_2014),
        source="79 FR 74308 (Dec 15 2014), effective 2015-04-14",
        name="29 CFR Part 102, Subpart D, as amended by the Representation-Case Procedures rule of December 15, 2014 (79 FR 74308), in effect from April 14, 2015",
    ),
    RuleSet(
        id="2019-text",
        title="2019 rule as implemented (business days; post-hearing briefs as of right)",
        petitions_from=date(2020, 5, 31),
        petitions_until=date(2023, 12, 25),
        periods=MappingProxyType({**_BD, K.POST_HEARING_BRIEF: _BRIEF_2019}),
        source="84 FR 69524 (Dec 18 2019), parts effective 2020-05-31, less provisions vacated (88 FR 14908)",
        name="29 CFR Part 102, Subpart D, as amended by the Representation-Case Procedures rule of December 18, 2019 (84 FR 69524), as in effect from May 31, 2020",
    ),
    RuleSet(
        id="2023-rule",
        title="2023 rule (current; business days for post-election periods)",
        petitions_from=date(2023, 12, 26),
        petitions_until=None,
        periods=MappingProxyType(dict(_BD)),
        source="88 FR 58076 (Aug 25 2023), effective 2023-12-26; 29 CFR 102.69 as amended through 88 FR 58101",
        name="29 CFR Part 102, Subpart D, as amended by the Representation-Case Procedures rule of August 25, 2023 (88 FR 58076), in effect from December 26, 2023",
    ),
)

CURRENT_RULE_SET_ID = "2023-rule"


def rule_set_for(petition_filed_on: date) -> RuleSet:
    """The rule set governing a case whose petition was filed on ``petition_filed_on`` (a date).

    Raises InvalidCalendar if no rule set covers the date (cannot happen with the built-in table).
    Authority: rules.md R-A1 (rule-set selection by petition filing date); 88 FR 58076; 84 FR 69524; 79 FR 74308.
    """
    for rule_set in RULE_SETS:
        if (rule_set.petitions_from is None or rule_set.petitions_from <= petition_filed_on) and (
            rule_set.petitions_until is None or petition_filed_on <= rule_set.petitions_until
        ):
            return rule_set
    raise InvalidCalendar(f"no rule set covers a petition filed on {petition_filed_on.isoformat()}")


def rule_set_by_id(rule_set_id: str) -> RuleSet:
    """The rule set with id ``rule_set_id`` (``"pre-2015"``, ``"2014-rule"``, ``"2019-text"``, ``"2023-rule"``).

    Raises InvalidCalendar for an unknown id (the message lists the known ids).
    Authority: rules.md R-A1.
    """
    for rule_set in RULE_SETS:
        if rule_set.id == rule_set_id.strip():
            return rule_set
    known = ", ".join(r.id for r in RULE_SETS)
    raise InvalidCalendar(f"unknown rule set {rule_set_id!r}; known rule sets: {known}")


@dataclass(frozen=True)
class RuleSetChoice:
    """The rule set a case is governed by, and how it was chosen: ``assumed`` when neither the petition
    date nor a rule set was given and the current rule set was taken; ``note`` says so in a sentence."""

    rule_set: RuleSet
    assumed: bool = False
    note: str | None = None


def choose_rule_set(*, petition_filed_on: date | None, rule_set_id: str | None) -> RuleSetChoice:
    """The rule set of a case from its petition filing date and/or a named rule set (R-A1), one policy for every caller.

    - The petition date selects the rule set (:func:`rule_set_for`); a rule set named as well must be
      the one the date selects, else InvalidCalendar (one of the two facts is wrong).
    - A named rule set alone is taken as named (the petition date is not in the record).
    - Neither: the current rule set, ``assumed=True``, with a note. A calculator may go on with the
      note shown; a case record must not take the assumption as a fact (``open_case`` refuses).
    Raises InvalidCalendar for an unknown rule-set id or a rule set that disagrees with the date.
    Authority: rules.md R-A1; 88 FR 58076; 84 FR 69524; 79 FR 74308.
    """
    named = rule_set_by_id(rule_set_id) if rule_set_id is not None else None
    if petition_filed_on is not None:
        by_date = rule_set_for(petition_filed_on)
        if named is not None and named.id != by_date.id:
            raise InvalidCalendar(
                f"rule set {named.id} disagrees with the petition filing date {petition_filed_on.isoformat()}, "
                f"which selects {by_date.id} (the rules that apply follow the date the petition was filed)"
            )
        return RuleSetChoice(by_date)
    if named is not None:
        return RuleSetChoice(named)
    current = rule_set_by_id(CURRENT_RULE_SET_ID)
    assert current.petitions_from is not None
    return RuleSetChoice(current, assumed=True, note=(
        f"petition filing date not given: assuming the current rule ({current.id}, petitions filed on/after "
        f"{current.petitions_from.isoformat()}); give the petition filing date for older cases"))
