"""`munchkin-nb stats` and `munchkin-nb replay export --parquet`: registered by munchkin_nb.cli."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from munchkin_nb.safe_io import printable

from .stats import MIN_N, Rate, Stats


def _modules(text: str) -> list[str]:
    return [m for m in text.split(",") if m]


def register(sub: Any, whole: Any) -> None:
    """Add the `stats` subcommand to the CLI's subparsers (`whole` is the CLI's number type)."""
    st = sub.add_parser("stats", help="statistics over every finished game of a store or Parquet export")
    src = st.add_mutually_exclusive_group(required=True)
    src.add_argument("--db", help="an SQLite event store (queried by SQLite)")
    src.add_argument("--parquet", help="a folder written by `replay export --parquet` (queried by DuckDB)")
    st.add_argument("--ruleset", help="only games of this ruleset")
    st.add_argument("--modules", type=_modules, help="only games with exactly these modules (a,b; '' = none)")
    st.add_argument("--min-n", type=whole(1, 10**9), default=MIN_N, help="below it: 'too few games'")
    st.add_argument("--json", action="store_true")
    st.set_defaults(func=run_stats)


def compute(args: argparse.Namespace) -> Stats:
    """The statistics the arguments ask for, from the engine that fits the source."""
    from .engines import duckdb_query, sqlite_query
    from .stats import corpus_stats

    opener = sqlite_query if args.db else duckdb_query
    with opener(args.db or args.parquet, args.ruleset, args.modules) as query:
        return corpus_stats(query, min_n=args.min_n)


def run_stats(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    stats = compute(args)
    if args.json:
        print(json.dumps(stats.to_dict(), indent=1, ensure_ascii=False))
    else:
        print("\n".join(printable(line) for line in report_lines(stats)))
    left = f"; {stats.left_out_words()}" if stats.left_out_words() else ""
    print(f"{stats.games} finished games{left}, {time.perf_counter() - started:.2f} s", file=sys.stderr)
    return 0


def _rate(r: Rate | None) -> str:
    return "—" if r is None else r.words()


def report_lines(s: Stats) -> list[str]:
    """The statistics as text: rate [95% interval] n=… vs the seat-count baseline (* = outside it)."""
    out = [
        f"{s.games} finished games, {s.player_games} player-games; win rates with Wilson 95% intervals;"
        f" * marks a baseline outside the interval; below n={s.min_n}: too few games",
        *([s.left_out_words()] if s.left_out_words() else []),
        "baseline (one seat's win rate): "
        + ", ".join(f"{k} players {v:.1%}" for k, v in sorted(s.baseline.items())),
        "",
        f"{'card':<36} {'drawn':>5} {'played':>6} {'equip':>5}  holders' win rate / players' win rate",
    ]
    for c in s.cards:
        out.append(
            f"{c.card:<36} {c.drawn:>5} {c.played:>6} {c.equipped:>5}  {_rate(c.holder)} / {_rate(c.player)}"
        )
    out += ["", "races and classes (played):"]
    out += [f"  {name:<20} {rate.words()}" for name, rate in sorted(s.races_classes.items())]
    out += ["", "seats (seat 1 plays first):"]
    out += [f"  {name:<22} {rate.words()}" for name, rate in s.seats.items()]
    out += ["", f"{'monster':<36} {'combats':>7} {'bad stuff':>9} {'kills':>5}  players beat it"]
    for m in s.monsters:
        beaten = Rate(**m["beaten"])
        shown = (
            f"too few combats (n={beaten.n})"
            if beaten.rate is None
            else f"{beaten.rate:.1%} [{beaten.low:.1%}, {beaten.high:.1%}]"
        )
        out.append(f"{m['monster']:<36} {m['combats']:>7} {m['bad_stuff']:>9} {m['kills']:>5}  {shown}")
    out += ["", "game length (turns):"]
    out += [
        f"  {r['n_players']} players: {r['games']} games, mean {r['mean_turns']:.1f}, "
        f"{r['min_turns']} to {r['max_turns']}"
        for r in s.length
    ]
    out += ["", "level curve (mean turn a level is first reached; winners / the others):"]
    by_level: dict[int, dict[int, dict[str, Any]]] = {}
    for r in s.levels:
        by_level.setdefault(int(r["level"]), {})[int(r["won"])] = r
    for level, rows in sorted(by_level.items()):
        parts = [
            f"{'winners' if won else 'others'} {r['mean_turn']:.1f} (n={r['n']})"
            for won, r in sorted(rows.items(), reverse=True)
        ]
        out.append(f"  level {level:>2}: " + ", ".join(parts))
    return out


def export_parquet_cli(db: str, folder: str) -> int:
    """`replay export --parquet`: the store as Parquet, with a line of counts."""
    from .parquet import export_parquet

    started = time.perf_counter()
    counts = export_parquet(db, folder)
    seconds = time.perf_counter() - started
    print(
        f"exported {counts['games']} game(s), {counts['events']} events in {counts['shards']} shard(s)"
        f" to {folder} ({seconds:.1f} s, {counts['events'] / max(seconds, 1e-9):,.0f} events/s)",
        file=sys.stderr,
    )
    return 0
