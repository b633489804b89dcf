"""Reliability probe: bad inputs through the CLI, each classified as the reliability trial counts them.

Measures issue 17's "Done when" the way ../shared/reviews/reliability-trial.md did: for each bad input,
the outcome is

- **clear**: exit 2, one ``error:`` message, no traceback, the database and the output folder unchanged;
- **traceback**: a Python traceback in the output, or an exit status other than 0 and 2 (for
  ``verify``, whose "NOT verified" is exit 1: other than 1 and 2);
- **accepted wrongly**: exit 0 for an input that should be refused;
- **half-stored**: refused (non-zero exit) but a dump of every table or the output folder's
  listing (name and sha256) changed.

One input is expected to keep its act: a PDF write into a read-only output folder must end in the
documented ``DocumentNotWritten`` (exit 2, one message, the act kept, no file left); that outcome
counts as clear. Tampering with the record (an edited tally, objection, offer of proof, party, or a
deleted last entry with ``--expect-head``) must make ``casefile verify`` refuse: exit 1 naming the row
is clear, exit 0 is accepted wrongly.

Each input belongs to one of the trial's categories — scenario files, tally files, NLRB CSV cells, NLRB CSV files,
CLI arguments, API bodies, web forms — or to the faults, the older database and the record edits; the figures are
counted per category. Each category also holds a valid control input, which must be accepted (a door that refused
everything would otherwise look clear). The scenario files accepted by ``load_scenario``, the CSV cells, the API
bodies and the web forms go through the same code in this process (bench/probe_reliability_inproc.py; the inputs:
bench/probe_reliability_inputs.py); a scenario refused at an event must leave exactly what a replay of the events
before it records (its acts stay, as in life), nothing of the refused event.

Every input runs against a fresh copy of a small base state (a Bessemer case opened from options of
a case file, with or without its first tally, a certification, or a three-choice case with a runoff
directed), built once with the CLI. Each CLI call is a subprocess of ``.venv/bin/casefile`` with
``CASEFILE_DATABASE_URL=sqlite:////tmp/probe/db.sqlite`` and ``CASEFILE_OUTPUT_DIR=/tmp/probe/out``.

    nice -n 10 .venv/bin/python bench/probe_reliability.py > /tmp/probe-table.md

prints a Markdown table (input, category, interface, expected, outcome, the message's first line), the counts per
class and per category. The read-only folder needs root (a tmpfs mounted read-only). ``probe_reliability.py
"API bodies" "web forms"`` runs only the categories named; ``PROBE_REUSE_BASES=1`` reuses the base states of the
previous run (built by the same commit).
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import probe_reliability_inproc as inproc

ROOT = Path(__file__).resolve().parent.parent
CASEFILE = str(ROOT / ".venv" / "bin" / "casefile")
PROBE = Path("/tmp/probe")
DB = PROBE / "db.sqlite"
OUT = PROBE / "out"
BASES = Path("/tmp/probe-bases")
FILES = Path("/tmp/probe-files")
TIMEOUT = 600
HEADS: dict[str, str] = {}

ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PREFECT_API_URL")}
ENV.update(CASEFILE_DATABASE_URL=f"sqlite:///{DB}", CASEFILE_OUTPUT_DIR=str(OUT), COLUMNS="200",
           NO_COLOR="1", TERM="dumb")

CASE = "10-RC-269250"
RUNOFF_CASE = "05-RC-777005"

CASE_YAML = f"""\
case:
  number: {CASE}
  name: "Amazon.com Services LLC"
  agreement: directed
  petition_filed_on: 2020-11-20
  office: Atlanta
parties:
  - {{key: amazon, role: employer, name: "Amazon.com Services LLC"}}
  - {{key: rwdsu, role: petitioner, name: "Retail, Wholesale and Department Store Union"}}
"""

RUNOFF_CASE_YAML = f"""\
case:
  number: {RUNOFF_CASE}
  name: "Probe Employer LLC"
  agreement: stipulated
  petition_filed_on: 2021-01-04
  office: Baltimore
parties:
  - {{key: employer, role: employer, name: "Probe Employer LLC"}}
  - {{key: union-a, role: petitioner, name: "Union A"}}
  - {{key: union-b, role: intervenor, name: "Union B"}}
"""


def tally_yaml(prepared_on: str = "2021-04-09", election: str | None = "2021-02-08/2021-03-29",
               extra: str = "", choice: str = "Retail, Wholesale and Department Store Union",
               case: str = CASE) -> str:
    text = (f"case_number: {case}\nkind: initial\nprepared_on: {prepared_on}\n"
            f'choices: {{"{choice}": 738}}\nagainst: 1798\nchallenged: 505\nvoid: 76\neligible: 5867\n')
    if election:
        start, end = election.split("/")
        text += f"election: {{method: mail, held_from_on: {start}, held_to_on: {end}}}\n"
    return text + extra


def scenario_yaml(first_date: str = "2021-04-09", sources: str = '["probe"]',
                  petition: str = "2020-11-20") -> str:
    return (f'casefile-scenario: 1\ntitle: "probe"\nsources: {sources}\n'
            + CASE_YAML.replace("2020-11-20", petition)
            + f"events:\n  - date: {first_date}\n    act: record-tally\n    kind: initial\n"
              '    choices: {"Retail, Wholesale and Department Store Union": 738}\n'
              "    against: 1798\n    challenged: 505\n    void: 76\n    eligible: 5867\n"
              "    election: {method: mail, held_from_on: 2021-02-08, held_to_on: 2021-03-29}\n")


CSV_SAMPLE = ROOT / "tests" / "fixtures" / "nlrb-recent-election-results-sample.csv"


def csv_one_row(**cells: str) -> str:
    """The sample's header and first row (06-RC-311772: filed 02/07/2023, tally 03/30/2023, closed
    04/07/2023), some cells replaced."""
    import csv
    import io

    with CSV_SAMPLE.open(encoding="utf-8", newline="") as f:
        reader = csv.reader(f)
        header = next(reader)
        row = next(reader)
    for name, value in cells.items():
        row[header.index(name)] = value
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(header)
    w.writerow(row)
    return buf.getvalue()


def write(name: str, text: str) -> str:
    FILES.mkdir(parents=True, exist_ok=True)
    path = FILES / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def run(args: list[str]) -> tuple[int, str, float]:
    start = time.monotonic()
    try:
        p = subprocess.run([CASEFILE, *args], env=ENV, capture_output=True, text=True, timeout=TIMEOUT,
                           cwd=str(PROBE))
        rc, out = p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired as e:
        rc, out = -9, f"TIMEOUT after {TIMEOUT}s\n{e.stdout or ''}{e.stderr or ''}"
    return rc, out, time.monotonic() - start


def snapshot(bytes_too: bool = False, skip: tuple[str, ...] = ()) -> tuple[str, list[tuple[str, str]], str]:
    """The database (every row of every table, less the tables ``skip`` names), the output folder's files (name,
    sha256) and, with ``bytes_too``, the database file's sha256."""
    raw = hashlib.sha256(DB.read_bytes()).hexdigest() if bytes_too and DB.exists() else ""
    dump = ""
    if DB.exists():
        con = sqlite3.connect(f"file:{DB}?mode=ro", uri=True)
        try:
            dump = "\n".join(line for line in con.iterdump()
                             if not any(line.startswith(f'INSERT INTO "{t}"') for t in skip))
        finally:
            con.close()
    files = []
    if OUT.exists():
        for p in sorted(OUT.rglob("*")):
            if p.is_file():
                files.append((str(p.relative_to(OUT)), hashlib.sha256(p.read_bytes()).hexdigest()))
    return dump, files, raw


def reset(base: str) -> None:
    if os.path.ismount(OUT):
        subprocess.run(["umount", str(OUT)], check=True)
    shutil.rmtree(PROBE, ignore_errors=True)
    shutil.copytree(BASES / base, PROBE, symlinks=True)


def save_base(name: str) -> None:
    shutil.rmtree(BASES / name, ignore_errors=True)
    shutil.copytree(PROBE, BASES / name, symlinks=True)


def must(args: list[str]) -> None:
    rc, out, secs = run(args)
    print(f"<!-- setup: casefile {' '.join(args)}: exit {rc} in {secs:.0f}s -->", flush=True)
    if rc != 0:
        sys.exit(f"setup failed: casefile {' '.join(args)}: exit {rc}\n{out}")


def build_bases() -> None:
    BASES.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(PROBE, ignore_errors=True)
    PROBE.mkdir(parents=True)
    must(["db", "upgrade"])
    save_base("empty")
    must(["case", "open", write("case.yaml", CASE_YAML), "--as-of", "2021-04-01"])
    inproc.environment(ENV)
    inproc.add_accounts("2021-04-01T12:00:00-04:00")  # for the API and the web (every later base has them)
    print("<!-- setup: the demo accounts and two API tokens, in process -->", flush=True)
    save_base("opened")
    must(["tally", "record", write("tally-ok.yaml", tally_yaml()), "--as-of", "2021-04-09T18:00:00-05:00"])
    save_base("tallied")
    must(["objections", "file", CASE, "--party", "rwdsu", "--objection", "Threats.", "--objection",
          "Surveillance cameras.", "--witness", "1|A. Witness|NOT IN THE PUBLIC RECORD summary",
          "--received-at", "2021-04-15T12:00:00-05:00"])
    save_base("objected")
    rc, out, _ = run(["verify", CASE, "--head", "--no-notify"])
    found = re.search(r"\b[0-9a-f]{64}\b", out)
    HEADS["objected"] = found.group(0) if rc == 0 and found else "?"
    print(f"<!-- setup: verify --head: exit {rc}: {HEADS['objected']} -->", flush=True)
    must(["hearing", "notice", CASE, "--on", "2021-04-26", "--opens-on", "2021-05-07", "--presiding",
          "Kerstin Meyers", "--place", "Videoconference", "--as-of", "2021-04-26"])
    save_base("noticed")
    reset("tallied")
    must(["certify", CASE, "--issued-on", "2021-04-23", "--as-of", "2021-04-23"])
    save_base("certified")
    reset("opened")
    must(["case", "open", write("runoff-case.yaml", RUNOFF_CASE_YAML), "--as-of", "2021-02-01"])
    must(["tally", "record", "--case", RUNOFF_CASE, "--prepared-on", "2021-03-05", "--choice", "Union A=10",
          "--choice", "Union B=8", "--against", "9", "--challenged", "0", "--eligible", "30",
          "--as-of", "2021-03-05"])
    save_base("runoff-tallied")
    must(["runoff", RUNOFF_CASE, "--on", "2021-03-22", "--held-from", "2021-04-05", "--held-to", "2021-04-06",
          "--as-of", "2021-03-22"])
    save_base("runoff")
    shutil.rmtree(PROBE, ignore_errors=True)
    PROBE.mkdir(parents=True)
    code = ("from alembic import command; from casefile.record.migrate import alembic_config; "
            f"command.upgrade(alembic_config(url='sqlite:///{DB}'), 'link_requests')")
    subprocess.run([str(ROOT / ".venv" / "bin" / "python"), "-c", code], env=ENV, check=True, cwd=str(PROBE),
                   capture_output=True)
    print("<!-- setup: a database at revision link_requests (one before head), by Alembic -->", flush=True)
    save_base("old")
    import json

    (BASES / "state.json").write_text(json.dumps({"heads": HEADS, "tokens": inproc.TOKENS}))


@dataclass
class Probe:
    name: str
    base: str
    args: list[str]
    expected: str = "refuse"  # refuse | doc-not-written | detect | accept (a valid control input)
    interface: str = "CLI"
    prepare: object = None  # callable run after reset, before the "before" snapshot
    bytes_too: bool = False  # also compare the database file's bytes (a refused old database)
    category: str = "CLI arguments"
    call: object = None  # an in-process door (bench/probe_reliability_inproc.py) instead of a subprocess


def readonly_out() -> None:
    """Mount a read-only tmpfs over the output folder, holding the base's files."""
    keep = PROBE / "out-copy"
    if OUT.exists():
        shutil.move(str(OUT), str(keep))
    OUT.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8m,mode=0700", "tmpfs", str(OUT)], check=True)
    if keep.exists():
        for p in keep.iterdir():
            if p.is_dir():
                shutil.copytree(p, OUT / p.name)
            else:
                shutil.copy2(p, OUT / p.name)
        shutil.rmtree(keep)
    subprocess.run(["mount", "-o", "remount,ro", str(OUT)], check=True)


def file_under_file() -> None:
    (PROBE / "afile").write_text("a regular file\n")


def probes() -> list[Probe]:
    T = "tally record"
    P: list[Probe] = []

    def tally(name: str, text: str, *extra: str) -> None:
        P.append(Probe(name, "opened", ["tally", "record", write(f"t-{len(P)}.yaml", text), *extra],
                       interface=f"CLI `{T}` file", category="tally files"))

    # Impossible facts
    tally("tally: election ends before it begins (held 2021-03-29 to 2021-02-08)",
          tally_yaml(election="2021-03-29/2021-02-08"))
    tally("tally: prepared 2021-03-28, before voting ended 2021-03-29",
          tally_yaml(prepared_on="2021-03-28"))
    tally("tally: election held 2019-01-01..05, before the petition of 2020-11-20",
          tally_yaml(prepared_on="2019-01-06", election="2019-01-01/2019-01-05"))
    tally("tally: prepared 2020-10-01, before the petition (petition after its tally)",
          tally_yaml(prepared_on="2020-10-01", election=None))
    tally("tally: prepared 2099-01-01 (in the future)",
          tally_yaml(prepared_on="2099-01-01", election="2099-01-01/2099-01-01"))
    tally("tally: `--as-of 2100-01-01`", tally_yaml(), "--as-of", "2100-01-01")
    tally("tally: `--as-of 9999-12-31`", tally_yaml(), "--as-of", "9999-12-31")
    # Strictness
    tally("tally: `eligible_exact: yes`", tally_yaml(extra="eligible_exact: yes\n"))
    tally("tally: `eligible_exact: 1`", tally_yaml(extra="eligible_exact: 1\n"))
    tally("tally: `eligible_exact: 'true'`", tally_yaml(extra="eligible_exact: 'true'\n"))
    tally('tally: NUL in a choice (`"Retail\\0Union"`)', tally_yaml(choice="Retail\\0Union"))
    tally("tally: `against: -1`", tally_yaml().replace("against: 1798", "against: -1"))
    tally("tally: `prepared_on: 2021-02-30`", tally_yaml(prepared_on="2021-02-30"))
    P.append(Probe("tally by options: `--prepared-on 2020-01-01` (before the petition)", "opened",
                   ["tally", "record", "--case", CASE, "--prepared-on", "2020-01-01", "--choice",
                    "Retail, Wholesale and Department Store Union=738",
                    "--against", "1798", "--challenged", "0"], interface="CLI `tally record` options"))

    # The runoff tally before the runoff (runoff held 2021-04-05..06)
    P.append(Probe("runoff tally prepared 2021-03-30, before the runoff held 2021-04-05", "runoff",
                   ["tally", "record", "--case", RUNOFF_CASE, "--kind", "runoff", "--prepared-on", "2021-03-30",
                    "--choice", "Union A=12", "--against", "14", "--challenged", "0", "--as-of", "2021-03-30"],
                   interface="CLI `tally record` options"))
    P.append(Probe("runoff: `--held-from` 2021-03-01, before the direction of 2021-03-22", "runoff-tallied",
                   ["runoff", RUNOFF_CASE, "--on", "2021-03-22", "--held-from", "2021-03-01", "--as-of", "2021-03-22"],
                   interface="CLI `runoff`"))

    # Case opening
    def case_open(name: str, text: str, *extra: str) -> None:
        P.append(Probe(name, "empty", ["case", "open", write(f"c-{len(P)}.yaml", text), *extra],
                       interface="CLI `case open` file"))

    case_open('case file: NUL in the case name', CASE_YAML.replace('name: "Amazon.com Services LLC"',
                                                                   'name: "Amazon\\0Services"'))
    case_open('case file: blank case name `"  "`', CASE_YAML.replace('name: "Amazon.com Services LLC"',
                                                                     'name: "  "'))
    case_open("case file: petition filed 2099-01-01 (future)", CASE_YAML.replace("2020-11-20", "2099-01-01"))
    case_open("case file: `--as-of 9999-12-31`", CASE_YAML, "--as-of", "9999-12-31")
    P.append(Probe("case open by options: `--employer \"   \"`", "empty",
                   ["case", "open", "--number", "19-RC-361042", "--employer", "   ", "--union", "Union",
                    "--petition-filed-on", "2025-03-03"], interface="CLI `case open` options"))

    # Acts on the tallied case (tally of 2021-04-09; objection period to 2021-04-16)
    def act(name: str, base: str, *args: str, interface: str | None = None) -> None:
        P.append(Probe(name, base, list(args), interface=interface or f"CLI `{args[0]} {args[1]}`"))

    recv = "2021-04-15T12:00:00-04:00"
    P.append(Probe("counsel (control): `counsel add` for RWDSU as of 2021-04-10, valid", "tallied",
                   ["counsel", "add", CASE, "--party", "rwdsu", "--name", "Probe Counsel", "--as-of", "2021-04-10"],
                   expected="accept", interface="CLI `counsel add`"))
    act('objections: `--objection "   "`', "tallied", "objections", "file", CASE, "--party", "rwdsu",
        "--objection", "   ", "--received-at", recv)
    act('objections: `--objection ""`', "tallied", "objections", "file", CASE, "--party", "rwdsu",
        "--objection", "", "--received-at", recv)
    act("objections: `--received-at 2100-01-01T00:00:00Z`", "tallied", "objections", "file", CASE, "--party",
        "rwdsu", "--objection", "Threats.", "--received-at", "2100-01-01T00:00:00Z")
    act("objections: `--received-at 2020-01-01T12:00:00-05:00` (before the tally and the case)", "tallied",
        "objections", "file", CASE, "--party", "rwdsu", "--objection", "Threats.", "--received-at",
        "2020-01-01T12:00:00-05:00")
    act("objections: `--received-at 5`", "tallied", "objections", "file", CASE, "--party", "rwdsu",
        "--objection", "Threats.", "--received-at", "5")
    act("objections: `--party nobody`", "tallied", "objections", "file", CASE, "--party", "nobody",
        "--objection", "Threats.", "--received-at", recv)
    act("counsel: `--as-of 2100-01-01`", "tallied", "counsel", "add", CASE, "--party", "rwdsu", "--name",
        "Probe Counsel", "--as-of", "2100-01-01")
    act("counsel: `--as-of 2020-01-01` (before the case)", "tallied", "counsel", "add", CASE, "--party", "rwdsu",
        "--name", "Probe Counsel", "--as-of", "2020-01-01")
    act("counsel: `--as-of 9999-12-31`", "tallied", "counsel", "add", CASE, "--party", "rwdsu", "--name",
        "Probe Counsel", "--as-of", "9999-12-31")
    act('counsel: `--name "   "`', "tallied", "counsel", "add", CASE, "--party", "rwdsu", "--name", "   ")
    act("transfer: `--on 2020-01-01` (before the petition of 2020-11-20)", "tallied", "case", "transfer", CASE,
        "--region", "15", "--order", "GC order", "--on", "2020-01-01")
    act('transfer: `--order "   "`', "tallied", "case", "transfer", CASE, "--region", "15", "--order", "   ",
        "--on", "2021-04-12", "--as-of", "2021-04-12")
    act('correct party: `--name "   "`', "tallied", "correct", "party", CASE, "rwdsu", "--name", "   ", "--why",
        "caption")
    act('correct tally: `--why "   "`', "tallied", "correct", "tally", CASE, "--against", "1797", "--why", "   ")
    act("certify: `--as-of 9999-12-31`", "tallied", "certify", CASE, "--issued-on", "2021-04-23", "--as-of",
        "9999-12-31", interface="CLI `certify`")
    act("certify: `--issued-on 2021-04-12` (inside the objection period)", "tallied", "certify", CASE,
        "--issued-on", "2021-04-12", "--as-of", "2021-04-12", interface="CLI `certify`")
    act("hearing open: `--as-of 9999-12-31`", "tallied", "hearing", "open", CASE, "--on", "2021-05-07", "--as-of",
        "9999-12-31")
    act("deadlines: `--as-of 9999-12-31`", "tallied", "deadlines", "--as-of", "9999-12-31", "--case", CASE,
        interface="CLI `deadlines`")
    act('review request: `--ground ""`', "certified", "review", "request", CASE, "--party", "rwdsu", "--ground", "",
        "--received-at", "2021-04-26T12:00:00-04:00")
    act('review request: `--ground "   "`', "certified", "review", "request", CASE, "--party", "rwdsu",
        "--ground", "   ", "--received-at", "2021-04-26T12:00:00-04:00")

    # The act file: the API body's syntax (an instant written as a number; blank objection)
    P.append(Probe("act file: file-objections with `at: 5` (the API's `\"at\": 5`)", "tallied",
                   ["act", CASE, write("act-at5.yaml", "date: 2021-04-15\nat: 5\nact: file-objections\n"
                                                      "party: rwdsu\nobjections: [\"Threats.\"]\n")],
                   interface="CLI `act` file"))
    P.append(Probe("act file: file-objections with `objections: [\"   \"]`", "tallied",
                   ["act", CASE, write("act-blank.yaml", "date: 2021-04-15\nat: 2021-04-15T12:00:00-04:00\n"
                                                         "act: file-objections\nparty: rwdsu\n"
                                                         "objections: [\"   \"]\n")],
                   interface="CLI `act` file"))

    # Scenarios
    def scenario(name: str, text: str) -> None:
        P.append(Probe(name, "empty", ["replay", write(f"s-{len(P)}.yaml", text)], interface="CLI `replay`",
                       category="scenario files"))

    scenario("scenario: `date: null` on the first event", scenario_yaml(first_date="null"))
    scenario("scenario: a 500+-character source", scenario_yaml(sources='["' + "s" * 600 + '"]'))
    scenario("scenario: petition filed 2022-08-30, after its tally of 2021-04-09",
             scenario_yaml(petition="2022-08-30"))

    # NLRB CSV (one row each; the sample row 06-RC-311772)
    def csv_case(name: str, **cells: str) -> None:
        P.append(Probe(name, "empty", ["import", "nlrb-results", write(f"n-{len(P)}.csv", csv_one_row(**cells))],
                       interface="CLI `import nlrb-results`", category="NLRB CSV cells"))

    csv_case("CSV: Date Filed 02/07/2099", **{"Date Filed": "02/07/2099"})
    csv_case("CSV: Date Filed 04/01/2023, after the Tally Date 03/30/2023", **{"Date Filed": "04/01/2023"})
    csv_case("CSV: Date Closed 01/01/2023, before Date Filed 02/07/2023", **{"Date Closed": "01/01/2023"})
    csv_case("CSV: Date Closed 12/31/2099", **{"Date Closed": "12/31/2099"})
    csv_case("CSV: Tally Date 01/01/2023, before Date Filed", **{"Tally Date": "01/01/2023"})
    csv_case("CSV: Tally Date 04/08/2023, after Date Closed 04/07/2023", **{"Tally Date": "04/08/2023"})
    csv_case("CSV: Tally Date 06/01/2099", **{"Tally Date": "06/01/2099"})

    # Faults
    P.append(Probe("objections file into a read-only output folder (PDF write fails)", "tallied",
                   ["objections", "file", CASE, "--party", "rwdsu", "--objection", "Threats.", "--received-at", recv],
                   expected="doc-not-written", interface="CLI `objections file`", prepare=readonly_out,
                   category="faults"))
    P.append(Probe("tally record into a read-only output folder (PDF write fails)", "opened",
                   ["tally", "record", write("tally-ro.yaml", tally_yaml())],
                   expected="doc-not-written", interface="CLI `tally record` file", prepare=readonly_out,
                   category="faults"))

    # An older database (one revision before head)
    P.append(Probe("old database: `db upgrade --backup-dir` under a regular file", "old",
                   ["db", "upgrade", "--backup-dir", str(PROBE / "afile" / "sub")], interface="CLI `db upgrade`",
                   prepare=file_under_file, bytes_too=True, category="older database"))
    P.append(Probe("old database with an extra table `junk`: `db upgrade`", "old", ["db", "upgrade"],
                   interface="CLI `db upgrade`", prepare=lambda: sql("create table junk (x integer)"), bytes_too=True,
                   category="older database"))
    P.append(Probe("old database: `case list` (refused until upgraded; bytes kept)", "old", ["case", "list"],
                   interface="CLI `case list`", bytes_too=True, category="older database"))

    # A different notice of hearing (opens_on only) must be refused as other terms
    P.append(Probe("hearing notice again with another `--opens-on` (2021-05-10)", "noticed",
                   ["hearing", "notice", CASE, "--on", "2021-04-26", "--opens-on", "2021-05-10", "--presiding",
                    "Kerstin Meyers", "--place", "Videoconference", "--as-of", "2021-04-26"],
                   interface="CLI `hearing notice`"))

    # Tampering: verify must refuse (exit non-zero, naming the entry)
    def tamper(name: str, statement: str, *extra: str) -> None:
        P.append(Probe(name, "objected", ["verify", "--no-notify", *extra], expected="detect",
                       interface="CLI `verify`", prepare=lambda: sql(statement), category="record edits"))

    tamper("tamper: `update tally set against=17`", "update tally set against=17")
    tamper("tamper: an objection's text", "update objection set text='Objection rewritten later'")
    tamper("tamper: the offer of proof's body",
           "update filing set body=replace(body,'NOT IN THE PUBLIC RECORD','EDITED') where confidential=1")
    tamper("tamper: a party's name", "update party set name='Someone Else Inc.' where key='amazon'")
    P.append(Probe("tamper: the last docket entry deleted, `verify CASE --expect-head` (head noted before)",
                   "objected", ["verify", CASE, "--no-notify", "--expect-head", "@objected"], expected="detect",
                   interface="CLI `verify`", category="record edits",
                   prepare=lambda: sql("delete from docketentry where id=(select max(id) from docketentry)")))
    import probe_reliability_inputs

    return P + probe_reliability_inputs.probes(sys.modules[__name__])


def sql(statement: str) -> None:
    con = sqlite3.connect(DB)
    try:
        con.execute("pragma foreign_keys=off")
        con.execute(statement)
        con.commit()
    finally:
        con.close()


def first_line(out: str) -> str:
    lines = [ln.strip() for ln in out.splitlines() if ln.strip()]
    rows = [ln for ln in lines if ln.startswith("row ")]
    if rows:  # an import's skipped record: the row, the field and why
        return rows[0]
    for ln in lines:
        if ln.startswith("error:") or "Error" in ln or "Traceback" in ln:
            return ln
    return lines[0] if lines else ""


def classify(p: Probe, rc: int, out: str, before: tuple, after: tuple) -> str:
    db_changed = before[0] != after[0] or before[2] != after[2]
    files_changed = before[1] != after[1]
    if "Traceback (most recent call last)" in out:
        return "traceback"
    if p.expected == "accept":  # a valid control input: the door is not refusing everything
        return "control accepted" if rc == 0 else ("traceback" if rc not in (0, 2) else "control refused")
    if p.expected == "detect":  # `verify` reports a problem with exit 1 (docs/integrity.md)
        if rc == 0:
            return "accepted wrongly"
        if rc not in (1, 2):
            return "traceback"
        return "half-stored" if (db_changed or files_changed) else "clear"
    if rc not in (0, 2):
        return "traceback"
    if rc == 0:
        return "accepted wrongly"
    if p.expected == "doc-not-written":
        # the act is kept by design; no file may be left, and the message is the documented one
        return "half-stored" if files_changed else "clear"
    if db_changed or files_changed:
        return "half-stored"
    return "clear"


def md(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")[:220]


COLUMNS = ("clear", "traceback", "accepted wrongly", "half-stored")


def main() -> None:
    """``probe_reliability.py [CATEGORY ...]``: every input, or those of the categories named."""
    only = set(sys.argv[1:])
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    load = os.getloadavg()
    shutil.rmtree(FILES, ignore_errors=True)
    if os.environ.get("PROBE_REUSE_BASES") == "1" and (BASES / "state.json").exists():  # an earlier run's bases
        import json

        state = json.loads((BASES / "state.json").read_text())
        HEADS.update(state["heads"])
        inproc.TOKENS.update(state["tokens"])
    else:
        build_bases()
    rows: list[tuple[str, str]] = []
    print(f"Reliability probe, {started}, load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} (2 cores)\n")
    print("| # | Input | Category | Interface | Expected | Outcome | Exit | s | First line of the message |")
    print("|---|---|---|---|---|---|---|---|---|", flush=True)
    details = []
    inproc.environment(ENV)
    for i, p in enumerate((p for p in probes() if not only or p.category in only), 1):
        reset(p.base)
        if callable(p.prepare):
            p.prepare()
        args = [HEADS.get(a[1:], a) if a.startswith("@") else a for a in p.args]
        skip = inproc.NOT_RECORD if p.category in ("API bodies", "web forms") else ()
        before = snapshot(p.bytes_too, skip)
        if callable(p.call):
            start = time.monotonic()
            inproc.SNAPSHOT_AGAIN[:] = [lambda p=p, skip=skip: snapshot(p.bytes_too, skip)]
            inproc.RETAKEN.clear()
            rc, out = inproc.call(p.call)
            before = inproc.RETAKEN[0] if inproc.RETAKEN else before
            secs = time.monotonic() - start
        else:
            rc, out, secs = run(args)
        after = snapshot(p.bytes_too, skip)
        if callable(p.call) and p.category == "scenario files" and rc == 2:
            # refused at an event: the acts before it stay; the same replay of those acts alone is the state to find
            reset(p.base)
            if inproc.replay_prefix(p.args[1], out):
                before = snapshot(p.bytes_too, skip)
        outcome = classify(p, rc, out, before, after)
        if os.path.ismount(OUT):
            subprocess.run(["umount", str(OUT)], check=False)
        expected = {"refuse": "refused, nothing stored", "doc-not-written": "DocumentNotWritten, exit 2, act kept",
                    "detect": "refused: the edit named", "accept": "accepted (valid control)"}[p.expected]
        rows.append((p.category, outcome))
        print(f"| {i} | {md(p.name)} | {p.category} | {p.interface} | {expected} | {outcome} | {rc} | {secs:.0f} | "
              f"{md(first_line(out))} |", flush=True)
        if outcome not in ("clear", "control accepted"):
            changed = []
            if before[0] != after[0]:
                changed.append("database")
            if before[2] != after[2]:
                changed.append("database file bytes")
            if before[1] != after[1]:
                changed.append("output folder")
            details.append((i, p, rc, out, changed))
    counts = Counter(outcome for _, outcome in rows)
    bad = [o for o in counts if o not in COLUMNS and o != "control accepted"]
    print(f"\n{len(rows)} inputs: " + ", ".join(f"{k} {counts.get(k, 0)}" for k in (*COLUMNS, "control accepted", *bad)))
    print("\n| Category | Bad inputs | " + " | ".join(COLUMNS) + " | Valid controls accepted |")
    print("|---|---|" + "---|" * (len(COLUMNS) + 1))
    for category in dict.fromkeys(c for c, _ in rows):
        mine = Counter(o for c, o in rows if c == category)
        controls = mine.get("control accepted", 0) + mine.get("control refused", 0)
        print(f"| {category} | {sum(mine.values()) - controls} | " + " | ".join(str(mine.get(k, 0)) for k in COLUMNS)
              + f" | {mine.get('control accepted', 0)} of {controls} |")
    load = os.getloadavg()
    print(f"\nFinished {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average "
          f"{load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    print("\n## Not clear: reproductions\n")
    for i, p, rc, out, changed in details:
        print(f"### {i}. {p.name}\n")
        print(f"base `{p.base}`; changed: {', '.join(changed) or 'nothing'}; exit {rc}\n")
        if p.prepare is not None:
            print(f"(prepared by `{getattr(p.prepare, '__name__', 'prepare')}` first: see the script)\n")
        args = [HEADS.get(a[1:], a) if a.startswith("@") else a for a in p.args]
        print("```\n" + ("" if callable(p.call) else "casefile ") + " ".join(repr(a) if (" " in a or not a) else a
                                                                             for a in args))
        tail = out.strip().splitlines()[-12:]
        print("\n".join(tail) + "\n```\n", flush=True)


if __name__ == "__main__":
    main()
