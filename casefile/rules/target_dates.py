"""Which deadlines are the Region's own target dates, not periods for a party.

The hearing's target (15 business days after the tally, "or as soon as practicable thereafter")
and the earliest day a certification may issue are dates by (or from) which the Regional
Director acts. They do not "lapse" as a party's period does: the act meets them (or meets them
late), or something overtakes them (they are mooted). Nobody is reminded of them as of a filing
due, and a calendar shows them as all-day dates, not cut-offs.

Authority: 29 CFR 102.69(b) (certification when no objections are filed), 102.69(c)(1)(ii)
(hearing); rules.md R-H2, R-I3.
"""

from __future__ import annotations

from casefile.vocab import DeadlineKind, Stage

#: The Region's target dates (see the module docstring).
REGION_TARGET_DATES: frozenset[DeadlineKind] = frozenset({DeadlineKind.EARLIEST_CERTIFICATION,
                                                          DeadlineKind.HEARING_OPENS})


def is_region_target(kind: DeadlineKind | str) -> bool:
    """Whether a deadline of ``kind`` is one of the Region's target dates (not a party's period).
    Authority: 29 CFR 102.69(b), (c)(1)(ii); rules.md R-H2, R-I3."""
    return DeadlineKind(kind) in REGION_TARGET_DATES


def hearing_in_view(stage: Stage | str | None, *, determinative: bool) -> bool:
    """Whether the post-election hearing's target date is a task before the Regional Director: only
    once objections are filed (the election past ``tally-issued``) or the challenged ballots are
    determinative. A notice of hearing issues only if the objections or challenges raise substantial
    and material factual issues; the date itself is counted from the tally, so it is kept from then,
    but before any objection or determinative challenge there is nothing to hear.
    Authority: 29 CFR 102.69(c)(1)(ii); rules.md R-I3."""
    return determinative or (stage is not None and Stage(stage) is not Stage.TALLY_ISSUED)
