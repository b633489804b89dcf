"""The outcome of a stored tally as the rules computed it when the tally was recorded (kind,
winner, runoff choices: casefile.acts.record_tally.analysis_fields), for the acts that act on it and
for whatever words it (casefile.rules.outcome.outcome_words).
Nothing here re-analyzes the counts or reads the display text."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from casefile.errors import Internal, InvalidTally
from casefile.record.models import Tally
from casefile.rules.outcome import Outcome, count_showed, outcome_words
from casefile.vocab import OutcomeKind


def outcome_words_of(tally: Tally) -> str:
    """What the tally's outcome leads to, in words, from its stored fields (casefile.rules.outcome.outcome_words:
    "A majority for Amazon Labor Union: a Certification of Representative"). A row that does not store its
    whole outcome (written by an older casefile) is said as it was stored, never parsed."""
    try:
        return outcome_words(stored_outcome(tally))
    except Internal:
        return tally.outcome_text


def count_showed_of(tally: Tally) -> str:
    """What the tally's count showed, from its stored fields, without what would follow (casefile.rules.outcome.
    count_showed: "No majority for any labor organization"); a row that does not store its whole outcome is said as
    it was stored."""
    try:
        return count_showed(stored_outcome(tally))
    except Internal:
        return tally.outcome_text


def stored_outcome(tally: Tally) -> Outcome:
    """The tally's stored outcome. Raises Internal when the row does not hold a whole outcome
    (a REP without its winner, a RUNOFF without its two choices: a row written by a casefile
    that did not store them)."""
    try:
        kind = OutcomeKind(tally.outcome)
        choices = tuple(tally.runoff_choices) if kind is OutcomeKind.RUNOFF else None
        return Outcome(kind, winner=tally.winner if kind is OutcomeKind.REP else None, runoff_choices=choices)
    except (ValueError, InvalidTally) as exc:
        raise Internal(f"tally {tally.id} ({tally.kind.value}, {tally.prepared_on.isoformat()}) does not store its whole "
                       f"outcome ({tally.outcome_text}): {exc}") from exc


def reachable_facts(outcomes: Iterable[Outcome]) -> list[dict[str, Any]]:
    """The outcomes reachable by resolving the challenges as a Tally row stores them (``Tally.reachable``): each its
    kind, winner and runoff choices, as the rules computed them (``[{"outcome": "runoff", "winner": None,
    "runoff_choices": ["A", "B"]}]``, the shape of the calculators' ``reachable``) — facts, never the sentences
    that word them."""
    return [{"outcome": o.kind.value, "winner": o.winner, "runoff_choices": list(o.runoff_choices or ())}
            for o in outcomes]


def stored_reachable(tally: Tally) -> tuple[Outcome, ...]:
    """The outcomes the tally's challenges could lead to, from the row's stored facts (reachable_facts). Raises
    Internal for a row written by an older casefile, which stored each as a sentence (its words are then said as
    they were stored, never parsed back: reachable_words)."""
    out = []
    for item in tally.reachable or ():
        if not isinstance(item, dict):
            raise Internal(f"tally {tally.id} stores its reachable outcomes as sentences (an older casefile's row)")
        try:
            kind = OutcomeKind(item["outcome"])
            out.append(Outcome(kind, winner=item.get("winner") if kind is OutcomeKind.REP else None,
                               runoff_choices=tuple(item.get("runoff_choices") or ()) if kind is OutcomeKind.RUNOFF
                               else None))  # type: ignore[arg-type]
        except (KeyError, ValueError, InvalidTally) as exc:
            raise Internal(f"tally {tally.id}: a reachable outcome that is not whole ({item!r}): {exc}") from exc
    return tuple(out)


def reachable_words(tally: Tally) -> list[str]:
    """What the tally's challenges could lead to, each in words (casefile.rules.outcome.outcome_words: "No majority: a
    runoff election between A and B"); an older row's sentences as stored; [] when none is stored (or the stored
    facts are not whole outcomes)."""
    try:
        return [outcome_words(o) for o in stored_reachable(tally)]
    except Internal:
        return _as_stored(tally)


def reachable_descriptions(tally: Tally) -> list[str]:
    """The rules' one-line statement of each reachable outcome (Outcome.describe: "Runoff: A v. B"), for the rules
    that phrase why challenges are determinative (casefile.rules.determinative.why_determinative); an older row's
    as stored."""
    try:
        return [o.describe() for o in stored_reachable(tally)]
    except Internal:
        return _as_stored(tally)


def _as_stored(tally: Tally) -> list[str]:
    """An older row's sentences as they were stored (an item that is not a sentence is left out, never printed)."""
    return [item for item in tally.reachable or () if isinstance(item, str)]
