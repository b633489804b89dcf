"""``casefile deadlines pin``: an order fixing a deadline's date, in-process through the front door,
on Starbucks Genesee Street (03-RC-282139, tally 2021-12-09: objections and offer of proof due
2021-12-16). The order is hypothetical (none is in the public record)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from sqlmodel import select

from casefile.record.db import read_session
from casefile.record.models import Deadline
from casefile.vocab import DeadlineKind
from tests.acts.example_cases import starbucks
from tests.cli.in_process import casefile

ORDER = "RD order of 2021-12-14 extending the offer of proof (hypothetical)"


def deadline_id(kind: DeadlineKind) -> int:
    with read_session() as s:
        ident = s.exec(select(Deadline.id).where(Deadline.kind == kind)).one()
    assert ident is not None
    return ident


@pytest.fixture
def tallied(configured_db: Path) -> Path:
    starbucks().carry(1)
    return configured_db


class TestPin:
    def test_extends_the_offer_of_proof(self, tallied: Path) -> None:
        """The offer of proof moves from 2021-12-16 to 2021-12-23 and is pinned by the order."""
        ident = deadline_id(DeadlineKind.OFFER_OF_PROOF)
        ran = casefile("deadlines", "pin", str(ident), "--due", "2021-12-23", "--order", ORDER, "--on", "2021-12-14",
                       "--as-of", "2021-12-14T12:00:00-05:00")
        assert ran.exit_code == 0, ran.stderr
        lines = ran.stdout.splitlines()
        assert lines[:1] == [  # the order stored, its id with what it says (casefile.record.orders)
            "03-RC-282139: offer of proof (objecting party) due December 16, 2021 → December 23, 2021 "
            "(cut-off 11:59 p.m. EST) by order: RD order of December 14, 2021 extending the offer of proof (hypothetical)"]
        assert len(lines) == 2 and lines[1].startswith("  issued ") and lines[1].endswith("/2021-12-14_order-extending-time.pdf")
        with read_session() as s:
            d = s.get(Deadline, ident)
            assert d is not None
            assert (d.due_on, d.pinned_by) == (date(2021, 12, 23), ORDER)

    def test_objections_exit_2(self, tallied: Path) -> None:
        """The objections period cannot be extended: one error line, exit 2."""
        ran = casefile("deadlines", "pin", str(deadline_id(DeadlineKind.OBJECTIONS)), "--due", "2021-12-23",
                       "--order", ORDER, "--as-of", "2021-12-14T12:00:00-05:00")
        assert ran.exit_code == 2
        assert ran.error_lines == ["error: the period for objections cannot be extended or fixed by an order "
                                   "(29 CFR 102.69(a)(8))"]

    def test_unknown_deadline_exits_2(self, tallied: Path) -> None:
        """A deadline id that does not exist is named."""
        ran = casefile("deadlines", "pin", "999", "--due", "2021-12-23", "--order", ORDER)
        assert (ran.exit_code, ran.error_lines) == (2, ["error: no deadline 999 (see `casefile deadlines`)"])
