"""The lines of the Tally of Ballots form: each line's number and words, one table for the Tally of Ballots
casefile issues, the CLI's help and the web's tally form (each names a line by the number the issued form
prints).

The form numbers its lines in order: 1 approximate number of eligible voters, 2 void ballots, then one line
of votes for each labor organization on the ballot (in ballot order), the votes against participating labor
organization(s) (none on a runoff ballot between two labor organizations), the valid votes counted (the sum
of the vote lines), the challenged ballots, the valid votes counted plus challenged ballots, and the two
statements: challenges are / are not sufficient in number to affect the results, and a majority of the
valid votes counted plus challenged ballots has / has not been cast. On a one-union ballot: lines 1 to 9.

Authority: 29 CFR 102.69(a) (the tally of ballots served on the parties); Form NLRB-760 as reconstructed in
rules.md R-C2, which numbers the same lines one higher (its line 1 is the caption).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

ONE_UNION = ("the labor organization",)
"""The ballot a line number is given for when no ballot is at hand (help texts): one labor organization."""


@dataclass(frozen=True)
class FormLine:
    """One line of the tally form: its number as printed, its key (the tally field it holds: ``eligible``,
    ``void``, ``choice``, ``against``, ``valid``, ``challenged``, ``valid_plus_challenged``, ``determinative``,
    ``majority``) and its words ("Number of challenged ballots")."""

    number: int
    key: str
    words: str


@dataclass(frozen=True)
class TallyForm:
    """The lines of one ballot's tally form (``against`` None on a ballot without a "no union" choice)."""

    eligible: FormLine
    void: FormLine
    choices: tuple[FormLine, ...]
    against: FormLine | None
    valid: FormLine
    challenged: FormLine
    valid_plus_challenged: FormLine
    determinative: FormLine
    majority: FormLine

    @property
    def lines(self) -> tuple[FormLine, ...]:
        """Every line, in the form's order."""
        return (self.eligible, self.void, *self.choices, *((self.against,) if self.against else ()), self.valid,
                self.challenged, self.valid_plus_challenged, self.determinative, self.majority)

    def line(self, key: str) -> FormLine:
        """The line holding ``key`` (the first labor organization's for ``choice``). Raises KeyError."""
        for found in self.lines:
            if found.key == key:
                return found
        raise KeyError(key)


def _sum(first: int, last: int) -> str:
    return f"lines {first} and {last}" if last == first + 1 else f"lines {first} through {last}"


def tally_form(choices: Sequence[str] = ONE_UNION, *, against: bool = True) -> TallyForm:
    """The form's lines for a ballot naming ``choices`` (the labor organizations, in ballot order; at least
    one) with or without a "no union" choice (``against``). Raises ValueError for a ballot with no labor
    organization. Authority: 29 CFR 102.69(a); rules.md R-C2."""
    if not choices:
        raise ValueError("a tally form needs at least one labor organization on the ballot")
    votes = tuple(FormLine(3 + i, "choice", f"Number of votes cast for {name}") for i, name in enumerate(choices))
    n = 3 + len(choices)
    against_line = FormLine(n, "against", "Number of votes cast against participating labor organization(s)") if against else None
    valid = n + (1 if against else 0)
    return TallyForm(
        eligible=FormLine(1, "eligible", "Approximate number of eligible voters"),
        void=FormLine(2, "void", "Number of void ballots"),
        choices=votes, against=against_line,
        valid=FormLine(valid, "valid", f"Number of valid votes counted (sum of {_sum(3, valid - 1)})"),
        challenged=FormLine(valid + 1, "challenged", "Number of challenged ballots"),
        valid_plus_challenged=FormLine(valid + 2, "valid_plus_challenged",
                                       f"Number of valid votes counted plus challenged ballots (sum of lines {valid} and {valid + 1})"),
        determinative=FormLine(valid + 3, "determinative", "Challenges are / are not sufficient in number to affect the results"),
        majority=FormLine(valid + 4, "majority", f"A majority of the valid votes counted plus challenged ballots (line {valid + 2}) "
                                                 "has / has not been cast"),
    )


def line_hint(key: str) -> str:
    """Where a tally field stands on the form, for a help text or a form's hint that has no ballot at hand:
    "line 1"; the vote lines "line 3, one line per labor organization in ballot order"; a line after them
    "line 6 on a one-union ballot, one line later per further labor organization". Raises KeyError."""
    form = tally_form()
    number = form.line(key).number
    if key in ("eligible", "void"):
        return f"line {number}"
    if key == "choice":
        return f"line {number}, one line per labor organization in ballot order"
    return f"line {number} on a one-union ballot, one line later per further labor organization"
