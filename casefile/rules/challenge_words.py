"""The challenge analysis in plain words (casefile.rules.challenge_analysis): one sentence per
reachable outcome, stating what it needs of the challenged ballots, rest sustained and all opened.

Authority: 29 CFR 102.69(a)(7), 102.70(d); rules.md R-E3, R-E5.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING

from casefile.rules.calendar import long_date
from casefile.rules.outcome import AGAINST, Ballot, Outcome
from casefile.vocab import ChallengeStatus, OutcomeKind, RuledBy

if TYPE_CHECKING:
    from casefile.rules.challenge_analysis import Requirement

__all__ = ["RULED_BY_WORDS", "outcome_sentence", "resolution_words", "ruling_words"]


#: Who ruled on a challenged ballot, as a sentence names them after "by the".
RULED_BY_WORDS: dict[RuledBy, str] = {
    RuledBy.REGIONAL_DIRECTOR: "Regional Director",
    RuledBy.BOARD: "Board",
    RuledBy.HEARING_OFFICER: "Hearing Officer",
    RuledBy.ADMINISTRATIVE_LAW_JUDGE: "Administrative Law Judge",
}


def ruling_words(ruled_by: RuledBy | None, ruled_on: date | None) -> str:
    """Who ruled and when, after "sustained" or "overruled": "by the Regional Director on January 10,
    2022"; "by the Board" (its date not in the record); "" when no one ruled (29 CFR 102.69(c)(1)(i), (e))."""
    if ruled_by is None:
        return ""
    return f"by the {RULED_BY_WORDS[ruled_by]}" + (f" on {long_date(ruled_on)}" if ruled_on is not None else "")


#: What became of a challenged ballot decided without a count, after its number ("3 sustained").
_RESOLVED_WORDS: dict[ChallengeStatus, str] = {
    ChallengeStatus.SUSTAINED: "sustained",
    ChallengeStatus.NOT_DETERMINATIVE: "left unopened for good, no longer sufficient in number to affect the results",
    ChallengeStatus.RESOLVED_BY_AGREEMENT: "resolved by agreement of the parties",
}


def resolution_words(rulings: Sequence[tuple[ChallengeStatus, RuledBy | None, date | None]]) -> str:
    """How a tally's challenged ballots were decided without a count, one clause per ruling in the order
    given (status, who ruled, on what date — each ballot's ``ChallengedBallot`` fields): "3 sustained by
    the Regional Director on September 21, 2026"; "2 sustained by the Regional Director on January 10,
    2022; 1 left unopened for good, no longer sufficient in number to affect the results". "" when
    ``rulings`` is empty. A ballot still pending, overruled or opened is not decided without a count:
    ValueError names it. Authority: 29 CFR 102.69(c)(1)(i); rules.md R-E2, R-E7."""
    groups: dict[tuple[ChallengeStatus, RuledBy | None, date | None], int] = {}
    for status, by, on in rulings:
        if status not in _RESOLVED_WORDS:
            raise ValueError(f"a challenged ballot {status.value} is not decided without a count")
        key = (status, by, on if by is not None else None)
        groups[key] = groups.get(key, 0) + 1
    clauses = []
    for (status, by, on), n in groups.items():
        who = ruling_words(by, on) if status is ChallengeStatus.SUSTAINED else ""
        clauses.append(f"{n:,} {_RESOLVED_WORDS[status]}" + (f" {who}" if who else ""))
    return "; ".join(clauses)


def _short(name: str) -> str:
    return "Against" if name == AGAINST else name


def _spread(requirement: Requirement) -> str:
    parts = [f"{_short(name)} {n:,}" for name, n in requirement.distribution if n]
    return ", ".join(parts) if parts else "none counted"


def outcome_sentence(
    ballot: Ballot,
    votes: Sequence[int],
    outcome: Outcome,
    least: Requirement,
    everything: Requirement | None,
    *,
    side: tuple[int, ...],
    single: bool,
) -> str:
    """The sentence of one reachable outcome: what it needs with the rest sustained (``least``) and with
    all opened (``everything``, None when all opened cannot give it).

    Args:
        ballot, votes: the tally's ballot and the votes counted (ballot order).
        outcome: the outcome the figures are for.
        least, everything: its two figures (casefile.rules.challenge_analysis.Requirement).
        side: the ballot indices of the outcome's side (challenge_analysis.outcome_side's choices).
        single: the only reachable outcome (the challenges cannot change it: the sentence says so).

    Returns:
        One sentence, ending with a full stop; counts with thousands separators.

    Authority: 29 CFR 102.69(a)(7), 102.70(d); rules.md R-E3, R-E5.
    """
    c = least.of
    if c == 0:
        return f"No challenged ballots remain unresolved: the count gives {outcome.describe()}."
    of_c = "of the challenged ballot" if c == 1 else f"of the {c:,} challenged ballots"
    with_all, of_them = (f"with all {c:,} opened", " of them") if c != 1 else ("with it opened", "")
    counted_for_side = bool(side) and sum(least.distribution[i][1] for i in side) == least.count
    pair = ""
    if outcome.kind is OutcomeKind.REP:
        subject, for_side = str(outcome.winner), "for it"
    elif outcome.kind is OutcomeKind.RESULTS:
        subject, for_side = "Certification of Results", "against the labor organization" + ("s" if len(votes) > 2 else "")
    elif outcome.kind is OutcomeKind.RUNOFF:
        assert outcome.runoff_choices is not None
        pair = " and ".join(_short(name) for name in outcome.runoff_choices)
        subject, for_side = f"A runoff between {pair}", ""
    else:
        subject, for_side = "A rerun election with all the original choices (nullity, 102.70(d))", ""
    if least.count == 0:
        majority = outcome.kind is OutcomeKind.REP
        why = "it already has a majority of the valid votes counted" if majority else "the count as it stands gives it"
        head = f"{subject} needs no challenged ballot opened ({why})"
    else:
        if least.count == c:
            needed, rest = ("the challenged ballot" if c == 1 else f"all {c:,} challenged ballots"), ""
        else:
            needed, rest = f"{least.count:,} {of_c}", "the rest sustained"
        if counted_for_side and for_side:
            head = f"{subject} needs {needed} opened and counted {for_side}" + (f" ({rest})" if rest else "")
        else:
            head = f"{subject} needs {needed} opened and counted ({_spread(least)})" + (f", {rest}" if rest else "")
    if everything is None:
        tail = f"{with_all} it cannot be reached"
    elif outcome.kind is OutcomeKind.REP:
        tail = f"{with_all} it " + ("wins however they are counted" if everything.count == 0 else f"needs {everything.count:,}")
    elif outcome.kind is OutcomeKind.RESULTS and side:
        why = _unless_majority(ballot, votes, everything)
        tail = f"{with_all} the votes against need {_amount(everything.count)}{of_them}{why}"
    elif outcome.kind is OutcomeKind.RESULTS:
        tail = f"{with_all} it needs a tie (e.g. {_spread(everything)})"
    elif outcome.kind is OutcomeKind.RUNOFF:
        tail = f"{with_all} {pair} need {_amount(everything.count)}{of_them} between them (e.g. {_spread(everything)})"
    else:
        tail = f"{with_all} it can be reached (e.g. {_spread(everything)})"
    lead = "The challenges cannot change the outcome: " if single else ""
    return f"{lead}{head}; {tail}."


def _amount(count: int) -> str:
    return "none" if count == 0 else f"{count:,}"


def _unless_majority(ballot: Ballot, votes: Sequence[int], requirement: Requirement) -> str:
    """For RESULTS reached other than by an against majority: the witness and why it gives RESULTS."""
    final = [v + n for v, (_, n) in zip(votes, requirement.distribution, strict=True)]
    assert ballot.against_at is not None
    if 2 * final[ballot.against_at] > sum(final):
        return ""
    if ballot.two_choice:
        return f" (e.g. {_spread(requirement)}: a tie is not a majority)"
    return f" (e.g. {_spread(requirement)}: a tie for first, a choice with no votes, every eligible voter voting, 102.70(d))"
