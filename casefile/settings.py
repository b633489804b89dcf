"""Configuration from the environment (``CASEFILE_*``), validated once and cached.

Tests override by setting environment variables and calling ``get_settings.cache_clear()``.
"""

from __future__ import annotations

import re
from datetime import date
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any

from pydantic import Field, SecretStr, ValidationInfo, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

#: The shortest CASEFILE_SECRET_KEY accepted (characters; casefile.record.secret_key derives the keys from it).
MIN_SECRET_LENGTH = 32


class Settings(BaseSettings):
    """casefile's settings.

    - ``database_url``: SQLAlchemy URL. Default: a SQLite file ``.casefile/casefile.db`` under the
      current directory (the embedded default). PostgreSQL: ``postgresql+psycopg://user@host/db``.
    - ``output_dir``: where issued documents (PDFs) are written, one folder per case number.
    - ``extra_closures``: extra days the Agency was closed (ISO dates, optionally ``@office`` for a
      closure of one office and ``=reason``), added to the known executive-order closures (R-B7).
    - ``known_closures``: whether to apply the built-in list of executive-order closures.
    - ``notify_default_urls``: Apprise URLs that reach a person who has no URL of their own
      (comma- or space-separated); an email URL without a recipient sends to the person's email.
      Each is checked at start-up (ConfigurationError naming CASEFILE_NOTIFY_DEFAULT_URLS).
    - ``verify_notify_urls``: Apprise URLs that ``casefile verify`` sends its result and the record's
      chain head to (a place the database's administrators cannot rewrite: docs/integrity.md).
    - ``reminder_lead_days``: business days before a due day at which to remind (``7,3,1``);
      the morning of the due day is always added (docs/reminders.md).
    - ``secret_key``: the instance's secret (at least 32 characters), which signs the docket chain
      and encrypts notification URLs; unset, a key file is generated next to the SQLite database
      (casefile.record.secret_key, docs/integrity.md).
    - ``efiling_max_bytes``: the largest file the Agency's E-Filing system takes, checked by preflight on
      every issued document (casefile.documents.preflight; the Agency states no citable figure: the
      default, 20,000,000 bytes, is a conservative one; set the figure the E-Filing system shows).
    - ``upload_max_bytes``: the largest file taken with an act (attach-document's PDF, a document
      received), enforced while an upload streams in, before the whole body is read (default
      25,000,000 bytes; casefile.record.uploads).
    """

    model_config = SettingsConfigDict(env_prefix="CASEFILE_", env_file=None, extra="ignore")

    database_url: str = Field(default="sqlite:///.casefile/casefile.db")
    output_dir: Path = Field(default=Path("out"))
    extra_closures: Annotated[list[str], NoDecode] = Field(default_factory=list)
    known_closures: bool = True
    sqlite_busy_timeout_ms: int = 10_000
    notify_default_urls: Annotated[list[str], NoDecode] = Field(default_factory=list)
    verify_notify_urls: Annotated[list[str], NoDecode] = Field(default_factory=list)
    reminder_lead_days: Annotated[list[int], NoDecode] = Field(default_factory=lambda: [7, 3, 1])
    secret_key: SecretStr | None = None
    efiling_max_bytes: int = Field(default=20_000_000, gt=0)
    upload_max_bytes: int = Field(default=25_000_000, gt=0)

    @field_validator("secret_key")
    @classmethod
    def _check_secret(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and len(value.get_secret_value().strip()) < MIN_SECRET_LENGTH:
            raise ValueError(f"CASEFILE_SECRET_KEY: shorter than {MIN_SECRET_LENGTH} characters (make one with: "
                             "python -c 'import secrets; print(secrets.token_urlsafe(32))')")
        return value

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
            day = item.split("=", 1)[0].split("@", 1)[0].strip()  # DATE[@OFFICE][=reason]; the office is checked
            try:  # when the calendar is built (casefile.rules.calendar.parse_closure)
                date.fromisoformat(day)
            except ValueError as exc:
                raise ValueError(f"CASEFILE_EXTRA_CLOSURES: {item!r} is not an ISO date "
                                 "(YYYY-MM-DD[@office][=reason])") from exc
        return value

    @field_validator("notify_default_urls", "verify_notify_urls", mode="before")
    @classmethod
    def _split_urls(cls, value: object) -> object:
        if isinstance(value, str):
            return [part for part in re.split(r"[\s,]+", value) if part]
        return value

    @field_validator("notify_default_urls", "verify_notify_urls")
    @classmethod
    def _check_urls(cls, value: list[str], info: ValidationInfo) -> list[str]:
        if value:
            from casefile.channels import refusal

            for url in value:
                problem = refusal(url)
                if problem is not None:
                    raise ValueError(f"CASEFILE_{str(info.field_name).upper()}: {problem}")
        return value

    @field_validator("reminder_lead_days", mode="before")
    @classmethod
    def _split_leads(cls, value: object) -> object:
        if isinstance(value, str):
            parts = [part.strip() for part in value.split(",") if part.strip()]
            if not all(part.isdigit() for part in parts):
                raise ValueError(f"CASEFILE_REMINDER_LEAD_DAYS: {value!r} is not a list of whole numbers of business days (e.g. 7,3,1)")
            return [int(part) for part in parts]
        return value

    @field_validator("reminder_lead_days")
    @classmethod
    def _check_leads(cls, value: list[int]) -> list[int]:
        for lead in value:
            if not 0 <= lead <= 60:
                raise ValueError(f"CASEFILE_REMINDER_LEAD_DAYS: {lead} is not between 0 and 60 business days")
        return sorted(set(value), reverse=True)


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process's settings (cached). Raises ConfigurationError naming the setting when one is invalid."""
    from pydantic import ValidationError

    from casefile.errors import ConfigurationError

    try:
        return Settings()
    except ValidationError as exc:
        raise ConfigurationError(setting_problem(exc, prefix="CASEFILE_")) from exc


def setting_problem(exc: Any, *, prefix: str) -> str:
    """The first problem of a settings model's ValidationError ``exc`` as one line naming the variable
    (``prefix`` + the field's name, upper case) in casefile.validation's words: "invalid setting
    CASEFILE_WEB_PORT: must be a whole number, like 875 (not 'abc')", never pydantic's "Value error, ..."."""
    from casefile.validation import problems

    err = exc.errors()[0]
    text = problems([err])[0].text
    loc = [str(p) for p in err.get("loc", ())]
    name = f"{prefix}{loc[0].upper()}" if loc else ""
    if not name or text.startswith(name):
        return f"invalid setting {text}" if name else f"invalid setting: {text}"
    return f"invalid setting {name}: {text}"
