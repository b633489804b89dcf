"""What a filing form says about the filing itself: the due date and cut-off of this case's period
it is judged against (casefile.rules.party_filings.ACT_PERIODS, the stored deadline with its
countdown), and that casefile records the filing and prepares its PDF while the party still files
it with the NLRB (NLRB E-Filing, with the Region or the Board's Office of the Executive Secretary).
Wording only: the periods are the record's, the rule of which period is the rules'.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from casefile.vocab import FilingKind
from casefile.web import forms
from casefile.web.forms import extension

#: Where a party files with the NLRB.
E_FILING = "https://www.nlrb.gov/"  # E-File (My Account Portal) is reached from its home page


@dataclass
class FilingNote:
    """A filing form's note: the open periods it is judged against (each {"d", "countdown"}), whether
    the party still e-files it itself (``efile``), with whom (``receiver``), and whether the party
    serves it on the other parties (``served``: False for a filing confidential to the Regional
    Director, an offer of proof, 29 CFR 102.69(a)(8))."""

    periods: list[dict[str, Any]] = field(default_factory=list)
    efile: bool = False
    receiver: str = ""
    act_name: str = ""
    served: bool = True
    service_gaps: tuple[Any, ...] = ()  # casefile.web.gap_words.GapWords: each worded, with its form's link


def served_on_parties(act_name: str) -> bool:
    """Whether a filing by act ``act_name`` is served on the other parties: not one confidential as
    a whole (its model's ``WHOSE.whole_sealed``: an offer of proof filed apart goes to the Regional
    Director only, 29 CFR 102.69(a)(8))."""
    from casefile.acts import models
    from casefile.record.authority.whose import whose_of

    model = models().get(act_name)
    return model is None or getattr(model, "WHOSE", None) is None or not whose_of(model).whole_sealed


#: A party's filing act with the generated form → the filing kind it files (casefile.rules.filed_with says with whom);
#: a special form's is its own (casefile.web.forms: ``filing_kind``).
ACT_FILINGS = {
    "file-offer-of-proof": FilingKind.OFFER_OF_PROOF, "file-cross-exceptions": FilingKind.CROSS_EXCEPTIONS,
    "file-answering-brief": FilingKind.ANSWERING_BRIEF, "file-post-hearing-brief": FilingKind.POST_HEARING_BRIEF,
    "file-motion": FilingKind.MOTION, "move-for-reconsideration": FilingKind.RECONSIDERATION_MOTION,
    "request-for-review": FilingKind.REQUEST_FOR_REVIEW, "oppose-review": FilingKind.RFR_OPPOSITION,
    "request-extension": FilingKind.EXTENSION_REQUEST, "waive-exceptions": FilingKind.EXCEPTIONS_WAIVER,
}


def filing_kind_of(act_name: str) -> FilingKind | None:
    """The filing kind act ``act_name`` files (its special form's, else :data:`ACT_FILINGS`), or None."""
    special = forms.special(act_name)
    return special.filing_kind if special is not None else ACT_FILINGS.get(act_name)


def receiver_of(act_name: str, office_name: str, *, rule_set: str, period: str | None = None) -> str:
    """Who receives the filing of act ``act_name`` at the NLRB, in words, as casefile.rules.filed_with
    answers it for the case's ``rule_set`` (an id) and the ``period`` kind it is judged against (the
    one the form shows: exceptions to an Administrative Law Judge's decision go to the Board, 102.46(a)):
    "the Board's Office of the Executive Secretary (Washington, DC)" or "the Regional Office (<office_name>)"."""
    from casefile.rules.filed_with import filed_with
    from casefile.rules.rule_sets import rule_set_by_id
    from casefile.vocab import DeadlineKind

    kind = filing_kind_of(act_name)
    if kind is None:
        return f"the Regional Office ({office_name})"
    where = filed_with(kind, rule_set_by_id(rule_set),
                       period=DeadlineKind(period) if period in set(DeadlineKind) else None)
    return where.words(office_name)


def served_as(act_name: str) -> str:
    """The document a filing act's certificate of service is part of: its special form's (the act module's words),
    else "filing"."""
    special = forms.special(act_name)
    return special.served_as if special is not None and special.served_as else "filing"


def note_for(act_name: str, *, case_number: str, office: str, viewer: Any, as_of: datetime, party_filing: bool,
             recording: bool, filer: str | None = None, rule_set: str | None = None) -> FilingNote:
    """The note of act ``act_name``'s form on ``case_number`` as ``viewer`` sees it at ``as_of``: the periods
    of the act's kinds running then, else the latest election's periods of those kinds as they stand (ended,
    met: a form for a past filing still says when it was due);
    with ``filer`` (the party the user files for), what its default service would leave blank
    (casefile.app.service_gaps); ``rule_set`` the case's (an id; None: the one its periods name, else the current
    one), for with whom it is filed (casefile.rules.filed_with)."""
    from casefile import app
    from casefile.rules.offices import office_named
    from casefile.rules.party_filings import ACT_PERIODS
    from casefile.web.case_pages import with_countdown

    kinds = [k.value for k in ACT_PERIODS.get(act_name, ())]
    periods = []
    if extension.is_extension(act_name) and filer:  # the periods this party may ask to extend
        periods = [with_countdown(d, as_of) for d in app.periods_to_extend(case_number, party=filer, viewer=viewer,
                                                                           as_of=as_of)]
    elif kinds:
        open_now = app.deadlines(as_of=as_of, case_number=case_number, viewer=viewer)
        periods = [with_countdown(d, as_of) for d in open_now if d.kind in kinds]
        if not periods:  # none running now: the latest election's periods of these kinds, ended or met, as they stand
            view = app.case(case_number, viewer=viewer, as_of=as_of)
            latest = {d.kind: d for d in (view.elections[-1].deadlines if view.elections else []) if d.kind in kinds}
            periods = [with_countdown(d, as_of) for d in latest.values()]
    try:
        office_name = office_named(office).name
    except Exception:
        office_name = office
    served = served_on_parties(act_name)
    gaps: tuple[Any, ...] = ()
    if party_filing and served and not recording and filer:
        from casefile.web.gap_words import gap_words, may_do

        found = app.service_gaps(case_number, filer=filer, viewer=viewer, document=served_as(act_name))
        if found:
            acts = may_do(app.permitted_acts(case_number, viewer=viewer, as_of=as_of))
            gaps = tuple(gap_words(g, case_acts=acts) for g in found)
    from casefile.rules.rule_sets import CURRENT_RULE_SET_ID

    first = periods[0]["d"] if periods else None
    ruled = rule_set or (first.rule_set if first is not None else CURRENT_RULE_SET_ID)
    receiver = receiver_of(act_name, office_name, rule_set=ruled, period=first.kind if first is not None else None)
    return FilingNote(periods=periods, efile=party_filing and not recording, receiver=receiver,
                      act_name=act_name, served=served, service_gaps=gaps)
