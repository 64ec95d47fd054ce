"""The game state as plain data: players, decks, turn, phase, combat, pending decision."""

from __future__ import annotations

import copy
import hashlib
import json
from dataclasses import asdict, dataclass, field
from typing import Any

from .render import state_html


@dataclass
class Player:
    """One munchkin at the table. Cards are instance ids (see docs/cards.md)."""

    name: str
    sex: str
    level: int = 1
    hand: list[str] = field(default_factory=list)
    equipped: list[str] = field(default_factory=list)  # items in play that count
    carried: list[str] = field(default_factory=list)  # items in play, turned sideways
    races: list[str] = field(default_factory=list)
    classes: list[str] = field(default_factory=list)
    half_breed: str | None = None
    super_munchkin: str | None = None
    curses: list[str] = field(default_factory=list)  # persistent curses kept in play
    attachments: dict[str, str] = field(default_factory=dict)  # card -> item it sits on (Cheat!)
    dead: bool = False
    needs_new_cards: bool = False  # died: draws 4+4 at its next turn
    died_on_turn: int = 0  # the turn of the last death: from the next turn on, the dead may help
    unsellable: list[str] = field(default_factory=list)  # received items, until own turn
    sold_double: bool = False  # the halfling's sale this turn
    stole: bool = False  # the thief's theft this turn

    def in_play(self) -> list[str]:
        """Every card this player has on the table."""
        extra = [c for c in (self.half_breed, self.super_munchkin) if c]
        return (
            self.equipped
            + self.carried
            + self.races
            + self.classes
            + extra
            + self.curses
            + list(self.attachments)
        )


def _copy_player(p: Player) -> Player:
    new = copy.copy(p)
    for k, v in vars(p).items():
        if isinstance(v, (list, dict)):
            setattr(new, k, type(v)(v))
    return new


@dataclass
class Combat:
    """A fight in progress: who fights, which monsters, what was played, who may still act."""

    fighter: str
    monsters: list[dict[str, Any]]  # {"card", "enhancers": [...], "mates": [...]}
    helper: str | None = None
    bribe: dict[str, Any] = field(default_factory=dict)
    modifiers: list[dict[str, Any]] = field(default_factory=list)  # {"card","target","amount","by","tags"}
    declined: list[str] = field(default_factory=list)  # players who refused to help
    asked: str | None = None  # player being asked to help now
    offer: dict[str, Any] = field(default_factory=dict)  # the bribe offered to `asked`
    window: list[str] = field(default_factory=list)  # players still to pass, in order
    passed: list[str] = field(default_factory=list)
    backstabbed: list[list[str]] = field(default_factory=list)  # [thief, victim]
    discards_used: dict[str, int] = field(default_factory=dict)  # ability -> cards discarded
    removed: list[dict[str, Any]] = field(default_factory=list)  # monsters sent away
    stage: str = "fight"  # fight | run_away
    to_run: list[list[str]] = field(default_factory=list)  # [player, monster] still to flee
    escape: dict[str, Any] | None = None  # a roll awaiting flight or reroll
    auto_escape: list[str] = field(default_factory=list)
    from_door: bool = True


@dataclass
class GameState:
    """Everything about one game at one moment; JSON-serialisable, hashable."""

    ruleset: str = ""
    card_set: str = ""
    modules: list[str] = field(default_factory=list)
    players: list[Player] = field(default_factory=list)
    decks: dict[str, list[str]] = field(default_factory=lambda: {"door": [], "treasure": []})
    discards: dict[str, list[str]] = field(default_factory=lambda: {"door": [], "treasure": []})
    turn: int = 0
    current: int = 0
    phase: str = "setup"
    combat: Combat | None = None
    # decisions waiting on one player, oldest first: {"player", "kind", "options", ...}
    pending: list[dict[str, Any]] = field(default_factory=list)
    # effects waiting to be carried out after the pending decision (bad stuff, curses)
    queue: list[dict[str, Any]] = field(default_factory=list)
    ready: list[str] = field(default_factory=list)  # players done with set-up
    fought: bool = False  # this turn saw a monster
    fled: bool = False
    looted: bool = False
    charity: dict[str, int] = field(default_factory=dict)  # cards given to each player this turn
    winners: list[str] = field(default_factory=list)
    seq: int = 0  # events folded so far
    #: what a module remembers between actions (key -> value; see the MarkSet event)
    marks: dict[str, Any] = field(default_factory=dict)
    #: cards in play that belong to no player (laid on the table by a module), in the order they came
    table: list[str] = field(default_factory=list)
    #: cards of a game recorded at a table that stand in for cards not shown (CardHidden): the
    #: table does not know which card lies where each of these is
    unknown: list[str] = field(default_factory=list)

    @classmethod
    def initial(cls) -> GameState:
        """The empty state that event 1 (GameStarted) builds on."""
        return cls()

    # -- lookups -----------------------------------------------------------
    def player(self, name: str) -> Player:
        # a plain scan: at most six players, and this is the engine's most asked lookup
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(f"no player named {name!r}")

    def has_player(self, name: str) -> bool:
        for p in self.players:  # noqa: SIM110 - a loop is faster than any() over a generator here
            if p.name == name:
                return True
        return False

    @property
    def active(self) -> Player:
        return self.players[self.current]

    @property
    def fight(self) -> Combat:
        """The combat in progress, for code that runs only inside one.

        Without one it raises AttributeError, as `self.combat.x` did before: the legal-action
        search counts that as "not possible now"."""
        if self.combat is None:
            raise AttributeError("no combat is in progress")
        return self.combat

    @property
    def over(self) -> bool:
        return bool(self.winners)

    def names(self) -> list[str]:
        return [p.name for p in self.players]

    def left_of(self, name: str) -> str:
        """The next player to the left (turn order)."""
        names = self.names()
        return names[(names.index(name) + 1) % len(names)]

    def order_from(self, name: str) -> list[str]:
        """Every player in turn order, starting with `name`."""
        names = self.names()
        i = names.index(name)
        return names[i:] + names[:i]

    def location_of(self, card: str) -> str:
        """Where a card is: 'deck:door', 'hand:Ana', 'combat', ... (for invariants and tests)."""
        for kind, deck in self.decks.items():
            if card in deck:
                return f"deck:{kind}"
        if card in self.table:
            return "table"
        for kind, pile in self.discards.items():
            if card in pile:
                return f"discard:{kind}"
        for p in self.players:
            if card in p.hand:
                return f"hand:{p.name}"
            if card in p.in_play():
                return f"play:{p.name}"
        if self.combat and card in combat_cards(self.combat):
            return "combat"
        return "nowhere"

    # -- data --------------------------------------------------------------
    def copy(self) -> GameState:
        """A deep copy, made by hand: the state is plain lists and dicts of strings and numbers."""
        new = copy.copy(self)
        new.players = [_copy_player(p) for p in self.players]
        new.modules = list(self.modules)
        new.decks = {k: list(v) for k, v in self.decks.items()}
        new.discards = {k: list(v) for k, v in self.discards.items()}
        new.combat = copy.deepcopy(self.combat)
        new.pending = copy.deepcopy(self.pending)
        new.queue = copy.deepcopy(self.queue)
        new.ready = list(self.ready)
        new.charity = dict(self.charity)
        new.winners = list(self.winners)
        new.marks = dict(self.marks)
        new.table = list(self.table)
        new.unknown = list(self.unknown)
        return new

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        if not self.marks:  # a game without module marks keeps the form (and hash) it always had
            del d["marks"]
        if not self.table:  # likewise a game with nothing on the table but the players' cards
            del d["table"]
        if not self.unknown:  # and every game with no card unseen (all but a table's recordings)
            del d["unknown"]
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameState:
        d = dict(d)
        d["players"] = [Player(**p) for p in d["players"]]
        d["combat"] = Combat(**d["combat"]) if d.get("combat") else None
        return cls(**d)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    def _repr_html_(self) -> str:
        return state_html(self)


def combat_cards(c: Combat) -> list[str]:
    """Every card lying in the middle of the table for this combat."""
    out: list[str] = []
    for m in c.monsters + c.removed:
        out.append(m["card"])
        out.extend(m.get("enhancers", []))
        out.extend(m.get("mates", []))
    out.extend(mod["card"] for mod in c.modifiers if mod.get("card"))
    return out


def state_hash(state: GameState) -> str:
    """sha256 of the state's canonical JSON."""
    return hashlib.sha256(state.to_json().encode()).hexdigest()
