"""Build the bundled sample data: simulated games and transcribed table games in one store."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from munchkin_nb.engine import Action, Event

from .transcribed import TranscribedAction, TranscribedHeader

ROOT = Path(__file__).resolve().parents[2]
REPLAYS = ROOT / "replays"


def to_transcribed(events: list[Event], note: str = "") -> list[str]:
    """Write a recorded game as a transcribed one: the deal, then each action with its draws and dice."""
    start = events[0].payload
    names = [p["name"] for p in start["players"]]
    deal: dict[str, dict[str, list[str]]] = {n: {"door": [], "treasure": []} for n in names}
    i = 1
    while i < len(events) and events[i].type != "ActionTaken":
        e = events[i]
        if e.type == "CardDrawn" and e.payload.get("reason") == "deal":
            deal[e.payload["player"]][e.payload["deck"]].append(e.payload["card"])
        i += 1
    header: TranscribedHeader = {
        "kind": "transcribed",
        "format": 1,
        "ruleset": start["ruleset"],
        "players": start["players"],
        "deal": deal,
        "note": note,
    }
    lines = [json.dumps(header, ensure_ascii=False)]
    while i < len(events):
        a = Action.from_event(events[i])
        j = i + 1
        draws: list[str] = []
        dice: list[int] = []
        while j < len(events) and events[j].type != "ActionTaken":
            if events[j].type == "CardDrawn":
                draws.append(events[j].payload["card"])
            elif events[j].type == "DieRolled":
                dice.append(events[j].payload["result"])
            j += 1
        line: TranscribedAction = {"player": a.player, "action": a.name}
        if a.params:
            line["params"] = a.params
        if draws:
            line["draws"] = draws
        if dice:
            line["dice"] = dice
        lines.append(json.dumps(line, ensure_ascii=False))
        i = j
    return lines


# event type -> (feature, whether this event shows it)
FEATURES: dict[str, tuple[str, Callable[[dict[str, Any]], bool]]] = {
    "HelpAccepted": ("bribe", lambda p: bool(p["bribe"].get("treasures") or p["bribe"].get("items"))),
    "EnhancerPlayed": ("enhancer", lambda p: True),
    "MonsterAdded": ("wandering_monster", lambda p: True),
    "BadStuffApplied": ("bad_stuff", lambda p: True),
    "PlayerDied": ("death", lambda p: True),
    "CardGiven": ("loot_the_body", lambda p: p.get("reason") == "loot the body"),
    "CharityGiven": ("charity", lambda p: True),
    "ItemsSold": ("selling", lambda p: True),
    "GameWon": ("win", lambda p: True),
}


def features(events: list[Event]) -> set[str]:
    """What a game shows a learner: help with a bribe, an enhancer, a death, charity, ..."""
    out: set[str] = set()
    for e in events:
        if e.type in FEATURES and FEATURES[e.type][1](e.payload):
            out.add(FEATURES[e.type][0])
    return out


WANTED = {name for name, _ in FEATURES.values()}


# the sample's games besides the base game's: a few of each other game, so that the app shows them
OTHER_GAMES = {"cthulhu": 6, "booty": 6}
# and of the base game with its modules: this many with each module alone, and with all of them
MODULE_GAMES = 2


def module_plan(ruleset: str = "classic") -> list[list[str]]:
    """The module sets the sample plays: each module of `ruleset` alone, then all of them at once."""
    from munchkin_nb.rules.rulesets import MODULES

    names = sorted(m for m, mod in MODULES.items() if ruleset in mod.rulesets)
    return [[m] for m in names] + ([names] if len(names) > 1 else [])


def build(db: Path, games: int = 36, seed: int = 1000) -> None:
    from munchkin_nb.bots import play_game
    from munchkin_nb.replay.referee import import_file
    from munchkin_nb.store import EventStore

    if db.exists():
        db.unlink()
    plan: list[tuple[str, list[str], int]] = [("classic", [], i) for i in range(games)]
    plan += [(name, [], i) for name, n in OTHER_GAMES.items() for i in range(n)]
    plan += [("classic", mods, i) for mods in module_plan() for i in range(MODULE_GAMES)]
    with EventStore(str(db)) as store:
        for ruleset, modules, i in plan:
            rec = play_game(3 + i % 4, seed + i, "heuristic", ruleset=ruleset, modules=modules)
            meta = {k: rec.meta[k] for k in ("ruleset", "modules", "players", "seed", "winners", "turns")}
            store.add_game(dict(meta, source="simulated"), rec.events)
        for path in sorted(REPLAYS.glob("*.transcribed.jsonl")):
            import_file(store, str(path))


def find_transcribable(count: int = 2, start: int = 5000, tries: int = 400) -> list[tuple[int, list[Event]]]:
    """Games that between them show every WANTED feature, fewest turns first."""
    from munchkin_nb.bots import play_game

    found: list[tuple[int, list[Event]]] = []
    covered: set[str] = set()
    for seed in range(start, start + tries):
        rec = play_game(4, seed, "heuristic")
        f = features(rec.events)
        if "win" in f and len(f - covered) >= 3:
            found.append((seed, rec.events))
            covered |= f
        if len(found) >= count and covered >= WANTED:
            break
    return found


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--transcribe", action="store_true", help="(re)write the transcribed sample games")
    ap.add_argument("--db", default=str(REPLAYS / "sample.db"))
    ap.add_argument("--games", type=int, default=36)
    args = ap.parse_args(argv)
    REPLAYS.mkdir(exist_ok=True)
    if args.transcribe:
        for k, (_seed, events) in enumerate(find_transcribable()):
            lines = to_transcribed(events, f"table game {k + 1}: {', '.join(sorted(features(events)))}")
            (REPLAYS / f"table_game_{k + 1}.transcribed.jsonl").write_text("\n".join(lines) + "\n")
    build(Path(args.db), args.games)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
