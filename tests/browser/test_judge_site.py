"""The judge's page in a browser, at the phone's size with each step checked again widened to a
desktop's window (one visit: a page load is seconds of CPU): a visitor holds positions in mind and
gets the rulebooks' rulings (a curse on a player in another's fight; a level-9 player and Go Up a
Level; a warrior tying a monster), shares the link and sees the same table in a fresh page, exports
the scenario file and `munchkin-nb scenario run` accepts it. Nothing wider than the window, no
console error or warning but Voila 0.5.13's own. The time of the judge's answer after a change is
measured (printed: p50/p95 over 20 changes).

Screenshots go to ``$MUNCHKIN_SCREENSHOTS`` (default: the test's tmp folder) as judge_<size>*.png.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from conftest import at_both_sizes, console_problems

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
ANSWERS = ".munchkin-judge-answers li"
FIGHT_LINE = ".munchkin-judge-fight .munchkin-combat-line"
CHANGES = 20  # level changes timed


@pytest.fixture(scope="module")
def judge_server(start_app):
    return start_app(notebook=ROOT / "notebooks" / "judge.ipynb")


def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("MUNCHKIN_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def why_not(page, player: str, action: str, card: str, whom: str) -> str:
    """Ask the page "why not?" through its menus; the ruling's text."""
    page.locator(".munchkin-judge-why-player select").select_option(label=player)
    page.locator(".munchkin-judge-why-action select").select_option(label=action)
    page.locator(".munchkin-judge-why-card select").select_option(label=card)
    page.locator(".munchkin-judge-why-whom select").select_option(label=whom)
    # a menu changed clears the answer beside it: the next one shown is this question's
    page.wait_for_function("() => !document.querySelector('.munchkin-judge-ruling .munchkin-ruling')")
    page.click(".munchkin-judge-why")
    page.locator(".munchkin-judge-ruling .munchkin-ruling").wait_for(state="visible")
    return page.locator(".munchkin-judge-ruling").inner_text()


def set_level(page, player: int, level: int) -> float:
    """Type a level into a player's field; the seconds until the fight's line shows it."""
    box = page.locator(f".munchkin-judge-player-{player} input[type=number]").first
    start = time.monotonic()
    box.fill(str(level))
    box.press("Enter")
    page.wait_for_function(
        "([sel, lvl]) => (document.querySelector(sel)?.innerText || '').includes(`level ${lvl} +`)"
        " || (document.querySelector(sel)?.innerText || '').includes(`level ${lvl} =`)",
        arg=[FIGHT_LINE, level],
        timeout=30_000,
    )
    return time.monotonic() - start


def overflow(page) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))


def judge_shots(folder: Path, name: str):
    """Where `at_both_sizes` saves the judge's screenshot of a size: judge_<size><name>.png."""
    return lambda size: folder / f"judge_{size}{name}.png"


def test_a_visitor_gets_the_rulebooks_rulings_and_shares_the_table(judge_server, browser, tmp_path, request):
    folder = shots(tmp_path)
    context = browser.new_context(viewport=SIZES["phone"], locale="en-US")
    request.addfinalizer(context.close)
    page = context.new_page()
    page.set_default_timeout(90_000)
    bad = console_problems(page)
    page.goto(judge_server.url)
    page.locator(ANSWERS).first.wait_for(state="visible")
    page.wait_for_function("() => location.search.includes('position=v1.')")
    at_both_sizes(page, judge_shots(folder, ""))

    # the example table: Ana (a warrior, level 3, Helm of Courage) fights the Lame Goblin;
    # Ben (level 9) holds a curse, Cleo 1,000 Gold Pieces
    ruling = why_not(page, "Ben", "Curse … with …", "Curse! Lose a Level", "Cleo")
    assert "Allowed" in ruling and "curse.any" in ruling
    ruling = why_not(page, "Cleo", "Play … to give … a level", "1,000 Gold Pieces", "Ben")
    assert "Not allowed" in ruling and "level.win_by_kill" in ruling and "level 10 needs a kill" in ruling
    at_both_sizes(page, judge_shots(folder, "_why_not"), name="why not", scroll_to=".munchkin-judge-ruling")

    # a warrior ties the monster: level 1, the helm taken off
    page.locator(".munchkin-judge-player-0 .munchkin-judge-equipped .jupyter-widget-tag-close").first.click()
    set_level(page, 0, 1)
    line = page.locator(FIGHT_LINE).inner_text()
    assert "= 1" in line and "players win" in line, line
    assert "combat.ties" in page.locator(".munchkin-judge-fight").inner_text()
    at_both_sizes(page, judge_shots(folder, "_tie"), name="a tie", scroll_to=".munchkin-judge-fight")

    # the judge's answer after a change, measured in the browser (in a desktop's window)
    page.set_viewport_size(SIZES["desktop"])
    times = [set_level(page, 0, 2 + i % 7) for i in range(CHANGES)]
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * len(times)) - 1)]
    p50 = statistics.median(times)
    print(f"\njudge answer after a change ({CHANGES}): p50 {p50:.3f} s, p95 {p95:.3f} s")
    set_level(page, 0, 1)

    # share: the address holds the table; a fresh page opens it the same
    page.wait_for_function("() => location.search.includes('position=v1.')")
    shared = page.url
    table = page.locator(".munchkin-table-box").inner_text()
    fresh = browser.new_context(viewport=SIZES["desktop"])
    request.addfinalizer(fresh.close)
    other = fresh.new_page()
    other.set_default_timeout(90_000)
    other_bad = console_problems(other)
    other.goto(shared)
    other.locator(ANSWERS).first.wait_for(state="visible")
    assert other.locator(".munchkin-table-box").inner_text() == table
    assert "= 1" in other.locator(FIGHT_LINE).inner_text()
    assert parse_qs(urlsplit(other.url).query)["position"] == parse_qs(urlsplit(shared).query)["position"]
    fresh.close()

    # export: the scenario file runs
    scenario = page.locator(".munchkin-judge-scenario textarea").input_value()
    path = tmp_path / "judged.yaml"
    path.write_text(scenario, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "munchkin_nb.cli", "scenario", "run", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr

    assert overflow(page) <= 0, "the page is wider than the window"
    assert other_bad == [], other_bad
    at_both_sizes(page, judge_shots(folder, "_exported"), name="exported")
    assert bad == [], bad


def test_a_damaged_link_is_said(judge_server, browser, request):
    context = browser.new_context(viewport=SIZES["phone"])
    request.addfinalizer(context.close)
    page = context.new_page()
    page.set_default_timeout(90_000)
    bad = console_problems(page)
    page.goto(judge_server.url + "?position=v1.eNqrVkrLz1eyUlAqS8xRqgUAKZcFFQ&lang=es")
    notice = page.locator(".munchkin-judge-link-notice .munchkin-judge-problem")
    notice.wait_for(state="visible")
    assert "damaged" in notice.inner_text() or "position" in notice.inner_text()
    page.locator(ANSWERS).first.wait_for(state="visible")  # the example table, answered
    assert overflow(page) <= 0
    assert bad == []


@pytest.mark.parametrize("lang", ["es", "ko"])
def test_the_rulings_speak_the_pages_language(judge_server, browser, tmp_path, lang, request):
    """On a Spanish or Korean page the three held-in-mind rulings say no English sentence: the
    rule's words, the citation and the engine's sentence in the page's language; the page fits a
    phone's screen, then the same page a desktop's window (one page load for both)."""
    from munchkin_nb.judge import Position, encode
    from munchkin_nb.widgets.judge_page import JudgePage
    from munchkin_nb.widgets.judge_start import EXAMPLE

    folder = shots(tmp_path)
    tie = {
        "players": [{"name": "Ana", "classes": ["warrior"]}, "Ben", "Cleo"],
        "fight": {"monsters": ["lame_goblin"]},
    }
    words = JudgePage(lang, position=Position.from_data(EXAMPLE))  # the menus' labels in `lang`
    move = {v: label for label, v in words.why_action.options}
    card = {v.split("#")[0]: label for label, v in words.why_card.options if v}
    nobody = words.why_whom.options[0][0]
    size = "phone"
    context = browser.new_context(viewport=SIZES[size])
    request.addfinalizer(context.close)
    page = context.new_page()
    page.set_default_timeout(90_000)
    bad = console_problems(page)

    def sentence() -> tuple[str, str]:
        said = page.locator(".munchkin-judge-ruling .munchkin-judge-sentence")
        return said.get_attribute("lang") or "", said.inner_text()

    page.goto(f"{judge_server.url}?position={encode(Position.from_data(EXAMPLE))}&lang={lang}")
    page.locator(ANSWERS).first.wait_for(state="visible")
    page.wait_for_function("(t) => document.title === t", arg=words.t("The rules judge"))  # the tab too
    ruling = why_not(page, "Ben", move["curse"], card["curse_lose_a_level"], "Cleo")
    assert "curse.any" in ruling and sentence()[0] == lang, ruling
    ruling = why_not(page, "Cleo", move["go_up_a_level"], card["gold_pieces_1000"], "Ben")
    assert "level.win_by_kill" in ruling and sentence()[0] == lang, ruling
    assert "needs a kill" not in ruling and "10" in sentence()[1]
    page.locator(".munchkin-judge-ruling").scroll_into_view_if_needed()
    page.screenshot(path=str(folder / f"judge_{lang}_{size}_why_not.png"))

    page.goto(f"{judge_server.url}?position={encode(Position.from_data(tie))}&lang={lang}")
    page.locator(ANSWERS).first.wait_for(state="visible")
    assert "combat.ties" in page.locator(".munchkin-judge-fight").inner_text()
    ruling = why_not(page, "Ana", move["run_away"], words.why_card.options[0][0], nobody)
    assert sentence()[0] == lang and "cannot be done" not in ruling, ruling
    assert page.locator(".munchkin-judge-ruling [lang=en]").count() == 0
    for size in ("phone", "desktop"):
        page.set_viewport_size(SIZES[size])
        page.wait_for_timeout(500)  # the widgets' layout at this width
        page.locator(".munchkin-judge-fight").scroll_into_view_if_needed()
        page.screenshot(path=str(folder / f"judge_{lang}_{size}_tie.png"))
        assert overflow(page) <= 0, f"the page is wider than the {size}'s window"
    assert bad == [], bad
