"""people, service ledger, attachments (issue 11): one home for a person's contact details

Revision ID: people_service
Revises: corrections
Create Date: 2026-12-01

- ``person`` (the reminders' people) grows into the one home for a person of a party: firm, postal
  address, phone, bar number, whether counsel of record (``counsel``, in ``position`` order), whether
  reminded (``reminded``), and the account they sign in with (``user_id``). Each party's
  ``representative``/``email``/``address`` is carried over: the representative becomes the party's
  counsel (the reminders' person of the same name when there is one, else a new person, not reminded);
  a party with an address but no representative named gets a person of its own name holding that
  service address (not counsel, not reminded). The three columns are then dropped from ``party``.
- ``servicerecord``: the service ledger. Each filing's ``served_on`` list is carried over, one row per
  entry (the party by name, the counsel by name, "email" as EMAIL, a manner not in the record as
  NULL), then ``filing.served_on`` is dropped.
- ``attachment``: documents as filed and as issued (new, empty).
- ``case.sources``: the public sources of a case kept from the record (empty for existing cases);
  ``tally.board_agent``: the Board agent who signed the tally (empty: not recorded).

Downgrade puts ``representative``/``email``/``address`` back from each party's first counsel (or its
own service address) and ``served_on`` from the ledger, removes the people that were only counsel,
and drops the new columns and tables (firms, phones, bar numbers and attachments are lost).
"""

from collections.abc import Sequence
from datetime import date, datetime

import sqlalchemy as sa
from alembic import op

revision: str = 'people_service'
down_revision: str | Sequence[str] | None = 'corrections'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_METHODS = {"email": "EMAIL", "e-mail": "EMAIL", "electronic mail": "EMAIL", "e-filing": "E_FILING", "mail": "MAIL",
            "overnight": "OVERNIGHT", "hand": "HAND", "fax": "FAX", "facsimile": "FAX"}

_party = sa.table("party", sa.column("id", sa.Integer), sa.column("case_id", sa.Integer), sa.column("name", sa.String),
                  sa.column("representative", sa.String), sa.column("email", sa.String), sa.column("address", sa.String))
_person = sa.table("person", sa.column("id", sa.Integer), sa.column("case_id", sa.Integer), sa.column("party_id", sa.Integer),
                   sa.column("name", sa.String), sa.column("email", sa.String), sa.column("notify_urls", sa.JSON),
                   sa.column("created_at", sa.DateTime(timezone=True)), sa.column("address", sa.String),
                   sa.column("counsel", sa.Boolean), sa.column("reminded", sa.Boolean), sa.column("position", sa.Integer))
_case = sa.table("case", sa.column("id", sa.Integer), sa.column("created_at", sa.DateTime(timezone=True)))
_filing = sa.table("filing", sa.column("id", sa.Integer), sa.column("case_id", sa.Integer), sa.column("received_on", sa.Date),
                   sa.column("received_at", sa.DateTime(timezone=True)), sa.column("served_on", sa.JSON))
_service = sa.table("servicerecord", sa.column("id", sa.Integer), sa.column("case_id", sa.Integer),
                    sa.column("filing_id", sa.Integer), sa.column("party_id", sa.Integer), sa.column("person_id", sa.Integer),
                    sa.column("served", sa.String),
                    sa.column("method", sa.Enum('E_FILING', 'EMAIL', 'MAIL', 'OVERNIGHT', 'HAND', 'FAX', name='servicemethod')), sa.column("address", sa.String),
                    sa.column("served_at", sa.DateTime(timezone=True)), sa.column("served_on", sa.Date),
                    sa.column("position", sa.Integer))


def upgrade() -> None:
    op.create_table('attachment',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('case_id', sa.Integer(), nullable=False),
    sa.Column('filing_id', sa.Integer(), nullable=True),
    sa.Column('entry_id', sa.Integer(), nullable=True),
    sa.Column('document_id', sa.Integer(), nullable=True),
    sa.Column('kind', sa.String(), nullable=False),
    sa.Column('original_name', sa.String(), nullable=False),
    sa.Column('path', sa.String(), nullable=False),
    sa.Column('media_type', sa.String(), nullable=False),
    sa.Column('size', sa.Integer(), nullable=False),
    sa.Column('sha256', sa.String(), nullable=False),
    sa.Column('confirmation', sa.String(), nullable=False),
    sa.Column('confidential', sa.Boolean(), nullable=False),
    sa.Column('attached_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['case_id'], ['case.id'], ),
    sa.ForeignKeyConstraint(['document_id'], ['document.id'], ),
    sa.ForeignKeyConstraint(['entry_id'], ['docketentry.id'], ),
    sa.ForeignKeyConstraint(['filing_id'], ['filing.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('attachment', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_attachment_case_id'), ['case_id'], unique=False)

    op.create_table('servicerecord',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('case_id', sa.Integer(), nullable=False),
    sa.Column('filing_id', sa.Integer(), nullable=False),
    sa.Column('party_id', sa.Integer(), nullable=True),
    sa.Column('person_id', sa.Integer(), nullable=True),
    sa.Column('served', sa.String(), nullable=False),
    sa.Column('method', sa.Enum('E_FILING', 'EMAIL', 'MAIL', 'OVERNIGHT', 'HAND', 'FAX', name='servicemethod'), nullable=True),
    sa.Column('address', sa.String(), nullable=False),
    sa.Column('served_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('served_on', sa.Date(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['case_id'], ['case.id'], ),
    sa.ForeignKeyConstraint(['filing_id'], ['filing.id'], ),
    sa.ForeignKeyConstraint(['party_id'], ['party.id'], ),
    sa.ForeignKeyConstraint(['person_id'], ['person.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('servicerecord', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_servicerecord_case_id'), ['case_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_servicerecord_filing_id'), ['filing_id'], unique=False)

    with op.batch_alter_table('case', schema=None) as batch_op:
        batch_op.add_column(sa.Column('sources', sa.JSON(), nullable=True))

    with op.batch_alter_table('tally', schema=None) as batch_op:
        batch_op.add_column(sa.Column('board_agent', sa.String(), server_default='', nullable=False))

    with op.batch_alter_table('person', schema=None) as batch_op:
        batch_op.add_column(sa.Column('firm', sa.String(), server_default='', nullable=False))
        batch_op.add_column(sa.Column('address', sa.String(), server_default='', nullable=False))
        batch_op.add_column(sa.Column('phone', sa.String(), server_default='', nullable=False))
        batch_op.add_column(sa.Column('bar_number', sa.String(), server_default='', nullable=False))
        batch_op.add_column(sa.Column('counsel', sa.Boolean(), server_default=sa.false(), nullable=False))
        batch_op.add_column(sa.Column('reminded', sa.Boolean(), server_default=sa.true(), nullable=False))
        batch_op.add_column(sa.Column('position', sa.Integer(), server_default='0', nullable=False))
        batch_op.add_column(sa.Column('user_id', sa.Integer(), nullable=True))
        batch_op.create_foreign_key('fk_person_user_id_useraccount', 'useraccount', ['user_id'], ['id'])

    _carry_people_over()
    _carry_service_over()

    with op.batch_alter_table('filing', schema=None) as batch_op:
        batch_op.drop_column('served_on')

    with op.batch_alter_table('party', schema=None) as batch_op:
        batch_op.drop_column('representative')
        batch_op.drop_column('email')
        batch_op.drop_column('address')


def _carry_people_over() -> None:
    """Each party's representative (with its e-mail and address) becomes its counsel of record."""
    bind = op.get_bind()
    created = dict(bind.execute(sa.select(_case.c.id, _case.c.created_at)).all())
    for party in bind.execute(sa.select(_party).order_by(_party.c.id)).mappings().all():
        representative = (party["representative"] or "").strip()
        email, address = (party["email"] or "").strip(), party["address"] or ""
        if not (representative or email or address):
            continue
        name = representative or party["name"]
        same = bind.execute(sa.select(_person.c.id, _person.c.email).where(
            _person.c.case_id == party["case_id"], _person.c.party_id == party["id"], _person.c.name == name)).first()
        if same is not None:
            bind.execute(_person.update().where(_person.c.id == same.id).values(
                counsel=bool(representative), position=0, address=address, email=same.email or email))
        else:
            bind.execute(_person.insert().values(
                case_id=party["case_id"], party_id=party["id"], name=name, email=email, notify_urls=[],
                created_at=created[party["case_id"]] or datetime.now().astimezone(), address=address,
                counsel=bool(representative), reminded=False, position=0))


def _carry_service_over() -> None:
    """Each filing's ``served_on`` entries become rows of the service ledger."""
    bind = op.get_bind()
    parties = {(r.case_id, r.name): r.id for r in bind.execute(sa.select(_party.c.id, _party.c.case_id, _party.c.name))}
    people = {(r.party_id, r.name): r.id for r in bind.execute(sa.select(_person.c.id, _person.c.party_id, _person.c.name))}
    for filing in bind.execute(sa.select(_filing).order_by(_filing.c.id)).mappings().all():
        for position, entry in enumerate(filing["served_on"] or []):
            if not isinstance(entry, dict):
                continue
            party_id = parties.get((filing["case_id"], entry.get("party")))
            representative = (entry.get("representative") or "").strip()
            person_id = people.get((party_id, representative)) if party_id is not None and representative else None
            try:
                served_on = date.fromisoformat(str(entry.get("served_on")))
            except ValueError:
                served_on = filing["received_on"]
            bind.execute(_service.insert().values(
                case_id=filing["case_id"], filing_id=filing["id"], party_id=party_id, person_id=person_id,
                served=representative or str(entry.get("party") or ""),
                method=_METHODS.get(str(entry.get("manner") or "").strip().lower()),
                address=str(entry.get("address") or ""), served_at=None, served_on=served_on, position=position))


def downgrade() -> None:
    with op.batch_alter_table('party', schema=None) as batch_op:
        batch_op.add_column(sa.Column('representative', sa.VARCHAR(), server_default='', nullable=False))
        batch_op.add_column(sa.Column('email', sa.VARCHAR(), server_default='', nullable=False))
        batch_op.add_column(sa.Column('address', sa.VARCHAR(), server_default='', nullable=False))
    with op.batch_alter_table('filing', schema=None) as batch_op:
        batch_op.add_column(sa.Column('served_on', sa.JSON(), nullable=True))

    bind = op.get_bind()
    for party in bind.execute(sa.select(_party.c.id, _party.c.name)).all():
        rows = bind.execute(sa.select(_person).where(_person.c.party_id == party.id)
                            .order_by(_person.c.counsel.desc(), _person.c.position, _person.c.id)).mappings().all()
        first = next((r for r in rows if r["counsel"]), None) or next(
            (r for r in rows if not r["reminded"] and r["name"] == party.name), None)
        if first is not None:
            bind.execute(_party.update().where(_party.c.id == party.id).values(
                representative=first["name"] if first["counsel"] else "", email=first["email"], address=first["address"]))
    names = {"EMAIL": "email", "E_FILING": "e-filing", "MAIL": "mail", "OVERNIGHT": "overnight", "HAND": "hand", "FAX": "fax"}
    party_names = dict(bind.execute(sa.select(_party.c.id, _party.c.name)).all())
    served: dict[int, list[dict]] = {}
    for r in bind.execute(sa.select(_service).order_by(_service.c.filing_id, _service.c.position, _service.c.id)).mappings():
        served.setdefault(r["filing_id"], []).append({
            "party": party_names.get(r["party_id"], r["served"]), "representative": r["served"] if r["person_id"] else "",
            "manner": names.get(r["method"] or "", "[manner not in record]"), "address": r["address"],
            "served_on": r["served_on"].isoformat() if isinstance(r["served_on"], date) else str(r["served_on"])})
    for filing_id, entries in served.items():
        bind.execute(_filing.update().where(_filing.c.id == filing_id).values(served_on=entries))
    with op.batch_alter_table('servicerecord', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_servicerecord_filing_id'))
        batch_op.drop_index(batch_op.f('ix_servicerecord_case_id'))
    op.drop_table('servicerecord')
    if bind.dialect.name == "postgresql":
        sa.Enum(name="servicemethod").drop(bind, checkfirst=False)
    bind.execute(_person.delete().where(_person.c.reminded == sa.false()))  # the people that were only counsel

    with op.batch_alter_table('person', schema=None) as batch_op:
        batch_op.drop_constraint('fk_person_user_id_useraccount', type_='foreignkey')
        batch_op.drop_column('user_id')
        batch_op.drop_column('position')
        batch_op.drop_column('reminded')
        batch_op.drop_column('counsel')
        batch_op.drop_column('bar_number')
        batch_op.drop_column('phone')
        batch_op.drop_column('address')
        batch_op.drop_column('firm')

    with op.batch_alter_table('case', schema=None) as batch_op:
        batch_op.drop_column('sources')

    with op.batch_alter_table('tally', schema=None) as batch_op:
        batch_op.drop_column('board_agent')

    with op.batch_alter_table('attachment', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_attachment_case_id'))
    op.drop_table('attachment')
