"""The guided game in chromium: 30 decisions with hints and one undo, then the game opens in the
stepper; the first decisions at the phone's size, the rest in a desktop's window (one game, the
same page widened), with no console error and no outside request."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from munchkin_nb.site import PAGES
from munchkin_nb.viz.move_words import ACTION_VARIANTS, ACTION_WORDS
from munchkin_nb.viz.words import _ as _es
from munchkin_nb.viz.words import telling
from tests.browser.test_course_page import SIZES, _page, _shot, _shots

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def play_server(start_app, tmp_path_factory):
    saved = {k: os.environ.get(k) for k in ("PYTHONPATH", "MUNCHKIN_PLAY_DB")}
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), saved["PYTHONPATH"]]))
    os.environ["MUNCHKIN_PLAY_DB"] = str(tmp_path_factory.mktemp("play") / "play.db")
    try:
        return start_app(notebook=ROOT / "notebooks" / "play.ipynb")
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k)
            else:
                os.environ[k] = v


def _decide(page):
    """Ask for a hint, then follow it (or let the table go on); True if a move was made."""
    page.locator(".munchkin-hint-button").click()
    hint = page.locator(".munchkin-hint")
    hint.wait_for(state="visible")
    moved = hint.get_attribute("data-hint") == "move"
    # the buttons are drawn after the hint's text: wait for the one it points at
    button = page.locator("button.munchkin-suggested" if moved else ".munchkin-go-on").first
    button.wait_for(state="visible")
    button.click()
    page.locator(".munchkin-hint").wait_for(state="detached")
    return moved


def test_a_guided_game_with_hints_an_undo_and_its_review(browser, play_server):
    context, page, watch = _page(browser, "phone")
    page.goto(play_server.url)
    page.locator(".munchkin-hint-button").wait_for(state="visible")
    assert "Your hand" in page.locator(".munchkin-hand").inner_text()
    _shot(page, "play_start_phone")
    decisions, undone = 0, False
    while decisions < 30:
        decisions += _decide(page)
        if decisions == 3 and not undone:  # on the phone: one move taken back
            undone = True
            page.locator(".munchkin-undo").click()
            page.locator(".munchkin-undo:disabled").wait_for()
            decisions -= 1
        if decisions == 6 and page.viewport_size == SIZES["phone"]:
            _shot(page, "play_moves_phone")
            page.set_viewport_size(SIZES["desktop"])  # the same game goes on in a desktop's window
            page.wait_for_timeout(300)
            _shot(page, "play_start_desktop")
    _shot(page, "play_moves_desktop")
    page.locator(".munchkin-review").click()
    page.locator(".munchkin-play .munchkin-stepper").wait_for(state="visible")
    _shots(page, "play_review")
    watch.assert_clean()
    context.close()


def test_the_guided_game_speaks_the_language_chosen_on_the_course_page(browser, play_server):
    """At the phone's size (the language does not depend on it; the desktop's shot is the same
    page widened)."""
    context, page, watch = _page(browser, "phone")
    # Spanish chosen on the course page of the same site, in the same browser. Not a localStorage
    # written by the test: on the site the header writes the visit's language (address, cookie,
    # else the page's) into that storage before the guided game reads it, so a course choice
    # reaches the guided game only as the course page on the site passes it on.
    page.goto(play_server.server.url.rstrip("/") + PAGES["course"].path)
    page.locator(".munchkin-course-language select").select_option(label="Español")
    # the header has followed the course's ?lang=es (it keeps the visit's language as it redraws)
    page.wait_for_function("() => document.querySelector('#munchkin-site select')?.value === 'es'")
    page.goto(play_server.url)
    page.locator(".munchkin-hand").filter(has_text="Tu mano").wait_for(state="visible")
    assert page.locator(".munchkin-hint-button").inner_text() == "¿pista?"
    # the move buttons are new widgets, drawn a moment after the hand's words changed
    choices = page.locator(".munchkin-play-choices button.munchkin-choice")
    choices.filter(has_text="Terminar de prepararse").first.wait_for(state="visible")
    moves = choices.all_inner_texts()
    assert "Terminar de prepararse" in moves, moves
    for _ in range(4):
        _decide(page)
    assert "jugador" in page.locator(".munchkin-play .munchkin-table").inner_text()
    # the player's own moves, marked in the log, told in Spanish: "Ana puso Ladrón en juego."
    mine = page.locator(".munchkin-log p.mine").all_inner_texts()
    me = page.locator(".munchkin-play").inner_text().split("Una partida guiada: eres ", 1)[1].split()[0]
    with telling("es"):
        spanish = {_es(t).split("{")[0].strip() for t in [*ACTION_WORDS.values(), *ACTION_VARIANTS.values()]}
    assert mine, page.locator(".munchkin-log").inner_text()
    for line in mine:
        assert line.startswith(f"{me} ") and line.endswith("."), (me, line)
        assert any(line[len(me) + 1 :].startswith(head) for head in spanish if head), line
    for size in ("phone", "desktop"):
        page.set_viewport_size(SIZES[size])
        page.wait_for_timeout(300)  # the widgets' layout at this width
        _shot(page, f"play_es_{size}")
    # the page's own choice: back to English
    page.locator(".munchkin-play-language select").select_option(label="English")
    page.locator(".munchkin-hand").filter(has_text="Your hand").wait_for(state="visible")
    assert page.locator(".munchkin-hint-button").inner_text() == "hint?"
    watch.assert_clean()
    context.close()
