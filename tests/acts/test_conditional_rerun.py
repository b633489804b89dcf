"""A second election directed on a condition that a later revised tally decides (rd-decision with
``condition: no-union-majority``), and the two refusals issue 10 found.

Real histories:
- Cornell-Dubilier Electric Corp., 117 NLRB 358 (1957), Case 11-RC-850 (tests/acts/real_histories.py):
  526 for the Petitioner, 533 against, 22 challenged; 16 challenges sustained, 6 overruled; objections 1
  and 2 found to warrant a new election, deferred until the six ballots were counted. The count's date
  and split are not in the decision: whatever the split, 526 + 6 = 532 is no majority of 1,065 — the
  second election stands for every split, which the test checks for each.
- Starbucks, Genesee Street, 03-RC-282139 (examples/starbucks-genesee-03-RC-282139.yaml): the real
  ruling of 2022-01-10 and the real revised tally (15-9) with a conditional direction on the union's
  objections that the record does not have (hypothetical): a majority for the union — the direction
  lapses and the union is certified, the real outcome.
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest
from pypdf import PdfReader
from sqlmodel import col, select

from casefile.errors import AlreadyRecorded, BadInput, IllegalTransition, InvalidTally, ProcedureError
from casefile.record.db import read_session
from casefile.record.models import DocketEntry, Document, Election, Objection
from casefile.vocab import Disposition, DocumentKind, ElectionKind, Stage
from tests.acts import procedure as bessemer
from tests.acts.example_cases import starbucks
from tests.acts.real_histories import IBEW, OPENED, conditional_direction, cornell_dubilier


def _election(sequence: int = 1) -> Election:
    with read_session() as s:
        return s.exec(select(Election).where(Election.sequence == sequence)).one()


def _revised(case, ibew: int, on: date = date(1957, 2, 20)):  # type: ignore[no-untyped-def]
    """The count of the six ballots the Board ordered opened "within ten days" of 1957-02-10 (date and split not in the
    decision), with the sixteen sustained challenges dropped."""
    return case.act({"act": "revised-tally", "date": on, "opened": 6, "sustained": 16, "counted": {IBEW: ibew},
                     "counted_against": 6 - ibew})


@pytest.fixture
def directed(configured_db: Path):  # type: ignore[no-untyped-def]
    case = cornell_dubilier()
    case.carry(2)
    case.perform(case.act(conditional_direction()))
    return case


class TestCornellDubilier:
    def test_the_direction_is_recorded_conditionally(self, directed) -> None:  # type: ignore[no-untyped-def]
        """The decision sets election 1 aside and directs the rerun on the condition; objections 1-2 sustained, 3-7
        overruled, 8 undecided; no Decision and Direction issues yet."""
        election = _election()
        assert (election.stage, election.next_kind) == (Stage.RERUN_DIRECTED, ElectionKind.RERUN)
        with read_session() as s:
            dispositions = {o.number: o.disposition for o in s.exec(select(Objection))}
            assert s.exec(select(Document).where(
                Document.kind == DocumentKind.DECISION_AND_DIRECTION_OF_SECOND_ELECTION)).first() is None
        assert dispositions == {1: Disposition.SUSTAINED, 2: Disposition.SUSTAINED, **dict.fromkeys(
            range(3, 8), Disposition.OVERRULED), 8: Disposition.PENDING}

    @pytest.mark.parametrize("ibew", range(7))
    def test_the_revised_tally_after_the_direction_keeps_the_rerun_for_every_split(self, directed, ibew: int) -> None:  # type: ignore[no-untyped-def]
        """Counted after the rerun was directed: 526 + ibew for, 533 + (6 - ibew) against — never a majority of 1,065, so the
        election stays set aside and the second election directed."""
        result = directed.perform(_revised(directed, ibew))
        assert "the second election directed on that condition stands" in result.summary
        election = _election()
        assert (election.stage, election.next_kind) == (Stage.RERUN_DIRECTED, ElectionKind.RERUN)

    def test_the_condition_met_issues_the_supplemental_direction_on_the_tallys_date(self, directed) -> None:  # type: ignore[no-untyped-def]
        """The revised tally that meets the condition issues its record copy and the Supplemental Decision and Direction
        of Second Election, dated the revised tally's own day (1957-02-20), not the decision's (1956-11-08)."""
        result = directed.perform(_revised(directed, 6), documents="issue")
        kinds = [d.kind for d in result.documents]
        assert kinds == [DocumentKind.REVISED_TALLY_OF_BALLOTS.value, DocumentKind.SUPPLEMENTAL_DECISION_AND_DIRECTION.value]
        with read_session() as s:
            direction = s.exec(select(Document).where(
                Document.kind == DocumentKind.SUPPLEMENTAL_DECISION_AND_DIRECTION)).one()
            assert s.exec(select(Document).where(
                Document.kind == DocumentKind.DECISION_AND_DIRECTION_OF_SECOND_ELECTION)).first() is None
        assert direction.issued_on == date(1957, 2, 20)

    def test_the_rerun_waits_for_the_revised_tally(self, directed) -> None:  # type: ignore[no-untyped-def]
        """Before the count, the second election cannot be recorded: it is held only if the count leaves no majority."""
        rerun = directed.act({"act": "record-tally", "date": date(1957, 3, 1), "kind": "rerun", "choices": {IBEW: 500},
                              "against": 500})
        assert "record that revised tally first" in str(directed.refused(rerun, ProcedureError))
        directed.perform(_revised(directed, 3))
        directed.perform(rerun)  # the condition met, the rerun follows (hypothetical figures)
        assert _election(2).kind is ElectionKind.RERUN

    def test_a_condition_needs_determinative_challenges(self, configured_db: Path) -> None:
        """After the revised count the challenges no longer decide anything: a conditional direction is refused."""
        case = starbucks()
        case.carry(5)
        act = case.act({"act": "rd-decision", "date": date(2022, 1, 12), "result": "set-aside",
                        "condition": "no-union-majority"})
        assert case.refused(act, ProcedureError).field == "condition"

    def test_a_condition_goes_with_a_set_aside(self, configured_db: Path) -> None:
        case = cornell_dubilier()
        case.carry(2)
        act = case.act({**conditional_direction(), "result": "overrule"})
        assert case.refused(act, BadInput).field == "condition"


class TestRepeatedOnItsDate:
    """The decision of 1956-11-08 entered again on its date: with its condition a retry (the one record); without it,
    or with the other one, refused in words — the long date, the condition recorded and the one given (29 CFR
    102.69(e)) — and nothing stored (an issued decision is never overwritten)."""

    def test_the_same_condition_is_a_retry(self, directed) -> None:  # type: ignore[no-untyped-def]
        assert directed.retried(directed.act(conditional_direction())).repeated

    def test_without_its_condition_is_refused(self, directed) -> None:  # type: ignore[no-untyped-def]
        given = {k: v for k, v in conditional_direction().items() if k != "condition"}
        error = directed.refused(directed.act(given), AlreadyRecorded)
        assert str(error) == (
            "11-RC-850: the Regional Director's decision of November 8, 1956 is already recorded with other terms "
            "(recorded → given: condition: the second election directed only if the revised tally shows no majority for "
            "a labor organization → no condition); an issued decision is never overwritten: to record it again, give "
            "the terms recorded; a decision that changes it is a later one, on its own date: on a motion for "
            "reconsideration (29 CFR 102.65(e)) or after the Board's review (102.67)")
        assert error.field == "condition"  # type: ignore[attr-defined]
        for internal in ("1956-11-08", "no-union-majority", "None"):
            assert internal not in str(error), internal

    def test_with_the_other_condition_is_refused(self, directed) -> None:  # type: ignore[no-untyped-def]
        error = directed.refused(directed.act({**conditional_direction(), "condition": "union-majority"}), AlreadyRecorded)
        assert ("(recorded → given: condition: the second election directed only if the revised tally shows no majority "
                "for a labor organization → the second election directed only if the revised tally shows a majority for "
                "a labor organization); ") in str(error)

    def test_an_unconditional_decision_given_a_condition_is_refused(self, configured_db: Path) -> None:
        """Bessemer's set-aside of 2021-11-29 (no condition) entered again with one: "no condition" recorded."""
        bessemer.carry("rd-decision")
        given = bessemer.event("rd-decision").model_copy(update={"condition": "no-union-majority"})
        error = bessemer.refused(given, AlreadyRecorded)
        assert ("(recorded → given: condition: no condition → the second election directed only if the revised tally "
                "shows no majority for a labor organization); ") in str(error)


class TestDocketWords:
    def test_the_decisions_own_summary_comes_last_after_its_condition(self, configured_db: Path) -> None:
        """The docket line of a conditional direction with the decision's own summary: its condition and then the
        summary, whole — not "... recommendations.; the second election ..." (the condition joined after a full stop)."""
        case = starbucks()
        case.carry(4)
        result = case.perform(case.act({"act": "rd-decision", "date": date(2022, 1, 10), "result": "set-aside",
                                        "condition": "no-union-majority", "rulings": {"workers-united": {1: "sustained"}},
                                        "summary": "The Regional Director adopts the Hearing Officer's recommendations."}))
        assert ".;" not in result.summary
        assert result.summary.startswith("Regional Director's Decision: objections sustained; ")
        assert result.summary.endswith(" — The Regional Director adopts the Hearing Officer's recommendations.")


class TestGeneseeLapse:
    def test_a_majority_on_the_revised_tally_lapses_the_direction(self, configured_db: Path) -> None:
        """Genesee: the union's objection sustained on the condition (hypothetical), the six challenges sustained (real,
        2022-01-10), the revised tally 15-9 (real): Workers United has a majority, the direction lapses, its objection is
        moot, and after the revised tally's objection period the certification is due — the real outcome."""
        case = starbucks()
        case.carry(4)  # tally, register, the union's objections, the ruling of 2022-01-10
        case.perform(case.act({"act": "rd-decision", "date": date(2022, 1, 10), "result": "set-aside",
                               "condition": "no-union-majority", "rulings": {"workers-united": {1: "sustained"}},
                               "uncertain": "hypothetical: the record has no such decision"}))
        assert _election().stage is Stage.RERUN_DIRECTED
        result = case.perform(case.events[4])  # revised tally 2022-01-10, 15-9
        assert "Workers United has a majority" in result.summary
        election = _election()
        assert (election.stage, election.next_kind) == (Stage.REVISED_TALLY_ISSUED, None)
        with read_session() as s:
            (objection,) = s.exec(select(Objection)).all()
        assert objection.disposition is Disposition.MOOT
        case.sweep(case.at_noon(date(2022, 1, 19)))
        assert _election().stage is Stage.CERTIFICATION_DUE
        case.perform(case.act({"act": "certification", "date": date(2022, 1, 19)}))
        assert _election().stage is Stage.CERTIFIED


class TestIssueTenRefusalsFixed:
    def test_an_rd_decision_right_after_a_revised_tally(self, configured_db: Path) -> None:
        """Genesee after its revised tally (15-9): the Regional Director's decision on what is left is allowed (the
        transition table has revised-tally-issued → rd-decision)."""
        case = starbucks()
        case.carry(5)
        case.perform(case.act({"act": "rd-decision", "date": date(2022, 1, 11), "result": "overrule"}))
        assert _election().stage is Stage.CERTIFICATION_DUE

    def test_a_revised_tally_after_an_unconditional_set_aside_is_still_refused(self, configured_db: Path) -> None:
        """Bessemer's 2021 election, set aside without condition on 2021-11-29: nothing is left to count."""
        bessemer.carry("rd-decision")
        act = bessemer.act({"act": "revised-tally", "date": date(2021, 12, 1), "opened": 1, "sustained": 0,
                            "counted": {bessemer.RWDSU: 1}})
        assert "without condition" in str(bessemer.refused(act, IllegalTransition))


def _text(path: str) -> str:
    """The words of a PDF, whitespace folded (pypdf)."""
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in PdfReader(path).pages))


def _documents(kind: DocumentKind) -> list[Document]:
    with read_session() as s:
        return list(s.exec(select(Document).where(Document.kind == kind).order_by(col(Document.id))))


@pytest.fixture
def registered(configured_db: Path):  # type: ignore[no-untyped-def]
    """Cornell-Dubilier with its 22 challenged ballots registered: the six voters the Regional Director overruled
    (named at 117 NLRB 359) and sixteen whose names, challengers and grounds the decision does not give."""
    case = cornell_dubilier()
    case.carry(2)
    unnamed = [f"[NOT IN THE PUBLIC RECORD: voter {n}]" for n in range(7, 23)]
    case.perform(case.act({"act": "register-challenges", "date": date(1956, 7, 20), "challenges": [
        {"voter": voter, "challenged_by": "board-agent", "ground": "[NOT IN THE PUBLIC RECORD: ground]"}
        for voter in (*OPENED, *unnamed)]}))
    return case


def _conditional_with_rulings() -> dict[str, object]:
    """The decision of 1956-11-08 ruling in the same act on the ballots: the six named overruled, the sixteen
    others sustained (117 NLRB at 359)."""
    return {**conditional_direction(), "challenges": [{"voters": list(OPENED), "ruling": "overruled"},
                                                      {"ruling": "sustained"}]}


class TestEachDocumentOnItsOwnDate:
    """29 CFR 102.69(e): the challenged ballots ordered opened are counted on a revised tally; the Regional Director's
    conditional direction (Cornell-Dubilier, 117 NLRB 358: the objections "of consequence only if the ballots ... could
    affect the ultimate election results") sets the election aside only on the count's result. The decision issues
    its own document on its own date, saying the condition; the revised tally that meets it directs the election on
    its date; one that does not leads to the certification on the certification's date."""

    def test_the_conditional_decision_issues_on_its_date_stating_its_condition(self, registered) -> None:  # type: ignore[no-untyped-def]
        """1956-11-08: the Decision on Objections and Challenged Ballots and Conditional Direction, quoting the tally
        of 1956-07-20 and naming the six ballots to be opened, the sixteen sustained, and both results of the count."""
        result = registered.perform(registered.act(_conditional_with_rulings()), documents="issue")
        assert [d.kind for d in result.documents] == [DocumentKind.DECISION_AND_CONDITIONAL_DIRECTION.value]
        (decision,) = _documents(DocumentKind.DECISION_AND_CONDITIONAL_DIRECTION)
        assert decision.issued_on == date(1956, 11, 8)
        text = _text(decision.path)
        for words in (
            "DECISION ON OBJECTIONS AND CHALLENGED BALLOTS AND CONDITIONAL DIRECTION OF SECOND ELECTION",
            "Dated: November 8, 1956",
            f"526 votes for {IBEW}; 533 votes against participating labor organization(s)",
            "1,059 valid votes counted; and 22 challenged ballots, a number sufficient to affect the results",
            "IT IS DIRECTED that the ballots of G. Bradford, A. Fallin, E. Wester, C. Kelly, M. Maddox, and P. Poindexter "
            "(6 ballots) be opened and counted",
            "The challenges to 16 ballots are sustained; those ballots will not be counted.",
            f"If the revised tally shows that {IBEW} has not received a majority of the valid votes counted, the election "
            "held on July 20, 1956 is set aside and a second election will be conducted",
            f"If the revised tally shows that {IBEW} has received a majority of the valid votes counted, the objections "
            "sustained above are moot,", "no second election will be held",  # a page may break between them
            "a Certification of Representative will issue (29 CFR 102.69(e))",
            # the tally as it was is history ("a number sufficient" above); after the rulings only the six are left,
            # and they cannot give the Petitioner a majority (117 NLRB at 359-360: 526 + 6 of 1,065)
            "only if the 6 challenged ballots left to be counted after the rulings above do not give a labor "
            "organization a majority of the valid votes",
            f"The 6 challenged ballots ordered opened and counted (the other 16 sustained) cannot give a labor "
            f"organization a majority of the valid votes: {IBEW} would have at most 532 of 1,065 valid votes; the revised "
            "tally will therefore meet the condition stated below.",
        ):
            assert words in text, words
        assert "which are sufficient in number to affect the results" not in text  # said of the six: not so
        assert "NOTICE OF SECOND ELECTION" not in text  # nothing is directed yet
        with read_session() as s:
            said = [e.summary for e in s.exec(select(DocketEntry).where(DocketEntry.act == "set-aside"))]
        assert said == ["Election 1 set aside only if the revised tally of the challenged ballots shows no majority for a "
                        "labor organization: the count decides"]
        assert _documents(DocumentKind.SUPPLEMENTAL_DECISION_AND_DIRECTION) == []

    def test_the_count_that_meets_the_condition_directs_the_election_on_its_date(self, registered) -> None:  # type: ignore[no-untyped-def]
        """1957-02-20 (the count's date and split are the test's: not in the decision): 3 of the 6 for the Petitioner,
        529-536 — no majority of 1,065. The Supplemental Decision and Direction of Second Election is dated that day,
        quotes the revised tally's figures and carries the Notice of Second Election; the conditional decision's
        document is the one issued on 1956-11-08, unchanged, and never quotes the later count."""
        registered.perform(registered.act(_conditional_with_rulings()), documents="issue")
        (decision,) = _documents(DocumentKind.DECISION_AND_CONDITIONAL_DIRECTION)
        result = registered.perform(registered.act({"act": "revised-tally", "date": date(1957, 2, 20),
                                                    "counted": {IBEW: 3}, "counted_against": 3}), documents="issue")
        assert [d.kind for d in result.documents] == [DocumentKind.REVISED_TALLY_OF_BALLOTS.value,
                                                      DocumentKind.SUPPLEMENTAL_DECISION_AND_DIRECTION.value]
        (direction,) = _documents(DocumentKind.SUPPLEMENTAL_DECISION_AND_DIRECTION)
        assert direction.issued_on == date(1957, 2, 20)
        text = _text(direction.path)
        for words in (
            "SUPPLEMENTAL DECISION AND DIRECTION OF SECOND ELECTION", "Dated: February 20, 1957",
            f"The Revised Tally of Ballots made available on February 20, 1957 shows 529 votes for {IBEW}; 536 votes "
            "against participating labor organization(s); 1,065 valid votes counted; and 0 challenged ballots",
            f"The Tally of Ballots prepared on July 20, 1956 showed 526 votes for {IBEW}; 533 votes against",
            "On November 8, 1956 the Regional Director sustained the objections listed below",
            "the condition of the decision of November 8, 1956 is met",
            "the election held on July 20, 1956 is set aside and a second election is directed",
            "payroll period ending immediately before the date of the Notice of Second Election, including",
            "NOTICE OF SECOND ELECTION", "The election conducted on July 20, 1956 was set aside.",
        ):
            assert words in text, words
        (again,) = _documents(DocumentKind.DECISION_AND_CONDITIONAL_DIRECTION)
        assert (again.id, again.sha256, again.issued_on) == (decision.id, decision.sha256, date(1956, 11, 8))
        earlier = _text(decision.path)
        assert "529" not in earlier and "536" not in earlier and "February 20, 1957" not in earlier
        election = _election()
        assert (election.stage, election.next_kind) == (Stage.RERUN_DIRECTED, ElectionKind.RERUN)

    def test_a_count_the_register_does_not_hold_is_refused_and_stores_nothing(self, registered) -> None:  # type: ignore[no-untyped-def]
        """After the conditional decision's document is in the output folder: a revised tally counting 7 votes among the
        6 ballots opened is refused, and the database and the output folder are as they were (102.69(e): the ballots
        counted are those ordered opened)."""
        registered.perform(registered.act(_conditional_with_rulings()), documents="issue")
        bad = registered.act({"act": "revised-tally", "date": date(1957, 2, 20), "counted": {IBEW: 4},
                              "counted_against": 3})
        registered.refused(bad, InvalidTally)
        assert _documents(DocumentKind.SUPPLEMENTAL_DECISION_AND_DIRECTION) == []

    def test_a_third_election_is_called_third(self, registered) -> None:  # type: ignore[no-untyped-def]
        """R-O2: a conditional direction in a case's second election directs a third one; the titles say so."""
        registered.perform(registered.act(_conditional_with_rulings()))
        registered.perform(registered.act({"act": "revised-tally", "date": date(1957, 2, 20), "counted": {IBEW: 3},
                                           "counted_against": 3}))
        registered.perform(registered.act({"act": "record-tally", "date": date(1957, 4, 5), "kind": "rerun",
                                           "choices": {IBEW: 520}, "against": 521, "challenged": 9}))
        registered.perform(registered.act({"act": "register-challenges", "date": date(1957, 4, 5), "election": 2,
                                           "challenges": [{"voter": f"[NOT IN THE PUBLIC RECORD: rerun voter {n}]",
                                                           "challenged_by": "board-agent", "ground": "eligibility"}
                                                          for n in range(1, 10)]}))
        registered.perform(registered.act({"act": "file-objections", "date": date(1957, 4, 10), "party": "ibew",
                                           "objections": ["[hypothetical: an objection to the rerun]"]}))
        result = registered.perform(registered.act({
            "act": "rd-decision", "date": date(1957, 5, 20), "result": "set-aside", "condition": "no-union-majority",
            "rulings": {"ibew": {1: "sustained"}}, "challenges": [{"ruling": "overruled"}],
            "uncertain": "hypothetical: the second election and its figures are the test's"}), documents="issue")
        assert [d.title for d in result.documents] == [
            "Decision on Objections and Challenged Ballots and Conditional Direction of Third Election"]
        result = registered.perform(registered.act({"act": "revised-tally", "date": date(1957, 6, 3),
                                                    "counted": {IBEW: 4}, "counted_against": 5}), documents="issue")
        assert [d.title for d in result.documents][1:] == ["Supplemental Decision and Direction of Third Election"]
        text = _text(_documents(DocumentKind.SUPPLEMENTAL_DECISION_AND_DIRECTION)[-1].path)
        assert "NOTICE OF THIRD ELECTION" in text and "Dated: June 3, 1957" in text


class TestTheLapseLeadsToTheCertificationOnItsDate:
    def test_genesee_the_majority_on_the_revised_tally_certifies_on_the_certifications_date(self, configured_db: Path) -> None:
        """Genesee (hypothetical direction, real ruling of 2022-01-10 and revised tally 15-9): the conditional decision
        issues on 2022-01-10 naming Workers United in its condition; the revised tally issues its record copy only; the
        Certification of Representative issues on 2022-01-19, its own day, with the revised tally's figures."""
        case = starbucks()
        case.carry(4)
        result = case.perform(case.act({"act": "rd-decision", "date": date(2022, 1, 10), "result": "set-aside",
                                         "condition": "no-union-majority", "rulings": {"workers-united": {1: "sustained"}},
                                         "uncertain": "hypothetical: the record has no such decision"}), documents="issue")
        (decision,) = _documents(DocumentKind.DECISION_AND_CONDITIONAL_DIRECTION)
        assert ([d.kind for d in result.documents], decision.issued_on) == (
            [DocumentKind.DECISION_AND_CONDITIONAL_DIRECTION.value], date(2022, 1, 10))
        union = "Workers United"
        text = _text(decision.path)
        assert ("If the revised tally shows that Workers United has received a majority of the valid votes counted, the "
                "objections sustained above are moot") in text, text
        result = case.perform(case.events[4], documents="issue")
        assert [d.kind for d in result.documents] == [DocumentKind.REVISED_TALLY_OF_BALLOTS.value]
        case.sweep(case.at_noon(date(2022, 1, 19)))
        result = case.perform(case.act({"act": "certification", "date": date(2022, 1, 19)}), documents="issue")
        (certification,) = _documents(DocumentKind.CERTIFICATION_OF_REPRESENTATIVE)
        assert certification.issued_on == date(2022, 1, 19)
        text = _text(certification.path)
        assert "January 19, 2022" in text and union in text
        assert _documents(DocumentKind.SUPPLEMENTAL_DECISION_AND_DIRECTION) == []
