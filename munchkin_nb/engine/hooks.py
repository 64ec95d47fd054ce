"""Hook points: where a ruleset or module plug-in changes what the core engine does.

The core never asks which game it is playing. Numbers that differ are fields of `Ruleset`;
behaviour that differs is a function a plug-in registers at a `Point` for its own name (a ruleset
or a module). Each point is typed (the signature its functions have) and owns its combiner: how
the answers of several plug-ins make one (the first answer, any, every list joined, a sum, or
each called for its events). Call sites ask the point (`DISCARD_PILE.first(s, card)`), never
re-code the combination.

Registering a function only marks it (`Point.register`): importing a plug-in's engine part
changes no table. Each game's table is built from the plug-ins it is played with (`for_game`,
frozen, `Hooks`): the registry hands over their engine parts and the marked functions found in
them, so two games with different plug-ins in one process each call only their own.

Composition is order-free: a game calls its plug-ins in one canonical order, its ruleset first,
then its modules by name, whatever order the user named them in (`canonical`). A point marked
`alone` takes at most one plug-in per game: a game naming two that both use it is refused at its
start in one line (`check`). `table()` renders the list of points for docs/ARCHITECTURE.md.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Any, Generic, ParamSpec, TypeVar

from munchkin_nb.rules import registry

if TYPE_CHECKING:
    from .core.actions import Action
    from .core.builder import Builder
    from .core.state import Combat, GameState, Player
    from .query.combat import Term

P = ParamSpec("P")
R = TypeVar("R")
F = TypeVar("F", bound=Callable[..., Any])

#: a refusal: the rule id and the sentence that says why
Refusal = tuple[str, str]

#: how the answers of a point's functions combine, as the docs name it
COMBINERS = {
    "first": "the first answer that is not None, in canonical order (the later ones are not asked)",
    "any": "True when any function says True (the later ones are not asked)",
    "each": "every function called, in canonical order, for the events it adds",
    "concat": "the lists every function returns, joined in canonical order",
    "sum": "the tuples every function returns, added field by field",
}


def canonical(ruleset: str, modules: Iterable[str]) -> tuple[str, ...]:
    """The owners whose hooks a game calls, in the order it calls them: the ruleset, then the
    modules sorted by name (never the order a user typed them in)."""
    return (ruleset, *sorted(m for m in modules if m != ruleset))


@dataclass(eq=False)
class Point(Generic[P, R]):
    """One hook point: its name, its combiner, the signature (as the docs print it) and meaning."""

    name: str
    combiner: str
    signature: str
    doc: str
    #: at most one plug-in of a game may use this point (two are refused at game start)
    alone: bool = False

    def __post_init__(self) -> None:
        assert self.combiner in COMBINERS, self.combiner
        POINTS[self.name] = self

    def register(self, owner: str) -> Callable[[Callable[P, R]], Callable[P, R]]:
        """Mark a function as this point's for one ruleset or module (a decorator; the function is
        kept as it is). A game whose plug-ins include `owner` finds it in their engine parts."""

        def deco(fn: Callable[P, R]) -> Callable[P, R]:
            marks: list[Mark] = fn.__dict__.setdefault(MARKS, [])
            marks.append(Mark(self.name, owner, next(_SEQUENCE)))
            return fn

        return deco

    def fns(self, s: GameState) -> tuple[Callable[P, R], ...]:
        """The functions the game in `s` calls here, in canonical order (its frozen table)."""
        return for_game(s.ruleset, s.modules).fns.get(self.name, ())

    def used_by(self, ruleset: str, modules: Iterable[str]) -> list[str]:
        """Which of a game's plug-ins registered here, in canonical order."""
        return for_game(ruleset, modules).used_by(self.name)

    # -- the combiners: each takes the point's own arguments; the state is the first (or its builder's)
    def first(self, *args: P.args, **kwargs: P.kwargs) -> R | None:
        """The first answer that is not None (combiner "first"); the later ones are not asked."""
        for fn in self.fns(_state(args[0])):
            got = fn(*args, **kwargs)
            if got is not None:
                return got
        return None

    def any(self, *args: P.args, **kwargs: P.kwargs) -> bool:
        """Whether any function answers True (combiner "any"); the later ones are not asked."""
        return any(fn(*args, **kwargs) for fn in self.fns(_state(args[0])))

    def each(self, *args: P.args, **kwargs: P.kwargs) -> None:
        """Call every function in canonical order (combiner "each")."""
        for fn in self.fns(_state(args[0])):
            fn(*args, **kwargs)

    def concat(self, *args: P.args, **kwargs: P.kwargs) -> list[Any]:
        """Every function's list, joined in canonical order (combiner "concat")."""
        out: list[Any] = []
        for fn in self.fns(_state(args[0])):
            got: Any = fn(*args, **kwargs)
            out.extend(got)
        return out

    def sum(self, zero: R, *args: P.args, **kwargs: P.kwargs) -> R:
        """The tuples every function returns added field by field to `zero` (combiner "sum")."""
        total: Any = zero
        for fn in self.fns(_state(args[0])):
            got: Any = fn(*args, **kwargs)
            total = tuple(a + b for a, b in zip(total, got, strict=True))
        return total  # type: ignore[no-any-return]


def _state(first: Any) -> GameState:
    """The game a hook is asked about: its first argument, a state or a builder (its `s`)."""
    return first.s if hasattr(first, "chance") else first  # type: ignore[no-any-return]


#: name -> point, in the order they are declared below (the docs list them so)
POINTS: dict[str, Point[Any, Any]] = {}

DISCARD_PILE: Point[[GameState, str], str | None] = Point(
    "discard_pile",
    "first",
    "(state, card) -> str | None",
    "the discard pile a card goes to when it is not its deck's own (a pile the ruleset lists in "
    "`Ruleset.piles`), or `top:<deck>` for the top of a deck",
)
MAY_DROP: Point[[GameState, str, str], Refusal | None] = Point(
    "may_drop",
    "first",
    "(state, player, card) -> (rule, sentence) | None",
    "a refusal to drop a race, class or cheat card at will",
)
CHEAT_RULE: Point[[GameState, str], str | None] = Point(
    "cheat_rule",
    "first",
    "(state, card) -> str | None",
    "the rule cited when a card that makes room for a second race or class (Half-Breed, Super "
    "Munchkin) goes on the table, when it is not the core's `cheat.super_munchkin`",
)
MAY_PAY: Point[[GameState, str, str, str], Refusal | None] = Point(
    "may_pay",
    "first",
    "(state, player, card, ability) -> (rule, sentence) | None",
    "a refusal to discard this card as the cost of an ability (`ability`: its effect key, such as "
    '`berserk`, or "" for a cost no ability names)',
)
AFTER_ACTION: Point[[Builder, Action], None] = Point(
    "after_action",
    "each",
    "(builder, action) -> None",
    "after every action's own events, to add what follows from them (a game-end condition, "
    "losing a card whose condition is gone)",
)
MONSTER_LEVEL: Point[[GameState, str, list[Term]], list[Term]] = Point(
    "monster_level",
    "concat",
    "(state, monster, terms) -> list[Term]",
    "terms added to one monster's level terms (its printed level and the enhancers on it, which "
    "every function sees alike), such as a floor",
)
PLAYER_TERMS: Point[[GameState, str, Combat], list[Term]] = Point(
    "player_terms",
    "concat",
    "(state, player, combat) -> list[Term]",
    "terms added to one fighter's or helper's side, such as a module's penalty for the next combat",
)
ABILITIES: Point[[GameState, Player, str], list[Any]] = Point(
    "abilities",
    "concat",
    "(state, player, key) -> list",
    "race or class abilities (the vocabulary's effect keys, such as `hand_limit`) a player has "
    "beyond those printed on their cards",
)
KICK_DOOR: Point[[Builder, str], bool] = Point(
    "kick_door",
    "any",
    "(builder, player) -> bool",
    "opens the door in its own way (True), such as two cards at once, instead of the core's one "
    "card face up (False: not for this player); each door it turns goes through `door_turned`",
    alone=True,
)
DOOR_TURNED: Point[[Builder, str, str, bool], bool] = Point(
    "door_turned",
    "any",
    "(builder, player, card, replace) -> bool",
    "a door card just turned face up that a plug-in carries out at once (True), such as a portal, "
    "instead of it being applied as a door; with `replace` the plug-in also turns the door that "
    "takes its place, without it the caller does (a second door of the same kick)",
)
CURSE_HITS: Point[[Builder, str, str, str, Iterable[str]], bool] = Point(
    "curse_hits",
    "any",
    "(builder, victim, curse, by, rules) -> bool",
    "answers a curse before it lands (True: it left a decision or dealt with the curse; the "
    "plug-in then calls `curse_lands`)",
)
SALE_VALUE: Point[[GameState, str, list[str]], int | None] = Point(
    "sale_value",
    "first",
    "(state, player, cards) -> int | None",
    "what the cards fetch when this player sells them, when not the core's value (None)",
)
REWARD_BONUS: Point[[GameState, Combat, int], tuple[int, int, list[str]]] = Point(
    "reward_bonus",
    "sum",
    "(state, combat, levels) -> (levels, treasures, rules)",
    "what a won combat gives the fighter beyond the monsters' printed levels and treasures (a "
    "race's or class's reward)",
)
NEXT_TURN: Point[[Builder, str], str | None] = Point(
    "next_turn",
    "first",
    "(builder, player) -> str | None",
    "who plays after `player`'s turn ends, when not the player on their left (None): an extra turn",
)
COUNTS_AGAINST: Point[[GameState, str, dict[str, Any]], bool] = Point(
    "counts_against",
    "any",
    "(state, player, cond) -> bool",
    "a monster's bonus or penalty against COND (a race, class or sex) also applies to this player "
    "(through a companion of theirs that matches)",
)
RUN_AWAY_OWN: Point[[GameState, str], int | None] = Point(
    "run_away_own",
    "first",
    "(state, player) -> int | None",
    "the player's own run-away modifier (race, class, items) replaced by this one (a mount's), or "
    "None to keep it",
)
BIG_EXEMPT: Point[[GameState, str], bool] = Point(
    "big_exempt",
    "any",
    "(state, card) -> bool",
    "a big card in play that the big-item limit does not count",
)
GAME_SETUP: Point[[Builder], None] = Point(
    "game_setup",
    "each",
    "(builder) -> None",
    "after the shuffles and the deal of a new game, to lay out what a plug-in puts on the table or "
    "on a deck before the first turn",
)
SET_ASIDE: Point[[GameState, str], list[str]] = Point(
    "set_aside",
    "concat",
    "(state, deck) -> list[str]",
    "cards of that deck left where they lie when a card is drawn from it (the next one is drawn instead)",
)
ATTACHMENTS_FOLLOW: Point[[GameState, str], bool] = Point(
    "attachments_follow",
    "any",
    "(state, item) -> bool",
    "the cards attached to this item go with it to its new owner when it changes hands (instead "
    "of being discarded)",
)
MAY_UNEQUIP: Point[[GameState, str, str], Refusal | None] = Point(
    "may_unequip",
    "first",
    "(state, player, card) -> (rule, sentence) | None",
    "a refusal to turn an equipped item sideways",
)
REWARD_TO: Point[[GameState, Combat], str | None] = Point(
    "reward_to",
    "first",
    "(state, combat) -> str | None",
    "the player who gains a won fight's levels and treasures instead of its fighter (None: the fighter)",
)
MAY_ATTACH: Point[[GameState, str, str, object], Refusal | None] = Point(
    "may_attach",
    "first",
    "(state, player, card, on) -> (rule, sentence) | None",
    "a refusal to play a card (an enhancer) onto a card in play; asked by the moves that attach one",
)

HOLD_LIMITS: Point[[GameState, str], list[Refusal]] = Point(
    "hold_limits",
    "concat",
    "(state, player) -> list[(rule, sentence)]",
    "the limits a module puts on cards in play (one companion of a kind) that the player's table "
    "breaks now; the "
    "core asks it of the table a card would make wherever it comes into play (a trade, a gift, bad "
    "stuff, a theft) and refuses the move that would break one",
)

MAY_USE: Point[[GameState, Player, str], bool] = Point(
    "may_use",
    "any",
    "(state, player, item) -> bool",
    "an item in play whose restrictions its owner does not meet that counts all the same (a "
    "companion of theirs who meets them carries it)",
)

NO_RUN_PENALTY: Point[[GameState, str], bool] = Point(
    "no_run_penalty",
    "any",
    "(state, player) -> bool",
    "the player suffers no run-away penalty: each part of their run-away modifier (their own, the "
    "monster's, a curse's) counts at least 0",
)


def hook(point: str, owner: str) -> Callable[[F], F]:
    """Register a function at a hook point, named by its string, for one ruleset or module."""
    if point not in POINTS:
        raise ValueError(f"unknown hook point {point!r}; known: {', '.join(POINTS)}")

    def deco(fn: F) -> F:
        POINTS[point].register(owner)(fn)
        return fn

    return deco


#: the attribute a registered function carries its marks in
MARKS = "__munchkin_nb_hooks__"
#: registration order across the process: a plug-in's functions at one point keep the order its
#: modules define them in
_SEQUENCE = itertools.count()


@dataclass(frozen=True)
class Mark:
    """One registration: the point, the plug-in it is for, and its place in registration order."""

    point: str
    owner: str
    seq: int


def marked(parts: Iterable[ModuleType]) -> list[tuple[Mark, Callable[..., Any]]]:
    """The registered functions that these modules define, with their marks, in registration order."""
    out: dict[tuple[int, int], tuple[Mark, Callable[..., Any]]] = {}
    for module in parts:
        for obj in list(vars(module).values()):
            if callable(obj) and getattr(obj, "__module__", None) == module.__name__:
                for m in getattr(obj, MARKS, ()):
                    out[(m.seq, id(obj))] = (m, obj)
    return [out[k] for k in sorted(out)]


@dataclass(frozen=True)
class Hooks:
    """The hook table of one game: each point's functions, in canonical order, of its plug-ins only."""

    #: the game's plug-ins in canonical order: its ruleset, then its modules by name
    owners: tuple[str, ...]
    #: point -> its functions (read-only)
    fns: Mapping[str, tuple[Callable[..., Any], ...]]
    #: point -> the plug-ins that registered there, in canonical order (read-only)
    users: Mapping[str, tuple[str, ...]]

    @classmethod
    def build(cls, owners: Sequence[str], parts: Mapping[str, Iterable[ModuleType]]) -> Hooks:
        """The table of the plug-ins `owners` (canonical order) from their engine parts (by owner)."""
        fns: dict[str, list[Callable[..., Any]]] = {}
        users: dict[str, list[str]] = {}
        for owner in owners:
            for mark, fn in marked(parts.get(owner, ())):
                if mark.owner != owner:
                    continue
                fns.setdefault(mark.point, []).append(fn)
                if owner not in users.setdefault(mark.point, []):
                    users[mark.point].append(owner)
        return cls(
            tuple(owners),
            MappingProxyType({p: tuple(f) for p, f in fns.items()}),
            MappingProxyType({p: tuple(u) for p, u in users.items()}),
        )

    def used_by(self, point: str) -> list[str]:
        """Which of the game's plug-ins registered at `point`, in canonical order."""
        return list(self.users.get(point, ()))

    def check(self) -> None:
        """Refuse (ValueError, one line) a game whose plug-ins both take a point that allows one."""
        for p in POINTS.values():
            users = self.used_by(p.name)
            if p.alone and len(users) > 1:
                raise ValueError(
                    f"{' and '.join(users)} both use the hook point {p.name!r}, which one plug-in of "
                    "a game may use: they cannot be played together"
                )


_GAMES: dict[tuple[str, tuple[str, ...]], Hooks] = {}


def for_game(ruleset: str, modules: Iterable[str]) -> Hooks:
    """The hook table of a game with this ruleset and these modules, built once from their
    plug-ins' engine parts (the registry's), then kept."""
    key = (ruleset, tuple(modules))
    got = _GAMES.get(key)
    if got is None:
        owners = canonical(ruleset, key[1])
        got = _GAMES[key] = Hooks.build(owners, {o: registry.engine_parts(o) for o in owners})
    return got


def of(s: GameState, point: str) -> tuple[Callable[..., Any], ...]:
    """The functions to call at `point` for the game in `s`, in canonical order."""
    return POINTS[point].fns(s)


def check(ruleset: str, modules: Sequence[str]) -> None:
    """Refuse (ValueError, one line) a game whose plug-ins both take a point that allows one."""
    for_game(ruleset, modules).check()


def table() -> str:
    """The hook points as a Markdown table (docs/ARCHITECTURE.md carries it; a test keeps it equal)."""
    rows = [
        "| point | signature | combiner | what it decides |",
        "| --- | --- | --- | --- |",
    ]
    for p in POINTS.values():
        how = p.combiner + (", one plug-in per game" if p.alone else "")
        sig = p.signature.replace("|", "\\|")  # a bar inside a table cell, even in code, is escaped
        rows.append(f"| `{p.name}` | `{sig}` | {how} | {p.doc} |")
    return "\n".join(rows)
