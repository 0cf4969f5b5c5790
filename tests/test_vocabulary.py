"""One vocabulary: no package outside engine/ spells an event kind as a string literal (it imports EventKind and
the named groups from engine.record.catalog), and every catalogued kind is one the engine emits or records."""

from __future__ import annotations

import ast
from pathlib import Path

from engine.record.catalog import CATALOGUE, EventKind

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("agents", "prompts", "orchestrator", "tui", "evaluation", "killer")
KINDS = frozenset(k.value for k in EventKind)


def _used_as_kind(tree: ast.AST) -> list[ast.Constant]:
    """Constants in the places a kind is used: compared (`kind == "vote"`, `in (...)`), listed in a tuple, list
    or set, a dict key, or passed to a call. Data field lookups (`d.get("hands")`) and words shown to people
    (a dict value such as `"suspicions": "suspects"`) are other things that happen to share the spelling."""
    used: list[ast.Constant] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            used += [n for n in (node.left, *node.comparators) if isinstance(n, ast.Constant)]
        elif isinstance(node, ast.Tuple | ast.List | ast.Set):
            used += [n for n in node.elts if isinstance(n, ast.Constant)]
        elif isinstance(node, ast.Dict):
            used += [n for n in node.keys if isinstance(n, ast.Constant)]
        elif isinstance(node, ast.Call):
            lookup = isinstance(node.func, ast.Attribute) and node.func.attr == "get"
            used += [n for n in node.args[1 if lookup else 0:] if isinstance(n, ast.Constant)]
    return used


def kind_literals(source: str) -> list[tuple[int, str]]:
    """(line, literal) for every string constant used as an event kind."""
    return sorted((n.lineno, n.value) for n in _used_as_kind(ast.parse(source))
                  if isinstance(n.value, str) and n.value in KINDS)


def test_no_package_outside_the_engine_spells_an_event_kind() -> None:
    found = [f"{path.relative_to(ROOT)}:{line}: {value!r}"
             for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))
             for line, value in kind_literals(path.read_text(encoding="utf-8"))]
    assert found == [], "use engine.record.catalog.EventKind (or a named group) instead of:\n" + "\n".join(found)


def test_templates_do_not_spell_event_kinds() -> None:
    found = [f"{path.relative_to(ROOT)}: {kind!r}" for path in sorted((ROOT / "prompts").rglob("*.j2"))
             for kind in KINDS if f'"{kind}"' in path.read_text(encoding="utf-8")]
    assert found == []


def test_the_scan_catches_a_literal_and_spares_a_data_field() -> None:
    assert kind_literals('if e.kind == "vote": pass') == [(1, "vote")]
    assert kind_literals('SPOKEN = ("statement", "defense")\nx = {"deal": 1}') == [(1, "defense"), (1, "statement"),
                                                                                 (2, "deal")]
    assert kind_literals('hands = deal["hands"] or deal.get("hands")\nLABEL = {"note": "accused"}') == []


def test_every_kind_is_catalogued_with_a_meaning() -> None:
    assert set(CATALOGUE) == KINDS
    assert all(spec.meaning and spec.fields for spec in CATALOGUE.values())
