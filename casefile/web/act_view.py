"""The act form of a case, shown and read: which acts the signed-in user may do (casefile.app.
permitted_acts), the form's fields and values, the page itself, and the documents an accepted act
issues after the answer. The routes are casefile.web.act_pages's; the drafts of a party's filing
(casefile.web.draft_pages) use the same form.
"""

from __future__ import annotations

from typing import Any

from fastapi import Request
from fastapi.responses import Response

from casefile.errors import CasefileError
from casefile.http.uploads import Received, is_multipart, read_multipart
from casefile.web import act_fields, act_forms, forms
from casefile.web.forms import attaching, extension
from casefile.web.forms import confirming as confirmation
from casefile.web.people import Me
from casefile.web.render import page
from casefile.web.sessions import now


def confirm(request: Request, result: Any, *, zone: str, done: str = "Done: ", again: str = "Already recorded: ") -> None:
    """Flash what the front door did with an act for the next page: its summary (after ``done``, or
    ``again`` when it was already recorded), then each of the act's warnings and notes (casefile.app.ActResult: the one
    list every interface shows; the command line prints the same), dates in words, never ISO, and without casefile's own
    rule references ("(R-M2)": casefile.documents.wording.record_text). A warning of a field
    the record lacks (casefile.gaps) is worded by casefile.web.gap_words, with a link to the form that gives it."""
    from zoneinfo import ZoneInfo

    from casefile.documents.wording import record_text
    from casefile.web.gap_words import GapWords, gap_words, may_do
    from casefile.web.sessions import web_session

    where = ZoneInfo(zone)
    session = web_session(request)
    session.add_flash((again if result.repeated else done) + record_text(result.summary, where)[:240])
    gaps = list(result.gaps)
    acts: dict[str, frozenset[str]] = {}
    me = getattr(request.state, "me", None)
    if any(gaps) and me is not None:  # a warning's link to the form that gives what is lacking, if the user may use it
        from casefile import app

        acts = may_do(app.permitted_acts(result.case_number, viewer=me.viewer, as_of=now()))
    for i, warning in enumerate(result.warnings):
        gap = gaps[i] if i < len(gaps) else None
        said = gap_words(gap, case_acts=acts) if gap is not None else GapWords(warning)
        session.add_flash(record_text(said.text, where), kind="warning", href=said.href, link=said.link)
    for note in result.notes:
        session.add_flash(record_text(note, where), kind="note")


def draftable(act_name: str, allowed: list[Any]) -> bool:
    """Whether the form offers "Save as draft": a party's filing the user performs (not records)."""
    return forms.draftable(act_name) and any(p.mode == "perform" for p in allowed)


def permission(me: Me, number: str, act_name: str) -> tuple[Any, list[Any], str]:
    """The case's read model, the permissions of ``act_name`` the user has on it now (perform and/or
    record), and the office's zone. Raises UnknownCase (not visible), NotPermitted (not theirs now)."""
    from casefile import app
    from casefile.errors import NotPermitted
    from casefile.web.case_pages import office_tz

    view = app.case(number[:40], viewer=me.viewer)
    allowed = [p for p in app.permitted_acts(view.case_number, viewer=me.viewer, as_of=now()) if p.act == act_name]
    from casefile.acts import models

    if act_name not in models():  # no such act: a page that does not exist, not one refused
        from casefile.errors import UnknownRecord

        raise UnknownRecord(f"There is no act “{act_name[:60]}” in casefile: see the acts on the case page")
    if not allowed:
        refused = NotPermitted(refusal_words(me, view, act_name))
        refused.back = f"/cases/{view.case_number}#acts"  # type: ignore[attr-defined]
        raise refused
    return view, allowed, office_tz(view.office)


def refusal_words(me: Me, view: Any, act_name: str) -> str:
    """Why the act is refused them now, and when it becomes available, in words (the stage rule or
    the authority policy: casefile.app.refusal)."""
    from casefile import app
    from casefile.acts import models
    from casefile.web.words import act_title, stage_words

    who = f"you are {me.role} of {me.organization_name}"
    if act_name not in models():
        return f"There is no such act on {view.case_number} ({who})."
    what = act_title(act_name)
    why = app.refusal(view.case_number, act_name, viewer=me.viewer, as_of=now(), what=f"“{what}”")
    if why.authority:
        return f"{what} is not yours to do on {view.case_number}: {why.authority} ({who})."
    if why.words:  # the stage is why: the one table's words (casefile.rules.stage_words)
        return f"On {view.case_number}: {why.words}"
    now_at = f"the election is at “{stage_words(why.stage)}”" if why.stage else "no election has been tallied yet"
    if why.stages:
        when = "; ".join(stage_words(s) for s in why.stages)
        return f"{what} cannot be done on {view.case_number} now: {now_at}. It becomes available at: {when}."
    return f"{what} cannot be done on {view.case_number} now: {now_at}, and the procedure does not allow it at this point."


def form_parties(view: Any, allowed: list[Any]) -> list[tuple[str, str]]:
    names = {p.key: p.name for p in view.parties}
    seen: list[tuple[str, str]] = []
    for perm in sorted(allowed, key=lambda p: p.mode != "perform"):  # the user's own party first: the default
        for key in perm.parties:
            if key not in [k for k, _ in seen]:
                label = names.get(key, key) + (" (recorded from the document served)" if perm.mode == "record" else "")
                seen.append((key, label))
    return seen


def form_specs(view: Any, allowed: list[Any], act_name: str) -> list[act_fields.Spec]:
    """The inputs of the generated form of ``act_name`` (casefile.web.act_fields) on this case."""
    from casefile.vocab import ELECTION_KIND_WORDS

    elections = [(str(e.sequence), f"Election {e.sequence} ({ELECTION_KIND_WORDS.get(e.kind, e.kind)}"
                  + (f", unit {e.unit_id}" if e.unit_id != "A" else "") + ")") for e in view.elections]
    return act_fields.specs(act_name, parties=form_parties(view, allowed), all_parties=[(p.key, p.name) for p in view.parties],
                            elections=elections)


def _draft_values(specs: list[act_fields.Spec], sub: act_forms.Submitted, zone: str) -> None:
    """A draft opened again carries its act as a scenario event (casefile.web.draft_pages.form_of):
    its values put on the generated form's inputs."""
    from casefile.importers.strict_yaml import load_yaml

    try:
        act = load_yaml(sub.get("act"), source="the draft")
    except CasefileError:
        return
    if isinstance(act, dict):
        values, rows = act_fields.values_of(specs, act)
        sub.values.update({**act_fields.when_of(act, zone), **values})
        sub.rows.update(rows)


def render_form(request: Request, me: Me, view: Any, allowed: list[Any], act_name: str, sub: act_forms.Submitted,
            errors: list[dict[str, str]], status: int = 200, draft_id: int | None = None) -> Response:
    from casefile.web.case_pages import office_tz
    from casefile.web.words import act_title

    special = forms.special(act_name)
    template = special.template if special is not None else "act_general.html"
    modes = {p.mode for p in allowed}
    own = any(p.mode == "perform" for p in allowed)
    zone = office_tz(view.office)
    specs = form_specs(view, allowed, act_name) if special is None else []
    if specs and sub.get("act") and not sub.get("perform"):
        _draft_values(specs, sub, zone)
    confirming = confirmation.is_confirming(act_name)  # a receipt of what was prepared: no filing of its own, no service
    filing = any(s.name == "party" for s in specs) and not confirming
    from casefile.web.filing_notes import note_for

    note = None if confirming else note_for(act_name, case_number=view.case_number, office=view.office, rule_set=view.rule_set, viewer=me.viewer, as_of=now(),
                    party_filing=filing or (special is not None and special.party_filing),
                    recording=modes == {"record"}, filer=_filer(view, allowed, sub))
    parties = [key for key, _ in form_parties(view, allowed)]
    if confirming:  # the filing confirmed is chosen from the party's prepared ones, in words, never typed as a number
        confirmation.choose_prepared(specs, view, parties)
    if attaching.is_attaching(act_name):  # the filing or the act recorded, chosen from the case's, never "filing:12"
        attaching.choose_target(specs, view, parties)
    if extension.is_extension(act_name) and note is not None:  # "Which period": only those this party may extend
        extension.narrow_periods(specs, {item["d"].kind for item in note.periods})
    shown = {"excluded_reasons": [], **(special.page_values() if special is not None else {})}
    labels = (confirmation.LABELS if confirming else
              ("Date the Region received it", "Time received (optional)") if filing else ("Date of the act", "Time (optional)"))
    return page(request, template, status=status, title=f"{act_title(act_name)} — {view.case_number}",
                case=view, act_name=act_name, sub=sub, values=sub.values, rows=sub.rows, errors=errors,
                parties=form_parties(view, allowed), recording=modes == {"record"}, own=own,
                specs=specs, zone=zone, when_label=labels[0], time_label=labels[1],
                intro=confirmation.INTRO if confirming else "", button=confirmation.BUTTON if confirming else "",
                draftable=draftable(act_name, allowed), draft_id=draft_id or sub.get("draft_id") or None,
                filing_note=note, **shown)


def _filer(view: Any, allowed: list[Any], sub: act_forms.Submitted) -> str | None:
    """The party the form files for: the one chosen, else the only one the user acts for."""
    parties = [key for key, _ in form_parties(view, allowed)]
    chosen = sub.values.get("party") or ""
    return chosen if chosen in parties else parties[0] if len(parties) == 1 else None


async def read_act_form(request: Request) -> Received:
    """An act form as sent: multipart (its files streamed, each held to CASEFILE_UPLOAD_MAX_BYTES:
    casefile.http.uploads) or urlencoded. Raises UploadRefused (a file too large, too many files),
    BadInput (a body that cannot be read)."""
    if is_multipart(request):
        return await read_multipart(request)
    form = await request.form()
    return Received(fields=form)


def moment_fields(day: Any, at: Any) -> dict[str, Any]:
    return {"at": at.isoformat()} if at else {"date": day.isoformat()}


def for_drafts(request: Request, me: Me, view: Any, allowed: list[Any], act_name: str, sub: act_forms.Submitted,
               zone: str, draft_id: int | None = None) -> Response | None:
    """A generated form sent to the drafts (casefile.web.draft_pages keeps an act as a scenario event):
    its rows counted and its act put in ``values["act"]``; the form with its error when it cannot be
    read (a number that is not one), else None. A hand-written form: nothing to do."""
    if forms.special(act_name) is not None:
        return None
    specs = form_specs(view, allowed, act_name)
    sub.rows = act_fields.count_rows(specs, sub.values)
    if sub.get("add"):
        return None
    try:
        sub.values["act"] = _as_event(act_name, specs, sub, zone)
    except CasefileError as exc:
        target = act_fields.error_field(specs, exc, values=sub.values, kept=sub.kept)
        return render_form(request, me, view, allowed, act_name, sub, [{"field": target, "text": str(exc)}], status=422,
                       draft_id=draft_id)
    return None


def _as_event(act_name: str, specs: list[act_fields.Spec], sub: act_forms.Submitted, zone: str) -> str:
    """The generated form's act as a scenario event (YAML), with its date when the form has one."""
    import yaml

    data = act_fields.data(act_name, specs, sub.values, sub.rows, sub.kept)
    try:
        _, day, at = act_forms.instant(sub, zone=zone, current=now())
        data.update(moment_fields(day, at))
    except CasefileError:
        pass
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=False)


def issue_after_answer(hook: Any, entry_id: int, as_of: Any) -> None:
    import logging

    try:
        hook(entry_id, as_of)
    except Exception:  # the act is recorded; its documents can be issued again
        logging.getLogger("casefile.web").exception("issuing the documents of docket entry %s failed", entry_id)
