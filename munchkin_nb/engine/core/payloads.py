"""Typed event payloads: the events plug-ins read, each payload as a small frozen dataclass.

An event keeps its payload as recorded (JSON; the stored bytes do not change); `payload(e, Drawn)`
is a checked, read-only view of it, so strict mypy sees the fields where a hook reads them. Each
type names the fields its readers use (EVENT_TYPES in events.py lists what every event carries).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from .events import Event
from .params import fields_as

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Drawn:
    """CardDrawn: who drew (None: onto the table), the card, its deck, face up or down, and why."""

    player: str | None
    card: str
    deck: str
    face: str
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class Discarded:
    """CardDiscarded: whose card (None: nobody's), the card, and why."""

    player: str | None
    card: str
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class Given:
    """CardGiven: from whom (None: from a deck), to whom, the card, why, and where it went."""

    from_player: str | None
    to_player: str
    card: str
    reason: str | None = None
    to: str = "hand"


@dataclass(frozen=True, slots=True)
class Played:
    """CardPlayed: who played which card into which part of their play (`classes`, `equipped`)."""

    player: str
    card: str
    into: str


@dataclass(frozen=True, slots=True)
class Cursed:
    """CurseApplied: the victim, the curse, and who cast it (None: drawn face up)."""

    player: str
    card: str
    by: str | None = None


@dataclass(frozen=True, slots=True)
class Ran:
    """RanAway: the runner and whether they escaped."""

    player: str
    escaped: bool


@dataclass(frozen=True, slots=True)
class Helping:
    """HelpAsked, HelpAccepted, HelpDeclined: the helper asked."""

    helper: str


@dataclass(frozen=True, slots=True)
class Ended:
    """CombatEnded: how the fight ended ("won", "ran away", ...)."""

    outcome: str


@dataclass(frozen=True, slots=True)
class Whose:
    """An event about one player: TurnStarted, PlayerDied, PlayerRevived."""

    player: str


def payload(e: Event, cls: type[T]) -> T:
    """The event's payload as `cls` (TypeError if it does not fit: an event the engine made
    otherwise than its type says, a bug)."""
    got = fields_as(e.payload, cls)
    if got is None:
        raise TypeError(f"{e.type}: its payload {e.payload!r} is not {cls.__name__}")
    return got
