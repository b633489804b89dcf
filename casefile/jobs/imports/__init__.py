"""Loading a parsed NLRB export into the case record: one transaction per file, idempotent.

What each record becomes (decisions the export leaves open are said here and in the case's notes):

* **Case**, when the number is not in the database yet: the employer is the case name; the labor
  organizations on the ballot are parties — in an RC case Labor Union1 as petitioner and any other
  as intervenor (the export does not say which union filed); in RM and RD cases every labor
  organization as intervenor, because the employer (RM) or an employee not named in the export (RD)
  filed the petition and casefile has no other role for the union. The election agreement is
  unknown (None); the rule set follows the date filed (R-A1); the receiving office is the office
  handling the case now, from the Region the export lists it under (its latest record) and the case
  number (:func:`casefile.rules.offices.handling_office`): a case listed under another Region than its
  number's was transferred and is recorded with that Region's office (the listed city when it is one
  of its offices, else the main office); a case numbered for a merged Region (24, San Juan) is
  recorded with the office that took it over (12-san-juan, Region 12). ``Case.region`` is that
  office's Region, never the number's prefix. A case already in the database is never changed.
* **Election**, one per unit and round: the initial election of a unit, then each rerun and the
  runoff as later elections of that unit (``follows`` the one before it). A revised tally joins the
  election whose tally it revises. Its stage, set when created (never changed by a later import):

  ========================================  =================================================
  a later election of the unit follows      rerun-directed (rerun) / runoff-directed (runoff)
  case Closed, reason names a withdrawal    withdrawn
  case Closed, reason names a dismissal     dismissed
  case Closed, any other reason             closed (e.g. "Certific. of Representative",
                                            "Certification of Results")
  case not closed                           tally-issued (revised-tally-issued after a
                                            revised tally): the sweep takes it from there
  ========================================  =================================================

* **Tally** with every line computed by the rules (never the NLRB's flags), ``source`` naming the
  export and record, ``revises_id`` for a revised tally when the tally it revises is known.
* **Deadline**: the objections period of each tally (5 business days, 102.69(a)(8); for a revised
  tally 102.69(e)), computed under the case's rule set, so ``casefile deadlines --as-of`` shows the
  post-election clocks still running. For an election imported at a terminal stage the deadline is
  closed as mooted at once (the case has moved past it; whether objections were filed is not in the
  export).
* **Docket**: ``import-case`` (key ``import:case``), one ``import-tally`` per tally (key
  ``import:{unit}:{kind}:{date}``, actor board-agent) and ``import-case-closed`` (key
  ``import:closed:{date}``).

Docket entries and deadlines have the columns ``casefile.record.workflow.docket`` and
``casefile.record.deadlines.keep_deadline`` give them, but are inserted a table at a time:
those functions flush one row each (about 1.3 ms a flush on the development machine, over a second
for the 846 rows of the 300-record sample), and the import must take well under 2 s. The docket
rows are chained (``casefile.record.integrity.seal_rows``) just before they are inserted.

A tally already present (same election, kind and date, whether imported or recorded by
``record_tally``) is counted as present and left alone, so importing a file twice changes nothing.
UD (deauthorization) tallies are not loaded (see :func:`casefile.importers.comparison.not_analysable`).

The modules: ``load`` (:func:`import_tallies`, the one entry), ``stored`` (reading what is
already stored), ``plan`` (deciding, no database access), ``case_notes`` (what a new case says of
itself), ``write`` (the inserts), ``work`` (the import's picture of each case), ``report`` (what
an import did), ``progress`` (a flow's progress callback).
"""

from __future__ import annotations

from casefile.jobs.imports.load import import_tallies
from casefile.jobs.imports.plan import closing_stage
from casefile.jobs.imports.progress import current_progress, reporting_progress
from casefile.jobs.imports.report import ImportReport, Loaded, Skipped

__all__ = ["ImportReport", "Loaded", "Skipped", "closing_stage", "current_progress", "import_tallies",
           "reporting_progress"]
