"""``casefile people ...`` and ``casefile remind``: reminders of open deadlines (issue 4)."""
