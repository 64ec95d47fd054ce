"""The engine's layers as data: which package sits on which, and the table of docs/ARCHITECTURE.md.

A module may import from its own layer and the layers below it, never from one above; the
import-linter contracts of pyproject.toml enforce it (`lint-imports`, part of `make lint`) and a
test keeps their order equal to `LAYERS`. Read from the source files, never by importing them.
"""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).parent

#: the layers from the top down: a module name of `munchkin_nb.engine` or a sub-package; names
#: joined by " | " share a layer and do not import each other
LAYERS: tuple[str, ...] = ("game", "legal | interaction", "moves", "procs", "query", "core")


def docstring_line(path: Path) -> str:
    """The first line of a module's docstring (a test holds every engine module to having one)."""
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    return doc.split("\n", 1)[0].strip()


def modules_of(layer: str) -> list[Path]:
    """The source files of one layer: a sub-package's modules in name order, or the named modules."""
    out: list[Path] = []
    for name in (n.strip() for n in layer.split("|")):
        folder = ENGINE / name
        if folder.is_dir():
            out.extend(p for p in sorted(folder.glob("*.py")) if p.name != "__init__.py")
        else:
            out.append(ENGINE / f"{name}.py")
    return out


def beside() -> list[Path]:
    """The engine's modules outside every layer: the package itself, the hook points, this file."""
    layered = {p for layer in LAYERS for p in modules_of(layer)}
    return [p for p in sorted(ENGINE.glob("*.py")) if p not in layered]


def layers_markdown() -> str:
    """The layer table of docs/ARCHITECTURE.md, made from the code (a test keeps them equal)."""
    rows = ["| layer | module | what it holds |", "|---|---|---|"]
    for layer in LAYERS:
        names = [n.strip() for n in layer.split("|")]
        folder = ENGINE / names[0]
        if folder.is_dir():
            title = f"`{names[0]}/`: {docstring_line(folder / '__init__.py')}"
        else:
            title = " beside ".join(f"`{n}`" for n in names)
        for i, p in enumerate(modules_of(layer)):
            rows.append(
                f"| {title if i == 0 else ''} | `{p.relative_to(ENGINE).as_posix()}` | {docstring_line(p)} |"
            )
    for i, p in enumerate(beside()):
        rows.append(f"| {'beside the layers' if i == 0 else ''} | `{p.name}` | {docstring_line(p)} |")
    return "\n".join(rows)
