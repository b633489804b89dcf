"""Fixtures for the document tests: the real-case contexts of ``document_cases``."""

from __future__ import annotations

import pytest

from casefile.documents.parts import DocumentContext
from casefile.documents.render import RenderedDocument
from casefile.vocab import DocumentKind
from tests.documents.checked import render_checked
from tests.documents.document_cases import build_contexts
from tests.documents.reading import BESSEMER, JFK8
from tests.documents.record_replay import Replayed, replay_examples


@pytest.fixture(scope="session")
def contexts() -> dict[DocumentKind, DocumentContext]:
    """Every document kind's context from the real cases (built once per test session)."""
    return build_contexts()


@pytest.fixture(scope="session")
def rendered(contexts: dict[DocumentKind, DocumentContext]) -> dict[DocumentKind, RenderedDocument]:
    """Every document kind rendered once to HTML and PDF (each passing preflight)."""
    return {kind: render_checked(kind, context) for kind, context in contexts.items()}


@pytest.fixture(scope="session")
def replayed_examples(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Replayed]:
    """Every example history replayed once per session, its documents issued (tests/documents/record_replay.py)."""
    return replay_examples(tmp_path_factory)


@pytest.fixture(scope="session")
def jfk8(replayed_examples: dict[str, Replayed]) -> Replayed:
    """JFK8 (29-RC-288020) replayed through its certification, with a status report (the session's replay)."""
    return replayed_examples[JFK8]


@pytest.fixture(scope="session")
def bessemer(replayed_examples: dict[str, Replayed]) -> Replayed:
    """Bessemer (10-RC-269250) replayed through the Administrative Law Judge's decision, with a status report."""
    return replayed_examples[BESSEMER]
