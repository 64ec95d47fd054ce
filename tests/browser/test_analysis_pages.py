"""The analyser's new navigation in chromium: the turn and level buttons, keyboard shortcuts
anywhere on the page (not in a text box), the tree of variations, the JSONL download and the game
filters; and the statistics page (table, filter, plot, an example game). Each page is opened once
(a page load is seconds of CPU): the keyboard's at a desktop's size, then checked narrowed to a
phone's (390 px); the filters and the statistics at the phone's, then checked widened to a
desktop's. Screenshots go to $MUNCHKIN_SHOTS when it names a folder."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest
from conftest import at_both_sizes

from munchkin_nb.analysis.variations import branch, other_choice
from munchkin_nb.store import EventStore

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = os.environ.get("MUNCHKIN_SHOTS")
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
EVENT = ".munchkin-stepper .munchkin-event b"
NEXT = ".munchkin-next:not([disabled])"


@pytest.fixture(scope="module")
def family_db(tmp_path_factory, sample_db) -> Path:
    """The browser sample (three bot games) and a variation of game 1 after a decision past event 40."""
    path = tmp_path_factory.mktemp("family") / "family.db"
    shutil.copy(sample_db, path)
    with EventStore(str(path)) as store:
        at, other = other_choice(store, 1, after=40)
        branch(store, 1, at, other, seed=4)
        store.add_note(1, 2, "the dice are kind", "good")
    return path


@pytest.fixture(scope="module")
def family_app(start_app, family_db):
    return start_app(db=family_db)


@pytest.fixture(scope="module")
def stats_app(start_app, family_db):
    return start_app(db=family_db, notebook=ROOT / "notebooks" / "stats.ipynb")


def shown(page) -> tuple[int, int]:
    text = page.locator(EVENT).first.inner_text().replace("\xa0", " ")
    match = re.match(r"Event (\d+) of (\d+)", text)
    assert match, text
    return int(match.group(1)), int(match.group(2))


def wait_for(page, seq: int) -> None:
    page.locator(EVENT).filter(has_text=re.compile(rf"^Event {seq} of ")).wait_for(state="visible")


def snap(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=False)


def shots(name: str):
    """`at_both_sizes`'s screenshots, <name>-<size>.png, when $MUNCHKIN_SHOTS names a folder."""
    return lambda size: Path(SHOTS) / f"{name}-{size}.png" if SHOTS else None


def resize(page, size: str) -> None:
    """The same page in the window of `size`, its widgets laid out again."""
    page.set_viewport_size(SIZES[size])
    page.wait_for_timeout(300)


def fits(page, size: str) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"] + 1, (
        f"the page scrolls sideways at the {size}'s size"
    )


def open_page(browser, url: str, size: str):
    context = browser.new_context(viewport=SIZES[size], accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(60_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    return context, page, errors


def test_keys_buttons_tree_and_download(browser, family_app, family_db, tmp_path):
    size = "desktop"  # the keyboard's size; the buttons are clicked narrowed to a phone's too
    with EventStore(str(family_db), readonly=True) as store:
        events = store.events(1)
        child = store.games()[-1]
        notes = store.notes(1)
        child_length = store.last_seq(child["id"])
    turn_starts = [i for i, e in enumerate(events, 1) if i == 1 or events[i - 2].turn < e.turn]
    levels = [i for i, e in enumerate(events, 1) if e.type == "LevelChanged"]
    context, page, errors = open_page(browser, family_app.url, size)
    try:
        page.locator(NEXT).wait_for(state="visible")
        page.locator(".munchkin-keys").wait_for(state="attached")
        # the keyboard, with the focus nowhere in particular
        page.locator("body").click(position={"x": 2, "y": 2})
        page.keyboard.press("End")
        wait_for(page, len(events))
        page.keyboard.press("Home")
        wait_for(page, 1)
        page.keyboard.press("ArrowRight")
        wait_for(page, 2)
        page.keyboard.press("ArrowDown")
        wait_for(page, turn_starts[1])
        page.keyboard.press("ArrowLeft")
        wait_for(page, turn_starts[1] - 1)
        # a key typed into the turn box is the box's, not a shortcut
        box = page.locator(".munchkin-turn input")
        box.click()
        box.press("End")
        box.press("ArrowLeft")
        # had End been a shortcut there, the stepper would stand on the last event, and the
        # next key would leave it there
        page.locator("body").click(position={"x": 2, "y": 2})
        page.keyboard.press("ArrowRight")
        wait_for(page, turn_starts[1])
        # the buttons
        page.locator(".munchkin-next-turn:not([disabled])").click()
        wait_for(page, turn_starts[2])
        page.locator(".munchkin-next-level:not([disabled])").click()
        wait_for(page, next(s for s in levels if s > turn_starts[2]))
        page.locator("body").click(position={"x": 2, "y": 2})
        page.keyboard.press("Home")
        wait_for(page, 1)
        page.locator(NEXT).click()
        wait_for(page, 2)
        # the note is drawn just after the event: wait for it rather than read it at once
        page.locator(".munchkin-note", has_text="the dice are kind").wait_for()
        snap(page, f"analyser-navigation-{size}")
        # on a phone: the same page narrowed, its buttons in the window and still working
        resize(page, "phone")
        fits(page, "phone")
        page.locator(NEXT).click()
        wait_for(page, 3)
        page.locator(".munchkin-prev:not([disabled])").click()
        wait_for(page, 2)
        snap(page, "analyser-navigation-phone")
        resize(page, "desktop")
        # the tree: game 1 and its variation; picking it keeps event 2 (they agree there)
        tree = page.locator(".munchkin-variations select")
        tree.wait_for(state="visible")
        labels = [t.replace("\xa0", " ") for t in tree.locator("option").all_inner_texts()]
        assert labels[0].startswith("game 1 ") and f"game {child['id']}: after event" in labels[1]
        tree.select_option(index=1)
        page.locator(EVENT).filter(has_text=re.compile(r"^Event 2 of ")).wait_for()
        page.wait_for_function(
            "n => document.querySelector('.munchkin-stepper .munchkin-event b').innerText"
            ".replace(/\\u00a0/g, ' ').endsWith('of ' + n)",
            arg=child_length,
        )
        page.wait_for_url(re.compile(rf"game={child['id']}&event=2$"))
        picked = page.locator(".munchkin-game-picker select")
        page.wait_for_function(
            "id => document.querySelector('.munchkin-game-picker select').selectedOptions[0]"
            ".innerText.replace(/\\u00a0/g, ' ').startsWith('Game ' + id + ':')",
            arg=child["id"],
        )
        assert "a variation of game 1" in picked.locator("option:checked").inner_text().replace("\xa0", " ")
        snap(page, f"analyser-variation-{size}")
        # the download: the variation, as the JSONL replay of the store
        with page.expect_download() as caught:
            page.locator(".munchkin-download").click()
        path = tmp_path / "game.jsonl"
        caught.value.save_as(path)
        assert caught.value.suggested_filename == f"munchkin-game-{child['id']}.jsonl"
        lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        assert lines[0]["kind"] == "game" and lines[0]["parent_game"] == 1
        # back to game 1 with its note: the note is in its file
        tree.select_option(index=0)
        page.wait_for_url(re.compile(r"game=1\b"))
        with page.expect_download() as caught:
            page.locator(".munchkin-download").click()
        caught.value.save_as(path)
        kinds = [json.loads(line).get("kind") for line in path.read_text(encoding="utf-8").splitlines()]
        assert kinds.count("note") == len(notes) == 1
        assert len(kinds) == 1 + len(events) + len(notes)
    finally:
        context.close()
    assert errors == []


def test_game_filters(browser, family_app):
    size = "phone"  # then widened to a desktop's window
    context, page, errors = open_page(browser, family_app.url, size)
    try:
        page.locator(NEXT).wait_for(state="visible")
        picker = page.locator(".munchkin-game-picker select")
        labels = [t.replace("\xa0", " ") for t in picker.locator("option").all_inner_texts()]
        assert len(labels) == 4 and all("(simulated" in label for label in labels)
        assert "a variation of game 1" in labels[3]
        players = page.locator(".munchkin-filter-players select")
        assert [o.strip() for o in players.locator("option").all_inner_texts()] == ["any", "4"]
        winner = page.locator(".munchkin-filter-winner select")
        names = [o.strip() for o in winner.locator("option").all_inner_texts()][1:]
        winner.select_option(index=1)
        page.locator(".munchkin-filter-count").filter(has_text=" of 4 games").wait_for()
        kept = [t.replace("\xa0", " ") for t in picker.locator("option").all_inner_texts()]
        assert kept and all(f"won by {names[0]}" in label for label in kept)
        at_both_sizes(page, shots("analyser-filters"), name="the filtered analyser")
    finally:
        context.close()
    assert errors == []


def test_stats_page(browser, stats_app, family_db):
    from munchkin_nb.analysis.engines import sqlite_query
    from munchkin_nb.analysis.stats import corpus_stats
    from munchkin_nb.viz.words import any_card_name

    with sqlite_query(str(family_db)) as query:
        card = corpus_stats(query).cards[0].card
    context, page, errors = open_page(browser, stats_app.url, "phone")  # then widened
    try:
        table = page.locator(".munchkin-stats-table table")
        table.wait_for(state="visible")
        rows = table.locator("tr").count()
        assert rows > 20
        assert "too few games" in table.inner_text()  # four games: every card is below n=20
        page.locator(".munchkin-stats-filter input").fill(card)
        page.wait_for_function(f"document.querySelectorAll('.munchkin-stats-table table tr').length < {rows}")
        # the table names each card in the page's language; its cell's title holds the id
        cells = table.locator("tr td:first-child")
        names = cells.all_inner_texts()
        ids = cells.evaluate_all("cells => cells.map(c => c.title)")
        assert any_card_name(card, "en") in names, (card, names)
        assert card in ids and all(card.replace("_", " ") in i.replace("_", " ") for i in ids), (card, ids)
        # four games: no card has games enough for a win rate, so a line says so instead of a plot
        page.locator(".munchkin-stats-view .munchkin-note").filter(has_text="too few games").wait_for()
        assert page.locator(".munchkin-stats-view .js-plotly-plot").count() == 0
        fits(page, "phone")
        page.locator(".munchkin-stats-filter input").fill("")
        page.wait_for_function(
            f"document.querySelectorAll('.munchkin-stats-table table tr').length == {rows}"
        )
        at_both_sizes(page, shots("stats"), name="the statistics", scroll_to=".munchkin-stats-filter")
    finally:
        context.close()
    assert errors == []
