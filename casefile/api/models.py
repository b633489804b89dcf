"""What the API answers: the front door's typed read models (casefile.record.queries,
casefile.app.ActResult) as published, without anything local — a document is named by its id and
its download URL, never by the path of its file on the server — and the calculators' answers.
"""

from __future__ import annotations

from datetime import date
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from casefile.record.queries import CaseSummary, CaseView, DocumentView


class Out(BaseModel):
    model_config = ConfigDict(populate_by_name=True, frozen=True)


class DocumentOut(Out):
    """An issued document as listed: kind, title, date, version, sha256, whether confidential
    (seen only by the party that filed it and the Region), and where to download it."""

    id: int
    kind: str
    title: str
    issued_on: date
    sha256: str
    version: int
    confidential: bool
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


class IssuedOut(Out):
    """A document an act issued (no local path)."""

    id: int
    kind: str
    title: str
    file_name: str
    sha256: str
    confidential: bool
    download_url: str


class ActOut(Out):
    """What the front door did with an act (casefile.app.ActResult): ``pending`` the kinds of the
    documents being issued after the answer (they appear in the case's documents once ready)."""

    act: str
    case_number: str
    ref: str
    entry_id: int
    repeated: bool
    summary: str
    documents: list[IssuedOut] = []
    pending: list[str] = []
    warnings: list[str] = []
    swept: list[str] = []
    attached: list[str] = []  # the documents received uploaded with the act, stored ("attachment:ID")


class Requirement(Out):
    count: int
    of: int
    distribution: dict[str, int]


class OutcomeNeed(Out):
    """What one reachable outcome needs from the challenged ballots (R-E3, R-E5, R-E7)."""

    outcome: str
    winner: str | None
    runoff_choices: list[str] | None
    fewest_needed: Requirement | None
    all_opened: Requirement | None
    sentence: str


class ReachableOut(Out):
    outcome: str
    winner: str | None
    runoff_choices: list[str] | None


class TallyAnalysisOut(Out):
    """The tally calculator's answer: lines 6-10, ballots cast, the outcome, what is reachable,
    warnings, and what each reachable outcome needs (the shape of ``casefile tally analyze --json``)."""

    valid: int
    valid_plus_challenged: int
    ballots_cast: int
    determinative: bool
    outcome: str
    outcome_text: str
    winner: str | None
    runoff_choices: list[str] | None
    majority_for: str | None
    reachable: list[ReachableOut]
    warnings: list[str]
    challenge_analysis: list[OutcomeNeed]


class SkippedDay(Out):
    on: date
    reason: str


class DeadlineComputationOut(Out):
    """The deadline calculator's answer (the shape of ``casefile deadlines compute --json``):
    ``cutoff_at`` with the receiving office's UTC offset; ``preceding`` the period it runs from."""

    kind: str
    trigger_on: date
    due_on: date
    cutoff_at: str
    citation: str
    rule_set: str
    office: str
    office_tz: str
    calendar: str
    skipped: list[SkippedDay]
    derivation: list[str]
    preceding: DeadlineComputationOut | None
    tolled: dict[str, Any] | None
    notes: list[str] = []


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
    return DocumentOut(id=doc.id, kind=doc.kind, title=doc.title, issued_on=doc.issued_on, sha256=doc.sha256,
                       version=doc.version, confidential=doc.confidential, download_url=f"{base}/documents/{doc.id}")


def case_out(view: CaseView, base: str) -> CaseOut:
    data = view.model_dump(by_alias=True)
    data["documents"] = [document_out(d, base) for d in view.documents]
    return CaseOut.model_validate(data)


def act_out(result: Any, base: str) -> ActOut:
    return ActOut(act=result.act, case_number=result.case_number, ref=result.ref, entry_id=result.entry_id,
                  repeated=result.repeated, summary=result.summary,
                  documents=[IssuedOut(id=d.id, kind=d.kind, title=d.title, file_name=d.file_name, sha256=d.sha256,
                                       confidential=d.confidential, download_url=f"{base}/documents/{d.id}")
                             for d in result.documents],
                  pending=list(result.pending), warnings=list(result.warnings), swept=list(result.swept),
                  attached=list(getattr(result, "attached", []) or []))
