"""Team talk in a played game: against a fake endpoint, two killers who first propose different seats read each
other's proposals in their round-2 prompt and converge on one target, with no lot; the transcript verifies, the
god view shows the talk and the public view does not; a game cut in the middle of a talk resumes to the same
game."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import httpx2
import pytest

from agents.llm.agent import LLMAgent
from engine import TEAM_TALK_ROUNDS, EventKind
from killer.cli import main
from orchestrator.config import RunConfig
from orchestrator.output.render import render
from orchestrator.resume import resume_config, resume_game
from orchestrator.run import run_game
from orchestrator.store.transcript import FORMAT_VERSION, read_transcript, strip_wall_clock
from orchestrator.verify import verify_transcript
from tests.agents.fake_endpoint import FakeEndpoint, answer, legal_answer, schema_of, seat_of

Body = dict[str, Any]
BEFORE = re.compile(r"In the round before, (.*?)\.\n")
PROPOSED = re.compile(r"seat (\d+)(?: \(you\))? proposed seat (\d+)")


def model(prompts: dict[int, list[str]]) -> Any:
    """A fake model that reads its prompt: at night each seat first proposes its own pick (seats apart propose
    apart); in a later round it follows the lowest-numbered member's proposal it reads in the request."""

    async def reply(body: Body) -> httpx2.Response:
        seat = seat_of(body) or 0
        prompt = str(body["messages"][-1]["content"])
        prompts.setdefault(seat, []).append(prompt)
        schema = schema_of(body)
        data = legal_answer(schema)
        legal = [v for v in schema["properties"].get("target", {}).get("enum", []) if v is not None]
        if legal and "Night:" in prompt:
            before = BEFORE.search(prompt)
            if before:
                proposals = sorted((int(s), int(t)) for s, t in PROPOSED.findall(before.group(1)))
                data["target"] = proposals[0][1]
            else:
                data["target"] = legal[seat % len(legal)]
        return await answer(data)(body)

    return reply


def play(tmp_path: Path, prompts: dict[int, list[str]]) -> Path:
    endpoint = FakeEndpoint(route=lambda body: model(prompts))
    agents = {s: LLMAgent(endpoint.client(), "fake", timeout=5, backoff_s=0.0) for s in range(1, 9)}
    config = RunConfig(ruleset="v2-classic", players=8, seed=4, out=tmp_path)  # two killers
    result = asyncio.run(run_game(config, agents=agents, in_memory=True))  # type: ignore[arg-type]
    assert result.winner is not None
    return result.path


def test_team_talk_turns_a_split_killer_choice_into_an_agreed_one(tmp_path: Path) -> None:
    prompts: dict[int, list[str]] = {}
    path = play(tmp_path, prompts)
    transcript = read_transcript(path)
    assert transcript.header["format"] == FORMAT_VERSION
    assert transcript.header["options"]["talk_rounds"] == TEAM_TALK_ROUNDS
    report = verify_transcript(transcript)
    assert report.ok, report.problems
    events = [e.event for e in transcript.entries]
    killers = [e for e in events if e.kind == EventKind.TEAM_TALK and e.data["role"] == "killer"]
    assert killers, "the killers first proposed different seats"
    talk = killers[0]
    night = talk.data["night"]
    first = [p["target"] for p in talk.data["proposals"]]
    assert len(set(first)) == 2 and talk.data["round"] == 1
    second = [e for e in events if e.kind == EventKind.NIGHT_CHOICE and e.data.get("round") == 2
              and e.data["role"] == "killer"]
    agreed = {e.data["target"] for e in second[: len(first)]}
    assert len(agreed) == 1, "round 2 agrees"
    [target] = agreed
    assert target in first
    # No lot for the killers that night: the agreed seat is the victim (v2-classic has no doctor).
    night_events = events[events.index(talk): next(i for i, e in enumerate(events) if e.kind == EventKind.DAWN
                                                    and e.data["night"] == night)]
    assert not [e for e in night_events if e.kind == EventKind.DRAW and "killer" in e.data["reason"]]
    dawn = next(e for e in events if e.kind == EventKind.DAWN and e.data["night"] == night)
    assert dawn.data["dead"] == [target]
    # The round-2 prompt of each killer named the round and the partner's proposal; nobody else read the talk.
    members = {p["seat"] for p in talk.data["proposals"]}
    for seat in members:
        later = [p for p in prompts[seat] if "Team talk, round 2 of 3" in p]
        assert later and all(f"proposed seat {t}" in later[0] for t in first)
    sentence = "Killer team talk (night"
    assert all(sentence not in p for s, ps in prompts.items() if s not in members for p in ps)
    god, public = render(transcript, god=True), render(transcript)
    assert sentence in god and sentence not in public


def test_a_game_cut_in_the_middle_of_a_talk_resumes_to_the_same_game(tmp_path: Path) -> None:
    straight = play(tmp_path / "straight", {})
    lines = straight.read_text(encoding="utf-8").splitlines()
    cut = next(n for n, line in enumerate(lines) if json.loads(line).get("event", {}).get("kind") == "team_talk")
    game = tmp_path / "cut" / straight.name
    game.parent.mkdir()
    game.write_text("\n".join(lines[: cut + 1]) + "\n", encoding="utf-8")  # the talk asked, round 2 unanswered
    prompts: dict[int, list[str]] = {}
    endpoint = FakeEndpoint(route=lambda body: model(prompts))
    agents = {s: LLMAgent(endpoint.client(), "fake", timeout=5, backoff_s=0.0) for s in range(1, 9)}
    result = asyncio.run(resume_game(game, agents=agents, from_transcript=True))  # type: ignore[arg-type]
    assert result.winner is not None
    assert any("Team talk, round 2 of 3" in p for ps in prompts.values() for p in ps)
    resumed, whole = read_transcript(game), read_transcript(straight)
    assert verify_transcript(resumed).ok
    assert [strip_wall_clock(e.event.to_dict()) for e in resumed.entries] == \
        [strip_wall_clock(e.event.to_dict()) for e in whole.entries]


def test_run_team_talk_option_is_recorded_and_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--agents", "scripted", "--seed", "2", "--team-talk", "0", "--out", str(tmp_path)]) == 0
    transcript = read_transcript(next(tmp_path.glob("*.jsonl")))
    assert transcript.header["options"]["talk_rounds"] == 0
    assert "team_talk" not in transcript.events[0].data and verify_transcript(transcript).ok
    capsys.readouterr()
    with pytest.raises(SystemExit) as exit_:
        main(["run", "--agents", "scripted", "--team-talk", "9", "--out", str(tmp_path)])
    assert exit_.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) <= 2 and "team talk" in err[-1] and "Traceback" not in "\n".join(err)


def test_a_game_recorded_before_team_talk_resumes_without_it(tmp_path: Path) -> None:
    """A committed sample of an older format, cut mid-game, resumes without talk (its deal records none) and
    verifies; what it had recorded stays as it was."""
    sample = Path(__file__).resolve().parents[2] / "transcripts" / "samples" / "v2-classic-scripted-en-s7.jsonl"
    whole = read_transcript(sample)
    assert whole.header["format"] < 4 and "talk_rounds" not in whole.header["options"]
    lines = sample.read_text(encoding="utf-8").splitlines()
    game = tmp_path / sample.name
    game.write_text("\n".join(lines[:60]) + "\n", encoding="utf-8")
    assert resume_config(game, whole.header, {}, False).talk_rounds == 0
    result = asyncio.run(resume_game(game, from_transcript=True))
    assert result.winner is not None
    resumed = read_transcript(game)
    assert verify_transcript(resumed).ok
    assert not [e for e in resumed.entries if e.event.kind == EventKind.TEAM_TALK]
    assert all(e.event.data.get("round", 1) == 1 for e in resumed.entries if e.event.kind == EventKind.NIGHT_CHOICE)
    kept = [strip_wall_clock(e.event.to_dict()) for e in whole.entries[:50]]
    assert [strip_wall_clock(e.event.to_dict()) for e in resumed.entries[:50]] == kept


TOLD = re.compile(r'[Ss]eat (\d+) told the team: "(?:\w+ )?I take yours: seat (\d+)\."')


def wording_model(prompts: dict[int, list[str]], reads_messages: bool) -> Any:
    """Team members that talk (issue 19): round 1, each proposes its own pick and says so; round 2, each gives
    way to the partner ("I take yours"), so the proposals swap; round 3, a member that reads the messages sees
    that both gave way and keeps the lowest seat's proposal, as the request advises; one that does not read them
    gives way again, and the swap goes on to the lot."""

    async def reply(body: Body) -> httpx2.Response:
        seat = seat_of(body) or 0
        prompt = str(body["messages"][-1]["content"])
        prompts.setdefault(seat, []).append(prompt)
        schema = schema_of(body)
        data = legal_answer(schema)
        legal = [v for v in schema["properties"].get("target", {}).get("enum", []) if v is not None]
        if legal and "Night:" in prompt and "message" in schema["properties"]:
            before = BEFORE.search(prompt)
            proposals = sorted((int(s), int(t)) for s, t in PROPOSED.findall(before.group(1))) if before else []
            theirs = [t for s, t in proposals if s != seat]
            gave_way = [m for m in TOLD.findall(prompt) if int(m[0]) != seat]
            role = re.search(r"Night: as (\w+)", prompt).group(1)  # type: ignore[union-attr]
            if not before:
                data["target"] = legal[seat % len(legal)]
                data["message"] = f"From {role} seat {seat}: I want seat {data['target']}."
            elif gave_way and reads_messages:
                data["target"], data["message"] = proposals[0][1], "Both gave way: the lowest seat's pick stands."
            else:
                data["target"] = theirs[0]
                data["message"] = f"{role} I take yours: seat {theirs[0]}."
        return await answer(data)(body)

    return reply


def play_talking(tmp_path: Path, reads_messages: bool) -> tuple[Path, dict[int, list[str]]]:
    prompts: dict[int, list[str]] = {}
    endpoint = FakeEndpoint(route=lambda body: wording_model(prompts, reads_messages))
    agents = {s: LLMAgent(endpoint.client(), "fake", timeout=5, backoff_s=0.0) for s in range(1, 9)}
    config = RunConfig(ruleset="v2-classic", players=8, seed=4, out=tmp_path)
    result = asyncio.run(run_game(config, agents=agents, in_memory=True))  # type: ignore[arg-type]
    assert result.winner is not None
    return result.path, prompts


def first_killer_talk(events: list[Any]) -> tuple[Any, list[Any]]:
    """The killers' first team talk and the killers' night choices of that night, in order."""
    talk = next(e for e in events if e.kind == EventKind.TEAM_TALK and e.data["role"] == "killer")
    night = [e for e in events if e.kind == EventKind.NIGHT_CHOICE and e.data["role"] == "killer"]
    start = events.index(talk)
    dawn = next(i for i, e in enumerate(events) if e.kind == EventKind.DAWN and e.data["night"] == talk.data["night"])
    return talk, [e for e in night if start - 10 < events.index(e) < dawn]


def test_a_killers_message_reaches_its_partner_quoted_and_nobody_else(tmp_path: Path) -> None:
    path, prompts = play_talking(tmp_path, reads_messages=True)
    transcript = read_transcript(path)
    assert verify_transcript(transcript).ok
    events = [e.event for e in transcript.entries]
    talk, _ = first_killer_talk(events)
    members = [p["seat"] for p in talk.data["proposals"]]
    for seat in members:
        [partner] = [m for m in members if m != seat]
        said = f"From Killer seat {partner}: I want seat "
        later = [p for p in prompts[seat] if "Team talk, round 2 of 3" in p]
        assert later and f'Seat {partner} told the team: "{said}' in later[0]  # quoted, as a speech is
    outside = [p for s, ps in prompts.items() if s not in members for p in ps]
    assert outside and all("From Killer" not in p and "Killer I take yours" not in p for p in outside)
    god, public = render(transcript, god=True), render(transcript)
    assert "From Killer seat" in god and "To the team:" not in public and "From Killer" not in public


@pytest.mark.parametrize("reads_messages", [True, False])
def test_a_team_whose_proposals_swap_converges_by_message(tmp_path: Path, reads_messages: bool) -> None:
    path, _ = play_talking(tmp_path, reads_messages)
    events = [e.event for e in read_transcript(path).entries]
    talk, choices = first_killer_talk(events)
    by_round: dict[int, dict[int, Any]] = {}
    for e in choices:
        by_round.setdefault(int(e.data.get("round", 1)), {})[e.data["seat"]] = e.data["target"]
    first, second = by_round[1], by_round[2]
    assert len(set(first.values())) == 2 and all(second[s] != first[s] for s in first)  # they swapped
    lots = [e for e in events[events.index(talk):] if e.kind == EventKind.DRAW and "killer" in e.data["reason"]
            and events.index(e) < events.index(choices[-1]) + 5]
    if reads_messages:
        assert len(set(by_round[3].values())) == 1 and not lots  # agreed by words, no lot
    else:
        assert len(set(by_round[3].values())) == 2 and lots  # without reading them, the swap ends in a lot
