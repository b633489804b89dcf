"""The example scenarios replayed through the Prefect flows reach their real outcomes, with the real
figures in their PDFs; replaying again changes nothing. Bessemer is the main job (`casefile demo`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from sqlmodel import func, select

from casefile.record.db import read_session
from casefile.record.models import Case, ChallengedBallot, DocketEntry, Document, Election, Filing, Objection, Tally
from casefile.scenario import replay
from casefile.vocab import Stage

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
BESSEMER = EXAMPLES / "bessemer-10-RC-269250.yaml"

pytestmark = pytest.mark.prefect


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def _squash(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def replayed(flows_db: Path) -> Path:
    report = replay(BESSEMER)
    assert report.case_number == "10-RC-269250"
    return flows_db / "out" / "10-RC-269250"


class TestBessemerReplay:
    def test_record(self, replayed: Path) -> None:
        """Two elections: the first set aside and a rerun directed; the rerun at alj-decision-issued with 29 objections filed."""
        with read_session() as s:
            case_id = s.exec(select(Case.id).where(Case.number == "10-RC-269250")).one()
            elections = s.exec(select(Election).where(Election.case_id == case_id).order_by(Election.sequence)).all()
            assert [(e.kind.value, e.stage) for e in elections] == [
                ("initial", Stage.RERUN_DIRECTED), ("rerun", Stage.ALJ_DECISION_ISSUED)]
            assert elections[1].follows_id == elections[0].id
            filings = s.exec(select(Filing.kind, func.count()).where(Filing.case_id == case_id).group_by(Filing.kind)).all()
            # An offer of proof is a filing only where the scenario gives one (2021); the 2022 record names none.
            assert dict(filings) == {"objections": 3, "offer-of-proof": 1}
            recorded_by = set(s.exec(select(DocketEntry.recorded_by).where(DocketEntry.case_id == case_id)).all())
            assert {r.split(":", 1)[0] for r in recorded_by} <= {"operator", "system"} and recorded_by

    def test_documents_carry_the_real_figures(self, replayed: Path) -> None:
        """The PDFs under out/10-RC-269250 hold the tallies' figures, the Lufkin paragraph and the confidentiality banner."""
        names = sorted(p.name for p in replayed.glob("*.pdf"))
        assert names == [
            "2021-04-09_tally-of-ballots.pdf", "2021-04-16_objections_rwdsu.pdf", "2021-04-16_offer-of-proof_rwdsu.pdf",
            "2021-04-26_notice-of-hearing.pdf", "2021-08-02_hearing-officer-report.pdf",
            "2021-11-29_decision-and-direction-of-second-election.pdf", "2022-03-31_tally-of-ballots.pdf",
            "2022-04-07_objections_amazon.pdf", "2022-04-07_objections_rwdsu.pdf", "2024-04-25_order-consolidating-cases.pdf",
            "2024-11-05_alj-decision.pdf",
        ]
        tally = _squash(pdf_text(replayed / "2021-04-09_tally-of-ballots.pdf"))
        for figure in ("10-RC-269250", "5,867", "76", "738", "1,798", "2,536", "505", "3,041", "Page 1 of"):
            assert figure in tally
        rerun = _squash(pdf_text(replayed / "2022-03-31_tally-of-ballots.pdf"))
        for line in ("1. Approximate number of eligible voters 6,153", "2. Number of void ballots 59",
                     "3. Number of votes cast for Retail, Wholesale and Department Store Union 875",
                     "4. Number of votes cast against participating labor organization(s) 993",
                     "5. Number of valid votes counted (sum of lines 3 and 4) 1,868", "6. Number of challenged ballots 416",
                     "7. Number of valid votes counted plus challenged ballots (sum of lines 5 and 6) 2,284"):
            assert line in rerun
        assert "are sufficient" in rerun and "are not sufficient" in tally
        decision = _squash(pdf_text(replayed / "2021-11-29_decision-and-direction-of-second-election.pdf"))
        assert "Amazon.com Services LLC" in decision and "free and reasoned choice" in decision
        offer = _squash(pdf_text(replayed / "2021-04-16_offer-of-proof_rwdsu.pdf"))
        assert "CONFIDENTIAL" in offer
        objections = _squash(pdf_text(replayed / "2021-04-16_objections_rwdsu.pdf"))
        assert "CERTIFICATE OF SERVICE" in objections and "Petitioner's Objections" in objections
        report = _squash(pdf_text(replayed / "2021-08-02_hearing-officer-report.pdf"))
        assert "August 16, 2021" in report  # exceptions due 10 business days after August 2, 2021

    def test_every_page_has_the_case_number(self, replayed: Path) -> None:
        """Every page of every document carries "Page X of Y"; the Agency's documents carry the case number
        on every page, a party's filing in its caption only (29 CFR 102.5(a): "Page numbers may be placed in
        the margins, but no text may appear there")."""
        from casefile.documents.registry import PARTY_FILINGS

        filings = tuple(f"_{k.value}" for k in PARTY_FILINGS)
        seen = set()
        for path in replayed.glob("*.pdf"):
            pages = PdfReader(path).pages
            party_filing = any(f in path.stem for f in filings)
            seen.add(party_filing)
            for i, page in enumerate(pages, start=1):
                text = page.extract_text()
                if i == 1 or not party_filing:
                    assert "10-RC-269250" in text, f"{path.name} page {i}"
                assert f"Page {i} of {len(pages)}" in text, f"{path.name} page {i}"
        assert seen == {True, False}  # both kinds of document were checked

    def test_documents_registered_once_with_sha256(self, replayed: Path) -> None:
        """Each issued document is on the docket once, with the sha256 of the file on disk."""
        import hashlib

        with read_session() as s:
            case_id = s.exec(select(Case.id).where(Case.number == "10-RC-269250")).one()
            docs = s.exec(select(Document).where(Document.case_id == case_id)).all()
            entries = s.exec(select(DocketEntry).where(DocketEntry.act == "issue-document", DocketEntry.case_id == case_id)).all()
        assert len(docs) == len(entries) == 11  # with the 2024 consolidation order
        for doc in docs:
            assert hashlib.sha256(Path(doc.path).read_bytes()).hexdigest() == doc.sha256

    def test_replaying_again_changes_nothing(self, replayed: Path) -> None:
        """A second replay (a retried run) files nothing twice and issues no document twice."""
        with read_session() as s:
            before = (s.exec(select(func.count()).select_from(DocketEntry)).one(),
                      s.exec(select(func.count()).select_from(Document)).one())
        replay(BESSEMER)
        with read_session() as s:
            after = (s.exec(select(func.count()).select_from(DocketEntry)).one(),
                     s.exec(select(func.count()).select_from(Document)).one())
        assert after == before
        assert len(list(replayed.glob("*.pdf"))) == 11


@pytest.fixture(scope="module")
def genesee(flows_db: Path) -> Path:
    replay(EXAMPLES / "starbucks-genesee-03-RC-282139.yaml")
    return flows_db / "out" / "03-RC-282139"


@pytest.fixture(scope="module")
def trinity(flows_db: Path) -> Path:
    replay(EXAMPLES / "trinity-college-01-RC-196511.yaml")
    return flows_db / "out" / "01-RC-196511"


class TestStarbucksGenesee:
    def test_challenges_sustained_by_ground_and_the_rest_sealed(self, genesee: Path) -> None:
        """The six union challenges are sustained by ground; the employer's one can no longer matter and stays sealed (R-E7)."""
        with read_session() as s:
            case_id = s.exec(select(Case.id).where(Case.number == "03-RC-282139")).one()
            election = s.exec(select(Election).where(Election.case_id == case_id)).one()
            statuses = sorted((b.challenged_by, b.status.value) for b in
                              s.exec(select(ChallengedBallot).where(ChallengedBallot.election_id == election.id)))
            tallies = s.exec(select(Tally).where(Tally.election_id == election.id).order_by(Tally.id)).all()
            objections = s.exec(select(Objection).where(Objection.election_id == election.id)).all()
        assert statuses == [("starbucks", "not-determinative")] + [("workers-united", "sustained")] * 6
        revised = tallies[-1]
        assert (revised.kind.value, revised.votes, revised.against, revised.challenged, revised.determinative) == (
            "revised", [["Workers United", 15]], 9, 1, False)
        assert revised.outcome_text == "Certification of Representative: Workers United"
        assert [o.disposition.value for o in objections] == ["moot"]  # the objecting union prevailed (R-M2)
        assert election.stage.value == "certification-due"

    def test_revised_tally_document(self, genesee: Path) -> None:
        """The Revised Tally of Ballots shows 15 for, 9 against, 6 sustained, 1 still unopened, and the R-G9 window."""
        text = _squash(pdf_text(genesee / "2022-01-10_revised-tally-of-ballots.pdf"))
        for phrase in ("03-RC-282139", "Workers United", "15", "9", "January 18, 2022"):
            assert phrase in text


class TestTrinityCollege:
    def test_runoff_then_certification(self, trinity: Path) -> None:
        """No majority of 22 → runoff between the two unions → SPFPA Local 502 wins 11–8 and is certified."""
        with read_session() as s:
            case_id = s.exec(select(Case.id).where(Case.number == "01-RC-196511")).one()
            elections = s.exec(select(Election).where(Election.case_id == case_id).order_by(Election.sequence)).all()
        assert [(e.kind.value, e.stage.value) for e in elections] == [("initial", "runoff-directed"), ("runoff", "certified")]
        notice = _squash(pdf_text(trinity / "2017-05-12_notice-of-runoff-election.pdf"))
        assert "SPFPA Local 502" in notice and "LEOS-PBA" in notice
        cert = _squash(pdf_text(trinity / "2017-06-08_certification-of-representative.pdf"))
        assert "SPFPA Local 502" in cert and "01-RC-196511" in cert
