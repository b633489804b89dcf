"""Importers of NLRB election data: pure parsers (file -> records + row problems) and the comparison
of each tally with the NLRB's own flags. Loading into the database is
:mod:`casefile.jobs.imports`; the flow is ``flows/import_nlrb_results.py``.

* :mod:`casefile.importers.nlrb_results` — the NLRB "Recent Election Results" CSV export;
* :mod:`casefile.importers.tallies_sample` — the normalized tallies format (FOIA release 2017-2021);
* :mod:`casefile.importers.records` — the record shared by both formats, row problems, duplicates;
* :mod:`casefile.importers.comparison` — the rules' computation against NLRB's flags;
* :mod:`casefile.importers.reading` — reading an export file's text.
"""

from casefile.importers.comparison import Disagreement, compare_with_nlrb, not_analysable
from casefile.importers.nlrb_results import check_nlrb_results_header, parse_nlrb_results, parse_nlrb_results_text
from casefile.importers.records import ImportedTally, NlrbFlags, ParsedFile, RowProblem
from casefile.importers.tallies_sample import check_tallies_sample_header, parse_tallies_sample

__all__ = [
    "Disagreement", "ImportedTally", "NlrbFlags", "ParsedFile", "RowProblem", "check_nlrb_results_header",
    "check_tallies_sample_header", "compare_with_nlrb", "not_analysable", "parse_nlrb_results",
    "parse_nlrb_results_text", "parse_tallies_sample",
]
