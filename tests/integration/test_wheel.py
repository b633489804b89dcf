"""The wheel works outside the source tree (issue 18 item 7): built from a copy of the tree, installed
into a new virtual environment, and run from a folder of its own, `casefile demo` replays Bessemer
(its migrations, templates and examples read from the installed package) and `casefile serve --demo`
comes up, answers a page and stops.

Kept fast: the new environment gets the wheel alone (``--no-deps``); its dependencies are read from
this environment's site-packages through a ``.pth`` line, which adds the folder to ``sys.path`` after
the new environment's own (so the wheel's casefile is the one imported) without running the
editable install's hook that lives there."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import sysconfig
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest

from casefile.cli.stopping import KILL_AFTER, STOP_GRACE
from tests.integration.test_serve import alive, descendants, wait_for

ROOT = Path(__file__).resolve().parents[2]
#: What a copy of the tree to build from leaves out (environments, caches, outputs).
NOT_SOURCE = shutil.ignore_patterns(".git", ".venv", "__pycache__", "*.pyc", "*.egg-info", "build", "dist", "out",
                                    ".casefile", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".hypothesis",
                                    ".benchmarks", "*.db", "*.db-wal", "*.db-shm")


def run(args: list[str], *, cwd: Path, env: dict[str, str], timeout: float = 600) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{' '.join(args)} exited {done.returncode}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


@pytest.fixture(scope="module")
def installed() -> Iterator[tuple[Path, dict[str, str]]]:
    """The new environment's bin folder and the environment to run its commands with (a folder of its
    own, not pytest's temporary folders, which a later pytest session on the machine may remove)."""
    with tempfile.TemporaryDirectory(prefix="casefile-wheel-test-") as folder:
        yield _install(Path(folder))


def _install(base: Path) -> tuple[Path, dict[str, str]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CASEFILE_", "PREFECT_")) and k != "PYTHONPATH"}
    # A local Prefect server on a loaded machine may take long to start: bounded, not shortened.
    env |= {"DO_NOT_TRACK": "1", "PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS": "300"}
    source = base / "source"
    shutil.copytree(ROOT, source, ignore=NOT_SOURCE)
    # This environment's setuptools builds it (the test extra requires one recent enough), else an isolated build.
    offline = int(metadata.version("setuptools").split(".")[0]) >= 77
    build = run([sys.executable, "-m", "pip", "wheel", "--no-deps", *(["--no-build-isolation", "--no-index"] if offline
                 else []), "-w", str(base / "dist"), str(source)], cwd=base, env=env)
    said = build.stdout + build.stderr
    assert "would be ignored" not in said and "is absent from the `packages` configuration" not in said, said[-3000:]
    [wheel] = (base / "dist").glob("casefile-*.whl")
    venv = base / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=base, env=env)
    python = venv / "bin" / "python"
    run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--no-index", str(wheel)],
        cwd=base, env=env)
    [site] = {Path(p) for p in (python.parent.parent / "lib").glob("python*/site-packages")}
    (site / "zz-casefile-test-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    shutil.rmtree(source)
    return venv / "bin", env


# In `make test` and CI (issue 18: the wheel test green in CI): about 4 minutes at a load average of 12-14 on 2
# cores, most of it `casefile serve --demo` starting (a Prefect server, the web workers, the deployments); xdist
# runs the file beside the others.
@pytest.mark.integration
class TestInstalledWheel:
    def test_the_installed_package_is_the_wheels(self, installed: tuple[Path, dict[str, str]]) -> None:
        """casefile and flows are imported from the new environment, with their data files beside them."""
        bin_, env = installed
        done = run([str(bin_ / "python"), "-c", "import casefile, flows, casefile.web, casefile.record.migrations as m; "
                    "from importlib.resources import files; "
                    "print(casefile.__file__); print(flows.__file__); "
                    "print(','.join(sorted(p.name for p in files('casefile.web').joinpath('static').iterdir()))); "
                    "print(files(m).joinpath('script.py.mako').is_file(), "
                    "len([p for p in files(m).joinpath('versions').iterdir() if p.name.endswith('.py')]))"],
                   cwd=bin_.parent.parent, env=env)
        casefile_file, flows_file, static, migrations = done.stdout.splitlines()
        assert casefile_file.startswith(str(bin_.parent)) and flows_file.startswith(str(bin_.parent))
        assert static.split(",") == sorted(p.name for p in (ROOT / "casefile" / "web" / "static").iterdir())
        versions = sorted(p.name for p in (ROOT / "casefile" / "record" / "migrations" / "versions").glob("*.py"))
        assert migrations == f"True {len(versions)}"

    def test_demo_then_serve_demo_outside_the_source_tree(self, installed: tuple[Path, dict[str, str]]) -> None:
        """`casefile demo` issues Bessemer's documents under out/; `casefile serve --demo` then answers
        its sign-in page and stops on Ctrl-C (exit 0)."""
        from casefile.prefect_server import free_port

        bin_, env = installed
        env = env | {"CASEFILE_SECRET_KEY": "casefile-wheel-test-secret-0123456789abcdef"}
        work = bin_.parent.parent / "work"  # beside the environment, outside any source tree
        work.mkdir()
        demo = run([str(bin_ / "casefile"), "demo"], cwd=work, env=env)
        pdfs = sorted(p.name for p in (work / "out" / "10-RC-269250").glob("*.pdf"))
        assert len(pdfs) >= 5 and "2021-04-09_tally-of-ballots.pdf" in pdfs, demo.stdout[-3000:]

        port = free_port()
        log = work / "serve.log"
        with log.open("ab") as out:
            process = subprocess.Popen([str(bin_ / "casefile"), "serve", "--demo", "--port", str(port)], cwd=work, env=env,
                                       stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 300  # bounds a hung start only: the wait is on the line saying it is up
            while "Ctrl-C stops." not in log.read_text(errors="replace"):
                assert process.poll() is None and time.monotonic() < deadline, log.read_text(errors="replace")[-3000:]
                time.sleep(0.25)
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/sign-in", timeout=60) as answer:
                assert answer.status == 200 and b"Sign in" in answer.read()
            children = descendants(process.pid)
            assert children, "serve started no subprocess (its Prefect server and web server)"
        finally:
            process.send_signal(signal.SIGINT)
            code = process.wait(timeout=STOP_GRACE + 3 * KILL_AFTER + 10)  # bounded by serve's own deadline
        said = log.read_text(errors="replace")
        # Ctrl-C before the runner has installed its own handler ends serve as an interrupt (130), after it as a stop (0):
        # either way every child process is stopped.
        assert code in (0, 130) and "web server stopped" in said, said[-3000:]
        wait_for(lambda: not [child for child in children if alive(child)], None, log,
                 what=f"serve's subprocesses {sorted(children)} gone")
        assert "already in the database" in said
