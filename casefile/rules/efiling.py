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

from casefile.vocab import NlrbFiling

__all__ = ["CITATION", "meets_periods"]

#: The rule a prepared filing's status cites.
CITATION = "29 CFR 102.2(b), 102.5(c) (a document is filed when the Agency receives it)"


def meets_periods(state: NlrbFiling | str) -> bool:
    """Whether a filing in ``state`` (an :class:`~casefile.vocab.NlrbFiling` or its value) can meet
    the period it is judged against: only one the agency received (``e-filed``), judged by the
    receipt date; a filing ``prepared`` in casefile and not yet e-filed meets nothing. Raises
    ValueError for an unknown value. Authority: 29 CFR 102.2(b), 102.5(c)."""
    return NlrbFiling(state) is NlrbFiling.E_FILED
