"""How a scenario names cards: a bare id (`dwarf`) means a copy the scenario placed for it.

The rule (docs/scenarios.md, "Naming cards"): in set-up a bare id takes the next copy not yet
placed (`dwarf#1`, then `dwarf#2`), in the order players, decks, discards. In the steps the same
bare id means a copy so placed, the one copy if it placed one: a `location` holds for it when a
placed copy lies there; an action parameter takes the placed copy the actor can reach (own hand
first); an event field and a card in a list (`hand: {Ana: [dwarf]}`) match a placed copy, each
copy used once per list. A card the scenario placed no copy of (one drawn from the unstacked rest
of a deck) may be named bare and then means any copy. A full id (`dwarf#2`) is that copy only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .fields import FieldError


def base(cid: str) -> str:
    """The card id without the copy number: `dwarf#2` -> `dwarf`."""
    return cid.split("#")[0]


@dataclass
class CardNames:
    """The card set's copies and which of them the scenario placed, per bare id, in placing order."""

    instances: tuple[str, ...] = ()
    placed: dict[str, list[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._all = frozenset(self.instances)
        self._bases = frozenset(base(c) for c in self.instances)
        self._used = {c for copies in self.placed.values() for c in copies}

    def known(self, name: str) -> bool:
        return name in self._all or name in self._bases

    def place(self, name: str, at: str) -> str:
        """Set-up: the copy a name puts on the table; FieldError if unknown or none is left."""
        if not self.known(name):
            raise FieldError(f"{at}: unknown card {name!r}")
        if name in self._all:
            if name in self._used:
                raise FieldError(
                    f"{at}: the copy {name!r} is already placed (a bare id before may have taken it)"
                )
            chosen = name
        else:
            free = [c for c in self.instances if base(c) == name and c not in self._used]
            if not free:
                raise FieldError(f"{at}: no copy of {name!r} is left to place")
            chosen = free[0]
        self._used.add(chosen)
        self.placed.setdefault(base(chosen), []).append(chosen)
        return chosen

    def copies(self, name: str) -> list[str] | None:
        """The copies a mention means: a full id itself, else the copies placed; None: any copy."""
        if "#" in name:
            return [name]
        return self.placed.get(name)

    def means(self, name: str, cid: str) -> bool:
        """Whether a mention of `name` in a step means the physical card `cid`."""
        copies = self.copies(name)
        return cid in copies if copies is not None else base(cid) == name

    def unmatched(self, want: Iterable[str], got: Iterable[str]) -> tuple[list[str], list[str]]:
        """Compare a list of mentions with a zone's cards: (mentions not found, cards left over)."""
        left = list(got)
        missing: list[str] = []
        # full ids first, so a bare id never takes the copy a full id names
        for name in sorted(want, key=lambda n: "#" not in n):
            match = next((c for c in left if self.means(name, c)), None)
            if match is None:
                missing.append(name)
            else:
                left.remove(match)
        return missing, left
