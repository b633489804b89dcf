"""The service ledger: written when a filing is recorded — e-filed with the Regional Director and
served by e-mail on each other party's counsel by default, or as the filing's ``service`` says —
and read by the certificate of service (tests/documents/test_live_case_documents.py)."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

import pytest
from sqlmodel import col, select

from casefile.acts import parse_act
from casefile.errors import BadInput, ProcedureError, UnknownRecord
from casefile.gaps import Gap, GapKind
from casefile.record.db import read_session
from casefile.record.models import Filing, ServiceRecord
from casefile.vocab import ServiceMethod
from tests.acts.example_cases import refused_act
from tests.acts.live_case import FILED_AT, NUMBER, OBJECTIONS, open_live, perform
from tests.acts.procedure import carry, event
from tests.acts.procedure import perform as perform_bessemer

UTC_FILED = datetime.fromisoformat("2026-12-01T18:00:00+00:00")
#: The live case's objections come without their offer of proof, which is still due with them (102.69(a)(8)).
OFFER_STILL_DUE = ("no offer of proof was filed with these objections: it is due with them (due December 2, 2026); "
                   "file it with \"File an offer of proof\" (casefile objections offer-of-proof) or ask the Regional "
                   "Director to extend its time (29 CFR 102.69(a)(8))")


def ledger(kind: str = "objections") -> list[tuple[object, ...]]:
    """The filing's ledger lines: (party id is None, whom, method, address, served_on), in order."""
    with read_session() as s:
        filing = s.exec(select(Filing).where(Filing.kind == kind)).one()
        rows = s.exec(select(ServiceRecord).where(ServiceRecord.filing_id == filing.id)
                      .order_by(col(ServiceRecord.position))).all()
        return [(r.party_id is None, r.served, r.method, r.address, r.served_on) for r in rows]


class TestDefault:
    def test_efiled_and_emailed_to_the_other_partys_counsel(self, configured_db: Path) -> None:
        """The Union's objections: e-filed with the Regional Director of Region 13, e-mailed to the Employer's counsel."""
        open_live()
        result = perform(OBJECTIONS, as_of=FILED_AT)
        assert result.warnings == [OFFER_STILL_DUE]  # nothing about service
        assert ledger() == [
            (True, "Regional Director, Region 13", ServiceMethod.E_FILING, "NLRB E-Filing system", date(2026, 12, 1)),
            (False, "Karen L. Whitfield", ServiceMethod.EMAIL, "kwhitfield@whitfieldmarsh.com", date(2026, 12, 1))]
        with read_session() as s:
            row = s.exec(select(ServiceRecord).where(ServiceRecord.served == "Karen L. Whitfield")).one()
            assert row.served_at == UTC_FILED  # the instant of the filing's receipt
            assert row.person_id is not None

    def test_every_counsel_of_the_other_party_is_served(self, configured_db: Path) -> None:
        """The Employer's objections go to both of the Union's counsel."""
        open_live()
        perform({**OBJECTIONS, "party": "mpc", "objections": ["The Union threatened employees."]}, as_of=FILED_AT)
        assert [(line[1], line[3]) for line in ledger()[1:]] == [("Daniel Okafor", "dokafor@usw.example.org"),
                                                                ("Maria Chen", "mchen@usw.example.org")]

    def test_a_live_case_without_the_other_partys_email_warns(self, configured_db: Path) -> None:
        """No e-mail for the Employer's counsel: the line is kept with no manner or address, and the act says how to fill it."""
        open_live(employer_counsel=[{"name": "Karen L. Whitfield"}])
        result = perform(OBJECTIONS, as_of=FILED_AT)
        assert ledger()[1] == (False, "Karen L. Whitfield", None, "", date(2026, 12, 1))
        assert result.warnings == [
            "Karen L. Whitfield (Midwest Precision Castings, Inc.) was served at no address the record holds: the "
            "certificate of service of the Objections leaves the manner and address blank", OFFER_STILL_DUE]
        assert result.gaps == [Gap(GapKind.SERVED_NOWHERE, "13-RC-400123", "Objections", party="mpc",
                                   party_name="Midwest Precision Castings, Inc.",
                                   whom="Karen L. Whitfield (Midwest Precision Castings, Inc.)"), None]

    def test_a_live_case_without_the_filers_counsel_warns(self, configured_db: Path) -> None:
        open_live(union_counsel=[])
        result = perform(OBJECTIONS, as_of=FILED_AT)
        assert result.warnings[0] == "United Steelworkers has no counsel of record: the signature block of the Objections is a blank line"
        assert result.gaps[0] == Gap(GapKind.NO_COUNSEL, "13-RC-400123", "Objections", party="usw",
                                     party_name="United Steelworkers")

    def test_the_offer_of_proof_goes_to_the_region_only(self, configured_db: Path) -> None:
        """Objections with their offer of proof, a witness for each: the offer is served on the Region only, and
        nothing is still due."""
        open_live()
        result = perform({**OBJECTIONS, "offer_of_proof": [
            {"objection": 1, "witness": "Luis Ortega", "summary": "Heard the plant manager say the plant would close."},
            {"objection": 2, "witness": "Ana Ruiz", "summary": "Was asked by her supervisor how she would vote."}]},
            as_of=FILED_AT)
        assert ledger("offer-of-proof") == [
            (True, "Regional Director, Region 13", ServiceMethod.E_FILING, "NLRB E-Filing system", date(2026, 12, 1))]
        assert result.warnings == []

    def test_an_offer_whose_witnesses_are_not_public_is_no_offer_still_due(self, configured_db: Path) -> None:
        """witnesses_public false says an offer came with the objections: no warning that none was filed."""
        open_live()
        result = perform({**OBJECTIONS, "witnesses_public": False}, as_of=FILED_AT)
        assert ledger("offer-of-proof") == [
            (True, "Regional Director, Region 13", ServiceMethod.E_FILING, "NLRB E-Filing system", date(2026, 12, 1))]
        assert result.warnings == []

    def test_a_replay_records_what_the_sources_lack_without_warnings(self, configured_db: Path) -> None:
        """Bessemer's objections (a record copy): served on the Employer's counsel, name and manner not in the record."""
        carry("tally-2021")
        result = perform_bessemer(event("objections-2021"))
        assert result.warnings == []
        assert ledger()[1] == (False, "[NOT IN THE PUBLIC RECORD: Employer's counsel of record]", None, "",
                               date(2021, 4, 16))


class TestAsGiven:
    def test_service_by_mail_at_counsels_postal_address(self, configured_db: Path) -> None:
        open_live()
        perform({**OBJECTIONS, "service": [{"party": "mpc", "method": "overnight", "date": "2026-12-01"}]}, as_of=FILED_AT)
        assert ledger()[1] == (False, "Karen L. Whitfield", ServiceMethod.OVERNIGHT,
                               "200 West Adams Street, Suite 1400; Chicago, IL 60606", date(2026, 12, 1))

    def test_an_address_given_and_a_later_date(self, configured_db: Path) -> None:
        open_live()
        perform({**OBJECTIONS, "service": [{"party": "mpc", "person": "Karen L. Whitfield", "method": "email",
                                            "address": "docket@whitfieldmarsh.com", "at": "2026-12-02T08:30:00-06:00"}]},
                as_of=FILED_AT)
        assert ledger()[1] == (False, "Karen L. Whitfield", ServiceMethod.EMAIL, "docket@whitfieldmarsh.com",
                               date(2026, 12, 2))

    @pytest.mark.parametrize(("service", "error", "field", "words"), [
        ([{"party": "teamsters"}], UnknownRecord, "service.0.party", "has no other party 'teamsters'"),
        ([{"party": "usw"}], ProcedureError, "service.0.party", "it is not served on itself"),
        ([{"party": "mpc", "person": "Jane Roe"}], UnknownRecord, "service.0.person", "'Jane Roe' is not counsel of"),
        ([{"party": "mpc", "method": "fax"}], BadInput, "service.0.address", "no address for service on Karen L. Whitfield by fax"),
    ], ids=["unknown-party", "the-filer", "unknown-person", "fax-without-number"])
    def test_a_wrong_service_list_refuses_the_filing_and_stores_nothing(
            self, configured_db: Path, service: list[dict[str, str]], error: type[Exception], field: str,
            words: str) -> None:
        open_live()
        refused = refused_act(parse_act({**OBJECTIONS, "service": service}), error, case_number=NUMBER, as_of=FILED_AT)
        assert getattr(refused, "field", None) == field
        assert words in str(refused)

    def test_a_party_left_out_is_named(self, configured_db: Path) -> None:
        """An empty ``service`` list: filed with the Region only, and the act says who was not served."""
        open_live()
        result = perform({**OBJECTIONS, "service": []}, as_of=FILED_AT)
        assert [line[1] for line in ledger()] == ["Regional Director, Region 13"]
        assert result.warnings == ["Midwest Precision Castings, Inc. is not served with the Objections (not in its "
                                   "service list)", OFFER_STILL_DUE]
        assert [g.kind if g else None for g in result.gaps] == [GapKind.NOT_SERVED, None]


class TestExceptions:
    def test_exceptions_are_served_from_the_ledger_default(self, configured_db: Path) -> None:
        carry("ho-report")
        perform_bessemer(parse_act({"act": "file-exceptions", "party": "amazon", "at": "2021-08-13T15:00:00-04:00",
                                    "exceptions": [{"excepted_to": "The finding on the collection box",
                                                    "grounds": "The Postal Service placed it"}],
                                    "service": [{"party": "rwdsu", "method": "mail", "address": "1 Union Sq; Birmingham, AL"}]}))
        assert ledger("exceptions")[1] == (False, "[NOT IN THE PUBLIC RECORD: Petitioner's counsel of record]",
                                           ServiceMethod.MAIL, "1 Union Sq; Birmingham, AL", date(2021, 8, 13))
