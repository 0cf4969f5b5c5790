"""Day procedures: statements, accusations, votes and verdicts, one module per seed procedure."""
