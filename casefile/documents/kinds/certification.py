"""D11, D12 the two certifications: of Representative (a labor organization won a majority, R-Q1) and of
Results of Election (none did, R-Q2), from the Certification row (R-H1; 29 CFR 102.69(b))."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from casefile.documents import wording
from casefile.documents.base import Built, RecordDocument
from casefile.documents.kinds.certification_basis import directed_by, objections_basis
from casefile.documents.kinds.rd_decision_fields import rd_issued
from casefile.documents.parts import (
    DeadlineLine,
    DocumentContext,
    Placeholder,
    Review,
    ServiceEntry,
    Signature,
    TallyLines,
)
from casefile.documents.record_view import CaseRecord, notes, tally_lines
from casefile.record.challenge_resolution import resolved_without_count
from casefile.record.lookups import deadline_of
from casefile.record.models import (
    Certification,
    Election,
)
from casefile.vocab import Actor, DeadlineKind, DocumentKind, ElectionAgreement


class CertificationContext(DocumentContext):
    """Fields shared by the two certifications (R-H1, R-Q1–R-Q3)."""

    agreement: ElectionAgreement | Placeholder
    agreement_public: bool = True  # False: the agreement is inferred (Case.agreement_public): said so inline
    review: Review  # whether the Board reviews the Regional Director's actions (rules.review.board_review)
    tally: TallyLines
    # the tally's determinative challenged ballots as the record resolved them without a count, in words ("3 sustained
    # by the Regional Director on September 21, 2026"; casefile.record.challenge_resolution); "" when none were
    challenges_resolved: str = ""
    basis: str  # "no timely objections having been filed", "the objections having been overruled" (certification_basis)
    directed_by: str | None = None  # a rerun: the record's decision that directed it, titled and dated as issued
    unit_description: str
    request_for_review: DeadlineLine | None = None
    # what the sources leave uncertain about the certification (Certification.uncertain, its dates written out): said
    # with the request-for-review date it starts (JFK8: the press reported "by Jan. 25"; the record keeps January 26)
    request_for_review_uncertain: str = ""
    signature: Signature
    service: tuple[ServiceEntry, ...] = ()


class CertificationOfResultsContext(CertificationContext):
    """D12 Certification of Results of Election: no labor organization won a majority (R-Q2)."""

    labor_organizations: tuple[str, ...] = Field(min_length=1)


class CertificationOfRepresentativeContext(CertificationContext):
    """D11 Certification of Representative: the named labor organization is exclusive representative (R-Q1)."""

    representative: str


class _Certification(RecordDocument):
    """What the two certifications share: built from the Certification row and the election's latest tally."""

    record = Certification
    record_name = "certification"

    @classmethod
    def certified(cls, cert: Certification, election: Election, common: dict[str, Any]) -> DocumentContext:
        """The context, from the facts both certifications carry (``common``) and what this one certifies."""
        raise NotImplementedError

    @classmethod
    def build(cls, rec: CaseRecord, cert: Certification) -> Built:
        election = rec.election(cert.election_id)
        tally = rec.latest_tally(election)
        resolved = resolved_without_count(rec.session, election, tally)
        common: dict[str, Any] = dict(
            **rd_issued(rec, on=cert.issued_on), tally=tally_lines(tally, election),
            challenges_resolved=resolved.rulings if resolved is not None else "",
            basis=objections_basis(rec, election), directed_by=directed_by(rec, election),
            unit_description=rec.case.unit_description or rec.missing("unit description"),
            request_for_review=rec.deadline_line(deadline_of(rec.session, election, DeadlineKind.REQUEST_FOR_REVIEW)),
            signature=rec.rd_signature(on=cert.issued_on),
        )
        said = wording.prose_dates(cert.uncertain.strip().rstrip("."))
        if said and common["request_for_review"] is not None:
            common["request_for_review_uncertain"] = said
        elif said:  # no request-for-review date to say it with: the annex
            common["record_notes"] = (*common.get("record_notes", ()), *notes(cert.uncertain))
        ctx = cls.certified(cert, election, common)
        return Built(ctx, cert.issued_on, "Regional Director", Actor.REGIONAL_DIRECTOR, election.id)


class CertificationOfRepresentative(_Certification):
    """The Certification of Representative (the labor organization the tally chose)."""

    kind = DocumentKind.CERTIFICATION_OF_REPRESENTATIVE
    context = CertificationOfRepresentativeContext
    name = "Certification of Representative"

    @classmethod
    def certified(cls, cert: Certification, election: Election, common: dict[str, Any]) -> DocumentContext:
        return CertificationOfRepresentativeContext(representative=cert.union or "", **common)


class CertificationOfResults(_Certification):
    """The Certification of Results of Election (no labor organization won a majority)."""

    kind = DocumentKind.CERTIFICATION_OF_RESULTS
    context = CertificationOfResultsContext
    name = "Certification of Results of Election"

    @classmethod
    def certified(cls, cert: Certification, election: Election, common: dict[str, Any]) -> DocumentContext:
        return CertificationOfResultsContext(labor_organizations=tuple(election.choices), **common)
