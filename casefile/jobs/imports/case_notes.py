"""What a case opened by an import says of itself: its unit descriptions and its notes (what the
export does not say, where the office comes from)."""

from __future__ import annotations

from collections.abc import Iterable

from casefile.importers.records import ImportedTally, ParsedFile
from casefile.rules.offices import Office, office_for
from casefile.vocab import CaseType


def unit_descriptions(records: Iterable[ImportedTally]) -> str:
    by_unit: dict[str, str] = {}
    for record in records:
        if record.unit_description and record.unit_id not in by_unit:
            by_unit[record.unit_id] = record.unit_description
    if len(by_unit) == 1:
        return next(iter(by_unit.values()))
    return "\n\n".join(f"Unit {unit}: {text}" for unit, text in sorted(by_unit.items()))


def office_notes(first: ImportedTally, latest: ImportedTally, office: Office) -> list[str]:
    """Why the case's office is not its number's Region's main office, when it is not (transfer, merged Region)."""
    number_region = first.region
    if office.region == number_region:
        return []
    listed = f"Region {latest.listed_region}" + (f", {latest.listed_office}" if latest.listed_office else "")
    if latest.listed_region is not None and latest.listed_region != number_region:
        if office_for(number_region).region == office.region:  # a former Region's number, listed under its successor
            return [f"The case number names former Region {number_region}; the export lists it under {listed}: "
                    f"recorded with {office.name} ({office.key}), the Region {office.region} office that handles those "
                    "cases now."]
        return [f"Transferred: the case number names Region {number_region}, the export lists it under {listed} (its "
                f"record of {latest.prepared_on.isoformat()}): recorded with {office.name} ({office.key}), the office of "
                f"the Region handling it now. When it was transferred is not in the export."]
    return [f"The case number names former Region {number_region}: recorded with {office.name} ({office.key}), the "
            f"Region {office.region} office that handles those cases now."]


def import_notes(record: ImportedTally, parsed: ParsedFile) -> list[str]:
    notes = [f"Imported from {parsed.source} ({parsed.label}).",
             "The election agreement (consent, stipulated or directed) is not in the export: recorded as unknown."]
    if record.case_type is CaseType.RC:
        notes.append("Labor Union1 of the export is recorded as the petitioner and any other labor organization as "
                     "intervenor: the export does not say which union filed the petition.")
    elif record.case_type is CaseType.RM:
        notes.append("RM case: the employer filed the petition; the labor organization(s) on the ballot are recorded "
                     "as intervenor, the role casefile has for a union that did not file.")
    else:
        notes.append("RD case: the petitioner is an employee whom the export does not name (no party recorded); the "
                     "labor organization(s) on the ballot are recorded as intervenor.")
    closed = f"; closed {record.closed_on.isoformat()}" if record.closed_on else ""
    reason = f": {record.reason_closed}" if record.reason_closed else ""
    notes.append(f"NLRB status in the export: {record.status or 'not given'}{closed}{reason}.")
    if record.city or record.state:
        notes.append(f"Location: {', '.join(p for p in (record.city, record.state) if p)}.")
    if record.method is None:
        notes.append("The voting method is not in the export: the elections record it as not known.")
    return notes
