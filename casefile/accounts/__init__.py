"""Accounts (issue 8): organizations and their links to parties, users and their passwords, API
tokens, password resets, drafts, and acting as a signed-in user.

The tables are in casefile.record.accounts; who may see and do what is casefile.record.access.
Every service function takes the session first and everything else by keyword
(``add_user(session, email=..., organization=..., role=..., password=..., as_of=...)``); it
writes in the caller's transaction and raises a CasefileError (nothing stored) on bad input.
Acting (:mod:`casefile.accounts.acting`) goes through the front door, casefile.app.
"""
