"""The outcome of a stored tally as the rules computed it when the tally was recorded (kind,
winner, runoff choices: casefile.acts.record_tally.analysis_fields), for the acts that act on it and
for whatever words it (casefile.rules.outcome.outcome_words).
Nothing here re-analyzes the counts or reads the display text."""

from __future__ import annotations

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
