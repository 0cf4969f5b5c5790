"""Issue 31, item 4: a run folder is written only through itself (hygiene/walk.py). A link planted below the root
(`pages -> elsewhere`, `games -> elsewhere`) is refused in one line, exit 2, and what it points at is unchanged;
the walk opens each folder with O_NOFOLLOW below its parent's descriptor, so nothing is checked and then opened."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from hygiene import walk
from hygiene.files import FileRefused
from killer.cli import main
from killer.exit_codes import ExitCode

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "transcripts" / "samples" / "v2-classic-scripted-en-s7.jsonl"
VICTIM = "precious: never overwrite me\n"
TOURNAMENT = ('name = "links"\nseeds = 1\nrulesets = ["v1"]\n[[contestants]]\nname = "a"\nagent = "scripted"\n'
              '[[contestants]]\nname = "b"\nagent = "random"\n')


@pytest.fixture
def elsewhere(tmp_path: Path) -> Path:
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    (folder / "notes.html").write_text(VICTIM)
    return folder


def untouched(folder: Path) -> bool:
    return [p.name for p in folder.iterdir()] == ["notes.html"] and (folder / "notes.html").read_text() == VICTIM


def one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    return err[0]


def test_report_refuses_a_pages_link(tmp_path: Path, elsewhere: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = tmp_path / "run"
    run.mkdir()
    header, *rest = GAME.read_text(encoding="utf-8").splitlines(keepends=True)
    (run / "notes.jsonl").write_text(json.dumps({**json.loads(header), "game_id": "notes"}) + "\n" + "".join(rest))
    (run / "pages").symlink_to(elsewhere, target_is_directory=True)
    assert main(["report", str(run / "notes.jsonl"), "--out", str(run), "--no-plots"]) == ExitCode.BAD_INPUT
    line = one_line(capsys)
    assert "pages" in line and "symbolic link" in line
    assert untouched(elsewhere)


def test_eval_refuses_a_games_link(tmp_path: Path, elsewhere: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = tmp_path / "run"
    run.mkdir()
    (run / "games").symlink_to(elsewhere, target_is_directory=True)
    (tmp_path / "t.toml").write_text(TOURNAMENT)
    assert main(["eval", str(tmp_path / "t.toml"), "--out", str(run), "--no-progress"]) == ExitCode.BAD_INPUT
    assert "games" in one_line(capsys)
    assert untouched(elsewhere)


def test_export_and_label_write_no_table_through_a_link(tmp_path: Path, elsewhere: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    games = tmp_path / "games"
    games.mkdir()
    shutil.copy(GAME, games / GAME.name)
    out = tmp_path / "tables"
    out.mkdir()
    (out / "statements.csv").symlink_to(elsewhere / "notes.html")
    assert main(["export", str(games), "--out", str(out)]) == ExitCode.BAD_INPUT
    assert "statements.csv" in one_line(capsys) and untouched(elsewhere)


def test_the_walk_refuses_a_link_at_any_depth(tmp_path: Path, elsewhere: Path) -> None:
    root = tmp_path / "root"
    (root / "a").mkdir(parents=True)
    (root / "a" / "b").symlink_to(elsewhere, target_is_directory=True)
    with pytest.raises(FileRefused, match="symbolic link"):
        walk.write_text(root, "a/b/notes.html", "overwritten")
    with pytest.raises(FileRefused, match="symbolic link"):
        walk.open_append(root, "a/b/notes.html")
    (root / "a" / "c.txt").symlink_to(elsewhere / "notes.html")
    with pytest.raises(FileRefused, match="symbolic link"):
        walk.write_text(root, "a/c.txt", "overwritten")
    with pytest.raises(FileRefused):
        walk.open_append(root, "a/c.txt")
    for bad in ("../x", "/etc/x", ""):
        with pytest.raises(FileRefused):
            walk.write_text(root, bad, "x")
    assert untouched(elsewhere)
    walk.write_text(root, "a/new/deep.txt", "fine")  # missing folders are made, below the root only
    assert (root / "a" / "new" / "deep.txt").read_text() == "fine"
    walk.write_text(root, "a/new/deep.txt", "again")
    assert (root / "a" / "new" / "deep.txt").read_text() == "again"
    assert sorted(p.name for p in (root / "a" / "new").iterdir()) == ["deep.txt"]  # no temporary file left
    linked_root = tmp_path / "latest"
    linked_root.symlink_to(root, target_is_directory=True)  # the root itself is the user's choice
    walk.write_text(linked_root, "top.txt", "ok")
    assert (root / "top.txt").read_text() == "ok"
