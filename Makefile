# casefile — `make demo` replays the real Bessemer case; `make test` runs the tests.
# Each target creates .venv and installs casefile (with its test extras) when the venv is missing
# or pyproject.toml is newer than the last install; two makes at once wait for one install.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.casefile-installed

export DO_NOT_TRACK := 1
export PREFECT_SERVER_ANALYTICS_ENABLED := false
export PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS := 90

.PHONY: demo test test-all check check-acts serve bench lint clean system-deps

# The fast loop: the pure and record-level tests (the rules, importers, input fuzzing, the record), without
# Prefect, browsers, subprocesses or documents rendered. The acts through the front door (tests/acts: each
# renders its PDFs) are `make check-acts`; `make test` runs everything but the slow variants.
CHECK_PATHS := tests/rules tests/importers tests/record tests/input
# The API's property tests' plugin (schemathesis) costs seconds at every worker's start; no loop test uses it,
# nor pytest-benchmark's or anyio's plugins. The loop runs a fifth of each property test's examples (Hypothesis profile `check`, tests/conftest.py);
# `make test` runs them all.
CHECK_PLUGINS := -p no:schemathesis -p no:benchmark -p no:anyio --hypothesis-profile=check
# Tests marked `thorough` (a long grid, its reason beside it) are left to `make test`, which runs them.
CHECK_MARKS := not prefect and not integration and not slow and not thorough
# The loop runs in one process: on this 2-core machine, shared, two workers cost a quarter more CPU (each imports
# and collects everything, builds its own template databases) for no shorter wall time under load (bench/README.md).
# `make check CHECK_XDIST="-n auto --dist loadfile"` runs it on every core.
CHECK_XDIST ?=

system-deps:
	@bash scripts/system-deps.sh

# One set-up at a time (scripts/venv-setup.sh: a lock on .venv/.setup.lock, flock or a lock folder): `make demo` and
# `make test` started together on a fresh clone wait for one install instead of racing on .venv and pip.
$(STAMP): pyproject.toml
	@bash scripts/venv-setup.sh $(PYTHON) $(VENV) $(STAMP)

demo: $(STAMP) system-deps
	$(VENV)/bin/casefile demo

# Tests run on every core (pytest-xdist), a test file to a worker: each worker has its own temp folders,
# databases, ports and Prefect homes (tests/conftest.py). XDIST= runs them in one process.
XDIST ?= -n auto --dist loadfile

test: $(STAMP) system-deps
	$(PY) -m pytest $(XDIST) -m "not slow"

# The web pages and the API on http://127.0.0.1:8000 with the Bessemer case and demo accounts for both
# sides (their password is printed), Prefect and its runner beside them; Ctrl-C stops everything.
serve: $(STAMP) system-deps
	$(VENV)/bin/casefile serve --demo

# Everything, the slow variants too (the ten-kill fault injection, tests/integrity/test_crash_replay.py).
test-all: $(STAMP)
	$(PY) -m pytest $(XDIST)

check: $(STAMP)
	$(PY) -m pytest -q $(CHECK_XDIST) $(CHECK_PLUGINS) -m "$(CHECK_MARKS)" $(wildcard $(CHECK_PATHS))

check-acts: $(STAMP)
	$(PY) -m pytest -q $(XDIST) $(CHECK_PLUGINS) -m "$(CHECK_MARKS)" tests/acts

# ruff and mypy at the versions pinned in the `lint` extra (installed when missing or not those).
lint: $(STAMP)
	@$(PY) scripts/lint_pins.py || $(PY) -m pip install --quiet -e '.[test,lint]'
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy casefile/rules casefile/acts

bench: $(STAMP)
	$(PY) bench/bench_tally.py
	$(PY) bench/bench_deadlines.py
	$(PY) bench/bench_render.py
	$(PY) bench/bench_import.py
	$(PY) bench/bench_reminders.py
	$(PY) bench/bench_flows.py

clean:
	rm -rf .casefile out .pytest_cache .hypothesis
