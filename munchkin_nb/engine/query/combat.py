"""Combat arithmetic: both sides as lists of signed terms, and the outcome, from one computation."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from .. import hooks
from ..core.cards import card, effect, effects
from ..core.registry import handles
from ..core.state import Combat, GameState, Player
from .cardinfo import abilities, holds, item_usable

if TYPE_CHECKING:
    from munchkin_nb.cards import Card

SLOTS = {"headgear": 1, "armor": 1, "footgear": 1, "hands": 2}


class Term(NamedTuple):
    """One signed contribution to one side's strength, with the card or rule behind it."""

    # a named tuple: a breakdown makes a dozen of these, and the bots ask for many breakdowns
    side: str  # "players" or "monsters"
    label: str
    amount: int
    card: str | None = None
    rule: str = "combat.strength"
    who: str | None = None


@dataclass
class Breakdown:
    """Both sides' terms, their sums, the margin and the outcome."""

    terms: list[Term] = field(default_factory=list)
    ties_win: bool = False

    @property
    def players(self) -> int:
        return sum(t.amount for t in self.terms if t.side == "players")

    @property
    def monsters(self) -> int:
        return sum(t.amount for t in self.terms if t.side == "monsters")

    @property
    def margin(self) -> int:
        return self.players - self.monsters

    @property
    def players_win(self) -> bool:
        return self.margin > 0 or (self.margin == 0 and self.ties_win)

    @property
    def outcome(self) -> str:
        return "players win" if self.players_win else "monsters win"

    def to_dict(self) -> dict[str, Any]:
        return {
            "terms": [t._asdict() for t in self.terms],
            "players": self.players,
            "monsters": self.monsters,
            "margin": self.margin,
            "outcome": self.outcome,
        }


def extra_items(state: GameState, p: Player) -> int:
    """How many items beyond the slot and big-item limits the player may use (a card that carries
    items; a module's `abilities` hook may grant more)."""
    # plain loops: this is asked for every fighter in every combat breakdown
    total = 0
    for v in abilities(state, p, "extra_item"):
        if isinstance(v, int):
            total += int(v)
    for cid in p.equipped:
        for v in effects(card(state, cid), "extra_item"):
            if isinstance(v, int) and item_usable(state, p, cid):
                total += int(v)
    return total


@handles("effect", "extra_item")
def counting_items(state: GameState, p: Player) -> list[str]:
    """The equipped items whose bonus counts: usable, and within the slots (first come first)."""
    used = {k: 0 for k in SLOTS}
    out: list[str] = []
    spare = extra_items(state, p)
    two_hand_cost = 1 if abilities(state, p, "two_hands_as_one") else 2
    for cid in p.equipped:
        c = card(state, cid)
        if not item_usable(state, p, cid):
            continue
        slot = c.slot or "none"
        if slot in ("one_hand", "two_hands"):
            cost = 1 if slot == "one_hand" else two_hand_cost
            if used["hands"] + cost > SLOTS["hands"]:
                if spare <= 0:
                    continue
                spare -= 1
            else:
                used["hands"] += cost
        elif slot in SLOTS:
            if used[slot] >= SLOTS[slot]:
                if spare <= 0:
                    continue
                spare -= 1
            else:
                used[slot] += 1
        out.append(cid)
    return out


@handles("effect", "bonus_if")
def item_bonus(state: GameState, p: Player, cid: str) -> int:
    c = card(state, cid)
    for e in effects(c, "bonus_if"):
        if isinstance(e, dict) and holds(state, p, e["bonus_if"]):
            amount: int = e["amount"]
            return amount
    return c.bonus or 0


def fighters(c: Combat) -> list[str]:
    return [c.fighter] + ([c.helper] if c.helper else [])


@handles("effect", "level_only")
def level_only(state: GameState, c: Combat) -> bool:
    for m in c.monsters:  # noqa: SIM110 - a loop, not any(): asked for every term of every breakdown
        if effect(card(state, m["card"]), "level_only"):
            return True
    return False


@handles("effect", "items_only")
def items_only(state: GameState, c: Combat) -> bool:
    for m in c.monsters:  # noqa: SIM110 - a loop, not any(): asked for every term of every breakdown
        if effect(card(state, m["card"]), "items_only"):
            return True
    return False


@handles("persistent", "items_ignored")
def items_ignored(state: GameState, p: Player) -> bool:
    return any((card(state, cid).persistent or {}).get("items_ignored") for cid in p.curses)


@handles("persistent", "combat_bonus")
def player_terms(state: GameState, name: str, c: Combat) -> list[Term]:
    p = state.player(name)
    if items_only(state, c):
        terms = [
            Term("players", f"{name}'s level (does not count)", 0, None, "combat.monster_abilities", name)
        ]
    else:
        terms = [Term("players", f"{name}'s level", p.level, None, "combat.strength", name)]
    if level_only(state, c):
        return terms
    for cid in [] if items_ignored(state, p) else counting_items(state, p):
        bonus = item_bonus(state, p, cid)
        if bonus:
            terms.append(Term("players", card(state, cid).name, bonus, cid, "items.slots", name))
    for cid in p.curses:
        pc = card(state, cid).persistent or {}
        if pc.get("combat_bonus"):
            terms.append(
                Term("players", card(state, cid).name, pc["combat_bonus"], cid, "curse.persistent", name)
            )
    for mod in c.modifiers:
        if mod["side"] == "players" and (mod.get("target") == name or mod.get("cond") is not None):
            if mod.get("double"):
                base = sum(t.amount for t in terms if t.rule in ("combat.strength", "items.slots"))
                terms.append(
                    Term("players", mod["source"] or "double", base, mod["card"], "card.effect", name)
                )
            elif mod.get("cond") is not None:
                if holds(state, p, mod["cond"]):
                    terms.append(
                        Term(
                            "players", _label(state, mod), mod["amount"], mod["card"], "combat.one_shot", name
                        )
                    )
            else:
                rule = "thief.backstab" if mod.get("source") == "backstab" else "combat.one_shot"
                terms.append(Term("players", _label(state, mod), mod["amount"], mod["card"], rule, name))
    terms.extend(hooks.PLAYER_TERMS.concat(state, name, c))
    return terms


def _label(state: GameState, mod: dict[str, Any]) -> str:
    if mod.get("label"):
        label: str = mod["label"]
        return label
    return card(state, mod["card"]).name if mod.get("card") else (mod.get("source") or "modifier")


@handles("effect", "bonus", "monster_bonus", "mate")
def monster_terms(state: GameState, c: Combat) -> list[Term]:
    terms: list[Term] = []
    people = [state.player(n) for n in fighters(c)]
    for m in c.monsters:
        mc = card(state, m["card"])
        assert mc.level is not None, "the card loader requires a level of every monster"
        copies = 1 + len(m.get("mates", []))
        for k in range(copies):
            suffix = "" if k == 0 else " (Mate)"
            first = len(terms)
            terms.append(Term("monsters", mc.name + suffix, mc.level, m["card"], "combat.strength"))
            for enh in m.get("enhancers", []):
                amount = (effect(card(state, enh), "monster_bonus") or {}).get("monster_bonus", 0)
                terms.append(
                    Term(
                        "monsters",
                        f"{card(state, enh).name} on {mc.name}{suffix}",
                        amount,
                        enh,
                        "combat.enhancer",
                    )
                )
            # e.g. a level that no card may take to 0 or below
            terms.extend(hooks.MONSTER_LEVEL.concat(state, m["card"], terms[first:]))
            for b in effects(mc, "bonus"):
                if isinstance(b, dict) and any(_counts_against(state, p, b.get("against")) for p in people):
                    terms.append(
                        Term(
                            "monsters",
                            f"{mc.name}{suffix} against {_cond_words(b.get('against'))}",
                            b["bonus"],
                            m["card"],
                            "combat.monster_abilities",
                        )
                    )
    for mod in c.modifiers:
        if mod["side"] == "monsters":
            terms.append(
                Term(
                    "monsters",
                    _label(state, mod),
                    mod["amount"],
                    mod["card"],
                    "combat.one_shot",
                    mod.get("target"),
                )
            )
    return terms


def _counts_against(state: GameState, p: Player, cond: dict[str, Any] | None) -> bool:
    """Whether a monster's bonus against COND applies to `p` (or to a companion of theirs, by hook)."""
    if holds(state, p, cond) and not _half_exempt(state, p, cond):
        return True
    return cond is not None and bool(cond) and hooks.COUNTS_AGAINST.any(state, p.name, cond)


def _half_exempt(state: GameState, p: Player, cond: dict[str, Any] | None) -> bool:
    """Half-Breed with one race, Super Munchkin with one class: that race's or class's drawbacks are off."""
    if not cond:
        return False
    if p.half_breed and len(p.races) == 1 and "race" in cond:
        return True
    return bool(p.super_munchkin) and len(p.classes) == 1 and "class" in cond


def _cond_words(cond: dict[str, Any] | None) -> str:
    if not cond:
        return "everyone"
    return ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in cond.items())


@handles("effect", "wins_ties")
def breakdown(state: GameState, c: Combat | None = None) -> Breakdown:
    """The combat's arithmetic: every term of both sides, the sums and the outcome."""
    c = c or state.combat
    if c is None:
        raise ValueError("there is no combat in progress")
    terms: list[Term] = []
    for name in fighters(c):
        terms.extend(player_terms(state, name, c))
    terms.extend(monster_terms(state, c))
    ties = any(abilities(state, state.player(n), "wins_ties") for n in fighters(c))
    return Breakdown(terms, ties)


@handles("effect", "extra_treasures")
def treasures_for(state: GameState, c: Combat) -> int:
    """How many treasures the monsters still in the combat give."""
    return sum(monster_treasures(state, c, m) for m in c.monsters)


def monster_treasures(state: GameState, c: Combat, m: dict[str, Any]) -> int:
    """How many treasures one monster of the combat gives: its card's, its enhancers', its Mates'."""
    people = [state.player(n) for n in fighters(c)]
    mc = card(state, m["card"])
    n = mc.treasures or 0
    for enh in m.get("enhancers", []):
        n += (effect(card(state, enh), "monster_bonus") or {}).get("treasures", 0)
    for x in effects(mc, "extra_treasures"):
        if isinstance(x, dict) and any(holds(state, p, x.get("for")) for p in people):
            n += x["extra_treasures"]
    return max(0, n) * (1 + len(m.get("mates", [])))


@handles("effect", "extra_level_unaided")
def unaided(state: GameState, c: Combat) -> bool:
    """One fighter alone, by level only: no helper and no bonus but the level."""
    if c.helper:
        return False
    return all(t.amount <= 0 or t.label == f"{c.fighter}'s level" for t in player_terms(state, c.fighter, c))


@handles("effect", "extra_level_with_tag", "tag")
def levels_for(state: GameState, c: Combat) -> int:
    """Levels the fighter gains for killing every monster still in the combat."""
    total = 0
    tags: set[str] | None = None  # the fighters' tags, looked for only when a monster asks
    for m in c.monsters:
        mc = card(state, m["card"])
        lv = mc.levels or 1
        tag = effect(mc, "extra_level_with_tag")
        if tag:
            if tags is None:
                tags = _fighters_tags(state, c)
            if tag in tags:
                lv += 1
        extra = effect(mc, "extra_level_unaided")
        if isinstance(extra, int) and unaided(state, c):
            lv += extra
        total += lv * (1 + len(m.get("mates", [])))
    return total


def _fighters_tags(state: GameState, c: Combat) -> set[str]:
    """The tags ("fire") of what the fighters fight with: their side's one-shots and counting items."""
    # "killed with fire": only the fighters' own side burns it; a flame thrown for the monster does not
    tags = {t for mod in c.modifiers if mod["side"] == "players" for t in mod.get("tags", [])}
    for n in fighters(c):
        for cid in counting_items(state, state.player(n)):
            tags.update(_tags(card(state, cid)))
    return tags


def _tags(c: Card) -> set[str]:
    return {t for t in effects(c, "tag") if isinstance(t, str)}


@handles("persistent", "die_roll")
def die_modifier(state: GameState, name: str) -> int:
    """What persistent curses add to every die roll of this player."""
    total: int = sum(
        (card(state, cid).persistent or {}).get("die_roll", 0) for cid in state.player(name).curses
    )
    return total


@handles("effect", "run_away")
def run_away_modifier(state: GameState, name: str, monster: str) -> int:
    """What is added to this player's run-away roll against that monster."""
    p = state.player(name)
    mod = sum(v for v in abilities(state, p, "run_away") if isinstance(v, int))
    for cid in p.equipped:
        if item_usable(state, p, cid):
            mod += sum(v for v in effects(card(state, cid), "run_away") if isinstance(v, int))
    own = hooks.RUN_AWAY_OWN.first(state, name)  # a mount of a module may replace them
    if own is not None:
        mod = int(own)
    parts = [
        mod,
        sum(v for v in effects(card(state, monster), "run_away") if isinstance(v, int)),
        die_modifier(state, name),
    ]
    if hooks.NO_RUN_PENALTY.any(state, name):
        parts = [max(0, x) for x in parts]
    return sum(parts)
