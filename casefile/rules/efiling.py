"""Whether a filing recorded in casefile is before the agency, and so whether it can meet a period.

casefile records a party's filing and prepares its PDF; it files nothing with the NLRB. A document is
filed when the agency receives it (29 CFR 102.2(b): "received by the Board or the officer or agent
designated to receive such matter before the official closing time ... on the last day"; 102.5(c):
E-Filing through the Agency's website). A filing only prepared in casefile has been received by no
one: it meets no period, and its period runs on for its party, and lapses at its cut-off like any
period no filing answered, until the party e-files it and records the agency's receipt.

Pure: no clock, no database.
"""

from __future__ import annotations

from casefile.vocab import FilingKind, NlrbFiling, Stage

__all__ = ["CITATION", "meets_periods", "stage_on_receipt"]

#: The rule a prepared filing's status cites.
CITATION = "29 CFR 102.2(b), 102.5(c) (a document is filed when the Agency receives it)"


def meets_periods(state: NlrbFiling | str) -> bool:
    """Whether a filing in ``state`` (an :class:`~casefile.vocab.NlrbFiling` or its value) can meet
    the period it is judged against: only one the agency received (``e-filed``), judged by the
    receipt date; a filing ``prepared`` in casefile and not yet e-filed meets nothing. Raises
    ValueError for an unknown value. Authority: 29 CFR 102.2(b), 102.5(c)."""
    return NlrbFiling(state) is NlrbFiling.E_FILED


def stage_on_receipt(kind: FilingKind, stage: Stage) -> Stage | None:
    """The stage a filing of ``kind`` takes an election at ``stage`` to once the agency has received it — the
    move its own act makes when it is recorded e-filed, and confirm-efiling makes for one prepared first (a
    filing only prepared in casefile is before no one, and moves nothing): objections received within their
    period, the stage table's move of file-objections (casefile.rules.stages.next_stage; 102.69(a)(8)); exceptions to the
    Hearing Officer's report, from ho-report-issued, to exceptions-pending (102.69(c)(1)(iii)); a request for
    review of a certification, from certified or closed, to rfr-pending (102.67(c), 102.69(h)). None: no move.
    Authority: as given; 29 CFR 102.2(b); rules.md §4."""
    from casefile.rules.stages import Facts, Guard, accepted_at, next_stage

    if kind is FilingKind.OBJECTIONS:
        if stage not in accepted_at("file-objections"):
            return None
        to = next_stage("file-objections", stage, Facts(), given=(Guard.PERIOD_RUNNING,))
        return to if to is not stage else None
    if kind is FilingKind.EXCEPTIONS and stage is Stage.HO_REPORT_ISSUED:
        return Stage.EXCEPTIONS_PENDING
    if kind is FilingKind.REQUEST_FOR_REVIEW and stage in (Stage.CERTIFIED, Stage.CLOSED):
        return Stage.RFR_PENDING
    return None
