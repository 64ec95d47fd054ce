"""Two Epic powers that keep a monster instead of killing it: the human's pet, the ranger's steed.

Both lie face up on the table (`GameState.table`), each named by a mark of its owner:
`epic.pet:<player>` (the monster card) and `epic.tamed:<player>` ([monster card, steed bonus]). A
tamed steed is a monster card, not a steeds-module card, so it is a steed only through these marks:
its bonus is a term of this module; one steed at a time is kept here, by discarding the other.
"""

from __future__ import annotations

from collections.abc import Iterable

from munchkin_nb.engine.kit import (
    AFTER_ACTION,
    OPEN,
    PLAYER_TERMS,
    Action,
    Builder,
    Combat,
    Discarded,
    GameState,
    MonsterParams,
    Move,
    Player,
    Term,
    act,
    advance,
    card,
    classes,
    discard,
    end_combat,
    fighters,
    move,
    on_enter,
    params,
    parse,
    payload,
    races,
    reopen,
    require,
    reward,
    target,
)

from . import NAME
from .engine import is_epic
from .with_expansions import STEEDS, both_on

PET = "epic.pet"  # mark per owner: the monster lying on the table as their pet
PET_LEVEL = 5  # the highest printed level of a monster a human may keep as a pet
TAMED = "epic.tamed"  # mark per rider: [monster, bonus], the steed an Epic ranger tamed
PREY = "epic.prey"  # mark: the monsters the last action discarded, while they lie on a discard pile
TAME_COST = 3  # the fewest cards of the whole hand a ranger discards to tame


# -- the human's pet -----------------------------------------------------------------------
def pet_of(s: GameState, name: str) -> str | None:
    """The pet `name` has on the table, if any."""
    got = s.marks.get(f"{PET}:{name}")
    return got if isinstance(got, str) and got in s.table else None


def _master(s: GameState, p: Player) -> bool:
    """Whether `p` may keep a pet: an Epic human, alive."""
    return not p.dead and is_epic(s, p) and "human" in races(s, p)


def _fighting(s: GameState) -> Combat | None:
    c = s.combat
    return c if c is not None and c.stage == "fight" else None


@move
class TamePet(Move):
    """An Epic human makes a monster of level 5 or less that they fight their pet, instead of fighting it."""

    name = "epic_tame_pet"
    module = NAME
    anytime = ("combat",)
    anytime_rule = "epic.human"
    exact = True

    def _tameable(self, s: GameState, player: str) -> list[str]:
        c = _fighting(s)
        if c is None or c.fighter != player or not _master(s, s.player(player)) or pet_of(s, player):
            return []
        return [m["card"] for m in c.monsters if (card(s, m["card"]).level or 0) <= PET_LEVEL]

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        for m in self._tameable(s, player):
            yield act(self.name, player, monster=m)

    def check(self, s: GameState, a: Action) -> None:
        require(_master(s, s.player(a.player)), "epic.human", f"{a.player} is not an Epic human.")
        require(pet_of(s, a.player) is None, "epic.human", f"{a.player} has a pet in play already.")
        c = _fighting(s)
        require(c is not None and c.fighter == a.player, "epic.human", "only the monster you are fighting.")
        pick = parse(a, MonsterParams)
        require(
            pick is not None and pick.monster in self._tameable(s, a.player),
            "epic.human",
            f"only a monster of level {PET_LEVEL} or less of this fight becomes a pet.",
        )

    def run(self, b: Builder, a: Action) -> None:
        s, m = b.s, params(a, MonsterParams).monster
        entry = next(x for x in s.fight.monsters if x["card"] == m)
        for cid in list(entry.get("enhancers", [])) + list(entry.get("mates", [])):
            discard(b, None, cid, "its monster became a pet", ["epic.human"])
        b.emit("CardPlayed", {"player": a.player, "card": m, "into": "table"}, ["epic.human"])
        b.emit("MarkSet", {"key": f"{PET}:{a.player}", "value": m}, ["epic.human"])
        if s.fight.monsters:
            reopen(b, a.player)
            return
        if s.fight.removed:  # a monster sent away earlier still pays its treasure
            reward(b, levels=0)
        else:
            end_combat(b, "tamed")
        advance(b)


def _sacrifice(b: Builder, owner: str, rule: str) -> str:
    """The owner's pet leaves the table for its one use: the card, its mark cleared."""
    pet = pet_of(b.s, owner)
    assert pet is not None  # checked by the move
    b.emit("MarkSet", {"key": f"{PET}:{owner}", "value": None}, [rule])
    return pet


class _PetUse(Move):
    """One use of the pet, in any fight, by its owner."""

    module = NAME
    anytime = ("combat",)
    exact = True

    def _open(self, s: GameState, player: str) -> Combat | None:
        """The fight `player` may use a pet in now (they have one), or None."""
        return _fighting(s) if pet_of(s, player) else None

    def _fight(self, s: GameState, a: Action) -> Combat:
        """The fight the pet is used in; refused, citing this use's rule, without a pet or a fight."""
        require(pet_of(s, a.player) is not None, self.anytime_rule, f"{a.player} has no pet in play.")
        c = _fighting(s)
        require(c is not None, self.anytime_rule, "a pet is used in a fight.")
        assert c is not None  # for the type checker: just required
        return c


@move
class PetBonus(_PetUse):
    """Sacrifice the pet for a fighter or helper (yourself too): a one-shot bonus of its printed level."""

    name = "epic_pet_bonus"
    anytime_rule = "epic.human_pet_bonus"

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        c = self._open(s, player)
        if c is not None:
            for f in fighters(c):
                yield act(self.name, player, target=f)

    def check(self, s: GameState, a: Action) -> None:
        c = self._fight(s, a)
        require(target(s, a) in fighters(c), "epic.human_pet_bonus", "the bonus goes to a fighter or helper.")

    def run(self, b: Builder, a: Action) -> None:
        pet = _sacrifice(b, a.player, "epic.human_pet_bonus")
        level = card(b.s, pet).level or 0
        discard(b, a.player, pet, "sacrificed", ["epic.human_pet_bonus"])
        mod = {
            "card": None,
            "side": "players",
            "target": target(b.s, a),
            "amount": level,
            "by": a.player,
            "source": "pet",
            "label": f"{card(b.s, pet).name}, pet of {a.player}",
        }
        b.emit("ModifierPlayed", mod, ["epic.human_pet_bonus"])
        reopen(b, a.player)


@move
class PetWanders(_PetUse):
    """Set the pet on another player's fight: it joins as a Wandering Monster."""

    name = "epic_pet_wander"
    anytime_rule = "epic.human_pet_monster"

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        c = self._open(s, player)
        if c is not None and player not in fighters(c):
            yield act(self.name, player)

    def check(self, s: GameState, a: Action) -> None:
        c = self._fight(s, a)
        require(
            a.player not in fighters(c), "epic.human_pet_monster", "the pet is set on another player's fight."
        )

    def run(self, b: Builder, a: Action) -> None:
        pet = _sacrifice(b, a.player, "epic.human_pet_monster")
        rules = ["epic.human_pet_monster", "combat.wandering_monster", "combat.several_monsters"]
        b.emit("MonsterAdded", {"monster": pet, "by": a.player}, rules)
        reopen(b, a.player)
        on_enter(b, pet)
        advance(b)


@AFTER_ACTION.register(NAME)
def pet_runs_off(b: Builder, a: Action) -> None:
    """A pet whose owner is no longer an Epic human (or died) runs off: discarded."""
    s = b.s
    for key in [k for k in s.marks if k.startswith(PET + ":")]:
        owner, pet = key.split(":", 1)[1], s.marks[key]
        if pet not in s.table:  # gone some other way: nothing left to run off
            b.emit("MarkSet", {"key": key, "value": None}, ["epic.human_pet_lost"])
        elif not _master(s, s.player(owner)):
            b.emit("MarkSet", {"key": key, "value": None}, ["epic.human_pet_lost"])
            discard(b, owner, pet, "ran off", ["epic.human_pet_lost"])


# -- the ranger's tamed steed -----------------------------------------------------------------
def _ranger_on(s: GameState) -> bool:
    """Rangers come with the expansions, steeds with the steeds module: taming needs both."""
    return both_on(s) and STEEDS in s.modules


def tamed_of(s: GameState, name: str) -> tuple[str, int] | None:
    """(monster, bonus) of the steed `name` tamed, while it lies on the table."""
    got = s.marks.get(f"{TAMED}:{name}")
    if isinstance(got, list) and got[0] in s.table:
        return str(got[0]), int(got[1])
    return None


def _steeds_ridden(s: GameState, p: Player) -> list[str]:
    """The steeds-module steeds in `p`'s play (cards of kind `steed`)."""
    return [c for c in p.equipped + p.carried if card(s, c).kind == "steed"]


def _prey(s: GameState) -> list[str]:
    got = s.marks.get(PREY)
    if not isinstance(got, list):
        return []
    return [m for m in got if any(m in pile for pile in s.discards.values())]


@AFTER_ACTION.register(NAME)
def note_prey(b: Builder, a: Action) -> None:
    """Remember the monsters this action discarded, when an Epic ranger could pay to tame one now:
    they may, before the next action. (Nobody able to: nothing to remember, no event.)"""
    s = b.s
    if not _ranger_on(s):
        return
    if PREY not in s.marks and not any(_may_tame(s, p.name) for p in s.players):
        return
    discarded = [payload(e, Discarded).card for e in b.events if e.type == "CardDiscarded"]
    got = [cid for cid in discarded if card(s, cid).kind == "monster"]
    prey = [m for m in got if any(m in pile for pile in s.discards.values())]
    if prey != (s.marks.get(PREY) or []):
        b.emit("MarkSet", {"key": PREY, "value": prey or None}, ["epic.ranger"])


def _epic_ranger(s: GameState, player: str) -> bool:
    p = s.player(player)
    return not p.dead and is_epic(s, p) and "ranger" in classes(s, p)


def _may_tame(s: GameState, player: str) -> bool:
    """Whether `player` is an Epic ranger holding the cards to tame (the steeds module aside)."""
    return _epic_ranger(s, player) and len(s.player(player).hand) >= TAME_COST


@move
class TameSteed(Move):
    """An Epic ranger discards the whole hand (3+) to make a monster just discarded their steed."""

    name = "epic_ranger_tame"
    module = NAME
    when = ("turn",)
    anytime = OPEN
    anytime_rule = "epic.ranger"
    exact = True

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        if _ranger_on(s) and _may_tame(s, player):
            for m in _prey(s):
                yield act(self.name, player, monster=m)

    def check(self, s: GameState, a: Action) -> None:
        require(
            _ranger_on(s),
            "epic.ranger",
            "taming a steed needs the steeds module (and the expansions, whose class the ranger is).",
        )
        require(_epic_ranger(s, a.player), "epic.ranger", f"{a.player} is not an Epic ranger.")
        require(
            len(s.player(a.player).hand) >= TAME_COST,
            "epic.ranger",
            f"taming costs the whole hand, {TAME_COST} cards or more.",
        )
        pick = parse(a, MonsterParams)
        require(
            pick is not None and pick.monster in _prey(s),
            "epic.ranger",
            "only a monster discarded by the last action, still on the discard pile, is tamed.",
        )

    def run(self, b: Builder, a: Action) -> None:
        s, m = b.s, params(a, MonsterParams).monster
        p = s.player(a.player)
        for cid in list(p.hand):
            discard(b, a.player, cid, "paid to tame a steed", ["epic.ranger", "ability.discard_cost"])
        for old in _steeds_ridden(s, p):
            discard(b, a.player, old, "a tamed steed took its place", ["epic.ranger", "steeds.one"])
        before = tamed_of(s, a.player)
        if before:
            discard(b, a.player, before[0], "a tamed steed took its place", ["epic.ranger", "steeds.one"])
        b.emit("CardPlayed", {"player": a.player, "card": m, "into": "table"}, ["epic.ranger"])
        value = [m, card(s, m).treasures or 0]
        b.emit(
            "MarkSet", {"key": f"{TAMED}:{a.player}", "value": value}, ["epic.ranger", "epic.ranger_steed"]
        )
        reopen(b, a.player)


@PLAYER_TERMS.register(NAME)
def tamed_bonus(s: GameState, name: str, c: Combat) -> list[Term]:
    """A tamed steed's bonus: the treasures printed on the monster."""
    got = tamed_of(s, name)
    if got is None or not got[1]:
        return []
    label = f"tamed steed {card(s, got[0]).name}"
    return [Term("players", label, got[1], got[0], "epic.ranger_steed", name)]


@AFTER_ACTION.register(NAME)
def tamed_steed_leaves(b: Builder, a: Action) -> None:
    """A tamed steed goes with its rider's death, or when a steed is mounted in its place."""
    s = b.s
    for key in [k for k in s.marks if k.startswith(TAMED + ":")]:
        rider = s.player(key.split(":", 1)[1])
        got = tamed_of(s, rider.name)
        if got is None:
            b.emit("MarkSet", {"key": key, "value": None}, ["epic.ranger_steed"])
        elif rider.dead or _steeds_ridden(s, rider):
            b.emit("MarkSet", {"key": key, "value": None}, ["epic.ranger_steed", "steeds.one"])
            why = "its rider died" if rider.dead else "another steed took its place"
            discard(b, rider.name, got[0], why, ["epic.ranger_steed"])
