"""The Ray backend on a local Ray instance: byte-identical files to the local run (marker `ray`; CI installs
the `[cluster]` extra and sets KILLER_REQUIRE_RAY=1, so a missing Ray fails there instead of skipping)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from killer.cli import main

pytestmark = pytest.mark.ray


@pytest.fixture(autouse=True)
def ray_installed() -> None:
    try:
        import ray  # noqa: F401
    except ImportError:
        if os.environ.get("KILLER_REQUIRE_RAY") == "1":
            raise
        pytest.skip("Ray is not installed (pip install 'killer-game[cluster]')")


def files(out: Path, *options: str) -> dict[str, bytes]:
    assert main(["balance", "--games", "16", "--quick", "--agents", "random", "scripted", "--out", str(out),
                 "--no-progress", *options]) == 0
    return {p.name: p.read_bytes() for p in sorted(out.iterdir())}


def test_ray_run_gives_the_local_run_s_files(tmp_path: Path) -> None:
    local = files(tmp_path / "local", "--workers", "1")
    on_ray = files(tmp_path / "ray", "--backend", "ray", "--workers", "2")
    assert set(local) == {"balance.json", "balance.md", "balance_players.png", "balance_length.png"}
    assert on_ray == local


def test_suggest_on_ray_matches_local(tmp_path: Path) -> None:
    base = ["balance", "--suggest", "--ruleset", "v4-classic", "--players", "12", "--games", "20", "--no-progress"]
    assert main([*base, "--out", str(tmp_path / "local"), "--workers", "1"]) == 0
    assert main([*base, "--out", str(tmp_path / "ray"), "--backend", "ray", "--workers", "2"]) == 0
    for name in ("suggest_v4-classic.json", "suggest_v4-classic.md", "suggest_v4-classic.png"):
        assert (tmp_path / "ray" / name).read_bytes() == (tmp_path / "local" / name).read_bytes()


def test_unreachable_cluster_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--ruleset", "v1", "--games", "5", "--backend", "ray", "--address",
                 "127.0.0.1:1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["killer simulate: cannot reach the Ray cluster at 127.0.0.1:1: Connection refused"]
