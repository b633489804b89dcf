"""Every act in words: the one table of act names.

Each act has two forms of its name:

- ``done``: the act as the docket records it ("Objections filed", "Hearing Officer's report") — the docket
  on the command line, the web and the status report, an attachment's list of acts;
- ``do``: the act as one may do it — a form's title and an entry in the web's list of acts ("File
  objections"); empty for an act only casefile performs (the sweep, a period's end, a document issued).

casefile.documents.wording.ACT_NAMES and casefile.web.words.ACT_TITLES are this table's columns; no other
module names an act.

Authority: none (display only).
"""

from __future__ import annotations

from dataclasses import dataclass

from casefile.vocab import DocketActName

__all__ = ["ACT_WORDS", "ActName"]

A = DocketActName


@dataclass(frozen=True)
class ActName:
    """An act's name in its two forms (see the module)."""

    done: str
    do: str = ""


#: Every docket act in words (DocketActName, the acts and casefile's own entries).
ACT_WORDS: dict[DocketActName, ActName] = {
    A.OPEN_CASE: ActName("Case opened", "Open a case"),
    A.RECORD_TALLY: ActName("Tally of Ballots", "Record the tally of ballots"),
    A.FILE_OBJECTIONS: ActName("Objections filed", "File objections"),
    A.NOTICE_HEARING: ActName("Notice of Hearing", "Notice of hearing on objections"),
    A.CONSOLIDATE_WITH_ULP: ActName("Order consolidating cases", "Consolidate with the unfair labor practice case"),
    A.OPEN_HEARING: ActName("Hearing opened", "Open the hearing"),
    A.RESCHEDULE_HEARING: ActName("Hearing rescheduled", "Postpone or reschedule the hearing"),
    A.FILE_MOTION: ActName("Motion", "File a motion"),
    A.RULE_ON_MOTION: ActName("Ruling on a motion", "Rule on a motion"),
    A.CLOSE_HEARING: ActName("Hearing closed", "Close the hearing"),
    A.HO_REPORT: ActName("Hearing Officer's report", "Hearing Officer's report"),
    A.FILE_EXCEPTIONS: ActName("Exceptions filed",
                               "File exceptions (to the Hearing Officer's report or the judge's decision)"),
    A.WAIVE_EXCEPTIONS: ActName("Exceptions waived", "Waive the right to file exceptions"),
    A.RD_DECISION: ActName("Regional Director's decision", "Regional Director's decision"),
    A.ALJ_DECISION: ActName("Administrative Law Judge's decision", "Administrative Law Judge's decision"),
    A.BOARD_DECISION: ActName("Board decision"),
    A.SET_ASIDE: ActName("Election set aside"),
    A.DIRECT_SECOND_ELECTION: ActName("New election directed"),
    A.CERTIFICATION: ActName("Certification", "Certification"),
    A.REGISTER_CHALLENGES: ActName("Challenged ballots registered", "Register the challenged ballots"),
    A.RULE_ON_CHALLENGES: ActName("Ruling on challenged ballots", "Rule on challenged ballots"),
    A.COUNT_EXCLUDED_BALLOTS: ActName("Order to count ballots excluded at the count",
                                      "Order ballots excluded at the count counted"),
    A.REVISED_TALLY: ActName("Revised Tally of Ballots", "Revised tally of ballots"),
    A.DIRECT_RUNOFF: ActName("Runoff election directed", "Direct a runoff election"),
    A.DEADLINE_LAPSED: ActName("Period ended"),
    A.SWEEP: ActName("Periods swept"),
    A.ADD_COUNSEL: ActName("Counsel of record", "Add counsel of record"),
    A.ATTACH_DOCUMENT: ActName("Document as filed or issued attached", "Attach a document as filed or issued"),
    A.REQUEST_EXTENSION: ActName("Request for extension of time", "Request an extension of time"),
    A.PIN_DEADLINE: ActName("Order fixing or extending time", "Order fixing a deadline's date"),
    A.RECOMPUTE_DEADLINE: ActName("Period recomputed"),
    A.FILE_OFFER_OF_PROOF: ActName("Offer of proof (confidential)", "File an offer of proof"),
    A.TRANSFER_CASE: ActName("Order transferring case", "Transfer the case to another Region"),
    A.AMEND_OBJECTION: ActName("Objection amended", "Amend an objection"),
    A.WITHDRAW_OBJECTION: ActName("Objection withdrawn", "Withdraw an objection"),
    A.CONFIRM_EFILING: ActName("E-filing with the NLRB confirmed", "Confirm e-filing with the NLRB"),
    A.FILE_POST_HEARING_BRIEF: ActName("Post-hearing brief", "File a post-hearing brief"),
    A.FILE_ANSWERING_BRIEF: ActName("Answering brief", "File an answering brief"),
    A.FILE_CROSS_EXCEPTIONS: ActName("Cross-exceptions filed", "File cross-exceptions"),
    A.REQUEST_FOR_REVIEW: ActName("Request for review", "Request review by the Board"),
    A.OPPOSE_REVIEW: ActName("Statement in opposition to review", "Oppose a request for review"),
    A.MOVE_FOR_RECONSIDERATION: ActName("Motion for reconsideration", "Move for reconsideration"),
    A.BOARD_RULING: ActName("Board ruling", "Board's ruling on a request for review"),
    A.RFR_PENDING: ActName("Request for review pending"),
    A.OBJECTION_PERIOD_CLOSED: ActName("Objection period ended"),
    A.CERTIFICATION_DUE: ActName("Certification due"),
    A.RUNOFF_DUE: ActName("Runoff election due"),
    A.CLOSE: ActName("Case closed"),
    # the Regional Director's order approving the petitioner's withdrawal (29 CFR 102.60(a)): the Region's act
    A.WITHDRAW_PETITION: ActName("Petition withdrawn", "Withdraw the petition (with the Regional Director's consent)"),
    A.DISMISS_PETITION: ActName("Petition dismissed", "Dismiss the petition"),
    A.CORRECT_CASE: ActName("Case record corrected", "Correct the case's details"),
    A.CORRECT_HEARING: ActName("Hearing record corrected", "Correct the hearing's dates"),
    A.CORRECT_PARTY: ActName("Party record corrected", "Correct a party's details"),
    A.CORRECT_TALLY: ActName("Tally corrected", "Correct the tally of ballots"),
    A.CLOSURE_SUPERSEDED: ActName("Closure superseded"),
    A.ISSUE_DOCUMENT: ActName("Document issued"),
    A.IMPORT_CASE: ActName("Case imported"),
    A.IMPORT_TALLY: ActName("Tally of Ballots imported"),
    A.IMPORT_CASE_CLOSED: ActName("Case closed (imported)"),
    A.BOARD_RULING_CLOSED: ActName("Board ruling: the case closed"),
    A.BOARD_RULING_SET_ASIDE: ActName("Board ruling: the election set aside"),
    A.BOARD_RULING_RERUN_DIRECTED: ActName("Board ruling: a new election directed"),
    A.BOARD_RULING_REMANDED: ActName("Board ruling: remanded for a hearing"),
}
