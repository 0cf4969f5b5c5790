"""Every statement on the record: the labelled corpus and the reader's audit, lies read from the words beside
the structured claims, and the optional judge model's labels (labels.jsonl) with their agreement."""
