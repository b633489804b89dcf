"""What the record holds of a hearing's opening: the day it opened, or only the day it was set to open.

``open-hearing`` keeps what its sources leave open about the opening with the hearing, as the part of
``Hearing.uncertain`` that begins with :data:`OPENING_PART` (casefile.acts.open_hearing). An opening
recorded on the date the notice set, with such a part, is the scheduled opening: the record does not
show the day the hearing actually opened (Bessemer, 10-RC-269250: the notice's May 7, 2021).
"""

from __future__ import annotations

from casefile.record.models import Hearing

#: How ``open-hearing`` begins the part of ``Hearing.uncertain`` it keeps ("Its opening: the opening date is the
#: scheduled one; ...").
OPENING_PART = "Its opening: "


def with_opening_part(stored: str, said: str) -> str:
    """``stored`` (a hearing's ``uncertain``) with ``said`` (what the sources leave open about its opening, a
    sentence) appended as its opening part; ``said`` blank: ``stored`` unchanged."""
    if not said.strip():
        return stored
    return " ".join(part for part in (stored.strip(), f"{OPENING_PART}{said.strip()}") if part)


def only_scheduled(hearing: Hearing) -> bool:
    """Whether the record holds only the date ``hearing`` was set to open: it is recorded as opened
    (``opens_on``) on the date its notice set (``noticed_opens_on``), and ``open-hearing`` kept an
    opening part in its ``uncertain`` (what the sources leave open about the opening). False for a
    hearing not opened, one opened on another date, or an opening its sources report."""
    return (hearing.opens_on is not None and hearing.opens_on == hearing.noticed_opens_on
            and OPENING_PART in hearing.uncertain)
