"""Each act says when the procedure allows it (its module's STAGES, the stages its perform() accepts,
or an ``allowed_now`` hook), and that rule is the one perform() applies: every act of the real
histories in examples/ is allowed at the moment it was done (after the sweep its front door runs
first), and acts the rule does not allow are refused by perform() for the stage."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import select

from casefile.acts import MODULES, allowed_now, models, module_named
from casefile.acts.base import ANY_STAGE
from casefile.record.workflow import RECORDED_BY
from casefile.vocab import Stage

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.yaml"))


@pytest.mark.parametrize("name", sorted(n for n in models() if n != "open-case"))
def test_every_act_declares_its_stages(name: str) -> None:
    """STAGES is a set of stages (ANY_STAGE for an act the stage does not bound); a module whose
    perform() checks the stage with require_stage passes it STAGES, not a second copy."""
    import inspect

    module = module_named(name)
    stages = module.STAGES
    assert isinstance(stages, frozenset) and stages and stages <= frozenset(Stage), name
    source = inspect.getsource(module)
    if "require_stage(" in source:
        calls = [line for line in source.splitlines() if "require_stage(election" in line]
        assert calls and all(line.rstrip().endswith((", STAGES)", f', STAGES, name="{name}")')) for line in calls), calls


def test_modules_listed() -> None:
    assert "open_case" in MODULES and len([n for n in models() if n != "open-case"]) == len(MODULES) - 1


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_act_of_a_real_history_is_allowed_when_it_was_done(path: Path, configured_db: Path) -> None:
    """Replaying each example: before each act (and after the sweep the front door would run
    first), casefile.acts.allowed_now says yes — the web and the API would have offered it."""
    from casefile import app
    from casefile.acts import Who
    from casefile.record.db import read_session
    from casefile.record.deadlines import office_of
    from casefile.record.lookups import get_case
    from casefile.rules.case_numbers import parse_case_number
    from casefile.rules.offices import office_for
    from casefile.scenario import Sweep, event_instant, load_scenario

    spec = load_scenario(path)
    number = str(parse_case_number(spec.case.number))
    tz = office_for(parse_case_number(spec.case.number).region, spec.case.office).tz
    app.perform(spec.opening(), as_of=event_instant(spec.events[0], tz), by=Who.operator(), documents="none")
    sequence, checked, refused = 0, 0, []
    for i, event in enumerate(spec.events, start=1):
        as_of = event_instant(event, tz)
        with read_session() as session:
            case = get_case(session, number)
            case_id, zone = case.id, office_of(case).tz
        if isinstance(event, Sweep):
            app.sweep_case(case_id, as_of=as_of)  # type: ignore[arg-type]
            continue
        if event.act_name == "record-tally":
            sequence += 1
        elif sequence and event.election is None and "election" in type(event).model_fields:
            event = event.model_copy(update={"election": sequence})
        app.sweep_case(case_id, as_of=app.act_instant(event, as_of, zone))  # type: ignore[arg-type]
        with read_session() as session:
            case = get_case(session, number)
            elections = case_elections(session, case_id)  # type: ignore[arg-type]
            latest = max((e.sequence for e in elections), default=0)  # type: ignore[attr-defined]
            if _sequence_of(event) in (None, latest):  # an act on the latest election (the web's forms act on it)
                checked += 1
                if not allowed_now(session, case, event.act_name, as_of=as_of):
                    stage = elections[-1].stage if elections else None  # type: ignore[attr-defined]
                    refused.append(f"event {i} {event.act_name} ({event.on}) at {stage}")
        app.perform(event, case_number=number, as_of=as_of, by=Who.operator(), documents="none")
    assert checked >= 3
    assert not refused, refused


def _sequence_of(event: object) -> int | None:
    election = getattr(event, "election", None)
    if election is None or isinstance(election, int):
        return election
    return getattr(election, "sequence", None)


def case_elections(session: object, case_id: int) -> list[object]:
    from casefile.record.models import Election

    return list(session.exec(select(Election).where(Election.case_id == case_id)))  # type: ignore[attr-defined]


def test_an_act_not_allowed_is_refused_for_the_stage(configured_db: Path) -> None:
    """Bessemer after RWDSU's 2021 objections (objections-pending): the certification, a runoff
    direction, the hearing's opening and exceptions are not allowed, and perform() refuses each
    for the stage; the notice of hearing is allowed, and perform() accepts the scenario's."""
    from casefile import app
    from casefile.acts import Who, parse_act
    from casefile.errors import IllegalTransition
    from casefile.record.db import read_session
    from casefile.record.lookups import get_case
    from tests.acts.procedure import EVENTS, NUMBER, noon, scenario

    spec = scenario()
    number = NUMBER

    app.perform(spec.opening(), as_of=noon(spec.events[0]), by=Who.operator(), documents="none")
    for event in spec.events[:2]:
        app.perform(event, case_number=number, as_of=noon(event), by=Who.operator(), documents="none")
    when = noon(spec.events[1])
    with read_session() as session:
        case = get_case(session, number)
        assert case_elections(session, case.id)[-1].stage is Stage.OBJECTIONS_PENDING  # type: ignore[attr-defined]
        allowed = {n for n in models() if n != "open-case" and allowed_now(session, case, n, as_of=when)}
    assert {"file-objections", "notice-hearing", "rd-decision", "withdraw-petition",
            "register-challenges"} <= allowed
    assert "file-offer-of-proof" not in allowed  # RWDSU's offer came with its objections; Amazon filed none
    # the 505 challenged ballots are not determinative and no register is kept: nothing to rule on, nothing to
    # open (R-E2), so neither a ruling nor a revised tally is offered
    assert not {"certification", "direct-runoff", "open-hearing", "close-hearing", "file-exceptions",
                "file-answering-brief", "record-tally", "request-for-review", "alj-decision", "ho-report",
                "rule-on-challenges", "revised-tally"} & allowed
    later = parse_act({"act": "certification", "date": "2021-04-20"})  # after the objections' due date
    for name in ("certification", "direct-runoff", "open-hearing"):
        with pytest.raises(IllegalTransition, match="is not available now in election 1: "):
            app.perform(parse_act({"act": name, "date": "2021-04-20"}), case_number=number, as_of=noon(later),
                        by=Who.operator(), documents="none")
    notice = spec.events[EVENTS["notice-hearing"]]
    result = app.perform(notice, case_number=number, as_of=noon(notice), by=Who.operator(),
                         documents="none")
    assert result.entry_id and not result.repeated and result.act == "notice-hearing"
    assert frozenset(Stage) == ANY_STAGE


def test_acts_are_offered_as_the_front_doors_sweep_would_leave_the_case(configured_db: Path) -> None:
    """Bessemer's 2021 tally, no objections, not swept since: on 2021-04-20 the front door would
    sweep first (the objections period ran out: certification due), so the Region is offered the
    certification — and asking stores nothing (the election stays where the record has it)."""
    from datetime import UTC, datetime

    from casefile import app
    from casefile.accounts.orgs import add_organization
    from casefile.accounts.users import add_user
    from casefile.acts import Who
    from casefile.record.access import UserViewer
    from casefile.record.db import read_session, write_session
    from casefile.record.models import DocketEntry
    from tests.acts.procedure import NUMBER, noon, scenario

    spec = scenario()
    app.perform(spec.opening(), as_of=noon(spec.events[0]), by=Who.operator(), documents="none")
    app.perform(spec.events[0], case_number=NUMBER, as_of=noon(spec.events[0]), by=Who.operator(), documents="none")
    now = datetime.now(UTC)
    with write_session(by="operator:tests") as s:
        add_organization(s, key="region-10", name="Region 10", kind="region", region="10", as_of=now)
        user = add_user(s, email="agent@region10.example.org", organization="region-10", role="counsel",
                        password="correct horse battery staple", as_of=now)
        viewer = UserViewer.of(s, user)
    before = datetime(2021, 4, 12, 12, tzinfo=UTC)
    after = datetime(2021, 4, 20, 16, tzinfo=UTC)
    offered_before = {p.act for p in app.permitted_acts(NUMBER, viewer=viewer, as_of=before)}
    offered_after = {p.act for p in app.permitted_acts(NUMBER, viewer=viewer, as_of=after)}
    assert "certification" not in offered_before and "file-objections" in offered_before
    assert "certification" in offered_after
    with read_session() as s:
        assert case_elections(s, 1)[-1].stage is Stage.TALLY_ISSUED  # type: ignore[attr-defined]
        entries = len(list(s.exec(select(DocketEntry))))
    app.permitted_acts(NUMBER, viewer=viewer, as_of=after)
    with read_session() as s:
        assert len(list(s.exec(select(DocketEntry)))) == entries


#: The refusal of each act whose offer depends on the record (and the party), as perform() words it.
REFUSED_FOR = {"oppose-review": "no other party requested review", "board-ruling": "no request for review is in the record",
               "move-for-reconsideration": "has no motion for reconsideration period",
               "withdraw-petition": "not the petitioner", "withdraw-objection": "has no objection 1",
               "amend-objection": "untimely|has no objection 1"}


def _try(session: object, case: object, data: dict[str, object], as_of: object) -> str | None:
    """The act's own perform() on the record in ``session`` (rolled back after): None when it does
    the act, else its refusal's message."""
    from casefile.acts import Who, module_for, parse_act
    from casefile.errors import CasefileError

    act = parse_act(data)
    try:
        module_for(act).perform(session, act, case=case, as_of=as_of, by=Who.operator())
    except CasefileError as exc:
        return str(exc)
    finally:
        session.rollback()  # type: ignore[attr-defined]
    return None


def test_acts_offered_are_the_ones_perform_does_not_refuse(configured_db: Path) -> None:
    """Bessemer at objections-pending (RWDSU's 2021 objections filed): for each party, an act is
    offered (allowed_now, and so app.permitted_acts) exactly when perform() does not refuse it for the
    record's reason — no request for review to oppose or rule on, no decision to reconsider, the
    employer is not the petitioner, Amazon has no objections to amend or withdraw; RWDSU may amend
    its objections within the period and not four years after it (the trial's Bessemer case)."""
    from datetime import UTC, datetime

    from sqlmodel import Session

    from casefile import app
    from casefile.acts import Who
    from casefile.record.db import get_engine
    from casefile.record.lookups import get_case, get_party
    from tests.acts.procedure import NUMBER, noon, scenario

    spec = scenario()
    app.perform(spec.opening(), as_of=noon(spec.events[0]), by=Who.operator(), documents="none")
    for event in spec.events[:2]:
        app.perform(event, case_number=NUMBER, as_of=noon(event), by=Who.operator(), documents="none")
    within = noon(spec.events[1])
    years_later = datetime(2025, 4, 16, 16, tzinfo=UTC)

    def act(name: str, party: str, when: datetime) -> dict[str, object]:
        day = when.date().isoformat()
        return {"oppose-review": {"act": name, "party": party, "points": ["The request raises nothing new."], "date": day},
                "move-for-reconsideration": {"act": name, "party": party, "grounds": ["A material error."], "date": day},
                "board-ruling": {"act": name, "ruling": "denied", "date": day},
                "withdraw-petition": {"act": name, "party": party, "consented_by": "Regional Director, Region 10",
                                      "date": day},
                "withdraw-objection": {"act": name, "party": party, "number": 1, "why": "The party withdraws it.",
                                       "date": day},
                "amend-objection": {"act": name, "party": party, "number": 1, "text": "The collection box, amended.",
                                    "why": "The party amends it.", "date": day}}[name]

    seen: dict[tuple[str, str, str], bool] = {}
    with Session(get_engine()) as session:
        session.info[RECORDED_BY] = "operator:tests"  # acts tried, never committed
        case = get_case(session, NUMBER)
        for when, label in ((within, "within"), (years_later, "years later")):
            for name, refusal in REFUSED_FOR.items():
                for key in ("rwdsu", "amazon"):
                    party = get_party(session, case, key)
                    offered = allowed_now(session, case, name, as_of=when, party=party)
                    refused = _try(session, case, act(name, key, when), when)
                    seen[(name, key, label)] = offered
                    assert offered == (refused is None), (name, key, label, offered, refused)
                    if refused is not None:
                        import re

                        assert re.search(refusal, refused), (name, key, refused)
    assert seen[("amend-objection", "rwdsu", "within")] and not seen[("amend-objection", "rwdsu", "years later")]
    assert seen[("withdraw-petition", "rwdsu", "within")] and not seen[("withdraw-petition", "amazon", "within")]
    assert seen[("withdraw-objection", "rwdsu", "within")] and not seen[("withdraw-objection", "amazon", "within")]
    assert not any(seen[(n, k, "within")] for n in ("oppose-review", "board-ruling", "move-for-reconsideration")
                   for k in ("rwdsu", "amazon"))


def test_the_lists_offer_each_party_only_what_it_may_do(configured_db: Path) -> None:
    """The same case through app.permitted_acts (the case page's and GET /api/v1/cases/{n}/acts'
    list): Amazon's counsel is not offered the petition's withdrawal, nor to amend or withdraw
    objections it does not have, as Amazon (it may still record RWDSU's); none of the review acts."""
    from casefile import app
    from casefile.accounts.orgs import add_organization, link_party
    from casefile.accounts.users import add_user
    from casefile.acts import Who
    from casefile.record.access import UserViewer
    from casefile.record.db import write_session
    from tests.acts.procedure import NUMBER, noon, scenario

    spec = scenario()
    app.perform(spec.opening(), as_of=noon(spec.events[0]), by=Who.operator(), documents="none")
    for event in spec.events[:2]:
        app.perform(event, case_number=NUMBER, as_of=noon(event), by=Who.operator(), documents="none")
    when = noon(spec.events[1])
    with write_session(by="operator:tests") as s:
        add_organization(s, key="amazon-counsel", name="Amazon's counsel", kind="firm", as_of=when)
        link_party(s, organization="amazon-counsel", case_number=NUMBER, party="amazon", as_of=when)
        user = add_user(s, email="counsel@amazon.example.org", organization="amazon-counsel", role="counsel",
                        password="correct horse battery staple", as_of=when)
        viewer = UserViewer.of(s, user)
    offered = {(p.act, p.mode): p.parties for p in app.permitted_acts(NUMBER, viewer=viewer, as_of=when)}
    for name in ("withdraw-petition", "amend-objection", "withdraw-objection"):
        assert (name, "perform") not in offered, name
        assert offered.get((name, "record")) == ("rwdsu",), (name, offered.get((name, "record")))
    assert not {a for a, _ in offered} & {"oppose-review", "move-for-reconsideration", "board-ruling"}
    assert ("file-objections", "perform") in offered


def test_a_motion_for_reconsideration_is_offered_while_its_period_runs(configured_db: Path) -> None:
    """Bessemer after the Regional Director's 2021 decision: the motion is offered the next day and
    perform() files it; a month on the period has run, it is not offered and perform() refuses it
    as untimely."""
    from datetime import timedelta

    from sqlmodel import Session

    from casefile import app
    from casefile.acts import Who
    from casefile.record.db import get_engine
    from casefile.record.lookups import get_case
    from tests.acts.procedure import EVENTS, NUMBER, noon, scenario

    spec = scenario()
    app.perform(spec.opening(), as_of=noon(spec.events[0]), by=Who.operator(), documents="none")
    for event in spec.events[:EVENTS["rd-decision"] + 1]:
        app.perform(event, case_number=NUMBER, as_of=noon(event), by=Who.operator(), documents="none")
    decided = noon(spec.events[EVENTS["rd-decision"]])
    with Session(get_engine()) as session:
        session.info[RECORDED_BY] = "operator:tests"  # acts tried, never committed
        case = get_case(session, NUMBER)
        for when, expected in ((decided + timedelta(days=1), True), (decided + timedelta(days=30), False)):
            motion = {"act": "move-for-reconsideration", "party": "rwdsu", "grounds": ["A material error."],
                      "date": when.date().isoformat()}
            refused = _try(session, case, motion, when)
            assert allowed_now(session, case, "move-for-reconsideration", as_of=when) is expected
            assert (refused is None) is expected, refused
            if not expected:
                assert "untimely" in refused, refused  # type: ignore[operator]


def test_the_offer_of_proof_and_its_extension_are_the_objecting_partys(configured_db: Path) -> None:
    """Bessemer after RWDSU's 2021 objections (Amazon filed none): RWDSU is offered the offer of
    proof, Amazon is not (perform() refuses Amazon's: it filed no objections, 102.69(a)(8)); Amazon's
    request for an extension of the offer-of-proof period is refused (field ``party``) and stores
    nothing; request-extension is offered to Amazon only while some other period is open."""
    from sqlmodel import Session

    from casefile import app
    from casefile.acts import Who, parse_act
    from casefile.errors import ProcedureError
    from casefile.record.db import get_engine
    from casefile.record.lookups import get_case, get_party
    from casefile.record.models import Deadline
    from casefile.vocab import DeadlineKind, DeadlineStatus
    from tests.acts.procedure import NUMBER, noon, scenario
    from tests.acts.snapshot import default_snapshot

    spec = scenario()
    app.perform(spec.opening(), as_of=noon(spec.events[0]), by=Who.operator(), documents="none")
    # the offer to come: no witness and witnesses_public true (the fixture's false says an offer came with them)
    for event in (spec.events[0], spec.events[1].model_copy(update={"offer_of_proof": [], "witnesses_public": True})):
        app.perform(event, case_number=NUMBER, as_of=noon(event), by=Who.operator(), documents="none")
    when = noon(spec.events[1])
    day = when.date().isoformat()
    offer = {"act": "file-offer-of-proof", "witnesses": [{"objection": 1, "witness": "A. Worker",
                                                          "summary": "Saw the collection box."}], "date": day}
    with Session(get_engine()) as session:
        session.info[RECORDED_BY] = "operator:tests"  # acts tried, never committed
        case = get_case(session, NUMBER)
        rwdsu, amazon = get_party(session, case, "rwdsu"), get_party(session, case, "amazon")
        assert allowed_now(session, case, "file-offer-of-proof", as_of=when, party=rwdsu)
        assert not allowed_now(session, case, "file-offer-of-proof", as_of=when, party=amazon)
        assert _try(session, case, {**offer, "party": "rwdsu"}, when) is None
        refused = _try(session, case, {**offer, "party": "amazon"}, when)
        assert refused is not None and refused.startswith("Amazon.com Services LLC filed no objections in election 1")
        open_kinds = {d.kind for d in session.exec(select(Deadline).where(Deadline.case_id == case.id,
                                                                          Deadline.status == DeadlineStatus.OPEN))}
    assert DeadlineKind.OFFER_OF_PROOF in open_kinds, open_kinds
    request = parse_act({"act": "request-extension", "party": "amazon", "kind": "offer-of-proof", "date": day,
                         "reasons": "Counsel needs more time."})
    before = default_snapshot()
    with pytest.raises(ProcedureError, match="filed no objections in election 1") as caught:
        app.perform(request, case_number=NUMBER, as_of=when, by=Who.operator(), documents="none")
    assert caught.value.field == "party"
    assert default_snapshot() == before
    with Session(get_engine()) as session:
        session.info[RECORDED_BY] = "operator:tests"  # acts tried, never committed
        case = get_case(session, NUMBER)
        offered = allowed_now(session, case, "request-extension", as_of=when, party=get_party(session, case, "amazon"))
        assert allowed_now(session, case, "request-extension", as_of=when, party=get_party(session, case, "rwdsu"))
    others = open_kinds - {DeadlineKind.OFFER_OF_PROOF, DeadlineKind.OBJECTIONS, DeadlineKind.REVISED_TALLY_OBJECTIONS}
    assert others == {DeadlineKind.HEARING_OPENS} and offered  # the hearing's date may still be asked to move
    with Session(get_engine()) as session:  # with the offer of proof the only open period: not offered to Amazon
        case = get_case(session, NUMBER)
        for d in session.exec(select(Deadline).where(Deadline.case_id == case.id,
                                                     Deadline.kind == DeadlineKind.HEARING_OPENS)):
            d.status = DeadlineStatus.MET
        session.flush()
        assert not allowed_now(session, case, "request-extension", as_of=when, party=get_party(session, case, "amazon"))
        assert allowed_now(session, case, "request-extension", as_of=when, party=get_party(session, case, "rwdsu"))
        session.rollback()


def test_correct_tally_is_offered_only_once_a_tally_is_recorded(configured_db: Path) -> None:
    """The new user's trial: "Correct the tally of ballots" was offered on a case with no tally yet (and refused when
    tried). It is offered from the first tally on."""
    from casefile import app
    from casefile.record.authority import OPERATOR
    from tests.acts.example_cases import prepare_schema
    from tests.acts.live_case import NUMBER, OPENED_AT, TALLY, TALLY_AT, opening, perform

    prepare_schema()
    perform(opening(), as_of=OPENED_AT)
    offered = {p.act for p in app.permitted_acts(NUMBER, viewer=OPERATOR, as_of=OPENED_AT)}
    assert "correct-tally" not in offered and "record-tally" in offered
    perform(TALLY, as_of=TALLY_AT)
    assert "correct-tally" in {p.act for p in app.permitted_acts(NUMBER, viewer=OPERATOR, as_of=TALLY_AT)}
