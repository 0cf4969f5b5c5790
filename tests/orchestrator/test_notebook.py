"""The private notebook: what a seat writes with one decision is what it gets back at its next one (night 1 to
day 1 included), stored in the decision's annotation, shown in the god view, and in no other seat's prompt."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx2

from agents.llm import LLMAgent
from orchestrator.config import RunConfig
from orchestrator.render import render
from orchestrator.session import run_game
from orchestrator.transcript import read_transcript
from tests.agents.fake_endpoint import FakeEndpoint, answer, legal_answer, schema_of, seat_of

Body = dict[str, Any]


def test_a_notebook_written_at_night_is_given_back_at_day(tmp_path: Path) -> None:
    written: dict[int, list[str]] = {}  # seat -> the notebooks it wrote, in order
    received: dict[int, list[str]] = {}  # seat -> the prompt (user message) of each of its requests

    async def reply(body: Body) -> httpx2.Response:
        seat = seat_of(body) or 0
        received.setdefault(seat, []).append(str(body["messages"][-1]["content"]))
        note = f"NOTE-{seat}-{len(written.get(seat, []))}: seat {seat} suspects nobody yet"
        written.setdefault(seat, []).append(note)
        data = legal_answer(schema_of(body))
        data["notebook"] = note
        return await answer(data)(body)

    endpoint = FakeEndpoint(route=lambda body: reply)
    client = endpoint.client()
    agents = {s: LLMAgent(client, "fake", timeout=5, backoff_s=0.0) for s in range(1, 13)}
    config = RunConfig(ruleset="v2-classic", seed=4, out=tmp_path)
    result = asyncio.run(run_game(config, agents=agents, in_memory=True))  # type: ignore[arg-type]
    assert result.winner is not None
    transcript = read_transcript(result.path)
    assert all(s["prompt_version"] == 2 and s["prompt_profile"] == "full" for s in transcript.header["seats"])
    night_seats = {e.event.data["seat"] for e in transcript.entries if e.event.kind == "night_choice"
                   and e.annotation}
    checked = 0
    for seat, prompts in received.items():
        assert "NOTEBOOK" not in prompts[0]  # nothing to give back yet
        for k, prompt in enumerate(prompts[1:], start=1):
            assert json.dumps(written[seat][k - 1]) in prompt, (seat, k)  # the previous one, given back whole
            others = [n for s, ns in written.items() if s != seat for n in ns]
            assert not any(n in prompt for n in others), seat  # never another seat's
            checked += 1
        if seat in night_seats and len(prompts) > 1:
            assert f"NOTE-{seat}-0" in prompts[1]  # written at night 1, read at the next (day) decision
    assert checked > 20
    notes = [e.annotation["notebook"] for e in transcript.entries if e.annotation and e.annotation.get("notebook")]
    assert notes and all(n.startswith("NOTE-") for n in notes)
    god, public = render(transcript, god=True), render(transcript)
    assert "Notebook:" in god and "NOTE-" in god and "NOTE-" not in public
