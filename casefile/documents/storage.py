"""Storing files safely: names checked, paths kept inside their folder, writes atomic and private.

An issued document (and a restored file) is written to a temporary name in its folder, flushed to
disk (fsync), renamed into place (``os.replace``, atomic on POSIX), then the folder itself is
synced so that the rename survives a power cut. A kill at any moment leaves either no file or the
whole file under its name, never a partial one (a leftover temporary ``.<name>.*.tmp`` is removed by
the next write of that name). Files are created 0600 and folders 0700: issued documents include
confidential offers of proof.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path
from typing import Any

from casefile.errors import BadInput

FILE_MODE = 0o600
FOLDER_MODE = 0o700
MAX_PART = 64
_SAFE_PART = re.compile(rf"[A-Za-z0-9][A-Za-z0-9._-]{{0,{MAX_PART - 1}}}")


class UnsafeFileName(BadInput):
    """A key or name that becomes part of a file name and could not safely be one (a ``/``, a leading
    dot, control characters, too long); the message names the text and the field."""

    code = "unsafe-file-name"


class OutsideFolder(BadInput):
    """A path that would be written outside the folder it belongs in (through ``..`` or a symbolic link)."""

    code = "outside-folder"


def safe_file_part(text: str, *, what: str = "a key") -> str:
    """``text`` unchanged when it can be part of a file name: 1 to 64 ASCII letters, digits, ``-``,
    ``_`` or ``.``, starting with a letter or digit (so no ``/``, no ``..``, no hidden file).

    Use it where the text is accepted (a party key in an act's model), so that nothing is stored
    that cannot later be issued. Raises UnsafeFileName naming ``what`` and the text."""
    if not isinstance(text, str) or not _SAFE_PART.fullmatch(text):
        shown = text if isinstance(text, str) and len(text) <= 80 else f"{str(text)[:80]}…"
        raise UnsafeFileName(f"{what} {shown!r} cannot be part of a file name: use 1 to {MAX_PART} letters, digits, "
                             "'-', '_' or '.', starting with a letter or digit")
    return text


def inside(root: Path, path: Path) -> Path:
    """``path`` if it lies inside ``root`` once both are resolved (symbolic links followed, ``..``
    removed). Raises OutsideFolder naming both."""
    base = root.resolve()
    target = path.resolve()
    if target != base and not target.is_relative_to(base):
        raise OutsideFolder(f"refused to write {path}: it is outside the folder {root} (resolves to {target})")
    return path


def private_folder(root: Path, folder: Path) -> Path:
    """Create ``folder`` (inside ``root``) and any missing parents with mode 0700; an existing folder
    is left as it is. Raises OutsideFolder."""
    inside(root, folder)
    missing = []
    current = folder
    while not current.exists():
        missing.append(current)
        current = current.parent
    for path in reversed(missing):
        try:
            path.mkdir(mode=FOLDER_MODE)
        except FileExistsError:
            continue
        os.chmod(path, FOLDER_MODE)  # whatever the umask
    if not folder.is_dir():
        raise OutsideFolder(f"refused to write into {folder}: it is not a folder")
    return folder


def write_atomically(path: Path, data: bytes, *, root: Path) -> None:
    """Write ``data`` to ``path`` (inside ``root``): temporary file in the same folder, fsync, rename
    into place, fsync of the folder. The file is 0600; its folder is created 0700 when missing.
    Replaces a file already at ``path`` (callers that never overwrite check first). Raises
    OutsideFolder, OSError."""
    inside(root, path)
    folder = private_folder(root, path.parent)
    remove_leftovers(path)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)  # 0600
    try:
        with os.fdopen(fd, "wb") as handle:
            write_bytes(handle, data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    sync_folder(folder)


def write_bytes(handle: Any, data: bytes) -> None:
    """Write ``data`` to an open file (the one place the bytes of a stored file are written: a full
    disk raises OSError ENOSPC here, and the tests make it do so)."""
    handle.write(data)


def remove_leftovers(path: Path) -> int:
    """Remove temporary files a killed write of ``path`` left (``.<name>.*.tmp``); returns how many.
    Callers hold the lock that serializes writers of that folder (the case's row, or SQLite's write lock)."""
    removed = 0
    for leftover in path.parent.glob(f".{glob_escape(path.name)}.*.tmp"):
        leftover.unlink(missing_ok=True)
        removed += 1
    return removed


def glob_escape(text: str) -> str:
    return re.sub(r"([*?\[])", r"[\1]", text)


def sync_folder(folder: Path) -> None:
    """fsync a folder, so that the names created or renamed in it are on disk."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
