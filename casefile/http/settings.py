"""The web server's settings (``CASEFILE_WEB_*``), apart from casefile's own (casefile.settings).

- ``host`` / ``port``: where ``casefile serve`` listens (127.0.0.1:8000 unless told otherwise).
- ``secure_cookies``: ``auto`` (Secure when the request came over HTTPS, directly or as a proxy
  says with X-Forwarded-Proto), ``always`` or ``never``.
- ``trust_forwarded``: believe X-Forwarded-Proto / X-Forwarded-For (only behind a proxy you run),
  and only from ``forwarded_allow_ips`` (comma-separated addresses or networks of that proxy;
  ``casefile serve`` starts uvicorn with proxy headers off unless ``trust_forwarded`` is on).
- ``public_calculators``: the tally and deadline calculators need no account (a demo instance).
- ``session_hours``: the absolute lifetime of a sign-in (12: OWASP ASVS 3.3.2, level 2), however
  active; ``session_idle_minutes``: a sign-in not used for this long ends (30: the same).
- Throttling of sign-in attempts (docs/security.md): ``login_failures_per_email`` failures for
  one account from one kind of client, or ``login_failures_per_address`` from one untrusted
  address, within ``login_window_minutes``, are free; each further attempt waits a delay that
  doubles from one second up to ``login_delay_max_seconds``. A browser that signed in to the
  account before, and an address it signed in from within ``login_known_days``, have counters
  of their own. Counted in the database, so every process agrees.
- ``body_max_bytes``: the largest request body of a form or a JSON request (refused with 413
  while it streams in, before it is parsed or anyone is authenticated); ``upload_max_bytes``:
  the same for the routes that take files (casefile.web.limits.UPLOAD_ROUTES).
- ``hash_concurrency``: at most this many password checks (Argon2: a core and 64 MiB each) at
  once; more sign-ins wait their turn without holding a worker thread (casefile.web.hashing).
- ``api_docs``: serve the API's interactive documentation at /api/v1/docs (off by default; the
  OpenAPI document at /api/v1/openapi.json is always served).
- ``workers``: how many web processes ``casefile serve`` runs (uvicorn's workers; default: as many
  as the machine has cores). Sign-ins are server-side (the ``websignin`` table) and throttling is
  counted in the database, so any process answers any request.
- ``documents``: who issues an act's documents after the request commits: ``in-process`` (a
  background task of the web process) or ``prefect`` (a flow run of the ``act`` deployment that
  ``casefile serve`` serves).
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class WebSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="CASEFILE_WEB_", env_file=None, extra="ignore")

    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=0, le=65535)  # 0: a free one
    secure_cookies: Literal["auto", "always", "never"] = "auto"
    trust_forwarded: bool = False
    forwarded_allow_ips: str = Field(default="127.0.0.1", min_length=1, max_length=2000)
    public_calculators: bool = False
    session_hours: float = Field(default=12.0, gt=0, le=24 * 30)
    session_idle_minutes: float = Field(default=30.0, gt=0, le=24 * 60 * 30)
    login_failures_per_email: int = Field(default=5, ge=1)
    login_failures_per_address: int = Field(default=20, ge=1)
    login_window_minutes: int = Field(default=60, ge=1)
    login_delay_max_seconds: int = Field(default=900, ge=1)
    login_known_days: int = Field(default=30, ge=0)
    body_max_bytes: int = Field(default=1024 * 1024, ge=1024)
    upload_max_bytes: int = Field(default=64 * 1024 * 1024, ge=1024)
    api_docs: bool = False
    hash_concurrency: int = Field(default=2, ge=1, le=64)
    documents: Literal["in-process", "prefect"] = "in-process"
    workers: int = Field(default_factory=lambda: os.cpu_count() or 1, ge=1, le=256)


@lru_cache(maxsize=1)
def get_web_settings() -> WebSettings:
    """The process's web settings (cached; tests clear the cache after changing the environment).
    Raises ConfigurationError naming the setting when one is invalid."""
    from pydantic import ValidationError

    from casefile.errors import ConfigurationError

    try:
        return WebSettings()
    except ValidationError as exc:
        from casefile.settings import setting_problem

        raise ConfigurationError(setting_problem(exc, prefix="CASEFILE_WEB_")) from exc
