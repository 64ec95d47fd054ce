"""Card and CardSet: plain frozen data read from a card file."""

from __future__ import annotations

import html
from dataclasses import dataclass, field, fields
from typing import Any, TypeAlias

# A condition (docs/cards.md, Conditions): a mapping of condition keys to a race, class,
# sex or slot name, a number, or (under "any") a list of conditions. YAML data, checked by the loader.
Condition: TypeAlias = dict[str, Any]
# An effect or a step: a bare word ("death"), or a mapping of its kind (and options) to values.
Entry: TypeAlias = str | dict[str, Any]
# A card's `when`: a word ("combat") or a mapping ({"in_play": ...}).
When: TypeAlias = str | dict[str, Any]


class CardError(ValueError):
    """A card file that breaks docs/cards.md; the message names card and field."""

    def __init__(self, card_id: str | None, field_name: str, message: str):
        self.card_id = card_id
        self.field = field_name
        where = f"card {card_id!r}" if card_id is not None else "card set"
        super().__init__(f"{where}, field {field_name!r}: {message}")


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    deck: str
    kind: str
    copies: int = 1
    text: str = ""
    level: int | None = None
    treasures: int | None = None
    levels: int | None = None
    undead: bool = False
    bonus: int | None = None
    gold: int | None = None
    slot: str | None = None
    big: bool = False
    requires: Condition | None = None
    race: str | None = None
    klass: str | None = None
    effects: tuple[Entry, ...] = ()
    bad_stuff: tuple[Entry, ...] = ()
    persistent: dict[str, Any] | None = None
    when: When | None = None

    def instances(self) -> list[str]:
        if self.copies == 1:
            return [self.id]
        return [f"{self.id}#{n}" for n in range(1, self.copies + 1)]

    def to_dict(self) -> dict[str, Any]:
        """The card as in the YAML file (key `class` for `klass`), defaults left out."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value == f.default and f.name not in ("copies",):
                continue
            if isinstance(value, tuple):
                value = list(value)
            out["class" if f.name == "klass" else f.name] = value
        return out

    def numbers(self) -> str:
        """A short line of the card's numbers, e.g. 'Level 20, 5 treasures, 2 levels'."""
        parts = []
        if self.kind == "monster":
            parts.append(f"Level {self.level}")
            parts.append(f"{self.treasures} treasure{'s' if self.treasures != 1 else ''}")
            if self.levels and self.levels != 1:
                parts.append(f"{self.levels} levels")
            if self.undead:
                parts.append("undead")
        if self.bonus:
            parts.append(f"{self.bonus:+d}")
        if self.slot and self.slot != "none":
            parts.append(self.slot.replace("_", " "))
        if self.big:
            parts.append("big")
        if self.gold is not None:
            parts.append(f"{self.gold} gold")
        if self.requires:
            parts.append("requires " + condition_text(self.requires))
        return ", ".join(parts)

    def _repr_html_(self) -> str:
        colour = "#8b5a2b" if self.deck == "door" else "#b8860b"
        esc = html.escape
        copies = f" &times;{self.copies}" if self.copies > 1 else ""
        return (
            f'<div style="border:2px solid {colour};border-radius:8px;padding:6px 10px;'
            f'max-width:260px;font-family:sans-serif">'
            f'<div style="font-weight:bold">{esc(self.name)}{copies}</div>'
            f'<div style="font-size:80%;color:{colour}">{esc(self.deck)} &middot; '
            f"{esc(self.kind.replace('_', ' '))}</div>"
            f'<div style="font-size:90%">{esc(self.numbers())}</div>'
            f'<div style="font-size:90%;margin-top:4px">{esc(self.text)}</div></div>'
        )


def condition_text(cond: Condition) -> str:
    parts = []
    for key, value in cond.items():
        if key == "any":
            parts.append("(" + " or ".join(condition_text(c) for c in value) + ")")
        elif key.startswith("not_"):
            parts.append(f"not {value}")
        elif key == "level_at_most":
            parts.append(f"level <= {value}")
        else:
            parts.append(str(value))
    return " and ".join(parts)


@dataclass(frozen=True)
class CardSet:
    name: str
    cards: dict[str, Card] = field(default_factory=dict)

    def instances(self) -> list[str]:
        return [i for card in self.cards.values() for i in card.instances()]

    def card_of(self, instance_id: str) -> Card:
        card_id, _, number = instance_id.partition("#")
        card = self.cards.get(card_id)
        if card is None:
            raise KeyError(f"no card {card_id!r} in set {self.name!r}")
        if (card.copies == 1 and number) or (
            card.copies > 1 and not (number.isdigit() and 1 <= int(number) <= card.copies)
        ):
            raise KeyError(f"no instance {instance_id!r} in set {self.name!r}")
        return card

    def __len__(self) -> int:
        return sum(card.copies for card in self.cards.values())
