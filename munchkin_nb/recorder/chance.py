"""The chance of a table: the dice and cards that really came up, given as they are revealed."""

from __future__ import annotations

from collections.abc import Iterable

from munchkin_nb.engine import ScriptedChance
from munchkin_nb.engine.core.chance import ChanceExhausted


class TableChance(ScriptedChance):
    """Dice and draws given so far, strictly (nothing made up), shuffles keeping order.

    A draw given as None is a card not shown: a stand-in is taken for it (the deck's last card
    that no draw of this action names), and remembered in `hidden`. The first result asked and
    not given is kept in `asked` ("die", sides) or ("draw", deck) before ChanceExhausted."""

    def __init__(self, dice: Iterable[int] = (), draws: Iterable[str | None] = ()) -> None:
        given = list(draws)
        super().__init__(dice=dice, strict=True)
        self.given: list[str | None] = given
        self.reserved = {c for c in given if c is not None}
        self.hidden: list[str] = []
        self.asked: tuple[str, int | str] | None = None

    def roll(self, sides: int = 6) -> int:
        if not self.dice:
            self.asked = ("die", sides)
        return super().roll(sides)

    def draw(self, deck: list[str], kind: str) -> str:
        if not self.given:
            self.asked = ("draw", kind)
            raise ChanceExhausted(f"a {kind} card was drawn but no drawn card was given")
        want = self.given.pop(0)
        if want is None:
            free = [c for c in deck if c not in self.reserved]
            if not free:
                raise ChanceExhausted(f"no {kind} card is left to stand in for the one not shown")
            self.hidden.append(free[-1])
            self.reserved.add(free[-1])
            return free[-1]
        if want not in deck:
            raise ChanceExhausted(f"card {want!r} was to be drawn but is not in the {kind} deck")
        return want

    def left(self) -> str:
        parts = [super().left()] if super().left() else []
        if self.given:
            parts.append(f"draws {self.given}")
        return ", ".join(parts)


class ProbeChance(TableChance):
    """The same results, then any at all (dice counting up, so that rolls for the first player
    part; never more than ASKS of them): to see what the first missing one is for."""

    ASKS = 200

    def __init__(self, dice: Iterable[int] = (), draws: Iterable[str | None] = ()) -> None:
        super().__init__(dice, draws)
        self.made_up = 0

    def _one_more(self) -> int:
        self.made_up += 1
        if self.made_up > self.ASKS:
            raise ChanceExhausted("the action asks for chance without end")
        return self.made_up

    def roll(self, sides: int = 6) -> int:
        return super().roll(sides) if self.dice else 1 + self._one_more() % sides

    def draw(self, deck: list[str], kind: str) -> str:
        if not self.given:
            self._one_more()
            self.given.append(None)
        return super().draw(deck, kind)
