"""Night: the judge's calls, the choices they ask for, and each family's dawn resolution."""
