"""Two cards in one hand, played right (issue 33), in a v5-dual game against a fake endpoint: the killer seats talk
before their cards' orders with messages only they read, and a hand with two acting cards decides them in turn,
the second request showing the first answer in the seat's notes and notebook."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import httpx2
import pytest

from agents.llm.agent import LLMAgent
from engine import EventKind
from orchestrator.config import RunConfig
from orchestrator.run import run_game
from orchestrator.store.transcript import FORMAT_VERSION, read_transcript
from orchestrator.verify import verify_transcript
from tests.agents.fake_endpoint import FakeEndpoint, answer, legal_answer, schema_of, seat_of

Body = dict[str, Any]
PLAYERS, SEED = 10, 3  # the capable-model game's deal: seat 1 butterfly + undercover, killers 5, 7 and 9
KILLERS = frozenset({5, 7, 9})
NIGHT_ROLE = re.compile(r"Night: as (\w[\w ]*?) you")


def model(prompts: dict[int, list[str]]) -> Any:
    """Legal answers; each night choice picks by seat (so killers first name different cards), a killer card
    writes its partners a message naming its seat and the prompt's count, and every notebook's plan says which
    prompt of the seat wrote it."""

    async def reply(body: Body) -> httpx2.Response:
        seat = seat_of(body) or 0
        prompt = str(body["messages"][-1]["content"])
        prompts.setdefault(seat, []).append(prompt)
        n = len(prompts[seat])
        schema = schema_of(body)
        data = legal_answer(schema)
        legal = [v for v in schema["properties"].get("target", {}).get("enum", []) if v is not None]
        if legal and "Night:" in prompt:
            data["target"] = legal[(seat * 3 + n) % len(legal)]
        if "message" in data:
            data["message"] = f"seat {seat} whispers {n}"
        if isinstance(data.get("notebook"), dict):
            data["notebook"]["plan"] = f"plan of seat {seat} prompt {n}"
        return await answer(data)(body)

    return reply


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[int, list[str]]]:
    prompts: dict[int, list[str]] = {}
    endpoint = FakeEndpoint(route=lambda body: model(prompts))
    agents = {s: LLMAgent(endpoint.client(), "fake", timeout=5, backoff_s=0.0) for s in range(1, PLAYERS + 1)}
    config = RunConfig(ruleset="v5-dual", players=PLAYERS, seed=SEED, out=tmp_path_factory.mktemp("v5"))
    result = asyncio.run(run_game(config, agents=agents, in_memory=True))  # type: ignore[arg-type]
    assert result.winner is not None
    return result.path, prompts


def test_the_killer_seats_talk_with_messages_only_they_read(game: tuple[Path, dict[int, list[str]]]) -> None:
    path, prompts = game
    transcript = read_transcript(path)
    assert transcript.header["format"] == FORMAT_VERSION
    report = verify_transcript(transcript)
    assert report.ok, report.problems
    events = transcript.events
    deal = next(e for e in events if e.kind == EventKind.DEAL)
    assert deal.data["card_talk"] is True and {s for s, h in enumerate(deal.data["hands"], 1) if "killer" in h} \
        == KILLERS
    talk = [e for e in events if e.kind == EventKind.TEAM_TALK and e.data["role"] == "killer"]
    assert talk and talk[0].visible_to == KILLERS  # the living killer seats only (fewer once one dies)
    assert all(e.visible_to is not None and len(e.visible_to) >= 2 and e.visible_to <= KILLERS for e in talk)
    said = [e for e in events if e.kind == EventKind.NIGHT_CHOICE and e.data.get("message")]
    assert said and {e.data["seat"] for e in said} <= KILLERS
    assert all(e.visible_to is not None and e.data["seat"] in e.visible_to <= KILLERS for e in said)
    round_two = [p for s in KILLERS for p in prompts[s] if "Killer talk, round 2 of 3" in p]
    assert round_two and any("whispers" in p for p in round_two), "a later round quotes the partners' messages"
    for seat, asked in prompts.items():
        if seat not in KILLERS:
            assert not any("whispers" in p for p in asked), f"seat {seat} read a killer message"


def test_a_dual_hand_seats_second_request_shows_its_first_answer(game: tuple[Path, dict[int, list[str]]]) -> None:
    path, prompts = game
    events = read_transcript(path).events
    butterfly = next(e for e in events if e.kind == EventKind.NIGHT_CHOICE and e.data["seat"] == 1
                     and e.data["role"] == "butterfly")
    asked = prompts[1]
    take = next(i for i, p in enumerate(asked) if NIGHT_ROLE.search(p) and "Butterfly" in NIGHT_ROLE.search(p)[1])
    check = next(i for i, p in enumerate(asked) if i > take and NIGHT_ROLE.search(p)
                 and "Undercover" in NIGHT_ROLE.search(p)[1])
    assert check == take + 1, "the undercover card is asked right after the butterfly card, not beside it"
    target = butterfly.data["target"]
    notes = asked[check].split("=== YOUR PRIVATE NOTES")[1]
    assert f"seat {target[0]}'s card {target[1]}" in notes, "the second request's notes show the first answer"
    assert f"plan of seat 1 prompt {take + 1}" in asked[check], "and the notebook written with it"
    assert json.dumps(target) not in asked[take].split("=== YOUR TURN")[0]
