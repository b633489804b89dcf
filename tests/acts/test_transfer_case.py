"""transfer-case: Amazon JFK8 (29-RC-288020) transferred from Region 29 (Brooklyn) to Region 28
(Phoenix) after Amazon's objections put Region 29's conduct at issue (2022). Real dates from
examples/amazon-jfk8-29-RC-288020.yaml; the "move" order and the filing instants around midnight are
the tests' own (the public record says nothing of them)."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

import pytest
from pypdf import PdfReader
from sqlmodel import select

from casefile.errors import BadInput, NotAllowedNow, UnknownRegion, UntimelyFiling
from casefile.record.db import read_session
from casefile.record.models import Case, Deadline, DocketEntry
from casefile.vocab import Actor, DeadlineKind
from tests.acts.real_histories import JFK8, JFK8_NUMBER, jfk8_through

EASTERN_LATE = datetime.fromisoformat("2022-04-23T01:00:00-04:00")  # 22:00 on 04-22 in Phoenix (MST, no DST)


def _case() -> Case:
    with read_session() as s:
        return s.exec(select(Case).where(Case.number == JFK8_NUMBER)).one()


def _deadline(kind: DeadlineKind) -> Deadline:
    with read_session() as s:
        return s.exec(select(Deadline).where(Deadline.kind == kind).order_by(Deadline.id.desc())).first()  # type: ignore[union-attr]


def _transfer(case, on: date, running: str = "stay"):  # type: ignore[no-untyped-def]
    return case.act({"act": "transfer-case", "date": on, "region": "28", "office": "Phoenix",
                     "order": "Order transferring the case to Region 28", "running_deadlines": running})


class TestTransfer:
    def test_the_case_goes_to_phoenix_and_keeps_its_number(self, configured_db: Path) -> None:
        """After the transfer the receiving office is 28-phoenix; the number's Region stays 29; the docket names the General Counsel's order."""
        case = jfk8_through("transfer")
        c = _case()
        assert (c.office_key, c.region, c.number) == ("28-phoenix", "29", JFK8_NUMBER)
        with read_session() as s:
            entry = s.exec(select(DocketEntry).where(DocketEntry.act == "transfer-case")).one()
        assert (entry.occurred_on, entry.actor) == (date(2022, 4, 29), Actor.GENERAL_COUNSEL)
        assert entry.summary.startswith("Case transferred from Region 29 (Brooklyn, NY) to Region 28 (Phoenix, AZ) by order")
        assert case.number == JFK8_NUMBER

    def test_later_periods_end_in_phoenix(self, configured_db: Path) -> None:
        """The Hearing Officer's Report of 2022-09-01, after the transfer: exceptions due Fri 2022-09-16 (Labor Day skipped),
        11:59:59 p.m. Phoenix time (UTC-7) at 28-phoenix — the date the press reported ('until Sept. 16')."""
        jfk8_through("ho-report")
        d = _deadline(DeadlineKind.EXCEPTIONS)
        assert (d.due_on, d.office_key) == (date(2022, 9, 16), "28-phoenix")
        assert d.cutoff_at == datetime.fromisoformat("2022-09-16T23:59:59-07:00")
        objections = _deadline(DeadlineKind.OBJECTIONS)  # received by Brooklyn before the transfer: stays there
        assert (objections.office_key, objections.cutoff_at) == ("29-brooklyn",
                                                                 datetime.fromisoformat("2022-04-08T23:59:59-04:00"))

    def test_a_running_period_stays_with_brooklyn_unless_the_order_says_otherwise(self, configured_db: Path) -> None:
        """Transferred on 2022-04-20 (hypothetical) while the extended offer of proof (due 04-22) runs: it stays with Brooklyn,
        so evidence received at 01:00 EDT on 04-23 (22:00 in Phoenix) is late; the derivation says why."""
        case = jfk8_through("pin")
        case.perform(_transfer(case, date(2022, 4, 20)))
        d = _deadline(DeadlineKind.OFFER_OF_PROOF)
        assert (d.office_key, d.cutoff_at) == ("29-brooklyn", datetime.fromisoformat("2022-04-22T23:59:59-04:00"))
        assert "stays with Brooklyn, NY (29-brooklyn)" in d.derivation[-1] and "102.72(a)(3)" in d.derivation[-1]
        offer = case.events[JFK8["offer"]].model_copy(update={"on": None, "at": EASTERN_LATE})
        error = case.refused(offer, UntimelyFiling, as_of=EASTERN_LATE)
        assert "after the cut-off" in str(error) and "due Fri 2022-04-22, cut-off 11:59 p.m. EDT" in str(error)

    def test_the_order_names_the_filing_that_stayed(self, configured_db: Path) -> None:
        """The same hypothetical transfer of 2022-04-20: the order stores the offer of proof as a filing that stayed
        with Brooklyn, and its document names it, with the date already set (casefile.rules.transfer)."""
        case = jfk8_through("pin")
        result = case.perform(_transfer(case, date(2022, 4, 20)), documents="issue")
        (doc,) = result.documents
        text = " ".join(" ".join(p.extract_text() for p in PdfReader(doc.path).pages).split())
        assert ("A filing due in a period already running on the date of this Order is filed with Region 29, Brooklyn, "
                "NY, on the date already set: the offer of proof in support of objections, due April 22, 2022. The case "
                "keeps its number.") in text

    def test_a_regions_own_target_date_is_no_filing_that_stayed(self, configured_db: Path) -> None:
        """The real transfer of 2022-04-29: only the Region's target date for the hearing was running (the offer of
        proof was in on 04-22); the order stores no filing as moved or stayed, and the docket names none."""
        from casefile.record.orders import AgencyOrder
        from casefile.vocab import OrderKind

        jfk8_through("transfer")
        with read_session() as s:
            order = s.exec(select(AgencyOrder).where(AgencyOrder.kind == OrderKind.TRANSFER)).one()
            entry = s.exec(select(DocketEntry).where(DocketEntry.act == "transfer-case")).one()
        assert (order.body["running"], order.body["moved"], order.body["stayed"]) == ("stay", [], [])
        assert "still received by" not in entry.summary and "post-election hearing" not in entry.summary

    def test_an_order_that_moves_running_periods_moves_their_cut_off(self, configured_db: Path) -> None:
        """The same transfer with running_deadlines: move: the offer of proof keeps its date and ends 23:59:59 MST, so the
        same receipt (22:00 in Phoenix) is timely; the docket says old → new."""
        case = jfk8_through("pin")
        result = case.perform(_transfer(case, date(2022, 4, 20), "move"))
        d = _deadline(DeadlineKind.OFFER_OF_PROOF)
        assert (d.due_on, d.office_key, d.cutoff_at) == (
            date(2022, 4, 22), "28-phoenix", datetime.fromisoformat("2022-04-22T23:59:59-07:00"))
        assert "offer of proof due April 22, 2022: cut-off 11:59 p.m. EDT → 11:59 p.m. MST" in result.summary
        offer = case.events[JFK8["offer"]].model_copy(update={"on": None, "at": EASTERN_LATE})
        done = case.perform(offer, as_of=EASTERN_LATE)
        assert done.ref.startswith("filing:")

    def test_documents_after_the_transfer_are_signed_by_region_28(self, configured_db: Path) -> None:
        """The Hearing Officer's Report (issued after the transfer) names Region 28 in its caption, not Region 29."""
        case = jfk8_through("open")
        result = case.perform(case.events[JFK8["ho-report"]], documents="issue")
        (doc,) = result.documents
        text = " ".join(p.extract_text() for p in PdfReader(doc.path).pages)
        assert "Region 28" in text
        assert "Lisa Dunn" in text

    def test_a_retry_stores_nothing(self, configured_db: Path) -> None:
        case = jfk8_through("transfer")
        assert case.retried(case.events[JFK8["transfer"]]).repeated


class TestRefused:
    @pytest.fixture
    def tallied(self, configured_db: Path):  # type: ignore[no-untyped-def]
        return jfk8_through("objections")

    def test_to_the_office_it_is_in(self, tallied) -> None:  # type: ignore[no-untyped-def]
        act = tallied.act({"act": "transfer-case", "date": "2022-04-29", "region": "29", "order": "order"})
        assert "already handled by Brooklyn" in str(tallied.refused(act, BadInput))

    def test_to_the_board(self, tallied) -> None:  # type: ignore[no-untyped-def]
        act = tallied.act({"act": "transfer-case", "date": "2022-04-29", "region": "5", "office": "board",
                           "order": "order"})
        tallied.refused(act, UnknownRegion)

    def test_to_an_unknown_region(self, tallied) -> None:  # type: ignore[no-untyped-def]
        act = tallied.act({"act": "transfer-case", "date": "2022-04-29", "region": "77", "order": "order"})
        tallied.refused(act, UnknownRegion)

    def test_a_finished_case(self, configured_db: Path) -> None:
        """JFK8 withdrawn (hypothetically) before the hearing: a finished case has nothing to transfer."""
        case = jfk8_through("objections")
        case.perform(case.act({"act": "withdraw-petition", "date": "2022-04-20", "party": "alu",
                               "consented_by": "Regional Director, Region 29 (hypothetical)"}))
        case.refused(case.events[JFK8["transfer"]], NotAllowedNow)


class TestReceiptAtTheOfficeKept:
    def test_a_filing_on_a_period_that_stayed_is_dated_and_named_at_the_old_office(self, configured_db: Path) -> None:
        """Transferred to Phoenix on 2022-04-20 (hypothetical) while the extended offer of proof (due Fri 04-22) runs
        at Brooklyn: evidence received at 00:30 EDT on Fri 04-22 (21:30 on Thu 04-21 in Phoenix) is received — and
        docketed — on 04-22 at Brooklyn, the office the period stayed with (29 CFR 102.2(b); casefile.rules.transfer),
        not dated in Phoenix's zone nor said to be received there."""
        case = jfk8_through("pin")
        case.perform(_transfer(case, date(2022, 4, 20)))
        at = datetime.fromisoformat("2022-04-22T00:30:00-04:00")
        offer = case.events[JFK8["offer"]].model_copy(update={"on": None, "at": at})
        done = case.perform(offer, as_of=at)
        assert "by Brooklyn, NY (29-brooklyn), with which the period stayed when the case was transferred" in done.summary
        with read_session() as s:
            entry = s.exec(select(DocketEntry).where(DocketEntry.act == "file-offer-of-proof")).one()
        assert entry.occurred_on == date(2022, 4, 22)

    def test_objections_received_at_the_old_office_are_dated_there(self, configured_db: Path) -> None:
        """Transferred to Phoenix on Tue 2022-04-05 (hypothetical), during the objection period (tally Fri 04-01, due Fri
        04-08 at Brooklyn): Amazon's objections received at 00:30 EDT on Fri 04-08 (21:30 on Thu 04-07 in Phoenix) are
        received on 04-08 at Brooklyn — the docket's date and office — not on 04-07 in Phoenix's zone."""
        case = jfk8_through("tally")
        case.perform(_transfer(case, date(2022, 4, 5)))
        at = datetime.fromisoformat("2022-04-08T00:30:00-04:00")
        objections = case.events[JFK8["objections"]].model_copy(update={"on": None, "at": at})
        done = case.perform(objections, as_of=at)
        assert done.summary.endswith("by Brooklyn, NY (29-brooklyn), with which the period stayed when the case was "
                                     "transferred")
        with read_session() as s:
            entry = s.exec(select(DocketEntry).where(DocketEntry.act == "file-objections")).one()
            from casefile.record.models import Filing
            filing = s.exec(select(Filing).where(Filing.kind == "objections")).one()
        assert (entry.occurred_on, filing.received_on) == (date(2022, 4, 8), date(2022, 4, 8))
