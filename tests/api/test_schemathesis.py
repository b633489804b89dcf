"""Property-based tests of the API against its own OpenAPI (/api/v1/openapi.json), with
schemathesis: for every operation, requests generated from the schema (bounded: at most
MAX_EXAMPLES each, derandomized so a run is repeatable) are sent as RWDSU's counsel to the
Bessemer world. No answer is a server error; every answer has a documented status and content
type and matches its schema; every error is application/problem+json with the members of
RFC 9457 and casefile's code. The counts of requests and statuses are printed (``-s``)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.accounts.world import NUMBER, World

MAX_EXAMPLES = 30
COUNTS: Counter[str] = Counter()


def _schema() -> Any:
    """The API's schema, loaded from the application (its documents' issuance left out: nothing
    is rendered while fuzzing). The application holds no state: each request reads the database
    the test's world configured."""
    from casefile.api import create_app

    return schemathesis.openapi.from_asgi("/api/v1/openapi.json", create_app(on_committed=lambda *_: None))


SCHEMA = _schema()
OPERATIONS = {r.ok().label: r.ok() for r in SCHEMA.get_all_operations()}


def problem_json(ctx: Any, response: Any, case: Any) -> bool | None:
    """An error answer is application/problem+json with type, title, status, detail, code, family."""
    if response.status_code < 400:
        return None
    assert response.headers.get("content-type", [""])[0].startswith("application/problem+json"), response.headers
    body = json.loads(response.content)
    assert {"type", "title", "status", "detail", "code", "family"} <= set(body), body
    assert body["status"] == response.status_code and body["code"] and body["detail"], body
    return True


@pytest.fixture(scope="module", autouse=True)
def report() -> Iterator[None]:
    yield
    total = sum(v for k, v in COUNTS.items() if k.startswith("op "))
    print(f"\nschemathesis: {total} requests; " + ", ".join(f"{k}: {v}" for k, v in sorted(COUNTS.items())))


@pytest.mark.parametrize("label", sorted(OPERATIONS))
def test_no_server_error_and_every_error_is_a_problem(label: str, world: World) -> None:
    """Whatever the schema allows (and, in negative mode, what it does not), the API answers as
    documented, never with a 5xx."""
    operation = OPERATIONS[label]
    headers = world.headers("union-counsel")
    checks = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance,
              problem_json]
    strategy = operation.as_strategy(GenerationMode.POSITIVE) | operation.as_strategy(GenerationMode.NEGATIVE)
    if "{number}" in operation.path:  # and on the real case, so requests get past the look-up
        strategy |= operation.as_strategy(GenerationMode.POSITIVE, path_parameters={"number": NUMBER})
    if "{document_id}" in operation.path:
        strategy |= st.sampled_from(sorted(world.documents.values())).flatmap(
            lambda ident: operation.as_strategy(GenerationMode.POSITIVE, path_parameters={"document_id": ident}))

    @given(case=strategy)
    @settings(max_examples=MAX_EXAMPLES, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck), phases=[Phase.generate])
    def run(case: Any) -> None:
        # a generous read timeout: a loaded 2-core CI machine can stall one request past the default 10 s
        response = case.call_and_validate(headers=headers, checks=checks, timeout=120)
        COUNTS[f"op {label}"] += 1
        COUNTS[f"status {response.status_code}"] += 1

    run()
