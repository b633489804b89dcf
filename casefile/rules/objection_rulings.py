"""Whether a report or decision that rules on objections one by one rules on every objection before it, and whether
an election may be certified with an objection of the record still undisposed of (29 CFR 102.69(b), (c)(1)(i)-(iii)).

The hearing officer's report recommends "the disposition of ... objections" set for hearing, the Administrative Law
Judge's decision on the consolidated record does so in its recommended order, and the Regional Director's decision
disposes of the objections (102.69(c)(1)(i), (iii)). When the record gives the rulings one by one, an objection
left out of an overruling would stay undecided, while the decision's result says the objections are overruled and
the certification follows: an election is certified only when every objection is disposed of (102.69(b): "if no
objections are filed ... or if the objections are overruled"). A decision that sets the election aside rests on the
objections it sustains: the Regional Director need not reach the others once the election is set aside (the
second election makes them moot; Cornell-Dubilier Electric Corp., 117 NLRB 358 (1957), where the Regional Director
found objections 1 and 2 to warrant a new election and left objection 8 undecided). A decision that gives no ruling
on any objection (the record does not have them: the real histories' decisions) is taken as it says, the objections
disposed of as a whole. Objections withdrawn, moot or already decided are before no one and need no ruling.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from casefile.errors import BadInput, ProcedureError
from casefile.rules.consistency import RulingGiven
from casefile.vocab import DecisionResult

__all__ = ["ObjectionBefore", "check_disposed_before_certification", "check_every_objection_ruled", "objections_words"]

#: How many objections a refusal names before it counts the rest.
NAMED_MAX = 20


@dataclass(frozen=True)
class ObjectionBefore:
    """An objection still undecided (pending or set for hearing): its party's handle and name and its number."""

    party: str
    party_name: str
    number: int


def objections_words(objections: Sequence[ObjectionBefore]) -> str:
    """The objections named by party and number, in the order given (at most NAMED_MAX, then how many more):
    "Laundry Workers United's objection 2", "Laundry Workers United's objections 2 and 3; Puget Linen Co.'s
    objection 1"."""
    shown = list(objections[:NAMED_MAX])
    out = []
    for name in dict.fromkeys(o.party_name for o in shown):
        numbers = [str(o.number) for o in shown if o.party_name == name]
        listed = numbers[0] if len(numbers) == 1 else f"{', '.join(numbers[:-1])} and {numbers[-1]}"
        out.append(f"{name}'s objection{'s' if len(numbers) > 1 else ''} {listed}")
    more = len(objections) - len(shown)
    return "; ".join(out) + (f"; and {more} more" if more > 0 else "")


def _how(unruled: Sequence[ObjectionBefore], example: str) -> str:
    """How to give the rulings left out: the first one in the PARTY:N=RULING form, ruled ``example``."""
    first = unruled[0]
    return (f"give {'its' if len(unruled) == 1 else 'each its'} ruling — sustained, overruled, moot or withdrawn — as "
            f"the document states it (e.g. {first.party}:{first.number}={example})")


def check_every_objection_ruled(what: str, *, result: DecisionResult | str, before: Sequence[ObjectionBefore],
                                rulings: Sequence[RulingGiven], field: str = "rulings") -> None:
    """Refuse a report or decision that rules on some of the objections before it, one by one, but not on all.

    ``what``: the report or decision ("the Regional Director's decision"); ``result``: DecisionResult.OVERRULE or
    .SET_ASIDE (what it decides or recommends); ``before``: the objections still undecided (pending or set for
    hearing) that it disposes of — every undecided objection for the Regional Director, those set for hearing for
    the hearing officer or the judge — in party and number order; withdrawn, moot or decided ones are not before it;
    ``rulings``: the rulings it gives (none: the record does not have them, and nothing is refused).

    Refused (BadInput, field ``rulings``), naming the objections not ruled on by party and number and how to rule:
    - an overruling that leaves any objection before it without a ruling: it would stay undecided while the
      certification follows "the objections having been overruled" (102.69(b), (c)(1)(i), (iii));
    - a set-aside that leaves any without a ruling and sustains none of those it rules on: the election is set aside
      only on objections sustained, so the one it rests on must be among its rulings.
    A set-aside that sustains an objection need not rule on the rest (the second election moots them).
    Authority: 29 CFR 102.69(b), (c)(1)(i)-(iii); rules.md R-I1, R-J5, R-K4, R-O1.
    """
    if not rulings:
        return
    ruled = {(r.party, r.number) for r in rulings}
    unruled = [o for o in before if (o.party, o.number) not in ruled]
    if not unruled:
        return
    set_aside = str(getattr(result, "value", result)) == DecisionResult.SET_ASIDE.value
    sustained = any(r.ruling == "sustained" for r in rulings)
    if set_aside and sustained:
        return
    told = (f"{what} rules on {len(before) - len(unruled)} of the {len(before)} objections before it and gives no ruling "
            f"on {objections_words(unruled)}")
    if set_aside:
        raise BadInput(f"{told}, and sustains none of those it rules on: the election is set aside only on objections "
                       f"sustained, so the ruling on each objection it rests on must be given (29 CFR 102.69(c)(1)(iii)); "
                       f"{_how(unruled, 'sustained')}", field=field)
    raise BadInput(f"{told}: an overruling rules on each objection, for the election is certified only when every "
                   f"objection is disposed of (29 CFR 102.69(b), (c)(1)(i), (iii)); {_how(unruled, 'overruled')}, or record "
                   f"{'its' if len(unruled) == 1 else 'their'} withdrawal first (withdraw-objection)", field=field)


def check_disposed_before_certification(*, election: int, pending: Sequence[ObjectionBefore], ruled_one_by_one: bool,
                                        field: str = "election") -> None:
    """Refuse the certification of election ``election`` while an objection of the record is still pending.

    ``pending``: the election's objections before the Region still undecided (pending or set for hearing; withdrawn
    and moot ones are disposed of), in party and number order; ``ruled_one_by_one``: whether the Regional Director's
    latest decision on the election's objections gave its rulings one by one (a decision that gives none overrules
    the objections as a whole, and none is left pending by it: the real histories' decisions). Raises ProcedureError
    (field ``election``) naming the objections pending. Authority: 29 CFR 102.69(b) ("if the objections are
    overruled"), (c)(1)(i); rules.md R-H1, R-Q1, R-Q2.
    """
    if not pending or not ruled_one_by_one:
        return
    raise ProcedureError(
        f"election {election} cannot be certified while {objections_words(pending)} "
        f"{'is' if len(pending) == 1 else 'are'} pending: the Regional Director's decision ruled on the objections one "
        "by one and gave no ruling on "
        f"{'it' if len(pending) == 1 else 'them'}, and an election is certified only when every objection is disposed "
        "of (29 CFR 102.69(b), (c)(1)(i)); the Regional Director rules on "
        f"{'it' if len(pending) == 1 else 'them'} first, or the objecting party withdraws "
        f"{'it' if len(pending) == 1 else 'them'} (withdraw-objection)", field=field)
