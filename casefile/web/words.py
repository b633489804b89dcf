"""Words for the vocabulary's slugs on the web pages: one place, reusing the documents' wording
(casefile.documents.wording: STAGE_NAMES, DEADLINE_NOUNS, ACT_NAMES) so a page and a document call a
stage, a period or an act the same. A slug no table has is shown with its dashes as spaces.
"""

from __future__ import annotations

from typing import Any

from casefile.documents.wording import ACT_NAMES, DEADLINE_NOUNS, STAGE_NAMES, prose_dates, record_text
from casefile.record.workflow import DocketAct
from casefile.rules.act_names import ACT_WORDS
from casefile.rules.calendar import clock_label, long_date, weekday_date
from casefile.rules.tally_form import line_hint
from casefile.vocab import (
    CHALLENGE_STATUS_WORDS,
    ELECTION_KIND_WORDS,
    FILING_KIND_WORDS,
    DeadlineKind,
    PartyRole,
    Stage,
    counted,
    counts_in_words,
    objection_counts_words,
    zone_words,
)

#: Each act as a form's title and an entry in the list of acts one may do (an order, not a docket noun): the
#: ``do`` column of the one table of act names (casefile.rules.act_names).
ACT_TITLES: dict[str, str] = {act.value: name.do for act, name in ACT_WORDS.items() if name.do}


def plain(slug: Any) -> str:
    """A slug with its dashes and underscores as spaces (the fallback)."""
    return str(getattr(slug, "value", slug) or "").replace("-", " ").replace("_", " ")


def stage_words(stage: Any) -> str:
    """An election's stage in words ("ho-report-issued" -> "Hearing Officer's report issued")."""
    try:
        return STAGE_NAMES[Stage(getattr(stage, "value", stage))]
    except (ValueError, KeyError):
        return plain(stage)


def deadline_words(kind: Any) -> str:
    """A period in words ("rfr-opposition" -> "Opposition to a request for review")."""
    try:
        return DEADLINE_NOUNS[DeadlineKind(getattr(kind, "value", kind))]
    except (ValueError, KeyError):
        return plain(kind)


def deadline_title(d: Any) -> str:
    """A deadline (a read model with ``kind`` and ``whose``) in words, said as the party's own when the period
    is that party's alone (each objecting party's offer of proof, 102.69(a)(8)): "Retail, Wholesale and
    Department Store Union's offer of proof"; else deadline_words ("Offer of proof")."""
    from casefile.rules.offer_of_proof import possessive

    words = deadline_words(_field(d, "kind"))
    whose = _field(d, "whose") or ""
    return f"{possessive(whose)} {words[:1].lower()}{words[1:]}" if whose else words


def deadline_whom(d: Any) -> str:
    """Whom a deadline is for, in words: the party's name for a period of one party, else as stored ("all parties")."""
    return _field(d, "whose") or str(_field(d, "for_whom") or "")


def _field(d: Any, name: str) -> Any:
    """``d``'s ``name``, whether ``d`` is a read model or its dict."""
    return d.get(name) if isinstance(d, dict) else getattr(d, name, None)


def act_title(name: str) -> str:
    """An act one may do, in words ("consolidate-with-ulp" -> "Consolidate with the unfair labor practice case")."""
    return ACT_TITLES.get(name) or plain(name).capitalize()


def docket_words(act: str) -> str:
    """A docket entry's act in words: the documents' docket noun, else the act's title; a stage move
    ("board-ruling:closed") as the act and the stage it moved to."""
    written = DocketAct.parse(str(act))
    head = written.name
    base = ACT_NAMES.get(head) or (ACT_TITLES.get(head) or plain(head).capitalize())
    if written.stage is not None and written.stage in STAGE_NAMES:
        return f"{base} — {STAGE_NAMES[written.stage]}"
    return base


def status_words(status: Any) -> str:
    """A deadline's status in words ("met-late" -> "met late")."""
    return plain(status)


#: A party's role in words (casefile.vocab.PartyRole).
ROLE_WORDS = {PartyRole.EMPLOYER: "Employer", PartyRole.PETITIONER: "Petitioner", PartyRole.INTERVENOR: "Intervenor",
              PartyRole.INDIVIDUAL_PETITIONER: "Individual petitioner"}


def role_words(role: Any) -> str:
    """A party's role in words ("individual-petitioner" -> "Individual petitioner")."""
    value = str(getattr(role, "value", role))
    try:
        return ROLE_WORDS[PartyRole(value)]
    except (ValueError, KeyError):
        return plain(value).capitalize()


def party_names(case: Any, keys: Any) -> str:
    """Parties' handles as their names on ``case`` (a read model with ``parties``), joined by commas."""
    names = {p.key: p.name for p in getattr(case, "parties", [])}
    return ", ".join(names.get(k, k) for k in keys)


#: Acts that end the petition or a party's objection: set apart on the case page.
ENDING_ACTS = ("withdraw-petition", "dismiss-petition", "withdraw-objection")

def record_words(text: str, zone: str | None = None) -> str:
    """Text from the record as a page shows it: ISO dates and instants in words (an instant in ``zone``,
    an IANA name, when given) and casefile's own rule references removed (casefile.documents.wording.record_text)."""
    from zoneinfo import ZoneInfo

    return record_text(text, ZoneInfo(zone) if zone else None)


def rule_set_words(rule_set_id: str) -> str:
    """A rule set by its title ("2023-rule" -> "2023 rule (current; business days for post-election
    periods)"); its id when the table no longer knows it."""
    from casefile.errors import CasefileError
    from casefile.rules.rule_sets import rule_set_by_id

    try:
        return rule_set_by_id(rule_set_id).title
    except CasefileError:
        return rule_set_id


def office_zone(key: str) -> str:
    """A receiving office by its name and its zone in words ("10-atlanta" -> "Atlanta, GA, Eastern time");
    the key when the office table no longer knows it."""
    from casefile.errors import CasefileError
    from casefile.rules.offices import office_named

    try:
        office = office_named(key)
    except CasefileError:
        return key
    return f"{office.name}, {zone_words(office.tz)}"


def day_words(value: Any) -> str:
    """A date in words ("December 9, 2026"), given as a date or as an ISO date from a JSON report (the import
    page's); anything else as it is."""
    from datetime import date

    if isinstance(value, str):
        try:
            value = date.fromisoformat(value)
        except ValueError:
            return value
    return long_date(value) if isinstance(value, date) else str(value)


def who_words(label: str) -> str:
    """Who acted, from a record's label, in words: a user by e-mail ("user:ann@x.org" -> "ann@x.org"), an operator as
    "the operator of this casefile", a job as "casefile"."""
    from casefile.record.recorders import Recorder, RecorderKind

    recorder = Recorder.parse(str(label))
    if recorder is None:
        return str(label)
    if recorder.kind is RecorderKind.USER:
        return recorder.who
    return "the operator of this casefile" if recorder.kind is RecorderKind.OPERATOR else "casefile"


def install(env: Any) -> None:
    """The functions as the templates' globals."""
    env.filters["zone_words"] = zone_words
    env.filters["prose_dates"] = prose_dates  # a docket summary's ISO dates in the one long form ("April 8, 2022")
    env.filters["record_text"] = record_words  # the same, and casefile's own rule references ("(R-M2)") removed
    env.filters["office_zone"] = office_zone  # a receiving office by name and zone ("Atlanta, GA, Eastern time")
    env.filters["rule_set_words"] = rule_set_words  # a rule set by its title ("2023 rule (current; ...)")
    env.filters["counted"] = counted  # a count and its noun, agreeing ("1 challenged ballot", "2 challenged ballots")
    env.filters["day"] = day_words  # a date in words ("December 9, 2026"), never ISO
    env.filters["weekday_day"] = weekday_date  # with its weekday ("Friday, April 16, 2021"), in English whatever the locale
    env.filters["clock"] = clock_label  # the one clock ("11:59 p.m. EDT"), never strftime's "11:59 PM"
    env.filters["who_words"] = who_words  # who did it, by a record's label ("user:ann@x.org" -> "ann@x.org")
    env.globals["ending_acts"] = ENDING_ACTS
    env.globals["tally_line"] = line_hint  # the tally form's line numbers, as the issued Tally of Ballots prints them
    env.globals.update(stage_words=stage_words, deadline_words=deadline_words, deadline_title=deadline_title,
                       deadline_whom=deadline_whom, act_title=act_title,
                       docket_words=docket_words, party_names=party_names, role_words=role_words,
                       status_words=status_words,
                       filing_words=lambda kind: FILING_KIND_WORDS.get(str(kind), str(kind).replace("-", " ")),
                       dispositions_words=lambda counts, set_public=True: objection_counts_words(counts, set_public=set_public),
                       challenge_statuses_words=lambda counts: counts_in_words(counts, CHALLENGE_STATUS_WORDS),
                       election_kind_words=lambda kind: ELECTION_KIND_WORDS.get(str(kind), str(kind).replace("-", " ")))
