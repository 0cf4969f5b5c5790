"""Issue 21: `killer eval` and `killer report` write index.html beside report.md, linking a replay page of every
game (public by default) with its result line; the pages are named from game ids in safe characters only."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from evaluation.report.index import page_name
from killer.cli import main
from orchestrator.output.html.page import replay_page
from orchestrator.store.transcript import read_transcript

ROOT = Path(__file__).parents[3]
SAMPLES = ROOT / "transcripts" / "samples"


def links(index: Path) -> list[str]:
    return re.findall(r'href="([^"#]+)"', index.read_text(encoding="utf-8"))


def test_report_of_a_tournament_folder_writes_the_index_and_every_page(tmp_path: Path) -> None:
    run = tmp_path / "run"
    shutil.copytree(ROOT / "docs" / "eval-sample", run)
    assert main(["report", str(run), "--no-plots"]) == 0
    index = run / "index.html"
    text = index.read_text(encoding="utf-8")
    rows = [json.loads(line) for line in (run / "results.jsonl").read_text().splitlines() if line.strip()]
    pages = [h for h in links(index) if h.startswith("pages/")]
    assert len(pages) == len(rows) == 4 and "report.md" in links(index)
    for row in rows:
        t = read_transcript(run / row["transcript"])
        page = run / "pages" / f"{row['game_id']}.html"
        assert page.read_text(encoding="utf-8") == replay_page(t)  # the public view
        assert f'href="pages/{row["game_id"]}.html"' in text
    assert text.count("The killers win") + text.count("The good side wins") == 4
    assert "Seats: seat 1 " in text and "public view" in text


def test_report_of_loose_transcripts_links_god_pages_when_asked(tmp_path: Path) -> None:
    files = sorted(SAMPLES.glob("*-zh-*.jsonl"))
    out = tmp_path / "rep"
    assert main(["report", *map(str, files), "--out", str(out), "--no-plots", "--pages", "god"]) == 0
    text = (out / "index.html").read_text(encoding="utf-8")
    assert '<html lang="zh-Hans">' in text and "上帝视角" in text  # every game is Chinese: so is the index
    pages = [h for h in links(out / "index.html") if h.startswith("pages/")]
    assert len(pages) == len(files) and all((out / h).is_file() for h in pages)
    assert all('id="god-toggle" checked' in (out / h).read_text(encoding="utf-8") for h in pages)


def test_no_pages_means_no_index(tmp_path: Path) -> None:
    out = tmp_path / "rep"
    assert main(["report", str(SAMPLES / "v1-scripted-en-s3.jsonl"), "--out", str(out), "--no-plots",
                 "--pages", "none"]) == 0
    assert (out / "report.md").is_file() and not (out / "index.html").exists() and not (out / "pages").exists()


def test_a_page_name_never_leaves_the_pages_folder() -> None:
    taken: set[str] = set()
    names = [page_name(game_id, taken) for game_id in ("../../etc/passwd", "/abs", "a b<c>", "a b<c>", ".hidden",
                                                       "")]
    assert names == ["_.._etc_passwd.html", "_abs.html", "a_b_c_.html", "a_b_c_-2.html", "hidden.html", "game.html"]
    assert all("/" not in n and not n.startswith(".") for n in names)


def test_eval_writes_the_index_when_the_run_ends(tmp_path: Path) -> None:
    out = tmp_path / "run"
    config = ROOT / "evaluation" / "examples" / "scripted.toml"
    assert main(["eval", str(config), "--games", "2", "--out", str(out), "--no-progress", "--parallel", "1"]) == 0
    pages = [h for h in links(out / "index.html") if h.startswith("pages/")]
    assert len(pages) == 2 and all((out / h).is_file() for h in pages)
