"""The typed form of an act without a hand-written one, generated from its model's fields
(pydantic ``model_fields``: annotation, constraints, default): a date is a date input, an ``int`` a
numeric input, a ``bool`` a checkbox, a Literal or an enum radios or a select in words, a text a text
input or a text box by its length, a party's handle a select of the case's parties, the election a
select of the case's elections, a list of lines a text box one item per line, a list of paragraphs or
of parts (witnesses, exceptions, service) and a mapping (rulings, objections set for hearing)
repeating rows with "add another" (a submit button that re-renders with one more row: no script).
A nested part the form cannot lay out (a case's details) is a text box written as in a scenario
file, with an example. The act's date and time are asked once, by the form's "When" (``date`` and
``time``; casefile.web.act_forms.instant), never as fields.

Labels and hints are the field's ``description`` when the model has one, else the words below (in the
field's terms). Field ids are the field names ("rulings-0-party" for a row's column), so an act's
error (its ``field`` path) is put back on its input by :func:`error_field`. Plumbing only: every check
is the model's and the act module's, through the front door.
"""

from __future__ import annotations

import types
from dataclasses import dataclass, field
from datetime import date, datetime, time
from enum import Enum
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from casefile.errors import BadInput, CasefileError, Untimely

#: Fields every act has that the form does not ask (the "When" asks ``on``/``at``).
SKIPPED = frozenset({"act", "source", "uncertain", "on", "at"})
PARTY_PATTERN = r"^[a-z0-9][a-z0-9-]{0,39}$"
#: Longest one-line text (casefile.acts.base.LINE_MAX): longer is a text box.
LINE = 500
MAX_ROWS = 200

#: Field name -> (label, hint); (act, field) overrides. In the field's terms, for union staff.
WORDS: dict[Any, tuple[str, str]] = {
    "party": ("Party", "Whose filing this is"),
    "method": ("How it was filed", "E-filing and fax are timely until 11:59 p.m. on the due date at the receiving office"),
    "postmarked_on": ("Postmark date (optional)", "For a filing sent by mail: the postmark date, if it is on the envelope"),
    "note": ("Note (optional)", "Shown on the docket; not part of the filing or order"),
    "service": ("Service on the other parties (optional)",
                "Each party served, how and where. Leave empty to record service on each party's counsel by e-mail "
                "when the filing was received."),
    "service.party": ("Party served", ""),
    "service.person": ("Person served (optional)", "One of the party's counsel, by name; empty: each of its counsel"),
    "service.method": ("How it was served", ""),
    "service.address": ("Address (optional)", "E-mail or postal address; required for fax"),
    "service.on": ("Date served (optional)", "Empty: the day the filing was received"),
    "points": ("Points", "Each point of the brief or statement, one box each. Leave a box empty to leave it out."),
    "grounds": ("Grounds", "Each ground, one box each. Leave a box empty to leave it out."),
    "exceptions": ("Exceptions", "Each finding or recommendation excepted to, with its grounds"),
    "exceptions.excepted_to": ("Finding or recommendation excepted to", "As the report states it, with its page"),
    "exceptions.grounds": ("Grounds", ""),
    "witnesses": ("Witnesses", "The witnesses and what each will say, for each objection (29 CFR 102.66(c))"),
    "witnesses.objection": ("Objection number", "The objection this witness supports, e.g. 1"),
    "witnesses.witness": ("Witness", "Name and role, e.g. Jane Doe, picker"),
    "witnesses.summary": ("Summary of the expected testimony", ""),
    "number": ("Objection number", "As numbered when the objections were filed, e.g. 3"),
    "text": ("The objection as amended", "The full new text of the objection"),
    "why": ("Why", "Why this is done: the docket says so"),
    ("withdraw-objection", "why"): ("Why it is withdrawn", "As the party's request states it: the docket says so"),
    ("amend-objection", "why"): ("Why it is amended", "The docket says so"),
    "ruling": ("The Board's ruling", ""),
    "decision": ("The Board's decision on review",
                 "Only with a grant that decides the case; leave as it is when the decision is to follow"),
    "issuer": ("Issued by (optional)", "Who signed it, e.g. the Regional Director's name"),
    ("board-ruling", "issuer"): ("Issued by (optional)", "The Board members, or \"the Board\""),
    "summary": ("Summary (optional)", "What it orders, in a sentence or two"),
    "result": ("Result", ""),
    "rulings": ("Rulings on the objections", "Each objection ruled on: the party that filed it, its number and the ruling"),
    "rulings.party": ("Party that filed the objection", ""),
    "rulings.number": ("Objection number", "e.g. 1"),
    "rulings.ruling": ("Ruling", ""),
    "at_fault": ("Party whose conduct was objectionable (optional)",
                 "With a set-aside: the party at fault, named in the notice of the second election (Lufkin Rule Co.)"),
    "condition": ("Condition (optional)", "With a set-aside only: the second election is directed only if the revised "
                  "tally shows no majority for a labor organization"),
    "opens_on": ("Date the hearing opens (optional)", "For example, May 16, 2022"),
    "opens_at": ("Time the hearing opens (optional)", "On a 24-hour clock at the office that has the case, like 09:30"),
    ("dismiss-petition", "grounds"): ("Grounds for the dismissal", "As the Regional Director's order states them"),
    "place": ("Place (optional)", "Where the hearing is held, or how (e.g. by videoconference)"),
    "presiding": ("Hearing officer (optional)", "Who presides"),
    ("consolidate-with-ulp", "presiding"): ("Administrative Law Judge (optional)", "Who presides"),
    "objections": ("Objections set for hearing (optional)",
                   "Each party and the numbers of its objections set for hearing, like 1, 3, 4. None: every pending "
                   "objection."),
    "objections.party": ("Party that filed them", ""),
    "objections.numbers": ("Objection numbers", "Separated by commas, like 1, 3, 4"),
    "challenges": ("Set the determinative challenged ballots for hearing too", ""),
    **{(act, "challenges"): ("Rulings on the challenged ballots (optional)",
                             "The challenged ballots set for hearing with the objections: the voters named, or every "
                             "pending ballot with a ground (neither: every pending ballot), and the ruling")
       for act in ("ho-report", "rd-decision", "alj-decision")},
    "challenges.voters": ("Voters (optional)", "The challenged voters ruled on, one name per line"),
    "challenges.ground": ("Ground (optional)", "Every pending ballot challenged on this ground"),
    "challenges.ruling": ("Ruling", "Sustained: never counted; overruled: opened and counted"),
    "ulp_cases": ("Unfair labor practice cases", "One case number per line, like 10-CA-290000"),
    "briefs_due_on": ("Date post-hearing briefs are due (optional)", "As the hearing officer set it"),
    "status": ("Ruling on the challenges", ""),
    "voters": ("Voters", "The challenged voters ruled on, one name per line"),
    "ground": ("Ground (optional)", ""),
    "all_pending": ("Rule on every pending challenge", ""),
    "by": ("Ruled by", ""),
    "reason": ("Reason (optional)", ""),
    "counted": ("Votes counted for each choice", "Each labor organization and the votes the opened ballots gave it"),
    "counted.key": ("Labor organization", "As on the ballot"),
    "counted.value": ("Votes", ""),
    "counted_against": ("Votes counted against", ""),
    "opened": ("Challenged ballots opened (optional)", ""),
    "sustained": ("Challenges sustained (optional)", ""),
    "held_from_on": ("First day of voting (optional)", "For example, February 4, 2022"),
    "held_to_on": ("Last day of voting (optional)", "For example, March 25, 2022"),
    "deadline": ("Deadline number (optional)", "As the case's deadlines list numbers it; or choose its kind below"),
    "kind": ("Which period (optional)", "The period of the case's current election"),
    "due": ("Due date set by the order", "For example, April 29, 2022"),
    "order": ("The order", "Who ordered it and how, e.g. Regional Director's order of April 20, 2022"),
    "until": ("Until (optional)", "The date asked for"),
    "reasons": ("Reasons", "Why the extension is needed (29 CFR 102.2(c))"),
    "positions": ("Other parties' positions (optional)", "Whether the other parties agree"),
    "region": ("Region", "The Region the case is transferred to, e.g. 15"),
    "office": ("Office (optional)", "The receiving office, when the Region has more than one"),
    "running_deadlines": ("Deadlines already running", ""),
    "prepared_on": ("Date the tally was prepared (optional)", ""),
    "choices": ("Votes for each choice", "Each labor organization and its votes"),
    "choices.key": ("Labor organization", "As on the ballot"),
    "choices.value": ("Votes", ""),
    "against": ("Votes against (optional)", ""),
    "challenged": ("Challenged ballots (optional)", ""),
    "void": ("Void ballots (optional)", ""),
    "eligible": ("Approximate number of eligible voters (optional)", ""),
    "eligible_exact": ("The number of eligible voters is exact", ""),
    "name": ("Name", ""),
    "representative": ("Representative (optional)", ""),
    "email": ("E-mail (optional)", ""),
    "address": ("Address (optional)", ""),
    "firm": ("Firm (optional)", ""),
    "phone": ("Telephone (optional)", ""),
    "bar_number": ("Bar number (optional)", ""),
    "unit_description": ("Description of the unit (optional)", ""),
    "agreement": ("Election agreement (optional)", ""),
    "petition_filed_on": ("Date the petition was filed (optional)", ""),
    "consented_by": ("Consent given by", "Who consented to the withdrawal (the Regional Director)"),
    "to": ("Attach to", "The filing or docket entry, like filing:12 or docket:40"),
    "file": ("The document (PDF)", "The PDF as filed or issued, uploaded from your computer (at most "
             "25 MB unless the instance says otherwise)"),
    "confirmation": ("Confirmation number (optional)", "The e-filing confirmation, if any"),
    "election": ("Election", "Which election of the case this is about"),
    ("open-case", "case.number"): ("Case number", "As on the petition, like 19-RC-361042"),
    ("open-case", "case.agreement"): ("Election agreement", "How the election came about: a consent agreement's "
                                      "rulings are the Regional Director's, final (no request for review)"),
    ("open-case", "case.petition_filed_on"): ("Date the petition was filed", "It decides which rules apply"),
    ("open-case", "case.office"): ("Receiving office (optional)",
                                   "Where filings go; empty: the main office of the case number's Region"),
    ("open-case", "case.unit_description"): ("The bargaining unit (optional)",
                                             "As the petition or the election agreement describes it"),
    ("open-case", "counsel.name"): ("Name", "Counsel of record, who signs the filings"),
    ("open-case", "counsel.firm"): ("Firm (optional)", ""),
    ("open-case", "counsel.address"): ("Postal address (optional)", "For the signature block and service"),
    ("open-case", "counsel.phone"): ("Telephone (optional)", ""),
    ("open-case", "counsel.email"): ("E-mail (optional)", "Where the other parties serve your party"),
    ("open-case", "counsel.bar_number"): ("Bar number (optional)", "As printed under the signature, like WSBA No. 41234"),
}

#: What one row of a repeating group is called ("Add another ...").
ITEMS = {"service": "service", "witnesses": "witness", "exceptions": "exception", "points": "point",
         "grounds": "ground", "rulings": "ruling", "objections": "party's objections", "counted": "labor organization",
         "choices": "labor organization", "challenges": "challenge", "parties": "party"}

#: A choice's value -> words (the Literal and enum values of the acts).
OPTION_WORDS: dict[str, str] = {
    "e-filing": "E-filing", "fax": "Fax", "paper": "Paper (hand delivery, mail or delivery service)",
    "email": "E-mail", "mail": "Mail", "overnight": "Overnight delivery service", "hand": "Hand delivery",
    "set-aside": "Set aside: the objections sustained, a new election directed",
    "overrule": "Overruled: the objections overruled", "sustained": "Sustained", "overruled": "Overruled",
    "withdrawn": "Withdrawn", "moot": "Moot", "granted": "Review granted", "denied": "Review denied",
    "remanded": "Remanded to the Regional Director", "affirmed": "Affirmed",
    "open-and-count": "The challenged ballots to be opened and counted",
    "no-union-majority": "Only if the revised tally shows no majority for a labor organization",
    "stay": "They stay with the receiving office they were computed for", "move": "They move to the new office",
    "consent": "Consent election agreement", "stipulated": "Stipulated election agreement",
    "directed": "Directed election",
}
#: The words of "none" in an optional choice.
NONE_WORDS = {"decision": "None: the decision is to follow", "condition": "None", "kind": "Not stated",
              "agreement": "Not known yet"}


@dataclass
class Spec:
    """One input of the form (or a row's column)."""

    name: str  # the model's field name (a column: its key in the row)
    id: str  # the form's id ("{field}" / the column's name within the row)
    kind: str  # text textarea int bool date time choice party lines rows structured upload
    label: str
    hint: str = ""
    required: bool = False
    options: list[tuple[str, str]] = field(default_factory=list)
    radios: bool = False
    columns: list[Spec] = field(default_factory=list)
    shape: str = ""  # rows: "list" (of parts), "paragraphs" (of texts), "map" (key -> value), "map2", "maplist"
    example: str = ""
    default: str = ""
    item: str = ""  # rows: what one row is called


def _strip(tp: Any) -> tuple[Any, bool, list[Any]]:
    """The type under Optional and Annotated, whether None is allowed, and the constraints."""
    meta: list[Any] = []
    optional = False
    while True:
        origin = get_origin(tp)
        if origin is Annotated:
            tp, *extra = get_args(tp)
            meta += extra
            continue
        if origin in (Union, types.UnionType):
            args = [a for a in get_args(tp) if a is not type(None)]
            optional = optional or len(args) < len(get_args(tp))
            if len(args) == 1:
                tp = args[0]
                continue
        return tp, optional, meta


def _flat(meta: list[Any]) -> list[Any]:
    out: list[Any] = []
    for m in meta:
        out += _flat(list(m.metadata)) if isinstance(m, FieldInfo) else [m]
    return out


def _constraint(meta: list[Any], name: str) -> Any:
    for m in _flat(meta):
        value = getattr(m, name, None)
        if value is not None:
            return value
    return None


def _choices(tp: Any) -> list[str] | None:
    if get_origin(tp) is Literal:
        return [str(a) for a in get_args(tp)]
    if isinstance(tp, type) and issubclass(tp, Enum):
        return [str(m.value) for m in tp]
    return None


def _option_words(value: str, tp: Any) -> str:
    from casefile.vocab import DeadlineKind
    from casefile.web.words import deadline_words

    if isinstance(tp, type) and issubclass(tp, DeadlineKind):
        return deadline_words(value)
    return OPTION_WORDS.get(value) or value.replace("-", " ").capitalize()


def _words(act_name: str, key: str, info: FieldInfo | None) -> tuple[str, str]:
    if info is not None and info.description:
        label, _, hint = info.description.partition(": ")
        return label, hint
    return WORDS.get((act_name, key)) or WORDS.get(key) or (key.replace("_", " ").capitalize(), "")


def _scalar(act_name: str, key: str, name: str, tp: Any, meta: list[Any], *, info: FieldInfo | None,
            required: bool, optional: bool, parties: list[tuple[str, str]], default: Any = None) -> Spec | None:
    """The input of a scalar type, or None when the type is not a scalar."""
    label, hint = _words(act_name, key, info)
    spec = Spec(name=name, id=name, kind="text", label=label, hint=hint, required=required,
                default="" if default is None or isinstance(default, (list, dict)) else str(getattr(default, "value", default)))
    if tp is bool:
        spec.kind = "bool"
    elif tp is int:
        spec.kind = "int"
    elif tp is time:
        spec.kind = "time"
    elif tp is date:
        spec.kind = "date"
        if not spec.hint:
            spec.hint = "For example, April 29, 2022"
    elif (values := _choices(tp)) is not None:
        spec.kind = "choice"
        spec.options = [(v, _option_words(v, tp)) for v in values]
        if optional or (not required and default is None):
            spec.options.insert(0, ("", NONE_WORDS.get(name, "None")))
        spec.radios = len(spec.options) <= 4
        if not spec.default:
            spec.default = spec.options[0][0] if required else ""
    elif tp is str:
        if _constraint(meta, "pattern") == PARTY_PATTERN:
            spec.kind = "party"
            spec.options = ([("", "None")] if optional or not required else []) + list(parties)
            if required and parties and not spec.default:
                spec.default = parties[0][0]
        else:
            longest = _constraint(meta, "max_length")
            spec.kind = "textarea" if longest is None or longest > LINE else "text"
    else:
        return None
    return spec


def _example(tp: Any) -> str:
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        lines = []
        for name, info in tp.model_fields.items():
            lines.append(f"{info.alias or name}: ...")
        return "\n".join(lines[:8])
    return "key: value"


def specs(act_name: str, *, parties: list[tuple[str, str]], all_parties: list[tuple[str, str]],
          elections: list[tuple[str, str]]) -> list[Spec]:
    """The inputs of act ``act_name``'s form, in the model's order. ``parties``: the parties the
    user acts for (the ``party`` field); ``all_parties``: the case's (other party fields);
    ``elections``: the case's elections (sequence, words), the latest last."""
    from casefile.acts import models
    from casefile.record.uploads import upload_fields

    model = models()[act_name]
    files = upload_fields(model)
    out: list[Spec] = []
    for name, info in model.model_fields.items():
        if name in SKIPPED:
            continue
        required = info.is_required()
        default = None if required else info.get_default(call_default_factory=True)
        if name == "election":
            if len(elections) > 1:
                label, hint = _words(act_name, name, info)
                out.append(Spec(name=name, id=name, kind="choice", label=label, hint=hint,
                                options=list(reversed(elections)), default=elections[-1][0], radios=len(elections) <= 4))
            continue
        if name in files:  # a file uploaded with the act (casefile.record.uploads.UploadRef)
            label, hint = WORDS.get((act_name, name)) or WORDS.get(name) or ("File (PDF)", "")
            out.append(Spec(name=name, id=name, kind="upload", label=label, hint=hint, required=required))
            continue
        tp, optional, meta = _strip(info.annotation)
        meta = list(info.metadata) + meta
        who = parties if name == "party" else all_parties
        if (spec := _scalar(act_name, name, name, tp, meta, info=info, required=required, optional=optional,
                            parties=who, default=default)) is not None:
            out.append(spec)
            continue
        label, hint = _words(act_name, name, info)
        spec = Spec(name=name, id=name, kind="structured", label=label, hint=hint, required=required)
        origin = get_origin(tp)
        if origin is list:
            item, _, item_meta = _strip(get_args(tp)[0])
            if item is str and (_constraint(item_meta, "max_length") or 0) <= LINE:
                spec.kind = "lines"
            elif item is str:
                spec.kind, spec.shape, spec.item = "rows", "paragraphs", ITEMS.get(name, "item")
                spec.columns = [Spec(name="", id="", kind="textarea", label=spec.item.capitalize())]
            elif isinstance(item, type) and issubclass(item, BaseModel):
                columns = _columns(act_name, name, item, all_parties)
                if columns is not None:
                    own = {key for key, _ in parties}
                    for column in columns:  # a party served, named in a row: another party, never the filer
                        if column.kind == "party":
                            column.default = next((key for key, _ in all_parties if key not in own), "")
                    spec.kind, spec.shape, spec.columns = "rows", "list", columns
                    spec.item = ITEMS.get(name, "row")
                else:
                    spec.example = f"- {_example(item).replace(chr(10), chr(10) + '  ')}"
        elif origin is dict:
            key_tp, value_tp = get_args(tp)
            key, _, key_meta = _strip(key_tp)
            value, _, value_meta = _strip(value_tp)
            party_key = _constraint(key_meta, "pattern") == PARTY_PATTERN
            first = _scalar(act_name, f"{name}.{'party' if party_key else 'key'}", "party" if party_key else "key", key,
                            key_meta, info=None, required=True, optional=False, parties=all_parties)
            if first is not None and get_origin(value) is dict:
                k2, _, k2_meta = _strip(get_args(value)[0])
                v2, _, v2_meta = _strip(get_args(value)[1])
                second = _scalar(act_name, f"{name}.number", "number", k2, k2_meta, info=None, required=True,
                                 optional=False, parties=all_parties)
                third = _scalar(act_name, f"{name}.ruling", "ruling", v2, v2_meta, info=None, required=True,
                                optional=False, parties=all_parties)
                if second is not None and third is not None:
                    spec.kind, spec.shape, spec.columns = "rows", "map2", [first, second, third]
            elif first is not None and get_origin(value) is list:
                spec.kind, spec.shape = "rows", "maplist"
                spec.columns = [first, Spec(name="numbers", id="numbers", kind="text",
                                            label=_words(act_name, f"{name}.numbers", None)[0],
                                            hint=_words(act_name, f"{name}.numbers", None)[1])]
            elif first is not None:
                second = _scalar(act_name, f"{name}.value", "value", value, value_meta, info=None, required=True,
                                 optional=False, parties=all_parties)
                if second is not None:
                    spec.kind, spec.shape, spec.columns = "rows", "map", [first, second]
            if spec.kind == "rows":
                for column in spec.columns:
                    column.radios = False  # a row stays compact: a select
                spec.item = ITEMS.get(name, "row")
        else:
            spec.example = _example(tp)
        if spec.kind == "structured" and not spec.example:
            spec.example = "key: value"
        if spec.kind == "structured":
            spec.hint = (spec.hint + " " if spec.hint else "") + "Written as in a scenario file, for example:"
        out.append(spec)
    return out


def part_specs(act_name: str, group: str, model: type[BaseModel], *, skip: tuple[str, ...] = ()) -> list[Spec]:
    """The inputs of one part of an act (a nested model: a case's details, a counsel), generated as
    the act's own fields are: each named ``{group}.{field}`` (its path in the act) with the form's id
    ``{group}-{field}``. A field the form cannot lay out as one input is left out."""
    out = []
    for name, info in model.model_fields.items():
        if name in skip:
            continue
        tp, optional, meta = _strip(info.annotation)
        required = info.is_required()
        default = None if required else info.get_default(call_default_factory=True)
        spec = _scalar(act_name, f"{group}.{name}", name, tp, list(info.metadata) + meta, info=info, required=required,
                       optional=optional, parties=[], default=default)
        if spec is not None:
            spec.name, spec.id = f"{group}.{name}", f"{group}-{name}"
            out.append(spec)
    return out


def _columns(act_name: str, group: str, model: type[BaseModel], parties: list[tuple[str, str]]) -> list[Spec] | None:
    columns = []
    for name, info in model.model_fields.items():
        if name == "at":
            continue  # a time of service: the date column says enough on a form
        tp, optional, meta = _strip(info.annotation)
        required = info.is_required()
        default = None if required else info.get_default(call_default_factory=True)
        spec = _scalar(act_name, f"{group}.{name}", name, tp, list(info.metadata) + meta, info=None, required=required,
                       optional=optional, parties=parties, default=default)
        if spec is None and get_origin(tp) is list:  # a list of short texts in a row: one per line
            item, _, item_meta = _strip(get_args(tp)[0])
            if item is str and (_constraint(item_meta, "max_length") or 0) <= LINE:
                label, hint = _words(act_name, f"{group}.{name}", None)
                spec = Spec(name=name, id=name, kind="lines", label=label, hint=hint, required=required)
        if spec is None:
            return None
        spec.radios = False  # a row stays compact: a select
        columns.append(spec)
    return columns


# --- the form's rows ---------------------------------------------------------------------------------


def row_id(spec: Spec, i: int, column: Spec) -> str:
    return f"{spec.id}-{i}" + (f"-{column.id}" if column.id else "")


def count_rows(all_specs: list[Spec], values: dict[str, str]) -> dict[str, int]:
    """The rows of each repeating group as sent (``{id}-rows``), one more where "add another" was
    pressed (``add`` = the group's id)."""
    rows: dict[str, int] = {}
    for spec in all_specs:
        if spec.kind != "rows":
            continue
        try:
            count = int(values.get(f"{spec.id}-rows", "1"))
        except ValueError:
            count = 1
        rows[spec.id] = max(1, min(count, MAX_ROWS))
        if values.get("add") == spec.id and rows[spec.id] < MAX_ROWS:
            rows[spec.id] += 1
    return rows


def blank_values(all_specs: list[Spec]) -> dict[str, str]:
    """The form's starting values: each field's default (a choice's, the first party)."""
    out: dict[str, str] = {}
    for spec in all_specs:
        if spec.kind in ("choice", "party", "int", "text", "date", "time") and spec.default:
            out[spec.id] = spec.default
        elif spec.kind == "bool" and spec.default == "True":
            out[spec.id] = "yes"
    return out


# --- the form -> the act -------------------------------------------------------------------------------


def _int(text: str, field_id: str, label: str) -> int | None:
    text = text.replace(",", "").strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        raise BadInput(f"{label} must be a whole number, like 3 (not {text[:20]!r})", field=field_id)
    return int(text)


def _value(spec: Spec, text: str, field_id: str) -> Any:
    """One input's value for the act, or None when it is empty (the model's default applies)."""
    text = text.strip() if spec.kind != "textarea" else text.strip("\r\n").strip()
    if spec.kind == "bool":
        return True if text else None
    if spec.kind == "int":
        return _int(text, field_id, spec.label.split(" (")[0])
    if spec.kind == "election":
        return _int(text, field_id, spec.label)
    if not text:
        return None
    return text


def data(act_name: str, all_specs: list[Spec], values: dict[str, str], rows: dict[str, int],
         kept: dict[str, list[int]]) -> dict[str, Any]:
    """The act's mapping from the form (without its date: the "When" gives it). ``kept`` is filled
    with the form's row numbers of the rows the act has (blank rows are left out). Raises BadInput
    naming the input for what the form itself cannot read (a number that is not one, a mapping's
    row without its key, a text box that is not written as in a scenario file)."""
    out: dict[str, Any] = {"act": act_name}
    for spec in all_specs:
        if spec.kind == "upload":
            continue  # the file's ref comes with the upload (casefile.web.act_pages)
        if spec.kind == "rows":
            value = _rows_value(spec, values, rows.get(spec.id, 1), kept)
            if value:
                out[spec.name] = value
            elif spec.required:
                first = spec.columns[0]
                raise BadInput(f"Enter at least one {spec.item or 'row'}", field=row_id(spec, 0, first))
            continue
        text = values.get(spec.id, "")
        if spec.kind == "lines":
            items = [line.strip() for line in text.splitlines() if line.strip()]
            if items:
                out[spec.name] = items
            continue
        if spec.kind == "structured":
            if text.strip():
                from casefile.importers.strict_yaml import load_yaml

                try:
                    out[spec.name] = load_yaml(text, source=spec.label)
                except CasefileError as exc:
                    raise BadInput(f"{spec.label} cannot be read: {exc}", field=spec.id) from None
            continue
        if spec.name == "election":
            number = _int(text, spec.id, spec.label)
            if number is not None:
                out["election"] = number
            continue
        value = _value(spec, text, spec.id)
        if value is not None:
            out[spec.name] = value
        elif spec.required and spec.kind in ("text", "textarea"):
            out[spec.name] = ""  # the model says what is missing, on this field
    return out


def _rows_value(spec: Spec, values: dict[str, str], count: int, kept: dict[str, list[int]]) -> Any:
    rows: list[tuple[int, dict[str, str]]] = []
    for i in range(count):
        row = {c.name: values.get(row_id(spec, i, c), "") for c in spec.columns}
        # a row is blank when every column is empty or only at its default (a choice preset)
        typed = [c for c in spec.columns if row[c.name].strip() and not (c.kind in ("choice", "party") and
                                                                          row[c.name] == c.default)]
        if typed:
            rows.append((i, row))
    kept[spec.id] = [i for i, _ in rows]
    if spec.shape == "paragraphs":
        return [row[""].strip() for _, row in rows]
    if spec.shape == "list":
        out = []
        for i, row in rows:
            item = {}
            for c in spec.columns:
                if c.kind == "lines":
                    lines = [line.strip() for line in row[c.name].splitlines() if line.strip()]
                    if lines:
                        item[c.name] = lines
                    continue
                value = _value(c, row[c.name], row_id(spec, i, c))
                if value is not None:
                    item[c.name] = value
                elif c.required and c.kind in ("text", "textarea"):
                    item[c.name] = ""
            out.append(item)
        return out
    mapping: dict[Any, Any] = {}
    for i, row in rows:
        key_col = spec.columns[0]
        key = _value(key_col, row[key_col.name], row_id(spec, i, key_col))
        if key is None:
            raise BadInput(f"{key_col.label}: choose or enter it for each {spec.item}", field=row_id(spec, i, key_col))
        if spec.shape == "map":
            mapping[key] = _value(spec.columns[1], row[spec.columns[1].name], row_id(spec, i, spec.columns[1]))
        elif spec.shape == "maplist":
            col = spec.columns[1]
            numbers = []
            for part in row[col.name].replace(";", ",").split(","):
                number = _int(part, row_id(spec, i, col), "Each objection number")
                if number is not None:
                    numbers.append(number)
            mapping.setdefault(key, []).extend(numbers)
        else:  # map2: party -> number -> ruling
            number_col, ruling_col = spec.columns[1], spec.columns[2]
            number = _value(number_col, row[number_col.name], row_id(spec, i, number_col))
            if number is None:
                raise BadInput(f"Enter the {number_col.label.lower()} of each {spec.item}",
                               field=row_id(spec, i, number_col))
            mapping.setdefault(key, {})[number] = _value(ruling_col, row[ruling_col.name], row_id(spec, i, ruling_col))
    return mapping


def error_field(all_specs: list[Spec], exc: CasefileError, *, values: dict[str, str], kept: dict[str, list[int]]) -> str:
    """The id of the input ``exc`` is about: its ``field`` path, a row's index put back on the row of
    the form it came from; the date (or time) for an untimely act or its date; the form otherwise."""
    path = exc.field or ""
    timed = bool(values.get("time", "").strip())
    if not path:
        return ("time" if timed else "date") if isinstance(exc, Untimely) else "act-form"
    if path in values or ("-" in path and "." not in path):
        return path  # already a form id (the form's own error)
    parts = path.split(".")
    head = parts[0]
    if head in ("date", "on"):
        return "date"
    if head == "at":
        return "time" if timed else "date"
    spec = next((s for s in all_specs if s.name == head), None)
    if spec is None:
        return "act-form"
    if spec.kind != "rows":
        return spec.id
    rows = kept.get(spec.id) or [0]
    first = spec.columns[0]
    if spec.shape in ("list", "paragraphs"):
        if len(parts) > 1 and parts[1].isdigit():
            n = int(parts[1])
            i = rows[n] if n < len(rows) else rows[-1]
            column = next((c for c in spec.columns if len(parts) > 2 and c.name == parts[2]), first)
            return row_id(spec, i, column)
        return row_id(spec, rows[0], first)
    # a mapping: find the row whose key (and number) the path names
    for i in rows:
        if len(parts) > 1 and values.get(row_id(spec, i, first), "").strip() == parts[1]:
            if spec.shape == "map2" and len(parts) > 2:
                number = spec.columns[1]
                if values.get(row_id(spec, i, number), "").strip() == parts[2]:
                    return row_id(spec, i, spec.columns[2])
                continue
            return row_id(spec, i, spec.columns[-1] if len(parts) > 1 and spec.shape != "map2" else first)
    return row_id(spec, rows[0], first)


# --- the act -> the form (a draft opened again) --------------------------------------------------------


def values_of(all_specs: list[Spec], act: dict[str, Any]) -> tuple[dict[str, str], dict[str, int]]:
    """The form's values and rows for an act's mapping (the reverse of :func:`data`)."""
    import yaml

    values: dict[str, str] = {}
    rows: dict[str, int] = {}
    for spec in all_specs:
        if spec.name not in act or act[spec.name] is None:
            if spec.kind == "rows":
                rows[spec.id] = 1
            continue
        value = act[spec.name]
        if spec.kind == "upload":
            continue  # a file is chosen again (a browser never fills a file input)
        if spec.kind == "rows":
            items: list[list[Any]] = []
            if spec.shape == "paragraphs":
                items = [[v] for v in value]
            elif spec.shape == "list":
                items = [[(v or {}).get(c.name, "") for c in spec.columns] for v in value]
            elif spec.shape == "map":
                items = [[k, v] for k, v in dict(value).items()]
            elif spec.shape == "maplist":
                items = [[k, ", ".join(str(n) for n in v)] for k, v in dict(value).items()]
            else:
                items = [[k, n, r] for k, inner in dict(value).items() for n, r in dict(inner).items()]
            for i, item in enumerate(items):
                for column, v in zip(spec.columns, item, strict=False):
                    values[row_id(spec, i, column)] = "" if v is None else str(getattr(v, "value", v))
            rows[spec.id] = max(1, len(items))
        elif spec.kind == "lines":
            values[spec.id] = "\n".join(str(v) for v in value)
        elif spec.kind == "structured":
            values[spec.id] = yaml.safe_dump(value, sort_keys=False, allow_unicode=True, default_flow_style=False)
        elif spec.kind == "bool":
            values[spec.id] = "yes" if value else ""
        else:
            values[spec.id] = str(getattr(value, "value", value))
    return values, rows


def when_of(act: dict[str, Any], zone: str) -> dict[str, str]:
    """The "When" values (date, time at the receiving office) of an act's mapping."""
    from zoneinfo import ZoneInfo

    if act.get("at"):
        at = datetime.fromisoformat(str(act["at"])).astimezone(ZoneInfo(zone))
        return {"date": at.date().isoformat(), "time": at.strftime("%H:%M")}
    return {"date": str(act["date"])} if act.get("date") else {}
