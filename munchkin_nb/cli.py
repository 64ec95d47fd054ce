"""`munchkin-nb`: cards, rules, simulate, scenario run, replay (import, export, validate,
branch, note, notes), games, judge, stats."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

# SQLite INTEGER is 64-bit signed: the largest seed the store can keep.
MAX_SEED = 2**63 - 1
MAX_GAMES = 1_000_000


class CliError(Exception):
    """A bad input the command line answers with one line on stderr and exit status 2."""


def _cards(args: argparse.Namespace) -> int:
    from munchkin_nb.cards import cards_table, load_set

    try:
        rows = cards_table(load_set(args.set))
    except ValueError as error:  # CardError, YamlError: the message names the card and field
        raise CliError(str(error)) from None
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
    from munchkin_nb.rules.rulesets import MODULES

    try:
        if args.ruleset is not None and args.ruleset not in MODULES:  # a module's rules: by its id (d10)
            ruleset(args.ruleset)
    except ValueError as error:
        raise CliError(str(error)) from None
    # unless one is named, a search looks through every game and module; a list is classic's
    name = args.ruleset if args.ruleset is not None or args.search is not None else "classic"
    if args.search is not None or args.lang is not None:
        from munchkin_nb.i18n import LANGUAGES
        from munchkin_nb.rules.search import cli, too_long

        if args.lang is not None and args.lang not in LANGUAGES:
            raise CliError(f"--lang: unknown language {args.lang!r}; known: {', '.join(LANGUAGES)}")
        if args.search is not None and too_long(args.search):
            raise CliError(too_long(args.search))
        return cli(args.search, args.lang, name, args.json)
    from munchkin_nb.rules.citations import citation, cross_checks_text

    rules = [r for r in RULES if name in r.rulesets]
    if args.json:
        rows = [r.to_dict() | {"citation": citation(r, "en").as_dict()} for r in rules]
        print(json.dumps(rows, indent=1, ensure_ascii=False))
        return 0
    for r in rules:
        print(f"{r.id:<32} {r.title}\n    {r.text}\n    [{citation(r, 'en').text()}]")
        if r.cross_checks:
            print(f"    cross-check: {cross_checks_text(r, 'en')}")
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
    from munchkin_nb.analysis import simulate
    from munchkin_nb.rules.rulesets import check_mix, check_modules, ruleset
    from munchkin_nb.store import EventStore

    ruleset(args.ruleset)  # an unknown name was refused by argparse already
    modules = [m for m in args.modules.split(",") if m] if args.modules else []
    try:
        check_modules(modules, args.ruleset)
    except ValueError as exc:
        raise CliError(f"--modules: {exc}") from None
    mix = [m for m in args.mix.split(",") if m] if args.mix else []
    try:
        check_mix(mix, args.ruleset)
    except ValueError as exc:
        raise CliError(f"--mix: {exc}") from None
    if args.seed + args.games - 1 > MAX_SEED:
        raise CliError(f"--seed: seeds up to {MAX_SEED} only (--seed + --games - 1 is larger)")
    if args.db and args.parquet:
        raise CliError("--db and --parquet: choose one (the store, or Parquet shards)")
    fanned = bool(args.workers or args.scheduler)
    # one game a chunk when the store is written here (its progress per game); else a few chunks a
    # worker, so a shard or a task is not paid for every game
    spread = fanned or bool(args.parquet)
    size = args.chunk or (max(1, min(50, args.games // (4 * max(args.workers, 1)))) if spread else 1)
    work = simulate.chunks(
        args.games,
        size,
        seed=args.seed,
        players=args.players,
        bot=args.bot,
        ruleset=args.ruleset,
        modules=tuple(modules),
        mix=tuple(mix),
    )
    how = {"workers": args.workers, "scheduler": args.scheduler}
    started = time.perf_counter()
    done = total_events = turns = 0
    if args.parquet:
        from munchkin_nb.analysis.parquet import discard, finish_folder, start_folder

        out = Path(args.parquet)
        folder = start_folder(out, sharded=True)
        try:
            for counts in simulate.run(work, simulate.shard_chunk, str(folder), **how):
                done += counts["games"]
                total_events += counts["events"]
                turns += counts["turns"]
                if not args.quiet:
                    _progress(done, args.games, total_events, started)
        except BaseException:
            discard(folder)  # the folder start_folder made, nothing else: nothing half-written is left
            raise
        finish_folder(folder, out)
    else:
        store = None  # opened with the first games: a cluster that cannot be reached leaves no file
        try:
            for played in simulate.run(work, simulate.play_chunk, **how):
                if args.db:
                    store = store or EventStore(args.db)
                    store.add_games(played)  # a chunk is one transaction: whole games only
                done += len(played)
                total_events += sum(len(events) for _meta, events in played)
                turns += sum(meta["turns"] or 0 for meta, _events in played)
                if not args.quiet:
                    _progress(done, args.games, total_events, started)
        finally:
            if store:
                store.close()
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
        if not Path(f).is_file():  # a missing file, a folder, or a FIFO that would block the read
            print(f"ERROR {f}: {'not a regular file' if Path(f).exists() else 'no such file'}")
            failed += 1
            continue
        passed, lines = report(f)
        failed += not passed
        print("\n".join(lines))
    print(f"{len(args.files) - failed} passed, {failed} failed")
    return 1 if failed else 0


def _replay(args: argparse.Namespace) -> int:
    from munchkin_nb.replay import referee
    from munchkin_nb.replay.jsonl import export_games
    from munchkin_nb.store import EventStore

    if args.replay_cmd == "export" and args.parquet:
        from munchkin_nb.analysis.cli import export_parquet_cli

        if args.game or args.out:
            raise CliError("--parquet writes every game of the store; it takes no --game or --out")
        return export_parquet_cli(args.db, args.parquet)
    if args.replay_cmd == "branch":
        from munchkin_nb.analysis.variations import branch_cli

        return branch_cli(args)
    if args.replay_cmd in ("note", "notes"):
        from munchkin_nb.replay.notes_cli import note_cli, notes_cli

        return note_cli(args) if args.replay_cmd == "note" else notes_cli(args)
    if args.replay_cmd == "export" and args.transcribed:
        return _export_transcribed(args)
    if args.replay_cmd == "export":
        from munchkin_nb.safe_io import check_new_file, write_new_file

        if args.out:  # refused before the store is opened: a refusal touches no file at all
            check_new_file(args.out, db=args.db, force=args.force)
        with EventStore(args.db, readonly=True) as store:
            ids = args.game or [g["id"] for g in store.games()]
            for game_id in ids:
                store.game(game_id)  # StoreError for an unknown game, before anything is written
            if args.out:
                n = write_new_file(
                    args.out, lambda out: export_games(store, ids, out), db=args.db, force=args.force
                )
            else:
                n = export_games(store, ids, sys.stdout)
            print(f"exported {len(ids)} game(s), {n} lines", file=sys.stderr)
        return 0
    if args.replay_cmd == "import":
        made = not os.path.lexists(args.db)  # a refused import leaves no store it made behind
        try:
            with EventStore(args.db) as store:
                ids = referee.import_file(
                    store, args.file, allow_unfinished=args.allow_unfinished, allow_illegal=args.allow_illegal
                )
        except BaseException:
            if made:
                for name in (args.db, *(args.db + end for end in ("-wal", "-shm", "-journal"))):
                    with contextlib.suppress(FileNotFoundError):
                        os.remove(name)
            raise
        print(f"imported game(s) {', '.join(map(str, ids))} into {args.db}")
        return 0
    reports = referee.validate_path(args.source, args.game)
    bad = 0
    for rep in reports:
        print(rep.summary())
        for f in rep.findings:
            print(f"  {f}")
        for note in rep.notes():
            print(f"  {note}")
        bad += not rep.legal
    return 1 if bad else 0


def _export_transcribed(args: argparse.Namespace) -> int:
    """One game of a store as a transcribed file (docs/replays.md): what a table's recorder keeps."""
    from munchkin_nb.recorder.transcribed import export_transcribed
    from munchkin_nb.safe_io import check_new_file, write_new_file
    from munchkin_nb.store import EventStore

    if not args.game or len(args.game) != 1 or args.parquet:
        raise CliError("--transcribed writes one game: give one --game N (and no --parquet)")
    if args.out:  # refused before the store is opened: a refusal touches no file at all
        check_new_file(args.out, db=args.db, force=args.force)
    with EventStore(args.db, readonly=True) as store:
        store.game(args.game[0])  # StoreError for an unknown game, before anything is written
        text = export_transcribed(store.events(args.game[0]))
    if args.out:
        write_new_file(args.out, lambda out: out.write(text), db=args.db, force=args.force)
    else:
        sys.stdout.write(text)
    print(f"exported game {args.game[0]} as a transcribed game, {text.count(chr(10))} lines", file=sys.stderr)
    return 0


def _judge(args: argparse.Namespace) -> int:
    from munchkin_nb.judge.cli import run

    return run(args)


def _games(args: argparse.Namespace) -> int:
    from munchkin_nb.safe_io import printable
    from munchkin_nb.store import EventStore

    with EventStore(args.db, readonly=True) as store:
        for g in store.games():
            winners = ", ".join(g.get("winners") or []) or "—"
            flags = g.get("flags") or []
            flagged = f"  FLAGGED {', '.join(flags)}" if flags else ""
            line = (
                f"{g['id']:>5}  {g['ruleset']:<8} {g['source']:<11} turns {g.get('turns') or 0:>4}  "
                f"winner {winners:<12} players {', '.join(g['players'])}{flagged}"
            )
            print(printable(line))  # names come from imported files: no terminal escapes
    return 0


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr (exit status 2), not the usage text."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def whole(low: int, high: int, also: tuple[int, ...] = ()) -> Callable[[str], int]:
    """An argparse type: a whole number from low to high (or one of `also`)."""

    def check(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if not (low <= value <= high or value in also):
            extra = "".join(f" or {a}" for a in also)
            raise argparse.ArgumentTypeError(f"expected {low} to {high}{extra}, got {value}")
        return value

    return check


def parser() -> argparse.ArgumentParser:
    from munchkin_nb.rules.rulesets import Ruleset

    low, high = Ruleset.min_players, Ruleset.max_players
    p = Parser(prog="munchkin-nb", description=__doc__)
    sub = p.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("cards", help="list a card set")
    c.add_argument("--set", default="classic")
    c.add_argument("--json", action="store_true")
    c.set_defaults(func=_cards)
    r = sub.add_parser("rules", help="the rule catalogue")
    r.add_argument(
        "--ruleset",
        default=None,
        help="a game (classic, cthulhu, booty) or a module (d10, epic, ...); unless one is named, a "
        "list shows classic's rules and a search looks in every game and module",
    )
    r.add_argument("--json", action="store_true")
    r.add_argument("--lang", help="en es de eo ru ko: the rules and citations in that language")
    r.add_argument(
        "--search",
        metavar="WORDS",
        help="rules matching WORDS in any language, best first (at most 200 characters)",
    )
    r.set_defaults(func=_rules)
    s = sub.add_parser("simulate", help="play whole games with bots")
    s.add_argument("--games", type=whole(1, MAX_GAMES), default=10)
    s.add_argument(
        "--players", type=whole(low, high, (0,)), default=4, help=f"{low} to {high}; 0 cycles through them"
    )
    s.add_argument("--seed", type=whole(0, MAX_SEED), default=0)
    s.add_argument("--bot", default="heuristic", choices=["heuristic", "random"])
    s.add_argument("--ruleset", default="classic", help="classic, or a ruleset plug-in (cthulhu, booty)")
    s.add_argument("--modules", default="", help="optional modules, comma-separated (e.g. d10)")
    s.add_argument(
        "--mix",
        default="",
        help="other games' card sets to shuffle in, comma-separated (e.g. classic with --ruleset cthulhu)",
    )
    s.add_argument("--db", help="SQLite event store to write")
    s.add_argument(
        "--parquet",
        metavar="DIR",
        help="write Parquet shards into DIR instead (what `stats --parquet` reads)",
    )
    s.add_argument(
        "--workers", type=whole(0, 1024), default=0, help="play on a local Dask cluster of N processes"
    )
    s.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="play on a running Dask cluster (tcp://host:8786); its workers need munchkin_nb, and "
        "--parquet a folder they all see",
    )
    s.add_argument("--chunk", type=whole(1, MAX_GAMES), help="games a task (default: a few tasks a worker)")
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
    ex.add_argument("--game", type=whole(1, MAX_SEED), action="append")
    ex.add_argument("--out", help="a new file (written whole, then put in place)")
    ex.add_argument("--force", action="store_true", help="--out may replace a file (never a database's)")
    ex.add_argument("--parquet", metavar="DIR", help="write every event as typed Parquet rows into DIR")
    ex.add_argument(
        "--transcribed", action="store_true", help="write one --game as a transcribed game (docs/replays.md)"
    )
    from munchkin_nb.analysis.variations import register_branch

    register_branch(rps, whole)
    from munchkin_nb.replay.notes_cli import register_notes

    register_notes(rps, whole)
    im = rps.add_parser("import")
    im.add_argument("file")
    im.add_argument("--db", required=True)
    im.add_argument("--allow-unfinished", action="store_true", help="keep a cut-off or empty game, flagged")
    im.add_argument("--allow-illegal", action="store_true", help="keep a game with illegal moves, flagged")
    va = rps.add_parser("validate", help="re-apply a replay through the engine and report every illegal step")
    va.add_argument(
        "source", help="a replay (JSON Lines, recorded or transcribed) or an SQLite event store, by content"
    )
    va.add_argument("--game", type=whole(1, MAX_SEED), help="one game: a store's game id, a file's Nth game")
    rp.set_defaults(func=_replay)
    g = sub.add_parser("games", help="list the games in an event store")
    g.add_argument("--db", required=True)
    g.set_defaults(func=_games)
    j = sub.add_parser("judge", help="who may do what at a table held in mind, and why not")
    j.add_argument("file", help="a position: the scenario format's table (docs/judge.md)")
    j.add_argument("--player", help="only this player's actions (or the player of --why)")
    j.add_argument("--why", metavar="ACTION", help="may this be done now? {player: P, action: A, param: v}")
    j.add_argument("--link", action="store_true", help="print the position as a shareable text")
    j.add_argument("--scenario", action="store_true", help="print the scenario file that lays it out")
    j.add_argument("--json", action="store_true")
    j.add_argument("--lang", default="en", choices=("en", "es", "de", "eo", "ru", "ko"))
    j.set_defaults(func=_judge)
    from munchkin_nb.analysis.cli import register

    register(sub, whole)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand; every bad input is one line on stderr and exit status 1 or 2."""
    if hasattr(signal, "SIGXFSZ"):
        # Past a file size limit (ulimit -f) a write then fails with an error we report,
        # instead of the signal killing the process half-way through.
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    args = parser().parse_args(argv)
    try:
        from munchkin_nb.safe_io import check_paths
        from munchkin_nb.store.schema import brief_reads

        check_paths(args)
        with brief_reads():  # one command: a store it reads is not changed under it (no -shm made)
            status: int = args.func(args)  # the subcommand's handler, set by set_defaults(func=...)
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        # The reader (`| head`) has gone: nothing more can be shown, and Python must not try
        # again at exit. stderr is still there for one line.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        _say("the output was closed before everything was written")
        return 1
    except KeyboardInterrupt:
        _say("interrupted")
        return 130
    except Exception as error:
        _report(error)
        return 2


def _say(message: str) -> None:
    with contextlib.suppress(OSError):  # stderr is gone too: nothing left to tell
        from munchkin_nb.safe_io import printable

        print(f"munchkin-nb: error: {printable(' '.join(message.split()))}", file=sys.stderr)


def _report(error: Exception) -> None:
    """The one line for an error (and the referee's findings, one a line, when it refused a game)."""
    from munchkin_nb.replay.jsonl import ReplayError
    from munchkin_nb.safe_io import describe
    from munchkin_nb.store import StoreError

    if described := describe(error):  # SQLite, DuckDB: a damaged file, a full disk
        _say(described)
    elif isinstance(error, (CliError, ReplayError, StoreError, ValueError, LookupError)):
        _say(str(error))
    elif isinstance(error, OSError):
        name = f": {error.filename}" if error.filename else ""
        _say(f"{error.strerror}{name}" if error.strerror else str(error))
    else:  # a bug, still not a traceback: one line that says what to report
        _say(f"internal error ({type(error).__name__}: {error}); please report it")
    for finding in getattr(error, "findings", []):
        print(f"  {finding}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
