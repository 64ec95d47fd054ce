"""The engine applies every word of the card vocabulary, and the cards behave as their data says."""

from __future__ import annotations

import pytest

from munchkin_nb.cards import load_set
from munchkin_nb.cards import vocabulary as V
from munchkin_nb.engine import (
    Action,
    Event,
    Game,
    IllegalAction,
    RandomChance,
    ScriptedChance,
    breakdown,
    fold,
    verify,
)
from munchkin_nb.engine.core.evolve import evolve
from munchkin_nb.engine.core.registry import implemented
from munchkin_nb.engine.game import new_game
from munchkin_nb.engine.legal import context
from munchkin_nb.engine.procs.steps import STEPS

NAMES = ["Ana", "Ben", "Cleo", "Dario"]  # Ana and Cleo male, Ben and Dario female


# -- every word that occurs in the cards has code -------------------------------------
def _key(x):
    return x if isinstance(x, str) else next(k for k in x if k not in ("then", "else"))


def _conditions(cond, out):
    for k, v in (cond or {}).items():
        out["condition"].add(k)
        if k == "any":
            for c in v:
                _conditions(c, out)


def _steps(steps, out):
    for st in steps or ():
        kind = _key(st)
        out["step"].add(kind)
        if isinstance(st, dict):
            arg = st[kind]
            if kind == "if":
                _conditions(arg, out)
            if kind == "roll":
                _steps(arg.get("then"), out)
                _steps(arg.get("else"), out)
            if kind == "choose":
                for branch in arg:
                    _steps(branch, out)
            _steps(st.get("then"), out)
            _steps(st.get("else"), out)


def words_in(card_set) -> dict[str, set[str]]:
    out = {f: set() for f in ("effect", "step", "condition", "persistent", "when")}
    for c in card_set.cards.values():
        effects = c.effects
        if c.kind == "curse":
            _steps(effects, out)
        else:
            for e in effects:
                kind = _key(e)
                out["effect"].add(kind)
                if isinstance(e, dict):
                    if kind in V.EFFECTS_WITH_STEPS:
                        _steps(e[kind], out)
                    if kind in V.EFFECTS_WITH_CONDITION:
                        _conditions(e[kind], out)
                    for opt in V.CONDITION_OPTIONS & set(e):
                        _conditions(e[opt], out)
        _steps(c.bad_stuff, out)
        _conditions(c.requires, out)
        if c.persistent:
            out["persistent"].update(k for k in c.persistent if k in V.PERSISTENT_KINDS)
        if c.when:
            out["when"].update([c.when] if isinstance(c.when, str) else c.when)
    return out


def test_every_word_in_the_classic_cards_has_an_implementation():
    used = words_in(load_set("classic"))
    assert used["step"] and used["effect"] and used["condition"]
    for family, words in used.items():
        missing = words - implemented(family)
        assert not missing, f"{family} words with no engine code: {sorted(missing)}"


def test_every_word_of_the_vocabulary_has_an_implementation():
    every = V.of()  # the base game's words and every plug-in's
    vocab = {
        "effect": set(every.effect_kinds),
        "step": set(every.step_kinds),
        "condition": set(V.CONDITION_KEYS),
        "persistent": set(V.PERSISTENT_KINDS),
        "when": set(V.WHEN_WORDS) | set(V.WHEN_KEYS),
    }
    for family, words in vocab.items():
        assert not words - implemented(family), family
    assert set(STEPS) == set(every.step_kinds)


# -- a table laid out by hand -----------------------------------------------------------
def table(players=(), turn_of="Ana", phase="before_door", doors=(), treasures=(), dice=()) -> Game:
    """Four players; cards placed with a PositionSet event; scripted dice (then seeded ones)."""
    events = new_game(NAMES, seed=0, deal=False)
    state = fold(events)
    given = {p["name"]: p for p in players}
    specs = [dict(given.get(n, {}), name=n) for n in NAMES]
    e = Event(
        "PositionSet",
        {
            "players": specs,
            "turn_of": turn_of,
            "phase": phase,
            "decks": {"door": list(doors), "treasure": list(treasures)},
        },
    )
    evolve(state, e)
    return Game(state, events + [e], ScriptedChance(dice=list(dice), fallback=RandomChance(1)))


def do(g: Game, player: str, name: str, **params):
    return g.act(Action(name, player, params))


def pass_all(g: Game) -> None:
    while not g.state.pending and context(g.state)[1] == "combat":
        do(g, context(g.state)[0], "pass")


def names_of(g: Game) -> list[str]:
    return [a.name for a in g.legal_actions()]


def test_a_one_shot_bonus_changes_the_breakdown():
    g = table([{"name": "Ana", "hand": ["magic_missile"]}], doors=["lame_goblin"])
    do(g, "Ana", "kick_door")
    assert breakdown(g.state).players == 1 and not breakdown(g.state).players_win
    do(g, "Ana", "play_one_shot", card="magic_missile", side="players", target="Ana")
    bd = breakdown(g.state)
    assert bd.players == 6 and bd.players_win
    assert any(t.card == "magic_missile" and t.amount == 5 for t in bd.terms)


def test_a_one_shot_bonus_if_counts_for_fighters_of_that_kind():
    g = table([{"name": "Ana", "hand": ["yuppie_water"], "races": ["elf#1"]}], doors=["lame_goblin"])
    do(g, "Ana", "kick_door")
    do(g, "Ana", "play_one_shot", card="yuppie_water", side="players")
    assert breakdown(g.state).players == 3


def test_mate_doubles_a_monster():
    g = table([{"name": "Ben", "hand": ["mate"]}], doors=["lame_goblin"])
    do(g, "Ana", "kick_door")
    do(g, "Ana", "pass")
    do(g, "Ben", "play_enhancer", card="mate", monster="lame_goblin")
    assert breakdown(g.state).monsters == 2
    from munchkin_nb.engine.query.combat import levels_for, treasures_for

    assert treasures_for(g.state, g.state.combat) == 2 and levels_for(g.state, g.state.combat) == 2


def test_wandering_monster_adds_a_monster():
    g = table([{"name": "Ben", "hand": ["wandering_monster#1", "flying_frogs"]}], doors=["lame_goblin"])
    do(g, "Ana", "kick_door")
    do(g, "Ana", "pass")
    do(g, "Ben", "wandering_monster", card="wandering_monster#1", monster="flying_frogs")
    assert [m["card"] for m in g.state.combat.monsters] == ["lame_goblin", "flying_frogs"]
    assert breakdown(g.state).monsters == 3


def test_a_warrior_wins_ties():
    g = table(
        [{"name": "Ana", "classes": ["warrior#1"]}], doors=["lame_goblin"], treasures=["helm_of_courage"]
    )
    do(g, "Ana", "kick_door")
    bd = breakdown(g.state)
    assert bd.margin == 0 and bd.players_win
    pass_all(g)
    assert g.state.player("Ana").level == 2
    assert "helm_of_courage" in g.state.player("Ana").hand


def test_without_the_warrior_a_tie_loses():
    g = table(doors=["lame_goblin"])
    do(g, "Ana", "kick_door")
    assert not breakdown(g.state).players_win


def test_an_elf_helper_gains_a_level():
    g = table([{"name": "Ben", "level": 5, "races": ["elf#1"]}], doors=["flying_frogs"])
    do(g, "Ana", "kick_door")
    do(g, "Ana", "ask_for_help", helper="Ben", treasures=0, items=[])
    do(g, "Ben", "accept_help")
    pass_all(g)
    assert g.state.player("Ana").level == 2
    assert g.state.player("Ben").level == 6


@pytest.mark.parametrize("die, level", [(5, 3), (4, 1)])
def test_running_away_five_escapes_four_suffers_bad_stuff(die, level):
    g = table([{"name": "Ana", "level": 3}], doors=["harpies"], dice=[die])
    do(g, "Ana", "kick_door")
    pass_all(g)
    assert context(g.state) == ("Ana", "run")
    do(g, "Ana", "run_away", monster="harpies")
    assert g.state.player("Ana").level == level
    assert any(e.type == "BadStuffApplied" for e in g.events) == (die == 4)
    assert g.state.combat is None


def test_death_leads_to_looting_the_body():
    g = table(
        [
            {"name": "Ana", "races": ["elf#1"], "hand": ["helm_of_courage"], "equipped": ["leather_armor"]},
            {"name": "Ben", "level": 3},
            {"name": "Cleo", "level": 2},
        ],
        doors=["squidzilla"],
        dice=[1],
    )
    do(g, "Ana", "kick_door")
    pass_all(g)
    do(g, "Ana", "run_away", monster="squidzilla")
    assert g.state.player("Ana").dead
    assert context(g.state) == ("Ben", "pending:loot_the_body")
    do(g, "Ben", "loot_the_body", card="leather_armor")
    assert context(g.state) == ("Cleo", "pending:loot_the_body")
    do(g, "Cleo", "loot_the_body", card="helm_of_courage")
    assert "leather_armor" in g.state.player("Ben").hand and "helm_of_courage" in g.state.player("Cleo").hand
    ana = g.state.player("Ana")
    assert not ana.hand and not ana.equipped and ana.races == ["elf#1"]  # race, class, level are kept
    assert g.legal_actions()


def test_charity_goes_to_the_lowest_level():
    hand = [
        "helm_of_courage",
        "leather_armor",
        "slimy_armor",
        "spiky_knees",
        "sleep_potion",
        "magic_missile",
        "hoard",
    ]
    g = table(
        [
            {"name": "Ana", "level": 3, "hand": hand},
            {"name": "Ben", "level": 1},
            {"name": "Cleo", "level": 2},
            {"name": "Dario", "level": 2},
        ],
        phase="after_door",
    )
    assert "end_turn" not in names_of(g)
    gifts = [a for a in g.legal_actions() if a.name == "give_charity"]
    assert gifts and all(a.params["to"] == "Ben" for a in gifts)
    with pytest.raises(IllegalAction):
        verify(g.state, Action("give_charity", "Ana", {"card": "hoard", "to": "Cleo"}))
    do(g, "Ana", "give_charity", card="hoard", to="Ben")
    do(g, "Ana", "give_charity", card="sleep_potion", to="Ben")
    assert {"hoard", "sleep_potion"} <= set(g.state.player("Ben").hand)
    assert "end_turn" in names_of(g)


def test_selling_never_reaches_level_ten():
    g = table([{"name": "Ana", "level": 9, "hand": ["wand_of_dowsing", "pollymorph_potion"]}])
    assert "sell" not in names_of(g)
    with pytest.raises(IllegalAction) as err:
        verify(g.state, Action("sell", "Ana", {"cards": ["wand_of_dowsing"]}))
    assert err.value.rule_id == "items.sell"
    g = table([{"name": "Ana", "level": 8, "hand": ["wand_of_dowsing", "pollymorph_potion"]}])
    do(g, "Ana", "sell", cards=["wand_of_dowsing", "pollymorph_potion"])
    assert g.state.player("Ana").level == 9


def test_go_up_a_level_never_gives_level_ten():
    g = table([{"name": "Ana", "level": 9, "hand": ["gold_pieces_1000"]}])
    assert not [a for a in g.legal_actions() if a.name == "go_up_a_level" and a.params["target"] == "Ana"]
    with pytest.raises(IllegalAction) as err:
        verify(g.state, Action("go_up_a_level", "Ana", {"card": "gold_pieces_1000", "target": "Ana"}))
    assert err.value.rule_id == "level.win_by_kill"


def test_go_up_a_level_conditions():
    g = table(
        [
            {
                "name": "Ana",
                "level": 4,
                "hand": ["whine_at_the_gm", "mutilate_the_bodies", "kill_the_hireling"],
            },
            {"name": "Ben", "level": 2, "equipped": ["hireling"]},
        ]
    )
    mine = {
        a.params["card"]
        for a in g.legal_actions()
        if a.name == "go_up_a_level" and a.params["target"] == "Ana"
    }
    assert mine == {"kill_the_hireling"}  # Ana is the highest; no combat yet this turn
    do(g, "Ana", "go_up_a_level", card="kill_the_hireling", target="Ana")
    assert g.state.player("Ana").level == 5 and "hireling" in g.state.discards["treasure"]
    g = table([{"name": "Ana", "level": 1, "hand": ["whine_at_the_gm"]}, {"name": "Ben", "level": 2}])
    do(g, "Ana", "go_up_a_level", card="whine_at_the_gm", target="Ana")
    assert g.state.player("Ana").level == 2


def test_a_curse_from_the_door_hits_the_drawer():
    g = table([{"name": "Ana", "level": 3}], doors=["curse_lose_a_level#1"])
    do(g, "Ana", "kick_door")
    assert g.state.player("Ana").level == 2
    assert "curse_lose_a_level#1" in g.state.discards["door"]


def test_the_wishing_ring_cancels_a_curse():
    g = table([{"name": "Ana", "level": 3, "hand": ["wishing_ring#1"]}], doors=["curse_lose_a_level#1"])
    do(g, "Ana", "kick_door")
    assert context(g.state) == ("Ana", "pending:curse_response")
    do(g, "Ana", "cancel_curse", card="wishing_ring#1")
    assert g.state.player("Ana").level == 3
    assert {"wishing_ring#1"} <= set(g.state.discards["treasure"])
    assert "curse_lose_a_level#1" in g.state.discards["door"]


def test_sandals_ignore_a_drawn_curse():
    g = table(
        [{"name": "Ana", "level": 3, "equipped": ["sandals_of_protection"]}], doors=["curse_lose_a_level#1"]
    )
    do(g, "Ana", "kick_door")
    assert g.state.player("Ana").level == 3


# -- steps ------------------------------------------------------------------------------
def lose_to(monster: str, players, dice=(1,)) -> Game:
    g = table(players, doors=[monster], dice=list(dice))
    do(g, "Ana", "kick_door")
    pass_all(g)
    do(g, "Ana", "run_away", monster=monster)
    return g


def test_choose_lets_the_victim_pick_the_bad_stuff():
    g = lose_to("platycore", [{"name": "Ana", "level": 3, "hand": ["hoard"]}])
    assert context(g.state) == ("Ana", "pending:choose_steps")
    do(g, "Ana", "choose_steps", option=1)
    assert g.state.player("Ana").level == 1 and g.state.player("Ana").hand == ["hoard"]


def test_lose_tagged_discards_every_tagged_item():
    g = lose_to(
        "crabs",
        [{"name": "Ana", "carried": ["spiky_knees", "helm_of_courage", "pantyhose_of_giant_strength"]}],
    )
    assert g.state.player("Ana").carried == ["helm_of_courage"]


def test_others_pick_from_the_victims_items():
    g = lose_to(
        "leperchaun", [{"name": "Ana", "equipped": ["spiky_knees", "helm_of_courage", "leather_armor"]}]
    )
    assert context(g.state) == ("Ben", "pending:take_item")  # neighbours: Ben (left), then Dario
    do(g, "Ben", "take_item", card="helm_of_courage")
    do(g, "Dario", "take_item", card="leather_armor")
    assert g.state.player("Ana").equipped == ["spiky_knees"]
    assert {"helm_of_courage", "leather_armor"} <= set(g.state.discards["treasure"])


def test_lawyers_take_cards_then_the_hand_is_lost():
    g = lose_to(
        "lawyers",
        [{"name": "Ana", "level": 1, "hand": ["hoard", "sleep_potion", "magic_missile", "mate"]}],
        dice=(1,),
    )
    for who in ("Ben", "Cleo", "Dario"):
        assert context(g.state)[0] == who
        do(g, who, "take_item", card=g.legal_actions()[0].params["card"])
    assert not g.state.player("Ana").hand
    assert sum(len(g.state.player(n).hand) for n in ("Ben", "Cleo", "Dario")) == 3


def test_income_tax_makes_the_others_lose_as_much():
    g = table(
        [
            {"name": "Ana", "equipped": ["helm_of_courage"]},  # 200 gold lost
            {"name": "Ben", "level": 3, "carried": ["leather_armor", "slimy_armor"]},
            {"name": "Cleo", "level": 3, "carried": ["spiky_knees"]},
            {"name": "Dario", "level": 3},
        ],
        doors=["curse_income_tax"],
    )
    do(g, "Ana", "kick_door")
    assert context(g.state) == ("Ben", "pending:lose_card")
    do(g, "Ben", "choose_loss", card="slimy_armor")
    assert g.state.player("Ben").carried == ["leather_armor"]
    assert g.state.player("Cleo").level == 3 and not g.state.player("Cleo").carried
    assert g.state.player("Dario").level == 2  # nothing to lose: a level instead


def test_lose_any_rolled():
    g = lose_to(
        "snails_on_speed", [{"name": "Ana", "hand": ["hoard"], "equipped": ["helm_of_courage"]}], dice=(1, 2)
    )
    assert not g.state.player("Ana").hand and not g.state.player("Ana").equipped


@pytest.mark.parametrize("boots, level", [(True, 2), (False, 1)])
def test_if_wears_footgear(boots, level):
    g = lose_to(
        "drooling_slime",
        [
            {
                "name": "Ana",
                "level": 2,
                "races": ["elf#1"],
                "equipped": ["boots_of_butt_kicking"] if boots else [],
            }
        ],
        dice=(1,),
    )
    assert g.state.player("Ana").level == level and not g.state.player("Ana").equipped


def test_lose_all_any():
    g = lose_to(
        "king_tut",
        [
            {
                "name": "Ana",
                "level": 4,
                "equipped": ["helm_of_courage"],
                "carried": ["huge_rock"],
                "hand": ["hoard"],
            }
        ],
        dice=(1,),
    )
    ana = g.state.player("Ana")
    assert not ana.equipped and not ana.carried and not ana.hand


# -- monsters ---------------------------------------------------------------------------
def test_items_only_ignores_levels():
    g = table([{"name": "Ana", "level": 5, "equipped": ["helm_of_courage"]}], doors=["insurance_salesman"])
    do(g, "Ana", "kick_door")
    assert breakdown(g.state).players == 1


def test_wont_pursue_any_unless_halfling():
    g = table([{"name": "Ana", "level": 8}], doors=["stoned_golem"])
    do(g, "Ana", "kick_door")
    assert "decline_fight" in names_of(g)
    do(g, "Ana", "decline_fight", monster="stoned_golem")
    assert g.state.combat is None and g.state.player("Ana").level == 8
    g = table([{"name": "Ana", "level": 8, "races": ["halfling#1"]}], doors=["stoned_golem"])
    do(g, "Ana", "kick_door")
    assert "decline_fight" not in names_of(g)


def test_a_monster_that_auto_escapes():
    g = lose_to("potted_plant", [{"name": "Ana", "level": 1}], dice=())
    assert any(e.type == "RanAway" and e.payload["escaped"] for e in g.events)


def test_lawyers_do_not_fight_thieves():
    g = table(
        [{"name": "Ana", "classes": ["thief#1"], "hand": ["hoard", "magic_missile"]}],
        doors=["lawyers"],
        treasures=["helm_of_courage", "leather_armor"],
    )
    do(g, "Ana", "kick_door")
    assert context(g.state) == ("Ana", "pending:trade_treasures")
    do(g, "Ana", "trade_treasures", cards=["hoard", "magic_missile"])
    assert sorted(g.state.player("Ana").hand) == ["helm_of_courage", "leather_armor"]


def test_killed_by_tag():
    g = table([{"name": "Ana", "hand": ["potion_of_halitosis"]}], doors=["floating_nose"])
    do(g, "Ana", "kick_door")
    do(g, "Ana", "play_one_shot", card="potion_of_halitosis", side="players", target="Ana")
    # killed at once, but paid only when the combat is over (000, rule 3)
    assert not g.state.combat.monsters and g.state.player("Ana").level == 1
    pass_all(g)
    assert g.state.combat is None and g.state.player("Ana").level == 2


def test_extra_level_unaided():
    g = table([{"name": "Ana", "level": 7}], doors=["pukachu"])
    do(g, "Ana", "kick_door")
    pass_all(g)
    assert g.state.player("Ana").level == 9


# -- items, one-shots, abilities --------------------------------------------------------
def test_loaded_die_sets_a_failed_run_away_roll():
    g = table([{"name": "Ana", "level": 1, "hand": ["loaded_die"]}], doors=["harpies"], dice=[2])
    do(g, "Ana", "kick_door")
    pass_all(g)
    do(g, "Ana", "run_away", monster="harpies")
    assert context(g.state) == ("Ana", "escape")
    do(g, "Ana", "set_die", card="loaded_die", value=6)
    assert any(e.type == "RanAway" and e.payload["escaped"] for e in g.events)
    assert not any(e.type == "BadStuffApplied" for e in g.events)


def test_flask_of_glue_forces_a_second_roll():
    g = table(
        [{"name": "Ana", "level": 3}, {"name": "Ben", "hand": ["flask_of_glue"]}],
        doors=["harpies"],
        dice=[6, 1],
    )
    do(g, "Ana", "kick_door")
    pass_all(g)
    do(g, "Ana", "run_away", monster="harpies")
    assert context(g.state) == ("Ben", "pending:force_rerun")
    do(g, "Ben", "force_rerun", card="flask_of_glue")
    assert g.state.player("Ana").level == 1


def test_instant_wall_lets_two_escape_and_tuba_gives_treasure():
    g = table(
        [{"name": "Ana", "level": 1, "equipped": ["tuba_of_charm"]}],
        doors=["harpies"],
        treasures=["helm_of_courage"],
        dice=[3],
    )
    do(g, "Ana", "kick_door")
    pass_all(g)
    do(g, "Ana", "run_away", monster="harpies")  # 3 + 3 (tuba) = 6: escapes, draws one
    assert "helm_of_courage" in g.state.player("Ana").hand


def test_rat_on_a_stick_escapes_low_monsters():
    g = table([{"name": "Ana", "level": 1, "equipped": ["rat_on_a_stick"]}], doors=["harpies"])
    do(g, "Ana", "kick_door")
    pass_all(g)
    do(g, "Ana", "escape_by_discarding", monster="harpies", card="rat_on_a_stick")
    assert g.state.player("Ana").level == 1 and "rat_on_a_stick" in g.state.discards["treasure"]


def test_transferral_potion_hands_the_combat_over():
    g = table([{"name": "Ana", "hand": ["transferral_potion"]}], doors=["harpies"])
    do(g, "Ana", "kick_door")
    do(g, "Ana", "use_card", card="transferral_potion", new_fighter="Cleo")
    assert g.state.combat.fighter == "Cleo"


def test_kneepads_compel_help():
    g = table(
        [{"name": "Ana", "equipped": ["kneepads_of_allure"]}, {"name": "Ben", "level": 5}],
        doors=["flying_frogs"],
    )
    do(g, "Ana", "kick_door")
    do(g, "Ana", "ask_for_help", helper="Ben", treasures=2, items=[])
    assert names_of(g) == ["accept_help"]


def test_hireling_is_an_extra_item():
    g = table([{"name": "Ana", "equipped": ["hireling", "helm_of_courage"], "hand": ["horny_helmet"]}])
    do(g, "Ana", "play_card", card="horny_helmet")
    assert "horny_helmet" in g.state.player("Ana").equipped
    assert breakdown_of_items(g) == {"hireling", "helm_of_courage", "horny_helmet"}


def breakdown_of_items(g):
    from munchkin_nb.engine.query.combat import counting_items

    return set(counting_items(g.state, g.state.player("Ana")))


@pytest.mark.parametrize("die, stolen", [(4, True), (3, False)])
def test_theft(die, stolen):
    g = table(
        [
            {"name": "Ana", "level": 2, "classes": ["thief#1"], "hand": ["hoard"]},
            {"name": "Ben", "equipped": ["helm_of_courage"]},
        ],
        dice=[die],
    )
    do(g, "Ana", "steal", target="Ben", item="helm_of_courage", discard="hoard")
    assert ("helm_of_courage" in g.state.player("Ana").carried) == stolen
    assert g.state.player("Ana").level == (2 if stolen else 1)
    with pytest.raises(IllegalAction):
        verify(
            g.state, Action("steal", "Ana", {"target": "Ben", "item": "helm_of_courage", "discard": "hoard"})
        )


def test_resurrection_takes_the_top_door_discard():
    g = table([{"name": "Ana", "classes": ["cleric#1"], "hand": ["hoard"]}])
    g.state.discards["door"].append("lame_goblin")  # a hand-laid discard pile
    g.state.decks["door"].remove("lame_goblin")
    do(g, "Ana", "resurrect", discard="hoard")
    assert g.state.combat and g.state.combat.monsters[0]["card"] == "lame_goblin"


def test_persistent_curses():
    g = table(
        [{"name": "Ana", "level": 3, "curses": ["curse_malign_mirror"], "equipped": ["helm_of_courage"]}],
        doors=["lame_goblin"],
    )
    do(g, "Ana", "kick_door")
    assert breakdown(g.state).players == 3
    pass_all(g)
    assert "curse_malign_mirror" in g.state.discards["door"]
