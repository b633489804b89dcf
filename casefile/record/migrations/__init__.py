"""casefile's Alembic migrations: env.py, the revision template and versions/ (see casefile.record.migrate)."""
