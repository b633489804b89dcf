"""The documents of the Regional Director's decision overruling the objections and of the orders that
issued nothing before (issue 10): each act driven through the front door on a live case (counsel
entered, so no placeholder may print), each kind rendered once, its PDF read back.

Case 13-RC-400123 (Chicago): the Union (21 for, 26 against) objects on December 1, 2026; the Regional
Director extends its time for the offer of proof, the case is transferred to Region 25 (Indianapolis),
whose Regional Director overrules the objections and certifies the results; the Union's request for
review is denied by the Board. Two more cases of the same parties end by withdrawal and by dismissal.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from pathlib import Path
from typing import Any

from pypdf import PdfReader

from casefile import app
from casefile.acts import Who, parse_act
from casefile.documents.kinds.board_order import BoardOrder, BoardOrderContext
from casefile.documents.kinds.certification import CertificationOfResults
from casefile.documents.kinds.decision_on_objections import DecisionOnObjections
from casefile.record.refs import RecordTable, Ref
from tests.acts import live_case
from tests.acts.live_case import FILED_AT, OBJECTIONS, OKAFOR, USW, WHITFIELD, open_live, perform

RD = "Patricia K. Nachand"
GC_SIGNER = "Daniel R. Ostrowski"  # who signs a transfer for the General Counsel (issuer)
BOARD = "Chairman Ann Lee, Member Rob Diaz and Member Kim Park"
CT = "-06:00"


def _at(day: str, time: str = "10:00:00") -> datetime:
    return datetime.fromisoformat(f"{day}T{time}{CT}")


def _text(result: app.ActResult, kind: str) -> str:
    (doc,) = [d for d in result.documents if d.kind == kind]
    return re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(doc.path).pages))


def _no_placeholder(text: str) -> None:
    assert "NOT IN THE PUBLIC RECORD" not in text
    assert not re.search(r"\b20\d\d-\d\d-\d\d\b", text), "ISO date in prose"
    assert "rules.md" not in text and "11:59:59" not in text


def test_decision_orders_and_certification_carry_the_record(configured_db: Path) -> None:
    open_live()
    perform(OBJECTIONS, as_of=FILED_AT)

    extended = perform({"act": "pin-deadline", "kind": "offer-of-proof", "due": "2026-12-16", "date": "2026-12-02",
                        "order": "Regional Director's order granting the Union's request"},
                       as_of=_at("2026-12-02"), documents="issue")
    order = _text(extended, "order-extending-time")
    assert "Order Extending Time" in order and "Region 13" in order and "13-RC-400123" in order
    assert "Wednesday, December 16, 2026" in order and "11:59 p.m. CST" in order and "December 2, 2026" in order
    assert "Regional Director, Region 13" in order and "29 CFR 102.2(c), 102.69(a)(8)" in order
    assert "time to file the offer of proof in support of objections is extended" in order
    assert WHITFIELD["name"] in order and OKAFOR["name"] in order and "Electronic mail" in order  # served on counsel
    _no_placeholder(order)

    moved = perform({"act": "transfer-case", "region": "25", "order": "General Counsel's order transferring the case",
                     "date": "2026-12-03", "issuer": GC_SIGNER}, as_of=_at("2026-12-03"), documents="issue")
    transfer = _text(moved, "order-transferring-case")
    assert "Order Transferring Case" in transfer and "December 3, 2026" in transfer
    assert "from Region 13 (Chicago" in transfer and "to Region 25 (Indianapolis" in transfer
    assert f"{GC_SIGNER} For the General Counsel" in transfer and "/s/" not in transfer  # the signer the act names, unsigned: a transcription
    _no_placeholder(transfer.replace("Dated: December 3, 2026", ""))

    decided = perform({"act": "rd-decision", "date": "2027-01-08", "result": "overrule", "issuer": RD,
                       "rulings": {"usw": {"1": "overruled", "2": "overruled"}},
                       "summary": "The evidence offered would not show that the Employer threatened or polled employees."},
                      as_of=_at("2027-01-08"), documents="issue")
    decision = _text(decided, "decision-on-objections")
    assert decision.startswith("United States of America") or "Decision on Objections" in decision
    assert "Decision on Objections" in decision and "Region 25" in decision and f"{RD} Regional Director" in decision and "/s/" not in decision
    assert "Regional Director, Region 25" in decision and "January 8, 2027" in decision
    assert "The objections are overruled in their entirety" in decision
    assert "Certification of Results of Election issues" in decision
    assert "102.69(c)(1)(i)" in decision and "102.69(c)(2)" in decision
    # the request-for-review period runs from the certification that follows (102.67(c)); none is recorded yet,
    # so the Decision states the rule and no date (the tracked deadline and the document agree)
    assert ("at any time after it issues and until 10 business days after the final disposition of the proceeding, "
            "the certification that follows this Decision (29 CFR 102.67(c))") in decision
    assert "It must be received by" not in decision
    assert "The Employer threatened to close the plant" in decision and "Overruled" in decision
    assert ("The Regional Director extended the time to file the offer of proof in support of objections to "
            "December 16, 2026.") in decision  # the history in words, from the orders stored
    assert "The case was transferred from Region 13 (Chicago, IL) to Region 25 (Indianapolis, IN)." in decision
    _no_placeholder(decision)

    certified = perform({"act": "certification", "date": "2027-01-08"}, as_of=_at("2027-01-08", "11:00:00"),
                        documents="issue")
    certification = _text(certified, "certification-of-results")
    assert f"{RD}" in certification and "/s/" not in certification and "Regional Director, Region 25" in certification
    _no_placeholder(certification)

    perform({"act": "request-for-review", "party": "usw", "grounds": ["The Regional Director erred."],
             "at": "2027-01-20T15:00:00-05:00"}, as_of=_at("2027-01-20", "15:00:00"))
    ruled = perform({"act": "board-ruling", "ruling": "denied", "date": "2027-03-02", "issuer": BOARD},
                    as_of=_at("2027-03-02"), documents="issue")
    board = _text(ruled, "board-order")
    assert "Order Denying Review" in board and "Washington, DC" in board and "March 2, 2027" in board
    assert ("The Petitioner's Request for Review of the Regional Director's Certification of Results of Election is "
            "denied as it raises no substantial issues warranting review") in board
    assert all(name in board for name in ("Chairman Ann Lee", "Member Rob Diaz", "Member Kim Park"))
    _no_placeholder(board)


def _other_case(number: str) -> None:
    opening = live_case.opening()
    opening["case"] = {**opening["case"], "number": number}
    app.perform(parse_act(opening), case_number=None, as_of=live_case.OPENED_AT, by=Who.operator(), documents="none")
    _act(number, live_case.TALLY, live_case.TALLY_AT)


def _act(number: str, data: dict[str, Any], as_of: datetime, documents: str = "none") -> app.ActResult:
    return app.perform(parse_act(data), case_number=number, as_of=as_of, by=Who.operator(),
                       documents=documents, now=as_of)  # type: ignore[arg-type]  # the live case's clock (live_case.perform)


def test_withdrawal_and_dismissal_orders(configured_db: Path) -> None:
    from tests.acts.example_cases import prepare_schema

    prepare_schema()
    _other_case("13-RC-400124")
    withdrawn = _act("13-RC-400124", {"act": "withdraw-petition", "party": "usw", "date": "2026-11-30",
                                      "consented_by": "the Regional Director, Region 13", "issuer": RD},
                     _at("2026-11-30"), "issue")
    withdrawal = _text(withdrawn, "order-approving-withdrawal")
    assert "Order Approving Withdrawal of Petition" in withdrawal and "Region 13" in withdrawal
    assert f"The Petitioner, {USW}, has requested to withdraw its petition" in withdrawal
    assert "November 30, 2026" in withdrawal and "the first election, held on November 24, 2026" in withdrawal
    assert "102.60(a)" in withdrawal
    assert f"{RD} Regional Director, Region 13" in withdrawal and "/s/" not in withdrawal  # the signer the act names

    _other_case("13-RC-400125")
    dismissed = _act("13-RC-400125", {"act": "dismiss-petition", "date": "2026-11-30", "issuer": RD,
                                      "grounds": "The unit petitioned for is not an appropriate unit."},
                     _at("2026-11-30"), "issue")
    dismissal = _text(dismissed, "order-dismissing-petition")
    assert "Order Dismissing Petition" in dismissal and f"{RD}" in dismissal and "/s/" not in dismissal and "Region 13" in dismissal
    assert "The unit petitioned for is not an appropriate unit." in dismissal
    # 10 business days after Monday, November 30, 2026 (no holiday): Monday, December 14, at the Board (Eastern)
    assert "Monday, December 14, 2026" in dismissal and "11:59 p.m. EST" in dismissal and "102.71(b)" in dismissal
    for text in (withdrawal, dismissal):
        _no_placeholder(text)


def test_remand_and_orders_recorded_before_orders_were_stored(configured_db: Path) -> None:
    """The Board's remand is an Order Remanding naming the request and the hearing directed (built from the record,
    not rendered); an order whose docket entry predates stored orders (ref "deadline:N", "case:N") issues nothing."""
    from casefile.acts import module_named
    from casefile.record.db import read_session
    from casefile.vocab import DocumentKind
    from tests.documents.checked import build_for

    open_live()
    perform(OBJECTIONS, as_of=FILED_AT)
    perform({"act": "rd-decision", "date": "2026-12-09", "result": "overrule", "issuer": RD,
             "rulings": {"usw": {"1": "overruled", "2": "overruled"}}}, as_of=_at("2026-12-09"))
    perform({"act": "certification", "date": "2026-12-09"}, as_of=_at("2026-12-09", "11:00:00"))
    perform({"act": "request-for-review", "party": "usw", "grounds": ["The objections raised material issues of fact."],
             "at": "2026-12-18T15:00:00-05:00"}, as_of=_at("2026-12-18", "15:00:00"))
    ruled = perform({"act": "board-ruling", "ruling": "remanded", "date": "2027-02-10", "issuer": "the Board"},
                    as_of=_at("2027-02-10"))
    assert ruled.documents == []  # documents="none": the context is built below, nothing rendered
    with read_session() as s:
        built = build_for(s, live_case.NUMBER, BoardOrder, ruled.ref)
        assert [i.kind for i in module_named("board-ruling").issues(s, Ref.parse(ruled.ref))] == [DocumentKind.BOARD_ORDER]
        assert module_named("pin-deadline").issues(s, Ref(RecordTable.DEADLINE, 3)) == ()
        assert module_named("transfer-case").issues(s, Ref(RecordTable.CASE, 1)) == ()
    ctx = built.context
    assert isinstance(ctx, BoardOrderContext) and ctx.caption.title == "Order Remanding"
    assert (ctx.ruling, ctx.decision, ctx.reviewed_on) == ("remanded", None, date(2026, 12, 9))
    assert ctx.reviewed == "the Regional Director's Certification of Results of Election"
    assert ctx.paragraphs[0].startswith("Having considered the Petitioner's Request for Review of the Regional Director's "
                                        "Certification of Results of Election, the Board remands the proceeding to the "
                                        "Regional Director for a hearing on the objections")
    assert [m.name for m in ctx.members] == [""]  # a live case: a blank line for the Members, never a placeholder


def test_a_transfer_after_the_decision_leaves_the_new_regions_director_unnamed(configured_db: Path) -> None:
    """Region 13's Regional Director decided; the case then went to Region 25, whose certification must not carry
    Region 13's Director: a blank line to sign on (a live case), never the wrong name (built, not rendered)."""
    from casefile.record.db import read_session
    from tests.documents.checked import build_for

    open_live()
    perform(OBJECTIONS, as_of=FILED_AT)
    decided = perform({"act": "rd-decision", "date": "2026-12-09", "result": "overrule", "issuer": RD,
                       "rulings": {"usw": {"1": "overruled", "2": "overruled"}}}, as_of=_at("2026-12-09"), documents="issue")
    assert f"{RD} Regional Director, Region 13" in _text(decided, "decision-on-objections")
    perform({"act": "transfer-case", "region": "25", "order": "General Counsel's order", "date": "2026-12-10"},
            as_of=_at("2026-12-10"))
    certified = perform({"act": "certification", "date": "2026-12-11"}, as_of=_at("2026-12-11"))
    with read_session() as s:
        certification = build_for(s, live_case.NUMBER, CertificationOfResults, certified.ref).context
    assert (certification.signature.name, certification.signature.title) == ("", "Regional Director, Region 25")  # type: ignore[attr-defined]


def test_a_live_decision_without_findings_warns_and_prints_no_placeholder(configured_db: Path) -> None:
    """A live case's overruling entered without its findings (`summary`): the act warns which field fills
    them, and the Decision on Objections leaves them blank — never "[NOT IN THE PUBLIC RECORD: ...]"."""
    import html

    from casefile.documents.render import render_html
    from casefile.record.db import read_session
    from tests.documents.checked import build_for

    open_live()
    perform(OBJECTIONS, as_of=FILED_AT)
    decided = perform({"act": "rd-decision", "date": "2027-01-08", "result": "overrule", "issuer": RD,
                       "rulings": {"usw": {"1": "overruled", "2": "overruled"}}}, as_of=_at("2027-01-08"))
    assert "the decision's findings are not entered: its document leaves them blank" in decided.warnings
    from casefile.cli.gap_words import warning_words
    from casefile.web.gap_words import gap_words

    [gap] = [g for g in decided.gaps if g is not None]
    assert warning_words("", gap).endswith(  # the command line gives its options; the web names its form's field
        f"give them (`summary`; casefile decision rd --summary) or attach the Regional Director's own decision with "
        f"`casefile documents attach {decided.case_number} --to docket:{decided.entry_id} --file PATH`")
    assert gap_words(gap, case_acts={}).text == ("the decision's findings are not entered: its document leaves them "
                                                 "blank; the form's “Summary” field gives them, or attach the Regional "
                                                 "Director's own decision.")
    with read_session() as s:
        built = build_for(s, decided.case_number, DecisionOnObjections, decided.ref)
    text = html.unescape(re.sub(r"<[^>]+>", " ", render_html(DecisionOnObjections, built.context)))
    assert "The objections are overruled in their entirety" in re.sub(r"\s+", " ", text)
    _no_placeholder(text)


def test_the_transfer_orders_moved_periods_read_as_a_sentence() -> None:
    """The order's other branch (running: move): it said "The following periods already running are to be filed there
    as well ...: Offer of proof, due April 22, 2022 and ..." (a period is not filed; a capitalized noun mid-sentence).
    Both branches, from the template, as a reader reads them."""
    import html
    import re

    from casefile.documents.kinds.order_transferring_case import OrderTransferringCase
    from casefile.documents.render import render_html
    from tests.documents.order_cases import order_transferring_case_jfk8

    def body(moved: tuple[str, ...], stayed: tuple[str, ...] = ()) -> str:
        out = render_html(OrderTransferringCase, order_transferring_case_jfk8().model_copy(update={"moved": moved,
                                                                                                  "stayed": stayed}))
        return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", out)).split())

    moved = body(("the offer of proof in support of objections, due April 22, 2022", "the exceptions, due May 23, 2022"))
    assert ("are to be directed to Region 28, Phoenix, AZ. A filing due in a period already running on the date of this "
            "Order is to be filed there too, on the date already set: the offer of proof in support of objections, due "
            "April 22, 2022; and the exceptions, due May 23, 2022. The case keeps its number.") in moved
    assert "periods already running are to be filed" not in moved
    stays = body((), ("the exceptions, due May 23, 2022",))
    assert ("are to be directed to Region 28, Phoenix, AZ. A filing due in a period already running on the date of this "
            "Order is filed with Region 29, Brooklyn, NY, on the date already set: the exceptions, due May 23, 2022. The "
            "case keeps its number.") in stays
    # none running (JFK8): the order says nothing of running periods, the record having no term of it to print
    assert "Phoenix, AZ. The case keeps its number." in body(())
    assert "period already running" not in body(())
