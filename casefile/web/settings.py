"""The web server's settings (``CASEFILE_WEB_*``), apart from casefile's own (casefile.settings).

- ``host`` / ``port``: where ``casefile serve`` listens (127.0.0.1:8000 unless told otherwise).
- ``secure_cookies``: ``auto`` (Secure when the request came over HTTPS, directly or as a proxy
  says with X-Forwarded-Proto), ``always`` or ``never``.
- ``trust_forwarded``: believe X-Forwarded-Proto / X-Forwarded-For (only behind a proxy you run).
- ``public_calculators``: the tally and deadline calculators need no account (a demo instance).
- ``session_hours``: how long a sign-in lasts.
- ``login_failures_per_email`` / ``login_failures_per_address`` within ``login_window_minutes``:
  the rate limit of sign-in attempts (counted in the database, so every process agrees).
- ``documents``: who issues an act's documents after the request commits: ``in-process`` (a
  background task of the web process) or ``prefect`` (a flow run of the ``act`` deployment that
  ``casefile serve`` serves).
"""

from __future__ import annotations

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
    public_calculators: bool = False
    session_hours: float = Field(default=12.0, gt=0, le=24 * 30)
    login_failures_per_email: int = Field(default=5, ge=1)
    login_failures_per_address: int = Field(default=20, ge=1)
    login_window_minutes: int = Field(default=15, ge=1)
    documents: Literal["in-process", "prefect"] = "in-process"


@lru_cache(maxsize=1)
def get_web_settings() -> WebSettings:
    """The process's web settings (cached; tests clear the cache after changing the environment).
    Raises ConfigurationError naming the setting when one is invalid."""
    from pydantic import ValidationError

    from casefile.errors import ConfigurationError

    try:
        return WebSettings()
    except ValidationError as exc:
        err = exc.errors()[0]
        raise ConfigurationError(f"invalid setting CASEFILE_WEB_{str(err['loc'][0]).upper()}: {err['msg']}") from exc
