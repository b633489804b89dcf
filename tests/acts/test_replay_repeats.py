"""A scenario that repeats an act already recorded replays as the act once (reliability trial, 11: "a repeated
tally in a scenario"): the identical repeat of Trinity's first tally is answered "already recorded" and is no new
election, so the events after it still name the election they meant (before, the replay counted the repeat as a
second election and refused the next event: "case … has no election {'sequence': 2}")."""

from __future__ import annotations

from pathlib import Path

from sqlmodel import select

from tests.acts.example_cases import EXAMPLES

TRINITY = EXAMPLES / "trinity-college-01-RC-196511.yaml"


def _repeat_first_event(tmp_path: Path) -> Path:
    text = TRINITY.read_text(encoding="utf-8")
    head, marker, rest = text.partition("events:\n")
    first, _, after = rest.partition("\n\n")
    file = tmp_path / "trinity-repeated-tally.yaml"
    file.write_text(head + marker + first + "\n\n" + first + "\n\n" + after, encoding="utf-8")
    assert file.read_text(encoding="utf-8").count("    kind: initial\n") == 2
    return file


def test_an_identical_repeated_tally_is_one_tally_and_the_replay_goes_on(configured_db: Path, tmp_path: Path) -> None:
    from casefile.record.db import read_session
    from casefile.record.models import DocketEntry, Election, Tally
    from casefile.scenario import replay

    report = replay(_repeat_first_event(tmp_path), through_prefect=False)
    assert [a.split(" ", 1)[1] for a in report.acts] == ["record-tally", "record-tally", "direct-runoff", "record-tally",
                                                         "certification"]
    with read_session() as session:
        elections = session.exec(select(Election).order_by(Election.sequence)).all()  # type: ignore[arg-type]
        assert [e.sequence for e in elections] == [1, 2]
        assert len(session.exec(select(Tally)).all()) == 2  # the first and the runoff's, once each
        acts = [e.act for e in session.exec(select(DocketEntry).order_by(DocketEntry.id))]  # type: ignore[arg-type]
        assert acts.count("record-tally") == 2 and acts.count("certification") == 1, acts
