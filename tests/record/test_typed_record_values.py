"""The record's kinds and written references, typed: a Filing's kind is a FilingKind in Python and
its word in the database (so older databases and their seals need no change), a value outside the
enum is refused both ways; the keys the record keeps as text (a document's key, a sealed row's key,
who recorded an entry, a docket act with its stage move) are read back by one parser each and
written by ``str()`` exactly as before."""

from __future__ import annotations

import pytest
from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import StatementError

from casefile.record.db import read_session, write_session
from casefile.record.models import Decision, Filing
from casefile.record.recorders import RECORDED_FROM, Recorder, RecorderKind
from casefile.record.refs import DocumentKey, RecordTable, Ref, RowKey
from casefile.record.workflow import DocketAct
from casefile.vocab import DecisionKind, DecisionResult, DocumentKind, FilingKind, Stage
from tests.bessemer import TALLY_2021, file_objections, objections_act, open_case, record_tally
from tests.conftest import at


@pytest.fixture
def with_objections(sqlite_engine: Engine) -> Engine:
    """Bessemer's 2021 tally and RWDSU's objections, recorded through the acts."""
    with write_session(sqlite_engine, by="operator:tests") as s:
        open_case(s, as_of=at("2021-04-09T12:00:00-04:00"))
        record_tally(s, TALLY_2021, as_of=at("2021-04-09T12:00:00-04:00"))
        file_objections(s, objections_act("rwdsu", ["The Employer's mailbox interfered with the election."],
                                          at=at("2021-04-16T15:00:00-04:00")), as_of=at("2021-04-16T15:00:00-04:00"))
    return sqlite_engine


class TestKindColumns:
    def test_a_filing_kind_is_stored_as_its_word_and_read_as_the_member(self, with_objections: Engine) -> None:
        with read_session(with_objections) as s:
            filing = s.query(Filing).one()
            assert filing.kind is FilingKind.OBJECTIONS
            stored = s.execute(text("SELECT kind FROM filing")).scalar_one()
        assert (type(stored), stored) == (str, "objections")

    def test_a_word_outside_the_enum_is_refused_when_written(self, with_objections: Engine) -> None:
        with write_session(with_objections, by="operator:tests") as s:
            filing = s.query(Filing).one()
            filing.kind = "complaint"  # type: ignore[assignment]
            with pytest.raises(StatementError, match="'complaint' is not a valid FilingKind"):
                s.flush()
            s.rollback()

    def test_a_word_outside_the_enum_is_refused_when_read(self, with_objections: Engine) -> None:
        with with_objections.begin() as connection:
            connection.execute(text("UPDATE filing SET kind = 'complaint'"))
        with read_session(with_objections) as s, pytest.raises(ValueError, match="'complaint' is not a valid FilingKind"):
            s.query(Filing).one()

    def test_a_query_compares_with_the_member(self, with_objections: Engine) -> None:
        with read_session(with_objections) as s:
            assert s.query(Filing).filter(Filing.kind == FilingKind.OBJECTIONS).count() == 1
            assert s.query(Filing).filter(Filing.kind == FilingKind.OFFER_OF_PROOF).count() == 0
            assert s.query(Decision).filter(Decision.kind == DecisionKind.RD_DECISION,
                                            Decision.result == DecisionResult.SET_ASIDE).count() == 0


class TestDocumentKey:
    @pytest.mark.parametrize(("written", "key"), [
        ("tally-of-ballots:tally:12", DocumentKey(DocumentKind.TALLY_OF_BALLOTS, Ref(RecordTable.TALLY, 12))),
        ("objections:filing:3:correction:40", DocumentKey(DocumentKind.OBJECTIONS, Ref(RecordTable.FILING, 3), 40)),
    ], ids=["first", "after-a-correction"])
    def test_written_and_read_back(self, written: str, key: DocumentKey) -> None:
        assert (str(key), DocumentKey.parse(written)) == (written, key)

    @pytest.mark.parametrize("written", ["tally:12", "no-such-kind:tally:12", "tally-of-ballots:nowhere:12",
                                         "tally-of-ballots:tally:12:correction:", "tally-of-ballots:tally:x"])
    def test_another_shape_is_none(self, written: str) -> None:
        assert DocumentKey.parse(written) is None

    def test_an_issue_key_is_its_document_key(self) -> None:
        from casefile.documents.base import Issue
        from casefile.documents.kinds.tally_of_ballots import TallyOfBallots

        issue = Issue(TallyOfBallots, 12, correction=40)
        assert (issue.key, issue.first_key) == ("tally-of-ballots:tally:12:correction:40", "tally-of-ballots:tally:12")
        assert DocumentKey.parse(issue.key) == issue.document_key


class TestRowKey:
    def test_written_and_read_back(self) -> None:
        from casefile.record.chain import row_key

        assert row_key("challengedballot", 7) == "challengedballot:7"
        assert RowKey.parse("challengedballot:7") == RowKey("challengedballot", 7)
        assert [RowKey.parse(t) for t in ("tally", "tally:", ":3", "tally:3:4")] == [None] * 4


class TestRecorder:
    @pytest.mark.parametrize(("written", "recorder"), [
        ("operator:ann", Recorder(RecorderKind.OPERATOR, "ann")),
        ("system:sweep", Recorder(RecorderKind.SYSTEM, "sweep")),
        ("user:Ann@Example.org, from a document received", Recorder(RecorderKind.USER, "ann@example.org", RECORDED_FROM)),
        ("", None), ("casefile", None), ("robot:x", None),
    ], ids=["operator", "job", "user-with-note", "none", "no-kind", "unknown-kind"])
    def test_read(self, written: str, recorder: Recorder | None) -> None:
        assert Recorder.parse(written) == recorder

    def test_a_user_label_is_written_as_before(self) -> None:
        assert str(Recorder(RecorderKind.USER, "ann@example.org", RECORDED_FROM)) == \
            "user:ann@example.org, from a document received"


class TestDocketAct:
    @pytest.mark.parametrize(("written", "act"), [
        ("board-ruling:closed", DocketAct("board-ruling", Stage.CLOSED)),
        ("board-ruling:set-aside", DocketAct("board-ruling", Stage.SET_ASIDE)),
        ("rd-decision", DocketAct("rd-decision")),
        ("attach:not-a-stage", DocketAct("attach:not-a-stage")),
    ], ids=["closed", "set-aside", "no-move", "not-a-stage"])
    def test_read_and_written(self, written: str, act: DocketAct) -> None:
        assert (DocketAct.parse(written), str(act)) == (act, written)

    def test_the_docket_words_name_the_stage_moved_to(self) -> None:
        from casefile.web.words import docket_words

        assert docket_words("board-ruling:set-aside") == "Board ruling — Set aside"
        assert "—" not in docket_words("rd-decision")


def test_the_command_line_party_prefix() -> None:
    from casefile.cli.procedure_commands import parse_objections, parse_rulings, party_prefixed

    assert party_prefixed(" rwdsu : 1-14 ") == ("rwdsu", "1-14")
    assert [party_prefixed(t) for t in ("rwdsu", ":3")] == [None, None]
    assert parse_objections(["rwdsu:1-3", "amazon:2"]) == {"rwdsu": [1, 2, 3], "amazon": [2]}
    assert parse_rulings(["rwdsu:1=sustained"]) == {"rwdsu": {1: "sustained"}}
