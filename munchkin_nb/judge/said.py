"""The engine's sentence of a ruling in a page's language: the template the engine made it from
(IllegalAction's `template`, English) looked up in the `refusals` gettext domain and filled in with
the same fields, a card by its name in that language, the move by its words, the moment by ours.

A sentence with no translation (a plug-in's, or one an f-string made) gives None: the page then
shows the rule's own words in its language and the engine's sentence as it is, marked English.
"""

from __future__ import annotations

from typing import Any

from babel.numbers import format_decimal

from munchkin_nb.engine import Action, GameState
from munchkin_nb.engine.core.actions import CardName
from munchkin_nb.i18n import catalogue, gettext
from munchkin_nb.scenarios.shapes import CARD_PARAMS, PLAYER_PARAMS
from munchkin_nb.viz.words import action_words, card_name

DOMAIN = "refusals"
BLANKS = dict.fromkeys((*CARD_PARAMS, *PLAYER_PARAMS), "…")


def _(message: str) -> str:
    """Mark a message for the `refusals` catalogue (translated where it is used)."""
    return message


#: the moment a refusal names (`context`'s kind of decision), as a reader says it
WHEN_WORDS = {
    "turn": _("their turn"),
    "combat": _("the last chance to play cards in the fight"),
    "help": _("a request for help"),
    "run": _("running away"),
    "escape": _("an escape"),
    "setup": _("setting up"),
    "over": _("the game is over"),
    "pending": _("a choice to make"),
}


def translated(template: str, lang: str) -> str | None:
    """The translation of an engine sentence's template in `lang`, None when there is none."""
    cat = catalogue(DOMAIN, lang)
    found = cat.get(template) if cat is not None and template else None
    if found is None or found.fuzzy or not isinstance(found.string, str) or not found.string:
        return None
    return found.string


def sentence_in(
    template: str, fields: dict[str, Any], action: Action, state: GameState | None, lang: str
) -> str | None:
    """The sentence `template` and `fields` make, in `lang` (English: the engine's, its cards by name);
    None when the template has no translation there."""
    if lang == "en":  # the engine's words, its cards by name
        return (
            template.format(**{k: _card(v, state, lang) for k, v in fields.items()}) if fields else template
        )
    text = translated(template, lang)
    if text is None:
        return None
    t = gettext(DOMAIN, lang)
    shown: dict[str, Any] = {}
    for key, val in fields.items():
        if isinstance(val, CardName):
            shown[key] = _card(val, state, lang)
        elif key == "move":  # the move as the page's menu names it, what it leaves unnamed as "…"
            named = Action(action.name, action.player, {**BLANKS, **action.params})
            shown[key] = action_words(named, state, with_player=False, lang=lang)
        elif key == "when":
            shown[key] = t(WHEN_WORDS.get(str(val).split(":")[0], str(val)))
        else:
            shown[key] = _number(val, lang)
    return text.format(**shown)


def _card(val: Any, state: GameState | None, lang: str) -> Any:
    """A card field by the card's name in `lang`; a number as `lang` writes it; anything else as it is."""
    if isinstance(val, CardName):
        return card_name(state, val.cid, lang) if state is not None else val.cid
    return _number(val, lang)


def _number(val: Any, lang: str) -> Any:
    """A number as `lang` writes it (1,000; 1.000; 1 000); anything else as it is."""
    if isinstance(val, int) and not isinstance(val, bool):
        return format_decimal(val, locale=lang)
    return val
