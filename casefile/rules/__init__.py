"""The law, as pure functions: plain values in, plain values out; no database, no clock, no I/O.

Every public function cites its authority (29 CFR section, or the rules.md rule number) in its docstring.
"""
