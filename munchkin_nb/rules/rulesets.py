"""Rulesets as data: what differs between games lives here, not in if-chains."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from munchkin_nb.cards.vocabulary import Words as Words  # a plug-in declares its words with it

from .catalogue import Rule


@dataclass(frozen=True)
class Ruleset:
    """The numbers and switches of one variant of the game."""

    name: str
    card_set: str
    min_players: int = 3
    max_players: int = 6
    start_doors: int = 4  # dealt at the start, and again to a new character after a death
    start_treasures: int = 4
    win_level: int = 10
    #: the top levels reached only by killing a monster (1: the winning level alone)
    kill_levels: int = 1
    #: the rule cited when a level is held back for want of a kill
    kill_rule: str = "level.win_by_kill"
    hand_limit: int = 5
    escape_on: int = 5  # a run-away roll of this or more escapes
    sell_per_level: int = 1000
    modules: tuple[str, ...] = ()
    #: discard piles besides "door" and "treasure" (hooks.discard_pile sends cards there)
    piles: tuple[str, ...] = ()
    #: turns after a death before the new character may help in a fight (0: at once)
    dead_help_delay: int = 1
    #: a monster a card removes from a won fight gives its treasures (with its enhancers') even
    #: when others were fought beside it; False: only a lone monster does, as the base game's cards say
    removed_monster_treasures: bool = False
    #: the rule that lets a card received out of one's own turn be laid out at once (the
    #: `received` decision cites it); "" where such a card waits in the hand for one's turn
    received_rule: str = ""
    #: an item received by trade or gift may be sold on its receiver's own turn, that same turn
    #: too; False: not before the receiver's next turn starts
    sell_received_at_once: bool = False
    #: nobody trades while a fight is on; False: only its fighter and helper may not
    no_trade_in_a_fight: bool = False
    #: a one-shot may be laid on the table on one's turn (carried, never counting) and used from
    #: there later; False: one-shots are used from the hand
    one_shots_on_table: bool = False
    #: card sets of other games this ruleset's rules can play beside its own (its rulebook says
    #: they combine): a game may shuffle them in (`check_mix`); the rules stay this ruleset's
    mixes: tuple[str, ...] = ()
    #: core rule id -> this ruleset's own rule for the same thing (cited in events and refusals)
    renames: Mapping[str, str] = field(default_factory=dict)
    #: the rulebook this ruleset follows, as a reader knows it
    source: str = "Munchkin (the base game)"
    #: the card the rules explorer's card view opens at (one with many neighbours); "" for the
    #: first card of the set by name
    first_card: str = ""


#: the base game's ruleset and card set: what a game, a page or a bot takes when none is named
BASE_GAME = "classic"

RULESETS: dict[str, Ruleset] = {
    BASE_GAME: Ruleset(name=BASE_GAME, card_set=BASE_GAME, first_card="dwarf"),
}


def register_ruleset(rs: Ruleset) -> Ruleset:
    """A plug-in adds its ruleset (or a module its switches); the name must be new."""
    if rs.name in RULESETS and RULESETS[rs.name] is not rs:
        raise ValueError(f"ruleset {rs.name!r} is registered twice")
    RULESETS[rs.name] = rs
    return rs


@dataclass(frozen=True)
class Module:
    """An optional module of a ruleset: switched on per game, its behaviour in its plug-in's hooks."""

    name: str
    title: str
    #: the rulebook section it follows, as a reader knows it
    source: str
    #: the rulesets it can be added to
    rulesets: tuple[str, ...] = (BASE_GAME,)
    #: the largest die it rolls (a scenario's or a transcript's dice may show up to this)
    die_sides: int = 6
    #: move -> how often a heuristic bot takes it when it may (a module's own moves)
    bot_tries: Mapping[str, float] = field(default_factory=dict)
    #: move -> how often a heuristic bot takes it in its own fight that it wins anyway (a module's
    #: move that trades the plain win for something kept: a pet for later); each is in `bot_tries` too
    bot_gains: Mapping[str, float] = field(default_factory=dict)
    #: Ruleset fields the module sets while it is on (a longer game: `win_level`)
    changes: Mapping[str, Any] = field(default_factory=dict)
    #: the card file (cards/<name>.yaml) whose cards join the decks while the module is on; "" for none
    cards: str = ""


MODULES: dict[str, Module] = {}
#: module -> the modules a game with it must have on too (its plug-in's `requires`)
REQUIRES: dict[str, tuple[str, ...]] = {}


def register_module(m: Module) -> Module:
    """A plug-in adds a module; the name must be new."""
    if m.name in MODULES and MODULES[m.name] is not m:
        raise ValueError(f"module {m.name!r} is registered twice")
    MODULES[m.name] = m
    return m


#: joins a game's own card set to a set mixed in ("cthulhu&classic"); a mixed-in card whose id the
#: sets before it have already is the other game's copy of it, renamed "<its set>_<id>"
MIX = "&"


def deck_name(ruleset_name: str, modules: Sequence[str] = (), mix: Sequence[str] = ()) -> str:
    """The card set of a game: the ruleset's, the sets mixed in, then each module's own cards
    ("classic+steeds", "cthulhu&classic")."""
    extra = [MODULES[m].cards for m in modules if m in MODULES and MODULES[m].cards]
    return "+".join([MIX.join([RULESETS[ruleset_name].card_set, *mix]), *extra])


def opening_card(card_set: str) -> str:
    """The card a view of `card_set` (a `deck_name`) opens at: the `first_card` of the ruleset
    whose own set leads it, "" when that ruleset names none."""
    own = card_set.split("+")[0].split(MIX)[0]  # deck_name's "<game>&<mixed>+<module>": <game>
    return next((rs.first_card for rs in RULESETS.values() if rs.card_set == own and rs.first_card), "")


def check_mix(names: object, ruleset_name: str = BASE_GAME) -> list[str]:
    """The card sets to shuffle into a game of `ruleset_name`, checked (in the order named);
    ValueError in one line names a set that is unknown, named twice, the game's own, or one whose
    cards this ruleset's rules cannot play."""
    if not isinstance(names, (list, tuple)) or not all(isinstance(n, str) for n in names):
        raise ValueError("mix: expected a list of card sets")
    rs = ruleset(ruleset_name)
    sets = sorted({r.card_set for r in RULESETS.values()})
    for n in names:
        if n not in sets:
            raise ValueError(f"unknown card set {n!r}; known: {', '.join(sets)}")
        if n == rs.card_set:
            raise ValueError(f"{n!r} is the {ruleset_name} game's own card set: it is in already")
        if n not in rs.mixes:
            takes = ", ".join(rs.mixes) or "no other set"
            raise ValueError(
                f"{ruleset_name}'s rules cannot play the {n} cards ({ruleset_name} mixes with {takes})"
            )
    if len(set(names)) != len(names):
        raise ValueError("mix: a card set is named twice")
    return list(names)


def check_modules(names: object, ruleset_name: str = BASE_GAME) -> list[str]:
    """The module ids, checked, in their canonical order (by name: a game is the same whatever
    order they were named in); ValueError in one line names an unknown or misplaced one, or two
    that set one of the ruleset's numbers differently."""
    if not isinstance(names, (list, tuple)) or not all(isinstance(n, str) for n in names):
        raise ValueError("modules: expected a list of module ids")
    for n in names:
        if n not in MODULES:
            known = ", ".join(sorted(MODULES)) or "none"
            raise ValueError(f"unknown module {n!r}; known: {known}")
        if ruleset_name not in MODULES[n].rulesets:
            raise ValueError(f"module {n!r} is not played with {ruleset_name}")
    if len(set(names)) != len(names):
        raise ValueError("modules: a module is named twice")
    for n in names:
        missing = [r for r in REQUIRES.get(n, ()) if r not in names]
        if missing:
            raise ValueError(f"module {n!r} needs {', '.join(map(repr, missing))} on too")
    setters: dict[str, str] = {}
    for n in sorted(names):
        for key, value in MODULES[n].changes.items():
            other = setters.setdefault(key, n)
            if other != n and MODULES[other].changes[key] != value:
                raise ValueError(f"modules {other!r} and {n!r} set {key} differently: not played together")
    return sorted(names)


def die_sides(modules: object) -> int:
    """The largest die a game with these modules rolls (6 with none)."""
    names = modules if isinstance(modules, (list, tuple)) else ()
    return max([6] + [MODULES[n].die_sides for n in names if n in MODULES])


_WITH: dict[tuple[str, tuple[str, ...]], Ruleset] = {}


def ruleset_with(name: str, modules: tuple[str, ...]) -> Ruleset:
    """The ruleset of that name with the `changes` of these modules (in order) applied; cached."""
    key = (name, modules)
    got = _WITH.get(key)
    if got is None:
        got = ruleset(name)
        for m in modules:
            if m in MODULES and MODULES[m].changes:
                got = replace(got, **MODULES[m].changes)
        _WITH[key] = got
    return got


def ruleset(name: str) -> Ruleset:
    """The ruleset of that name; ValueError lists the known ones."""
    try:
        return RULESETS[name]
    except KeyError:
        raise ValueError(f"unknown ruleset {name!r}; known: {', '.join(sorted(RULESETS))}") from None


@dataclass(frozen=True)
class Phrases:
    """What a plug-in's moves and engine words say: plain English, the gettext source texts of the
    "words" domain (their translations are in locale/<lang>/LC_MESSAGES/words.po). viz/words.py
    joins them to the core's own and formats them."""

    #: move -> what it did, told after the fact ("gave up a level to roll the die")
    done: Mapping[str, str] = field(default_factory=dict)
    #: move -> the same as a thing to do, msgctxt "move" ("give up a level to roll the die")
    to_do: Mapping[str, str] = field(default_factory=dict)
    #: (move, parameter) -> its words when the action has that parameter, told after the fact
    done_variants: Mapping[tuple[str, str], str] = field(default_factory=dict)
    #: (move, parameter) -> the same as a thing to do
    to_do_variants: Mapping[tuple[str, str], str] = field(default_factory=dict)
    #: engine words with a name in them that its events carry, as templates ("entered {what}")
    engine_words: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if list(self.done) != list(self.to_do) or list(self.done_variants) != list(self.to_do_variants):
            raise ValueError("phrases: every move told after the fact is also told as a thing to do")


@dataclass(frozen=True)
class Plugin:
    """A plug-in's one declaration (the `PLUGIN` of its package's __init__.py): the ruleset or the
    module it adds, its catalogue rules, the words its cards use, the plug-ins it needs, and its
    engine part (a sub-module that registers its moves, steps, effect handlers and hooks), its
    lessons and the words its moves are told in."""

    name: str
    rules: tuple[Rule, ...]
    ruleset: Ruleset | None = None
    module: Module | None = None
    words: Words = Words()
    #: modules a game with this one must have on too (loaded first; a game without them is refused)
    requires: tuple[str, ...] = ()
    #: its engine part, a sub-module of its package ("" for none)
    engine: str = "engine"
    #: its lessons: the stems of the files in its folder's `lessons/`, in teaching order
    lessons: tuple[str, ...] = ()
    #: where its lessons go in the course's part "Other games and modules" (lower first; the
    #: rulesets, then the base game's modules in the order of its full rulebook)
    course_order: int = 0
    #: what its moves and engine words say
    phrases: Phrases = Phrases()

    def __post_init__(self) -> None:
        if (self.ruleset is None) == (self.module is None):
            raise ValueError(f"plug-in {self.name!r}: declare a ruleset or a module (one of them)")
        own = self.ruleset.name if self.ruleset is not None else self.module.name  # type: ignore[union-attr]
        if own != self.name:
            raise ValueError(f"plug-in {self.name!r} declares {own!r}: the names must be equal")
