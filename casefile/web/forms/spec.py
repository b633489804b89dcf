"""What an act's special web form is (:class:`FormSpec`): the one description every page, draft,
note and check of that form reads, instead of comparing the act's name."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from casefile.vocab import FilingKind
from casefile.web.forms.reading import Found, Submitted

#: form -> act data: the form, the act's moment (``at`` or ``date``), the problems found so far.
ActData = Callable[[Submitted, dict[str, Any], Found], dict[str, Any]]
#: form -> draft data (a draft may be incomplete): the form, its non-blank rows per group, its moment.
DraftData = Callable[[Submitted, dict[str, list[dict[str, str]]], dict[str, Any]], dict[str, Any]]
#: act -> form values: a draft's act -> (values by field id, rows per group).
FormValues = Callable[[dict[str, Any]], tuple[dict[str, str], dict[str, int]]]
#: an uploaded file -> act data: its bytes, the form, the day and the receipt instant.
FromUpload = Callable[[bytes, Submitted, date, datetime | None], dict[str, Any]]

@dataclass(frozen=True)
class FormSpec:
    """One act's form of its own (every other act has the form generated from its model,
    casefile.web.act_fields).

    ``act`` the act's name (its model's); ``template`` the page; ``rows`` its repeating row groups
    (group -> the columns of one row, "" for a single value); ``own`` its own single fields;
    ``draftable`` whether a draft may be kept of it; ``party_filing`` whether it is a party's filing
    (the form says when it is due and with whom it is filed); ``filing_kind`` the filing it files
    (casefile.vocab.FilingKind) and ``served_as`` the document its certificate of service is part of
    (the act module's own words); ``act_data`` form -> act; ``draft_data`` form -> draft (incomplete);
    ``form_values`` act -> form; ``upload`` the file field read into the act's fields and
    ``from_upload`` how; ``counts`` the inputs an arithmetic error's ``line`` may name (else
    ``counts_default``); ``whole`` a group whose error falls on one input (group -> input id);
    ``page_values`` what else the page shows (template name -> value)."""

    act: str
    template: str
    own: frozenset[str]
    rows: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    draftable: bool = False
    party_filing: bool = False
    filing_kind: FilingKind | None = None
    served_as: str | None = None
    act_data: ActData | None = None
    draft_data: DraftData | None = None
    form_values: FormValues | None = None
    upload: str = ""
    from_upload: FromUpload | None = None
    counts: frozenset[str] = frozenset()
    counts_default: str = ""
    whole: Mapping[str, str] = field(default_factory=dict)
    page_values: Callable[[], dict[str, Any]] = field(default=dict)
