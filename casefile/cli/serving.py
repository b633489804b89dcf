"""``casefile serve``: the sweep and the reminders as scheduled Prefect deployments (issue 4)."""
