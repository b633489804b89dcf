"""The docket's "By" column: the legal actor in words (the filing party by name, not "party") and who
recorded the entry (an operator, a signed-in user by name, a job of casefile)."""

from __future__ import annotations

from sqlalchemy.engine import Engine

from casefile.record.db import read_session, write_session
from casefile.record.queries import case_view
from tests.bessemer import AMAZON, NUMBER, RWDSU, TALLY_2021, file_objections, objections_act, open_case, record_tally
from tests.conftest import at


def test_docket_names_the_filing_party_and_who_recorded_it(sqlite_engine: Engine) -> None:
    with write_session(sqlite_engine, by="operator:ann") as s:
        open_case(s, as_of=at("2021-04-09T12:00:00-04:00"))
        record_tally(s, TALLY_2021, as_of=at("2021-04-09T12:00:00-04:00"))
    with write_session(sqlite_engine, by="system:sweep") as s:
        file_objections(s, objections_act("rwdsu", ["The Employer's mailbox interfered with the election."],
                                          at=at("2021-04-16T15:00:00-04:00")), as_of=at("2021-04-16T15:00:00-04:00"))
    with read_session(sqlite_engine) as s:
        docket = case_view(s, NUMBER).docket
    by_act = {e.act: (e.actor, e.actor_name, e.recorded_by_name) for e in docket}
    # dated the petition's filing, opened in casefile when recorded
    assert by_act["open-case"] == ("party", f"{RWDSU} (the petition); case opened in casefile on April 9, 2021", "the operator of this casefile")
    assert by_act["record-tally"] == ("board-agent", "Board agent", "the operator of this casefile")
    assert by_act["file-objections"] == ("party", RWDSU, "casefile (sweep)")
    assert AMAZON not in {name for _, name, _ in by_act.values()}


def test_a_signed_in_user_is_named_with_the_note_kept(sqlite_engine: Engine) -> None:
    """A user who recorded an entry is shown by name and e-mail; an address without an account as given;
    the note after the address ("from a document received") stays."""
    from casefile.accounts.orgs import add_organization
    from casefile.accounts.users import add_user
    from casefile.record.queries import recorded_by_name

    moment = at("2021-04-09T12:00:00-04:00")
    with write_session(sqlite_engine, by="operator:tests") as s:
        add_organization(s, key="rwdsu-legal", name="RWDSU Legal", as_of=moment)
        add_user(s, email="Ann.Lee@rwdsu-legal.example.org", organization="rwdsu-legal", role="counsel",
                 password="correct horse battery staple 42", as_of=moment, name="Ann Lee")
    with read_session(sqlite_engine) as s:
        assert recorded_by_name(s, "user:ann.lee@rwdsu-legal.example.org, from a document received") == \
            "Ann Lee (ann.lee@rwdsu-legal.example.org), from a document received"
        assert recorded_by_name(s, "user:nobody@example.org") == "nobody@example.org"
        assert recorded_by_name(s, "") == ""
