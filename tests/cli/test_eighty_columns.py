"""The command line's tables at 80 columns (COLUMNS=80), on two real histories replayed act by act
with their documents issued: Bessemer (10-RC-269250) and Amazon JFK8 (29-RC-288020).

What a person reads at 80 columns is what the same command prints on a wide terminal, wrapped
between words: no cell cut short with "…" ("certificati…", "reconsidera…"), no word or file name
split across two lines ("2021-04-09_tally-of-ba" / "llots.pdf"), no line wider than the terminal
(which the terminal would split where it falls). Every whitespace-separated token printed at 80
columns is a whole token of the wide output.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from casefile.settings import get_settings
from tests.accounts.world import World, bessemer_template, world  # noqa: F401  (fixtures)
from tests.acts.example_cases import ExampleCase, from_example
from tests.cli.in_process import casefile

_BOX = re.compile(r"[\u2500-\u257f]")  # Rich's box-drawing characters: borders, not words
_ISO_DATE = re.compile(r"\b\d{4}-\d\d-\d\d\b")
_SHORT_DATE = re.compile(r"\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}\b")

HISTORIES = {
    # the case, a day after its last event, a day in its first objection period
    "bessemer-10-RC-269250.yaml": ("10-RC-269250", "2024-11-06", "2021-04-12"),
    "amazon-jfk8-29-RC-288020.yaml": ("29-RC-288020", "2023-01-12", "2022-04-05"),
}


def tokens(text: str) -> list[str]:
    """The words of ``text``, borders aside; a narrow layout's "Header:" is its header's word."""
    return [t.removesuffix(":") for t in _BOX.sub(" ", text).split()]


def at_width(width: int, run):  # type: ignore[no-untyped-def]
    """What ``run()`` printed on casefile's console set ``width`` columns wide."""
    from casefile.cli.app import console

    was = console.width
    console.width = width
    try:
        return run()
    finally:
        console.width = was


def replay_table(number: str) -> str:
    """The replay's closing output (case show with every deadline, then the documents issued)."""
    from casefile import app as front
    from casefile.cli.app import console
    from casefile.cli.replay import _print_result

    documents = [d["path"] for d in front.case(number).model_dump(mode="json", by_alias=True)["documents"]]
    with console.capture() as captured:
        _print_result(SimpleNamespace(case_number=number, acts=documents, documents=documents))
    return captured.get()


@pytest.fixture(params=sorted(HISTORIES))
def history(request: pytest.FixtureRequest, configured_db: Path,
            monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, str, str]]:
    # the documents' folder is printed whole: keep it shorter than a line (pytest's own temp paths under xdist
    # are over 80 characters, a path no layout can print on one line)
    short = Path(tempfile.mkdtemp(prefix="cf80-", dir="/tmp"))
    monkeypatch.setenv("CASEFILE_OUTPUT_DIR", str(short))
    get_settings.cache_clear()
    case: ExampleCase = from_example(request.param)
    case.open()
    for act in case.events:
        case.perform(act, documents="issue")
    yield HISTORIES[request.param]
    shutil.rmtree(short, ignore_errors=True)


def assert_readable(narrow: str, wide: str, *, what: str) -> None:
    whole = set(tokens(wide))
    lines = narrow.splitlines()
    assert len(lines) > 5, f"{what}: printed almost nothing: {narrow!r}"
    too_wide = [line for line in lines if len(line.rstrip()) > 80]
    assert not too_wide, f"{what}: lines wider than 80 columns: {too_wide[:3]}"
    cut = [t for t in tokens(narrow) if t not in whole]
    assert not cut, f"{what}: words cut or split at 80 columns: {cut[:10]}"
    ellipses = [t for t in tokens(narrow) if "…" in t and t not in whole]
    assert not ellipses, f"{what}: cells cut short: {ellipses}"
    # dates in words, never ISO (a file's name, "2021-04-09_tally-of-ballots.pdf", is the file's own)
    iso = [t for t in tokens(narrow) if _ISO_DATE.search(t) and not t.endswith((".pdf", ".docx"))]
    assert not iso, f"{what}: ISO dates: {iso[:5]}"


def test_the_tables_of_a_real_history_are_readable_at_80_columns(history: tuple[str, str, str]) -> None:
    number, as_of, in_objection_period = history
    commands = {
        "case show": ("case", "show", number, "--as-of", as_of),
        "deadlines": ("deadlines", "--case", number, "--as-of", in_objection_period),
        "case list": ("case", "list", "--as-of", as_of),
    }
    for what, args in commands.items():
        narrow, wide = (at_width(width, lambda args=args: casefile(*args)) for width in (80, 400))
        assert narrow.exit_code == wide.exit_code == 0, (what, narrow.stderr)
        assert_readable(narrow.stdout, wide.stdout, what=what)
        assert "…" not in narrow.stdout.replace("…)", ""), what  # only the docket's own "sha256 a3ac756d6249…)"
        if what != "case list":  # (a case past its last period has no next deadline to date)
            assert _SHORT_DATE.search(" ".join(wide.stdout.split())), what  # due dates, the docket's: "Apr 16, 2021"
    narrow, wide = (at_width(width, lambda: replay_table(number)) for width in (80, 400))
    assert_readable(narrow, wide, what="replay")
    # the words are those of the wide table: the deadline names whole, the file names whole
    assert {"Earliest", "certification"} <= set(tokens(narrow))  # was "certificati…"
    assert all(Path(p).name in tokens(narrow) for p in re.findall(r"\S+\.pdf", wide))


def test_the_accounts_tables_are_readable_at_80_columns(world: World) -> None:  # noqa: F811
    """The operator's lists of organizations and users of the Bessemer world (tests/accounts/world.py), at 80
    columns: every organization and user whole, their instants in words, nothing cut."""
    for args in (("orgs", "list"), ("users", "list")):
        narrow, wide = (at_width(width, lambda args=args: casefile(*args)) for width in (80, 400))
        assert narrow.exit_code == wide.exit_code == 0, (args, narrow.stderr)
        assert_readable(narrow.stdout, wide.stdout, what=" ".join(args))
        assert "…" not in narrow.stdout
    users = at_width(80, lambda: casefile("users", "list")).stdout
    assert not re.search(r"\d{4}-\d\d-\d\dT\d\d:\d\d", users)  # an instant in words, never ISO
