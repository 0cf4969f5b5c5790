"""The house's shape holds: no room holds more than 12 modules flat, every package says in its docstring what it
holds, no import circle anywhere (grimp's graph of every package), and the TUI loads no client library."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "hygiene", "words", "agents", "prompts", "orchestrator", "tui", "evaluation", "killer")
MAX_FLAT = 12


def _folders() -> list[Path]:
    return sorted(p.parent for name in PACKAGES for p in (ROOT / name).rglob("__init__.py"))


@pytest.mark.parametrize("folder", _folders(), ids=lambda p: str(p.relative_to(ROOT)))
def test_a_room_holds_few_modules_and_says_what_it_holds(folder: Path) -> None:
    modules = sorted(folder.glob("*.py"))
    assert len(modules) <= MAX_FLAT, f"{folder.relative_to(ROOT)} holds {len(modules)} modules flat"
    doc = (folder / "__init__.py").read_text(encoding="utf-8")
    assert doc.startswith('"""') and len(doc.strip().strip('"').split()) >= 6, f"{folder}: no docstring"


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                part = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    part.append(member)
                    if member == node:
                        break
                if len(part) > 1:
                    found.append(sorted(part))
    return found


def test_no_import_circle_anywhere() -> None:
    graph = grimp.build_graph(*PACKAGES)
    assert _cycles(graph) == []


def test_the_cycle_finder_finds_a_circle() -> None:
    graph = grimp.ImportGraph()
    for a, b in (("p.a", "p.b"), ("p.b", "p.c"), ("p.c", "p.a"), ("p.c", "p.d")):
        graph.add_import(importer=a, imported=b)
    assert _cycles(graph) == [["p.a", "p.b", "p.c"]]


def test_the_tui_loads_no_client_library() -> None:
    code = "import sys, tui.app; print('openai' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
