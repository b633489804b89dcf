"""count-excluded-ballots: ballots excluded at the count, later ordered opened and counted — a supplemental count
written as challenged ballots overruled, which the revised tally counts (29 CFR 102.69(c)(1)(i), (e); rules.md R-E6,
R-L1; casefile.rules.excluded_ballots).

Real-shaped history: Starbucks, Walden Avenue and Anderson Road, Cheektowaga NY. From the public record (Buffalo News,
2022-03-09, 2022-05-03, 2022-07-15, 2022-08-16): the petition announced 2021-11-09; the mail ballots counted
2022-03-09, 8-7 for Workers United; Starbucks objected that ballots were improperly excluded from the count; the case
went to the Regional Director in Atlanta (Region 10), who ordered the additional ballots counted; the supplemental
count stood 10-10 with one ballot, challenged by Starbucks, unopened.
Derived or hypothetical (said here, never in the record's facts): 5 ballots excluded (10 + 10 − 8 − 7, every excluded
ballot taken as valid); the one challenged ballot taken as challenged at the first count; why the ballots were excluded
is not reported (the reason is unknown: None); the dates of the objections (2022-03-16, the last day), of the transfer
and the order (2022-04-26) and of the supplemental count (2022-04-28) are hypothetical (the count was reported on
2022-05-03); the split of the five (2 for, 3 against) follows from the two tallies. UNCERTAIN: the case number is the
one this work was given (03-RC-282127); the August 2021 petitions were numbered 03-RC-2821xx and the Walden petition
was filed in November 2021, so the number may be another store's.
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

from pypdf import PdfReader
from sqlmodel import col, select

from casefile.acts import parse_act
from casefile.acts.open_case import OpenCase
from casefile.errors import BadInput, IllegalTransition, OutOfOrder, ProcedureError
from casefile.record.db import read_session
from casefile.record.models import ChallengedBallot, Deadline, DocketEntry, Election, Tally
from casefile.vocab import ChallengeStatus, DeadlineKind, Stage, TallyKind
from tests.acts.example_cases import ExampleCase

NUMBER = "03-RC-282127"
WU = "Workers United"


def walden(*, excluded: int = 5) -> ExampleCase:
    """Walden Avenue (see the module docstring). Events: 0 tally (2022-03-09: 8-7, 1 challenged, ``excluded``
    excluded at the count, reason unknown), 1 Starbucks's objections (2022-03-16), 2 transfer to Region 10."""
    opening = OpenCase.model_validate({
        "act": "open-case",
        "case": {"number": NUMBER, "name": "Starbucks Corporation", "petition_filed_on": date(2021, 11, 9)},
        "parties": [{"key": "starbucks", "role": "employer", "name": "Starbucks Corporation"},
                    {"key": "workers-united", "role": "petitioner", "name": WU}],
        "date": date(2022, 3, 9)})
    events = [parse_act(e) for e in (
        {"act": "record-tally", "date": date(2022, 3, 9), "kind": "initial", "choices": {WU: 8}, "against": 7,
         "challenged": 1, "excluded": excluded, "election": {"method": "mail"}},
        {"act": "file-objections", "date": date(2022, 3, 16), "party": "starbucks",
         "objections": ["Ballots were improperly excluded from the count. [Subject as reported; text not public.]"]},
        {"act": "transfer-case", "date": date(2022, 4, 26), "region": "10", "office": "Atlanta",
         "order": "Order transferring the case from Region 3 (Buffalo) to Region 10 (Atlanta) (hypothetical date)"},
    )]
    return ExampleCase(opening, events)


def _order(case: ExampleCase, **fields: object):  # type: ignore[no-untyped-def]
    return case.act({"act": "count-excluded-ballots", "date": date(2022, 4, 26), "ballots": 5,
                     "order": "On the Employer's objection, the ballots excluded at the count are to be opened and counted.",
                     **fields})


def _count(case: ExampleCase):  # type: ignore[no-untyped-def]
    return case.act({"act": "revised-tally", "date": date(2022, 4, 28), "counted": {WU: 2}, "counted_against": 3})


def _through_transfer() -> ExampleCase:
    case = walden()
    case.open()
    for event in case.events:
        case.perform(event)
    return case


def _text(path: str) -> str:
    return re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(path).pages))


def test_the_supplemental_count_is_the_revised_tally_of_ballots_written_as_challenged(configured_db: Path) -> None:
    """8-7 with 1 challenged and 5 excluded; the order writes the 5 as challenged ballots overruled; the revised tally
    counts them (2 for, 3 against): 10-10 with the 1 challenged ballot unopened, which is determinative (R-E4: Y ≤ N,
    C = 1 ≥ N − Y + 1)."""
    case = _through_transfer()
    done = case.perform(_order(case))
    assert done.summary == (
        "Order to count ballots excluded at the count: the Regional Director orders 5 of the 5 ballots excluded at the "
        "count of 2022-03-09 (for a reason the record does not state) opened and counted; written as challenged ballots "
        "ordered opened and counted, for the revised tally; On the Employer's objection, the ballots excluded at the "
        "count are to be opened and counted.")
    with read_session() as s:
        written = s.exec(select(ChallengedBallot).where(col(ChallengedBallot.excluded_at_count))).all()
        assert [(b.voter, b.status, b.ruled_on) for b in written] == [
            (f"excluded ballot {n}", ChallengeStatus.OVERRULED, date(2022, 4, 26)) for n in range(1, 6)]
        assert s.exec(select(Election)).one().stage is Stage.OBJECTIONS_PENDING
    revised = case.perform(_count(case))
    assert revised.summary.startswith(
        "Revised Tally of Ballots: 5 challenged ballots opened and counted (a supplemental count: 5 of them excluded at "
        "the count of 2022-03-09 and ordered counted), 0 sustained; 10 Workers United, 10 against; 1 still unopened")
    with read_session() as s:
        tally = s.exec(select(Tally).where(Tally.kind == TallyKind.REVISED)).one()
        assert (tally.votes, tally.against, tally.challenged, tally.opened, tally.determinative) == (
            [[WU, 10]], 10, 1, 5, True)
        assert {b.status for b in s.exec(select(ChallengedBallot).where(col(ChallengedBallot.excluded_at_count)))} == {
            ChallengeStatus.OPENED}
        assert s.exec(select(Election)).one().stage is Stage.REVISED_TALLY_ISSUED


def test_the_deadlines_with_calendar_dates(configured_db: Path) -> None:
    """The tally of Wednesday 2022-03-09: objections due Wednesday 2022-03-16 (5 business days, 102.69(a)(8)); the
    revised tally of Thursday 2022-04-28 opens objections to it, due Thursday 2022-05-05 (5 business days, 102.69(e)),
    for the ballots it opened and counted."""
    case = _through_transfer()
    case.perform(_order(case))
    case.perform(_count(case))
    with read_session() as s:
        due = {d.kind: d.due_on for d in s.exec(select(Deadline))}
    assert due[DeadlineKind.OBJECTIONS] == date(2022, 3, 16)
    assert due[DeadlineKind.REVISED_TALLY_OBJECTIONS] == date(2022, 5, 5)


def test_the_revised_tally_says_it_is_a_supplemental_count(configured_db: Path) -> None:
    case = _through_transfer()
    order = case.perform(_order(case), documents="issue")
    [paper] = [d for d in order.documents if d.kind == "order-to-count-excluded-ballots"]
    text = _text(paper.path)
    assert ("The Tally of Ballots prepared on March 9, 2022 records 5 ballots excluded at the count, for a reason the "
            "record does not state: they were neither opened nor counted, and were not challenged at the count.") in text
    assert "IT IS ORDERED that 5 of the ballots excluded at the count be opened and counted." in text
    revised = case.perform(_count(case), documents="issue")
    [tally] = [d for d in revised.documents if d.kind == "revised-tally-of-ballots"]
    text = _text(tally.path)
    assert ("This is a supplemental count of ballots excluded at the original count of March 9, 2022, for a reason the "
            "record does not state: 5 ballots were ordered opened and counted by the Regional Director on April 26, "
            "2022, and are counted here as challenged ballots whose challenges were overruled.") in text
    assert "Ballots excluded at the original count, ordered opened and counted 5" in text
    assert "Challenges sustained: ballots neither opened nor counted 0" in text


def test_refusals_store_nothing(configured_db: Path) -> None:
    """More than were excluded, an order before the tally, and an order before the objections (tally-issued: the
    ballots could not be opened there) are refused; nothing stored (database and output folder compared)."""
    case = walden()
    case.open()
    case.perform(case.events[0])
    case.refused(_order(case, date=date(2022, 3, 10)), IllegalTransition)
    case.perform(case.events[1])
    case.refused(_order(case, ballots=6), ProcedureError)
    case.refused(_order(case, ballots=0), BadInput)
    case.refused(_order(case, date=date(2022, 3, 8)), OutOfOrder)
    case.perform(_order(case, ballots=3))
    case.refused(_order(case, ballots=3, date=date(2022, 4, 27)), ProcedureError)  # 2 left


def test_no_order_without_ballots_excluded_at_the_count(configured_db: Path) -> None:
    case = walden(excluded=0)
    case.open()
    case.perform(case.events[0])
    case.perform(case.events[1])
    error = case.refused(_order(case), ProcedureError)
    assert "the tally records no ballot excluded at the count" in str(error)


def test_a_reason_without_excluded_ballots_is_refused(configured_db: Path) -> None:
    case = walden(excluded=0)
    case.open()
    error = case.refused(parse_act({**case.events[0].model_dump(mode="json"), "excluded_reason": "late-mail-ballot"}),
                         BadInput)
    assert error.field == "excluded_reason"  # type: ignore[attr-defined]


def test_a_retry_stores_nothing_and_the_board_may_order(configured_db: Path) -> None:
    case = _through_transfer()
    first = case.perform(_order(case, by="Board", ballots=2))
    assert case.retried(_order(case, by="Board", ballots=2)).entry_id == first.entry_id
    with read_session() as s:
        entry = s.get(DocketEntry, first.entry_id)
        assert entry is not None and entry.actor.value == "board"
        assert len(s.exec(select(ChallengedBallot).where(col(ChallengedBallot.excluded_at_count))).all()) == 2


def test_the_command_records_the_order(configured_db: Path) -> None:
    """``casefile challenges count-excluded`` performs the act through the front door; too many ballots exit 2 with
    one line."""
    from tests.cli.in_process import casefile

    _through_transfer()
    ran = casefile("challenges", "count-excluded", NUMBER, "--on", "2022-04-26", "--ballots", "6",
                   "--as-of", "2022-04-26T12:00:00-04:00")
    assert ran.exit_code == 2
    assert ran.error_lines == ["error: the order counts 6 excluded ballots, but the tally excluded 5: 5 left"]
    ran = casefile("challenges", "count-excluded", NUMBER, "--on", "2022-04-26", "--ballots", "5",
                   "--as-of", "2022-04-26T12:00:00-04:00")
    assert ran.exit_code == 0, ran.stderr
    assert ran.stdout.splitlines()[0].startswith(
        f"{NUMBER}: Order to count ballots excluded at the count: the Regional "
        "Director orders 5 of the 5")


def test_the_decision_that_follows_tells_the_order(configured_db: Path) -> None:
    """After the supplemental count the Regional Director in Atlanta set the election aside and directed a second one
    (public record; the decision's date, 2022-06-03, is hypothetical): its procedural history tells the order."""
    case = _through_transfer()
    case.perform(_order(case))
    case.perform(_count(case))
    decision = case.perform(case.act({
        "act": "rd-decision", "date": date(2022, 6, 3), "result": "set-aside",
        "summary": "The election is set aside and a second election is directed (hypothetical date)."}), documents="issue")
    [paper] = [d for d in decision.documents if d.kind == "decision-and-direction-of-second-election"]
    text = _text(paper.path)
    assert "The Regional Director ordered 5 ballots excluded at the count opened and counted." in text
    assert "The Revised Tally of Ballots issued: 10 for Workers United, 10 against;" in text


def test_the_tally_says_how_many_were_excluded(configured_db: Path) -> None:
    case = walden()
    case.open()
    done = case.perform(case.events[0], documents="issue")
    [paper] = [d for d in done.documents if d.kind == "tally-of-ballots"]
    assert ("5 ballots were excluded at the count, for a reason the record does not state: neither opened nor counted, "
            "and not on any line above.") in _text(paper.path)
    assert done.summary.endswith("; 5 ballots excluded at the count, for a reason the record does not state")


def test_the_seal_covers_the_excluded_ballots(configured_db: Path) -> None:
    """verify holds after the supplemental count; the tally's excluded count or an excluded ballot's mark changed
    by hand is found, naming the act that recorded it."""
    from sqlalchemy import text

    from casefile.record.db import get_engine
    from tests.cli.in_process import casefile

    case = _through_transfer()
    case.perform(_order(case))
    case.perform(_count(case))
    assert casefile("verify", NUMBER).exit_code == 0
    with get_engine().begin() as conn:
        assert conn.execute(text("update tally set excluded = 4 where kind = 'INITIAL'")).rowcount == 1
    ran = casefile("verify", NUMBER)
    assert ran.exit_code == 1
    output = ran.stdout + ran.stderr
    problems = [line for line in output.splitlines() if line.startswith(f"{NUMBER}: tally #1")]
    assert len(problems) == 1 and "(record-tally " in problems[0], output


def test_offered_only_while_excluded_ballots_are_left(configured_db: Path) -> None:
    """Before the objections (tally-issued) not offered; with the objections offered; once all 5 are ordered counted,
    not offered — and the revised tally is; a tally that excluded none never offers it."""
    from casefile.acts import allowed_now
    from casefile.record.lookups import get_case

    def offered(name: str) -> bool:
        with read_session() as s:
            return allowed_now(s, get_case(s, NUMBER), name)

    case = walden()
    case.open()
    case.perform(case.events[0])
    assert not offered("count-excluded-ballots")
    case.perform(case.events[1])
    assert offered("count-excluded-ballots")
    case.perform(_order(case, ballots=3))
    assert offered("count-excluded-ballots") and offered("revised-tally")
    case.perform(_order(case, ballots=2, date=date(2022, 4, 27)))
    assert not offered("count-excluded-ballots") and offered("revised-tally")
