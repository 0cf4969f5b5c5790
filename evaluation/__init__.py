"""Evaluation over many games: per-game facts and metrics (games/), statistics (stats/), tournaments
(tournament/), balance studies (balance/) and reports (report/)."""
