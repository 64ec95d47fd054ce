"""`munchkin-nb`: cards, rules, simulate, scenario run, replay import/export/validate, games."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence


def _cards(args: argparse.Namespace) -> int:
    from munchkin_nb.cards import cards_table, load_set

    rows = cards_table(load_set(args.set))
    if args.json:
        print(json.dumps(rows, indent=1, ensure_ascii=False))
        return 0
    for r in rows:
        nums = " ".join(
            f"{k}={r[k]}" for k in ("level", "treasures", "bonus", "gold", "slot", "copies") if r.get(k)
        )
        print(f"{r['id']:<40} {r['deck']:<8} {r['kind']:<17} {nums}")
    print(f"{sum(r.get('copies', 1) for r in rows)} cards", file=sys.stderr)
    return 0


def _rules(args: argparse.Namespace) -> int:
    from munchkin_nb.rules import RULES, ruleset

    if args.search is not None or args.lang is not None:
        from munchkin_nb.rules.search import cli

        return cli(args.search, args.lang, args.ruleset, args.json)
    ruleset(args.ruleset)
    rules = [r for r in RULES if args.ruleset in r.rulesets]
    if args.json:
        print(
            json.dumps([r.to_dict() | {"citation": r.citation} for r in rules], indent=1, ensure_ascii=False)
        )
        return 0
    for r in rules:
        print(f"{r.id:<32} {r.title}\n    {r.text}\n    [{r.citation}]")
        for seed, section in r.cross_checks:
            print(f"    cross-check: {seed} § {section}")
        if r.slip:
            print(f"    summary slip: {r.slip}")
    return 0


def _progress(done: int, total: int, events: int, started: float) -> None:
    width = 30
    filled = int(width * done / total) if total else width
    rate = events / max(time.perf_counter() - started, 1e-9)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games, {rate:,.0f} events/s")
    sys.stderr.flush()


def _simulate(args: argparse.Namespace) -> int:
    from munchkin_nb.bots import play_game
    from munchkin_nb.store import EventStore

    started = time.perf_counter()
    total_events = turns = 0
    store = EventStore(args.db) if args.db else None
    for i in range(args.games):
        players = args.players if args.players else 3 + (args.seed + i) % 4
        rec = play_game(players, args.seed + i, args.bot)
        total_events += len(rec.events)
        turns += rec.meta["turns"]
        if store:
            meta = {k: rec.meta[k] for k in ("ruleset", "modules", "players", "seed", "winners", "turns")}
            store.add_game(dict(meta, source="simulated"), rec.events)
        if not args.quiet:
            _progress(i + 1, args.games, total_events, started)
    if not args.quiet:
        sys.stderr.write("\n")
    elapsed = time.perf_counter() - started
    print(
        f"games: {args.games}  turns: {turns}  events: {total_events}  "
        f"seconds: {elapsed:.2f}  events/s: {total_events / max(elapsed, 1e-9):,.0f}"
    )
    return 0


def _scenario(args: argparse.Namespace) -> int:
    import io

    from munchkin_nb.scenarios import report

    if isinstance(sys.stdout, io.TextIOWrapper):  # a file name the terminal cannot encode: escaped, no crash
        sys.stdout.reconfigure(errors="backslashreplace")
    failed = 0
    for f in args.files:
        passed, lines = report(f)
        failed += not passed
        print("\n".join(lines))
    print(f"{len(args.files) - failed} passed, {failed} failed")
    return 1 if failed else 0


def _replay(args: argparse.Namespace) -> int:
    from munchkin_nb.replay import referee
    from munchkin_nb.replay.jsonl import ReplayError, export_games
    from munchkin_nb.store import EventStore, StoreError

    try:
        if args.replay_cmd == "export":
            with EventStore(args.db) as store:
                ids = args.game or [g["id"] for g in store.games()]
                if args.out:
                    with open(args.out, "w") as out:
                        n = export_games(store, ids, out)
                else:
                    n = export_games(store, ids, sys.stdout)
                print(f"exported {len(ids)} game(s), {n} lines", file=sys.stderr)
            return 0
        if args.replay_cmd == "import":
            with EventStore(args.db) as store:
                ids = referee.import_file(store, args.file)
            print(f"imported game(s) {', '.join(map(str, ids))} into {args.db}")
            return 0
        if args.replay_cmd == "validate":
            reports = referee.validate_path(args.source, args.game)
            bad = 0
            for rep in reports:
                print(rep.summary())
                for f in rep.findings:
                    print(f"  {f}")
                bad += not rep.legal
            return 1 if bad else 0
    except (ReplayError, StoreError, FileNotFoundError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 2


def _games(args: argparse.Namespace) -> int:
    from munchkin_nb.store import EventStore

    with EventStore(args.db) as store:
        for g in store.games():
            winners = ", ".join(g.get("winners") or []) or "—"
            print(
                f"{g['id']:>5}  {g['ruleset']:<8} {g['source']:<11} turns {g.get('turns') or 0:>4}  "
                f"winner {winners:<12} players {', '.join(g['players'])}"
            )
    return 0


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="munchkin-nb", description=__doc__)
    sub = p.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("cards", help="list a card set")
    c.add_argument("--set", default="classic")
    c.add_argument("--json", action="store_true")
    c.set_defaults(func=_cards)
    r = sub.add_parser("rules", help="the rule catalogue")
    r.add_argument("--ruleset", default="classic")
    r.add_argument("--json", action="store_true")
    r.add_argument("--lang", help="en es de eo ru ko: the rules and citations in that language")
    r.add_argument("--search", metavar="WORDS", help="rules matching WORDS in any language, best first")
    r.set_defaults(func=_rules)
    s = sub.add_parser("simulate", help="play whole games with bots")
    s.add_argument("--games", type=int, default=10)
    s.add_argument("--players", type=int, default=4, help="3 to 6; 0 cycles through 3..6")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--bot", default="heuristic", choices=["heuristic", "random"])
    s.add_argument("--db", help="SQLite event store to write")
    s.add_argument("--quiet", action="store_true")
    s.set_defaults(func=_simulate)
    sc = sub.add_parser("scenario", help="scenarios")
    scs = sc.add_subparsers(dest="scenario_cmd", required=True)
    run = scs.add_parser("run", help="run scenario files")
    run.add_argument("files", nargs="+")
    run.set_defaults(func=_scenario)
    rp = sub.add_parser("replay", help="replays: import, export, validate")
    rps = rp.add_subparsers(dest="replay_cmd", required=True)
    ex = rps.add_parser("export")
    ex.add_argument("--db", required=True)
    ex.add_argument("--game", type=int, action="append")
    ex.add_argument("--out")
    im = rps.add_parser("import")
    im.add_argument("file")
    im.add_argument("--db", required=True)
    va = rps.add_parser("validate", help="re-apply a replay through the engine and report every illegal step")
    va.add_argument("source", help="a .jsonl replay or an SQLite event store")
    va.add_argument("--game", type=int)
    rp.set_defaults(func=_replay)
    g = sub.add_parser("games", help="list the games in an event store")
    g.add_argument("--db", required=True)
    g.set_defaults(func=_games)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    status: int = args.func(args)  # the subcommand's handler, set by set_defaults(func=...)
    return status


if __name__ == "__main__":
    sys.exit(main())
