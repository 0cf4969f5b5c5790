"""Issue 31, item 1, per command: every command that sends a key (`run`, `resume`, `eval`, `label`) is pointed at an
allowed loopback endpoint that answers every request with a redirect to another origin (another port): the allowed
origin receives the user's key, the redirect is followed, and the other origin never sees it (not in a header, not
in a body). The commands that send nothing (`report` — the judge's labels are read, never asked for — `export`,
`verify`, `render`) make no request at all, even with OPENAI_BASE_URL and OPENAI_API_KEY set."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from killer.cli import main
from killer.exit_codes import ExitCode
from tests.security.games import edit_header, interrupted
from tests.security.test_key_rule import GAME, USER_KEY, Echoing, redirecting

DONE = (ExitCode.DONE, ExitCode.DEGRADED)


@pytest.fixture
def keys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", USER_KEY)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)


@pytest.fixture
def redirected() -> Iterator[tuple[str, list[str], Echoing]]:
    """(the allowed origin, the Authorization headers it saw, the other origin it redirects every request to)."""
    with Echoing() as emu, redirecting(emu.base_url) as seen:
        yield seen.pop(0), seen, emu


def _never_reached(emu: Echoing) -> None:
    assert emu.bodies, "the redirect was not followed"
    assert all(USER_KEY not in a for a in emu.auth) and USER_KEY not in json.dumps(emu.bodies)


def test_run_follows_a_redirect_without_the_key(tmp_path: Path, keys: None,
                                                redirected: tuple[str, list[str], Echoing]) -> None:
    allowed, seen, emu = redirected
    code = main(["run", "--model", "m", "--base-url", allowed + "/v1", "--seed", "3", "--players", "8",
                 "--out", str(tmp_path / "games"), "--timeout", "10"])
    assert code in DONE and seen and set(seen) == {f"Bearer {USER_KEY}"}
    _never_reached(emu)


def test_resume_follows_a_redirect_without_the_key(tmp_path: Path, keys: None,
                                                   redirected: tuple[str, list[str], Echoing]) -> None:
    allowed, seen, emu = redirected
    game = interrupted(tmp_path)
    edit_header(game, agents="llm", model="m", base_url="http://127.0.0.1:9/v1")  # never used: the command line is
    code = main(["resume", str(game), "--base-url", allowed + "/v1", "--model", "m", "--timeout", "10"])
    assert code in DONE and seen and set(seen) == {f"Bearer {USER_KEY}"}
    _never_reached(emu)


def test_eval_follows_a_redirect_without_the_key(tmp_path: Path, keys: None,
                                                 redirected: tuple[str, list[str], Echoing]) -> None:
    from tests.security.test_key_rule import tournament

    allowed, seen, emu = redirected
    cfg = tournament(tmp_path / "t.toml", allowed + "/v1")
    code = main(["eval", str(cfg), "--out", str(tmp_path / "run"), "--no-progress", "--games", "1", "--pages",
                 "none", "--allow-endpoint", allowed])
    assert code in DONE and seen and set(seen) == {f"Bearer {USER_KEY}"}
    _never_reached(emu)


def test_label_follows_a_redirect_without_the_key(tmp_path: Path, keys: None,
                                                  redirected: tuple[str, list[str], Echoing]) -> None:
    allowed, seen, emu = redirected
    run = tmp_path / "run"
    run.mkdir()
    shutil.copy(GAME, run / GAME.name)
    table = tmp_path / "judge.toml"
    table.write_text(f'[judge]\nmodel = "m"\nbase_url = "{allowed}/v1"\n', encoding="utf-8")
    code = main(["label", str(run), "--table", str(table), "--allow-endpoint", allowed, "--limit", "2"])
    assert code == ExitCode.DONE and seen and set(seen) == {f"Bearer {USER_KEY}"}
    _never_reached(emu)


def test_commands_that_send_nothing_make_no_request(tmp_path: Path, keys: None, monkeypatch: pytest.MonkeyPatch,
                                                    redirected: tuple[str, list[str], Echoing]) -> None:
    allowed, seen, emu = redirected
    run = tmp_path / "run"
    shutil.copytree(GAME.parents[2] / "docs" / "eval-sample", run)
    with Echoing() as judge:  # the judge's labels, made beforehand: the report then reads them
        assert main(["label", str(run), "--model", "m", "--base-url", judge.base_url, "--limit", "2"]) == \
            ExitCode.DONE
    assert (run / "labels.jsonl").is_file()
    monkeypatch.setenv("OPENAI_BASE_URL", allowed + "/v1")
    for args in (["report", str(run), "--no-plots"], ["export", str(run), "--out", str(tmp_path / "t")],
                 ["verify", str(GAME)], ["render", str(GAME)]):
        assert main(args) == ExitCode.DONE, args
    assert seen == [] and emu.auth == [] and emu.bodies == []
