"""How the web says to give what the record lacks (casefile.gaps.Gap): the fact, and a link to the
form that gives it when the signed-in user may use that form now (casefile.app.permitted_acts: the one
policy). The command line says the same with its commands (casefile.cli.gap_words)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple
from urllib.parse import quote, urlencode

from casefile.gaps import Gap, GapKind


class GapWords(NamedTuple):
    """A warning on a page: ``text`` (the fact, and what to do), ``href`` the form that gives what is
    lacking and ``link`` its words ("" when there is no form for it, or the user may not use it)."""

    text: str
    href: str = ""
    link: str = ""


#: The act whose form gives what each kind of gap lacks, and the link's words ({party}: the party's name).
_FORMS: dict[GapKind, tuple[str, str]] = {
    GapKind.NO_COUNSEL: ("add-counsel", "Add counsel of record for {party}"),
    GapKind.SERVED_NOWHERE: ("add-counsel", "Add counsel of record for {party}, with an e-mail address"),
    GapKind.NO_EMAIL: ("add-counsel", "Add counsel of record for {party}, with an e-mail address"),
    GapKind.NO_UNIT_DESCRIPTION: ("correct-case", "Correct the case's details (the unit description)"),
    GapKind.NO_SIGNER: ("attach-document", "Attach the signed document as issued"),
    GapKind.NO_FINDINGS: ("attach-document", "Attach the decision as issued"),
}

#: What to do, after the fact, for each kind of gap.
_TODO: dict[GapKind, str] = {
    GapKind.NO_COUNSEL: ".",
    GapKind.SERVED_NOWHERE: "; before the next filing, add counsel's e-mail address.",
    GapKind.NO_EMAIL: "; add counsel's e-mail address first.",
    GapKind.NOT_SERVED: ".",
    GapKind.NO_BOARD_AGENT: ("; a tally already recorded keeps the line blank: the tally form's “Board agent” field "
                             "names the agent who signs the next one."),
    GapKind.NO_UNIT_DESCRIPTION: "; give it on the case's details form.",
    GapKind.NO_SIGNER: "; the form's “Issued by” field names who signs it.",
    GapKind.NO_OPENING_TIME: "; the form's “Time the hearing opens” field gives it.",
    GapKind.NO_FINDINGS: "; the form's “Summary” field gives them, or attach the Regional Director's own decision.",
}


def may_do(permissions: Iterable[Any]) -> dict[str, frozenset[str]]:
    """The acts a user may perform on a case now, each with the parties it may name ("" for an act that
    names none), from casefile.app.permitted_acts's permissions."""
    out: dict[str, set[str]] = {}
    for p in permissions:
        if p.mode == "perform":
            out.setdefault(p.act, set()).update(p.parties or ("",))
    return {act: frozenset(parties) for act, parties in out.items()}


def gap_words(gap: Gap, *, case_acts: Mapping[str, frozenset[str]]) -> GapWords:
    """``gap`` in words, with the link to the form that gives what it lacks when the user may perform
    that form's act for the party the gap concerns (``case_acts``: :func:`may_do`)."""
    text = gap.fact() + _TODO[gap.kind]
    form = _FORMS.get(gap.kind)
    if form is None or not ({gap.party, ""} & case_acts.get(form[0], frozenset())):
        return GapWords(text)
    act, words = form
    href = f"/cases/{quote(gap.case_number, safe='')}/acts/{act}"
    if gap.party:
        href += "?" + urlencode({"party": gap.party})
    return GapWords(text, href, words.format(party=gap.party_name))
