"""What a tally's challenged ballots could lead to is stored as facts (each outcome's kind, winner and runoff
choices: casefile.record.stored_outcome.reachable_facts) and worded when read — never a sentence parsed back.
A row of an older casefile, which stored the sentences, is said as it was stored."""

from __future__ import annotations

from datetime import date

import pytest

from casefile.errors import Internal
from casefile.record.models import Tally
from casefile.record.stored_outcome import reachable_descriptions, reachable_facts, reachable_words, stored_reachable
from casefile.rules.outcome import Outcome
from casefile.rules.tally import TallyCounts, analyze_tally
from casefile.vocab import OutcomeKind, TallyKind

WORKERS_UNITED = "Workers United"


def _tally(reachable: list[object]) -> Tally:
    return Tally(id=7, election_id=1, kind=TallyKind.INITIAL, prepared_on=date(2021, 12, 9), void=0, votes=[],
                 challenged=7, valid=24, valid_plus_challenged=31, determinative=True, outcome="pending",
                 outcome_text="Pending: challenged ballots or objections unresolved", reachable=reachable)


def test_a_determinative_count_stores_its_outcomes_as_facts() -> None:
    """Starbucks Genesee Street's tally (15 for Workers United, 9 against, 7 challenged): the challenges could give
    Workers United its majority or none, stored as the two outcomes' fields and read in words."""
    analysis = analyze_tally(TallyCounts(choices=((WORKERS_UNITED, 15),), against=9, challenged=7, void=0))
    facts = reachable_facts(analysis.reachable)
    assert sorted(facts, key=lambda f: f["outcome"]) == [
        {"outcome": "REP", "winner": WORKERS_UNITED, "runoff_choices": []},
        {"outcome": "RESULTS", "winner": None, "runoff_choices": []},
    ]
    tally = _tally(facts)
    assert set(stored_reachable(tally)) == {Outcome(OutcomeKind.REP, winner=WORKERS_UNITED), Outcome(OutcomeKind.RESULTS)}
    assert sorted(reachable_words(tally)) == [f"A majority for {WORKERS_UNITED}: a Certification of Representative",
                                              "No majority for any labor organization: a Certification of Results"]
    assert sorted(reachable_descriptions(tally)) == ["Certification of Representative: Workers United",
                                                     "Certification of Results"]


def test_a_runoff_is_worded_from_its_two_choices() -> None:
    tally = _tally([{"outcome": "RUNOFF", "winner": None, "runoff_choices": ["Union A", "Union B"]}])
    assert reachable_words(tally) == ["No majority: a runoff election between Union A and Union B"]


def test_an_older_row_is_said_as_stored_never_parsed() -> None:
    older = _tally(["Runoff: Union A v. Union B"])
    with pytest.raises(Internal, match="stores its reachable outcomes as sentences"):
        stored_reachable(older)
    assert reachable_words(older) == ["Runoff: Union A v. Union B"]
    assert reachable_descriptions(older) == ["Runoff: Union A v. Union B"]
    broken = _tally([{"outcome": "RUNOFF", "winner": None, "runoff_choices": ["Union A"]}])  # not a whole outcome
    assert reachable_words(broken) == []  # never a dict's repr
