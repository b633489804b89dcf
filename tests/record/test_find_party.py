"""A party is found by its handle, then its role, then its exact name: a name a party may change never wins
over another party's handle or role (the attacker re-trial: an employer renamed its party "rwdsu", and the
operator's approval of the union firm's request for "rwdsu" linked the firm to the employer's party)."""

from __future__ import annotations

from casefile.record.lookups import find_party
from casefile.record.models import Party
from casefile.vocab import PartyRole


def parties(employer_name: str) -> list[Party]:
    return [Party(id=1, case_id=1, key="amazon", name=employer_name, role=PartyRole.EMPLOYER),
            Party(id=2, case_id=1, key="rwdsu", name="Retail, Wholesale and Department Store Union",
                  role=PartyRole.PETITIONER)]


def test_a_handle_wins_over_another_partys_name() -> None:
    found = find_party(parties("rwdsu"), "rwdsu")
    assert found is not None and found.key == "rwdsu"


def test_a_role_wins_over_another_partys_name() -> None:
    for asked in ("petitioner", "Petitioner"):
        found = find_party(parties("Petitioner"), asked)
        assert found is not None and found.key == "rwdsu", asked


def test_an_exact_name_still_names_its_party() -> None:
    found = find_party(parties("Amazon.com Services LLC"), "Amazon.com Services LLC")
    assert found is not None and found.key == "amazon"
    assert find_party(parties("Amazon.com Services LLC"), "Amazon") is None
