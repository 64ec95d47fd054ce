"""Where chance comes from: a seeded generator, or the results that really happened."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol


class Chance(Protocol):
    """What the engine asks of a source of chance: dice, shuffles and which card is drawn."""

    def roll(self, sides: int = 6) -> int: ...

    def shuffle(self, cards: list[str]) -> list[str]: ...

    def draw(self, deck: list[str], kind: str) -> str: ...


# The classic game's one die: every roll the engine makes is of it.
DIE_SIDES = 6


class ChanceExhausted(Exception):
    """A scripted source was asked for more results than it holds."""


class NotAFace(ChanceExhausted):
    """A scripted die result that the die cannot show (0, 7, 20 on a six-sided die)."""


def is_face(value: object, sides: int = DIE_SIDES) -> bool:
    """True when `value` is a whole number a die of `sides` faces can show."""
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= sides


class RandomChance:
    """Seeded dice and shuffles: same seed, same results."""

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def roll(self, sides: int = 6) -> int:
        return self.rng.randint(1, sides)

    def shuffle(self, cards: list[str]) -> list[str]:
        order = list(cards)
        self.rng.shuffle(order)
        return order

    def draw(self, deck: list[str], kind: str) -> str:
        return deck[0]


class ScriptedChance:
    """Dice and draws given in advance (scenarios, transcribed games); shuffles keep order."""

    def __init__(
        self,
        dice: Iterable[int] = (),
        draws: Iterable[str] = (),
        fallback: RandomChance | None = None,
        shuffles: Iterable[Iterable[str]] = (),
        strict: bool = False,
    ) -> None:
        self.dice = list(dice)
        self.draws = list(draws)
        self.shuffles = [list(o) for o in shuffles]
        self.fallback = fallback
        self.strict = strict  # a draw not named in advance is an error (transcribed games)

    def roll(self, sides: int = 6) -> int:
        if self.dice:
            result = self.dice.pop(0)
            if not is_face(result, sides):
                raise NotAFace(f"die result {result!r} is not a face of a {sides}-sided die")
            return result
        if self.fallback:
            return self.fallback.roll(sides)
        raise ChanceExhausted("a die was rolled but no scripted result is left")

    def shuffle(self, cards: list[str]) -> list[str]:
        if self.shuffles:
            order = self.shuffles.pop(0)
            if sorted(order) != sorted(cards):
                raise ChanceExhausted("a recorded shuffle does not hold the cards being shuffled")
            return order
        return self.fallback.shuffle(cards) if self.fallback else list(cards)

    def draw(self, deck: list[str], kind: str) -> str:
        if self.draws:
            want = self.draws.pop(0)
            if want not in deck:
                raise ChanceExhausted(f"card {want!r} was to be drawn but is not in the {kind} deck")
            return want
        if self.strict:
            raise ChanceExhausted(f"a {kind} card was drawn but no drawn card was given")
        return deck[0]

    def left(self) -> str:
        """What was scripted and not used, in words (empty when all was used)."""
        parts = []
        if self.dice:
            parts.append(f"dice {self.dice}")
        if self.draws:
            parts.append(f"draws {self.draws}")
        return ", ".join(parts)
