"""Importers of NLRB election data: pure parsers (file -> records + row problems) and the comparison
of each tally with the NLRB's own flags. Loading into the database is
:mod:`casefile.jobs.imports`; the flow is ``flows/import_nlrb_results.py``.

* :mod:`casefile.importers.nlrb_results` — the NLRB "Recent Election Results" CSV export;
* :mod:`casefile.importers.tallies_sample` — the normalized tallies format (FOIA release 2017-2021);
* :mod:`casefile.importers.records` — the record shared by both formats, row problems, duplicates;
* :mod:`casefile.importers.comparison` — the rules' computation against NLRB's flags;
* :mod:`casefile.importers.reading` — reading an export file's text.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from casefile.importers.comparison import Disagreement, compare_with_nlrb, not_analysable
    from casefile.importers.nlrb_results import check_nlrb_results_header, parse_nlrb_results, parse_nlrb_results_text
    from casefile.importers.records import ImportedTally, NlrbFlags, ParsedFile, RowProblem
    from casefile.importers.tallies_sample import check_tallies_sample_header, parse_tallies_sample

#: Where each name is defined: loaded when first asked for, so that a command reading a YAML file through
#: casefile.importers.strict_yaml does not load the CSV parsers and the comparison with the rules.
_WHERE = {
    "Disagreement": "comparison", "compare_with_nlrb": "comparison", "not_analysable": "comparison",
    "check_nlrb_results_header": "nlrb_results", "parse_nlrb_results": "nlrb_results",
    "parse_nlrb_results_text": "nlrb_results",
    "ImportedTally": "records", "NlrbFlags": "records", "ParsedFile": "records", "RowProblem": "records",
    "check_tallies_sample_header": "tallies_sample", "parse_tallies_sample": "tallies_sample",
}


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
    globals()[name] = value
    return value


__all__ = [
    "Disagreement", "ImportedTally", "NlrbFlags", "ParsedFile", "RowProblem", "check_nlrb_results_header",
    "check_tallies_sample_header", "compare_with_nlrb", "not_analysable", "parse_nlrb_results",
    "parse_nlrb_results_text", "parse_tallies_sample",
]
