"""What the API answers: the front door's typed models (casefile.record.queries, casefile.app.ActResult,
casefile.calculators) as published. Each answer model derives from the door's, so a field the door
adds cannot be left out of the answer (tests/api/test_answer_models.py compares them); nothing local
is answered: a document is named by its id and its download URL, never by its file on the server.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.json_schema import SkipJsonSchema

from casefile.app import ActResult, IssuedDocument
from casefile.calculators import DeadlineAnswer, TallyAnswer
from casefile.record.queries import CaseSummary, CaseView, DocumentView


class Out(BaseModel):
    model_config = ConfigDict(populate_by_name=True, frozen=True)


class DocumentOut(DocumentView):
    """An issued document as listed (casefile.record.queries.DocumentView): kind, title, date,
    version, sha256, whether confidential (seen only by the party that filed it and the Region), and
    where to download it — never the server's file (``path`` is not answered)."""

    model_config = ConfigDict(populate_by_name=True, frozen=True)
    path: SkipJsonSchema[str] = Field(default="", exclude=True)
    download_url: str


class CaseOut(CaseView):
    """A case as the asking user may see it (CaseView), its documents with download URLs."""

    documents: list[DocumentOut]  # type: ignore[assignment]


class CasePage(Out):
    """One page of the visible cases: ``total`` of them match; ``items`` from ``offset``."""

    total: int
    offset: int
    limit: int
    items: list[CaseSummary]


class PermittedAct(Out):
    """An act the user may do on the case now (casefile.app.permitted_acts): ``mode`` ``perform``
    (their own act, or their party's) or ``record`` (another's act, entered from the document
    received); ``parties``, for a party's act, the party keys it may be done for."""

    act: str
    mode: Literal["perform", "record"]
    parties: list[str] = []


class IssuedOut(IssuedDocument):
    """A document an act issued (casefile.app.IssuedDocument), with where to download it — never the
    server's file (``path`` is not answered)."""

    model_config = ConfigDict(populate_by_name=True, frozen=True)
    path: SkipJsonSchema[str] = Field(default="", exclude=True)
    download_url: str


class ActOut(ActResult):
    """What the front door did with an act (casefile.app.ActResult, every field of it: a field the
    door adds is answered here too): ``pending`` the kinds of the documents being issued after the
    answer (they appear in the case's documents once ready); ``notes`` what the door says of the act
    beyond its summary; each document issued with its download URL."""

    model_config = ConfigDict(populate_by_name=True, frozen=True)
    documents: list[IssuedOut] = Field(default_factory=list)  # type: ignore[assignment]


class TallyAnalysisOut(TallyAnswer):  # type: ignore[misc, valid-type]  # a model derived at import (create_model)
    """The tally calculator's answer (casefile.calculators.TallyAnswer, published as it is, itself derived from
    the rules' casefile.rules.tally.TallyAnalysis): lines 6-10, ballots cast, the outcome, what is reachable,
    warnings, and what each reachable outcome needs."""


class DeadlineComputationOut(DeadlineAnswer):
    """The deadline calculator's answer (casefile.calculators.DeadlineAnswer, published as it is):
    ``cutoff_at`` with the receiving office's UTC offset; ``preceding`` the period it runs from."""


class Problem(Out):
    """An error (RFC 9457 problem details, ``application/problem+json``): ``type`` names the
    problem (dereferenceable: it describes the code), ``code`` casefile's stable error code,
    ``family`` its family, ``field`` the dotted path of the input at fault."""

    type: str
    title: str
    status: int
    detail: str
    code: str
    family: str
    field: str | None = None
    line: str | None = Field(default=None, description="a tally's form line at fault (invalid-tally)")


class ProblemType(Out):
    """What an error code means (the page a problem's ``type`` points to)."""

    code: str
    family: str
    status: int
    title: str
    description: str


def document_out(doc: DocumentView, base: str) -> DocumentOut:
    return DocumentOut.model_validate({**doc.model_dump(exclude={"path"}), "download_url": f"{base}/documents/{doc.id}"})


def case_out(view: CaseView, base: str) -> CaseOut:
    data = view.model_dump(by_alias=True)
    data["documents"] = [document_out(d, base) for d in view.documents]
    return CaseOut.model_validate(data)


def act_out(result: ActResult, base: str) -> ActOut:
    """The answer for ``result``: every field of the door's ActResult, the documents with their download
    URLs instead of their files."""
    return ActOut.model_validate({
        **result.model_dump(exclude={"documents"}),
        "documents": [{**d.model_dump(exclude={"path"}), "download_url": f"{base}/documents/{d.id}"}
                      for d in result.documents]})
