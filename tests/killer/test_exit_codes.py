"""The one exit-code table: an interruption wins, otherwise the lowest non-zero code."""

from __future__ import annotations

from killer.exit_codes import ExitCode, combine


def test_combine() -> None:
    assert combine([]) == ExitCode.DONE
    assert combine([0, 0]) == ExitCode.DONE
    assert combine([3, 2, 0]) == ExitCode.BAD_INPUT
    assert combine([3, 0]) == ExitCode.DEGRADED
    assert combine([3, 130, 1]) == ExitCode.INTERRUPTED


# Errors that are not KillerErrors, and why: hygiene sits beside the engine (it may not import it), and a file it
# refuses is an OSError, which the table maps to BAD_INPUT as any file error; a transport's oversized or too slow
# answer is a read error (timeout) the transport retries as any other, never a refusal that reaches the command line.
NOT_KILLER_ERRORS = {"hygiene.files.FileRefused", "agents.providers.transport.AnswerTooLarge",
                     "agents.providers.transport.AnswerTooSlow"}
PACKAGES = ("engine", "hygiene", "words", "agents", "orchestrator", "tui", "evaluation", "killer")


def project_errors() -> dict[str, type[BaseException]]:
    """Every exception class the project's modules define, by dotted name."""
    import importlib
    import pkgutil

    found: dict[str, type[BaseException]] = {}
    for package in PACKAGES:
        root = importlib.import_module(package)
        for info in pkgutil.walk_packages(root.__path__, package + "."):
            try:
                module = importlib.import_module(info.name)
            except ImportError:  # an optional extra (ray, llama-cpp) that is not installed
                continue
            for value in vars(module).values():
                if isinstance(value, type) and issubclass(value, BaseException) and value.__module__ == info.name:
                    found[f"{info.name}.{value.__name__}"] = value
    return found


def test_every_error_of_the_project_is_a_killer_error() -> None:
    from engine import KillerError

    errors = project_errors()
    assert len(errors) > 20 and set(errors) >= NOT_KILLER_ERRORS
    outside = {name for name, cls in errors.items() if not issubclass(cls, KillerError)}
    assert outside == NOT_KILLER_ERRORS


def test_a_killer_error_from_any_package_is_one_line_and_bad_input(capsys: object) -> None:
    import pytest

    from killer import cli
    from orchestrator.store.lock import BusyError

    def refuse(args: object) -> int:
        raise BusyError("the game is held by process 42")

    parser = cli.build_parser()
    args = parser.parse_args(["verify", "x.jsonl"])
    args.run = refuse
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(cli, "build_parser", lambda: type("P", (), {"parse_args": lambda self, argv: args})())
        assert cli.main(["verify", "x.jsonl"]) == ExitCode.BAD_INPUT
    err = capsys.readouterr().err  # type: ignore[attr-defined]
    assert err == "killer verify: the game is held by process 42\n"


def test_every_command_takes_its_exit_code_from_the_table() -> None:
    """No command (a function of killer/ given the parsed arguments) returns a bare number, and nothing exits with
    one: every code is an ExitCode, so the table in killer/exit_codes.py is the only place the numbers are."""
    import ast
    from pathlib import Path

    bare: list[str] = []
    commands = 0
    for path in sorted((Path(__file__).parents[2] / "killer").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == "exit" \
                    and node.args and number(node.args[0]):
                bare.append(f"{path.name}:{node.lineno}")
            if not isinstance(node, ast.FunctionDef):
                continue
            takes_args = any(ast.unparse(a.annotation or ast.Constant(None)) == "argparse.Namespace"
                             for a in node.args.args)
            if not (takes_args or node.name == "main") or ast.unparse(node.returns or ast.Constant(None)) != "int":
                continue
            commands += 1
            bare += [f"{path.name}:{r.lineno}" for r in ast.walk(node) if isinstance(r, ast.Return)
                     and any(number(v) for v in (r.value, getattr(r.value, "body", None),
                                                 getattr(r.value, "orelse", None)))]  # `return 0`, `a if ok else 1`
    assert commands >= 15 and not bare, bare


def number(node: object) -> bool:
    import ast

    return isinstance(node, ast.Constant) and type(node.value) is int


def test_what_malformed_data_raises_is_named_once() -> None:
    """A reader of a hostile file catches engine.MALFORMED (what the engine's readers raise on data no game made)
    and turns it into its own KillerError; no module spells that set of errors again (four of them in one
    `except` is a copy of it)."""
    import ast
    from pathlib import Path

    from engine import MALFORMED

    names = {cls.__name__ for cls in MALFORMED}
    root = Path(__file__).parents[2]
    copies = []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ExceptHandler) and isinstance(node.type, ast.Tuple):
                    spelled = {e.id for e in node.type.elts if isinstance(e, ast.Name)} & names
                    if len(spelled) >= 4:
                        copies.append(f"{path.relative_to(root)}:{node.lineno}")
    assert not copies, copies
