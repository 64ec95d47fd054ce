"""The decisions a game waits for, typed: one shape per kind of `DecisionRequired` payload.

A pending decision stays plain data in the state (its JSON and hash are those of the payload);
these TypedDicts only let the type checker see its fields where a move reads it, through
`waiting(state, Shape)`, which also checks that the decision waiting first is of that kind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NotRequired, TypedDict, TypeVar, cast

if TYPE_CHECKING:
    from .state import GameState

#: what is left to do after the decision: card steps (docs/cards.md, Steps)
Then = list[str | dict[str, Any]]


class Decision(TypedDict):
    """What every pending decision has: who decides, its kind, and the steps waiting on it."""

    player: str
    kind: str
    then: Then


class _Steps(Decision):
    """A decision some bad-stuff or curse steps paused for (procs/steps.py `ask`, `ask_many`)."""

    source: str
    victim: str
    rolled: int | None
    lost: int | None
    batch: NotRequired[str]  # one tag for the decisions several players make at once


class LoseCardDecision(_Steps):
    """`lose_card`: which of `options` the curse or bad stuff takes (`count` of them, or items
    worth `worth` gold)."""

    options: list[str]
    count: int
    worth: NotRequired[int | None]
    step: str


class ChooseStepsDecision(_Steps):
    """`choose_steps`: which list of steps the victim suffers."""

    options: list[Then]


# "from" is a Python keyword: the fields named so are declared in the functional form
_TakeFrom = TypedDict("_TakeFrom", {"from": str, "zone": str, "do": str})
_Offer = TypedDict("_Offer", {"from": str, "give": list[str], "take": list[str]})


class TakeItemDecision(_Steps, _TakeFrom):
    """`take_item`: a player picks a card of the victim's (`from`, its `zone`), to take or discard."""


class TradeOfferDecision(Decision, _Offer):
    """`trade_offer`: `from` offers their `give` items for the decider's `take` items."""


class LootTheBodyDecision(Decision):
    """`loot_the_body`: one card from the `dead` character."""

    dead: str


class CurseResponseDecision(Decision):
    """`curse_response`: cancel the `curse` that `by` played with one of `options`, or let it act."""

    curse: str
    by: str
    options: list[str]


class TradeTreasuresDecision(Decision):
    """`trade_treasures`: discard up to `most` treasures from hand for as many new ones (`source`)."""

    source: str
    most: int


class ForceRerunDecision(Decision):
    """`force_rerun`: make the `runner` who escaped `monster` (a `roll` with `bonus`) roll again."""

    runner: str
    monster: str
    bonus: int
    roll: int


class KeepBigItemDecision(Decision):
    """`keep_big_item`: the big item to keep of `options` (`kept`: those kept already)."""

    options: list[str]
    kept: list[str]


D = TypeVar("D", bound=Decision)

#: the kind of `DecisionRequired` each shape reads
KINDS: dict[type, str] = {
    LoseCardDecision: "lose_card",
    ChooseStepsDecision: "choose_steps",
    TakeItemDecision: "take_item",
    TradeOfferDecision: "trade_offer",
    LootTheBodyDecision: "loot_the_body",
    CurseResponseDecision: "curse_response",
    TradeTreasuresDecision: "trade_treasures",
    ForceRerunDecision: "force_rerun",
    KeepBigItemDecision: "keep_big_item",
}


def waiting(s: GameState, shape: type[D]) -> D:
    """The decision waiting first, read as `shape`; a KeyError unless it is of that shape's kind
    (the legal-action search counts that as "not possible now")."""
    first = s.pending[0] if s.pending else None
    if first is None or first["kind"] != KINDS[shape]:
        raise KeyError(f"no {KINDS[shape]} decision is waiting")
    return cast(D, first)
