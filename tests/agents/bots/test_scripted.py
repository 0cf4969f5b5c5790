"""The scripted baseline: deterministic, legal, and playing by its rules; the table file and the factory."""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass
from pathlib import Path

import pytest

import engine
from agents.base import Decision
from agents.bots.random_bot import RandomAgent
from agents.bots.scripted import CHECK_RE, ScriptedAgent
from agents.factory import build_agents
from agents.key_rule import KeyRefused
from agents.llm.agent import LLMAgent
from agents.providers.seat_table import TableError, load_table
from agents.view import SeatView
from engine import DecisionKind, GameState


def play(ruleset: str, seed: int, lang: str = "en", level: str = "easy", contestant: str | None = None) \
        -> tuple[GameState, list[engine.Event], list[Decision]]:
    """A seeded game of scripted bots of one level (easy, the honest baseline, unless asked), all playing as
    `contestant` when one is named (a tournament's)."""
    rng = random.Random(seed)
    state, events = engine.new_game(ruleset, rng)
    agent = ScriptedAgent(seed, lang, level=level, contestant=contestant)
    made: list[Decision] = []
    while not state.is_over():
        n = len(state.seats)
        views = [SeatView(r.seat, ruleset, n, tuple(engine.observation(events, r.seat)), lang)
                 for r in state.pending]
        decisions = [agent.choose(v, r) for v, r in zip(views, state.pending, strict=True)]
        for d in decisions:
            made.append(d)
            state, more = engine.apply(state, d.action, rng)
            events.extend(more)
            if state.is_over() or d.action.confess:
                break
    return state, events, made


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("ruleset", [r.id for r in engine.all_rulesets()])
def test_scripted_games_finish_and_repeat_exactly(ruleset: str, level: str) -> None:
    a, b = play(ruleset, 7, level=level), play(ruleset, 7, level=level)
    assert a[0].winner is not None
    assert [e.to_dict() for e in a[1]] == [e.to_dict() for e in b[1]]


def test_two_copies_of_a_bot_play_different_games() -> None:
    # a tournament keys each bot on its contestant's name: two copies of scripted:hard on one deal differ, while
    # a bot with no contestant (killer run, play, balance) plays exactly the game keyed on the seed alone
    def record(contestant: str | None) -> list[dict]:
        return [e.to_dict() for e in play("v2-classic", 7, level="hard", contestant=contestant)[1]]

    assert record("a") != record("b") and record("a") == record("a")
    assert record(None) == record("") == [e.to_dict() for e in play("v2-classic", 7, level="hard")[1]]
    assert ScriptedAgent(7).seed == RandomAgent(7).seed == 7 and RandomAgent(7, "a").seed != RandomAgent(7, "b").seed


def test_police_share_checks_and_accuse_a_found_killer() -> None:
    for seed in range(10):
        _, events, _ = play("v2-classic", seed)
        found = [e for e in events if e.kind == "check_result" and e.data["result"] == "killer"]
        if not found:
            continue
        police = sorted(found[0].visible_to or ())
        target = found[0].data["target"]
        after = events[events.index(found[0]):]
        later = [e for e in after if e.kind == "statement" and e.data["seat"] in police]
        if later:
            speech = later[0].data["speech"]
            assert any(int(m.group(1)) == target for m in CHECK_RE.finditer(speech)), speech
            assert later[0].data["accusation"] == target
            return
    pytest.fail("no police statement after a killer check in ten games")


@pytest.mark.parametrize("ruleset", ["v1", "v2-classic", "v2-std"])
def test_killers_never_vote_for_or_accuse_a_teammate(ruleset: str) -> None:
    for seed in range(6):
        _, events, made = play(ruleset, seed)
        deal = next(e for e in events if e.kind == "deal")
        killers = {i + 1 for i, h in enumerate(deal.data["hands"]) if "killer" in h}
        for d in made:
            if d.action.seat in killers:
                assert d.action.accusation not in killers - {None}
                if d.action.kind is DecisionKind.VOTE:
                    assert d.action.target not in killers


def test_claimed_role_is_truthful_for_the_good_and_civilian_for_killers() -> None:
    _, events, made = play("v2-classic", 4)
    deal = next(e for e in events if e.kind == "deal")
    for d in made:
        if d.claimed_role is not None:
            role = deal.data["hands"][d.action.seat - 1][0]
            assert d.claimed_role == ("civilian" if role == "killer" else role)


def test_chinese_sentences_are_parsed_back() -> None:
    _, events, _ = play("v2-classic", 3, lang="zh")
    speeches = [e.data["speech"] for e in events if e.kind == "statement" and e.data["speech"]]
    assert speeches and all("I am" not in s for s in speeches)
    assert CHECK_RE.search("我验了5号，是杀手。") is not None


def test_suspicions_are_probabilities_over_living_others() -> None:
    _, _, made = play("v2-classic", 2)
    for d in made:
        assert d.action.seat not in d.suspicions
        assert all(0.0 <= p <= 1.0 for p in d.suspicions.values())


# -- the table and the factory ----------------------------------------------------------------------
@dataclass(frozen=True)
class Opts:
    agents: str = "llm"
    model: str | None = "gpt-x"
    base_url: str | None = None
    api_key: str | None = None
    table: Path | None = None
    allow_key_env: tuple[str, ...] = ()
    allow_endpoint: tuple[str, ...] = ()
    lang: str = "en"
    timeout: float = 9.0
    seed: int | None = 1


def test_table_mixes_agents_and_endpoints(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    path.write_text('[defaults]\nmodel = "m1"\nbase_url = "http://127.0.0.1:8000/v1"\ntimeout = 5\n'
                    '[seats.2]\nagent = "scripted"\n[seats.3]\nmodel = "m3"\nbase_url = "https://x.example/v1"\n'
                    'api_key_env = "MY_KEY"\nresponse_format = "json_object"\n')
    agents = build_agents(Opts(table=path, allow_key_env=("MY_KEY",), allow_endpoint=("https://x.example",)),
                          [1, 2, 3], env={"MY_KEY": "sk-secret"})
    assert isinstance(agents[2], ScriptedAgent)
    one, three = agents[1], agents[3]
    assert isinstance(one, LLMAgent) and isinstance(three, LLMAgent)
    assert (one.model, one.provider, one.timeout) == ("m1", "auto", 5.0)  # resolved before the first night
    assert (three.model, three.requested_style) == ("m3", "json_object")
    assert "sk-secret" not in repr(vars(three)).replace(repr(three.client), "")


@pytest.mark.parametrize(("text", "needle"), [
    ("[defaults]\napi_key = 'sk-1'\n", "never put a key"),
    ("[defaults]\ntimeout = -1\n", "defaults.timeout"),
    ("[seats.x]\nagent = 'llm'\n", "seats.x"),
    ("[defaults]\nagent = 'wizard'\n", "defaults.agent"),
    ("[defaults\n", "not valid TOML"),
    ("[defaults]\nmodle = 'm'\n", "defaults.modle"),
    ("[seats.2]\ntemprature = 0.5\n", "seats.2.temprature: unknown key"),
    ("[defaults]\nprovider = 'azure'\n", "defaults.provider"),
    ("[defaults]\ntop_p = 2\n", "defaults.top_p"),
])
def test_a_bad_table_is_one_clear_line(tmp_path: Path, text: str, needle: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(TableError) as err:
        load_table(path)
    assert needle in str(err.value) and "\n" not in str(err.value)


def test_factory_errors_and_env(tmp_path: Path) -> None:
    with pytest.raises(KeyRefused, match="no API key"):
        build_agents(Opts(), [1], env={})
    with pytest.raises(TableError, match="seat 9"):
        path = tmp_path / "t.toml"
        path.write_text("[seats.9]\nagent = 'random'\n")
        build_agents(Opts(table=path), [1, 2], env={})
    agents = build_agents(Opts(model="m"), [1], env={"OPENAI_API_KEY": "k", "OPENAI_BASE_URL": "http://localhost:5/v1"})
    agent = agents[1]
    assert isinstance(agent, LLMAgent) and str(agent.client.base_url).startswith("http://localhost:5")
    assert agent.client.max_retries == 0
    assert isinstance(build_agents(Opts(agents="scripted", model=None), [1], env={})[1], ScriptedAgent)
    asyncio.run(agent.client.close())
