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
from tests.agents.provider_emulator import ProviderEmulator

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



@pytest.mark.parametrize("planted", ["to a file", "to a missing file"])
def test_label_writes_no_label_through_a_link(planted: str, run_copy: Path, elsewhere: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """`killer label` appends labels.jsonl through the run folder: a planted labels.jsonl link (to a file, or to a
    missing name in another folder) is refused in one line and nothing is written where it points."""
    (run_copy / "labels.jsonl").unlink(missing_ok=True)
    target = elsewhere / "notes.html" if planted == "to a file" else elsewhere / "labels.jsonl"
    (run_copy / "labels.jsonl").symlink_to(target)
    with ProviderEmulator("vllm", ["m"]) as emu:
        code = main(["label", str(run_copy), "--model", "m", "--base-url", emu.base_url, "--limit", "1"])
    assert code == ExitCode.BAD_INPUT
    line = one_line(capsys)
    assert "labels.jsonl" in line and "symbolic link" in line, line
    assert untouched(elsewhere)

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


# -- reads: a games/ folder is read through the run folder, never through a planted link ---------------------

SAMPLE_RUN = ROOT / "docs" / "eval-sample"


@pytest.fixture
def run_copy(tmp_path: Path) -> Path:
    run = tmp_path / "run"
    shutil.copytree(SAMPLE_RUN, run)
    return run


@pytest.fixture
def secret_game(tmp_path: Path) -> Path:
    """A transcript outside the run folder, with a private speech no report of the run folder may show."""
    folder = tmp_path / "private"
    folder.mkdir()
    header, *rest = GAME.read_text(encoding="utf-8").splitlines(keepends=True)
    path = folder / "mine.jsonl"
    path.write_text(header + "".join(rest).replace("Seat", "PRIVATEWORD Seat", 1), encoding="utf-8")
    return path


def planted_game(run: Path, target: Path) -> str:
    """Replaces the run's first game by a link to `target`; the game's relative path."""
    rel = json.loads((run / "results.jsonl").read_text().splitlines()[0])["transcript"]
    (run / rel).unlink()
    (run / rel).symlink_to(target)
    return rel


@pytest.mark.parametrize("command", [["report", "{run}", "--no-plots"], ["export", "{run}", "--out", "{out}"],
                                     ["label", "{run}", "--model", "m", "--base-url", "{url}", "--limit", "1"]])
def test_a_link_planted_in_games_is_refused_by_every_reader(command: list[str], run_copy: Path, secret_game: Path,
                                                            tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    rel = planted_game(run_copy, secret_game)
    before = {p: p.read_bytes() for p in run_copy.rglob("*") if p.is_file() and not p.is_symlink()}
    with ProviderEmulator("vllm", ["m"]) as emu:
        args = [a.format(run=run_copy, out=tmp_path / "tables", url=emu.base_url) for a in command]
        assert main(args) == ExitCode.BAD_INPUT
    line = one_line(capsys)
    assert Path(rel).name in line and "symbolic link" in line, line
    assert not (tmp_path / "tables").exists() or not any((tmp_path / "tables").iterdir())
    assert {p: p.read_bytes() for p in before} == before  # the report was not rewritten with the planted game


@pytest.mark.parametrize("name", ["games", "results.jsonl", "tournament.json"])
def test_a_planted_games_folder_or_run_file_is_refused_when_read(name: str, run_copy: Path, tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    moved = tmp_path / f"moved-{name}"
    (run_copy / name).rename(moved)
    (run_copy / name).symlink_to(moved, target_is_directory=moved.is_dir())
    assert main(["report", str(run_copy), "--no-plots"]) == ExitCode.BAD_INPUT
    line = one_line(capsys)
    assert name in line and "symbolic link" in line, line


def test_a_folder_of_transcripts_is_listed_and_read_without_following_a_link(tmp_path: Path, secret_game: Path,
                                                                            capsys: pytest.CaptureFixture[str]
                                                                            ) -> None:
    from evaluation.tournament.folder import transcript_files
    from orchestrator.store.transcript import TranscriptError, read_transcript

    games = tmp_path / "games"
    games.mkdir()
    shutil.copy(GAME, games / "a.jsonl")
    (games / "b.jsonl").symlink_to(secret_game)
    for command in (["report", str(games), "--out", str(tmp_path / "r"), "--no-plots"],
                    ["export", str(games), "--out", str(tmp_path / "t")]):
        assert main(command) == ExitCode.BAD_INPUT
        assert "b.jsonl" in one_line(capsys)
    (games / "b.jsonl").unlink()
    (listed,) = transcript_files(games)
    (games / "a.jsonl").rename(tmp_path / "a-away.jsonl")  # swapped for a link after the listing: still refused
    (games / "a.jsonl").symlink_to(secret_game)
    with pytest.raises(TranscriptError, match="symbolic link"):
        read_transcript(listed, root=games)
    # a file the user names on the command line may be the user's own link
    (tmp_path / "mine.jsonl").symlink_to(tmp_path / "a-away.jsonl")
    assert main(["report", str(tmp_path / "mine.jsonl"), "--out", str(tmp_path / "r2"), "--no-plots"]) == \
        ExitCode.DONE


def test_the_walk_reads_below_the_root_only_without_links(tmp_path: Path, elsewhere: Path) -> None:
    root = tmp_path / "root"
    (root / "a").mkdir(parents=True)
    (root / "a" / "f.txt").write_text("mine")
    assert walk.read_text(root, "a/f.txt", 100) == "mine"
    with pytest.raises(FileRefused, match="larger"):
        walk.read_text(root, "a/f.txt", 3)
    (root / "b").symlink_to(elsewhere, target_is_directory=True)
    (root / "a" / "g.txt").symlink_to(elsewhere / "notes.html")
    for rel in ("b/notes.html", "a/g.txt", "../elsewhere/notes.html"):
        with pytest.raises(FileRefused):
            walk.read_text(root, rel, 100)
    with pytest.raises(FileNotFoundError):
        walk.read_text(root, "a/missing.txt", 100)
    with pytest.raises(FileNotFoundError):
        walk.read_text(root, "missing/f.txt", 100)
    with pytest.raises(FileRefused, match=r"g\.txt"):
        walk.files_in(root, "a", ".txt")
    (root / "a" / "g.txt").unlink()
    assert walk.files_in(root, "a", ".txt") == ["f.txt"]
    with pytest.raises(FileRefused):
        walk.files_in(root, "b", ".html")
