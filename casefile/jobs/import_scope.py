"""Which records of an export a Region's import may load: the cases of that Region only.

On the web, importing NLRB election results is a Region admin's (casefile.record.authority.
may_import); the operator imports anything at the command line. A record of another Region's case
is not loaded: it is reported as a row skipped, with the reason. A case already in the database
belongs to the Region of its stored receiving office; a new one to the Region of the office the
import would record it with (casefile.rules.offices.handling_office), never its number's prefix.
"""

from __future__ import annotations

from dataclasses import replace

from sqlmodel import Session, col, select

from casefile.errors import UnknownRegion
from casefile.importers.records import ImportedTally, ParsedFile, RowProblem
from casefile.record.authority import region_of_office
from casefile.record.models import Case
from casefile.rules.offices import handling_office


def within_regions(session: Session, parsed: ParsedFile, regions: set[str]) -> ParsedFile:
    """``parsed`` with only the records of cases of ``regions`` (two-digit numbers); the others are
    moved to its problems ("not a case of Region NN"). Pure but for reading the stored cases."""
    numbers = sorted({r.case_number for r in parsed.records})
    stored = dict(session.exec(select(Case.number, Case.office_key).where(col(Case.number).in_(numbers))).all()) \
        if numbers else {}

    def region(record: ImportedTally) -> str:
        if record.case_number in stored:
            return region_of_office(stored[record.case_number])
        try:
            office = handling_office(record.region, listed_region=record.listed_region,
                                     listed_office=record.listed_office)
        except UnknownRegion:
            return record.region
        return region_of_office(office.key)

    kept, problems = [], list(parsed.problems)
    named = ", ".join(sorted(regions)) or "none"
    for record in parsed.records:
        if region(record) in regions:
            kept.append(record)
        else:
            problems.append(RowProblem(record=record.record, line=record.line, case_number=record.case_number,
                                       reason=f"not a case of Region {named}: a Region imports its own cases "
                                              "(the operator imports any with casefile import)"))
    variants = tuple(v for v in parsed.flag_variants if region(v) in regions)
    return replace(parsed, records=tuple(kept), problems=tuple(problems), flag_variants=variants)


__all__ = ["within_regions"]
