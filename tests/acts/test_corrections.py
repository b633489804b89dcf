"""Corrections as acts (issue 9): a fact as transcribed corrected through the front door, docketed
old → new with who and why, the deadlines it moves recomputed and docketed, the documents it
changes issued again as new versions (the first kept), every consequence said and the stage left
as it was; a correction that corrects nothing, or names a record that does not exist, refused with
nothing stored. The case is Bessemer (10-RC-269250) with its real 2021 figures and dates, one of
them mistyped as a user might.
"""

from __future__ import annotations

from datetime import date, datetime
from functools import cache
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from pypdf import PdfReader
from sqlmodel import col, select

from casefile import app
from casefile.acts import ActIn, Who
from casefile.acts.correct_party import DetailsOf
from casefile.errors import (
    AlreadyRecorded,
    BadInput,
    InvalidTally,
    NotAllowedNow,
    ProcedureError,
    UnknownRecord,
    UntimelyFiling,
)
from casefile.record.corrections import Correction
from casefile.record.db import read_session
from casefile.record.models import Deadline, DocketEntry, Document, Election, Filing, Objection, Party, Tally
from casefile.vocab import DeadlineKind, DeadlineStatus, Disposition, Stage
from tests.acts.example_cases import case_id_of
from tests.acts.procedure import NUMBER, act, event, noon, open_bessemer, perform, refused, scenario, unchanged_by_retry

pytestmark = pytest.mark.usefixtures("configured_db")

EASTERN = ZoneInfo("America/New_York")


def at(day: str, hour: int = 12) -> datetime:
    """``hour`` o'clock on ``day`` in Atlanta (Eastern)."""
    return datetime.combine(date.fromisoformat(day), datetime.min.time(), tzinfo=EASTERN).replace(hour=hour)


def tally_2021(**changes: object) -> ActIn:
    """The scenario's 2021 tally (738 for, 1,798 against, 505 challenged, 76 void, about 5,867
    eligible, prepared Fri 2021-04-09) with ``changes`` (a figure or the date mistyped)."""
    return event("tally-2021").model_copy(update=changes)


def correction(**fields: object) -> ActIn:
    return act({"act": "correct-tally", "why": "transcription error: the form reads otherwise", **fields})


def the_tally() -> Tally:
    with read_session() as session:
        tally = session.exec(select(Tally)).one()
        session.expunge(tally)
    return tally


def entries(kind: str) -> list[DocketEntry]:
    with read_session() as session:
        rows = list(session.exec(select(DocketEntry).where(DocketEntry.act == kind).order_by(col(DocketEntry.id))))
        for row in rows:
            session.expunge(row)
    return rows


def due(kind: DeadlineKind) -> Deadline:
    with read_session() as session:
        deadline = session.exec(select(Deadline).where(Deadline.kind == kind)).one()
        session.expunge(deadline)
    return deadline


@cache
def pdf_text(path: str) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(path).pages)


def stage() -> Stage:
    with read_session() as session:
        return session.exec(select(Election.stage)).one()


# --- correct-tally ----------------------------------------------------------------------------------


def test_a_mistyped_figure_is_corrected_and_the_tally_issued_again_as_v2() -> None:
    """Against typed 1,789 instead of 1,798: the tally row takes 1,798 and its computed lines, the
    docket says old → new, who and why, the Tally of Ballots is issued again as _v2 with the first
    kept, and the outcome (Certification of Results) is said to be unchanged."""
    open_bessemer()
    first = perform(tally_2021(against=1789), documents="issue").documents[0]
    assert first.file_name == "2021-04-09_tally-of-ballots.pdf"
    fix = correction(against=1798)

    done = perform(fix, as_of=at("2021-04-12"), documents="issue")

    tally = the_tally()
    assert (tally.against, tally.valid, tally.valid_plus_challenged) == (1798, 2536, 3041)
    assert tally.outcome_text == "Certification of Results"
    entry = entries("correct-tally")[0]
    assert entry.summary.startswith("Tally of Ballots of election 1 corrected: against 1,789 → 1,798; valid votes "
                                    "2,527 → 2,536; valid votes plus challenged ballots 3,032 → 3,041. Why: "
                                    "transcription error: the form reads otherwise.")
    assert entry.recorded_by.startswith("operator:") and entry.occurred_on == date(2021, 4, 12)
    assert "The outcome is unchanged: Certification of Results." in done.notes and not done.warnings  # all information here
    assert "Election 1 stays at stage “Tally of Ballots issued; objection period running”" in entry.summary
    [again_] = done.documents
    assert again_.file_name == "2021-04-09_tally-of-ballots_v2.pdf"
    assert Path(first.path).exists() and Path(again_.path).exists()
    form = pdf_text(first.path).split("RECORD-COPY NOTE")[0]  # the form (its annex quotes the record's note on the count)
    assert "1,789" in form and "1,798" not in form
    assert "1,798" in pdf_text(again_.path)
    with read_session() as session:
        versions = [(d.version, d.key) for d in session.exec(select(Document).order_by(col(Document.id)))]
        [row] = session.exec(select(Correction)).all()
        assert row.changes[0] == {"field": "against", "old": 1789, "new": 1798} and row.entry_id == entry.id
    assert versions == [(1, f"tally-of-ballots:tally:{tally.id}"),
                        (2, f"tally-of-ballots:tally:{tally.id}:correction:{entry.id}")]
    assert stage() is Stage.TALLY_ISSUED
    again = unchanged_by_retry(fix, as_of=at("2021-04-12"))
    assert again.entry_id == done.entry_id


def test_a_count_that_makes_the_challenges_determinative_is_said_and_the_stage_kept() -> None:
    """Against corrected from 1,798 to 998: 738 for and 998 against with 505 challenged, the
    challenges become determinative and the outcome pending: both said, the stage stays
    tally-issued (the user decides the next act)."""
    open_bessemer()
    perform(tally_2021(against=1798))
    done = perform(correction(against=998), as_of=at("2021-04-12"))
    assert "The corrected count changes the outcome: Certification of Results → " in done.warnings[0]
    assert any("The 505 challenged ballots are now sufficient to affect the results (determinative" in w
               for w in done.warnings)
    assert the_tally().determinative is True
    assert stage() is Stage.TALLY_ISSUED


def test_a_tally_date_corrected_one_day_later_moves_its_deadlines() -> None:
    """Prepared Fri 2021-04-09, recorded as Thu 04-08: the objections and offer of proof move from
    Thu 04-15 to Fri 04-16, the hearing target from 04-29 to 04-30, the earliest certification
    from 04-16 to Mon 04-19; each move is docketed."""
    open_bessemer()
    perform(tally_2021(on=date(2021, 4, 8)))
    assert due(DeadlineKind.OBJECTIONS).due_on == date(2021, 4, 15)

    done = perform(correction(prepared_on="2021-04-09"), as_of=at("2021-04-09"))

    assert the_tally().prepared_on == date(2021, 4, 9)
    moved = {kind: (due(kind).trigger_on, due(kind).due_on) for kind in (
        DeadlineKind.OBJECTIONS, DeadlineKind.OFFER_OF_PROOF, DeadlineKind.HEARING_OPENS,
        DeadlineKind.EARLIEST_CERTIFICATION)}
    assert moved == {DeadlineKind.OBJECTIONS: (date(2021, 4, 9), date(2021, 4, 16)),
                     DeadlineKind.OFFER_OF_PROOF: (date(2021, 4, 9), date(2021, 4, 16)),
                     DeadlineKind.HEARING_OPENS: (date(2021, 4, 9), date(2021, 4, 30)),
                     DeadlineKind.EARLIEST_CERTIFICATION: (date(2021, 4, 9), date(2021, 4, 19))}
    assert due(DeadlineKind.OBJECTIONS).cutoff_at == datetime(2021, 4, 16, 23, 59, 59, tzinfo=EASTERN)
    recomputed = [e.summary for e in entries("recompute-deadline")]
    assert recomputed[0].startswith("Objection period recomputed: due April 15, 2021 → April 16, 2021 (the tally's date "
                                    "2021-04-08 → 2021-04-09: correction, docket entry ")
    assert len(recomputed) == 4
    assert "The objections deadline moves: due Thu 2021-04-15 → Fri 2021-04-16 (cut-off 11:59 p.m. EDT)." \
        in done.warnings
    assert stage() is Stage.TALLY_ISSUED


def test_a_filing_the_corrected_date_makes_late_is_flagged_not_deleted() -> None:
    """RWDSU's objections were received Fri 2021-04-16, the last day of a tally of 04-09; the tally
    corrected to 04-08 makes them due Thu 04-15: the filing stays (23 objections still pending),
    flagged untimely, the period met late; the stage stays objections-pending."""
    open_bessemer()
    perform(event("tally-2021"))
    perform(event("objections-2021"))

    done = perform(correction(prepared_on="2021-04-08"), as_of=at("2021-04-19"))

    with read_session() as session:
        filing = session.exec(select(Filing).where(Filing.kind == "objections")).one()
        assert filing.timely is False
        assert "the objections of Retail, Wholesale and Department Store Union received Fri 2021-04-16: untimely, " \
               "due Thu 2021-04-15" in filing.timeliness_note
        pending = session.exec(select(Objection).where(Objection.disposition == Disposition.PENDING)).all()
        assert len(pending) == 23
    assert due(DeadlineKind.OBJECTIONS).status is DeadlineStatus.MET_LATE
    assert ("On the corrected date the objections of Retail, Wholesale and Department Store Union received Fri "
            "2021-04-16: untimely, due Thu 2021-04-15, cut-off 11:59 p.m. EDT") in " ".join(done.warnings)
    assert any("flagged untimely" in w for w in done.warnings)
    assert "The objections period is now met-late." in done.warnings
    assert stage() is Stage.OBJECTIONS_PENDING


def test_a_date_before_the_voting_or_after_today_is_refused() -> None:
    open_bessemer()
    perform(tally_2021())
    refused(correction(prepared_on="2021-02-01"), NotAllowedNow, as_of=at("2021-04-12"))
    error = refused(correction(prepared_on="2021-04-13"), BadInput, as_of=at("2021-04-12"))
    assert error.field == "prepared_on"


def test_a_correction_that_changes_nothing_or_names_nothing_that_exists_stores_nothing() -> None:
    """The figures as recorded, a choice not on the ballot, no figure at all, an election the case
    does not have: each refused naming the field, every table and the output folder unchanged."""
    open_bessemer()
    perform(tally_2021(), documents="issue")
    as_of = at("2021-04-12")
    assert refused(correction(against=1798, void=76), BadInput, as_of=as_of).field == "against"
    assert refused(correction(choices={"Teamsters": 3}), UnknownRecord, as_of=as_of).field == "choices.Teamsters"
    assert refused(correction(), BadInput, as_of=as_of).field == "prepared_on"
    assert refused(correction(against=1799, election=2), UnknownRecord, as_of=as_of).field == "election"
    assert entries("correct-tally") == []


def test_impossible_corrected_counts_store_nothing() -> None:
    """Fewer eligible voters, counted exactly, than the 2,612 valid and void ballots: refused on the figure
    (InvalidTally), the tally, its PDF and every other table as they were."""
    open_bessemer()
    perform(tally_2021(), documents="issue")
    error = refused(correction(eligible=2000, eligible_exact=True), InvalidTally, as_of=at("2021-04-12"))
    assert error.field in ("eligible", "eligible_exact")
    assert (the_tally().eligible, entries("correct-tally")) == (5867, [])


# --- correct-party, open-case --------------------------------------------------------------------


def test_a_party_email_corrected_is_used_by_the_next_documents() -> None:
    """The employer's e-mail mistyped at opening (lgal@...): corrected, the docket says old → new;
    RWDSU's objections issued afterwards are served on the corrected address; opening the case
    again with the old file says what differs and the command that corrects it."""
    opening = scenario().opening()
    mistyped = opening.model_copy(update={"parties": [
        p.model_copy(update={"email": "lgal@amazon.example"}) if p.key == "amazon" else p for p in opening.parties]})
    app.perform(mistyped, as_of=noon(event("tally-2021")), by=Who.operator(), documents="none")
    perform(event("tally-2021"))
    fix = act({"act": "correct-party", "party": "amazon", "email": "legal@amazon.example",
               "why": "the representative's e-mail was mistyped"})

    done = perform(fix, as_of=at("2021-04-12"))

    assert done.summary.startswith('Party amazon corrected: email "lgal@amazon.example" → "legal@amazon.example". Why:')
    assert "The documents issued from now on use the corrected email." in done.notes
    assert done.documents == [] and done.entry_id > 0
    with read_session() as session:
        amazon = session.exec(select(Party).where(Party.key == "amazon")).one()
        assert DetailsOf(session, amazon).read()["email"] == "legal@amazon.example"
    objections = perform(event("objections-2021"), documents="issue").documents[0]
    assert "legal@amazon.example" in pdf_text(objections.path)
    assert "lgal@amazon.example" not in pdf_text(objections.path)

    with pytest.raises(AlreadyRecorded) as again:
        app.perform(mistyped, as_of=at("2021-04-20"), by=Who.operator(), documents="none")
    assert "party amazon email: 'legal@amazon.example' → 'lgal@amazon.example'" in str(again.value)
    assert "run `casefile correct party 10-RC-269250 amazon --email lgal@amazon.example --why '...'`" in str(again.value)


def test_a_party_name_corrected_issues_the_documents_it_changes_again() -> None:
    """The employer's name corrected: the tally (whose observers name the parties) is issued again
    as _v2; the case's name, still the old one, is pointed out."""
    open_bessemer()
    perform(tally_2021(), documents="issue")
    done = perform(act({"act": "correct-party", "party": "amazon", "name": "Amazon.com Services, LLC",
                        "why": "the name as in the petition"}), as_of=at("2021-04-12"), documents="issue")
    assert [d.file_name for d in done.documents] == ["2021-04-09_tally-of-ballots_v2.pdf"]
    assert "Amazon.com Services, LLC" in pdf_text(done.documents[0].path)
    assert any("The case's name is still 'Amazon.com Services LLC'" in w for w in done.warnings)
    from sqlalchemy import text

    from casefile.record.db import get_engine
    from casefile.record.refs import RowKey

    with read_session(get_engine()) as s:  # the record corrected is a typed key, stored as before ("party:2")
        (row,) = s.exec(select(Correction)).all()
        amazon = s.exec(select(Party).where(Party.key == "amazon")).one()
        assert row.target == RowKey("party", amazon.id or 0)
        assert s.execute(text("SELECT target FROM correction")).scalar_one() == f"party:{amazon.id}"


def test_an_unknown_party_or_nothing_to_correct_is_refused() -> None:
    open_bessemer()
    perform(tally_2021())
    as_of = at("2021-04-12")
    assert refused(act({"act": "correct-party", "party": "teamsters", "email": "x@example.org", "why": "w"}),
                   UnknownRecord, as_of=as_of).field == "party"
    assert refused(act({"act": "correct-party", "party": "amazon", "name": "Amazon.com Services LLC", "why": "w"}),
                   BadInput, as_of=as_of).field == "name"


def test_a_party_correction_refused_half_way_stores_nothing() -> None:
    """A new name and a representative cleared: the name is written first, then clearing the counsel of record
    is refused (a correction removes no person): the party keeps its name, the tally's PDF is not issued again,
    every table and the output folder are as they were."""
    open_bessemer()
    perform(tally_2021(), documents="issue")
    fix = act({"act": "correct-party", "party": "amazon", "name": "Amazon.com Services, LLC", "representative": "",
               "why": "the name as in the petition"})
    error = refused(fix, UnknownRecord, as_of=at("2021-04-12"))
    assert error.field == "representative" and "would be removed" in str(error)
    with read_session() as session:
        assert session.exec(select(Party.name).where(Party.key == "amazon")).one() == "Amazon.com Services LLC"


# --- correct-case -----------------------------------------------------------------------------------


def test_the_unit_description_corrected_issues_the_tally_again() -> None:
    open_bessemer()
    perform(tally_2021(), documents="issue")
    unit = "All full-time and regular part-time fulfillment center associates employed at BHM1, Bessemer, Alabama"
    done = perform(act({"act": "correct-case", "unit_description": unit, "why": "from the Decision and Direction"}),
                   as_of=at("2021-04-12"), documents="issue")
    assert [d.file_name for d in done.documents] == ["2021-04-09_tally-of-ballots_v2.pdf"]
    assert "fulfillment center associates employed at BHM1" in pdf_text(done.documents[0].path)
    assert refused(act({"act": "correct-case", "unit_description": unit, "why": "again"}), BadInput,
                   as_of=at("2021-04-13")).field == "unit_description"


def test_a_petition_date_corrected_within_its_rule_set() -> None:
    """A petition date corrected by a day (2020-11-20 → 11-19) stays under the 2019 text: no period
    moves; a petition date after the tally is refused."""
    open_bessemer()
    perform(tally_2021())
    done = perform(act({"act": "correct-case", "petition_filed_on": "2020-11-19", "why": "the petition's date stamp"}),
                   as_of=at("2021-04-12"))
    assert "petition filed 2020-11-20 → 2020-11-19" in done.summary
    assert not any("rule set" in w for w in done.warnings)  # the same rule set: no period moves
    assert refused(act({"act": "correct-case", "petition_filed_on": "2021-04-10", "why": "w"}), BadInput,
                   as_of=at("2021-04-12")).field == "petition_filed_on"


def test_a_petition_date_whose_rule_set_cannot_carry_the_deadlines_stores_nothing() -> None:
    """A petition date of 2015 puts the case under the pre-2015 rules, which fix no date for the hearing to
    open: refused (ProcedureError) after the case's date and rule set were set and the objections' period
    computed again; the case, its deadlines, the tally's PDF and every other table as they were."""
    open_bessemer()
    perform(tally_2021(), documents="issue")
    before = due(DeadlineKind.OBJECTIONS)
    error = refused(act({"act": "correct-case", "petition_filed_on": "2015-01-02", "name": "Amazon.com Services, LLC",
                         "why": "w"}), ProcedureError, as_of=at("2021-04-12"))
    assert error.field == "petition_filed_on" and "rule set pre-2015" in str(error) and "nothing was changed" in str(error)
    assert due(DeadlineKind.OBJECTIONS).due_on == before.due_on


# --- withdraw-objection, amend-objection ---------------------------------------------------------


def test_a_party_withdraws_one_of_its_objections() -> None:
    """RWDSU withdraws its objection 5 on 2021-04-20: withdrawn with the date and why, 22 still
    pending, nothing issued again, the stage kept; a second withdrawal, or of an objection that
    does not exist, refused with nothing stored."""
    open_bessemer()
    perform(event("tally-2021"))
    perform(event("objections-2021"))
    withdraw = act({"act": "withdraw-objection", "date": "2021-04-20", "party": "rwdsu", "number": 5,
                    "why": "not pursued"})

    done = perform(withdraw, as_of=at("2021-04-20"))

    with read_session() as session:
        five = session.exec(select(Objection).where(Objection.number == 5)).one()
        assert five.disposition is Disposition.WITHDRAWN
        assert five.disposition_reason == ("withdrawn by Retail, Wholesale and Department Store Union on 2021-04-20: "
                                           "not pursued.")
        assert len(session.exec(select(Objection).where(Objection.disposition == Disposition.PENDING)).all()) == 22
    assert done.summary.startswith("Objection 5 of Retail, Wholesale and Department Store Union withdrawn: objection 5 "
                                   'disposition "pending" → "withdrawn". Why: not pursued.')
    assert "22 objection(s) of election 1 remain to be decided." in done.warnings
    assert done.documents == []
    assert stage() is Stage.OBJECTIONS_PENDING
    unchanged_by_retry(withdraw, as_of=at("2021-04-20"))
    again = act({"act": "withdraw-objection", "party": "rwdsu", "number": 5, "why": "once more"})
    assert refused(again, ProcedureError, as_of=at("2021-04-21")).field == "number"
    missing = act({"act": "withdraw-objection", "party": "rwdsu", "number": 24, "why": "w"})
    assert "its objections: 1 to 23" in str(refused(missing, UnknownRecord, as_of=at("2021-04-21")))


def test_an_objection_amended_within_the_period_only() -> None:
    """RWDSU's objections received Fri 2021-04-16 at 10:00 Eastern; objection 2 amended at 15:00 the
    same day: its text changes and the objections are issued again as _v2 (the first kept); an
    amendment received Mon 04-19 is after the cut-off (04-16 23:59:59) and refused."""
    open_bessemer()
    perform(event("tally-2021"))
    filed = event("objections-2021").model_copy(update={"on": None, "at": at("2021-04-16", 10)})
    first = perform(filed, documents="issue").documents[0]
    text = "Surveillance: cameras installed in the break rooms during the voting period."
    amend = act({"act": "amend-objection", "party": "rwdsu", "number": 2, "text": text, "at": at("2021-04-16", 15),
                 "why": "the full statement"})

    done = perform(amend, as_of=at("2021-04-16", 15), documents="issue")

    with read_session() as session:
        assert session.exec(select(Objection.text).where(Objection.number == 2)).one() == text
    [again_] = [d for d in done.documents if d.kind == "objections"]
    assert again_.file_name == first.file_name.replace(".pdf", "_v2.pdf")
    assert "cameras installed in the break rooms" in pdf_text(again_.path)
    assert Path(first.path).exists() and "cameras installed" not in pdf_text(first.path)
    late = act({"act": "amend-objection", "party": "rwdsu", "number": 3, "text": "Threats of closure.",
                "at": at("2021-04-19", 9), "why": "w"})
    assert refused(late, UntimelyFiling, as_of=at("2021-04-19", 9)) is not None
    same = act({"act": "amend-objection", "party": "rwdsu", "number": 2, "text": text, "at": at("2021-04-16", 16),
                "why": "again"})
    assert refused(same, BadInput, as_of=at("2021-04-16", 16)).field == "text"


def test_a_period_that_lapsed_on_a_wrong_date_runs_again_and_a_timely_filing_is_received() -> None:
    """The tally recorded as prepared Fri 2021-04-02 (a week early): its objection period lapsed on
    Fri 04-09 and the sweep moved the election to certification-due. Corrected to 04-09 on Mon
    04-12, the period runs to Fri 04-16 again (open); the stage stays certification-due; RWDSU's
    objections received 04-16 are then timely and take the election to objections-pending."""
    open_bessemer()
    perform(tally_2021(on=date(2021, 4, 2)))
    app.sweep_case(case_id_of(NUMBER), as_of=at("2021-04-12"))
    assert stage() is Stage.CERTIFICATION_DUE
    assert due(DeadlineKind.OBJECTIONS).status is DeadlineStatus.LAPSED

    done = perform(correction(prepared_on="2021-04-09"), as_of=at("2021-04-12"))

    objections = due(DeadlineKind.OBJECTIONS)
    assert (objections.due_on, objections.status) == (date(2021, 4, 16), DeadlineStatus.OPEN)
    assert any(w.startswith("The objections period had lapsed on the recorded date; on the corrected date it runs "
                            "until 11:59 p.m. EDT on April 16, 2021, so it is open again") for w in done.warnings)
    assert stage() is Stage.CERTIFICATION_DUE
    perform(event("objections-2021"))
    assert stage() is Stage.OBJECTIONS_PENDING
