"""Typed action parameters: a move reads an action's `params` as a small frozen dataclass.

So strict mypy sees into the game where the moves read them.

The action keeps its parameters as recorded (a JSON object: events stay byte for byte what they
were); a parameter type is a checked, read-only view of them. A move declares the type of its
parameters (`@dataclass(frozen=True) class Arrow: card: str; side: str; target: str | None = None`)
and reads them with `parse` where it checks an action (None: they do not fit, and the move refuses
it) or `params` once the action is known to be legal. The types a field may have are those of
JSON: str, int, bool, a tuple of str, each optionally None; a field with a default may be left out.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from typing import Any, TypeVar

from .actions import Action

T = TypeVar("T")


@dataclasses.dataclass(frozen=True, slots=True)
class CardParams:
    """One card of the player's: the card they play, discard, hire or mount."""

    card: str


@dataclasses.dataclass(frozen=True, slots=True)
class CardsParams:
    """Several cards of the player's: the cards they discard or pay with."""

    cards: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class MonsterParams:
    """A monster in play that the move is about (one the player eats or tames)."""

    monster: str


_Field = tuple[str, tuple[object, ...], bool, bool]
_FIELDS: dict[type, tuple[_Field, ...]] = {}


def _fields(cls: type) -> tuple[_Field, ...]:
    """Each field of a parameter type: its name, the JSON types it takes, whether None is one of
    them, and whether it may be left out (it has a default)."""
    known = _FIELDS.get(cls)
    if known is not None:
        return known
    hints = typing.get_type_hints(cls)
    out: list[_Field] = []
    for f in dataclasses.fields(cls):
        hint = hints[f.name]
        args = (
            typing.get_args(hint) if typing.get_origin(hint) in (typing.Union, types.UnionType) else (hint,)
        )
        optional = type(None) in args
        kinds = tuple(a for a in args if a is not type(None))
        has_default = f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
        out.append((f.name, kinds, optional, has_default))
    _FIELDS[cls] = tuple(out)
    return _FIELDS[cls]


def _fits(value: object, kind: object) -> bool:
    if kind is bool:
        return isinstance(value, bool)
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is str:
        return isinstance(value, str)
    if typing.get_origin(kind) is tuple:  # tuple[str, ...]: a JSON list of strings
        return isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value)
    raise TypeError(f"a parameter type takes JSON values only, not {kind!r}")


def fields_as(values: Mapping[str, Any], cls: type[T]) -> T | None:
    """`values` (an action's params, an event's payload) as `cls` (a frozen dataclass), or None
    when they do not fit it: a field missing (and without a default) or of another type. Keys it
    does not name are left alone."""
    got: dict[str, Any] = {}
    for name, kinds, optional, has_default in _fields(cls):
        if name not in values:
            if not has_default:
                return None
            continue
        value = values[name]
        if value is None and optional:
            got[name] = None
        elif any(_fits(value, k) for k in kinds):
            got[name] = tuple(value) if isinstance(value, list) else value
        else:
            return None
    return cls(**got)


def parse(a: Action, cls: type[T]) -> T | None:
    """The action's parameters as `cls`, or None when they do not fit it (`fields_as`);
    parameters it does not name are left to the move."""
    return fields_as(a.params, cls)


def params(a: Action, cls: type[T]) -> T:
    """The parameters of an action its move has checked, as `cls` (TypeError if they do not fit:
    the move's check let through what it reads, a bug, never a player's mistake)."""
    got = parse(a, cls)
    if got is None:
        raise TypeError(f"{a.name}: its parameters {a.params!r} are not {cls.__name__}")
    return got
