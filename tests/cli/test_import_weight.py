"""What a command-line act loads: a re-run that stores nothing and a refused act import neither
WeasyPrint, the document builders and templates, Prefect nor Alembic, and load only the act modules
they use (issue 18 item 1). Each command runs in a fresh interpreter, as the console script does,
and reports its ``sys.modules``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from casefile.record import migrate
from casefile.record.db import make_engine

TALLY = """case_number: 10-RC-269250
kind: initial
prepared_on: 2021-04-09
choices:
  Retail, Wholesale and Department Store Union: 738
against: 1798
challenged: 505
void: 76
eligible: 5867
"""
CASE = """case:
  number: 10-RC-269250
  name: Amazon.com Services LLC
  agreement: stipulated
  petition_filed_on: 2020-11-20
parties:
  - key: amazon
    role: employer
    name: Amazon.com Services LLC
  - key: rwdsu
    role: petitioner
    name: Retail, Wholesale and Department Store Union
"""
RECORDED = "2021-04-09T20:00:00-05:00"

#: Modules no act that stores nothing new, or is refused, has any use for.
HEAVY = ("weasyprint", "pypdf", "docx", "jinja2", "prefect", "alembic", "mako", "fastapi", "starlette", "httpx",
         "apprise", "holidays", "casefile.documents.registry", "casefile.documents.history", "casefile.documents.render",
         "casefile.documents.preflight", "casefile.record.migrate", "casefile.jobs.imports", "flows")

#: Runs ``casefile ARGS`` through its entry point, then prints the names of the modules loaded, as JSON.
PROBE = """
import json, sys
from casefile.cli import main
sys.argv = ["casefile", *sys.argv[1:]]
try:
    main()
except SystemExit as exc:
    code = exc.code
else:
    code = 0
print(json.dumps({"exit": code, "modules": sorted(sys.modules)}), file=sys.stderr)
"""


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, dict[str, str]]]:
    """A database at head holding Bessemer's case and its tally, the Tally of Ballots issued."""
    folder = tmp_path_factory.mktemp("weight")
    (folder / "case.yaml").write_text(CASE)
    (folder / "tally.yaml").write_text(TALLY)
    engine = make_engine(f"sqlite:///{folder / 'casefile.db'}")
    migrate.upgrade(engine)
    engine.dispose()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PREFECT_", "CASEFILE_"))}
    env |= {"CASEFILE_DATABASE_URL": f"sqlite:///{folder / 'casefile.db'}", "CASEFILE_OUTPUT_DIR": str(folder / "out"),
            "CASEFILE_PASSWORD_HASH_COST": "low"}
    for args in (["case", "open", "case.yaml", "--as-of", "2021-04-09T12:00:00-05:00"],
                 ["tally", "record", "tally.yaml", "--as-of", RECORDED]):
        assert loaded(folder, env, *args)[0] == 0
    return folder, env


def loaded(folder: Path, env: dict[str, str], *args: str) -> tuple[int, set[str], str]:
    """Exit code, the modules loaded and what the command printed on standard error."""
    done = subprocess.run([sys.executable, "-c", PROBE, *args], cwd=folder, env=env, capture_output=True, text=True,
                          timeout=300)
    *said, last = done.stderr.rstrip("\n").split("\n")
    report = json.loads(last)
    return report["exit"], set(report["modules"]), "\n".join(said) + done.stdout


def heavy_in(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY))


def act_modules(modules: set[str]) -> set[str]:
    """The act modules loaded (casefile.acts.<act>, not their shared parts)."""
    from casefile.acts import MODULES

    return {m.rpartition(".")[2] for m in modules if m.startswith("casefile.acts.")} & set(MODULES)


class TestLoadedModules:
    def test_a_re_run_that_stores_nothing(self, recorded: tuple[Path, dict[str, str]]) -> None:
        """`tally record` again: already recorded, the Tally of Ballots found issued; nothing heavy, two act modules."""
        folder, env = recorded
        code, modules, said = loaded(folder, env, "tally", "record", "tally.yaml", "--as-of", RECORDED)
        assert code == 0 and "already recorded: nothing new stored" in said
        assert "issued " in said and "2021-04-09_tally-of-ballots.pdf" in said
        assert heavy_in(modules) == []
        assert act_modules(modules) <= {"record_tally", "open_case", "add_counsel"}

    def test_a_refused_act(self, recorded: tuple[Path, dict[str, str]]) -> None:
        """`certify` while the objection period runs: refused (exit 2) before anything heavy is loaded."""
        folder, env = recorded
        code, modules, said = loaded(folder, env, "certify", "10-RC-269250", "--issued-on", "2021-04-12", "--as-of",
                                     "2021-04-12T12:00:00-05:00")
        assert code == 2 and "error: the certification's date, April 12, 2021, is before the objection period closes" in said
        assert heavy_in(modules) == []
        assert "certification" in act_modules(modules) and "file_objections" not in act_modules(modules)

    def test_help_loads_no_database(self, recorded: tuple[Path, dict[str, str]]) -> None:
        """`casefile --help` loads neither SQLAlchemy nor any act."""
        folder, env = recorded
        code, modules, _ = loaded(folder, env, "--help")
        assert code == 0
        assert heavy_in(modules) == [] and "sqlalchemy" not in modules and act_modules(modules) == set()
