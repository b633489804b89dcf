"""Around a case, in the jobs: reminders go to an organization's assignees (and to every person of
the party while it has none); notices of what another party or the Region did reach the users who
opted in, once, and never tell of an offer of proof the user may not see — on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import Engine
from sqlmodel import select

from casefile.accounts.around import assign, set_notices, unassign
from casefile.jobs.notices import send_notices
from casefile.jobs.notify import Delivery
from casefile.jobs.people import add_person
from casefile.record.access import UserViewer
from casefile.record.accounts import User
from casefile.record.around import NoticeSent
from casefile.record.db import read_session, write_session
from casefile.record.models import Person
from tests.bessemer import NUMBER, file_objections, objections_act, perform
from tests.conftest import at
from tests.jobs.test_reminders import CALENDAR, LEADS, _bessemer, _due
from tests.mail import mail_url

TALLY_AT = at("2021-04-09T12:00:00-04:00")
ANN, JANE, BOB, RITA = "ann@rwdsu.example.org", "jane@rwdsu.example.org", "bob@amazon.example.org", "rita@nlrb.example.org"


@pytest.fixture(autouse=True)
def _fast_passwords(monkeypatch: pytest.MonkeyPatch) -> None:
    from casefile.accounts import passwords
    from tests.accounts.world import FAST_HASHER

    monkeypatch.setattr(passwords, "HASHER", FAST_HASHER)


def _accounts(engine: Engine) -> None:
    from casefile.accounts.orgs import add_organization, link_party
    from casefile.accounts.users import add_user

    with write_session(engine, by="operator:tests") as s:
        add_organization(s, key="rwdsu-legal", name="RWDSU Legal", kind="union", as_of=TALLY_AT)
        add_organization(s, key="amazon-firm", name="Amazon's counsel", kind="firm", as_of=TALLY_AT)
        add_organization(s, key="region-10", name="Region 10", kind="region", region="10", as_of=TALLY_AT)
        link_party(s, organization="rwdsu-legal", case_number=NUMBER, party="rwdsu", as_of=TALLY_AT)
        link_party(s, organization="amazon-firm", case_number=NUMBER, party="amazon", as_of=TALLY_AT)
        for email, org, name in ((ANN, "rwdsu-legal", "Ann Counsel"), (JANE, "rwdsu-legal", "Jane Union"),
                                 (BOB, "amazon-firm", "Bob Employer"), (RITA, "region-10", "Rita Agent")):
            add_user(s, email=email, organization=org, role="counsel", password="correct horse battery staple",
                     as_of=TALLY_AT, name=name)


def _viewer(engine: Engine, email: str) -> UserViewer:
    with read_session(engine) as s:
        return UserViewer.of(s, s.exec(select(User).where(User.email == email)).one())


def _person(engine: Engine, party: str, name: str, email: str) -> None:
    with write_session(engine, by="operator:tests") as s:
        add_person(s, case_number=NUMBER, party=party, name=name, email=email, notify_urls=[mail_url(25, email)],
                   as_of=TALLY_AT, default_urls=[])


class TestRemindersGoToAssignees:
    def test_assignees_only_while_the_organization_has_some(self, engine: Engine) -> None:
        """RWDSU's people are Jane and Ann; once Ann alone is assigned, RWDSU's reminders reach Ann only
        (Amazon's people are untouched); unassigned again, both."""
        _bessemer(engine)
        _accounts(engine)
        _person(engine, "rwdsu", "Jane Union", JANE)
        _person(engine, "rwdsu", "Ann Counsel", ANN)
        _person(engine, "amazon", "Bob Employer", BOB)
        when = at("2021-04-15T09:00:00-04:00")
        before = sorted({name for name, _, _ in _due(engine, when)})
        assert before == ["Ann Counsel", "Bob Employer", "Jane Union"]
        admin = _viewer(engine, ANN)
        with write_session(engine, by=admin.label()) as s:
            assign(s, admin, case_number=NUMBER, email=ANN, as_of=when)
        assert sorted({name for name, _, _ in _due(engine, when)}) == ["Ann Counsel", "Bob Employer"]
        ann_id = admin.user_id
        with write_session(engine, by=admin.label()) as s:
            assert unassign(s, admin, case_number=NUMBER, user_id=ann_id) is True
        assert sorted({name for name, _, _ in _due(engine, when)}) == before

    def test_an_assignee_without_a_person_record_gets_one_and_is_reminded(self, engine: Engine) -> None:
        """Jane has no person record in the case: assigning her makes one (reminded, not counsel of
        record, linked to her account), and the offer-of-proof and objections reminders reach her."""
        _bessemer(engine)
        _accounts(engine)
        _person(engine, "rwdsu", "Ann Counsel", ANN)
        ann = _viewer(engine, ANN)
        when = at("2021-04-15T09:00:00-04:00")
        with write_session(engine, by=ann.label()) as s:
            assign(s, ann, case_number=NUMBER, email=JANE, as_of=when)
        with read_session(engine) as s:
            made = s.exec(select(Person).where(Person.email == JANE)).one()
            assert (made.name, made.counsel, made.reminded, made.user_id is not None) == ("Jane Union", False, True, True)
        with read_session(engine) as s:
            from casefile.jobs.reminders import select_due_reminders

            due = select_due_reminders(s, as_of=when, lead_days=LEADS, calendar=CALENDAR,
                                       default_urls=["mailto://127.0.0.1:2525?from=casefile@example.org"])
        assert sorted((r.person_name, r.kind.value) for r in due) == [("Jane Union", "objections"),
                                                                     ("Jane Union", "offer-of-proof")]


class TestNotices:
    def _world(self, engine: Engine) -> dict[str, UserViewer]:
        _bessemer(engine)
        _accounts(engine)
        for party, name, email in (("rwdsu", "Jane Union", JANE), ("amazon", "Bob Employer", BOB)):
            _person(engine, party, name, email)
        viewers = {e: _viewer(engine, e) for e in (JANE, BOB)}
        for v in viewers.values():
            with write_session(engine, by=v.label()) as s:
                set_notices(s, v, on=True, as_of=TALLY_AT)
        return viewers

    def test_the_other_side_is_told_once_and_never_of_the_offer_of_proof(self, engine: Engine) -> None:
        """RWDSU files objections (recorded by Jane), then its offer of proof separately: Bob, at
        Amazon, gets one notice of the objections and none of the offer of proof; Jane gets none of
        her own filing. A second run sends nothing more."""
        from casefile.acts.file_offer_of_proof import FileOfferOfProof

        self._world(engine)
        sent: list[tuple[str, str, str]] = []

        def notifier(url: str, *, title: str, body: str) -> Delivery:
            sent.append((url, title, body))
            return Delivery("masked", True)

        filed_at = at("2021-04-14T10:00:00-04:00")
        with write_session(engine, by=f"user:{JANE}") as s:
            file_objections(s, objections_act("rwdsu", ["The Employer installed a mailbox."], at=filed_at),
                            as_of=filed_at)
        offer_at = at("2021-04-15T10:00:00-04:00")
        with write_session(engine, by=f"user:{JANE}") as s:
            perform(s, FileOfferOfProof.model_validate({
                "party": "rwdsu", "at": offer_at,
                "witnesses": [{"objection": 1, "witness": "Secret Witness", "summary": "will testify to the mailbox"}]}),
                as_of=offer_at)
        report = send_notices(as_of=offer_at, engine=engine, notifier=notifier, default_urls=[])
        assert report.sent == 1 and report.failed == []
        (url, title, body), = sent
        assert url == mail_url(25, BOB)
        assert title == "casefile notice: 10-RC-269250 — Objections filed (April 14, 2021)"  # words, not a slug or ISO
        assert "1. 10-RC-269250 (Amazon.com Services LLC): Objections filed, April 14, 2021" in body
        assert "Objections of Retail, Wholesale and Department Store Union (objection no. 1)" in body
        assert f"Recorded by: user:{JANE}" in body
        for secret in ("Secret Witness", "mailbox", "offer of proof", "Offer of proof"):
            assert secret not in body
        assert send_notices(as_of=offer_at, engine=engine, notifier=notifier, default_urls=[]).sent == 0
        assert len(sent) == 1

    def test_a_filing_the_region_recorded_and_a_failure_retried(self, engine: Engine) -> None:
        """Amazon's objections recorded by the Region's agent from the document received: Jane (RWDSU)
        is told, Bob is not (his own party's filing, whoever recorded it). Jane's channel refuses the
        first time (the ledger says failed; nothing else changes) and the next run sends it."""
        self._world(engine)
        calls: list[str] = []

        def flaky(url: str, *, title: str, body: str) -> Delivery:
            calls.append(url)
            ok = calls.count(url) > 1
            return Delivery("masked", ok, "" if ok else "550 mailbox busy")

        moment = at("2021-04-14T12:00:00-04:00")
        with write_session(engine, by=f"user:{RITA}, from a document received") as s:
            file_objections(s, objections_act("amazon", ["The Union threatened employees."], at=moment), as_of=moment)
        first = send_notices(as_of=moment, engine=engine, notifier=flaky, default_urls=[])
        assert (first.sent, len(first.failed)) == (0, 1) and "550 mailbox busy" in first.failed[0]
        with read_session(engine) as s:
            assert [(r.status, r.attempts, r.last_error) for r in s.exec(select(NoticeSent))] == [
                ("failed", 1, "550 mailbox busy")]
        second = send_notices(as_of=moment, engine=engine, notifier=flaky, default_urls=[])
        assert (second.sent, second.failed) == (1, [])
        assert calls == [mail_url(25, JANE), mail_url(25, JANE)]
        with read_session(engine) as s:
            assert [(r.status, r.attempts) for r in s.exec(select(NoticeSent))] == [("sent", 2)]

    def test_nothing_before_opting_in_nor_after_opting_out(self, engine: Engine) -> None:
        """Entries made before Bob opted in are never noticed; after he opts out, nothing."""
        viewers = self._world(engine)
        moment = at("2021-04-14T10:00:00-04:00")
        assert send_notices(as_of=moment, engine=engine, notifier=_never, default_urls=[]).due == 0
        with write_session(engine, by=viewers[BOB].label()) as s:
            set_notices(s, viewers[BOB], on=False, as_of=moment)
        with write_session(engine, by=f"user:{JANE}") as s:
            file_objections(s, objections_act("rwdsu", ["An objection."], at=moment), as_of=moment)
        assert send_notices(as_of=moment, engine=engine, notifier=_never, default_urls=[]).due == 0


def _never(url: str, **kw: Any) -> Delivery:
    raise AssertionError(f"no notice should be sent (to {url})")
