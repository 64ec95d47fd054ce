"""What the d10 module does in the engine: its moves (roll, Loaded Die, choose, apply) and hooks.

A roll leaves a decision `d10` pending for the roller, holding the face (`result`) and whether it
may still be changed (`fixed`); applying it clears the decision, and the turn goes on before the
door. What lasts beyond one action is a mark: the turn of a 9 (no more rolls) and the -5 of a 5.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from munchkin_nb.engine.kit import (
    AFTER_ACTION,
    DOOR_TURNED,
    PLAYER_TERMS,
    Action,
    Builder,
    CardParams,
    Combat,
    Decision,
    GameState,
    Move,
    Term,
    act,
    card,
    change_level,
    curse_hits,
    decision,
    die_setters,
    discard,
    draw,
    effect,
    handles,
    move,
    params,
    parse,
    pending,
    require,
)

from . import NAME, SIDES

KIND = "d10"  # the pending decision a roll leaves
ZONES = {7: "classes", 8: "races"}
SWAP_RULE = {7: "d10.swap_class", 8: "d10.swap_race"}


def _locked(s: GameState, player: str) -> bool:
    """A 9 this turn ends the rolling."""
    return s.marks.get(f"d10.nine:{player}") == s.turn


def _waiting(s: GameState) -> Decision | None:
    """The d10 roll waiting to be applied, if any (candidates ask this: they never raise)."""
    return pending(s, KIND)


def _decision(s: GameState) -> Decision:
    return decision(s, KIND, None, "d10.roll", "no d10 roll is waiting to be applied.")


def _others(s: GameState, player: str) -> list[str]:
    return [p.name for p in s.players if p.name != player and not p.dead]


def _theirs(s: GameState, player: str, zone: str) -> list[str]:
    """The cards of a zone (classes, races) other players have in play."""
    return [c for p in s.players if p.name != player for c in getattr(p, zone)]


def _settle(b: Builder, player: str, result: int, fixed: bool, rules: list[str]) -> None:
    """Leave the face to apply pending; a 7 or 8 with nothing to swap is rolled again at once."""
    while result in ZONES and not getattr(b.s.player(player), ZONES[result]):
        result = b.roll(player, "d10", ["d10.reroll"], sides=SIDES)
    b.emit("DecisionRequired", {"player": player, "kind": KIND, "result": result, "fixed": fixed}, rules)


def _replace(b: Builder, player: str, result: int, fixed: bool, rules: list[str]) -> None:
    b.emit("DecisionMade", {"player": player, "kind": KIND, "result": _decision(b.s)["result"]}, rules)
    _settle(b, player, result, fixed, rules)


@move
class RollD10(Move):
    """Before the door, give up a level to roll the d10 (not at level 1, not after a 9)."""

    name = "d10_roll"
    when = ("turn",)
    phases = ("before_door",)
    exact = True

    def _ok(self, s: GameState, player: str) -> bool:
        return (
            NAME in s.modules
            and s.phase == "before_door"
            and s.combat is None
            and s.active.name == player
            and s.player(player).level > 1
            and not _locked(s, player)
        )

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        if self._ok(s, player):
            yield act(self.name, player)

    def check(self, s: GameState, a: Action) -> None:
        require(NAME in s.modules, "d10.roll", "the d10 module is not in this game.")
        require(
            s.phase == "before_door" and s.active.name == a.player,
            "d10.roll",
            "the d10 is rolled on your own turn, before kicking the door.",
        )
        require(s.player(a.player).level > 1, "d10.not_level_1", f"{a.player} is at level 1.")
        require(not _locked(s, a.player), "d10.steal_level", f"{a.player} rolled a 9 this turn.")

    def run(self, b: Builder, a: Action) -> None:
        change_level(b, a.player, -1, "spent on the d10", rules=["d10.roll"])
        result = b.roll(a.player, "d10", ["d10.roll"], sides=SIDES)
        _settle(b, a.player, result, False, ["d10.roll"])


@dataclass(frozen=True)
class DieCard:
    """A card that sets the d10, and the face it sets it to."""

    card: str
    value: int


@dataclass(frozen=True)
class Face:
    """The face of the d10 a player picks after a 10."""

    face: int


def _check_die_card(s: GameState, a: Action, held: list[str], rule: str, what: str) -> None:
    """A die card on the waiting roll: the first one only, never on a 10, a card the player holds,
    a face of the d10."""
    d = _decision(s)
    require(not d["fixed"], "d10.one_die_card", "this roll was already changed or chosen.")
    require(d["result"] != SIDES, "d10.choose", "nobody can change a 10.")
    held_card = parse(a, CardParams)
    require(held_card is not None and held_card.card in held, rule, f"{a.player} holds no {what}.")
    die = parse(a, DieCard)
    require(die is not None and 1 <= die.value <= SIDES, rule, "a d10 shows 1 to 10.")


@move
class SetD10(Move):
    """Loaded Die: the roller turns the d10 to any face; only the first such card counts."""

    name = "d10_set_die"
    when = ("pending:d10",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        d = _waiting(s)
        if d and d.player == player and not d["fixed"] and d["result"] != SIDES:
            for cid in die_setters(s, player)[:1]:
                for v in range(1, SIDES + 1):
                    yield act(self.name, player, card=cid, value=v)

    def check(self, s: GameState, a: Action) -> None:
        _check_die_card(s, a, die_setters(s, a.player), "d10.loaded_die", "card that sets the die")

    def run(self, b: Builder, a: Action) -> None:
        die = params(a, DieCard)
        discard(b, a.player, die.card, "set the d10", ["d10.loaded_die"])
        _replace(b, a.player, die.value, True, ["d10.loaded_die", "d10.one_die_card"])


@handles("effect", "set_others_die")
def reloaders(s: GameState, player: str) -> list[str]:
    """The Reloaded Dice in a player's hand (cards that turn someone else's d10)."""
    return [c for c in s.player(player).hand if effect(card(s, c), "set_others_die")]


@move
class ReloadD10(Move):
    """Reloaded Die: another player turns the roller's d10 to any face; only the first die card
    played on a roll counts, and a 10 stays a 10."""

    name = "d10_reload"
    anytime = ("pending:d10",)  # the roller decides; every other player may answer the roll
    anytime_rule = "d10.reloaded_die"
    module = NAME
    exact = True
    hand_kinds = frozenset({"one_shot"})

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        d = _waiting(s)
        if d and d.player != player and not d["fixed"] and d["result"] != SIDES and not s.player(player).dead:
            for cid in reloaders(s, player)[:1]:
                for v in range(1, SIDES + 1):
                    yield act(self.name, player, card=cid, value=v)

    def check(self, s: GameState, a: Action) -> None:
        d = _decision(s)
        require(d.player != a.player, "d10.reloaded_die", "a Reloaded Die changes someone else's roll.")
        require(not s.player(a.player).dead, "d10.reloaded_die", f"{a.player} is dead.")
        _check_die_card(s, a, reloaders(s, a.player), "d10.reloaded_die", "Reloaded Die")

    def run(self, b: Builder, a: Action) -> None:
        roller = _decision(b.s)["player"]  # a d10 roll always has its roller
        die = params(a, DieCard)
        discard(b, a.player, die.card, "set the d10", ["d10.reloaded_die"])
        _replace(b, roller, die.value, True, ["d10.reloaded_die", "d10.one_die_card"])


@move
class ChooseD10(Move):
    """A 10: pick any other face of the table; nobody can change it."""

    name = "d10_choose"
    when = ("pending:d10",)

    def _picks(self, s: GameState, player: str) -> list[int]:
        p = s.player(player)
        return [n for n in range(1, SIDES) if n not in ZONES or getattr(p, ZONES[n])]

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        d = _waiting(s)
        if d and d.player == player and d["result"] == SIDES:
            for n in self._picks(s, player):
                yield act(self.name, player, face=n)

    def check(self, s: GameState, a: Action) -> None:
        require(_decision(s)["result"] == SIDES, "d10.choose", "only a 10 lets you choose.")
        pick = parse(a, Face)
        require(
            pick is not None and pick.face in self._picks(s, a.player),
            "d10.choose",
            "pick a face from 1 to 9 (7 and 8 need a class or a race in play).",
        )

    def run(self, b: Builder, a: Action) -> None:
        _replace(b, a.player, params(a, Face).face, True, ["d10.choose"])


def _options(s: GameState, player: str, result: int) -> list[dict[str, Any]]:
    """The ways to apply a face (its parameters); one empty one when there is nothing to choose."""
    p = s.player(player)
    if result in (1, 2):
        kind = "treasure" if result == 1 else "door"
        return [{"source": "deck"}] + ([{"source": "discard"}] if s.discards[kind] else [])
    if result == 6:
        targets: list[dict[str, Any]] = [{"target": t} for t in _others(s, player)] if p.hand else []
        return targets or [{}]  # no card in hand, or nobody alive to swap with: nothing happens
    if result in ZONES:
        zone = ZONES[result]
        swaps = [{"mine": m, "theirs": t} for m in getattr(p, zone) for t in _theirs(s, player, zone)]
        return [{}] + swaps  # swapping is a may
    if result == 9:
        higher: list[dict[str, Any]] = [{"target": t} for t in _others(s, player) if s.player(t).level > 1]
        return higher or [{}]
    return [{}]


@move
class ApplyD10(Move):
    """Carry out the face of the d10 (1 to 9), with the choice it asks for."""

    name = "d10_apply"
    when = ("pending:d10",)
    exact = True

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        d = _waiting(s)
        if d and d.player == player and d["result"] != SIDES:
            for o in _options(s, player, d["result"]):
                yield act(self.name, player, **o)

    def check(self, s: GameState, a: Action) -> None:
        d = _decision(s)
        require(d["result"] != SIDES, "d10.choose", "a 10: choose a face first.")
        require(
            a.params in _options(s, a.player, d["result"]),
            "d10.roll",
            f"that is not a way to apply a {d['result']} (see the d10 table).",
        )

    def run(self, b: Builder, a: Action) -> None:
        s, me, o = b.s, a.player, a.params
        result = _decision(s)["result"]
        b.emit("DecisionMade", {"player": me, "kind": KIND, "result": result}, ["d10.roll"])
        if result in (1, 2):
            kind, rule = ("treasure", "d10.treasure") if result == 1 else ("door", "d10.door")
            if o["source"] == "discard":
                top = s.discards[kind][-1]
                b.emit("CardTakenFromDiscard", {"player": me, "card": top, "deck": kind}, [rule])
            elif kind == "door":
                door_up(b, me, [rule])
            else:
                draw(b, me, kind, "up", "d10", [rule])
        elif result == 3:
            draw(b, me, "treasure", "up", "d10", ["d10.both"])
            door = door_up(b, me, ["d10.both"])
            if door is not None and card(s, door).kind == "curse":
                curse_hits(b, me, door, me, ["d10.both"])
        elif result == 4:
            for kind in ("treasure", "door"):
                if s.discards[kind]:
                    top = s.discards[kind][-1]
                    b.emit(
                        "CardTakenFromDiscard", {"player": me, "card": top, "deck": kind}, ["d10.discards"]
                    )
        elif result == 5:
            sex = "female" if s.player(me).sex == "male" else "male"
            b.emit("SexChanged", {"player": me, "sex": sex}, ["d10.sex"])
            b.emit("MarkSet", {"key": f"d10.minus5:{me}", "value": "next"}, ["d10.sex"])
            change_level(b, me, 2, "the d10", rules=["d10.sex"])
        elif result == 6 and o:
            _swap_hands(b, me, o["target"])
        elif result in ZONES and o:
            _swap(b, me, o["mine"], o["theirs"], result)
        elif result == 9:
            b.emit("MarkSet", {"key": f"d10.nine:{me}", "value": s.turn}, ["d10.steal_level"])
            if o and change_level(b, o["target"], -1, f"stolen by {me}", rules=["d10.steal_level"]):
                change_level(b, me, 1, "a level stolen with the d10", rules=["d10.steal_level"])


def door_up(b: Builder, me: str, rules: list[str]) -> str | None:
    """A door the die turns face up: one another module carries out at once as it is turned (a
    portal, obeyed at once) is replaced by the next door; the door that stays goes to the hand."""
    while True:
        door = draw(b, me, "door", "up", "d10", rules)
        if door is None or not DOOR_TURNED.any(b, me, door, False) or b.s.winners:
            return None if door is None or door not in b.s.player(me).hand else door


def _swap_hands(b: Builder, me: str, other: str) -> None:
    mine, theirs = list(b.s.player(me).hand), list(b.s.player(other).hand)
    for cid in mine:
        b.emit(
            "CardGiven",
            {"from_player": me, "to_player": other, "card": cid, "reason": "d10"},
            ["d10.swap_hands"],
        )
    for cid in theirs:
        b.emit(
            "CardGiven",
            {"from_player": other, "to_player": me, "card": cid, "reason": "d10"},
            ["d10.swap_hands"],
        )


def _swap(b: Builder, me: str, mine: str, theirs: str, result: int) -> None:
    zone, rule = ZONES[result], SWAP_RULE[result]
    other = next(p.name for p in b.s.players if theirs in getattr(p, zone))
    b.emit("CardPlayed", {"player": other, "card": mine, "into": zone, "from": me}, [rule])
    b.emit("CardPlayed", {"player": me, "card": theirs, "into": zone, "from": other}, [rule])
    for name, got in ((other, mine), (me, theirs)):
        word = _word(b.s, got)
        if sum(1 for c in getattr(b.s.player(name), zone) if _word(b.s, c) == word) > 1:
            discard(b, name, got, "the same card twice after a d10 swap", ["d10.twice"])


def _word(s: GameState, cid: str) -> str | None:
    c = card(s, cid)
    return c.klass if c.kind == "class" else c.race


@PLAYER_TERMS.register(NAME)
def minus_five(s: GameState, name: str, c: Combat) -> list[Term]:
    """A 5 on the d10: -5 in the player's next combat."""
    if s.marks.get(f"d10.minus5:{name}"):
        return [Term("players", "changed sex on the d10", -5, None, "d10.sex", name)]
    return []


@AFTER_ACTION.register(NAME)
def next_combat(b: Builder, a: Action) -> None:
    """The -5 of a 5 holds through the first combat the player is in, and then goes."""
    s = b.s
    for key, value in list(s.marks.items()):
        if not key.startswith("d10.minus5:"):
            continue
        name = key.split(":", 1)[1]
        if value == "next" and s.combat is not None and name in (s.combat.fighter, s.combat.helper):
            b.emit("MarkSet", {"key": key, "value": "now"}, ["d10.sex"])
        elif value == "now" and (s.combat is None or name not in (s.combat.fighter, s.combat.helper)):
            b.emit("MarkSet", {"key": key, "value": None}, ["d10.sex"])
