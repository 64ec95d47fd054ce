"""The app page in chromium: it loads, lists the games, explains a bad database, stays local."""

from __future__ import annotations

import urllib.request

import pytest

pytestmark = pytest.mark.browser

GAMES = ".munchkin-games select"
ERROR = ".munchkin-error"


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=60) as response:
        return response.read().decode()


def test_page_html_names_no_cdn_and_shows_no_source(app_server):
    html = fetch(app_server.url)
    for host in ("cdn.jsdelivr.net", "cdnjs.cloudflare.com", "unpkg.com", "fonts.googleapis.com"):
        assert host not in html
    assert "load_games" not in html  # the code cell's source is stripped
    assert 'data-jp-theme-name="JupyterLab Light"' in html


@pytest.mark.parametrize("query", ["?template=classic", "?theme=dark", "?template=reveal&theme=dark"])
def test_url_cannot_override_template_or_theme(app_server, query):
    html = fetch(app_server.url + query)
    assert "font-awesome" not in html and "fontawesome-free" not in html  # classic and reveal link them
    assert 'data-jp-theme-name="JupyterLab Light"' in html


def test_app_lists_the_games(app_server, watched_page):
    page, watch = watched_page
    page.goto(app_server.url)
    dropdown = page.locator(GAMES)
    dropdown.wait_for(state="visible")
    assert dropdown.is_enabled()
    # ipywidgets writes the option labels with non-breaking spaces
    options = [text.replace("\xa0", " ") for text in dropdown.locator("option").all_inner_texts()]
    assert options == [
        "Game 1: Ann, Bob (classic, 31 turns, won by Ann)",
        "Game 2: Cy, Di, Ed (classic, 4 turns)",
    ]
    assert page.locator(ERROR).count() == 0
    watch.assert_clean()


def test_icon_font_comes_from_this_server(app_server, watched_page):
    """Voila's Font Awesome (bundled, no CDN) still draws icons such as ipywidgets' button icons."""
    page, watch = watched_page
    fonts = []
    page.on("response", lambda r: r.request.resource_type == "font" and fonts.append((r.status, r.url)))
    page.goto(app_server.url)
    page.locator(GAMES).wait_for(state="visible")
    family = page.evaluate(
        """async () => {
            const icon = document.createElement('i');
            icon.className = 'fa fa-check';
            document.body.appendChild(icon);
            await document.fonts.load('900 16px "Font Awesome 5 Free"');
            await document.fonts.ready;
            return getComputedStyle(icon).fontFamily;
        }"""
    )
    assert "Font Awesome 5 Free" in family
    assert page.evaluate("""() => document.fonts.check('900 16px "Font Awesome 5 Free"')""")
    assert fonts and all(status == 200 and url.startswith(app_server.url) for status, url in fonts), fonts
    watch.assert_clean()


@pytest.mark.parametrize(
    "name, content, expected",
    [
        ("missing.db", None, "does not exist"),
        ("garbage.db", b"this is not an SQLite file\n" * 40, "is not a readable SQLite database"),
        ("other.db", "sqlite-without-games", "not a Munchkin event store"),
    ],
)
def test_bad_database_shows_a_message(start_app, tmp_path, watched_page, name, content, expected):
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content == "sqlite-without-games":
        import sqlite3

        with sqlite3.connect(path) as conn:
            conn.execute("CREATE TABLE t (x)")
        conn.close()
    server = start_app(db=path)
    page, watch = watched_page
    page.goto(server.url)
    message = page.locator(ERROR)
    message.wait_for(state="visible")
    assert expected in message.inner_text()
    assert page.locator(GAMES).count() == 0
    body = page.locator("body").inner_text()
    for leak in ("Traceback", "DatabaseError", "ValueError", "Exception"):
        assert leak not in body
    watch.assert_clean()
