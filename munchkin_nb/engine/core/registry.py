"""Which function carries out each card-vocabulary word: the engine's index of effects.

Every effect kind, step kind, condition key, persistent kind and `when` value of
docs/cards.md is implemented by at least one function marked `@handles(...)`; the
tables the engine dispatches through (steps, use-card effects, one-shots) register
here too. tests/test_engine_cards.py checks that nothing in a card file lacks one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

# a handler is any function or method; `handles` hands it back unchanged, signature and all
F = TypeVar("F", bound=Callable[..., Any])

HANDLERS: dict[str, dict[str, list[Callable[..., Any]]]] = {
    "effect": {},
    "step": {},
    "condition": {},
    "persistent": {},
    "when": {},
}


def handles(family: str, *keys: str) -> Callable[[F], F]:
    """Mark a function as (part of) the implementation of vocabulary words of one family."""

    def deco(fn: F) -> F:
        for k in keys:
            HANDLERS[family].setdefault(k, []).append(fn)
        return fn

    return deco


def implemented(family: str) -> set[str]:
    """The words of one family that some function handles (every module that registers one is
    loaded by `munchkin_nb.engine` itself, before any of its modules can be asked)."""
    return set(HANDLERS[family])
