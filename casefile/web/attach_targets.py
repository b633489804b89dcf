"""What the Attach a document and Confirm e-filing forms offer to choose from, in words, never asked for typed.

Attach a document: the case's filings the user may see (a party's own: a filing of a party the user acts for)
and the acts recorded on the docket from a document issued or received (a tally, a notice, a decision), each as
the act's ``to`` ("filing:ID", "docket:ID"). Confirm e-filing: the party's filings prepared in casefile and not
yet e-filed. Which of them the user may act on stays the policy's (casefile.record.authority), asked when the
act is performed."""

from __future__ import annotations

from datetime import date
from typing import Any

from casefile.acts.attaching import NOT_ATTACHABLE
from casefile.documents.wording import record_text
from casefile.record.workflow import DocketAct
from casefile.rules.chronology import long_date
from casefile.vocab import FILING_KIND_WORDS, NlrbFiling
from casefile.web.words import docket_words

#: A docket summary longer than this is cut at a word, with "…".
SUMMARY = 90


def _short(text: str) -> str:
    if len(text) <= SUMMARY:
        return text
    return text[:text.rfind(" ", 0, SUMMARY)].rstrip(",;:") + " …"


def attach_targets(view: Any, parties: list[str]) -> list[tuple[str, str]]:
    """The options of the form's ``to``, as (value, words): every filing of the case ``view`` (a read model,
    casefile.record.queries.CaseView) of a party in ``parties`` (the parties the user acts for; all of them when
    empty), latest first — "Objections of Retail, Wholesale and Department Store Union, received April 8, 2022
    (election 2)" — then each act recorded on the docket that is no party's filing — "March 31, 2022: Tally of
    Ballots — …" —, latest first."""
    filings: list[tuple[str, str, str]] = []
    for election in view.elections:
        for f in election.filings:
            if parties and f["party_key"] not in parties:
                continue
            kind = FILING_KIND_WORDS.get(f["kind"], str(f["kind"]).replace("-", " ").capitalize())
            received = "prepared in casefile, not yet e-filed" if f["nlrb"] == NlrbFiling.PREPARED else "received"
            words = (f"{kind} of {f['party']}, {received} {long_date(date.fromisoformat(f['received_on']))}"
                     + (f" (election {election.sequence})" if len(view.elections) > 1 else ""))
            filings.append((f["received_on"], f"filing:{f['id']}", words))
    acts = [(e.occurred_on.isoformat(), f"docket:{e.id}",
             f"{long_date(e.occurred_on)}: {docket_words(e.act)} — {_short(record_text(e.summary))}")
            for e in view.docket if e.id and not e.of_filing and DocketAct.parse(str(e.act)).name not in NOT_ATTACHABLE
            and not e.superseded]
    by_date = sorted(filings, key=lambda t: t[0], reverse=True) + sorted(acts, key=lambda t: t[0], reverse=True)
    return [(value, words) for _, value, words in by_date]


def prepared_targets(view: Any, parties: list[str]) -> list[tuple[str, str]]:
    """The Confirm e-filing form's ``filing`` options, as (id, words): the filings of a party in ``parties`` recorded
    as prepared in casefile and not yet e-filed (an offer of proof filed with objections goes with them: not
    listed), latest first — "Objections of Retail, Wholesale and Department Store Union, prepared in casefile on
    December 2, 2026"."""
    out: list[tuple[str, str, str]] = []
    for election in view.elections:
        for f in election.filings:
            if f["nlrb"] != NlrbFiling.PREPARED or f["with"] or (parties and f["party_key"] not in parties):
                continue
            kind = FILING_KIND_WORDS.get(f["kind"], str(f["kind"]).replace("-", " ").capitalize())
            out.append((f["received_on"], str(f["id"]), f"{kind} of {f['party']}, prepared in casefile on "
                        f"{long_date(date.fromisoformat(f['received_on']))}"
                        + (f" (election {election.sequence})" if len(view.elections) > 1 else "")))
    return [(value, words) for _, value, words in sorted(out, key=lambda t: t[0], reverse=True)]
