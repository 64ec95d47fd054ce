"""Events in plain words: one sentence for any event, given the state just before it.

English is the source; `describe(..., lang="es")` and `action_words(..., lang="es")` tell the same
in another language from the gettext domain `words` (munchkin_nb/locale/<lang>/LC_MESSAGES/words.po),
with card names from the rulebooks of that language where they name them. A sentence is a template
with named fields ("{player} passed"), so that a translation may put the words in its own order.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

from munchkin_nb.engine.core.events import Event
from munchkin_nb.rules import BASE_GAME
from munchkin_nb.rules.registry import PLUGINS

# the language being told: set for the length of one describe/action_words call
from .move_words import ACTION_VARIANTS, ACTION_WORDS, MOVE_VARIANTS, MOVE_WORDS

_LANG: ContextVar[str] = ContextVar("munchkin_words_lang", default="en")


def _(message: str) -> str:
    """`message` (an English template) in the language being told; English when untranslated."""
    lang = _LANG.get()
    if lang == "en":
        return message
    from munchkin_nb.i18n import gettext

    return gettext("words", lang)(message)


def _as_move(message: str) -> str:
    """A move's words as a thing to do (msgctxt "move": the imperative of MOVE_WORDS)."""
    lang = _LANG.get()
    if lang == "en":
        return message
    from munchkin_nb.i18n import pgettext

    return pgettext("words", lang)("move", message)


def _f(message: str, **fields: object) -> str:
    """A template, translated, with its fields filled in."""
    return _(message).format(**fields)


@contextmanager
def telling(lang: str | None) -> Iterator[None]:
    """Tell in `lang` within the block (None: keep the language already being told)."""
    if lang is None:
        yield
        return
    token = _LANG.set(lang)
    try:
        yield
    finally:
        _LANG.reset(token)


def card_name(source: Any, cid: str | None, lang: str | None = None) -> str:
    """A card's printed name from a GameState, a CardSet or a card-set name; the id if unknown.
    In another language, the name that language's rulebook gives the card, where it gives one."""
    with telling(lang):
        return _card_name(source, cid)


def _card_name(source: Any, cid: str | None) -> str:
    if not cid:
        return _("a card")
    if cid in (getattr(source, "unknown", None) or ()):  # a table's recording: its stand-in
        return _("a card not shown")
    try:
        if hasattr(source, "card_of"):
            name: str = source.card_of(cid).name  # a GameState or a CardSet
        else:
            set_name = (
                getattr(source, "card_set", None)
                or (source if isinstance(source, str) else None)
                or BASE_GAME
            )
            from munchkin_nb.engine.core.cards import card_set

            name = card_set(set_name).card_of(cid).name
    except (KeyError, ValueError, OSError, TypeError):
        name = cid.split("#")[0].replace("_", " ").title()
    lang = _LANG.get()
    if lang == "en":
        return name
    return _named_in(cid.split("#")[0], lang, name)


def _named_in(cid: str, lang: str, english: str) -> str:
    """A card's name in `lang`: the one that language's rulebook gives it, else ours (gettext domain
    `cards`, the names the lessons' prose uses too), else the English name."""
    from munchkin_nb.i18n import gettext
    from munchkin_nb.rules.i18n import card_name as named_in

    return named_in(cid, lang, "") or gettext("cards", lang)(english)


@lru_cache(maxsize=1)
def _names_everywhere() -> dict[str, str]:
    """{card id: English name} over every card file, the base game's first (an id in two sets is
    named by the first)."""
    from munchkin_nb.cards.load import CARDS_DIR, load_set
    from munchkin_nb.rules.registry import folders

    # the base game's sets in cards/, each plug-in's in its own folder
    files = [*CARDS_DIR.glob("*.yaml"), *(d / "cards.yaml" for d in folders().values())]
    names: dict[str, str] = {}
    for path in sorted((f for f in files if f.is_file()), key=lambda p: (p.parent != CARDS_DIR, str(p))):
        for cid, c in load_set(path).cards.items():
            names.setdefault(cid, c.name)
    return names


def any_card_name(cid: str, lang: str | None = None) -> str:
    """The name of a card id of any card set (a corpus mixes rulesets), in `lang` where a rulebook
    of that language names it; the id in words if no set has it."""
    english = _names_everywhere().get(cid.split("#")[0])
    if english is None:
        return cid.split("#")[0].replace("_", " ").title()
    with telling(lang):
        told = _LANG.get()
        return english if told == "en" else _named_in(cid.split("#")[0], told, english)


def monster_words(state: Any, cid: str | None) -> str:
    """'Crabs (level 1)' for a monster card."""
    name = _card_name(state, cid)
    level: int | None = None
    if cid is not None:  # no card, no level
        try:
            from munchkin_nb.engine.core.cards import card

            level = card(state, cid).level
        except Exception:
            level = None
    return _f("{name} (level {level})", name=name, level=level) if level is not None else name


def _listed(items: list[str]) -> str:
    if len(items) == 1:
        return items[0]
    return _f("{some} and {last}", some=", ".join(items[:-1]), last=items[-1])


def _names(state: Any, cids: Iterable[str] | None) -> str:
    names = [_card_name(state, c) for c in cids or ()]
    return _listed(names) if names else _("nothing")


def _people(names: Iterable[object] | None) -> str:
    people = [str(n) for n in names or ()]
    return _listed(people) if people else _("nobody")


# the counted words, singular and plural, for _plural
_COUNTED = {
    "card": ("{n} card", "{n} cards"),
    "level": ("{n} level", "{n} levels"),
    "treasure": ("{n} treasure", "{n} treasures"),
}


def _plural(n: int, word: str) -> str:
    one, many = _COUNTED[word]
    lang = _LANG.get()
    if lang == "en":
        return (one if abs(n) == 1 else many).format(n=n)
    from munchkin_nb.i18n import ngettext

    return ngettext("words", lang)(one, many, n).format(n=n)


# engine words that carry a name or numbers, told as templates ("lost to Crabs")
_WORD_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"run away from (?P<what>.+)"), "run away from {what}"),
    (re.compile(r"run away again \((?P<what>.+)\)"), "run away again ({what})"),
    (re.compile(r"lost to (?P<what>.+)"), "lost to {what}"),
    (re.compile(r"rolled (?P<roll>-?\d+), total (?P<total>-?\d+)"), "rolled {roll}, total {total}"),
    (re.compile(r"stolen by (?P<what>.+)"), "stolen by {what}"),
    (re.compile(r"bad stuff of (?P<what>.+)"), "bad stuff of {what}"),
    (re.compile(r"changed by (?P<what>.+)"), "changed by {what}"),
    (re.compile(r"cancelled with (?P<what>.+)"), "cancelled with {what}"),
    (re.compile(r"(?P<what>.+) left play"), "{what} left play"),
)


def _pattern(template: str) -> re.Pattern[str]:
    """The engine words a template matches: its text as is, each `{field}` any name ("entered {what}")."""
    parts = re.split(r"\{(\w+)\}", template)
    return re.compile("".join(re.escape(t) if i % 2 == 0 else f"(?P<{t}>.+)" for i, t in enumerate(parts)))


# the plug-ins' own engine words (a card entered or left, an item that went with a companion)
_WORD_PATTERNS += tuple((_pattern(t), t) for p in PLUGINS.values() for t in p.phrases.engine_words)


def _said(text: object, spaced: bool = False) -> str:
    """An engine's word (a reason, a phase, a deck) in the language being told; `spaced`: '_' as
    spaces first. Words a catalogue does not know stay as the engine wrote them."""
    word = str(text).replace("_", " ") if spaced else str(text)
    if not word or _LANG.get() == "en":
        return word
    told = _(word)
    if told != word:
        return told
    for pattern, template in _WORD_PATTERNS:
        m = pattern.fullmatch(word)
        if m:
            return _f(template, **{k: _(v) for k, v in m.groupdict().items()})
    return word


# -- decisions (ActionTaken): their words are data of their own (move_words.py) ----


class _Params(dict[str, Any]):
    """Format parameters: card ids become names, a missing one becomes 'it'."""

    def __init__(self, state: Any, params: dict[str, Any]) -> None:
        super().__init__(params)
        self.state = state

    def __missing__(self, key: str) -> str:
        return _("it") if key != "side" else _("players")

    def __getitem__(self, key: str) -> str:
        if key not in self:
            return self.__missing__(key)
        val = dict.__getitem__(self, key)
        if key in (
            "card",
            "monster",
            "item",
            "new_monster",
            "pick",
            "mine",
            "theirs",
            "on",
            "onto",
            "cheat",
        ) or (key == "discard" and isinstance(val, str)):
            return _card_name(self.state, val)
        if key in ("cards", "discard", "items", "give", "take") and isinstance(val, list):
            return _names(self.state, val)
        if key in ("side", "source"):
            return _(str(val))
        return str(val)


def action_words(action: Any, state: Any = None, with_player: bool = True, lang: str | None = None) -> str:
    """'Ana chose to kick open the door' for an Action (or its dict); without the player, the move
    as a thing to do: 'Kick open the door'. In `lang` if given."""
    with telling(lang):
        d = action.to_dict() if hasattr(action, "to_dict") else dict(action)
        name, player, params = d.get("name", "?"), d.get("player", "someone"), d.get("params") or {}
        # told of someone in the past ("Ana kicked open the door"); on its own, as a thing to do
        words, variants = (ACTION_WORDS, ACTION_VARIANTS) if with_player else (MOVE_WORDS, MOVE_VARIANTS)
        variant = next((variants[name, k] for k in params if (name, k) in variants), None)
        text = variant or words.get(name, name.replace("_", " "))
        text = _(text) if with_player else _as_move(text)
        phrase = text.format_map(_Params(state, params))
        if with_player:
            return _f("{player} {phrase}", player=player, phrase=phrase)
        return phrase[0].upper() + phrase[1:]


def _interjection(e: Any, state: Any) -> str:
    """', out of turn while Ana was deciding' for an interjection; '' for the decider's own move."""
    if not e.payload.get("out_of_turn"):
        return ""
    decider = None
    if state is not None and getattr(state, "players", None):
        from munchkin_nb.engine.legal import context

        decider = context(state)[0]
    return (
        _f(", out of turn while {decider} was deciding", decider=decider) if decider else _(", out of turn")
    )


# -- events ----------------------------------------------------------------------
def _combat_fighter(state: Any) -> str:
    c = getattr(state, "combat", None)
    return c.fighter if c else _("the fighter")


def _game_started(e: Event, s: Any) -> str:
    p = e.payload
    names = [x["name"] if isinstance(x, dict) else str(x) for x in p.get("players", [])]
    return _f(
        "A game of {ruleset} began for {people}.", ruleset=p.get("ruleset", "Munchkin"), people=_people(names)
    )


def _deck_shuffled(e: Event, s: Any) -> str:
    p = e.payload
    cards = _plural(len(p.get("order", [])), "card")
    if p.get("from_discards"):
        return _f(
            "The {deck} deck was shuffled from its discards ({cards}).", deck=_said(p["deck"]), cards=cards
        )
    return _f("The {deck} deck was shuffled ({cards}).", deck=_said(p["deck"]), cards=cards)


def _position_set(e: Event, s: Any) -> str:
    return _f("The table was laid out; it is {player}'s turn.", player=e.payload["turn_of"])


def _die_rolled(e: Event, s: Any) -> str:
    p = e.payload
    who = p.get("player") or _("Someone")
    purpose = _said(p["purpose"]) if p.get("purpose") else _("a roll")
    return _f("{player} rolled a {result} ({purpose}).", player=who, result=p["result"], purpose=purpose)


def _card_drawn(e: Event, s: Any) -> str:
    p = e.payload
    reason = p.get("reason")
    if reason == "kick" or (
        p.get("face") == "up" and p.get("deck") == "door" and reason in (None, "kick_door")
    ):
        return _kick(p["player"], p["card"], s)
    # a card drawn by nobody goes to the table (a module's: a card dealt face up at the start)
    fields = {
        "player": p["player"] or _("The table"),
        "deck": _said(p["deck"]),
        "card": _card_name(s, p["card"]),
    }
    if p.get("to") == "table":
        if p["player"]:
            return _f("{player} put a {deck} card onto the table: {card}.", **fields)
        return _f("A {deck} card was turned onto the table: {card}.", **fields)
    up = p.get("face") == "up"
    if reason:
        fields["reason"] = _said(reason, spaced=True)
        if up:
            return _f("{player} drew a {deck} card face up ({reason}): {card}.", **fields)
        return _f("{player} drew a {deck} card face down ({reason}): {card}.", **fields)
    if up:
        return _f("{player} drew a {deck} card face up: {card}.", **fields)
    return _f("{player} drew a {deck} card face down: {card}.", **fields)


def _kick(player: str, cid: str, s: Any) -> str:
    try:
        from munchkin_nb.engine.core.cards import card

        kind = card(s, cid).kind
    except Exception:
        kind = None
    found = monster_words(s, cid) if kind == "monster" else _card_name(s, cid)
    return _f("{player} kicked open the door and found {found}.", player=player, found=found)


def _rule_title(rule_id: str) -> str:
    """A rule's title in the language being told (its id when the catalogue has no such rule)."""
    from munchkin_nb.rules import rule
    from munchkin_nb.rules.i18n import wording

    try:
        return wording(rule(rule_id), _LANG.get()).title
    except KeyError:
        return rule_id


def _stand_in_swapped(e: Event, s: Any) -> str:
    p = e.payload
    card = _card_name(s.card_set, p["card"])  # by the set: it may be a stand-in for another card
    if p["reason"] == "named":
        return _f("{player} showed a card not shown so far: {card}.", player=p["player"], card=card)
    return _f("{card} came up: the card not shown that stood for it is another one.", card=card)


def _card_discarded(e: Event, s: Any) -> str:
    p = e.payload
    who = p.get("player") or _("The table")
    reason = f" ({_said(p['reason'])})" if p.get("reason") else ""
    return _f("{player} discarded {card}", player=who, card=_card_name(s, p["card"])) + reason + "."


def _card_given(e: Event, s: Any) -> str:
    p = e.payload
    fields = {"card": _card_name(s, p["card"]), "to": p["to_player"], "player": p["from_player"]}
    if p.get("reason") == "loot the body":
        return _f("{to} looted {card} from {player}'s body.", **fields)
    reason = _said(p["reason"]) if p.get("reason") else _("a gift")
    return _f("{player} gave {card} to {to} ({reason}).", reason=reason, **fields)


_INTO = {
    "equipped": "equipped it",
    "carried": "carried it",
    "races": "took the race",
    "classes": "took the class",
    "table": "face up on the table",
}


def _card_played(e: Event, s: Any) -> str:
    p = e.payload
    where = p.get("into", "")
    into = _(_INTO[where]) if where in _INTO else _f("into {zone}", zone=_said(p.get("into")))
    return _f(
        "{player} played {card} ({into}).",
        player=p["player"] or _("The table"),
        card=_card_name(s, p["card"]),
        into=into,
    )


def _combat_started(e: Event, s: Any) -> str:
    p = e.payload
    fields = {"player": p["player"], "monster": monster_words(s, p["monster"])}
    if p.get("from_door", True):
        return _f("{player} kicked open the door and found {monster}: a fight!", **fields)
    return _f("{player} went looking for trouble with {monster}.", **fields)


def _level_changed(e: Event, s: Any) -> str:
    p = e.payload
    fields = {
        "player": p["player"],
        "levels": _plural(abs(p["delta"]), "level"),
        "level": p["level"],
        "reason": _said(p.get("reason", "")),
    }
    if p["delta"] > 0:
        return _f("{player} went up {levels} to level {level} ({reason}).", **fields)
    return _f("{player} went down {levels} to level {level} ({reason}).", **fields)


def _combat_won(e: Event, s: Any) -> str:
    p = e.payload
    who = _combat_fighter(s)
    helper = p.get("helper")
    side = _f("{some} and {last}", some=who, last=helper) if helper else who
    return _f(
        "{side} beat {monsters}: {player} gains {levels} and {treasures}.",
        side=side,
        monsters=_names(s, p["monsters"]),
        player=who,
        levels=_plural(p["levels"], "level"),
        treasures=_plural(p["treasures"], "treasure"),
    )


def _combat_lost(e: Event, s: Any) -> str:
    p = e.payload
    runners = _people(sorted({r[0] for r in p.get("to_run", [])}))
    score = ""
    if "players" in p and "monsters_strength" in p:
        score = " " + _f(
            "({players} against {monsters})", players=p["players"], monsters=p["monsters_strength"]
        )
    return _f(
        "{monsters} proved too strong{score}; {runners} must run away.",
        monsters=_names(s, p["monsters"]),
        score=score,
        runners=runners,
    )


def _escape_rolled(e: Event, s: Any) -> str:
    p = e.payload
    return _f(
        "{player} rolled {roll} to escape {monster}, {total} in all.",
        player=p["player"],
        roll=p["roll"],
        monster=_card_name(s, p["monster"]),
        total=p["total"],
    )


def _ran_away(e: Event, s: Any) -> str:
    p = e.payload
    how = f" ({_said(p['how'])})" if p.get("how") else ""
    fields = {"player": p["player"], "monster": _card_name(s, p["monster"])}
    if p["escaped"]:
        return _f("{player} got away from {monster}", **fields) + how + "."
    return _f("{player} was caught by {monster}", **fields) + how + "."


def _modifier(e: Event, s: Any) -> str:
    p = e.payload
    amount = p["amount"]
    sign = f"+{amount}" if isinstance(amount, int) and amount >= 0 else str(amount)
    tgt = f" ({p['target']})" if p.get("target") else ""
    return (
        _f(
            "{player} played {card}: {amount} for the {side}",
            player=p["by"],
            card=_card_name(s, p["card"]),
            amount=sign,
            side=_(str(p["side"])),
        )
        + tgt
        + "."
    )


def _help_accepted(e: Event, s: Any) -> str:
    b = e.payload.get("bribe") or {}
    fields = {"helper": e.payload["helper"], "player": _combat_fighter(s)}
    if b.get("treasures") or b.get("items"):
        parts = []
        if b.get("treasures"):
            parts.append(_plural(b["treasures"], "treasure"))
        if b.get("items"):
            parts.append(_names(s, b["items"]))
        bribe = _listed(parts)
        return _f("{helper} agreed to help {player} for {bribe}.", bribe=bribe, **fields)
    return _f("{helper} agreed to help {player}.", **fields)


def _curse(e: Event, s: Any) -> str:
    p = e.payload
    card = _card_name(s, p["card"])
    if p.get("by") and p["by"] != p["player"]:
        return _f("{by} cursed {player}: {card}.", by=p["by"], player=p["player"], card=card)
    return _f("{player} was cursed: {card}.", player=p["player"], card=card)


def _bad_stuff(e: Event, s: Any) -> str:
    p = e.payload
    note = (
        f" ({_said(p['note'])})"
        if p.get("note")
        else (f" ({_said(p['step'], spaced=True)})" if p.get("step") else "")
    )
    return _f(
        "Bad stuff from {monster} hit {player}", monster=_card_name(s, p["monster"]), player=p["player"]
    ) + (note + ".")


def _decision_required(e: Event, s: Any) -> str:
    p = e.payload
    fields = {"player": p["player"], "kind": _said(p["kind"], spaced=True)}
    if p.get("source"):
        return _f(
            "{player} must decide: {kind} because of {card}.", card=_card_name(s, p["source"]), **fields
        )
    return _f("{player} must decide: {kind}.", **fields)


def _item_equipped(e: Event, s: Any) -> str:
    p = e.payload
    fields = {"player": p["player"], "card": _card_name(s, p["card"])}
    if p["equipped"]:
        return _f("{player} equipped {card}.", **fields)
    return _f("{player} turned sideways {card}.", **fields)


def _player_died(e: Event, s: Any) -> str:
    p = e.payload
    if p.get("by"):
        return _f("{player} died, killed by {card}.", player=p["player"], card=_card_name(s, p["by"]))
    return _f("{player} died.", player=p["player"])


def _transferred(e: Event, s: Any) -> str:
    p = e.payload
    if p.get("from_player"):
        return _f("{player} takes over the fight from {other}.", player=p["player"], other=p["from_player"])
    return _f("{player} takes over the fight.", player=p["player"])


SENTENCES: dict[str, Callable[[Event, Any], str]] = {
    "GameStarted": _game_started,
    "DeckShuffled": _deck_shuffled,
    "PositionSet": _position_set,
    "DieRolled": _die_rolled,
    "FirstPlayerChosen": lambda e, s: _f("{player} goes first.", player=e.payload["player"]),
    "TurnStarted": lambda e, s: _f("{player}'s turn begins.", player=e.payload["player"]),
    "PhaseChanged": lambda e, s: _f(
        "The turn moves on to the {phase} phase.", phase=_said(e.payload["phase"], spaced=True)
    ),
    "TurnEnded": lambda e, s: _f("{player}'s turn ends.", player=e.payload["player"]),
    "GameWon": lambda e, s: _f("{people} won the game!", people=_people(e.payload["winners"])),
    "CardDrawn": _card_drawn,
    "CardDiscarded": _card_discarded,
    "CardGiven": _card_given,
    "CardPlayed": _card_played,
    "CardTakenFromDiscard": lambda e, s: _f(
        "{player} took {card} from the {deck} discards.",
        player=e.payload["player"],
        card=_card_name(s, e.payload["card"]),
        deck=_said(e.payload["deck"]),
    ),
    "CharityGiven": lambda e, s: _f(
        "{player} gave {card} to {to} as charity.",
        player=e.payload["from_player"],
        card=_card_name(s, e.payload["card"]),
        to=e.payload["to_player"],
    ),
    "ActionTaken": lambda e, s: action_words(e.payload["action"], s) + _interjection(e, s) + ".",
    "LevelChanged": _level_changed,
    "ItemEquipped": _item_equipped,
    "SexChanged": lambda e, s: _f(
        "{player} is now {sex}.", player=e.payload["player"], sex=_said(e.payload["sex"])
    ),
    "PlayerDied": _player_died,
    "PlayerRevived": lambda e, s: _f("{player} comes back with a new character.", player=e.payload["player"]),
    "CombatStarted": _combat_started,
    "MonsterAdded": lambda e, s: _f(
        "{player} added {monster} to the fight.",
        player=e.payload["by"],
        monster=monster_words(s, e.payload["monster"]),
    ),
    "MonsterRemoved": lambda e, s: _f(
        "{monster} left the fight ({reason}).",
        monster=_card_name(s, e.payload["monster"]),
        reason=_said(e.payload["reason"]),
    ),
    "EnhancerPlayed": lambda e, s: _f(
        "{player} played {card} on {monster}.",
        player=e.payload["by"],
        card=_card_name(s, e.payload["card"]),
        monster=_card_name(s, e.payload["monster"]),
    ),
    "ModifierPlayed": _modifier,
    "HelpAsked": lambda e, s: _f(
        "{player} asked {helper} for help.", player=_combat_fighter(s), helper=e.payload["helper"]
    ),
    "HelpDeclined": lambda e, s: _f("{helper} refused to help.", helper=e.payload["helper"]),
    "HelpAccepted": _help_accepted,
    "WindowOpened": lambda e, s: _f(
        "Everyone may now play cards on the fight, in the order {people}.", people=_people(e.payload["order"])
    ),
    "PlayerPassed": lambda e, s: _f("{player} has nothing more to play.", player=e.payload["player"]),
    "CombatWon": _combat_won,
    "CombatLost": _combat_lost,
    "EscapeRolled": _escape_rolled,
    "AutoEscapeGranted": lambda e, s: _f(
        "{player} escapes automatically thanks to {card}.",
        player=e.payload["player"],
        card=_card_name(s, e.payload["card"]),
    ),
    "CurseApplied": _curse,
    "DecisionRequired": _decision_required,
    "DecisionMade": lambda e, s: _f(
        "{player} decided ({kind}).", player=e.payload["player"], kind=_said(e.payload["kind"], spaced=True)
    ),
    "SetupFinished": lambda e, s: _f("{player} is ready to play.", player=e.payload["player"]),
    "ItemsSold": lambda e, s: _f(
        "{player} sold {cards} for {value} gold.",
        player=e.payload["player"],
        cards=_names(s, e.payload["cards"]),
        value=e.payload["value"],
    ),
    "MarkSet": lambda e, s: _f(
        "A module noted {key}: {value}.", key=e.payload["key"], value=e.payload["value"]
    ),
    "RuleWaived": lambda e, s: _f(
        "The table allowed {player} what a rule refuses ({rule}).",
        player=e.payload["player"],
        rule=_rule_title(e.payload["rule"]),
    ),
    "CardHidden": lambda e, s: _f(
        "The next card {player} drew was not shown to the table.",
        player=e.payload["player"] or _("The table"),
    ),
    "StandInSwapped": _stand_in_swapped,
    "TheftTried": lambda e, s: _f(
        "{player} tried to steal from {target}.", player=e.payload["player"], target=e.payload["target"]
    ),
    "RanAway": _ran_away,
    "BadStuffApplied": _bad_stuff,
    "CombatTransferred": _transferred,
    "CombatEnded": lambda e, s: _f(
        "The fight is over ({outcome}).", outcome=_said(e.payload["outcome"], spaced=True)
    ),
}


def describe(event: Event, state_before: Any = None, lang: str | None = None) -> str:
    """One plain sentence for `event` (in `lang` if given); `state_before` names its cards (and the
    fighter)."""
    with telling(lang):
        fn = SENTENCES.get(event.type)
        if fn is None:
            return _f("{event} happened.", event=event.type)
        try:
            return fn(event, state_before)
        except (KeyError, TypeError, AttributeError, IndexError, ValueError):
            who = event.actor or event.payload.get("player") or _("The game")
            shown = ", ".join(f"{k}={v}" for k, v in sorted(event.payload.items())[:4])
            return f"{who}: {event.type} ({shown})."
