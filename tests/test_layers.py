"""The engine's shape: layers in order, no import hidden in a function, small import cycles, short files."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import networkx as nx

from munchkin_nb.engine import layout
from munchkin_nb.engine.moves.base import Move

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "munchkin_nb"
ENGINE = PACKAGE / "engine"

#: function-level first-party imports the engine still needs, each with why: none
ALLOWED_IN_FUNCTIONS: dict[tuple[str, str], str] = {}
MAX_CYCLE = 3
MAX_LINES = 800


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def imports(path: Path) -> list[tuple[str, bool, int]]:
    """(first-party module imported, inside a function?, line) for every import statement of a
    file, type-only ones included. `from pkg import name` counts as importing pkg.name when that
    is a module, else pkg."""
    mod = module_name(path)
    pkg = mod if path.name == "__init__.py" else mod.rsplit(".", 1)[0]
    out: list[tuple[str, bool, int]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inside = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
            if isinstance(child, ast.Import):
                out.extend((a.name, inside, child.lineno) for a in child.names if a.name in MODULES)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    parts = pkg.split(".")
                    base = ".".join(
                        parts[: len(parts) - child.level + 1] + ([child.module] if child.module else [])
                    )
                else:
                    base = child.module or ""
                for a in child.names:
                    target = f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base
                    if target in MODULES:
                        out.append((target, inside, child.lineno))
            visit(child, inside)

    visit(ast.parse(path.read_text(encoding="utf-8")), False)
    return out


def import_graph() -> nx.DiGraph:
    """The package's imports, module level and function level alike (self-imports left out)."""
    g = nx.DiGraph()
    for name, path in MODULES.items():
        g.add_node(name)
        for target, _, _ in imports(path):
            if target != name:
                g.add_edge(name, target)
    return g


def test_no_function_level_import_in_the_engine() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line} imports {target} inside a function"
        for path in sorted(ENGINE.rglob("*.py"))
        for target, inside, line in imports(path)
        if inside and (module_name(path), target) not in ALLOWED_IN_FUNCTIONS
    ]
    assert not found, "\n".join(found)


def test_the_import_scan_sees_function_level_and_relative_imports() -> None:
    source = ENGINE / "procs" / "flow.py"
    found = dict(((t, i) for t, i, _ in imports(source)))
    assert found.get("munchkin_nb.engine.core.builder") is False  # `from ..core.builder import Builder`
    graph = import_graph()
    assert graph.has_edge(
        "munchkin_nb.engine.legal", "munchkin_nb.engine.moves.turn"
    )  # `from .moves import turn`


def test_largest_import_cycle_of_the_engine() -> None:
    cycles = [c for c in nx.strongly_connected_components(import_graph()) if len(c) > 1]
    engine_cycles = [c for c in cycles if any(m.startswith("munchkin_nb.engine") for m in c)]
    largest = max(engine_cycles, key=len, default=set())
    assert len(largest) <= MAX_CYCLE, sorted(largest)


def test_no_python_file_over_800_lines() -> None:
    long = {
        str(p.relative_to(ROOT)): n
        for p in PACKAGE.rglob("*.py")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert not long, long


def test_moves_modules_export_only_moves() -> None:
    """Nothing imports a helper from a moves/ file (its helpers live in query/ or procs/): only
    Move classes, and moves/base (the Move registry and its checks)."""
    moves = {name for name in MODULES if name.startswith("munchkin_nb.engine.moves.")}
    moves -= {"munchkin_nb.engine.moves.base"}
    wrong: list[str] = []
    for path in [
        *PACKAGE.rglob("*.py"),
        *(ROOT / "tests").rglob("*.py"),
        *(ROOT / "benchmarks").rglob("*.py"),
    ]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module in moves:
                classes = _classes(MODULES[node.module])
                wrong += [
                    f"{path.relative_to(ROOT)}: {node.module}.{a.name}"
                    for a in node.names
                    if a.name not in classes
                ]
    assert not wrong, "\n".join(wrong)


def _classes(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name for n in tree.body if isinstance(n, ast.ClassDef)}


def test_moves_files_define_move_classes() -> None:
    """Every class a moves/ file defines is a Move."""
    import importlib

    for path in sorted((ENGINE / "moves").glob("*.py")):
        if path.name in ("__init__.py", "base.py"):
            continue
        module = importlib.import_module(module_name(path))
        for name in _classes(path):
            assert issubclass(getattr(module, name), Move), f"{path.name}: {name}"


def test_layers_contract_follows_the_layout() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    contracts = {c["id"]: c for c in config["contracts"]}
    assert tuple(contracts["engine-layers"]["layers"]) == layout.LAYERS
    assert contracts["engine-layers"]["containers"] == ["munchkin_nb.engine"]


def test_every_engine_module_says_what_it_is() -> None:
    missing = [str(p.relative_to(ROOT)) for p in ENGINE.rglob("*.py") if not layout.docstring_line(p)]
    assert not missing, missing


def test_architecture_shows_the_layers() -> None:
    doc = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    assert layout.layers_markdown() in doc, "paste munchkin_nb.engine.layout.layers_markdown() into the doc"
    table = layout.layers_markdown()
    for path in ENGINE.rglob("*.py"):
        if path.name != "__init__.py":
            assert re.search(rf"`{re.escape(path.relative_to(ENGINE).as_posix())}`", table), path
