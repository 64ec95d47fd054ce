"""The card vocabulary of docs/cards.md, as data.

The loader validates against it and the engine imports it, so a kind, step or
condition key exists in one place only. Each kind maps to the option keys it
accepts besides its own key. The constants are the base game's words; a plug-in
declares its own (`Words`), and `of(plugins)` is the frozen `Vocabulary` of the
base game with those plug-ins: nothing here is changed once imported.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

DECKS = frozenset({"door", "treasure"})

KIND_DECKS = {
    "monster": {"door"},
    "monster_enhancer": {"door"},
    "curse": {"door"},
    "race": {"door"},
    "class": {"door"},
    "half_breed": {"door"},
    "super_munchkin": {"door"},
    "wandering_monster": {"door"},
    "special": {"door", "treasure"},
    "item": {"treasure"},
    "one_shot": {"treasure"},
    "go_up_a_level": {"treasure"},
}
KINDS = frozenset(KIND_DECKS)

COMMON_FIELDS = ("id", "name", "deck", "kind", "copies", "text")

KIND_FIELDS = {
    "monster": {"level", "treasures", "levels", "undead", "effects", "bad_stuff"},
    "monster_enhancer": {"effects"},
    "curse": {"effects", "persistent"},
    "race": {"race", "effects"},
    "class": {"class", "effects"},
    "half_breed": {"effects"},
    "super_munchkin": {"effects"},
    "wandering_monster": set(),
    "special": {"effects", "when"},
    "item": {"bonus", "gold", "slot", "big", "requires", "effects"},
    "one_shot": {"bonus", "gold", "effects", "when"},
    "go_up_a_level": {"effects", "when"},
}

SLOTS = frozenset({"headgear", "armor", "footgear", "one_hand", "two_hands", "none"})
RACES = frozenset({"elf", "dwarf", "halfling"})
CLASSES = frozenset({"warrior", "wizard", "thief", "cleric"})
SEXES = frozenset({"male", "female"})

# Conditions: key -> kind of value ("race", "class", "sex", "slot", "int", "list").
CONDITION_KEYS = {
    "race": "race",
    "not_race": "race",
    "class": "class",
    "not_class": "class",
    "sex": "sex",
    "not_sex": "sex",
    "any": "list",
    "level_at_most": "int",
    "wears": "slot",
}
# Option keys whose value is a condition.
CONDITION_OPTIONS = frozenset({"against", "unless", "for", "if"})
# Option keys whose value is a list of steps.
STEP_LIST_OPTIONS = frozenset({"then", "else"})

# Effects: kind -> allowed option keys.
EFFECT_KINDS = {
    # monsters
    "bonus": {"against"},
    "run_away": set(),
    "cannot_be_outrun": set(),
    "auto_escape": set(),
    "wont_pursue": {"unless"},
    "no_help": set(),
    "level_only": set(),
    "items_only": set(),
    "escaped_bad_stuff": set(),
    "extra_treasures": {"for"},
    "sent_away_by": {"treasures"},
    "trade_treasures": {"for"},
    "on_reveal": set(),
    "extra_level_with_tag": set(),
    "extra_level_unaided": set(),
    "killed_by_tag": set(),
    "escape_by_discarding_tag": set(),
    # enhancers and Mate
    "monster_bonus": {"treasures"},
    "mate": set(),
    # items, one-shots, specials
    "tag": set(),
    "bonus_if": {"amount"},
    "end_combat": set(),
    "draw_treasures": set(),
    "cancel_curse": set(),
    "set_die": set(),
    "take_from_discard": set(),
    "double_strength": set(),
    "steal_item": set(),
    "gain_level": set(),
    "steal_level": set(),
    "level_up_all": {"for"},
    "banish_monster": set(),
    "replace_monster": set(),
    "transfer_combat": set(),
    "force_rerun": set(),
    "cheat": set(),
    "discard_in_play": set(),
    "discard_to_escape": set(),
    "escape_treasures": set(),
    "extra_item": set(),
    "ignore_drawn_curses": set(),
    "compel_help": set(),
    # races and classes
    "help_level": set(),
    "big_items_unlimited": set(),
    "hand_limit": set(),
    "double_sell": set(),
    "reroll_run_away": set(),
    "berserk": {"max_cards"},
    "wins_ties": set(),
    "flight": {"max_cards"},
    "charm": set(),
    "backstab": set(),
    "theft": set(),
    "resurrection": set(),
    "turning": {"max_cards"},
    # Half-Breed and Super Munchkin cards: how many races or classes in all (0: any number; default 2)
    "identities": set(),
}
# Effects whose value is a list of steps.
EFFECTS_WITH_STEPS = frozenset({"escaped_bad_stuff", "on_reveal"})
# Effects whose value is a condition.
EFFECTS_WITH_CONDITION = frozenset({"bonus_if", "sent_away_by"})

# Steps (bad stuff and curses): kind -> allowed option keys.
STEP_KINDS = {
    "death": set(),
    "lose_levels": set(),
    "lose_slot": set(),
    "lose_worn": set(),
    "lose_item": set(),
    "lose_all": set(),
    "lose_best_item": set(),
    "lose_class": set(),
    "lose_race": set(),
    "lose_hand": set(),
    "lose_cards": set(),
    "lose_any": set(),
    "lose_tagged": set(),
    "level_to": set(),
    "level_to_lowest": set(),
    "lose_gold_worth": set(),
    "others_lose_gold_worth": set(),
    "lose_items": set(),
    "others_take_items": set(),
    "others_pick": set(),
    "change_sex": set(),
    "change_race": set(),
    "change_class": set(),
    "roll": set(),
    "if": {"then", "else"},
    "choose": set(),
}

PERSISTENT_KINDS = {
    "combat_bonus": {"until"},
    "die_roll": set(),
    "items_ignored": {"until"},
}

WHEN_WORDS = frozenset({"combat", "own_turn", "any_time", "on_draw", "after_failed_roll"})
WHEN_KEYS = frozenset({"after_combat", "not_highest", "in_play"})


@dataclass(frozen=True)
class Words:
    """The card words a plug-in's cards use beyond the base game's: its races (or accents), classes,
    effects and steps (word -> its option keys), decks of its own, and kinds (kind -> (its decks,
    its fields); a known kind may gain a deck or fields). Each word needs a handler in the plug-in's
    engine part, as the base game's words do."""

    races: frozenset[str] = frozenset()
    classes: frozenset[str] = frozenset()
    effects: Mapping[str, frozenset[str]] = field(default_factory=dict)
    steps: Mapping[str, frozenset[str]] = field(default_factory=dict)
    decks: frozenset[str] = frozenset()
    kinds: Mapping[str, tuple[frozenset[str], frozenset[str]]] = field(default_factory=dict)


@dataclass(frozen=True)
class Vocabulary:
    """The words a card file may use: the base game's (the constants above) and some plug-ins'."""

    races: frozenset[str]
    classes: frozenset[str]
    decks: frozenset[str]
    kind_decks: Mapping[str, frozenset[str]]
    kind_fields: Mapping[str, frozenset[str]]
    effect_kinds: Mapping[str, frozenset[str]]
    step_kinds: Mapping[str, frozenset[str]]

    @property
    def kinds(self) -> frozenset[str]:
        return frozenset(self.kind_decks)

    def plus(self, w: Words) -> Vocabulary:
        """This vocabulary with a plug-in's words (a new one: nothing is changed in place)."""
        kd, kf = dict(self.kind_decks), dict(self.kind_fields)
        for kind, (in_decks, fields) in w.kinds.items():
            kd[kind] = kd.get(kind, frozenset()) | in_decks
            kf[kind] = kf.get(kind, frozenset()) | fields
        return Vocabulary(
            self.races | w.races,
            self.classes | w.classes,
            self.decks | w.decks,
            MappingProxyType(kd),
            MappingProxyType(kf),
            MappingProxyType({**self.effect_kinds, **w.effects}),
            MappingProxyType({**self.step_kinds, **w.steps}),
        )


def _frozen(table: Mapping[str, set[str]]) -> Mapping[str, frozenset[str]]:
    return MappingProxyType({k: frozenset(v) for k, v in table.items()})


#: the base game's vocabulary
BASE = Vocabulary(
    RACES,
    CLASSES,
    DECKS,
    _frozen(KIND_DECKS),
    _frozen(KIND_FIELDS),
    _frozen(EFFECT_KINDS),
    _frozen(STEP_KINDS),
)
#: plug-in -> the words its declaration adds, as registered (munchkin_nb.rules.registry)
WORDS: dict[str, Words] = {}
_OF: dict[tuple[str, ...] | None, Vocabulary] = {}


def register(name: str, words: Words) -> None:
    """A plug-in's words become available to `of` (registered once per plug-in)."""
    if WORDS.get(name, words) != words:
        raise ValueError(f"plug-in {name!r} registers its words twice")
    WORDS[name] = words
    _OF.clear()


def of(plugins: Iterable[str] | None = None) -> Vocabulary:
    """The base game's words with those of these plug-ins (in name order; every registered
    plug-in's when None): the vocabulary a card set of a game with them is checked against."""
    key = None if plugins is None else tuple(sorted(set(plugins)))
    got = _OF.get(key)
    if got is None:
        got = BASE
        for name in sorted(WORDS) if key is None else key:
            if name in WORDS:
                got = got.plus(WORDS[name])
        _OF[key] = got
    return got
