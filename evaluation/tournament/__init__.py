"""Tournaments: the file, its schedules, request limits, cost, the plan before playing, the run folder and the
runner."""
