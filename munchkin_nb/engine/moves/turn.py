"""Moves of a player's own turn outside combat, and of the set-up before the first turn."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .. import hooks
from ..core.actions import Action, CardName, IllegalAction, require
from ..core.builder import Builder
from ..core.cards import card, effects
from ..core.params import CardParams, params, parse
from ..core.registry import handles
from ..core.state import GameState, Player
from ..procs.curses import curse_hits
from ..procs.door import open_door, start_combat
from ..procs.effects import EFFECTS, auto_params
from ..procs.flow import change_level, discard, draw, end_turn, give, phase, reopen_if_fighting, start_turn
from ..procs.table import place, sell
from ..query.cardinfo import abilities, hand_limit, has_ability, item_usable, when_ok
from ..query.combat import die_modifier
from ..query.items import check_entry, check_identity, entry_refusal, fits, playable_on_table, sale_value
from ..query.ruleset import no_kill_cap, ruleset_of
from .base import OPEN, Move, act, in_hand, in_the_fight, move, quoted, target

if TYPE_CHECKING:
    from munchkin_nb.cards import Card


def _alive_others(s: GameState, name: str) -> list[str]:
    return [p.name for p in s.players if p.name != name and not p.dead]


@move
class PlayCard(Move):
    """Put a race, class, Half-Breed, Super Munchkin or item from hand onto the table."""

    name = "play_card"
    exact = True
    when = ("turn",)
    anytime = ("setup",)
    anytime_rule = "setup.play_before_first_turn"

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        if s.phase == "setup" and player in s.ready:
            return
        for cid in s.player(player).hand:
            if playable_on_table(s, player, cid):
                yield act(self.name, player, card=cid)

    def check(self, s: GameState, a: Action) -> None:
        cid = in_hand(s, a)
        c = card(s, cid)
        require(
            c.kind in ("race", "class", "half_breed", "super_munchkin", "item")
            or (c.kind == "one_shot" and ruleset_of(s).one_shots_on_table),
            "card.effect",
            "{card} is not a card that is put on the table this way.",
            card=CardName(c.name, cid),
        )
        require(
            s.phase != "setup" or a.player not in s.ready,
            "setup.play_before_first_turn",
            "{player} has finished set-up; more cards wait for {player}'s turn.",
            player=a.player,
        )
        check_identity(s, a.player, cid)
        if c.kind == "item":
            check_entry(s, a.player, [cid])

    def run(self, b: Builder, a: Action) -> None:
        place(
            b,
            a.player,
            a.params["card"],
            ("setup.play_before_first_turn",) if b.s.phase == "setup" else ("turn.before_door",),
        )


@move
class FinishSetup(Move):
    """Done playing starting cards; when everyone is, the first player is rolled for."""

    name = "finish_setup"
    exact = True
    anytime = ("setup",)
    anytime_rule = "setup.play_before_first_turn"

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        if player not in s.ready:
            yield act(self.name, player)

    def check(self, s: GameState, a: Action) -> None:
        require(
            a.player not in s.ready,
            "setup.play_before_first_turn",
            "{player} has finished set-up already.",
            player=a.player,
        )

    def run(self, b: Builder, a: Action) -> None:
        b.emit("SetupFinished", {"player": a.player}, ["setup.play_before_first_turn"])
        s = b.s
        if len(s.ready) < len(s.players):
            return
        contenders = s.names()
        while len(contenders) > 1:
            rolls = {n: b.roll(n, "first player", ["setup.first_player"]) for n in contenders}
            best = max(rolls.values())
            contenders = [n for n in contenders if rolls[n] == best]
        b.emit("FirstPlayerChosen", {"player": contenders[0]}, ["setup.first_player"])
        start_turn(b, contenders[0])


def _turn_item(b: Builder, a: Action, *, equipped: bool) -> None:
    """The action's item turned upright (`equipped`, it counts) or sideways (it does not)."""
    b.emit(
        "ItemEquipped",
        {"player": a.player, "card": params(a, CardParams).card, "equipped": equipped},
        ["items.slots"],
    )


@move
class Equip(Move):
    """Turn a carried item upright so that it counts."""

    name = "equip"
    exact = True
    when = ("turn",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        for cid in s.player(player).carried:
            if card(s, cid).kind == "item" and fits(s, player, cid):
                yield act(self.name, player, card=cid)

    def check(self, s: GameState, a: Action) -> None:
        got = parse(a, CardParams)
        if got is None or got.card not in s.player(a.player).carried:
            sent = a.params.get("card")
            raise IllegalAction("items.slots", f"{sent!r} is not a carried item of {a.player}.")
        cid = got.card
        require(
            item_usable(s, s.player(a.player), cid),
            "items.restrictions",
            f"{card(s, cid).name} cannot be used by {a.player}.",
        )
        require(
            fits(s, a.player, cid), "items.slots", f"{a.player} has no free slot for {card(s, cid).name}."
        )

    def run(self, b: Builder, a: Action) -> None:
        _turn_item(b, a, equipped=True)


@move
class Unequip(Move):
    """Turn an equipped item sideways: it stays in play but does not count."""

    name = "unequip"
    when = ("turn",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        for cid in s.player(player).equipped:
            if hooks.MAY_UNEQUIP.first(s, player, cid) is None:
                yield act(self.name, player, card=cid)

    def check(self, s: GameState, a: Action) -> None:
        got = parse(a, CardParams)
        if got is None or got.card not in s.player(a.player).equipped:
            sent = a.params.get("card")
            raise IllegalAction("items.slots", f"{sent!r} is not an equipped item of {a.player}.")
        refusal = hooks.MAY_UNEQUIP.first(s, a.player, got.card)
        if refusal is not None:
            raise IllegalAction(*refusal)

    def run(self, b: Builder, a: Action) -> None:
        _turn_item(b, a, equipped=False)


@move
class Sell(Move):
    """Sell items from hand or table: a level for each full 1,000 gold, never the winning level."""

    name = "sell"
    exact = True
    when = ("turn",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        p = s.player(player)
        rules = ruleset_of(s)
        if p.level >= no_kill_cap(s):
            return
        # what is offered: every item from hand or carried sideways (worn items stay worn)
        spare = []
        waiting = [] if rules.sell_received_at_once else p.unsellable
        for c in p.hand + p.carried:
            k = card(s, c)
            if k.gold and k.kind in ("item", "one_shot") and c not in waiting:
                spare.append(c)
        if spare and sale_value(s, player, spare) >= rules.sell_per_level:
            yield act(self.name, player, cards=sorted(spare, key=lambda c: -(card(s, c).gold or 0)))

    def check(self, s: GameState, a: Action) -> None:
        cards = a.params.get("cards")
        p = s.player(a.player)
        if not (isinstance(cards, list) and cards and len(set(cards)) == len(cards)):
            raise IllegalAction("items.sell", "name the items to sell.")
        for cid in cards:
            require(
                cid in p.hand or cid in p.carried or cid in p.equipped,
                "items.sell",
                "{player} does not have {card}.",
                player=a.player,
                card=quoted(cid),
            )
            name = CardName(card(s, cid).name, cid)
            require(bool(card(s, cid).gold), "items.sell", "{card} has no gold value.", card=name)
            require(
                cid not in p.unsellable or ruleset_of(s).sell_received_at_once,
                "items.trade",
                "{card} was received by trade or gift and cannot be sold before {player}'s next turn.",
                card=name,
                player=a.player,
            )
        require(
            sale_value(s, a.player, cards) >= ruleset_of(s).sell_per_level,
            "items.sell",
            "the items are worth less than {gold} gold.",
            gold=ruleset_of(s).sell_per_level,
        )
        require(p.level < no_kill_cap(s), "items.sell", "selling can never reach the winning level.")

    def run(self, b: Builder, a: Action) -> None:
        sell(b, a.player, a.params["cards"])


@move
class GiveItem(Move):
    """Give an item in play to another player (a gift or a bribe); it goes into play for them."""

    name = "give_item"
    exact = True
    anytime = OPEN
    anytime_rule = "items.gift"

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        p = s.player(player)
        if in_the_fight(s, player):
            return
        for cid in p.equipped + p.carried:
            for to in _alive_others(s, player):
                if not in_the_fight(s, to) and entry_refusal(s, to, [cid]) is None:
                    yield act(self.name, player, card=cid, to=to)

    def check(self, s: GameState, a: Action) -> None:
        cid = a.params.get("card")
        p = s.player(a.player)
        require(
            cid in p.equipped + p.carried,
            "items.gift",
            "{card} is not an item {player} has in play.",
            card=quoted(cid),
            player=a.player,
        )
        to = target(s, a, "to")
        require(
            to != a.player and not s.player(to).dead,
            "death.no_cards",
            "{target} cannot receive cards now.",
            target=to,
        )
        busy = in_the_fight(s, a.player, to)
        require(
            not busy, "items.trade", "{busy} is in the combat: items change hands only outside it.", busy=busy
        )
        check_entry(s, to, [a.params["card"]])

    def run(self, b: Builder, a: Action) -> None:
        give(
            b,
            {
                "from_player": a.player,
                "to_player": a.params["to"],
                "card": a.params["card"],
                "reason": "gift",
                "to": "carried",
            },
            ["items.gift"],
        )


@move
class DiscardCard(Move):
    """Drop a race, class, Half-Breed or Super Munchkin card: allowed at any time."""

    name = "discard_card"
    exact = True
    anytime = OPEN
    anytime_rule = "race.discard"

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        p = s.player(player)
        for cid in p.races + p.classes + [c for c in (p.half_breed, p.super_munchkin) if c]:
            if hooks.MAY_DROP.first(s, player, cid) is None:
                yield act(self.name, player, card=cid)

    def check(self, s: GameState, a: Action) -> None:
        p = s.player(a.player)
        cid = a.params.get("card")
        require(
            isinstance(cid, str) and cid in p.races + p.classes + [p.half_breed, p.super_munchkin],
            "items.no_discard",
            "only a race, class, Half-Breed or Super Munchkin card may be dropped at will.",
        )
        refusal = hooks.MAY_DROP.first(s, a.player, str(cid))  # a card id: required just above
        if refusal is not None:
            raise IllegalAction(*refusal)

    def run(self, b: Builder, a: Action) -> None:
        p = b.s.player(a.player)
        cid = a.params["card"]
        rule = "cheat.discard" if cid in (p.half_breed, p.super_munchkin) else "race.discard"
        discard(b, a.player, cid, "dropped", [rule])


@move
class KickDoor(Move):
    """Draw the top door card face up: fight a monster, suffer a curse, keep anything else."""

    name = "kick_door"
    phases = ("before_door",)
    exact = True
    when = ("turn",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        if s.phase == "before_door":
            yield act(self.name, player)

    def check(self, s: GameState, a: Action) -> None:
        require(
            s.phase == "before_door", "turn.kick_door", "the door is kicked once, at the start of the turn."
        )

    def run(self, b: Builder, a: Action) -> None:
        if hooks.KICK_DOOR.any(b, a.player):
            return
        cid = draw(b, a.player, "door", "up", "kick_door", ["turn.kick_door"])
        if cid is not None and hooks.DOOR_TURNED.any(b, a.player, cid, True):
            return
        open_door(b, a.player, cid)


@move
class Resurrect(Move):
    """The cleric takes the top door discard instead of kicking the door, paying a card from hand."""

    name = "resurrect"
    phases = ("before_door",)
    when = ("turn",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        p = s.player(player)
        if s.phase == "before_door" and has_ability(s, p, "resurrection") and s.discards["door"] and p.hand:
            yield act(self.name, player, discard=p.hand[0])

    @handles("effect", "resurrection")
    def check(self, s: GameState, a: Action) -> None:
        require(s.phase == "before_door", "cleric.resurrection", "resurrection replaces kicking the door.")
        require(
            has_ability(s, s.player(a.player), "resurrection"),
            "cleric.resurrection",
            "{player} is not a cleric.",
            player=a.player,
        )
        require(bool(s.discards["door"]), "cleric.resurrection", "the door discards are empty.")
        in_hand(s, a, "discard")

    def run(self, b: Builder, a: Action) -> None:
        cid = b.s.discards["door"][-1]
        b.emit(
            "CardTakenFromDiscard",
            {"player": a.player, "card": cid, "deck": "door"},
            ["cleric.resurrection", "decks.no_search"],  # the top card: the pile is not searched
        )
        discard(
            b,
            a.player,
            a.params["discard"],
            "paid for resurrection",
            ["cleric.resurrection", "ability.discard_cost"],
        )
        open_door(b, a.player, cid)


def _small_items(s: GameState, name: str) -> list[str]:
    q = s.player(name)
    return [c for c in q.equipped + q.carried if not card(s, c).big]


@move
class Steal(Move):
    """The thief's theft: own turn, outside combat, once a turn; discard a card and roll."""

    name = "steal"
    exact = True
    when = ("turn",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        p = s.player(player)
        if not abilities(s, p, "theft") or p.stole or not p.hand:
            return
        for n in _alive_others(s, player):
            for item in [c for c in _small_items(s, n) if entry_refusal(s, player, [c]) is None][:1]:
                yield act(self.name, player, target=n, item=item, discard=p.hand[0])

    @handles("effect", "theft")
    def check(self, s: GameState, a: Action) -> None:
        p = s.player(a.player)
        require(bool(abilities(s, p, "theft")), "thief.theft", "{player} is not a thief.", player=a.player)
        require(not p.stole, "thief.theft", "{player} has tried a theft this turn already.", player=a.player)
        t = target(s, a)
        require(
            t != a.player and not s.player(t).dead,
            "thief.theft",
            "{player} cannot steal from {target}.",
            player=a.player,
            target=t,
        )
        require(
            a.params.get("item") in _small_items(s, t),
            "thief.theft",
            "steal a small item {target} has in play.",
            target=t,
        )
        check_entry(s, a.player, [a.params["item"]])
        in_hand(s, a, "discard")

    def run(self, b: Builder, a: Action) -> None:
        s = b.s
        need = abilities(s, s.player(a.player), "theft")[0]
        discard(b, a.player, a.params["discard"], "theft", ["thief.theft", "ability.discard_cost"])
        roll = b.roll(a.player, "theft", ["thief.theft"])
        ok = roll + die_modifier(s, a.player) >= int(need)
        b.emit(
            "TheftTried",
            {
                "player": a.player,
                "target": a.params["target"],
                "item": a.params["item"],
                "roll": roll,
                "success": ok,
            },
            ["thief.theft"],
        )
        if ok:
            give(
                b,
                {
                    "from_player": a.params["target"],
                    "to_player": a.player,
                    "card": a.params["item"],
                    "reason": "steal",
                    "to": "carried",
                },
                ["thief.theft"],
            )
        else:
            change_level(b, a.player, -1, "caught stealing", rules=["thief.theft"])


@move
class Curse(Move):
    """Play a curse from hand on any player."""

    name = "curse"
    hand_kinds = frozenset({"curse"})
    exact = True
    anytime = OPEN
    anytime_rule = "curse.any"

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        for cid in s.player(player).hand:
            if card(s, cid).kind == "curse":
                for t in s.names():
                    if not s.player(t).dead:
                        yield act(self.name, player, card=cid, target=t)

    def check(self, s: GameState, a: Action) -> None:
        cid = in_hand(s, a)
        c = card(s, cid)
        require(c.kind == "curse", "curse.any", "{card} is not a curse.", card=CardName(c.name, cid))
        t = target(s, a)
        require(not s.player(t).dead, "death.no_cards", "{target} is dead.", target=t)

    def run(self, b: Builder, a: Action) -> None:
        curse_hits(b, a.params["target"], a.params["card"], a.player, ["curse.any"])
        reopen_if_fighting(b, a.player)


@move
class GoUpALevel(Move):
    """Play a go-up-a-level card on any player, when its condition holds; never for the winning level."""

    name = "go_up_a_level"
    hand_kinds = frozenset({"go_up_a_level"})
    exact = True
    anytime = OPEN
    anytime_rule = "card.go_up_a_level"

    @staticmethod
    def _ok(s: GameState, c: Card, t: Player, cap: int) -> bool:
        """Whether card `c` may raise player `t` now, below the level `cap` only a kill passes."""
        return t.level < cap and not t.dead and when_ok(s, t.name, c)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        cap = no_kill_cap(s)  # once for every card and target
        for cid in s.player(player).hand:
            c = card(s, cid)
            if c.kind == "go_up_a_level":
                for p in s.players:
                    if self._ok(s, c, p, cap):
                        yield act(self.name, player, card=cid, target=p.name)

    def check(self, s: GameState, a: Action) -> None:
        cid = in_hand(s, a)
        c = card(s, cid)
        require(
            c.kind == "go_up_a_level",
            "card.go_up_a_level",
            "{card} is not a go-up-a-level card.",
            card=CardName(c.name, cid),
        )
        t = target(s, a)
        require(
            s.player(t).level < no_kill_cap(s),
            ruleset_of(s).kill_rule,
            "{target} is at level {level}: level {next} needs a kill.",
            target=t,
            level=s.player(t).level,
            next=s.player(t).level + 1,
        )
        require(
            self._ok(s, c, s.player(t), no_kill_cap(s)),
            "card.go_up_a_level",
            f"{c.name} cannot be played now ({c.when}).",
        )

    @handles("effect", "gain_level")
    def run(self, b: Builder, a: Action) -> None:
        cid = a.params["card"]
        c = card(b.s, cid)
        for e in c.effects:
            key = e if isinstance(e, str) else next(iter(e))
            if key in EFFECTS:
                EFFECTS[key][1](
                    b, a.player, cid, auto_params(b.s, a.player, c), e if isinstance(e, str) else e[key]
                )
        gain = sum(int(v) for v in effect_values(c, "gain_level")) or 1
        discard(b, a.player, cid, "played", ["card.go_up_a_level"])
        change_level(b, a.params["target"], gain, c.name, rules=["card.go_up_a_level"])
        reopen_if_fighting(b, a.player)


def effect_values(c: Card, key: str) -> list[int]:
    return [v for v in effects(c, key) if isinstance(v, int) and not isinstance(v, bool)]


@move
class LookForTrouble(Move):
    """No monster behind the door: fight a monster from your hand."""

    name = "look_for_trouble"
    hand_kinds = frozenset({"monster"})
    phases = ("after_door",)
    when = ("turn",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        if s.phase == "after_door" and not s.fought:
            for cid in s.player(player).hand:
                if card(s, cid).kind == "monster":
                    yield act(self.name, player, card=cid)

    def check(self, s: GameState, a: Action) -> None:
        require(
            s.phase == "after_door" and not s.fought,
            "turn.look_for_trouble",
            "trouble is looked for only after a door that held no monster.",
        )
        cid = in_hand(s, a)
        require(
            card(s, cid).kind == "monster",
            "turn.look_for_trouble",
            "{card} is not a monster.",
            card=CardName(card(s, cid).name, cid),
        )

    def run(self, b: Builder, a: Action) -> None:
        start_combat(b, a.player, a.params["card"], False, ["turn.look_for_trouble"])


@move
class LootTheRoom(Move):
    """No monster met: take a face-down door card into your hand."""

    name = "loot_the_room"
    phases = ("after_door",)
    when = ("turn",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        if s.phase == "after_door" and not s.fought and not s.looted:
            yield act(self.name, player)

    def check(self, s: GameState, a: Action) -> None:
        # the reasons a player would ask about first: running away, then a fight, then the door
        require(not s.fled, "turn.loot_the_room", "whoever ran away from a monster may not loot the room.")
        require(not s.fought, "turn.loot_the_room", "whoever met a monster this turn may not loot the room.")
        require(s.phase == "after_door", "turn.loot_the_room", "the room is looted after kicking the door.")
        require(not s.looted, "turn.loot_the_room", "the room has been looted already.")

    def run(self, b: Builder, a: Action) -> None:
        draw(b, a.player, "door", "down", "loot_the_room", ["turn.loot_the_room"])
        phase(b, "charity", ["turn.charity"])


@move
class EndTurn(Move):
    """Finish the turn: with more cards in hand than allowed, charity comes first."""

    name = "end_turn"
    phases = ("after_door", "charity")
    exact = True
    when = ("turn",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        if s.phase in ("after_door", "charity") and len(s.player(player).hand) <= hand_limit(
            s, s.player(player), ruleset_of(s).hand_limit
        ):
            yield act(self.name, player)

    def check(self, s: GameState, a: Action) -> None:
        require(s.phase in ("after_door", "charity"), "turn.kick_door", "the door has not been kicked yet.")
        p = s.player(a.player)
        limit = hand_limit(s, p, ruleset_of(s).hand_limit)
        require(
            len(p.hand) <= limit,
            "turn.charity",
            "{player} holds {n} cards; play, give or discard down to {limit} first.",
            player=a.player,
            n=len(p.hand),
            limit=limit,
        )

    def run(self, b: Builder, a: Action) -> None:
        end_turn(b)


def lowest(s: GameState, giver: str) -> list[str]:
    alive = [p for p in s.players if not p.dead]
    low = min(p.level for p in alive)
    return [p.name for p in alive if p.level == low]


@move
class GiveCharity(Move):
    """Give a card beyond the hand limit to the lowest-level player, or discard it if that is you."""

    name = "give_charity"
    phases = ("after_door", "charity")
    when = ("turn",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        p = s.player(player)
        if s.phase not in ("after_door", "charity") or len(p.hand) <= hand_limit(
            s, p, ruleset_of(s).hand_limit
        ):
            return
        low = lowest(s, player)
        cid = min(p.hand, key=lambda c: (card(s, c).gold or 0, c))
        if player in low:
            yield act(self.name, player, card=cid)
        else:
            least = min(s.charity.get(n, 0) for n in low)
            for n in low:
                if s.charity.get(n, 0) == least:
                    yield act(self.name, player, card=cid, to=n)

    def check(self, s: GameState, a: Action) -> None:
        p = s.player(a.player)
        in_hand(s, a)
        require(
            s.phase in ("after_door", "charity"), "turn.charity", "charity is given at the end of the turn."
        )
        require(
            len(p.hand) > hand_limit(s, p, ruleset_of(s).hand_limit),
            "turn.charity",
            "the hand is within the limit already.",
        )
        low = lowest(s, a.player)
        to = a.params.get("to")
        if a.player in low:
            require(
                to is None,
                "turn.charity",
                "{player} is the lowest level and discards the excess.",
                player=a.player,
            )
        else:
            if to not in low:
                raise IllegalAction(
                    "turn.charity",
                    "charity goes to the lowest-level player(s): {players}.",
                    players=", ".join(low),
                )
            least = min(s.charity.get(n, 0) for n in low)
            require(s.charity.get(to, 0) == least, "turn.charity", "charity is split as evenly as possible.")

    def run(self, b: Builder, a: Action) -> None:
        to = a.params.get("to")
        if b.s.phase != "charity":
            phase(b, "charity", ["turn.charity"])
        if to is None:
            discard(b, a.player, a.params["card"], "charity discard", ["turn.charity"])
        else:
            give(
                b,
                {
                    "from_player": a.player,
                    "to_player": to,
                    "card": a.params["card"],
                    "reason": "charity",
                    "to": "hand",
                },
                ["turn.charity"],
            )
            b.emit(
                "CharityGiven",
                {"from_player": a.player, "to_player": to, "card": a.params["card"]},
                ["turn.charity"],
            )
