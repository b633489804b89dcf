"""What the Board's ruling on a request for review does to the election (rules.md R-N7, §4).

Filing a request for review, or granting it, stays nothing unless the Board orders (102.67(g)): the
ruling is what moves the case. A denial is an affirmance (R-N7): a certification under review becomes
final and the election closes. A grant may decide the issues at once or be followed by briefs on
review (10 business days, 102.67(h)) and a decision: affirmed (closed), the election set aside and a
new one directed (R-O1), the challenged ballots directed opened and counted (a revised tally follows,
R-L1), or the case remanded to the Regional Director for a hearing (R-I2). rules.md §4:

    [RFR_PENDING] -- denied --> [CLOSED]
                  -- granted --> [BOARD_REVIEW] --> affirm → [CLOSED]; reverse & set aside → [RERUN_DIRECTED];
                                 direct open & count → [REVISED_TALLY_ISSUED]; remand → [HEARING_NOTICED]

casefile has no BOARD_REVIEW stage: review granted without a decision leaves the election at
rfr-pending (review is still pending); an order to open and count leaves it there until the revised
tally is recorded (the revised-tally act moves it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from casefile.errors import BadInput, ProcedureError
from casefile.vocab import Stage

__all__ = ["Decision", "Effect", "Ruling", "check_open_to_ruling", "effect_of_ruling"]

Ruling = Literal["granted", "denied", "remanded"]
#: The Board's decision on review, when the ruling grants review and decides: ``affirmed``,
#: ``set-aside`` (a new election directed), ``open-and-count`` (challenged ballots to be counted).
Decision = Literal["affirmed", "set-aside", "open-and-count"]


@dataclass(frozen=True)
class Effect:
    """The stages the election passes through (in order; empty: it stays where it is), and the
    sentence for the docket with its authority."""

    stages: tuple[Stage, ...]
    sentence: str


def effect_of_ruling(ruling: Ruling, decision: Decision | None) -> Effect:
    """The effect on an election at rfr-pending of the Board's ``ruling`` (and, for a grant, its
    ``decision``, None while the decision is to follow). Raises BadInput (field ``decision``) for a
    decision given with a denial or a remand. Authority: 29 CFR 102.67(g), (h), (j); rules.md R-N7, §4."""
    if ruling != "granted" and decision is not None:
        raise BadInput(f"a ruling that review is {ruling} carries no decision on review ({decision!r}); "
                       "give the decision with a grant", field="decision")
    if ruling == "denied":
        return Effect((Stage.CLOSED,), "review denied: the Regional Director's action is affirmed and final "
                      "(29 CFR 102.67(g), (j))")
    if ruling == "remanded":
        return Effect((Stage.HEARING_NOTICED,), "remanded to the Regional Director for a hearing on the issues "
                      "(29 CFR 102.67(g); 102.69(c)(1)(ii))")
    if decision is None:
        return Effect((), "review granted; briefs on review are due within 10 business days unless the grant decides "
                      "the issues (29 CFR 102.67(h); 102.67(g))")
    if decision == "affirmed":
        return Effect((Stage.CLOSED,), "review granted; the Regional Director's action is affirmed "
                      "(29 CFR 102.67)")
    if decision == "set-aside":
        return Effect((Stage.SET_ASIDE, Stage.RERUN_DIRECTED),
                      "review granted; the election is set aside and a new election directed (29 CFR 102.67(g))")
    return Effect((), "review granted; the challenged ballots are to be opened and counted: the revised tally follows "
                  "(29 CFR 102.69(e))")


def check_open_to_ruling(*, unruled: int, awaiting_decision: bool, ruling: Ruling | None = None,
                         decision: Decision | None = None) -> None:
    """Refuse a Board ruling that rules on nothing: the Board rules once on each request for review. ``unruled``:
    the requests for review in the election's record filed after its latest ruling (docket order); ``awaiting_decision``:
    review was granted at rfr-pending with the decision to follow. With no request unruled, only the decision on
    review (a grant with its decision) or a remand follows a grant; ``ruling`` None asks whether any ruling may be
    recorded. Raises ProcedureError (field ``ruling``). Authority: 29 CFR 102.67(g), (h), (j); rules.md R-N7."""
    if unruled:
        return
    if awaiting_decision and (ruling is None or ruling == "remanded" or (ruling == "granted" and decision is not None)):
        return
    if awaiting_decision:
        raise ProcedureError("the Board granted review and its decision on review is to follow: record it as a grant with "
                             "its decision, or a remand (102.67(h))", field="ruling")
    raise ProcedureError("every request for review in the record was ruled on: the Board rules once on each "
                         "request (102.67(g), (j))", field="ruling")
