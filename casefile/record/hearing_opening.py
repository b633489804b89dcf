"""What the record holds of a hearing's opening: the day it opened, or only the day it was set to open.

``open-hearing`` with ``date_public`` false records the opening on the date the notice set without the
record showing that the hearing opened that day (Bessemer, 10-RC-269250: the notice's May 7, 2021); it is
kept as ``Hearing.opening_date_public`` (False), a field, never read back from the hearing's notes.
"""

from __future__ import annotations

from casefile.record.models import Hearing


def only_scheduled(hearing: Hearing) -> bool:
    """Whether the record holds only the date ``hearing`` was set to open: it is recorded as opened
    (``opens_on``) and ``opening_date_public`` is False (the record does not show the day it opened).
    False for a hearing not opened, or an opening the record shows."""
    return hearing.opens_on is not None and not hearing.opening_date_public
