"""The instance's secret key: it signs the docket chain and encrypts notification URLs at rest.

Where it comes from (docs/integrity.md):

1. ``CASEFILE_SECRET_KEY`` (the setting ``secret_key``): any text of at least 32 characters, the
   same for every process that shares the database. A team server sets it.
2. Otherwise a key file generated on first use next to the SQLite database file: for the embedded
   default (``.casefile/casefile.db``) that is ``.casefile/secret.key``. Without a SQLite file
   (PostgreSQL, an in-memory database) the file is ``.casefile/secret.key`` under the current
   directory. The file holds 32 random bytes (URL-safe base64), mode 0600, in a folder made 0700.

Keys are derived from it with HKDF-SHA256 (RFC 5869), one per purpose, so that the key that
signs is never the key that encrypts: ``signing`` (HMAC-SHA256 of the docket chain,
casefile.record.integrity), ``encryption`` (a Fernet key for the Apprise URLs,
casefile.jobs.notify) and ``prefect_api`` (the auth string of the Prefect server ``casefile
serve`` starts: casefile.prefect_env.api_auth_string — never stored, derived again by each process). Losing the key makes the chain unverifiable and the stored URLs unreadable:
``casefile backup`` copies a key file along with the database (docs/integrity.md).
"""

from __future__ import annotations

import base64
import binascii
import os
import secrets
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from casefile.errors import ConfigurationError

KEY_FILE_NAME = "secret.key"
DEFAULT_FOLDER = Path(".casefile")
_KEY_BYTES = 32
_SALT = b"casefile instance key"
_INFO_SIGNING = b"casefile docket chain v1"
_INFO_ENCRYPTION = b"casefile notification urls v1"
_INFO_PREFECT_API = b"casefile prefect api auth v1"


@dataclass(frozen=True)
class InstanceKeys:
    """The keys derived from the instance's secret. ``signing``: 32 bytes for HMAC-SHA256;
    ``encryption``: a Fernet key (URL-safe base64 of 32 bytes); ``source``: where the secret came
    from, for messages ("CASEFILE_SECRET_KEY" or the key file's path), never the secret itself."""

    signing: bytes
    encryption: bytes
    source: str
    prefect_api: str = ""  # "casefile:<URL-safe base64 of 32 bytes>", Prefect's server auth string

    def __repr__(self) -> str:  # never print a key
        return f"InstanceKeys(source={self.source!r})"


def derive(secret: bytes, *, source: str) -> InstanceKeys:
    """The two purpose keys of ``secret`` (HKDF-SHA256, distinct ``info`` per purpose)."""
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.kdf.hkdf import HKDF

    def hkdf(info: bytes) -> bytes:
        return HKDF(algorithm=hashes.SHA256(), length=_KEY_BYTES, salt=_SALT, info=info).derive(secret)

    prefect_api = "casefile:" + base64.urlsafe_b64encode(hkdf(_INFO_PREFECT_API)).decode("ascii").rstrip("=")
    return InstanceKeys(signing=hkdf(_INFO_SIGNING), encryption=base64.urlsafe_b64encode(hkdf(_INFO_ENCRYPTION)),
                        source=source, prefect_api=prefect_api)


def key_file_for(database_url: str) -> Path:
    """Where the key file of the database at ``database_url`` lives: next to a SQLite database
    file, else ``.casefile/secret.key`` under the current directory (absolute path)."""
    from sqlalchemy.engine import make_url

    try:
        url = make_url(database_url)
    except Exception:
        return (DEFAULT_FOLDER / KEY_FILE_NAME).resolve()
    if url.get_backend_name() == "sqlite" and url.database and url.database != ":memory:" \
            and not url.database.startswith("file:"):
        return (Path(url.database).parent / KEY_FILE_NAME).resolve()
    return (DEFAULT_FOLDER / KEY_FILE_NAME).resolve()


def instance_keys(database_url: str | None = None) -> InstanceKeys:
    """The instance's keys for the database at ``database_url`` (default: the configured one).

    CASEFILE_SECRET_KEY when set; else the key file (generated on first use, see the module's
    docstring). Raises ConfigurationError for a key file that is not a casefile key or cannot be
    read or written (the message names the file)."""
    from casefile.settings import get_settings

    settings = get_settings()
    if settings.secret_key is not None:
        return _from_setting(settings.secret_key.get_secret_value())
    return _from_file(str(key_file_for(database_url or settings.database_url)))


def keys_for(bind: Any) -> InstanceKeys:
    """The keys of the database a Session, Connection or Engine is bound to."""
    from sqlalchemy.engine import Connection, Engine

    target = bind.get_bind() if hasattr(bind, "get_bind") else bind
    if isinstance(target, Connection):
        target = target.engine
    assert isinstance(target, Engine), f"not bound to a database: {bind!r}"
    return instance_keys(target.url.render_as_string(hide_password=False))


@lru_cache(maxsize=8)
def _from_setting(secret: str) -> InstanceKeys:
    return derive(secret.encode("utf-8"), source="CASEFILE_SECRET_KEY")


@lru_cache(maxsize=32)
def _from_file(path_text: str) -> InstanceKeys:
    path = Path(path_text)
    if not path.exists():
        _generate(path)
    return derive(read_key_file(path), source=str(path))


def read_key_file(path: Path) -> bytes:
    """The 32 secret bytes of the key file at ``path`` (mode tightened to 0600 if it was looser).
    Raises ConfigurationError naming the file when it is unreadable or not a casefile key."""
    try:
        text = path.read_text(encoding="ascii").strip()
        if path.stat().st_mode & 0o077:
            path.chmod(0o600)
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigurationError(f"secret key file {path}: cannot be read ({exc})") from exc
    try:
        secret = base64.urlsafe_b64decode(text.encode("ascii"))
    except (binascii.Error, ValueError):
        secret = b""
    if len(secret) != _KEY_BYTES:
        raise ConfigurationError(f"secret key file {path}: not a casefile key (expected {_KEY_BYTES} bytes in URL-safe "
                                 "base64); restore it from a backup, or set CASEFILE_SECRET_KEY")
    return secret


def _generate(path: Path) -> None:
    """Write a new key file at ``path`` unless another process just did (the first one wins)."""
    try:
        folder = path.parent
        if not folder.exists():
            folder.mkdir(parents=True, mode=0o700, exist_ok=True)
        text = base64.urlsafe_b64encode(secrets.token_bytes(_KEY_BYTES)).decode("ascii") + "\n"
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)  # created 0600
        try:
            os.write(fd, text.encode("ascii"))
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            os.link(temp, path)  # atomic, and never replaces a key another process wrote first
        except FileExistsError:
            pass
        finally:
            os.unlink(temp)
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    except OSError as exc:
        raise ConfigurationError(f"secret key file {path}: cannot be created ({exc}); set CASEFILE_SECRET_KEY "
                                 "or make the folder writable") from exc


def clear_cache() -> None:
    """Forget the keys read so far (tests that change CASEFILE_SECRET_KEY or move key files)."""
    _from_setting.cache_clear()
    _from_file.cache_clear()
