"""Links between the site's pages, as HTML for the widgets that show rules, cards and games.

- a rule (explorer, stepper) -> the lessons that teach it (course) and recorded events that cite it
  (the games page at that event);
- a lesson -> the rules it teaches (explorer);
- a card (statistics) -> its card view (explorer) and its rules;
- a game (statistics, analyser) -> the games page at that game.

Every address comes from `munchkin_nb.site.page_url`, with the page's language in it (but English:
`in_link`).
"""

from __future__ import annotations

import os
import sqlite3
from functools import lru_cache
from html import escape
from pathlib import Path

from munchkin_nb.rules import BASE_GAME
from munchkin_nb.site import page_url, site_text

EVENTS_PER_RULE = 3  # the events a rule links to: its first use in each of the first games citing it
DB_ENV = "MUNCHKIN_DB"  # as munchkin_nb.app (not imported: it would start the launcher's imports)


def in_link(lang: str) -> str | None:
    """The language a link names: none for English, the language of every page not yet translated,
    so that such a page's links keep the visit's language (the server adds it from its cookie)."""
    return None if lang == "en" else lang


def link(href: str, text: str, cls: str = "") -> str:
    """An anchor to another page of the site, in the same tab (class `munchkin-link`, and `cls`)."""
    classes = f"munchkin-link {cls}".strip()
    return f"<a class='{classes}' href='{escape(href)}' target='_top'>{escape(text)}</a>"


@lru_cache(maxsize=1)
def lessons_by_rule() -> dict[str, tuple[str, ...]]:
    """{rule id: stems of the course's lessons that teach it}, in the course's order."""
    from munchkin_nb.scenarios import load_scenario

    from .course import ORDER, lesson_path

    found: dict[str, list[str]] = {}
    for stem in ORDER:
        for rule in load_scenario(lesson_path(stem)).rules:
            found.setdefault(rule, []).append(stem)
    return {rule: tuple(stems) for rule, stems in found.items()}


@lru_cache(maxsize=1)
def lesson_titles() -> dict[str, str]:
    """{lesson stem: its title in English} (the course's catalogue translates it)."""
    from munchkin_nb.scenarios import load_scenario

    from .course import ORDER, lesson_path

    return {stem: load_scenario(lesson_path(stem)).name for stem in ORDER}


@lru_cache(maxsize=4)
def events_by_rule(db: str) -> dict[str, tuple[tuple[int, int], ...]]:
    """{rule id: (game, event) where it was first applied, in each of its first games} of the store
    at `db` (read only; {} when it cannot be read)."""
    if not Path(db).is_file():
        return {}
    found: dict[str, list[tuple[int, int]]] = {}
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
            rows = conn.execute(
                "SELECT j.value, e.game_id, MIN(e.seq) FROM events e, json_each(e.rules) j "
                "GROUP BY j.value, e.game_id ORDER BY e.game_id"
            ).fetchall()
    except sqlite3.Error:
        return {}
    for rule, game, seq in rows:
        places = found.setdefault(str(rule), [])
        if len(places) < EVENTS_PER_RULE:
            places.append((int(game), int(seq)))
    return {rule: tuple(places) for rule, places in found.items()}


def store_db() -> str:
    """The event store the games page shows ($MUNCHKIN_DB, else the repository's sample)."""
    from munchkin_nb.app import DEFAULT_DB, REPO_ROOT

    return os.environ.get(DB_ENV) or str(REPO_ROOT / DEFAULT_DB)


def rule_links_html(rule_id: str, lang: str = "en") -> str:
    """Under a rule: the lessons that teach it and the recorded events that cite it (none: empty)."""
    from munchkin_nb.i18n import gettext

    t = site_text(lang)
    course = gettext("course", lang)
    parts = []
    stems = lessons_by_rule().get(rule_id, ())
    if stems:
        titles = lesson_titles()
        lessons = ", ".join(
            link(page_url("course", lang=in_link(lang), lesson=s), course(titles[s]), "munchkin-rule-lesson")
            for s in stems
        )
        parts.append(f"{escape(t('lessons that teach it'))}: {lessons}")
    places = events_by_rule(store_db()).get(rule_id, ())
    if places:
        events = ", ".join(
            link(
                page_url("games", lang=in_link(lang), game=g, event=e),
                t("game {game}, event {event}").format(game=g, event=e),
                "munchkin-rule-event",
            )
            for g, e in places
        )
        parts.append(f"{escape(t('events that cite it'))}: {events}")
    if not parts:
        return ""
    return "<div class='munchkin-rule-links'>" + " · ".join(parts) + "</div>"


def lesson_rules_html(rules: list[str] | tuple[str, ...], lang: str = "en") -> str:
    """Under a lesson: the rules it teaches, each a link to the rules explorer."""
    if not rules:
        return ""
    t = site_text(lang)
    items = ", ".join(
        link(page_url("rules", lang=in_link(lang), rule=r), r, "munchkin-lesson-rule") for r in rules
    )
    return f"<div class='munchkin-lesson-rules'>{escape(t('the rules this lesson teaches'))}: {items}</div>"


def rule_link(rule_id: str, lang: str = "en") -> str:
    """A rule's id as a link to it in the rules explorer."""
    return link(page_url("rules", lang=in_link(lang), rule=rule_id), rule_id, "munchkin-rule-link")


def card_link(card: str, lang: str = "en", text: str | None = None) -> str:
    """A card's name (`text`, else its id) as a link to its view in the rules explorer."""
    href = page_url("rules", lang=in_link(lang), tab="cards", card=card)
    return link(href, text or card, "munchkin-card-link")


@lru_cache(maxsize=8)
def cards_with_a_view(card_set: str = BASE_GAME) -> frozenset[str]:
    """The cards the rules explorer's card view can show (those of `card_set` with a neighbourhood):
    a card_link to any other card would land on the view's default card."""
    from munchkin_nb.cards import load_set
    from munchkin_nb.viz.graphs import neighbourhood

    cards = load_set(card_set)
    return frozenset(c.id for c in cards.cards.values() if any(neighbourhood(cards, c.id).values()))


def game_link(game: int, lang: str = "en", event: int | None = None) -> str:
    """A link to the games page's stepper at `game` (and `event`)."""
    text = site_text(lang)("step through this game")
    return link(page_url("games", lang=in_link(lang), game=game, event=event), text, "munchkin-game-link")
