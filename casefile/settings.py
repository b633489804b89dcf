"""Configuration from the environment (``CASEFILE_*``), validated once and cached.

Tests override by setting environment variables and calling ``get_settings.cache_clear()``.
"""

from __future__ import annotations

from datetime import date
from functools import lru_cache
from pathlib import Path
from typing import Annotated

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict


class Settings(BaseSettings):
    """casefile's settings.

    - ``database_url``: SQLAlchemy URL. Default: a SQLite file ``.casefile/casefile.db`` under the
      current directory (the embedded default). PostgreSQL: ``postgresql+psycopg://user@host/db``.
    - ``output_dir``: where issued documents (PDFs) are written, one folder per case number.
    - ``extra_closures``: extra days the Agency was closed (ISO dates, optionally ``=reason``),
      added to the known executive-order closures (R-B7).
    - ``known_closures``: whether to apply the built-in list of executive-order closures.
    """

    model_config = SettingsConfigDict(env_prefix="CASEFILE_", env_file=None, extra="ignore")

    database_url: str = Field(default="sqlite:///.casefile/casefile.db")
    output_dir: Path = Field(default=Path("out"))
    extra_closures: Annotated[list[str], NoDecode] = Field(default_factory=list)
    known_closures: bool = True
    sqlite_busy_timeout_ms: int = 10_000

    @field_validator("extra_closures", mode="before")
    @classmethod
    def _split_closures(cls, value: object) -> object:
        if isinstance(value, str):
            return [part.strip() for part in value.split(",") if part.strip()]
        return value

    @field_validator("extra_closures")
    @classmethod
    def _check_closures(cls, value: list[str]) -> list[str]:
        for item in value:
            day = item.split("=", 1)[0].strip()
            try:
                date.fromisoformat(day)
            except ValueError as exc:
                raise ValueError(f"CASEFILE_EXTRA_CLOSURES: {item!r} is not an ISO date (YYYY-MM-DD[=reason])") from exc
        return value


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process's settings (cached). Raises ConfigurationError naming the setting when one is invalid."""
    from pydantic import ValidationError

    from casefile.errors import ConfigurationError

    try:
        return Settings()
    except ValidationError as exc:
        raise ConfigurationError(f"invalid setting: {exc.errors()[0]['msg']}") from exc
