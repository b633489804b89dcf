"""What casefile's two HTTP interfaces share, below both (neither imports the other): the error
codes and their HTTP statuses (codes.py), the documents received with an act (uploads.py), the
server's settings (settings.py), and the one dependency each interface takes its database
session from (deps.py)."""
