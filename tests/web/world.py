"""The Bessemer case (10-RC-269250) for the web tests, built through the front door
(casefile.app.perform) with the values of examples/bessemer-10-RC-269250.yaml up to the 2022
rerun's tally — the next act is the parties' objections to it, which the tests file through the
pages — every document issued in this process; and the demo accounts of both sides
(casefile.cli.demo: RWDSU's admin, counsel and staff, Amazon's counsel, Region 10).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

NUMBER = "10-RC-269250"
#: A case of Region 10 with no tally yet (the tally form is offered on it, and only on it), its
#: union represented by RWDSU's legal department and its employer by Amazon's counsel.
TALLY_CASE = "10-RC-300001"
PASSWORD = "correct horse battery staple"
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bessemer-10-RC-269250.yaml"
ATLANTA = ZoneInfo("America/New_York")
#: The scenario's events performed (by index): the 2021 tally to the 2022 rerun's tally.
UP_TO_RERUN_TALLY = 7
USERS = {"union-admin": "admin@rwdsu.example.org", "union-counsel": "counsel@rwdsu.example.org",
         "union-staff": "staff@rwdsu.example.org", "employer-counsel": "counsel@amazon.example.org",
         "region": "agent@region10.example.org"}


def noon(on: object) -> datetime:
    from casefile.acts.base import midday

    return midday(on, "America/New_York")  # type: ignore[arg-type]


def build() -> None:
    """Build the case and the accounts in the configured database (settings point at it)."""
    from casefile import app
    from casefile.acts import Who
    from casefile.cli.demo import make_accounts
    from casefile.record.db import get_engine
    from casefile.scenario import load_scenario

    get_engine()
    spec = load_scenario(EXAMPLE)
    operator = Who.operator()
    first = spec.events[0]
    app.perform(spec.opening(), as_of=noon(first.on), by=operator, documents="none")
    sequence = 0
    for event in spec.events[:UP_TO_RERUN_TALLY]:
        if event.act_name == "record-tally":
            sequence += 1
        elif event.election is None and "election" in type(event).model_fields:
            event = event.model_copy(update={"election": sequence})
        app.perform(event, case_number=NUMBER, as_of=event.at or noon(event.on), by=operator, documents="issue")
    make_accounts(password=PASSWORD, as_of=noon(spec.events[UP_TO_RERUN_TALLY - 1].on))
    open_tally_case()


def open_tally_case() -> None:
    """TALLY_CASE: opened on 2022-03-01 (no tally yet), linked to both sides' organizations."""
    from casefile import app
    from casefile.accounts.orgs import link_party
    from casefile.acts import Who, parse_act
    from casefile.record.db import write_session

    opening = parse_act({"act": "open-case", "date": "2022-03-01", "case": {
        "number": TALLY_CASE, "name": "Magnolia Fulfillment LLC", "petition_filed_on": "2022-01-10"}, "parties": [
        {"key": "employer", "role": "employer", "name": "Magnolia Fulfillment LLC"},
        {"key": "union", "role": "petitioner", "name": "Retail, Wholesale and Department Store Union"}]})
    at = noon(opening.on)
    app.perform(opening, case_number=TALLY_CASE, as_of=at, by=Who.operator(), documents="none")
    with write_session(by="operator:tests") as session:
        link_party(session, organization="rwdsu-legal", case_number=TALLY_CASE, party="union", as_of=at)
        link_party(session, organization="amazon-counsel", case_number=TALLY_CASE, party="employer", as_of=at)
