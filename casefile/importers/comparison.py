"""Comparing each imported tally with what the NLRB's own data says about it.

The NLRB's flags are sometimes wrong, so casefile never copies them: it computes every statement
with :func:`casefile.rules.tally.analyze_tally` and reports each place where the NLRB's
data says otherwise. Three statements are compared:

``challenges_determinative``
    "Challenges are Determinative" (``Y``/``N``/blank) against R-E3. A blank flag is unknown — NLRB
    did not say — and is not compared: reading it as ``N`` would put a statement in NLRB's mouth (in
    the 300-record sample 200 flags are blank; one of them, 04-RC-088811's revised tally, is on a
    tally whose challenges are determinative). Only a written ``Y`` or ``N`` can disagree.
``runoff_required``
    "Runoff Required" against the outcome (R-D3, R-P1): ``Y`` when the count needs a runoff; blank
    is unknown, as above. When the challenges are determinative it is compared only if every way of
    resolving them agrees.
``union_to_certify``
    "Union to Certify" against the union a Certification of Representative would name (R-D1, R-D3),
    compared only when the challenges are not determinative (otherwise the tally decides nothing
    yet). On a one-union ballot any name means that union (the column sometimes spells it
    differently, e.g. ``SEIU HEALTHCARE PENNSYLVANIA, CTW, CLC.``); on a multi-union ballot the
    name must match the winner. A blank name is compared: the column has no other way to say "no
    union to certify" (most rows where the union lost leave it blank), so a blank where a union won
    is a disagreement.

UD (deauthorization) tallies are not analyzed: R-D4 decides them by a majority of the employees
eligible to vote, not of the valid votes, and the export does not say which of its columns holds the
votes to rescind (see :func:`not_analysable`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from casefile.importers.records import ImportedTally
from casefile.rules.tally import TallyAnalysis, analyze_tally
from casefile.vocab import OutcomeKind, TallyKind

FIELDS = ("challenges_determinative", "runoff_required", "union_to_certify")


@dataclass(frozen=True)
class Disagreement:
    """One statement on which the NLRB's data and casefile's computation differ (``nlrb`` as written)."""

    record: int
    case_number: str
    unit: str
    tally_kind: TallyKind
    tally_date: date
    field: str  # one of FIELDS
    nlrb: str
    computed: str

    def as_json(self) -> dict[str, object]:
        return {"row": self.record, "case_number": self.case_number, "unit": self.unit,
                "tally_kind": self.tally_kind.value, "tally_date": self.tally_date.isoformat(), "field": self.field,
                "nlrb": self.nlrb, "computed": self.computed}


def not_analysable(record: ImportedTally) -> str | None:
    """Why the rules cannot analyze ``record`` (a sentence), or None when they can.

    A UD (deauthorization) ballot is decided by a majority of the eligible voters (R-D4), not of
    the valid votes (R-D1), and the export gives votes "for" the labor organization and "against"
    without saying which is the vote to rescind its union-security authority; the R-D1 analysis
    would be wrong and an R-D4 one would be a guess.
    Authority: NLRA §8(a)(3), §9(e); rules.md R-D4 (tagged unverified there).
    """
    if record.deauthorization:
        return ("UD (deauthorization) ballot: decided by a majority of the eligible voters, not of the "
                "valid votes, and the export does not say which column holds the votes to rescind; not analyzed, "
                "not loaded")
    return None


def compare_with_nlrb(record: ImportedTally, analysis: TallyAnalysis | None = None) -> tuple[Disagreement, ...]:
    """Every statement of the NLRB's data about ``record`` that disagrees with the rules' computation.

    ``analysis`` may be given when already computed (``analyze_tally(record.counts())``). A record
    that :func:`not_analysable` refuses gives no disagreements. Raises InvalidTally only for counts
    the parsers would not have produced.
    Authority: 29 CFR 102.69(a)(7), 102.70; rules.md R-C2, R-D1-R-D3, R-E3, R-P1.
    """
    if not_analysable(record) is not None:
        return ()
    analysis = analysis or analyze_tally(record.counts())
    found: list[Disagreement] = []

    def differ(field: str, nlrb: str, computed: str) -> None:
        found.append(Disagreement(record.record, record.case_number, record.unit_id, record.kind, record.prepared_on,
                                  field, nlrb, computed))

    computed_determinative = "Y" if analysis.determinative else "N"
    if record.nlrb.determinative and record.nlrb.determinative != computed_determinative:  # blank: unknown
        differ("challenges_determinative", record.nlrb.determinative, computed_determinative)
    runoff = _runoff_required(analysis)
    if runoff is not None and record.nlrb.runoff_required and record.nlrb.runoff_required != runoff:
        differ("runoff_required", record.nlrb.runoff_required, runoff)
    if not analysis.determinative:
        winner = analysis.outcome.winner if analysis.outcome.kind is OutcomeKind.REP else None
        named = record.nlrb.union_to_certify
        if bool(named) != bool(winner) or (named and winner and not _names_winner(named, winner, record)):
            differ("union_to_certify", named, winner or "")
    return tuple(found)


def _runoff_required(analysis: TallyAnalysis) -> str | None:
    kinds = {outcome.kind for outcome in analysis.reachable}
    if OutcomeKind.RUNOFF not in kinds:
        return "N"
    if kinds == {OutcomeKind.RUNOFF}:
        return "Y"
    return None  # determinative: resolving the challenges decides whether a runoff is needed


def _names_winner(named: str, winner: str, record: ImportedTally) -> bool:
    if len(record.unions) == 1:
        return True
    wanted = _normal(named)
    matches = [name for name, _ in record.unions if _normal(name) == wanted]
    if not matches:
        matches = [name for name, _ in record.unions if _normal(name).startswith(wanted) or wanted.startswith(_normal(name))]
    return matches == [winner]


def _normal(name: str) -> str:
    return re.sub(r"[^0-9a-z]+", "", name.casefold().replace("&", "and"))
