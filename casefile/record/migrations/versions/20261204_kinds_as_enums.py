"""the record holds facts, not prose: a docket entry's act as one of the act names, a hearing's opening time as a time

Revision ID: kinds_as_enums
Revises: documentkind_waiver
Create Date: 2026-12-04 19:30:00+00:00

Issue 16 (kinds as enums):

- ``docketentry.act`` is one of the docket's act names (casefile.vocab.DocketActName, stored as its value, the
  text the column held: no row changes, and no entry's hash). The entries are append-only and hash-chained
  (casefile.record.chain): an act name is never rewritten. So an entry whose act is none of the names this
  revision knows refuses the upgrade, naming each such entry and its act (nothing is changed; no casefile release
  wrote one: the import's own acts and the Board's ruling's stage moves are names too).
- ``hearing.opens_at`` (the time of day a hearing opens, at the office that has the case) was "HH:MM" text, ""
  when the record lacks it: it becomes a TIME column, NULL when the record lacks it. A text that is no time of
  day refuses the upgrade, naming the hearing and its text (nothing is changed): casefile only ever wrote
  "HH:MM", and a time the upgrade guessed would be a fact the record never held.
- The record is sealed again into each case's last entry (a hearing row's digest changes where it had no time:
  "" becomes NULL), as revision tally_cert_uncertain does; a last entry whose hash does not hold is left as it
  is: verify names it.

Downgrade writes each time back as "HH:MM" ("" for NULL) and seals the record again.
"""

import re
from collections.abc import Sequence
from datetime import time

import sqlalchemy as sa
from alembic import op

from casefile.record.migrations.resealing import seal_again

revision: str = 'kinds_as_enums'
down_revision: str | Sequence[str] | None = 'documentkind_waiver'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

#: The docket's act names as of this revision (casefile.vocab.DocketActName's values; the models move on, this
#: list does not).
ACT_NAMES = frozenset({
    "open-case", "record-tally", "file-objections", "notice-hearing", "consolidate-with-ulp", "open-hearing",
    "reschedule-hearing", "file-motion", "rule-on-motion", "close-hearing", "ho-report", "file-exceptions",
    "rd-decision", "alj-decision", "board-decision", "set-aside", "direct-second-election", "certification",
    "register-challenges", "rule-on-challenges", "count-excluded-ballots", "revised-tally", "direct-runoff",
    "deadline-lapsed", "sweep", "add-counsel", "attach-document", "request-extension", "pin-deadline",
    "recompute-deadline", "file-offer-of-proof", "transfer-case", "amend-objection", "withdraw-objection",
    "confirm-efiling", "file-post-hearing-brief", "file-answering-brief", "file-cross-exceptions",
    "request-for-review", "oppose-review", "move-for-reconsideration", "board-ruling", "rfr-pending",
    "objection-period-closed", "certification-due", "runoff-due", "close", "withdraw-petition", "dismiss-petition",
    "correct-case", "correct-hearing", "correct-party", "correct-tally", "closure-superseded", "issue-document",
    "import-case", "import-tally", "import-case-closed", "board-ruling:closed", "board-ruling:set-aside",
    "board-ruling:rerun-directed", "board-ruling:hearing-noticed", "waive-exceptions",
})
_CLOCK = re.compile(r"(\d{1,2}):(\d{2})")


def clock_of(text: str) -> time | None:
    """The time of day an older ``opens_at`` text holds ("10:00", "9:30"), None for "" (not in the record).
    Raises ValueError for a text that is no time of day."""
    text = text.strip()
    if not text:
        return None
    match = _CLOCK.fullmatch(text)
    if match is None:
        raise ValueError(text)
    return time(int(match.group(1)), int(match.group(2)))  # ValueError for 25:00 or 10:75


def _check_acts(bind: sa.Connection) -> None:
    docket = sa.table('docketentry', sa.column('id', sa.Integer()), sa.column('act', sa.String()))
    unknown = [(i, a) for i, a in bind.execute(sa.select(docket.c.id, docket.c.act).order_by(docket.c.id)).all()
               if a not in ACT_NAMES]
    if unknown:
        listed = "; ".join(f"entry {i}: {a!r}" for i, a in unknown[:20]) + ("; ..." if len(unknown) > 20 else "")
        raise RuntimeError(f"{len(unknown)} docket entries name an act casefile does not know ({listed}); the docket "
                           "is append-only and hash-chained, so casefile does not rename an act: nothing was changed")


def _opens_at_up(bind: sa.Connection) -> None:
    hearing = sa.table('hearing', sa.column('id', sa.Integer()), sa.column('opens_at', sa.String()),
                       sa.column('opens_at_time', sa.Time()))
    times, refused = [], []
    for ident, text in bind.execute(sa.select(hearing.c.id, hearing.c.opens_at).order_by(hearing.c.id)).all():
        try:
            value = clock_of(str(text or ''))
        except ValueError:
            refused.append(f"hearing {ident}: {text!r}")
            continue
        if value is not None:
            times.append({'row_id': ident, 'time_value': value})
    if refused:
        raise RuntimeError(f"the opening time (opens_at) of {len(refused)} hearings is not a time of day "
                           f"({'; '.join(refused)}); give it as HH:MM before upgrading: nothing was changed")
    with op.batch_alter_table('hearing', schema=None) as batch_op:
        batch_op.add_column(sa.Column('opens_at_time', sa.Time(), nullable=True))
    if times:
        bind.execute(hearing.update().where(hearing.c.id == sa.bindparam('row_id'))
                     .values(opens_at_time=sa.bindparam('time_value')), times)
    with op.batch_alter_table('hearing', schema=None) as batch_op:
        batch_op.drop_column('opens_at')
        batch_op.alter_column('opens_at_time', new_column_name='opens_at', existing_type=sa.Time(), existing_nullable=True)


def _opens_at_down(bind: sa.Connection) -> None:
    with op.batch_alter_table('hearing', schema=None) as batch_op:
        batch_op.add_column(sa.Column('opens_at_text', sa.String(), nullable=False, server_default=''))
    hearing = sa.table('hearing', sa.column('id', sa.Integer()), sa.column('opens_at', sa.Time()),
                       sa.column('opens_at_text', sa.String()))
    texts = [{'row_id': ident, 'text_value': value.strftime('%H:%M')}
             for ident, value in bind.execute(sa.select(hearing.c.id, hearing.c.opens_at)
                                              .where(hearing.c.opens_at.is_not(None))).all()]
    if texts:
        bind.execute(hearing.update().where(hearing.c.id == sa.bindparam('row_id'))
                     .values(opens_at_text=sa.bindparam('text_value')), texts)
    with op.batch_alter_table('hearing', schema=None) as batch_op:
        batch_op.drop_column('opens_at')
        batch_op.alter_column('opens_at_text', new_column_name='opens_at', existing_type=sa.String(),
                              existing_nullable=False, existing_server_default='')


def upgrade() -> None:
    bind = op.get_bind()
    _check_acts(bind)
    _opens_at_up(bind)
    seal_again(bind)


def downgrade() -> None:
    bind = op.get_bind()
    _opens_at_down(bind)
    seal_again(bind)
