"""A game in progress for callers: the state, its event log, a chance source, and the verbs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from munchkin_nb.rules.rulesets import check_mix, check_modules, deck_name
from munchkin_nb.rules.rulesets import ruleset as get_ruleset

from . import hooks
from .core.actions import Action, IllegalAction
from .core.builder import Builder
from .core.chance import Chance, RandomChance
from .core.events import Event
from .core.evolve import evolve, fold
from .core.state import GameState
from .legal import apply, context, legal_actions
from .procs.flow import draw

SEXES = ("male", "female")


def new_game(
    players: Sequence[str | dict[str, Any]],
    ruleset: str = "classic",
    seed: int | None = 0,
    chance: Chance | None = None,
    deal: bool = True,
    modules: Sequence[str] = (),
    mix: Sequence[str] = (),
) -> list[Event]:
    """The opening events: the game (its ruleset plus `modules`, the card sets of `mix` shuffled
    in), the shuffles, and (if `deal`) four and four cards each. An unknown module, or a set that
    the ruleset does not mix with, is a ValueError naming it."""
    rs = get_ruleset(ruleset)
    # the modules in canonical order (GameStarted records it): the same game whatever order they were named in
    on = sorted(set(rs.modules) | set(check_modules(list(modules), rs.name)))
    hooks.check(rs.name, on)
    mixed = check_mix(list(mix), rs.name)
    specs: list[dict[str, Any]] = [
        p if isinstance(p, dict) else {"name": p, "sex": SEXES[i % 2]} for i, p in enumerate(players)
    ]
    if not rs.min_players <= len(specs) <= rs.max_players:
        raise IllegalAction(
            rs.renames.get("setup.players", "setup.players"),
            f"{rs.name} is played by {rs.min_players} to {rs.max_players} players, not {len(specs)}.",
        )
    names = [p["name"] for p in specs]
    if len(set(names)) != len(names) or not all(isinstance(n, str) and n for n in names):
        raise IllegalAction("setup.players", "every player needs a different, non-empty name.")
    for p in specs:
        if p.get("sex") not in SEXES:
            raise IllegalAction("setup.start_character", f"{p['name']}'s sex must be 'male' or 'female'.")
    chance = chance or RandomChance(seed)
    b = Builder(GameState.initial(), chance)
    b.emit(
        "GameStarted",
        {
            "ruleset": rs.name,
            "card_set": deck_name(rs.name, on, mixed),
            "modules": on,
            **({"mix": mixed} if mixed else {}),
            **({"piles": list(rs.piles)} if rs.piles else {}),
            "players": [{"name": p["name"], "sex": p["sex"]} for p in specs],
            "seed": seed,
        },
        # the state before GameStarted knows no ruleset: its own rules are named here
        [rs.renames.get(r, r) for r in ("setup.players", "setup.start_character")],
    )
    for kind in list(b.s.decks):  # door, treasure, then a module's own decks
        b.emit("DeckShuffled", {"deck": kind, "order": chance.shuffle(b.s.decks[kind])}, ["setup.deal"])
    if deal:
        for kind, n in (("door", rs.start_doors), ("treasure", rs.start_treasures)):
            for _ in range(n):
                for p in specs:
                    draw(b, p["name"], kind, "down", "deal", ["setup.deal"])
    hooks.GAME_SETUP.each(b)
    return b.events


@dataclass
class Game:
    """State plus log: `game.act(action)` checks, records and folds; `game.legal_actions()` lists."""

    state: GameState
    events: list[Event] = field(default_factory=list)
    chance: Chance | None = None

    @classmethod
    def start(
        cls,
        players: Sequence[str | dict[str, Any]],
        ruleset: str = "classic",
        seed: int | None = 0,
        modules: Sequence[str] = (),
        mix: Sequence[str] = (),
    ) -> Game:
        chance = RandomChance(seed)
        events = new_game(players, ruleset, seed, chance, modules=modules, mix=mix)
        state = GameState.initial()
        for e in events:
            evolve(state, e)
        return cls(state, list(events), chance)

    def legal_actions(self) -> list[Action]:
        return legal_actions(self.state)

    def to_act(self) -> tuple[str | None, str]:
        return context(self.state)

    def act(self, action: Action, listed: Sequence[Action] = ()) -> list[Event]:
        """Check the action, fold its events into the state as they are made, and log them.
        `listed`: the legal actions of this very state that the action was picked from (the same
        object); it passed the check when it was listed, so the check is not made twice."""
        checked = any(action is a for a in listed)
        try:
            new = apply(self.state, action, self.chance, in_place=True, checked=checked)
        except IllegalAction:
            raise  # refused before anything was folded
        except Exception:
            self.state = fold(self.events)  # never leave half an action in the state
            raise
        self.events.extend(new)
        return new

    def _repr_html_(self) -> str:
        return self.state._repr_html_()
