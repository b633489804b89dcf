"""Hypothesis strategies for casefile's tests: tallies of ballots that look like the real thing."""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st

from casefile.rules.tally import TallyCounts


def examples(full: int) -> int:
    """A property test's ``max_examples``: ``full`` under Hypothesis' default profile (``make test``),
    scaled by the loaded profile's ``max_examples`` over the default 100 otherwise: a fifth under the
    ``check`` profile of ``make check`` (tests/conftest.py), never fewer than 10 (or ``full`` when less)."""
    return max(full * settings().max_examples // 100, min(full, 10))


UNION_NAMES = (
    "RWDSU",
    "Workers United",
    "IBEW Local 84",
    "Teamsters Local 705",
    "UAW",
    "SEIU Local 1199",
    "ACWA",
    "UGW",
    "Diesel Workers Union",
)


def union_names(count: int) -> st.SearchStrategy[tuple[str, ...]]:
    """``count`` different labor organization names, in ballot order."""
    return st.permutations(UNION_NAMES).map(lambda names: tuple(names[:count]))


def vote_counts(max_votes: int) -> st.SearchStrategy[int]:
    """A vote count, biased towards the small and equal numbers where ties and zero votes happen."""
    return st.one_of(st.integers(0, 3), st.integers(0, max_votes))


@st.composite
def tallies(
    draw: st.DrawFn,
    *,
    unions: tuple[int, int] = (1, 3),
    max_votes: int = 12,
    max_challenged: int = 5,
    runoff: bool | None = None,
) -> TallyCounts:
    """A valid tally: ``unions`` labor organizations (inclusive range) plus "against", or a runoff ballot.

    ``runoff`` True draws only runoff ballots (two choices, "against" possibly absent), False never,
    None either. About half the tallies carry an exact eligible count within reach of the valid votes
    plus challenged ballots, so the zero-vote exception (R-P5) gets exercised.
    """
    is_runoff = draw(st.booleans()) if runoff is None else runoff
    if is_runoff:
        two_unions = draw(st.booleans())
        names = draw(union_names(2 if two_unions else 1))
        against = None if two_unions else draw(vote_counts(max_votes))
    else:
        names = draw(union_names(draw(st.integers(*unions))))
        against = draw(vote_counts(max_votes))
    choices = tuple((name, draw(vote_counts(max_votes))) for name in names)
    challenged = draw(st.integers(0, max_challenged))
    void = draw(st.integers(0, 2))
    counted = sum(v for _, v in choices) + (against or 0) + void
    exact = draw(st.booleans())
    if exact:
        eligible: int | None = counted + draw(st.integers(0, challenged + 1))
    else:
        eligible = draw(st.none() | st.integers(0, counted + challenged + 5))
    return TallyCounts(
        choices=choices,
        against=against,
        challenged=challenged,
        void=void,
        eligible=eligible,
        eligible_exact=exact,
        runoff_ballot=is_runoff,
    )


@st.composite
def one_union_tallies(draw: st.DrawFn, *, max_votes: int = 60, max_challenged: int = 30) -> TallyCounts:
    """A one-union tally (yes, no, challenged), the R-E4 closed-form case."""
    return TallyCounts(
        choices=((draw(st.sampled_from(UNION_NAMES)), draw(vote_counts(max_votes))),),
        against=draw(vote_counts(max_votes)),
        challenged=draw(st.integers(0, max_challenged)),
    )


@st.composite
def resolutions(draw: st.DrawFn, counts: TallyCounts) -> TallyCounts:
    """One resolution of a tally's challenged ballots: each sustained, or overruled and counted for a choice.

    Returns the complete count (no challenged ballots left) as a tally of the same ballot, so that
    ``outcome_of_count`` gives the outcome of that resolution.
    """
    k = len(counts.choices) + (counts.against is not None)
    # k stands for "sustained"; 0..k-1 are the choices in ballot order.
    fates = draw(st.lists(st.integers(0, k), min_size=counts.challenged, max_size=counts.challenged))
    votes = [v for _, v in counts.choices]
    against = counts.against
    for fate in fates:
        if fate < len(votes):
            votes[fate] += 1
        elif fate < k:
            assert against is not None
            against += 1
    # Void ballots never change an outcome, so the resolved tally drops them. Counting more valid votes
    # than an exact eligible count rules out the zero-vote exception (valid != eligible); dropping
    # "exact" says the same and keeps the resolved tally valid.
    exact = counts.eligible_exact and counts.eligible is not None and sum(votes) + (against or 0) <= counts.eligible
    return TallyCounts(
        choices=tuple((name, v) for (name, _), v in zip(counts.choices, votes, strict=True)),
        against=against,
        challenged=0,
        void=0,
        eligible=counts.eligible,
        eligible_exact=exact,
        runoff_ballot=counts.runoff_ballot,
    )
