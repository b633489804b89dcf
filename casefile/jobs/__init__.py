"""Time-driven and bulk work: the sweep, reminders and their channels, imports of NLRB files."""
