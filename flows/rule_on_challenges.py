"""Flow: sustain or overrule challenged ballots (singly, by ground, or all pending), then re-test the rest."""

from __future__ import annotations

from datetime import datetime

from prefect import flow

from casefile.record.db import write_session
from casefile.services.challenges import ChallengeRuling, rule_on_challenges
from flows.result import ActResult


@flow(name="rule-on-challenges", validate_parameters=True, persist_result=False, log_prints=False)
def rule_on_challenges_flow(case_number: str, ruling: ChallengeRuling, as_of: datetime,
                            election_sequence: int | None = None) -> ActResult:
    """Rule on challenged ballots (R-E7). Idempotent: the same ruling again changes nothing."""
    with write_session() as session:
        ballots = rule_on_challenges(session, case_number=case_number, ruling=ruling, as_of=as_of,
                                     election_sequence=election_sequence)
        ref = f"challenged-ballots:{len(ballots)}"
    return ActResult(act="rule-on-challenges", case_number=case_number, ref=ref)
