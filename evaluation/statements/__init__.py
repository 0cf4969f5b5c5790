"""The judge model over every statement on the record: its rubric, the labelling run, labels.jsonl, its agreement
with the speech reader; the reader's labelled corpus and audit, and the training of the reader's learned part
(learning.py). The reader's own lies are games/lies.py."""
