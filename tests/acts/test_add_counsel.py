"""Counsel of record: entered with the case (open-case's parties' ``counsel``, or the scenario files'
``representative``/``email``/``address``), added or updated by add-counsel and `casefile counsel add`;
one home for a person's contact details (casefile.record.models.Person), shared with the reminders."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import col, select
from typer.testing import CliRunner

from casefile.errors import UnknownRecord
from casefile.record.db import read_session
from casefile.record.models import DocketEntry, Party, Person
from tests.acts.example_cases import refused_act
from tests.acts.live_case import CHEN, NUMBER, OKAFOR, OPENED_AT, TALLY_AT, WHITFIELD, open_live, opening, perform
from tests.acts.procedure import open_bessemer

PITTSBURGH = "60 Boulevard of the Allies; Pittsburgh, PA 15222"
ADD = {"act": "add-counsel", "party": "mpc", "name": "Robert J. Haines", "firm": "Whitfield & Marsh LLP",
       "email": "rhaines@whitfieldmarsh.com", "bar_number": "Illinois ARDC No. 6310022"}


def people(party_key: str) -> list[Person]:
    with read_session() as s:
        party = s.exec(select(Party).where(Party.key == party_key)).one()
        return list(s.exec(select(Person).where(Person.party_id == party.id)
                           .order_by(col(Person.counsel).desc(), col(Person.position), col(Person.id))))


class TestEnteredWithTheCase:
    def test_counsel_with_their_details_in_order(self, configured_db: Path) -> None:
        """Each party's counsel are stored with firm, address, phone, e-mail and bar number, lead first; not reminded."""
        open_live()
        union = people("usw")
        assert [(p.name, p.firm, p.phone, p.email, p.bar_number, p.position, p.counsel, p.reminded) for p in union] == [
            ("Daniel Okafor", "United Steelworkers Legal Department", "(412) 555-0199", "dokafor@usw.example.org",
             "Pennsylvania Bar No. 318842", 0, True, False),
            ("Maria Chen", "", "", "mchen@usw.example.org", "Pennsylvania Bar No. 327115", 1, True, False)]
        assert people("mpc")[0].address == "200 West Adams Street, Suite 1400; Chicago, IL 60606"

    def test_a_scenario_representative_is_lead_counsel(self, configured_db: Path) -> None:
        """Bessemer's parties name a representative only (a placeholder: not in the public record): it is their counsel."""
        open_bessemer()
        assert [(p.name, p.counsel, p.email) for p in people("rwdsu")] == [
            ("[NOT IN THE PUBLIC RECORD: Petitioner's counsel of record]", True, "")]

    def test_a_representative_email_and_address_without_counsel_list(self, configured_db: Path) -> None:
        """``representative``/``email``/``address`` (the v1 scenario fields) become lead counsel's details; the
        case opened again with the same file changes nothing."""
        data = opening()
        data["parties"][0] = {"key": "mpc", "role": "employer", "name": "Midwest Precision Castings, Inc.",
                              "representative": "Karen L. Whitfield", "email": "kwhitfield@whitfieldmarsh.com",
                              "address": "200 West Adams Street, Suite 1400; Chicago, IL 60606"}
        open_live()  # the case with its full counsel list
        again = perform(data, as_of=OPENED_AT)  # the same details written the v1 way: no difference, nothing new
        assert again.repeated
        assert [(p.name, p.email) for p in people("mpc")] == [("Karen L. Whitfield", "kwhitfield@whitfieldmarsh.com")]

    def test_opened_again_with_other_counsel_details_is_refused(self, configured_db: Path) -> None:
        """Other details for a counsel already recorded are a difference, named; counsel added since are not."""
        from casefile.errors import AlreadyRecorded

        open_live()
        perform(ADD, as_of=TALLY_AT)
        other = opening(union_counsel=[{**OKAFOR, "phone": "(412) 555-0100"}, CHEN])
        with pytest.raises(AlreadyRecorded, match=r"party usw counsel 'Daniel Okafor' phone: '\(412\) 555-0199' → "
                                                  r"'\(412\) 555-0100'"):
            perform(other, as_of=OPENED_AT)
        assert perform(opening(), as_of=OPENED_AT).repeated  # Haines, added later, is no difference


class TestAddCounsel:
    def test_added_after_the_others_and_docketed(self, configured_db: Path) -> None:
        open_live()
        result = perform(ADD, as_of=TALLY_AT)
        assert result.summary == "Counsel of record for Midwest Precision Castings, Inc.: Robert J. Haines (Whitfield & Marsh LLP)"
        assert result.warnings == []
        assert [(p.name, p.position) for p in people("mpc")] == [("Karen L. Whitfield", 0), ("Robert J. Haines", 1)]
        with read_session() as s:
            entry = s.exec(select(DocketEntry).where(DocketEntry.act == "add-counsel")).one()
            assert (entry.actor.value, entry.occurred_on.isoformat()) == ("party", "2026-11-24")

    def test_retry_stores_nothing_new_and_other_details_update(self, configured_db: Path) -> None:
        open_live()
        perform(ADD, as_of=TALLY_AT)
        assert perform(ADD, as_of=TALLY_AT).repeated
        moved = perform({**ADD, "address": "1 North Wacker Drive; Chicago, IL 60606"}, as_of=TALLY_AT)
        assert not moved.repeated
        assert [p.address for p in people("mpc")] == ["200 West Adams Street, Suite 1400; Chicago, IL 60606",
                                                      "1 North Wacker Drive; Chicago, IL 60606"]
        with read_session() as s:
            assert len(s.exec(select(DocketEntry).where(DocketEntry.act == "add-counsel")).all()) == 2

    def test_without_email_says_service_will_be_blank(self, configured_db: Path) -> None:
        open_live()
        result = perform({**ADD, "email": ""}, as_of=TALLY_AT)
        assert result.warnings == [
            "Robert J. Haines has no e-mail address: filings are served on counsel by e-mail by default, so service on "
            "Midwest Precision Castings, Inc. will be left blank unless the filing gives `service` (or add --email)"]

    def test_unknown_party_is_refused_and_stores_nothing(self, configured_db: Path) -> None:
        from casefile.acts import parse_act

        open_live()
        error = refused_act(parse_act({**ADD, "party": "teamsters"}), UnknownRecord, case_number=NUMBER, as_of=TALLY_AT)
        assert "has no party 'teamsters' (parties: mpc (employer: Midwest Precision Castings, Inc.), usw (petitioner: United Steelworkers))" in str(error)

    def test_a_bad_email_is_refused_by_the_model(self) -> None:
        from pydantic import ValidationError

        from casefile.acts import parse_act

        with pytest.raises(ValidationError, match="is not an e-mail address"):
            parse_act({**ADD, "email": "rhaines at whitfieldmarsh"})

    def test_reminders_take_the_same_person(self, configured_db: Path) -> None:
        """`casefile people add` for counsel already entered makes the same row reminded (one home)."""
        from datetime import datetime

        from casefile.jobs.people import add_person
        from casefile.record.db import write_session

        open_live()
        with write_session(by="operator:tests") as s:
            _person, created = add_person(s, case_number=NUMBER, party="mpc", name=WHITFIELD["name"],
                                         email=WHITFIELD["email"], as_of=datetime.fromisoformat("2026-11-25T09:00:00-06:00"),
                                         notify_urls=["json://localhost/hook"], default_urls=[])
        assert not created
        lead = people("mpc")[0]
        assert (lead.name, lead.counsel, lead.reminded, lead.bar_number) == (
            "Karen L. Whitfield", True, True, "Illinois ARDC No. 6291734")


class TestCommand:
    def test_counsel_add(self, configured_db: Path) -> None:
        from casefile.cli.app import app

        open_live()
        result = CliRunner().invoke(app, ["counsel", "add", NUMBER, "--party", "usw", "--name", "Ana Ruiz",
                                          "--firm", "Ruiz Law", "--address", "1 Main St; Gary, IN 46402",
                                          "--phone", "(219) 555-0101", "--email", "ana@ruizlaw.example",
                                          "--bar-number", "Indiana Bar No. 12345-45", "--as-of", "2026-11-25"])
        assert result.exit_code == 0, result.output
        assert result.output.splitlines()[0] == "Ana Ruiz, counsel of record for United Steelworkers in 13-RC-400123"
        assert [(p.name, p.firm, p.bar_number) for p in people("usw")][-1] == ("Ana Ruiz", "Ruiz Law",
                                                                               "Indiana Bar No. 12345-45")

    def test_the_same_name_updates_only_the_options_given(self, configured_db: Path) -> None:
        """Counsel on record with firm, phone, e-mail and bar number: ``--phone`` alone changes the phone, the rest
        stays; the same command again stores nothing; ``--firm ""`` clears the firm only."""
        from casefile.cli.app import app

        open_live()
        lead = next((p.name, p.firm, p.address, p.phone, p.email, p.bar_number) for p in people("usw"))
        assert lead == ("Daniel Okafor", "United Steelworkers Legal Department", PITTSBURGH, "(412) 555-0199",
                        "dokafor@usw.example.org", "Pennsylvania Bar No. 318842")
        command = ["counsel", "add", NUMBER, "--party", "usw", "--name", "Daniel Okafor", "--phone", "(412) 555-0100",
                   "--as-of", "2026-11-25"]
        result = CliRunner().invoke(app, command)
        assert result.exit_code == 0, result.output
        after = next((p.name, p.firm, p.address, p.phone, p.email, p.bar_number) for p in people("usw"))
        assert after == ("Daniel Okafor", "United Steelworkers Legal Department", PITTSBURGH, "(412) 555-0100",
                         "dokafor@usw.example.org", "Pennsylvania Bar No. 318842")
        again = CliRunner().invoke(app, command)
        assert "already recorded: nothing new stored" in again.output
        cleared = CliRunner().invoke(app, ["counsel", "add", NUMBER, "--party", "usw", "--name", "Daniel Okafor",
                                           "--firm", "", "--as-of", "2026-11-25"])
        assert cleared.exit_code == 0, cleared.output
        assert next((p.firm, p.phone, p.email) for p in people("usw")) == ("", "(412) 555-0100",
                                                                          "dokafor@usw.example.org")
        with read_session() as s:
            assert len(s.exec(select(DocketEntry).where(DocketEntry.act == "add-counsel")).all()) == 2

    def test_counsel_add_refusal_is_one_line(self, configured_db: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
        """A bad e-mail: one line naming the option, exit 2, nothing stored."""
        from casefile.cli import main

        open_live()
        monkeypatch.setattr("sys.argv", ["casefile", "counsel", "add", NUMBER, "--party", "usw", "--name", "Ana Ruiz",
                                         "--email", "nope"])
        with pytest.raises(SystemExit) as exited:
            main()
        assert exited.value.code == 2
        err = capsys.readouterr().err.strip()
        assert err.splitlines() == [err] and "--email" in err and "'nope' is not an e-mail address" in err
        assert [p.name for p in people("usw")] == ["Daniel Okafor", "Maria Chen"]
