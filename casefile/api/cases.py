"""Reading the record: the visible cases, one case, its docket, deadlines and documents, and the
deadlines across the user's cases. Every answer is a read model of casefile.app as the user may
see it; a case they may not see answers 404, exactly as one that does not exist."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request

from casefile import app
from casefile.api.auth import Db, Viewer
from casefile.api.common import base, errors, moment
from casefile.api.models import CaseOut, CasePage, DocumentOut, case_out, document_out
from casefile.characters import character_problem
from casefile.record.queries import DeadlineView, DocketEntryView
from casefile.vocab import Stage

router = APIRouter(tags=["cases"])

CaseNumber = Annotated[str, Path(description="NLRB case number, e.g. 10-RC-269250", min_length=1, max_length=40)]
AsOf = Annotated[str | None, Query(description="ISO instant with its offset, or a date (00:00 at the receiving "
                                               "office); default now", max_length=64)]


@router.get("/cases", response_model=CasePage, responses=errors(401, 422),
            summary="The cases the user may see, soonest deadline first, a page at a time")
def list_cases(request: Request, viewer: Viewer,
               offset: Annotated[int, Query(ge=0, le=1_000_000_000)] = 0,
               limit: Annotated[int, Query(ge=1, le=500)] = 50,
               search: Annotated[str | None, Query(max_length=200, description="part of the case number or name")] = None,
               region: Annotated[str | None, Query(max_length=20, description="Region number, e.g. 10")] = None,
               stage: Annotated[Stage | None, Query(description="the current election's stage")] = None,
               as_of: AsOf = None) -> CasePage:
    if search and (problem := character_problem(search, one_line=True)) is not None:
        from casefile.errors import BadInput

        raise BadInput(f"search: {problem}", field="search")
    region_number = None
    if region:
        from casefile.rules.offices import normalize_region

        region_number = normalize_region(region)
    filters: dict[str, Any] = {"search": search or None, "region": region_number, "stage": stage.value if stage else None}
    items = app.cases(as_of=moment(as_of), viewer=viewer, offset=offset, limit=limit, **filters)
    return CasePage(total=app.case_count(viewer=viewer, **filters), offset=offset, limit=limit, items=items)


@router.get("/cases/{number}", response_model=CaseOut, responses=errors(401, 404, 422),
            summary="One case as the user may see it")
def get_case(request: Request, number: CaseNumber, viewer: Viewer) -> CaseOut:
    return case_out(app.case(number, viewer=viewer), base(request))


@router.get("/cases/{number}/docket", response_model=list[DocketEntryView], responses=errors(401, 404, 422),
            summary="The case's docket, in date order")
def get_docket(number: CaseNumber, viewer: Viewer) -> list[DocketEntryView]:
    return app.docket(number, viewer=viewer)


@router.get("/cases/{number}/deadlines", response_model=list[DeadlineView], responses=errors(401, 404, 422),
            summary="The case's deadlines open at as_of (default now)")
def get_case_deadlines(number: CaseNumber, viewer: Viewer, db: Db, as_of: AsOf = None) -> list[DeadlineView]:
    from casefile.record.queries import visible_case

    with db.read() as session:  # a case the user may not see: 404 before its zone is read
        visible_case(session, number, viewer)
    return app.deadlines(as_of=moment(as_of, case_number=number), case_number=number, viewer=viewer)


@router.get("/cases/{number}/documents", response_model=list[DocumentOut], responses=errors(401, 404, 422),
            summary="The case's issued documents the user may see (download URL, sha256)")
def get_documents(request: Request, number: CaseNumber, viewer: Viewer) -> list[DocumentOut]:
    return [document_out(d, base(request)) for d in app.documents(number, viewer=viewer)]


@router.get("/deadlines", response_model=list[DeadlineView], responses=errors(401, 422),
            summary="The deadlines open at as_of across the user's cases, soonest first")
def get_deadlines(viewer: Viewer, as_of: AsOf = None,
                  due_before: Annotated[date | None, Query(description="only those due before this date")] = None,
                  ) -> list[DeadlineView]:
    return app.deadlines(as_of=moment(as_of), viewer=viewer, due_before=due_before)
