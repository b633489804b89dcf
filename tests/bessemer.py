"""The real Bessemer case (10-RC-269250, examples/bessemer-10-RC-269250.yaml) as act models, and
functions that perform acts inside a caller's write session through the act modules.

For tests that set up a database directly (sweep, reminders, calendar feeds, read commands,
imports, the database layer): ``with write_session(engine, by="operator:tests") as s: open_case(s, as_of=...)``.
Nothing in those sweeps or issues documents, as a set-up of the record needs neither; tests of an
act's behavior perform it through the front door instead (casefile.app.perform, see
tests/acts/procedure.py). ``first_election`` and ``to_rerun`` carry the case through the front
door on a given engine (SQLite or PostgreSQL), without documents.

The values are the scenario file's: the case (number, name, directed election, petition filed
2020-11-20, receiving office Atlanta), its parties, and the two tallies. One detail is the tests'
own: RWDSU's e-mail address (the record has none), so that service by e-mail is exercised.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session

from casefile import app
from casefile.acts import ActIn, Done, Who, module_for, parse_act
from casefile.acts.base import ref_id
from casefile.acts.file_objections import FileObjections
from casefile.acts.open_case import OpenCase
from casefile.acts.record_tally import RecordTally
from casefile.record.lookups import get_case
from casefile.record.models import Case, Filing, Tally
from casefile.record.refs import RecordTable

NUMBER = "10-RC-269250"
RWDSU = "Retail, Wholesale and Department Store Union"
AMAZON = "Amazon.com Services LLC"
#: Who performs the acts of a set-up (the docket names whoever the write session names).
BY = Who(label="operator:test")

CASE = OpenCase.model_validate({
    "act": "open-case", "date": date(2021, 4, 9),
    "case": {"number": NUMBER, "name": AMAZON, "agreement": "directed", "petition_filed_on": date(2020, 11, 20),
             "office": "Atlanta"},
    "parties": [{"key": "amazon", "role": "employer", "name": AMAZON},
                {"key": "rwdsu", "role": "petitioner", "name": RWDSU, "email": "counsel@example.org"}]})

#: The 2021 mail-ballot election (2021-02-08 to 03-29), tallied Fri 2021-04-09: 738 for, 1,798 against,
#: 505 challenged (not determinative), 76 void, about 5,867 eligible.
TALLY_2021 = RecordTally.model_validate({
    "act": "record-tally", "date": date(2021, 4, 9), "kind": "initial", "choices": {RWDSU: 738}, "against": 1798,
    "challenged": 505, "void": 76, "eligible": 5867,
    "election": {"method": "mail", "held_from_on": date(2021, 2, 8), "held_to_on": date(2021, 3, 29)}})

#: The 2022 rerun (mail, 2022-02-04 to 03-25), tallied 2022-03-31: 875 for, 993 against, 416 challenged
#: (determinative), 59 void, about 6,153 eligible.
TALLY_2022 = RecordTally.model_validate({
    "act": "record-tally", "date": date(2022, 3, 31), "kind": "rerun", "choices": {RWDSU: 875}, "against": 993,
    "challenged": 416, "void": 59, "eligible": 6153,
    "election": {"method": "mail", "held_from_on": date(2022, 2, 4), "held_to_on": date(2022, 3, 25),
                 "reason": "second election directed 2021-11-29"}})


def case_act(**changes: Any) -> OpenCase:
    """CASE with fields of its ``case`` section changed (e.g. ``number=``, ``office=None``,
    ``petition_filed_on=``): the same parties in another case, office or rule set."""
    return CASE.model_copy(update={"case": CASE.case.model_copy(update=changes)})


def tally_on(day: date, act: RecordTally = TALLY_2021) -> RecordTally:
    """``act`` (default the 2021 tally: the same counts) prepared on ``day`` instead, its election
    moved by as many days (an election ends before its tally; rules/chronology.py)."""
    shift = day - act.on
    election = act.election
    if election is not None and getattr(election, "held_from_on", None) is not None:
        election = election.model_copy(update={"held_from_on": election.held_from_on + shift,
                                               "held_to_on": election.held_to_on + shift})
    return act.model_copy(update={"on": day, "election": election})


def objections_act(party: str, statements: list[str], *, at: datetime | None = None, on: date | None = None,
               **fields: Any) -> FileObjections:
    """A file-objections act of ``party`` with the objections ``statements``, received at ``at``
    (aware) or, when the record has only the date, on ``on``; ``fields``: any other field of the act."""
    return FileObjections.model_validate({"party": party, "objections": statements, "at": at, "date": on, **fields})


def perform(session: Session, act: ActIn, *, as_of: datetime, case_number: str | None = NUMBER) -> Done:
    """Perform ``act`` in ``session`` through its act module, as the front door would inside its
    transaction (its input check first), but without the pre-act sweep and without documents.
    ``case_number`` is ignored for open-case. Raises the act's CasefileError."""
    module = module_for(act)
    if (check := getattr(module, "check", None)) is not None:
        check(act)
    case = None if isinstance(act, OpenCase) or case_number is None else get_case(session, case_number)
    return module.perform(session, act, case=case, as_of=as_of, by=BY)  # type: ignore[no-any-return]


def open_case(session: Session, *, as_of: datetime, act: OpenCase = CASE) -> Case:
    """Open the case of ``act`` (default Bessemer); the Case row."""
    done = perform(session, act, as_of=as_of)
    case = session.get(Case, ref_id(done.ref, RecordTable.CASE))
    assert case is not None
    return case


def record_tally(session: Session, act: RecordTally, *, as_of: datetime, case_number: str = NUMBER) -> Tally:
    """Record the tally ``act`` in case ``case_number``; the Tally row."""
    done = perform(session, act, as_of=as_of, case_number=case_number)
    tally = session.get(Tally, ref_id(done.ref, RecordTable.TALLY))
    assert tally is not None
    return tally


def file_objections(session: Session, act: FileObjections, *, as_of: datetime, case_number: str = NUMBER) -> Filing:
    """File the objections ``act`` in case ``case_number``; the objections' Filing row."""
    done = perform(session, act, as_of=as_of, case_number=case_number)
    filing = session.get(Filing, ref_id(done.ref, RecordTable.FILING))
    assert filing is not None
    return filing


def front_door(engine: Engine, act: ActIn | dict[str, Any], as_of: datetime, *,
               case_number: str = NUMBER) -> app.ActResult:
    """Perform ``act`` (an act model, or a mapping in the scenario's event syntax) through the
    front door on ``engine`` as of ``as_of``, without documents."""
    model = act if isinstance(act, ActIn) else parse_act(act)
    return app.perform(model, case_number=case_number, as_of=as_of, by=BY, documents="none", engine=engine)


def _noon(day: str, offset: str = "-04:00") -> datetime:
    return datetime.fromisoformat(f"{day}T12:00:00{offset}")


def first_election(engine: Engine) -> None:
    """The case opened and its 2021 tally recorded (noon Eastern, Fri 2021-04-09), through the front door."""
    front_door(engine, CASE, _noon("2021-04-09"))
    front_door(engine, TALLY_2021, _noon("2021-04-09"))


def to_rerun(engine: Engine) -> None:
    """The 2021 election carried to the rerun directed on 2021-11-29, through the front door: RWDSU's
    objection (2021-04-16), the notice of hearing (04-26), the hearing opened (05-07), the hearing
    officer's report (08-02) and the Regional Director's decision setting the election aside (11-29)."""
    first_election(engine)
    front_door(engine, {"act": "file-objections", "date": "2021-04-16", "party": "rwdsu",
                        "objections": ["collection box"]}, _noon("2021-04-16"))
    front_door(engine, {"act": "notice-hearing", "date": "2021-04-26"}, _noon("2021-04-26"))
    front_door(engine, {"act": "open-hearing", "date": "2021-05-07"}, _noon("2021-05-07"))
    front_door(engine, {"act": "ho-report", "date": "2021-08-02", "result": "set-aside"}, _noon("2021-08-02"))
    front_door(engine, {"act": "rd-decision", "date": "2021-11-29", "result": "set-aside", "at_fault": "amazon"},
               _noon("2021-11-29", "-05:00"))
