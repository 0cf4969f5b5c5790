"""Evaluation over many games, built as floors: a sub-package imports only from the floors below its own (or from
its own), never from one above, and the floors of one line (`a | b`) not from each other. pyproject.toml's
import-linter contract "evaluation/ as floors" holds it, and tests/test_layout.py finds any circle between the
sub-packages of any package. Top to bottom:

    balance                 balance studies: engine-only games, win rates by side, the card mix per table size
    report | export         summary.json, report.md, plots and index pages | the five tidy tables (CSV, parquet)
    statements | planning   the judge model and labels.jsonl, the reader's corpus | `killer eval --plan`
    load | stats            the finished games of a run or of loose transcripts | resampling, intervals, ratings
    tournament              the tournament file, prices, schedules, the run folder and the runner that fills it
    games | files | pool    one game's facts and counts | the link-safe writer of tables and labels.jsonl | the
                            process pool (stopped by Ctrl-C) that studies' chunks and bot-only games run on

Why this order:
- `games` is pure: every figure of one game is a count over its header, events and annotations, so it needs no
  file, schedule or statistic. It holds `lies.py` too: a statement's words and claim held against the speaker's
  cards are counted into the seat's facts like every other act.
- `tournament` sits on `games` (a killers-together schedule asks which side a card is on) and below `load`:
  reading a run folder needs its file (tournament.json), its schedule (the order, and which games are missing)
  and its results.jsonl, while the runner and the folder never read a fact or a statistic.
- `load` is the floor every reader of games stands on: a run folder or loose transcripts, each game replayed
  against its own seed and left out (with the reason) when it is not a legal game, read into games' facts.
  `stats` works on those facts alone and reads no file, so the two share a floor and ignore each other.
- `statements` (the judge model) reads loaded games and their lies, and bootstraps its lie rates over deals;
  `planning` reads a pilot's loaded games and sizes a run with stats: both stand on `load | stats`.
- `report` and `export` are what people read, built from everything below; neither imports the other.
- `balance` plays its own games, counts them with `games`, and draws with report/plots.py: it is on top.

Where the crossings of main 484c295 went (grimp found games, stats, statements, export, report and tournament in
one circle):
- Game loading (report/summary.py's Played, left_out_reason, run_transcripts, loose_transcripts, facts_of,
  load_games) and export/run.py's games_in: load/played.py. export, statements/labelling.py and planning import
  it there, not from report.
- statements/lies.py: games/lies.py (games/metrics.py counts its verdicts into the facts).
- The mean and percentile games/metrics.py took from stats/intervals.py: games/rates.py (plain summaries of counted
  values, with no interval); stats/intervals.py keeps the Wilson interval.
- tournament/plan.py (which imported report.summary inside a function) and plan_play.py: planning/.
- export/files.py (imported by statements/labels.py): files.py.
- report/summary.py's function-level imports of statements: module level, now that statements is below report.
No function-level import crosses a floor upward (tests/test_layout.py refuses one).

Map of the modules:
- games: facts.py (SeatFacts, GameFacts), timeline.py, rates.py (Rate, figure, mean, percentile), metrics.py
  (game_facts, aggregate, by_contestant/role/setup), lies.py (words and claim lies), grounded.py, behaviour.py,
  deception.py, detection.py, persuasion.py, accuracy.py.
- files.py: WriteError, write_bytes, append_lines.
- tournament: config.py (the file, Price), schedules.py, folder.py (run folder), runs.py (game identity), cost.py,
  limits.py, run.py (the runner).
- load: played.py (Played, LoadError, left_out_reason, run_transcripts, loose_transcripts, games_in, facts_of,
  load_games).
- stats: intervals.py (Wilson), bootstrap.py (deal bootstrap), tables.py, paired.py, comparisons.py, sides.py
  (ratings), power.py.
- statements: judge.py (rubric), labelling.py (`killer label`), labels.py (labels.jsonl), agreement.py (κ, the
  judge's rates), setup.py (choosing the judge), corpus.py (the reader's labelled corpus).
- planning: plan.py (`--plan`), plan_play.py (the scripted estimate).
- report: summary.py (summary.json, report.md), cells.py, leaderboard.py, plots.py, index.py.
- export: tables.py (the five tables), run.py (`killer export`).
- balance: study.py, suggest.py, simulate.py, chunks.py, workers.py, ray_backend.py.
"""
