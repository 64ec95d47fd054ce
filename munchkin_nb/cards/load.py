"""Load and validate a card file (docs/cards.md)."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Set
from dataclasses import replace
from pathlib import Path
from typing import Any, NoReturn

from munchkin_nb.safe_yaml import YamlError, load_yaml

from . import vocabulary as V
from .model import Card, CardError, CardSet, condition_text

CARDS_DIR = Path(__file__).parents[2] / "cards"  # the base game's own set
#: set name -> its card file, for the sets a plug-in brings in its own folder (added as registered)
FILES: dict[str, Path] = {}
ID_RE = re.compile(r"^[a-z0-9_]+$")
INT_FIELDS = ("copies", "level", "treasures", "levels", "bonus", "gold")
BOOL_FIELDS = ("undead", "big")
DEFAULTS: dict[str, dict[str, Any]] = {"monster": {"levels": 1}, "one_shot": {"bonus": 0}}
# A card file larger than this is refused unread (the classic set is under 40 kB).
MAX_CARD_FILE_BYTES = 2_000_000


def resolve(name_or_path: str | os.PathLike[str]) -> Path:
    path = Path(name_or_path)
    if path.suffix in (".yaml", ".yml") or path.exists():
        return path
    return FILES.get(str(name_or_path), CARDS_DIR / f"{name_or_path}.yaml")


def load_set(name_or_path: str | os.PathLike[str]) -> CardSet:
    """Load a set by name ("classic"), by names joined with "+" (a ruleset's set and its modules'
    cards, "classic+steeds") or by path; raise CardError on a bad card or an id in two files."""
    import munchkin_nb.rules  # noqa: F401  (the ruleset plug-ins add the words their cards use)

    if isinstance(name_or_path, str) and "+" in name_or_path and not Path(name_or_path).exists():
        return _joined(name_or_path)
    if isinstance(name_or_path, str) and "&" in name_or_path and not Path(name_or_path).exists():
        return _mixed(name_or_path)
    path = resolve(name_or_path)
    try:
        data = load_yaml(path, max_bytes=MAX_CARD_FILE_BYTES, what=str(path))
    except YamlError as exc:
        raise CardError(None, "yaml", str(exc)) from None
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise CardError(None, "cards", "expected a mapping with a 'cards' list")
    # a plug-in's set is checked against the base game's words and its own; any other file against
    # the words of every plug-in registered
    name = str(name_or_path)
    voc = V.of([name]) if name in V.WORDS else V.of()
    cards: dict[str, Card] = {}
    for n, raw in enumerate(data["cards"], 1):
        card = parse_card(raw, n, voc)
        if card.id in cards:
            raise CardError(card.id, "id", "duplicate id")
        cards[card.id] = card
    return CardSet(name=str(data.get("set", path.stem)), cards=cards)


def _joined(name: str) -> CardSet:
    """The sets named in "a+b+c", as one set named so; an id in two of them is refused."""
    cards: dict[str, Card] = {}
    for part in name.split("+"):
        for cid, card in load_set(part).cards.items():
            if cid in cards:
                raise CardError(cid, "id", f"is in {part!r} and in an earlier set of {name!r}")
            cards[cid] = card
    return CardSet(name=name, cards=cards)


def _mixed(name: str) -> CardSet:
    """The sets named in "a&b" (a game's own set, another game's shuffled in), as one set named
    so: a card of b whose id an earlier set has is b's own copy, its id prefixed "b_"."""
    cards: dict[str, Card] = {}
    for part in name.split("&"):
        for cid, card in load_set(part).cards.items():
            if cid in cards:
                cid = f"{part}_{cid}"
                card = replace(card, id=cid)
            if cid in cards:
                raise CardError(cid, "id", f"is in {part!r} and in an earlier set of {name!r}")
            cards[cid] = card
    return CardSet(name=name, cards=cards)


def parse_card(raw: object, n: int, voc: V.Vocabulary | None = None) -> Card:
    """One card, checked against `voc` (the words of every plug-in registered, when None)."""
    voc = voc or V.of()
    if not isinstance(raw, dict):
        raise CardError(f"#{n}", "card", f"expected a mapping, got {raw!r}")
    cid = raw.get("id")
    if not isinstance(cid, str) or not ID_RE.match(cid):
        raise CardError(
            cid if isinstance(cid, str) else f"#{n}", "id", f"expected a slug of [a-z0-9_], got {cid!r}"
        )
    v = Checker(cid, voc)
    for key in ("name", "deck", "kind", "text"):
        if not isinstance(raw.get(key), str) or not raw[key].strip():
            v.fail(key, f"expected a non-empty string, got {raw.get(key)!r}")
    kind, deck = raw["kind"], raw["deck"]
    if kind not in voc.kinds:
        v.fail("kind", f"unknown kind {kind!r}")
    if deck not in voc.decks:
        v.fail("deck", f"unknown deck {deck!r}")
    if deck not in voc.kind_decks[kind]:
        v.fail("deck", f"a {kind} belongs to the {'/'.join(sorted(voc.kind_decks[kind]))} deck")
    allowed = set(V.COMMON_FIELDS) | voc.kind_fields[kind]
    for key in raw:
        if key not in allowed:
            v.fail(key, f"unknown field for kind {kind!r}")
    values: dict[str, Any] = dict(DEFAULTS.get(kind, {}))
    values.update(raw)
    for key in INT_FIELDS:
        if key in values:
            v.integer(key, values[key], minimum=1 if key == "copies" else None)
    for key in BOOL_FIELDS:
        if key in values and not isinstance(values[key], bool):
            v.fail(key, f"expected true or false, got {values[key]!r}")
    if kind == "monster":
        for key in ("level", "treasures"):
            if key not in values:
                v.fail(key, "required for a monster")
    if kind == "item":
        for key in ("bonus", "gold", "slot"):
            if key not in values:
                v.fail(key, "required for an item")
    if "slot" in values and values["slot"] not in V.SLOTS:
        v.fail("slot", f"unknown slot {values['slot']!r}")
    if kind == "race" and values.get("race") not in voc.races:
        v.fail("race", f"unknown race {values.get('race')!r}")
    if kind == "class" and values.get("class") not in voc.classes:
        v.fail("class", f"unknown class {values.get('class')!r}")
    if "requires" in values:
        v.condition("requires", values["requires"])
    effects = values.get("effects", [])
    if kind == "curse":
        v.steps("effects", effects)
    else:
        v.effects("effects", effects)
    v.steps("bad_stuff", values.get("bad_stuff", []))
    if "persistent" in values:
        v.persistent(values["persistent"])
    if "when" in values:
        v.when(values["when"])
    values["klass"] = values.pop("class", None)
    values["effects"] = tuple(effects)
    values["bad_stuff"] = tuple(values.get("bad_stuff", []))
    return Card(**values)


class Checker:
    """Checks one card's values; every failure names the card and the field."""

    def __init__(self, card_id: str, voc: V.Vocabulary) -> None:
        self.card_id = card_id
        self.voc = voc

    def fail(self, field: str, message: str) -> NoReturn:
        raise CardError(self.card_id, field, message)

    def integer(self, field: str, value: object, minimum: int | None = None) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(field, f"expected an integer, got {value!r}")
        if minimum is not None and value < minimum:
            self.fail(field, f"expected at least {minimum}, got {value}")

    def condition(self, field: str, cond: object) -> None:
        if not isinstance(cond, dict) or not cond:
            self.fail(field, f"expected a condition mapping, got {cond!r}")
        for key, value in cond.items():
            expected = V.CONDITION_KEYS.get(key)
            if expected is None:
                self.fail(field, f"unknown condition key {key!r}")
            if expected == "list":
                if not isinstance(value, list) or not value:
                    self.fail(field, f"'{key}' expects a list of conditions, got {value!r}")
                for sub in value:
                    self.condition(field, sub)
            elif expected == "int":
                self.integer(field, value)
            else:
                allowed = {
                    "race": self.voc.races | {"human"},
                    "class": self.voc.classes | {"none"},
                    "sex": V.SEXES,
                    "slot": V.SLOTS,
                }[expected]
                if value not in allowed:
                    self.fail(field, f"unknown {expected} {value!r} in condition '{key}'")

    def _entry(
        self, field: str, entry: object, vocab: Mapping[str, Set[str]], what: str
    ) -> tuple[str, dict[str, Any]]:
        """Split one effect or step into (kind, mapping); check kind and options."""
        if isinstance(entry, str):
            if entry not in vocab:
                self.fail(field, f"unknown {what} {entry!r}")
            return entry, {}
        if not isinstance(entry, dict) or not entry:
            self.fail(field, f"expected a word or a mapping, got {entry!r}")
        kinds = [k for k in entry if k in vocab]
        if len(kinds) != 1:
            self.fail(field, f"unknown {what} {next(iter(entry))!r}")
        kind = kinds[0]
        for key in entry:
            if key != kind and key not in vocab[kind]:
                self.fail(field, f"unknown option {key!r} for {what} {kind!r}")
        return kind, entry

    def _options(self, field: str, entry: dict[str, Any]) -> None:
        for key, value in entry.items():
            if key in V.CONDITION_OPTIONS and key not in self.voc.step_kinds:
                self.condition(field, value)
            elif key in V.STEP_LIST_OPTIONS:
                self.steps(field, value)

    def effects(self, field: str, effects: object) -> None:
        if not isinstance(effects, list):
            self.fail(field, f"expected a list, got {effects!r}")
        for entry in effects:
            kind, mapping = self._entry(field, entry, self.voc.effect_kinds, "effect kind")
            self._options(field, mapping)
            if kind in V.EFFECTS_WITH_STEPS:
                self.steps(field, mapping[kind])
            elif kind in V.EFFECTS_WITH_CONDITION:
                self.condition(field, mapping[kind])

    def steps(self, field: str, steps: object) -> None:
        if not isinstance(steps, list):
            self.fail(field, f"expected a list of steps, got {steps!r}")
        for entry in steps:
            kind, mapping = self._entry(field, entry, self.voc.step_kinds, "step")
            if kind == "if":
                self.condition(field, mapping["if"])
            elif kind == "roll":
                roll = mapping["roll"]
                if not isinstance(roll, dict) or "at_most" not in roll:
                    self.fail(field, f"'roll' expects at_most/then/else, got {roll!r}")
                self.integer(field, roll["at_most"])
                for key, value in roll.items():
                    if key not in ("at_most", "then", "else"):
                        self.fail(field, f"unknown option {key!r} for step 'roll'")
                    if key != "at_most":
                        self.steps(field, value)
            elif kind == "choose":
                options = mapping["choose"]
                if not isinstance(options, list) or len(options) < 2:
                    self.fail(field, f"'choose' expects two or more step lists, got {options!r}")
                for option in options:
                    self.steps(field, option)
            self._options(field, {k: v for k, v in mapping.items() if k != kind})

    def persistent(self, value: object) -> None:
        kind, mapping = self._entry("persistent", value, V.PERSISTENT_KINDS, "persistent kind")
        if not mapping:
            self.fail("persistent", f"expected a mapping, got {value!r}")

    def when(self, value: object) -> None:
        if isinstance(value, str):
            if value not in V.WHEN_WORDS:
                self.fail("when", f"unknown when {value!r}")
            return
        if not isinstance(value, dict) or not value:
            self.fail("when", f"expected a word or a mapping, got {value!r}")
        for key in value:
            if key not in V.WHEN_KEYS:
                self.fail("when", f"unknown when key {key!r}")


def cards_table(card_set: CardSet) -> list[dict[str, Any]]:
    """One row per card for a CLI listing."""
    return [
        {
            "id": c.id,
            "name": c.name,
            "deck": c.deck,
            "kind": c.kind,
            "copies": c.copies,
            "level": c.level,
            "treasures": c.treasures,
            "levels": c.levels,
            "bonus": c.bonus,
            "gold": c.gold,
            "slot": c.slot,
            "big": c.big,
            "requires": condition_text(c.requires) if c.requires else None,
        }
        for c in card_set.cards.values()
    ]
