"""The count of a Revised Tally of Ballots: the tally's counts plus the votes found in the
challenged ballots opened, less the ballots whose challenge was sustained (R-L1, R-L4, R-E8)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from casefile.errors import InvalidTally, ProcedureError
from casefile.rules.outcome import TallyCounts
from casefile.vocab import counted as count_of

__all__ = ["Resolution", "RevisedColumns", "resolution_since_tally", "revised_columns", "revised_counts"]


@dataclass(frozen=True)
class Resolution:
    """What happened to the tally's challenged ballots since it was prepared: ``opened`` (challenge
    overruled, ballot opened and counted) and ``sustained`` (challenge sustained, never counted)."""

    opened: int
    sustained: int


def resolution_since_tally(*, registered: int, overruled: int, sustained: int, given_opened: int | None,
                           given_sustained: int | None) -> Resolution:
    """How many ballots the revised tally opens and how many challenges it counts as sustained.

    With a register of challenged ballots (``registered`` > 0: ballots not yet in a revised tally,
    ``overruled`` and ``sustained`` of them ruled so), the register decides: every overruled ballot
    is opened, sustained ones never are, and an ``given_opened`` that disagrees is refused.
    Without a register (the record has only counts), ``given_opened`` and ``given_sustained`` must
    both be given.

    Raises:
        InvalidTally (line "opened"): ``given_opened`` differs from the overruled ballots.
        ProcedureError: no register and the counts not given.

    Authority: 29 CFR 102.69(e); rules.md R-L1, R-E8 (sustained ballots are never opened).
    """
    if registered:
        if given_opened is not None and given_opened != overruled:
            raise InvalidTally(f"revised tally: {given_opened} ballots said opened, but {overruled} challenges are "
                               "overruled in the register (sustained ballots are never opened)", line="opened",
                               field="opened")
        return Resolution(opened=overruled, sustained=sustained)
    if given_opened is None or given_sustained is None:
        raise ProcedureError("without a register of challenged ballots, give how many ballots were opened and how "
                             "many challenges were sustained", field="opened" if given_opened is None else "sustained")
    return Resolution(opened=given_opened, sustained=given_sustained)


def revised_counts(counts: TallyCounts, resolution: Resolution, *, counted: Mapping[str, int],
                   counted_against: int) -> TallyCounts:
    """The counts of the revised tally.

    Args:
        counts: the tally being revised (the election's latest tally).
        resolution: ballots opened and challenges sustained since it (see resolution_since_tally).
        counted: votes per labor organization among the ballots opened (names as on the ballot;
            a choice left out got none).
        counted_against: votes against among them.

    Returns:
        The tally's counts with the votes opened added, and on the challenged line only the ballots
        still unopened (the tally's challenged less those opened and those sustained), which the
        caller re-tests (R-L4). Individual votes are never part of it: counts per choice only (R-E8).

    Raises:
        InvalidTally naming the field: a choice not on the ballot, a negative count, counts that do
            not add up to the ballots opened, votes against on a ballot without that choice, more
            ballots opened and sustained than were challenged.
        ProcedureError: nothing was opened or sustained since the tally (nothing to revise).

    Authority: 29 CFR 102.69(e); rules.md R-L1, R-L3, R-L4, R-E8.
    """
    names = [n for n, _ in counts.choices]
    unknown = sorted(set(counted) - set(names))
    if unknown:
        raise InvalidTally(f"revised tally: {unknown} not on the ballot (choices: {names})", line="counted",
                           field="counted")
    if any(v < 0 for v in counted.values()) or counted_against < 0:
        raise InvalidTally("revised tally: counts opened cannot be negative", line="counted", field="counted")
    if counts.against is None and counted_against:
        raise InvalidTally("revised tally: 'against' is not a choice on this ballot", line="counted_against",
                           field="counted_against")
    total = sum(counted.values()) + counted_against
    if total != resolution.opened:
        raise InvalidTally(f"revised tally: the counts opened add up to {total} but {resolution.opened} ballots were "
                           "opened", line="counted", field="counted")
    if resolution.opened + resolution.sustained == 0:
        raise ProcedureError("nothing to revise: no challenge has been overruled or sustained since the tally")
    remaining = counts.challenged - resolution.opened - resolution.sustained
    if remaining < 0:
        raise InvalidTally(f"revised tally: {resolution.opened} opened + {resolution.sustained} sustained exceed the "
                           f"{count_of(counts.challenged, 'challenged ballot')}", line="challenged", field="opened")
    return TallyCounts(
        choices=tuple((n, v + counted.get(n, 0)) for n, v in counts.choices),
        against=None if counts.against is None else counts.against + counted_against,
        challenged=remaining, void=counts.void, eligible=counts.eligible, eligible_exact=counts.eligible_exact,
        runoff_ballot=counts.runoff_ballot)


@dataclass(frozen=True)
class RevisedColumns:
    """The middle column of a Revised Tally of Ballots and what it resolved: the votes found in the
    ballots opened per choice (``counted``, in ballot order) and against (``counted_against``, None on a
    ballot without that choice), the challenges sustained (``sustained``: never counted) and the ballots
    still unopened (``still_unopened``: the revised challenged line)."""

    counted: tuple[tuple[str, int], ...]
    counted_against: int | None
    sustained: int
    still_unopened: int


def revised_columns(original: TallyCounts, revised: TallyCounts, *, opened: int) -> RevisedColumns:
    """What a stored revised tally added to the tally it revises (the inverse of :func:`revised_counts`):
    per choice the revised votes less the original ones, the challenges sustained (original challenged
    less ``opened`` less still unopened) and the ballots still unopened.

    ``original``/``revised``: the counts of the two tallies (same ballot, as revised_counts made it);
    ``opened``: the ballots opened and counted in the revised tally. Raises nothing for a revised tally
    revised_counts made (the act refused any other before it was stored).
    Authority: 29 CFR 102.69(e); rules.md R-L1, R-L4, R-E8 (counts per choice only, never a vote).
    """
    before = dict(original.choices)
    return RevisedColumns(
        counted=tuple((name, votes - before.get(name, 0)) for name, votes in revised.choices),
        counted_against=None if revised.against is None else revised.against - (original.against or 0),
        sustained=original.challenged - opened - revised.challenged, still_unopened=revised.challenged)
