"""A live case of a user's own (not replayed from public sources), with counsel entered: Midwest
Precision Castings, Inc. and the United Steelworkers, 13-RC-400123 (Chicago, Central time) — the
new case of the newcomer's trial (shared/reviews/new-user-trial.md), with counsel's full details.

The election was held Tuesday, November 24, 2026 (21 for, 26 against, 1 challenged); the objections
are due Wednesday, December 2 (5 business days, Thanksgiving skipped); the Union files on
Tuesday, December 1 at noon.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from casefile import app
from casefile.acts import Who, parse_act
from tests.acts.example_cases import prepare_schema

NUMBER = "13-RC-400123"
EMPLOYER = "Midwest Precision Castings, Inc."
USW = "United Steelworkers"
WHITFIELD = {"name": "Karen L. Whitfield", "firm": "Whitfield & Marsh LLP",
             "address": "200 West Adams Street, Suite 1400; Chicago, IL 60606", "phone": "(312) 555-0143",
             "email": "kwhitfield@whitfieldmarsh.com", "bar_number": "Illinois ARDC No. 6291734"}
OKAFOR = {"name": "Daniel Okafor", "firm": "United Steelworkers Legal Department",
          "address": "60 Boulevard of the Allies; Pittsburgh, PA 15222", "phone": "(412) 555-0199",
          "email": "dokafor@usw.example.org", "bar_number": "Pennsylvania Bar No. 318842"}
CHEN = {"name": "Maria Chen", "email": "mchen@usw.example.org", "bar_number": "Pennsylvania Bar No. 327115"}

OPENED_AT = datetime.fromisoformat("2026-11-20T10:00:00-06:00")
TALLY_AT = datetime.fromisoformat("2026-11-24T18:00:00-06:00")
FILED_AT = datetime.fromisoformat("2026-12-01T12:00:00-06:00")

TALLY = {"act": "record-tally", "date": "2026-11-24", "kind": "initial", "choices": {USW: 21}, "against": 26,
         "challenged": 1, "void": 0, "eligible": 50, "election": {"method": "manual", "held_from_on": "2026-11-24"},
         "board_agent": "Thomas R. Alvarez"}
OBJECTIONS = {"act": "file-objections", "party": "usw", "at": FILED_AT.isoformat(),
              "objections": ["The Employer threatened to close the plant if employees voted for the Union.",
                             "The Employer polled employees about their support for the Union."]}


def opening(*, employer_counsel: list[dict[str, str]] | None = None,
            union_counsel: list[dict[str, str]] | None = None) -> dict[str, Any]:
    """The open-case act of the live case, with each party's counsel (default: Whitfield; Okafor and Chen)."""
    return {"act": "open-case",
            "case": {"number": NUMBER, "name": EMPLOYER, "agreement": "stipulated", "petition_filed_on": "2026-10-15",
                     "unit_description": "All full-time and regular part-time production and maintenance employees "
                                         "at the Employer's Cicero, Illinois foundry."},
            "parties": [{"key": "mpc", "role": "employer", "name": EMPLOYER,
                         "counsel": [WHITFIELD] if employer_counsel is None else employer_counsel},
                        {"key": "usw", "role": "petitioner", "name": USW,
                         "counsel": [OKAFOR, CHEN] if union_counsel is None else union_counsel}]}


def perform(data: dict[str, Any], *, as_of: datetime,
            documents: Literal["issue", "defer", "none"] = "none") -> app.ActResult:
    """Perform the act ``data`` on the live case as of ``as_of``, by the operator. The case is lived through
    act by act: the clock reads ``as_of`` when each act is done (``now``), so its acts of 2027 are not in
    the future of the case's world, whatever day the tests run on."""
    act = parse_act(data)
    number = None if data["act"] == "open-case" else NUMBER
    return app.perform(act, case_number=number, as_of=as_of, by=Who.operator(), documents=documents, now=as_of)


def open_live(**counsel: Any) -> None:
    """Open the live case (counsel as :func:`opening` takes them) and record its tally."""
    prepare_schema()
    perform(opening(**counsel), as_of=OPENED_AT)
    perform(TALLY, as_of=TALLY_AT)
