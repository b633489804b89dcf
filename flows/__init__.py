"""Prefect flows: the one act flow (issues a committed act's documents, given its docket entry
id), the sweep, the reminders, the imports, and the status report.

Acts themselves are performed by the front door (casefile.app) in one transaction; a flow's
parameters are ids and instants, never an act's content. Running a flow twice issues no document
twice (each is found by its key).
"""

from flows.act import act_flow
from flows.sweep import sweep_flow

__all__ = ["act_flow", "sweep_flow"]
