"""Typed reads of a scenario's YAML data: each returns the value or says in one line what is wrong."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


class FieldError(ValueError):
    """One wrong field of a scenario: where it is (`players[1].level`) and what is wrong with it."""


def show(v: Any) -> str:
    """A value as the message quotes it: short, on one line."""
    text = " ".join(repr(v).split())
    return text if len(text) <= 60 else text[:57] + "..."


def _kind(v: Any) -> str:
    if v is None:
        return "nothing"
    if isinstance(v, bool):
        return f"{str(v).lower()} (yes/no)"
    if isinstance(v, dict):
        return "a mapping"
    if isinstance(v, list):
        return "a list"
    if isinstance(v, str):
        return f"the text {show(v)}"
    if isinstance(v, int | float):
        return f"the number {v}"
    return f"{type(v).__name__} {show(v)}"


def need_map(v: Any, at: str) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise FieldError(f"{at}: expected a mapping, got {_kind(v)}")
    for k in v:
        if not isinstance(k, str):
            raise FieldError(f"{at}: the key {show(k)} is not a word")
    return v


def need_list(v: Any, at: str) -> list[Any]:
    if not isinstance(v, list):
        raise FieldError(f"{at}: expected a list, got {_kind(v)}")
    return v


def need_str(v: Any, at: str) -> str:
    if not isinstance(v, str) or not v:
        raise FieldError(f"{at}: expected a word or text, got {_kind(v)}")
    return v


def need_int(v: Any, at: str, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise FieldError(f"{at}: expected a whole number, got {_kind(v)}")
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        if lo is not None and hi is not None:
            span = f"{lo} to {hi}"
        else:
            span = f"at least {lo}" if lo is not None else f"at most {hi}"
        raise FieldError(f"{at}: {v} is out of range ({span})")
    return v


def need_bool(v: Any, at: str) -> bool:
    if not isinstance(v, bool):
        raise FieldError(f"{at}: expected true or false, got {_kind(v)}")
    return v


def need_choice(v: Any, at: str, choices: Iterable[str], what: str = "value") -> str:
    options = list(choices)
    if not isinstance(v, str) or v not in options:
        raise FieldError(f"{at}: unknown {what} {show(v)}; one of: {', '.join(options)}")
    return v


def need_known_keys(d: dict[str, Any], at: str, known: Iterable[str]) -> None:
    allowed = list(known)
    for k in d:
        if k not in allowed:
            raise FieldError(f"{at}: unknown key {k!r}; known: {', '.join(allowed)}")


def str_list(v: Any, at: str) -> list[str]:
    return [need_str(x, f"{at}[{i}]") for i, x in enumerate(need_list(v, at))]
