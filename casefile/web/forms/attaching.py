"""Attach a document's generated form (attach-document) and its one difference: "Attach to" is chosen from the
case's filings and recorded acts, in words (casefile.web.attach_targets), never typed as "filing:12"."""

from __future__ import annotations

from typing import Any

from casefile.acts.attach_document import AttachDocument

ACT: str = AttachDocument.model_fields["act"].default


def is_attaching(act_name: str) -> bool:
    """Whether ``act_name`` attaches a document (its form chooses what from a list)."""
    return act_name == ACT


def choose_target(specs: list[Any], view: Any, parties: list[str]) -> None:
    """The form's ``to`` as a list of the case's filings (of ``parties``, those the user acts for) and recorded
    acts, in words, with "Choose the filing or the act" first."""
    from casefile.web.attach_targets import attach_targets

    for spec in specs:
        if spec.name == "to":
            spec.kind, spec.radios = "choice", False
            spec.options = [("", "Choose the filing or the act"), *attach_targets(view, parties)]
