"""The authority policy as stated (casefile/record/authority/): the table in docs/architecture.md
is the code's table, every act model declares whose act it is with fields it has, the decision of
each cell narrowed by each role, and the module's place in the layers (it imports no act)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from casefile.acts import models
from casefile.record.accounts import UserRole
from casefile.record.authority import TABLE, ActorKind, Cell, Family, Relation, Whose, decide, whose_of

ROOT = Path(__file__).resolve().parents[2]


def _doc_table() -> dict[str, dict[str, str]]:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- authority-table -->\n(.*?)<!-- /authority-table -->", text, re.S)
    assert block, "docs/architecture.md has no authority table between its markers"
    rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in block.group(1).splitlines()
            if line.startswith("|") and not line.startswith("|---")]
    header, body = rows[0], rows[1:]
    return {row[0]: dict(zip(header[1:], row[1:], strict=True)) for row in body}


def test_the_documented_table_is_the_table_the_code_decides_by() -> None:
    """docs/architecture.md's one table, family × relation → cell, is TABLE, cell for cell."""
    doc = _doc_table()
    code = {family.value: {relation.value: cell.value for relation, cell in row.items()}
            for family, row in TABLE.items()}
    assert doc == code


def test_every_family_has_a_cell_for_every_relation() -> None:
    assert set(TABLE) == set(Family)
    for row in TABLE.values():
        assert set(row) == set(Relation)


@pytest.mark.parametrize("name", sorted(models()))
def test_every_act_declares_whose_act_it_is_with_fields_it_has(name: str) -> None:
    """Each act model's WHOSE is declared on the model itself (not inherited), and the fields it
    names — the party's, the record's, the confidential ones — are fields of the model."""
    model = models()[name]
    assert "WHOSE" in vars(model), f"{name} declares no WHOSE of its own"
    whose = whose_of(model)
    assert isinstance(whose, Whose)
    for field in ([whose.field] if whose.field else []) + list(whose.sealed) + ([whose.by_field] if whose.by_field else []):
        assert field in model.model_fields, f"{name}: WHOSE names {field!r}, not a field of the model"
    if whose.kind in (ActorKind.PARTY, ActorKind.RECORD_KEEPING):
        assert whose.field is not None
    else:
        assert whose.field is None and not whose.sealed and not whose.whole_sealed


def test_the_offers_of_proof_are_declared_confidential() -> None:
    """Security trial H1: the offer of proof filed apart calls its witnesses ``witnesses``, not
    ``offer_of_proof``; confidentiality is declared, never inferred from a field's name."""
    assert whose_of(models()["file-offer-of-proof"]).whole_sealed
    assert whose_of(models()["file-objections"]).sealed == ("offer_of_proof",)
    sealed = {n for n, m in models().items() if whose_of(m).whole_sealed or whose_of(m).sealed}
    assert sealed == {"file-offer-of-proof", "file-objections"}


def test_the_withdrawal_of_the_petition_is_the_petitioners() -> None:
    """The petitioner withdraws its petition, with the Regional Director's consent (102.60(a)): a
    party's act, the petitioner named in its ``party`` (attacker trial: classed as the Region's, any
    organization alone with no Region here could record it for the union's petition)."""
    assert whose_of(models()["withdraw-petition"]) == Whose.party("party")


ROLES = (UserRole.ADMIN, UserRole.COUNSEL, UserRole.STAFF, UserRole.VIEWER)


@pytest.mark.parametrize("family", list(Family))
@pytest.mark.parametrize("relation", list(Relation))
@pytest.mark.parametrize("represented", [False, True])
@pytest.mark.parametrize("alone", [False, True])
def test_decide_is_the_cell_narrowed_by_the_role(family: Family, relation: Relation, represented: bool,
                                                 alone: bool) -> None:
    """For every cell, role, representation and company: the operator performs; a viewer does
    nothing; staff perform only the Region's acts (in a Region) and their party's staff filings, and
    record nothing; counsel and admins get the cell — record while unrepresented refused once the
    actor is represented, record while alone refused once another side's organization or the Region
    is on the case (or the Region is represented)."""
    cell = TABLE[family][relation]
    for role in ROLES:
        for staff_files in (False, True):
            got = decide(family, relation, role, represented=represented, alone=alone, staff_files=staff_files).mode
            if relation is Relation.OPERATOR:
                want = "perform"
            elif role is UserRole.VIEWER or cell in (Cell.REFUSE, Cell.NONE):
                want = None
            elif cell is Cell.PERFORM:
                want = "perform" if role is not UserRole.STAFF or relation is Relation.REGION or staff_files else None
            elif (cell is Cell.RECORD_UNREPRESENTED and represented) or \
                    (cell is Cell.RECORD_ALONE and (represented or not alone)):
                want = None
            else:
                want = None if role is UserRole.STAFF else "record"
            assert got == want, (family, relation, role, represented, alone, staff_files)
    assert decide(family, relation, None, represented=represented, alone=alone).mode == "perform"  # the operator


def test_the_agencys_and_the_boards_acts_are_recorded_by_a_party_only_when_alone() -> None:
    """Attacker trial: recording the Region's or the Board's act from a document received changes
    every party's case, so a party's organization records them only on a case it is alone on."""
    for family in (Family.REGION, Family.BOARD):
        assert TABLE[family][Relation.PARTY] is Cell.RECORD_ALONE
        assert decide(family, Relation.PARTY, UserRole.COUNSEL, represented=False, alone=True).mode == "record"
        refused = decide(family, Relation.PARTY, UserRole.COUNSEL, represented=False, alone=False)
        assert refused.mode is None and "the Region's users or the operator record it" in refused.reason
        assert decide(family, Relation.REGION, UserRole.COUNSEL, represented=True, alone=False).mode in ("perform",
                                                                                                       "record")


def test_a_refusal_says_why_and_never_what_the_record_holds() -> None:
    """The reason of every refusal comes from the family, relation and role only (it is decided
    before any record is looked at): the same words for the same cell."""
    reasons = {decide(f, r, role, represented=rep, alone=lone).reason for f in Family for r in Relation
               for role in ROLES for rep in (False, True) for lone in (False, True)
               if decide(f, r, role, represented=rep, alone=lone).mode is None}
    assert all(reasons) and len(reasons) <= 9
    assert not any(re.search(r"\d", reason.replace("102.69(a)(8)", "")) for reason in reasons)


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


@pytest.mark.parametrize("module", ["authority", "access", "queries", "case_list", "deadline_list"])
def test_the_record_layer_imports_no_act(module: str) -> None:
    """The policy lives low (casefile.record): it imports neither the acts nor anything above them
    (the acts import its Whose; the enumeration of acts is casefile.acts.permitted's)."""
    path = ROOT / "casefile" / "record" / module
    files = sorted(path.glob("*.py")) if path.is_dir() else [path.with_suffix(".py")]
    imported = set().union(*(_imports(f) for f in files))
    upward = {m for m in imported if m.startswith(("casefile.acts", "casefile.accounts", "casefile.app",
                                                   "casefile.web", "casefile.api", "casefile.jobs"))}
    assert not upward, upward
