"""Whether a lapsed period that tolling moved past the moment it was closed may run again.

A period the record closed as lapsed, which the tolling of a closure (R-B8) now carries past the
instant asked about, runs again only while the election is at a stage where it can still be met:
for objections and the offer of proof, a stage at which objections are received (the stages at
which ``file-objections`` is accepted, casefile.rules.stages); for any period, a stage that is not
terminal. Otherwise a Regional Director's or the Board's order is needed to reopen it.

Pure: the facts are arguments; no clock, no database.
"""

from __future__ import annotations

from casefile.rules.stages import accepted_at
from casefile.vocab import TERMINAL_STAGES, DeadlineKind, Stage

__all__ = ["OBJECTIONS_RECEIVABLE", "may_run_again"]

#: Stages at which a party's objections (and their offer of proof) are still received (R-G).
OBJECTIONS_RECEIVABLE = accepted_at("file-objections")
_OBJECTION_KINDS = frozenset({DeadlineKind.OBJECTIONS, DeadlineKind.OFFER_OF_PROOF, DeadlineKind.REVISED_TALLY_OBJECTIONS})


def may_run_again(kind: DeadlineKind, stage: Stage) -> bool:
    """Whether a lapsed period of ``kind`` that tolling moved past now may run again, the election
    being at ``stage``: never at a terminal stage; objections and the offer of proof only while
    objections are received. Authority: 29 CFR 102.69(a), 102.2(a); rules.md R-B8, R-G."""
    if stage in TERMINAL_STAGES:
        return False
    return kind not in _OBJECTION_KINDS or stage in OBJECTIONS_RECEIVABLE
