"""What the command line writes and prints safely: new files only (written whole, then renamed into
place), never a store's own files; untrusted text shown without terminal escapes."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import tempfile
import unicodedata
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

from munchkin_nb.store.schema import writable_path

# The files SQLite keeps beside a database: overwriting one of them loses or corrupts commits.
COMPANIONS = ("-wal", "-shm", "-journal")
_SQLITE_MAGIC = b"SQLite format 3\x00"
_WAL_MAGIC = (b"\x37\x7f\x06\x82", b"\x37\x7f\x06\x83")
# Format characters that reorder or hide what follows (a name shown "backwards"); the rest of
# Unicode's format characters (the joiner inside an emoji) are harmless and kept.
_BIDI = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


class WriteRefused(ValueError):
    """A file or folder the command must not write (it exists, it is a store's, it is read-only)."""


def printable(text: object) -> str:
    """`text` as a terminal shows it harmlessly: control characters (ESC, CSI, a bell, a line break
    inside a name) and bidirectional overrides written as escapes (\\x1b), the rest as it is."""
    out = []
    for ch in str(text):
        if unicodedata.category(ch) in ("Cc", "Zl", "Zp") or ch in _BIDI:
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
        else:
            out.append(ch)
    return "".join(out)


def check_paths(args: Any, names: tuple[str, ...] = ("db", "out", "parquet")) -> None:
    """WriteRefused for an empty path (`--db ''` would otherwise mean "no database" and store nothing)."""
    for name in names:
        if getattr(args, name, None) == "":
            raise WriteRefused(f"--{name}: the path is empty")


def check_folder(folder: Path, what: str) -> None:
    """WriteRefused unless `folder` exists and may be written (its mode bits count, so root too)."""
    if not folder.is_dir():
        raise WriteRefused(f"{what}: the folder {folder} does not exist")
    if not writable_path(folder):
        raise WriteRefused(f"{what}: the folder {folder} is read-only")


def belongs_to_a_store(path: Path, db: str | None = None) -> bool:
    """True for a database file, a database's -wal/-shm/-journal, or any of `db`'s own files."""
    if db:
        for own in [db, *(db + c for c in COMPANIONS)]:
            with contextlib.suppress(OSError):
                if path.exists() and os.path.samefile(path, own):
                    return True
    for companion in COMPANIONS:
        if path.name.endswith(companion) and path.with_name(path.name[: -len(companion)]).exists():
            return True
    try:
        with path.open("rb") as handle:
            head = handle.read(len(_SQLITE_MAGIC))
    except OSError:
        return False
    return head == _SQLITE_MAGIC or head[:4] in _WAL_MAGIC


def check_new_file(out: str, *, db: str | None = None, force: bool = False, what: str = "--out") -> Path:
    """The path `out`, checked to be written: never a store's file; an existing file only with `force`."""
    path = Path(out)
    if path.is_dir():
        raise WriteRefused(f"{what} {out} is a folder")
    check_folder(path.parent, f"{what} {out}")
    # a new -journal beside a database would be taken by SQLite for a journal to roll back from
    if belongs_to_a_store(path, db):
        raise WriteRefused(f"{what} {out} belongs to a database; never overwritten")
    if path.exists() or path.is_symlink():
        if not force:
            raise WriteRefused(f"{what} {out} exists; not overwritten (--force replaces it)")
        if path.exists() and not path.is_file():
            raise WriteRefused(f"{what} {out} is not a regular file")
    return path


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


@contextlib.contextmanager
def new_file(path: Path, *, replace: bool = False) -> Iterator[IO[str]]:
    """A text file written under a temporary name beside `path`, put in place only when whole.

    Cut short (an error, a full disk, Ctrl-C), nothing is left; without `replace` a file that
    appeared at `path` meanwhile is not overwritten (a hard link, which fails on an existing name)."""
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".partial")
    try:
        os.fchmod(fd, 0o666 & ~_umask())  # as open() would have made it
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        if replace:
            os.replace(temp, path)
        else:
            _link_new(temp, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)


def _link_new(temp: str, path: Path) -> None:
    try:
        os.link(temp, path)
    except FileExistsError:
        raise WriteRefused(f"{path} appeared while it was written; not overwritten") from None
    except OSError:  # a file system without hard links: checked just before, renamed
        if path.exists() or path.is_symlink():
            raise WriteRefused(f"{path} appeared while it was written; not overwritten") from None
        os.replace(temp, path)


def write_new_file(
    out: str, write: Callable[[IO[str]], int], *, db: str | None = None, force: bool = False
) -> int:
    """Check `out` (check_new_file), write it whole through `write`; what `write` returns."""
    path = check_new_file(out, db=db, force=force)
    try:
        with new_file(path, replace=force) as handle:
            return write(handle)
    except OSError as error:  # a write fails with no file name: the one the user gave
        if error.filename or error.errno is None:
            raise
        raise OSError(error.errno, error.strerror, out) from None


def describe(error: BaseException) -> str | None:
    """One plain line for an error of the libraries that read and write files, or None."""
    if isinstance(error, sqlite3.Error):
        from munchkin_nb.store.schema import sqlite_message

        return sqlite_message(error)
    if type(error).__module__.startswith(("duckdb", "_duckdb")):
        text = " ".join(str(error).split())
        # DuckDB's IO errors carry a JSON object; its message is the part a user needs
        with contextlib.suppress(ValueError, KeyError, TypeError):
            text = json.loads(text[text.index("{") :])["exception_message"]
        if "No space" in text or "too large" in text.lower() or "disk" in text.lower():
            return f"cannot write Parquet ({text}: the disk is full or a file size limit was reached)"
        return f"Parquet: {text}"
    if isinstance(error, OverflowError):
        return f"a number is too large ({error})"
    return None
