"""The app page in chromium, over a real event store (bot games played by the engine, see
conftest.sample_db): it loads and lists the games, steps through a game with the table the
store computes, draws a combat's waterfall and, when asked, the interaction graph, explains a bad
database, shows no console error and asks nothing of another host (an illegal replay: the
stepper's own test, tests/test_stepper_navigation.py).

The expected tables are computed here, independently of the page, with
``EventStore(db).state_at(game_id, seq)`` for the seq that the stepper says it shows.
"""

from __future__ import annotations

import re
import urllib.request
from urllib.parse import urlsplit

import pytest

from munchkin_nb.store import EventStore

pytestmark = pytest.mark.browser

PICKER = ".munchkin-game-picker select"
NEXT = ".munchkin-next:not([disabled])"
TABLE = ".munchkin-table-box table.munchkin-table"
EVENT = ".munchkin-stepper .munchkin-event b"
TURN = ".munchkin-turn input"
ERROR = ".munchkin-error"
COMBAT_PLOT = ".munchkin-combat-figure .js-plotly-plot"
GRAPH_PLOT = ".munchkin-graph-figure .js-plotly-plot"
SHOW_GRAPH = ".munchkin-show-graph"
LEAKS = ("Traceback", "DatabaseError", "ValueError", "KeyError", "Exception")


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=60) as response:
        return response.read().decode()


def open_app(page, server):
    page.goto(server.url)
    page.locator(NEXT).wait_for(state="visible")


def shown_seq(page) -> int:
    """The seq the stepper says it shows ("Event 5 of 1382")."""
    text = page.locator(EVENT).first.inner_text()
    match = re.match(r"Event (\d+) of (\d+)", text.replace("\xa0", " "))
    assert match, text
    return int(match.group(1))


def wait_for_seq(page, seq: int) -> None:
    page.locator(EVENT).filter(has_text=re.compile(rf"^Event {seq} of ")).wait_for(state="visible")


def table_rows(page) -> dict[str, dict[str, str]]:
    """{player: {column: text}} of the table the page shows, and which cells are `changed`."""
    return page.locator(TABLE).evaluate(
        """table => Object.fromEntries([...table.querySelectorAll('tr')].filter(r => r.querySelector('td'))
            .map(r => {
                const cells = Object.fromEntries([...r.querySelectorAll('td')].map(td => [td.classList[0],
                    td.innerText.trim()]));
                cells.changed = [...r.querySelectorAll('td.changed')].map(td => td.classList[0]).join(' ');
                return [cells.player.replace(' †', ''), cells];
            }))"""
    )


def assert_table_is(page, state, before) -> None:
    rows = table_rows(page)
    assert list(rows) == [p.name for p in state.players]
    for p in state.players:
        row = rows[p.name]
        assert row["level"] == str(p.level), (p.name, row)
        assert row["hand"] == str(len(p.hand)), (p.name, row)
        old = next(q for q in before.players if q.name == p.name)
        assert ("hand" in row["changed"].split()) == (len(old.hand) != len(p.hand)), (p.name, row)
        assert ("level" in row["changed"].split()) == (old.level != p.level), (p.name, row)


def assert_no_leak(page) -> None:
    body = page.locator("body").inner_text()
    for leak in LEAKS:
        assert leak not in body


@pytest.fixture(scope="module")
def store(sample_db):
    with EventStore(str(sample_db)) as s:
        yield s


# each request of a page starts its kernel, which then waits for a visitor that never comes:
# two requests cover both templates and the theme
@pytest.mark.parametrize("query", ["?template=classic&theme=dark", "?template=reveal"])
def test_url_cannot_override_template_or_theme(app_server, query):
    html = fetch(app_server.url + query)
    assert "font-awesome" not in html and "fontawesome-free" not in html  # classic and reveal link them
    assert 'data-jp-theme-name="JupyterLab Light"' in html


def test_the_games_page_lists_the_games_steps_through_one_and_draws_icons(app_server, watched_page, store):
    """One page load: its HTML names no CDN and shows no source; the picker lists the store's
    games; each click of next shows the state the store computes for the new seq, the hand that a
    card was dealt into marked changed; Voila's Font Awesome (bundled, no CDN) still draws icons
    such as ipywidgets' button icons."""
    page, watch = watched_page
    fonts = []
    page.on("response", lambda r: r.request.resource_type == "font" and fonts.append((r.status, r.url)))
    response = page.goto(app_server.url)
    assert response is not None
    html = response.text()
    for host in ("cdn.jsdelivr.net", "cdnjs.cloudflare.com", "unpkg.com", "fonts.googleapis.com"):
        assert host not in html
    assert "app_view" not in html and "MUNCHKIN_DB" not in html  # the code cell's source is stripped
    assert 'data-jp-theme-name="JupyterLab Light"' in html
    page.locator(NEXT).wait_for(state="visible")
    # the games of the store
    picker = page.locator(PICKER)
    assert picker.is_enabled()
    # ipywidgets writes the option labels with non-breaking spaces
    options = [text.replace("\xa0", " ") for text in picker.locator("option").all_inner_texts()]
    games = store.games()
    assert len(options) == len(games) == 3
    for option, game in zip(options, games, strict=True):
        assert option.startswith(
            f"Game {game['id']}: {', '.join(game['players'])} (simulated; classic; {game['turns']} turns"
        )
        assert option.endswith(f"won by {', '.join(game['winners'])})")
    assert shown_seq(page) == 1
    assert page.locator(ERROR).count() == 0

    # next, three times: the tables the store computes
    game_id = games[0]["id"]
    assert_table_is(page, store.state_at(game_id, 1), store.state_at(game_id, 1))
    for _ in range(3):  # 1 -> 4: shuffles, then the first card dealt
        before = shown_seq(page)
        page.locator(NEXT).click()
        wait_for_seq(page, before + 1)
        seq = shown_seq(page)
        assert seq == before + 1
        assert_table_is(page, store.state_at(game_id, seq), store.state_at(game_id, seq - 1))
    after, previous = store.state_at(game_id, seq), store.state_at(game_id, seq - 1)
    pairs = zip(after.players, previous.players, strict=True)
    dealt = [p.name for p, q in pairs if len(p.hand) != len(q.hand)]
    assert dealt, "the test expects event 4 to deal a card"
    assert page.locator(f"{TABLE} td.changed").count() >= len(dealt)
    assert page.locator(ERROR).count() == 0

    # an icon of Font Awesome, from this server
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
    origin = "{0.scheme}://{0.netloc}/".format(urlsplit(app_server.url))  # the page may be at /games
    assert fonts and all(status == 200 and url.startswith(origin) for status, url in fonts), fonts
    watch.assert_clean()


def first_combat(store, game_id: int) -> tuple[int, int, int]:
    """(seq of an event inside a combat, its turn, seq of that turn's first event): the combat
    reached with the fewest clicks of next after a jump to its turn."""
    events = store.events(game_id)
    first_of_turn: dict[int, int] = {}
    for seq, event in enumerate(events, start=1):
        first_of_turn.setdefault(event.turn, seq)
    best = None
    for seq, event in enumerate(events, start=1):
        if event.turn < 1 or seq - first_of_turn[event.turn] > 12:
            continue
        if store.state_at(game_id, seq).combat is not None:
            candidate = (seq - first_of_turn[event.turn], seq, event.turn)
            best = min(best or candidate, candidate)
            if best[0] <= 6:
                break
    assert best, "no combat near the start of a turn in the sample game"
    _, seq, turn = best
    return seq, turn, first_of_turn[turn]


def test_stepping_into_a_combat_draws_its_waterfall_and_the_graph(app_server, watched_page, store):
    page, watch = watched_page
    open_app(page, app_server)
    game_id = store.games()[0]["id"]
    seq, turn, start = first_combat(store, game_id)
    page.locator(TURN).fill(str(turn))
    page.locator(TURN).press("Enter")
    wait_for_seq(page, start)
    for n in range(start + 1, seq + 1):
        page.locator(NEXT).click()
        wait_for_seq(page, n)
    state = store.state_at(game_id, seq)
    assert state.combat is not None
    assert_table_is(page, state, store.state_at(game_id, seq - 1))
    # the waterfall of the combat: a drawn plotly waterfall trace, and the sides in words
    page.locator(f"{COMBAT_PLOT} .main-svg .trace").first.wait_for(state="visible")
    trace_types = page.locator(COMBAT_PLOT).evaluate("el => el.data.map(t => t.type)")
    assert "waterfall" in trace_types
    summary = page.locator(".munchkin-combat-summary").inner_text()
    assert state.combat.fighter in summary and "margin" in summary
    # the interaction graph of the game, drawn when asked for (none before)
    assert page.locator(GRAPH_PLOT).count() == 0
    page.locator(SHOW_GRAPH).click()
    page.locator(f"{GRAPH_PLOT} .main-svg .trace").first.wait_for(state="visible")
    assert not page.locator(SHOW_GRAPH).is_visible()
    assert page.locator(GRAPH_PLOT).evaluate("el => el.data.length") > 0
    assert page.locator(ERROR).count() == 0
    assert_no_leak(page)
    watch.assert_clean()


def test_bad_database_shows_a_message(start_app, tmp_path, watched_page):
    """The games page of a site on a store that is no SQLite file says what is wrong, shows no
    game (none simulated as if they were the file), and the file is left byte for byte as it
    was. The replay analyser on that store, a missing store and an SQLite file that is no event
    store are said by the pages' builders (tests/test_bad_store_pages.py); a replay the engine
    refuses, by the stepper (tests/test_stepper_navigation.py)."""
    path = tmp_path / "garbage.db"
    path.write_bytes(b"this is not an SQLite file\n" * 40)
    before = path.read_bytes()
    server = start_app(db=path)
    page, watch = watched_page
    page.goto(server.url)
    message = page.locator(ERROR)
    message.wait_for(state="visible")
    assert "is not a readable SQLite database" in message.inner_text()
    assert page.locator(PICKER).count() == 0
    body = page.locator("body").inner_text()
    assert "games in" not in body and "Traceback" not in body and "There was an error" not in body
    assert_no_leak(page)
    assert path.read_bytes() == before
    watch.assert_clean()
