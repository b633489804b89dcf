"""Ballots excluded at the count and later ordered counted: a supplemental count, written as challenged ballots.

At a count the Board agent may leave ballots out — a mail ballot received after the date set for its return,
a return envelope unsigned, a ballot received by the Region but not brought to the count — without opening
them and without their being challenged at it (the Tally of Ballots says how many, ``excluded``, and why
when the record says). A party that disputes the exclusion raises it by objections (29 CFR 102.69(a)(8));
the Regional Director (or the Board on review) may order the ballots opened and counted (102.69(c)(1)(i);
102.67). A ballot whose counting is disputed is held as a challenged ballot (rules.md R-E6: a disputed void
ballot, Horton Automatics 1987), so once ordered counted the excluded ballots are written as challenged
ballots whose challenges are overruled: the determinative arithmetic (R-E3, R-E4) and the revised tally
(R-L1-R-L4) are the usual ones, and the revised tally opens its objection period (102.69(e)) for the
ballots actually opened and counted. Real case: Starbucks, Walden Avenue and Anderson Road, Cheektowaga NY
(count of March 9, 2022: 8-7; a supplemental count after the Regional Director in Atlanta ordered the
excluded ballots counted: 10-10 with one challenged ballot unopened). [C 102.69; I the writing as challenges]
"""

from __future__ import annotations

from dataclasses import replace

from casefile.errors import BadInput, ProcedureError
from casefile.rules.outcome import TallyCounts
from casefile.vocab import ExcludedReason

__all__ = ["REASON_WORDS", "check_excluded", "ordered_to_count", "reason_words", "with_excluded"]

#: How a document says why the ballots were excluded (the reason's words, after "excluded at the count
#: because ..."); a reason the record does not give (None) is said so, never guessed.
REASON_WORDS: dict[ExcludedReason, str] = {
    ExcludedReason.LATE_MAIL_BALLOT: "they were received after the date set for the return of mail ballots",
    ExcludedReason.UNSIGNED_ENVELOPE: "their return envelopes were not signed",
    ExcludedReason.NOT_AT_THE_COUNT: "they were received by the Regional Office but were not at the count",
    ExcludedReason.DAMAGED_ENVELOPE: "their return envelopes arrived opened or torn",
}


def reason_words(reason: ExcludedReason | None) -> str:
    """The clause saying why ballots were excluded ("because ..."), or that the record does not say."""
    if reason is None:
        return "for a reason the record does not state"
    return f"because {REASON_WORDS[reason]}"


def check_excluded(excluded: int, reason: ExcludedReason | None) -> None:
    """A tally's excluded ballots as given: ``excluded`` ≥ 0 ballots; a ``reason`` only with some.

    Raises BadInput (field ``excluded_reason``): a reason for no excluded ballot. Authority: 29 CFR
    102.69(a) (the tally states what was counted); rules.md R-C2, R-F1 (void ballots are counted on their
    own line; excluded ballots are not on any line)."""
    if excluded < 0:
        raise BadInput("the number of ballots excluded at the count cannot be negative", field="excluded")
    if reason is not None and excluded == 0:
        raise BadInput(f"a reason for excluding ballots ({reason.value}) was given, but no ballot was excluded at "
                       "the count", field="excluded_reason")


def ordered_to_count(*, excluded: int, ordered_before: int, ordered: int) -> int:
    """How many excluded ballots an order writes as challenged ballots to open: ``ordered``, checked.

    ``excluded``: the ballots the tally says were excluded at the count; ``ordered_before``: those an earlier
    order already wrote; ``ordered``: those this order directs opened and counted (≥ 1).

    Raises BadInput (field ``ballots``): fewer than one ordered; ProcedureError (field ``ballots``): no ballot excluded at the count; more ordered than are left.
    Authority: 29 CFR 102.69(c)(1)(i), (e); rules.md R-E6, R-L1."""
    left = excluded - ordered_before
    if ordered < 1:
        raise BadInput("an order to count excluded ballots counts at least one ballot", field="ballots")
    if excluded == 0:
        raise ProcedureError("the tally records no ballot excluded at the count: an order to count excluded ballots "
                             "needs the tally to say how many were excluded (correct the tally if it omits them)",
                             field="ballots")
    if ordered > left:
        raise ProcedureError(f"the order counts {ordered} excluded ballots, but the tally excluded {excluded}"
                             + (f" and {ordered_before} were already ordered counted" if ordered_before else "")
                             + f": {left} left", field="ballots")
    return ordered


def with_excluded(counts: TallyCounts, written: int) -> TallyCounts:
    """The tally's counts with the ``written`` excluded ballots ordered counted (not yet in a revised tally)
    on its challenged line, as challenged ballots are: what the revised tally counts from and what the
    determinative test reads. Authority: rules.md R-E3, R-E6, R-L1."""
    return counts if written == 0 else replace(counts, challenged=counts.challenged + written)
