"""The task that issues one document: render from the record, store once, register on the docket."""

from __future__ import annotations

from datetime import datetime

from prefect import task

from casefile.documents.issue import issue_document
from casefile.vocab import DocumentKind


@task(name="issue-document", retries=2, retry_delay_seconds=1, persist_result=False)
def issue_document_task(case_number: str, kind: DocumentKind, subject: str, as_of: datetime) -> str:
    """Issue (or find, if already issued) the ``kind`` document for ``subject`` ("table:id"); returns its path."""
    return issue_document(case_number=case_number, kind=kind, subject=subject, as_of=as_of).path
