"""The classic card set and the validating loader (docs/cards.md)."""

from collections import Counter

import pytest

from munchkin_nb.cards import Card, CardError, cards_table, load_set
from munchkin_nb.cards import vocabulary as V
from munchkin_nb.cards.load import parse_card


@pytest.fixture(scope="module")
def classic():
    return load_set("classic")


def physical(card_set, key):
    return Counter(key(c) for c in card_set.cards.values() for _ in range(c.copies))


def kinds_in(card_set, deck):
    counts = physical(card_set, lambda c: c.kind if c.deck == deck else None)
    return {kind: n for kind, n in counts.items() if kind is not None}


def test_sizes(classic):
    assert len(classic) == len(classic.instances()) == 168
    assert physical(classic, lambda c: c.deck) == {"door": 95, "treasure": 73}


def test_door_composition(classic):
    assert kinds_in(classic, "door") == {
        "monster": 37,
        "monster_enhancer": 5,
        "race": 9,
        "half_breed": 2,
        "class": 12,
        "super_munchkin": 2,
        "curse": 19,
        "wandering_monster": 3,
        "special": 6,
    }
    specials = {c.name for c in classic.cards.values() if c.deck == "door" and c.kind == "special"}
    assert specials == {
        "Mate",
        "Cheat!",
        "Divine Intervention",
        "Help Me Out Here!",
        "Illusion",
        "Out to Lunch",
    }
    enhancers = {c.name for c in classic.cards.values() if c.kind == "monster_enhancer"}
    assert enhancers == {"Ancient", "Baby", "Enraged", "Humongous", "Intelligent"}
    assert physical(classic, lambda c: c.race) == {None: 159, "elf": 3, "dwarf": 3, "halfling": 3}
    classes = physical(classic, lambda c: c.klass)
    assert [classes[k] for k in ("warrior", "wizard", "thief", "cleric")] == [3, 3, 3, 3]


def test_treasure_composition(classic):
    assert kinds_in(classic, "treasure") == {"item": 39, "one_shot": 23, "go_up_a_level": 9, "special": 2}
    slots = physical(classic, lambda c: c.slot)
    assert all(slots[s] for s in V.SLOTS)
    for name in (
        "Hoard!",
        "Wishing Ring",
        "Loaded Die",
        "Magic Lamp",
        "Wand of Dowsing",
        "Transferral Potion",
        "Doppleganger",
        "Hireling",
        "Steal a Level",
    ):
        assert any(c.name == name for c in classic.cards.values()), name


def by_name(card_set, name) -> Card:
    (card,) = [c for c in card_set.cards.values() if c.name == name]
    return card


@pytest.mark.parametrize(
    "name, level, treasures, levels",
    [
        ("Plutonium Dragon", 20, 5, 2),
        ("Bullrog", 18, 5, 2),
        ("Squidzilla", 18, 4, 2),
        ("King Tut", 16, 4, 2),
        ("3,872 Orcs", 10, 3, 1),
        ("Potted Plant", 1, 1, 1),
        ("Gazebo", 8, 2, 1),
        ("Insurance Salesman", 14, 4, 1),
    ],
)
def test_monster_numbers(classic, name, level, treasures, levels):
    card = by_name(classic, name)
    assert (card.level, card.treasures, card.levels) == (level, treasures, levels)


def test_monster_effects(classic):
    assert {"wont_pursue": 5} in by_name(classic, "Plutonium Dragon").effects
    assert by_name(classic, "Plutonium Dragon").bad_stuff == ("death",)
    assert {"bonus": 6, "against": {"race": "dwarf"}} in by_name(classic, "3,872 Orcs").effects
    assert "no_help" in by_name(classic, "Gazebo").effects
    assert "cannot_be_outrun" in by_name(classic, "Crabs").effects
    undead = {c.name for c in classic.cards.values() if c.undead}
    assert undead == {"King Tut", "Mr. Bones", "Undead Horse", "Wight Brothers"}


@pytest.mark.parametrize(
    "name, bonus, gold, slot, big, requires",
    [
        ("Staff of Napalm", 5, 800, "one_hand", False, {"class": "wizard"}),
        ("Bow with Ribbons", 4, 800, "two_hands", False, {"race": "elf"}),
        ("Mithril Armor", 3, 600, "armor", True, {"not_class": "wizard"}),
        ("Boots of Butt-Kicking", 2, 400, "footgear", False, None),
        ("Huge Rock", 3, 0, "two_hands", True, None),
        ("Bad-Ass Bandana", 3, 400, "headgear", False, {"race": "human"}),
        ("Broad Sword", 3, 400, "one_hand", False, {"sex": "female"}),
        ("Shield of Ubiquity", 4, 600, "one_hand", True, {"class": "warrior"}),
    ],
)
def test_item_numbers(classic, name, bonus, gold, slot, big, requires):
    card = by_name(classic, name)
    assert (card.bonus, card.gold, card.slot, card.big, card.requires) == (bonus, gold, slot, big, requires)


def test_one_shots_and_enhancers(classic):
    assert (by_name(classic, "Magic Missile").bonus, by_name(classic, "Magic Missile").gold) == (5, 300)
    assert by_name(classic, "Wand of Dowsing").gold == 1100
    assert by_name(classic, "Pollymorph Potion").gold == 1300
    assert by_name(classic, "Wishing Ring").copies == 2
    assert by_name(classic, "Baby").effects == ({"monster_bonus": -5, "treasures": -1},)
    assert by_name(classic, "Ancient").effects == ({"monster_bonus": 10, "treasures": 2},)


def test_every_card_has_text_and_mechanics(classic):
    plain = {"half_breed", "super_munchkin", "wandering_monster"}
    for card in classic.cards.values():
        assert card.text.strip(), card.id
        if (
            card.kind in plain
            or (card.kind == "item" and card.bonus)
            or (card.kind == "one_shot" and card.bonus)
        ):
            continue
        if card.kind == "monster":
            assert card.effects or card.bad_stuff, card.id
        else:
            assert card.effects or card.persistent, card.id


def test_instances_and_card_of(classic):
    instances = classic.instances()
    assert len(set(instances)) == 168
    assert "elf#1" in instances and "elf#3" in instances and "elf" not in instances
    assert "plutonium_dragon" in instances
    assert classic.card_of("elf#2").race == "elf"
    assert classic.card_of("plutonium_dragon").level == 20
    for bad in ("elf", "elf#4", "plutonium_dragon#1", "nothing"):
        with pytest.raises(KeyError):
            classic.card_of(bad)


def test_card_helpers(classic):
    card = classic.cards["plutonium_dragon"]
    html = card._repr_html_()
    assert "Plutonium Dragon" in html and "Level 20" in html
    d = card.to_dict()
    assert d["level"] == 20 and d["effects"] == [{"wont_pursue": 5}]
    assert classic.cards["elf"].to_dict()["copies"] == 3
    assert classic.cards["cleric"].to_dict()["class"] == "cleric"
    rows = cards_table(classic)
    assert len(rows) == len(classic.cards)
    assert {"id", "name", "deck", "kind", "copies"} <= set(rows[0])


def test_load_by_path(tmp_path):
    path = tmp_path / "tiny.yaml"
    path.write_text(GOOD)
    card_set = load_set(path)
    assert card_set.name == "tiny" and list(card_set.cards) == ["crabs"]


GOOD = """\
set: tiny
cards:
  - id: crabs
    name: Crabs
    deck: door
    kind: monster
    level: 1
    treasures: 1
    effects: [cannot_be_outrun]
    bad_stuff: [{lose_slot: armor}]
    text: "Pinchy."
"""

BAD_CASES = [
    ("level: 1", "level: one", "crabs", "level", "expected an integer, got 'one'"),
    ("kind: monster", "kind: monstr", "crabs", "kind", "unknown kind 'monstr'"),
    ("deck: door", "deck: attic", "crabs", "deck", "unknown deck 'attic'"),
    ("deck: door", "deck: treasure", "crabs", "deck", "belongs to the door deck"),
    (
        "effects: [cannot_be_outrun]",
        "effects: [cannot_be_outwitted]",
        "crabs",
        "effects",
        "unknown effect kind 'cannot_be_outwitted'",
    ),
    (
        "effects: [cannot_be_outrun]",
        "effects: [{bonus: 2, agin: {race: elf}}]",
        "crabs",
        "effects",
        "unknown option 'agin'",
    ),
    (
        "effects: [cannot_be_outrun]",
        "effects: [{bonus: 2, against: {colour: red}}]",
        "crabs",
        "effects",
        "unknown condition key 'colour'",
    ),
    (
        "effects: [cannot_be_outrun]",
        "effects: [{bonus: 2, against: {race: troll}}]",
        "crabs",
        "effects",
        "unknown race 'troll'",
    ),
    (
        "bad_stuff: [{lose_slot: armor}]",
        "bad_stuff: [explode]",
        "crabs",
        "bad_stuff",
        "unknown step 'explode'",
    ),
    (
        "bad_stuff: [{lose_slot: armor}]",
        "bad_stuff: [{roll: {at_most: 2, then: [boom]}}]",
        "crabs",
        "bad_stuff",
        "unknown step 'boom'",
    ),
    ("treasures: 1", "treasures: 1\n    slot: armor", "crabs", "slot", "unknown field"),
    ("    level: 1\n", "", "crabs", "level", "required for a monster"),
    ("id: crabs", "id: Crabs!", "Crabs!", "id", "expected a slug"),
    ('text: "Pinchy."', 'text: ""', "crabs", "text", "non-empty string"),
    ("treasures: 1", "treasures: 1\n    copies: 0", "crabs", "copies", "at least 1"),
    ("treasures: 1", "treasures: 1\n    undead: maybe", "crabs", "undead", "true or false"),
]


@pytest.mark.parametrize("old, new, card_id, field, message", BAD_CASES)
def test_bad_card_is_refused(tmp_path, old, new, card_id, field, message):
    assert old in GOOD
    path = tmp_path / "bad.yaml"
    path.write_text(GOOD.replace(old, new, 1))
    with pytest.raises(CardError) as info:
        load_set(path)
    text = str(info.value)
    assert f"card {card_id!r}" in text and f"field {field!r}" in text and message in text
    assert (info.value.card_id, info.value.field) == (card_id, field)


ITEM = """\
  - id: {id}
    name: Thing
    deck: treasure
    kind: item
    bonus: 1
    gold: 200
    slot: {slot}
    {extra}
    text: "A thing."
"""


@pytest.mark.parametrize(
    "slot, extra, card_id, field, message",
    [
        ("belt", "big: false", "thing", "slot", "unknown slot 'belt'"),
        ("none", "requires: {hair: long}", "thing", "requires", "unknown condition key 'hair'"),
        (
            "none",
            "requires: {any: [{class: necromancer}]}",
            "thing",
            "requires",
            "unknown class 'necromancer'",
        ),
        ("none", "level: 3", "thing", "level", "unknown field for kind .item."),
    ],
)
def test_bad_item_is_refused(tmp_path, slot, extra, card_id, field, message):
    path = tmp_path / "bad.yaml"
    path.write_text("cards:\n" + ITEM.format(id="thing", slot=slot, extra=extra))
    with pytest.raises(CardError, match=f"card '{card_id}', field '{field}': .*{message}"):
        load_set(path)


def test_duplicate_id_is_refused(tmp_path):
    path = tmp_path / "dup.yaml"
    card = ITEM.format(id="thing", slot="none", extra="big: false")
    path.write_text("cards:\n" + card + card)
    with pytest.raises(CardError, match="card 'thing', field 'id': duplicate id"):
        load_set(path)


def test_bad_curse_and_when(tmp_path):
    curse = (
        'cards:\n  - id: hex\n    name: Hex\n    deck: door\n    kind: curse\n    {extra}\n    text: "Ow."\n'
    )
    cases = [
        ("persistent: {glow: 1}", "persistent", "unknown persistent kind 'glow'"),
        ("effects: [{bonus: 2}]", "effects", "unknown step 'bonus'"),
    ]
    for extra, field, message in cases:
        path = tmp_path / "curse.yaml"
        path.write_text(curse.format(extra=extra))
        with pytest.raises(CardError, match=f"card 'hex', field '{field}': {message}"):
            load_set(path)
    special = (
        "cards:\n  - id: boon\n    name: Boon\n    deck: door\n    kind: special\n"
        '    when: teatime\n    effects: [mate]\n    text: "Yay."\n'
    )
    path = tmp_path / "special.yaml"
    path.write_text(special)
    with pytest.raises(CardError, match="card 'boon', field 'when': unknown when 'teatime'"):
        load_set(path)


def test_vocabulary_is_importable_data():
    assert "cannot_be_outrun" in V.EFFECT_KINDS and "death" in V.STEP_KINDS
    assert "race" in V.CONDITION_KEYS and "monster" in V.KINDS


def test_a_plug_ins_words_are_its_own_and_the_base_words_never_change():
    steeds = V.of(["steeds"])
    assert "steed" in steeds.kinds and "steed" not in V.BASE.kinds and "steed" not in V.KINDS
    assert "orc" in V.of(["expansions"]).races and "orc" not in steeds.races
    assert V.of(["steeds", "expansions"]) is V.of(["expansions", "steeds"])  # frozen, by name
    with pytest.raises(TypeError):
        steeds.kind_decks["steed"] = frozenset()  # type: ignore[index]


def test_a_plug_ins_cards_may_use_its_words_only(tmp_path):
    orc = {"id": "orc_x", "name": "Orc", "deck": "door", "kind": "race", "race": "orc", "text": "An orc."}
    assert parse_card(orc, 1, V.of(["expansions"])).race == "orc"
    with pytest.raises(CardError, match="unknown race 'orc'"):
        parse_card(orc, 1, V.of(["steeds"]))


def test_a_modules_cards_join_the_rulesets_set_and_an_id_in_both_is_refused(tmp_path, monkeypatch):
    import dataclasses

    import yaml

    from munchkin_nb.cards import CardError, load_set
    from munchkin_nb.cards.load import CARDS_DIR
    from munchkin_nb.rules import rulesets

    d10 = rulesets.MODULES["d10"]
    monkeypatch.setitem(rulesets.MODULES, "d10", dataclasses.replace(d10, cards="extra"))
    assert rulesets.deck_name("classic", ["d10"]) == "classic+extra"
    assert rulesets.deck_name("classic", []) == "classic"
    one = yaml.safe_load((CARDS_DIR / "classic.yaml").read_text())["cards"][0]
    extra = tmp_path / "extra.yaml"
    extra.write_text(yaml.safe_dump({"set": "extra", "cards": [{**one, "id": "an_extra_card"}]}))
    joined = load_set(f"classic+{extra}")
    assert set(joined.cards) == set(load_set("classic").cards) | {"an_extra_card"}
    with pytest.raises(CardError, match="in an earlier set"):
        load_set("classic+classic")
