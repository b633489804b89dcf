"""The API's answer models derive from the front door's result models (issue 16, item 6): every
field of the door's model is a field of the answer, the answer adds only where to download a
document and leaves out only the server's file (``path``). ``notes`` — which ``ActOut`` once
re-declared the door's fields without, so the API dropped them — is answered."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from casefile.api.models import (
    ActOut,
    CaseOut,
    DeadlineComputationOut,
    DocumentOut,
    IssuedOut,
    TallyAnalysisOut,
    act_out,
)
from casefile.app import ActResult, IssuedDocument
from casefile.calculators import DeadlineAnswer, TallyAnswer
from casefile.record.queries import CaseView, DocumentView
from tests.accounts.world import NUMBER, World
from tests.api.test_uploads import ACTS, AMAZON_OBJECTIONS, AS_OF, multipart, pdf

#: (the door's model, the API's answer, fields the answer adds, fields it never answers)
PAIRS: list[tuple[type[BaseModel], type[BaseModel], set[str], set[str]]] = [
    (ActResult, ActOut, set(), set()),
    (IssuedDocument, IssuedOut, {"download_url"}, {"path"}),
    (DocumentView, DocumentOut, {"download_url"}, {"path"}),
    (CaseView, CaseOut, set(), set()),
    (TallyAnswer, TallyAnalysisOut, set(), set()),
    (DeadlineAnswer, DeadlineComputationOut, set(), set()),
]


def answered(model: type[BaseModel]) -> set[str]:
    """The fields an answer of ``model`` carries (in its OpenAPI schema and in its JSON)."""
    return set(model.model_json_schema(mode="serialization")["properties"])


@pytest.mark.parametrize(("door", "answer", "added", "withheld"), PAIRS, ids=[p[1].__name__ for p in PAIRS])
def test_the_answer_derives_from_the_doors_model(door: type[BaseModel], answer: type[BaseModel], added: set[str],
                                                 withheld: set[str]) -> None:
    assert issubclass(answer, door)
    assert set(door.model_fields) <= set(answer.model_fields)
    assert answered(answer) == set(door.model_fields) - withheld | added


def test_act_out_carries_every_field_of_the_result() -> None:
    result = ActResult(act="file-objections", case_number=NUMBER, ref="filing:7", entry_id=12, repeated=True,
                       summary="RWDSU filed 1 objection", pending=["objections"], warnings=["w"], notes=["n"],
                       swept=["s"], attached=["attachment:3"],
                       documents=[IssuedDocument(id=4, kind="objections", title="Objections", file_name="o.pdf",
                                                 sha256="ab", confidential=False, path="/srv/casefile/out/o.pdf")])
    body: dict[str, Any] = act_out(result, "/api/v1").model_dump(mode="json")
    assert body == {**result.model_dump(mode="json", exclude={"documents"}),
                    "documents": [{"id": 4, "kind": "objections", "title": "Objections", "file_name": "o.pdf",
                                   "sha256": "ab", "confidential": False, "download_url": "/api/v1/documents/4"}]}
    assert body["notes"] == ["n"]


def test_the_api_answers_the_doors_notes(client: Any, world: World) -> None:
    """The same objections sent again with the PDF received: the door notes that the document was not
    stored again, and the API's answer says so (``notes``, as CHANGELOG.md has it)."""
    first = client.post(ACTS, params={"as_of": AS_OF}, headers=world.headers("employer-counsel"),
                        **multipart(AMAZON_OBJECTIONS, received=pdf(2)))
    assert first.status_code == 201, first.text
    assert first.json()["notes"] == []
    again = client.post(ACTS, params={"as_of": AS_OF}, headers=world.headers("employer-counsel"),
                        **multipart(AMAZON_OBJECTIONS, received=pdf(2)))
    assert again.status_code == 200, again.text
    entry = first.json()["entry_id"]
    assert again.json()["repeated"] is True
    assert again.json()["notes"] == [
        "already recorded: the documents received with it were not stored again (attach one to the act with "
        f"attach-document, to docket:{entry})"]


def test_the_tally_answer_derives_from_the_rules_analysis() -> None:
    """The calculator's answer carries the rules' own fields (casefile.rules.tally.TallyAnalysis: same
    name, same type, same value), not a copy declared beside them."""
    from typing import get_type_hints

    from casefile.calculators import AS_IN_THE_RULES, tally_analysis
    from casefile.rules.tally import TallyAnalysis, TallyCounts, analyze_tally

    rules = get_type_hints(TallyAnalysis)
    assert {name: TallyAnswer.model_fields[name].annotation for name in AS_IN_THE_RULES} == {
        name: rules[name] for name in AS_IN_THE_RULES}
    answer = tally_analysis([("RWDSU", 738)], against=1798, challenged=505, void=76)
    analysis = analyze_tally(TallyCounts(choices=(("RWDSU", 738),), against=1798, challenged=505, void=76))
    assert (answer.valid, answer.valid_plus_challenged, answer.ballots_cast, answer.determinative,
            answer.majority_for, answer.warnings) == (2536, 3041, 3117, False, None, ())
    assert {name: getattr(answer, name) for name in AS_IN_THE_RULES} == {
        name: getattr(analysis, name) for name in AS_IN_THE_RULES}
