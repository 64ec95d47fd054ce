"""The table recorder's page in chromium, on the shared site server, tapped at the phone's size
(and widened to a desktop's window at each screenshot): a table starts a game (a card of the deal
picked by name), records more than 40 actions by tapping (chance answered as it is asked), closes
the page half-way, reopens /record and continues from the browser's own list; a refused play is
shown with its rule and taken back; then the referee validates the stored game and it opens in the
stepper. Nothing wider than the window, buttons a finger's size, no console error but Voila
0.5.13's own.

Screenshots go to ``$MUNCHKIN_SCREENSHOTS`` (default: the test's tmp folder) as recorder_<size>_*.png.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from conftest import at_both_sizes, console_problems

from tests.browser.test_judge_site import SIZES, overflow, shots

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
ACTIONS = 42  # actions recorded through the page (the referee then checks the stored game)
HALF = 20  # after this many, the page is closed and reopened
STATUS = ".munchkin-rec-status"
ROLLS = itertools.count(5)  # the dice the table rolls: 6, 1, 2, 3, ... (never the same twice running)
STEP_MS = 45_000  # the kernel's answer to one tap, on a loaded machine (a bound against a hang)
# what the table prefers to do, in this order, when it is one of the decider's common plays
PREFERRED = ("everyone passes", "Kick open the door", "Try to run away", "End the turn")


@pytest.fixture(scope="module")
def record_server(start_app):
    return start_app(notebook=ROOT / "notebooks" / "record.ipynb")


def play_db(server) -> str:
    """The store of the server's played games ($MUNCHKIN_PLAY_DB), as its kernels were given it."""
    import psutil

    for pid in server.kernel_pids():
        path = psutil.Process(pid).environ().get("MUNCHKIN_PLAY_DB")
        if path:
            return path
    raise AssertionError("no kernel of the site knows MUNCHKIN_PLAY_DB")


def stored(page) -> int:
    """The actions stored so far (the page's status says)."""
    return int(page.locator(STATUS).get_attribute("data-actions") or 0)


def drawn(page) -> int:
    return int(page.locator(STATUS).get_attribute("data-drawn") or 0)


# The page is drawn when its status says a newer drawing than before, and the buttons it names are
# there: the common plays' words, and what is asked (dice, a card, a refusal) or nothing.
SETTLED = """([sel, n]) => {
  const status = document.querySelector(sel);
  if (!status || Number(status.dataset.drawn || 0) <= n) return false;
  const words = Array.from(document.querySelectorAll(".munchkin-rec-common button"))
    .map((b) => b.innerText.trim()).join("|");
  if (words !== status.dataset.common) return false;
  const has = (q) => document.querySelector(".munchkin-rec-ask-box " + q) !== null;
  const asking = status.dataset.asking;
  if (asking === "die") return has(".munchkin-rec-face");
  if (asking === "draw" || asking === "shown") return has(".munchkin-rec-pick-search");
  if (asking === "refused") return has(".munchkin-ruling");
  return !has(".munchkin-rec-ask") && !has(".munchkin-ruling");
}"""


def tap(page, locator) -> None:
    """Tap a button that changes the recording; wait until the page has drawn the change."""
    before = drawn(page)
    locator.click()
    page.wait_for_function(SETTLED, arg=[STATUS, before], timeout=STEP_MS)


def button(page, scope: str, words: str):
    return page.locator(f"{scope} button", has_text=words).first


def answer_chance(page) -> bool:
    """Answer what the page asks (a die, a card drawn); False when it asks nothing."""
    ask = page.locator(".munchkin-rec-ask-box")
    faces = ask.locator(".munchkin-rec-face")
    if faces.count():
        tap(page, faces.nth(next(ROLLS) % faces.count()))  # faces that differ: a roll-off ends
        return True
    if not ask.locator(".munchkin-rec-ask").count():
        return False
    not_shown = ask.locator(".munchkin-rec-not-shown")
    if not_shown.count():
        tap(page, not_shown)
        return True
    search = ask.locator(".munchkin-rec-pick-search input")
    search.fill("e")
    card = ask.locator(".munchkin-rec-card").first
    card.wait_for(state="visible")
    tap(page, card)
    return True


def record_one(page) -> str:
    """Record one action as a table might: a preferred common play, else the first common one,
    else the first other action offered; every chance it needs answered. What was tapped."""
    common = page.locator(".munchkin-rec-common button")
    words = [common.nth(i).inner_text() for i in range(common.count())]
    pick = next((w for p in PREFERRED for w in words if w.startswith(p)), words[0] if words else None)
    if pick is not None:
        tap(page, button(page, ".munchkin-rec-common", pick))
    else:
        found = page.locator(".munchkin-rec-found button")
        found.first.wait_for(state="visible")
        texts = [found.nth(i).inner_text() for i in range(found.count())]
        plain = [t for t in texts if not t.startswith("show a card")] or texts
        pick = plain[next(ROLLS) % len(plain)]
        tap(page, button(page, ".munchkin-rec-found", pick))
    while answer_chance(page):
        pass
    return pick


def start_game(page) -> None:
    page.locator(".munchkin-rec-start").wait_for(state="visible")
    tags = page.locator(".munchkin-rec-player-0 .jupyter-widget-tagsinput input")
    tags.fill("Helm of Courage")
    tags.press("Enter")
    page.locator(".munchkin-rec-player-0 .jupyter-widget-tag", has_text="Helm of Courage").wait_for()
    page.locator(".munchkin-rec-start").click()
    page.locator(STATUS).wait_for(state="visible")
    page.wait_for_function(SETTLED, arg=[STATUS, 0])
    page.wait_for_function("() => location.search.includes('key=')")


def test_a_table_records_a_game_closes_the_page_continues_and_the_referee_takes_it(
    record_server, browser, tmp_path, request
):
    """Tapped at the phone's size; at each screenshot the page is widened to a desktop's window
    too, and fits both."""
    folder = shots(tmp_path)

    def both_sizes(name: str, full_page: bool = False) -> None:
        at_both_sizes(
            page, lambda size: folder / f"recorder_{size}_{name}.png", name=name, full_page=full_page
        )

    context = browser.new_context(viewport=SIZES["phone"], locale="en-US")
    request.addfinalizer(context.close)
    page = context.new_page()
    page.set_default_timeout(90_000)
    bad = console_problems(page)
    page.goto(record_server.url)
    page.locator(".munchkin-rec-start").wait_for(state="visible")
    both_sizes("start", full_page=True)
    start_game(page)
    address = page.url
    assert "Ana lays out their first cards" in page.locator(STATUS).inner_text()

    # Ana puts the card she showed on the table: found by the search
    page.locator(".munchkin-rec-search input").fill("helm")
    tap(page, button(page, ".munchkin-rec-found", "Put Helm of Courage on the table"))
    taps: list[str] = []
    while stored(page) < HALF:
        taps.append(record_one(page))
        if len(taps) == 6:
            both_sizes("table")
        assert overflow(page) <= 0, f"wider than the window after {taps[-1]!r}"
    # a card drawn asked for by name: the prompt, looked at
    asked = page.locator(".munchkin-rec-common button", has_text="Kick open the door")
    if asked.count():
        tap(page, asked.first)
        page.locator(".munchkin-rec-pick-search input").fill("go")
        both_sizes("card_asked")
        while answer_chance(page):
            pass
        taps.append("Kick open the door")

    # closed half-way: a new page at /record offers to continue it, from this browser's list
    events_before = int(page.locator(STATUS).get_attribute("data-events") or 0)
    page.close(run_before_unload=True)  # the tab closed: its kernel is shut down
    page = context.new_page()
    page.set_default_timeout(90_000)
    bad += console_problems(page)
    page.goto(record_server.url)
    go_on = page.locator(".munchkin-rec-continue").first
    go_on.wait_for(state="visible")
    assert "Ana, Ben, Cleo" in go_on.inner_text()
    go_on.click()
    page.locator(STATUS).wait_for(state="visible")
    page.wait_for_function(SETTLED, arg=[STATUS, 0])
    assert int(page.locator(STATUS).get_attribute("data-events") or 0) == events_before
    assert page.url.split("?")[1] == address.split("?")[1]

    # a refused play: another player kicks the door open; its rule shown, taken back
    decider = page.locator(STATUS).get_attribute("data-decider")
    other = next(n for n in ("Ana", "Ben", "Cleo") if n != decider)
    page.locator(".munchkin-rec-player-button", has_text=other).click()
    page.wait_for_function(
        "(who) => document.querySelector('.munchkin-rec-search input')?.placeholder.includes(who)", arg=other
    )
    page.locator(".munchkin-rec-other-toggle").click()
    kick = page.locator(".munchkin-rec-other-move select option", has_text="Kick open the door")
    kick.wait_for(state="attached")
    page.locator(".munchkin-rec-other-move select").select_option(label="Kick open the door")
    tap(page, page.locator(".munchkin-rec-other-record"))
    ruling = page.locator(".munchkin-rec-ask-box .munchkin-ruling")
    assert "The rules do not allow it" in ruling.inner_text() and ruling.get_attribute("data-rule")
    both_sizes("refused")
    tap(page, page.locator(".munchkin-rec-take-back"))
    assert not page.locator(".munchkin-rec-ask-box .munchkin-ruling").count()

    while stored(page) < ACTIONS:
        taps.append(record_one(page))
    both_sizes("later")
    buttons = page.locator(".munchkin-rec-common button")
    for i in range(buttons.count()):
        box = buttons.nth(i).bounding_box()
        assert box is not None and box["height"] >= 44, ("a button too small to tap", box)

    # the referee takes the stored game
    from munchkin_nb.replay.referee import validate_path
    from munchkin_nb.store import EventStore

    game = int(page.url.split("game=")[1].split("&")[0])
    db = play_db(record_server)
    with EventStore(db, readonly=True) as store:
        actions = [e for e in store.events(game) if e.type == "ActionTaken"]
        assert store.game(game)["source"] == "played"
    assert len(actions) >= 40, len(actions)
    (report,) = validate_path(db, game)
    assert report.legal, report.all_findings()

    # it opens in the stepper
    stepper = page.locator(".munchkin-rec-stepper")
    href = stepper.get_attribute("href")
    assert href and "store=played" in href and f"game={game}" in href
    stepper.click()
    page.locator(".munchkin-stepper").first.wait_for(state="visible")
    assert "/games" in page.url
    assert bad == [], bad
    print(f"\n{len(actions)} actions recorded through the page ({len(taps)} plays tapped)")
    context.close()
