"""What the judge asks of a seat and what a seat may answer: requests, actions and public claims, and the check
of an answer against the request it answers."""
