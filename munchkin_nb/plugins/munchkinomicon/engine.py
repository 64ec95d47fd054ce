"""What the Munchkinomicon does in the engine: where the book goes, its spells, its moves and hooks.

The book is an item (+5). Monster enhancers played on it are attached to it (`Player.attachments`)
and go with it to every new owner. While its owner is dead it waits on the table
(`GameState.table`) with what is attached to it, for the player it goes to when they come back
(the marks `munchkinomicon.waits` and `munchkinomicon.attached`). Most of its travels are answers to
what an action did, so they are read from the action's events in one `after_action` hook.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from munchkin_nb.engine.kit import (
    AFTER_ACTION,
    ATTACHMENTS_FOLLOW,
    DISCARD_PILE,
    GAME_SETUP,
    MAY_UNEQUIP,
    OPEN,
    PLAYER_TERMS,
    SET_ASIDE,
    Action,
    Builder,
    CardParams,
    Combat,
    Cursed,
    Discarded,
    Drawn,
    Event,
    GameState,
    Given,
    Move,
    Term,
    Whose,
    act,
    card,
    change_level,
    discard,
    draw,
    end_looting,
    enhancer_value,
    move,
    params,
    parse,
    payload,
    reopen_if_fighting,
    require,
)

from . import BOOK, NAME, SPELLS

WAITS = f"{NAME}.waits"  # mark: the dead player the book waits for on the table
ATTACHED = f"{NAME}.attached"  # mark: what was played on it, waiting on the table with it
BACK = f"{NAME}.back"  # mark: the turn it went back on top of the treasure deck
ENHANCER_BONUS = 3  # a monster enhancer played on the book (our reading of 000)
SACRIFICED_CARDS = 3


def holder(s: GameState) -> str | None:
    """The player who has the book (in hand, equipped or carried), if anyone."""
    for p in s.players:
        if BOOK in p.equipped or BOOK in p.carried or BOOK in p.hand:
            return p.name
    return None


def in_play(s: GameState) -> bool:
    """Whether the book is in play: in front of a player, or on the table waiting for the dead."""
    return BOOK in s.table or any(BOOK in p.equipped or BOOK in p.carried for p in s.players)


def attached(s: GameState) -> list[str]:
    """What was played on the book (its enhancements), wherever it is."""
    on_table = s.marks.get(ATTACHED) or []
    return [a for p in s.players for a, on in p.attachments.items() if on == BOOK] + list(on_table)


def spell(b: Builder, player: str, rules: list[str]) -> None:
    """The book whispers a spell: one from the spell deck, face down."""
    draw(b, player, SPELLS, "down", "munchkinomicon", [*rules, "munchkinomicon.spell_deck"])


def take(b: Builder, to: str, rules: list[str]) -> None:
    """The book (and what was played on it) goes to `to`, equipped; a spell comes with it."""
    s = b.s
    src = holder(s)
    enh = attached(s)
    if src is not None and src != to:
        b.emit(
            "CardGiven",
            {"from_player": src, "to_player": to, "card": BOOK, "reason": "munchkinomicon", "to": "equipped"},
            rules,
        )
    elif src is None:
        b.emit("CardPlayed", {"player": to, "card": BOOK, "into": "equipped"}, rules)
    for a in enh:
        b.emit(
            "CardPlayed",
            {"player": to, "card": a, "into": "attachments", "on": BOOK},
            ["munchkinomicon.bonus"],
        )
    for key in (WAITS, ATTACHED):
        if key in s.marks:
            b.emit("MarkSet", {"key": key, "value": None}, rules)
    spell(b, to, ["munchkinomicon.spell_on_receipt"])
    reopen_if_fighting(b, to)


# -- hooks ------------------------------------------------------------------------------------
@GAME_SETUP.register(NAME)
def on_top(b: Builder) -> None:
    """After the deal (which set it aside), the book goes on top of the treasure deck."""
    deck = b.s.decks["treasure"]
    if BOOK in deck:
        order = [BOOK] + [c for c in deck if c != BOOK]
        b.emit("DeckShuffled", {"deck": "treasure", "order": order}, ["munchkinomicon.start"])


@SET_ASIDE.register(NAME)
def not_now(s: GameState, deck: str) -> list[str]:
    """Not dealt at the start, and not drawn again in the turn it was sold or discarded."""
    if deck == "treasure" and (s.phase == "setup" or s.marks.get(BACK) == s.turn):
        return [BOOK]
    return []


@DISCARD_PILE.register(NAME)
def back_on_top(s: GameState, cid: str) -> str | None:
    """Sold or discarded, the book goes back on top of the treasure deck."""
    return "top:treasure" if cid == BOOK else None


@ATTACHMENTS_FOLLOW.register(NAME)
def follows(s: GameState, item: str) -> bool:
    """What was played on the book keeps its value when the book changes hands."""
    return item == BOOK


@MAY_UNEQUIP.register(NAME)
def never_sideways(s: GameState, player: str, cid: str) -> tuple[str, str] | None:
    if cid == BOOK:
        return ("munchkinomicon.equip", "the Munchkinomicon is never carried sideways.")
    return None


@PLAYER_TERMS.register(NAME)
def enhanced(s: GameState, name: str, c: Combat) -> list[Term]:
    """Each monster enhancer played on the book: +3 for whoever has it equipped. Only those: an
    item enhancer on it counts as on any item, a Cheat! on it counts nothing."""
    p = s.player(name)
    if BOOK not in p.equipped:
        return []
    return [
        Term(
            "players",
            f"{card(s, a).name} on the Munchkinomicon",
            ENHANCER_BONUS,
            a,
            "munchkinomicon.bonus",
            name,
        )
        for a, on in p.attachments.items()
        if on == BOOK and card(s, a).kind == "monster_enhancer"
    ]


@AFTER_ACTION.register(NAME)
def travels(b: Builder, a: Action) -> None:
    """Where the book goes after what the action did, in the order 000 gives its reasons."""
    s = b.s
    events = list(b.events)
    if not s.winners:
        _back(b, events)
        _deaths(b, events)
        got = _revivals(b, events) | _curses(b, events) | _received(b, events)
        _turn_spell(b, events, got)


def _back(b: Builder, events: list[Event]) -> None:
    if any(e.type == "CardDiscarded" and payload(e, Discarded).card == BOOK for e in events):
        b.emit(
            "MarkSet",
            {"key": BACK, "value": b.s.turn},
            ["munchkinomicon.back_on_top", "munchkinomicon.not_again"],
        )


def _deaths(b: Builder, events: list[Event]) -> None:
    """The book goes to whoever dies: it waits on the table until they come back."""
    s = b.s
    died = [payload(e, Whose).player for e in events if e.type == "PlayerDied"]
    if not died or not in_play(s):
        return
    to = died[0]
    while len(died) > 1:  # two at once: the higher roll has it (ties roll again)
        rolls = {n: b.roll(n, "the Munchkinomicon", ["munchkinomicon.dies"]) for n in died}
        best = max(rolls.values())
        died = [n for n in died if rolls[n] == best]
        to = died[0]
    src, enh = holder(s), attached(s)
    if BOOK not in s.table:
        b.emit("CardPlayed", {"player": src, "card": BOOK, "into": "table"}, ["munchkinomicon.dies"])
        for x in enh:
            b.emit("CardPlayed", {"player": src, "card": x, "into": "table"}, ["munchkinomicon.dies"])
        b.emit("MarkSet", {"key": ATTACHED, "value": enh or None}, ["munchkinomicon.dies"])
    b.emit("MarkSet", {"key": WAITS, "value": to}, ["munchkinomicon.dies"])
    if src is not None:
        _unstick(b, src)


def _unstick(b: Builder, dead: str) -> None:
    """A body left with nothing to loot once the book went: its looters have nothing to choose,
    and the game goes on as after the last card looted."""
    s, p = b.s, b.s.player(dead)
    if not p.dead or p.hand or p.equipped or p.carried or p.attachments:
        return
    if s.pending and s.pending[0]["kind"] == "loot_the_body" and s.pending[0]["dead"] == dead:
        end_looting(b, dead, ["munchkinomicon.dies"])


def _revivals(b: Builder, events: list[Event]) -> set[str]:
    s = b.s
    back = [payload(e, Whose).player for e in events if e.type == "PlayerRevived"]
    to = s.marks.get(WAITS)
    if isinstance(to, str) and to in back and BOOK in s.table and not s.player(to).dead:
        take(b, to, ["munchkinomicon.dies"])
        return {to}
    return set()


def _curses(b: Builder, events: list[Event]) -> set[str]:
    got: set[str] = set()
    for e in events:
        if e.type != "CurseApplied":
            continue
        by = payload(e, Cursed).by
        if (
            by
            and by != payload(e, Cursed).player
            and in_play(b.s)
            and holder(b.s) != by
            and not b.s.player(by).dead
        ):
            take(b, by, ["munchkinomicon.curse"])
            got.add(by)
    return got


def _received(b: Builder, events: list[Event]) -> set[str]:
    """The book came by the core's ways (drawn, looted, given, traded): equipped at once, and a spell
    unless it came in a trade."""
    s = b.s
    who = holder(s)
    if who is None or BOOK in s.player(who).equipped:
        return set()
    via = None
    for e in events:
        if e.type == "CardDrawn" and payload(e, Drawn).card == BOOK:
            via = "deck"
        elif e.type == "CardGiven" and payload(e, Given).card == BOOK:
            via = payload(e, Given).reason
    rules = ["munchkinomicon.equip"] + (["munchkinomicon.no_spell_on_trade"] if via == "trade" else [])
    if BOOK in s.player(who).hand:
        b.emit("CardPlayed", {"player": who, "card": BOOK, "into": "equipped"}, rules)
    else:
        b.emit("ItemEquipped", {"player": who, "card": BOOK, "equipped": True}, rules)
    if via is not None and via != "trade":
        spell(b, who, ["munchkinomicon.spell_on_receipt"])
        return {who}
    return set()


def _turn_spell(b: Builder, events: list[Event], got: set[str]) -> None:
    for e in events:
        if e.type == "TurnStarted":
            name = payload(e, Whose).player
            if name not in got and BOOK in b.s.player(name).equipped:
                spell(b, name, ["munchkinomicon.spell_each_turn"])


# -- moves ------------------------------------------------------------------------------------
def _cheapest(s: GameState, player: str) -> list[str]:
    hand = s.player(player).hand
    return sorted(hand, key=lambda c: (card(s, c).gold or 0, hand.index(c)))[:SACRIFICED_CARDS]


@dataclass(frozen=True)
class Sacrifice:
    """What a player gives to summon the book: a level, or three cards (`cards`)."""

    pay: str
    cards: tuple[str, ...] = ()


@move
class Summon(Move):
    """Sacrifice a level or three cards, at any time, to draw the book to you."""

    name = "summon_munchkinomicon"
    anytime = OPEN
    anytime_rule = "munchkinomicon.sacrifice_level"
    module = NAME

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        p = s.player(player)
        if p.dead or not in_play(s) or holder(s) == player:
            return
        if p.level > 1:
            yield act(self.name, player, pay="level")
        if len(p.hand) >= SACRIFICED_CARDS:
            yield act(self.name, player, pay="cards", cards=_cheapest(s, player))

    def check(self, s: GameState, a: Action) -> None:
        p = s.player(a.player)
        offer = parse(a, Sacrifice)
        pay = offer.pay if offer is not None else None
        rule = "munchkinomicon.sacrifice_cards" if pay == "cards" else "munchkinomicon.sacrifice_level"
        require(
            pay in ("level", "cards"), rule, "sacrifice a level (pay: level) or three cards (pay: cards)."
        )
        require(in_play(s), rule, "the Munchkinomicon is not in play.")
        require(holder(s) != a.player, rule, f"{a.player} has the Munchkinomicon already.")
        require(not p.dead, rule, "the dead sacrifice nothing.")
        if pay == "level":
            require(p.level > 1, rule, f"{a.player} is at level 1 and has no level to give.")
            return
        cards = offer.cards if offer is not None else ()
        require(
            len(set(cards)) == len(cards) == SACRIFICED_CARDS,
            rule,
            f"sacrifice exactly {SACRIFICED_CARDS} different cards from your hand.",
        )
        require(all(c in p.hand for c in cards), rule, f"those cards are not all in {a.player}'s hand.")

    def run(self, b: Builder, a: Action) -> None:
        offer = params(a, Sacrifice)
        if offer.pay == "level":
            rules = ["munchkinomicon.sacrifice_level"]
            change_level(b, a.player, -1, "sacrificed for the Munchkinomicon", rules=rules)
        else:
            rules = ["munchkinomicon.sacrifice_cards"]
            for cid in offer.cards:
                discard(b, a.player, cid, "sacrificed for the Munchkinomicon", rules)
        take(b, a.player, rules)


def raises(s: GameState, cid: str) -> bool:
    """000: 'cualquier mejora de monstruo de +3': a monster enhancer that raises a monster (one
    that lowers it, a Baby, is no '+3')."""
    return card(s, cid).kind == "monster_enhancer" and enhancer_value(s, cid) > 0


@move
class Enhance(Move):
    """Play a monster enhancer from your hand on your Munchkinomicon: +3 that stays with the book."""

    name = "enhance_munchkinomicon"
    when = ("turn",)
    module = NAME

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        p = s.player(player)
        if BOOK in p.equipped:
            for cid in p.hand:
                if raises(s, cid):
                    yield act(self.name, player, card=cid)

    def check(self, s: GameState, a: Action) -> None:
        p = s.player(a.player)
        played = parse(a, CardParams)
        cid = played.card if played is not None else None
        require(BOOK in p.equipped, "munchkinomicon.bonus", f"{a.player} has no Munchkinomicon in play.")
        require(
            cid is not None and cid in p.hand and raises(s, cid),
            "munchkinomicon.bonus",
            "play a monster enhancer that raises a monster (not a Baby) from your hand on the book.",
        )

    def run(self, b: Builder, a: Action) -> None:
        b.emit(
            "CardPlayed",
            {"player": a.player, "card": params(a, CardParams).card, "into": "attachments", "on": BOOK},
            ["munchkinomicon.bonus"],
        )
