"""Every check before the commit (issue 17 item 1): what a document's builder refused after its act
had committed — leaving the act stored without its document — is refused by the act itself, before
anything is stored (every table and the output folder compared before and after), or is no refusal
at all and the document issues.

The first is the reliability trial's defect 1: a tally whose election ends before it begins passed the
act model; the Tally of Ballots' context refused it after the commit, so the election, the tally, its
docket entry and four deadlines were stored without a document (the command line exited 2, the API
answered 201 with the document pending for ever).
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import select

from casefile import app
from casefile.errors import BadInput, CasefileError, InvalidScenario, ProcedureError
from tests.accounts.world import bessemer_template, world  # noqa: F401  (fixtures)
from tests.acts.procedure import NUMBER, act, carry, noon, open_bessemer, perform, refused, scenario
from tests.acts.snapshot import default_snapshot

#: The reliability trial's input: Bessemer's 2021 tally with its voting days reversed.
REVERSED = {"held_from_on": date(2021, 3, 29), "held_to_on": date(2021, 2, 8)}
SAYS = "the election cannot end on February 8, 2021, before it begins on March 29, 2021"


def _reversed_tally() -> Any:
    tally = scenario().events[0]
    assert tally.act_name == "record-tally"
    return tally.model_copy(update={"election": tally.election.model_copy(update=REVERSED)})  # type: ignore[attr-defined]


class TestAnElectionEndingBeforeItBegins:
    def test_the_front_door_refuses_it_and_stores_nothing(self, configured_db: Path) -> None:
        """Refused with BadInput on ``election.held_to_on`` naming both days; no election, tally, entry, deadline or file."""
        open_bessemer()
        error = refused(_reversed_tally(), BadInput)
        assert SAYS in str(error)
        assert error.field == "election.held_to_on"  # type: ignore[attr-defined]

    def test_the_corrected_tally_is_then_recorded_with_its_document(self, configured_db: Path) -> None:
        """Nothing was left behind: the tally with its days in order is recorded and its Tally of Ballots issued."""
        open_bessemer()
        with pytest.raises(BadInput):
            perform(_reversed_tally(), documents="issue")
        result = perform(scenario().events[0], documents="issue")
        assert (result.repeated, [d.kind for d in result.documents]) == (False, ["tally-of-ballots"])

    def test_the_command_line_exits_2_and_stores_nothing(self, configured_db: Path, tmp_path: Path) -> None:
        """`casefile tally record t.yaml` with the trial's file: one error line, exit 2, the case as it was."""
        from tests.cli.in_process import casefile

        open_bessemer()
        tally = tmp_path / "t.yaml"
        tally.write_text(f"case_number: {NUMBER}\nkind: initial\nprepared_on: 2021-04-09\n"
                         "choices: {\"Retail, Wholesale and Department Store Union\": 738}\nagainst: 1798\n"
                         "challenged: 505\nvoid: 76\neligible: 5867\n"
                         "election: {method: mail, held_from_on: 2021-03-29, held_to_on: 2021-02-08}\n", encoding="utf-8")
        before = default_snapshot()
        ran = casefile("tally", "record", str(tally), "--as-of", "2021-04-09T12:00:00-04:00")
        assert ran.exit_code == 2, ran.stdout + ran.stderr
        assert any(SAYS in line for line in ran.error_lines), ran.stderr
        assert default_snapshot() == before

    def test_a_scenario_replay_is_refused_at_that_event_and_stores_nothing_of_it(self, configured_db: Path,
                                                                                 tmp_path: Path) -> None:
        """A replay names the event refused; the case it opened holds no election, tally, deadline or document."""
        from casefile.record.db import read_session
        from casefile.record.models import Deadline, DocketEntry, Election, Tally
        from casefile.scenario import replay
        from casefile.settings import get_settings

        text = (Path(__file__).resolve().parents[2] / "examples" / "bessemer-10-RC-269250.yaml").read_text(encoding="utf-8")
        head, _, _ = text.partition("  - date: 2021-04-16")  # the case and its first event, the 2021 tally
        assert "held_from_on: 2021-02-08" in head and "held_to_on: 2021-03-29" in head
        file = tmp_path / "reversed.yaml"
        file.write_text(head.replace("held_from_on: 2021-02-08", "held_from_on: 2021-03-29")
                        .replace("held_to_on: 2021-03-29", "held_to_on: 2021-02-08"), encoding="utf-8")
        with pytest.raises(InvalidScenario, match="event 1 \\(record-tally, dated 2021-04-09\\) refused: " + SAYS):
            replay(file, through_prefect=False)
        with read_session() as session:
            assert [e.act for e in session.exec(select(DocketEntry))] == ["open-case"]
            assert session.exec(select(Election)).all() == session.exec(select(Tally)).all() == []
            assert session.exec(select(Deadline)).all() == []
        out = get_settings().output_dir
        assert not out.exists() or not any(p.is_file() for p in out.rglob("*"))

    def test_the_api_answers_422_and_stores_nothing(self, world: Any) -> None:  # noqa: F811  (the fixture)
        """POST of the tally (the Region's counsel, on a new case of Region 10): a bad-input problem naming the field,
        not 201 with the document pending for ever; the case as it was."""
        import warnings

        from starlette.exceptions import StarletteDeprecationWarning

        with warnings.catch_warnings():  # Starlette 1.x prefers httpx2; the httpx Prefect pins still works
            warnings.simplefilter("ignore", StarletteDeprecationWarning)
            from fastapi.testclient import TestClient

        from casefile.acts import Who
        from casefile.acts.open_case import OpenCase
        from casefile.api import create_app

        spec = scenario()
        other = spec.case.model_copy(update={"number": "10-RC-777005"})
        app.perform(OpenCase(case=other, parties=spec.parties, date=date(2021, 4, 9)), as_of=noon(spec.events[0]),
                    by=Who.operator(), documents="none")
        body = {"act": "record-tally", "date": "2021-04-09", "kind": "initial",
                "choices": {"Retail, Wholesale and Department Store Union": 738}, "against": 1798, "challenged": 505,
                "void": 76, "eligible": 5867,
                "election": {"method": "mail", "held_from_on": "2021-03-29", "held_to_on": "2021-02-08"}}
        committed: list[int] = []
        before = default_snapshot()
        with TestClient(create_app(on_committed=lambda entry_id, as_of: committed.append(entry_id))) as client:
            answer = client.post("/api/v1/cases/10-RC-777005/acts", json=body,
                                 params={"as_of": "2021-04-09T12:00:00-04:00"}, headers=world.headers("region"))
        assert answer.status_code == 422, answer.text
        assert (answer.json()["code"], answer.json()["field"]) == ("bad-input", "election.held_to_on")
        assert SAYS in answer.json()["detail"]
        assert committed == []
        after = default_snapshot()
        changed = sorted(t for t in after["tables"] if after["tables"][t] != before["tables"].get(t))
        assert changed == ["apitoken"], changed  # the token's last use (signing in), nothing of the act
        assert after["files"] == before["files"]


class TestAnOfferOfProofOnObjectionsItDoesNotSupport:
    def test_a_witness_on_an_earlier_filings_objection_is_refused_before_the_commit(self, configured_db: Path) -> None:
        """RWDSU's 23 objections came with their offer; its supplemental objection 24 has none. An offer of proof now
        supports objection 24 only: a witness on objection 2 was accepted, and its Offer of Proof (which lists the
        objections it supports) could never issue. Now refused, naming the objections it supports; nothing stored."""
        carry("objections-2021")
        supplemental = act({"act": "file-objections", "date": date(2021, 4, 16), "party": "rwdsu",
                            "objections": ["A supplemental objection."]})
        perform(supplemental, documents="issue")
        offer = act({"act": "file-offer-of-proof", "date": date(2021, 4, 16), "party": "rwdsu",
                     "witnesses": [{"objection": 2, "witness": "A witness", "summary": "What the witness saw."}]})
        error = refused(offer, ProcedureError)
        assert "objection 2, which is not among the objections this offer of proof supports" in str(error)
        assert "objections received April 16, 2021: 24" in str(error)
        assert error.field == "witnesses.0.objection"  # type: ignore[attr-defined]
        accepted = perform(offer.model_copy(update={"witnesses": [offer.witnesses[0].model_copy(update={"objection": 24})]}),  # type: ignore[attr-defined]
                           documents="issue")
        assert [d.kind for d in accepted.documents] == ["offer-of-proof"]


class TestNoLongerRefusals:
    def test_a_party_name_with_square_brackets_never_refuses_a_document(self, configured_db: Path) -> None:
        """A record copy's placeholder for a missing service address names the party; a bracket in its name was a
        ProcedureError after the commit. RWDSU's objections issue, their certificate of service naming the employer
        with the bracket written as a parenthesis."""
        from casefile.acts import Who
        from tests.acts.procedure import prepare_schema
        from tests.documents.pdf_layout import lines_by_page

        spec = scenario()
        opening = spec.opening()
        parties = [p.model_copy(update={"name": "Amazon.com Services [Delaware] LLC", "representative": "", "email": "",
                                        "address": "", "counsel": []}) if p.key == "amazon" else p for p in opening.parties]
        prepare_schema()
        app.perform(opening.model_copy(update={"parties": parties}), as_of=noon(spec.events[0]), by=Who.operator(),
                    documents="none")
        perform(spec.events[0])
        result = perform(spec.events[1], documents="issue")
        assert [d.kind for d in result.documents] == ["objections", "offer-of-proof"]
        objections = next(Path(d.path) for d in result.documents if d.kind == "objections")
        text = " ".join(" ".join(lines) for lines in lines_by_page(objections.read_bytes()).values())
        assert "service address of Amazon.com Services (Delaware) LLC" in " ".join(text.split())

    def test_a_status_report_before_the_tally_says_no_election_is_recorded(self, configured_db: Path) -> None:
        """A case opened and nothing else: its status report issues (it refused a case with no election)."""
        from tests.documents.pdf_layout import lines_by_page

        open_bessemer()
        report = app.status_report(NUMBER, as_of=noon(scenario().events[0]))
        text = " ".join(" ".join(lines) for lines in lines_by_page(Path(report.path).read_bytes()).values())
        assert "No election is recorded yet" in text


class TestAReportOnTheChallengedBallotsOnly:
    def test_the_hearing_officers_report_issues_without_objections(self, configured_db: Path) -> None:
        """Genesee Street: 7 determinative challenged ballots, a hearing on them alone (no objection set), the report.
        Its context required an objection: the report was stored and its document failed with a validation error.
        Now it issues, titled on the challenged ballots, recommending on each ballot, no objection to overrule."""
        from tests.acts.example_cases import starbucks
        from tests.documents.pdf_layout import lines_by_page

        c = starbucks()
        c.carry(2)  # the tally and the register of the 7 challenged ballots
        for data in ({"act": "notice-hearing", "date": date(2021, 12, 20), "opens_on": date(2022, 1, 5), "objections": {},
                      "challenges": True},
                     {"act": "open-hearing", "date": date(2022, 1, 5)}, {"act": "close-hearing", "date": date(2022, 1, 6)}):
            c.perform(c.act(data))
        rulings = [{"ground": "does not work at the Genesee Street store", "ruling": "sustained"},
                   {"ground": "no longer employed", "ruling": "sustained"}]  # a report rules on each ballot set (R-J5)
        result = c.perform(c.act({"act": "ho-report", "date": date(2022, 1, 20), "result": "overrule",
                                  "summary": "The challenges should be sustained.", "challenges": rulings}),
                           documents="issue")
        assert [d.title for d in result.documents] == ["Hearing Officer's Report and Recommendations on Challenged Ballots"]
        text = " ".join(" ".join(lines) for lines in lines_by_page(Path(result.documents[0].path).read_bytes()).values())
        assert "III. RECOMMENDATIONS ON THE CHALLENGED BALLOTS" in text
        assert "recommends that the challenged ballots be disposed of as recommended above" in " ".join(text.split())
        assert "objections be overruled" not in text
        assert ("[NOT IN THE PUBLIC RECORD: challenged voter 7] Starbucks Corporation no longer employed sustained IV. "
                "RECOMMENDED DISPOSITION") in " ".join(text.split())


def test_every_act_model_refusal_is_a_casefile_error() -> None:
    """The act's check() refuses with a CasefileError (one message, a field), never a bare exception."""
    from casefile.acts.record_tally import check

    with pytest.raises(CasefileError):
        check(_reversed_tally())
