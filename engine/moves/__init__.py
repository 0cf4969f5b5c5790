"""What the judge asks of a seat and what a seat may answer: requests, actions and public claims (engine/legality
checks an answer against its request)."""
