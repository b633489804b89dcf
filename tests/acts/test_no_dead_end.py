"""The issue's dead end, through the front door (issue 15): objections and determinative challenged
ballots set for one hearing, the hearing officer recommending that the objections be overruled, the
Regional Director overruling them — the election used to move to certification-due with the
challenges pending, where certify, rule and open were all refused. It now stays where the challenges
are decided, and ends certified (casefile.rules.stages; rules.md R-M1, R-M3; 29 CFR 102.69(c), (e))."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

from sqlmodel import select

from casefile.record.db import read_session
from casefile.record.models import Case, Election
from casefile.vocab import Stage
from tests.acts.example_cases import SELCK_UNION, ExampleCase, selck


def stage() -> Stage:
    with read_session() as s:
        return s.exec(select(Election)).one().stage


def offered(c: ExampleCase, on: date) -> set[str]:
    with read_session() as s:
        case = s.exec(select(Case)).one()
        return _allowed(s, case, c.at_noon(on))


def _allowed(session, case, as_of: datetime) -> set[str]:  # type: ignore[no-untyped-def]
    from casefile.acts import allowed_now, models

    return {name for name in models() if name != "open-case" and allowed_now(session, case, name, as_of=as_of)}


def heard_together() -> ExampleCase:
    """Walter E. Selck (17-15, 4 challenged: determinative), objections of the employer, and one hearing
    on the objections and the challenged ballots; the report recommends overruling the objections."""
    c = selck()
    c.carry(2)
    c.perform(c.act({"act": "file-objections", "date": date(1974, 5, 3), "party": "selck",
                     "objections": ["[hypothetical objection of the employer]"]}))
    c.sweep(c.at_noon(date(1974, 5, 20)))
    for event in (
        {"act": "notice-hearing", "date": date(1974, 5, 20), "opens_on": date(1974, 6, 3), "challenges": True},
        {"act": "open-hearing", "date": date(1974, 6, 3)},
        {"act": "close-hearing", "date": date(1974, 6, 4)},
        {"act": "ho-report", "date": date(1974, 6, 20), "result": "overrule", "rulings": {"selck": {1: "overruled"}}},
    ):
        c.perform(c.act(event))
    return c


class TestObjectionsAndChallengesHeardTogether:
    def test_overruling_the_objections_leaves_the_challenges_to_decide_and_ends_certified(
            self, configured_db: Path) -> None:
        """RD overrules → rd-decision (not certification-due); the laid-off ballots overruled and counted (19-15)
        → revised tally → its period closes → certification-due → certified, each act offered when accepted."""
        c = heard_together()
        result = c.perform(c.act({"act": "rd-decision", "date": date(1974, 7, 15), "result": "overrule",
                                  "rulings": {"selck": {1: "overruled"}}}))
        assert stage() is Stage.RD_DECISION
        assert any("determinative challenged ballots are still to be decided" in w for w in result.warnings)
        now = offered(c, date(1974, 7, 15))
        assert {"rule-on-challenges", "notice-hearing"} <= now
        assert "certification" in now  # offered by its stage; refused while the outcome is pending, as before
        c.perform(c.act({"act": "rule-on-challenges", "date": date(1974, 7, 15), "status": "overruled",
                         "ground": "laid off"}))
        assert "revised-tally" in offered(c, date(1974, 7, 17))
        c.perform(c.act({"act": "revised-tally", "date": date(1974, 7, 17), "counted": {SELCK_UNION: 2}}))
        assert stage() is Stage.REVISED_TALLY_ISSUED
        c.sweep(c.at_noon(date(1974, 8, 1)))
        assert stage() is Stage.CERTIFICATION_DUE
        c.perform(c.act({"act": "certification", "date": date(1974, 8, 1)}))
        assert stage() is Stage.CERTIFIED
