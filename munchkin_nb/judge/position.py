"""A Position: a table held in mind (players, their cards, whose turn, a fight), checked field by
field, exported to the scenario format and laid out through the engine like a scenario."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from munchkin_nb.cards import CardError
from munchkin_nb.engine import Action, Game
from munchkin_nb.engine.core.cards import card_set as load_set  # cached: a page checks on every change
from munchkin_nb.rules import RULESETS
from munchkin_nb.rules.rulesets import check_modules, deck_name, ruleset_with
from munchkin_nb.scenarios import Scenario, scenario_game
from munchkin_nb.scenarios.names import CardNames, base

ZONES = ("races", "classes", "equipped", "carried", "curses", "hand")
SINGLES = ("half_breed", "super_munchkin")
PLAYER_KEYS = ("name", "sex", "level", *ZONES, *SINGLES)
TOP_KEYS = ("ruleset", "modules", "players", "turn", "phase", "decks", "discards", "fight")
FIGHT_KEYS = ("monsters", "enhancers", "helper")
PHASES = ("before_door", "after_door", "charity")
# the kind of card each zone may hold
ZONE_KINDS = {"races": ("race",), "classes": ("class",), "curses": ("curse",)}


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a set-up: the field at fault (`players[1].hand[0]`) and what is wrong."""

    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.field}: {self.message}"


class PositionError(ValueError):
    """A set-up no table can have; `problems` lists every field at fault."""

    def __init__(self, problems: list[Problem]):
        super().__init__("; ".join(map(str, problems)))
        self.problems = problems


@dataclass(frozen=True)
class Position:
    """A checked table: its canonical data (the judge's own format, see docs/judge.md)."""

    data: dict[str, Any]

    @classmethod
    def from_data(cls, data: Any) -> Position:
        """Check every field; PositionError lists all problems at once."""
        clean, problems = _check(data)
        if problems:
            raise PositionError(problems)
        return cls(clean)

    @property
    def names(self) -> list[str]:
        return [p["name"] for p in self.data["players"]]

    def to_scenario(self, name: str = "A judged position") -> dict[str, Any]:
        """The scenario file (docs/scenarios.md) that lays this table out: a fight is reached by its
        moves (the monster kicked from the door, each enhancer played, help asked and given)."""
        d = copy.deepcopy(self.data)  # the fight's cards join hands below: never this position's lists
        players = [{k: v for k, v in p.items() if v not in ([], None)} for p in d["players"]]
        decks = {k: list(v) for k, v in d["decks"].items()}
        steps: list[dict[str, Any]] = []
        phase = d["phase"]
        fight = d.get("fight")
        if fight:
            fighter = d["turn"]
            first, *more = fight["monsters"]
            decks["door"] = [first, *decks.get("door", [])]
            phase = "before_door"
            steps.append({"do": {"player": fighter, "action": "kick_door"}})
            by_name = {p["name"]: p for p in players}
            for m in more:  # a second monster joins by Wandering Monster, from the fighter's hand
                hand = by_name[fighter].setdefault("hand", [])
                hand += ["wandering_monster", m]
                steps.append(
                    {
                        "do": {
                            "player": fighter,
                            "action": "wandering_monster",
                            "card": "wandering_monster",
                            "monster": m,
                        }
                    }
                )
            for e in fight.get("enhancers", []):
                by_name[e["by"]].setdefault("hand", []).append(e["card"])
                steps.append(
                    {
                        "do": {
                            "player": e["by"],
                            "action": "play_enhancer",
                            "card": e["card"],
                            "monster": e["monster"],
                        }
                    }
                )
            helper = fight.get("helper")
            if helper:
                steps.append({"do": {"player": fighter, "action": "ask_for_help", "helper": helper}})
                steps.append({"do": {"player": helper, "action": "accept_help"}})
        out: dict[str, Any] = {"name": name, "ruleset": d["ruleset"]}
        if d["modules"]:
            out["modules"] = list(d["modules"])
        out |= {"players": players, "turn": d["turn"], "phase": phase}
        if any(decks.values()):
            out["decks"] = {k: v for k, v in decks.items() if v}
        if any(d["discards"].values()):
            out["discards"] = {k: list(v) for k, v in d["discards"].items() if v}
        if steps:
            out["steps"] = steps
        return out

    def game(self) -> Game:
        """The game at this position, laid out through the engine as the scenario runner does it."""
        sc_data = self.to_scenario()
        cards = CardNames(tuple(load_set(deck_name(self.data["ruleset"], self.data["modules"])).instances()))
        players = []
        for i, p in enumerate(sc_data["players"]):
            spec: dict[str, Any] = {"name": p["name"], "sex": p["sex"], "level": p["level"]}
            for z in ("hand", "equipped", "carried", "races", "classes", "curses"):
                spec[z] = [cards.place(c, f"players[{i}].{z}") for c in p.get(z, [])]
            for z in SINGLES:
                if p.get(z):
                    spec[z] = cards.place(p[z], f"players[{i}].{z}")
            players.append(spec)
        piles = {
            key: {k: [cards.place(c, key) for c in v] for k, v in sc_data.get(key, {}).items()}
            for key in ("decks", "discards")
        }
        sc = Scenario(
            name=sc_data["name"],
            path="<judge>",
            ruleset=self.data["ruleset"],
            rules=[],
            players=players,
            turn_of=sc_data["turn"],
            phase=sc_data["phase"],
            decks=piles["decks"],
            discards=piles["discards"],
            dice=[],
            steps=[],
            cards=cards,
            modules=list(self.data["modules"]),
        )
        game = scenario_game(sc)
        for st in sc_data.get("steps", []):
            body = dict(st["do"])
            params = {
                k: _copy_of(game, v, body["player"]) if k in ("card", "monster") else v
                for k, v in body.items()
            }
            game.act(
                Action(
                    body["action"],
                    body["player"],
                    {k: v for k, v in params.items() if k not in ("player", "action")},
                )
            )
        return game


def _copy_of(game: Game, name: str, player: str) -> str:
    """The copy a bare id means in the fight's moves: in the player's hand, else the fought monster."""
    s = game.state
    pool = list(s.player(player).hand) + ([m["card"] for m in s.fight.monsters] if s.combat else [])
    return next((c for c in pool if c == name or base(c) == name), name)


class _Checker:
    """Collects every problem of a set-up, field by field."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def bad(self, field: str, message: str) -> None:
        self.problems.append(Problem(field, message))

    def text(self, v: Any, field: str) -> str | None:
        if isinstance(v, str) and v.strip():
            return v
        self.bad(field, f"expected text, got {v!r}")
        return None

    def items(self, v: Any, field: str) -> list[Any]:
        if v is None:
            return []
        if isinstance(v, list):
            return v
        self.bad(field, f"expected a list, got {type(v).__name__}")
        return []

    def mapping(self, v: Any, field: str, keys: tuple[str, ...]) -> dict[str, Any]:
        if v is None:
            return {}
        if not isinstance(v, dict):
            self.bad(field, f"expected a mapping, got {type(v).__name__}")
            return {}
        for k in v:
            if k not in keys:
                self.bad(f"{field}.{k}" if field else str(k), f"unknown field (known: {', '.join(keys)})")
        return v


class _Cards:
    """The card set's copies and where each was placed, to refuse a card placed twice."""

    def __init__(self, ck: _Checker, instances: list[str], kinds: dict[str, str]):
        self.ck, self.kinds = ck, kinds
        self.free = {c: True for c in instances}
        self.bases: dict[str, list[str]] = {}
        for c in instances:
            self.bases.setdefault(base(c), []).append(c)
        self.where: dict[str, str] = {}  # base id -> the first field that placed a copy

    def place(self, v: Any, field: str, kinds: tuple[str, ...] | None = None) -> str | None:
        cid = self.ck.text(v, field)
        if cid is None:
            return None
        b = base(cid)
        if b not in self.bases or ("#" in cid and cid not in self.free):
            self.ck.bad(field, f"unknown card {cid!r}")
            return None
        copies = [cid] if "#" in cid else self.bases[b]
        free = [c for c in copies if self.free[c]]
        if not free:
            self.ck.bad(field, f"card {cid!r} placed twice (also in {self.where[b]})")
            return None
        self.free[free[0]] = False
        self.where.setdefault(b, field)
        if kinds and self.kinds[b] not in kinds:
            self.ck.bad(field, f"{cid!r} is a {self.kinds[b].replace('_', ' ')}, not a {' or '.join(kinds)}")
        return cid


def _check(data: Any) -> tuple[dict[str, Any], list[Problem]]:
    ck = _Checker()
    d = ck.mapping(data, "", TOP_KEYS)
    if not isinstance(data, dict):
        return {}, ck.problems
    rs_name = d.get("ruleset", "classic")
    if rs_name not in RULESETS:
        ck.bad("ruleset", f"unknown ruleset {rs_name!r}; known: {', '.join(sorted(RULESETS))}")
        return {}, ck.problems
    try:
        modules = check_modules(d.get("modules", []), rs_name)
        card_set = load_set(deck_name(rs_name, modules))
    except (ValueError, CardError) as exc:
        ck.bad("modules", str(exc))
        return {}, ck.problems
    rs = ruleset_with(rs_name, tuple(modules))
    kinds = {cid: c.kind for cid, c in card_set.cards.items()}
    cards = _Cards(ck, card_set.instances(), kinds)
    raw_players = ck.items(d.get("players"), "players")
    if not rs.min_players <= len(raw_players) <= rs.max_players:
        ck.bad("players", f"{len(raw_players)} players; {rs.min_players} to {rs.max_players} allowed")
    players: list[dict[str, Any]] = []
    for i, p in enumerate(raw_players):
        at = f"players[{i}]"
        if isinstance(p, str):
            p = {"name": p}
        p = ck.mapping(p, at, PLAYER_KEYS)
        name = ck.text(p.get("name"), f"{at}.name") or f"player {i + 1}"
        if name in [q["name"] for q in players]:
            ck.bad(f"{at}.name", f"the name {name!r} is given twice")
        sex = p.get("sex", ("female", "male")[i % 2])
        if sex not in ("female", "male"):
            ck.bad(f"{at}.sex", f"{sex!r} is neither female nor male")
        level = p.get("level", 1)
        top = rs.win_level - 1
        if not isinstance(level, int) or isinstance(level, bool) or not 1 <= level <= top:
            ck.bad(
                f"{at}.level",
                f"{level!r} is not a level from 1 to {top} (level {rs.win_level} wins the game)",
            )
        spec: dict[str, Any] = {"name": name, "sex": sex, "level": level}
        for z in SINGLES:
            v = p.get(z)
            spec[z] = cards.place(v, f"{at}.{z}", (z,)) if v else None
        for z in ZONES:
            spec[z] = [
                c
                for j, v in enumerate(ck.items(p.get(z), f"{at}.{z}"))
                if (c := cards.place(v, f"{at}.{z}[{j}]", ZONE_KINDS.get(z))) is not None
            ]
        for zone, single, card_name in (
            ("races", "half_breed", "Half-Breed"),
            ("classes", "super_munchkin", "Super Munchkin"),
        ):
            n, allowed = len(spec[zone]), 2 if spec[single] else 1
            if n > allowed:
                extra = f" without {card_name}"
                ck.bad(f"{at}.{zone}", f"{n} {zone}{extra if n == 2 else ''}: at most {allowed} allowed")
        players.append(spec)
    names = [p["name"] for p in players]
    turn = d.get("turn", names[0] if names else None)
    if turn not in names:
        ck.bad("turn", f"{turn!r} is not a player")
    phase = d.get("phase", "before_door")
    if phase not in PHASES:
        ck.bad("phase", f"{phase!r}: one of {', '.join(PHASES)}")
    fight_raw = d.get("fight")
    fight = None
    if fight_raw:
        f = ck.mapping(fight_raw, "fight", FIGHT_KEYS)
        monsters = [
            c
            for j, v in enumerate(ck.items(f.get("monsters"), "fight.monsters"))
            if (c := cards.place(v, f"fight.monsters[{j}]", ("monster",))) is not None
        ]
        if not monsters and not any(p.field.startswith("fight.monsters") for p in ck.problems):
            ck.bad("fight.monsters", "a fight needs at least one monster")
        if phase != "before_door" and "phase" in d:
            ck.bad("phase", "a fight starts when the door is kicked: leave phase out (or before_door)")
        if len(monsters) > 1:  # the second monster comes by Wandering Monster
            cards.place("wandering_monster", "fight.monsters[1]", ("wandering_monster",))
        enhancers = []
        for j, e in enumerate(ck.items(f.get("enhancers"), "fight.enhancers")):
            at = f"fight.enhancers[{j}]"
            e = ck.mapping(e, at, ("card", "monster", "by"))
            cid = cards.place(e.get("card"), f"{at}.card", ("monster_enhancer",))
            on = e.get("monster", monsters[0] if monsters else None)
            if on not in monsters:
                ck.bad(f"{at}.monster", f"{on!r} is not a monster of the fight")
            by = e.get("by", turn)
            if by not in names:
                ck.bad(f"{at}.by", f"{by!r} is not a player")
            if cid:
                enhancers.append({"card": cid, "monster": on, "by": by})
        helper = f.get("helper")
        if helper is not None and helper not in names:
            ck.bad("fight.helper", f"{helper!r} is not a player")
        elif helper is not None and helper == turn:
            ck.bad("fight.helper", f"{helper!r} is the fighter; a helper is another player")
        fight = {"monsters": monsters, "enhancers": enhancers, "helper": helper}
    piles: dict[str, dict[str, list[str]]] = {}
    for key in ("decks", "discards"):
        m = ck.mapping(d.get(key), key, ("door", "treasure"))
        piles[key] = {
            kind: [
                c
                for j, v in enumerate(ck.items(m.get(kind), f"{key}.{kind}"))
                if (c := cards.place(v, f"{key}.{kind}[{j}]")) is not None
            ]
            for kind in ("door", "treasure")
        }
    clean = {
        "ruleset": rs_name,
        "modules": modules,
        "players": players,
        "turn": turn,
        "phase": "before_door" if fight else phase,
        "decks": piles["decks"],
        "discards": piles["discards"],
        "fight": fight,
    }
    return copy.deepcopy(clean), ck.problems
