"""a deadline's trigger and a challenged ballot's ruling are facts, not sentences

Revision ID: trigger_ruling_facts
Revises: hearing_set_and_opening
Create Date: 2026-12-04 02:50:00+00:00

Issue 16 (the record stores prose that documents parsed back):

- ``deadline.trigger`` (the act a period runs from, as a sentence with an ISO date: "Tally of Ballots
  prepared 2022-04-01", read back with ``startswith``) becomes ``deadline.trigger_kind`` (a TriggerKind value,
  "tally-prepared"; its date is ``trigger_on``, as before) and ``deadline.trigger_ref`` (the record the act
  made, "" where not known: every existing row). Each sentence is read here by its opening words, the
  ones each casefile release wrote; a sentence opening otherwise is read by the deadline's kind (the act
  every period of that kind runs from), and one whose kind runs from several acts refuses the upgrade,
  naming the row (nothing is changed). The sentence is then dropped: casefile.rules.trigger_words words it.
- ``challengedballot.ruling`` (who ruled, an ISO date and the reason in one string: "Regional Director
  2022-01-10: the challenged voters were ...", read back with ``startswith('Board')``) becomes
  ``ruled_by`` (a RuledBy value, NULL: no one ruled — sealed for good as no longer determinative, or an
  agreement before the count), ``ruling_ref`` (the decision or order, "" where not known: every existing
  row) and ``reason`` (the reason the ruling gave, "" none; the column ``ruling`` renamed). ``ruled_on`` is
  kept as it is.
- The record is sealed again into each case's last entry (the rows' digests change), as revision
  offer_per_party did; a last entry whose hash does not hold is left as it is: verify names it.

Downgrade writes each sentence back (the trigger as "<act> <ISO date>", the ruling as "<who> <ISO date>:
<reason>"), drops the new columns and seals the record again.
"""

import re
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from casefile.record.migrations.resealing import seal_again

revision: str = 'trigger_ruling_facts'
down_revision: str | Sequence[str] | None = 'hearing_set_and_opening'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

#: Each trigger sentence's opening words as casefile wrote them, and its TriggerKind value.
_OPENINGS: tuple[tuple[str, str], ...] = (
    ("Tally of Ballots prepared", "tally-prepared"),
    ("Revised Tally of Ballots", "revised-tally-available"),
    ("Hearing Officer's Report issued", "ho-report-issued"),
    ("Hearing closed", "hearing-closed"),
    ("Regional Director's Decision served", "rd-decision-served"),
    ("Certification of Representative issued", "certification-of-representative-issued"),
    ("Certification of Results issued", "certification-of-results-issued"),
    ("supplemental decision of", "supplemental-decision-issued"),
    ("Dismissal of the petition issued", "dismissal-issued"),
    ("ALJ decision and order transferring the case to the Board", "alj-transfer-issued"),
    ("Order to open and count challenged ballots issued", "open-and-count-order-issued"),
    ("Order to count ballots excluded at the count issued", "count-excluded-order-issued"),
)
#: The act every period of a deadline kind (stored by name) runs from, where there is one.
_BY_KIND = {
    "OBJECTIONS": "tally-prepared", "OFFER_OF_PROOF": "tally-prepared", "HEARING_OPENS": "tally-prepared",
    "EARLIEST_CERTIFICATION": "tally-prepared",
    "REVISED_TALLY_OBJECTIONS": "revised-tally-available", "EXCEPTIONS": "ho-report-issued",
    "ANSWERING_BRIEF": "ho-report-issued", "POST_HEARING_BRIEF": "hearing-closed",
    "RECONSIDERATION": "rd-decision-served", "ALJ_EXCEPTIONS": "alj-transfer-issued",
}
#: How the downgrade writes each trigger back (before the ISO date; after it, what the period assumes).
_WORDS = {kind: opening for opening, kind in _OPENINGS} | {
    "revised-tally-available": "Revised Tally of Ballots made available"}
_AFTER = {"rd-decision-served": " (service date assumed = issue date)",
          "dismissal-issued": " (service date assumed = issue date)",
          "alj-transfer-issued": " (transfer order date assumed = decision date)",
          "supplemental-decision-issued": " (the certification stands)"}

#: Who ruled, by the words an older ruling opened with (before its ISO date), and back.
_RULERS = {"Regional Director": "regional-director", "Regional Director's decision": "regional-director",
           "Board": "board", "Administrative Law Judge's decision": "administrative-law-judge",
           "hearing officer's report": "hearing-officer"}
_RULER_WORDS = {"regional-director": "Regional Director", "board": "Board",
                "administrative-law-judge": "Administrative Law Judge's decision",
                "hearing-officer": "hearing officer's report"}
_RULING = re.compile(r"(?P<who>.+?) (?P<on>\d{4}-\d{2}-\d{2})(?:: (?P<reason>.*))?", re.S)
_NO_LONGER_DETERMINATIVE = "no longer determinative"


def trigger_kind_of(text: str, kind: str) -> str | None:
    """The TriggerKind value of an older trigger sentence of a period of ``kind`` (a DeadlineKind name), or
    None when neither its words nor its kind say."""
    for opening, value in _OPENINGS:
        if text.startswith(opening):
            return value
    return _BY_KIND.get(kind)


def ruling_facts(text: str) -> tuple[str | None, str]:
    """(ruled_by, reason) of an older ruling sentence."""
    if text.startswith(_NO_LONGER_DETERMINATIVE):
        return None, ""  # its status says it: sealed for good, no one ruled
    match = _RULING.fullmatch(text.strip())
    if match is None or match.group("who") not in _RULERS:
        return None, text  # "agreement before the count" and the like: no one ruled; the words are its reason
    return _RULERS[match.group("who")], (match.group("reason") or "").strip()


def upgrade() -> None:
    bind = op.get_bind()
    with op.batch_alter_table('deadline', schema=None) as batch_op:
        batch_op.add_column(sa.Column('trigger_kind', sa.String(), nullable=True))
        batch_op.add_column(sa.Column('trigger_ref', sa.String(), nullable=False, server_default=''))
    deadline = sa.table('deadline', sa.column('id', sa.Integer()), sa.column('kind', sa.String()),
                        sa.column('trigger', sa.String()), sa.column('trigger_kind', sa.String()))
    kinds = []
    for ident, kind, trigger in bind.execute(sa.select(deadline.c.id, deadline.c.kind, deadline.c.trigger)
                                             .order_by(deadline.c.id)).all():
        value = trigger_kind_of(str(trigger or ''), str(kind))
        if value is None:
            raise RuntimeError(f"deadline {ident} ({kind}): what it runs from cannot be read from {trigger!r}; "
                               "nothing was changed")
        kinds.append({'row_id': ident, 'kind_value': value})
    if kinds:
        bind.execute(deadline.update().where(deadline.c.id == sa.bindparam('row_id'))
                     .values(trigger_kind=sa.bindparam('kind_value')), kinds)
    with op.batch_alter_table('deadline', schema=None) as batch_op:
        batch_op.alter_column('trigger_kind', existing_type=sa.String(), nullable=False)
        batch_op.drop_column('trigger')

    with op.batch_alter_table('challengedballot', schema=None) as batch_op:
        batch_op.add_column(sa.Column('ruled_by', sa.String(), nullable=True))
        batch_op.add_column(sa.Column('ruling_ref', sa.String(), nullable=False, server_default=''))
        batch_op.alter_column('ruling', new_column_name='reason', existing_type=sa.String(), existing_nullable=False)
    ballot = sa.table('challengedballot', sa.column('id', sa.Integer()), sa.column('reason', sa.String()),
                      sa.column('ruled_by', sa.String()))
    rulings = []
    for ident, text in bind.execute(sa.select(ballot.c.id, ballot.c.reason).where(ballot.c.reason != '')).all():
        ruled_by, reason = ruling_facts(str(text))
        rulings.append({'row_id': ident, 'by_value': ruled_by, 'reason_value': reason})
    if rulings:
        bind.execute(ballot.update().where(ballot.c.id == sa.bindparam('row_id'))
                     .values(ruled_by=sa.bindparam('by_value'), reason=sa.bindparam('reason_value')), rulings)
    seal_again(bind)


def downgrade() -> None:
    bind = op.get_bind()
    with op.batch_alter_table('deadline', schema=None) as batch_op:
        batch_op.add_column(sa.Column('trigger', sa.String(), nullable=True))
    deadline = sa.table('deadline', sa.column('id', sa.Integer()), sa.column('trigger', sa.String()),
                        sa.column('trigger_kind', sa.String()), sa.column('trigger_on', sa.Date()))
    sentences = [{'row_id': ident, 'trigger_value': f"{_WORDS[kind]} {on.isoformat()}{_AFTER.get(kind, '')}"}
                 for ident, kind, on in bind.execute(sa.select(deadline.c.id, deadline.c.trigger_kind,
                                                               deadline.c.trigger_on)).all()]
    if sentences:
        bind.execute(deadline.update().where(deadline.c.id == sa.bindparam('row_id'))
                     .values(trigger=sa.bindparam('trigger_value')), sentences)
    with op.batch_alter_table('deadline', schema=None) as batch_op:
        batch_op.alter_column('trigger', existing_type=sa.String(), nullable=False)
        batch_op.drop_column('trigger_ref')
        batch_op.drop_column('trigger_kind')

    ballot = sa.table('challengedballot', sa.column('id', sa.Integer()), sa.column('reason', sa.String()),
                      sa.column('ruled_by', sa.String()), sa.column('ruled_on', sa.Date()),
                      sa.column('status', sa.String()))
    rulings = []
    for ident, by, on, reason, status in bind.execute(sa.select(ballot.c.id, ballot.c.ruled_by, ballot.c.ruled_on,
                                                                ballot.c.reason, ballot.c.status)).all():
        if by is not None:
            text = f"{_RULER_WORDS[by]} {on.isoformat() if on is not None else ''}".strip() + (f": {reason}" if reason else "")
        elif status == 'NOT_DETERMINATIVE' and not reason:
            text = "no longer determinative (R-E7): stays sealed"
        else:
            continue
        rulings.append({'row_id': ident, 'reason_value': text})
    if rulings:
        bind.execute(ballot.update().where(ballot.c.id == sa.bindparam('row_id'))
                     .values(reason=sa.bindparam('reason_value')), rulings)
    with op.batch_alter_table('challengedballot', schema=None) as batch_op:
        batch_op.alter_column('reason', new_column_name='ruling', existing_type=sa.String(), existing_nullable=False)
        batch_op.drop_column('ruling_ref')
        batch_op.drop_column('ruled_by')
    seal_again(bind)
