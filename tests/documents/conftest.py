"""Fixtures for the document tests: the real-case contexts of ``document_cases``."""

from __future__ import annotations

import pytest

from casefile.documents.data import DocumentContext
from casefile.vocab import DocumentKind
from document_cases import build_contexts


@pytest.fixture(scope="session")
def contexts() -> dict[DocumentKind, DocumentContext]:
    """Every document kind's context from the real cases (built once per test session)."""
    return build_contexts()
