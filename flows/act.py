"""The one act flow: given a committed act's docket entry id, issue its documents.

Its parameters are ids and an instant, never the act's content: Prefect's UI and API have no
login, so witness names, testimony and notification secrets never appear in a flow run's
parameters (29 CFR 102.69(a)(8): an offer of proof goes to the Regional Director only).
Idempotent: a document already issued is found, not issued again.
"""

# Annotations are evaluated here (no `from __future__ import annotations`): casefile serve's runner sends the
# flow to its run's process by value (casefile.runner), where names used only in string annotations
# (`datetime`) would not resolve and Prefect's parameter validation would fail.

from datetime import datetime

from prefect import flow, task

from casefile.app import IssuedDocument, issue_for_entry


@task(name="issue-documents", retries=2, retry_delay_seconds=1, persist_result=False)
def issue_documents_task(entry_id: int, as_of: datetime) -> list[IssuedDocument]:
    """Issue (or find) the documents of the act recorded as docket entry ``entry_id``."""
    return issue_for_entry(entry_id, as_of=as_of)


@flow(name="act", validate_parameters=True, persist_result=False, log_prints=False)
def act_flow(entry_id: int, as_of: datetime) -> list[IssuedDocument]:
    """Issue the documents of one committed act (docket entry ``entry_id``). An ``as_of`` later than
    the run's start fails the run (ActAsOfFuture), nothing issued (flows.instants)."""
    from flows.instants import future_instant, run_started
    from flows.registered import refuse_tampered_deployment

    refuse_tampered_deployment("act")  # a deployment changed through Prefect's API: fails here (flows.registered)
    if (refused := future_instant(as_of, started=run_started(), flow="act")) is not None:
        raise ActAsOfFuture(refused)
    return issue_documents_task(entry_id, as_of)


class ActAsOfFuture(ValueError):
    """An act flow run asked to issue documents as of an instant that has not come."""
