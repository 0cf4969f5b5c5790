"""A check as a person would: the real `killer` command in a tmux pane (120x40), keys sent, the screen captured.

Skipped (with the reason) where tmux is not installed: `apt-get install -y tmux`.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.tui.conftest import DATA

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed (apt-get install -y tmux)")
ROOT = Path(__file__).resolve().parents[2]


class Pane:
    """One detached tmux session running a command, on a tmux server of its own (-L): a test never races
    another test's server shutting down."""

    def __init__(self, command: list[str]) -> None:
        self.name = f"killer-test-{uuid.uuid4().hex[:8]}"
        self.tmux = ["tmux", "-L", self.name]
        line = f"cd {shlex.quote(str(ROOT))} && {shlex.join(command)}; sleep 30"
        subprocess.run([*self.tmux, "new-session", "-d", "-s", self.name, "-x", "120", "-y", "40", line], check=True)

    def keys(self, *keys: str) -> None:
        subprocess.run([*self.tmux, "send-keys", "-t", self.name, *keys], check=True)

    def capture(self) -> str:
        return subprocess.run([*self.tmux, "capture-pane", "-p", "-t", self.name], check=True, capture_output=True,
                              text=True).stdout

    def wait_for(self, text: str, timeout: float = 20.0) -> str:
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.capture()
            if text in screen:
                return screen
            time.sleep(0.2)
        raise AssertionError(f"{text!r} never appeared; the screen:\n{screen}")

    def close(self) -> None:
        subprocess.run([*self.tmux, "kill-server"], check=False, capture_output=True)


@pytest.fixture
def pane() -> Iterator[list[Pane]]:
    panes: list[Pane] = []
    yield panes
    for p in panes:
        p.close()


def killer(*args: str) -> list[str]:
    return [sys.executable, "-m", "killer.cli", *args]


def test_watch_a_replay_in_tmux(pane: list[Pane]) -> None:
    p = Pane(killer("watch", str(DATA / "v2-classic-s3-zh.jsonl"), "--paused"))
    pane.append(p)
    p.wait_for("公共视角")
    p.keys("]", "]")
    screen = p.wait_for("第1天")
    assert "杀手" not in screen.split("牌桌")[1].split("投票")[0]  # no role in the public seats panel
    p.keys("g")
    screen = p.wait_for("上帝视角")
    assert "杀手" in screen and "警察" in screen
    p.keys("q")


def test_play_a_seat_in_tmux_then_quit_and_see_how_to_resume(pane: list[Pane], tmp_path: Path) -> None:
    p = Pane(killer("play", "--seat", "7", "--agents", "scripted", "--seed", "3", "--pace", "0",
                    "--out", str(tmp_path)))
    pane.append(p)
    screen = p.wait_for("Police: choose whom to check")
    assert "SEAT 7'S VIEW" in screen and "Your seat" in screen and "GOD VIEW" not in screen
    p.keys("Enter")  # the first legal target
    p.wait_for("Your statement", timeout=20)
    p.keys("I checked a killer", "Enter")
    p.keys("C-q")
    screen = p.wait_for("killer play --resume")
    assert "Saved" in screen
    assert list(tmp_path.glob("*.jsonl")) and list(tmp_path.glob("*.ckpt.sqlite"))
