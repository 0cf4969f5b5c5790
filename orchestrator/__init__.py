"""The game master: a LangGraph graph that asks the engine what is pending, gathers the seats' decisions and
applies them; transcripts (write, read, verify, render) and the terminal narration.

    result = await run_game(RunConfig(ruleset="v2-classic", seed=1, agents="scripted"), hooks=Hooks(on_entry=...))
    result = await resume_game(path, hooks=Hooks(on_human=...))
"""
