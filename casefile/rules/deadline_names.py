"""Every deadline in words: the one table of deadline names.

Each period of the procedure has four forms of its name, each for where it is read:

- ``title``: what is due, as a heading — a table's "Deadline" column on the command line, a page's
  deadline, a document's table of dates, a reminder's subject ("Objections and offer of proof");
- ``noun``: what is filed or done, in a sentence ("the period for objections cannot be extended",
  "the offer of proof due April 16, 2021");
- ``period``: the period itself, in a sentence ("The closure of the objection period ending
  April 16, 2021 is superseded");
- ``ordered``: what an order fixing or extending the period says is to be filed, with its article
  ("the offer of proof in support of objections", "a request for review").

casefile.rules.deadlines.NOUNS, casefile.documents.wording.DEADLINE_NOUNS and
casefile.record.closures.PERIODS are this table's columns; no other module names a deadline.

Authority: none (display only); the periods themselves are those of casefile.rules.rule_sets
(29 CFR 102.69, 102.67, 102.65(e), 102.46(a)).
"""

from __future__ import annotations

from dataclasses import dataclass

from casefile.vocab import DeadlineKind

__all__ = ["DEADLINE_NAMES", "DeadlineName", "deadline_noun", "deadline_period", "deadline_title"]

K = DeadlineKind


@dataclass(frozen=True)
class DeadlineName:
    """A deadline's name in its four forms (see the module): ``title`` capitalized, ``noun`` and ``period``
    ``ordered`` in lower case but for proper names ("Hearing Officer's", "Administrative Law Judge's")."""

    title: str
    noun: str
    period: str
    ordered: str  # what an order fixing or extending the period says is to be filed, with its article


#: Every deadline kind in words.
DEADLINE_NAMES: dict[DeadlineKind, DeadlineName] = {
    K.OBJECTIONS: DeadlineName("Objections and offer of proof", "objections", "objection period",
                               "the objections and offer of proof"),
    K.OFFER_OF_PROOF: DeadlineName("Offer of proof", "offer of proof", "period for the offer of proof",
                                   "the offer of proof in support of objections"),
    K.HEARING_OPENS: DeadlineName("Hearing, if set (or as soon as practicable)", "post-election hearing",
                                  "time for opening the post-election hearing",
                                  "the hearing, if set (or as soon as practicable)"),
    K.EXCEPTIONS: DeadlineName("Exceptions to the Hearing Officer's Report", "exceptions",
                               "period for exceptions to the Hearing Officer's report",
                               "exceptions to the Hearing Officer's report"),
    K.ANSWERING_BRIEF: DeadlineName("Answering briefs to exceptions", "answering brief", "period for answering briefs",
                                    "answering briefs to the exceptions"),
    K.REVISED_TALLY_OBJECTIONS: DeadlineName("Objections to the revised tally", "objections to the revised tally",
                                             "period for objections to the revised tally",
                                             "objections to the revised tally of ballots"),
    K.REQUEST_FOR_REVIEW: DeadlineName("Request for review", "request for review", "period for a request for review",
                                       "a request for review"),
    K.RFR_OPPOSITION: DeadlineName("Opposition to a request for review",
                                   "statement in opposition to the request for review",
                                   "period for a statement in opposition to the request for review",
                                   "a statement in opposition to the request for review"),
    K.RECONSIDERATION: DeadlineName("Motion for reconsideration", "motion for reconsideration",
                                    "period for a motion for reconsideration",
                                    "a motion for reconsideration"),
    K.EARLIEST_CERTIFICATION: DeadlineName("Earliest certification", "certification",
                                           "time before the certification may issue",
                                           "the earliest certification"),
    K.NOTICE_POSTING: DeadlineName("Notice of election posted by", "notice of election",
                                   "time for posting the notice of election",
                                   "the notice of election posted by"),
    K.ALJ_EXCEPTIONS: DeadlineName("Exceptions to the Administrative Law Judge's decision (to the Board)",
                                   "exceptions to the administrative law judge's decision",
                                   "period for exceptions to the Administrative Law Judge's decision",
                                   "exceptions to the Administrative Law Judge's decision"),
    K.POST_HEARING_BRIEF: DeadlineName("Post-hearing briefs to the Hearing Officer", "post-hearing brief",
                                       "period for post-hearing briefs",
                                       "the post-hearing briefs to the Hearing Officer"),
}


def deadline_title(kind: DeadlineKind) -> str:
    """``DeadlineKind.OBJECTIONS`` → "Objections and offer of proof" (a heading). Raises KeyError for no kind."""
    return DEADLINE_NAMES[kind].title


def deadline_noun(kind: DeadlineKind) -> str:
    """``DeadlineKind.OBJECTIONS`` → "objections" (what is due, in a sentence). Raises KeyError for no kind."""
    return DEADLINE_NAMES[kind].noun


def deadline_period(kind: DeadlineKind) -> str:
    """``DeadlineKind.OBJECTIONS`` → "objection period" (the period, in a sentence). Raises KeyError for no kind."""
    return DEADLINE_NAMES[kind].period
