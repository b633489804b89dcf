"""`casefile objections file --not-efiled` records objections prepared, not yet e-filed with the NLRB; `casefile
confirm-efiling` records the NLRB's receipt, and the period is met only then (casefile.rules.efiling)."""

from __future__ import annotations

from pathlib import Path

from sqlmodel import select

from tests.cli.in_process import casefile
from tests.cli.test_first_hour_commands import OPEN, TALLY
from tests.cli.test_transcription_note import NUMBER


def test_objections_not_e_filed_then_confirmed(configured_db: Path) -> None:
    from casefile import app
    from casefile.record.db import read_session
    from casefile.record.models import Filing
    from casefile.vocab import NlrbFiling

    for args in (OPEN, TALLY):
        assert casefile(*args).exit_code == 0
    ran = casefile("objections", "file", NUMBER, "--party", "union", "--objection", "The Employer threatened closure.",
                   "--received-at", "2026-07-21T09:00:00-07:00", "--not-efiled")
    assert ran.exit_code == 0, ran.stderr
    with read_session() as session:
        filing = session.exec(select(Filing)).one()
    assert filing.nlrb is NlrbFiling.PREPARED
    assert app.case(NUMBER).elections[-1].stage == "tally-issued"
    late = casefile("confirm-efiling", NUMBER, "--party", "union", "--filing", str(filing.id),
                    "--received-at", "2026-07-24T09:00:00-07:00")
    assert late.exit_code == 2, late.stdout
    assert "2026" in late.stderr + late.stdout
    done = casefile("confirm-efiling", NUMBER, "--party", "union", "--filing", str(filing.id),
                    "--received-at", "2026-07-21T15:30:00-07:00")
    assert done.exit_code == 0, done.stderr
    assert "E-filing of the objections of" in done.stdout and "confirmed: received by the NLRB 3:30 p.m. PDT on July 21, " \
        "2026" in " ".join(done.stdout.split())
    view = app.case(NUMBER)
    assert view.elections[-1].stage == "objections-pending"
    assert [d.met_by for d in view.elections[-1].deadlines if d.kind == "objections"] == [[p.name for p in view.parties
                                                                                         if p.key == "union"]]
