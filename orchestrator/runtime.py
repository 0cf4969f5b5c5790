"""What the graph's nodes use but the checkpointer must not store: the agents, the engine cache, the transcript
writer and the entries recorded so far (what the game knows beyond the engine's state is derived from them:
orchestrator.store.ledger). Passed to every run as LangGraph's runtime context."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from agents.base import Agent
from orchestrator.replay_cache import Position, ReplayCache
from orchestrator.store.ledger import Notebooks
from orchestrator.store.transcript import Entry


@dataclass
class GameRuntime:
    """What the nodes use but the checkpointer must not store: agents, the engine cache, the transcript."""

    cache: ReplayCache
    agents: dict[int, Agent]
    lang: str = "en"
    humans: frozenset[int] = frozenset()
    record: Callable[[Entry], None] = lambda entry: None  # the transcript writer
    finish: Callable[[Position], dict[str, Any]] = lambda pos: {}  # writes the end line, returns it
    stream_speech: bool = False  # give sequential speakers a listener that streams their speech so far
    entries: list[Entry] = field(default_factory=list)  # the transcript's entries so far (the writer appends)
    notebooks: Notebooks = field(default_factory=Notebooks)  # each seat's latest notebook in `entries`
