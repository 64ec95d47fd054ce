"""Rulesets and modules as plug-ins: one sub-package each (see docs/ARCHITECTURE.md).

A plug-in package `munchkin_nb/rulesets/<name>/` registers its data when imported (its
`Ruleset`, its catalogue rules, the vocabulary words its cards use) and keeps what it changes in
the engine in `<name>/engine.py` (hooks, step and effect handlers, moves). `load_data` imports
every package; `load_engine` every engine part. Both run once and are called by
`munchkin_nb.rules` and `munchkin_nb.engine` on import.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil

_loaded: dict[str, bool] = {"data": False, "engine": False}


def names() -> list[str]:
    """The plug-in packages beside this file, in name order."""
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg)


def load_data() -> None:
    """Import every plug-in package (each registers its ruleset, rules and vocabulary)."""
    if _loaded["data"]:
        return
    _loaded["data"] = True
    for name in names():
        importlib.import_module(f"{__name__}.{name}")


def load_engine() -> None:
    """Import every plug-in's engine part (each registers its hooks and handlers)."""
    if _loaded["engine"]:
        return
    _loaded["engine"] = True
    load_data()
    for name in names():
        if importlib.util.find_spec(f"{__name__}.{name}.engine") is not None:
            importlib.import_module(f"{__name__}.{name}.engine")
