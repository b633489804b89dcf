"""``casefile deadlines explain ID``: how a deadline was computed (issue 4)."""
