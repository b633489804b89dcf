"""`casefile sweep` prints what it closed and moved in words: a party's period by the party's name (never its handle,
"rwdsu"), an election's move by its stages' names (never "tally-issued → certification-due"), dates long.

Real values: Bessemer's 2021 tally (10-RC-269250, objections due Friday, April 16, 2021), the Retail, Wholesale and
Department Store Union objecting on April 14 without its offer of proof, and a like case in Region 15 with none."""

from __future__ import annotations

import re
from pathlib import Path

from casefile.record.db import get_engine, write_session
from tests.bessemer import TALLY_2021, case_act, file_objections, objections_act, open_case, record_tally
from tests.cli.in_process import casefile
from tests.conftest import at

OTHER_NUMBER = "15-RC-269251"


def test_the_sweep_names_parties_and_stages_in_words(configured_db: Path) -> None:
    with write_session(get_engine(), by="operator:tests") as s:
        for opening in (case_act(), case_act(number=OTHER_NUMBER, office=None)):
            open_case(s, act=opening, as_of=at("2021-04-09T12:00:00-04:00"))
            record_tally(s, TALLY_2021, case_number=opening.case.number, as_of=at("2021-04-09T12:00:00-04:00"))
        filed_at = at("2021-04-14T10:00:00-04:00")
        file_objections(s, objections_act("rwdsu", ["The Employer installed a mailbox."], at=filed_at), as_of=filed_at)
    from casefile.cli.app import console

    width, console.width = console._width, 80  # as a terminal 80 columns wide; put back as it was
    try:
        ran = casefile("sweep", "--as-of", "2021-04-20T00:00:00-04:00")
    finally:
        console._width = width
    assert ran.exit_code == 0, ran.stderr
    lines = [" ".join(line.split()) for line in ran.stdout.splitlines() if line.strip()]  # the console may wrap
    text = " ".join(lines)
    for said in (
        "10-RC-269250: objections due April 16, 2021: met",
        "10-RC-269250: offer of proof of Retail, Wholesale and Department Store Union due April 16, 2021: lapsed",
        "15-RC-269251: objections due April 16, 2021: lapsed",
        f"{OTHER_NUMBER} election 1: Tally of Ballots issued; objection period running → Certification due",
    ):
        assert said in text, (said, ran.stdout)
    assert "rwdsu" not in text and not re.search(r"\b[a-z]+-[a-z]+(?:-[a-z]+)* → ", text)  # no handle, no stage slug
    assert not re.search(r"\d{4}-\d\d-\d\d", text)
    assert all(len(line) <= 80 for line in ran.stdout.splitlines())
