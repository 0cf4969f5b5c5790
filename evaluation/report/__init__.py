"""Reports: the tournament summary (summary.json), its Markdown report, and the plots."""
