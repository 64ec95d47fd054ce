"""What the expansions module does in the engine: the new races' and classes' powers, the room
their cheat cards give, and enhancers sitting on a race, a class or an item.

An enhancer in play is an attachment (`Player.attachments`: card -> the card it sits on), as a
Cheat! is: it leaves play with what it sits on (`flow.detach`), and nothing moves it elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from munchkin_nb.engine.kit import (
    ABILITIES,
    AFTER_ACTION,
    MAY_ATTACH,
    PLAYER_TERMS,
    REWARD_BONUS,
    Action,
    Builder,
    CardParams,
    Combat,
    Drawn,
    GameState,
    Move,
    Player,
    Term,
    abilities,
    act,
    advance,
    breakdown,
    card,
    counting_items,
    discard,
    effects,
    handles,
    identity_room,
    in_hand,
    items_ignored,
    level_only,
    move,
    params,
    parse,
    payload,
    reopen,
    require,
)

from . import ENHANCES, NAME

ILLUSION = "expansions.illusion"  # mark: the turn a gnome last cast an illusion
LUCK = "bardic_luck"  # the decision a lucky bard gets: which treasure to discard
RULE_OF = {
    "race_enhancer": "expansions.enhancers",
    "class_enhancer": "expansions.enhancers",
    "item_enhancer": "expansions.item_enhancer",
}


# -- enhancers ------------------------------------------------------------------------
def enhancers(s: GameState, p: Player) -> list[tuple[str, str]]:
    """The player's enhancers in play, each with the card it sits on."""
    return [(att, on) for att, on in p.attachments.items() if card(s, att).kind in ENHANCES]


def counts(s: GameState, p: Player, att: str, on: str) -> bool:
    """Whether an enhancer helps now: its race or class still in play, its item counting."""
    zone = ENHANCES[card(s, att).kind]
    if zone == "items":
        return not items_ignored(s, p) and on in counting_items(s, p)
    return on in getattr(p, zone)


def bases(s: GameState, p: Player, kind: str) -> list[str]:
    """The cards of `p` in play that an enhancer of this kind may be played on."""
    zone = ENHANCES[kind]
    return p.equipped + p.carried if zone == "items" else list(getattr(p, zone))


def refusal(s: GameState, player: str, cid: str, on: object) -> tuple[str, str] | None:
    """Why the enhancer cannot go on that card now (rule, sentence), or None when it can."""
    p, c = s.player(player), card(s, cid)
    rule = RULE_OF[c.kind]
    if on not in bases(s, p, c.kind):
        what = {"races": "race", "classes": "class", "items": "item"}[ENHANCES[c.kind]]
        return rule, f"{c.name} goes on a {what} card {player} has in play."
    why = MAY_ATTACH.first(s, player, cid, on)  # another module's card may refuse it (a steed)
    if why is not None:
        return why
    if c.kind != "item_enhancer" and any(
        card(s, att).name == c.name for att, _ in enhancers(s, p) if card(s, att).kind != "item_enhancer"
    ):
        return "expansions.enhancer_names", f"{player} already has a {c.name} card in play."
    return None


@PLAYER_TERMS.register(NAME)
@handles("effect", "strength")
def enhancer_terms(s: GameState, name: str, c: Combat) -> list[Term]:
    """Each enhancer's bonus on the side of the player it helps."""
    p = s.player(name)
    if level_only(s, c):
        return []
    out = []
    for att, on in enhancers(s, p):
        amount = sum(int(v) for v in effects(card(s, att), "strength"))
        if amount and counts(s, p, att, on):
            label = f"{card(s, att).name} ({card(s, on).name})"
            out.append(Term("players", label, amount, att, RULE_OF[card(s, att).kind], name))
    return out


@ABILITIES.register(NAME)
@handles("effect", "carry_big")
def granted(s: GameState, p: Player, key: str) -> list[Any]:
    """What enhancers add to a race's or class's run-away bonus; a centaur's room for big items."""
    if key == "run_away":
        return [
            v
            for att, on in enhancers(s, p)
            if counts(s, p, att, on)
            for v in effects(card(s, att), "run_away")
            if isinstance(v, int)
        ]
    if key == "extra_big_item":
        room = [v for cid in p.races + p.classes for v in effects(card(s, cid), "carry_big")]
        return [True for v in room for _ in range(int(v))]
    return []


@dataclass(frozen=True)
class Enhancement:
    """An enhancer played on a card in play: the enhancer, and the card it goes on."""

    card: str
    onto: str


@move
class Enhance(Move):
    """Play a race, class or item enhancer from hand onto a card of yours in play."""

    name = "enhance"
    module = NAME
    when = ("turn",)
    exact = True
    hand_kinds = frozenset(ENHANCES)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        if s.combat is not None or s.active.name != player:
            return
        p = s.player(player)
        for cid in p.hand:
            kind = card(s, cid).kind
            if kind in ENHANCES:
                for on in bases(s, p, kind):
                    if refusal(s, player, cid, on) is None:
                        yield act(self.name, player, card=cid, onto=on)

    def check(self, s: GameState, a: Action) -> None:
        cid = in_hand(s, a)
        kind = card(s, cid).kind
        require(kind in ENHANCES, "expansions.enhancers", f"{card(s, cid).name} is not an enhancer.")
        require(
            s.combat is None and s.active.name == a.player,
            RULE_OF[kind],
            "an enhancer is played on your own turn, out of combat.",
        )
        onto = parse(a, Enhancement)
        why = refusal(s, a.player, cid, onto.onto if onto is not None else None)
        require(why is None, *(why or ("", "")))

    def run(self, b: Builder, a: Action) -> None:
        p = params(a, Enhancement)
        cid, on = p.card, p.onto
        payload = {"player": a.player, "card": cid, "into": "attachments", "on": on}
        rules = [RULE_OF[card(b.s, cid).kind]]
        if card(b.s, cid).kind == "item_enhancer":
            rules.append("expansions.item_enhancer_stays")
        b.emit("CardPlayed", payload, rules)


# -- the cheat cards' room ------------------------------------------------------------
@AFTER_ACTION.register(NAME)
def keep_in_room(b: Builder, a: Action) -> None:
    """A character with more races or classes than their cheat card (or none) allows drops the newest."""
    for p in b.s.players:
        for zone, cheat in (("races", "half_breed"), ("classes", "super_munchkin")):
            while len(getattr(p, zone)) > identity_room(b.s, getattr(p, cheat)):
                newest = getattr(p, zone)[-1]
                discard(b, p.name, newest, "no room for it", ["expansions.cheat_room"])


# -- orc and bard: what a win gives -----------------------------------------------------
@REWARD_BONUS.register(NAME)
@handles("effect", "overkill_level", "bardic_luck")
def win_rewards(s: GameState, c: Combat, levels: int) -> tuple[int, int, list[str]]:
    """An orc's extra level for a win by 10 or more; a bard's extra treasure for a win alone."""
    if not c.monsters or not levels:
        return 0, 0, []
    bd = breakdown(s, c)
    if not bd.players_win:
        return 0, 0, []
    fighter = s.player(c.fighter)
    more_levels, more_treasures, why = 0, 0, []
    if any(isinstance(v, int) and bd.margin >= v for v in abilities(s, fighter, "overkill_level")):
        more_levels, why = 1, ["expansions.orc"]
    lucky = abilities(s, fighter, "bardic_luck") if not c.helper else []
    if lucky:
        # one treasure more (and one to discard) per grant; a grant given as a rule id names who gave it
        more_treasures = len(lucky)
        why += ["expansions.bard"] + [v for v in lucky if isinstance(v, str)]
    return more_levels, more_treasures, why


@AFTER_ACTION.register(NAME)
def bardic_luck(b: Builder, a: Action) -> None:
    """After a lucky bard's treasures are drawn, the bard discards one treasure card of their choice."""
    won = [e for e in b.events if e.type == "CombatWon" and "expansions.bard" in e.rules]
    if not won or b.s.winners:
        return
    at = b.events.index(won[-1])
    lucky = [r for r in won[-1].rules if r.endswith(".bard")]  # one discard per luck rule cited
    treasures = [payload(e, Drawn) for e in b.events[at:] if e.type == "CardDrawn"]
    drawn = [d.player for d in treasures if d.reason == "monster_treasure" and d.player is not None]
    if drawn:
        _ask(b, drawn[0], len(lucky), lucky)


def _ask(b: Builder, player: str, count: int, rules: list[str]) -> None:
    """Ask the bard for the next treasure to discard, while any is owed and in hand."""
    if count > 0 and _treasures(b.s, player):
        payload = {"player": player, "kind": LUCK, "count": count, "rules": rules}
        b.emit("DecisionRequired", payload, rules)


def _treasures(s: GameState, player: str) -> list[str]:
    return [c for c in s.player(player).hand if card(s, c).deck == "treasure"]


@move
class BardicLuckDiscard(Move):
    """The lucky bard discards one treasure card from hand."""

    name = "bardic_luck_discard"
    module = NAME
    when = ("pending:" + LUCK,)
    exact = True

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        if s.pending and s.pending[0].get("kind") == LUCK and s.pending[0]["player"] == player:
            for cid in sorted(_treasures(s, player), key=lambda c: (card(s, c).gold or 0, c)):
                yield act(self.name, player, card=cid)

    def check(self, s: GameState, a: Action) -> None:
        pend = s.pending[0] if s.pending else {}
        require(
            pend.get("kind") == LUCK and pend.get("player") == a.player,
            "expansions.bard",
            f"{a.player} has no treasure to discard for Bardic Luck.",
        )
        cid = in_hand(s, a)
        require(card(s, cid).deck == "treasure", "expansions.bard", "Bardic Luck discards a treasure card.")

    def run(self, b: Builder, a: Action) -> None:
        pend = b.s.pending[0]
        rules = list(pend.get("rules") or ["expansions.bard"])
        b.emit("DecisionMade", {"player": a.player, "kind": LUCK}, rules)
        discard(b, a.player, params(a, CardParams).card, "Bardic Luck", rules)
        _ask(b, a.player, int(pend.get("count", 1)) - 1, rules)
        advance(b)


# -- the gnome's illusion -----------------------------------------------------------
@handles("effect", "illusion")
def may_cast(s: GameState, player: str) -> bool:
    """A gnome fighting (or helping) in a fight, who has cast no illusion this turn."""
    c = s.combat
    return (
        c is not None
        and c.stage == "fight"
        and player in (c.fighter, c.helper)
        and bool(abilities(s, s.player(player), "illusion"))
        and s.marks.get(f"{ILLUSION}:{player}") != s.turn
    )


@move
class Illusion(Move):
    """A fighting gnome discards a monster card from hand: its printed level joins their side."""

    name = "gnome_illusion"
    module = NAME
    anytime = ("combat",)
    anytime_rule = "expansions.gnome"
    exact = True
    hand_kinds = frozenset({"monster"})

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        if not may_cast(s, player):
            return
        for cid in s.player(player).hand:
            if card(s, cid).kind == "monster":
                yield act(self.name, player, card=cid)

    def check(self, s: GameState, a: Action) -> None:
        require(
            may_cast(s, a.player),
            "expansions.gnome",
            f"{a.player} is not a gnome in this fight, or has cast an illusion this turn.",
        )
        cid = in_hand(s, a)
        require(card(s, cid).kind == "monster", "expansions.gnome", "an illusion is a monster card.")

    def run(self, b: Builder, a: Action) -> None:
        cid = params(a, CardParams).card
        level = card(b.s, cid).level or 0
        b.emit("MarkSet", {"key": f"{ILLUSION}:{a.player}", "value": b.s.turn}, ["expansions.gnome"])
        discard(b, a.player, cid, "an illusion", ["expansions.gnome"])
        mod = {
            "card": None,
            "side": "players",
            "target": a.player,
            "amount": level,
            "by": a.player,
            "source": "illusion",
            "label": f"illusion of {card(b.s, cid).name}",
        }
        b.emit("ModifierPlayed", mod, ["expansions.gnome"])
        reopen(b, a.player)
