"""Every docket entry names who recorded it (issue 14, item 3): the sweep and the imports, run
with no one named, name their job; the command line's import names the operator. Before, the
scheduled sweep's and ``casefile import``'s entries had an empty ``recorded_by``."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlmodel import select

from casefile.record.workflow import RECORDED_BY

SAMPLE = Path(__file__).resolve().parents[1] / "fixtures" / "nlrb-recent-election-results-sample.csv"


def _authors(act: str) -> set[str]:
    from casefile.record.db import read_session
    from casefile.record.models import DocketEntry

    with read_session() as session:
        return set(session.exec(select(DocketEntry.recorded_by).where(DocketEntry.act == act)).all())


def test_an_import_with_no_one_named_names_its_job_and_the_sweep_too(configured_db: Any) -> None:
    from casefile.jobs.import_file import import_file
    from casefile.jobs.sweep import sweep
    from casefile.record.db import read_session, write_session
    from casefile.record.models import DocketEntry

    report = import_file("nlrb-results", SAMPLE, as_of=datetime(2026, 12, 1, 12, tzinfo=UTC))
    assert report is not None
    assert _authors("import-tally") == {"system:import-nlrb-results"}
    with write_session(by="") as session:  # naming no one, as the scheduled sweep flow's transaction, before it named itself
        sweep(session, as_of=datetime(2026, 12, 1, 12, tzinfo=UTC))
        assert session.info[RECORDED_BY] == "system:sweep"  # what its entries, if any, are recorded by
    with write_session(by="operator:ann") as session:  # a sweep inside another's transaction keeps its name
        sweep(session, as_of=datetime(2026, 12, 1, 12, tzinfo=UTC))
        assert session.info[RECORDED_BY] == "operator:ann"
    with read_session() as session:
        authors = set(session.exec(select(DocketEntry.recorded_by)).all())
    assert authors == {"system:import-nlrb-results"}



def test_an_act_in_a_session_naming_no_one_is_refused_and_stores_nothing(configured_db: Any) -> None:
    """A docket entry cannot be written unattributed: the act in ``write_session(by="")`` raises
    UnattributedEntry naming the act, and the transaction stores nothing (every table's rows compared)."""
    import pytest
    from sqlalchemy import inspect, text

    from casefile.record.db import get_engine, write_session
    from casefile.record.workflow import UnattributedEntry
    from tests.bessemer import open_case
    from tests.conftest import at

    def rows() -> dict[str, int]:
        engine = get_engine()
        with engine.connect() as c:
            return {t: c.execute(text(f'select count(*) from "{t}"')).scalar_one() for t in inspect(engine).get_table_names()}

    before = rows()
    with pytest.raises(UnattributedEntry, match="open-case: a docket entry must name who recorded it"), \
            write_session(by="") as session:
        open_case(session, as_of=at("2021-04-09T12:00:00-04:00"))
    assert rows() == before
    with write_session(by="operator:tests") as session:  # the same act, attributed
        open_case(session, as_of=at("2021-04-09T12:00:00-04:00"))
    assert _authors("open-case") == {"operator:tests"}
