"""The tally calculator (what-if: a tally's lines, outcome and what each outcome needs from the
challenged ballots) and the deadline calculator (one deadline from its trigger date), on the pure
rules, through the same functions the API's calculators answer with (casefile.api.calculators).
No account is needed for them on a demo instance (``CASEFILE_WEB_PUBLIC_CALCULATORS``).
Both are GET forms: nothing is stored.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from casefile.errors import CasefileError
from casefile.web.people import require, signed_in
from casefile.web.render import page

router = APIRouter()
MAX_CHOICES = 20


def _who(request: Request) -> Any:
    if getattr(request.app.state, "public_calculators", False):
        return signed_in(request) or "public"
    return require(request)


@router.get("/calculators/tally")
def tally_calculator(request: Request) -> Response:
    from casefile.api.calculators import tally
    from casefile.web.pictures import tally_picture

    _who(request)
    q = request.query_params
    try:
        rows = max(1, min(int(q.get("rows", "2")), MAX_CHOICES))
    except ValueError:
        rows = 2
    if q.get("add") and rows < MAX_CHOICES:
        rows += 1
    values = {k: v[:200] for k, v in q.items()}
    errors: list[dict[str, str]] = []
    result = picture = None
    if q.get("check"):
        choices = []
        for i in range(rows):
            name, votes = values.get(f"choice-{i}-name", "").strip(), values.get(f"choice-{i}-votes", "").strip()
            if name or votes:
                if not name:
                    errors.append({"field": f"choice-{i}-name", "text": "Enter the labor organization's name"})
                count = votes.replace(",", "")
                who = name or f"labor organization {i + 1}"
                if not count:
                    errors.append({"field": f"choice-{i}-votes", "text": f"Enter the votes for {who}"})
                elif not (count.isascii() and count.isdigit() and len(count) <= 9):
                    errors.append({"field": f"choice-{i}-votes",
                                   "text": f"Votes for {who} must be a whole number, like 875"})
                choices.append(f"{name}={votes}")
        numbers: dict[str, int | None] = {}
        for key, label in (("against", "Votes against"), ("challenged", "Challenged ballots"), ("void", "Void ballots"),
                           ("eligible", "Eligible voters")):
            text = values.get(key, "").replace(",", "").strip()
            if text and not (text.isascii() and text.isdigit() and len(text) <= 9):
                errors.append({"field": key, "text": f"{label} must be a whole number, like 875"})
            numbers[key] = int(text) if text and text.isdigit() and len(text) <= 9 else None
        if not choices and not errors:
            errors.append({"field": "choice-0-name", "text": "Enter at least one labor organization and its votes"})
        if not errors:
            try:
                result = tally(request, "viewer", choice=choices, against=numbers["against"],
                               challenged=numbers["challenged"] or 0, void=numbers["void"] or 0,
                               eligible=numbers["eligible"], eligible_exact=False,
                               runoff_ballot=values.get("runoff") == "1")
            except CasefileError as exc:
                line = getattr(exc, "line", None)
                where = line if line in ("against", "challenged", "void", "eligible") else "choice-0-votes"
                errors.append({"field": where, "text": str(exc)})
            else:
                parsed = [c.rpartition("=") for c in choices]
                picture = tally_picture(SimpleNamespace(
                    choices=[{"name": n, "votes": int(v.replace(",", ""))} for n, _, v in parsed],
                    against=numbers["against"], challenged=numbers["challenged"] or 0, valid=result.valid,
                    valid_plus_challenged=result.valid_plus_challenged))
    return page(request, "calc_tally.html", status=422 if errors else 200, title="Tally calculator", values=values,
                rows=rows, result=result, picture=picture, errors=errors)


@router.get("/calculators/deadline")
def deadline_calculator(request: Request) -> Response:
    from datetime import date

    from casefile.api.calculators import deadline
    from casefile.vocab import DeadlineKind
    from casefile.web.words import deadline_words

    _who(request)
    q = request.query_params
    values = {k: v[:80] for k, v in q.items()}
    errors: list[dict[str, str]] = []
    result = None
    kinds = [(k.value, deadline_words(k)) for k in DeadlineKind]  # casefile.web.words
    if q.get("check"):
        try:
            kind = DeadlineKind(values.get("kind", ""))
        except ValueError:
            kind = None
            errors.append({"field": "kind", "text": "Choose the deadline"})
        dates: dict[str, date | None] = {}
        for key, label in (("trigger", "The trigger date"), ("petition_filed", "The petition's date")):
            text = values.get(key, "").strip()
            dates[key] = None
            if text:
                try:
                    dates[key] = date.fromisoformat(text)
                except ValueError:
                    errors.append({"field": key, "text": f"{label} must be a real date, like 2022-03-31"})
            elif key == "trigger":
                errors.append({"field": key, "text": "Enter the trigger date"})
        if not errors and kind is not None:
            try:
                result = deadline(request, "viewer", kind=kind, trigger=dates["trigger"],  # type: ignore[arg-type]
                                  petition_filed=dates["petition_filed"], rule_set=None,
                                  region=values.get("region", "").strip() or None,
                                  office=values.get("office", "").strip() or None)
            except CasefileError as exc:
                errors.append({"field": exc.field if exc.field in ("region", "office", "rule_set") else "kind",
                               "text": str(exc)})
    cutoff, steps = None, []
    if result is not None:
        from datetime import datetime

        from casefile.documents.wording import instant, without_exact_instants

        steps = [without_exact_instants(step) for step in result.derivation]  # words, without the machine instant

        from zoneinfo import ZoneInfo

        # "11:59 p.m. EDT on April 16, 2021", as the Agency writes it, in the receiving office's zone
        cutoff = instant(datetime.fromisoformat(result.cutoff_at), ZoneInfo(result.office_tz))
    return page(request, "calc_deadline.html", status=422 if errors else 200, title="Deadline calculator",
                values=values, kinds=kinds, result=result, cutoff=cutoff, steps=steps, errors=errors)


@router.get("/calculators/tally.json")
def tally_check(request: Request) -> Response:
    """The tally form's check as you type (casefile/web/static/tally-check.js): the calculator's
    answer as JSON for a signed-in user (or anyone, with public calculators); an error as
    ``{"detail": ..., "line": ...}``."""
    from fastapi.responses import JSONResponse

    from casefile.api.calculators import tally

    _who(request)
    q = request.query_params

    def number(key: str) -> int | None:
        text = q.get(key, "").strip()
        return int(text) if text.isdigit() and len(text) <= 9 else None

    try:
        result = tally(request, "viewer", choice=q.getlist("choice")[:MAX_CHOICES] or ["?"], against=number("against"),
                       challenged=number("challenged") or 0, void=number("void") or 0, eligible=number("eligible"),
                       eligible_exact=False, runoff_ballot=q.get("runoff_ballot") == "true")
    except CasefileError as exc:
        return JSONResponse({"detail": str(exc), "line": getattr(exc, "line", None)}, status_code=422)
    return JSONResponse({"valid": result.valid, "outcome_text": result.outcome_text,
                         "determinative": result.determinative})
