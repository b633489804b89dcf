"""Flow: register the election's challenged ballots (individually or from a CSV)."""

from __future__ import annotations

from datetime import datetime

from prefect import flow

from casefile.record.db import write_session
from casefile.services.challenges import ChallengeIn, register_challenges
from flows.result import ActResult


@flow(name="register-challenges", validate_parameters=True, persist_result=False, log_prints=False)
def register_challenges_flow(case_number: str, challenges: list[ChallengeIn], as_of: datetime,
                             election_sequence: int | None = None) -> ActResult:
    """Register challenged ballots. Idempotent: voters already registered are left as they are."""
    with write_session() as session:
        ballots = register_challenges(session, case_number=case_number, challenges=challenges, as_of=as_of,
                                      election_sequence=election_sequence)
        ref = f"challenged-ballots:{len(ballots)}"
    return ActResult(act="register-challenges", case_number=case_number, ref=ref)
