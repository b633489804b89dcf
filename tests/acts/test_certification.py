"""certification: the Regional Director's certification follows the outcome stored with the latest
tally (its kind and winner), never the vote counts or display text; the request-for-review period
exists where the Board reviews the Regional Director (R-K5).

Cases: Bessemer 2021 (10-RC-269250: 738 for, 1,798 against, directed election), had no objections
been filed; Starbucks Elmwood Avenue (03-RC-282115: 19-8 on 2021-12-09, certified 2021-12-17,
agreement not in the sources); Starbucks Genesee Street (03-RC-282139: 15-9 with 7 determinative
challenges; revised tally 15-9 on 2022-01-10 after the challenges were ruled ineligible: its scenario,
examples/starbucks-genesee-03-RC-282139.yaml)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from pypdf import PdfReader
from sqlmodel import select

from casefile import app
from casefile.acts import Who
from casefile.errors import AlreadyRecorded, IllegalTransition, Internal, ProcedureError
from casefile.record.db import read_session, write_session
from casefile.record.models import Case, Certification, Deadline, Election, Tally
from casefile.scenario import load_scenario
from casefile.vocab import DeadlineKind, DeadlineStatus, ElectionAgreement, Stage, TallyKind
from tests.acts.procedure import EXAMPLE, act, carry, noon, perform, prepare_schema, refused, unchanged_by_retry
from tests.conftest import at

EXAMPLES = EXAMPLE.parent

ELMWOOD, GENESEE = "03-RC-282115", "03-RC-282139"
STARBUCKS_PARTIES = [{"key": "starbucks", "role": "employer", "name": "Starbucks Corporation"},
                     {"key": "workers-united", "role": "petitioner", "name": "Workers United"}]


def certify(on: date) -> object:
    return act({"act": "certification", "date": on})


def open_starbucks(number: str, store: str, tally: dict[str, object]) -> None:
    prepare_schema()
    opening = act({"act": "open-case", "date": date(2021, 8, 30), "parties": STARBUCKS_PARTIES,
                   "case": {"number": number, "name": "Starbucks Corporation", "petition_filed_on": date(2021, 8, 30),
                            "unit_description": f"[NOT IN THE PUBLIC RECORD: unit description of the {store} store unit]"}})
    app.perform(opening, as_of=noon(opening), by=Who.operator(), documents="none")
    record = act({"act": "record-tally", "date": date(2021, 12, 9), "kind": "initial", "election": {"method": "mail"},
                  **tally})
    perform(record, case_number=number)


def election_of(number: str) -> Election:
    with read_session() as s:
        case = s.exec(select(Case).where(Case.number == number)).one()
        return s.exec(select(Election).where(Election.case_id == case.id)).one()


def deadlines_of(number: str) -> dict[DeadlineKind, Deadline]:
    with read_session() as s:
        case = s.exec(select(Case).where(Case.number == number)).one()
        return {d.kind: d for d in s.exec(select(Deadline).where(Deadline.case_id == case.id))}


class TestCertificationOfResults:
    def test_no_objections_certifies_the_results(self, configured_db: Path) -> None:
        """No objections by Fri 2021-04-16: certified Mon 2021-04-19 (results); request for review due Mon 2021-05-03."""
        carry("tally-2021")
        result = perform(certify(date(2021, 4, 19)))
        assert (result.summary, result.warnings) == ("Certification of Results", [])
        assert result.swept == ["10-RC-269250: objections due April 16, 2021: lapsed",  # the pre-act sweep of 04-19
                                "10-RC-269250: offer of proof due April 16, 2021: lapsed",
                                "10-RC-269250 election 1: Tally of Ballots issued; objection period running → Certification due"]
        with read_session() as s:
            cert = s.exec(select(Certification)).one()
            assert (cert.kind, cert.union, cert.issued_on) == ("results", None, date(2021, 4, 19))
        assert election_of("10-RC-269250").stage is Stage.CERTIFIED
        due = deadlines_of("10-RC-269250")
        assert due[DeadlineKind.EARLIEST_CERTIFICATION].status is DeadlineStatus.MET
        assert due[DeadlineKind.REQUEST_FOR_REVIEW].due_on == date(2021, 5, 3)
        # no request for review on record: no opposition period runs (29 CFR 102.67(f))
        assert DeadlineKind.RFR_OPPOSITION not in due
        perform(act({"act": "request-for-review", "date": date(2021, 4, 30), "party": "rwdsu", "grounds": ["Hypothetical"]}))
        assert deadlines_of("10-RC-269250")[DeadlineKind.RFR_OPPOSITION].due_on == date(2021, 5, 10)

    def test_consent_election_is_final(self, configured_db: Path) -> None:
        """In a consent election the certification is final: the election closes, no request-for-review period (R-K5)."""
        carry("tally-2021", agreement=ElectionAgreement.CONSENT)
        perform(certify(date(2021, 4, 19)))
        assert election_of("10-RC-269250").stage is Stage.CLOSED
        assert DeadlineKind.REQUEST_FOR_REVIEW not in deadlines_of("10-RC-269250")

    def test_after_objections_overruled(self, configured_db: Path) -> None:
        """After the Regional Director overrules the objections the results are certified."""
        carry("ho-report")
        perform(act({"act": "rd-decision", "date": date(2021, 11, 29), "result": "overrule"}))
        assert perform(certify(date(2021, 12, 1))).summary == "Certification of Results"

    def test_while_the_objection_period_is_open_is_refused(self, configured_db: Path) -> None:
        """A certification dated Fri 2021-04-16, the last day for objections, is refused for its date and stores
        nothing: the first day it may be dated is Mon 2021-04-19 (29 CFR 102.69(a), (b))."""
        carry("tally-2021")
        error = refused(certify(date(2021, 4, 16)), ProcedureError)
        assert str(error) == ("the certification's date, April 16, 2021, is the last day of the objection period, which "
                              "closes at the end of that day (29 CFR 102.69(a)): a certification issues only after the "
                              "time for objections has passed (102.69(b)); date it on or after Monday, April 19, 2021, "
                              "the next business day")
        assert error.field == "date"  # type: ignore[attr-defined]

    def test_dated_in_the_period_recorded_after_it_is_refused_for_its_date(self, configured_db: Path) -> None:
        """The new user's trial (issue 15): dated Wed 2021-04-14 and recorded on 2021-05-03, when the period has long
        closed: the fault named is the certification's date, before the period's close on April 16 — not "the
        objection period is open" — and nothing is stored, the pre-act sweep included."""
        carry("tally-2021")
        error = refused(certify(date(2021, 4, 14)), ProcedureError, as_of=at("2021-05-03T12:00:00-04:00"))
        assert str(error) == ("the certification's date, April 14, 2021, is before the objection period closes on April "
                              "16, 2021 (29 CFR 102.69(a)): a certification issues only after the time for objections "
                              "has passed (102.69(b)); date it on or after Monday, April 19, 2021, the next business day")
        assert perform(certify(date(2021, 4, 19)), as_of=at("2021-05-03T12:00:00-04:00")).summary == \
            "Certification of Results"  # the date it names is accepted

    def test_a_pending_count_in_the_period_is_not_refused_for_its_date(self, configured_db: Path) -> None:
        """Genesee's tally of 2021-12-09 (15-9, 7 determinative challenges): a certification dated in its objection
        period is refused by the stage — the count calls for none yet, and no date would make it one."""
        open_starbucks(GENESEE, "Genesee Street", {"choices": {"Workers United": 15}, "against": 9, "challenged": 7})
        error = refused(certify(date(2021, 12, 14)), IllegalTransition, case_number=GENESEE)
        assert str(error).startswith("Certification is not available now in election 1: the objection period on the "
                                     "tally runs until Thursday, December 16, 2021. ")
        assert "the certification's date" not in str(error)

    def test_retry_is_found_and_another_date_refused(self, configured_db: Path) -> None:
        """The certification recorded twice is one record; a second one with another date is refused."""
        carry("tally-2021")
        first = perform(certify(date(2021, 4, 19)))
        assert unchanged_by_retry(certify(date(2021, 4, 19))).ref == first.ref
        error = refused(certify(date(2021, 4, 20)), AlreadyRecorded)
        assert str(error) == ("10-RC-269250: election 1 was certified on April 19, 2021 (its Certification of Results), "
                              "not on April 20, 2021: a certification issues once and an issued one is never overwritten "
                              "(29 CFR 102.69(b)); to record it again, give its date, April 19, 2021")
        assert error.field == "date"  # type: ignore[attr-defined]


class TestCertificationOfRepresentative:
    def test_union_from_the_stored_outcome(self, configured_db: Path) -> None:
        """Elmwood, 19-8: Workers United is certified as the tally stored it; agreement unknown, so review is kept and said to be assumed."""
        open_starbucks(ELMWOOD, "Elmwood Avenue", {"choices": {"Workers United": 19}, "against": 8})
        with read_session() as s:
            assert s.exec(select(Tally.winner)).one() == "Workers United"
        result = perform(certify(date(2021, 12, 17)), case_number=ELMWOOD)
        assert result.summary.startswith("Certification of Representative: Workers United (The election agreement is "
                                         "not in the record: Board review is treated as available")
        with read_session() as s:
            assert s.exec(select(Certification.union)).one() == "Workers United"
        # 10 business days, Fri 2021-12-24 and Fri 2021-12-31 (Christmas and New Year observed) skipped
        assert deadlines_of(ELMWOOD)[DeadlineKind.REQUEST_FOR_REVIEW].due_on == date(2022, 1, 4)

    def test_a_revised_tally_decides(self, configured_db: Path) -> None:
        """Genesee: the initial 15-9 tally is pending (7 determinative challenges); the revised tally's stored winner is certified."""
        genesee = load_scenario(EXAMPLES / "starbucks-genesee-03-RC-282139.yaml")
        prepare_schema()
        app.perform(genesee.opening(), as_of=noon(genesee.events[0]), by=Who.operator(), documents="none")
        for event in genesee.events:
            perform(event, case_number=GENESEE)
        with read_session() as s:
            assert [(t.kind, t.outcome, t.winner) for t in s.exec(select(Tally).order_by(Tally.id))] == [  # type: ignore[arg-type]
                (TallyKind.INITIAL, "PENDING", None), (TallyKind.REVISED, "REP", "Workers United")]
        result = perform(certify(date(2022, 1, 19)), case_number=GENESEE)  # revised-tally objections due Tue 2022-01-18
        assert result.summary.startswith("Certification of Representative: Workers United")
        with read_session() as s:
            assert s.exec(select(Certification.kind)).one() == "representative"

    def test_dated_in_the_revised_tallys_objection_period_is_refused_for_its_date(self, configured_db: Path) -> None:
        """Genesee's revised tally of 2022-01-10 opens its own objection period, to Tue 2022-01-18 (29 CFR 102.69(e)):
        a certification dated that day, recorded on 2022-01-20, is refused naming that period and Wed 2022-01-19 —
        not the stage's "the objection period on the revised tally runs until" (it does not, on 2022-01-20)."""
        genesee = load_scenario(EXAMPLES / "starbucks-genesee-03-RC-282139.yaml")
        prepare_schema()
        app.perform(genesee.opening(), as_of=noon(genesee.events[0]), by=Who.operator(), documents="none")
        for event in genesee.events:
            perform(event, case_number=GENESEE)
        later = at("2022-01-20T12:00:00-05:00")
        error = refused(certify(date(2022, 1, 18)), ProcedureError, case_number=GENESEE, as_of=later)
        assert str(error) == ("the certification's date, January 18, 2022, is the last day of the objection period on the "
                              "revised tally of January 10, 2022, which closes at the end of that day (29 CFR 102.69(e)): "
                              "a certification issues only after the time for objections has passed (102.69(b)); date it "
                              "on or after Wednesday, January 19, 2022, the next business day")
        error = refused(certify(date(2022, 1, 12)), ProcedureError, case_number=GENESEE, as_of=later)
        assert str(error).startswith("the certification's date, January 12, 2022, is before the objection period on the "
                                     "revised tally of January 10, 2022 closes on January 18, 2022 (29 CFR 102.69(e)): ")

    def test_a_stored_outcome_without_its_winner_is_not_guessed(self, configured_db: Path) -> None:
        """A REP tally row without its winner (written before casefile stored it) is refused as internal, not certified by vote counts."""
        open_starbucks(ELMWOOD, "Elmwood Avenue", {"choices": {"Workers United": 19}, "against": 8})
        with write_session(by="operator:tests") as s:
            tally = s.exec(select(Tally)).one()
            tally.winner = None
            s.add(tally)
        error = refused(certify(date(2021, 12, 17)), Internal, case_number=ELMWOOD)
        assert "does not hold the labor organization chosen" in str(error)

    def test_issues_the_certification_of_representative(self, configured_db: Path) -> None:
        """The Certification of Representative names Workers United."""
        open_starbucks(ELMWOOD, "Elmwood Avenue", {"choices": {"Workers United": 19}, "against": 8})
        [doc] = perform(certify(date(2021, 12, 17)), case_number=ELMWOOD, documents="issue").documents
        assert doc.file_name == "2021-12-17_certification-of-representative.pdf"
        text = " ".join(page.extract_text() for page in PdfReader(doc.path).pages)
        assert "Workers United" in text
