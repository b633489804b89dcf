"""What the record lacks that leaves a line of a document blank, warned after an act (or before a filing),
as a fact: its kind, the case, the document and the party it concerns — never the command or the page
that gives it. Each interface words the way to give it for itself: the command line its command
(casefile.cli.gap_words), the web a link to its form (casefile.web.gap_words); the API returns the
fact. :meth:`Gap.fact` is the fact in words, the same on every interface.

Raised by casefile.record.people (counsel of record), casefile.acts.service (service on the other
parties: 29 CFR 102.4(e), 102.5(f)-(h)) and casefile.acts.record_tally (the Tally of Ballots, 102.69(a)).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class GapKind(StrEnum):
    """Which field the record lacks (see the module docstring)."""

    NO_COUNSEL = "no-counsel"  # the filer has no counsel of record: the filing's signature block is a blank line
    SERVED_NOWHERE = "served-nowhere"  # a party (or its counsel) was served at no address the record holds
    NO_EMAIL = "no-email"  # before a filing: a party (or its counsel) has no e-mail address to be served at
    NOT_SERVED = "not-served"  # a party is not in the filing's service list
    NO_BOARD_AGENT = "no-board-agent"  # the Tally of Ballots names no Board agent: its signature line is blank
    NO_UNIT_DESCRIPTION = "no-unit-description"  # the case has no unit description: the tally names the unit by id
    NO_SIGNER = "no-signer"  # a document the Agency issues names no signer (``whom``: who signs it): its line is blank
    NO_OPENING_TIME = "no-opening-time"  # the Notice of Hearing gives no time of day for the opening
    NO_FINDINGS = "no-findings"  # a decision's findings are not entered: its document leaves them blank


@dataclass(frozen=True)
class Gap:
    """A field the record lacks: ``kind``; ``case_number``; ``document`` the document it leaves blank
    ("Objections", "Tally of Ballots"); ``party`` the handle and ``party_name`` the name of the party
    it concerns (the filer with no counsel, the party served nowhere), "" when none; ``whom`` who is
    served nowhere when that is one of the party's counsel ("Karen L. Whitfield (Midwest Precision
    Castings, Inc.)"), else the party's name; for a missing signer, who signs (``whom``: "Regional
    Director"). ``act`` the act whose field gives what is lacking ("notice-hearing") and ``entry_id`` the
    docket entry the act made, when the remedy concerns them (None, "" otherwise)."""

    kind: GapKind
    case_number: str
    document: str
    party: str = ""
    party_name: str = ""
    whom: str = ""
    act: str = ""
    entry_id: int | None = None

    def fact(self) -> str:
        """The fact in words, with no interface's way to remedy it (the interfaces add theirs)."""
        whom = self.whom or self.party_name
        match self.kind:
            case GapKind.NO_COUNSEL:
                return f"{self.party_name} has no counsel of record: the signature block of the {self.document} is a blank line"
            case GapKind.SERVED_NOWHERE:
                return (f"{whom} was served at no address the record holds: the certificate of service of the "
                        f"{self.document} leaves the manner and address blank")
            case GapKind.NO_EMAIL:
                return (f"{whom} has no e-mail address in the record: filed now, it is served at no address the record "
                        f"holds and the certificate of service of the {self.document} leaves the manner and address blank")
            case GapKind.NOT_SERVED:
                return f"{self.party_name} is not served with the {self.document} (not in its service list)"
            case GapKind.NO_BOARD_AGENT:
                return f"the {self.document} names no Board agent: its signature line is left blank"
            case GapKind.NO_UNIT_DESCRIPTION:
                return f"the case has no unit description: the {self.document} names the voting unit by its id only"
            case GapKind.NO_SIGNER:
                return f"the {self.document} names no {self.whom}: its signature line is left blank"
            case GapKind.NO_OPENING_TIME:
                return f"the {self.document} gives no opening time"
            case GapKind.NO_FINDINGS:
                return f"the {self.document}'s findings are not entered: its document leaves them blank"
        raise AssertionError(self.kind)  # pragma: no cover  (every kind is worded above)
