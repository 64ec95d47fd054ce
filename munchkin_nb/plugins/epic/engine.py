"""What the Epic Munchkin module does in the engine: an Epic player's two doors, the epic powers.

The two doors apply in 000's order (curses, the rest, then monsters and their enhancers). A curse
that leaves a decision pending (a Wishing Ring to use or not) stops the order; the cards still to
apply wait in a mark, `epic.door_rest:<player>`, and go on after the action that settles it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from munchkin_nb.engine.kit import (
    ABILITIES,
    AFTER_ACTION,
    CURSE_HITS,
    DOOR_TURNED,
    KICK_DOOR,
    OPEN,
    SALE_VALUE,
    Action,
    Builder,
    CardParams,
    CardsParams,
    GameState,
    IllegalAction,
    Move,
    Player,
    act,
    advance,
    big_item_limit,
    big_items,
    card,
    classes,
    curse_hits,
    curse_lands,
    discard,
    draw,
    effect,
    give,
    ignores_drawn_curses,
    in_hand,
    item_usable,
    move,
    on_draw,
    on_enter,
    owned,
    params,
    parse,
    phase,
    place,
    playable_on_table,
    races,
    reopen,
    reopen_if_fighting,
    require,
    ruleset_of,
    start_combat,
    target,
)

from . import EPIC_FROM, NAME

REST = "epic.door_rest"


@dataclass(frozen=True)
class ArrowParams:
    """An Epic elf's arrow: the card discarded for it, the side it hits, the player if a player."""

    card: str
    side: str
    target: str | None = None


@dataclass(frozen=True)
class StealParams:
    """An Epic thief's steal from the shadows: the card paid, the player stolen from."""

    card: str
    target: str


MONSTERS = ("monster", "monster_enhancer")
#: (race or class, the word) -> the abilities (vocabulary effect keys) it grants an Epic character
POWERS: dict[str, list[tuple[str, str, Any, str]]] = {
    "hand_limit": [("race", "dwarf", 10**6, "epic.dwarf")],
    "two_hands_as_one": [("class", "warrior", True, "epic.warrior")],
    "extra_big_item": [("class", "warrior", True, "epic.warrior")],
}


def is_epic(s: GameState, p: Player) -> bool:
    """Whether the character is Epic (level 10 or more) in a game with the module on."""
    return NAME in s.modules and p.level >= EPIC_FROM


@ABILITIES.register(NAME)
def epic_powers(s: GameState, p: Player, key: str) -> list[Any]:
    """The abilities an Epic character's race or class grants (a dwarf's hand, a warrior's strength)."""
    grants = POWERS.get(key)
    if not grants or p.level < EPIC_FROM:
        return []
    out = []
    for zone, word, value, _rule in grants:
        if word in (races(s, p) if zone == "race" else classes(s, p)):
            out.append(value)
    return out


# -- two doors ------------------------------------------------------------------
@KICK_DOOR.register(NAME)
def two_doors(b: Builder, player: str) -> bool:
    """An Epic player turns two door cards and applies them in 000's order. A card another module
    carries out at once as it is turned (a portal) is replaced by the next door, not counted."""
    if not is_epic(b.s, b.s.player(player)):
        return False
    turn_doors(b, player, [], 2)
    return True


DOORS_LEFT = "epic.doors_left"  # mark: player -> [the doors turned so far, how many more to turn]


def turn_doors(b: Builder, player: str, drawn: list[str], left: int) -> None:
    """Turn the doors still to turn, then apply them all. A portal obeyed at once is replaced, not
    counted; one that leaves its player a choice (which dungeon to leave) holds the rest of the
    doors until the choice is made (`go_on` turns them then)."""
    drawn = list(drawn)
    while left > 0:
        cid = draw(b, player, "door", "up", "kick_door", ["turn.kick_door", "epic.two_doors"])
        if cid is not None and DOOR_TURNED.any(b, player, cid, False):
            if b.s.winners:  # the portal's dungeon gave the winning level
                return
            if b.s.pending:
                hold = {"key": f"{DOORS_LEFT}:{player}", "value": [drawn, left]}
                b.emit("MarkSet", hold, ["epic.two_doors"])
                return
            continue
        left -= 1
        if cid is not None:
            drawn.append(cid)
    phase(b, "after_door", ["turn.kick_door"])
    apply_doors(b, player, drawn)
    from .with_expansions import legendary_door  # the expansions' Legendary: a third door

    more = legendary_door(b, player, drawn)
    if more:
        apply_doors(b, player, more)


def in_order(s: GameState, cards: Iterable[str]) -> list[str]:
    """Curses first, then everything but monsters and their enhancers, then those (draw order kept)."""

    def rank(cid: str) -> int:
        kind = card(s, cid).kind
        return 0 if kind == "curse" else 2 if kind in MONSTERS else 1

    return sorted(cards, key=rank)


def apply_doors(b: Builder, player: str, cards: list[str]) -> None:
    """Apply the turned cards in order; a decision a curse leaves pending holds the rest in a mark."""
    s = b.s
    todo = in_order(s, cards)
    while todo and card(s, todo[0]).kind not in MONSTERS:
        cid = todo.pop(0)
        if card(s, cid).kind == "curse":
            if ignores_drawn_curses(s, player):
                discard(b, player, cid, "ignored", ["curse.door", "card.effect"])
            else:
                curse_hits(b, player, cid, player, ["curse.door", "epic.door_order"])
        elif card(s, cid).when == "on_draw":
            on_draw(b, player, cid)
        if s.winners or s.player(player).dead:
            return
        if s.pending and todo:
            b.emit("MarkSet", {"key": f"{REST}:{player}", "value": todo}, ["epic.door_order"])
            return
    monsters = [c for c in todo if card(s, c).kind == "monster" and c in s.player(player).hand]
    if not monsters:
        return  # an enhancer without a monster stays in the hand
    first = _first_choice(s, player, cards)
    if first:  # a race or class turned: it may be played before the fight
        b.emit("MarkSet", {"key": f"{REST}:{player}", "value": todo}, ["epic.door_order"])
        payload: dict[str, Any] = {"player": player, "kind": BEFORE, "options": first}
        b.emit("DecisionRequired", payload, ["epic.door_order"])
        return
    start_combat(b, player, monsters[0], True, ["turn.kick_door", "epic.door_order"])
    for m in monsters[1:]:
        rules = ["epic.door_monsters", "combat.several_monsters"]
        if s.combat is None:  # the first one left as it came (it will not fight this player)
            start_combat(b, player, m, True, rules)
        else:
            b.emit("MonsterAdded", {"monster": m, "by": player}, rules)
        on_enter(b, m)
    for e in todo:
        # the enhancer goes on the first turned monster still in the fight (one may have left)
        fighting = [m["card"] for m in s.combat.monsters] if s.combat is not None else []
        target = next((m for m in monsters if m in fighting), None)
        if card(s, e).kind == "monster_enhancer" and e in s.player(player).hand and target is not None:
            mate = bool(effect(card(s, e), "mate"))
            payload = {"card": e, "monster": target, "by": player, "mate": mate}
            b.emit("EnhancerPlayed", payload, ["epic.door_monsters", "combat.enhancer"])


BEFORE = "epic_before_fight"  # the decision: a race or class turned among the two doors, a monster too


def _first_choice(s: GameState, player: str, cards: Iterable[str]) -> list[str]:
    """The races and classes turned among the doors that the player could play now."""
    hand = s.player(player).hand
    return [
        c
        for c in cards
        if card(s, c).kind in ("race", "class") and c in hand and playable_on_table(s, player, c)
    ]


def _before(s: GameState, player: str) -> dict[str, Any] | None:
    """The player's waiting choice to play a turned race or class before the fight, if any."""
    d = s.pending[0] if s.pending else None
    return dict(d) if d and d.get("kind") == BEFORE and d.get("player") == player else None


@move
class PlayTurned(Move):
    """000: 'si se le da la vuelta a una clase o raza, puede aplicar la carta inmediatamente, antes
    del combate': play a race or class turned among the two doors before fighting their monster."""

    name = "epic_play_turned"
    module = NAME
    when = ("pending:" + BEFORE,)
    exact = True

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        d = _before(s, player)
        for cid in _first_choice(s, player, d["options"]) if d else ():
            yield act(self.name, player, card=cid)

    def check(self, s: GameState, a: Action) -> None:
        d = _before(s, a.player)
        if d is None:
            raise IllegalAction("epic.door_order", "no race or class was turned among your doors just now.")
        require(
            (turned := parse(a, CardParams)) is not None
            and turned.card in _first_choice(s, a.player, d["options"]),
            "epic.door_order",
            "play a race or class turned among your two doors.",
        )

    def run(self, b: Builder, a: Action) -> None:
        s, cid = b.s, params(a, CardParams).card
        d = dict(s.pending[0])
        b.emit("DecisionMade", {"player": a.player, "kind": BEFORE}, ["epic.door_order"])
        place(b, a.player, cid, ["epic.door_order"])
        more = _first_choice(s, a.player, [c for c in d["options"] if c != cid])
        if more:
            b.emit("DecisionRequired", dict(d, options=more), ["epic.door_order"])


class _Settle(Move):
    """An answer that only settles its player's waiting decision of `kind`, keeping the card."""

    module = NAME
    exact = True
    kind = ""
    rule = ""

    def _waiting(self, s: GameState, player: str) -> bool:
        d = s.pending[0] if s.pending else None
        return bool(d and d.get("kind") == self.kind and d.get("player") == player)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        if self._waiting(s, player):
            yield act(self.name, player)

    def check(self, s: GameState, a: Action) -> None:
        require(self._waiting(s, a.player), self.rule, "nothing of yours is waiting for this answer.")

    def run(self, b: Builder, a: Action) -> None:
        b.emit("DecisionMade", {"player": a.player, "kind": self.kind}, [self.rule])
        advance(b)


@move
class FightNow(_Settle):
    """Keep the turned race or class in the hand and go on to the fight."""

    name = "epic_fight_now"
    when = ("pending:" + BEFORE,)
    kind = BEFORE
    rule = "epic.door_order"


@AFTER_ACTION.register(NAME)
def go_on(b: Builder, a: Action) -> None:
    """Once the decision a curse left is settled, the rest of the two doors apply."""
    s = b.s
    if s.pending or s.combat is not None or s.winners:
        return
    for key, value in list(s.marks.items()):
        if key.startswith(DOORS_LEFT + ":") and value:
            player = key.split(":", 1)[1]
            b.emit("MarkSet", {"key": key, "value": None}, ["epic.two_doors"])
            if s.active.name == player and not s.player(player).dead:
                turn_doors(b, player, [c for c in value[0] if c in s.player(player).hand], value[1])
            return
    for key, value in list(s.marks.items()):
        if key.startswith(REST + ":") and value:
            player = key.split(":", 1)[1]
            b.emit("MarkSet", {"key": key, "value": None}, ["epic.door_order"])
            if s.active.name == player and not s.player(player).dead:
                apply_doors(b, player, [c for c in value if c in s.player(player).hand])


# -- the cleric's miracle ------------------------------------------------------
def cheapest(s: GameState, cards: list[str], n: int) -> list[str]:
    """The `n` cards worth the least gold: what a bot pays a power with."""
    return sorted(cards, key=lambda c: (card(s, c).gold or 0, c))[:n]


def two_cards(s: GameState, a: Action, rule: str, why: str) -> None:
    """The action's `cards` are two different cards its player owns: what a power costs."""
    p = parse(a, CardsParams)
    require(p is not None and len(p.cards) == 2 and len(set(p.cards)) == 2, rule, why)
    assert p is not None  # for the type checker: just required
    for cid in p.cards:
        owned(s, Action(a.name, a.player, {"card": cid}))


@move
class Miracle(Move):
    """An Epic cleric discards two cards (hand or table) to take the top treasure face down."""

    name = "epic_miracle"
    module = NAME
    when = ("turn",)
    anytime = OPEN
    anytime_rule = "epic.cleric"
    exact = True

    def _ok(self, s: GameState, player: str) -> bool:
        p = s.player(player)
        return is_epic(s, p) and not p.dead and "cleric" in classes(s, p)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        if NAME not in s.modules or not self._ok(s, player):
            return
        hand = s.player(player).hand
        if len(hand) >= 2 and (s.decks["treasure"] or s.discards["treasure"]):
            yield act(self.name, player, cards=cheapest(s, hand, 2))

    def check(self, s: GameState, a: Action) -> None:
        require(self._ok(s, a.player), "epic.cleric", f"{a.player} is not an Epic cleric.")
        two_cards(s, a, "epic.cleric", "a miracle costs two different cards.")

    def run(self, b: Builder, a: Action) -> None:
        for cid in params(a, CardsParams).cards:
            discard(b, a.player, cid, "paid for a miracle", ["epic.cleric"])
        got = draw(b, a.player, "treasure", "down", "miracle", ["epic.cleric"])
        if got is not None and _usable(b.s, a.player, got):
            payload = {"player": a.player, "kind": GIFT, "card": got}
            b.emit("DecisionRequired", payload, ["epic.cleric"])


GIFT = "epic_miracle_card"  # the decision: play at once the item a miracle brought, or keep it


def _usable(s: GameState, player: str, cid: str) -> bool:
    """Whether the miracle's card is an item its cleric can use and may put in play now (a limit
    aside, "Si es algo que puedas usar"): other treasures keep their own timing."""
    p = s.player(player)
    return (
        cid in p.hand
        and card(s, cid).kind == "item"
        and item_usable(s, p, cid)
        and playable_on_table(s, player, cid)
    )


def _gift(s: GameState, player: str) -> str | None:
    """The card of the player's waiting choice to play a miracle's item at once, if any."""
    d = s.pending[0] if s.pending else None
    return str(d["card"]) if d and d.get("kind") == GIFT and d.get("player") == player else None


@move
class PlayMiracle(Move):
    """000: 'Si es algo que puedas usar, puedes jugar la carta inmediatamente': the item a miracle
    brought goes into play at once, even in a fight or out of turn."""

    name = "epic_miracle_play"
    module = NAME
    when = ("pending:" + GIFT,)
    exact = True

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        cid = _gift(s, player)
        if cid is not None and _usable(s, player, cid):
            yield act(self.name, player, card=cid)

    def check(self, s: GameState, a: Action) -> None:
        cid = _gift(s, a.player)
        require(cid is not None, "epic.cleric", "no treasure from a miracle is waiting to be played.")
        got = parse(a, CardParams)
        require(got is not None and got.card == cid, "epic.cleric", "play the treasure the miracle brought.")
        assert cid is not None  # for the type checker: just required
        require(_usable(s, a.player, cid), "epic.cleric", f"{a.player} cannot use {card(s, cid).name} now.")

    def run(self, b: Builder, a: Action) -> None:
        b.emit("DecisionMade", {"player": a.player, "kind": GIFT}, ["epic.cleric"])
        place(b, a.player, params(a, CardParams).card, ["epic.cleric"])
        reopen_if_fighting(b, a.player)  # a new item in a fight: everyone gets a new last chance
        advance(b)


@move
class KeepMiracle(_Settle):
    """Keep the miracle's item in the hand, to play it when the usual timing allows."""

    name = "epic_miracle_keep"
    when = ("pending:" + GIFT,)
    kind = GIFT
    rule = "epic.cleric"


# -- the thief's steal from the shadows ------------------------------------------
def _stolen_turn(s: GameState, player: str) -> bool:
    return s.marks.get(f"epic.thief:{player}") == s.turn


def pick_one(b: Builder, player: str, n: int) -> int:
    """A fair pick among `n` cards with six-sided dice, every roll recorded: k dice read as one
    number in base 6, rolled again while it falls beyond `n` (one card: no roll)."""
    k = 0
    while 6**k < n:
        k += 1
    while True:
        value = 0
        for _ in range(k):
            value = value * 6 + b.roll(player, "shadow_steal", ["epic.thief"]) - 1
        if value < n:
            return value


@move
class ShadowSteal(Move):
    """An Epic thief discards a card from hand to take a random card from another player's hand."""

    name = "epic_shadow_steal"
    module = NAME
    when = ("turn",)
    exact = True

    def _ok(self, s: GameState, player: str) -> bool:
        p = s.player(player)
        return (
            s.combat is None
            and s.active.name == player
            and is_epic(s, p)
            and "thief" in classes(s, p)
            and not _stolen_turn(s, player)
            and bool(p.hand)
        )

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        if NAME not in s.modules or not self._ok(s, player):
            return
        cheap = min(s.player(player).hand, key=lambda c: (card(s, c).gold or 0, c))
        for q in s.players:
            if q.name != player and not q.dead and q.hand:
                yield act(self.name, player, card=cheap, target=q.name)

    def check(self, s: GameState, a: Action) -> None:
        p = s.player(a.player)
        require(is_epic(s, p) and "thief" in classes(s, p), "epic.thief", f"{a.player} is not an Epic thief.")
        require(
            s.combat is None and s.active.name == a.player,
            "epic.thief",
            "only on your own turn, out of combat.",
        )
        require(not _stolen_turn(s, a.player), "epic.thief", f"{a.player} has stolen this turn already.")
        in_hand(s, a)
        t = target(s, a)
        require(t != a.player and not s.player(t).dead, "epic.thief", f"{a.player} cannot steal from {t}.")
        require(bool(s.player(t).hand), "epic.thief", f"{t} has no cards in hand.")

    def run(self, b: Builder, a: Action) -> None:
        s, p = b.s, params(a, StealParams)
        t = p.target
        b.emit("MarkSet", {"key": f"epic.thief:{a.player}", "value": s.turn}, ["epic.thief"])
        discard(b, a.player, p.card, "paid for a steal", ["epic.thief", "ability.discard_cost"])
        hand = s.player(t).hand
        cid = hand[pick_one(b, a.player, len(hand))]
        payload = {"from_player": t, "to_player": a.player, "card": cid, "reason": "steal"}
        give(b, payload, ["epic.thief"])


# -- the elf's arrows ---------------------------------------------------------------
ARROWS = 2  # an Epic elf's arrows a turn, -2 each


def _arrows_shot(s: GameState, player: str) -> int:
    got = s.marks.get(f"epic.arrows:{player}")
    return int(got[1]) if isinstance(got, list) and got[0] == s.turn else 0


@move
class Arrow(Move):
    """An Epic elf outside a combat discards a card to give either side -2 (two arrows a turn)."""

    name = "epic_arrow"
    module = NAME
    anytime = ("combat",)
    anytime_rule = "epic.elf"
    exact = True

    def _ok(self, s: GameState, player: str) -> bool:
        c, p = s.combat, s.player(player)
        return (
            c is not None
            and c.stage == "fight"
            and player not in (c.fighter, c.helper)
            and is_epic(s, p)
            and "elf" in races(s, p)
            and _arrows_shot(s, player) < ARROWS
            and bool(p.hand)
            and bool(c.monsters)
        )

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        if NAME not in s.modules or not self._ok(s, player):
            return
        cheap = min(s.player(player).hand, key=lambda c: (card(s, c).gold or 0, c))
        yield act(self.name, player, card=cheap, side="monsters")
        for f in (s.fight.fighter, s.fight.helper):
            if f is not None:
                yield act(self.name, player, card=cheap, side="players", target=f)

    def check(self, s: GameState, a: Action) -> None:
        p = s.player(a.player)
        require(is_epic(s, p) and "elf" in races(s, p), "epic.elf", f"{a.player} is not an Epic elf.")
        c = s.combat
        require(c is not None and c.stage == "fight", "epic.elf", "arrows are shot into a fight.")
        assert c is not None  # for the type checker: just required
        require(a.player not in (c.fighter, c.helper), "epic.elf", "only into a fight you are not in.")
        require(_arrows_shot(s, a.player) < ARROWS, "epic.elf", f"{a.player} has shot two arrows this turn.")
        require(bool(c.monsters), "epic.elf", "no monster is left in the fight.")
        owned(s, a)  # a card from the hand or one in play, as a race's power is paid
        shot = parse(a, ArrowParams)
        side = shot.side if shot is not None else None
        require(side in ("players", "monsters"), "epic.elf", "an arrow hits the players or the monsters.")
        if shot is not None and side == "players":
            require(shot.target in (c.fighter, c.helper), "epic.elf", "hit a fighter or the helper.")

    def run(self, b: Builder, a: Action) -> None:
        s = b.s
        shot = [s.turn, _arrows_shot(s, a.player) + 1]
        b.emit("MarkSet", {"key": f"epic.arrows:{a.player}", "value": shot}, ["epic.elf"])
        p = params(a, ArrowParams)
        discard(b, a.player, p.card, "an arrow", ["epic.elf", "ability.discard_cost"])
        players = p.side == "players"
        mod = {
            "card": None,
            "side": p.side,
            "target": p.target if players else s.fight.monsters[0]["card"],
            "amount": -2,
            "by": a.player,
            "source": "arrow",
            "label": f"arrow by {a.player}",
        }
        b.emit("ModifierPlayed", mod, ["epic.elf"])
        reopen(b, a.player)


# -- the wizard's escape from a curse ------------------------------------------------
CURSE = "epic_curse_escape"  # the decision an Epic wizard gets when a curse reaches them


@CURSE_HITS.register(NAME)
def wizard_answers(b: Builder, victim: str, cid: str, by: str, rules: Iterable[str]) -> bool:
    """An Epic wizard with cards in hand may try to run from a curse before it lands."""
    p = b.s.player(victim)
    if not (is_epic(b.s, p) and "wizard" in classes(b.s, p) and p.hand):
        return False
    payload = {"player": victim, "kind": CURSE, "curse": cid, "by": by, "rules": list(rules)}
    b.emit("DecisionRequired", payload, ["epic.wizard"])
    return True


def _curse_waiting(s: GameState, player: str) -> dict[str, Any] | None:
    pend = s.pending[0] if s.pending else None
    return pend if pend and pend.get("kind") == CURSE and pend.get("player") == player else None


def _settle(b: Builder, player: str, lands: bool) -> None:
    """The wizard's answer is final: the curse lands, or is discarded having missed."""
    pend = dict(b.s.pending[0])
    b.emit("DecisionMade", {"player": player, "kind": CURSE}, ["epic.wizard"])
    if lands:
        curse_lands(b, player, pend["curse"], pend["by"], pend["rules"])
    else:
        discard(b, pend["by"], pend["curse"], "escaped", ["epic.wizard"])
    reopen_if_fighting(b, pend["by"])
    advance(b)


class _CurseAnswer(Move):
    """An answer to the curse waiting for an Epic wizard."""

    when = ("pending:" + CURSE,)
    module = NAME
    exact = True

    def check(self, s: GameState, a: Action) -> None:
        require(_curse_waiting(s, a.player) is not None, "epic.wizard", "no curse is waiting for an answer.")


@move
class EscapeCurse(_CurseAnswer):
    """Discard a card and roll to run from the curse: 5 or 6 escapes it, else try again or suffer it."""

    name = "epic_escape_curse"

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        if _curse_waiting(s, player) and s.player(player).hand:
            cheap = min(s.player(player).hand, key=lambda c: (card(s, c).gold or 0, c))
            yield act(self.name, player, card=cheap)

    def check(self, s: GameState, a: Action) -> None:
        super().check(s, a)
        in_hand(s, a)

    def run(self, b: Builder, a: Action) -> None:
        discard(
            b,
            a.player,
            params(a, CardParams).card,
            "ran from a curse",
            ["epic.wizard", "ability.discard_cost"],
        )
        roll = b.roll(a.player, "curse_escape", ["epic.wizard"])
        if roll >= ruleset_of(b.s).escape_on:
            _settle(b, a.player, lands=False)
        # else the decision stays: another card, or suffer the curse


@move
class SufferCurse(_CurseAnswer):
    """Give up running: the curse lands as it would have."""

    name = "epic_suffer_curse"

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        if _curse_waiting(s, player):
            yield act(self.name, player)

    def run(self, b: Builder, a: Action) -> None:
        _settle(b, a.player, lands=True)


# -- the halfling's market ---------------------------------------------------------
MARKET = 2  # items an Epic halfling sells at double value a turn


def _doubled_this_turn(s: GameState, player: str) -> int:
    got = s.marks.get(f"epic.market:{player}")
    return int(got[1]) if isinstance(got, list) and got[0] == s.turn else 0


def _market(s: GameState, p: Player) -> bool:
    return is_epic(s, p) and "halfling" in races(s, p)


@SALE_VALUE.register(NAME)
def market_value(s: GameState, name: str, cards: list[str]) -> int | None:
    """An Epic halfling's two dearest items of the turn sell for double."""
    if not _market(s, s.player(name)):
        return None
    golds = sorted((card(s, c).gold or 0 for c in cards), reverse=True)
    left = max(0, MARKET - _doubled_this_turn(s, name))
    return sum(golds) + sum(golds[:left])


@AFTER_ACTION.register(NAME)
def market_count(b: Builder, a: Action) -> None:
    """Count the items an Epic halfling has sold at double this turn."""
    s = b.s
    if a.name != "sell" or not _market(s, s.player(a.player)):
        return
    used = _doubled_this_turn(s, a.player)
    doubled = min(MARKET, used + len(params(a, CardsParams).cards))
    if doubled > used:
        b.emit("MarkSet", {"key": f"epic.market:{a.player}", "value": [s.turn, doubled]}, ["epic.halfling"])


# -- Epic steeds ------------------------------------------------------------------------
STEED = "epic.steed"  # mark: player -> True while an Epic character rides a steed
DROP = "epic_drop_big_item"  # the decision of one who lost the Epic steed's extra big item


def _rides(s: GameState, p: Player) -> bool:
    """Whether `p` rides a steed (a card of kind `steed`, which a steeds module brings, or a
    monster an Epic ranger tamed: see animals.py)."""
    return (
        any(card(s, c).kind == "steed" for c in p.equipped + p.carried) or f"epic.tamed:{p.name}" in s.marks
    )


@ABILITIES.register(NAME)
def epic_steed(s: GameState, p: Player, key: str) -> list[Any]:
    """An Epic character's steed is Epic too: one more big item."""
    if key == "extra_big_item" and p.level >= EPIC_FROM and _rides(s, p):
        return [True]
    return []


@AFTER_ACTION.register(NAME)
def steed_status(b: Builder, a: Action) -> None:
    """Note who rides an Epic steed; one who stops (no longer Epic, or no steed) and holds more big
    items than now allowed chooses which to discard."""
    s = b.s
    for p in s.players:
        key = f"{STEED}:{p.name}"
        rides = not p.dead and p.level >= EPIC_FROM and _rides(s, p)
        if rides == bool(s.marks.get(key)):
            continue
        b.emit("MarkSet", {"key": key, "value": True if rides else None}, ["epic.steed"])
        if not rides and not p.dead and _over(s, p.name) and not _dropping(s, p.name):
            payload = {"player": p.name, "kind": DROP, "options": big_items(s, p.name)}
            b.emit("DecisionRequired", payload, ["epic.steed_lost"])


def _over(s: GameState, name: str) -> bool:
    return len(big_items(s, name)) > big_item_limit(s, name)


def _dropping(s: GameState, name: str) -> bool:
    return any(d.get("kind") == DROP and d.get("player") == name for d in s.pending)


@move
class DropBigItem(Move):
    """Discard a big item of your choice, one for each beyond the limit once the Epic steed is gone."""

    name = DROP
    module = NAME
    when = ("pending:" + DROP,)
    exact = True

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        pend = s.pending[0] if s.pending else None
        if pend and pend.get("kind") == DROP and pend.get("player") == player:
            for cid in big_items(s, player):
                yield act(self.name, player, card=cid)

    def check(self, s: GameState, a: Action) -> None:
        pend = s.pending[0] if s.pending else None
        require(
            pend is not None and pend.get("kind") == DROP and pend.get("player") == a.player,
            "epic.steed_lost",
            "no big item is waiting to be discarded.",
        )
        p = parse(a, CardParams)
        require(
            p is not None and p.card in big_items(s, a.player),
            "epic.steed_lost",
            "discard one of your big items.",
        )

    def run(self, b: Builder, a: Action) -> None:
        b.emit("DecisionMade", {"player": a.player, "kind": DROP}, ["epic.steed_lost"])
        discard(b, a.player, params(a, CardParams).card, "too many big items", ["epic.steed_lost"])
        if _over(b.s, a.player):
            payload = {"player": a.player, "kind": DROP, "options": big_items(b.s, a.player)}
            b.emit("DecisionRequired", payload, ["epic.steed_lost"])
        advance(b)


# the expansions' epic powers, then the human's pet and the ranger's tamed steed (animals.py imports
# with_expansions first), register their hooks and moves
from . import animals, with_expansions  # noqa: E402, F401
