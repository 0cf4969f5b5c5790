"""Tournaments: the file, its schedules, request limits, cost, the run folder and the runner that fills it."""
