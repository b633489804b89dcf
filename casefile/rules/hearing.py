"""What a post-election hearing may hear, and when post-hearing briefs are due (R-I2, R-I4, R-J4); the order
of its dates is casefile.rules.chronology's."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from casefile.errors import BadInput, ProcedureError
from casefile.rules.calendar import BusinessCalendar
from casefile.rules.chronology import Earlier, dated_before, long_date
from casefile.rules.rule_sets import rule_set_by_id
from casefile.vocab import DeadlineKind

__all__ = [
    "BriefsDue",
    "briefs_as_of_right",
    "check_every_ballot_ruled",
    "check_matters_for_hearing",
    "post_hearing_brief_due",
]
#: How far the hearing officer could extend the as-of-right brief period (2019 text): business days.
BRIEF_EXTENSION_MAX = 10


def check_matters_for_hearing(*, objections: int, challenges: bool, determinative: bool) -> None:
    """Refuse a notice of hearing (or a consolidation order) that sets nothing to hear.

    ``objections``: how many objections it sets for hearing; ``challenges``: whether it sets the
    challenged ballots; ``determinative``: whether the latest tally's challenges are sufficient in
    number to affect the results. Challenged ballots are heard only when determinative; a hearing
    needs objections or determinative challenged ballots. Raises ProcedureError (field
    ``challenges`` or ``objections``).
    Authority: 29 CFR 102.69(c)(1)(ii); rules.md R-E2, R-I2, R-I4.
    """
    if challenges and not determinative:
        raise ProcedureError("challenged ballots can be set for hearing only when they are determinative (29 CFR 102.69(c)(1)(ii))",
                             field="challenges")
    if objections == 0 and not challenges:
        raise ProcedureError("a hearing needs objections or determinative challenged ballots to hear (29 CFR 102.69(c)(1)(ii))",
                             field="objections")


def check_every_ballot_ruled(what: str, *, set_for_hearing: list[str], ruled: set[str], field: str = "challenges") -> None:
    """Refuse a report or decision that leaves challenged ballots set for hearing without a ruling.

    ``what``: the report or decision ("the Hearing Officer's report"); ``set_for_hearing``: the voters whose
    challenged ballots the notice of hearing set for hearing and that are still pending, in register order;
    ``ruled``: the voters it rules on (per voter or per ground). The hearing officer's report resolves the
    issues the notice set (its recommendations "as to the disposition of ... challenges", 29 CFR
    102.69(c)(1)(iii)), and the Regional Director's decision on the hearing record rules on each; one left
    out would stay pending with nothing to move it. Raises BadInput naming the ballots not ruled on (at most
    20 named, then how many more). Authority: 29 CFR 102.69(c)(1)(i)-(iii); rules.md R-J5, R-M3."""
    unruled = [v for v in set_for_hearing if v not in ruled]
    if not unruled:
        return
    named = ", ".join(unruled[:20]) + (f" and {len(unruled) - 20} more" if len(unruled) > 20 else "")
    raise BadInput(f"{what} rules on {len(set_for_hearing) - len(unruled)} of the {len(set_for_hearing)} challenged "
                   f"ballots set for hearing: it must rule on each, per voter or per ground (29 CFR 102.69(c)(1)(iii)); "
                   f"not ruled on: {named}", field=field)


def briefs_as_of_right(rule_set_id: str) -> bool:
    """Whether a party may file a post-hearing brief with the hearing officer as of right under the rule
    set ``rule_set_id``: True under the 2019 text (petitions filed 2020-05-31 … 2023-12-25: within 5
    business days after the close of the hearing), whose periods include the post-hearing brief; False
    under the 2014 and 2023 rules (only by special permission of the hearing officer). Raises KeyError
    for an unknown rule set.
    Authority: 29 CFR 102.69(c)(1)(iii) (2019 text, 84 FR 69524; 2023 text); rules.md R-A1, R-J4.
    """
    return DeadlineKind.POST_HEARING_BRIEF in rule_set_by_id(rule_set_id).periods


@dataclass(frozen=True)
class BriefsDue:
    """The date post-hearing briefs are due to the hearing officer, and how it was set: ``allowed``
    True when the hearing officer's allowance at the close of the hearing fixed it (the deadline is
    then stored as fixed by that allowance, never recomputed), False when it is the period of the
    rule set (2019 text: 5 business days after the close)."""

    due_on: date
    allowed: bool
    basis: str


def post_hearing_brief_due(rule_set_id: str, *, closed_on: date, allowed_until: date | None,
                           as_of_right_due_on: date | None, calendar: BusinessCalendar) -> BriefsDue | None:
    """When post-hearing briefs are due after a hearing on objections (or challenges) that closed on
    ``closed_on``, or None when no brief is allowed.

    ``allowed_until``: the date the hearing officer allowed briefs until (None: none allowed, or no
    extension); ``as_of_right_due_on``: the rule set's computed period (2019 text: 5 business days
    after the close), None under a rule set without one; ``calendar``: the receiving office's.

    - 2023 rule (and the 2014 rule, and before): briefs only by special permission of the hearing
      officer, within the time the hearing officer allows: no allowance, no brief (None).
    - 2019 text: a brief as of right within 5 business days after the close; before the close the
      hearing officer may extend it by no more than 10 business days.
    Refused: an allowance ending before the hearing closed (OutOfOrder, field ``briefs_due_on``); under
    the 2019 text, one shorter than the 5 days of right or longer than the 10-day extension allows
    (BadInput, field ``briefs_due_on``).
    Authority: 29 CFR 102.69(c)(1)(iii) (2023 text: "only upon special permission of the hearing officer
    and within the time and addressing the subjects permitted by the hearing officer"; 2019 text, 84 FR
    69524: 5 business days, extension up to 10 more); rules.md R-A1, R-J4.
    """
    if allowed_until is not None:
        refusal = dated_before("the time the hearing officer allowed for post-hearing briefs", allowed_until,
                               [Earlier("the hearing closed", closed_on)], field="briefs_due_on", verb="ends")
        if refusal is not None:
            raise refusal
    if briefs_as_of_right(rule_set_id) and as_of_right_due_on is not None:
        if allowed_until is None or allowed_until == as_of_right_due_on:
            return BriefsDue(as_of_right_due_on, False, "as of right, 5 business days after the close of the hearing "
                             "(29 CFR 102.69(c)(1)(iii), 2019 text)")
        latest, _ = calendar.add_business_days(as_of_right_due_on, BRIEF_EXTENSION_MAX)
        if allowed_until < as_of_right_due_on:
            raise BadInput(f"post-hearing briefs are due as of right on {long_date(as_of_right_due_on)} (5 business days "
                           f"after the close of the hearing on {long_date(closed_on)}); the hearing officer can extend "
                           f"that time, not shorten it to {long_date(allowed_until)} (102.69(c)(1)(iii), 2019 text)",
                           field="briefs_due_on")
        if allowed_until > latest:
            raise BadInput(f"the hearing officer may extend the time for post-hearing briefs by no more than "
                           f"{BRIEF_EXTENSION_MAX} business days, to {long_date(latest)} at the latest, not "
                           f"{long_date(allowed_until)} (102.69(c)(1)(iii), 2019 text)", field="briefs_due_on")
        return BriefsDue(allowed_until, True, "extended by the hearing officer before the close of the hearing "
                         "(29 CFR 102.69(c)(1)(iii), 2019 text: up to 10 more business days)")
    if allowed_until is None:
        return None
    return BriefsDue(allowed_until, True, "by special permission of the hearing officer, within the time allowed "
                     "(29 CFR 102.69(c)(1)(iii))")
