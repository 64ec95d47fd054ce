"""The plug-in registry: finds the plug-ins (entry points), registers their declarations, loads
their engine parts (see munchkin_nb/plugins/__init__.py for what a plug-in is). Plug-ins are
imported by name, never statically: the rules and the engine do not depend on any of them."""

from __future__ import annotations

import importlib
import importlib.util
import os
import pkgutil
import sys
from functools import cache
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType

from munchkin_nb.cards import load, vocabulary

from .catalogue import register_rules
from .rulesets import REQUIRES, Plugin, register_module, register_ruleset

GROUP = "munchkin_nb.plugins"
#: the package that holds the plug-ins shipped with munchkin_nb
HOME = "munchkin_nb.plugins"
#: name -> the plug-in's declaration, once `load_data` ran
PLUGINS: dict[str, Plugin] = {}
_loaded: dict[str, bool] = {"data": False, "engine": False}


@cache
def found() -> dict[str, str]:
    """Every plug-in installed: name -> its package (entry points, and this folder's own packages
    when the distribution's metadata is not installed), narrowed by `MUNCHKIN_NB_PLUGINS`."""
    out = {ep.name: ep.value for ep in entry_points(group=GROUP)}
    home = importlib.util.find_spec(HOME)
    for m in pkgutil.iter_modules(home.submodule_search_locations if home else []):
        if m.ispkg:
            out.setdefault(m.name, f"{HOME}.{m.name}")
    only = os.environ.get("MUNCHKIN_NB_PLUGINS")
    if only is not None:
        wanted = {n.strip() for n in only.split(",") if n.strip()}
        out = {n: pkg for n, pkg in out.items() if n in wanted}
    return dict(sorted(out.items()))


def names() -> list[str]:
    """The plug-ins to load, in name order."""
    return list(found())


def _package(name: str) -> ModuleType:
    return importlib.import_module(found()[name])


def folder(name: str) -> Path:
    """The folder of a plug-in's package (its cards, scenarios and translations)."""
    return Path(_package(name).__path__[0])


def folders() -> dict[str, Path]:
    """Every plug-in's folder, by name."""
    return {n: folder(n) for n in names()}


def scenario_folders() -> dict[str, Path]:
    """Every plug-in's scenarios folder (its worked examples, run by tests/test_scenarios.py), by name."""
    return {n: f / "scenarios" for n, f in folders().items() if (f / "scenarios").is_dir()}


def _order() -> list[str]:
    """The plug-ins in name order, each after the ones it requires."""
    decls = {n: _package(n).PLUGIN for n in names()}
    out: list[str] = []

    def visit(n: str, path: tuple[str, ...]) -> None:
        if n in out:
            return
        if n not in decls:
            raise ValueError(f"plug-in {path[-1]!r} requires {n!r}, which is not installed")
        if n in path:
            raise ValueError(f"plug-ins require each other in a ring: {' -> '.join((*path, n))}")
        for r in decls[n].requires:
            visit(r, (*path, n))
        out.append(n)

    for n in decls:
        visit(n, ())
    return out


def register(p: Plugin, home: Path | None = None) -> None:
    """Register one declaration: its ruleset or module, its rules, its card words, and the card file
    in its folder `home` (`cards.yaml`, the set named after the plug-in)."""
    if p.ruleset is not None:
        register_ruleset(p.ruleset)
    if p.module is not None:
        register_module(p.module)
    register_rules(p.rules)
    if p.requires:
        REQUIRES[p.name] = p.requires
    vocabulary.register(p.name, p.words)
    if home is not None and (home / "cards.yaml").is_file():
        load.FILES[p.name] = home / "cards.yaml"
    PLUGINS[p.name] = p


def load_data() -> None:
    """Register every plug-in's declaration (its ruleset or module, rules and card words)."""
    if _loaded["data"]:
        return
    _loaded["data"] = True
    for name in _order():
        decl = _package(name).PLUGIN
        if not isinstance(decl, Plugin) or decl.name != name:
            raise ValueError(f"plug-in {name!r}: its package declares no PLUGIN named {name!r}")
        register(decl, folder(name))


def load_engine() -> None:
    """Import every plug-in's engine part (each registers its moves, steps and hooks)."""
    if _loaded["engine"]:
        return
    _loaded["engine"] = True
    load_data()
    for name, p in PLUGINS.items():
        part = f"{found()[name]}.{p.engine}" if p.engine else ""
        if part and importlib.util.find_spec(part) is not None:
            importlib.import_module(part)


def lessons() -> dict[str, Path]:
    """Every plug-in's lessons, stem -> file (`lessons/<stem>.yaml` in its folder), in course order:
    by each plug-in's `course_order`, then its name, each plug-in's lessons in its own order."""
    load_data()
    out: dict[str, Path] = {}
    for p in sorted(PLUGINS.values(), key=lambda p: (p.course_order, p.name)):
        for stem in p.lessons:
            path = folder(p.name) / "lessons" / f"{stem}.yaml"
            if not path.is_file():
                raise ValueError(f"plug-in {p.name!r} declares the lesson {stem!r}, but {path} is missing")
            if stem in out:
                raise ValueError(f"plug-in {p.name!r}: a lesson named {stem!r} is declared twice")
            out[stem] = path
    return out


def engine_parts(name: str) -> tuple[ModuleType, ...]:
    """The modules of a plug-in's package once its engine part is loaded (where its hooks are
    marked), by module name; none for a name that is no plug-in (the base game)."""
    load_engine()
    if name not in PLUGINS:
        return ()
    package = found()[name]
    return tuple(m for n, m in sorted(sys.modules.items()) if n == package or n.startswith(package + "."))
