"""Open a case from the web (``/cases/new``): its number, employer, labor organization, receiving
office, petition date, election agreement, unit and the counsel of record of the user's party. The
form is generated from the act's own models, as the act forms are (casefile.web.act_fields: the
case's details from ``CaseIn``, counsel from ``CounselIn``); the act is open-case, performed through
the accounts' one way of acting (casefile.accounts.acting.perform_as), which links the user's
organization to the party it represents. Who may open which case is the authority policy's
(casefile.record.authority); every problem of the form is shown at once, each at its input.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from casefile.errors import CasefileError
from casefile.web import act_fields
from casefile.web.people import Me, Signed
from casefile.web.render import page
from casefile.web.sessions import check_csrf, now

router = APIRouter()
ACT = "open-case"
#: The party handles of a case opened on the web.
EMPLOYER, UNION = "employer", "union"
SIDES = [(UNION, "The labor organization (the petitioner)"), (EMPLOYER, "The employer")]


def _offices() -> list[tuple[str, str]]:
    from casefile.rules.offices import DEFAULT_TABLE

    return [("", "The Region's main office")] + [
        (o.key, f"Region {o.region} — {o.name}") for o in DEFAULT_TABLE.all_offices() if o.region is not None]


def specs() -> dict[str, list[act_fields.Spec]]:
    """The form's inputs: the case's details (CaseIn, its name aside: the employer's name is the
    case's) and the counsel of record (CounselIn)."""
    from casefile.acts.add_counsel import CounselIn
    from casefile.acts.open_case import CaseIn

    case = act_fields.part_specs(ACT, "case", CaseIn, skip=("name", "rule_set", "notes"))
    for spec in case:
        if spec.name == "case.office":
            spec.kind, spec.options, spec.radios = "choice", _offices(), False
        if spec.name == "case.petition_filed_on":
            spec.required = True
        if spec.name == "case.unit_description":
            spec.kind = "textarea"
    return {"case": case, "counsel": act_fields.part_specs(ACT, "counsel", CounselIn)}


def data(values: dict[str, str], *, region: bool) -> dict[str, Any]:
    """The open-case act of the form's ``values``: the employer and the labor organization as its
    parties (handles ``employer`` and ``union``), the counsel given on the party the user represents."""
    parts = specs()
    case: dict[str, Any] = {"name": values.get("employer-name", "").strip()}
    for spec in parts["case"]:
        text = values.get(spec.id, "").strip()
        if spec.kind == "bool":  # a checkbox ("yes" when ticked); cleared is False when its marker says it was shown
            if text or values.get(f"{spec.id}-shown"):
                case[spec.name.split(".", 1)[1]] = bool(text)
        elif text:
            case[spec.name.split(".", 1)[1]] = text
    employer: dict[str, Any] = {"key": EMPLOYER, "role": "employer", "name": values.get("employer-name", "").strip()}
    union: dict[str, Any] = {"key": UNION, "role": "petitioner", "name": values.get("union-name", "").strip()}
    counsel = {s.name.split(".", 1)[1]: values.get(s.id, "").strip() for s in parts["counsel"]}
    if any(counsel.values()):
        side = union if values.get("represents") == UNION else employer if values.get("represents") == EMPLOYER else None
        if side is not None:
            side["counsel"] = [counsel]
    return {"act": ACT, "case": case, "parties": [employer, union]}


def error_fields(path: str, values: dict[str, str]) -> str:
    """The form's input a problem of the act (its ``field`` path) is about."""
    parts = path.split(".")
    if parts[0] == "case" and len(parts) > 1:
        return "employer-name" if parts[1] == "name" else f"case-{parts[1]}"
    if parts[0] == "parties" and len(parts) > 1 and parts[1].isdigit():
        side = EMPLOYER if parts[1] == "0" else UNION
        if len(parts) > 3 and parts[2] == "counsel":
            return f"counsel-{parts[4]}" if len(parts) > 4 else "counsel-name"
        return f"{side}-name"
    if parts[0] == "parties":
        return "employer-name"
    if parts[0] == "party":
        return "represents"
    return "open-form"


def _render(request: Request, me: Me, values: dict[str, str], errors: list[dict[str, str]], status: int = 200) -> Response:
    return page(request, "open_case.html", status=status, title="Open a case", values=values, errors=errors,
                parts=specs(), sides=SIDES, region=me.region)


@router.get("/cases/new")
def open_form(request: Request, me: Signed) -> Response:
    _may_open(me)
    starting = act_fields.blank_values(specs()["case"])  # the boxes whose default is True start ticked
    return _render(request, me, {**starting, "represents": "" if me.region else UNION}, [])


def _may_open(me: Me) -> None:
    from casefile.errors import NotPermitted
    from casefile.record.authority import may_open_case

    decision = may_open_case(me.viewer)
    if decision.mode is None:
        raise NotPermitted(f"Open a case: {decision.reason} (you are {me.role} of {me.organization_name})")


@router.post("/cases/new")
async def open_case(request: Request, me: Signed) -> Response:
    from casefile.accounts.acting import InvalidAct, act_from, perform_as

    form = await request.form()
    check_csrf(request, form)
    values = {k: str(v)[:5000] for k, v in form.items() if isinstance(v, str) and k != "csrf_token"}
    if unknown := unknown_fields(values):
        return _render(request, me, values, [{"field": "open-form", "text": unknown}], status=422)
    errors = _form_errors(values, region=me.region)
    try:  # the act's own checks in the same pass: every problem of the form at once
        act = act_from(data(values, region=me.region))
    except InvalidAct as exc:
        asked = {e["field"] for e in errors}
        errors += [shown for shown in ([{"field": error_fields(p.path, values), "text": _words(p, values)}
                                        for p in exc.problems] or
                                       [{"field": error_fields(exc.field or "", values), "text": str(exc)}])
                   if shown["field"] not in asked]
    if errors:
        from casefile.validation import LIMIT

        return _render(request, me, values, errors[:LIMIT], status=422)
    try:
        party = None if me.region else values.get("represents")
        result = perform_as(me.viewer, act, case_number=None, as_of=now(), party=party, documents="defer")
    except InvalidAct as exc:
        shown = [{"field": error_fields(p.path, values), "text": _words(p, values)} for p in exc.problems] or \
                [{"field": error_fields(exc.field or "", values), "text": str(exc)}]
        return _render(request, me, values, shown, status=422)
    except CasefileError as exc:
        status = 403 if exc.family == "not-permitted" else 409 if exc.family in ("conflict", "not-allowed-now") else 422
        return _render(request, me, values, [{"field": error_fields(exc.field or "", values), "text": str(exc)}],
                       status=status)
    from casefile.rules.case_numbers import parse_case_number

    number = str(parse_case_number(act.case.number))  # type: ignore[attr-defined]
    from casefile import app
    from casefile.web.act_view import confirm

    confirm(request, result, zone=app.case_zone(number), done="", again="Already open: ")
    return RedirectResponse(f"/cases/{number}", status_code=303)


def _form_errors(values: dict[str, str], *, region: bool) -> list[dict[str, str]]:
    """What the form itself must have before it is an act: the two parties' names, the number,
    the petition date, and (for a party's organization) which party it represents — every one
    missing at once."""
    out = []
    for field_id, words in (("case-number", "Enter the case number, like 19-RC-361042"),
                            ("employer-name", "Enter the employer's name"),
                            ("union-name", "Enter the labor organization's name"),
                            ("case-petition_filed_on", "Enter the date the petition was filed")):
        if not values.get(field_id, "").strip():
            out.append({"field": field_id, "text": words})
    if not region and values.get("represents") not in (EMPLOYER, UNION):
        out.append({"field": "represents", "text": "Choose the party your organization represents"})
    return out


#: The form's own fields beside its generated inputs, and the controls it sends.
OWN_FIELDS = frozenset({"employer-name", "union-name", "represents", "perform"})


def unknown_fields(values: dict[str, str]) -> str:
    """What is wrong with a form that sends fields this form does not have (a misspelled name, a
    stale page), in words; "" when every field is known."""
    known = OWN_FIELDS | {s.id for part in specs().values() for s in part} | {
        f"{s.id}-shown" for part in specs().values() for s in part if s.kind == "bool"}  # a checkbox's marker
    unknown = sorted(k for k in values if k not in known)
    if not unknown:
        return ""
    names = ", ".join(repr(k[:40]) for k in unknown[:10])
    return (f"The form sent {'a field' if len(unknown) == 1 else 'fields'} it does not have: {names}. Nothing was "
            "recorded: reload the page and fill in the form again.")


#: Who each counsel field is about on this form (the form asks one party's counsel of record).
COUNSEL_WORDS = {"counsel-name": "Your counsel's name", "counsel-firm": "Your counsel's firm",
                 "counsel-address": "Your counsel's postal address", "counsel-phone": "Your counsel's telephone",
                 "counsel-email": "Your counsel's e-mail", "counsel-bar_number": "Your counsel's bar number"}


def _words(problem: Any, values: dict[str, str]) -> str:
    label = {s.id: s.label.split(" (")[0] for part in specs().values() for s in part}
    label.update({"employer-name": "The employer's name", "union-name": "The labor organization's name",
                  **COUNSEL_WORDS})
    field_id = error_fields(problem.path, values)
    return f"{label.get(field_id, 'The form')}: {problem.text}"
