"""The words of the pages in Spanish: every event sentence, move and table word has its Spanish
template (gettext domain `words`), the page texts theirs (domain `course`), and English stays as it was."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from munchkin_nb import i18n
from munchkin_nb.bots.runner import play_game
from munchkin_nb.engine import GameState, evolve
from munchkin_nb.viz import words
from munchkin_nb.viz.words import action_words, describe
from munchkin_nb.widgets.table import COLUMNS, SLOT_WORDS, table_html

ROOT = Path(__file__).resolve().parents[1]
MARKED = re.compile(r"""\b_f?\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')""")


def _marked(*paths: str) -> list[str]:
    """The messages marked `_("...")` or `_f("...")` in the given source files."""
    src = "".join((ROOT / p).read_text() for p in paths)
    return sorted({a or b for a, b in MARKED.findall(src)})


def test_every_sentence_move_and_table_word_has_spanish():
    msgs = _marked("munchkin_nb/viz/words.py", "munchkin_nb/widgets/table.py")
    msgs += list(words.ACTION_WORDS.values()) + list(words.ACTION_VARIANTS.values())
    msgs += [m for pair in words._COUNTED.values() for m in pair]
    msgs += list(words._INTO.values()) + list(SLOT_WORDS.values()) + list(COLUMNS)
    msgs += [template for _pattern, template in words._WORD_PATTERNS]
    assert len(msgs) > 150
    cat = i18n.catalogue("words", "es")
    assert cat is not None
    assert [m for m in msgs if not (cat.get(m) and cat.get(m).string)] == []
    # a move on its own (a button) is a thing to do: each has its own Spanish, unlike the told one
    as_move = i18n.pgettext("words", "es")
    told = i18n.gettext("words", "es")
    keys = [*words.ACTION_WORDS, *words.ACTION_VARIANTS]
    assert keys == [*words.MOVE_WORDS, *words.MOVE_VARIANTS]
    told_of = {**words.ACTION_WORDS, **words.ACTION_VARIANTS}  # type: ignore[dict-item]
    to_do = {**words.MOVE_WORDS, **words.MOVE_VARIANTS}  # type: ignore[dict-item]
    untranslated = [to_do[k] for k in keys if as_move("move", to_do[k]) == to_do[k]]
    assert untranslated == []
    same = [k for k in keys if as_move("move", to_do[k]) == told(told_of[k])]
    assert same == []


def test_the_guided_game_and_lesson_texts_have_spanish():
    # ("the " + side) is built, not a message of its own: its two messages are in the list
    msgs = [m for m in _marked("munchkin_nb/widgets/play.py", "munchkin_nb/widgets/lesson.py") if m != "the "]
    msgs += [
        "the players",
        "the monsters",
        "players win",
        "monsters win",
    ]  # the breakdown's outcome, said through the catalogue
    assert i18n.missing("course", "es", msgs) == []


@pytest.mark.parametrize("ruleset", ["classic", "cthulhu", "booty"])
def test_spanish_keeps_every_field_and_english_is_unchanged(ruleset):
    rec = play_game(4, seed=3, ruleset=ruleset, max_turns=25)
    s = GameState()
    told = 0
    for e in rec.events:
        en, es = describe(e, s), describe(e, s, lang="es")
        assert describe(e, s, lang="en") == en  # asking for English is the default
        # the players named in English are named in Spanish too, and no template is left unfilled
        for name in rec.meta["players"]:
            assert (name in en) == (name in es), (en, es)
        assert "{" not in es and not es.endswith("happened.")
        told += en != es
        s = evolve(s, e)
    assert told > len(rec.events) * 0.9  # nearly every sentence is told in Spanish
    assert "<th>jugador</th>" in table_html(s, lang="es") and "<th>player</th>" in table_html(s)


def test_an_engine_word_with_a_name_is_told_by_its_pattern():
    with words.telling("es"):
        assert words._said("run away from Crabs") == "huir de Crabs"
        assert words._said("rolled 4, total 6") == "sacó 4, total 6"
        assert words._said("no such word") == "no such word"  # unknown: as the engine wrote it
    assert words._said("run away from Crabs") == "run away from Crabs"


def test_every_move_of_every_ruleset_and_module_has_its_words():
    from munchkin_nb.engine.moves.base import MOVES

    assert {"d10_roll", "epic_arrow", "lay_out_received"} <= set(MOVES)  # the plug-ins are loaded
    assert sorted(set(MOVES) - set(words.ACTION_WORDS)) == []


def test_card_names_follow_the_spanish_rulebook_where_it_names_them():
    g = play_game(3, seed=0, max_turns=1)
    s = GameState()
    for e in g.events:
        s = evolve(s, e)
    assert words.card_name(s, "elf") == "Elf" and words.card_name(s, "elf", "es") == "Elfo"
    a = {"name": "play_card", "player": "Ana", "params": {"card": "elf"}}
    assert action_words(a, s, with_player=False, lang="es") == "Poner Elfo en juego"
    assert action_words(a, s, lang="es") == "Ana puso Elfo en juego"
    assert action_words(a, s) == "Ana put Elf on the table"


@pytest.mark.parametrize("lang", ["de", "eo", "ru", "ko"])
def test_every_move_has_its_own_words_to_do_in_every_language(lang):
    # a button says a thing to do, in words of its own: not the told sentence, not the English
    as_move, told = i18n.pgettext("words", lang), i18n.gettext("words", lang)
    to_do = {**words.MOVE_WORDS, **words.MOVE_VARIANTS}  # type: ignore[dict-item]
    told_of = {**words.ACTION_WORDS, **words.ACTION_VARIANTS}  # type: ignore[dict-item]
    assert [m for m in to_do.values() if as_move("move", m) == m] == []
    assert [k for k in to_do if as_move("move", to_do[k]) == told(told_of[k])] == []


@pytest.mark.parametrize("lang", ["de", "eo", "ru", "ko"])
@pytest.mark.parametrize("ruleset", ["classic", "cthulhu", "booty"])
def test_every_language_tells_each_event_keeping_its_names(ruleset, lang):
    rec = play_game(4, seed=3, ruleset=ruleset, max_turns=25)
    s = GameState()
    told = 0
    for e in rec.events:
        en, there = describe(e, s), describe(e, s, lang=lang)
        for name in rec.meta["players"]:
            assert (name in en) == (name in there), (en, there)
        assert "{" not in there and not there.endswith("happened.")
        told += en != there
        s = evolve(s, e)
    assert told > len(rec.events) * 0.9


def test_card_names_follow_the_russian_and_german_rulebooks_where_they_name_them():
    assert words.any_card_name("cultist", "ru") == "Сектант"
    assert words.any_card_name("cultist", "de") == "Cultist"
    assert words.any_card_name("privateer", "de") == "Freibeuter"
    assert words.any_card_name("lame_goblin", "de") == "Lame Goblin"  # no German rulebook names it
