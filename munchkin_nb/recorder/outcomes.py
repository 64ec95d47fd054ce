"""What recording one action answers: one more chance result needed, refused, or recorded."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from munchkin_nb.engine import Action, Event


class RecordingError(ValueError):
    """Input no table can have had (a card drawn that lies in plain view elsewhere, a card drawn
    face up given as not shown, a die or card given and never used): one sentence, nothing stored."""


@dataclass(frozen=True)
class Need:
    """The action needs one more result before it can be recorded: call `record` again with it.

    kind "die": a die of `sides` faces rolled by `player` (`purpose`: why); kind "draw": a card
    drawn from `deck` by `player`, `face` "up" (everyone sees it) or "down" (it may be given as
    None: not shown)."""

    kind: str
    sides: int = 0
    deck: str = ""
    face: str = ""
    player: str | None = None
    purpose: str = ""


@dataclass(frozen=True)
class Refused:
    """The rules refuse the action: the rule, the engine's sentence, and the rule's citation.
    Recorded anyway with `allow=True` (the table allowed it)."""

    rule: str
    sentence: str
    citation: str
    template: str = ""  # the engine's sentence before its fields: a page translates it
    fields: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Recorded:
    """The events the action made, already stored."""

    events: list[Event]


@dataclass(frozen=True)
class Choice:
    """One legal action now, the rule that allows it, and whether it is one of the common plays
    that a page puts one tap away (kick the door, pass, ask for help, run away, end the turn...).
    An action named "name_card" stands for "show a card of this hand not yet shown"."""

    action: Action
    rule: str
    common: bool
