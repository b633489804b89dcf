"""What a deadline runs from, in words — the one place a :class:`~casefile.vocab.TriggerKind` and its
date are worded ("Tally of Ballots prepared April 1, 2022"), for the pages, the documents, the
command line and the calendar feed alike. The record stores the kind, the date and the record the
act made (``Deadline.trigger_kind``, ``trigger_on``, ``trigger_ref``), never this sentence.

Authority for what each period runs from: 29 CFR 102.69(a)(8) (the tally), 102.69(c)(1)(iii) (the
Hearing Officer's Report, the close of the hearing), 102.65(e) (a motion for reconsideration, from
service), 102.67(c) (a request for review, from the final disposition), 102.69(e) (a revised tally).
Pure functions, no I/O.
"""

from __future__ import annotations

from datetime import date

from casefile.rules.calendar import long_date
from casefile.vocab import CertificationKind, TriggerKind

#: Each trigger's act, as the period's "starts from" line says it (before its date).
TRIGGER_WORDS: dict[TriggerKind, str] = {
    TriggerKind.TALLY: "Tally of Ballots prepared",
    TriggerKind.REVISED_TALLY: "Revised Tally of Ballots made available",
    TriggerKind.HO_REPORT: "Hearing Officer's Report issued",
    TriggerKind.HEARING_CLOSED: "Hearing closed",
    TriggerKind.RD_DECISION: "Regional Director's Decision served",
    TriggerKind.CERTIFICATION_OF_REPRESENTATIVE: "Certification of Representative issued",
    TriggerKind.CERTIFICATION_OF_RESULTS: "Certification of Results issued",
    TriggerKind.SUPPLEMENTAL_DECISION: "Supplemental decision issued",
    TriggerKind.DISMISSAL: "Dismissal of the petition issued",
    TriggerKind.ALJ_TRANSFER: "Administrative Law Judge's decision and order transferring the case to the Board",
    TriggerKind.OPEN_AND_COUNT_ORDER: "Order to open and count challenged ballots issued",
    TriggerKind.COUNT_EXCLUDED_ORDER: "Order to count ballots excluded at the count issued",
}
#: What the period assumes of its trigger's date, said after it.
ASSUMED: dict[TriggerKind, str] = {
    TriggerKind.RD_DECISION: "service assumed on the day it issued",
    TriggerKind.DISMISSAL: "service assumed on the day it issued",
    TriggerKind.ALJ_TRANSFER: "the transfer order assumed of the decision's date",
    TriggerKind.SUPPLEMENTAL_DECISION: "the certification stands",
}
#: The 2014 rule's final dispositions by order (a request for review runs from them, 102.67(c)).
ORDERS_TO_COUNT = frozenset({TriggerKind.OPEN_AND_COUNT_ORDER, TriggerKind.COUNT_EXCLUDED_ORDER})


def trigger_words(kind: TriggerKind, on: date) -> str:
    """"Tally of Ballots prepared April 1, 2022"; "Regional Director's Decision served January 11,
    2023 (service assumed on the day it issued)"."""
    assumed = ASSUMED.get(kind)
    return f"{TRIGGER_WORDS[kind]} {long_date(on)}" + (f" ({assumed})" if assumed else "")


def certification_trigger(kind: CertificationKind) -> TriggerKind:
    """The trigger a certification of ``kind`` is (a request for review runs from it, 102.67(c))."""
    return (TriggerKind.CERTIFICATION_OF_REPRESENTATIVE if kind is CertificationKind.REPRESENTATIVE
            else TriggerKind.CERTIFICATION_OF_RESULTS)
