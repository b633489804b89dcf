"""A Regional Director's decision ruling on hundreds of challenged ballots stays a readable length (issue 16
items 4 and 7): above ``REGISTER_TABLE_LIMIT`` (40) ballots the rulings are laid out by group — the party that
challenged them, the ground and the ruling, with the count — and the voters of each group follow in a paragraph,
as the Hearing Officer's report does; at or below it, one row per voter.

A real-sized case: the Bessemer rerun's tally (March 31, 2022) had 416 challenged ballots (examples/
bessemer-10-RC-269250.yaml). The Cornell-Dubilier conditional direction (tests/documents/conditional_cases.py)
given 416 rulings in the shape of a real register: one voter per row it ran to 15 pages (25 with
real names and grounds); grouped, to 4."""

from __future__ import annotations

import pytest

from casefile.documents.parts import REGISTER_TABLE_LIMIT, ChallengeItem
from casefile.vocab import DocumentKind
from tests.documents.checked import render_checked
from tests.documents.conditional_cases import conditional_direction_cornell
from tests.documents.pdf_layout import lines_by_page, overflow, page_count

_GROUNDS = ("Not on the eligibility list", "Supervisor under Section 2(11)", "Ballot received after the due date")


def _register(n: int) -> tuple[ChallengeItem, ...]:
    """``n`` rulings: voters by number, challenged by the Employer or the Board agent, on three grounds."""
    return tuple(ChallengeItem(voter=f"Voter no. {v:03d}", challenged_by="Board agent" if v % 5 == 0 else "Employer",
                               ground=_GROUNDS[v % 3], disposition="sustained" if v % 3 == 2 else "overruled: open and count")
                 for v in range(1, n + 1))


def _rendered(n: int) -> tuple[bytes, str]:
    register = _register(n)
    opened = tuple(c.voter for c in register if c.disposition != "sustained")
    context = conditional_direction_cornell().model_copy(update={"challenges": register, "to_open": opened,
                                                                 "sustained": n - len(opened)})
    pdf = render_checked(DocumentKind.DECISION_AND_CONDITIONAL_DIRECTION, context).pdf
    return pdf, " ".join(" ".join(lines) for lines in lines_by_page(pdf).values())


@pytest.fixture(scope="module")
def bessemer_sized() -> tuple[bytes, str]:
    return _rendered(416)


def test_416_rulings_fit_in_a_few_pages(bessemer_sized: tuple[bytes, str]) -> None:
    pdf, text = bessemer_sized
    assert page_count(pdf) <= 8
    assert overflow(pdf) == []
    assert "The 416 challenged ballots ruled on fall into the groups below" in text
    # every voter is named once in the groups, and the direction refers to them rather than naming all again
    assert all(text.count(f"Voter no. {v:03d};") + text.count(f"Voter no. {v:03d}.") == 1 for v in range(1, 417))
    assert "IT IS DIRECTED that the ballots of the 277 voters whose challenges are overruled (the groups above) be opened" in text


def test_each_group_states_its_challenger_ground_ruling_and_count(bessemer_sized: tuple[bytes, str]) -> None:
    _pdf, text = bessemer_sized
    # Group 1: the Employer's challenges on the second ground, overruled (voter 1, 4, 7, ... not divisible by 5)
    assert "1 Employer Supervisor under Section 2(11) 111 overruled: open and count" in text
    assert "Group 1 (111): Voter no. 001; Voter no. 004; Voter no. 007;" in text


def test_a_few_rulings_keep_one_row_per_voter() -> None:
    _pdf, text = _rendered(REGISTER_TABLE_LIMIT)
    assert "fall into the groups below" not in text
    assert "Voter no. 001 Employer Supervisor under Section 2(11) overruled: open and count" in text
