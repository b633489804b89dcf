"""The tally calculator (what-if: a tally's lines, outcome and what each outcome needs from the
challenged ballots) and the deadline calculator (one deadline from its trigger date), on the pure
rules, from casefile.calculators (the answers the API's calculators publish; the web does not call
the API).
No account is needed for them on a demo instance (``CASEFILE_WEB_PUBLIC_CALCULATORS``).
Both are GET forms: nothing is stored.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response

from casefile.errors import CasefileError
from casefile.web.people import MaybeSigned, Me, SignInNeeded
from casefile.web.render import page

router = APIRouter()
MAX_CHOICES = 20


def calculator_user(request: Request, me: MaybeSigned) -> Me | None:
    """Who uses a calculator: the signed-in user; anyone (None) on a demo instance with public
    calculators; else SignInNeeded (a redirect to the sign-in page)."""
    if me is None and not getattr(request.app.state, "public_calculators", False):
        raise SignInNeeded("sign in to see this page")
    return me


#: The user of a calculator page (casefile.web.people's viewer, or nobody where the calculators are public).
CalculatorUser = Annotated[Me | None, Depends(calculator_user)]


@router.get("/calculators/tally")
def tally_calculator(request: Request, me: CalculatorUser) -> Response:
    from casefile.calculators import tally_analysis
    from casefile.web.pictures import tally_picture

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
                choices.append((name, int(count) if count.isascii() and count.isdigit() and len(count) <= 9 else 0))
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
                result = tally_analysis(choices, against=numbers["against"], challenged=numbers["challenged"] or 0,
                                        void=numbers["void"] or 0, eligible=numbers["eligible"], eligible_exact=False,
                                        runoff_ballot=values.get("runoff") == "1")
            except CasefileError as exc:
                line = getattr(exc, "line", None)
                where = line if line in ("against", "challenged", "void", "eligible") else "choice-0-votes"
                errors.append({"field": where, "text": str(exc)})
            else:
                picture = tally_picture(SimpleNamespace(
                    choices=[{"name": n, "votes": v} for n, v in choices],
                    against=numbers["against"], challenged=numbers["challenged"] or 0, valid=result.valid,
                    valid_plus_challenged=result.valid_plus_challenged))
    return page(request, "calc_tally.html", status=422 if errors else 200, title="Tally calculator", values=values,
                rows=rows, result=result, picture=picture, errors=errors)


@router.get("/calculators/deadline")
def deadline_calculator(request: Request, me: CalculatorUser) -> Response:
    from datetime import date

    from casefile.calculators import deadline_answer
    from casefile.vocab import DeadlineKind
    from casefile.web.words import deadline_words

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
                result = deadline_answer(kind, dates["trigger"], petition_filed=dates["petition_filed"],  # type: ignore[arg-type]
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
def tally_check(request: Request, me: CalculatorUser) -> Response:
    """The tally form's check as you type (casefile/web/static/tally-check.js): the calculator's
    answer as JSON for a signed-in user (or anyone, with public calculators); an error as
    ``{"detail": ..., "line": ...}``."""
    from fastapi.responses import JSONResponse

    from casefile.calculators import parse_choice, tally_analysis

    q = request.query_params

    def number(key: str) -> int | None:
        text = q.get(key, "").strip()
        return int(text) if text.isdigit() and len(text) <= 9 else None

    try:
        choices = [parse_choice(c[:300]) for c in q.getlist("choice")[:MAX_CHOICES] or ["?"]]
        result = tally_analysis(choices, against=number("against"), challenged=number("challenged") or 0,
                                void=number("void") or 0, eligible=number("eligible"), eligible_exact=False,
                                runoff_ballot=q.get("runoff_ballot") == "true")
    except CasefileError as exc:
        return JSONResponse({"detail": str(exc), "line": getattr(exc, "line", None)}, status_code=422)
    return JSONResponse({"valid": result.valid, "outcome_text": result.outcome_text,
                         "determinative": result.determinative})
