"""The private notebook: what a seat writes with one decision (a structured object: beliefs, claims heard, its own
commitments, its plan) is what it gets back, as sentences, at its next one (night 1 to day 1 included), stored in
the decision's annotation, shown in the god view, and in no other seat's prompt. An old transcript's free-text
notebook still renders and goes back to its seat after a resume."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx2

from agents.llm.agent import LLMAgent
from agents.llm.prompting import PROMPT_VERSION
from orchestrator.config import RunConfig
from orchestrator.output.render import render
from orchestrator.resume import resume_game
from orchestrator.run import run_game
from orchestrator.store.transcript import read_transcript
from tests.agents.fake_endpoint import FakeEndpoint, answer, legal_answer, schema_of, seat_of

Body = dict[str, Any]
BOOK_START, BOOK_END = "=== YOUR NOTEBOOK", "=== END OF YOUR NOTEBOOK ==="


def notebook_part(prompt: str) -> str:
    """The notebook section of a prompt ("" when there is none)."""
    if BOOK_START not in prompt:
        return ""
    return prompt.split(BOOK_START, 1)[1].split(BOOK_END, 1)[0]


def request_part(prompt: str) -> str:
    return prompt.rsplit("=== YOUR TURN ===", 1)[-1]


def written_notebook(schema: dict[str, Any], seat: int, k: int) -> dict[str, Any]:
    """A notebook a model could write: a belief about the first other seat, a claim heard, a commitment, a plan
    that names the seat and the decision, and one belief about a seat the table does not have."""
    book = schema["properties"]["notebook"]["properties"]
    other = book["beliefs"]["items"]["properties"]["seat"]["enum"][0]
    target = next(t for t in book["claims"]["items"]["properties"]["target"]["enum"] if t is not None)
    return {
        "beliefs": [{"seat": other, "role": "killer", "confidence": 0.8},
                    {"seat": 99, "role": "killer", "confidence": 1.0}],
        "claims": [{"seat": other, "role": "police", "night": 1, "target": target, "result": "killer"}],
        "commitments": [{"role": "civilian", "night": None, "target": None, "result": None, "true": False}],
        "plan": f"NOTE-{seat}-{k}: watch seat {other}",
    }


def test_a_notebook_written_at_night_is_given_back_at_day(tmp_path: Path) -> None:
    written: dict[int, list[dict[str, Any]]] = {}  # seat -> the notebooks it wrote, in order
    received: dict[int, list[str]] = {}  # seat -> the prompt (user message) of each of its requests

    async def reply(body: Body) -> httpx2.Response:
        seat = seat_of(body) or 0
        received.setdefault(seat, []).append(str(body["messages"][-1]["content"]))
        data = legal_answer(schema_of(body))
        data["notebook"] = written_notebook(schema_of(body), seat, len(written.get(seat, [])))
        written.setdefault(seat, []).append(data["notebook"])
        return await answer(data)(body)

    endpoint = FakeEndpoint(route=lambda body: reply)
    client = endpoint.client()
    agents = {s: LLMAgent(client, "fake", timeout=5, backoff_s=0.0) for s in range(1, 13)}
    config = RunConfig(ruleset="v2-classic", seed=4, out=tmp_path)
    result = asyncio.run(run_game(config, agents=agents, in_memory=True))  # type: ignore[arg-type]
    assert result.winner is not None
    transcript = read_transcript(result.path)
    assert all(s["prompt_version"] == PROMPT_VERSION and s["prompt_profile"] == "full"
               for s in transcript.header["seats"])
    checked = night_to_day = 0
    for seat, prompts in received.items():
        assert BOOK_START not in prompts[0]  # nothing to give back yet
        for k, prompt in enumerate(prompts[1:], start=1):
            book, before = notebook_part(prompt), written[seat][k - 1]
            other = before["beliefs"][0]["seat"]
            # the previous notebook, given back as sentences: the belief, the claim heard, the commitment, the plan
            assert f"Seat {other}: you think it is the Killer (80% sure)." in book, (seat, k, book)
            assert f"Seat {other} claimed to be the Police and reported that" in book
            assert "You claimed to be the Civilian, which was a lie." in book
            assert json.dumps(before["plan"]) in book
            # the unknown seat: dropped and recorded
            assert '"99"' in book and "named no seat, card or role of this game: 1" in book
            assert '"beliefs"' not in book and "{" not in book  # sentences, never the dict
            others = [n["plan"] for s, ns in written.items() if s != seat for n in ns]
            assert not any(p in prompt for p in others), seat  # never another seat's
            checked += 1
        if len(prompts) > 1 and request_part(prompts[0]).lstrip().startswith("Night:") \
                and not request_part(prompts[1]).lstrip().startswith("Night:"):
            assert f"NOTE-{seat}-0" in notebook_part(prompts[1])  # written at night 1, read at the day decision
            night_to_day += 1
    assert checked > 20 and night_to_day >= 3  # killers and police chose at night 1
    notes = [e.annotation["notebook"] for e in transcript.entries if e.annotation and e.annotation.get("notebook")]
    assert notes and all(isinstance(n, dict) and n["plan"].startswith("NOTE-") for n in notes)
    assert all(n["dropped"] == ["99"] and all(b["seat"] != 99 for b in n["beliefs"]) for n in notes)
    god, public = render(transcript, god=True), render(transcript)
    assert "Notebook:" in god and "NOTE-" in god and "you think it is the Killer (80% sure)" in god
    assert "NOTE-" not in public and "you think it is" not in public
    assert '"beliefs"' not in god


def test_an_old_free_text_notebook_renders_and_resumes(tmp_path: Path) -> None:
    """A transcript written before the notebook had parts holds it as a string: the god view shows it and a resume
    gives it back to its seat (as its notes, quoted), to that seat only."""
    config = RunConfig(ruleset="v2-classic", seed=4, out=tmp_path)
    first = FakeEndpoint(route=lambda body: answer(legal_answer(schema_of(body))))
    agents = {s: LLMAgent(first.client(), "fake", timeout=5, backoff_s=0.0) for s in range(1, 13)}
    result = asyncio.run(run_game(config, agents=agents, in_memory=True))  # type: ignore[arg-type]
    lines = result.path.read_text(encoding="utf-8").splitlines()
    rows = [json.loads(line) for line in lines]
    cut = next(i for i, row in enumerate(rows) if row.get("event", {}).get("kind") == "statement")
    old: dict[int, str] = {}
    for row in rows[1:cut + 1]:
        if row.get("annotation"):
            seat = int(row["event"]["data"].get("seat") or 0)
            row["annotation"]["notebook"] = old[seat] = f"OLD-{seat} free text"
    assert old
    result.path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows[:cut + 1]),
                           encoding="utf-8")
    god = render(read_transcript(result.path, tolerant=True), god=True)
    assert "Notebook:" in god and all(f"OLD-{s} free text" in god for s in old)

    received: dict[int, list[str]] = {}

    async def reply(body: Body) -> httpx2.Response:
        received.setdefault(seat_of(body) or 0, []).append(str(body["messages"][-1]["content"]))
        return await answer(legal_answer(schema_of(body)))(body)

    second = FakeEndpoint(route=lambda body: reply)
    agents = {s: LLMAgent(second.client(), "fake", timeout=5, backoff_s=0.0) for s in range(1, 13)}
    asyncio.run(resume_game(result.path, agents=agents, from_transcript=True))  # type: ignore[arg-type]
    for seat, note in old.items():
        if seat in received:
            first_prompt = received[seat][0]
            assert f'Your notes: "{note}"' in notebook_part(first_prompt), seat
            assert not any(f"OLD-{s} " in first_prompt for s in old if s != seat)
    assert any(seat in received for seat in old)
