"""benchmarks/bench_first_game.py computes the figures of the first-game rule (docs/models.md, "The offline first
game") as the rule defines them: hand-made games where each figure must come out one way, and the rule's verdict.
No model: the one played game is a scripted table."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from engine.record.events import Event
from orchestrator.store.transcript import Entry, Transcript

ROOT = Path(__file__).resolve().parents[2]
HANDS = [["police"], ["civilian"], ["killer"], ["civilian"], ["civilian"], ["killer"], ["civilian"], ["police"]]


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_first_game", ROOT / "benchmarks" / "bench_first_game.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def speech(kind: str, seat: int, text: str, accusation: int | None = None) -> Event:
    return Event(kind, {"seat": seat, "kind": kind, "speech": text, "accusation": accusation, "target": None})


def check(target: int, result: str, seen_by: tuple[int, ...] = (1, 8)) -> Event:
    return Event("check_result", {"night": 1, "by": "police", "target": target, "result": result},
                 frozenset(seen_by))


def vote(seat: int, target: int) -> Event:
    return Event("vote", {"seat": seat, "kind": "vote", "target": target})


def game(*events: Event, hands: list[list[str]] | None = None) -> Transcript:
    """A v2-classic-like game of 8 seats (police 1 and 8, killers 3 and 6): the deal, the police's and the
    killers' partners, night 1, then `events`."""
    opening = [Event("deal", {"hands": hands or HANDS}, frozenset()),
               Event("teammates", {"role": "killer", "seats": [3, 6]}, frozenset({3, 6})),
               Event("teammates", {"role": "police", "seats": [1, 8]}, frozenset({1, 8})),
               Event("night_falls", {"night": 1})]
    entries = [Entry(i, e) for i, e in enumerate([*opening, *events])]
    header = {"players": 8, "lang": "en", "seed": 1, "ruleset": "v2-classic"}
    return Transcript(Path("hand-made.jsonl"), header, entries, {"fallbacks": {"1": 0}, "seat_decisions": {"1": 3}})


def figures(bench: ModuleType, *events: Event) -> Any:
    f = bench.Figures("test")
    bench.add_game(f, bench.read_game(game(*events)))
    return f


def test_an_accusation_matches_only_when_its_words_accuse_that_seat(bench: ModuleType) -> None:
    f = figures(bench,
                speech("statement", 2, "I doubt seat 4 now.", accusation=3),  # words point elsewhere
                speech("statement", 4, "I suspect seat 3, it dodged.", accusation=3),
                speech("statement", 5, "Seat 6 of another game voted oddly.", accusation=5),  # points at no seat
                speech("statement", 7, "I suspect seat 2 and seat 5.", accusation=5),  # one of several
                speech("statement", 2, "I have no read yet."))  # no accusation: not counted
    assert (f.matched, f.accusations) == (2, 4)
    assert f.a == pytest.approx(0.5)


def test_a_police_counts_when_it_names_its_found_killer_after_the_check(bench: ModuleType) -> None:
    f = figures(bench,
                speech("statement", 8, "I suspect seat 6."),  # before the check: does not count
                check(6, "killer"),
                speech("last_words", 8, "Vote out seat 5 next.", accusation=5),  # police 8 never names 6
                speech("statement", 1, "I am the police. I checked seat 6: killer.", accusation=6),
                speech("statement", 2, "I suspect seat 6."))  # not a police
    assert (f.named, f.pairs) == (1, 2)
    silent = figures(bench, check(6, "killer"))  # found, never spoke after: not in the denominator
    assert silent.pairs == 0 and silent.b is None


def test_good_seats_words_are_held_to_what_they_know(bench: ModuleType) -> None:
    f = figures(bench,
                check(6, "killer"),
                check(4, "not_killer"),
                speech("statement", 1, "I am the police. I checked seat 6: killer."),  # true: fine
                speech("statement", 8, "I am the police. I checked seat 6: good."),  # the other result
                speech("statement", 1, "I am the police. I checked seat 3: killer."),  # a check it never got
                speech("statement", 2, "I am a killer."),  # a civilian calling itself a killer
                speech("statement", 8, "I trust seat 6, seat 6 is good."),  # clears its found killer
                speech("statement", 1, "I suspect seat 4."),  # accuses a seat its check found good
                speech("statement", 8, "I suspect seat 1."),  # accuses its police partner
                speech("statement", 5, "I suspect seat 8."),  # a civilian knows nothing of 8: fine
                speech("statement", 3, "I am the police. I checked seat 5: killer."))  # a killer's lie: not held
    assert (f.contradicting, f.good_speeches) == (6, 8)
    g = bench.read_game(game(check(6, "killer"), speech("statement", 8, "I am the police. I checked seat 6: good.")))
    assert bench.contradictions(g, g.speeches[0]) == ["reports seat 6 not_killer, its check said otherwise",
                                                      "clears seat 6, its found killer"]


def test_reasons_are_distinct_and_refer_to_the_record(bench: ModuleType) -> None:
    g = bench.read_game(game(
        speech("statement", 4, "Seat 2 voted for seat 7, odd. I suspect seat 2."),  # 2 has not voted yet: no
        speech("statement", 2, "Seat 5 says he is the police, I do not believe him."),  # 5 has not spoken: no
        speech("statement", 5, "I am the police. I checked seat 3: killer."),
        vote(2, 7),
        speech("statement", 4, "Seat 2 voted for seat 7, odd. I suspect seat 2."),  # now 2 has voted
        speech("statement", 7, "Seat 2 voted oddly. Seat 5 says he is the police."),
        speech("statement", 1, "I am the police. I checked seat 3: killer.")))  # the same check again
    found = bench.reasons(g)
    assert {r[:2] for r in found} == {("check", 3), ("vote", 2), ("quote", 5)}
    assert len(found) == 3


def test_zh_vote_cite(bench: ModuleType) -> None:
    assert [p.search("2号的投票很奇怪") is not None for p in bench.VOTE_CITES][-1]
    assert not any(p.search("我怀疑2号") for p in bench.VOTE_CITES)


def _figures(bench: ModuleType, agents: str, a: float, b: float | None, c: float, d: float, e: float,
             finished: bool = True) -> Any:
    f = bench.Figures(agents, games=10, accusations=100, matched=round(100 * a), pairs=10 if b is not None else 0,
                      named=round(10 * b) if b is not None else 0, good_speeches=100, contradicting=round(100 * c),
                      reasons_per_game=[round(d)] * 10, seconds=[e] * 10, loads=[0.5] * 10, loads_after=[0.6] * 10,
                      finished=[finished] * 10)
    return bench.Figures.from_dict(json.loads(json.dumps(f.to_dict())))  # through the JSON --verdict reads


def test_the_verdict_follows_the_rule(bench: ModuleType) -> None:
    llm = _figures(bench, "llm", a=0.3, b=0.0, c=0.1, d=1, e=120)
    voice = _figures(bench, "scripted:hard+voice", a=0.9, b=0.8, c=0.0, d=6, e=150)
    winner, why = bench.verdict(llm, voice)
    assert winner == "scripted:hard+voice" and not any("not quiet" in line for line in why)  # four points to none
    voice.loads_after[3] = 2.5  # the game's own two cores: still quiet
    assert voice.quiet
    voice.loads_after[3] = 3.5  # a busy machine during one game: the time must be measured again
    winner, why = bench.verdict(llm, voice)
    assert not voice.quiet and any("not quiet (load 3.50)" in line for line in why)
    assert winner == "scripted:hard+voice" and why[-1].startswith("PROVISIONAL")  # its time decides nothing yet
    busy_and_slow = _figures(bench, "scripted:hard+voice", a=0.9, b=0.8, c=0.0, d=6, e=400)
    busy_and_slow.loads[0] = 8.0
    assert bench.verdict(llm, busy_and_slow)[1][-1].startswith("PROVISIONAL: scripted:hard+voice if both means")
    slow = _figures(bench, "scripted:hard+voice", a=0.9, b=0.8, c=0.0, d=6, e=181)
    assert bench.verdict(llm, slow)[0] == "llm"  # over 3 minutes: not eligible, whatever its figures
    unfinished = _figures(bench, "scripted:hard+voice", a=0.9, b=0.8, c=0.0, d=6, e=60, finished=False)
    assert bench.verdict(llm, unfinished)[0] == "llm"
    split = _figures(bench, "scripted:hard+voice", a=0.9, b=None, c=0.2, d=1, e=60)  # (a) only; (b) undefined
    winner, why = bench.verdict(llm, split)
    assert "points: llm 1, scripted:hard+voice 1" in why  # (a) to the voice, (c) to llm, (b) and (d) to none
    assert winner == "scripted:hard+voice" and why[-1] == "equal points: the higher (a) wins"
    assert bench.verdict(_figures(bench, "x", 0.5, 0.5, 0.1, 2, 60), _figures(bench, "y", 0.5, 0.5, 0.1, 2, 60))[0] \
        == "llm"  # all equal: no change


def test_it_plays_and_measures_a_real_game(bench: ModuleType, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """The whole path on one scripted game (no model): a `killer run` process, its timing, its transcript."""
    out = tmp_path / "games"
    assert bench.main(["--agents", "scripted:hard", "--seeds", "2", "--out", str(out),
                       "--json", str(tmp_path / "f.json")]) == 0
    f = json.loads((tmp_path / "f.json").read_text(encoding="utf-8"))
    assert f["games"] == 1 and f["finished"] == [True] and f["seconds"][0] > 0
    assert f["accusations"] > 0 and f["good_speeches"] > 0
    assert "(a) accusations matching their words" in capsys.readouterr().out


def test_unfinished_games_and_unknown_loads(bench: ModuleType, tmp_path: Path) -> None:
    """A transcript without its end line (a game still being played) is no game of the figures; a time whose load
    was not recorded is never quiet."""
    lines = (ROOT / "transcripts" / "samples" / "v2-classic-scripted-en-s7.jsonl").read_text(encoding="utf-8")
    (tmp_path / "s1").mkdir()
    (tmp_path / "s1" / "done.jsonl").write_text(lines, encoding="utf-8")
    (tmp_path / "s2").mkdir()
    (tmp_path / "s2" / "playing.jsonl").write_text("".join(lines.splitlines(keepends=True)[:-1]), encoding="utf-8")
    (tmp_path / "timings.jsonl").write_text(json.dumps({"seed": 1, "seconds": 100.0, "load": None, "exit": 0}) + "\n",
                                            encoding="utf-8")
    f = bench.measure("x", tmp_path)
    assert f.games == 1 and f.seconds == [100.0] and not f.quiet
    assert "load before each game unknown-unknown" in bench.report(f)


def test_the_first_game_agents_are_the_rules_verdict_on_the_committed_games(bench: ModuleType) -> None:
    """What `killer run` plays with no endpoint is what the rule chooses from the committed games, and
    docs/models.md shows their figures as the benchmark computes them."""
    from orchestrator.config import FIRST_GAME_AGENTS

    data = ROOT / "benchmarks" / "data" / "first-game"
    llm, voice = bench.measure("llm", data / "llm"), bench.measure("scripted:hard+voice", data / "voice")
    assert llm.games == voice.games == 10 and all(llm.finished + voice.finished)
    winner, why = bench.verdict(llm, voice)
    assert winner == FIRST_GAME_AGENTS
    assert "points: llm 0, scripted:hard+voice 4" in why
    assert llm.quiet and voice.quiet and not why[-1].startswith("PROVISIONAL")  # measured quietly, as the docs say
    assert max(llm.seconds + voice.seconds) < 600 and (llm.e or 0) <= 180 and (voice.e or 0) <= 180
    docs = (ROOT / "docs" / "models.md").read_text(encoding="utf-8")
    assert bench.table_row(llm) in docs and bench.table_row(voice) in docs
