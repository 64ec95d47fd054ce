"""Procedures shared by the actions: drawing and discarding, levels, turns, resolving combat, death."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .. import hooks
from ..core.builder import Builder
from ..core.cards import card
from ..core.decisions import KeepBigItemDecision, LootTheBodyDecision
from ..core.registry import handles
from ..core.state import combat_cards
from ..query.cardinfo import abilities
from ..query.combat import breakdown, fighters, levels_for, treasures_for
from ..query.items import big_item_limit, big_items
from ..query.ruleset import no_kill_cap, rs

if TYPE_CHECKING:
    pass


# -- cards -------------------------------------------------------------------
def draw(
    b: Builder, player: str, kind: str, face: str, reason: str, rules: Iterable[str] = ("turn.kick_door",)
) -> str | None:
    """Draw the top card of a deck (reshuffling its discards if empty); None when both are empty."""
    s = b.s
    if s.player(player).dead and reason != "new_character":
        return None
    aside = hooks.SET_ASIDE.concat(s, kind)
    # whether a card is left to draw (the whole deck is copied only when a module sets some aside)
    if not (any(c not in aside for c in s.decks[kind]) if aside else s.decks[kind]):
        if not s.discards[kind]:
            return None
        order = [c for c in s.decks[kind] if c in aside] + b.chance.shuffle(s.discards[kind])
        b.emit("DeckShuffled", {"deck": kind, "order": order, "from_discards": True}, ["decks.reshuffle"])
    deck = [c for c in s.decks[kind] if c not in aside] if aside else s.decks[kind]
    cid = b.chance.draw(deck, kind)
    b.emit("CardDrawn", {"player": player, "card": cid, "deck": kind, "face": face, "reason": reason}, rules)
    return cid


def discard(
    b: Builder, player: str | None, cid: str, reason: str, rules: Iterable[str] = ("decks.discards",)
) -> None:
    """Discard a card; what sat on it goes too, and a player who lost a race may hold too many big items."""
    race_of = next((p.name for p in b.s.players if cid in p.races), None)
    if any(p.attachments for p in b.s.players):  # only a card with something attached loses it
        detach(b, cid)
    payload: dict[str, object] = {"player": player, "card": cid, "reason": reason}
    pile = hooks.DISCARD_PILE.first(b.s, cid)
    if pile:
        payload["pile"] = pile  # recorded: the fold puts it there
    b.emit("CardDiscarded", payload, rules)
    if race_of is not None:
        after_race_lost(b, race_of)


def give(b: Builder, payload: dict[str, Any], rules: Iterable[str]) -> None:
    """A card changes hands (CardGiven); what its old owner had attached to it is discarded
    (or, where a module says so, goes with it)."""
    item = payload["card"]
    if not hooks.ATTACHMENTS_FOLLOW.any(b.s, item):
        detach(b, item)
        b.emit("CardGiven", payload, rules)
        return
    attached = [att for p in b.s.players for att, on in p.attachments.items() if on == item]
    b.emit("CardGiven", payload, rules)
    for att in attached:
        b.emit(
            "CardPlayed",
            {"player": payload["to_player"], "card": att, "into": "attachments", "on": item},
            rules,
        )


@handles("effect", "cheat")
def detach(b: Builder, item: str) -> None:
    """An item leaves its owner's play: a Cheat! attached to it is discarded with it (docs/cards.md)."""
    for p in b.s.players:
        for att, on in list(p.attachments.items()):
            if on == item:
                discard(b, p.name, att, f"{card(b.s, item).name} left play", ["card.effect"])


# -- levels ------------------------------------------------------------------
def change_level(
    b: Builder, name: str, delta: int, reason: str, by_kill: bool = False, rules: Iterable[str] = ()
) -> int:
    """Move a level up or down within the rules: never below 1, the top level(s) only by a kill."""
    p = b.s.player(name)
    r = rs(b)
    cap = no_kill_cap(b.s)
    new = max(1, p.level + delta)
    rule = list(rules)
    if new > p.level + delta:
        rule.append("level.min")
    if not by_kill and new > cap:
        new = max(p.level, cap)
        rule.append(r.kill_rule)
    changed = new - p.level  # taken before the event: the builder folds it into `p` at once
    if changed:
        b.emit("LevelChanged", {"player": name, "delta": changed, "level": new, "reason": reason}, rule)
    return changed


def check_win(b: Builder) -> bool:
    win = rs(b).win_level
    winners = [p.name for p in b.s.players if p.level >= win]
    if winners and not b.s.winners:
        b.emit("GameWon", {"winners": winners}, ["level.win"])
        return True
    return bool(b.s.winners)


# -- turns -------------------------------------------------------------------
def start_turn(b: Builder, name: str) -> None:
    b.emit("TurnStarted", {"player": name}, ["turn.order"])
    p = b.s.player(name)
    if p.dead or p.needs_new_cards:
        b.emit("PlayerRevived", {"player": name}, ["death.new_character"])
        for kind in ("door", "treasure"):
            for _ in range(rs(b).start_doors if kind == "door" else rs(b).start_treasures):
                draw(b, name, kind, "down", "new_character", ["death.new_character"])


def end_turn(b: Builder) -> None:
    s = b.s
    name = s.active.name
    b.emit("TurnEnded", {"player": name}, ["turn.order"])
    start_turn(b, hooks.NEXT_TURN.first(b, name) or s.left_of(name))


def phase(b: Builder, name: str, rules: Iterable[str] = ()) -> None:
    if b.s.phase != name:
        b.emit("PhaseChanged", {"phase": name}, rules)


# -- combat ------------------------------------------------------------------
def open_window(b: Builder, first: str) -> None:
    """Everyone, in turn order from `first`, gets a last chance to play before the combat resolves."""
    b.emit("WindowOpened", {"order": b.s.order_from(first)}, ["combat.window"])


def resolve_combat(b: Builder) -> None:
    """Everyone passed: the fighters win, or must run away from every monster."""
    s, c = b.s, b.s.fight
    if not c.monsters:
        reward(b, levels=0)
        return
    bd = breakdown(s)
    if bd.players_win:
        reward(b, levels=levels_for(s, c))
        return
    to_run = [[n, m["card"]] for n in fighters(c) for m in c.monsters]
    rule = ["combat.ties"] if bd.margin == 0 else ["combat.strength"]
    b.emit(
        "CombatLost",
        {
            "monsters": [m["card"] for m in c.monsters],
            "to_run": to_run,
            "players": bd.players,
            "monsters_strength": bd.monsters,
        },
        rule + ["run.roll"],
    )


@handles("effect", "help_level")
def reward(b: Builder, levels: int) -> None:
    """The combat is won: levels, the elf helper's levels, treasures drawn, then the table is cleared."""
    s, c = b.s, b.s.fight
    # monsters killed in mid-combat (by a one-shot) are paid now, with the rest (combat.rewards_after)
    levels += sum(m.get("levels", 0) for m in c.removed)
    kills = len(c.monsters) + sum(len(m.get("mates", [])) for m in c.monsters)
    kills += sum(m.get("kills", 0) for m in c.removed)
    treasures = treasures_for(s, c) + sum(m.get("treasures", 0) for m in c.removed)
    won_rules = ["combat.win", "combat.rewards_after"]
    levels, treasures, won_rules = hooks.REWARD_BONUS.sum((levels, treasures, won_rules), s, c, levels)
    b.emit(
        "CombatWon",
        {
            "monsters": [m["card"] for m in c.monsters],
            "levels": levels,
            "treasures": treasures,
            "helper": c.helper,
        },
        won_rules,
    )
    # the fight's levels and treasures go to the fighter unless a plug-in names another player
    winner = hooks.REWARD_TO.first(s, c) or c.fighter
    if levels:
        compelled = bool(c.bribe.get("compelled"))
        change_level(
            b,
            winner,
            levels,
            "killed a monster",
            by_kill=not compelled,
            rules=["combat.win"] + (["card.effect"] if compelled else []),
        )
    if c.helper and kills:
        helper = s.player(c.helper)
        if abilities(s, helper, "help_level"):
            change_level(
                # the ability is the Elf's in the base game and another's in other games: the rule
                # cited (renamed per ruleset) says whose, the reason stays the same
                b,
                c.helper,
                kills,
                "helped kill a monster",
                by_kill=True,
                rules=["combat.elf_helper"],
            )
    face = "up" if c.helper else "down"
    share = int(c.bribe.get("treasures", 0)) if c.helper else 0
    # the bribe's bargain says who draws first: the helper's share, or the fighter's cards first
    helper_from = treasures - share if c.bribe.get("first") == "fighter" else 0
    for i in range(treasures):
        taker = c.helper if c.helper and helper_from <= i < helper_from + share else winner
        if draw(b, taker, "treasure", face, "monster_treasure", ["combat.win"]) is None:
            break
    end_combat(b, "won")


def end_combat(b: Builder, outcome: str) -> None:
    s, c = b.s, b.s.fight
    for cid in reversed(combat_cards(c)):  # enhancers before the monster they sit on
        discard(b, None, cid, "combat over", ["combat.one_shot"])
    for n in fighters(c):
        for cid in list(s.player(n).curses):
            if (card(s, cid).persistent or {}).get("until") == "next_combat":
                discard(b, n, cid, "curse spent", ["curse.persistent"])
    b.emit("CombatEnded", {"outcome": outcome}, ["combat.rewards_after"])
    if check_win(b):
        return
    phase(b, "charity", ["turn.charity"])


def advance(b: Builder) -> None:
    """After any action: carry on with what happens by itself until someone must decide."""
    s = b.s
    while not s.winners and not s.pending and s.combat:
        c = s.combat
        if c.stage == "fight":
            if c.asked or len(c.passed) < len(s.players):
                return
            resolve_combat(b)
            continue
        if c.escape:
            return
        if not c.to_run:
            if not c.monsters and c.removed:
                reward(b, levels=0)  # every monster was sent away in the end: their treasure, no level
                return
            end_combat(b, "ran away")
            return
        runner, monster = c.to_run[0]
        if s.player(runner).dead:
            b.emit(
                "RanAway",
                {"player": runner, "monster": monster, "escaped": None, "note": "dead"},
                ["death.lose_everything"],
            )
            continue
        return


# -- death -------------------------------------------------------------------
def kill(b: Builder, victim: str, source: str | None) -> None:
    """Death: the body is looted from the highest level down, the rest is discarded."""
    s = b.s
    b.emit("PlayerDied", {"player": victim, "by": source}, ["death.lose_everything"])
    p = s.player(victim)
    lootable = p.hand + p.equipped + p.carried + list(p.attachments)
    looters = [q for q in s.players if q.name != victim and not q.dead]
    # ties for the first pick go to the higher roll
    rolls = {q.name: 0 for q in looters}
    levels = [q.level for q in looters]
    for q in looters if lootable else ():  # nothing to loot: no order to settle, no dice
        if levels.count(q.level) > 1:
            rolls[q.name] = b.roll(q.name, "loot the body", ["death.loot_the_body"])
    looters.sort(key=lambda q: (-q.level, -rolls[q.name]))
    for q in looters[: len(lootable)]:
        loot: LootTheBodyDecision = {"player": q.name, "kind": "loot_the_body", "dead": victim, "then": []}
        b.emit("DecisionRequired", dict(loot), ["death.loot_the_body"])
    if not lootable or not looters:
        discard_remains(b, victim)


def discard_remains(b: Builder, victim: str) -> None:
    p = b.s.player(victim)
    for cid in p.hand + p.equipped + p.carried + list(p.attachments):
        discard(b, victim, cid, "left on the body", ["death.loot_the_body"])


def end_looting(b: Builder, dead: str, rules: Iterable[str]) -> None:
    """Nobody loots `dead` any more (their body is empty, or the last looter took a card): the
    looters' choices still waiting are closed under `rules`, what is left on the body is
    discarded, and the game carries on (a lost fight ends)."""
    s = b.s
    while s.pending and s.pending[0]["kind"] == "loot_the_body" and s.pending[0]["dead"] == dead:
        b.emit("DecisionMade", {"player": s.pending[0]["player"], "kind": "loot_the_body"}, list(rules))
    discard_remains(b, dead)
    advance(b)


# -- what follows a card played or lost ---------------------------------------
def after_race_lost(b: Builder, name: str, rules: Iterable[str] = ("items.big_after_dwarf",)) -> None:
    """A race card has left `name`'s table: with more big items than now allowed, they choose one to keep."""
    s = b.s
    have = big_items(s, name)
    if s.player(name).dead or len(have) <= big_item_limit(s, name):
        return
    if any(p["kind"] == "keep_big_item" and p["player"] == name for p in s.pending):
        return  # already asked (a second race card gone in the same action)
    keep: KeepBigItemDecision = {
        "player": name,
        "kind": "keep_big_item",
        "options": have,
        "kept": [],
        "then": [],
    }
    b.emit("DecisionRequired", dict(keep), list(rules))  # a dwarf's big items (000, Objetos)


def big_items_hold(b: Builder) -> None:
    """After every action: whoever holds more big items than now allowed, with no choice of theirs
    waiting, chooses the one(s) to keep, as who stops being a dwarf does; whatever took the room
    away (a companion gone, a power lost, a place left)."""
    s = b.s
    if s.winners or s.phase == "setup":
        return
    for p in s.players:
        if not any(d.get("player") == p.name for d in s.pending):
            after_race_lost(b, p.name, ("items.big", "items.big_after_dwarf"))


def reopen(b: Builder, actor: str) -> None:
    """Something was played: everyone gets a new last chance, starting with who played."""
    if b.s.combat and b.s.fight.stage == "fight":
        open_window(b, actor)
    advance(b)


def reopen_if_fighting(b: Builder, actor: str) -> None:
    """A card played during a fight: everyone gets a new last chance, from who played it."""
    if b.s.combat and b.s.fight.stage == "fight":
        reopen(b, actor)
