"""What the front-door state machine found (tests/acts/test_front_door_machine.py): acts offered by their stage
that perform() then refused whatever their terms. Each is now offered only when perform() would accept it
(casefile.acts.allowed_now, hence casefile.app.permitted_acts), and refused — nothing stored — when it would not.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from sqlmodel import Session, col, select

from casefile.acts import parse_act
from casefile.errors import ProcedureError
from casefile.record.models import Deadline, DocketEntry
from casefile.vocab import Actor, DeadlineKind, DeadlineStatus, Stage
from tests.acts.machine_world import SHAPES, World, register_terms

SHAPE = {s.name: s for s in SHAPES}


@pytest.fixture
def world(configured_db: Path, migrated_template: Path) -> World:
    return World(configured_db, migrated_template, SHAPE["close"])


def opened(world: World, shape: str = "close") -> World:
    world.shape = SHAPE[shape]
    world.day = world.shape.on
    world.start()
    world.open()
    return world


def refused_unchanged(world: World, data: dict[str, object], error: type[Exception]) -> None:
    before = world.dump()
    with pytest.raises(error):
        world.attempt(parse_act({"date": world.day.isoformat(), **data}))
    assert world.dump() == before


class TestRegister:
    def test_a_tally_with_no_challenged_ballot_offers_no_register(self, world: World) -> None:
        """Trinity's shape (9, 8, 5; none challenged): a register names at least one voter and may not exceed the
        challenged line (0), so none is offered."""
        opened(world, "three-way")
        assert "register-challenges" not in world.offered()

    def test_a_full_register_is_not_offered_again(self, world: World) -> None:
        """17-15 with 4 challenged: offered until the 4 are registered, then not."""
        opened(world)
        assert "register-challenges" in world.offered()
        world.perform(parse_act({"act": "register-challenges", "date": world.day.isoformat(),
                                 **register_terms(world.view())}))
        assert "register-challenges" not in world.offered()

    def test_no_register_after_a_revised_tally_opened_every_ballot(self, world: World) -> None:
        """The 4 ballots opened and counted without a register (19-17): nothing is sealed any more — the register is
        not offered, and one sent is refused with nothing stored."""
        opened(world)
        world.day += timedelta(days=10)
        world.sweep()
        assert world.view().stage is Stage.CHALLENGE_INVESTIGATION
        world.perform(parse_act({"act": "revised-tally", "date": world.day.isoformat(),
                                 "counted": {"Retail, Wholesale and Department Store Union": 2}, "counted_against": 2,
                                 "opened": 4, "sustained": 0}))
        assert "register-challenges" not in world.offered()
        refused_unchanged(world, {"act": "register-challenges", "challenges": [
            {"voter": "voter 1", "challenged_by": "amazon", "ground": "supervisor"}]}, ProcedureError)


class TestCertification:
    def test_not_offered_while_determinative_challenges_wait(self, world: World) -> None:
        """The objections overruled with the 4 determinative challenges still pending (rd-decision, R-M1): the
        certification's stage accepts it, its guard does not (outcome pending) — not offered, and refused."""
        opened(world)
        world.perform(parse_act({"act": "file-objections", "date": world.day.isoformat(), "party": "amazon",
                                 "objections": ["[hypothetical] an objection"]}))
        world.day += timedelta(days=1)
        world.perform(parse_act({"act": "rd-decision", "date": world.day.isoformat(), "result": "overrule"}))
        world.day += timedelta(days=10)
        world.sweep()
        assert world.view().stage is Stage.RD_DECISION
        assert "certification" not in world.offered()
        refused_unchanged(world, {"act": "certification"}, ProcedureError)

    def test_not_offered_during_the_objection_period(self, world: World) -> None:
        """Bessemer 2021's shape (not determinative), the objections overruled the day after the tally: the outcome
        calls for a certification, but not before the objections' due date has passed (102.69(b))."""
        opened(world, "bessemer-2021")
        world.perform(parse_act({"act": "file-objections", "date": world.day.isoformat(), "party": "rwdsu",
                                 "objections": ["[hypothetical] an objection"]}))
        world.day += timedelta(days=1)
        world.perform(parse_act({"act": "rd-decision", "date": world.day.isoformat(), "result": "overrule"}))
        assert world.view().stage is Stage.CERTIFICATION_DUE
        assert "certification" not in world.offered()
        refused_unchanged(world, {"act": "certification"}, ProcedureError)
        world.day = world.view().open_deadlines.get("objections", world.day) + timedelta(days=1)
        assert "certification" in world.offered()


class TestRequestForReview:
    def test_a_party_that_requested_review_is_not_offered_another(self, world: World) -> None:
        """The petition dismissed; RWDSU requests review: it is not offered a second request (one per party, R-N5),
        Amazon still is."""
        opened(world)
        world.perform(parse_act({"act": "dismiss-petition", "date": world.day.isoformat(),
                                 "grounds": "[hypothetical] the unit is inappropriate"}))
        assert world.offered()["request-for-review"] == ("amazon", "rwdsu")
        world.day += timedelta(days=1)
        world.perform(parse_act({"act": "request-for-review", "date": world.day.isoformat(), "party": "rwdsu",
                                 "grounds": ["[hypothetical] a substantial question of law"]}))
        world.day += timedelta(days=1)
        assert world.offered()["request-for-review"] == ("amazon",)
        refused_unchanged(world, {"act": "request-for-review", "party": "rwdsu",
                                  "grounds": ["[hypothetical] another ground"]}, ProcedureError)


class TestCrossExceptions:
    def test_offered_only_to_a_party_that_did_not_except(self, world: World) -> None:
        """The report recommends overruling RWDSU's objections; Amazon excepts: cross-exceptions are RWDSU's to file,
        not Amazon's (a party's answer to another's exceptions, by analogy to 102.46(c))."""
        opened(world)
        for data in ({"act": "file-objections", "party": "rwdsu", "objections": ["[hypothetical] an objection"]},
                     {"act": "notice-hearing", "opens_on": (world.day + timedelta(days=3)).isoformat()},
                     {"act": "open-hearing"}, {"act": "ho-report", "result": "overrule"}):
            world.perform(parse_act({"date": world.day.isoformat(), **data}))
            world.day += timedelta(days=1)
        assert "file-cross-exceptions" not in world.offered()  # no exceptions yet: nothing to cross-except to
        world.perform(parse_act({"act": "file-exceptions", "date": world.day.isoformat(), "party": "amazon",
                                 "exceptions": [{"excepted_to": "the recommendation", "grounds": "[hypothetical]"}]}))
        world.day += timedelta(days=1)
        assert world.offered()["file-cross-exceptions"] == ("rwdsu",)
        refused_unchanged(world, {"act": "file-cross-exceptions", "party": "amazon", "exceptions": [
            {"excepted_to": "the recommendation", "grounds": "[hypothetical] more"}]}, ProcedureError)


class TestAnsweringBrief:
    def test_offered_only_to_a_party_with_exceptions_to_answer(self, world: World) -> None:
        """Amazon alone excepts to the report: the answering brief is RWDSU's to file, not Amazon's (nothing to
        answer: 102.69(c)(1)(iii)); Amazon's is refused and stores nothing."""
        opened(world)
        for data in ({"act": "file-objections", "party": "rwdsu", "objections": ["[hypothetical] an objection"]},
                     {"act": "notice-hearing", "opens_on": (world.day + timedelta(days=3)).isoformat()},
                     {"act": "open-hearing"}, {"act": "ho-report", "result": "overrule"},
                     {"act": "file-exceptions", "party": "amazon",
                      "exceptions": [{"excepted_to": "the recommendation", "grounds": "[hypothetical]"}]}):
            world.perform(parse_act({"date": world.day.isoformat(), **data}))
            world.day += timedelta(days=1)
        assert world.offered()["file-answering-brief"] == ("rwdsu",)
        refused_unchanged(world, {"act": "file-answering-brief", "party": "amazon",
                                  "points": ["[hypothetical] a point"]}, ProcedureError)


class TestRevisedTally:
    def test_not_offered_with_a_register_and_nothing_ruled_since_the_tally(self, world: World) -> None:
        """4 challenged ballots registered, none ruled on: nothing to count (102.69(e)) — not offered until a ruling."""
        opened(world)
        world.perform(parse_act({"act": "register-challenges", "date": world.day.isoformat(),
                                 **register_terms(world.view())}))
        world.day += timedelta(days=10)
        world.sweep()
        assert world.view().stage is Stage.CHALLENGE_INVESTIGATION
        assert "revised-tally" not in world.offered()
        refused_unchanged(world, {"act": "revised-tally", "counted": {}}, ProcedureError)
        world.perform(parse_act({"act": "rule-on-challenges", "date": world.day.isoformat(), "status": "overruled",
                                 "ground": "supervisor"}))
        assert "revised-tally" in world.offered()


def _remanded_and_decided_again(world: World) -> None:
    """Bessemer 2021's shape: objections overruled, certified, review requested, the Board remands for a hearing
    (102.67(g)); the hearing is held and the objections overruled again: the election is at certification-due (the
    second decision after the report's exceptions and answering-brief periods, 102.69(c)(1)(iii))."""
    opened(world, "bessemer-2021")
    world.perform(parse_act({"act": "file-objections", "date": world.day.isoformat(), "party": "rwdsu",
                             "objections": ["[hypothetical] an objection"]}))
    world.day += timedelta(days=10)
    for days, data in ((1, {"act": "rd-decision", "result": "overrule"}), (1, {"act": "certification"}),
                       (1, {"act": "request-for-review", "party": "rwdsu", "grounds": ["[hypothetical] a ground"]}),
                       (1, {"act": "board-ruling", "ruling": "remanded"}), (1, {"act": "open-hearing"}),
                       (1, {"act": "ho-report", "result": "overrule"}), (21, {"act": "rd-decision", "result": "overrule"})):
        world.day += timedelta(days=days)
        world.perform(parse_act({"date": world.day.isoformat(), **data}))
    assert world.view().stage is Stage.CERTIFICATION_DUE
    world.day += timedelta(days=1)


class TestRemandAfterCertification:
    def test_a_remand_of_a_certified_election_ends_certified_again(self, world: World) -> None:
        """Back at certification-due after the remand, the certification is offered and accepted: the one issued
        stands (102.67(j), 102.69(c)(2)) — no second certification row, a docket entry naming the Regional
        Director, the stage certified, a new request-for-review period from the supplemental decision."""
        _remanded_and_decided_again(world)
        before = world.dump()
        assert "certification" in world.offered()
        result = world.perform(parse_act({"act": "certification", "date": world.day.isoformat()}))
        after = world.dump()
        assert world.view().stage is Stage.CERTIFIED
        assert after["certification"] == before["certification"] and len(after["certification"]) == 1
        assert "stands; no new certification issues" in result.summary
        with Session(world.engine) as session:
            new = session.exec(select(DocketEntry).where(col(DocketEntry.id) > max(r[0] for r in before["docketentry"]))).all()
            assert [(e.act, e.actor, e.from_stage, e.to_stage) for e in new] == [
                ("certification", Actor.REGIONAL_DIRECTOR, Stage.CERTIFICATION_DUE, Stage.CERTIFIED)]
            assert new[0].recorded_by.startswith("operator:")
            rfr = session.exec(select(Deadline).where(Deadline.kind == DeadlineKind.REQUEST_FOR_REVIEW)
                               .order_by(col(Deadline.id))).all()
            assert [(d.trigger_on, d.status) for d in rfr][-1] == (world.day, DeadlineStatus.OPEN) and len(rfr) == 2
        assert "board-ruling" not in world.offered()  # the request was ruled on (the remand)
        again = world.perform(parse_act({"act": "certification", "date": world.day.isoformat()}))
        assert again.repeated and world.dump() == after

    def test_the_board_ruling_is_offered_once_per_request(self, world: World) -> None:
        """The remand ruled on RWDSU's request: at certification-due no ruling is offered and one is refused,
        storing nothing; Amazon's request for review of the supplemental decision is ruled on, once."""
        _remanded_and_decided_again(world)
        assert "board-ruling" not in world.offered()
        refused_unchanged(world, {"act": "board-ruling", "ruling": "denied"}, ProcedureError)
        world.perform(parse_act({"act": "certification", "date": world.day.isoformat()}))
        world.day += timedelta(days=1)
        refused_unchanged(world, {"act": "board-ruling", "ruling": "denied"}, ProcedureError)
        world.perform(parse_act({"act": "request-for-review", "date": world.day.isoformat(), "party": "amazon",
                                 "grounds": ["[hypothetical] another ground"]}))
        assert world.view().stage is Stage.RFR_PENDING and "board-ruling" in world.offered()
        world.day += timedelta(days=1)
        world.perform(parse_act({"act": "board-ruling", "date": world.day.isoformat(), "ruling": "denied"}))
        assert world.view().stage is Stage.CLOSED and "board-ruling" not in world.offered()
        world.day += timedelta(days=1)
        refused_unchanged(world, {"act": "board-ruling", "ruling": "denied"}, ProcedureError)
