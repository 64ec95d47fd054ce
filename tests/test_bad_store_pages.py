"""A store the pages cannot read (missing, not SQLite, SQLite but not an event store): the games
page and the replay analyser each say what is wrong, show no game (none simulated as if they were
the file) and leave the file byte for byte as it was (a missing one is not made). Built here as
the site's notebooks build them (widgets/pages.py, widgets/analyser.py), without a browser; the
browser test opens the site on one such store (tests/browser/test_app.py)."""

from __future__ import annotations

import re
import sqlite3
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from munchkin_nb.widgets.analyser import AnalyserPage
from munchkin_nb.widgets.pages import games_page

LEAKS = ("Traceback", "DatabaseError", "KeyError", "Exception")


def _walk(w: Any) -> list[Any]:
    return [w, *(x for c in getattr(w, "children", ()) for x in _walk(c))]


def classes(page: Any) -> set[str]:
    return {c for w in _walk(page) for c in getattr(w, "_dom_classes", ())}


def errors_of(page: Any) -> list[str]:
    """The texts of the page's error boxes (class ``munchkin-error``)."""
    boxes = [w for w in _walk(page) if "munchkin-error" in getattr(w, "_dom_classes", ())]
    return [unescape(re.sub(r"<[^>]+>", " ", b.value)) for b in boxes]


def make(path: Path, kind: str) -> Path:
    if kind == "not-sqlite":
        path.write_bytes(b"this is not an SQLite file\n" * 40)
    elif kind == "not-ours":
        with sqlite3.connect(path) as conn:
            conn.execute("CREATE TABLE t (x)")
        conn.close()
    return path


BAD = [
    ("missing", "does not exist"),
    ("not-sqlite", "is not a readable SQLite database"),
    ("not-ours", "not a Munchkin event store"),
]


@pytest.mark.parametrize(("kind", "expected"), BAD, ids=[b[0] for b in BAD])
@pytest.mark.parametrize("page_of", ["games", "analyser"])
def test_a_bad_store_is_said_and_left_as_it_was(tmp_path, kind, expected, page_of):
    path = make(tmp_path / f"{kind}.db", kind)
    before = path.read_bytes() if path.exists() else None
    page = games_page(path, {}) if page_of == "games" else AnalyserPage(path).widget
    (error,) = errors_of(page)
    assert expected in error and str(path) in error
    assert not any(leak in error for leak in LEAKS), error
    assert not {"munchkin-game-picker", "munchkin-stepper"} & classes(page)
    assert (path.read_bytes() if path.exists() else None) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ([path.name] if before is not None else [])


def test_a_good_store_shows_its_games_and_no_error():
    """The other side of the checks above: what a readable store's pages show."""
    good = Path(__file__).resolve().parents[1] / "replays" / "sample.db"
    for page in (games_page(good, {}), AnalyserPage(good).widget):
        assert errors_of(page) == []
        assert {"munchkin-game-picker", "munchkin-stepper"} <= classes(page)
