"""The `killer` command line: parses arguments, then calls the packages that do the work."""
