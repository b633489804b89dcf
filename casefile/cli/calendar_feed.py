"""``casefile calendar export``: iCalendar feeds of open deadlines (issue 4)."""
