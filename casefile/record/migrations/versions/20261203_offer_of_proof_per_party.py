"""the offer of proof is each objecting party's: one period per party, the unique key with ``for_whom``

Revision ID: offer_per_party
Revises: filing_nlrb
Create Date: 2026-12-03 14:10:00+00:00

"The objecting party shall also file ... a written offer of proof", and the Regional Director may extend its
time "upon request of a party showing good cause" (29 CFR 102.69(a)(8)): the period is the objecting party's.
Until now an election held one offer-of-proof period (for "objecting party"), so when both parties objected
(Bessemer 2022) one party's offer met it for both and an extension granted to one extended it for the other.

- The unique key of ``deadline`` becomes (election_id, kind, trigger_on, for_whom), named
  ``uq_deadline_period_for_whom`` (it was the unnamed (election_id, kind, trigger_on)).
- Each offer-of-proof period whose election has objections filed in the objection period of the same tally
  becomes one party's (``for_whom`` its key): the party whose offer of proof or request for an extension the
  record holds against it (when they are all one party's), else the first party to object. Every other party
  that objected in that period gets a period of its own: the same row but its ``for_whom`` when the period was
  not moved by an order; when it was (``pinned_by``), computed again from the tally under the row's rule set,
  office and the configured calendar, unextended (the order was on another party's request). An offer of proof
  of that party held against the shared period is moved to the party's own (``filing.deadline_id``), which is
  then met (met late for a filing the record holds as late; an offer only prepared in casefile, ``filing.nlrb``
  "prepared", meets nothing: revision filing_nlrb); a period of its own without one keeps the shared
  period's status when it was lapsed or mooted, and is open otherwise (the sweep closes it once its cut-off has
  passed). An offer-of-proof period of an election in which no one objected stays "objecting party".
- The record is sealed again into each case's last entry (the rows' digests change), as revision facts_public
  did; a last entry whose hash does not hold is left as it is: verify names it.

Downgrade: the periods a party got of its own are deleted (their offers of proof are held again against the
period kept, the lowest id of the election and trigger date), the kept one is "objecting party" again, the
unique key is the old one, and the record is sealed again.
"""

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

from casefile.record.migrations.resealing import seal_again

revision: str = 'offer_per_party'
down_revision: str | Sequence[str] | None = 'filing_nlrb'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_OLD_KEY = ('election_id', 'kind', 'trigger_on')
_NEW_KEY = ('election_id', 'kind', 'trigger_on', 'for_whom')
_NEW_NAME = 'uq_deadline_period_for_whom'
_OLD_NAME = 'uq_deadline_election_id_kind_trigger_on'  # what SQLite's copy names the old unnamed key
_OBJECTING_PARTY = 'objecting party'
#: Filing.kind values (stored as text).
_OBJECTIONS, _OFFER, _EXTENSION = 'objections', 'offer-of-proof', 'extension-request'

_DEADLINE_COLUMNS = ('id', 'case_id', 'election_id', 'kind', 'for_whom', 'trigger', 'trigger_on', 'due_on', 'cutoff_at',
                     'citation', 'rules', 'rule_set_id', 'office_key', 'calendar_id', 'derivation', 'preceding_due_on',
                     'status', 'closed_at', 'pinned_by')


def _deadline() -> sa.TableClause:
    """The deadline table with the models' column types (dates, aware instants, JSON), so that a row read is
    written back as the models write it."""
    from casefile.record.columns import UTCDateTime
    from casefile.vocab import DeadlineKind, DeadlineStatus

    types: dict[str, Any] = {'kind': sa.Enum(*[k.name for k in DeadlineKind], name='deadlinekind'),
                             'status': sa.Enum(*[k.name for k in DeadlineStatus], name='deadlinestatus'),'rules': sa.JSON(), 'derivation': sa.JSON(), 'trigger_on': sa.Date(), 'due_on': sa.Date(),
                             'preceding_due_on': sa.Date(), 'cutoff_at': UTCDateTime(), 'closed_at': UTCDateTime()}
    return sa.table('deadline', *[sa.column(n, types.get(n)) for n in _DEADLINE_COLUMNS])


def _filing() -> sa.TableClause:
    return sa.table('filing', sa.column('id'), sa.column('election_id'), sa.column('party_id'), sa.column('kind'),
                    sa.column('deadline_id'), sa.column('timely'), sa.column('received_on'), sa.column('nlrb'))


def _party() -> sa.TableClause:
    return sa.table('party', sa.column('id'), sa.column('key'))


def _swap_key(bind: sa.Connection, *, drop: tuple[str, ...], create: tuple[str, ...], new_name: str) -> None:
    """Replace the deadline's unique key on ``drop`` by one on ``create`` named ``new_name``."""
    found = [u for u in sa.inspect(bind).get_unique_constraints('deadline') if tuple(u['column_names']) == drop]
    name = found[0]['name'] if found and found[0]['name'] else None
    convention = {'uq': 'uq_%(table_name)s_%(column_0_N_name)s'}
    with op.batch_alter_table('deadline', schema=None, naming_convention=convention) as batch_op:
        batch_op.drop_constraint(name or (_OLD_NAME if drop == _OLD_KEY else _NEW_NAME), type_='unique')
        batch_op.create_unique_constraint(new_name, list(create))


def _fresh(row: dict[str, Any]) -> dict[str, Any]:
    """The period of ``row`` computed again from its trigger date, unextended (keep_deadline's computation)."""
    from casefile.record.deadlines import configured_calendar
    from casefile.rules.deadlines import compute_deadline
    from casefile.rules.offices import office_named
    from casefile.rules.rule_sets import rule_set_by_id
    from casefile.vocab import DeadlineKind

    computed = compute_deadline(DeadlineKind.OFFER_OF_PROOF, row['trigger_on'], rule_set=rule_set_by_id(row['rule_set_id']),
                                calendar=configured_calendar(), office=office_named(row['office_key']))
    return {'due_on': computed.due_on, 'cutoff_at': computed.cutoff_at, 'citation': computed.citation,
            'rules': list(computed.rules), 'calendar_id': computed.calendar_id, 'derivation': list(computed.derivation),
            'preceding_due_on': computed.preceding.due_on if computed.preceding else None, 'pinned_by': ''}


def upgrade() -> None:
    bind = op.get_bind()
    _swap_key(bind, drop=_OLD_KEY, create=_NEW_KEY, new_name=_NEW_NAME)
    deadline, filing, party = _deadline(), _filing(), _party()
    keys = dict(bind.execute(sa.select(party.c.id, party.c.key)).all())
    offers = [dict(r) for r in bind.execute(sa.select(deadline).where(deadline.c.kind == 'OFFER_OF_PROOF',
                                                                      deadline.c.for_whom == _OBJECTING_PARTY)
                                            .order_by(deadline.c.id)).mappings()]
    for row in offers:
        objections_periods = sa.select(deadline.c.id).where(deadline.c.election_id == row['election_id'],
                                                            deadline.c.kind == 'OBJECTIONS',
                                                            deadline.c.trigger_on == row['trigger_on'])
        objectors: list[int] = []
        for (party_id,) in bind.execute(sa.select(filing.c.party_id).where(
                filing.c.kind == _OBJECTIONS, filing.c.deadline_id.in_(objections_periods))
                .order_by(filing.c.received_on, filing.c.id)).all():
            if party_id not in objectors:
                objectors.append(party_id)
        if not objectors:
            continue
        held = bind.execute(sa.select(filing.c.id, filing.c.party_id, filing.c.kind, filing.c.timely, filing.c.nlrb).where(
            filing.c.deadline_id == row['id'], filing.c.kind.in_([_OFFER, _EXTENSION])).order_by(filing.c.id)).all()
        askers = {f.party_id for f in held}
        owner = next(iter(askers)) if len(askers) == 1 and next(iter(askers)) in objectors else objectors[0]
        bind.execute(deadline.update().where(deadline.c.id == row['id']).values(for_whom=keys[owner]))
        for other in objectors:
            if other == owner:
                continue
            values = {k: v for k, v in row.items() if k != 'id'}
            values['for_whom'] = keys[other]
            if row['pinned_by']:
                values.update(_fresh(row))
            own_offers = [f for f in held if f.party_id == other and f.kind == _OFFER and f.nlrb == 'e-filed']
            if own_offers:
                values['status'] = 'MET' if any(f.timely for f in own_offers) else 'MET_LATE'
            elif row['status'] in ('LAPSED', 'MOOTED'):
                values['status'] = row['status']
            else:
                values['status'], values['closed_at'] = 'OPEN', None
            new_id = bind.execute(deadline.insert().values(**values).returning(deadline.c.id)).scalar_one()
            moved = [f.id for f in held if f.party_id == other]
            if moved:
                bind.execute(filing.update().where(filing.c.id.in_(moved)).values(deadline_id=new_id))
    seal_again(bind)


def downgrade() -> None:
    bind = op.get_bind()
    deadline, filing = _deadline(), _filing()
    rows = bind.execute(sa.select(deadline.c.id, deadline.c.election_id, deadline.c.trigger_on).where(
        deadline.c.kind == 'OFFER_OF_PROOF').order_by(deadline.c.id)).all()
    kept: dict[tuple[Any, Any], int] = {}
    for row_id, election_id, trigger_on in rows:
        keep = kept.setdefault((election_id, trigger_on), row_id)
        if keep != row_id:
            bind.execute(filing.update().where(filing.c.deadline_id == row_id).values(deadline_id=keep))
            bind.execute(sa.text('DELETE FROM remindersent WHERE deadline_id = :d'), {'d': row_id})
            bind.execute(deadline.delete().where(deadline.c.id == row_id))
    if kept:
        bind.execute(deadline.update().where(deadline.c.id.in_(list(kept.values()))).values(for_whom=_OBJECTING_PARTY))
    _swap_key(bind, drop=_NEW_KEY, create=_OLD_KEY, new_name=_OLD_NAME)
    seal_again(bind)
