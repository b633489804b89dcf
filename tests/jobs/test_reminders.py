"""Reminders of open deadlines: when each is due, whom it reaches, and that it arrives once — by real
SMTP to a server on 127.0.0.1 — on SQLite and on PostgreSQL."""

from __future__ import annotations

import threading
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import Engine, update
from sqlmodel import select

from casefile.errors import ConfigurationError, UnknownRecord
from casefile.jobs.notify import Delivery
from casefile.jobs.people import add_person, people_view
from casefile.jobs.reminders import (
    latest_due_on,
    reminder_at,
    reminder_leads,
    select_due_reminders,
    send_reminders,
)
from casefile.record.db import read_session, write_session
from casefile.record.models import Person, ReminderSent
from casefile.rules.calendar import BusinessCalendar
from casefile.vocab import DeadlineKind, ReminderStatus
from tests.bessemer import NUMBER, TALLY_2021, file_objections, objections_act, open_case, record_tally
from tests.conftest import CENTRAL, EASTERN, at
from tests.mail import free_port, mail_url, smtp_server

CALENDAR = BusinessCalendar()
LEADS = (7, 3, 1)
JANE, BOB = "jane@example.org", "bob@example.org"
TALLY_AT = at("2021-04-09T12:00:00-04:00")  # objections (and offer of proof) due Fri 2021-04-16, 11:59 p.m. Eastern


def _bessemer(engine: Engine) -> None:
    with write_session(engine, by="operator:tests") as s:
        open_case(s, as_of=TALLY_AT)
        record_tally(s, TALLY_2021, as_of=TALLY_AT)


def _person(engine: Engine, party: str, name: str, urls: list[str], email: str = "") -> None:
    with write_session(engine, by="operator:tests") as s:
        add_person(s, case_number=NUMBER, party=party, name=name, email=email, notify_urls=urls, as_of=TALLY_AT,
                   default_urls=[])


def _due(engine: Engine, as_of: datetime) -> list[tuple[str, str, int]]:
    with read_session(engine) as s:
        return [(r.person_name, r.kind.value, r.lead_days)
                for r in select_due_reminders(s, as_of=as_of, lead_days=LEADS, calendar=CALENDAR, default_urls=[])]


def _send(engine: Engine, as_of: datetime, **kw):  # type: ignore[no-untyped-def]
    kw.setdefault("default_urls", [])
    return send_reminders(as_of=as_of, engine=engine, lead_days=LEADS, calendar=CALENDAR, **kw)


def _ledger(engine: Engine) -> list[tuple[int, str, int]]:
    with read_session(engine) as s:
        return sorted((r.lead_days, r.status.value, r.attempts) for r in s.exec(select(ReminderSent)))


class TestSchedule:
    @pytest.mark.parametrize(("due_on", "lead", "tz", "expected"), [
        (date(2021, 4, 16), 7, EASTERN, datetime(2021, 4, 7, 8, 0, tzinfo=EASTERN)),
        (date(2021, 4, 16), 3, EASTERN, datetime(2021, 4, 13, 8, 0, tzinfo=EASTERN)),
        (date(2021, 4, 16), 1, EASTERN, datetime(2021, 4, 15, 8, 0, tzinfo=EASTERN)),
        (date(2021, 4, 16), 0, EASTERN, datetime(2021, 4, 16, 8, 0, tzinfo=EASTERN)),
        (date(2026, 6, 22), 1, CENTRAL, datetime(2026, 6, 18, 8, 0, tzinfo=CENTRAL)),
        (date(2026, 6, 22), 3, CENTRAL, datetime(2026, 6, 16, 8, 0, tzinfo=CENTRAL)),
        (date(2026, 11, 30), 1, EASTERN, datetime(2026, 11, 27, 8, 0, tzinfo=EASTERN)),
    ], ids=["bessemer-7", "bessemer-3", "bessemer-1", "bessemer-morning", "juneteenth-skipped-1",
            "juneteenth-skipped-3", "monday-after-thanksgiving-1"])
    def test_reminder_instant(self, due_on: date, lead: int, tz: ZoneInfo, expected: datetime) -> None:
        """A lead-L reminder is due at 08:00 office time on the L-th business day before the due day (holidays skipped)."""
        assert reminder_at(due_on, lead, calendar=CALENDAR, tz=str(tz)) == expected

    def test_leads_always_include_the_due_morning(self) -> None:
        """The settings' leads are used latest-first, with the morning of the due day (0) added once."""
        assert reminder_leads([3, 7, 1, 3]) == (7, 3, 1, 0)
        assert reminder_leads([]) == (0,)

    @given(due_on=st.dates(date(2020, 1, 1), date(2027, 12, 31)), lead=st.sampled_from([0, 1, 2, 3, 5, 7, 10]),
           as_of=st.datetimes(datetime(2020, 1, 1), datetime(2027, 12, 31), timezones=st.just(UTC)),  # noqa: DTZ001  (Hypothesis's bounds are naive)
           tz=st.sampled_from(["America/New_York", "America/Chicago", "Pacific/Honolulu", "America/Anchorage"]))
    def test_threshold_is_exact(self, due_on: date, lead: int, as_of: datetime, tz: str) -> None:
        """A reminder is due by T exactly when its due day is on or before latest_due_on(T): the SQL's one comparison is right."""
        due = reminder_at(due_on, lead, calendar=CALENDAR, tz=tz) <= as_of
        assert due == (due_on <= latest_due_on(as_of, lead, calendar=CALENDAR, tz=tz))


class TestWhoAndWhen:
    @pytest.mark.parametrize(("as_of", "lead"), [
        ("2021-04-09T12:00:00-04:00", 7),
        ("2021-04-13T07:59:00-04:00", 7),
        ("2021-04-13T08:00:00-04:00", 3),
        ("2021-04-15T08:00:00-04:00", 1),
        ("2021-04-16T08:00:00-04:00", 0),
        ("2021-04-16T23:59:59-04:00", 0),
    ], ids=["recorded-late-7-due-at-once", "before-8am", "3-days", "1-day", "due-morning", "last-second"])
    def test_latest_due_lead_is_selected(self, engine: Engine, as_of: str, lead: int) -> None:
        """At each instant, each person gets the objections and offer-of-proof deadlines once, at the latest lead due."""
        _bessemer(engine)
        _person(engine, "rwdsu", "Jane Union", [mail_url(25, JANE)])
        _person(engine, "amazon", "Bob Employer", [mail_url(25, BOB)])
        due = _due(engine, at(as_of))
        assert sorted(due) == sorted((p, k, lead) for p in ("Jane Union", "Bob Employer")
                                     for k in ("objections", "offer-of-proof"))

    @pytest.mark.parametrize("as_of", ["2021-04-17T00:00:00-04:00", "2021-04-08T12:00:00-04:00"],
                             ids=["after-cut-off", "before-the-tally"])
    def test_nothing_outside_the_period(self, engine: Engine, as_of: str) -> None:
        """No reminder after the cut-off has passed, nor before the day the period starts."""
        _bessemer(engine)
        _person(engine, "rwdsu", "Jane Union", [mail_url(25, JANE)])
        assert _due(engine, at(as_of)) == []

    def test_regional_director_deadlines_remind_nobody(self, engine: Engine) -> None:
        """Hearing opening and earliest certification are the Region's acts: nobody is reminded of them."""
        _bessemer(engine)
        _person(engine, "rwdsu", "Jane Union", [mail_url(25, JANE)])
        kinds = {k for _, k, _ in _due(engine, at("2021-04-16T09:00:00-04:00"))}
        assert kinds == {DeadlineKind.OBJECTIONS.value, DeadlineKind.OFFER_OF_PROOF.value}

    def test_offer_of_proof_reminds_only_the_objecting_party_once_objections_are_filed(self, engine: Engine) -> None:
        """Once RWDSU has filed objections, the offer of proof reminds RWDSU's people only, and the objections remind only
        the party that has not filed them (issue 10: reminders know who has already filed what)."""
        _bessemer(engine)
        _person(engine, "rwdsu", "Jane Union", [mail_url(25, JANE)])
        _person(engine, "amazon", "Bob Employer", [mail_url(25, BOB)])
        with write_session(engine, by="operator:tests") as s:
            file_objections(s, objections_act("rwdsu", ["objection 1"], at=at("2021-04-14T10:00:00-04:00")),
                            as_of=at("2021-04-14T10:00:00-04:00"))
        due = sorted(_due(engine, at("2021-04-15T09:00:00-04:00")))
        assert due == [("Bob Employer", "objections", 1), ("Jane Union", "offer-of-proof", 1)]


    def test_each_objecting_party_is_reminded_of_its_own_offer_of_proof(self, engine: Engine) -> None:
        """Both parties object on Wed 2021-04-14 without their offers of proof: each party's people are reminded of
        that party's own offer of proof (29 CFR 102.69(a)(8)), the digest saying whose it is."""
        _bessemer(engine)
        with smtp_server() as (inbox, port):
            _person(engine, "rwdsu", "Jane Union", [mail_url(port, JANE)])
            _person(engine, "amazon", "Bob Employer", [mail_url(port, BOB)])
            with write_session(engine, by="operator:tests") as s:
                for party in ("rwdsu", "amazon"):
                    file_objections(s, objections_act(party, ["objection 1"], at=at("2021-04-14T10:00:00-04:00")),
                                    as_of=at("2021-04-14T10:00:00-04:00"))
            assert sorted(_due(engine, at("2021-04-15T09:00:00-04:00"))) == [
                ("Bob Employer", "offer-of-proof", 1), ("Jane Union", "offer-of-proof", 1)]
            _send(engine, at("2021-04-15T09:00:00-04:00"))
        jane, bob = inbox.to(JANE)[0], inbox.to(BOB)[0]
        # the deadline as every table names it (casefile.rules.deadline_names), said as the party's own
        assert jane.subject == ("Deadline reminder: 10-RC-269250 Retail, Wholesale and Department Store Union's offer of "
                                "proof due Friday, April 16, 2021")
        assert ("10-RC-269250 (Amazon.com Services LLC): Retail, Wholesale and Department Store Union's offer of "
                "proof\n") in jane.body
        assert "For: Retail, Wholesale and Department Store Union (reminding Jane Union" in jane.body
        assert "Amazon.com Services LLC's offer of proof\n" in bob.body
        assert "Retail, Wholesale and Department Store Union's" not in bob.body


class TestDelivery:
    def test_real_email_arrives_once_with_case_due_date_and_cut_off(self, engine: Engine) -> None:
        """Each person gets one email digest naming the case, due date and cut-off; a retried run sends nothing more."""
        _bessemer(engine)
        with smtp_server() as (inbox, port):
            _person(engine, "rwdsu", "Jane Union", [mail_url(port, JANE)])
            _person(engine, "amazon", "Bob Employer", [mail_url(port, BOB)])
            report = _send(engine, at("2021-04-13T09:00:00-04:00"))
            again = _send(engine, at("2021-04-13T09:00:00-04:00"))
        assert [len(inbox.to(JANE)), len(inbox.to(BOB))] == [1, 1]
        mail = inbox.to(JANE)[0]
        assert mail.subject == ("Deadline reminder: 2 deadlines, the first 10-RC-269250 objections and offer of proof "
                                "due Friday, April 16, 2021")
        assert "10-RC-269250 (Amazon.com Services LLC): Objections and offer of proof\n" in mail.body
        assert "Due: Friday, April 16, 2021 (3 business days left)" in mail.body
        assert "Cut-off: 11:59 p.m. EDT on Friday, April 16, 2021, received by Atlanta, GA" in mail.body and ":59:59" not in mail.body
        assert "Rule: 29 CFR 102.69(a)(8) (2019 rule as implemented (business days; post-hearing briefs as of right))" \
            in mail.body and "10-atlanta" not in mail.body and "2019-text" not in mail.body  # names, never keys
        assert "29 CFR 102.69(a)(8)" in mail.body and "- Fri 2021-04-16 is day 5" in mail.body
        assert len(report.sent) == 2 and not report.failed
        assert not again.did_something and again.due == 0
        assert _ledger(engine) == [(3, "sent", 1)] * 4

    def test_each_lead_is_sent_once_as_time_passes(self, engine: Engine) -> None:
        """Hourly runs from the tally to the cut-off send exactly one digest per lead: 7 (at once), 3, 1 and the due morning."""
        _bessemer(engine)
        with smtp_server() as (inbox, port):
            _person(engine, "rwdsu", "Jane Union", [mail_url(port, JANE)])
            moment = TALLY_AT
            while moment < at("2021-04-17T01:00:00-04:00"):
                _send(engine, moment)
                moment += timedelta(hours=1)
        days = [m.body.split("Due: ")[1].split("\n")[0] for m in inbox.to(JANE)]
        assert days == ["Friday, April 16, 2021 (5 business days left)", "Friday, April 16, 2021 (3 business days left)",
                        "Friday, April 16, 2021 (1 business day left)", "Friday, April 16, 2021 (due today)"]

    def test_overlapping_runs_send_once(self, engine: Engine) -> None:
        """Two runs started together (threads) deliver one digest per person between them; every ledger row is sent once."""
        _bessemer(engine)
        with smtp_server() as (inbox, port):
            _person(engine, "rwdsu", "Jane Union", [mail_url(port, JANE)])
            _person(engine, "amazon", "Bob Employer", [mail_url(port, BOB)])
            start = threading.Barrier(2)
            reports = []

            def run() -> None:
                start.wait()
                reports.append(_send(engine, at("2021-04-15T09:00:00-04:00")))

            threads = [threading.Thread(target=run) for _ in range(2)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=60)
        assert [len(inbox.to(JANE)), len(inbox.to(BOB))] == [1, 1]
        assert sum(len(r.sent) for r in reports) == 2
        assert _ledger(engine) == [(1, "sent", 1)] * 4

    def test_refusing_server_leaves_it_unsent_and_the_next_run_sends_it(self, engine: Engine) -> None:
        """A 550 refusal marks the reminders failed (report says why); the next run retries them and they arrive once."""
        _bessemer(engine)
        port = free_port()
        with smtp_server(refuse=True, port=port) as (refusing, _):
            _person(engine, "rwdsu", "Jane Union", [mail_url(port, JANE)])
            first = _send(engine, at("2021-04-13T09:00:00-04:00"))
        assert refusing.received == [] and len(first.failed) == 1
        assert "550" in first.failed[0].error and "mailbox unavailable" in first.failed[0].error
        assert "NOT sent to Jane Union" in first.lines()[0] and "the next run retries it" in first.lines()[0]
        assert _ledger(engine) == [(3, "failed", 1)] * 2
        with smtp_server(port=port) as (inbox, _):  # the server accepts mail again
            second = _send(engine, at("2021-04-13T10:00:00-04:00"))
            third = _send(engine, at("2021-04-13T11:00:00-04:00"))
        assert len(inbox.to(JANE)) == 1 and len(second.sent) == 1 and not third.did_something
        assert _ledger(engine) == [(3, "sent", 2)] * 2

    def test_unreachable_server_fails_one_channel_and_the_others_are_sent(self, engine: Engine) -> None:
        """With one person's server down, that digest fails (connection error reported) and is retried; the other arrives."""
        _bessemer(engine)
        dead = free_port()
        with smtp_server() as (inbox, port):
            _person(engine, "rwdsu", "Jane Union", [mail_url(dead, JANE)])
            _person(engine, "amazon", "Bob Employer", [mail_url(port, BOB)])
            report = _send(engine, at("2021-04-13T09:00:00-04:00"))
            assert len(inbox.to(BOB)) == 1 and inbox.to(JANE) == []
            assert [d.people for d in report.failed] == [("Jane Union",)]
            assert "Connection" in report.failed[0].error or "refused" in report.failed[0].error
            retry = _send(engine, at("2021-04-13T10:00:00-04:00"))
        assert [d.people for d in retry.failed] == [("Jane Union",)] and retry.sent == []
        assert len(inbox.to(BOB)) == 1
        with read_session(engine) as s:
            rows = {(r.person_id, r.status.value, r.attempts) for r in s.exec(select(ReminderSent))}
        assert {status for _, status, _ in rows} == {"failed", "sent"} and max(a for _, _, a in rows) == 2

    def test_claims_of_a_crashed_run_are_taken_again_once_stale(self, engine: Engine) -> None:
        """A run that dies after claiming leaves its reminders claimed: the next run leaves them, one after the claim is stale sends them."""
        _bessemer(engine)

        class Killed(BaseException):
            pass

        def crash(url: str, *, title: str, body: str) -> Delivery:
            raise Killed

        with smtp_server() as (inbox, port):
            _person(engine, "rwdsu", "Jane Union", [mail_url(port, JANE)])
            with pytest.raises(Killed):
                _send(engine, at("2021-04-13T09:00:00-04:00"), notifier=crash)
            assert _ledger(engine) == [(3, "claimed", 0)] * 2
            held = _send(engine, at("2021-04-13T09:05:00-04:00"))
            assert inbox.received == [] and held.in_other_run == 2 and not held.did_something
            with write_session(engine, by="operator:tests") as s:
                s.execute(update(ReminderSent).values(claimed_at=datetime(2021, 4, 13, 13, 0, tzinfo=UTC)))
            taken = _send(engine, at("2021-04-13T09:40:00-04:00"))
        assert len(inbox.to(JANE)) == 1 and len(taken.sent) == 1
        assert _ledger(engine) == [(3, "sent", 1)] * 2

    def test_nothing_is_marked_sent_when_the_notifier_fails(self, engine: Engine) -> None:
        """A notifier that reports failure leaves every row failed with its error; none is marked sent."""
        _bessemer(engine)
        _person(engine, "rwdsu", "Jane Union", [mail_url(25, JANE)])
        report = _send(engine, at("2021-04-13T09:00:00-04:00"),
                       notifier=lambda url, *, title, body: Delivery("x", False, "rate limited"))
        assert report.failed[0].error == "rate limited"
        with read_session(engine) as s:
            assert {(r.status, r.last_error, r.sent_at) for r in s.exec(select(ReminderSent))} == {
                (ReminderStatus.FAILED, "rate limited", None)}

    def test_default_url_reaches_a_person_by_email(self, engine: Engine) -> None:
        """A person with only an email is reminded through the default SMTP URL, addressed to that email."""
        _bessemer(engine)
        with smtp_server() as (inbox, port):
            with write_session(engine, by="operator:tests") as s:
                add_person(s, case_number=NUMBER, party="amazon", name="Bob Employer", email=BOB, as_of=TALLY_AT,
                           default_urls=[mail_url(port)])
            report = _send(engine, at("2021-04-13T09:00:00-04:00"), default_urls=[mail_url(port)])
            again = _send(engine, at("2021-04-13T09:30:00-04:00"), default_urls=[mail_url(port)])
        assert len(inbox.to(BOB)) == 1 and len(report.sent) == 1 and not again.did_something

    def test_one_digest_per_channel_across_cases_and_people(self, engine: Engine) -> None:
        """Two people of one party on the same channel get one digest listing each deadline once."""
        _bessemer(engine)
        with smtp_server() as (inbox, port):
            _person(engine, "rwdsu", "Jane Union", [mail_url(port, JANE)])
            _person(engine, "rwdsu", "Jane's paralegal", [mail_url(port, JANE)])
            report = _send(engine, at("2021-04-13T09:00:00-04:00"))
        assert len(inbox.to(JANE)) == 1 and report.sent[0].reminders == 2
        assert report.sent[0].people == ("Jane Union", "Jane's paralegal")
        assert inbox.to(JANE)[0].body.count("Objections and offer of proof") == 1


class TestPeople:
    def test_invalid_url_is_refused_masked_and_nothing_stored(self, engine: Engine) -> None:
        """An Apprise URL that cannot be parsed is refused when entered, named with its password masked."""
        _bessemer(engine)
        with pytest.raises(ConfigurationError) as refused:
            _person(engine, "rwdsu", "Jane Union", ["mailtos://jane:hunter2@"])
        assert "'mailtos://jane:****@'" in str(refused.value) and "hunter2" not in str(refused.value)
        with read_session(engine) as s:  # nobody reminded (the party's own service address is a person too, not reminded)
            assert s.exec(select(Person).where(Person.reminded == True)).all() == []  # noqa: E712

    @pytest.mark.parametrize(("party", "email", "urls", "error", "message"), [
        ("rwdsu", "not-an-email", ["json://localhost"], ConfigurationError, "'not-an-email' is not an email address"),
        ("rwdsu", "jane@example.org", [], ConfigurationError, "Jane Union cannot be reminded"),
        ("teamsters", "", ["json://localhost"], UnknownRecord, "has no party 'teamsters' (parties: amazon (employer: Amazon.com Services LLC), rwdsu (petitioner: Retail, Wholesale and Department Store Union))"),
    ], ids=["bad-email", "no-channel", "unknown-party"])
    def test_bad_entries_are_refused(self, engine: Engine, party: str, email: str, urls: list[str],
                                     error: type[Exception], message: str) -> None:
        """A bad email, no channel at all, or a party not in the case is refused with a message saying so."""
        _bessemer(engine)
        with pytest.raises(error, match=message.replace("(", r"\(").replace(")", r"\)")):
            _person(engine, party, "Jane Union", urls, email=email)

    def test_adding_again_updates(self, engine: Engine) -> None:
        """The same case, party and name again replaces the channels (a set-up script can be re-run)."""
        _bessemer(engine)
        _person(engine, "rwdsu", "Jane Union", ["json://old.example.org"])
        _person(engine, "rwdsu", "Jane Union", ["json://user:pw123@new.example.org", "json://user:pw123@new.example.org"])
        with read_session(engine) as s:
            rows = people_view(s, case_number=NUMBER, default_urls=[])
        assert rows == [{"case_number": NUMBER, "party": "rwdsu", "party_name": "Retail, Wholesale and Department Store Union",
                         "name": "Jane Union", "email": "", "uses_defaults": False,
                         "channels": ["json://user:****@new.example.org"]}]

