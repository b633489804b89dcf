"""Every problem of an input that does not validate, in words, each with its field path: what a
scenario file, an act's body, a form and an import report (up to :data:`LIMIT`, the rest counted).

A misspelled field is one problem, said as such: an unknown field beside a missing one of a close
name at the same place ("'choises' is not a field here: did you mean 'choices'?"), not "field
'choices': Field required".
"""

from __future__ import annotations

import calendar
import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

#: The most problems named in one answer; the rest are counted ("and 3 more").
LIMIT = 20

_MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                "November", "December")
_WRITTEN_DAY = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})", re.ASCII)
_WRITTEN_US_DAY = re.compile(r"([0-9]{2})/([0-9]{2})/([0-9]{4})", re.ASCII)
_WRITTEN_CLOCK = re.compile(r"([0-9]{2}):([0-9]{2})(?::([0-9]{2}))?", re.ASCII)


def did_you_mean(given: object, choices: Iterable[str], *, cutoff: float = 0.6) -> str:
    """``": did you mean 'file-objections'?"`` when ``given`` is text close to one of ``choices`` (difflib, case
    aside; the closest), else "": what a refusal of an unknown name adds after the name. Display only."""
    if not isinstance(given, str) or not given.strip():
        return ""
    by_fold: dict[str, str] = {}
    for choice in choices:
        by_fold.setdefault(choice.casefold(), choice)
    close = difflib.get_close_matches(given.strip().casefold(), list(by_fold), n=1, cutoff=cutoff)
    return f": did you mean {by_fold[close[0]]!r}?" if close and by_fold[close[0]] != given else ""


def calendar_problem(year: int, month: int, day: int) -> str | None:
    """Why ``year-month-day`` is no day of the calendar, in words ("month must be 1–12", "day must be 1–31",
    "February 2026 has 28 days"), or None when it is one. Display only."""
    if not 1 <= month <= 12:
        return "month must be 1–12"
    if not 1 <= day <= 31:
        return "day must be 1–31"
    last = calendar.monthrange(year, month)[1] if year >= 1 else 31
    if day > last:
        return f"{_MONTH_NAMES[month - 1]} {year} has {last} days"
    if year < 1:
        return "year must be 1 or later"
    return None


def date_problem(text: str, *, written: str = "YYYY-MM-DD") -> str:
    """Why ``text`` is not a date as written ``written`` ("YYYY-MM-DD", or "MM/DD/YYYY" as the NLRB's exports write
    it), for a refusal that names its field before it: "2026-13-01 is not a calendar date (month must be 1–12)",
    "2026-02-30 is not a calendar date (February 2026 has 28 days)", else "'13th March' is not a date (YYYY-MM-DD)".
    An instant's date and clock are told the same way ("hour must be 0–23"). Display only."""
    shown = text.strip()
    us = written == "MM/DD/YYYY"
    match = (_WRITTEN_US_DAY if us else _WRITTEN_DAY).match(shown)
    if match is None:
        return f"{shown[:40]!r} is not a date ({written})"
    month, day, year = (int(g) for g in match.groups()) if us else (int(match[2]), int(match[3]), int(match[1]))
    if (why := calendar_problem(year, month, day)) is not None:
        return f"{shown[:40]} is not a calendar date ({why})"
    rest = shown[match.end():]
    if rest and rest[0] in "T ":
        clock = _WRITTEN_CLOCK.match(rest[1:])
        if clock is not None:
            hour, minute, second = int(clock[1]), int(clock[2]), int(clock[3] or 0)
            why = "hour must be 0–23" if hour > 23 else "minute must be 0–59" if minute > 59 else \
                "second must be 0–59" if second > 59 else None
            if why is not None:
                return f"{shown[:40]} is not a time of day ({why})"
    if rest:
        return f"{shown[:40]!r} is not a date and time (like 2026-03-20T14:00-04:00)"
    return f"{shown[:40]!r} is not a date ({written})"


@dataclass(frozen=True)
class Problem:
    """One problem: the dotted path of its field ("" for the whole input) and what is wrong."""

    path: str
    text: str

    def words(self) -> str:
        return f"field {self.path or 'act'!r}: {self.text}"


def _msg(err: dict[str, Any]) -> str:
    """Pydantic's message in plain words (by its error type); a model's own message as it says it."""
    kind = str(err.get("type", ""))
    ctx = err.get("ctx") or {}
    given = err.get("input")
    shown = f" (not {given[:30]!r})" if isinstance(given, str) and given.strip() else ""
    told = date_problem(given) if isinstance(given, str) and _WRITTEN_DAY.match(given.strip()) else ""
    if kind.startswith(("date_from_datetime", "date_parsing", "date_type", "datetime_", "time_")) \
            and (" calendar date " in told or " time of day " in told):
        return told  # says why: "2026-13-01 is not a calendar date (month must be 1–12)"
    if kind.startswith(("date_from_datetime", "date_parsing", "date_type")):
        return f"must be a real date, like 2026-04-07{shown}"
    if kind.startswith(("datetime_", "time_")):
        return f"must be a real date and time, like 2026-04-07T16:30-05:00{shown}"
    if kind in ("int_parsing", "int_from_float", "int_type", "float_parsing"):
        return f"must be a whole number, like 875{shown}"
    if kind in ("greater_than_equal", "greater_than"):
        return f"must be {ctx.get('ge', ctx.get('gt'))} or more" if kind == "greater_than_equal" else \
            f"must be more than {ctx.get('gt')}"
    if kind in ("less_than_equal", "less_than"):
        return f"must be {ctx.get('le', ctx.get('lt'))} or less" if kind == "less_than_equal" else \
            f"must be less than {ctx.get('lt')}"
    if kind == "string_too_long":
        return f"is too long: at most {ctx.get('max_length')} characters"
    if kind == "string_too_short":
        return "must not be blank" if ctx.get("min_length") == 1 else f"must be at least {ctx.get('min_length')} characters"
    if kind in ("too_long", "too_short"):
        return f"must have at most {ctx.get('max_length')} entries" if kind == "too_long" else \
            f"must have at least {ctx.get('min_length')} {'entry' if ctx.get('min_length') == 1 else 'entries'}"
    if kind in ("literal_error", "enum"):
        hint = did_you_mean(given, re.findall(r"'([^']*)'", str(ctx.get("expected", ""))))
        return f"must be one of {ctx.get('expected')}" + (f" (not {str(given)[:30]!r}{hint})" if shown else "")
    if kind in ("bool_parsing", "bool_type"):
        return "must be yes or no"
    text = str(err.get("msg", "invalid"))
    return text.removeprefix("Value error, ")


def fields_at(model: Any, loc: list[str]) -> list[str]:
    """The field names of the part of ``model`` (a pydantic model class) at ``loc`` (its path
    below the model: a list's index and a mapping's key are stepped over); [] when unknown."""
    from typing import get_args, get_origin

    from pydantic import BaseModel

    def models_in(tp: Any) -> list[Any]:
        if isinstance(tp, type) and issubclass(tp, BaseModel):
            return [tp]
        return [m for arg in get_args(tp) for m in models_in(arg)] if get_origin(tp) is not None else []

    current = [model] if model is not None else []
    for part in loc:
        if part.isdigit() and current:
            continue
        found = []
        for m in current:
            info = m.model_fields.get(part)
            if info is not None:
                found += models_in(info.annotation)
        current = found
    names: list[str] = []
    for m in current:
        names += [info.alias or name for name, info in m.model_fields.items()]
    return names


def problems(errors: list[dict[str, Any]], *, skip: int = 0, strip: tuple[str, ...] = (),
             model: Any = None) -> list[Problem]:
    """The problems of pydantic ``errors`` (``ValidationError.errors()``), in their order. ``skip``
    drops leading parts of each location (a discriminated union's tag); a leading part in ``strip``
    (``body``, the act's name) is dropped too. A misspelling is one problem (see the module); with
    ``model`` (the model validated), an unknown field is told the fields it may be."""
    located: list[tuple[list[str], dict[str, Any]]] = []
    for err in errors:
        loc = [str(p) for p in err.get("loc", ())][skip:]
        while loc and loc[0] in strip:
            loc = loc[1:]
        located.append((loc, err))
    missing = {(tuple(loc[:-1]), loc[-1]) for loc, err in located if err.get("type") == "missing" and loc}
    meant: dict[tuple[str, ...], str] = {}  # the misspelling's location -> the field it means
    for loc, err in located:
        if err.get("type") == "extra_forbidden" and loc:
            siblings = [name for where, name in missing if where == tuple(loc[:-1])]
            close = difflib.get_close_matches(loc[-1], siblings, n=1, cutoff=0.6) or \
                difflib.get_close_matches(loc[-1], fields_at(model, loc[:-1]), n=1, cutoff=0.75)
            if close:
                meant[tuple(loc)] = close[0]
    covered = {(where[:-1], name) for where, name in meant.items()}
    out: list[Problem] = []
    for loc, err in located:
        path = ".".join(loc)
        kind = err.get("type")
        if kind == "missing" and loc and (tuple(loc[:-1]), loc[-1]) in covered:
            continue
        if kind == "extra_forbidden":
            where = ".".join(loc[:-1])
            here = f"of {where!r}" if where else "of the act"
            known = [f for f in fields_at(model, loc[:-1]) if f not in ("act", "source", "uncertain")]
            hint = f": did you mean {meant[tuple(loc)]!r}?" if tuple(loc) in meant else \
                f" (the fields are: {', '.join(known)})" if known else " (leave it out)"
            out.append(Problem(path, f"{(loc[-1] if loc else '')!r} is not a field {here}{hint}"))
        elif kind == "missing":
            out.append(Problem(path, "required, but missing"))
        else:
            out.append(Problem(path, _msg(err)))
    return out


def in_words(found: list[Problem], *, limit: int = LIMIT) -> str:
    """The problems as one line: each "field 'x': what" joined by "; ", at most ``limit`` named
    and the rest counted."""
    shown = [p.words() for p in found[:limit]]
    rest = len(found) - len(shown)
    more = f"; and {rest} more problem{'s' if rest != 1 else ''} (the first {limit} are shown)" if rest > 0 else ""
    lead = f"{len(found)} problems: " if len(found) > 1 else ""
    return lead + "; ".join(shown) + more


def explain(exc: Any, *, skip: int = 0, strip: tuple[str, ...] = (), limit: int = LIMIT,
            model: Any = None) -> tuple[list[Problem], str]:
    """A ValidationError's problems and their line (see :func:`in_words`)."""
    found = problems(exc.errors(), skip=skip, strip=strip, model=model)
    return found, in_words(found, limit=limit)


def as_problem(error: Any, *, field: str | None = None) -> Problem:
    """A refusal (a CasefileError) as one problem: its field path (``field`` when it names none) and its message."""
    return Problem(error.field or field or "", str(error))


def refuse_all(errors: list[Any], *, before: list[Problem] | None = None, limit: int = LIMIT) -> None:
    """Raise every refusal of one input at once: nothing when there is none, a single one as itself (its own
    code and family), several as casefile.errors.SeveralProblems listing each with its field path (after
    ``before``: problems already found, such as the model's own), at most ``limit`` named and the rest counted."""
    from casefile.errors import SeveralProblems

    found = list(before or []) + [as_problem(e) for e in errors]
    if not found:
        return
    if len(found) == 1 and errors:
        raise errors[0]
    said = [p.words() for p in before or []] + [str(e) for e in errors]  # a refusal's message names its field
    shown = said[:limit]
    rest = len(found) - len(shown)
    more = f"; and {rest} more problem{'s' if rest != 1 else ''} (the first {limit} are shown)" if rest > 0 else ""
    raise SeveralProblems(f"{len(found)} problems: " + "; ".join(shown) + more, field=found[0].path or None,
                          problems=found, errors=list(errors))
