"""Several processes performing acts at once through the front door (issue 9, item 7).

``prepare(url, cases)`` opens ``cases`` cases with a tally each (the Bessemer 2021 figures under
numbers 10-RC-9000NN); ``worker(url, worker_no, plan)`` performs its planned acts and returns what
each answered; ``check(url)`` reads back what was stored. Used by tests/acts/test_concurrent_acts.py
(small) and bench/bench_concurrency.py (the full size)."""

from __future__ import annotations

import os
import traceback
from collections import Counter
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

EASTERN = ZoneInfo("America/New_York")
RWDSU = "Retail, Wholesale and Department Store Union"


def number(i: int) -> str:
    return f"10-RC-{900000 + i:06d}"


def _env(url: str) -> None:
    os.environ["CASEFILE_DATABASE_URL"] = url
    from casefile.record.db import get_engine
    from casefile.settings import get_settings

    get_settings.cache_clear()
    get_engine.cache_clear()


def prepare(url: str, cases: int) -> None:
    """Open ``cases`` cases, each with its initial tally of 2021-04-09 (objections due 2021-04-16)."""
    _env(url)
    from casefile import app
    from casefile.acts import Who, parse_act

    by = Who(label="operator:prepare")
    at = datetime(2021, 4, 9, 12, tzinfo=EASTERN)
    for i in range(cases):
        app.perform(parse_act({"act": "open-case", "date": "2021-04-09", "case": {
            "number": number(i), "name": f"Employer {i}", "agreement": "stipulated", "petition_filed_on": "2020-11-20"},
            "parties": [{"key": "employer", "role": "employer", "name": f"Employer {i}"},
                        {"key": "rwdsu", "role": "petitioner", "name": RWDSU}]}), as_of=at, by=by, documents="none")
        app.perform(parse_act({"act": "record-tally", "date": "2021-04-09", "kind": "initial", "choices": {RWDSU: 738},
                               "against": 1798, "challenged": 505, "void": 76, "eligible": 5867}),
                    case_number=number(i), as_of=at, by=by, documents="none")
    _close()


def _close() -> None:
    """Close the process's connections (a test process goes on after this)."""
    from casefile.record.db import get_engine

    get_engine().dispose()
    get_engine.cache_clear()


def worker(url: str, worker_no: int, plan: list[tuple[int, int]]) -> Counter[str]:
    """Perform the planned acts: (case index, objection no.) → a filing of that one objection by
    the union, received during the objection period. The same (case, no.) planned in two workers is
    the same filing retried (one must be stored). Returns the answers counted: "filed", "repeated",
    the error code of a refusal, or "traceback: ..." for anything else."""
    _env(url)
    from casefile import app
    from casefile.acts import Who, parse_act
    from casefile.errors import CasefileError

    by = Who(label=f"operator:worker{worker_no}")
    answers: Counter[str] = Counter()
    for case_i, objection in plan:
        at = datetime(2021, 4, 12 + objection % 4, 10, objection % 60, tzinfo=EASTERN)
        act = parse_act({"act": "file-objections", "at": at.isoformat(), "party": "rwdsu",
                         "objections": [f"objection {objection}: conduct affecting the results"]})
        try:
            result = app.perform(act, case_number=number(case_i), as_of=at, by=by, documents="none")
            answers["repeated" if result.repeated else "filed"] += 1
        except CasefileError as exc:
            answers[exc.code] += 1
        except Exception:
            answers["traceback: " + traceback.format_exc().strip().splitlines()[-1]] += 1
    _close()
    return answers


def check(url: str) -> dict[str, Any]:
    """What was stored: filings and objections per case, duplicate numbers, docket entries by key."""
    _env(url)
    from sqlmodel import func, select

    from casefile.record.db import read_session
    from casefile.record.models import Case, DocketEntry, Filing, Objection

    with read_session() as s:
        per_case = dict(s.exec(select(Case.number, func.count(Filing.id)).join(Filing, Filing.case_id == Case.id)
                               .group_by(Case.number)).all())
        numbers = s.exec(select(Objection.election_id, Objection.number)).all()
        texts = s.exec(select(Objection.election_id, Objection.text)).all()
        keys = s.exec(select(DocketEntry.case_id, DocketEntry.act_key)).all()
    _close()
    return {"filings_per_case": per_case, "objections": len(numbers),
            "duplicate_numbers": len(numbers) - len(set(numbers)), "duplicate_texts": len(texts) - len(set(texts)),
            "duplicate_keys": len(keys) - len(set(keys))}
