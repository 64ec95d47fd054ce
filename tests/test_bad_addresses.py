"""A part of a page's address it cannot use is said in a notice above the page, naming the value,
what is allowed and that the page shows its default, in the page's language; built here as the
site's notebooks build their pages (widgets/pages.py), without a browser. In the browser: the
games page's (a link to no such game, tests/browser/test_hosting.py), the statistics page's and
the replay analyser's, whose notebooks build them inline (tests/browser/test_page_words.py)."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest

from munchkin_nb.widgets.course import Course
from munchkin_nb.widgets.pages import course_page, games_page, play_page, rules_page
from munchkin_nb.widgets.rules_explorer import RulesExplorer

DB = Path(__file__).resolve().parents[1] / "replays" / "sample.db"


def _walk(w: Any) -> list[Any]:
    return [w, *(x for c in getattr(w, "children", ()) for x in _walk(c))]


def notice_of(page: widgets.Widget) -> str:
    """The text of the page's address notice ("" when it has none)."""
    boxes = [w for w in _walk(page) if "munchkin-address-notice-box" in getattr(w, "_dom_classes", ())]
    assert len(boxes) <= 1
    return unescape(re.sub(r"<[^>]+>", " ", boxes[0].value)) if boxes else ""


@pytest.fixture(autouse=True)
def _played_here(tmp_path, monkeypatch) -> None:
    """The guided games of `play_page` go to this test's folder, not to a new temporary folder
    that nothing removes (the hosted server sets $MUNCHKIN_PLAY_DB the same way)."""
    monkeypatch.setenv("MUNCHKIN_PLAY_DB", str(tmp_path / "play.db"))


ENGLISH = ("allowed are", "default")
SPANISH = ("se admiten", "predeterminado")

# (the page's builder, its address, the part named, the words of "allowed are" and "default")
BAD = [
    (lambda p: games_page(DB, p), {"game": "999999"}, "game=999999", ENGLISH),
    (lambda p: games_page(DB, p), {"event": "-1"}, "event=-1", ENGLISH),
    (lambda p: course_page(Course(), p), {"lang": "xx"}, "lang=xx", ENGLISH),
    (lambda p: course_page(Course(), p), {"lesson": "nonexistent"}, "lesson=nonexistent", ENGLISH),
    (lambda p: rules_page(RulesExplorer(), p), {"ruleset": "bogus"}, "ruleset=bogus", ENGLISH),
    (play_page, {"seed": "9223372036854775808"}, "seed=9223372036854775808", ENGLISH),
    (play_page, {"seed": "7" * 5000}, "seed=7777777", ENGLISH),
    (play_page, {"players": "9", "lang": "es"}, "players=9", SPANISH),
]


@pytest.mark.parametrize(("build", "params", "named", "words"), BAD, ids=[b[2][:20] for b in BAD])
def test_a_bad_part_is_said_with_what_is_allowed_and_the_default(build, params, named, words):
    notice = notice_of(build(params))
    assert named in notice
    allowed, default = words
    assert allowed in notice and default in notice, notice
    assert len(notice) < 600  # a long value is cut short, not repeated whole


def test_a_good_address_has_no_notice():
    assert notice_of(games_page(DB, {"game": "1", "event": "3"})) == ""
