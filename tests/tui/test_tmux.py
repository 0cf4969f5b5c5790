"""A check as a person would: the real `killer` command in a tmux pane, keys sent, the screen captured.

Skipped (with the reason) where tmux is not installed: `apt-get install -y tmux`. The LLM games play against
tests/agents/fake_server.py (the fake endpoint behind a real HTTP server on 127.0.0.1, a fixed latency).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from orchestrator.store.transcript import read_transcript
from orchestrator.verify import verify_file
from tests.tui.conftest import DATA

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed (apt-get install -y tmux)")
ROOT = Path(__file__).resolve().parents[2]


class Pane:
    """One detached tmux session running a command, on a tmux server of its own (-L): a test never races
    another test's server shutting down."""

    def __init__(self, command: list[str] | str, size: tuple[int, int] = (120, 40),
                 env: dict[str, str] | None = None) -> None:
        self.name = f"killer-test-{uuid.uuid4().hex[:8]}"
        self.tmux = ["tmux", "-L", self.name]
        shell = command if isinstance(command, str) else shlex.join(command)
        # the printed resume command names the `killer` script: the one beside this interpreter, as when the
        # environment is activated
        path = {"PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
        exports = "".join(f"export {k}={shlex.quote(v)}; " for k, v in {**path, **(env or {})}.items())
        # COLUMNS/LINES inherited by the tmux server would override the pane's real size for the app
        # the pane outlives the command (the shell sleeps, and remain-on-exit keeps a dead pane readable) until the
        # test closes it: a capture never finds the session gone
        line = f"cd {shlex.quote(str(ROOT))} && unset COLUMNS LINES; {exports}{shell}; echo EXIT=$?; sleep 3600"
        subprocess.run([*self.tmux, "new-session", "-d", "-s", self.name, "-x", str(size[0]), "-y", str(size[1]),
                        line], check=True)
        subprocess.run([*self.tmux, "set-option", "-t", self.name, "remain-on-exit", "on"], check=False,
                       capture_output=True)
        self.seen: list[str] = []  # every screen captured (no traceback may show in any)
        self.rows = size[1]

    def keys(self, *keys: str) -> None:
        subprocess.run([*self.tmux, "send-keys", "-t", self.name, *keys], check=True)

    def capture(self) -> str:
        done = subprocess.run([*self.tmux, "capture-pane", "-p", "-J", "-t", self.name], capture_output=True,
                              text=True)
        if done.returncode != 0:
            last = self.seen[-1] if self.seen else "(nothing captured yet)"
            raise AssertionError(f"tmux capture-pane failed ({done.stderr.strip()}); the last screen:\n{last}")
        self.seen.append(done.stdout)
        return done.stdout

    def settled(self, limit: float = 5.0, glimpse: str | None = None) -> str:
        """The screen once two captures in a row agree: a frame the app is still drawing is never read. While a
        bot thinks the wait line animates, so after `limit` seconds the latest capture is the screen. `glimpse`:
        a transient text; the first capture that shows it is returned at once."""
        deadline = time.monotonic() + limit
        screen = self.capture()
        while time.monotonic() < deadline and not (glimpse and shows(screen, glimpse)):
            time.sleep(SETTLE)
            again = self.capture()
            if again == screen:
                return screen
            screen = again
        return screen

    def wait_for(self, text: str, timeout: float = 20.0, transient: bool = False) -> str:
        """The settled screen that shows `text` (also when the pane wrapped it). `transient`: a text on screen only
        for a moment (the wait line while a fast bot decides), which a settled screen may never show: any capture
        that shows it will do."""
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.capture() if transient else self.settled()
            if shows(screen, text):
                return screen
            time.sleep(0.05 if transient else 0.1)
        raise AssertionError(f"{text!r} never appeared; the screen:\n{screen}")

    def close(self) -> None:
        subprocess.run([*self.tmux, "kill-server"], check=False, capture_output=True)


SETTLE = 0.25  # seconds between the two captures of a settled screen


def shows(screen: str, text: str) -> bool:
    return text in screen or text in " ".join(screen.split())


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
    p.wait_for("A word to your partners", timeout=20)  # a team's choice: the person may tell its partner (issue 19)
    p.keys("Enter")  # an empty line: nothing to say
    # the partners proposed another seat, so the team talks (R-team-talk): the person sees their proposals and
    # goes with them by typing the seat's number; agreement ends the talk
    screen = p.wait_for("Team talk, round 2 of 3", timeout=20)
    assert "seat 8 proposed seat 11" in " ".join(screen.split())
    p.keys("11", "Enter")
    p.wait_for("A word to your partners", timeout=20)
    p.keys("Agreed on 11", "Enter")
    p.wait_for("Your statement", timeout=20)
    p.keys("I checked a killer", "Enter")
    p.keys("C-q")
    screen = p.wait_for("killer play --resume")
    assert "Saved" in screen
    assert list(tmp_path.glob("*.jsonl")) and list(tmp_path.glob("*.ckpt.sqlite"))


@pytest.fixture
def fake_endpoint(tmp_path: Path) -> Iterator[str]:
    """The fake endpoint on 127.0.0.1 (each answer after FAKE_LATENCY s); yields its base URL."""
    port_file = tmp_path / "port"
    server = subprocess.Popen([sys.executable, "-m", "tests.agents.fake_server", "--latency", str(FAKE_LATENCY),
                               "--port-file", str(port_file)], cwd=ROOT)
    try:
        deadline = time.monotonic() + 60  # a loaded machine takes seconds to import the server
        while not (port_file.exists() and port_file.read_text().strip()):
            assert server.poll() is None, f"the fake endpoint exited with {server.returncode}"
            assert time.monotonic() < deadline, "the fake endpoint wrote no port in 60 s"
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port_file.read_text().strip()}/v1"
    finally:
        server.terminate()
        server.wait(timeout=10)


FAKE_LATENCY = 0.1
# "Team talk, round": a later round's choice, whose hint the quoted messages push below an 80x24 pane
PROMPT_MARKS = {"Enter: speak to your partners": ["Enter"],  # a team message: an empty line says nothing
                "Enter: speak": ["I checked seat 1", "Enter"], "Enter: choose": ["Enter"], "Enter: OK": ["Enter"],
                "Pass the keyboard": ["Enter"], "Team talk, round": ["Enter"],
                "↑↓ Home End": ["Enter"]}  # the last: a list beside the table
EXIT = re.compile(r"EXIT=(\d+)")


def answer_prompts(p: Pane, until: str, timeout: float = 150.0, transient: bool = False) -> str:
    """Answers every prompt like a person (first legal choice, a short speech) until `until` shows (`transient`:
    on any capture, as Pane.wait_for)."""
    deadline = time.monotonic() + timeout
    last = ""
    while time.monotonic() < deadline:
        # keys go to a prompt on screen, never to one half drawn; a transient `until` counts on any capture
        screen = p.settled(glimpse=until if transient else None)
        if shows(screen, until):
            assert len(screen.splitlines()) == p.rows  # the app fills the pane it was given
            return screen
        joined = " ".join(screen.split())  # a hint wrapped on a narrow pane still reads as one line
        mark = next((m for m in PROMPT_MARKS if m in joined), None)
        if mark is not None and screen != last:
            p.keys(*PROMPT_MARKS[mark])
            last = screen
            continue
        time.sleep(0.1)
    raise AssertionError(f"{until!r} never appeared; the screen:\n{p.capture()}")


def no_traceback(*panes: Pane) -> None:
    for p in panes:
        for screen in p.seen:
            assert "Traceback" not in screen and "Error" not in screen and "unhandled" not in screen, screen


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_item1_item2_police_quits_while_bots_think_then_resumes_from_the_printed_command_and_finishes(
        pane: list[Pane], tmp_path: Path, fake_endpoint: str, size: tuple[int, int]) -> None:
    env = {"PYTHONPATH": str(ROOT), "OPENAI_API_KEY": "sk-fake"}
    out = tmp_path / "my games"
    p = Pane(killer("play", "--seat", "7", "--agents", "llm", "--seed", "3", "--base-url", fake_endpoint,
                    "--model", "fake", "--out", str(out), "--pace", "0"), size, env)
    pane.append(p)
    screen = p.wait_for("Enter: choose", timeout=30)  # the police's first check
    assert ("● alive" in screen) == (size[0] >= 120)  # the state as a mark at 80 columns, in words at 120
    answer_prompts(p, "Waiting for seat", timeout=60, transient=True)  # until a bot decides (the wait line)
    p.keys("C-q")
    screen = p.wait_for("EXIT=", timeout=30)
    assert EXIT.search(screen).group(1) == "130"  # type: ignore[union-attr]
    command = screen.split("Resume with: ", 1)[1].split("\n")[0].strip()
    assert "--out" in command and fake_endpoint in command
    resumed = Pane(command + " --pace 0", size, env)
    pane.append(resumed)
    answer_prompts(resumed, "Everyone's cards")  # the game-over screen: the reveal
    resumed.keys("Enter")
    time.sleep(0.5)
    resumed.keys("C-q")
    screen = resumed.wait_for("EXIT=", timeout=30)
    assert EXIT.search(screen).group(1) == "0" and "transcript:" in screen  # type: ignore[union-attr]
    no_traceback(p, resumed)
    assert not list(out.glob("*.ckpt.sqlite"))  # finished: the checkpoint is gone
    (transcript,) = out.glob("*.jsonl")
    assert verify_file(transcript).ok


def test_item1_item2_ctrl_c_during_a_live_watch_then_killer_resume_as_printed(
        pane: list[Pane], tmp_path: Path, fake_endpoint: str) -> None:
    env = {"PYTHONPATH": str(ROOT), "OPENAI_API_KEY": "sk-fake"}
    out = tmp_path / "watched"
    p = Pane(killer("watch", "--live", "--agents", "llm", "--seed", "5", "--base-url", fake_endpoint, "--model",
                    "fake", "--out", str(out)), (100, 30), env)
    pane.append(p)
    p.wait_for("Waiting for seat", timeout=30, transient=True)  # a model is deciding in the day
    p.keys("C-c")
    screen = p.wait_for("EXIT=", timeout=30)
    assert EXIT.search(screen).group(1) == "130"  # type: ignore[union-attr]
    command = screen.split("Resume with: ", 1)[1].split("\n")[0].strip()
    assert command.startswith("killer resume ") and "--out" in command
    resumed = Pane(command, (100, 30), env)
    pane.append(resumed)
    screen = resumed.wait_for("EXIT=", timeout=120)
    assert EXIT.search(screen).group(1) == "0" and "transcript:" in screen  # type: ignore[union-attr]
    no_traceback(p, resumed)


SEAT_ROW = re.compile(r"^│\s*(\d{1,2})\s")  # a row of the seats panel: its seat number first


def one_line_a_seat(screen: str, players: int) -> None:
    """Every seat on screen, each on one line, no column in fragments (a row starts with its seat number and
    the next row with the next seat's), and the seats panel's bottom edge right under the last: nothing cut."""
    lines = screen.splitlines()
    first = next((i for i, line in enumerate(lines) if (m := SEAT_ROW.match(line)) and m.group(1) == "1"), None)
    assert first is not None, f"seat 1 is not on screen:\n{screen}"
    seats = [SEAT_ROW.match(line) for line in lines[first:first + players]]
    assert [int(m.group(1)) if m else None for m in seats] == list(range(1, players + 1)), screen
    assert lines[first + players].startswith("╰"), f"the seats panel goes on past seat {players}:\n{screen}"


SIZES = [(80, 24), (100, 30), (120, 40)]
LARGEST = 20  # v2-classic's largest table (engine/rulesets: v2-classic and v3 allow 20 seats)
NIGHT_ONE_SEAT = {12: 7, LARGEST: 1}  # with --seed 3: a police seat, asked on night 1 whom to check


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("players", [12, LARGEST])
@pytest.mark.parametrize("size", SIZES)
def test_every_seat_stays_on_screen_while_a_list_prompt_is_open(pane: list[Pane], tmp_path: Path,
                                                                size: tuple[int, int], players: int,
                                                                lang: str) -> None:
    p = Pane(killer("play", "--seat", str(NIGHT_ONE_SEAT[players]), "--players", str(players), "--lang", lang,
                    "--agents", "scripted", "--seed", "3", "--pace", "0", "--out", str(tmp_path)), size)
    pane.append(p)
    screen = p.wait_for("↑↓ Home", timeout=40)  # the night's list, its keys' hint under the choices
    one_line_a_seat(screen, players)
    p.keys("C-q")
    p.wait_for("EXIT=", timeout=30)
    no_traceback(p)


CHOICE = re.compile(r"seat \d+|Nobody \(keep the hand down\)")


def listed(screen: str, title: str) -> list[str]:
    """The choices on screen under the prompt's title, in order (seat lists show the labels alone); on a short
    pane the prompt sits beside the table, from the title's column on."""
    lines = screen.splitlines()
    start = max(i for i, line in enumerate(lines) if title in line)
    column = max(lines[start].index(title) - 1, 0)
    out = []
    for line in lines[start + 1:]:
        part = line[column:].strip()
        if "Home End" in part:
            break
        if CHOICE.fullmatch(part):
            out.append(part)
    return out


@pytest.mark.parametrize("size", SIZES)
def test_a_police_seat_at_every_size_claims_its_check_votes_after_a_refusal_and_says_last_words(
        pane: list[Pane], tmp_path: Path, size: tuple[int, int]) -> None:
    p = Pane(killer("play", "--seat", "7", "--agents", "scripted:hard", "--seed", "3", "--pace", "0",
                    "--out", str(tmp_path)), size)
    pane.append(p)
    one_line_a_seat(p.wait_for("Police: choose whom to check"), 12)
    p.keys("Enter")
    screen = answer_prompts(p, "Your statement")  # the team talk, as a person who goes with the first choice
    p.keys("I checked a seat last night", "Enter")
    p.wait_for("A public claim with your speech")
    p.keys("Down", "Down", "Enter")  # no claim, killer, police: the police
    screen = p.wait_for("The checks you report")
    assert "☑ night 1: seat" in screen  # its own check, pre-filled
    p.keys("Enter")  # done: report it
    screen = answer_prompts(p, "Vote: raise your hand for", timeout=90)
    one_line_a_seat(screen, 12)
    p.keys("7", "Enter")  # its own seat: refused, with the reason
    screen = p.wait_for("You cannot vote for")  # the reason (on a short pane the sentence wraps)
    choices = listed(screen, "Vote:")
    p.keys("Down", "Down", "Enter")  # the arrows still move the highlight: the third choice
    (transcript,) = tmp_path.glob("*.jsonl")
    vote = until_voted(transcript, 7)
    assert choices[2] == ("nobody" if vote is None else f"seat {vote}"), (choices, vote)
    screen = answer_prompts(p, "Your last words", timeout=150)  # the killers silence the claimed police
    one_line_a_seat(screen, 12)
    p.keys("Believe my check", "Enter")
    words = until_spoken(p, transcript, 7, "last_words")  # the accusation and claim asked next: first choices
    p.keys("C-q")
    p.wait_for("EXIT=", timeout=30)
    said = [e.event for e in read_transcript(transcript).entries
            if e.event.kind == "statement" and e.event.data.get("seat") == 7]
    assert said and said[0].data["claim"]["role"] == "police"
    assert "Believe my check" in words
    no_traceback(p)


def until_spoken(p: Pane, transcript: Path, seat: int, kind: str, timeout: float = 60.0) -> str:
    """The seat's first speech of `kind`, once the transcript holds it; the prompts that follow the words (whom
    to accuse, a claim) are answered with their first choice meanwhile."""
    deadline = time.monotonic() + timeout
    last = ""
    while time.monotonic() < deadline:
        said = [str(e.event.data.get("speech")) for e in read_transcript(transcript).entries
                if e.event.kind == kind and e.event.data.get("seat") == seat]
        if said:
            return said[0]
        screen = p.capture()
        joined = " ".join(screen.split())
        mark = next((m for m in PROMPT_MARKS if m in joined and m != "Enter: speak"), None)
        if mark is not None and screen != last:
            p.keys(*PROMPT_MARKS[mark])
            last = screen
        time.sleep(0.3)
    raise AssertionError(f"seat {seat}'s {kind} never reached the transcript; the screen:\n{p.capture()}")


def until_voted(transcript: Path, seat: int, timeout: float = 20.0) -> object:
    """The target of the seat's first vote, once the transcript (written as the game goes) holds it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        votes = [e.event.data.get("target") for e in read_transcript(transcript).entries
                 if e.event.kind == "vote" and e.event.data.get("seat") == seat]
        if votes:
            return votes[0]
        time.sleep(0.2)
    raise AssertionError("the vote never reached the transcript")


def speeches_of(transcript: Path, seat: int) -> list[dict[str, object]]:
    """The seat's speeches so far (statement, defense, last words), as the transcript holds them."""
    return [e.event.data for e in read_transcript(transcript).entries
            if e.event.kind in ("statement", "defense", "last_words") and e.event.data.get("seat") == seat]


def test_issue39_a_claim_key_means_the_same_role_every_time_a_killer_claim_asks_and_help_from_a_list(
        pane: list[Pane], tmp_path: Path) -> None:
    """Issue 39's steps: seat 6 claims the Police with the key 3 on day 1; at its next speech the same key claims
    the Police again (the list gained "same claim as before" on its own key, 0, and did not renumber); a Killer
    claim asks for confirmation first; ? in a list prompt opens the help and Esc comes back to the same prompt."""
    p = Pane(killer("play", "--seat", "6", "--agents", "scripted:hard", "--seed", "5", "--pace", "0",
                    "--out", str(tmp_path)), (120, 40))
    pane.append(p)
    screen = answer_prompts(p, "Your statement", timeout=90)
    p.keys("I am the police", "Enter")
    p.wait_for("A public claim with your speech")
    p.keys("3", "Enter")  # 1 no claim, 2 the Killer, 3 the Police
    p.wait_for("The checks you report")
    p.keys("Enter")  # done: its own check, pre-filled, reported
    (transcript,) = tmp_path.glob("*.jsonl")
    assert spoken(p, transcript, 6, 1)[0]["claim"]["role"] == "police"  # type: ignore[index]
    screen = answer_prompts(p, "Vote: raise your hand for", timeout=90)
    p.keys("?")  # the help, from a list prompt
    screen = p.wait_for("Help")
    assert "The rules of" in " ".join(screen.split()) or "rules" in screen
    p.keys("Escape")
    screen = p.wait_for("Vote: raise your hand for")  # the same prompt, still open
    assert "↑↓ Home End" in " ".join(screen.split())
    p.keys("Enter")
    _next_speech(p)
    p.keys("Believe me", "Enter")
    screen = p.wait_for("A public claim with your speech")
    assert "0  Same claim as before: Police" in screen
    p.keys("2", "Enter")  # the Killer: a change of role, and a killer's: asked first
    screen = p.wait_for("Change your claim from Police to Killer. Are you sure?")
    assert "The whole table hears this claim" in screen
    p.keys("Escape")  # no: back to the claim
    p.wait_for("A public claim with your speech")
    p.keys("3", "Enter")  # the same key as on day 1
    screen = p.wait_for("The checks you report")
    p.keys("Enter")
    said = spoken(p, transcript, 6, 2)
    assert said[1]["claim"]["role"] == "police", said  # type: ignore[index]
    p.keys("C-q")
    p.wait_for("EXIT=", timeout=30)
    no_traceback(p)


def spoken(p: Pane, transcript: Path, seat: int, n: int, timeout: float = 60.0) -> list[dict[str, object]]:
    """The seat's speeches once the transcript holds `n` of them; the list prompts after the words (whom to
    accuse) answered with their first choice meanwhile."""
    deadline = time.monotonic() + timeout
    last = ""
    while time.monotonic() < deadline:
        said = speeches_of(transcript, seat)
        if len(said) >= n:
            return said
        screen = p.settled()
        if "Enter: choose" in " ".join(screen.split()) and screen != last:
            p.keys("Enter")
            last = screen
        time.sleep(0.2)
    raise AssertionError(f"seat {seat} never made speech {n}; the screen:\n{p.capture()}")


def _next_speech(p: Pane) -> str:
    """The prompts answered (first choices) until the seat's next speech: its last words or a later statement."""
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline:
        screen = p.settled()
        joined = " ".join(screen.split())
        if "Your last words" in joined or "Your statement" in joined or "Your defense" in joined:
            return screen
        mark = next((m for m in PROMPT_MARKS if m in joined and m != "Enter: speak"), None)
        if mark is not None:
            p.keys(*PROMPT_MARKS[mark])
        time.sleep(0.2)
    raise AssertionError(f"no next speech; the screen:\n{p.capture()}")
