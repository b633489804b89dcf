"""Acting as a signed-in user: the one place where the web pages, the API and drafts turn "this
user wants this act on this case" into a call of the front door (casefile.app.perform), after
the authority policy (casefile.record.authority.authorize) says whether and how (performed, or
recorded from the document received) — asked before anything runs, and again inside the act's
own transaction.

The act is docketed with its legal actor (the act's) and the user (``user:<email>``, and ", from a
document received" when recorded). Opening a case links the user's organization to the party it
names (``party``), in its own transaction right after the case is opened: the case is new, so
nobody holds that party yet. An organization comes to a case already open by a link request
(casefile.accounts.link_requests).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Literal

from pydantic import ValidationError
from sqlalchemy import Engine

from casefile.acts import ActIn, Who, models, module_for, parse_act
from casefile.acts.open_case import OpenCase
from casefile.characters import character_problem
from casefile.errors import BadInput, CaseAlreadyOpen, NotPermitted
from casefile.record.access import UserViewer, recorded_by_label
from casefile.record.accounts import OrganizationKind, User
from casefile.record.authority import Mode, ReceivedDocument, authorize
from casefile.record.authority.acting import ASK_TO_BE_LINKED
from casefile.record.db import read_session, write_session
from casefile.record.models import Case
from casefile.record.uploads import Uploads


class InvalidAct(BadInput):
    """An act (an API body, a draft) that does not validate as its act model; ``field`` is the
    path of the first field at fault, relative to the act ("objections.2", "offer_of_proof.0.witness");
    ``problems`` every problem found (casefile.validation.Problem), each with its path."""

    code = "invalid-act"

    def __init__(self, message: str, *, field: str | None = None, problems: list[Any] | None = None) -> None:
        super().__init__(message, field=field)
        self.problems = list(problems or [])


def field_path(loc: tuple[Any, ...] | list[Any], *, act_name: str | None = None) -> str:
    """A pydantic error location as casefile's dotted field path: the discriminated union's tag
    (the act's name) and a leading "body" are left out."""
    parts = [str(p) for p in loc]
    if parts and parts[0] == "body":
        parts = parts[1:]
    if parts and (parts[0] == act_name or parts[0] in models()):
        parts = parts[1:]
    return ".".join(parts)


def explain(exc: ValidationError, *, act_name: str | None = None) -> tuple[str, str, list[Any]]:
    """The errors of ``exc``: the first one's field path, every one in words ("field 'x': what is
    wrong; field 'y': ..."), and the problems (casefile.validation.Problem, paths relative to the act)."""
    from casefile.validation import in_words, problems

    found = problems([{**e, "loc": tuple(field_path(e["loc"], act_name=act_name).split("."))
                       if field_path(e["loc"], act_name=act_name) else ()} for e in exc.errors()],
                     model=models().get(act_name) if act_name else None)
    path = found[0].path if found and found[0].path else "act"
    return path, in_words(found), found


def plain_text(data: Any, path: str = "") -> None:
    """Raise InvalidAct (naming the field) when a string anywhere in ``data`` is not text: a NUL or another
    control character but a tab or a line break (casefile.characters; the act's model then holds its one-line
    fields to one line). PostgreSQL cannot store a NUL, and no legal text holds the others."""
    if isinstance(data, str):
        if (problem := character_problem(data)) is not None:
            raise InvalidAct(f"field {path or 'act'!r}: {problem}", field=path or None)
    elif isinstance(data, dict):
        for key, value in data.items():
            plain_text(key, path)
            plain_text(value, f"{path}.{key}" if path else str(key))
    elif isinstance(data, (list, tuple)):
        for i, value in enumerate(data):
            plain_text(value, f"{path}.{i}" if path else str(i))


def act_from(data: Any) -> ActIn:
    """The act model of ``data`` (a mapping with ``act``, the scenario event's shape). Raises
    InvalidAct naming the field at fault (``act`` when the act is not one casefile knows)."""
    if not isinstance(data, dict) or "act" not in data:
        raise InvalidAct(f"an act is a mapping with `act` (one of: {', '.join(models())})", field="act")
    if data["act"] not in models():
        from casefile.validation import did_you_mean

        raise InvalidAct(f"unknown act {str(data['act'])[:80]!r}{did_you_mean(data['act'], models())} "
                         f"(acts: {', '.join(models())})", field="act")
    plain_text(data)
    try:
        return parse_act(data)
    except ValidationError as exc:
        path, text, found = explain(exc, act_name=str(data["act"]))
        raise InvalidAct(f"{data['act']}: {text}", field=path, problems=found) from exc


def who(viewer: UserViewer, mode: Mode) -> Who:
    """The Who the docket names for an act of ``viewer`` done in ``mode``."""
    return Who(label=recorded_by_label(viewer, mode), user_id=viewer.user_id, organization_id=viewer.organization_id,
               role=viewer.role.value)


def viewer_of(user_id: int, *, engine: Engine | None = None) -> UserViewer:
    """The viewer of user ``user_id``, read in its own session."""
    from casefile.errors import UnknownRecord

    with read_session(engine) as session:
        user = session.get(User, user_id)
        if user is None:
            raise UnknownRecord(f"no user {user_id}")
        return UserViewer.of(session, user)


def perform_as(viewer: UserViewer, act: ActIn, *, case_number: str | None, as_of: datetime, party: str | None = None,
               documents: Literal["issue", "defer", "none"] = "defer", engine: Engine | None = None,
               uploads: Uploads | None = None) -> Any:
    """Perform (or record) ``act`` on ``case_number`` as ``viewer``, as of ``as_of``; returns the
    front door's ActResult.

    ``party``: for open-case by a party's organization, the handle of the party it represents in
    the case (its users then see the case). ``uploads``: the files uploaded with the act
    (casefile.record.uploads.Uploads, checked when received): those its file fields take, and
    ``received``, the documents received that a recorded act carries — another's act: the
    authority policy refuses record mode without one — stored, as the act's attachments, in the
    act's own transaction (a refused act stores none). What the act's input alone decides (its
    module's ``check``) is refused first, so a bad act gets the same answer whatever the database
    holds. Raises what casefile.record.authority.authorize raises (UnknownCase for a case the user
    may not see, UnknownRecord, NotPermitted, DocumentReceivedNeeded), CaseAlreadyOpen, BadInput
    (the case number in the path and in the act differ; no or an unknown ``party``), and the act's
    own errors (casefile.app.perform: nothing stored)."""
    from casefile import app
    from casefile.rules.case_numbers import parse_case_number

    if (check := getattr(module_for(act), "check", None)) is not None:
        check(act)
    if isinstance(act, OpenCase):
        return _open_case(viewer, act, case_number=case_number, as_of=as_of, party=party, documents=documents,
                          engine=engine, uploads=uploads)
    received = uploads.received if uploads is not None else ()
    mode = authorized_mode(viewer, act, case_number=case_number, received=received, engine=engine)

    def again(session: Any, case: Any) -> None:  # the same decision, inside the act's transaction
        viewer.forget_links()
        if authorize(session, viewer, act, case, received=received) != mode:
            raise NotPermitted(f"{act.act_name}: {viewer.organization_key}'s link to {case.number} changed while the "
                               "act was sent: nothing was stored; send it again")

    result = app.perform(act, case_number=str(parse_case_number(case_number)), as_of=as_of, by=who(viewer, mode),
                         documents=documents, engine=engine, uploads=uploads, guard=again)
    if not result.repeated:
        from casefile.jobs.notices import notify_in_background

        notify_in_background(result.entry_id, as_of, engine=engine)  # the other side's notices, after the answer
    return result


def authorized_mode(viewer: UserViewer, act: ActIn, *, case_number: str | None,
                    received: Sequence[ReceivedDocument] = (), engine: Engine | None = None) -> Mode:
    """How ``viewer`` may do ``act`` on ``case_number`` now ("perform" or "record", from
    ``received``), by the authority policy (casefile.record.authority.authorize), reading the user's
    current role and links — what perform_as asks before an act, and what a replayed
    Idempotency-Key asks again before its stored answer is given (a user demoted since is refused
    as a new request would be). Raises what authorize raises, and BadInput when no case is named."""
    from sqlmodel import select

    from casefile.record.queries import visible_case
    from casefile.rules.case_numbers import parse_case_number

    if isinstance(act, OpenCase):
        with read_session(engine) as session:
            number = str(parse_case_number(act.case.number))
            existing = session.exec(select(Case).where(Case.number == number)).first()
            return authorize(session, viewer, act, existing)
    if case_number is None:
        raise BadInput(f"{act.act_name}: name the case the act is on", field="case_number")
    with read_session(engine) as session:
        case = visible_case(session, case_number, viewer)
        return authorize(session, viewer, act, case, received=received)


def _open_case(viewer: UserViewer, act: OpenCase, *, case_number: str | None, as_of: datetime, party: str | None,
               documents: Literal["issue", "defer", "none"], engine: Engine | None,
               uploads: Uploads | None = None) -> Any:
    from sqlmodel import select

    from casefile import app
    from casefile.accounts.orgs import link_party
    from casefile.record.authority import sees_case
    from casefile.rules.case_numbers import parse_case_number

    number = str(parse_case_number(act.case.number))
    if case_number is not None and str(parse_case_number(case_number)) != number:
        raise BadInput(f"open-case: the act opens {number}, not {case_number}", field="case.number")
    region = viewer.organization_kind is OrganizationKind.REGION
    keys = [p.key for p in act.parties]
    if not region and (party is None or party not in keys):  # asked before the case is looked up (L4)
        raise BadInput(f"open-case: name the party {viewer.organization_key} represents in {number} "
                       f"(party: one of {', '.join(keys)})", field="party")
    if not region:
        from casefile.record.authority import may_hold_party

        role = next(p.role for p in act.parties if p.key == party)
        if (fits := may_hold_party(viewer.organization_kind, role.value)).mode is None:
            raise NotPermitted(f"open-case: {party} is the {role.value} of {number}; {fits.reason}", field="party")
    with read_session(engine) as session:
        existing = session.exec(select(Case).where(Case.number == number)).first()
        mode = authorize(session, viewer, act, existing)
        linking = existing is None and not region
    result = app.perform(act, case_number=number, as_of=as_of, by=who(viewer, mode), documents=documents,
                         engine=engine, uploads=uploads)
    if linking and not result.repeated:
        with write_session(engine, by=viewer.label()) as session:
            link_party(session, organization=viewer.organization_key, case_number=number, party=party,  # type: ignore[arg-type]
                       as_of=as_of, by=viewer.label())
        viewer.forget_links()
    elif linking:  # another opened it first, in the instant between the check and the act
        with read_session(engine) as session:
            case = session.exec(select(Case).where(Case.number == number)).first()
            if case is None or not sees_case(session, viewer, case):
                raise CaseAlreadyOpen(f"{number} was opened by another organization just now: {ASK_TO_BE_LINKED}",
                                      field="case.number")
    return result
