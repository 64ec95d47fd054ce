"""Which function carries out each card-vocabulary word: the engine's index of effects.

Every effect kind, step kind, condition key, persistent kind and `when` value of
docs/cards.md is implemented by at least one function marked `@handles(...)`; the
tables the engine dispatches through (steps, use-card effects, one-shots) register
here too. tests/test_engine_cards.py checks that nothing in a card file lacks one.
"""

from __future__ import annotations

from collections.abc import Callable

HANDLERS: dict[str, dict[str, list[Callable]]] = {
    "effect": {},
    "step": {},
    "condition": {},
    "persistent": {},
    "when": {},
}


def handles(family: str, *keys: str):
    """Mark a function as (part of) the implementation of vocabulary words of one family."""

    def deco(fn):
        for k in keys:
            HANDLERS[family].setdefault(k, []).append(fn)
        return fn

    return deco


def implemented(family: str) -> set[str]:
    from . import legal  # noqa: F401  (import every module that registers)

    return set(HANDLERS[family])
