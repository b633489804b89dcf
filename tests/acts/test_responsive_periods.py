"""Responsive periods run from the last day the earlier filing could be filed, extended or not
(29 CFR 102.2(a): "the designated period begins to run on the date the preceding document was
required to be received by the Agency"; 102.2(b): "or the last day of any extension of time that
may have been granted"): an answering brief "within 5 business days from the last date on which
exceptions and any supporting brief may be filed" (102.69(c)(1)(iii)), a statement in opposition
"within 5 business days after the last day on which the request for review must be filed"
(102.67(f)). Real dates: Bessemer (10-RC-269250) report of Mon 2021-08-02, exceptions due Mon
2021-08-16, answering brief Mon 2021-08-23; Amazon JFK8 (29-RC-288020) certification 2023-01-11,
request for review due Thu 2023-01-26, opposition Thu 2023-02-02. The extension orders are
hypothetical (the public records show none)."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from sqlmodel import select

from casefile.errors import UntimelyFiling
from casefile.jobs.recompute import recompute_open_deadlines
from casefile.record.db import read_session, write_session
from casefile.record.models import Deadline, DocketEntry
from casefile.record.orders import AgencyOrder
from casefile.vocab import DeadlineKind, DeadlineStatus
from tests.acts import procedure as bessemer
from tests.acts.real_histories import jfk8_through

ORDER = "Regional Director's order of 2021-08-13 extending the time for exceptions (hypothetical)"


def _stored(kind: DeadlineKind) -> Deadline:
    with read_session() as s:
        return s.exec(select(Deadline).where(Deadline.kind == kind).order_by(Deadline.id.desc())).first()  # type: ignore[union-attr]


def _extend_exceptions() -> None:
    bessemer.carry("ho-report")
    assert (_stored(DeadlineKind.EXCEPTIONS).due_on, _stored(DeadlineKind.ANSWERING_BRIEF).due_on) == (
        date(2021, 8, 16), date(2021, 8, 23))
    bessemer.perform(bessemer.act({"act": "pin-deadline", "date": date(2021, 8, 13), "kind": "exceptions",
                                   "due": date(2021, 8, 30), "order": ORDER}))


class TestAnsweringBrief:
    def test_runs_from_the_extended_last_day_for_exceptions(self, configured_db: Path) -> None:
        """Exceptions extended to Mon 2021-08-30: the answering brief is due 5 business days after it — Tue 08-31,
        Wed 09-01, Thu 09-02, Fri 09-03, (Mon 09-06 Labor Day skipped) Tue 2021-09-07 — not Mon 2021-08-23, a week
        before the exceptions are due; the docket and the order name both dates."""
        _extend_exceptions()
        brief = _stored(DeadlineKind.ANSWERING_BRIEF)
        assert (brief.due_on, brief.preceding_due_on, brief.pinned_by) == (date(2021, 9, 7), date(2021, 8, 30), "")
        assert brief.cutoff_at.astimezone(ZoneInfo("America/New_York")) == datetime(
            2021, 9, 7, 23, 59, 59, tzinfo=ZoneInfo("America/New_York"))
        assert "Mon 2021-09-06 skipped (Labor Day)" in brief.derivation
        with read_session() as s:
            entry = s.exec(select(DocketEntry).where(DocketEntry.act == "pin-deadline")).one()
            order = s.exec(select(AgencyOrder).where(AgencyOrder.kind == "extension")).one()
        assert "answering brief (all parties), which runs from the last day the exceptions may be filed, is due " \
               "August 23, 2021 → September 7, 2021" in entry.summary  # the docket's summaries in long dates
        assert [(m["deadline_kind"], m["from_due_on"], m["to_due_on"]) for m in order.body["also_moved"]] == [
            ("answering-brief", "2021-08-23", "2021-09-07")]

    def test_a_brief_filed_on_the_new_last_day_is_timely_and_a_day_later_is_not(self, configured_db: Path) -> None:
        """An answering brief received Tue 2021-09-07 is timely with no order of its own; one received Wed 09-08 is late."""
        _extend_exceptions()
        bessemer.perform(bessemer.act({"act": "file-exceptions", "date": date(2021, 8, 30), "party": "amazon",
                                       "exceptions": [{"excepted_to": "The recommendation", "grounds": "Hypothetical"}]}))
        bessemer.refused(bessemer.act({"act": "file-answering-brief", "date": date(2021, 9, 8), "party": "rwdsu",
                                       "points": ["Hypothetical point"]}), UntimelyFiling)
        done = bessemer.perform(bessemer.act({"act": "file-answering-brief", "date": date(2021, 9, 7), "party": "rwdsu",
                                              "points": ["Hypothetical point"]}))
        assert not done.repeated

    def test_a_recompute_keeps_the_extended_date(self, configured_db: Path) -> None:
        """Recomputing the open deadlines (a closure added, the calendar corrected) counts the answering brief from the
        extended exceptions date again, never from the date first computed."""
        _extend_exceptions()
        with write_session(by="operator:tests") as s:
            changes = recompute_open_deadlines(s, as_of=datetime(2021, 8, 20, 12, tzinfo=ZoneInfo("America/New_York")))
        assert [c for c in changes if c.kind == "answering-brief"] == []
        assert _stored(DeadlineKind.ANSWERING_BRIEF).due_on == date(2021, 9, 7)


class TestOpposition:
    def test_runs_from_the_extended_last_day_for_the_request(self, configured_db: Path) -> None:
        """The Board extends the request for review to Thu 2023-02-09 (hypothetically) and Amazon's request is received on
        02-08: the opposition, which runs only once a request is on record (none before it), is due 5 business days
        after the extended last day at the Board, Thu 2023-02-16 (not Thu 2023-02-02), 11:59 p.m. Eastern."""
        case = jfk8_through("certification")
        assert _stored(DeadlineKind.RFR_OPPOSITION) is None
        case.perform(case.act({"act": "pin-deadline", "date": date(2023, 1, 25), "kind": "request-for-review",
                               "due": date(2023, 2, 9), "order": "Board order extending the time (hypothetical)"}))
        assert _stored(DeadlineKind.RFR_OPPOSITION) is None
        case.perform(case.act({"act": "request-for-review", "date": date(2023, 2, 8), "party": "amazon",
                               "grounds": ["Hypothetical"]}))
        opposition = _stored(DeadlineKind.RFR_OPPOSITION)
        assert (opposition.due_on, opposition.office_key, opposition.status) == (date(2023, 2, 16), "board",
                                                                                 DeadlineStatus.OPEN)
        assert opposition.cutoff_at.isoformat() == "2023-02-17T04:59:59+00:00"  # 11:59:59 p.m. EST on 02-16


def test_the_order_extending_time_lists_every_date_it_moves(configured_db: Path) -> None:
    """The Order Extending Time extends the exceptions to Monday, August 30, 2021 and says that the answering brief,
    which runs from the last day for exceptions (29 CFR 102.69(c)(1)(iii), 102.2(a)), moves from Monday, August 23 to
    Tuesday, September 7, 2021 — never "No other date is changed" while another date moved."""
    import re

    from pypdf import PdfReader

    bessemer.carry("ho-report")
    result = bessemer.perform(bessemer.act({"act": "pin-deadline", "date": date(2021, 8, 13), "kind": "exceptions",
                                            "due": date(2021, 8, 30), "order": ORDER}), documents="issue")
    (doc,) = [d for d in result.documents if d.kind == "order-extending-time"]
    text = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(doc.path).pages))
    assert "extended to Monday, August 30, 2021" in text
    assert ("As the time to file answering briefs to the exceptions runs from the last day on which exceptions to the "
            "Hearing Officer's report may be filed (29 CFR 102.69(c)(1)(iii), 102.2(a)), it is extended from Monday, "
            "August 23, 2021 to Tuesday, September 7, 2021") in text
    assert "11:59 p.m. EDT on September 7, 2021" in text
    assert text.count("No other date is changed by this Order.") == 1
    assert text.index("September 7, 2021") < text.index("No other date is changed")


class TestCrossExceptions:
    """Cross-exceptions by a party that did not except are held to the answering-brief period (29 CFR
    102.69(c)(1)(iii); by analogy to 102.46(c): "within 14 days ... after the last day for filing exceptions" in the
    Board's rule, the same day the answering brief runs from) — so they too run from the extended last day for
    exceptions, and the Order Extending Time names them with the answering brief."""

    def test_run_from_the_extended_last_day_for_exceptions(self, configured_db: Path) -> None:
        """Exceptions extended to Mon 2021-08-30 and filed then by Amazon: RWDSU's cross-exceptions are timely on
        Tue 2021-09-07 (not only by the original Mon 2021-08-23), late on Wed 2021-09-08, and the docket says
        they were held to the answering-brief period."""
        _extend_exceptions()
        bessemer.perform(bessemer.act({"act": "file-exceptions", "date": date(2021, 8, 30), "party": "amazon",
                                       "exceptions": [{"excepted_to": "The recommendation", "grounds": "Hypothetical"}]}))
        cross = {"act": "file-cross-exceptions", "party": "rwdsu",
                 "exceptions": [{"excepted_to": "The finding on Objection 2", "grounds": "Hypothetical"}]}
        error = bessemer.refused(bessemer.act({**cross, "date": date(2021, 9, 8)}), UntimelyFiling)
        assert "2021-09-07" in str(error)
        done = bessemer.perform(bessemer.act({**cross, "date": date(2021, 9, 7)}))
        assert done.summary.startswith("Cross-exceptions of Retail, Wholesale and Department Store Union to the "
                                       "Hearing Officer's Report (1 exception), received September 7, 2021; held to the "
                                       "answering-brief period")

    def test_the_order_extending_time_names_them_with_the_answering_brief(self, configured_db: Path) -> None:
        """The order moving the answering brief from Monday, August 23 to Tuesday, September 7, 2021 says that
        cross-exceptions, held to the same period, are due by the same time; and an order extending the answering
        brief itself says so too — no date moves unnamed."""
        bessemer.carry("ho-report")
        result = bessemer.perform(bessemer.act({"act": "pin-deadline", "date": date(2021, 8, 13), "kind": "exceptions",
                                                "due": date(2021, 8, 30), "order": ORDER}), documents="issue")
        (doc,) = [d for d in result.documents if d.kind == "order-extending-time"]
        text = _pdf_text(doc.path)
        sentence = ("Cross-exceptions by a party that filed no exceptions are held to the answering-brief period (29 "
                    "CFR 102.69(c)(1)(iii); by analogy to 29 CFR 102.46(c)): they too must be received by 11:59 p.m. "
                    "EDT on September 7, 2021.")
        assert sentence in text
        assert text.index("to Tuesday, September 7, 2021") < text.index(sentence) < text.index("No other date is changed")
        result = bessemer.perform(bessemer.act({"act": "pin-deadline", "date": date(2021, 9, 1), "kind": "answering-brief",
                                                "due": date(2021, 9, 14), "order": "Regional Director's order of "
                                                "2021-09-01 extending the time for answering briefs (hypothetical)"}),
                                  documents="issue")
        (doc,) = [d for d in result.documents if d.kind == "order-extending-time"]
        text = _pdf_text(doc.path)
        assert "IT IS ORDERED that the time to file answering briefs to the exceptions is extended to Tuesday, " \
               "September 14, 2021" in text
        assert ("Cross-exceptions by a party that filed no exceptions are held to the answering-brief period (29 CFR "
                "102.69(c)(1)(iii); by analogy to 29 CFR 102.46(c)): they too must be received by 11:59 p.m. EDT on "
                "September 14, 2021.") in text
        assert _stored(DeadlineKind.ANSWERING_BRIEF).due_on == date(2021, 9, 14)


def _pdf_text(path: Path) -> str:
    """The PDF's text on one line, a word hyphenated at a line's end joined again ("Cross- exceptions")."""
    import re

    from pypdf import PdfReader

    return re.sub(r"(\w)- (\w)", r"\1-\2", re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(path).pages)))
