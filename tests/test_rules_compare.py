"""What differs between the games: the rows come from the rulesets' own data."""

from __future__ import annotations

from munchkin_nb.rules.catalogue import RULE_INDEX
from munchkin_nb.rules.compare import compared_rulesets, differences
from munchkin_nb.widgets.rules_explorer import RulesExplorer, differences_html


def test_a_renamed_rule_stands_beside_the_base_rule():
    assert compared_rulesets()[0] == "classic" and "cthulhu" in compared_rulesets()
    rows = {d.rules["classic"].id: d for d in differences() if d.rules["classic"] is not None}
    deal = rows["setup.deal"]
    assert deal.rules["cthulhu"] is RULE_INDEX["cthulhu.deal"]


def test_a_rule_of_one_game_alone_has_no_base_rule():
    alone = [d for d in differences() if d.rules["classic"] is None]
    games = compared_rulesets()[1:]
    assert alone and all(d.first.id.split(".")[0] in games for d in alone)
    assert any(d.first.id == "cthulhu.cultist_pile" for d in alone)


def test_the_explorer_shows_what_differs_in_the_chosen_language_when_its_tab_opens():
    explorer = RulesExplorer(lang="es")
    assert len(explorer.tabs.children) == 3 and explorer.differs.value == ""  # built on demand
    explorer.tabs.selected_index = 2
    html = explorer.differs.value
    assert "Cuatro y cuatro" in html and "cthulhu.deal" in html and "no existe esta regla" in html
    assert html == differences_html("es")
