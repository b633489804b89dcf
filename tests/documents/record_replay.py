"""Replay an example scenario into a temporary database without Prefect, for the document tests.

``casefile.scenario.replay(..., through_prefect=False)`` performs every act through the front door
and issues each act's documents in this process (same builders, same issuance and preflight as
``casefile replay``), in seconds instead of the minute a Prefect test server takes; a status report
is issued at the end, as the demo does.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@dataclass
class Replayed:
    """A replayed case: its number, the folder its documents were issued to, and the folder holding its
    database (``folder``: point the settings there to read the record)."""

    case_number: str
    out: Path
    folder: Path | None = None

    def pdf(self, name: str) -> Path:
        """The issued PDF named ``name`` (a glob pattern matching exactly one file)."""
        found = sorted(self.out.glob(name))
        assert len(found) == 1, f"{name}: {[p.name for p in found]} in {self.out}"
        return found[0]


def replay_example(name: str, folder: Path) -> Replayed:
    """Replay ``examples/<name>`` into a SQLite database under ``folder`` and issue a status report at
    its end. The settings point at ``folder`` for the rest of the process: call it from a session fixture."""
    from casefile.documents.issue import issue_status_report
    from casefile.record.db import get_engine
    from casefile.scenario import replay
    from casefile.settings import get_settings

    os.environ["CASEFILE_DATABASE_URL"] = f"sqlite:///{folder / 'casefile.db'}"
    os.environ["CASEFILE_OUTPUT_DIR"] = str(folder / "out")
    get_settings.cache_clear()
    get_engine.cache_clear()
    report = replay(EXAMPLES / name, through_prefect=False)
    assert report.ended_at is not None
    issue_status_report(case_number=report.case_number, as_of=report.ended_at)
    return Replayed(case_number=report.case_number, out=folder / "out" / report.case_number, folder=folder)


EXAMPLE_NAMES = tuple(sorted(p.name for p in EXAMPLES.glob("*.yaml")))
"""Every example history (examples/*.yaml)."""


def replay_examples(factory: object) -> dict[str, Replayed]:
    """Every example replayed once, each in its own folder of ``factory`` (pytest's TempPathFactory), the
    settings put back as they were after each: call it from a session fixture."""
    import pytest

    from casefile.record.db import get_engine
    from casefile.settings import get_settings

    out = {}
    for name in EXAMPLE_NAMES:
        with pytest.MonkeyPatch.context() as mp:
            for variable in ("CASEFILE_DATABASE_URL", "CASEFILE_OUTPUT_DIR"):
                mp.delenv(variable, raising=False)
            out[name] = replay_example(name, factory.mktemp(name.split("-")[0]))  # type: ignore[attr-defined]
            get_engine().dispose()
        get_settings.cache_clear()
        get_engine.cache_clear()
    return out
