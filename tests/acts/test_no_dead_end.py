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


def objected() -> ExampleCase:
    """Walter E. Selck (17-15, 4 challenged: determinative) and objections of the employer, swept to 1974-05-20."""
    c = selck()
    c.carry(2)
    c.perform(c.act({"act": "file-objections", "date": date(1974, 5, 3), "party": "selck",
                     "objections": ["[hypothetical objection of the employer]"]}))
    c.sweep(c.at_noon(date(1974, 5, 20)))
    return c


def hearing_closed() -> ExampleCase:
    """:func:`objected`, and one hearing on the objections and the challenged ballots, opened and closed (no
    report yet)."""
    c = objected()
    for event in (
        {"act": "notice-hearing", "date": date(1974, 5, 20), "opens_on": date(1974, 6, 3), "challenges": True},
        {"act": "open-hearing", "date": date(1974, 6, 3)},
        {"act": "close-hearing", "date": date(1974, 6, 4)},
    ):
        c.perform(c.act(event))
    return c


def heard_together() -> ExampleCase:
    """:func:`hearing_closed`, and the report recommending that the objections be overruled."""
    c = hearing_closed()
    c.perform(c.act({"act": "ho-report", "date": date(1974, 6, 20), "result": "overrule",
                     "rulings": {"selck": {1: "overruled"}}, "challenges": RECOMMENDED}))
    return c


#: The report's recommendations on the four ballots set for hearing: the two laid off counted, the two supervisors not.
RECOMMENDED = [{"ground": "laid off", "ruling": "overruled"}, {"ground": "supervisor", "ruling": "sustained"}]


class TestEveryBallotSetForHearingIsRuledOn:
    """The notice set the four challenged ballots for hearing: the report rules on each (per voter or per ground), and
    so does a decision that rules on them; one that leaves any out is refused naming them, storing nothing
    (29 CFR 102.69(c)(1)(iii))."""

    def test_a_report_silent_on_the_ballots_is_refused(self, configured_db: Path) -> None:
        from casefile.errors import BadInput

        c = hearing_closed()
        report = {"act": "ho-report", "date": date(1974, 6, 20), "result": "overrule", "rulings": {"selck": {1: "overruled"}}}
        error = c.refused(c.act(report), BadInput)
        assert str(error) == ("the Hearing Officer's report rules on 0 of the 4 challenged ballots set for hearing: it "
                              "must rule on each, per voter or per ground (29 CFR 102.69(c)(1)(iii)); not ruled on: "
                              "voter 1, voter 2, voter 3, voter 4")
        error = c.refused(c.act({**report, "challenges": RECOMMENDED[:1]}), BadInput)
        assert str(error).startswith("the Hearing Officer's report rules on 2 of the 4 challenged ballots set for hearing")
        assert str(error).endswith("not ruled on: " + ", ".join(v for v, g in grounds().items() if g == "supervisor"))
        assert stage() is Stage.HEARING_CLOSED

    def test_a_decision_ruling_on_some_is_refused(self, configured_db: Path) -> None:
        from casefile.errors import BadInput

        c = heard_together()
        error = c.refused(c.act({"act": "rd-decision", "date": date(1974, 7, 15), "result": "overrule",
                                 "rulings": {"selck": {1: "overruled"}}, "challenges": RECOMMENDED[1:]}), BadInput)
        assert str(error).startswith("the Regional Director's decision rules on 2 of the 4 challenged ballots set for "
                                     "hearing")
        assert set(statuses().values()) == {"pending"}


def grounds() -> dict[str, str]:
    from casefile.record.models import ChallengedBallot

    with read_session() as s:
        return {b.voter: b.ground for b in s.exec(select(ChallengedBallot))}


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
        assert "certification" not in now  # its stage accepts it, but not while the outcome is pending (guard)
        c.perform(c.act({"act": "rule-on-challenges", "date": date(1974, 7, 15), "status": "overruled",
                         "ground": "laid off"}))
        assert "revised-tally" in offered(c, date(1974, 7, 17))
        c.perform(c.act({"act": "revised-tally", "date": date(1974, 7, 17), "counted": {SELCK_UNION: 2}}))
        assert stage() is Stage.REVISED_TALLY_ISSUED
        c.sweep(c.at_noon(date(1974, 8, 1)))
        assert stage() is Stage.CERTIFICATION_DUE
        c.perform(c.act({"act": "certification", "date": date(1974, 8, 1)}))
        assert stage() is Stage.CERTIFIED


def decision_context(kind: str = "rd-decision"):  # type: ignore[no-untyped-def]
    """The context the Decision on Objections (or the Hearing Officer's Report, or the judge's decision) is built from."""
    from casefile.documents.kinds.alj_decision import ALJDecision
    from casefile.documents.kinds.decision_on_objections import DecisionOnObjections
    from casefile.documents.kinds.hearing_officer_report import HearingOfficerReport
    from casefile.documents.record_view import CaseRecord
    from casefile.record.models import Decision

    document = {"rd-decision": DecisionOnObjections, "alj-decision": ALJDecision}.get(kind, HearingOfficerReport)
    with read_session() as s:
        decision = s.exec(select(Decision).where(Decision.kind == kind)).one()
        built = document.build(CaseRecord(s, s.exec(select(Case)).one()), decision)
        return built.context, document.title(built.context)


def statuses() -> dict[str, str]:
    from casefile.record.models import ChallengedBallot

    with read_session() as s:
        return {b.voter: b.status.value for b in s.exec(select(ChallengedBallot))}


class TestChallengesDecidedWithTheObjections:
    def test_the_report_recommends_and_the_decision_rules_on_both(self, configured_db: Path) -> None:
        """The report recommends (no ballot's status changes); the Regional Director overrules the objections and,
        in the same act, overrules the laid-off challenges (to be counted) and sustains the supervisor ones: the
        revised tally follows the order, then the certification; the documents state both rulings."""
        c = hearing_closed()
        report = c.perform(c.act({"act": "ho-report", "date": date(1974, 6, 20), "result": "overrule",
                                  "rulings": {"selck": {1: "overruled"}}, "challenges": RECOMMENDED}))
        assert report.summary == ("Hearing Officer's Report: recommends that the objections be overruled; recommended: "
                                  "2 challenged ballots sustained; 2 overruled, recommended opened and counted")
        assert set(statuses().values()) == {"pending"}
        ctx, title = decision_context("ho-report")
        assert title == "Hearing Officer's Report and Recommendations on Objections and Challenged Ballots"
        assert [(i.voter, i.disposition) for i in ctx.challenges] == [
            ("voter 1", "sustained"), ("voter 2", "sustained"), ("voter 3", "overruled: open and count"),
            ("voter 4", "overruled: open and count")]
        decided = c.perform(c.act({"act": "rd-decision", "date": date(1974, 7, 15), "result": "overrule",
                                   "rulings": {"selck": {1: "overruled"}}, "challenges": RECOMMENDED}))
        assert decided.summary == ("Regional Director's Decision: objections overruled; 2 challenged ballots sustained; "
                                   "2 overruled, to be opened and counted (revised tally)")
        assert statuses() == {"voter 1": "sustained", "voter 2": "sustained", "voter 3": "overruled",
                              "voter 4": "overruled"}
        assert stage() is Stage.RD_DECISION
        ctx, title = decision_context()
        assert title == "Decision on Objections and Challenged Ballots"
        assert (ctx.count_ordered, ctx.tally_stands) == (True, False)
        assert [(i.voter, i.disposition) for i in ctx.challenges] == [
            ("voter 1", "sustained"), ("voter 2", "sustained"), ("voter 3", "overruled"), ("voter 4", "overruled")]
        c.perform(c.act({"act": "revised-tally", "date": date(1974, 7, 17), "counted": {SELCK_UNION: 2}}))
        c.sweep(c.at_noon(date(1974, 8, 1)))
        assert stage() is Stage.CERTIFICATION_DUE
        cert = c.perform(c.act({"act": "certification", "date": date(1974, 8, 1)}))
        assert cert.summary.startswith(f"Certification of Representative: {SELCK_UNION}")

    def test_every_challenge_sustained_the_tally_stands_and_certification_follows(self, configured_db: Path) -> None:
        """All four challenges sustained in the decision: 17-15 stands (102.69(c)(1)(i)) — certification due at once,
        no revised tally and no period for objections to one; the Union is certified."""
        from casefile.record.models import Deadline, Tally
        from casefile.vocab import DeadlineKind

        c = heard_together()
        decided = c.perform(c.act({"act": "rd-decision", "date": date(1974, 7, 15), "result": "overrule",
                                   "rulings": {"selck": {1: "overruled"}},
                                   "challenges": [{"ground": "laid off", "ruling": "sustained"},
                                                  {"voters": ["voter 1", "voter 2"], "ruling": "sustained"}]}))
        assert decided.summary == "Regional Director's Decision: objections overruled; 4 challenged ballots sustained"
        assert stage() is Stage.CERTIFICATION_DUE
        ctx, _ = decision_context()
        assert (ctx.count_ordered, ctx.tally_stands, ctx.representative) == (False, True, SELCK_UNION)
        cert = c.perform(c.act({"act": "certification", "date": date(1974, 7, 16)}))
        assert cert.summary.startswith(f"Certification of Representative: {SELCK_UNION}")
        assert stage() is Stage.CERTIFIED
        with read_session() as s:
            assert len(s.exec(select(Tally)).all()) == 1
            assert not s.exec(select(Deadline).where(Deadline.kind == DeadlineKind.REVISED_TALLY_OBJECTIONS)).all()

    def test_a_ruling_sustaining_every_challenge_makes_the_certification_due(self, configured_db: Path) -> None:
        """No objections, 4 determinative challenges in investigation: sustaining them all leaves 17-15 standing —
        certification-due, then certified, with no revised tally."""
        c = selck()
        c.carry(2)
        c.sweep(c.at_noon(date(1974, 5, 20)))
        assert stage() is Stage.CHALLENGE_INVESTIGATION
        c.perform(c.act({"act": "rule-on-challenges", "date": date(1974, 6, 1), "status": "sustained",
                         "all_pending": True}))
        assert stage() is Stage.CERTIFICATION_DUE
        c.perform(c.act({"act": "certification", "date": date(1974, 6, 3)}))
        assert stage() is Stage.CERTIFIED

    def test_a_ballot_ruled_on_twice_is_refused_and_stores_nothing(self, configured_db: Path) -> None:
        """The same voter in two rulings of one decision is refused (BadInput); the election stays as it was."""
        from casefile.errors import BadInput

        c = heard_together()
        c.refused(c.act({"act": "rd-decision", "date": date(1974, 7, 15), "result": "overrule",
                         "challenges": [{"voters": ["voter 1"], "ruling": "sustained"},
                                        {"voters": ["voter 1"], "ruling": "overruled"}]}), BadInput)
        assert stage() is Stage.HO_REPORT_ISSUED
        assert set(statuses().values()) == {"pending"}


class TestTheJudgeRulesOnTheChallengesWithTheObjections:
    def test_the_judges_decision_states_its_rulings_on_the_ballots_set_for_hearing(self, configured_db: Path) -> None:
        """Objections and the four challenged ballots consolidated for hearing before a judge (a hypothetical
        unfair-labor-practice case, 13-CA-099999, joined to Selck): the judge's decision recommends overruling the objections and
        rules on the ballots as the report and the Regional Director do — the laid-off ballots opened and counted,
        the supervisors' not; a recommended order (no ballot's status changes, 29 CFR 102.45(a)); the record copy
        states both rulings, per voter. One ruling on only some of them is refused, storing nothing."""
        from pypdf import PdfReader

        from casefile.errors import BadInput

        c = objected()
        c.perform(c.act({"act": "consolidate-with-ulp", "date": date(1974, 5, 20), "opens_on": date(1974, 6, 3),
                         "challenges": True, "ulp_cases": ["13-CA-099999"]}))
        decision = {"act": "alj-decision", "date": date(1974, 8, 20), "result": "overrule",
                    "issuer": "[hypothetical judge]", "rulings": {"selck": {1: "overruled"}}}
        error = c.refused(c.act({**decision, "challenges": RECOMMENDED[1:]}), BadInput)
        assert str(error).startswith("the Administrative Law Judge's decision rules on 2 of the 4 challenged ballots "
                                     "set for hearing")
        assert stage() is Stage.ALJ_CONSOLIDATED
        result = c.perform(c.act({**decision, "challenges": RECOMMENDED}), documents="issue")
        assert result.summary == ("Administrative Law Judge's Decision: overrule; recommended: 2 challenged ballots "
                                  "sustained; 2 overruled, recommended opened and counted")
        assert set(statuses().values()) == {"pending"}
        ctx, title = decision_context("alj-decision")
        assert title == "Decision of the Administrative Law Judge"
        assert [(i.voter, i.challenged_by, i.ground, i.disposition) for i in ctx.challenges] == [
            ("voter 1", SELCK_UNION, "supervisor", "sustained"), ("voter 2", SELCK_UNION, "supervisor", "sustained"),
            ("voter 3", "Walter E. Selck and Co.", "laid off", "overruled: open and count"),
            ("voter 4", "Walter E. Selck and Co.", "laid off", "overruled: open and count")]
        [doc] = result.documents
        text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(doc.path).pages)
        assert "consolidated for hearing with the objections and challenged ballots in Case 13-RC-13325" in text
        assert ("RECOMMENDED RULINGS ON THE CHALLENGED BALLOTS The challenged ballots consolidated for hearing with the "
                "objections are ruled on as follows") in text
        assert ("Voter Challenged by Ground Ruling voter 1 Union supervisor sustained voter 2 Union supervisor sustained "
                "voter 3 Walter E. Selck and Co. laid off overruled: open and count voter 4 Walter E. Selck and Co. laid "
                "off overruled: open and count") in text  # then the page's end (the record-copy note on page 1 moved it)
        assert "REMEDY It is recommended" in text
        assert ("It is recommended that the objections be overruled, that the challenges to 2 ballots be sustained, "
                "and that the 2 ballots whose challenges are overruled be opened and counted.") in text
        assert "remain unopened" not in text
