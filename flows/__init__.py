"""Prefect flows: one per legal act, plus the sweep and the replay of a scenario.

Each flow is short and typed: it calls one service inside one database transaction, then issues
the act's documents through an idempotent task. Running a flow twice files nothing twice and
issues no document twice (the service finds the act on the docket; the document by its key).
"""

from flows.alj_decision import alj_decision_flow
from flows.certification import certification_flow
from flows.close_hearing import close_hearing_flow
from flows.consolidate_with_ulp import consolidate_with_ulp_flow
from flows.direct_runoff import direct_runoff_flow
from flows.file_exceptions import file_exceptions_flow
from flows.file_objections import file_objections_flow
from flows.ho_report import ho_report_flow
from flows.notice_hearing import notice_hearing_flow
from flows.open_case import open_case_flow
from flows.open_hearing import open_hearing_flow
from flows.rd_decision import rd_decision_flow
from flows.record_tally import record_tally_flow
from flows.register_challenges import register_challenges_flow
from flows.revised_tally import revised_tally_flow
from flows.rule_on_challenges import rule_on_challenges_flow
from flows.sweep import sweep_flow

__all__ = [
    "alj_decision_flow", "certification_flow", "close_hearing_flow", "consolidate_with_ulp_flow", "file_exceptions_flow",
    "file_objections_flow", "ho_report_flow", "notice_hearing_flow", "open_case_flow", "open_hearing_flow",
    "rd_decision_flow", "record_tally_flow", "sweep_flow", "direct_runoff_flow", "register_challenges_flow",
    "revised_tally_flow", "rule_on_challenges_flow",
]
