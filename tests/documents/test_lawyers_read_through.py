"""A labor lawyer's read-through of the documents of two real histories, JFK8 (29-RC-288020) and Bessemer
(10-RC-269250), against the record (issue 16, "Done when"): each finding, asserted on the text of the PDFs a
replay of examples/ issues. Every document of a record copy says it is one, the same way; press summaries are
the reports', not the decider's voice; what the record leaves open is said in the annex, never asserted."""

from __future__ import annotations

import pymupdf
import pytest

from tests.documents.pdf_layout import lines_by_page
from tests.documents.reading import BESSEMER, JFK8, annex_of, body_of, body_of_text, text_of
from tests.documents.record_replay import EXAMPLE_NAMES, Replayed

RECORD_COPY = ("RECORD-COPY NOTE Record copy prepared by casefile from the public record of this case; it is not the "
               "document as issued or filed. Facts the public record does not show are marked as such.")


class TestEveryDocumentSaysItIsARecordCopy:
    @pytest.mark.parametrize("name", [JFK8, BESSEMER], ids=["jfk8", "bessemer"])
    def test_every_document_carries_the_same_note(self, name: str, replayed_examples: dict[str, Replayed]) -> None:
        """Each of the 12 JFK8 and 12 Bessemer documents (every kind they issue) has the note, in the same words."""
        files = sorted(replayed_examples[name].out.glob("*.pdf"))
        assert len(files) == {JFK8: 12, BESSEMER: 12}[name]
        missing = [p.name for p in files if RECORD_COPY not in " ".join(text_of(p).split())]
        assert missing == []

    def test_the_judges_decision_says_it_in_the_annex_not_the_body(self, bessemer: Replayed) -> None:
        body = body_of(bessemer.pdf("*alj-decision.pdf"))
        assert "Record copy prepared by casefile" not in body and "it summarizes the decision" not in body


class TestTheStatusReportsDocket:
    def test_no_witness_count_no_garbled_receipt_no_slugs(self, jfk8: Replayed) -> None:
        """The JFK8 docket said "(1 witness)" (from the confidential offer), "received April 8, 2022; received
        April 22, 2022", "Request extension", "Pin deadline", "File offer of proof", "Transfer case", "casefile"
        as who acted and the rules' commentary on Board review."""
        text = text_of(jfk8.pdf("*case-status-report*.pdf"))
        for said in ("witness", "; received", "Offer of proof", "filed an offer of proof",  # a case document (attacker trial) "Request extension", "Pin deadline", "File offer of proof", "Transfer case",
                     "casefile Certification", "Board review is treated as available", "R-K5", "R-H1"):
            assert said not in text, said
        for said in ("Request for extension of time The record implies that the Employer, Amazon.com Services LLC, requested an extension of the "
                     "time to file the offer of proof in support of objections to April 22, 2022 (the request itself is "
                     "not in the public record, nor is the date).",
                     "Order fixing or extending time The record implies that the Regional Director extended the time to file the offer of proof",
                     "Order transferring case The case was transferred from Region 29 (Brooklyn, NY) to "
                     "Region 28 (Phoenix, AZ).",
                     "Regional Director Certification The Regional Director issued a Certification of Representative of "
                     "Amazon Labor Union."):
            assert said in text, said

    def test_the_consolidation_is_told_by_whose_objections(self, bessemer: Replayed) -> None:
        """The counts of each party's objections are the record's; the order's date and which objections (by number)
        are not (date_public, objection_numbers_public false): the docket line says so."""
        text = text_of(bessemer.pdf("*case-status-report*.pdf"))
        assert ("The Regional Director consolidated 14 objections of the Petitioner, 7 objections of the Employer, and the "
                "challenged ballots with [NOT IN THE PUBLIC RECORD: unfair-labor-practice case numbers] for hearing before "
                "an Administrative Law Judge (the order's date, the date it set the hearing to open, and which objections were "
                "set, by number: not in the public record).") in text
        assert "Order consolidating 21 objections" not in text

    def test_the_rerun_tallys_challenged_line_says_what_the_record_gives_later(self, bessemer: Replayed) -> None:
        """The report said "416 unopened" of the rerun tally's challenged ballots; the record has 311 still unresolved
        when the hearing opened (open-hearing's challenges_unresolved), and not how the rest went."""
        text = text_of(bessemer.pdf("*case-status-report*.pdf"))
        assert ("Challenged ballots 416 challenged at the count: 311 of the 416 were still unresolved when the hearing "
                "opened on April 25, 2024; how 416 became 311 is not in the public record") in text
        assert "416 unopened" not in text
        assert "Challenged ballots 505 unopened" in text  # the first election's: nothing later says otherwise


class TestFindingsAreTheReportsOfThem:
    def test_the_hearing_officers_findings_are_attributed(self, jfk8: Replayed) -> None:
        body = body_of(jfk8.pdf("*hearing-officer-report.pdf"))
        assert ("FINDINGS OF FACT AND ANALYSIS The text of the findings is not in the public record. The record summarizes "
                "public reports of the report as follows: After a hearing over 24 business days by videoconference, the Hearing Officer found") in body

    @pytest.mark.parametrize(("name", "pattern", "opening"), [
        (JFK8, "*decision-on-objections.pdf", "The Regional Director for Region 28 overruled the Employer's objections"),
        (BESSEMER, "*decision-and-direction-of-second-election.pdf", "The mail-ballot election of February 8 to March 29, 2021 is set aside"),
        (BESSEMER, "*alj-decision.pdf", "The Administrative Law Judge found that the Employer committed six"),
    ], ids=["jfk8-decision", "bessemer-decision", "bessemer-judge"])
    def test_a_decisions_summary_is_what_public_reports_say(self, name: str, pattern: str, opening: str,
                                                             replayed_examples: dict[str, Replayed]) -> None:
        body = body_of(replayed_examples[name].pdf(pattern))
        """The summary is the record-keeper's account of public reports: labelled so, and not in quotation marks."""
        assert ("The text of the findings is not in the public record. The record summarizes public reports of the decision "
                f"as follows: {opening}") in body
        assert "Public reports of the" not in body and "“" not in body.partition("FINDINGS")[2].partition("follows:")[2][:200]


class TestWhatTheRecordLeavesOpenIsSaid:
    def test_inferred_dates_carry_their_caveat(self, jfk8: Replayed, bessemer: Replayed) -> None:
        """The dates the sources do not give (recorded on the last day of a period, the day of the request) are
        printed with what the sources say of them, in the annex of the document and of the histories that tell them."""
        expected = {
            jfk8.pdf("*order-extending-time.pdf"): "Uncertain: the order, its date and whether the Region 29 or the "
                                                   "Region 28 Regional Director issued it are not in the sources",
            jfk8.pdf("*order-transferring-case.pdf"): "Uncertain: the order's date is not in the sources",
            jfk8.pdf("*exceptions_amazon.pdf"): "Uncertain: that exceptions were filed is inferred from Amazon's statement",
            jfk8.pdf("*hearing-officer-report.pdf"): "Uncertain (April 8, 2022, request for extension of time): the "
                                                     "request itself and its date are not in the sources",
            jfk8.pdf("*decision-on-objections.pdf"): "Uncertain (September 16, 2022, exceptions filed): that exceptions "
                                                     "were filed is inferred",
            bessemer.pdf("2022-04-07_objections_amazon.pdf"): "Uncertain: filing date not reported (recorded on the last "
                                                              "day of the period)",
        }
        found = {path.name: " ".join(annex_of(text_of(path)).split()) for path in expected}
        assert [path.name for path, said in expected.items() if said not in found[path.name]] == []

    def test_the_extension_request_asserts_no_service_and_no_grounds_the_record_lacks(self, jfk8: Replayed) -> None:
        body = body_of(jfk8.pdf("*extension-request_amazon.pdf"))
        assert "no later than the date on which the document is due" not in body  # its date is not public either
        assert "served on the other parties at the same time" not in body
        assert "not reasonably foreseeable" not in body

    def test_the_exceptions_say_nothing_of_a_brief_or_a_method_the_record_does_not_mention(self, jfk8: Replayed) -> None:
        """The record does not say how the exceptions were filed (nor that they were: inferred_from): the body said
        "filed electronically", the act's default; it names no method now."""
        body = body_of(jfk8.pdf("*exceptions_amazon.pdf"))
        assert "brief in support" not in body
        assert "electronically" not in body
        assert "These exceptions are filed with the Regional Director (29 CFR 102.69(c)(1)(iii))." in body


class TestTheObjectionsPrayOnlyForWhatTheRecordSays:
    @pytest.mark.parametrize(("name", "pattern", "party"), [
        (JFK8, "2022-04-08_objections_amazon.pdf", "Employer"),
        (BESSEMER, "2021-04-16_objections_rwdsu.pdf", "Petitioner"),
        (BESSEMER, "2022-04-07_objections_rwdsu.pdf", "Petitioner"),
        (BESSEMER, "2022-04-07_objections_amazon.pdf", "Employer"),
    ], ids=["jfk8", "bessemer-2021", "bessemer-2022-rwdsu", "bessemer-2022-amazon"])
    def test_the_prayer_is_generic(self, name: str, pattern: str, party: str, replayed_examples: dict[str, Replayed]) -> None:
        """The public record does not give the relief each objecting party asked: a record copy does not invent one."""
        body = " ".join(body_of(replayed_examples[name].pdf(pattern)).split())
        assert (f"WHEREFORE, the {party} requests that the objections be sustained and such relief be granted as is "
                "appropriate.") in body
        assert "set the election aside, and direct" not in body


class TestLayout:
    def test_a_missing_count_sits_in_the_figure_column(self, jfk8: Replayed) -> None:
        """The JFK8 tally's void ballots: the label alone in the words, the placeholder right of it, in the figures."""
        with pymupdf.open(jfk8.pdf("*tally-of-ballots.pdf")) as pdf:
            page = pdf[0]
            label = page.search_for("Number of void ballots")[0]
            marker = page.search_for("[NOT IN THE")
        in_lines = [r for r in marker if abs(r.y0 - label.y0) < 30]
        assert in_lines and all(r.x0 > 440 for r in in_lines), (label, marker)
        assert "Number of void ballots [NOT IN THE PUBLIC RECORD]" in " ".join(text_of(jfk8.pdf("*tally-of-ballots.pdf")).split())

    @pytest.mark.parametrize("name", EXAMPLE_NAMES, ids=[n.split("-")[0] for n in EXAMPLE_NAMES])
    def test_no_page_carries_a_single_spilled_line(self, name: str, replayed_examples: dict[str, Replayed]) -> None:
        """Bessemer's Hearing Officer's report had a page 5 with one line of its annex: every page of every document
        of every example has at least two lines of body text, and a tally stays on one page."""
        spilled = {p.name: counts for p in sorted(replayed_examples[name].out.glob("*.pdf"))
                   if min(counts := [len(lines) for lines in lines_by_page(p.read_bytes()).values()]) < 2}
        assert spilled == {}
        if name in (JFK8, BESSEMER):  # the record-copy note fits the one-page form (Trinity's two-union tallies never did)
            tallies = {p.name: len(lines_by_page(p.read_bytes())) for p in replayed_examples[name].out.glob("*_tally-of-ballots.pdf")}
            assert set(tallies.values()) == {1}, tallies


def test_every_act_has_a_name_people_read() -> None:
    """Every act of the registry, and the entries the acts write themselves, have a docket name (no slug shown)."""
    from casefile import acts
    from casefile.documents.wording import ACT_NAMES, act_name

    recorded = ("set-aside", "direct-second-election", "certification-due", "runoff-due", "objection-period-closed",
                "rfr-pending", "close", "deadline-lapsed", "closure-superseded", "issue-document", "import-case")
    assert [name for name in (*acts.models(), *recorded) if name not in ACT_NAMES] == []
    assert act_name("import-case") == "Case imported"
    assert act_name("board-ruling:closed") == "Board ruling"
    assert act_name("request-extension") == "Request for extension of time"


def test_the_docket_act_names_are_one_vocabulary() -> None:
    """The docket's act names are one enum (casefile.vocab.DocketActName): every act of the registry is a member,
    and the words people read (ACT_NAMES) are keyed by exactly its members."""
    from casefile import acts
    from casefile.documents.wording import ACT_NAMES
    from casefile.vocab import DocketActName

    assert [name for name in acts.models() if name not in DocketActName._value2member_map_] == []
    assert set(ACT_NAMES) == set(DocketActName)
    assert all(isinstance(key, DocketActName) for key in ACT_NAMES)


class TestSignersAndDocketWords:
    def test_the_notice_of_hearing_is_signed_by_its_regional_director(self, jfk8: Replayed) -> None:
        """The JFK8 notice is Cornele Overstreet's "Friday filing" (thehill.com), not signed with a placeholder.
        Bessemer's signer is not in the sources: its notice names none (test_lawyers_second_read.py); it had named
        Lisa Henderson, inferred from her later decision."""
        text = text_of(jfk8.pdf("*notice-of-hearing.pdf"))
        assert "/s/ Cornele A. Overstreet" in text and "Regional Director's name" not in text

    def test_the_command_lines_docket_reads_words_and_long_dates(self, jfk8: Replayed) -> None:
        """`casefile case show` on JFK8: "received April 8, 2022", the act "Request for extension of time"; no ISO
        date and no act slug in the docket's summaries."""
        from casefile.record.db import get_engine
        from casefile.settings import get_settings
        from tests.cli.in_process import casefile

        assert jfk8.folder is not None
        with pytest.MonkeyPatch.context() as mp:
            mp.setenv("CASEFILE_DATABASE_URL", f"sqlite:///{jfk8.folder / 'casefile.db'}")
            mp.setenv("CASEFILE_OUTPUT_DIR", str(jfk8.folder / "out"))
            mp.setenv("COLUMNS", "200")
            import importlib

            mp.setattr(importlib.import_module("casefile.cli.app").console, "width", 200)  # a console made earlier in this worker keeps its width
            get_settings.cache_clear()
            get_engine.cache_clear()
            shown = casefile("case", "show", "29-RC-288020")
            get_engine().dispose()
        get_settings.cache_clear()
        get_engine.cache_clear()
        assert shown.exit_code == 0, shown.stderr
        docket = " ".join(shown.stdout.partition("Docket")[2].split())
        assert "received April 8, 2022" in docket and "Request for extension of time" in docket
        assert "received 2022-04-08" not in docket and "request-extension" not in docket


def test_the_consolidation_order_is_a_document(bessemer: Replayed) -> None:
    """Bessemer's consolidation with the unfair labor practice complaint (recorded on April 25, 2024, the day the
    hearing began) issues its order: the objections of both parties as filed, counted (which ones by number is not
    public: objection_numbers_public false), the challenged ballots, the judge and the opening (a placeholder);
    its date is not in the public record (date_public false), so none is printed."""
    path = bessemer.pdf("2024-04-25_order-consolidating-cases.pdf")
    body = " ".join(body_of(path).split())
    assert "ORDER CONSOLIDATING CASES AND NOTICE OF HEARING" in body
    assert ("IT IS ORDERED that Case 10-RC-269250 is consolidated with Case [NOT IN THE PUBLIC RECORD: unfair-labor-practice "
            "case numbers] for hearing before an Administrative Law Judge, and that the objections set out below and the "
            "challenged ballots be heard in that hearing (29 CFR 102.69(c)(1)(ii)).") in body
    assert ("OBJECTIONS SET FOR HEARING 14 of the 21 objections of the Petitioner; 7 of the 8 objections of the Employer. "
            "Which objections these are, by number, is not in the public record.") in body
    assert "Objection 1." not in body and "Objection 14." not in body  # no stand-in numbers printed as the order's
    assert ("The challenged ballots are set for hearing: the eligibility of the voters who cast them "
            "will be heard with the objections.") in body  # 311 were uncounted when the hearing began: the opening's count
    assert "Administrative Law Judge Michael Silverstein and on consecutive days" in body
    assert "Dated: [NOT IN THE PUBLIC RECORD: the order's date]" in body and "Dated: April 25, 2024" not in body
    assert "the order's date is not public" in annex_of(" ".join(text_of(path).split()))


def test_an_opening_on_the_noticed_date_says_so(bessemer: Replayed) -> None:
    """Bessemer's hearing is recorded as opened on May 7, 2021, the date the notice set; the sources report no
    opening. The report and the decision that tell the opening say, in their annex, that the date is the scheduled
    one (a record with only the notice's date is not asserted without its caveat)."""
    for pattern in ("*hearing-officer-report.pdf", "*decision-and-direction-of-second-election.pdf"):
        annex = " ".join(annex_of(text_of(bessemer.pdf(pattern))).split())
        assert ("its signature block names no one. Uncertain (May 7, 2021, hearing opened): Its opening date is the "
                "scheduled one; its close date is not public.") in annex, pattern  # its own labeled note (third read)
        assert "Its opening:" not in annex, pattern  # no prefix a document reads back (opening_date_public)


def test_an_opening_on_the_noticed_date_is_told_as_scheduled(bessemer: Replayed) -> None:
    """The report and the decision said "The hearing opened on May 7, 2021": the record holds only the date the notice
    set (open-hearing with date_public false), and their bodies say so."""
    report = " ".join(body_of(bessemer.pdf("*hearing-officer-report.pdf")).split())
    assert ("The hearing was scheduled to open on May 7, 2021 (the record does not show the actual opening date)"
            in report)
    for pattern in ("*hearing-officer-report.pdf", "*decision-and-direction-of-second-election.pdf"):
        body = " ".join(body_of(bessemer.pdf(pattern)).split())
        assert "The hearing opened on May 7, 2021" not in body, pattern
        assert ("May 7, 2021 The hearing was scheduled to open on May 7, 2021; the record does not show the actual "
                "opening date.") in body, pattern  # the procedural history


def test_a_reported_opening_is_told_as_held(jfk8: Replayed) -> None:
    body = " ".join(body_of(jfk8.pdf("*hearing-officer-report.pdf")).split())
    assert "The hearing opened on " in body and "scheduled to open" not in body


def test_the_consolidation_order_names_no_signer_the_record_lacks(bessemer: Replayed) -> None:
    """The order was signed "Lisa Henderson", the Director of a decision 2½ years before it: the record names no
    signer, so it is signed with the office only and the annex says why."""
    text = " ".join(text_of(bessemer.pdf("2024-04-25_order-consolidating-cases.pdf")).split())
    assert "Henderson" not in text
    assert "Regional Director, Region 10 National Labor Relations Board" in body_of_text(text)
    assert "Who signed the order is not in the public record: it is signed with the office only." in annex_of(text)


@pytest.mark.parametrize(("name", "pattern"), [
    (JFK8, "2022-04-08_objections_amazon.pdf"), (JFK8, "*exceptions_amazon.pdf"),
    (BESSEMER, "2021-04-16_objections_rwdsu.pdf"), (BESSEMER, "2022-04-07_objections_amazon.pdf"),
], ids=["jfk8-objections", "jfk8-exceptions", "bessemer-2021-objections", "bessemer-2022-objections"])
def test_a_certificate_of_service_asserts_no_manner_of_filing_the_record_lacks(
        name: str, pattern: str, replayed_examples: dict[str, Replayed]) -> None:
    """The sources do not say how the filings were filed: the certificate said "through the Agency's E-Filing
    system" (the act's default); it says the manner is not in the public record."""
    text = " ".join(text_of(replayed_examples[name].pdf(pattern)).split())
    assert "E-Filing system" not in text
    assert "(the manner of filing is not in the public record), and that a copy was served" in text


@pytest.mark.parametrize(("pattern", "said"), [
    ("*hearing-officer-report.pdf", "The Hearing Officer recommends that the objections be overruled in their entirety."),
    ("*decision-on-objections.pdf", "The objections are overruled in their entirety."),
], ids=["report", "decision"])
def test_an_overall_result_is_said_once_not_a_placeholder_per_objection(pattern: str, said: str, jfk8: Replayed) -> None:
    """JFK8's report and decision printed "[NOT IN THE PUBLIC RECORD: ... ruling]" for each of the 25 objections though
    the record holds the result for all of them."""
    body = " ".join(body_of(jfk8.pdf(pattern)).split())
    assert "recommendation]" not in body and "Regional Director's ruling]" not in body
    assert f"25 [NOT IN THE PUBLIC RECORD: text of objection 25] {said}" in body  # once, after the table


@pytest.mark.parametrize("name", EXAMPLE_NAMES, ids=[n.split("-")[0] for n in EXAMPLE_NAMES])
def test_the_record_copy_note_stays_with_the_last_lines(name: str, replayed_examples: dict[str, Replayed]) -> None:
    """Trinity's certification ended with a page holding only the record-copy note (2 lines): the note keeps the
    document's last block with it, so no page of several begins with it."""
    alone = {p.name: pages[max(pages)][:1] for p in sorted(replayed_examples[name].out.glob("*.pdf"))
             if len(pages := lines_by_page(p.read_bytes())) > 1 and pages[max(pages)][0].startswith("RECORD-COPY NOTE")}
    assert alone == {}


def test_the_rerun_voters_are_those_of_the_notice_of_second_elections_payroll_period(bessemer: Replayed) -> None:
    """Bessemer's 2021 decision (p.3) and its Notice (p.5) said "the payroll period ending immediately before the date
    of this Decision (November 29, 2021)"; Board practice for a rerun is the payroll period ending immediately before
    the date of the Notice of Second Election (casefile.rules.rerun_eligibility, R-O4)."""
    text = " ".join(text_of(bessemer.pdf("*decision-and-direction-of-second-election.pdf")).split())
    assert ("Eligible to vote are the employees in the unit who were employed during the payroll period ending "
            "immediately before the date of the Notice of Second Election, including employees who did not work") in text
    assert ("Who may vote Employees in the unit employed during the payroll period ending immediately before the date of "
            "the Notice of Second Election, and still so employed on the election date.") in text
    assert "before the date of this Decision" not in text and "immediately before November 29, 2021" not in text


def test_the_hearing_officers_region_is_not_asserted(jfk8: Replayed) -> None:
    """JFK8's report was signed "National Labor Relations Board, Region 28" for Lisa Dunn, whose Region the record
    does not hold (the case moved from Region 29 to Region 28)."""
    text = " ".join(body_of(jfk8.pdf("*hearing-officer-report.pdf")).split())
    assert ("/s/ Lisa Dunn Lisa Dunn Hearing Officer National Labor Relations Board, [NOT IN THE PUBLIC RECORD: the "
            "Hearing Officer's Region]") in text
    assert "Hearing Officer National Labor Relations Board, Region 28" not in text


class TestWhatTheLawSays:
    def test_the_judges_decision_recommends(self, bessemer: Replayed) -> None:
        """A judge's order is recommended (29 CFR 102.45(a); binding only absent exceptions, 102.48(a)): the 2024
        decision recommends setting the second election aside, it does not set it aside."""
        body = " ".join(body_of(bessemer.pdf("*alj-decision.pdf")).split())
        assert ("It is recommended that the second election held from February 4 to March 25, 2022 be set aside and a third election "
                "be directed, at a time the Regional Director sets.") in body
        assert "is set aside." not in body and "A third election is directed" not in body

    def test_the_transfer_says_only_what_the_order_recorded(self, jfk8: Replayed) -> None:
        """The JFK8 order said "A filing due in a period already running on the date of this Order is filed with the
        office with which it was to be filed when the period began": no party's filing was running on April 29, 2022
        (the offer of proof was in on April 22; the hearing's target date is the Region's own), and the transfer act
        recorded no term of the order on running periods, so the order says nothing of them."""
        body = " ".join(body_of(jfk8.pdf("*order-transferring-case.pdf")).split())
        assert ("From the date of this Order, all filings and correspondence in the case are to be directed to Region 28, "
                "Phoenix, AZ. The case keeps its number.") in body
        assert "period already running" not in body

    def test_the_offer_of_proofs_extension_cites_its_rule(self, jfk8: Replayed) -> None:
        """The Regional Director's power to extend the offer of proof's time is 102.69(a)(8) (rules.md R-G5)."""
        body = " ".join(body_of(jfk8.pdf("*extension-request_amazon.pdf")).split())
        assert "Pursuant to Sections 102.2(c) and 102.69(a)(8) of the Board's Rules and Regulations, the Employer" in body

    def test_the_certification_reads_as_one_sentence(self, jfk8: Replayed) -> None:
        body = " ".join(body_of(jfk8.pdf("*certification*.pdf")).split())
        assert "and the objections having been overruled, the Regional Director certifies" in body
        assert "objections have been overruled" not in body


@pytest.mark.parametrize(("name", "pattern"), [(JFK8, "*offer-of-proof_amazon.pdf"),
                                              (BESSEMER, "2021-04-16_offer-of-proof_rwdsu.pdf")], ids=["jfk8", "bessemer-2021"])
def test_an_offer_whose_witnesses_are_not_public_says_so_once(name: str, pattern: str,
                                                              replayed_examples: dict[str, Replayed]) -> None:
    """JFK8's offer of proof (April 22, 2022, file-offer-of-proof) and Bessemer's of 2021 (filed with the objections,
    file-objections) are confidential: the record has the offer, not its witnesses (``witnesses_public: false`` on
    either act). One stand-in for the whole offer; Bessemer's was listed under "Objection 1" with a stand-in witness."""
    body = " ".join(body_of(replayed_examples[name].pdf(pattern)).split())
    assert ("[NOT IN THE PUBLIC RECORD: the witnesses and their expected testimony, for the objections]") in body
    assert "Objection 1" not in body and "For each objection it identifies" not in body
    assert "Summary of expected testimony" not in body


class TestWhatTheRecordOnlyImpliesIsNotStated:
    """Acts the public record only implies (inferred_from) and dates it does not give (date_public false) are
    fields of the record: documents say what the record shows, never state the act or print the date (issue 16)."""

    @pytest.mark.parametrize(("pattern", "said"), [
        ("*extension-request_amazon.pdf", "The record shows that the Employer filed its evidence on April 22, 2022, after "
                                          "the April 8, 2022 due date, which only an extension allows (29 CFR "
                                          "102.69(a)(8)); the request itself is not in the public record."),
        ("*order-extending-time.pdf", "which only an order extending its time allows (29 CFR 102.69(a)(8)); the order "
                                      "itself is not in the public record."),
        ("*exceptions_amazon.pdf", "The record shows that the Employer said it would appeal the Hearing Officer's report "
                                   "and that the Regional Director later decided the objections (January 11, 2023); the "
                                   "exceptions themselves are not in the public record."),
    ], ids=["request", "order", "exceptions"])
    def test_an_inferred_act_says_so_in_its_annex_and_prints_no_date(self, pattern: str, said: str, jfk8: Replayed) -> None:
        text = text_of(jfk8.pdf(pattern))
        assert said in annex_of(text)
        assert "Its date is not in the public record: it is recorded on" in annex_of(text)
        assert "Dated: [NOT IN THE PUBLIC RECORD:" in body_of_text(text)

    def test_the_extension_order_names_no_region_the_record_lacks(self, jfk8: Replayed) -> None:
        """Whether Region 29's or Region 28's Director issued it is not public (issuer_region_public false)."""
        body = body_of_text(text_of(jfk8.pdf("*order-extending-time.pdf")))
        assert "Regional Director, Region [NOT IN THE PUBLIC RECORD: the issuing Region]" in body
        assert "Regional Director, Region 29 National" not in body

    @pytest.mark.parametrize("pattern", ["2022-04-07_objections_amazon.pdf", "2022-04-07_objections_rwdsu.pdf"])
    def test_the_2022_objections_print_no_date_the_record_lacks(self, pattern: str, bessemer: Replayed) -> None:
        text = text_of(bessemer.pdf(pattern))
        assert "Dated: [NOT IN THE PUBLIC RECORD: the date it was filed]" in body_of_text(text)
        assert "Dated: April 7, 2022" not in text
        assert "Its date is not in the public record: it is recorded on April 7, 2022, a date the record implies." in annex_of(text)

    def test_the_docket_says_the_objections_date_is_not_public(self, bessemer: Replayed) -> None:
        text = text_of(bessemer.pdf("*case-status-report*.pdf"))
        assert "The Employer, Amazon.com Services LLC, filed 8 objections. Its date is not in the public record." in text


class TestTheCaseFactsTheRecordLacks:
    def test_jfk8s_petition_date_is_said_as_reported(self, jfk8: Replayed) -> None:
        text = text_of(jfk8.pdf("*case-status-report*.pdf"))
        assert ("Petition filed December 22, 2021 (as reported: the petition's date is not in the Board's public "
                "record)") in text

    def test_bessemers_agreement_is_said_as_inferred_and_review_as_depending_on_it(self, bessemer: Replayed) -> None:
        """Bessemer's election is recorded as directed, an inference (agreement_public false): the report says so, and
        the consolidation order names the recorded agreement with the same words, not as if it were known (it hedged
        over every agreement, where the record holds one: tests/documents/test_lawyers_second_read.py)."""
        report = text_of(bessemer.pdf("*case-status-report*.pdf"))
        assert ("Election agreement Decision and Direction of Election (inferred: the public record does not name the "
                "election agreement)") in report
        order = body_of(bessemer.pdf("2024-04-25_order-consolidating-cases.pdf"))
        assert ("The election was held pursuant to a Decision and Direction of Election (inferred: the public record does "
                "not name the election agreement)") in " ".join(order.split())


class TestInferredFactsAreSaidSoInTheBody:
    """A lawyer's read-through (second pass): what the record only infers was stated as fact in the body, with only
    the end note saying otherwise; the body now says so, from the record's fields."""

    def test_the_exceptions_the_record_infers(self, jfk8: Replayed) -> None:
        body = " ".join(body_of(jfk8.pdf("*decision-on-objections.pdf")).split())
        assert ("Amazon.com Services LLC filed exceptions to the report [inferred: the record shows that the Employer "
                "said it would appeal the Hearing Officer's report and that the Regional Director later decided the "
                "objections (January 11, 2023); the exceptions themselves are not in the public record].") in body
        assert "filed exceptions to the report." not in body

    def test_the_extension_requests_date(self, jfk8: Replayed) -> None:
        body = " ".join(body_of(jfk8.pdf("*order-extending-time.pdf")).split())
        assert body.count("On or before April 8, 2022 (the exact date is not in the public record) the Employer, "
                          "Amazon.com Services LLC, requested an extension of the time to file") == 1
        assert "On April 8, 2022" not in body

    def test_the_objections_dates_in_the_consolidation_order(self, bessemer: Replayed) -> None:
        body = " ".join(body_of(bessemer.pdf("*order-consolidating-cases.pdf")).split())
        assert ("Objections to the election were filed by the Petitioner, Retail, Wholesale and Department Store Union, "
                "on or before April 7, 2022 (the exact date is not in the public record); and by the Employer, "
                "Amazon.com Services LLC, on or before April 7, 2022 (the exact date is not in the public record).") in body
        assert "on April 7, 2022" not in body

    def test_the_agreement_the_record_infers(self, bessemer: Replayed) -> None:
        inferred = "Decision and Direction of Election (inferred: the public record does not name the election agreement)"
        tally = " ".join(body_of(bessemer.pdf("2021-04-09_tally-of-ballots.pdf")).split())
        assert f"Type of election {inferred}; mail-ballot election" in tally
        decision = " ".join(body_of(bessemer.pdf("*decision-and-direction-of-second-election.pdf")).split())
        assert f"Pursuant to a {inferred}, a mail-ballot election was held from February 8 to March 29, 2021" in decision
        rerun = " ".join(body_of(bessemer.pdf("2022-03-31_tally-of-ballots.pdf")).split())
        assert "Type of election Rerun election: Decision and Direction of Second Election; mail-ballot election" in rerun


class TestInferredActsInTheHistories:
    def test_the_request_and_the_order_are_told_as_events(self, jfk8: Replayed) -> None:
        """The rows were the inference notes ("The record shows that the Employer filed its evidence on April 22,
        2022 …"), twice; now the events themselves, said to be outside the public record."""
        for name in ("*hearing-officer-report.pdf", "*decision-on-objections.pdf", "*case-status-report*.pdf"):
            body = " ".join(body_of(jfk8.pdf(name)).split())
            assert ("The record implies that the Employer, Amazon.com Services LLC, requested an extension of the time to file the offer of proof "
                    "in support of objections to April 22, 2022 (the request itself is not in the public record, nor "
                    "is the date).") in body, name
            assert ("The record implies that the Regional Director extended the time to file the offer of proof in support of objections to "
                    "April 22, 2022 (the order itself is not in the public record, nor is the date).") in body, name
            assert "The record shows that the Employer filed its evidence" not in body, name


class TestTheOfferOfProofsCitation:
    def test_only_102_69_a_8(self, bessemer: Replayed) -> None:
        body = " ".join(body_of(bessemer.pdf("*offer-of-proof*.pdf")).split())
        assert "Pursuant to Section 102.69(a)(8) of the Board's Rules and Regulations, the Petitioner" in body
        assert "102.66(c)" not in body
