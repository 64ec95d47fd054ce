"""Bad stuff and curse steps (docs/cards.md, Steps): one small function per step kind.

`apply_steps` carries out a list of steps on a victim. A step that needs someone's
choice queues a DecisionRequired whose payload carries what is left to do
(`then`, for `victim`), so the decision's move can `resume` it afterwards. A step
that asks several players at once tags their decisions with one `batch`; only the
last carries the rest of the steps.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeAlias, TypeVar

from ..core.builder import Builder
from ..core.cards import card, effects
from ..core.registry import handles
from ..core.state import GameState
from ..query.cardinfo import gold, holds
from ..query.combat import counting_items, die_modifier
from .flow import change_level, discard, kill

#: one step as a card file writes it: a bare word, or a mapping of its kind to its argument
#: (with `then`/`else` lists for the branching kinds)
Step: TypeAlias = str | dict[str, Any]


@dataclass
class Ctx:
    """What one run of steps knows: who suffers, from which card, the last roll, the last loss."""

    victim: str
    source: str
    rolled: int | None = None
    lost: int | None = None  # gold of what the last loss took
    rest: list[Step] = field(default_factory=list)
    #: the rule whose steps these are: a monster's bad stuff, or a curse's effect
    rule: str = "run.bad_stuff"

    @property
    def rules(self) -> list[str]:
        return [self.rule]


#: fn(b, ctx, argument, step) -> True when the steps pause for a decision. The argument and the
#: step are card data; a kind that takes an argument is always written as a mapping, so its
#: function may take the step as `dict[str, Any]`.
StepFn: TypeAlias = Callable[[Builder, Ctx, Any, Any], bool | None]
STEPS: dict[str, StepFn] = {}

_S = TypeVar("_S", bound=StepFn)


def step(*names: str) -> Callable[[_S], _S]:
    def deco(fn: _S) -> _S:
        for n in names:
            STEPS[n] = fn
        return handles("step", *names)(fn)

    return deco


def step_kind(st: Step) -> tuple[str, object]:
    """A step's kind and argument: a bare word, or the one key that is not then/else."""
    if isinstance(st, str):
        return st, None
    for key in st:
        if key not in ("then", "else"):
            return key, st[key]
    raise ValueError(f"a step without a kind: {st!r}")


def steps_rule(s: GameState, source: str) -> str:
    """The rule a card's steps follow: a curse's (it acts at once, or stays), else a monster's bad stuff."""
    return "curse.persistent" if card(s, source).kind == "curse" else "run.bad_stuff"


def apply_steps(
    b: Builder,
    victim: str,
    steps: Iterable[Step],
    source: str,
    rolled: int | None = None,
    lost: int | None = None,
) -> None:
    """Carry out bad-stuff or curse steps on `victim`, pausing where someone must choose."""
    ctx = Ctx(victim, source, rolled, lost, list(steps), steps_rule(b.s, source))
    while ctx.rest:
        st = ctx.rest.pop(0)
        if b.s.player(victim).dead:
            return
        kind, arg = step_kind(st)
        fn = STEPS.get(kind)
        if fn is None:
            raise ValueError(f"unknown step {kind!r} on {victim}")
        if fn(b, ctx, arg, st):
            return


def resume(b: Builder, pend: Mapping[str, Any]) -> None:
    """A decision that paused some steps is made: carry on with what it left to do."""
    if pend.get("then"):
        apply_steps(
            b,
            pend.get("victim") or pend["player"],
            pend["then"],
            pend["source"],
            pend.get("rolled"),
            pend.get("lost"),
        )


def ask(
    b: Builder,
    ctx: Ctx,
    player: str,
    kind: str,
    rule: str = "curse.victim_chooses",
    also: tuple[str, ...] = (),
    **payload: Any,
) -> None:
    """Queue one decision that carries the rest of the steps."""
    b.emit(
        "DecisionRequired",
        dict(
            {
                "player": player,
                "kind": kind,
                "source": ctx.source,
                "victim": ctx.victim,
                "then": list(ctx.rest),
                "rolled": ctx.rolled,
                "lost": ctx.lost,
            },
            **payload,
        ),
        [rule, *also],
    )


def ask_many(b: Builder, ctx: Ctx, asks: list[tuple[str, dict[str, Any]]], kind: str, rule: str) -> bool:
    """Queue one decision per (player, payload); the last carries the rest. False when none."""
    if not asks:
        return False
    batch = f"{ctx.source}@{b.s.seq}"
    for i, (player, payload) in enumerate(asks):
        last = i == len(asks) - 1
        b.emit(
            "DecisionRequired",
            dict(
                {
                    "player": player,
                    "kind": kind,
                    "source": ctx.source,
                    "victim": ctx.victim,
                    "then": list(ctx.rest) if last else [],
                    "rolled": ctx.rolled,
                    "lost": ctx.lost,
                    "batch": batch,
                },
                **payload,
            ),
            [rule],
        )
    return True


def name_of(b: Builder, cid: str) -> str:
    return card(b.s, cid).name


def items_of(b: Builder, name: str) -> list[str]:
    p = b.s.player(name)
    return p.equipped + p.carried


def lose(b: Builder, ctx: Ctx, cards: list[str], who: str | None = None, also: tuple[str, ...] = ()) -> None:
    """Discard cards as a loss; remember their gold for a later `others_lose_gold_worth`."""
    ctx.lost = sum(gold(b.s, c) for c in cards)
    for cid in cards:
        discard(b, who or ctx.victim, cid, f"lost to {name_of(b, ctx.source)}", ctx.rules + list(also))


def spared(b: Builder, victim: str, kind: str) -> tuple[str, ...]:
    """A race (class) loss never takes Half-Breed (Super Munchkin): the rule is named when one is there."""
    p = b.s.player(victim)
    keeps = p.half_breed if kind in ("lose_race", "change_race") else p.super_munchkin
    return (
        ("cheat.not_a_race",)
        if keeps and kind in ("lose_race", "lose_class", "change_race", "change_class")
        else ()
    )


def nothing(b: Builder, ctx: Ctx, kind: str) -> None:
    ctx.lost = None
    b.emit(
        "BadStuffApplied",
        {"player": ctx.victim, "monster": ctx.source, "step": kind, "note": "nothing to lose"},
        ["curse.nothing_to_lose"],
    )


def n_of(ctx: Ctx, arg: Any) -> int:
    return int(ctx.rolled or 0) if arg == "rolled" else int(arg)


# -- the victim itself -------------------------------------------------------------
@step("death")
def _death(b: Builder, ctx: Ctx, arg: Any, st: Step) -> bool:
    kill(b, ctx.victim, ctx.source)
    return True


@step("lose_levels")
def _lose_levels(b: Builder, ctx: Ctx, arg: Any, st: Step) -> None:
    change_level(b, ctx.victim, -n_of(ctx, arg), name_of(b, ctx.source), rules=ctx.rules)


@step("level_to")
def _level_to(b: Builder, ctx: Ctx, arg: Any, st: Step) -> None:
    p = b.s.player(ctx.victim)
    change_level(b, ctx.victim, int(arg) - p.level, name_of(b, ctx.source), rules=ctx.rules)


@step("level_to_lowest")
def _level_to_lowest(b: Builder, ctx: Ctx, arg: Any, st: Step) -> None:
    p = b.s.player(ctx.victim)
    others = [q.level for q in b.s.players if q.name != ctx.victim]
    low = min(others) if others else p.level
    if low < p.level:
        change_level(b, ctx.victim, low - p.level, name_of(b, ctx.source), rules=ctx.rules)


@step("roll")
def _roll(b: Builder, ctx: Ctx, arg: Any, st: Step) -> None:
    r = b.roll(ctx.victim, f"bad stuff of {name_of(b, ctx.source)}", ctx.rules)
    r = max(1, r + die_modifier(b.s, ctx.victim))
    branch = arg.get("then", []) if r <= arg.get("at_most", 0) else arg.get("else", [])
    ctx.rest = list(branch) + ctx.rest
    ctx.rolled = r


@step("if")
def _if(b: Builder, ctx: Ctx, arg: Any, st: dict[str, Any]) -> None:
    branch = st.get("then", []) if holds(b.s, b.s.player(ctx.victim), arg) else st.get("else", [])
    ctx.rest = list(branch) + ctx.rest


@step("choose")
def _choose(b: Builder, ctx: Ctx, arg: Any, st: Step) -> bool:
    ask(b, ctx, ctx.victim, "choose_steps", options=[list(x) for x in arg])
    return True


@step("change_sex")
def _change_sex(b: Builder, ctx: Ctx, arg: Any, st: Step) -> None:
    p = b.s.player(ctx.victim)
    b.emit(
        "SexChanged", {"player": ctx.victim, "sex": "female" if p.sex == "male" else "male"}, ["card.effect"]
    )


@step("change_race", "change_class")
def _change_identity(b: Builder, ctx: Ctx, arg: Any, st: Step) -> None:
    """Swap your race (class) cards for the newest one of that kind in the door discards, looked
    for before your own go there (else you would get your own back); none there: you end up without."""
    what = "race" if st == "change_race" else "class"
    s = b.s
    p = s.player(ctx.victim)
    own = list(p.races if what == "race" else p.classes)
    newest = next((cid for cid in reversed(s.discards["door"]) if card(s, cid).kind == what), None)
    if newest is not None:
        b.emit(
            "CardPlayed",
            {
                "player": ctx.victim,
                "card": newest,
                "into": "races" if what == "race" else "classes",
                "from": "discard",
            },
            ["card.effect"],
        )
    also = list(spared(b, ctx.victim, str(st)))
    for cid in own:  # after the new card is in play: losing a race is judged on the final table
        discard(b, ctx.victim, cid, f"changed by {name_of(b, ctx.source)}", ["card.effect", *also])


# -- losing cards: all of them, or the victim's choice -------------------------------
@step("lose_hand")
def _lose_hand(b: Builder, ctx: Ctx, arg: Any, st: Step) -> None:
    hand = list(b.s.player(ctx.victim).hand)
    if hand:
        lose(b, ctx, hand)


@step("lose_all")
def _lose_all(b: Builder, ctx: Ctx, arg: Any, st: Step) -> None:
    items = [c for c in items_of(b, ctx.victim) if arg == "any" or card(b.s, c).big]
    lose(b, ctx, items) if items else nothing(b, ctx, "lose_all")


@step("lose_tagged")
def _lose_tagged(b: Builder, ctx: Ctx, arg: Any, st: Step) -> None:
    items = [c for c in items_of(b, ctx.victim) if arg in effects(card(b.s, c), "tag")]
    lose(b, ctx, items) if items else nothing(b, ctx, "lose_tagged")


def _options(b: Builder, ctx: Ctx, kind: str, arg: Any) -> tuple[list[str], int]:
    """What the victim could lose to one step, and how many."""
    s = b.s
    p = s.player(ctx.victim)
    items = p.equipped + p.carried
    if kind in ("lose_slot", "lose_worn"):
        slots = ("one_hand", "two_hands") if arg == "hand" else (arg,)
        # "the armor you are wearing": what is equipped, not what is carried sideways
        pool = p.equipped if kind == "lose_worn" else items
        return [c for c in pool if card(s, c).slot in slots], 1
    if kind == "lose_item":
        size = arg.get("size", "any") if isinstance(arg, dict) else "any"
        count = int(arg.get("count", 1)) if isinstance(arg, dict) else 1
        return [c for c in items if size == "any" or (card(s, c).big == (size == "big"))], count
    if kind == "lose_best_item":
        counting = counting_items(s, p)
        if not counting:
            return [], 0
        best = max(card(s, c).bonus or 0 for c in counting)
        return [c for c in counting if (card(s, c).bonus or 0) == best], 1
    if kind == "lose_class":
        return list(p.classes), 1
    if kind == "lose_race":
        return list(p.races), 1
    if kind == "lose_cards":
        return list(p.hand), n_of(ctx, arg)
    if kind == "lose_items":
        return items, n_of(ctx, arg)
    if kind == "lose_any":
        return items + list(p.hand), n_of(ctx, arg)
    raise ValueError(f"unknown step {kind!r}")


@step(
    "lose_slot",
    "lose_worn",
    "lose_item",
    "lose_best_item",
    "lose_class",
    "lose_race",
    "lose_cards",
    "lose_items",
    "lose_any",
)
def _lose_chosen(b: Builder, ctx: Ctx, arg: Any, st: Step) -> bool:
    kind, _ = step_kind(st)
    options, count = _options(b, ctx, kind, arg)
    if count <= 0 or not options:
        nothing(b, ctx, kind)
        return False
    also = spared(b, ctx.victim, kind)
    if len(options) <= count:
        lose(b, ctx, options, also=also)
        return False
    ctx.lost = 0
    ask(b, ctx, ctx.victim, "lose_card", also=also, options=options, count=count, step=kind)
    return True


@step("lose_gold_worth")
def _lose_gold_worth(b: Builder, ctx: Ctx, arg: Any, st: Step) -> bool:
    """Lose items worth at least N gold, of the victim's choice; all of them if they are worth less."""
    items = items_of(b, ctx.victim)
    total = sum(gold(b.s, c) for c in items)
    if not items:
        nothing(b, ctx, "lose_gold_worth")
        return False
    if total <= int(arg):
        lose(b, ctx, items)
        return False
    ctx.lost = 0
    ask(
        b,
        ctx,
        ctx.victim,
        "lose_card",
        options=[c for c in items if gold(b.s, c)],
        count=len(items),
        worth=int(arg),
        step="lose_gold_worth",
    )
    return True


# -- other players --------------------------------------------------------------------
def _others(b: Builder, victim: str) -> list[str]:
    """The other living players, from the victim's left."""
    return [n for n in b.s.order_from(victim)[1:] if not b.s.player(n).dead]


@step("others_lose_gold_worth")
def _others_lose_gold_worth(b: Builder, ctx: Ctx, arg: Any, st: Step) -> bool:
    """Every other player loses items worth what the victim lost; who cannot, loses all and a level."""
    amount = ctx.lost if arg == "lost" else int(arg)
    if not amount:
        return False
    asks: list[tuple[str, dict[str, Any]]] = []
    for n in _others(b, ctx.victim):
        items = items_of(b, n)
        if sum(gold(b.s, c) for c in items) < amount:
            for cid in items:
                discard(b, n, cid, f"lost to {name_of(b, ctx.source)}", ["curse.any"])
            change_level(b, n, -1, name_of(b, ctx.source), rules=["curse.any"])
        elif len([c for c in items if gold(b.s, c)]) == 1:
            discard(
                b,
                n,
                next(c for c in items if gold(b.s, c)),
                f"lost to {name_of(b, ctx.source)}",
                ["curse.any"],
            )
        else:
            asks.append(
                (
                    n,
                    {
                        "options": [c for c in items if gold(b.s, c)],
                        "count": len(items),
                        "worth": amount,
                        "step": "others_lose_gold_worth",
                    },
                )
            )
    return ask_many(b, ctx, asks, "lose_card", "curse.victim_chooses")


def _zone(b: Builder, victim: str, zone: str) -> list[str]:
    p = b.s.player(victim)
    return list(p.hand) if zone == "hand" else p.equipped + p.carried


def _pickers(b: Builder, victim: str, who: str) -> list[str]:
    s = b.s
    others = _others(b, victim)
    if who == "neighbours":
        names = s.names()
        i = names.index(victim)
        near = [names[(i + 1) % len(names)], names[(i - 1) % len(names)]]
        return [n for n in dict.fromkeys(near) if n in others]
    if who == "highest" and others:
        top = max(s.player(n).level for n in others)
        return [n for n in others if s.player(n).level == top]
    if who == "highest_first":
        return sorted(others, key=lambda n: -s.player(n).level)
    return others


def _pick(b: Builder, ctx: Ctx, count: int, zone: str, who: str, then: str) -> bool:
    available = len(_zone(b, ctx.victim, zone))
    asks: list[tuple[str, dict[str, Any]]] = []
    for n in _pickers(b, ctx.victim, who):
        for _ in range(count):
            if len(asks) < available:
                asks.append((n, {"from": ctx.victim, "zone": zone, "do": then}))
    return ask_many(b, ctx, asks, "take_item", ctx.rule)


@step("others_pick")
def _others_pick(b: Builder, ctx: Ctx, arg: Any, st: Step) -> bool:
    return _pick(
        b,
        ctx,
        int(arg.get("count", 1)),
        arg.get("from", "items"),
        arg.get("who", "all"),
        arg.get("then", "take"),
    )


@step("others_take_items")
def _others_take_items(b: Builder, ctx: Ctx, arg: Any, st: Step) -> bool:
    """Each other player, highest level first, takes items from the victim."""
    return _pick(b, ctx, int(arg), "items", "highest_first", "take")
