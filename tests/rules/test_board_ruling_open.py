"""Whether the Board has a ruling to make: once on each request for review (29 CFR 102.67(g), (h), (j))."""

from __future__ import annotations

import pytest

from casefile.errors import ProcedureError
from casefile.rules.board_ruling import check_open_to_ruling


def test_a_request_not_yet_ruled_on_takes_any_ruling() -> None:
    for ruling in ("denied", "granted", "remanded"):
        check_open_to_ruling(unruled=1, awaiting_decision=False, ruling=ruling)  # type: ignore[arg-type]


def test_every_request_ruled_on_takes_none() -> None:
    for ruling in (None, "denied", "granted", "remanded"):
        with pytest.raises(ProcedureError, match="every request for review in the record was ruled on"):
            check_open_to_ruling(unruled=0, awaiting_decision=False, ruling=ruling)  # type: ignore[arg-type]


def test_review_granted_takes_its_decision_or_a_remand_only() -> None:
    check_open_to_ruling(unruled=0, awaiting_decision=True)
    check_open_to_ruling(unruled=0, awaiting_decision=True, ruling="granted", decision="affirmed")
    check_open_to_ruling(unruled=0, awaiting_decision=True, ruling="remanded")
    for ruling in ("denied", "granted"):
        with pytest.raises(ProcedureError, match="decision on review is to follow"):
            check_open_to_ruling(unruled=0, awaiting_decision=True, ruling=ruling)  # type: ignore[arg-type]
