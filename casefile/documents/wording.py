"""The words documents use, in one place: deadline nouns, clock times and long dates as the Agency
writes them, stage and outcome names, election ordinals, and the clean-up of text taken from the
record (ISO dates in prose, the software's own rule references in citations).

Pure functions, no I/O. Every document context is built with these (``casefile.documents.kinds``)
and the templates print them through the filters of ``casefile.documents.render``.

House style followed (NLRB forms and decisions): "11:59 p.m. EDT" (never seconds), "April 16, 2021",
"a second election", "29 CFR 102.69(a)(8)"; citations name only 29 CFR, the Act and the NLRB
Casehandling Manual, never ``rules.md`` or its R-numbers.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from casefile.rules.act_names import ACT_WORDS
from casefile.rules.calendar import month_day
from casefile.rules.chronology import long_date
from casefile.rules.deadline_names import DEADLINE_NAMES
from casefile.rules.record_words import instant as instant  # the record's text in words: one home
from casefile.rules.record_words import legal_citation as legal_citation
from casefile.rules.record_words import prose_dates as prose_dates
from casefile.rules.record_words import record_text as record_text
from casefile.rules.stage_words import STAGE_NAMES as STAGE_NAMES  # each stage in words: one table (casefile.rules.stage_words)
from casefile.vocab import DeadlineKind, ElectionKind, FilingMethod, ServiceMethod, Stage, ordinal

DEADLINE_NOUNS: dict[DeadlineKind, str] = {kind: name.title for kind, name in DEADLINE_NAMES.items()}
"""What each deadline is called on a document, a page and the command line (a table's "What" column,
a sentence's subject): the titles of the one table of deadline names (casefile.rules.deadline_names)."""


def deadline_kind_named(text: str) -> DeadlineKind:
    """The kind of deadline ``text`` names: its slug ("earliest-certification"), its name
    (:data:`DEADLINE_NOUNS`, or the noun of casefile.rules.deadlines.NOUNS: "certification"), or an
    unambiguous beginning of one of them ("cert", "hearing"), case and hyphens aside. Raises
    UnknownRecord (field ``kind``) naming the kinds, or the ones an ambiguous beginning fits."""
    from casefile.errors import UnknownRecord
    from casefile.rules.deadlines import NOUNS

    def norm(words: str) -> str:
        return " ".join(words.lower().replace("-", " ").replace("'", "").split())

    names = {k: {norm(k.value), norm(DEADLINE_NOUNS[k]), norm(DEADLINE_NOUNS[k].split(" (")[0]), norm(NOUNS[k])}
             for k in DeadlineKind}
    asked = norm(text)
    exact = [k for k, said in names.items() if asked in said]
    fits = exact or ([k for k, said in names.items() if any(n.startswith(asked) for n in said)] if asked else [])
    if len(fits) == 1:
        return fits[0]
    listed = fits if fits else list(DeadlineKind)
    words = "; ".join(f"{k.value} ({DEADLINE_NOUNS[k]})" for k in listed)
    if fits:
        raise UnknownRecord(f"{text[:60]!r} could be more than one kind of deadline: {words}", field="kind")
    from casefile.validation import did_you_mean

    hint = did_you_mean(text, [k.value for k in DeadlineKind])
    raise UnknownRecord(f"{text[:60]!r} is not a kind of deadline{hint} (kinds: {words})", field="kind")


SET_ASIDE_STAGES = frozenset({Stage.SET_ASIDE, Stage.RERUN_DIRECTED})
"""Stages in which the election's tally no longer decides anything: the election was set aside."""

ACT_NAMES: dict[str, str] = {act: name.done for act, name in ACT_WORDS.items()}
"""A docket act in words (the status report's docket, the web's docket); every act has one (act_name): the docket's
column of the one table of act names (casefile.rules.act_names)."""


NOT_EXACT = "(the exact date is not in the public record)"


def on_date(day: date | str, public: bool = True, *, start: bool = False) -> str:
    """"on April 7, 2022", or, for a date the record holds but the public record does not show (a field's
    ``date_public`` / ``received_on_public`` False: recorded on the last day it could have been),
    "on or before April 7, 2022 (the exact date is not in the public record)"; ``start`` capitalizes."""
    if isinstance(day, str):  # a placeholder
        words = f"on {day}"
    else:
        words = f"on {long_date(day)}" if public else f"on or before {long_date(day)} {NOT_EXACT}"
    return words[0].upper() + words[1:] if start else words


def act_name(act: str) -> str:
    """A docket entry's act in words ("request-extension" -> "Request for extension of time"); an act with a
    stage after a colon ("board-ruling:closed") by its act. Never a slug: an act missing from ACT_NAMES is a
    bug the wording tests catch, and reads with its dashes as spaces meanwhile."""
    from casefile.record.workflow import DocketAct

    head = DocketAct.parse(act).name
    return ACT_NAMES.get(head) or head.replace("-", " ").capitalize()

SERVICE_MANNERS: dict[ServiceMethod, str] = {
    ServiceMethod.E_FILING: "E-Filing", ServiceMethod.EMAIL: "Electronic mail", ServiceMethod.MAIL: "First-class mail",
    ServiceMethod.OVERNIGHT: "Overnight delivery", ServiceMethod.HAND: "Hand delivery", ServiceMethod.FAX: "Facsimile",
}
"""The manner of service as a certificate of service states it (29 CFR 102.5(h))."""

def election_name(sequence: int, kind: ElectionKind | None = None) -> str:
    """An election of a case's chain by its place in it: "First election", "Second election (rerun)",
    "Third election (runoff)". ``sequence`` is 1 for the case's first election."""
    name = f"{ordinal(sequence).capitalize()} election"
    if kind is not None and kind is not ElectionKind.INITIAL:
        name += f" ({kind.value.replace('-', ' ')})"
    return name


def next_election(sequence: int) -> str:
    """What setting aside the ``sequence``-th election of the chain directs: "a second election",
    "a third election" (29 CFR 102.69(c); the Agency numbers elections along the chain)."""
    return f"a {ordinal(sequence + 1)} election"


def direction_title(sequence: int) -> str:
    """The title of the decision directing election number ``sequence`` of the chain (``sequence`` ≥ 2):
    "Decision and Direction of Second Election", "... of Third Election"."""
    if sequence < 2:
        raise ValueError("the first election is directed by a Decision and Direction of Election, not a rerun direction")
    return f"Decision and Direction of {ordinal(sequence).capitalize()} Election"


def join_and(values: tuple[str, ...] | list[str]) -> str:
    """("A",) → "A"; ("A", "B") → "A and B"; ("A", "B", "C") → "A, B, and C"."""
    items = list(values)
    if len(items) <= 2:
        return " and ".join(items)
    return ", ".join(items[:-1]) + ", and " + items[-1]


def election_period(value: Any, preposition: bool = True) -> str:
    """When an election was held (``value`` has ``began_on``, a date or a placeholder, and ``ended_on``, a date or
    None), for running text: "on April 6, 2021", "from February 8 to March 29, 2021", "from December 20, 2021 to
    January 7, 2022"; without the preposition for a table cell."""
    began, ended = value.began_on, value.ended_on

    def day(on: date | str) -> str:
        return on if isinstance(on, str) else long_date(on)

    if ended is None or (isinstance(began, date) and began == ended):
        return f"on {day(began)}" if preposition else day(began)
    if isinstance(began, str):
        text = f"{began} to {day(ended)}"
    elif began.year == ended.year:
        text = f"{month_day(began)} to {day(ended)}"
    else:
        text = f"{day(began)} to {day(ended)}"
    return f"from {text}" if preposition else text


_EXACT_INSTANT = re.compile(r"\s*\(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})\)")


def without_exact_instants(text: str) -> str:
    """A derivation line for people: the machine instant in parentheses dropped, the words kept.
    "cut-off 11:59 p.m. America/New_York (2021-04-16T23:59:59-04:00)" → "cut-off 11:59 p.m. America/New_York"."""
    return _EXACT_INSTANT.sub("", text)


def hearing_sentence(*, opened_on: date | str | None, closed_on: date | str | None, place: str | None,
                     alj: bool = False, scheduled_only: bool = False) -> str:
    """The sentence of a report or decision stating when and where the hearing was held:
    "The hearing opened on May 7, 2021 and closed on May 27, 2021, in Birmingham, Alabama."
    A ``str`` argument is a placeholder (a fact the record lacks) and is printed as given; None omits
    that part ("The hearing opened on April 25, 2024, in Birmingham, Alabama."). ``scheduled_only``: the
    record holds only the date the hearing was set to open: "The hearing was scheduled to open on May 7,
    2021 (the record does not show the actual opening date), in Birmingham, Alabama."."""
    def _day(value: date | str) -> str:
        return value if isinstance(value, str) else long_date(value)

    who = " before the Administrative Law Judge" if alj else ""
    if opened_on is None:
        sentence = f"The hearing{who} was held"
    else:
        sentence = (f"The hearing{who} was scheduled to open on {_day(opened_on)} (the record does not show the actual "
                    "opening date)" if scheduled_only else f"The hearing{who} opened on {_day(opened_on)}")
        if closed_on is not None:
            sentence += f" and closed on {_day(closed_on)}"
    if place:
        sentence += f", {place}" if _states_its_manner(place) else f", {'at' if place.startswith('[') else 'in'} {place}"
    return sentence + "."


_MANNER_WORDS = ("by ", "via ", "over ", "in ", "at ", "on ", "before ")


def _states_its_manner(place: str) -> bool:
    """Whether a recorded hearing place already says how or where with its own preposition ("by
    videoconference (Zoom)", "at the Regional Office"), so that no "in" is put before it."""
    return place.lower().startswith(_MANNER_WORDS)


def offer_of_proof_clause(*, status: str, party_label: str, filed_on: date | None = None,
                          due_on: date | None = None) -> str:
    """The end of the objections' sentence on the offer of proof ("The written offer of proof required by
    Section 102.69(a)(8), ... testimony,"), saying what the record says of it: submitted with the
    objections ("with"); filed separately on ``filed_on``; to be filed within the time the Regional
    Director extended by order to ``due_on`` ("extended"; 102.69(a)(8) lets the Regional Director extend
    the time for the offer, not for the objections); an extension requested by the party (to ``due_on``
    when the request names a date); or, when the record says nothing of it yet, to be filed separately
    ("to-follow": a statement of the rule, not a prediction)."""
    private = "it goes to the Regional Director only and is not served on the other parties."
    if status == "with":
        return "is submitted to the Regional Director only and is not served on the other parties."
    if status == "separately" and filed_on is not None:
        return f"was filed separately with the Regional Director on {long_date(filed_on)}; {private}"
    if status == "extended" and due_on is not None:
        return f"will be filed separately with the Regional Director within the time extended by order to {long_date(due_on)}; {private}"
    if status == "requested":
        to = f" to {long_date(due_on)}" if due_on is not None else ""
        return (f"will be filed separately with the Regional Director: the {party_label} has requested that the Regional"
                f" Director extend the time for filing it{to} (29 CFR 102.69(a)(8)). {private[0].upper()}{private[1:]}")
    return "is to be filed separately with the Regional Director only and is not served on the other parties."


def exceptions_filing(*, brief_filed: bool | None, method: FilingMethod | None, with_board: bool = False) -> str:
    """The sentence of a party's exceptions saying what is filed and how: "No separate brief in support is
    filed. These exceptions are filed electronically with the Regional Director (29 CFR 102.5(c))."

    E-filing is the rule (29 CFR 102.5(c)) and an e-filed document needs no paper copies (102.5(c),
    102.69(c)(1)(iii)); "an original and one copy" is the paper rule, stated only for a paper filing.
    ``method`` None: how the exceptions are filed is not in the record, and the sentence names no method. ``with_board``:
    exceptions to an Administrative Law Judge's decision, filed with the Board (102.46(a)). ``brief_filed`` None:
    the record does not say whether a brief was filed, and the sentence says nothing of one."""
    brief = ("A brief in support of these exceptions is filed with them. " if brief_filed
             else "No separate brief in support is filed. " if brief_filed is False else "")
    where, rule = ("the Board", "102.46(a)") if with_board else ("the Regional Director", "102.69(c)(1)(iii)")
    if method is FilingMethod.PAPER:
        how = f"These exceptions are filed with {where} on paper, an original and one copy (29 CFR 102.5(c), {rule})."
    elif method is None:  # the record does not say how: no method stated
        how = f"These exceptions are filed with {where} (29 CFR {rule})."
    else:
        how = f"These exceptions are filed electronically with {where} (29 CFR 102.5(c))."
    return f"{brief}{how}"


def challenge_rulings_phrase(rulings: list[dict[str, Any]], *, to_be: bool = False, name_limit: int = 40) -> str:
    """A decision's own rulings on challenged ballots (``rulings``: the Decision row's rulings; those with a
    ``challenge`` key, each with ``ruling`` "sustained" / "overruled", ``ballots`` and ``of``, the voters), as the
    decision stated them (29 CFR 102.69(c)(1)(i), (e)): "sustained the challenges to 2 ballots and ordered the ballot
    of L Poe opened and counted"; with ``to_be`` for a history row: "the challenges to 2 ballots sustained and the
    ballot of L Poe to be opened and counted". Voters are named up to ``name_limit``, counted beyond it or when the
    row names none. "" when the decision ruled on no challenged ballot."""
    ruled = [r for r in rulings if r.get("challenge")]
    sustained = sum(int(r.get("ballots", len(r.get("of", [])))) for r in ruled if r.get("ruling") == "sustained")
    overruled = [r for r in ruled if r.get("ruling") == "overruled"]
    opened = [v for r in overruled for v in r.get("of", [])]
    n_open = sum(int(r.get("ballots", len(r.get("of", [])))) for r in overruled)
    parts = []
    if sustained:
        ballots = "ballot" if sustained == 1 else "ballots"
        parts.append(f"the challenges to {sustained:,} {ballots} sustained" if to_be
                     else f"sustained the challenges to {sustained:,} {ballots}")
    if n_open:
        if opened and len(opened) == n_open and n_open <= name_limit:
            which = f"the {'ballot' if n_open == 1 else 'ballots'} of {join_and(opened)}"
        else:
            which = f"{n_open:,} {'ballot' if n_open == 1 else 'ballots'}"
        parts.append(f"{which} to be opened and counted" if to_be else f"ordered {which} opened and counted")
    return " and ".join(parts)
