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


def receiver_of(act_name: str, office_name: str) -> str:
    """Who receives the filing at the NLRB: the Board's Office of the Executive Secretary for a
    request for review and its opposition (29 CFR 102.67(i)(1)), else the Regional Office."""
    from casefile.rules.party_filings import ACT_PERIODS, FILINGS

    kinds = set(ACT_PERIODS.get(act_name, ()))
    if any(rule.board and rule.deadline in kinds for rule in FILINGS.values()):
        return "the Board's Office of the Executive Secretary"
    return f"the Regional Office ({office_name})"


#: The document a filing act's certificate of service is part of, where the act's name does not say it.
DOCUMENTS = {"file-objections": "Objections", "file-exceptions": "Exceptions"}


def note_for(act_name: str, *, case_number: str, office: str, viewer: Any, as_of: datetime, party_filing: bool,
             recording: bool, filer: str | None = None) -> FilingNote:
    """The note of act ``act_name``'s form on ``case_number`` as ``viewer`` sees it at ``as_of``: the periods
    of the act's kinds running then, else the latest election's periods of those kinds as they stand (ended,
    met: a form for a past filing still says when it was due);
    with ``filer`` (the party the user files for), what its default service would leave blank
    (casefile.app.service_gaps)."""
    from casefile import app
    from casefile.rules.offices import office_named
    from casefile.rules.party_filings import ACT_PERIODS
    from casefile.web.case_pages import with_countdown

    kinds = [k.value for k in ACT_PERIODS.get(act_name, ())]
    periods = []
    if act_name == "request-extension" and filer:  # the periods this party may ask to extend
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

        found = app.service_gaps(case_number, filer=filer, viewer=viewer, document=DOCUMENTS.get(act_name, "filing"))
        if found:
            acts = may_do(app.permitted_acts(case_number, viewer=viewer, as_of=as_of))
            gaps = tuple(gap_words(g, case_acts=acts) for g in found)
    return FilingNote(periods=periods, efile=party_filing and not recording, receiver=receiver_of(act_name, office_name),
                      act_name=act_name, served=served, service_gaps=gaps)
