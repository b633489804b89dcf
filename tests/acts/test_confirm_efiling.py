"""A filing prepared in casefile, not yet e-filed with the NLRB, meets no period; confirm-efiling records the
agency's receipt and the period is met then (casefile.rules.efiling; new-user trial F7, F16, F31).

The live case 13-RC-400123: tally Tuesday, November 24, 2026; objections due Wednesday, December 2, 11:59 p.m.
Central time.
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

import pytest
from sqlmodel import select

from casefile import app
from casefile.errors import BadInput, UntimelyFiling
from casefile.record.db import read_session
from casefile.record.models import Case, Deadline, DocketEntry, Election, Filing
from casefile.vocab import DeadlineKind, DeadlineStatus, NlrbFiling
from tests.acts.live_case import FILED_AT, NUMBER, OBJECTIONS, open_live, perform
from tests.acts.snapshot import default_snapshot

RECEIVED_AT = datetime.fromisoformat("2026-12-01T16:30:00-06:00")
AFTER_CUTOFF = datetime.fromisoformat("2026-12-03T09:00:00-06:00")


def stage() -> str:
    with read_session() as session:
        return session.exec(select(Election)).one().stage.value


def objections_deadline() -> Deadline:
    with read_session() as session:
        return session.exec(select(Deadline).where(Deadline.kind == DeadlineKind.OBJECTIONS)).one()


def the_filing() -> Filing:
    with read_session() as session:
        return session.exec(select(Filing)).one()


def objections_status(as_of: datetime) -> tuple[str, list[str]]:
    view = app.case(NUMBER, as_of=as_of)
    d = next(d for d in view.elections[-1].deadlines if d.kind == DeadlineKind.OBJECTIONS)
    return d.status, d.met_by


@pytest.fixture
def prepared(configured_db: Path) -> Filing:
    open_live()
    perform({**OBJECTIONS, "nlrb": "prepared"}, as_of=FILED_AT)
    return the_filing()


def test_a_filing_recorded_by_default_is_e_filed(configured_db: Path) -> None:
    open_live()
    perform(OBJECTIONS, as_of=FILED_AT)
    assert the_filing().nlrb is NlrbFiling.E_FILED
    assert stage() == "objections-pending"
    assert objections_status(FILED_AT) == ("open", [app.case(NUMBER).parties[1].name])


def test_prepared_objections_meet_nothing_and_the_sweep_lapses_the_period(prepared: Filing) -> None:
    assert prepared.nlrb is NlrbFiling.PREPARED
    assert stage() == "tally-issued"  # nothing is before the Regional Director
    assert objections_status(FILED_AT) == ("open", [])  # no party met it: nothing is before the Region
    assert objections_status(AFTER_CUTOFF)[0] == "lapsed"
    with read_session() as session:
        case_id = session.exec(select(Case.id)).one()
    lines = app.sweep_case(case_id, as_of=AFTER_CUTOFF)
    assert "13-RC-400123: objections due December 2, 2026: lapsed" in lines
    assert objections_deadline().status is DeadlineStatus.LAPSED
    assert stage() == "certification-due"  # as with no objections: 21 for, 26 against, 1 challenged (102.69(b))


def test_confirming_the_e_filing_meets_the_period_once(prepared: Filing) -> None:
    data = {"act": "confirm-efiling", "party": "usw", "filing": prepared.id, "at": RECEIVED_AT.isoformat()}
    done = perform(data, as_of=datetime.fromisoformat("2026-12-01T17:00:00-06:00"))
    assert done.summary == ("E-filing of the objections of United Steelworkers confirmed: received by the NLRB "
                            "4:30 p.m. CST on December 1, 2026")
    filing = the_filing()
    assert (filing.nlrb, filing.received_at, filing.received_on.isoformat()) == (
        NlrbFiling.E_FILED, RECEIVED_AT, "2026-12-01")
    assert objections_status(RECEIVED_AT) == ("open", ["United Steelworkers"])
    assert stage() == "objections-pending"  # received: the Regional Director has them now
    with read_session() as session:
        entry = session.exec(select(DocketEntry).where(DocketEntry.act == "confirm-efiling")).one()
    assert entry.recorded_by.startswith("operator:")
    before = default_snapshot()
    again = perform(data, as_of=datetime.fromisoformat("2026-12-01T18:00:00-06:00"))
    assert again.repeated
    assert default_snapshot() == before


def test_a_receipt_after_the_cut_off_is_refused_and_stores_nothing(prepared: Filing) -> None:
    before = default_snapshot()
    with pytest.raises(UntimelyFiling, match="2026"):
        perform({"act": "confirm-efiling", "party": "usw", "filing": prepared.id, "at": AFTER_CUTOFF.isoformat()},
                as_of=datetime.fromisoformat("2026-12-03T10:00:00-06:00"))
    assert default_snapshot() == before
    assert the_filing().nlrb is NlrbFiling.PREPARED


def test_prepared_objections_are_docketed_as_prepared_with_no_receipt(prepared: Filing) -> None:
    with read_session() as session:
        entry = session.exec(select(DocketEntry).where(DocketEntry.act == "file-objections")).one()
    assert entry.summary == ("Objections of United Steelworkers (2 objections, nos. 1–2) prepared in casefile on "
                             "December 1, 2026, not yet e-filed with the NLRB")


def test_a_receipt_before_the_filing_was_prepared_is_refused_and_stores_nothing(prepared: Filing) -> None:
    before = default_snapshot()
    earlier = datetime.fromisoformat("2026-12-01T11:50:00-06:00")  # prepared at 12:00 p.m. CST (FILED_AT)
    with pytest.raises(BadInput, match=re.escape("prepared, not yet e-filed with the NLRB, 12:00 p.m. CST on December 1, "
                                                 "2026: the NLRB cannot have received it earlier, 11:50 a.m. CST")) as refused:
        perform({"act": "confirm-efiling", "party": "usw", "filing": prepared.id, "at": earlier.isoformat()},
                as_of=datetime.fromisoformat("2026-12-01T13:00:00-06:00"))
    assert refused.value.field == "at"
    assert default_snapshot() == before
    assert the_filing().nlrb is NlrbFiling.PREPARED


def test_a_prepared_motion_is_docketed_as_prepared_and_names_the_motion_once(configured_db: Path) -> None:
    open_live()
    done = perform({"act": "file-motion", "party": "mpc", "subject": "Motion to postpone the hearing",
                    "to": "Regional Director", "nlrb": "prepared", "at": FILED_AT.isoformat()}, as_of=FILED_AT)
    assert done.summary == ("Motion of Midwest Precision Castings, Inc. to postpone the hearing, to the Regional "
                            "Director: prepared in casefile on December 1, 2026, not yet e-filed with the NLRB")


def test_a_prepared_offer_of_proof_is_docketed_as_prepared_with_no_receipt(configured_db: Path) -> None:
    open_live()
    perform(OBJECTIONS, as_of=FILED_AT)
    prepared_at = datetime.fromisoformat("2026-12-01T15:00:00-06:00")
    done = perform({"act": "file-offer-of-proof", "party": "usw", "nlrb": "prepared", "at": prepared_at.isoformat(),
                    "witnesses": [{"objection": 1, "witness": "Ann Lee, molder", "summary": "Heard the threat."}]},
                   as_of=prepared_at)
    assert done.summary == ("Offer of proof of United Steelworkers (1 witness) in support of its objections received "
                            "December 1, 2026; prepared in casefile on December 1, 2026, not yet e-filed with the NLRB; "
                            "confidential: to the Regional Director only (102.69(a)(8))")
