"""Supplemental objections (a party's later objections in the same period, numbered on from its earlier ones):
Bessemer (10-RC-269250), tally prepared Fri 2021-04-09, objections due Fri 2021-04-16. RWDSU files objection 1 on
2021-04-14 and supplemental objections 2-3 on 2021-04-16: the PDF says they supplement the earlier ones, and an offer of
proof on a number outside 2-3 is refused naming 2 to 3 (not 1 to 2)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from casefile.errors import ProcedureError
from tests.acts.procedure import act, carry, perform, refused


def _objections(at: str, statements: list[str], **fields: object):  # type: ignore[no-untyped-def]
    return act({"act": "file-objections", "at": at, "party": "rwdsu", "objections": statements, **fields})


@pytest.fixture
def first_filed(configured_db: Path) -> Path:
    carry("tally-2021")
    perform(_objections("2021-04-14T10:00:00-04:00", ["The Employer had a mailbox installed at the entrance."]))
    return configured_db


def test_the_supplemental_objections_say_what_they_supplement(first_filed: Path) -> None:
    result = perform(_objections("2021-04-16T10:00:00-04:00", ["Captive-audience meetings.", "Threats of closure."]),
                     documents="issue")
    assert result.summary.startswith("Supplemental objections of Retail, Wholesale and Department Store Union (2 "
                                     "objections, nos. 2–3)")
    [pdf] = [d for d in result.documents if d.kind == "objections"]
    text = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(pdf.path).pages))
    assert "PETITIONER'S SUPPLEMENTAL OBJECTIONS TO CONDUCT AFFECTING THE RESULTS OF THE ELECTION" in text.upper()
    assert ("These objections supplement the objections the Petitioner filed on April 14, 2021, and are numbered on "
            "from them.") in text


def test_an_offer_of_proof_outside_the_supplemental_numbers(first_filed: Path) -> None:
    error = refused(_objections("2021-04-16T10:00:00-04:00", ["Captive-audience meetings.", "Threats of closure."],
                                offer_of_proof=[{"objection": 1, "witness": "X", "summary": "y"}]), ProcedureError)
    assert str(error) == ("offer of proof: witness 'X' is offered on objection 1, but these supplemental objections are "
                          "numbered 2 to 3 (objection 1 filed earlier: offer witnesses on them with the offer-of-proof "
                          "act) (102.69(a)(8), 102.66(c))")


def test_a_first_single_objection(configured_db: Path) -> None:
    carry("tally-2021")
    error = refused(_objections("2021-04-14T10:00:00-04:00", ["A"], offer_of_proof=[{"objection": 2, "witness": "X",
                                                                                   "summary": "y"}]), ProcedureError)
    assert "but this objection is numbered 1 (102.69(a)(8)" in str(error)
