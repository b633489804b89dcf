"""Revision facts_public: a hearing whose opening the record holds only as the date its notice set (until then a
part of ``hearing.uncertain`` beginning "Its opening: ", written by open-hearing) gets ``opening_date_public``
False; every other row keeps what it had, the new flags true (in the public record)."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Connection, text

from casefile.record import migrate
from casefile.record.db import make_engine

_ROWS = (  # id, opens_on, noticed_opens_on, uncertain
    (1, "2021-05-07", "2021-05-07", "The notice's date is not public. Its opening: the opening date is the scheduled one."),
    (2, "2022-06-13", "2022-05-23", "Its opening: the opening on 2022-06-13 is from press reports."),  # opened later
    (3, "2021-05-07", "2021-05-07", "the opening date is reported"),
    (4, None, "2021-05-07", "Its opening: not yet"),
)


def _insert_required(conn: Connection, table: str, given: dict[str, object]) -> None:
    """A row of ``table`` with ``given`` and a plain value in each other NOT NULL column without a default."""
    values = dict(given)
    for _, name, kind, notnull, default, pk in conn.execute(text(f'PRAGMA table_info("{table}")')).all():
        if notnull and default is None and not pk and name not in values:
            values[name] = 0 if kind.upper() in ("INTEGER", "BOOLEAN") else "2021-01-01" if kind.upper() in ("DATE", "DATETIME") else "x"
    columns = ", ".join(f'"{n}"' for n in values)
    conn.execute(text(f'INSERT INTO "{table}" ({columns}) VALUES ({", ".join(":" + n for n in values)})'), values)


def test_the_opening_part_becomes_the_flag_and_every_row_stays(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'casefile.db'}")
    try:
        migrate.upgrade(engine, "excluded_ballots")
        with engine.begin() as conn:
            _insert_required(conn, "case", {"id": 1, "number": "10-RC-269250", "region": "10", "office_key": "atlanta"})
            _insert_required(conn, "election", {"id": 1, "case_id": 1, "sequence": 1})
            for ident, opens_on, noticed, uncertain in _ROWS:
                conn.execute(text("INSERT INTO hearing (id, election_id, noticed_on, opens_on, noticed_opens_on, opens_at, "
                                  "closed_on, place, presiding, issuer, before_alj, ulp_cases, objections_set, "
                                  "challenges_set, note, uncertain) VALUES (:id, 1, '2021-04-26', :o, :n, '', NULL, '', "
                                  "'', '', 0, '[]', '[]', 0, '', :u)"),
                             {"id": ident, "o": opens_on, "n": noticed, "u": uncertain})
        migrate.upgrade(engine)
        with engine.connect() as conn:
            rows = conn.execute(text("SELECT id, uncertain, opening_date_public, noticed_on_public, "
                                     "objection_numbers_public, challenges_unresolved FROM hearing ORDER BY id")).all()
        assert [(r[0], r[1]) for r in rows] == [(r[0], r[3]) for r in _ROWS]  # every row, its note as it was
        assert [tuple(r[2:]) for r in rows] == [(0, 1, 1, None), (1, 1, 1, None), (1, 1, 1, None), (1, 1, 1, None)]
    finally:
        engine.dispose()
