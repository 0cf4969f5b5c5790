"""The small prompt profile (agents/llm/small_prompt.py, agents/llm/prompt_profiles.py): chosen for small models, the
decision fields only in the strict subset, a one-shot example that tells nothing, hidden information hidden in
every ruleset and language, and the README game's last decision within the embedded server's 4,096 tokens."""

from __future__ import annotations

import asyncio
import json
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest

import engine
from agents.bots.random_bot import choose
from agents.llm import prompt_profiles, prompting, small_prompt
from agents.llm.agent import LLMAgent
from agents.providers.profiles import strict_schema
from agents.providers.seat_table import TableError, load_table
from agents.view import SeatView
from engine import DecisionKind, GameState, Request, Team, team_of
from tests.agents.fake_endpoint import FakeEndpoint, schema_of, valid
from tests.agents.llm.test_prompts import INJECTION, advance, known_seats

RULESETS = [r.id for r in engine.all_rulesets()]
CONTEXT = 4096  # the embedded server's context the profile is made to fit (agents/providers/local_server.py runs 8,192)


def view_of(events: list[engine.Event], seat: int, ruleset: str, players: int, lang: str = "en") -> SeatView:
    return SeatView(seat, ruleset, players, tuple(engine.observation(events, seat)), lang)


def small_text(view: SeatView, request: Request, lang: str) -> str:
    return "\n".join(m["content"] for m in prompt_profiles.prompt_for("small", view, request, lang))


@pytest.mark.parametrize(("model", "profile"), [
    ("smollm2-135m", "small"), ("SmolLM2-360M-Instruct", "small"), ("qwen2.5:0.5b", "small"),
    ("llama-3.2-1b-instruct", "small"), ("gpt-4o-mini", "full"), ("llama-3.1-8b", "full"),
    ("qwen3-8b", "full"), ("deepseek-chat", "full")])
def test_auto_picks_the_small_profile_for_models_of_at_most_1b(model: str, profile: str) -> None:
    assert prompt_profiles.resolve("auto", model) == profile
    assert prompt_profiles.resolve(None, model) == profile
    assert prompt_profiles.resolve("full", "smollm2-135m") == "full"  # asked for: kept
    assert prompt_profiles.resolve("small", "gpt-4o") == "small"


def test_an_unknown_profile_is_refused() -> None:
    with pytest.raises(ValueError, match="prompt profile must be one of auto, full, small"):
        prompt_profiles.resolve("tiny", "gpt-4o")


def test_the_table_takes_a_profile_per_seat_and_refuses_an_unknown_one(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    path.write_text('[defaults]\nmodel = "m"\n[seats.2]\nprompt_profile = "small"\n', encoding="utf-8")
    table = load_table(path)
    assert table.spec(2).prompt_profile == "small" and table.spec(1).prompt_profile is None
    path.write_text('[seats.2]\nprompt_profile = "tiny"\n', encoding="utf-8")
    with pytest.raises(TableError, match=r"seats\.2\.prompt_profile"):
        load_table(path)


def _requests(ruleset: str, seed: int = 5, steps: int = 40) -> list[tuple[list[engine.Event], Request, int]]:
    """(events so far, request, players) at every decision of a random game, every speech an injection."""
    rng = random.Random(seed)
    state, events = engine.new_game(ruleset, rng)
    out = []
    for _ in range(steps):
        if state.is_over():
            break
        request = state.pending[0]
        out.append((list(events), request, len(state.seats)))
        action = choose(request, random.Random(f"{seed}:{len(events)}"))
        if request.kind is not DecisionKind.NIGHT and request.may_speak:
            action = replace(action, speech=INJECTION)
        state, more = engine.apply(state, replace(action, confess=False), rng)
        events.extend(more)
    return out


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_small_schema_is_the_decision_fields_in_the_strict_subset(ruleset: str) -> None:
    for events, request, players in _requests(ruleset):
        choices = prompting.choices_for(view_of(events, request.seat, ruleset, players), request)
        schema = small_prompt.small_schema(choices)
        props = schema["properties"]
        assert not {"reasoning", "notebook", "suspicions", "claim"} & set(props)
        assert strict_schema(schema) == {**schema, "properties": {k: {kk: vv for kk, vv in v.items()
                                         if kk not in ("minLength", "maxLength")} for k, v in props.items()}}
        assert schema["required"] == list(props) and schema["additionalProperties"] is False
        if choices.has_target:
            assert props["target"]["enum"] == list(choices.targets)
        if choices.speaks and "accusation" in props:
            assert list(props).index("accusation") < list(props).index("speech")


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_small_prompt_holds_no_other_seats_hidden_role(ruleset: str, lang: str) -> None:
    """The hidden-information test of the full prompt (tests/agents/llm/test_prompts.py), on the small profile."""
    for events, request, players in _requests(ruleset):
        seat = request.seat
        view = view_of(events, seat, ruleset, players, lang)
        text = small_text(view, request, lang)
        god = SeatView(seat, ruleset, players, tuple(events), lang)
        assert text == small_text(god, request, lang)  # the renderer guards itself too
        private = small_prompt.private_text(view, lang)
        hidden = [s for s in engine.new_game(ruleset, random.Random(5))[0].seats
                  if s.number not in known_seats(events, seat)]
        role = prompting.environment(lang).filters["role"]
        for other in hidden:
            n = other.number
            for line in private.splitlines():
                mentions = re.search(rf"(?<!\d){n} ?号|[Ss]eats? (?:\d+, )*{n}\b", line)
                assert not (mentions and any(role(c) in line for c in other.cards)), (seat, n, line)
        for e in events:
            if e.visible_to is not None and seat not in e.visible_to and e.kind != "deal":
                body = "- " + prompting.record_line(e, lang)
                assert body not in text.splitlines(), (seat, e.kind, body)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_example_is_another_seats_answer_that_varies_and_tells_nothing(lang: str) -> None:
    examples = set()
    for events, request, players in _requests("v2-classic", steps=60):
        view = view_of(events, request.seat, "v2-classic", players, lang)
        choices = prompting.choices_for(view, request)
        example_seat, example = small_prompt.example_answer(choices, lang, small_prompt.salt_of(view))
        if not example:  # no seat to show (a request with no seat to name): no example
            assert not [t for t in request.targets if t is not None]
            continue
        data = json.loads(example)
        assert example_seat != request.seat
        assert set(data) == set(small_prompt.small_schema(choices)["properties"])
        for field in ("target", "accusation"):
            if field in data:
                assert data[field] != request.seat and data[field] in (choices.targets if field == "target"
                                                                        else choices.accusations or ())
        if "speech" in data:
            examples.add(data["speech"])
            # an example never claims a card (it is another game's seat: it tells nothing of this game)
            assert not re.search(r"I am (a |the )?(killer|police|civilian)|我是(杀手|警察|平民)", data["speech"],
                                 re.IGNORECASE)
    assert len(examples) >= 4  # not one sentence to learn by heart


def test_the_small_prompt_layout_keeps_the_shared_prefix_first() -> None:
    state, events = advance("v2-classic", 5, 20)
    players = len(state.seats)
    a, b = (view_of(events, s, "v2-classic", players) for s in (1, 2))
    request = state.pending[0]
    ma = prompt_profiles.prompt_for("small", a, replace(request, seat=1), "en")
    mb = prompt_profiles.prompt_for("small", b, replace(request, seat=2), "en")
    assert ma[0] == mb[0]
    record = prompting.public_record(a, "en")
    assert ma[1]["content"].startswith(record) and mb[1]["content"].startswith(record)
    assert "Killer" in ma[0]["content"] and "wins" in ma[0]["content"]  # the shorter card keeps the win conditions


def tokens(messages: list[dict[str, str]]) -> int:
    """The prompt's tokens by SmolLM2's own tokenizer where it is installed, else an upper estimate (a token per
    3 characters of English, per character of Chinese: SmolLM2's measured rates are ~4 and ~1.1)."""
    text = "".join(f"<|im_start|>{m['role']}\n{m['content']}<|im_end|>\n" for m in messages) + "<|im_start|>assistant\n"
    try:
        from llama_cpp import Llama

        from agents.providers.local_server import find_embedded_model

        model = Llama(model_path=str(find_embedded_model()), vocab_only=True, verbose=False)
        return len(model.tokenize(text.encode(), add_bos=False, special=True))
    except Exception:
        cjk = sum(1 for ch in text if "\u3400" <= ch <= "\u9fff")
        return cjk + (len(text) - cjk) // 3 + 1


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_readme_games_last_decision_fits_4096_tokens(lang: str) -> None:
    """`killer run --players 8 --seed 1` (v2-classic, 8 seats) to its end, every speech as long as the small
    schema allows: the last decision's prompt (the longest record) fits the embedded server's 4,096 tokens."""
    rng = random.Random(1)
    state, events = engine.new_game("v2-classic", rng, players=8)
    last: list[dict[str, str]] = []
    while not state.is_over():
        request = state.pending[0]
        last = prompt_profiles.prompt_for("small", view_of(events, request.seat, "v2-classic", 8, lang), request,
                                          lang)
        action = choose(request, random.Random(len(events)))
        if request.kind is not DecisionKind.NIGHT and request.may_speak:
            action = replace(action, speech=("字" if lang == "zh" else "w") * small_prompt.speech_chars(lang))
        state, more = engine.apply(state, replace(action, confess=False), rng)
        events.extend(more)
    assert last and tokens(last) < CONTEXT - 200  # room for the answer


def test_the_agent_sends_the_small_prompt_and_the_header_says_so() -> None:
    state, events = advance("v2-classic", 5, 12)
    request = next(r for r in state.pending)
    endpoint = FakeEndpoint(default=valid())
    agent = LLMAgent(endpoint.client(), "smollm2-135m", provider="llamacpp", timeout=1)
    assert agent.describe()["prompt_profile"] == "small"
    view = view_of(events, request.seat, "v2-classic", len(state.seats))
    decision = asyncio.run(agent.decide(view, request))
    assert decision.annotation is not None and decision.annotation.fallback is None
    body = endpoint.bodies[0]
    assert body["messages"] == prompt_profiles.prompt_for("small", view, request, "en")
    assert "notebook" not in schema_of(body)["properties"] and "reasoning" not in schema_of(body)["properties"]
    full = LLMAgent(endpoint.client(), "smollm2-135m", provider="llamacpp", timeout=1, prompt_profile="full")
    assert full.describe()["prompt_profile"] == "full"


def test_a_killers_small_prompt_tells_it_to_keep_its_card() -> None:
    state, events = advance("v2-classic", 5, 12)
    for seat in state.seats:
        view = view_of(events, seat.number, "v2-classic", len(state.seats))
        private = small_prompt.private_text(view, "en")
        keeps = "Never say that you are a killer" in private
        assert keeps == (team_of(seat.cards[0]) is Team.KILLERS)


def test_readme_game_state_is_a_game() -> None:
    assert isinstance(engine.new_game("v2-classic", random.Random(1), players=8)[0], GameState)


def test_an_unknown_prompt_profile_on_the_command_line_is_one_line_and_exit_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from killer.cli import main
    from killer.exit_codes import ExitCode

    with pytest.raises(SystemExit) as stop:
        main(["run", "--agents", "scripted", "--prompt-profile", "tiny", "--out", str(tmp_path)])
    assert stop.value.code == ExitCode.BAD_INPUT
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--prompt-profile" in err[0] and "tiny" in err[0]
    table = tmp_path / "t.toml"
    table.write_text('[defaults]\nmodel = "m"\nbase_url = "http://127.0.0.1:9/v1"\nprompt_profile = "tiny"\n',
                     encoding="utf-8")
    assert main(["run", "--table", str(table), "--seed", "1", "--out", str(tmp_path)]) == ExitCode.BAD_INPUT
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "prompt_profile" in err[0]


def test_the_command_line_profile_reaches_every_llm_seat(tmp_path: Path) -> None:
    from agents.factory import build_agents
    from orchestrator.config import RunConfig

    config = RunConfig(seed=1, model="gpt-4o-mini", base_url="http://127.0.0.1:9/v1", prompt_profile="small")
    agents = build_agents(config, [1, 2], env={})
    assert all(isinstance(a, LLMAgent) and a.prompt_profile == "small" for a in agents.values())
    table = tmp_path / "t.toml"
    table.write_text('[seats.2]\nprompt_profile = "full"\n', encoding="utf-8")
    agents = build_agents(replace(config, table=table), [1, 2], env={})
    assert [a.prompt_profile for a in agents.values()] == ["small", "full"]  # type: ignore[attr-defined]
    auto = build_agents(replace(config, prompt_profile="auto", model="smollm2-135m"), [1], env={})
    assert auto[1].prompt_profile == "small"  # type: ignore[attr-defined]
