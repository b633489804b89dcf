"""Whose socket listens on a local port (Linux's /proc): a server casefile starts must be the one that answers
on its port before any client sends it a secret or the address is announced — another local user may bind
the port first and answer the health check (security trials: the Prefect server's port, the web's)."""

from __future__ import annotations

import os
from pathlib import Path


def held_by_session(port: int, session_id: int) -> bool | None:
    """Whether every TCP socket listening on ``port`` (IPv4 and IPv6) belongs to a process of session
    ``session_id`` (a child started with ``start_new_session``: its pid); False when none listens or one
    belongs to another process; None off Linux (nothing can be checked)."""
    listening = _listening_inodes(port)
    if listening is None:
        return None
    return bool(listening) and listening <= _socket_inodes_of_session(session_id)


def _listening_inodes(port: int) -> set[str] | None:
    """The inodes of the TCP sockets listening on ``port`` (IPv4 and IPv6), from /proc/net; None off Linux."""
    found: set[str] = set()
    tables = [Path("/proc/net/tcp"), Path("/proc/net/tcp6")]
    if not any(t.exists() for t in tables):
        return None
    for table in tables:
        try:
            rows = table.read_text().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            fields = row.split()
            if len(fields) > 9 and fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == port:
                found.add(fields[9])
    return found


def _socket_inodes_of_session(session_id: int) -> set[str]:
    """The inodes of the sockets held by the processes of session ``session_id`` (the server's)."""
    inodes: set[str] = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if os.getsid(int(entry.name)) != session_id:
                continue
            for fd in (entry / "fd").iterdir():
                target = os.readlink(fd)
                if target.startswith("socket:["):
                    inodes.add(target[8:-1])
        except OSError:
            continue
    return inodes
