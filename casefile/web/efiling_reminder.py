"""What is left to do with the NLRB after a party's filing recorded in casefile as prepared, not yet e-filed
(casefile.rules.efiling: only an e-filed filing meets its period): the banner the act and draft pages show."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from casefile.web import forms
from casefile.web.sessions import now

if TYPE_CHECKING:
    from casefile.web import act_fields
    from casefile.web.people import Me


#: What follows the e-filing of a filing prepared in casefile (casefile.rules.efiling): the deadline is met only then.
CONFIRM_AFTER = ("Then confirm the e-filing on the case page, with the date the NLRB received it: until then the "
                 "deadline is not met.")


def still_to_efile(me: Me, view: Any, allowed: list[Any], act_name: str, specs: list[act_fields.Spec], *,
                   prepared: bool) -> str:
    """After a party's own filing recorded as ``prepared`` (not yet e-filed with the NLRB): what is left to do
    with the NLRB (casefile.web.filing_notes), or "" (a filing recorded as e-filed: nothing is left)."""
    from casefile.web.filing_notes import note_for

    if not prepared:
        return ""
    special = forms.special(act_name)
    party_filing = any(s.name == "party" for s in specs) or (special is not None and special.party_filing)
    note = note_for(act_name, case_number=view.case_number, office=view.office, rule_set=view.rule_set, viewer=me.viewer, as_of=now(),
                    party_filing=party_filing, recording={p.mode for p in allowed} == {"record"})
    if not note.efile:
        return ""
    by = f" by {note.periods[0]['countdown'].text.removeprefix('due ')}" if note.periods else ""
    if not note.served:  # confidential to the Regional Director: served on no other party (29 CFR 102.69(a)(8))
        return (f"Not yet filed with the NLRB: download its PDF from Documents below and upload it with NLRB E-Filing "
                f"(www.nlrb.gov) to {note.receiver}{by}. It is confidential: not served on the other parties.")
    return (f"Not yet filed with the NLRB: casefile has recorded it and is preparing its PDF. Download the PDF from "
            f"Documents below and upload it with NLRB E-Filing (www.nlrb.gov) to {note.receiver}{by}; serve it on the "
            "other parties.")
