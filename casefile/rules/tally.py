"""The tally of ballots: its derived lines and statements, their checks, and the analysis of a tally.

Line numbers are those printed on the Tally of Ballots casefile issues, which follow the NLRB form:
1 eligible voters, 2 void ballots, 3 votes for each labor organization, 4 votes against, 5 valid votes
counted, 6 challenged ballots, 7 valid votes counted plus challenged ballots, 8 "challenges are / are
not sufficient in number to affect the results", 9 "a majority ... has / has not been cast for ...".
(rules.md R-C2 numbers the same lines one higher: its line 1 is the caption.)

This module is the public face of the tally rules: it re-exports :class:`TallyCounts`,
:class:`Outcome`, ``AGAINST``, ``MAX_COUNT`` (the largest count accepted: 1,000,000), :func:`validate_tally`, :func:`outcome_of_count`
(``casefile.rules.outcome``) and :func:`reachable_outcomes`, :func:`is_determinative`
(``casefile.rules.determinative``).

Errors raised here are :class:`~casefile.errors.InvalidTally` with ``line`` set to the name of the
field at fault: ``"choices"``, ``"against"``, ``"challenged"``, ``"void"``, ``"eligible"``,
``"eligible_exact"``, ``"runoff_ballot"``, ``"valid"``, ``"valid_plus_challenged"``,
``"ballots_cast"``, ``"determinative"``, ``"majority_for"``, or an unknown input key; the message
names the form line.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from casefile.errors import InvalidTally
from casefile.rules.determinative import (
    is_determinative,
    one_union_determinative,
    reachable_outcomes,
    reachable_outcomes_enumerated,
)
from casefile.rules.outcome import (
    AGAINST,
    MAX_COUNT,
    PENDING_OUTCOME,
    Ballot,
    Outcome,
    TallyCounts,
    outcome_of_count,
    validate_tally,
)

__all__ = [
    "AGAINST",
    "MAX_COUNT",
    "Outcome",
    "TallyAnalysis",
    "TallyCounts",
    "analyze_tally",
    "check_stated_lines",
    "is_determinative",
    "majority_cast_for",
    "one_union_determinative",
    "outcome_of_count",
    "reachable_outcomes",
    "reachable_outcomes_enumerated",
    "stated_line_problems",
    "tally_from_mapping",
    "turnout_refusal",
    "validate_tally",
]


class _Unstated:
    """Marker for a statement that the input does not make (``None`` means "has not been cast")."""

    def __repr__(self) -> str:
        return "UNSTATED"


UNSTATED: Final = _Unstated()


@dataclass(frozen=True)
class TallyAnalysis:
    """Everything derived from a tally's counts (R-C2 lines 6-10, R-C3, R-E3).

    ``outcome`` is ``PENDING`` when the challenges are determinative, else the outcome of the count;
    ``reachable`` lists every outcome reachable by resolving the challenges, in a stable order
    (REP, RESULTS, RUNOFF, NULLITY_RERUN; then ballot order). ``warnings`` are plain sentences.
    """

    counts: TallyCounts
    valid: int
    valid_plus_challenged: int
    ballots_cast: int
    determinative: bool
    majority_for: str | None
    outcome: Outcome
    reachable: tuple[Outcome, ...]
    warnings: tuple[str, ...]

    @property
    def challenges_statement(self) -> str:
        """Line 9 of the tally, as a sentence."""
        are = "are" if self.determinative else "are not"
        return f"Challenges {are} sufficient in number to affect the results of the election."

    @property
    def majority_statement(self) -> str:
        """Line 10 of the tally, as a sentence."""
        if self.majority_for is not None:
            return f"A majority of the valid votes counted plus challenged ballots has been cast for {self.majority_for}."
        names = self.counts.union_names
        whom = names[0] if len(names) == 1 else "any labor organization"
        return f"A majority of the valid votes counted plus challenged ballots has not been cast for {whom}."


def majority_cast_for(counts: TallyCounts) -> str | None:
    """Line 10: the labor organization with more than half of the valid votes plus challenged ballots.

    Args:
        counts: the tally (validated here).

    Returns:
        The union's name when ``2 * votes(u) > valid + challenged`` (it wins however the challenges
        are resolved), else ``None`` ("has not been cast"). "Against" is never named.

    Raises:
        InvalidTally: the counts are invalid.

    Authority: 29 CFR 102.69(a)(7); rules.md R-C2 line 9, R-C3.
    """
    validate_tally(counts)
    denominator = counts.valid_plus_challenged
    for name, votes in counts.choices:
        if 2 * votes > denominator:
            return name
    return None


def check_stated_lines(
    counts: TallyCounts,
    *,
    valid: int | None = None,
    valid_plus_challenged: int | None = None,
    determinative: bool | None = None,
    majority_for: str | bool | _Unstated | None = UNSTATED,
    ballots_cast: int | None = None,
) -> None:
    """Refuse a transcribed tally whose stated lines disagree with its counts: the first of
    :func:`stated_line_problems` (which says every one), raised.

    Raises:
        InvalidTally: the counts are invalid, or a stated line differs from the computation; ``line``
            is the keyword of the first line that disagrees, and the message gives both values.

    Authority: 29 CFR 102.69(a)(7); rules.md R-C2, R-C3, R-E3, §6.2 (A2, A3).
    """
    found = stated_line_problems(counts, valid=valid, valid_plus_challenged=valid_plus_challenged,
                                 determinative=determinative, majority_for=majority_for, ballots_cast=ballots_cast)
    if found:
        raise found[0]


def stated_line_problems(
    counts: TallyCounts,
    *,
    valid: int | None = None,
    valid_plus_challenged: int | None = None,
    determinative: bool | None = None,
    majority_for: str | bool | _Unstated | None = UNSTATED,
    ballots_cast: int | None = None,
) -> list[InvalidTally]:
    """Every stated line of a transcribed tally that disagrees with its counts, in the form's order (each an
    InvalidTally, not raised: :func:`check_stated_lines` raises the first).

    Args:
        counts: the tally's counts (validated here).
        valid: stated line 5, or ``None`` when not stated.
        valid_plus_challenged: stated line 7, or ``None``.
        determinative: stated line 8 (``True`` = "are sufficient"), or ``None``.
        majority_for: stated line 9: a union's name, or ``True`` for "has been cast" without a name,
            ``None``/``False`` for "has not been cast"; leave it out when not stated.
        ballots_cast: a stated total of ballots cast (valid + void + challenged), or ``None``.

    Returns:
        One InvalidTally per line that differs from the computation (``line`` its keyword, the message both values).

    Raises:
        InvalidTally: the counts themselves are invalid.

    Authority: 29 CFR 102.69(a)(7); rules.md R-C2, R-C3, R-E3, §6.2 (A2, A3).
    """
    validate_tally(counts)
    out: list[InvalidTally] = []
    for line, form_line, unit, stated, computed in (
        ("valid", "line 5 (valid votes counted)", "valid", valid, counts.valid),
        (
            "valid_plus_challenged",
            "line 7 (valid votes counted plus challenged ballots)",
            "valid plus challenged",
            valid_plus_challenged,
            counts.valid_plus_challenged,
        ),
        ("ballots_cast", "ballots cast (valid + void + challenged)", "ballots cast", ballots_cast, counts.ballots_cast),
    ):
        if stated is None:
            continue
        if isinstance(stated, bool) or not isinstance(stated, int):
            out.append(InvalidTally(f"{form_line}: stated {_repr(stated)} is not a whole number", line=line))
            continue
        if stated != computed:
            out.append(InvalidTally(f"{form_line}: stated {_shown(stated)}, but the counts give {computed} {unit}", line=line))
    if determinative is not None and not isinstance(determinative, bool):
        out.append(InvalidTally(
            f"line 8 (challenges sufficient to affect the results): stated {_repr(determinative)} is not true or false",
            line="determinative",
        ))
    elif determinative is not None and determinative != is_determinative(counts):
        said, must = ("are", "are not") if determinative else ("are not", "are")
        out.append(InvalidTally(
            f"line 8: the tally says challenges {said} sufficient to affect the results, "
            f"but {counts.challenged} challenged ballot(s) {must} (29 CFR 102.69(a))",
            line="determinative",
        ))
    if not isinstance(majority_for, _Unstated):
        try:
            _check_majority(counts, majority_for)
        except InvalidTally as exc:
            out.append(exc)
    return out


def _check_majority(counts: TallyCounts, majority_for: str | bool | None) -> None:
    """Refuse a stated line 9 that disagrees with the counts."""
    computed_majority = majority_cast_for(counts)
    if majority_for is True:
        agrees = computed_majority is not None
    elif majority_for is None or majority_for is False:
        agrees = computed_majority is None
    elif isinstance(majority_for, str):
        if majority_for not in counts.union_names:
            raise InvalidTally(f"line 9: {_repr(majority_for)} is not a labor organization on the ballot", line="majority_for")
        agrees = computed_majority == majority_for
    else:
        raise InvalidTally(
            f"line 9: stated {_repr(majority_for)} is neither a labor organization nor true/false", line="majority_for"
        )
    if not agrees:
        computed_text = (
            f"has been cast for {computed_majority}" if computed_majority else "has not been cast for any labor organization"
        )
        raise InvalidTally(
            f"line 9: stated majority {_repr(majority_for)} disagrees with the counts: a majority of the valid votes "
            f"plus challenged ballots ({counts.valid_plus_challenged}) {computed_text}",
            line="majority_for",
        )


def analyze_tally(counts: TallyCounts) -> TallyAnalysis:
    """Derive every line of a tally of ballots and its outcome.

    Args:
        counts: the tally's counts (validated here).

    Returns:
        A :class:`TallyAnalysis`: lines 6 and 8, ballots cast, line 8 (determinative, R-E3), line 10
        (majority), the outcome (``PENDING`` when determinative, R-D5), the reachable outcomes, and
        warnings: ballots cast above the eligible count (R-C3: warn, do not refuse), and a tie for
        first with a zero-vote choice while the eligible count is not confirmed exact (R-P5 cannot be
        applied; a runoff is assumed).

    Raises:
        InvalidTally: the counts are invalid.

    Authority: 29 CFR 102.69(a)(7), 102.70; rules.md R-C2, R-C3, R-D1-R-D5, R-E3-R-E6, R-P1-R-P6.
    """
    validate_tally(counts)
    ballot = Ballot.of(counts)
    reachable = tuple(sorted(reachable_outcomes(counts), key=ballot.sort_key))
    determinative = len(reachable) > 1
    return TallyAnalysis(
        counts=counts,
        valid=counts.valid,
        valid_plus_challenged=counts.valid_plus_challenged,
        ballots_cast=counts.ballots_cast,
        determinative=determinative,
        majority_for=majority_cast_for(counts),
        outcome=PENDING_OUTCOME if determinative else reachable[0],
        reachable=reachable,
        warnings=_warnings(counts, ballot),
    )


def _warnings(counts: TallyCounts, ballot: Ballot) -> tuple[str, ...]:
    warnings: list[str] = []
    if counts.eligible is not None and counts.ballots_cast > counts.eligible:
        kind = "exact" if counts.eligible_exact else "approximate"
        warnings.append(
            f"ballots cast ({counts.ballots_cast}: {counts.valid} valid, {counts.void} void, {counts.challenged} challenged) "
            f"exceed the {kind} number of eligible voters ({counts.eligible}); check line 1"
        )
    votes = Ballot.votes_of(counts)
    if not counts.eligible_exact and not ballot.two_choice:
        top = max(votes)
        if top > 0 and votes.count(top) >= 2 and min(votes) == 0 and 2 * top <= sum(votes):
            warnings.append(
                "choices tie for first and another choice received no votes: if every eligible voter cast a valid "
                "ballot, 102.70(d) calls for a Certification of Results, not a runoff; the eligible count is not "
                "confirmed exact, so the zero-vote exception was not applied (29 CFR 102.70(d))"
            )
    return tuple(warnings)


# ---- ballots counted against the eligible voters ---------------------------------------------------

#: How many times the approximate number of eligible voters (line 1) the ballots counted unchallenged may reach
#: before the tally is refused: casefile's bound, not a number of the Board's rules (see :func:`turnout_refusal`).
TURNOUT_BOUND = 2


def turnout_refusal(counts: TallyCounts) -> InvalidTally | None:
    """The refusal of a tally that counted more ballots unchallenged than its eligible voters can explain, or None.

    Line 1 of the Tally of Ballots is the number of eligible voters: the names on the voter list (102.62(d)). A
    person whose name is not on the list votes subject to challenge (102.69(a): the Board agent or a party
    challenges for good cause), so ballots cast may exceed line 1 by the challenged ballots (line 6); the valid
    votes counted (line 5) and the void ballots (line 2) were counted unchallenged, from voters on the list. The
    figure is approximate (R-C3: "approximate number of eligible voters"; the list changes up to the count), and
    real tallies show it: of the 566 real tallies casefile reads from the samples it ships (275 of the 276 of the
    NLRB's FOIA release 2017-2021, 291 of the 300 of its Recent Election Results export), 4 counted more ballots
    unchallenged than line 1, the most 54 against 40 (19-RC-204655, 2017: 1.35 times line 1) — so "valid + void
    <= eligible" is not the rule. What no approximation explains is an
    eligible count off by more than itself: more than :data:`TURNOUT_BOUND` times line 1 counted unchallenged
    (655 ballots against 100 eligible voters is a slip in line 1 or in the votes). Up to that, ballots cast above
    line 1 are a warning (:func:`analyze_tally`); an *exact* eligible count is held to valid + void <= eligible
    by :func:`validate_tally`.

    Args:
        counts: a tally of an election as counted (initial, rerun or runoff; not a revised tally, whose valid
            votes include challenged ballots opened, of voters who may not be on the list).

    Returns:
        An :class:`InvalidTally` (``line`` ``"eligible"``) naming the counts, or None (eligible count unknown,
        or within the bound).

    Authority: 29 CFR 102.62(d), 102.69(a), (a)(7); rules.md R-C2 lines 2-8, R-C3.
    """
    if counts.eligible is None:
        return None
    unchallenged = counts.valid + counts.void
    bound = TURNOUT_BOUND * counts.eligible
    if unchallenged <= bound:
        return None
    return InvalidTally(
        f"line 1 (eligible voters): {unchallenged:,} ballots were counted unchallenged ({counts.valid:,} valid votes, "
        f"{counts.void:,} void ballots) against {counts.eligible:,} eligible voters: a voter not on the eligibility list "
        f"votes a challenged ballot (line 6: {counts.challenged:,}), and an approximate count is never off by more than "
        f"itself (at most {bound:,} counted unchallenged for {counts.eligible:,} eligible voters); check line 1 and the "
        "votes as the tally gives them",
        line="eligible", field="eligible",
    )


# ---- building a tally from plain data (YAML / JSON) -------------------------------------------------

_COUNT_KEYS = ("against", "challenged", "void", "eligible")
_FLAG_KEYS = ("eligible_exact", "runoff_ballot")
_STATED_KEYS = ("valid", "valid_plus_challenged", "determinative", "majority_for", "ballots_cast")
_KNOWN_KEYS = frozenset({"choices", *_COUNT_KEYS, *_FLAG_KEYS, *_STATED_KEYS})


def tally_from_mapping(data: Mapping[str, object]) -> TallyCounts:
    """Build a validated :class:`TallyCounts` from plain data, such as a YAML or JSON tally.

    Args:
        data: a mapping with ``choices`` (required: a mapping ``{name: votes}`` in ballot order, or a
            list of ``{"name": ..., "votes": ...}`` or ``[name, votes]``), ``against`` (omit or null
            only on a runoff ballot between two unions), and optionally ``challenged``, ``void``,
            ``eligible`` (counts, default 0/0/unknown), ``eligible_exact``, ``runoff_ballot``
            (true/false). Counts are ``int`` (not ``bool``) from 0 to :data:`MAX_COUNT`, or text as
            printed on the form: ASCII digits without leading zeros (``"738"``), optionally grouped
            by thousands (``"1,798"``, exactly ``[1-9][0-9]{0,2}(,[0-9]{3})+``). ``"045"`` (read as
            octal 37 by YAML 1.1), ``"1,0,0"``, ``"1 798"``, ``"-3"`` and ``"7.0"`` are refused. Lines transcribed from the form may be given too — ``valid``,
            ``valid_plus_challenged``, ``ballots_cast``, ``determinative``, ``majority_for`` — and are
            checked against the counts (:func:`check_stated_lines`). The data is a tally as counted (never a
            revised one): more ballots counted unchallenged than its eligible voters explain is refused
            (:func:`turnout_refusal`).

    Returns:
        The validated counts.

    Raises:
        InvalidTally: the data is not a mapping, has an unknown key, a value of the wrong type, invalid
            counts, a turnout no eligible count explains, or a stated line that disagrees; ``line`` names the key.

    Authority: 29 CFR 102.62(d), 102.69(a)(7); rules.md R-C2, R-C3, §6.2.
    """
    if not isinstance(data, Mapping):
        raise InvalidTally(f"a tally must be a mapping of its lines, got {type(data).__name__}", line="tally")
    unknown = sorted(key[:60] if isinstance(key, str) else _repr(key) for key in data if key not in _KNOWN_KEYS)
    if unknown:
        more = f" and {len(unknown) - 5} more" if len(unknown) > 5 else ""
        raise InvalidTally(
            f"unknown tally key(s) {', '.join(unknown[:5])}{more}; expected some of {', '.join(sorted(_KNOWN_KEYS))}",
            line=unknown[0],
        )
    if "choices" not in data:
        raise InvalidTally("line 3: 'choices' (votes for each labor organization) is required", line="choices")
    counts = TallyCounts(
        choices=_choices_from(data["choices"]),
        against=_optional_count(data, "against"),
        challenged=_optional_count(data, "challenged") or 0,
        void=_optional_count(data, "void") or 0,
        eligible=_optional_count(data, "eligible"),
        eligible_exact=_flag(data, "eligible_exact"),
        runoff_ballot=_flag(data, "runoff_ballot"),
    )
    validate_tally(counts)
    if (refusal := turnout_refusal(counts)) is not None:
        raise refusal
    stated: dict[str, object] = {key: data[key] for key in _STATED_KEYS if key in data}
    if stated:
        if "determinative" in stated and not isinstance(stated["determinative"], bool):
            raise InvalidTally(
                f"line 8: 'determinative' must be true or false, got {_repr(stated['determinative'])}", line="determinative"
            )
        check_stated_lines(
            counts,
            valid=_stated_count(stated, "valid"),
            valid_plus_challenged=_stated_count(stated, "valid_plus_challenged"),
            ballots_cast=_stated_count(stated, "ballots_cast"),
            determinative=stated.get("determinative"),  # type: ignore[arg-type]  # checked above
            majority_for=stated.get("majority_for", UNSTATED),  # type: ignore[arg-type]  # checked by check_stated_lines
        )
    return counts


def _choices_from(raw: object) -> tuple[tuple[str, int], ...]:
    pairs: list[tuple[object, object]] = []
    if isinstance(raw, Mapping):
        pairs = list(raw.items())
    elif isinstance(raw, list | tuple):
        for position, item in enumerate(raw, start=1):
            if isinstance(item, Mapping):
                extra = set(item) - {"name", "votes"}
                if extra or "name" not in item or "votes" not in item:
                    raise InvalidTally(f"line 3, choice {position}: expected {{name, votes}}, got {_repr(dict(item))}", line="choices")
                pairs.append((item["name"], item["votes"]))
            elif isinstance(item, list | tuple) and len(item) == 2:
                pairs.append((item[0], item[1]))
            else:
                raise InvalidTally(
                    f"line 3, choice {position}: expected {{name, votes}} or [name, votes], got {_repr(item)}", line="choices"
                )
    else:
        raise InvalidTally(f"line 3: 'choices' must map each labor organization to its votes, got {_repr(raw)}", line="choices")
    result: list[tuple[str, int]] = []
    for name, votes in pairs:
        if not isinstance(name, str):
            raise InvalidTally(f"line 3: a labor organization's name must be text, got {_repr(name)}", line="choices")
        result.append((name, _as_count(votes, f"line 3 (votes for {name})", "choices")))
    return tuple(result)


#: How messages name the line of the form each key gives (numbered as on the issued tally).
_FORM_LINES = {
    "eligible": "line 1 (eligible voters)",
    "void": "line 2 (void ballots)",
    "against": "line 4 (votes against)",
    "valid": "stated line 5 (valid votes counted)",
    "challenged": "line 6 (challenged ballots)",
    "valid_plus_challenged": "stated line 7 (valid votes counted plus challenged ballots)",
    "ballots_cast": "stated ballots cast",
}


def _optional_count(data: Mapping[str, object], key: str) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    return _as_count(value, _FORM_LINES[key], key)


def _stated_count(stated: Mapping[str, object], key: str) -> int | None:
    value = stated.get(key)
    if value is None:
        return None
    return _as_count(value, _FORM_LINES[key], key)


#: A count written as on the form: plain digits without a leading zero, or grouped by thousands.
_WRITTEN_COUNT = re.compile(r"0|[1-9][0-9]{0,6}|[1-9][0-9]{0,2}(?:,[0-9]{3}){1,2}", re.ASCII)


def _as_count(value: object, where: str, line: str) -> int:
    """An int count as given (bounds checked by validate_tally), or a written count read by _WRITTEN_COUNT."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str):
        text = value.strip()
        if _WRITTEN_COUNT.fullmatch(text):
            return int(text.replace(",", ""))
        if text.isascii() and text.replace(",", "").isdigit() and len(text) > 9:
            raise InvalidTally(f"{where}: {text[:20]!r}... is more than {MAX_COUNT:,}, the most ballots casefile accepts "
                               "in one count", line=line)
        raise InvalidTally(
            f"{where}: {_repr(value)} is not a count of ballots: write digits without a leading zero, "
            "optionally grouped by thousands as on the form (1798 or 1,798)",
            line=line,
        )
    raise InvalidTally(f"{where}: expected a count of ballots, got {_repr(value)}", line=line)


def _shown(value: int) -> str:
    return str(value) if value.bit_length() < 64 else "a number of 19 digits or more"


def _repr(value: object) -> str:
    """``repr(value)`` for a message, at most 60 characters (and never failing on a huge integer)."""
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # an int past Python's 4,300-digit limit, or nesting too deep
        return f"<a {type(value).__name__} too large to show>"
    return text if len(text) <= 60 else text[:57] + "..."


def _flag(data: Mapping[str, object], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise InvalidTally(f"'{key}' must be true or false, got {_repr(value)}", line=key)
    return value
