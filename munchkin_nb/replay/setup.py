"""Set-up positions in a record: a scenario's or lesson's table, checked and laid out again.

A dealt game is re-made by `new_game`. A scenario instead lays its table out by hand with one
PositionSet; the referee takes such a table only from a game that says it is a scenario, only
when it is a table the game can have (each card once, the players the game's, levels below the
winning one), and only as the scenario runner itself lays it out."""

from __future__ import annotations

from typing import Any

from munchkin_nb.engine import Event

# What a PositionSet holds, and what it says of each player (as the scenario runner writes it)
POSITION_KEYS = ("players", "turn_of", "phase", "decks", "discards", "table")
ZONES = ("hand", "equipped", "carried", "races", "classes", "curses")
PLAYER_KEYS = ("name", "sex", "level", *ZONES, "half_breed", "super_munchkin")
SEXES = ("female", "male")
# A scenario starts before the door is kicked, after it, or at charity (never in a fight or over)
START_PHASES = ("before_door", "after_door", "charity")

Fault = tuple[str, str]  # (rule id, sentence)


def position_faults(started: dict[str, Any], pos: dict[str, Any]) -> Fault | None:
    """Why a PositionSet is no table this game can have (the first reason), or None."""
    from munchkin_nb.cards import load_set
    from munchkin_nb.rules.rulesets import ruleset_with

    names = [p.get("name") if isinstance(p, dict) else p for p in started.get("players") or []]
    unknown = [k for k in pos if k not in POSITION_KEYS]
    if unknown:
        return "setup.deal", f"field {unknown[0]!r}: a set-up position has {', '.join(POSITION_KEYS)} only"
    try:
        cards = load_set(str(started.get("card_set")))
        rs = ruleset_with(str(started.get("ruleset")), tuple(started.get("modules") or ()))
    except (LookupError, ValueError, OSError) as exc:
        return "setup.deal", f"the game's cards or rules cannot be found: {exc}"
    deck_of = {cid: cards.card_of(cid).deck for cid in cards.instances()}
    placed: dict[str, str] = {}  # card -> where it was first placed

    def place(cid: object, at: str) -> Fault | None:
        if not isinstance(cid, str) or cid not in deck_of:
            return "setup.deal", f"{at}: {cid!r} is not a card of the set {cards.name!r}"
        if cid in placed:
            return "setup.deal", f"{at}: the card {cid!r} is placed twice (also at {placed[cid]})"
        placed[cid] = at
        return None

    players = pos.get("players")
    if not isinstance(players, list):
        return "setup.players", "field 'players': a list of the players' set-ups"
    seen: set[str] = set()
    for i, spec in enumerate(players):
        at = f"players[{i}]"
        if not isinstance(spec, dict) or spec.get("name") not in names:
            who = spec.get("name") if isinstance(spec, dict) else spec
            return "setup.players", f"{at}: {who!r} is not a player of this game"
        name = spec["name"]
        if name in seen:
            return "setup.players", f"{at}: {name} is set up twice"
        seen.add(name)
        extra = [k for k in spec if k not in PLAYER_KEYS]
        if extra:
            return "setup.players", f"{at}.{extra[0]}: not part of a player's set-up"
        level = spec.get("level", 1)
        if not isinstance(level, int) or isinstance(level, bool) or level < 1:
            return "level.min", f"{at}.level: {level!r}; a level is a whole number from 1"
        if level >= rs.win_level:
            return "level.win", f"{at}.level: {level}; a set-up position starts below level {rs.win_level}"
        if spec.get("sex", SEXES[0]) not in SEXES:
            return "setup.start_character", f"{at}.sex: {spec.get('sex')!r} is neither female nor male"
        for zone in ZONES:
            held = spec.get(zone, [])
            if not isinstance(held, list):
                return "setup.deal", f"{at}.{zone}: a list of cards"
            for j, cid in enumerate(held):
                if fault := place(cid, f"{at}.{zone}[{j}]"):
                    return fault
        for zone in ("half_breed", "super_munchkin"):
            if spec.get(zone) is not None and (fault := place(spec[zone], f"{at}.{zone}")):
                return fault
    missing = [n for n in names if n not in seen]
    if missing:
        return (
            "setup.players",
            f"field 'players': {missing[0]} is not set up (a set-up lays out every player)",
        )
    if pos.get("turn_of") not in names:
        return "setup.players", f"field 'turn_of': {pos.get('turn_of')!r} is not a player of this game"
    if pos.get("phase", START_PHASES[0]) not in START_PHASES:
        return (
            "setup.play_before_first_turn",
            f"field 'phase': a set-up starts in one of {', '.join(START_PHASES)}",
        )
    kinds = set(deck_of.values())
    for key, allowed in (("discards", kinds | set(rs.piles)), ("decks", kinds)):
        piles = pos.get(key, {})
        if not isinstance(piles, dict):
            return "setup.deal", f"field {key!r}: the piles by kind"
        for kind, pile in piles.items():
            if kind not in allowed or not isinstance(pile, list):
                return "setup.deal", f"{key}.{kind}: no such pile in this game"
            for j, cid in enumerate(pile):
                if fault := place(cid, f"{key}.{kind}[{j}]"):
                    return fault
                if key == "decks" and deck_of[cid] != kind:
                    return "setup.deal", f"{key}.{kind}[{j}]: {cid!r} is a {deck_of[cid]} card"
    table = pos.get("table", [])
    for j, cid in enumerate(table if isinstance(table, list) else [None]):
        if fault := place(cid, f"table[{j}]"):
            return fault
    return None


def scenario_opening(started: dict[str, Any], pos: dict[str, Any]) -> list[Event]:
    """The events the scenario runner makes for this table: GameStarted, the decks, PositionSet."""
    from munchkin_nb.scenarios.model import Scenario
    from munchkin_nb.scenarios.runner import scenario_game

    sexes = {p["name"]: p.get("sex") for p in started.get("players") or [] if isinstance(p, dict)}
    sc = Scenario(
        name=str(started["scenario"]),
        path="",
        ruleset=str(started.get("ruleset")),
        rules=[],
        players=[dict(p, sex=p.get("sex", sexes.get(p["name"]))) for p in pos["players"]],
        turn_of=pos["turn_of"],
        phase=pos.get("phase", START_PHASES[0]),
        decks=pos.get("decks", {}),
        discards=pos.get("discards", {}),
        dice=[],
        steps=[],
        modules=list(started.get("modules") or []),
        table=list(pos.get("table", [])),
    )
    return list(scenario_game(sc).events)
