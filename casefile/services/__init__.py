"""One function per legal act: keyword-only, session first, explicit time (``as_of`` and the act's date).

Each act is idempotent through its ``act_key`` on the docket: recording it again returns what the
first recording made and changes nothing. Each runs inside the caller's single transaction
(``casefile.record.db.write_session``), so a refused act stores nothing.
"""
