"""Confirm e-filing's generated form (confirm-efiling) in its own words: it files nothing and serves nothing, it
records the NLRB's receipt of a filing prepared in casefile — no filing note, "Date the NLRB received it", the
filing chosen from the party's prepared ones by name (casefile.web.attach_targets), "Confirm the e-filing"."""

from __future__ import annotations

from typing import Any

from casefile.acts.confirm_efiling import ConfirmEfiling

ACT: str = ConfirmEfiling.model_fields["act"].default
#: What the page says it records.
INTRO = ("You prepared this filing in casefile and e-filed it with NLRB E-Filing yourself: record here when the "
         "NLRB received it, as E-Filing's receipt gives it. The filing meets its deadline from that receipt; "
         "nothing new is filed or served.")
BUTTON = "Confirm the e-filing"
#: The date's and the time's labels.
LABELS = ("Date the NLRB received it", "Time the NLRB received it (optional)")


def is_confirming(act_name: str) -> bool:
    """Whether ``act_name`` confirms an e-filing (a receipt, not a filing)."""
    return act_name == ACT


def choose_prepared(specs: list[Any], view: Any, parties: list[str]) -> None:
    """The form's ``filing`` as a list of the filings of ``parties`` prepared in casefile, not yet e-filed, in words."""
    from casefile.web.attach_targets import prepared_targets

    for spec in specs:
        if spec.name == "filing":
            spec.kind, spec.radios = "choice", False
            spec.label, spec.hint = "The filing you e-filed", "Prepared in casefile, not yet e-filed with the NLRB"
            spec.options = prepared_targets(view, parties)
            spec.default = spec.options[0][0] if spec.options else ""
