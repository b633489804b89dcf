"""What a lapsed period still means once the election has moved on.

Two questions, both asked of the stage table (casefile.rules.stages):

- :func:`may_run_again`: a period the record closed as lapsed, which the tolling of a closure (R-B8)
  now carries past the instant asked about, runs again only while the election is at a stage where it
  can still be met: for objections and the offer of proof, a stage at which objections are received
  (the stages at which ``file-objections`` is accepted); for any period, a stage that is not terminal.
  Otherwise a Regional Director's or the Board's order is needed to reopen it.
- :func:`still_matters`: a party's period that lapsed with nothing filed is its next task (the
  "Missed …" line first in "Next for" and My cases) only while the stage the period served is still
  ahead: while the act that meets it is still accepted at the election's stage on its own terms (a
  filing received in time may still be recorded or confirmed there; for the offer of proof, the
  Regional Director has not yet acted on the objections, 102.69(c)(1)(i)-(ii)). Once the objections
  were heard, consolidated or decided, the report's exceptions decided, the election certified or
  set aside, the lapse is history: the deadline list still shows it lapsed, as the record holds it.

Pure: the facts are arguments; no clock, no database.
"""

from __future__ import annotations

from casefile.rules.party_filings import ACT_PERIODS
from casefile.rules.stages import MOVES, Guard, accepted_at
from casefile.vocab import TERMINAL_STAGES, DeadlineKind, Stage

__all__ = ["MATTERS_AT", "OBJECTIONS_RECEIVABLE", "may_run_again", "still_matters"]

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


def _met_without_running(kind: DeadlineKind) -> frozenset[Stage]:
    """The stages at which an act that meets a ``kind`` period (casefile.rules.party_filings.ACT_PERIODS) is
    accepted by a row of the table that does not need the period running: where a lapsed period's filing still
    has a place."""
    acts = {act for act, kinds in ACT_PERIODS.items() if kind in kinds}
    return frozenset(s for m in MOVES if m.act in acts and m.guard is not Guard.PERIOD_RUNNING for s in m.source)


#: The stages at which a lapsed period of each kind is still what it was for (see :func:`still_matters`), for the
#: kinds whose filing act the stage table bounds. The offer of proof is due with the objections (102.69(a)(8)): it
#: matters too at the tally's own stage, before the sweep moves the election to objections pending.
MATTERS_AT: dict[DeadlineKind, frozenset[Stage]] = {
    kind: (_met_without_running(kind) | ({Stage.TALLY_ISSUED} if kind is DeadlineKind.OFFER_OF_PROOF else set()))
    - TERMINAL_STAGES
    for kind in DeadlineKind if _met_without_running(kind)}


def still_matters(kind: DeadlineKind | str, stage: Stage | str) -> bool:
    """Whether a period of ``kind`` that lapsed with nothing e-filed is still its party's next task, the election
    being at ``stage`` (both enums or their values): never at a terminal stage; for a kind whose filing act the
    stage table bounds, only at the stages of :data:`MATTERS_AT` — where that act is still accepted without its
    period running (objections and their offer of proof while the Regional Director has not yet noticed a hearing,
    consolidated the case or decided; exceptions and answering briefs until the decision on the report; a
    post-hearing brief until the report; a request for review until the Board rules or the case closes); any other
    kind (a motion for reconsideration, an opposition to review) at any stage that is not terminal. Once False, the
    lapse stays in the record and in the deadline list, lapsed. Raises ValueError for a value that is no kind or
    stage. Authority: 29 CFR 102.69(a)(8) (the offer "shall" accompany the objections), (c)(1)(i)-(ii) (the
    Regional Director decides on it whether to hold a hearing), (c)(1)(iii) (exceptions, answering briefs, the
    decision after them), 102.67(c), 102.2(a)-(b); rules.md R-G4, R-I1, R-I2, R-K1, R-K2, R-K4, §4."""
    kind, stage = DeadlineKind(kind), Stage(stage)
    if stage in TERMINAL_STAGES:
        return False
    where = MATTERS_AT.get(kind)
    return where is None or stage in where
