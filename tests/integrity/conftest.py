"""Fixtures of the integrity tests: a known instance key, and a case row to docket acts on."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime

import pytest
from sqlalchemy import Engine

from casefile.record.db import write_session
from casefile.record.models import Case
from casefile.record.secret_key import clear_cache
from casefile.record.workflow import docket
from casefile.settings import get_settings
from casefile.vocab import Actor, CaseType, DocketActName
from tests.conftest import at

T0 = at("2021-04-09T12:00:00-04:00")
TEST_SECRET = "integrity-tests-secret-0123456789abcdef"


@pytest.fixture(autouse=True)
def instance_key(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Every test signs with TEST_SECRET (CASEFILE_SECRET_KEY) unless it unsets it; caches cleared around it."""
    monkeypatch.setenv("CASEFILE_SECRET_KEY", TEST_SECRET)
    get_settings.cache_clear()
    clear_cache()
    yield TEST_SECRET
    get_settings.cache_clear()
    clear_cache()


def new_case(engine: Engine, number: str = "10-RC-269250") -> int:
    """A bare case row (what `case open` stores, without parties), with the docket entry that opened
    it (entry 0 of the case: ``act(..., n)`` entries follow it): its id."""
    with write_session(engine, by="operator:tests") as s:
        case = Case(number=number, name="Amazon.com Services LLC", case_type=CaseType.RC, region="10",
                    office_key="10-atlanta", rule_set_id="2019-text", created_at=T0)
        s.add(case)
        s.flush()
        assert case.id is not None
        docket(s, case.id, election_id=None, as_of=T0, occurred_on=T0.date(), act=DocketActName.OPEN_CASE, act_key="open",
               actor=Actor.SYSTEM, summary="case opened")
        return case.id


def act(engine: Engine, case_id: int, n: int, *, as_of: datetime = T0, summary: str | None = None) -> int:
    """Docket act number ``n`` on the case in its own transaction; the entry's id."""
    with write_session(engine, by="operator:tests") as s:
        entry = docket(s, case_id, election_id=None, as_of=as_of, occurred_on=as_of.date(), act=DocketActName.SWEEP,
                       act_key=f"note:{n}", actor=Actor.SYSTEM, summary=summary or f"note {n}")
        assert entry.id is not None
        return entry.id
