"""The Regional Director's order consolidating objections and challenged ballots with an
unfair-labor-practice case for hearing before an Administrative Law Judge (R-I4, R-R3).

In a stipulated or directed election, exceptions to the judge's decision then go to the Board
(29 CFR 102.46, 28 days from the transfer order); in a consent election the judge severs the
representation case and sends it back to the Regional Director (102.69(c)(2)).
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, Literal

from pydantic import Field, field_validator
from sqlmodel import Session

from casefile.acts.base import Done, Issue, Text, Who, again, election_for, recorded
from casefile.acts.hearing_parts import (
    HearingOrder,
    check_opens_after_order,
    check_same_order,
    hearing_of,
    record_gaps,
    set_for_hearing,
)
from casefile.documents.kinds.order_consolidating_cases import OrderConsolidatingCases
from casefile.errors import BadInput
from casefile.record.authority import REGION, Whose
from casefile.record.deadlines import close_open_deadlines
from casefile.record.models import Case, Hearing
from casefile.record.refs import RecordTable, Ref, ref_to
from casefile.record.workflow import advance, require_stage
from casefile.rules.stages import accepted_at
from casefile.vocab import Actor, DeadlineKind, DeadlineStatus, DocketActName, Stage, ordinal

CONSOLIDABLE = accepted_at("consolidate-with-ulp")
#: The stages of the election the act is on (the latest) at which perform() accepts it (require_stage below);
#: the web and the API offer the act only then (casefile.acts.allowed_now).
STAGES = CONSOLIDABLE


class ConsolidateWithUlp(HearingOrder):
    """The consolidation order: ``date`` its date, the ``ulp_cases`` it joins (case numbers, at
    least one), and the hearing's terms as in a notice of hearing (``presiding``: the judge)."""

    act: Literal["consolidate-with-ulp"] = "consolidate-with-ulp"
    WHOSE: ClassVar[Whose] = REGION
    ulp_cases: list[Text] = Field(min_length=1, max_length=50)

    @field_validator("ulp_cases")
    @classmethod
    def _case_numbers(cls, value: list[str]) -> list[str]:
        """Each joined case is an NLRB case number (rules.md §7; normalized, "5-ca-123" → "05-CA-123") or the
        record copy's placeholder for a number the public record does not give: refused here, before anything is
        stored, not when the judge's decision is built from the hearing (its caption names these cases)."""
        from casefile.documents.parts import is_placeholder
        from casefile.rules.case_numbers import parse_case_number

        out = []
        for i, text in enumerate(value, start=1):
            if is_placeholder(text.strip()):
                out.append(text.strip())
                continue
            try:
                out.append(str(parse_case_number(text)))
            except BadInput as exc:
                raise ValueError(f"the {ordinal(i)} unfair-labor-practice case: {exc}") from None
        return out


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """The Order Consolidating Cases and Notice of Hearing, about the hearing the order made."""
    return (Issue(OrderConsolidatingCases, ref.id),) if ref is not None and ref.table is RecordTable.HEARING else ()


def perform(session: Session, act: ConsolidateWithUlp, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Record the consolidation order and set its objections (and challenged ballots) for the
    hearing before the Administrative Law Judge.

    The election must be at objections-pending, challenge-investigation or hearing-noticed; it
    moves to alj-consolidated, and the hearing-opens target date is met by the order (R-I3).
    Idempotent on (election, order date); the same date with other terms is refused
    (AlreadyRecorded). Raises IllegalTransition, ProcedureError (nothing to hear; challenges not
    determinative), UnknownRecord, NotAllowedNow.
    Authority: 29 CFR 102.69(c)(1)(ii), (c)(2); rules.md R-I4, R-R3.
    """
    election = election_for(session, case, act.election)
    issued_on = act.legal_date(case, as_of)
    key = f"consolidate:e{election.sequence}:{issued_on.isoformat()}"
    if (entry := recorded(session, case, key)) is not None:
        check_same_order(case, entry, hearing_of(session, entry.ref), act, ulp_cases=list(act.ulp_cases))
        return again(entry, act.act, issues(session, entry.ref))
    require_stage(election, "consolidation with an unfair-labor-practice case", STAGES)
    check_opens_after_order(act, issued_on)
    set_ids = set_for_hearing(session, case, election, act, issued_on=issued_on,
                              what="the order consolidating the case with an unfair-labor-practice case")
    hearing = Hearing(election_id=election.id, noticed_on=issued_on, opens_on=act.opens_on,  # type: ignore[arg-type]
                      noticed_opens_on=act.opens_on,
                      opens_at=act.opens_at, issuer=act.issuer,
                      place=act.place, presiding=act.presiding, before_alj=True, ulp_cases=list(act.ulp_cases),
                      objections_set=set_ids, challenges_set=act.challenges, note=act.note, uncertain=act.uncertain,
                      **record_gaps(act))
    session.add(hearing)
    session.flush()
    close_open_deadlines(session, election, {DeadlineKind.HEARING_OPENS}, status=DeadlineStatus.MET, as_of=as_of,
                         on=act.opens_on or issued_on)  # met late when set to open after its target (R-I3); an
    # opening the record does not give is no earlier than the order
    what = f"{len(set_ids)} objections" + (" and the challenged ballots" if act.challenges else "")
    entry = advance(session, election, Stage.ALJ_CONSOLIDATED, as_of=as_of, occurred_on=issued_on,
                    act=DocketActName.CONSOLIDATE_WITH_ULP, act_key=key, actor=Actor.REGIONAL_DIRECTOR,
                    summary=f"Order consolidating {what} with {', '.join(act.ulp_cases)} for hearing before an "
                    "Administrative Law Judge", ref=ref_to(hearing))
    assert entry.id is not None
    return Done(act=act.act, ref=entry.ref, entry_id=entry.id, issue=issues(session, entry.ref), summary=entry.summary)
