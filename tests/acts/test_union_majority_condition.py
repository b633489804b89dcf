"""The employer's objections sustained while determinative challenged ballots are ordered opened and counted, in one
decision: the direction of the second election is conditional on the revised tally showing a majority for the labor
organization (condition ``union-majority``), the decision issues on its own date stating that condition, and the later
revised tally directs the election (Supplemental Decision and Direction of Second Election) or leads to the
Certification of Results, the objections moot.

The rule: 29 CFR 102.69(c)(1)(i) — the Regional Director decides the objections and challenges together and "may
... direct a new election" or certify; 102.69(e) — ballots ordered opened are counted on a revised tally, and the
certification follows when no objection to it is filed; rules.md R-M1 (the objections matter only if the ballots can
affect the result; Cornell-Dubilier Electric Corp., 117 NLRB 358 (1957), deferring objections until the determinative
ballots were counted), R-M2 (a party that prevailed on the revised count has its objections moot; one that lost has
them decided, the election set aside if they are sustained). The condition's words follow the Board's: "if the revised
tally shows that the Petitioner has received a majority of the valid votes cast, the election will be set aside and a
new election directed; otherwise a certification of results will issue".

The case: Starbucks, Genesee Street, 03-RC-282139 (examples/starbucks-genesee-03-RC-282139.yaml): the real tally of
2021-12-09 (15 for Workers United, 9 against, 7 challenged: determinative) and the real register. The Employer's
objection, the hearing on it and on the seven ballots, the report, the decision and the count are hypothetical: with
the seven counted, one vote for the union makes it 16-15 (a majority of 31), none makes it 15-16 (no majority).
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest
from pypdf import PdfReader
from sqlmodel import col, select

from casefile.errors import ProcedureError
from casefile.record.db import read_session
from casefile.record.models import DocketEntry, Document, Election, Objection
from casefile.vocab import Disposition, DocumentKind, ElectionKind, Stage
from tests.acts.example_cases import ExampleCase, starbucks

UNION = "Workers United"
HYPOTHETICAL = "hypothetical: the Employer's objection, the hearing, the report, the decision and the count are the test's"
DECISION = {"act": "rd-decision", "date": date(2022, 2, 14), "result": "set-aside",
            "rulings": {"starbucks": {1: "sustained"}}, "at_fault": "workers-united",
            "challenges": [{"ruling": "overruled"}], "uncertain": HYPOTHETICAL}


def _election(sequence: int = 1) -> Election:
    with read_session() as s:
        return s.exec(select(Election).where(Election.sequence == sequence)).one()


def _documents(kind: DocumentKind) -> list[Document]:
    with read_session() as s:
        return list(s.exec(select(Document).where(Document.kind == kind).order_by(col(Document.id))))


def _text(path: str) -> str:
    """The words of a PDF, whitespace folded (pypdf)."""
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in PdfReader(path).pages))


def _reported() -> ExampleCase:
    """Genesee's real tally and register; the Employer's objection (hypothetical), one hearing on it and on the seven
    challenged ballots, and the Hearing Officer's report recommending that the objection be sustained and the seven
    ballots opened and counted."""
    c = starbucks()
    c.carry(2)
    for event in (
        {"act": "file-objections", "date": date(2021, 12, 16), "party": "starbucks",
         "objections": ["[hypothetical objection of the Employer: conduct of the Petitioner]"], "uncertain": HYPOTHETICAL},
        {"act": "notice-hearing", "date": date(2021, 12, 23), "opens_on": date(2022, 1, 4), "challenges": True},
        {"act": "open-hearing", "date": date(2022, 1, 4)},
        {"act": "close-hearing", "date": date(2022, 1, 5)},
        {"act": "ho-report", "date": date(2022, 1, 20), "result": "set-aside", "rulings": {"starbucks": {1: "sustained"}},
         "challenges": [{"ruling": "overruled"}]},
    ):
        c.perform(c.act(event))
    c.sweep(c.at_noon(DECISION["date"]))  # type: ignore[arg-type]
    return c


@pytest.fixture
def reported(configured_db: Path) -> ExampleCase:
    return _reported()


def _revised(c: ExampleCase, union: int, on: date = date(2022, 2, 24)) -> dict[str, object]:
    return {"act": "revised-tally", "date": on, "counted": {UNION: union}, "counted_against": 7 - union}


class TestTheDecisionIsOneAct:
    def test_without_a_condition_it_is_refused_naming_the_condition(self, reported: ExampleCase) -> None:
        """The audit's repro: the Employer's objection sustained and the seven determinative ballots ordered counted in
        the same decision. Without a condition the outcome is not known (R-M2): refused, naming ``union-majority`` —
        no longer only "record the revised tally first" — and nothing stored."""
        error = reported.refused(reported.act(DECISION), ProcedureError)
        assert error.field == "condition"  # type: ignore[attr-defined]
        assert "7 ballots ordered opened and counted can still affect the result" in str(error)
        assert ("direct the new election on the condition that the revised tally shows a majority for a labor "
                "organization (condition: union-majority") in str(error)

    def test_the_unions_condition_on_the_employers_objections_is_refused(self, reported: ExampleCase) -> None:
        """``no-union-majority`` would direct the election on the result on which the Employer prevailed: refused,
        naming the condition that fits."""
        error = reported.refused(reported.act({**DECISION, "condition": "no-union-majority"}), ProcedureError)
        assert "on that result the objecting party prevailed and its objections are moot; direct it on the" in str(error)
        assert "(condition: union-majority)" in str(error) and " ;" not in str(error)

    def test_a_condition_with_no_ballot_ruled_on_is_refused(self, configured_db: Path) -> None:
        """No hearing on the ballots and no ruling on them: no revised tally could follow to decide a condition
        (102.69(e)) — refused, nothing stored (it would wait at a second election directed with nothing to count)."""
        c = starbucks()
        c.carry(2)
        c.perform(c.act({"act": "file-objections", "date": date(2021, 12, 16), "party": "starbucks",
                         "objections": ["[hypothetical objection of the Employer]"]}))
        c.sweep(c.at_noon(date(2022, 1, 10)))
        error = c.refused(c.act({**DECISION, "date": date(2022, 1, 10), "condition": "union-majority",
                                 "challenges": []}), ProcedureError)
        assert "none of the election's 7 registered ballots is ruled on: no revised tally could follow" in str(error)

    def test_on_the_condition_it_issues_its_own_decision_on_its_own_date(self, reported: ExampleCase) -> None:
        """2022-02-14: accepted as one act — the objection sustained, the seven ballots overruled, the election set
        aside and the second election directed on the condition; its Decision on Objections and Challenged Ballots and
        Conditional Direction issues that day, stating the condition in the Board's terms and the Certification of
        Results that follows otherwise; nothing directs the election yet (no Notice)."""
        result = reported.perform(reported.act({**DECISION, "condition": "union-majority"}), documents="issue")
        assert [d.kind for d in result.documents] == [DocumentKind.DECISION_AND_CONDITIONAL_DIRECTION.value]
        assert "a majority of the valid votes for a labor organization; otherwise a certification of results" in result.summary
        election = _election()
        assert (election.stage, election.next_kind) == (Stage.RERUN_DIRECTED, ElectionKind.RERUN)
        (decision,) = _documents(DocumentKind.DECISION_AND_CONDITIONAL_DIRECTION)
        assert decision.issued_on == date(2022, 2, 14)
        text = _text(decision.path)
        for words in (
            "DECISION ON OBJECTIONS AND CHALLENGED BALLOTS AND CONDITIONAL DIRECTION OF SECOND ELECTION",
            "Dated: February 14, 2022",
            f"15 votes for {UNION}; 9 votes against participating labor organization(s)",
            "7 challenged ballots, a number sufficient to affect the results",
            "warrant setting aside the election held", "only if the challenged ballots, which are sufficient in number to "
            "affect the results, give a labor organization a majority of the valid votes.",
            f"If the revised tally shows that {UNION} has received a majority of the valid votes counted, the election "
            "held", "is set aside and a second election will be conducted",
            f"If the revised tally shows that {UNION} has not received a majority of the valid votes counted, the "
            "objections sustained above are moot, no second election will be held",
            "a Certification of Results will issue (29 CFR 102.69(e))",
        ):
            assert words in text, words
        assert "NOTICE OF SECOND ELECTION" not in text and "Certification of Representative" not in text
        with read_session() as s:
            said = [e.summary for e in s.exec(select(DocketEntry).where(DocketEntry.act == "set-aside"))]
        assert said == ["Election 1 set aside only if the revised tally of the challenged ballots shows a majority for a "
                        "labor organization: the count decides"]


class TestTheRevisedTallyDecides:
    def test_a_union_majority_directs_the_second_election_on_the_tallys_date(self, reported: ExampleCase) -> None:
        """One of the seven for Workers United: 16-15, a majority of 31 — the condition is met. The Supplemental
        Decision and Direction of Second Election issues on the revised tally's date (2022-02-24), quoting it; the
        conditional decision's own document stays the one of 2022-02-14."""
        reported.perform(reported.act({**DECISION, "condition": "union-majority"}), documents="issue")
        (decision,) = _documents(DocumentKind.DECISION_AND_CONDITIONAL_DIRECTION)
        result = reported.perform(reported.act(_revised(reported, 1)), documents="issue")
        assert "the second election directed on that condition stands" in result.summary
        assert [d.kind for d in result.documents] == [DocumentKind.REVISED_TALLY_OF_BALLOTS.value,
                                                      DocumentKind.SUPPLEMENTAL_DECISION_AND_DIRECTION.value]
        election = _election()
        assert (election.stage, election.next_kind) == (Stage.RERUN_DIRECTED, ElectionKind.RERUN)
        with read_session() as s:
            (objection,) = s.exec(select(Objection)).all()
        assert objection.disposition is Disposition.SUSTAINED
        (direction,) = _documents(DocumentKind.SUPPLEMENTAL_DECISION_AND_DIRECTION)
        assert direction.issued_on == date(2022, 2, 24)
        text = _text(direction.path)
        for words in (
            "SUPPLEMENTAL DECISION AND DIRECTION OF SECOND ELECTION", "Dated: February 24, 2022",
            f"The Revised Tally of Ballots made available on February 24, 2022 shows 16 votes for {UNION}; 15 votes "
            "against participating labor organization(s); 31 valid votes counted",
            f"The revised tally thus shows that {UNION} has received a majority of the valid votes counted: the "
            "condition of the decision of February 14, 2022 is met",
            "NOTICE OF SECOND ELECTION",
        ):
            assert words in text, words
        revised = _text(_documents(DocumentKind.REVISED_TALLY_OF_BALLOTS)[-1].path)
        assert ("Because a labor organization has received a majority of the valid votes counted, the condition of the "
                "Regional Director's decision of February 14, 2022 is met") in revised
        (again,) = _documents(DocumentKind.DECISION_AND_CONDITIONAL_DIRECTION)
        assert (again.id, again.sha256) == (decision.id, decision.sha256)
        assert "February 24, 2022" not in _text(decision.path)

    def test_no_union_majority_moots_the_objections_and_certifies_the_results(self, reported: ExampleCase) -> None:
        """None of the seven for Workers United: 15-16, no majority — the Employer prevailed (R-M2): the direction
        lapses, its sustained objection is moot, no Supplemental Decision issues; once the revised tally's 5 business
        days pass (102.69(e)) the certification is due and the Certification of Results issues on its own date, saying
        why the objection is moot."""
        reported.perform(reported.act({**DECISION, "condition": "union-majority"}))
        result = reported.perform(reported.act(_revised(reported, 0)), documents="issue")
        assert "no labor organization has a majority: the direction of a second election made on the condition that " \
               "one would lapses" in result.summary
        assert [d.kind for d in result.documents] == [DocumentKind.REVISED_TALLY_OF_BALLOTS.value]
        election = _election()
        assert (election.stage, election.next_kind) == (Stage.REVISED_TALLY_ISSUED, None)
        with read_session() as s:
            (objection,) = s.exec(select(Objection)).all()
        assert objection.disposition is Disposition.MOOT
        assert objection.disposition_reason == ("moot: no labor organization has a majority on the revised tally of "
                                                "2022-02-24; the decision of 2022-02-14 directed a new election only if "
                                                "it did")
        reported.sweep(reported.at_noon(date(2022, 3, 4)))
        assert _election().stage is Stage.CERTIFICATION_DUE
        result = reported.perform(reported.act({"act": "certification", "date": date(2022, 3, 4)}), documents="issue")
        (certification,) = _documents(DocumentKind.CERTIFICATION_OF_RESULTS)
        assert certification.issued_on == date(2022, 3, 4)
        text = _text(certification.path)
        assert ("moot because no labor organization received a majority of the valid votes counted on the revised tally "
                "of February 24, 2022, and the Regional Director's decision of February 14, 2022 directed a second "
                "election only if one did") in text, text
        assert _documents(DocumentKind.SUPPLEMENTAL_DECISION_AND_DIRECTION) == []
        assert _election().stage in (Stage.CERTIFIED, Stage.CLOSED)
