"""The house's shape holds: no room holds more than 12 modules flat, every package says in its docstring what it
holds, no import circle anywhere (grimp's graph of every package: between modules, and between the parts of any
package), evaluation/'s floors hold (no sub-package imports one above it, at module level or inside a function),
and the TUI loads no client library."""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
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


def _part(package: str | None, module: str) -> str | None:
    """The direct child of `package` that holds `module` (the top-level package when `package` is None); None
    when `module` is not inside `package`."""
    if package is None:
        return module.split(".")[0]
    if not module.startswith(package + "."):
        return None
    return f"{package}.{module[len(package) + 1:].split('.')[0]}"


def _squashed(graph: grimp.ImportGraph, package: str | None) -> grimp.ImportGraph:
    """The imports between the parts of `package` (its sub-packages and modules, each with all it holds), or
    between the top-level packages: a circle here is a circle between packages even where no two modules form
    one."""
    parts = grimp.ImportGraph()
    for module in graph.modules:
        a = _part(package, module)
        if a is None:
            continue
        for imported in graph.find_modules_directly_imported_by(module):
            b = _part(package, imported)
            if b is not None and b != a:
                parts.add_import(importer=a, imported=b)
    return parts


def _package_cycles(graph: grimp.ImportGraph) -> dict[str, list[list[str]]]:
    """Every circle between the parts of a package, by package ("" for the top-level packages themselves)."""
    held = {".".join(m.split(".")[:n]) for m in graph.modules for n in range(1, m.count(".") + 1)}
    packages = [None, *sorted(held)]
    found = {p or "": _cycles(_squashed(graph, p)) for p in packages}
    return {p: c for p, c in found.items() if c}


def test_no_import_circle_between_the_parts_of_any_package() -> None:
    graph = grimp.build_graph(*PACKAGES)
    assert _package_cycles(graph) == {}


def test_the_package_cycle_finder_finds_a_circle_no_two_modules_make() -> None:
    graph = grimp.ImportGraph()
    for a, b in (("p.a.x", "p.b.y"), ("p.b.z", "p.a.w"), ("p.c", "p.a.x"), ("q.r", "p.c")):
        graph.add_import(importer=a, imported=b)
    assert _cycles(graph) == []
    assert _package_cycles(graph) == {"p": [["p.a", "p.b"]]}


def _floors() -> list[set[str]]:
    """evaluation/'s floors, top first, as pyproject.toml's import-linter contract names them."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(c for c in config["tool"]["importlinter"]["contracts"] if c.get("containers") == ["evaluation"])
    assert contract["type"] == "layers" and contract["exhaustive"] is True
    return [{part.strip() for part in layer.split("|")} for layer in contract["layers"]]


def test_every_part_of_evaluation_is_on_a_floor_and_none_imports_one_above() -> None:
    graph = grimp.build_graph(*PACKAGES)
    floors = _floors()
    parts = {m.removeprefix("evaluation.") for m in graph.find_children("evaluation")}
    assert parts == set().union(*floors)
    illegal = graph.find_illegal_dependencies_for_layers(layers=floors, containers={"evaluation"})
    assert sorted(f"{d.importer} -> {d.imported}" for d in illegal) == []


def _late_imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every import made inside a function or a class of `path`: import statements, and
    importlib.import_module / __import__ of a name written out."""
    found: list[tuple[int, str]] = []

    def visit(node: ast.AST, inside: bool) -> None:
        for child in ast.iter_child_nodes(node):
            nested = inside or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
            if inside and isinstance(child, ast.ImportFrom) and child.module and not child.level:
                found.append((child.lineno, child.module))
            elif inside and isinstance(child, ast.Import):
                found.extend((child.lineno, alias.name) for alias in child.names)
            elif isinstance(child, ast.Call) and child.args and isinstance(child.args[0], ast.Constant):
                name = child.func.attr if isinstance(child.func, ast.Attribute) else getattr(child.func, "id", "")
                if name in ("import_module", "__import__") and isinstance(child.args[0].value, str):
                    found.append((child.lineno, child.args[0].value))
            visit(child, nested)

    visit(ast.parse(path.read_text(encoding="utf-8")), False)
    return found


def test_no_late_import_in_evaluation_reaches_a_floor_above() -> None:
    """A function-level import is invisible to a reader of the module's head: it may load a heavy library late
    (matplotlib, Ray), but never reach a floor above its own, nor name a module dynamically to hide from grimp."""
    level = {part: n for n, floor in enumerate(reversed(_floors())) for part in floor}
    wrong = []
    for path in sorted((ROOT / "evaluation").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if len(parts) < 3:
            continue
        mine = parts[1]
        for line, module in _late_imports(path):
            pieces = module.split(".")
            if pieces[0] == "evaluation" and len(pieces) > 1 and level[pieces[1]] > level[mine]:
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports {module} ({pieces[1]} is above {mine})")
    assert wrong == []


def test_the_late_import_finder_sees_imports_inside_functions_only(tmp_path: Path) -> None:
    path = tmp_path / "sample.py"
    lines = ["import os", "from evaluation.games import facts", "", "", "def f():",
             "    from evaluation.report import summary", "    import evaluation.stats.bootstrap",
             "    importlib.import_module('evaluation.export.run')"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert _late_imports(path) == [(6, "evaluation.report"), (7, "evaluation.stats.bootstrap"),
                                   (8, "evaluation.export.run")]


def test_the_cycle_finder_finds_a_circle() -> None:
    graph = grimp.ImportGraph()
    for a, b in (("p.a", "p.b"), ("p.b", "p.c"), ("p.c", "p.a"), ("p.c", "p.d")):
        graph.add_import(importer=a, imported=b)
    assert _cycles(graph) == [["p.a", "p.b", "p.c"]]


def test_the_tui_loads_no_client_library() -> None:
    code = "import sys, tui.app; print('openai' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
