"""The case record: tables (models), engine and sessions (db), the stage machine and docket
(workflow), look-ups, stored deadlines, and the read models (queries)."""
