"""The course page in chromium: the lesson map, a lesson completed through its checks with a wrong
and a right answer, "why not?", the progress kept in the browser across a reload (a new kernel),
and the Spanish page; taken at the phone's size (each screenshot at a desktop's window too), with no
console error and no outside request."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import PageWatch, at_both_sizes
from playwright.sync_api import expect

from munchkin_nb.widgets.course import ORDER

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = os.environ.get("MUNCHKIN_SHOTS")  # a folder: also save screenshots there
LINK = ".munchkin-course-lesson-link"
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(scope="module")
def course_server(start_app):
    # the kernels import this checkout's package, whichever one the venv has installed
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), old]))
    try:
        return start_app(notebook=ROOT / "notebooks" / "course.ipynb")
    finally:
        if old is None:
            os.environ.pop("PYTHONPATH")
        else:
            os.environ["PYTHONPATH"] = old


def _page(browser, size):
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    page.set_default_timeout(90_000)
    watch = PageWatch()
    watch.attach(page)
    return context, page, watch


def _shot(page, name):
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=False)


def _shots(page, name):
    """`name`_<size>: the page as it is, at the phone's size and in a desktop's window (when
    $MUNCHKIN_SHOTS names a folder); at the phone's size after."""
    at_both_sizes(page, lambda size: Path(SHOTS) / f"{name}_{size}.png" if SHOTS else None, fits=False)


def _click(page, selector, text=None):
    loc = page.locator(selector)
    if text is not None:
        loc = loc.filter(has_text=text)
    loc.first.click()


def test_a_lesson_through_its_checks_and_progress_after_reload(browser, course_server):
    """Taken at the phone's size; at its screenshots the page is widened to a desktop's too."""
    context, page, watch = _page(browser, "phone")
    page.goto(course_server.url)
    page.locator(LINK).nth(len(ORDER) - 1).wait_for(state="visible")
    assert page.locator(LINK).count() == len(ORDER)
    assert "new" in page.locator(LINK).first.inner_text()
    _shots(page, "course_map")
    page.locator(".munchkin-next-lesson").click()
    page.locator(".munchkin-lesson .munchkin-suggested").wait_for(state="visible")
    # why not? loot the room before the door: the engine's refusal, its rule and citation
    select = page.locator(".munchkin-why-not select")
    label = select.locator("option").filter(has_text="loot the room").first.inner_text()
    select.select_option(label=label)
    why = page.locator(".munchkin-why")
    why.wait_for(state="visible")
    assert "turn.loot_the_room" in why.inner_text()
    page.locator(".munchkin-suggested").click()  # kick open the door
    # the first check: Ana's strength is 2; answer 3 first (wrong), then the next check right
    page.locator(".munchkin-question").wait_for(state="visible")
    page.locator(".munchkin-answer").filter(has_text="3").first.click()
    wrong = page.locator(".munchkin-check.wrong")
    wrong.wait_for(state="visible")
    assert "combat.strength" in wrong.inner_text()
    _shots(page, "course_check")
    page.locator(".munchkin-continue").click()
    page.locator(".munchkin-answer").filter(has_text="the monsters").click()
    page.locator(".munchkin-check.right").wait_for(state="visible")
    page.locator(".munchkin-continue").click()
    # the scripted moves to the end, each suggested
    end = "The end of the lesson."
    for _ in range(20):
        page.wait_for_function(
            "end => document.querySelector('.munchkin-suggested') || document.body.innerText.includes(end)",
            arg=end,
        )
        if end in page.locator(".munchkin-lesson").inner_text():
            break
        before = page.locator(".munchkin-lesson-text").inner_text()
        page.locator(".munchkin-suggested").first.click()
        page.wait_for_function(
            "old => document.querySelector('.munchkin-lesson-text').innerText !== old", arg=before
        )
    assert end in page.locator(".munchkin-lesson").inner_text()
    first = page.locator(LINK).first
    page.wait_for_function("sel => document.querySelector(sel).innerText.includes('done')", arg=LINK)
    assert "1/2" in first.inner_text()
    # the page opened again is a new kernel: the progress comes back from the browser's storage
    # (a new tab of the same browser profile; a reload gets a 403 from Voila's kernel shutdown)
    page.close(run_before_unload=True)  # the tab closed: its kernel is shut down
    page = context.new_page()
    page.set_default_timeout(90_000)
    watch.attach(page)  # the new tab watched as the first
    page.goto(course_server.url)
    page.locator(LINK).first.wait_for(state="visible")
    page.wait_for_function("sel => document.querySelector(sel).innerText.includes('done')", arg=LINK)
    assert "1/2" in page.locator(LINK).first.inner_text()
    # the next lesson follows from the same progress; its button is another widget, which the
    # browser may draw after the map (ipywidgets orders messages per widget, not across widgets)
    expect(page.locator(".munchkin-next-lesson")).to_contain_text("Getting ready", timeout=30_000)
    watch.assert_clean()
    context.close()


def test_the_course_in_spanish(browser, course_server):
    context, page, watch = _page(browser, "desktop")
    page.goto(course_server.url)
    page.locator(LINK).first.wait_for(state="visible")
    page.locator(".munchkin-course-language select").select_option(label="Español")
    page.get_by_text("Aprende Munchkin").wait_for(state="visible")
    page.locator(LINK).first.click()
    page.get_by_text("¡Bienvenido a Munchkin!").wait_for(state="visible")
    assert "Glosario" in page.inner_text("body")
    _shot(page, "course_lesson_es")
    # the moves and the table speak Spanish too
    page.locator(".munchkin-lesson .munchkin-suggested").wait_for(state="visible")
    assert "Ana: abrir la puerta de una patada" in page.locator(".munchkin-suggested").inner_text()
    assert "nivel" in page.locator(".munchkin-lesson .munchkin-table").inner_text()
    watch.assert_clean()
    context.close()


def test_a_lesson_of_another_game_in_spanish(browser, course_server):
    context, page, watch = _page(browser, "phone")
    page.goto(course_server.url)
    page.locator(LINK).first.wait_for(state="visible")
    page.locator(".munchkin-course-language select").select_option(label="Español")
    page.get_by_text("Otros juegos y módulos").wait_for(state="visible")
    page.locator(f"{LINK}.lesson-id-what_changes_cthulhu").click()
    page.get_by_text("Munchkin Cthulhu se juega como").wait_for(state="visible")
    # the first check: which cards can Ben play or drop? the curse, not the Cultist
    page.locator(".munchkin-question").wait_for(state="visible")
    page.locator(".munchkin-answer").filter(has_text="¡Maldición! Pierde un Nivel").click()
    page.locator(".munchkin-check-answer").click()
    right = page.locator(".munchkin-check.right")
    right.wait_for(state="visible")
    assert "Sectario" in right.inner_text()
    right.scroll_into_view_if_needed()
    _shots(page, "course_cthulhu_es")
    page.locator(".munchkin-continue").click()
    suggested = page.locator(".munchkin-lesson .munchkin-suggested")
    suggested.wait_for(state="visible")
    assert "Ana: maldecir a Cleo" in suggested.inner_text()
    watch.assert_clean()
    context.close()
