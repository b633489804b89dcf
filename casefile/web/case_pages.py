"""Reading pages: My cases (paged, searched, filtered), Deadlines across my cases, a case (the
outcome arithmetic in words and as a picture, the chain of elections, the docket as a timeline,
deadlines with their countdown, documents, parties, the acts I may do), a deadline's derivation,
and a document's download. Every figure comes from the front door's read models as the signed-in
user may see them (casefile.app); a case they may not see answers 404, as one that does not exist.
"""

from __future__ import annotations

from datetime import date, datetime, time
from typing import Any
from zoneinfo import ZoneInfo

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from casefile import app
from casefile.errors import BadInput
from casefile.http.deps import Database
from casefile.rules.offer_of_proof import possessive
from casefile.rules.target_dates import hearing_in_view, is_region_target
from casefile.vocab import Audience, DeadlineKind, Stage
from casefile.web.countdown import countdown
from casefile.web.ids import WebId
from casefile.web.people import Db, MaybeSigned, Me, Signed
from casefile.web.render import page
from casefile.web.sessions import now
from casefile.web.words import deadline_words

router = APIRouter()
PAGE_SIZE = 50
#: The most deadlines the Deadlines page lists (it says how many there are in all).
DEADLINES_SHOWN = 500


def office_tz(office_key: str) -> str:
    from casefile.rules.offices import office_named

    try:
        return office_named(office_key).tz
    except Exception:
        return "America/New_York"


def read_as_of(text: str | None, *, zone: str = "America/New_York") -> tuple[datetime, str]:
    """The moment a page is as of: now, or the end of the day ``text`` (YYYY-MM-DD) names (what
    stood that day). Returns the instant and the date as typed ("" for now). Raises BadInput."""
    if not text or not text.strip():
        return now(), ""
    try:
        day = date.fromisoformat(text.strip()[:10])
    except ValueError:
        from casefile.validation import date_problem

        raise BadInput(f"as of: {date_problem(text)} (e.g. 2022-04-01)", field="as_of") from None
    return datetime.combine(day, time(23, 59, 59), tzinfo=ZoneInfo(zone)), day.isoformat()


def with_countdown(deadline: Any, as_of: datetime) -> dict[str, Any]:
    """A deadline read model with its countdown (in its receiving office's time)."""
    c = countdown(deadline.cutoff_at, deadline.office, office_tz(deadline.office), as_of, target=is_region_target(deadline.kind))
    return {"d": deadline, "countdown": c}


@router.get("/")
def home(request: Request, me: MaybeSigned) -> Response:
    from fastapi.responses import RedirectResponse

    return RedirectResponse("/cases" if me else "/sign-in", status_code=303)


@router.get("/cases")
def my_cases(request: Request, me: Signed, db: Db, q: str | None = Query(None, max_length=200), stage: str | None = Query(None, max_length=40),
             region: str | None = Query(None, max_length=20), page_number: int = Query(1, alias="page", ge=1, le=100_000),
             as_of: str | None = Query(None, max_length=40)) -> Response:
    errors: list[dict[str, str]] = []
    moment, as_of_text = _as_of_or_error(as_of, errors)
    region_number = None
    if region and region.strip():
        from casefile.rules.offices import normalize_region

        try:
            region_number = normalize_region(region.strip())
        except BadInput as exc:
            errors.append({"field": "region", "text": str(exc)})
    stages = [s.value for s in Stage]
    if stage and stage not in stages:
        errors.append({"field": "stage", "text": f"Choose a stage from the list (not {stage[:40]!r})"})
        stage = None
    search = (q or "").replace("\x00", "").strip() or None
    offset = (page_number - 1) * PAGE_SIZE
    rows = [] if errors else app.cases(as_of=moment, viewer=me.viewer, search=search, region=region_number,
                                       stage=stage or None, offset=offset, limit=PAGE_SIZE + 1)
    more = len(rows) > PAGE_SIZE
    shown = rows[:PAGE_SIZE]
    mine = next_on_page(me, [c.case_number for c in shown], moment, {c.case_number: c.stage for c in shown},
                        app.determinative_cases([c.case_number for c in shown], viewer=me.viewer) if me.region else set())
    missed = app.missed(as_of=moment, viewer=me.viewer, case_numbers=[c.case_number for c in shown]) if not me.region else {}
    hearings: dict[str, str] = {}
    noticed = [c for c in shown if c.stage == Stage.HEARING_NOTICED.value]
    if noticed and not me.region:  # the hearing a notice set is next for the parties (what to prepare for)
        from casefile.record.queries import visible_case
        from casefile.web.waiting import noticed_hearing

        with db.read() as session:
            for c in noticed:
                row = visible_case(session, c.case_number, me.viewer)
                if row.id is not None and (words := noticed_hearing(session, row.id, office_tz(c.office))):
                    hearings[c.case_number] = words
    items = [{"c": c, "next": mine.get(c.case_number), "missed": missed.get(c.case_number, []),
              "hearing": hearings.get(c.case_number, ""),
              "countdown": countdown(mine[c.case_number].cutoff_at, mine[c.case_number].office,
                                     office_tz(mine[c.case_number].office), moment,
                                     target=is_region_target(mine[c.case_number].kind))
              if c.case_number in mine else None}
             for c in rows[:PAGE_SIZE]]
    query = {"q": search or "", "stage": stage or "", "region": region or "", "as_of": as_of_text}
    from casefile.record.authority import may_open_case

    return page(request, "cases.html", title="My cases", items=items, query=query, stages=stages, page=page_number,
                more=more, errors=errors, as_of_text=as_of_text, may_open=may_open_case(me.viewer).mode is not None)


def next_on_page(me: Me, numbers: list[str], moment: datetime, stages: dict[str, str | None] | None = None,
                 determinative: set[str] | frozenset[str] = frozenset()) -> dict[str, Any]:
    """The next deadline that is this user's organization's own in each case of a page (one query):
    for a Region, its target dates; for a party's organization, the parties' periods its own party
    has not met yet (a met one is done for it: casefile.rules.deadline_state.state_at's ``met``)."""
    out: dict[str, Any] = {}
    stages = stages or {}
    if not numbers:
        return out
    for d in app.deadlines(as_of=moment, viewer=me.viewer, case_numbers=numbers):
        if d.kind == DeadlineKind.HEARING_OPENS and not hearing_in_view(stages.get(d.case_number),
                                                                        determinative=d.case_number in determinative):
            continue  # nothing to hear yet (102.69(c)(1)(ii))
        if is_region_target(d.kind) == me.region and d.status != "met" and d.case_number not in out:
            out[d.case_number] = d
    return out


def _as_of_or_error(text: str | None, errors: list[dict[str, str]]) -> tuple[datetime, str]:
    try:
        return read_as_of(text)
    except BadInput as exc:
        errors.append({"field": "as_of", "text": str(exc)})
        return now(), ""


@router.get("/deadlines")
def my_deadlines(request: Request, me: Signed, as_of: str | None = Query(None, max_length=40)) -> Response:
    errors: list[dict[str, str]] = []
    moment, as_of_text = _as_of_or_error(as_of, errors)
    rows, counted = app.deadlines_counted(as_of=moment, viewer=me.viewer, limit=DEADLINES_SHOWN)
    total = len(rows) if len(rows) < DEADLINES_SHOWN else counted
    return page(request, "deadlines.html", title="Deadlines", rows=[with_countdown(d, moment) for d in rows],
                total=total, as_of_text=as_of_text, errors=errors)


def pending_documents(db: Database, number: str, me: Me) -> list[dict[str, str]]:
    """The documents the acts of users on this case are to issue and have not issued yet ("being
    issued"), as the user may see them (an offer of proof only for its party and the Region)."""
    from sqlmodel import col, select

    from casefile.acts import module_named
    from casefile.record.authority import hidden_of, sees_sealed
    from casefile.record.models import DocketEntry, Document, Filing
    from casefile.record.queries import visible_case
    from casefile.vocab import DocumentKind

    out = []
    with db.read() as session:
        case = visible_case(session, number, me.viewer)
        hidden = hidden_of(session, case, me.viewer)
        keys = set(session.exec(select(Document.key).where(Document.case_id == case.id)).all())
        entries = session.exec(select(DocketEntry).where(DocketEntry.case_id == case.id,
                                                         col(DocketEntry.recorded_by).like("user:%"))
                               .order_by(col(DocketEntry.id).desc()).limit(20)).all()
        for entry in entries:
            if hidden.hides_entry(entry):
                continue
            try:
                issues = module_named(entry.act).issues(session, entry.ref)
            except Exception:
                continue
            for item in issues:
                if item.key in keys:
                    continue
                if item.kind is DocumentKind.OFFER_OF_PROOF:  # its party's and the Region's only
                    filing = session.get(Filing, item.record_id)
                    if filing is None or not sees_sealed(session, me.viewer, case, filing.party_id):
                        continue
                out.append({"kind": item.kind.value, "act": entry.act, "on": entry.occurred_on.isoformat()})
    return out


@router.get("/cases/{number}")
def case_page(request: Request, me: Signed, db: Db, number: str, as_of: str | None = Query(None, max_length=40)) -> Response:
    from casefile.record.queries import visible_case
    from casefile.web.around import section as around_section
    from casefile.web.pictures import docket_timeline, tally_picture
    from casefile.web.waiting import noticed_hearing, waiting_for

    with db.read() as session:  # the case's zone (one row; UnknownCase for a case the user may not see)
        case = visible_case(session, number[:40], me.viewer)
        number, zone = case.number, office_tz(case.office_key)
        hearing_words = noticed_hearing(session, case.id, zone) if case.id is not None else ""
    errors: list[dict[str, str]] = []
    try:
        moment, as_of_text = read_as_of(as_of, zone=zone)
    except BadInput as exc:
        errors.append({"field": "as_of", "text": str(exc)})
        moment, as_of_text = now(), ""
    view = app.case(number, viewer=me.viewer, as_of=moment)  # each deadline's status at that instant
    permissions = app.permitted_acts(view.case_number, viewer=me.viewer, as_of=moment)
    current = view.elections[-1] if view.elections else None
    tally = current.tallies[-1] if current and current.tallies else None
    determinative = bool(tally and tally.determinative)
    hearing = hearing_in_view(current.stage if current else None, determinative=determinative)
    # the hearing's target is counted from the tally, but before any objection or determinative challenge there
    # is nothing to hear: it is not running for anyone then (102.69(c)(1)(ii)); "Every deadline" still lists it
    open_now = [with_countdown(d, moment) for d in app.deadlines(as_of=moment, case_number=view.case_number,
                                                                 viewer=me.viewer)
                if hearing or d.kind != DeadlineKind.HEARING_OPENS]
    every_deadline = [d for e in view.elections for d in e.deadlines]
    own = sorted({key for p in permissions if p.mode == "perform" for key in p.parties})
    met = app.met_by(view.case_number, viewer=me.viewer, parties=own, as_of=moment) if not me.region else {}
    names = {p.key: p.name for p in view.parties}
    for row in open_now:  # a period the user's own party has met by a timely filing: met at once, for it
        row["met"] = [names.get(k, k) for k in met.get(row["d"].id, [])]
    mine = next_for(me, open_now, permissions, stage=current.stage if current else None, determinative=determinative)
    if not me.region and current:  # the party's own period (its offer of proof, 102.69(a)(8)) its timely filing met:
        listed = {row["d"].id for row in mine}  # no longer running for anyone, still said met to it until its cut-off
        mine += [{**with_countdown(d, moment), "met": list(d.met_by), "act": None} for d in current.deadlines
                 if d.status == "met" and d.met_by and d.for_whom in own and d.cutoff_at >= moment
                 and d.id not in listed]
    if not me.region:  # a period of the user's party that lapsed with nothing e-filed: missed, shown first
        mine = [{"d": d, "missed": True} for d in app.missed(as_of=moment, viewer=me.viewer,
                                                              case_numbers=[view.case_number]).get(view.case_number, [])] + mine
    picture = tally_picture(tally) if tally else ""
    lapsed = lapsed_acts(permissions, current.deadlines if current else [])
    # a party's objections prepared in casefile and not yet e-filed: what it does next is confirm their e-filing (its
    # panel below), not file objections again; the confirm act is offered for its other prepared filings only
    prepared = [f for f in (current.filings if current else []) if f["nlrb"] == "prepared" and not f["with"]]
    prepared_objections = {f["party_key"]: f["id"] for f in prepared if f["kind"] == "objections"}
    prepared_other = {f["party_key"] for f in prepared if f["kind"] != "objections"}
    timeline = docket_timeline(view.docket, every_deadline, today=moment.astimezone(ZoneInfo(zone)).date())
    return page(request, "case.html", title=f"{view.case_number} {view.name}", case=view, current=current, tally=tally,
                picture=picture, timeline=timeline, open_now=open_now, deadlines=every_deadline,
                permissions=permissions, pending=pending_documents(db, view.case_number, me), as_of_text=as_of_text,
                errors=errors, zone=zone, around=around_section(db, view.case_number, me), mine=mine,
                hearing_words=hearing_words, lapsed=lapsed, prepared_objections=prepared_objections,
                prepared_other=prepared_other,
                waiting=waiting_for(current.stage if current else None, permissions, hearing=hearing_words))


def lapsed_acts(permissions: list[Any], deadlines: list[Any]) -> dict[str, str]:
    """The acts the user may perform whose period in the current election has ended with none of its periods open
    (``deadlines``: the election's, read models): act -> "its period ended on December 3, 2024: …" with what may
    still be filed (casefile.rules.timeliness.late_filing_note). The act stays offered — a filing received in
    time may be recorded late, and some late filings are accepted on excusable neglect — but is not shown as if
    its period ran."""
    from casefile.rules.chronology import long_date
    from casefile.rules.party_filings import ACT_PERIODS
    from casefile.rules.timeliness import late_filing_note

    out: dict[str, str] = {}
    for act in {p.act for p in permissions if p.mode == "perform"} & set(ACT_PERIODS):
        kinds = {k.value for k in ACT_PERIODS[act]}
        rows = [d for d in deadlines if str(d.kind) in kinds]
        if rows and not any(d.status in ("open", "extended", "prepared", "not-started") for d in rows):
            ended = max(rows, key=lambda d: d.due_on)
            if ended.status == "lapsed":
                out[act] = f"its period ended on {long_date(ended.due_on)}: {late_filing_note(ended.kind)}"
    return out


def next_for(me: Me, open_now: list[dict[str, Any]], permissions: list[Any], *, stage: str | None = None,
             determinative: bool = False) -> list[dict[str, Any]]:
    """What this user's organization must do next on the case, soonest first: for a Region, its own
    target dates; for a party's organization, the parties' periods for all parties or for its own
    party — each with the act that meets it when the user may perform it now (``act``)."""
    from casefile.rules.party_filings import ACT_PERIODS

    own = {key for p in permissions if p.mode == "perform" for key in p.parties}
    acts = {p.act for p in permissions if p.mode == "perform"}
    out = []
    for row in open_now:
        d = row["d"]
        target = is_region_target(d.kind)
        act = next((a for a, kinds in ACT_PERIODS.items() if a in acts and d.kind in {k.value for k in kinds}), None)
        # a period for "the objecting party" (the offer of proof) is this organization's once its party objected:
        # the act that meets it is then one it may perform (casefile.app.permitted_acts)
        ours = d.for_whom == Audience.ALL_PARTIES or d.for_whom in own or (
            d.for_whom == Audience.OBJECTING_PARTY and (act is not None or d.status == "met"))
        if (me.region and not target) or (not me.region and (target or not ours)):
            continue
        if d.kind == DeadlineKind.HEARING_OPENS and not hearing_in_view(stage, determinative=determinative):
            continue  # nothing to hear yet: no objection, no determinative challenge (102.69(c)(1)(ii))
        out.append({**row, "act": act})
    # objections filed without their offer of proof: the objections are met, the offer is still due (102.69(a)(8))
    # (each objecting party's own: 102.69(a)(8); named when it is one party's)
    offers_due = [r["d"] for r in out if r["d"].kind == DeadlineKind.OFFER_OF_PROOF and r["d"].status != "met"]
    for r in out:
        if r["d"].kind == DeadlineKind.OBJECTIONS and r.get("met") and offers_due:
            owed = [d.whose for d in offers_due if d.whose]
            which = (f"{possessive(owed[0])} offer of proof" if len(owed) == 1 and len(offers_due) == 1
                     else "the offer of proof")
            r["words"] = f"Objections ({which} is still due: below)"
    return out


@router.get("/cases/{number}/deadlines/{deadline_id}")
def derivation_page(request: Request, me: Signed, number: str, deadline_id: WebId) -> Response:
    from casefile.errors import UnknownRecord

    view = app.case(number[:40], viewer=me.viewer, as_of=now())  # the deadline's status now (state_at)
    for election in view.elections:
        for d in election.deadlines:
            if d.id == deadline_id:
                return page(request, "derivation.html", title=f"{deadline_words(d.kind)} — {view.case_number}", case=view, d=d,
                            zone=office_tz(d.office),
                            election=election, countdown=countdown(d.cutoff_at, d.office, office_tz(d.office), now(),
                                                                target=is_region_target(d.kind)))
    raise UnknownRecord(f"no deadline {deadline_id} in {view.case_number}")


@router.get("/documents/{document_id}")
def download(request: Request, me: Signed, document_id: WebId) -> Response:
    from casefile.accounts.documents import fetch_document
    from casefile.record.accounts import AccessAction

    inline = request.query_params.get("view") == "1"
    doc = fetch_document(viewer=me.viewer, document_id=document_id, as_of=now(), via="web",
                         action=AccessAction.VIEW if inline else AccessAction.DOWNLOAD)
    headers = {"Content-Disposition": f'{"inline" if inline else "attachment"}; filename="{doc.file_name}"',
               "X-Content-Type-Options": "nosniff", "Cache-Control": "private, no-store",
               "X-Casefile-SHA256": doc.sha256}
    return Response(content=doc.content, media_type=doc.media_type, headers=headers)
