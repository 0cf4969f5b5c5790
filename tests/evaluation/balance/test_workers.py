"""Studies spread over worker processes: the same outcomes and the same files for any number of workers."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from evaluation.balance.chunks import Chunk, StudyError, chunks
from evaluation.balance.simulate import simulate
from evaluation.balance.study import GameSetup
from evaluation.balance.workers import Spread, merge, run_study
from killer.cli import main


@dataclass(frozen=True)
class Echo:
    """A setup whose game is its seed: shows where each outcome lands."""

    games: int
    seed: int

    def play(self, seed: int) -> int:
        return seed


def test_chunks_cover_every_game_once_in_order() -> None:
    parts = chunks([Echo(120, 0), Echo(7, 1000)], size=50)
    assert parts == [Chunk(0, 0, 50), Chunk(0, 50, 100), Chunk(0, 100, 120), Chunk(1, 0, 7)]


def test_merge_puts_chunks_back_in_index_order_whatever_order_they_finished() -> None:
    setups = [Echo(120, 0), Echo(7, 1000)]
    parts = chunks(setups, size=50)
    done = [[s.seed + i for i in range(c.start, c.stop)] for c, s in ((c, setups[c.setup]) for c in parts)]
    order = [3, 1, 0, 2]  # finished out of order
    merged = merge(setups, [parts[i] for i in order], [done[i] for i in order])
    assert merged == [list(range(120)), list(range(1000, 1007))]


def test_workers_give_the_same_outcomes_as_one_process() -> None:
    setups = [GameSetup("v2-classic", 10, "scripted", 60, 5), GameSetup("v1", 12, "random", 30, 0,
                                                                         (("killer", 3),))]
    one = run_study(setups, Spread(workers=1))
    two = run_study(setups, Spread(workers=2))
    assert one == two and [len(r) for r in one] == [60, 30]
    assert len({o.winner for o in one[0]}) > 1  # real games, not one repeated result


def test_simulate_is_the_same_for_any_number_of_workers() -> None:
    one, two = (simulate("v3", 12, 120, seed=9, spread=Spread(workers=w)).to_dict() for w in (1, 2))
    one.pop("games_per_second")
    two.pop("games_per_second")
    assert one == two and one["games"] == 120


def test_impossible_spreads_are_refused() -> None:
    with pytest.raises(StudyError, match="at least 1"):
        run_study([Echo(3, 0)], Spread(workers=0))
    with pytest.raises(StudyError, match="needs --backend ray"):
        run_study([Echo(3, 0)], Spread(workers=1, address="auto"))


def balance_files(out: Path, *options: str) -> dict[str, bytes]:
    assert main(["balance", "--games", "8", "--quick", "--agents", "random", "scripted", "--out", str(out),
                 "--no-progress", *options]) == 0
    return {p.name: p.read_bytes() for p in sorted(out.iterdir())}


def test_balance_files_are_byte_identical_for_workers_1_and_2(tmp_path: Path) -> None:
    one = balance_files(tmp_path / "one", "--workers", "1")
    two = balance_files(tmp_path / "two", "--workers", "2")
    assert set(one) == {"balance.json", "balance.md", "balance_players.png", "balance_length.png"}
    assert one == two


def test_cli_refuses_bad_spreads_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as refused:  # a bad option value: the parser's one line, exit 2
        main(["simulate", "--ruleset", "v1", "--games", "5", "--workers", "0"])
    assert refused.value.code == 2
    assert main(["balance", "--ruleset", "v1", "--games", "5", "--agents", "psychic"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == ["killer simulate: argument --workers: 0 is not a whole number from 1 to 1,024 (worker processes) "
                   "(see killer simulate --help)",
                   "killer balance: unknown agent kind 'psychic' for engine-only games (known: random, scripted, "
                   "scripted:easy, scripted:normal, scripted:hard)"]
