"""Variations: from an event of a stored game, another legal action (and/or the bots) played on,
stored as a new game that records its parent (game, event). The parent is never changed."""

from __future__ import annotations

import argparse
import json
from typing import Any

from munchkin_nb.engine import Action, Game, IllegalAction, legal_actions
from munchkin_nb.engine.core.chance import RandomChance
from munchkin_nb.engine.core.evolve import fold
from munchkin_nb.store import EventStore, StoreError

PARENT_GAME = "parent_game"
PARENT_SEQ = "parent_seq"


def legal_at(store: EventStore, game_id: int, at: int) -> list[Action]:
    """Every legal action after event `at` of a game (for whoever may act), the decider's first."""
    state = fold(store.events(game_id, 1, at))
    seen: dict[str, Action] = {}
    for a in legal_actions(state) + [a for p in state.players for a in legal_actions(state, p.name)]:
        seen.setdefault(a.key(), a)
    return list(seen.values())


def other_choice(store: EventStore, game_id: int, after: int = 0) -> tuple[int, Action]:
    """The first decision past event `after` where another legal action was open: (the event to
    branch after, an action that was not taken there). LookupError when the game has none."""
    events = store.events(game_id)
    for at in range(after, len(events)):
        if events[at].type != "ActionTaken":
            continue
        taken = events[at].payload.get("action")
        for action in legal_at(store, game_id, at):
            if action.to_dict() != taken:
                return at, action
    raise LookupError(f"game {game_id} has no decision with another legal action after event {after}")


def _check_at(store: EventStore, game_id: int, at: int) -> None:
    last = store.last_seq(game_id)
    if not 1 <= at <= last:
        raise StoreError(f"game {game_id} has events 1..{last}, not {at}")
    if at < last:
        following = store.events(game_id, at + 1, at + 1)[0]
        if following.type != "ActionTaken":
            raise ValueError(
                f"event {at + 1} of game {game_id} is {following.type}, which the engine did by itself: "
                "branch where a player decided (the event before an ActionTaken)"
            )


def branch(
    store: EventStore,
    game_id: int,
    at: int,
    action: Action | None = None,
    *,
    bot: str | None = "heuristic",
    seed: int = 0,
    max_turns: int = 400,
) -> int:
    """Store a new game: events 1..at of `game_id`, then `action` (checked), then the bots (if `bot`)."""
    from munchkin_nb.bots import BOTS
    from munchkin_nb.bots.runner import play_on

    parent = store.game(game_id)
    _check_at(store, game_id, at)
    events = store.events(game_id, 1, at)
    game = Game(fold(events), list(events), RandomChance(seed))
    if game.state.winners:
        raise ValueError(f"game {game_id} is already won at event {at}: nothing to play on")
    if action is not None:
        game.act(action)  # IllegalAction names the rule that refuses it; nothing is stored then
    names = [p.name for p in game.state.players]
    if bot is not None:
        bots = {name: BOTS[bot](seed * 101 + i) for i, name in enumerate(names)}
        play_on(game, bots, names, max_turns=max_turns)
    meta: dict[str, Any] = {
        k: parent[k] for k in ("ruleset", "card_set", "modules", "players") if parent.get(k) is not None
    }
    meta |= {
        "seed": seed,
        "source": "simulated" if bot is not None else "played",
        "winners": list(game.state.winners) or None,
        "turns": game.state.turn,
        PARENT_GAME: game_id,
        PARENT_SEQ: at,
        "branch_action": action.to_dict() if action else None,
        "bot": bot,
    }
    return store.add_game(meta, game.events)


def variations(store: EventStore, game_id: int) -> list[dict[str, Any]]:
    """The games branched from `game_id` (directly), each with its parent event, in order."""
    rows = store.db.execute(
        "SELECT id FROM games WHERE json_extract(extra, '$.parent_game') = ? ORDER BY id", [game_id]
    ).fetchall()
    return [store.game(r[0]) for r in rows]


def root_of(store: EventStore, game_id: int) -> int:
    """The game a chain of variations started from."""
    seen = {game_id}
    while (parent := store.game(game_id).get(PARENT_GAME)) is not None and parent not in seen:
        seen.add(parent)
        game_id = parent
    return game_id


def tree(store: EventStore, game_id: int) -> list[tuple[int, dict[str, Any]]]:
    """The whole tree of variations `game_id` belongs to, depth first: (depth, game) pairs."""
    out: list[tuple[int, dict[str, Any]]] = []

    def walk(g: dict[str, Any], depth: int) -> None:
        out.append((depth, g))
        for child in variations(store, g["id"]):
            walk(child, depth + 1)

    walk(store.game(root_of(store, game_id)), 0)
    return out


# -- the command line --------------------------------------------------------------


def register_branch(rps: Any, whole: Any) -> None:
    """Add `replay branch` to the CLI's replay subcommands."""
    br = rps.add_parser("branch", help="play another line from an event of a stored game (a new game)")
    br.add_argument("--db", required=True)
    br.add_argument("--game", type=whole(1, 2**63 - 1), required=True)
    br.add_argument("--at", type=whole(1, 2**63 - 1), required=True, help="the event to branch after")
    br.add_argument("--action", help="the Nth legal action (see --legal) or an action as JSON")
    br.add_argument("--legal", action="store_true", help="list the legal actions there and stop")
    br.add_argument("--bot", default="heuristic", choices=["heuristic", "random", "none"])
    br.add_argument("--seed", type=whole(0, 2**63 - 1), default=0, help="for the dice after the branch")


def _action(text: str, legal: list[Action]) -> Action:
    if text.strip().isdigit():
        n = int(text)
        if not 1 <= n <= len(legal):
            raise ValueError(f"--action {n}: there are {len(legal)} legal actions (see --legal)")
        return legal[n - 1]
    try:
        return Action.from_dict(json.loads(text))
    except json.JSONDecodeError as error:
        raise ValueError(f"--action: neither a number nor JSON ({error.msg})") from None


def branch_cli(args: argparse.Namespace) -> int:
    """`replay branch`: list the legal actions, or store the variation and say its id."""
    # a branch is of a stored game: an empty database is not made a store (create=False)
    with EventStore(args.db, readonly=args.legal, create=False) as store:
        store.game(args.game)
        _check_at(store, args.game, args.at)
        legal = legal_at(store, args.game, args.at)
        if args.legal:
            for i, a in enumerate(legal, 1):
                print(f"{i:>3}  {a}")
            return 0
        action = _action(args.action, legal) if args.action else None
        try:
            new_id = branch(
                store,
                args.game,
                args.at,
                action,
                bot=None if args.bot == "none" else args.bot,
                seed=args.seed,
            )
        except IllegalAction as refused:
            raise ValueError(f"--action {action}: refused, {refused}") from None
        g, length = store.game(new_id), store.last_seq(new_id)
    winners = ", ".join(g.get("winners") or []) or "no one yet"
    print(
        f"game {new_id}: branched from game {args.game} after event {args.at}; "
        f"{length} events, won by {winners}"
    )
    return 0


# -- moving between the games of a tree ---------------------------------------------


def shared_events(games: dict[int, dict[str, Any]], a: int, b: int) -> int:
    """How many first events games `a` and `b` of one tree have in common (a branch copies its
    parent's events 1..parent_seq); `games` maps id -> game for the whole tree. None: all of them."""

    def chain(g: int) -> dict[int, float]:
        """Each ancestor of g (g too) -> how many of its first events g shares with it."""
        out, shared = {g: float("inf")}, float("inf")
        while (parent := games[g].get(PARENT_GAME)) is not None and parent in games and parent not in out:
            shared = min(shared, games[g][PARENT_SEQ])
            out[parent] = shared
            g = parent
        return out

    up_a, up_b = chain(a), chain(b)
    common = [min(up_a[g], up_b[g]) for g in up_a if g in up_b]
    best = max(common, default=0.0)
    return -1 if best == float("inf") else int(best)


def landing_seq(games: dict[int, dict[str, Any]], current: int, seq: int, target: int, last: int) -> int:
    """Where to stand in `target` when moving there from event `seq` of `current`: the same event
    while the two games still agree, else the first event of `target` that differs (at most `last`)."""
    shared = shared_events(games, current, target)
    if shared < 0 or seq <= shared:
        return max(1, min(seq, last))
    return max(1, min(shared + 1, last))


def tree_label(depth: int, game: dict[str, Any]) -> str:
    """One line of the variation tree: the game, where it branched off, who won."""
    winners = ", ".join(map(str, game.get("winners") or [])) or "no winner"
    if game.get(PARENT_GAME) is None:
        return f"game {game['id']} ({game.get('source', '?')}, {winners})"
    branched = f"after event {game[PARENT_SEQ]} of game {game[PARENT_GAME]}"
    action = game.get("branch_action")
    if action:
        params = " ".join(f"{v}" for v in (action.get("params") or {}).values())
        branched += f", {action.get('player')} {action.get('name')} {params}".rstrip()
    return "\u00a0\u00a0" * depth + f"└ game {game['id']}: {branched}; {winners}"
