"""Document contexts of a conditional direction of a second election and of the direction that follows
it (issue 15), for the every-kind document tests (tests/documents/document_cases.CONTEXT_BUILDERS).

Cornell-Dubilier Electric Corp., 117 NLRB 358 (1957), Case 11-RC-850 (tests/acts/real_histories.py):
election 1956-07-20, 526 for the Petitioner (IBEW), 533 against, 22 challenged; the Regional Director's
report of 1956-11-08 overruling the challenges to six named voters, sustaining sixteen, and finding
objections 1 and 2 to warrant a new election — here the conditional direction. The revised tally's date
and split are not in the decision: the Supplemental Decision's revised tally (1957-02-20, 3 of the 6 for
the Petitioner) is hypothetical and labeled so; whatever the split, 526 + 6 = 532 is no majority of 1,065.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from casefile.documents.kinds.conditional_direction import DecisionAndConditionalDirectionContext
from casefile.documents.kinds.supplemental_direction import SupplementalDecisionAndDirectionContext
from casefile.documents.parts import (
    Caption,
    ChallengeItem,
    DocumentContext,
    ElectionDates,
    HistoryLine,
    Issuance,
    ObjectionItem,
    PartyRef,
    ServiceEntry,
    Signature,
    TallyLines,
    VoteLine,
    placeholder,
)
from casefile.vocab import DocumentKind, ElectionAgreement, PartyRole, TallyKind, VotingMethod
from tests.documents.checked import review_of

CORNELL = "Cornell-Dubilier Electric Corporation"
IBEW = "International Brotherhood of Electrical Workers, AFL-CIO"
OPENED = ("G. Bradford", "A. Fallin", "E. Wester", "C. Kelly", "M. Maddox", "P. Poindexter")
CAPTION = Caption(case_number="11-RC-850", employer=CORNELL, petitioner=IBEW, region="Region 11", office="Winston-Salem, NC")
EMPLOYER = PartyRef(name=CORNELL, role=PartyRole.EMPLOYER, representative=placeholder("Employer's counsel of record"))
PETITIONER = PartyRef(name=IBEW, role=PartyRole.PETITIONER, representative=placeholder("Petitioner's counsel of record"))
ELECTION = ElectionDates(began_on=date(1956, 7, 20), method=VotingMethod.MANUAL)
REGIONAL_DIRECTOR = Signature(name=placeholder("Regional Director's name"), title="Regional Director, Region 11",
                              organization="National Labor Relations Board")
TALLY = TallyLines(
    kind=TallyKind.INITIAL, prepared_on=date(1956, 7, 20), ballot_type="Single Labor Organization", election=ELECTION,
    eligible=placeholder("number of eligible voters"), void=placeholder("number of void ballots"),
    choices=(VoteLine(choice=IBEW, votes=526),), against=533, valid=1059, challenged=22, valid_plus_challenged=1081,
    determinative=True, majority_for=None, outcome="Challenges are determinative",
)
REVISED = TALLY.model_copy(update={
    "kind": TallyKind.REVISED, "prepared_on": date(1957, 2, 20), "choices": (VoteLine(choice=IBEW, votes=529),),
    "against": 536, "valid": 1065, "challenged": 0, "valid_plus_challenged": 1065, "determinative": False,
    "outcome": "No majority for the Petitioner"})
SUSTAINED = (ObjectionItem(number=1, text="[NOT IN THE PUBLIC RECORD: text of objection 1]", filed_by=IBEW,
                           filed_by_label="Petitioner", disposition="sustained"),
             ObjectionItem(number=2, text="[NOT IN THE PUBLIC RECORD: text of objection 2]", filed_by=IBEW,
                           filed_by_label="Petitioner", disposition="sustained"))
HISTORY = (
    HistoryLine(occurred_on=date(1956, 7, 20), event="The Tally of Ballots issued: 526 for International Brotherhood of "
                "Electrical Workers, AFL-CIO, 533 against; 22 challenged ballots (sufficient in number to affect the results)."),
    HistoryLine(occurred_on=date(1956, 7, 26), event="The Petitioner, International Brotherhood of Electrical Workers, "
                "AFL-CIO, filed 8 objections."),
)
TERMS = {"rerun_if": f"{IBEW} has not received a majority of the valid votes counted",
         "condition_authority": "29 CFR 102.69(c)(1)(i), (e)"}


def _service(on: date) -> tuple[ServiceEntry, ...]:
    return tuple(ServiceEntry(party=p, manner=placeholder("manner of service"), address=placeholder(f"service address of {p.name}"),
                              served_on=on) for p in (EMPLOYER, PETITIONER))


def conditional_direction_cornell() -> DecisionAndConditionalDirectionContext:
    """The Regional Director's report of November 8, 1956 as a conditional direction of a second election."""
    return DecisionAndConditionalDirectionContext(
        caption=CAPTION, issuance=Issuance(issued_on=date(1956, 11, 8), issuer_title="Regional Director"),
        tally=TALLY, procedural_history=HISTORY,
        findings=("Objections 1 and 2 warrant setting the election aside; objections 3 to 7 are overruled; the challenges "
                  "to 16 ballots are sustained and those to 6 overruled, their ballots to be opened and counted.",),
        objections=(*SUSTAINED, *(ObjectionItem(number=n, text=f"[NOT IN THE PUBLIC RECORD: text of objection {n}]",
                                                filed_by=IBEW, filed_by_label="Petitioner", disposition="overruled")
                                  for n in range(3, 8))),
        challenges=tuple(ChallengeItem(voter=v, challenged_by=placeholder("challenger"), ground=placeholder("ground"),
                                       disposition="overruled: open and count") for v in OPENED),
        to_open=OPENED, sustained=16, party_at_fault=None, set_aside_election=ELECTION,
        certify_if=f"{IBEW} has received a majority of the valid votes counted", next_ordinal="second",
        certification="Certification of Representative",
        ballots_would="do not give a labor organization a majority of the valid votes",
        agreement=ElectionAgreement.DIRECTED, review=review_of(ElectionAgreement.DIRECTED),
        signature=REGIONAL_DIRECTOR, service=_service(date(1956, 11, 8)), **TERMS,
    )


def supplemental_direction_cornell() -> SupplementalDecisionAndDirectionContext:
    """The direction of the second election on the (hypothetical) revised tally of February 20, 1957."""
    return SupplementalDecisionAndDirectionContext(
        caption=CAPTION, issuance=Issuance(issued_on=date(1957, 2, 20), issuer_title="Regional Director"),
        decision_issued_on=date(1956, 11, 8), tally=TALLY, revised=REVISED,
        procedural_history=(*HISTORY, HistoryLine(
            occurred_on=date(1956, 11, 8), event="The Regional Director issued a decision: objections sustained; the "
            "challenges to 16 ballots sustained and the ballots of G. Bradford, A. Fallin, E. Wester, C. Kelly, M. Maddox, "
            "and P. Poindexter to be opened and counted, and the election set aside and a new election directed only if "
            "the revised tally shows no majority for a labor organization.")),
        objections=SUSTAINED, party_at_fault=None, set_aside_election=ELECTION,
        challenge_rulings="sustained the challenges to 16 ballots and ordered the ballots of G. Bradford, A. Fallin, "
        "E. Wester, C. Kelly, M. Maddox, and P. Poindexter opened and counted",
        agreement=ElectionAgreement.DIRECTED, review=review_of(ElectionAgreement.DIRECTED), choices=(IBEW,),
        unit_description=placeholder("unit description"),
        second_election_schedule=placeholder("date, time and place, or mail-ballot schedule, of the second election"),
        eligibility_cutoff="the date of the Notice of Second Election",
        signature=REGIONAL_DIRECTOR, service=_service(date(1957, 2, 20)),
        record_notes=("hypothetical: the revised tally's date and split are not in the Board's decision",), **TERMS,
    )


CONDITIONAL_CONTEXT_BUILDERS: dict[DocumentKind, Callable[[], DocumentContext]] = {
    DocumentKind.DECISION_AND_CONDITIONAL_DIRECTION: conditional_direction_cornell,
    DocumentKind.SUPPLEMENTAL_DECISION_AND_DIRECTION: supplemental_direction_cornell,
}

#: What each of these documents must print (tests/documents/test_documents.EXPECTED_TEXT).
CONDITIONAL_EXPECTED_TEXT: dict[DocumentKind, list[str]] = {
    DocumentKind.DECISION_AND_CONDITIONAL_DIRECTION: [
        "DECISION ON OBJECTIONS AND CHALLENGED BALLOTS AND CONDITIONAL DIRECTION OF SECOND ELECTION", "November 8, 1956",
        "526 votes for International Brotherhood of Electrical Workers, AFL-CIO", "533 votes against", "22 challenged ballots",
        "IT IS DIRECTED that the ballots of G. Bradford, A. Fallin, E. Wester, C. Kelly, M. Maddox, and P. Poindexter (6 "
        "ballots) be opened and counted", "The challenges to 16 ballots are sustained",
        "If the revised tally shows that International Brotherhood of Electrical Workers, AFL-CIO has not received a "
        "majority of the valid votes counted, the election held on July 20, 1956 is set aside and a second election will be "
        "conducted",
        "If the revised tally shows that International Brotherhood of Electrical Workers, AFL-CIO has received a majority of "
        "the valid votes counted, the objections sustained above are moot",
        "a Certification of Representative will issue (29 CFR 102.69(e))"],
    DocumentKind.SUPPLEMENTAL_DECISION_AND_DIRECTION: [
        "SUPPLEMENTAL DECISION AND DIRECTION OF SECOND ELECTION", "February 20, 1957",
        "The Revised Tally of Ballots made available on February 20, 1957 shows 529 votes for International Brotherhood of "
        "Electrical Workers, AFL-CIO; 536 votes against", "1,065 valid votes counted",
        "On November 8, 1956 the Regional Director sustained the objections listed below",
        "the election held on July 20, 1956 is set aside and a second election is directed", "NOTICE OF SECOND ELECTION",
        "payroll period ending immediately before the date of the Notice of Second Election, including"],
}
