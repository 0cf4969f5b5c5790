"""The judge model over every statement on the record: its rubric, the labelling run, labels.jsonl, its agreement
with the speech reader, and the reader's labelled corpus and audit (the reader's own lies are games/lies.py)."""
