"""The site's notebook pages, from the address they were opened with (``?game=5&event=100``).

Each function reads the page's query string with `AddressCheck`: a part it can use goes to the
page; a part it cannot (a game the store does not hold, a seed that is not a number, a language the
page does not speak) is said in a notice above the page, in the visit's language, naming the value
and what is allowed; the page then shows its default for that part. Never a silent substitute.
"""

from __future__ import annotations

import os
from pathlib import Path

import ipywidgets as widgets

from munchkin_nb.i18n import LANGUAGES, gettext
from munchkin_nb.site import AddressCheck, known_lang, page_url, site_text

from .address import address_notice
from .links import in_link, link

PLAY_DB_ENV = "MUNCHKIN_PLAY_DB"  # where the server keeps its guided games (munchkin_nb.hosting)
#: a guided game's seed: what the engine's random generator and the bots take (a signed 64-bit int)
SEED_MAX = 2**63 - 1


def visit_check(params: dict[str, str]) -> AddressCheck:
    """The check of an address, its notice in the language the address names (else English)."""
    return AddressCheck(params, known_lang(params.get("lang")) or "en")


def notices(check: AddressCheck) -> list[widgets.Widget]:
    """The notice of an address's parts the page could not use; none when all were used."""
    return [address_notice(check.problems)] if check.problems else []


def with_notice(check: AddressCheck, page: widgets.Widget) -> widgets.Widget:
    """The page, below its notice when the address had parts it could not use."""
    if not check.problems:
        return page
    box = widgets.VBox([address_notice(check.problems), page])
    box.layout.max_width = "100%"
    return box


def games_page(db: str | Path, params: dict[str, str]) -> widgets.Widget:
    """The games page over the store at `db`, built once, in the language and at the game and
    event the address names, below its heading and with the tab's title in that language;
    ``store=played``: the guided games played on this server ($MUNCHKIN_PLAY_DB) instead."""
    from .app_view import TITLE, AppView, games_heading

    check = visit_check(params)
    lang = check.language(LANGUAGES)
    played = os.environ.get(PLAY_DB_ENV)
    store = check.choice("store", ["played"] if played else [])
    app = AppView(played if played and store == "played" else db, lang)
    if store == "played":
        app.address.keep(store="played")  # a copied link, a reload: still the played games
    if "lang" in params:
        app.address.keep(lang=lang)  # a copied link keeps the page's language
    if lang != "en":
        app.address.title = gettext("games", lang)(TITLE)
    head = widgets.HTML(games_heading(lang))
    head.add_class("munchkin-games-heading")
    page = widgets.VBox([head, app.widget], layout=widgets.Layout(max_width="100%"))
    if app.picker is None:  # the store cannot be read: the page says so itself
        return with_notice(check, page)
    ids = [str(g["id"]) for g in app.store.games()] if app.store is not None else []
    game = check.choice("game", ids)
    wanted: dict[str, str] = {}
    if game is not None:
        wanted["game"] = game
        app.go_to(wanted)
    stepper = app.game_view.stepper if app.game_view is not None else None
    if stepper is not None:
        event = check.number("event", 1, stepper.last)
        if event is not None:
            stepper.go(event)
    return with_notice(check, page)


def course_page(course: object, params: dict[str, str]) -> widgets.Widget:
    """The course (a `Course`, built before the visitor came) at the lesson and in the language
    the address names."""
    from .course import COURSE_LANGUAGES, ORDER, Course

    assert isinstance(course, Course)
    check = visit_check(params)
    lang = check.language(COURSE_LANGUAGES)
    lesson = check.choice("lesson", list(ORDER))
    wanted = {"lang": lang} if "lang" in params else {}
    if lesson is not None:
        wanted["lesson"] = lesson
    course.go_to(wanted)
    return with_notice(check, course.widget)


def rules_page(explorer: object, params: dict[str, str]) -> widgets.Widget:
    """The rules explorer (built before the visitor came) at the search, ruleset, tab and
    language the address names."""
    from munchkin_nb.rules import RULES

    from .rules_explorer import ALL, RulesExplorer, real_rulesets

    assert isinstance(explorer, RulesExplorer)
    check = visit_check(params)
    wanted: dict[str, str] = {"lang": check.language(LANGUAGES)}
    if explorer.ruleset is not None:
        ruleset = check.choice("ruleset", [*real_rulesets(), ALL])
        if ruleset is not None:
            wanted["ruleset"] = ruleset
    tab = check.choice("tab", list(explorer.TABS[: len(explorer.tabs.children)]))
    if tab is not None:
        wanted["tab"] = tab
    if params.get("q"):
        wanted["q"] = params["q"]
    elif "rule" in params:
        rule = check.choice("rule", [r.id for r in RULES], most=5)
        if rule is not None:
            wanted["rule"] = rule
    explorer.go_to(wanted)
    if "card" in params:  # a card's view (?tab=cards&card=crabs): its neighbourhood and its rules
        explorer.tabs.selected_index = explorer.TABS.index("cards")  # -> open_cards
        explorer.open_cards()
        picker = explorer.cards.picker
        card = check.choice("card", [value for _, value in picker.options], most=5)
        if card is not None:
            picker.value = card
    return with_notice(check, explorer.widget)


def play_page(params: dict[str, str]) -> widgets.Widget:
    """A guided game with the players, seed and language the address names (else the host's)."""
    from .play import PLAY_LANGUAGES, GuidedGame

    check = visit_check(params)
    lang = check.language(PLAY_LANGUAGES)
    players = check.number("players", 3, 6) or int(os.environ.get("MUNCHKIN_PLAY_PLAYERS", "4"))
    seed = check.number("seed", 0, SEED_MAX)
    if seed is None:
        seed = int(os.environ.get("MUNCHKIN_PLAY_SEED", "1"))
    game = GuidedGame(players=players, seed=seed, lang=lang)
    from .address import PageAddress

    address = PageAddress()
    say = gettext("course", lang)  # the course's words: the guided game speaks its languages
    address.say(say("copy link"), say("link copied"), say("copy the link to this position"))
    address.show(players=players, seed=seed, lang=lang if "lang" in params else None)
    top = [address]
    if os.environ.get(PLAY_DB_ENV):  # the server's store of guided games: the games page reads it
        review = page_url("games", lang=in_link(lang), store="played", game=game.game_id)
        text = site_text(lang)("review your game in the stepper")
        top.append(widgets.HTML(link(review, text, "munchkin-review-link munchkin-button-link")))
    bar = widgets.HBox(
        top, layout=widgets.Layout(flex_flow="row wrap", align_items="center", max_width="100%")
    )
    return with_notice(check, widgets.VBox([bar, game.widget]))


def judge_page(params: dict[str, str]) -> widgets.Widget:
    """The judge in the visit's language, at the position the address holds (``?position=v1...``)."""
    from .judge_page import JudgePage

    check = visit_check(params)
    judge = JudgePage(check.language(LANGUAGES), position=params.get("position"))
    return with_notice(check, judge.widget)


def record_page(params: dict[str, str]) -> widgets.Widget:
    """The table recorder in the visit's language; ``?game=5&key=...``: continue that recording
    (the key is the recording's own, kept in its game's metadata)."""
    from .recorder_page import RecorderPage

    check = visit_check(params)
    lang = check.language(LANGUAGES)
    game = check.number("game", 1)
    page = RecorderPage(lang, game=game, key=params.get("key"))
    return with_notice(check, page.widget)
