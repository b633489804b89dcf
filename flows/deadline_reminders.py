"""Flow: the deadline reminders — sends the reminders of open deadlines that are due (scheduled job).

Each person (each channel) gets one digest per run; a reminder is sent once even if the run is
retried or two runs overlap (the ledger in casefile/jobs/reminders.py). A run where a channel
failed ends Failed, its exception carrying the report: those reminders stay unsent and the next
run retries them.
"""

# Annotations are evaluated here (no `from __future__ import annotations`): casefile serve's runner sends the
# flow to its run's process by value (casefile.runner), where names used only in string annotations
# (`datetime`) would not resolve and Prefect's parameter validation would fail.

from datetime import UTC, datetime

from prefect import flow
from prefect.states import Completed, Failed

from casefile.jobs.reminders import RemindersReport, send_reminders


class RemindersNotDelivered(Exception):
    """A run in which some digests were not delivered; ``report`` says which, and what was sent.
    (Not a CasefileError: nothing was wrong with the input; a channel failed.)"""

    def __init__(self, message: str, report: RemindersReport) -> None:
        super().__init__(message, report)  # both in args, so the exception pickles with its report
        self.report = report

    def __str__(self) -> str:
        return str(self.args[0])


def scheduled_instant() -> datetime:
    """The instant this flow run was scheduled for (its expected start time; for a run started by
    hand, when it was created), as an aware datetime. The run reminds as of that instant, so a
    late or retried run sends what was due when it should have run, no more."""
    from prefect.runtime import flow_run

    value = flow_run.scheduled_start_time
    moment = datetime.fromisoformat(value.isoformat())
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _send_notices(moment: datetime) -> None:
    """The notices due (casefile.jobs.notices): those of acts performed at the command line, and
    those a channel refused before (retried). A notice's failure does not fail the reminders run."""
    import logging

    from casefile.jobs.notices import send_notices

    try:
        notices = send_notices(as_of=moment)
    except Exception:
        logging.getLogger("casefile.notices").exception("sending notices failed (retried by the next run)")
        return
    for line in notices.lines() if notices.due else ():
        logging.getLogger("casefile.notices").info(line)


@flow(name="deadline-reminders", validate_parameters=True, persist_result=False, log_prints=False)
def deadline_reminders_flow(as_of: datetime | None = None):  # type: ignore[no-untyped-def]
    """Send the reminders due as of ``as_of`` (aware; default: the run's scheduled start time).

    Nothing due → a Completed state named "Skipped"; a channel that failed → a Failed state (the
    other channels were still sent) whose exception, RemindersNotDelivered, carries the report;
    an instant later than the run's start → a Failed state, nothing read, sent or stored
    (flows.instants); otherwise the report."""
    from flows.instants import future_instant, run_started
    from flows.registered import refuse_tampered_deployment

    refuse_tampered_deployment("deadline-reminders")  # a deployment changed through Prefect's API: fails here
    moment = as_of if as_of is not None else scheduled_instant()
    if (refused := future_instant(moment, started=run_started(), flow="deadline-reminders")) is not None:
        return Failed(message=refused)
    report = send_reminders(as_of=moment)
    _send_notices(moment)
    if not report.did_something:
        return Completed(message=f"no reminder due as of {moment.isoformat()}", name="Skipped", data=report)
    if report.failed:
        message = f"{len(report.failed)} of {len(report.digests)} digests not delivered (retried by the next run): " + \
            "; ".join(line for line in report.lines() if line.startswith("NOT sent"))
        return Failed(message=message, data=RemindersNotDelivered(message, report))
    return report
