"""A representation case transferred to another Region, and what becomes of the periods already running.

The General Counsel may order that a petition and the proceeding on it "be transferred to and
continued in any other Region" (29 CFR 102.72(a)(3)); in practice a case is transferred when the
handling Region's own conduct is put at issue (Amazon JFK8, 29-RC-288020, 2022: Brooklyn to
Phoenix). From the transfer on, the receiving Region's Regional Director acts and signs, and the
documents are filed with its office (102.2(b): a document is filed when the office with which it is
to be filed receives it), so every period that starts after the transfer is counted on that office's
calendar and ends at 11:59 p.m. in its zone.

A period already running when the order issues was announced to the parties with the office that
receives the filing (the tally's, the report's or the decision's statement of where to file): unless
the order says otherwise, it stays with that office — its date, cut-off and receiving office do not
move, so a party that files where it was told to is never made late by the transfer. An order may
direct that filings still due go to the new office: those periods then keep their date and end at
11:59 p.m. in the new office's zone. A period the Board's Office of the Executive Secretary receives
(request for review, opposition) is not the Region's and never moves. The Casehandling Manual
(Part Two) text on transfers was not reachable when this was written (rules.md §1: "Not reachable
here"); the rule above rests on 29 CFR 102.72(a) and 102.2(b) and is said so wherever it is applied.
"""

from __future__ import annotations

from typing import Literal

from casefile.errors import BadInput
from casefile.rules.offices import BOARD_OFFICE, Office

__all__ = ["RUNNING_RULE", "RunningDeadlines", "check_transfer", "moves_on_transfer"]

#: What the order says of the periods already running: "stay" with the office that was to receive
#: them (the default), or "move" to the new Region's office.
RunningDeadlines = Literal["stay", "move"]

#: The rule, as the docket and the deadlines' derivations cite it.
RUNNING_RULE = ("a period already running stays with the office that was to receive the filing unless the transfer "
                "order directs otherwise (29 CFR 102.72(a)(3), 102.2(b); the Casehandling Manual's text was not "
                "consulted)")


def check_transfer(current: Office, new: Office) -> None:
    """Refuse a transfer that is none: to the office the case is already in, or to the Board's
    office (the Board is not a Region; a case goes to the Board by a transfer of the record under
    102.67 or 102.69(c)(2), not by this order). Raises BadInput (field ``region``).
    Authority: 29 CFR 102.72(a)(3)."""
    if new.key == BOARD_OFFICE.key or new.region is None:
        raise BadInput(f"{new.name} is not a Regional Office: a case is transferred to another Region (102.72(a)(3))",
                       field="region")
    if new.key == current.key:
        raise BadInput(f"the case is already handled by {current.name} ({current.key}); a transfer names another "
                       "Region or office", field="office")


def moves_on_transfer(*, receiving_office_key: str, running: RunningDeadlines) -> bool:
    """Whether an open deadline received by ``receiving_office_key`` moves to the new Region's office
    when the case is transferred: only when the order says so (``running`` "move"), and never a
    filing the Board receives. Authority: 29 CFR 102.72(a)(3), 102.2(b); module docstring."""
    return running == "move" and receiving_office_key != BOARD_OFFICE.key
