"""What Munchkin Cthulhu changes in the engine, through its hooks: the Cultist and the level floors."""

from __future__ import annotations

from typing import Any

from munchkin_nb.engine.kit import (
    AFTER_ACTION,
    DISCARD_PILE,
    MAY_DROP,
    MAY_PAY,
    MONSTER_LEVEL,
    Action,
    Builder,
    Ctx,
    Discarded,
    GameState,
    Played,
    Player,
    Step,
    Term,
    Whose,
    card,
    change_level,
    check_win,
    discard,
    name_of,
    offer_received,
    payload,
    step,
)

from . import CULTIST, CURE, NAME, PILE


def is_cultist_card(s: GameState, cid: str) -> bool:
    c = card(s, cid)
    return c.kind == "class" and c.klass == CULTIST


def is_cultist(s: GameState, p: Player) -> bool:
    return any(is_cultist_card(s, c) for c in p.classes)


@DISCARD_PILE.register(NAME)
def cultist_pile(s: GameState, cid: str) -> str | None:
    """Every Cultist card, discarded for any reason, goes to the Cultists' own pile."""
    return PILE if is_cultist_card(s, cid) else None


@MAY_DROP.register(NAME)
def cultist_stays(s: GameState, player: str, cid: str) -> tuple[str, str] | None:
    if is_cultist_card(s, cid):
        return "cthulhu.cultist_stays", f"{player} cannot drop the Cultist at will; only a card can end it."
    return None


@MAY_PAY.register(NAME)
def cultist_not_a_cost(s: GameState, player: str, cid: str, ability: str) -> tuple[str, str] | None:
    """Paying an ability with one's Cultist card would leave the cult at will: refused."""
    if cid in s.player(player).classes and is_cultist_card(s, cid):
        return (
            "cthulhu.cultist_stays",
            f"{player} cannot pay with the Cultist: nobody leaves the cult at will.",
        )
    return None


@MONSTER_LEVEL.register(NAME)
def monster_floor(s: GameState, monster: str, terms: list[Term]) -> list[Term]:
    """A monster's level (its own and its enhancers') never goes below 1 by cards."""
    level = sum(t.amount for t in terms)
    if level >= 1:
        return []
    name = card(s, monster).name
    return [Term("monsters", f"{name}: no level below 1", 1 - level, None, "cthulhu.monster_level_floor")]


@step("become_cultist")
def become_cultist(b: Builder, ctx: Ctx, arg: Any, st: Step) -> None:
    """Take a Cultist card from the Cultists' pile (none there, or a Cultist already: no effect)."""
    s = b.s
    p = s.player(ctx.victim)
    if is_cultist(s, p):
        b.emit(
            "BadStuffApplied",
            {
                "player": ctx.victim,
                "monster": ctx.source,
                "step": "become_cultist",
                "note": "already a Cultist",
            },
            ["cthulhu.already_cultist"],
        )
        return
    if not s.discards[PILE]:
        b.emit(
            "BadStuffApplied",
            {
                "player": ctx.victim,
                "monster": ctx.source,
                "step": "become_cultist",
                "note": "no Cultist card",
            },
            ["cthulhu.become_cultist"],
        )
        return
    room = 2 if p.super_munchkin else 1
    for old in p.classes[: max(0, len(p.classes) - room + 1)]:  # one class only, or two with Super Munchkin
        discard(b, ctx.victim, old, f"made a Cultist by {name_of(b, ctx.source)}", ["cthulhu.one_class"])
    b.emit(
        "CardPlayed",
        {"player": ctx.victim, "card": s.discards[PILE][-1], "into": "classes", "from": PILE},
        ["cthulhu.become_cultist"],
    )


def _new_cultists(b: Builder) -> set[str]:
    """Players whom this action's events made Cultists."""
    played = [payload(e, Played) for e in b.events if e.type == "CardPlayed"]
    return {p.player for p in played if p.into == "classes" and is_cultist_card(b.s, p.card)}


@AFTER_ACTION.register(NAME)
def settle(b: Builder, a: Action) -> None:
    """After each action: the dead lose their lasting curses; Super Munchkin without a class goes;
    the Cultists' two ends of the game."""
    s = b.s
    for dead in {payload(e, Whose).player for e in b.events if e.type == "PlayerDied"}:
        for cid in list(s.player(dead).curses):  # only class and level outlive a death
            discard(b, dead, cid, "died", ["cthulhu.death"])
    _cure(b)
    for p in s.players:
        if p.super_munchkin and not p.classes:
            discard(b, p.name, p.super_munchkin, "no class left", ["cthulhu.super_munchkin_lost"])
    if not (s.winners or s.phase == "setup"):  # the ends are checked once the game is under way
        _ends(b)
    offer_received(b)


def _cure(b: Builder) -> None:
    """Divine Intervention (a base-game card, in a game with those cards mixed in), once played,
    cures everyone: every Cultist card in play goes to the Cultists' pile."""
    discarded = [payload(e, Discarded) for e in b.events if e.type == "CardDiscarded"]
    played = [d.card for d in discarded if d.reason == "played" and d.card.partition("#")[0] == CURE]
    if not played:
        return
    for p in b.s.players:
        for cid in [c for c in p.classes if is_cultist_card(b.s, c)]:
            discard(b, p.name, cid, f"cured by {name_of(b, played[0])}", ["cthulhu.divine_intervention"])


def _ends(b: Builder) -> None:
    """The Cultists' two ends of the game: all Cultists, or one non-Cultist left."""
    s = b.s
    others = [p for p in s.players if not is_cultist(s, p)]
    if not others:
        top = max(p.level for p in s.players)
        b.emit(
            "GameWon",
            {"winners": [p.name for p in s.players if p.level == top], "how": "all Cultists"},
            ["cthulhu.all_cultists"],
        )
        return
    if len(others) == 1 and _new_cultists(b) & {p.name for p in s.players if is_cultist(s, p)}:
        last = others[0].name
        change_level(b, last, 1, "the last non-Cultist", by_kill=True, rules=["cthulhu.last_non_cultist"])
        check_win(b)
