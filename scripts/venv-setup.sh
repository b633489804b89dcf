#!/usr/bin/env bash
# The Makefile's set-up of the virtual environment (target $(STAMP)), one at a time: `make demo` and `make test`
# started together on a fresh clone would otherwise both create .venv and upgrade pip into it at once. The set-up
# holds a lock on VENV/.setup.lock (flock, from util-linux; where flock is absent, a lock folder beside it holding
# the holder's pid, taken over when that process is gone); a make that waited finds the stamp newer than
# pyproject.toml and installs nothing.
#
#   scripts/venv-setup.sh PYTHON VENV STAMP     (run from the repository's root)
set -euo pipefail

python=${1:?usage: venv-setup.sh PYTHON VENV STAMP}
venv=${2:?usage: venv-setup.sh PYTHON VENV STAMP}
stamp=${3:?usage: venv-setup.sh PYTHON VENV STAMP}
lock="$venv/.setup.lock"

set_up() {
    if [ -f "$stamp" ] && [ "$stamp" -nt pyproject.toml ]; then
        echo "casefile: $venv is set up (by the make that held the lock)"
        return 0
    fi
    test -x "$venv/bin/python" || "$python" -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --upgrade pip
    "$venv/bin/python" -m pip install --quiet -e '.[test]'
    touch "$stamp"
}

mkdir -p "$venv"  # the lock's folder: `python -m venv` creates into an existing folder
if command -v flock >/dev/null 2>&1; then
    exec 9>"$lock"
    if ! flock --nonblock 9; then
        echo "casefile: another make is setting up $venv; waiting for it"
        flock 9
    fi
    set_up
else
    held="$lock.d"
    said=""
    until mkdir "$held" 2>/dev/null; do
        holder=$(cat "$held/pid" 2>/dev/null || true)
        if [ -n "$holder" ] && ! kill -0 "$holder" 2>/dev/null; then  # its holder is gone: the lock is stale
            rm -rf "$held"
            continue
        fi
        [ -n "$said" ] || { echo "casefile: another make is setting up $venv; waiting for it (no flock: $held)"; said=1; }
        sleep 1
    done
    echo $$ >"$held/pid"
    trap 'rm -rf "$held"' EXIT
    set_up
fi
