"""What dungeons and portals do in the engine: the dungeons in play, their hooks, the portal moves.

The dungeons in play are the dungeon cards on the table (`GameState.table`), oldest first. Moving
into a dungeon lays it down first and only then leaves another (a `dungeon_leave` decision), so
there is never a moment in no dungeon. A portal's replacement door is drawn when its choice is
made: the decision carries `then` ("door_up", "door_down" or None) to say how.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from munchkin_nb.engine.kit import (
    ABILITIES,
    AFTER_ACTION,
    DOOR_TURNED,
    GAME_SETUP,
    MONSTER_LEVEL,
    PLAYER_TERMS,
    Action,
    Builder,
    CardParams,
    CardsParams,
    Combat,
    Drawn,
    GameState,
    Move,
    Player,
    Term,
    act,
    advance,
    after_race_lost,
    card,
    change_level,
    check_win,
    decision,
    discard,
    draw,
    effect,
    effects,
    handles,
    holds,
    move,
    open_door,
    params,
    parse,
    payload,
    pending,
    reopen_if_fighting,
    require,
)

from . import DECK, NAME, PORTAL

LEAVE = "dungeon_leave"  # the decision: which dungeon to leave (or none)
DRAWN = "portal_drawn"  # the decision: a portal drawn face down, obeyed or kept
EXIT_CARDS = 4  # discarded from the hand to discover an exit


def in_play(s: GameState) -> list[str]:
    """The dungeons in play, in the order they were entered."""
    return [c for c in s.table if card(s, c).kind == DECK]


def _mark(player: str) -> str:
    return f"{NAME}.portal:{player}"


# -- what the dungeons in play change -------------------------------------------------------
@MONSTER_LEVEL.register(NAME)
@handles("effect", "monsters")
def monsters(s: GameState, monster: str, terms: list[Term]) -> list[Term]:
    """{monsters: N}: every monster is N stronger while the dungeon is in play."""
    out = []
    for d in in_play(s):
        for n in effects(card(s, d), "monsters"):
            out.append(Term("monsters", card(s, d).name, int(n), d, "dungeons.in_play"))
    return out


@PLAYER_TERMS.register(NAME)
@handles("effect", "fighters")
def fighters(s: GameState, name: str, c: Combat) -> list[Term]:
    """{fighters: N, for: COND}: each fighter or helper for whom COND holds is N stronger."""
    out = []
    p = s.player(name)
    for d in in_play(s):
        for e in effects(card(s, d), "fighters"):
            amount, cond = (e["fighters"], e.get("for")) if isinstance(e, dict) else (e, None)
            if holds(s, p, cond):
                out.append(Term("players", card(s, d).name, int(amount), d, "dungeons.in_play", name))
    return out


def _grants(s: GameState, cid: str) -> list[dict[str, Any]]:
    return [e for e in card(s, cid).effects if isinstance(e, dict) and "grant" in e]


@ABILITIES.register(NAME)
@handles("effect", "grant")
def granted(s: GameState, p: Player, key: str) -> list[Any]:
    """{grant: KEY, value: V, for: COND}: the ability KEY, from the latest dungeon that sets it."""
    for d in reversed(in_play(s)):  # the latest one entered prevails (dungeons.latest_wins)
        found = [e for e in _grants(s, d) if e["grant"] == key]
        if found:
            return [e.get("value", True) for e in found if holds(s, p, e.get("for"))]
    return []


def _conflicts(s: GameState, new: str, old: list[str]) -> bool:
    """Whether the new dungeon sets something a dungeon in play sets too."""
    keys = {e["grant"] for e in _grants(s, new)}
    return any(keys & {e["grant"] for e in _grants(s, o)} for o in old)


@handles("effect", "enter_level", "leave_level")
def dungeon_levels(b: Builder, player: str | None, cid: str, key: str) -> None:
    """Levels for entering or leaving a dungeon: never the winning one unless the card says `wins`."""
    if player is None or b.s.player(player).dead:
        return
    for e in effects(card(b.s, cid), key):
        n, wins = (e[key], bool(e.get("wins"))) if isinstance(e, dict) else (e, False)
        why = ("entered " if key == "enter_level" else "left ") + card(b.s, cid).name
        rules = ["dungeons.no_winning_level"] + (["card.effect"] if wins else [])
        change_level(b, player, int(n), why, by_kill=wins, rules=rules)
        if wins:
            check_win(b)


# -- moving between dungeons --------------------------------------------------------------------
def _lay_next(b: Builder, player: str | None, source: str, rules: list[str]) -> str | None:
    """Lay the next dungeon face up on the table: the top of the dungeon discards, or of the deck
    (reshuffled from its discards when empty); None when there is none."""
    s = b.s
    old = in_play(s)
    if source == "discards" and s.discards[DECK]:
        cid = s.discards[DECK][-1]
        rules = [*rules, *_latest(s, cid, old)]
        b.emit("CardPlayed", {"player": player, "card": cid, "into": "table"}, rules)
        return cid
    if not s.decks[DECK]:
        if not s.discards[DECK]:
            return None
        order = b.chance.shuffle(s.discards[DECK])
        b.emit("DeckShuffled", {"deck": DECK, "order": order, "from_discards": True}, ["decks.reshuffle"])
    cid = b.chance.draw(s.decks[DECK], DECK)
    payload = {"player": player, "card": cid, "deck": DECK, "face": "up", "reason": "dungeon", "to": "table"}
    b.emit("CardDrawn", payload, [*rules, *_latest(s, cid, old)])
    return cid


def _latest(s: GameState, cid: str, old: list[str]) -> list[str]:
    """The rules a dungeon entering cites: in play, and the latest wins where it sets what another does."""
    return ["dungeons.in_play"] + (["dungeons.latest_wins"] if _conflicts(s, cid, old) else [])


def enter(
    b: Builder, player: str | None, source: str, leave: str | None, then: str | None, rules: list[str]
) -> None:
    """Lay the next dungeon face up; then leave the others (`all`), or ask which one to leave (`one`)."""
    s = b.s
    old = in_play(s)
    cid = _lay_next(b, player, source, rules)
    if cid is None:
        _then(b, player, then)
        return
    dungeon_levels(b, player, cid, "enter_level")
    if leave == "all":
        for o in old:
            _leave(b, player, o)
        _recheck(b)
    elif leave == "one" and old and player is not None:
        b.emit(
            "DecisionRequired",
            {"player": player, "kind": LEAVE, "options": old, "may_stay": True, "then": then},
            ["dungeons.leave_one"],
        )
        return
    _then(b, player, then)


def _leave(b: Builder, player: str | None, cid: str) -> None:
    """Leave a dungeon: it is discarded beside its deck (no gap: the new one is in play already)."""
    discard(b, player, cid, "left the dungeon", ["dungeons.discarded", "dungeons.no_gap"])
    dungeon_levels(b, player, cid, "leave_level")


def _recheck(b: Builder) -> None:
    """Once the party has moved, whoever holds more big items than now allowed chooses which to keep."""
    for p in b.s.players:
        after_race_lost(b, p.name)


def _then(b: Builder, player: str | None, then: str | None) -> None:
    """After a portal: its replacement door, face up (as at the door) or face down."""
    if player is None or then is None or b.s.winners:
        return
    if then == "door_up":
        cid = draw(b, player, "door", "up", "portal", ["dungeons.portal_replaced"])
        door_up(b, player, cid)
    else:
        draw(b, player, "door", "down", "portal", ["dungeons.portal_replaced"])


def door_up(b: Builder, player: str, cid: str | None) -> None:
    """A door face up: a portal is obeyed at once (and replaced); anything else as at the door."""
    if cid is not None and card(b.s, cid).kind == PORTAL:
        obey(b, player, cid, "door_up", ["dungeons.portal_face_up"])
    else:
        open_door(b, player, cid)


@handles("effect", "enter_dungeon", "exit_dungeon")
def obey(b: Builder, player: str, portal: str, then: str | None, rules: list[str]) -> None:
    """Carry out a portal: into a dungeon (leaving one, all or none), or out of one; then the
    door that replaces it (`then`: face up or down; None: whoever turned the portal turns it)."""
    s = b.s
    c = card(s, portal)
    discard(b, player, portal, "portal obeyed", rules)
    go = effect(c, "enter_dungeon")
    if go is not None:
        source, leave = (go["enter_dungeon"], go.get("leave", "one")) if isinstance(go, dict) else (go, "one")
        enter(
            b, player, source if source in ("deck", "discards") else "deck", leave, then, ["dungeons.enter"]
        )
        return
    if effect(c, "exit_dungeon") and len(in_play(s)) > 1:
        b.emit(
            "DecisionRequired",
            {"player": player, "kind": LEAVE, "options": in_play(s), "may_stay": False, "then": then},
            ["dungeons.enter"],
        )
        return
    _then(b, player, then)


# -- hooks: the first dungeon, the door, a portal drawn face down -------------------------------
@GAME_SETUP.register(NAME)
def first_dungeon(b: Builder) -> None:
    """The game starts in one dungeon, the top of the shuffled dungeon deck."""
    enter(b, None, "deck", None, None, ["dungeons.start", "dungeons.deck"])


@DOOR_TURNED.register(NAME)
def portal_at_once(b: Builder, player: str, cid: str, replace: bool) -> bool:
    """A portal turned face up at the door is obeyed at once, and another door turned in its place
    (by this module with `replace`; else by the kick that turned it, such as an Epic one's two)."""
    if card(b.s, cid).kind != PORTAL:
        return False
    obey(b, player, cid, "door_up" if replace else None, ["dungeons.portal_face_up"])
    return True


@AFTER_ACTION.register(NAME)
def face_down(b: Builder, a: Action) -> None:
    """A portal drawn face down into a hand (out of set-up): its drawer chooses to obey or keep it."""
    s = b.s
    if s.phase == "setup" or s.winners:
        return
    asked = {p.get("card") for p in s.pending if p.get("kind") == DRAWN}
    for e in list(b.events):
        if e.type != "CardDrawn" or payload(e, Drawn).face != "down":
            continue
        cid, who = payload(e, Drawn).card, payload(e, Drawn).player
        if who is not None and card(s, cid).kind == PORTAL and cid in s.player(who).hand and cid not in asked:
            asked.add(cid)
            b.emit(
                "DecisionRequired", {"player": who, "kind": DRAWN, "card": cid}, ["dungeons.portal_face_down"]
            )


# -- moves ------------------------------------------------------------------------------------


@move
class PortalFlip(Move):
    """A portal just drawn face down: turn it over and obey it; another door comes face down."""

    name = "portal_flip"
    when = (f"pending:{DRAWN}",)
    module = NAME
    exact = True

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        d = pending(s, DRAWN)
        if d and d.player == player and d["card"] in s.player(player).hand:
            yield act(self.name, player, card=d["card"])

    def check(self, s: GameState, a: Action) -> None:
        d = decision(s, DRAWN, a.player, "dungeons.portal_face_down")
        portal = parse(a, CardParams)
        require(
            portal is not None and portal.card == d["card"],
            "dungeons.portal_face_down",
            "that is not the portal drawn.",
        )

    def run(self, b: Builder, a: Action) -> None:
        b.emit("DecisionMade", {"player": a.player, "kind": DRAWN}, ["dungeons.portal_face_down"])
        obey(b, a.player, params(a, CardParams).card, "door_down", ["dungeons.portal_face_down"])
        advance(b)


@move
class PortalKeep(Move):
    """A portal just drawn face down: keep it in the hand for one of your own turns."""

    name = "portal_keep"
    when = (f"pending:{DRAWN}",)
    module = NAME
    exact = True

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        d = pending(s, DRAWN)
        if d and d.player == player:
            yield act(self.name, player)

    def check(self, s: GameState, a: Action) -> None:
        decision(s, DRAWN, a.player, "dungeons.portal_face_down")

    def run(self, b: Builder, a: Action) -> None:
        b.emit(
            "DecisionMade", {"player": a.player, "kind": DRAWN, "kept": True}, ["dungeons.portal_face_down"]
        )
        advance(b)


@move
class DungeonLeave(Move):
    """Leave one dungeon in play after entering another (or when a portal leads out of one)."""

    name = "dungeon_leave"
    when = (f"pending:{LEAVE}",)
    module = NAME
    exact = True

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        d = pending(s, LEAVE)
        if d and d.player == player:
            for cid in d["options"]:
                if cid in s.table:
                    yield act(self.name, player, card=cid)

    def check(self, s: GameState, a: Action) -> None:
        d = decision(s, LEAVE, a.player, "dungeons.leave_one")
        left = parse(a, CardParams)
        require(
            left is not None and left.card in d["options"] and left.card in s.table,
            "dungeons.leave_one",
            f"leave one of the dungeons offered: {', '.join(d['options'])}.",
        )

    def run(self, b: Builder, a: Action) -> None:
        d = dict(b.s.pending[0])
        cid = params(a, CardParams).card
        b.emit("DecisionMade", {"player": a.player, "kind": LEAVE, "card": cid}, ["dungeons.leave_one"])
        _leave(b, a.player, cid)
        _recheck(b)
        _then(b, a.player, d.get("then"))
        advance(b)


@move
class DungeonStay(Move):
    """Stay in every dungeon in play after entering another."""

    name = "dungeon_stay"
    when = (f"pending:{LEAVE}",)
    module = NAME
    exact = True

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        d = pending(s, LEAVE)
        if d and d.player == player and d.get("may_stay"):
            yield act(self.name, player)

    def check(self, s: GameState, a: Action) -> None:
        d = decision(s, LEAVE, a.player, "dungeons.leave_one")
        require(bool(d.get("may_stay")), "dungeons.enter", "this portal leads out of a dungeon: leave one.")

    def run(self, b: Builder, a: Action) -> None:
        d = dict(b.s.pending[0])
        b.emit("DecisionMade", {"player": a.player, "kind": LEAVE, "card": None}, ["dungeons.leave_one"])
        _then(b, a.player, d.get("then"))
        advance(b)


@move
class PlayPortal(Move):
    """Play a portal from the hand: your own turn, no combat, one portal a turn; a door follows face down."""

    name = "play_portal"
    when = ("turn",)
    phases = ("before_door", "after_door", "charity")
    module = NAME

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        if s.active.name != player or s.combat or s.pending or s.marks.get(_mark(player)) == s.turn:
            return
        for cid in s.player(player).hand:
            if card(s, cid).kind == PORTAL:
                yield act(self.name, player, card=cid)

    def check(self, s: GameState, a: Action) -> None:
        rule = "dungeons.portal_from_hand"
        portal = parse(a, CardParams)
        cid = portal.card if portal is not None else None
        require(
            cid is not None and cid in s.player(a.player).hand and card(s, cid).kind == PORTAL,
            rule,
            f"{a.player} holds no such portal.",
        )
        require(s.active.name == a.player, rule, "a portal from the hand is played in your own turn.")
        require(s.combat is None, rule, "a portal is not played during a combat.")
        require(
            s.marks.get(_mark(a.player)) != s.turn, rule, f"{a.player} played a portal this turn already."
        )

    def run(self, b: Builder, a: Action) -> None:
        b.emit("MarkSet", {"key": _mark(a.player), "value": b.s.turn}, ["dungeons.portal_from_hand"])
        obey(b, a.player, params(a, CardParams).card, "door_down", ["dungeons.portal_from_hand"])


def _cheapest(s: GameState, player: str) -> list[str]:
    """The four cards a player would give up first: the least gold, then the hand's order."""
    hand = s.player(player).hand
    return sorted(hand, key=lambda c: (card(s, c).gold or 0, hand.index(c)))[:EXIT_CARDS]


def _left(s: GameState) -> bool:
    """Whether a dungeon is left to draw (the deck, or its discards to reshuffle)."""
    return bool(s.decks[DECK] or s.discards[DECK])


@move
class DiscoverExit(Move):
    """At any time in your own turn: discard four cards from your hand to draw a new dungeon."""

    name = "discover_exit"
    when = ("turn",)
    anytime = ("combat",)
    anytime_rule = "dungeons.exit"
    module = NAME

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        hand = s.player(player).hand
        if s.active.name == player and not s.pending and len(hand) >= EXIT_CARDS and _left(s):
            yield act(self.name, player, cards=_cheapest(s, player))

    def check(self, s: GameState, a: Action) -> None:
        chosen = parse(a, CardsParams)
        cards = chosen.cards if chosen is not None else ()
        hand = s.player(a.player).hand
        require(s.active.name == a.player, "dungeons.exit", "an exit is discovered in your own turn.")
        require(
            chosen is not None and len(cards) == EXIT_CARDS and len(set(cards)) == EXIT_CARDS,
            "dungeons.exit",
            f"discard exactly {EXIT_CARDS} different cards from your hand.",
        )
        require(
            all(c in hand for c in cards), "dungeons.exit", f"those cards are not all in {a.player}'s hand."
        )
        require(_left(s), "dungeons.deck", "no dungeon is left to discover.")

    def run(self, b: Builder, a: Action) -> None:
        for cid in params(a, CardsParams).cards:
            discard(b, a.player, cid, "discovered an exit", ["dungeons.exit"])
        enter(b, a.player, "deck", "one", None, ["dungeons.exit"])
        reopen_if_fighting(b, a.player)
