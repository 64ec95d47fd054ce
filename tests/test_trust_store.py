"""Issue 24, the store's part: no folder or file of the user's is deleted or written, no game stored
twice, statistics only of legal finished games, reads create nothing, and every expected failure is
one clear line. Each test is an attack, its refusal, and the files hashed before and after."""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import sqlite3
import subprocess
import sys
import unicodedata
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from munchkin_nb.cli import main
from munchkin_nb.safe_io import printable
from munchkin_nb.store import EventStore
from munchkin_nb.store.schema import brief_reads

ROOT = Path(__file__).resolve().parents[1]
ESC = "\x1b[2J"


@pytest.fixture(scope="module")
def won(won_game):
    """A whole game the bots played to a win. (tests/conftest.py)"""
    return won_game


@pytest.fixture
def store(tmp_path, won) -> Path:
    """A store (WAL mode, closed cleanly: no -wal or -shm beside it) holding one finished game."""
    path = tmp_path / "s.db"
    with EventStore(str(path), snapshot_every=0) as s:
        s.add_game(won.meta, won.events)
    return path


def run(*argv: object) -> tuple[int, str, str]:
    """The CLI in this process: exit status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            status = main([str(a) for a in argv])
        except SystemExit as exit_:
            status = exit_.code if isinstance(exit_.code, int) else 1
    return status, out.getvalue(), err.getvalue()


def child(*argv: object, limit: int | None = None) -> subprocess.CompletedProcess[str]:
    """The CLI in a process of its own, under a file size limit (RLIMIT_FSIZE, `ulimit -f`) if given."""

    def set_limit() -> None:
        import resource

        if limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.run(
        [sys.executable, "-m", "munchkin_nb.cli", *map(str, argv)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        preexec_fn=set_limit,
        timeout=120,
    )


def refused(status: int, err: str, *words: str) -> None:
    """A non-zero exit with one clear line (no traceback, no "internal error") holding `words`."""
    lines = [line for line in err.splitlines() if line.strip()]
    assert status != 0, err
    assert len(lines) == 1 and lines[0].startswith("munchkin-nb"), err
    assert "Traceback" not in err and "internal error" not in err, err
    for word in words:
        assert word in lines[0], err


def hashes(folder: Path) -> dict[str, str]:
    """Every file under `folder` (hidden ones too) -> its SHA-256."""
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def n_games(db: Path) -> int:
    with brief_reads(), EventStore(str(db), readonly=True) as s:
        return len(s.games())


def crash_after_commit(db: Path, won) -> None:
    """Commit a second game and die without closing: the game is only in the -wal (and its -shm)."""
    code = (
        "import os, sys, pickle\n"
        "from munchkin_nb.store import EventStore\n"
        "meta, events = pickle.loads(sys.stdin.buffer.read())\n"
        f"s = EventStore({str(db)!r}, snapshot_every=0)\n"
        "s.add_game(dict(meta, seed=999), events)\n"
        "os._exit(0)\n"
    )
    import pickle

    subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, input=pickle.dumps((won.meta, won.events)), check=True
    )
    assert Path(f"{db}-wal").stat().st_size > 0 and Path(f"{db}-shm").exists()


# -- item 1: a Parquet export deletes only what it made ------------------------------------------


def test_parquet_export_never_deletes_a_folder_it_did_not_make(tmp_path, store):
    keep = tmp_path / "out.partial"
    keep.mkdir()
    (keep / "keep.txt").write_text("x")
    status, _, err = run("replay", "export", "--db", store, "--parquet", tmp_path / "out")
    assert status == 0, err
    assert (keep / "keep.txt").read_text() == "x"  # the user's out.partial is untouched
    assert (tmp_path / "out" / "games.parquet").is_file()

    sim_keep = tmp_path / "sim.partial"
    sim_keep.mkdir()
    (sim_keep / "keep.txt").write_text("y")
    status, _, err = run("simulate", "--games", "1", "--quiet", "--parquet", tmp_path / "sim")
    assert status == 0, err
    assert (sim_keep / "keep.txt").read_text() == "y"
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no work folder left


def test_a_folder_that_looks_like_an_export_is_not_replaced(tmp_path, store):
    data = tmp_path / "data"
    (data / "events").mkdir(parents=True)
    (data / "events" / "notes.txt").write_text("my notes")
    (data / "games.parquet").write_bytes(b"my own table")
    before = hashes(tmp_path)
    status, _, err = run("replay", "export", "--db", store, "--parquet", data)
    refused(status, err, "other files than an export")
    assert hashes(tmp_path) == before

    # an earlier export of ours is replaced; once the user adds a file to it, it is not
    out = tmp_path / "out"
    assert run("replay", "export", "--db", store, "--parquet", out)[0] == 0
    assert run("replay", "export", "--db", store, "--parquet", out)[0] == 0
    (out / "events" / "mine.txt").write_text("added by the user")
    before = hashes(tmp_path)
    status, _, err = run("replay", "export", "--db", store, "--parquet", out)
    refused(status, err, "other files than an export")
    assert hashes(tmp_path) == before


# -- item 4: export --out never writes over a store's files or a file it did not make -----------


def test_export_out_never_writes_over_a_stores_files(tmp_path, store, won):
    crash_after_commit(store, won)  # the second game is committed, in s.db-wal only
    for companion in ("-wal", "-shm"):
        before = hashes(tmp_path)
        proc = child("replay", "export", "--db", store, "--out", f"{store}{companion}")
        refused(proc.returncode, proc.stderr, "belongs to a database")
        assert hashes(tmp_path) == before
    # nor made: SQLite would take a new s.db-journal for a journal to roll the database back from
    before = hashes(tmp_path)
    status, _, err = run("replay", "export", "--db", store, "--out", f"{store}-journal")
    refused(status, err, "belongs to a database")
    assert hashes(tmp_path) == before
    assert n_games(store) == 2  # the committed game is still there


def test_export_out_replaces_a_file_only_when_told(tmp_path, store):
    mine = tmp_path / "mine.jsonl"
    mine.write_text("my replay\n")
    before = hashes(tmp_path)
    status, _, err = run("replay", "export", "--db", store, "--out", mine)
    refused(status, err, "exists", "--force")
    assert hashes(tmp_path) == before
    status, _, err = run("replay", "export", "--db", store, "--out", mine, "--force")
    assert status == 0, err
    assert json.loads(mine.read_text().splitlines()[0])["kind"] == "game"
    # --force never reaches a database, nor the store's own file
    for target in (store, tmp_path / "other.db"):
        if not target.exists():
            shutil.copy(store, target)
        before = hashes(tmp_path)
        status, _, err = run("replay", "export", "--db", store, "--out", target, "--force")
        refused(status, err, "belongs to a database")
        assert hashes(tmp_path) == before


# -- item 6: the same game imported by several processes at once is stored once ---------------


def test_concurrent_imports_store_a_game_once(tmp_path, store):
    replay = tmp_path / "game.jsonl"
    assert run("replay", "export", "--db", store, "--out", replay)[0] == 0
    db = tmp_path / "shared.db"
    EventStore(str(db)).close()
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "munchkin_nb.cli", "replay", "import", str(replay), "--db", str(db)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(4)
    ]
    results = [(p.wait(timeout=120), *p.communicate()) for p in procs]
    assert sorted(status for status, _, _ in results) == [0, 2, 2, 2], results
    for status, _out, err in results:
        if status:
            refused(status, err, "already stored")
    assert n_games(db) == 1


# -- item 8: statistics count only games the referee found legal and finished ------------------


def test_stats_leave_out_flagged_games_and_say_so(tmp_path, store, won):
    clean = json.loads(run("stats", "--db", store, "--min-n", "1", "--json")[1])
    with EventStore(str(store)) as s:  # what `import --allow-unfinished` keeps: no events, a winner
        s.add_game(
            {
                **won.meta,
                "winners": ["Cleo"],
                "players": ["Cleo", "Dan", "Eve"],
                "turns": 1,
                "flags": ["unfinished"],
                "seed": None,
                "source": "played",
            },
            [],
        )
        s.add_game({**won.meta, "seed": 77, "winners": None, "turns": None}, won.events[:40])
    status, out, err = run("stats", "--db", store, "--min-n", "1", "--json")
    assert status == 0, err
    stats = json.loads(out)
    assert stats["games"] == clean["games"] == 1
    assert stats["player_games"] == clean["player_games"] == 3
    assert stats["seats"] == clean["seats"]
    assert stats["left_out"] == {"flagged": 1, "unfinished": 1}
    assert "left out: 1 flagged" in err
    status, out, err = run("stats", "--db", store, "--min-n", "1")
    assert "left out: 1 flagged (imported with --allow-unfinished/-illegal), 1 unfinished" in out
    # the Parquet export keeps the flags, and the statistics read from it agree
    folder = tmp_path / "pq"
    assert run("replay", "export", "--db", store, "--parquet", folder)[0] == 0
    from_parquet = json.loads(run("stats", "--parquet", folder, "--min-n", "1", "--json")[1])
    assert from_parquet == stats


# -- item 9: read-only commands create no file ---------------------------------------------------


READS = (
    ("games", "--db", "{db}"),
    ("stats", "--db", "{db}"),
    ("replay", "export", "--db", "{db}"),
    ("replay", "validate", "{db}"),
    ("replay", "notes", "--db", "{db}", "--game", "1"),
    ("replay", "branch", "--db", "{db}", "--game", "1", "--at", "{at}", "--legal"),
)


@pytest.mark.parametrize("locked", [False, True], ids=["writable folder", "0555 folder"])
def test_read_only_commands_create_no_file(tmp_path, store, won, locked):
    from munchkin_nb.widgets.app_view import check_store_file

    # the event before the first decision: where a branch may start
    at = str(next(i for i, e in enumerate(won.events) if e.type == "ActionTaken"))
    folder = store.parent
    before = hashes(folder)
    if locked:
        folder.chmod(0o555)
    try:
        for argv in READS:
            status, out, err = run(*[{"{db}": str(store), "{at}": at}.get(a, a) for a in argv])
            assert status == 0, (argv, err)
            assert hashes(folder) == before, argv  # no s.db-shm, no s.db-wal
        check_store_file(store)  # the app's first look at the file
        with brief_reads(), EventStore(str(store), readonly=True) as s:
            assert len(s.games()) == 1
        assert hashes(folder) == before
        if locked:  # a reader that stays open (the app): no writer can make a -wal here either
            with EventStore(str(store), readonly=True) as s:
                assert len(s.games()) == 1
            assert hashes(folder) == before
    finally:
        folder.chmod(0o755)


def test_a_reader_that_stays_open_sees_later_commits(store, won):
    # why the app (a page open for long) reads through SQLite's -shm in a folder others may write
    with EventStore(str(store), readonly=True) as reader:
        assert len(reader.games()) == 1
        with EventStore(str(store), snapshot_every=0) as writer:
            writer.add_game(dict(won.meta, seed=12345), won.events)
        assert len(reader.games()) == 2
        assert reader.events(2)[-1].type == "GameWon"


def test_a_read_after_a_crash_sees_the_last_commit_and_adds_no_file(tmp_path, store, won):
    crash_after_commit(store, won)
    names = sorted(p.name for p in tmp_path.iterdir())
    status, out, _ = run("games", "--db", store)
    assert status == 0 and len(out.splitlines()) == 2  # the game in the -wal is read
    assert sorted(p.name for p in tmp_path.iterdir()) == names


# -- item 10: a failed command writes nothing into a file that is not a store ------------------


def test_a_note_is_never_written_into_a_foreign_database(tmp_path):
    foreign = tmp_path / "foreign_empty.sqlite"
    conn = sqlite3.connect(foreign)
    conn.execute("PRAGMA user_version = 7")  # an SQLite file of someone's, with no tables yet
    conn.close()
    before = hashes(tmp_path)
    status, _, err = run("replay", "note", "--db", foreign, "--game", "1", "--at", "1", "--text", "x")
    refused(status, err, "holds no event store")
    assert hashes(tmp_path) == before
    status, _, err = run("replay", "branch", "--db", foreign, "--game", "1", "--at", "3")
    refused(status, err, "holds no event store")
    assert hashes(tmp_path) == before


# -- item 12: untrusted text is printed without terminal escapes ----------------------------------


def test_names_and_notes_are_printed_without_terminal_escapes(tmp_path, won):
    db = tmp_path / "esc.db"
    players = [f"Ann{ESC}", "Bob\u202e", "Cy\x9b2J"]
    with EventStore(str(db), snapshot_every=0) as s:
        s.add_game({**won.meta, "players": players, "winners": [players[0]]}, won.events)
        s.add_note(1, 2, f"look {ESC}here\x07", "good")
    status, out, err = run("games", "--db", db)
    assert status == 0, err
    assert "\x1b" not in out and "\u202e" not in out and "\x9b" not in out
    assert "Ann\\x1b[2J" in out and "Bob\\u202e" in out
    status, out, err = run("replay", "notes", "--db", db, "--game", "1")
    assert status == 0 and "\x1b" not in out and "\x07" not in out
    assert "look \\x1b[2Jhere\\x07" in out
    # an error naming a file does not pass its escapes on either
    status, _, err = run("games", "--db", tmp_path / f"no{ESC}such.db")
    refused(status, err)
    assert "\x1b" not in err
    assert printable("naïve café 🙂 Ⅻ 한국어") == "naïve café 🙂 Ⅻ 한국어"  # only controls are escaped


@given(st.text())
def test_printable_leaves_no_control_character_and_keeps_the_rest(text):
    shown = printable(text)
    assert not any(unicodedata.category(c) in ("Cc", "Zl", "Zp") or c in "\u202e\u2066" for c in shown)
    plain = "".join(c for c in text if unicodedata.category(c) not in ("Cc", "Zl", "Zp", "Cf"))
    assert printable(plain) == plain


# -- item 15: expected failures are one clear line, not "internal error" -----------------------


def _flip(db: Path) -> None:
    """Flip the bytes of the middle of the file (a page of events), not of its header."""
    data = bytearray(db.read_bytes())
    page = 4096
    for i in range(2 * page, len(data) - page, 7):
        data[i] ^= 0xFF
    db.write_bytes(bytes(data))


def test_a_damaged_store_is_one_clear_line_and_refuses_a_note(tmp_path, store):
    _flip(store)
    before = hashes(tmp_path)
    for argv in (
        ("games", "--db", store),
        ("replay", "export", "--db", store),
        ("stats", "--db", store),
        ("replay", "note", "--db", store, "--game", "1", "--at", "1", "--text", "x"),
    ):
        status, _, err = run(*argv)
        refused(status, err, "damaged")
        assert hashes(tmp_path) == before, argv


def test_a_file_size_limit_is_one_line_and_leaves_no_part_file(tmp_path, store):
    out = tmp_path / "out.jsonl"
    before = hashes(tmp_path)
    proc = child("replay", "export", "--db", store, "--out", out, limit=4096)
    refused(proc.returncode, proc.stderr, "File too large")
    assert hashes(tmp_path) == before  # no out.jsonl cut short, no temporary file
    proc = child("replay", "export", "--db", store, "--parquet", tmp_path / "pq", limit=2048)
    refused(proc.returncode, proc.stderr)
    assert hashes(tmp_path) == before and not (tmp_path / "pq").exists()


def test_a_turn_past_64_bits_is_refused_in_one_line(tmp_path, store, won):
    from munchkin_nb.store import StoreError

    before = hashes(tmp_path)
    events = [*won.events[:-1], won.events[-1]._replace(turn=2**80)]
    with EventStore(str(store), snapshot_every=0) as s, pytest.raises(StoreError, match="64-bit"):
        s.add_game(dict(won.meta, seed=5), events)
    replay = tmp_path / "huge.jsonl"
    assert run("replay", "export", "--db", store, "--out", replay)[0] == 0
    lines = replay.read_text().splitlines()
    last = json.loads(lines[-1])
    lines[-1] = json.dumps({**last, "turn": 2**80})
    replay.write_text("\n".join(lines) + "\n")
    db = tmp_path / "fresh.db"
    status, _, err = run("replay", "import", replay, "--db", db, "--allow-illegal", "--allow-unfinished")
    refused(status, err)
    assert not db.exists() or n_games(db) == 0
    assert hashes(store.parent).get("s.db") == before["s.db"]


# -- item 16: empty paths, dangling links, read-only folders, rules --lang ------------------------


def test_empty_paths_are_refused(tmp_path, store):
    replay = tmp_path / "g.jsonl"
    assert run("replay", "export", "--db", store, "--out", replay)[0] == 0
    before = hashes(tmp_path)
    for argv in (
        ("simulate", "--games", "1", "--quiet", "--db", ""),
        ("simulate", "--games", "1", "--quiet", "--parquet", ""),
        ("replay", "import", replay, "--db", ""),
        ("replay", "export", "--db", store, "--out", ""),
        ("replay", "export", "--db", store, "--parquet", ""),
    ):
        status, _, err = run(*argv)
        refused(status, err, "empty")
    assert hashes(tmp_path) == before


def test_a_dangling_link_is_not_followed_to_make_a_file(tmp_path):
    link = tmp_path / "s.db"
    link.symlink_to(tmp_path / "target.db")
    status, _, err = run("simulate", "--games", "1", "--quiet", "--db", link)
    refused(status, err, "link to a missing file")
    assert not (tmp_path / "target.db").exists()


def test_exports_refuse_a_read_only_folder_even_as_root(tmp_path, store):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        for argv, word in (
            (("replay", "export", "--db", store, "--out", locked / "x.jsonl"), "read-only"),
            (("replay", "export", "--db", store, "--parquet", locked / "pq"), "read-only"),
            (("simulate", "--games", "1", "--quiet", "--parquet", locked / "pq"), "read-only"),
        ):
            status, _, err = run(*argv)
            refused(status, err, word)
            assert list(locked.iterdir()) == []
    finally:
        locked.chmod(0o755)


def test_unknown_rules_language_has_the_prefix():
    status, _, err = run("rules", "--lang", "xx")
    refused(status, err, "unknown language 'xx'")
    assert err.startswith("munchkin-nb: error: --lang")


@pytest.fixture
def small_disk(tmp_path):
    """A tmpfs of 1 MiB (mounted as root; skipped where mounting is not allowed)."""
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(disk)], capture_output=True, check=False
    )
    if mounted.returncode != 0:
        pytest.skip("cannot mount a tmpfs here (the file size limit tests stand in for a full disk)")
    try:
        yield disk
    finally:
        subprocess.run(["umount", str(disk)], check=False)


def test_a_full_disk_is_one_line_and_loses_nothing(small_disk, store):
    db = small_disk / "s.db"
    shutil.copy(store, db)
    filler = small_disk / "filler"
    with filler.open("wb") as handle:  # fill the disk but for a few pages
        free = shutil.disk_usage(small_disk).free
        handle.write(b"\0" * max(0, free - 3 * 4096))
    before = hashes(small_disk)
    for argv in (
        ("simulate", "--games", "2", "--quiet", "--players", "6", "--db", db),
        ("replay", "export", "--db", db, "--out", small_disk / "out.jsonl"),
        ("replay", "export", "--db", db, "--parquet", small_disk / "pq"),
    ):
        proc = child(*argv)
        refused(proc.returncode, proc.stderr)
        assert "full" in proc.stderr or "No space" in proc.stderr, proc.stderr
        now = hashes(small_disk)
        assert {k: v for k, v in now.items() if not k.startswith("s.db-")} == before, argv
    assert n_games(db) == 1


def test_a_refused_import_leaves_no_new_store_behind(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"kind": "header", "format": 1}\n{"type": "GameStarted", "payload": {"seed": NaN}}\n')
    db = tmp_path / "new.db"
    status, _out, err = run("replay", "import", bad, "--db", db)
    refused(status, err)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.jsonl"]
