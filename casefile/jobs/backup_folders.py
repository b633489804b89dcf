"""Whose a backup's folder is (issue 14, finding L3 of the security trial).

A backup holds the database, the documents and the key; a restore trusts its manifest. A folder
another user owns, or may write into, lets that user replace the files and the manifest between
the backup and the restore (the trial: ``mkdir /tmp/x; chmod 777 /tmp/x``, then root's
``casefile backup /tmp/x`` succeeded). So:

- ``casefile backup DEST`` (:func:`check_destination`): DEST, when it exists, is owned by the
  running user and writable by nobody else; every folder it is in (where a missing one would be
  created, and each above) is owned by the running user or root, and writable by others only
  with the sticky bit (as ``/tmp``: others cannot rename or remove what is not theirs).
- ``casefile restore SRC`` (:func:`check_backup`): SRC, the folders it is in (as above), and the
  manifest, every file it lists and every folder on the way to one, are owned by the running user
  or root and writable by nobody else; none is a symbolic link.

Refusals are BackupError naming the path, whose it is or its mode, and the fix. Nothing is
written or read from the backup before the check.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from pathlib import Path

from casefile.errors import CasefileError

_OTHERS_WRITE = stat.S_IWGRP | stat.S_IWOTH


def check_destination(dest: Path, error: type[CasefileError]) -> None:
    """Refuse (raise ``error``, a BackupError) a backup into ``dest`` that another user could
    change: ``dest`` (when it exists) not the running user's or writable by group or others; a
    folder it is in owned by another user than the running one or root, or writable by group or
    others without the sticky bit."""
    dest = Path(os.path.abspath(dest))
    me = os.geteuid()
    if os.path.lexists(dest):
        info = os.lstat(dest)
        if stat.S_ISLNK(info.st_mode):
            raise error(f"backup: refused, nothing written: {dest} is a symbolic link; give the folder itself")
        if info.st_uid != me:
            raise error(f"backup: refused, nothing written: {dest} is owned by {_user(info.st_uid)}, not by you "
                        f"({_user(me)}): that user could replace the backup's files and its manifest before a restore; "
                        "give a new folder of your own")
        if info.st_mode & _OTHERS_WRITE:
            raise error(f"backup: refused, nothing written: {dest} is writable by {_who(info.st_mode)} (mode "
                        f"{stat.S_IMODE(info.st_mode):04o}): another user could replace the backup's files and its "
                        f"manifest before a restore; `chmod go-w {dest}` or give a new folder")
    _ancestors(dest, error, "backup", nothing="nothing written")


def check_backup(src: Path, files: Iterable[str], error: type[CasefileError]) -> None:
    """Refuse (raise ``error``) a restore from ``src`` that another user could have changed:
    ``src``, the folders it is in (owned by the running user or root, writable by others only
    with the sticky bit), and each of ``files`` (paths relative to ``src``, the manifest first)
    with the folders on the way to it: owned by the running user or root, writable by nobody
    else, not a symbolic link."""
    src = Path(os.path.abspath(src))
    _ancestors(src, error, "restore", nothing="nothing changed")
    seen: set[Path] = set()
    for name in files:
        path = src
        for part in (".", *Path(name).parts):
            path = path / part if part != "." else path
            if path in seen:
                continue
            seen.add(path)
            if not os.path.lexists(path):
                continue  # a missing file is read_manifest's to name
            _private(path, os.lstat(path), error, src)


def _private(path: Path, info: os.stat_result, error: type[CasefileError], src: Path) -> None:
    me = os.geteuid()
    fix = f"if you trust it, make it yours: `chown -R {_user(me)} {src} && chmod -R go-w {src}`"
    if stat.S_ISLNK(info.st_mode):
        raise error(f"restore: refused, nothing changed: the backup's {path} is a symbolic link: a backup holds only "
                    "its own files")
    if info.st_uid not in (me, 0):
        raise error(f"restore: refused, nothing changed: the backup's {path} is owned by {_user(info.st_uid)}, not by "
                    f"you ({_user(me)}) or root: that user could have replaced the backup's files and manifest; {fix}")
    if info.st_mode & _OTHERS_WRITE:
        raise error(f"restore: refused, nothing changed: the backup's {path} is writable by {_who(info.st_mode)} (mode "
                    f"{stat.S_IMODE(info.st_mode):04o}): another user could have replaced the backup's files and "
                    f"manifest; {fix}")


def _ancestors(path: Path, error: type[CasefileError], verb: str, *, nothing: str) -> None:
    """Each existing folder ``path`` is in (resolved), up to ``/``: owned by the running user or
    root, writable by group or others only with the sticky bit; a symbolic link on the way owned
    by the running user or root."""
    me = os.geteuid()
    for link in (p for p in path.parents if os.path.islink(p)):
        owner = os.lstat(link).st_uid
        if owner not in (me, 0):
            raise error(f"{verb}: refused, {nothing}: {path} is reached through {link}, a symbolic link owned by "
                        f"{_user(owner)}: that user could point it elsewhere; give the folder's real path")
    folder = path.parent.resolve()
    while True:
        if folder.exists():
            info = os.stat(folder)
            if info.st_uid not in (me, 0):
                raise error(f"{verb}: refused, {nothing}: {path} is in {folder}, owned by {_user(info.st_uid)}, not by "
                            f"you ({_user(me)}) or root: that user could move the backup's folder and put another "
                            "in its place; use a folder in one of your own")
            if info.st_mode & _OTHERS_WRITE and not info.st_mode & stat.S_ISVTX:
                raise error(f"{verb}: refused, {nothing}: {path} is in {folder}, writable by {_who(info.st_mode)} "
                            f"without the sticky bit (mode {stat.S_IMODE(info.st_mode):04o}): another user could move "
                            f"the backup's folder and put another in its place; `chmod go-w {folder}` (or "
                            f"`chmod +t {folder}`), or use a folder in one of your own")
        if folder.parent == folder:
            return
        folder = folder.parent


def _who(mode: int) -> str:
    return " and ".join(w for bit, w in ((stat.S_IWGRP, "its group"), (stat.S_IWOTH, "all users")) if mode & bit)


def _user(uid: int) -> str:
    """``name (uid N)``, or ``uid N`` for a uid without a name."""
    import pwd

    try:
        return f"{pwd.getpwuid(uid).pw_name} (uid {uid})"
    except KeyError:
        return f"uid {uid}"
