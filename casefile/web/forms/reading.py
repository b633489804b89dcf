"""What every special act form reads a sent form with: its values and rows (:class:`Submitted`),
the problems of the form itself (:class:`FormProblem`, :class:`FormProblems`, gathered by
:class:`Found`), its non-blank rows and its whole numbers. Plumbing only: the act's checks are its
model's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from casefile.errors import BadInput


@dataclass(frozen=True)
class FormProblem:
    """One problem of the form itself, at its input (``path``: the form's field id), in words."""

    path: str
    text: str

    def words(self) -> str:
        return self.text


class FormProblems(BadInput):
    """Every problem of a form that cannot be made an act (each a :class:`FormProblem`)."""

    def __init__(self, problems: list[FormProblem]) -> None:
        super().__init__("; ".join(p.text for p in problems), field=problems[0].path if problems else None)
        self.problems = list(problems)


class Found:
    """The problems found while reading a form: each check's BadInput kept, the reading going on."""

    def __init__(self) -> None:
        self.problems: list[FormProblem] = []

    def add(self, text: str, field_id: str) -> None:
        self.problems.append(FormProblem(field_id, text))

    def int(self, text: str, field_id: str, what: str) -> int | None:
        try:
            return whole_number(text, field_id, what)
        except BadInput as exc:
            self.add(str(exc), field_id)
            return None

    def done(self) -> None:
        if self.problems:
            raise FormProblems(self.problems)


@dataclass
class Submitted:
    """A form as sent: its values by field id, its rows per group, and the row of the form each
    row of the act came from (group -> list of form row numbers)."""

    values: dict[str, str]
    rows: dict[str, int]
    kept: dict[str, list[int]] = field(default_factory=dict)

    def get(self, key: str) -> str:
        return self.values.get(key, "")


def row_value(sub: Submitted, group: str, i: int, name: str) -> str:
    """The value of column ``name`` ("" for a one-value row) of row ``i`` of ``group``, stripped."""
    key = f"{group}-{i}" if name == "" else f"{group}-{i}-{name}"
    return sub.get(key).strip()


def rows(sub: Submitted, group: str, columns: tuple[str, ...]) -> list[tuple[int, dict[str, str]]]:
    """The non-blank rows of ``group`` (each of ``columns``): (form row number, {column: value});
    the form row numbers kept in ``sub.kept[group]``."""
    out = []
    for i in range(sub.rows.get(group, 0)):
        row = {n: row_value(sub, group, i, n) for n in columns}
        if any(row.values()):
            out.append((i, row))
    sub.kept[group] = [i for i, _ in out]
    return out


def whole_number(text: str, field_id: str, what: str) -> int | None:
    """``text`` as a whole number (commas allowed), None when blank. Raises BadInput (``field_id``)
    naming ``what`` for anything else."""
    text = text.replace(",", "").strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        raise BadInput(f"{what} must be a whole number, like 875 (not {text[:20]!r})", field=field_id)
    return int(text)


def moment(day: date | None, at: datetime | None) -> dict[str, Any]:
    """The act's ``at`` (a receipt instant), else its ``date``, else nothing."""
    if at is not None:
        return {"at": at.isoformat()}
    return {"date": day.isoformat()} if day is not None else {}


def stripped(sub: Submitted, key: str) -> str:
    return sub.get(key).strip()
