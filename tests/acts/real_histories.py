"""Real procedural histories for the tests of issue 10's acts (transfer, extensions, offers of proof,
review by the Board, conditional reruns, the petition's end), carried through the front door act by
act as a replay would:

- Amazon JFK8, 29-RC-288020 (examples/amazon-jfk8-29-RC-288020.yaml): tally 2022-04-01 (2,654 for
  the Amazon Labor Union, 2,131 against, 67 challenged), Amazon's 25 objections 2022-04-08, evidence
  filed 2022-04-22 after an extension, the case transferred from Region 29 (Brooklyn) to Region 28
  (Phoenix), hearing ordered 2022-04-29, opened 2022-06-13, Hearing Officer's Report 2022-09-01
  (exceptions due 2022-09-16), the Regional Director's decision and certification 2023-01-11.
- Cornell-Dubilier Electric Corp., 117 NLRB 358 (Feb. 10, 1957), Case 11-RC-850: election
  1956-07-20, 526 for the Petitioner (IBEW), 533 against, 22 challenged; Petitioner's objections
  1956-07-26; the Regional Director's report of 1956-11-08 sustaining 16 challenges, overruling 6
  and finding objections 1 and 2 to warrant a new election; the Board ordered the 6 ballots opened
  and counted within ten days and deferred the objections, "of consequence only if the ballots ...
  could affect the ultimate election results". The revised tally's date and split are not in the
  decision (tests give them and say so).
"""

from __future__ import annotations

from datetime import date

from casefile.acts import parse_act
from casefile.acts.open_case import OpenCase
from tests.acts.example_cases import ExampleCase, from_example

#: JFK8 events by name (index in the scenario file).
JFK8 = {"tally": 0, "objections": 1, "request-extension": 2, "pin": 3, "offer": 4, "transfer": 5, "notice": 6,
        "open": 7, "ho-report": 8, "exceptions": 9, "rd-decision": 10, "certification": 11}
JFK8_NUMBER = "29-RC-288020"
ALU = "Amazon Labor Union"


def jfk8() -> ExampleCase:
    """Amazon JFK8 from its scenario file (see JFK8 for the events)."""
    return from_example("amazon-jfk8-29-RC-288020.yaml")


def jfk8_through(name: str, **skip: bool) -> ExampleCase:
    """Open JFK8 and perform its events up to and including ``name``; ``skip`` names events left
    out (e.g. ``pin=True``: no extension order)."""
    case = jfk8()
    case.open()
    for event_name, index in JFK8.items():
        if not skip.get(event_name.replace("-", "_")):
            case.perform(case.events[index])
        if event_name == name:
            break
    return case


CORNELL_NUMBER = "11-RC-850"
IBEW = "International Brotherhood of Electrical Workers, AFL-CIO"
#: The six voters whose challenges were overruled (117 NLRB at 359).
OPENED = ("G. Bradford", "A. Fallin", "E. Wester", "C. Kelly", "M. Maddox", "P. Poindexter")


def cornell_dubilier() -> ExampleCase:
    """Cornell-Dubilier (1957). Events: 0 tally (1956-07-20), 1 the Petitioner's objections
    (1956-07-26: 8 objections, texts not in the decision but for no. 8's subject). The Regional
    Director's conditional direction and the revised count are the tests' own acts."""
    opening = OpenCase.model_validate({
        "act": "open-case",
        "case": {"number": CORNELL_NUMBER, "name": "Cornell-Dubilier Electric Corporation", "agreement": "directed",
                 "rule_set": "pre-2015"},
        "parties": [{"key": "cornell", "role": "employer", "name": "Cornell-Dubilier Electric Corporation"},
                    {"key": "ibew", "role": "petitioner", "name": IBEW}],
        "date": date(1956, 7, 20)})
    objections = [f"[NOT IN THE PUBLIC RECORD: text of objection {n}]" for n in range(1, 8)] + [
        "Because of the speed required of the Petitioner's observer in checking off voters, a supervisor was allowed "
        "to vote unchallenged. [Subject as the Board's decision states it.]"]
    events = [parse_act(e) for e in (
        {"act": "record-tally", "date": date(1956, 7, 20), "kind": "initial", "choices": {IBEW: 526}, "against": 533,
         "challenged": 22, "election": {"held_from_on": date(1956, 7, 20)}},
        {"act": "file-objections", "date": date(1956, 7, 26), "party": "ibew", "objections": objections},
    )]
    return ExampleCase(opening, events)


def conditional_direction(on: date = date(1956, 11, 8)) -> dict[str, object]:
    """The Regional Director's report of 1956-11-08 as a conditional decision: objections 1 and 2
    sustained (a new election), 3-7 overruled, 8 left undecided; the second election directed only if
    the count of the six overruled challenges leaves the Petitioner without a majority (the Board's
    deferral: 117 NLRB at 360)."""
    return {"act": "rd-decision", "date": on, "result": "set-aside", "condition": "no-union-majority",
            "rulings": {"ibew": {1: "sustained", 2: "sustained", 3: "overruled", 4: "overruled", 5: "overruled",
                                 6: "overruled", 7: "overruled"}},
            "summary": "Objections 1 and 2 warrant setting the election aside; objections 3 to 7 are overruled; the "
                       "challenges to 16 ballots are sustained and those to 6 overruled, their ballots to be opened "
                       "and counted.",
            "source": "Cornell-Dubilier Electric Corp., 117 NLRB 358, 359-360 (1957)"}


def service_of(filing_id: int) -> tuple[list[str], list[str]]:
    """The service ledger of a filing: the names of the parties served, and the other lines (filed
    with the Region or the Board, copies), in certificate order."""
    from sqlmodel import col, select

    from casefile.record.db import read_session
    from casefile.record.models import Party, ServiceRecord

    with read_session() as s:
        rows = s.exec(select(ServiceRecord).where(ServiceRecord.filing_id == filing_id)
                      .order_by(col(ServiceRecord.position))).all()
        names = {p.id: p.name for p in s.exec(select(Party))}
    return ([names[r.party_id] for r in rows if r.party_id is not None],
            [r.served for r in rows if r.party_id is None])
