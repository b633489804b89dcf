"""A filing's receipt is echoed in the receiving office's zone, as every instant of the record is told: a
`--received-at` given in UTC (or any other offset) is not printed back in it (the new user's trial)."""

from __future__ import annotations

import pytest

from tests.cli.in_process import casefile
from tests.cli.test_first_hour_commands import NUMBER, OPEN, TALLY

pytestmark = pytest.mark.usefixtures("configured_db")


@pytest.mark.parametrize("given", ["2026-07-20T23:30:00Z", "2026-07-20T23:30:00+00:00", "2026-07-21T01:30:00+02:00",
                                   "2026-07-20T16:30:00-07:00"])
def test_objections_received_at_an_instant_are_echoed_at_seattle(given: str) -> None:
    """4:30 p.m. PDT on July 20, 2026, at the Seattle office of Region 19, however the instant is written."""
    assert casefile(*OPEN).exit_code == 0 and casefile(*TALLY).exit_code == 0
    filed = casefile("objections", "file", NUMBER, "--party", "union", "--objection",
                     "The Employer threatened employees with closure.", "--received-at", given)
    assert filed.exit_code == 0, filed.stderr
    assert filed.stdout.splitlines()[0] == (
        f"{NUMBER}: Objections of International Brotherhood of Teamsters, Local 117 (objection no. 1) received "
        "4:30 p.m. PDT on July 20, 2026")


def test_a_case_opened_as_of_its_petition_day_is_read_at_its_office() -> None:
    """`case open --as-of 2026-06-02` on a Seattle case whose petition was filed June 2, 2026: 00:00 at Seattle,
    as every other command reads a bare date (29 CFR 102.2(b)); it was read at Eastern midnight, June 1 in
    Seattle, and refused as before the petition (the new user's re-trial)."""
    opening = [*OPEN[:-1], "2026-06-02"]
    opened = casefile(*opening)
    assert opened.exit_code == 0, opened.stderr
