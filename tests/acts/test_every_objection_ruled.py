"""A decision or report that rules on the objections one by one rules on each (the lawyer's trial, High): the
Regional Director's decision of 19-RC-370107 overruling Laundry Workers United's objection 1 and saying nothing of
objection 2 used to be accepted, its PDF saying "The objections are overruled in their entirety", `case show`
"1 overruled, 1 pending" at "Certification due", and the certification issued "the objections having been
overruled"; the hearing officer's report the same. Each refusal leaves every table and the output folder as they
were. Rules: casefile.rules.objection_rulings (29 CFR 102.69(b), (c)(1)(i)-(iii)).

The real histories, whose decisions give no per-objection ruling (JFK8, Bessemer) or set the election aside on the
objections sustained leaving one undecided (Cornell-Dubilier), are accepted as before: tests/acts/test_jfk8_replay.py,
tests/acts/test_conditional_rerun.py, tests/test_scenario.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from sqlmodel import select

from casefile.record.db import write_session
from casefile.record.models import Objection
from casefile.vocab import Disposition
from tests.acts.snapshot import default_snapshot
from tests.cli.in_process import Ran, casefile

pytestmark = pytest.mark.usefixtures("configured_db")

C = "19-RC-370107"
OPEN = ("case", "open", "--number", C, "--employer", "Puget Linen Co.", "--union", "Laundry Workers United",
        "--office", "Seattle", "--petition-filed-on", "2026-07-01", "--agreement", "stipulated",
        "--counsel", "union=Maria Delgado,maria@pwwu.example.org",
        "--counsel", "employer=Tom Whitfield,tw@cascadelaw.example.com", "--as-of", "2026-07-01T10:00:00-07:00")
TALLY = ("tally", "record", "--case", C, "--prepared-on", "2026-08-20", "--choice", "Laundry Workers United=10",
         "--against", "14", "--challenged", "0", "--void", "0", "--eligible", "26", "--as-of", "2026-08-20T18:00:00-07:00")
OBJECTIONS = ("objections", "file", C, "--party", "union", "--objection", "Threat A.", "--objection", "Promise B.",
              "--witness", "1|W1|s", "--witness", "2|W2|s", "--received-at", "2026-08-26T15:00:00-07:00")
RD = ("decision", "rd", C, "--on", "2026-09-10", "--result", "overrule", "--summary", "No hearing needed.",
      "--as-of", "2026-09-10T12:00:00-07:00")
CERTIFY = ("certify", C, "--issued-on", "2026-09-11", "--as-of", "2026-09-11T09:00:00-07:00")
HEARING = (("hearing", "notice", C, "--on", "2026-09-01", "--opens-on", "2026-09-15", "--presiding", "Ana Ruiz",
            "--as-of", "2026-09-01T12:00:00-07:00"),
           ("hearing", "open", C, "--on", "2026-09-15", "--as-of", "2026-09-15T12:00:00-07:00"))
HO_REPORT = ("decision", "ho-report", C, "--on", "2026-10-01", "--result", "overrule", "--issuer", "Ana Ruiz",
             "--summary", "The Petitioner did not prove its objections.", "--as-of", "2026-10-01T12:00:00-07:00")

RD_REFUSED = (
    "error: the Regional Director's decision rules on 1 of the 2 objections before it and gives no ruling on Laundry "
    "Workers United's objection 2: an overruling rules on each objection, for the election is certified only when "
    "every objection is disposed of (29 CFR 102.69(b), (c)(1)(i), (iii)); give its ruling — sustained, overruled, moot "
    "or withdrawn — as the document states it (e.g. union:2=overruled), or record its withdrawal first "
    "(withdraw-objection)")


def ok(*args: str) -> Ran:
    ran = casefile(*args)
    assert ran.exit_code == 0, (args, ran.stdout, ran.stderr)
    return ran


def refused(*args: str) -> str:
    """The one error line of a refused command, which stored nothing: every table and the output folder as before."""
    before = default_snapshot()
    ran = casefile(*args)
    assert ran.exit_code == 2, (ran.stdout, ran.stderr)
    assert default_snapshot() == before
    (line,) = ran.error_lines
    return line


@pytest.fixture
def objected(configured_db: Path) -> None:
    """The case, its tally (10 for, 14 against) and the Petitioner's two objections of August 26, 2026."""
    for command in (OPEN, TALLY, OBJECTIONS):
        ok(*command)


def shown() -> str:
    return ok("case", "show", C).stdout


def pdf_text(folder: Path, name: str) -> str:
    (path,) = [p for p in (folder / "out" / C).glob("*.pdf") if name in p.name]
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(path).pages)


@pytest.mark.usefixtures("objected")
class TestRegionalDirectorsDecision:
    def test_an_overruling_of_objection_1_alone_is_refused_naming_objection_2(self) -> None:
        assert refused(*RD, "--ruling", "union:1=overruled") == RD_REFUSED
        show = shown()
        assert "Election 1 (initial election) — Objections pending before the Regional Director" in show
        assert "Objections of Laundry Workers United: 2 pending" in show

    def test_then_the_certification_is_refused_by_the_stage(self) -> None:
        refused(*RD, "--ruling", "union:1=overruled")
        assert refused(*CERTIFY).startswith(
            "error: Certification is not available now in election 1: objections are pending before the Regional "
            "Director.")

    def test_a_set_aside_that_sustains_none_of_its_rulings_is_refused(self) -> None:
        line = refused(*[a if a != "overrule" else "set-aside" for a in RD], "--ruling", "union:1=overruled")
        assert line == (
            "error: the Regional Director's decision rules on 1 of the 2 objections before it and gives no ruling on "
            "Laundry Workers United's objection 2, and sustains none of those it rules on: the election is set aside "
            "only on objections sustained, so the ruling on each objection it rests on must be given (29 CFR "
            "102.69(c)(1)(iii)); give its ruling — sustained, overruled, moot or withdrawn — as the document states it "
            "(e.g. union:2=sustained)")

    def test_a_set_aside_on_objection_1_sustained_need_not_reach_objection_2(self) -> None:
        ran = ok(*[a if a != "overrule" else "set-aside" for a in RD], "--ruling", "union:1=sustained")
        assert "Regional Director's Decision: objections sustained" in ran.stdout

    def test_every_objection_ruled_on_is_accepted_and_certified(self, configured_db: Path) -> None:
        ok(*RD, "--ruling", "union:1=overruled", "--ruling", "union:2=overruled")
        show = shown()
        assert "Objections of Laundry Workers United: 2 overruled\n" in show
        decision = pdf_text(configured_db, "decision-on-objections")
        assert "The objections are overruled in their entirety" in decision
        assert "NOT IN THE PUBLIC RECORD: Regional Director's ruling" not in decision
        ok(*CERTIFY)
        assert "the objections having been overruled" in pdf_text(configured_db, "certification")

    def test_a_withdrawn_objection_needs_no_ruling(self) -> None:
        ok("objections", "withdraw", C, "--party", "union", "--number", "2", "--why", "Settled.",
           "--on", "2026-09-08", "--as-of", "2026-09-08T12:00:00-07:00")
        ok(*RD, "--ruling", "union:1=overruled")
        ok(*CERTIFY)

    def test_no_ruling_given_overrules_the_objections_as_a_whole(self) -> None:
        """The real histories' decisions (JFK8's of January 11, 2023) give no per-objection ruling: accepted, and
        the certification follows."""
        ok(*RD)
        ok(*CERTIFY)

    def test_a_record_with_an_objection_left_pending_is_not_certified(self) -> None:
        """A record written before the decision was refused (objection 2 left pending by a decision that ruled on
        objection 1): the certification is refused, naming it, and stores nothing."""
        ok(*RD, "--ruling", "union:1=overruled", "--ruling", "union:2=overruled")
        with write_session(by="operator:test") as s:  # as a decision recorded before this check left it
            objection = s.exec(select(Objection).where(Objection.number == 2)).one()
            objection.disposition = Disposition.PENDING
            s.add(objection)
        assert refused(*CERTIFY) == (
            "error: election 1 cannot be certified while Laundry Workers United's objection 2 is pending: the "
            "Regional Director's decision ruled on the objections one by one and gave no ruling on it, and an "
            "election is certified only when every objection is disposed of (29 CFR 102.69(b), (c)(1)(i)); the "
            "Regional Director rules on it first, or the objecting party withdraws it (withdraw-objection)")


class TestHearingOfficersReport:
    @pytest.fixture(autouse=True)
    def heard(self, objected: None) -> None:
        for command in HEARING:
            ok(*command)

    def test_a_report_on_objection_1_alone_is_refused_naming_objection_2(self) -> None:
        assert refused(*HO_REPORT, "--ruling", "union:1=overruled") == (
            "error: the Hearing Officer's report rules on 1 of the 2 objections before it and gives no ruling on "
            "Laundry Workers United's objection 2: an overruling rules on each objection, for the election is "
            "certified only when every objection is disposed of (29 CFR 102.69(b), (c)(1)(i), (iii)); give its ruling "
            "— sustained, overruled, moot or withdrawn — as the document states it (e.g. union:2=overruled), or record "
            "its withdrawal first (withdraw-objection)")

    def test_a_report_on_both_is_accepted(self, configured_db: Path) -> None:
        ran = ok(*HO_REPORT, "--ruling", "union:1=overruled", "--ruling", "union:2=overruled")
        assert "Hearing Officer's Report: recommends that the objections be overruled" in ran.stdout
        report = pdf_text(configured_db, "hearing-officer")
        assert "No. Objection Recommendation 1 Threat A. Overruled 2 Promise B. Overruled" in report
        assert "The Hearing Officer recommends that the objections be overruled" in report
