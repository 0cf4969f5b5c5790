"""Issue 38, item 2: the voiced bot (`scripted:LEVEL+voice`). The bot decides; a model words its speeches; the
speech reader keeps the model's words only where they say what the bot's intent says, else the bot's own sentence
is said and the voice fallback recorded. Against the fake endpoint (tests/agents/fake_endpoint.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx2
import pytest

from agents.base import Decision
from agents.bots.levels import Level
from agents.bots.scripted import ScriptedAgent
from agents.llm.endpoint import Endpoint
from agents.providers.profiles import GenOptions
from agents.view import SeatView, seat_facts
from agents.voice.agent import KIND, VoicedAgent, speech_seed, voice_options
from agents.voice.intent import intent_of
from engine import SPEAKING, DecisionKind, Request
from orchestrator.config import RunConfig
from orchestrator.run import run_game
from orchestrator.store.transcript import read_transcript
from orchestrator.verify import verify_file
from tests.agents.fake_endpoint import Body, FakeEndpoint, answer, completion, hang, junk, status, timeout

SEED = 1
EXAMPLE = re.compile(r'(?:One way to say it|一种说法)：?:? (\{.*\})')


def example_of(body: Body) -> str:
    """The wording the prompt offers (the faithful answer a model that follows its example gives)."""
    text = str(body["messages"][-1]["content"])
    match = EXAMPLE.search(text)
    assert match, text
    return str(json.loads(match.group(1))["speech"])


def echo() -> Any:
    async def reply(body: Body) -> httpx2.Response:
        return completion(json.dumps({"speech": example_of(body)}))
    return reply


def voiced(fake: FakeEndpoint, lang: str = "en", timeout_s: float = 10.0) -> VoicedAgent:
    endpoint = Endpoint(fake.client(), "fake", lang=lang, timeout=timeout_s, provider="llamacpp",
                        options=voice_options(GenOptions()), transport_retries=0)
    return VoicedAgent(ScriptedAgent(SEED, lang=lang, level=Level.HARD), endpoint)


class Recorder:
    """A hard bot that keeps every speech it was asked for (its view and request)."""

    def __init__(self, lang: str) -> None:
        self.bot = ScriptedAgent(SEED, lang=lang, level=Level.HARD)
        self.asked: list[tuple[SeatView, Request, Decision]] = []

    async def decide(self, view: SeatView, request: Request) -> Decision:
        decision = self.bot.choose(view, request)
        if request.kind in SPEAKING and decision.action.speech.strip():
            self.asked.append((view, request, decision))
        return decision


@pytest.fixture(scope="module")
def speeches(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[SeatView, Request, Decision]]:
    """The speeches of a hard-bot game (v2-classic, 8 seats, seed 1), with the views they were made from."""
    import asyncio

    bots = {s: Recorder("en") for s in range(1, 9)}
    config = RunConfig(ruleset="v2-classic", players=8, seed=SEED, out=tmp_path_factory.mktemp("bots"))
    asyncio.run(run_game(config, agents=bots))  # type: ignore[arg-type]
    return [a for b in bots.values() for a in b.asked]


def police_report(speeches: list[tuple[SeatView, Request, Decision]]) -> tuple[SeatView, Request, Decision]:
    """A speech that claims the police, reports a check and accuses a seat."""
    return next(s for s in speeches if s[2].action.claim and s[2].action.claim.role == "police"
                and s[2].action.claim.checks and s[2].action.accusation is not None)


async def test_a_faithful_wording_is_kept_and_the_decision_is_the_bots(speeches: list[Any]) -> None:
    view, request, bot = police_report(speeches)
    fake = FakeEndpoint(default=echo())
    decision = await voiced(fake).decide(view, request)
    words = example_of(fake.bodies[0])
    assert decision.action.speech == words != bot.action.speech  # the model's words, another wording
    assert (decision.action.claim, decision.action.accusation) == (bot.action.claim, bot.action.accusation)
    note = decision.annotation
    assert (note.agent, note.voice, note.voice_fallback, note.fallback) == (KIND, "model", None, None)
    assert note.model == "fake"


@pytest.mark.parametrize("misworded, why", [
    ("I am the doctor. Vote out seat {acc}.", "claim the doctor"),  # another role
    ("I am the police. I checked seat {acc} on night 1: a killer. Vote out seat {other}.", "accuse"),  # another seat
    ("I am the police. I checked seat {other} on night 1: not a killer. Vote out seat {acc}.", "checks"),
])
async def test_a_misworded_speech_is_replaced_by_the_bots_sentence(speeches: list[Any], misworded: str,
                                                                  why: str) -> None:
    view, request, bot = police_report(speeches)
    acc = bot.action.accusation
    other = next(s for s in range(1, 9) if s not in (acc, request.seat, *(c.target for c in bot.action.claim.checks)))
    fake = FakeEndpoint(default=answer({"speech": misworded.format(acc=acc, other=other)}))
    decision = await voiced(fake).decide(view, request)
    assert decision.action == bot.action  # the bot's own sentence, claim and accusation
    note = decision.annotation
    assert note.voice == "bot" and note.fallback is None
    assert note.voice_fallback is not None
    assert note.voice_fallback.startswith("misworded") and why in note.voice_fallback


@pytest.mark.parametrize("reply, why", [(junk(), "junk"), (answer({"speech": ""}), "no speech"),
                                        (answer({"speech": "x" * 400}), "characters"),
                                        (status(500), "did not answer"), (timeout(), "did not answer"),
                                        (hang(30), "did not answer")])
async def test_junk_errors_and_timeouts_fall_back_to_the_bots_sentence(speeches: list[Any], reply: Any,
                                                                      why: str) -> None:
    view, request, bot = police_report(speeches)
    decision = await voiced(FakeEndpoint(default=reply), timeout_s=0.5).decide(view, request)
    assert decision.action == bot.action
    assert decision.annotation.voice == "bot" and why in str(decision.annotation.voice_fallback)
    assert decision.annotation.fallback is None  # the decision is the bot's: no legal default was needed


async def test_only_speeches_ask_the_model(speeches: list[Any]) -> None:
    view, request, _ = police_report(speeches)
    fake = FakeEndpoint(default=echo())
    agent = voiced(fake)
    vote = Request(request.seat, DecisionKind.VOTE, targets=(1, 2, None))
    decision = await agent.decide(view, vote)
    assert fake.bodies == [] and decision.annotation.agent == KIND and decision.annotation.voice is None


def test_the_same_speech_asks_the_same_seed_and_another_speech_another(speeches: list[Any]) -> None:
    (view, request, _), (view2, request2, _) = speeches[0], speeches[1]
    assert speech_seed(SEED, view, request) == speech_seed(SEED, view, request)
    assert speech_seed(SEED, view, request) != speech_seed(SEED, view2, request2)
    assert speech_seed(SEED, view, request) != speech_seed(f"{SEED}@other", view, request)


async def test_a_voice_prompt_holds_only_what_the_speech_says(speeches: list[Any]) -> None:
    """Hidden information: the voice is told the bot's public intent and nothing else — a killer's prompt never
    names a partner its speech does not name, nor its own card; every seat the prompt names is one the bot's
    public speech (its claim, accusation, or the acts it cites) names."""
    checked = 0
    for view, request, bot in speeches:
        fake = FakeEndpoint(default=echo())
        await voiced(fake).decide(view, request)
        prompt = "\n".join(str(m["content"]) for m in fake.bodies[0]["messages"])
        intent = intent_of(bot, request)
        public = {*(c.seat for c in intent.checks), *(a.seat for a in intent.cites),
                  *(a.target for a in intent.cites if a.target is not None), intent.accusation}
        named = {int(n) for n in re.findall(r"seat (\d+)", prompt)}
        assert named <= public, (named, public, prompt)
        facts = seat_facts(view)
        if "killer" in facts.cards:
            partners = facts.friends - public
            assert not any(f"seat {p}" in prompt for p in partners), prompt
            assert "I claim to be the Killer" not in prompt and "I am the Killer" not in prompt
        assert bot.reasoning not in prompt  # the bot's private reasoning never reaches the model
        checked += 1
    assert checked >= 10


async def test_a_whole_game_of_voiced_bots_records_its_voice_fallbacks(tmp_path: Path) -> None:
    """Every seat a voiced bot on a fake model that words half the speeches faithfully and answers junk to the
    rest: the game finishes and verifies, the voice fallbacks are counted in the end line apart from the decision
    fallbacks, and the header names the kind and the voice's model, with no `model` of its own."""
    n = 0

    async def half(body: Body) -> httpx2.Response:
        nonlocal n
        n += 1
        return completion(json.dumps({"speech": example_of(body)}) if n % 2 else "{not json")

    fake = FakeEndpoint(default=half)
    agents = {s: voiced(fake) for s in range(1, 9)}
    config = RunConfig(ruleset="v2-classic", players=8, seed=SEED, out=tmp_path, agents="scripted:hard+voice")
    result = await run_game(config, agents=agents)  # type: ignore[arg-type]
    assert verify_file(result.path).ok
    t = read_transcript(result.path)
    seats = t.header["seats"]
    assert all(s["agent"] == KIND and s["model"] is None and s["voice_model"] == "fake" and s["level"] == "hard"
               for s in seats)
    notes = [e.annotation for e in t.entries if e.annotation and e.annotation.get("voice")]
    assert len(notes) == len(fake.bodies) >= 10
    fell = sum(1 for n_ in notes if n_["voice"] == "bot")
    assert fell == len(fake.bodies) // 2
    end = result.end or {}
    assert sum(int(v) for v in end["voice_fallbacks"].values()) == fell
    assert sum(int(v) for v in end["voiced_speeches"].values()) == len(notes)
    assert all(int(v) == 0 for v in end["fallbacks"].values()) and end["degraded"] == []
