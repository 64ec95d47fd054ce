"""The course: lessons that cover every rule group, in two languages, with engine-answered checks;
the lesson widget's checks, "why not?" and move groups; the course page's progress."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from munchkin_nb import i18n
from munchkin_nb.rules import registry
from munchkin_nb.rules.catalogue import RULES
from munchkin_nb.rules.registry import PLUGINS
from munchkin_nb.scenarios import ScenarioError, load_scenario, run_scenario
from munchkin_nb.scenarios.checks import engine_answer
from munchkin_nb.scenarios.yaml_io import load_yaml
from munchkin_nb.widgets.course import (
    BASE,
    INTRO,
    ORDER,
    OTHER_GAMES,
    Course,
    lesson_path,
    merge,
    next_lesson,
)
from munchkin_nb.widgets.glossary import TERMS, glossary_html, link_terms
from munchkin_nb.widgets.lesson import OFF_SCRIPT, Lesson

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "munchkin_nb"
LESSONS = [lesson_path(stem) for stem in ORDER]


def _data(path: Path) -> dict:
    return load_yaml(path, what="lesson")


def test_the_course_lists_every_lesson_file_once():
    base = (ROOT / "notebooks" / "lessons").glob("*.yaml")
    files = [*base, *(PACKAGE / "plugins").glob("*/lessons/*.yaml")]
    assert sorted(ORDER) == sorted(p.stem for p in files)
    assert sorted(LESSONS) == sorted(files)
    assert len(ORDER) >= 15


def test_each_plug_in_s_lessons_come_from_its_folder_in_its_place_in_the_course():
    assert ORDER[: len(BASE)] == BASE
    assert tuple(registry.lessons()) == OTHER_GAMES
    for stem in OTHER_GAMES:
        owner = next(p for p in PLUGINS.values() if stem in p.lessons)
        assert lesson_path(stem) == PACKAGE / "plugins" / owner.name / "lessons" / f"{stem}.yaml"
    places = [next(p.course_order for p in PLUGINS.values() if s in p.lessons) for s in OTHER_GAMES]
    assert places == sorted(places)


def test_lessons_cover_every_rule_group_of_the_classic_catalogue():
    taught = {r for p in LESSONS for r in _data(p).get("rules", [])}
    groups = {r.id.split(".")[0] for r in RULES if "classic" in r.rulesets}
    missing = sorted(groups - {r.split(".")[0] for r in taught})
    assert not missing, f"rule groups no lesson teaches: {missing}"


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_lesson_runs_clean_and_has_checks_and_two_languages(path):
    result = run_scenario(path)
    assert result.ok, [str(f) for f in result.failures]
    steps = _data(path)["steps"]
    assert any("check" in s for s in steps), f"{path.name} asks no check"
    prose = [s["say"] for s in steps if "say" in s]
    prose += [s["check"][k] for s in steps if "check" in s for k in ("say", "explain") if k in s["check"]]
    untranslated = [p for p in prose if not (isinstance(p, dict) and p.get("en") and p.get("es"))]
    assert not untranslated, f"{path.name}: prose without English and Spanish: {untranslated[:2]}"


def _write(tmp_path: Path, steps: str) -> Path:
    path = tmp_path / "l.yaml"
    path.write_text(
        "name: t\nplayers: [Ana, Ben, Cleo]\ndecks: {door: [undead_horse]}\nsteps:\n"
        "  - do: {player: Ana, action: kick_door}\n" + steps
    )
    return path


def test_a_check_whose_answer_the_engine_does_not_give_fails_the_lesson(tmp_path):
    res = run_scenario(_write(tmp_path, "  - check: {ask: strength, answer: 5}\n"))
    assert not res.ok and "the engine answers 1, the lesson says 5" in str(res.failures[0])
    res = run_scenario(_write(tmp_path, "  - check: {ask: charity, answer: [Ben]}\n"))
    assert "nobody is giving charity now" in str(res.failures[0])
    assert run_scenario(_write(tmp_path, "  - check: {ask: winner, answer: monsters}\n")).ok


@pytest.mark.parametrize(
    ("step", "words"),
    [
        ("  - say: {es: hola}\n", "needs 'en'"),
        ("  - say: {en: hi, xx: hi}\n", "unknown key 'xx'"),
        ("  - check: {ask: guess, answer: 1}\n", "unknown question 'guess'"),
        ("  - check: {ask: strength}\n", "needs 'answer'"),
        (
            "  - check: {ask: playable, player: Ana, cards: [crabs], answer: [elf]}\n",
            "not one of the check's cards",
        ),
    ],
)
def test_bad_prose_and_checks_are_one_clear_line(tmp_path, step, words):
    with pytest.raises(ScenarioError, match=re.escape(words)):
        load_scenario(_write(tmp_path, step))


def test_a_wrong_then_right_answer_scores_the_first_and_shows_the_rule():
    lesson = Lesson(lesson_path("first_turn"))
    lesson.choose(lesson.expected)
    assert lesson.question is not None and lesson.question["ask"] == "strength"
    assert [v for _l, v in lesson.options()].count(2) == 1
    assert lesson.answer(3) is False
    assert "Not quite." in lesson.feedback and "combat.strength" in lesson.feedback
    assert lesson.answer(2) is True  # a second try is allowed but not scored
    lesson.next_step()
    assert lesson.question["ask"] == "winner"
    assert lesson.answer("monsters") is True
    lesson.next_step()
    assert lesson.score == (1, 2)
    lesson.play_through()
    assert lesson.done and lesson.progress() == {"state": "done", "score": 1, "of": 2}


def test_playable_and_charity_checks_are_answered_by_the_engine():
    lesson = Lesson(lesson_path("getting_ready"))
    assert lesson.question["ask"] == "playable"
    assert lesson.answer(["elf", "warrior", "helm_of_courage"])
    lesson.next_step()
    while lesson.question is None:
        lesson.choose(lesson.expected)
    assert lesson.answer(["helm_of_courage", "thief"]) is False
    # the explanation says why the Thief cannot be played: the engine's refusal and its rule
    assert "class.one" in lesson.feedback and "Dwarf" in lesson.feedback
    charity = Lesson(lesson_path("charity"))
    while charity.question is None:
        charity.choose(charity.expected)
    assert engine_answer(charity.game.state, charity.question) == ["Ben"]
    assert charity.answer(["Cleo"]) is False and "turn.charity" in charity.feedback


def test_why_not_shows_the_engines_refusal_with_rule_and_citation():
    lesson = Lesson(lesson_path("first_turn"))
    labels = [label for label, _v in lesson.why.options]
    assert any("loot the room" in label for label in labels)
    lesson.why.value = next(v for label, v in lesson.why.options if "loot the room" in label)
    out = lesson.why_out.value
    assert "turn.loot_the_room" in out  # the rule id and its citation, the book by its name
    assert "Munchkin rulebook (Spanish, with Deluxe and modules)</b> — Turn phases: 3. Loot the room" in out


def test_moves_are_grouped_and_the_lesson_move_is_suggested():
    lesson = Lesson(lesson_path("one_shots"))
    lesson.choose(lesson.expected)  # kick the door: a fight, where everyone may play
    groups = lesson.groups(lesson.legal())
    assert groups["turn"] and all(a.player == "Ana" for a in groups["turn"])
    buttons = [b for box in lesson.choices.children for b in getattr(box, "children", ())]
    html_classes = [c for b in buttons for c in getattr(b, "_dom_classes", ())]
    assert "munchkin-suggested" in html_classes


def test_spanish_lessons_and_page_texts():
    lesson = Lesson(lesson_path("first_turn"), lang="es")
    assert "Bienvenido" in lesson.page.value and "Tu primer turno" in lesson.title.value
    sources = (ROOT / "munchkin_nb" / "widgets" / "lesson.py").read_text() + (
        ROOT / "munchkin_nb" / "widgets" / "course.py"
    ).read_text()
    messages = set(re.findall(r"""_\((?:"([^"]+)"|'([^']+)')\)""", sources))
    msgs = [a or b for a, b in messages]
    msgs += [load_scenario(lesson_path(s)).name for s in ORDER] + ["new", "started", "done", "the players"]
    msgs += [INTRO, OFF_SCRIPT]
    assert i18n.missing("course", "es", msgs) == []


def test_course_progress_merges_and_finds_the_next_lesson():
    assert next_lesson({}) == ORDER[0]
    done = {"state": "done", "score": 2, "of": 2}
    assert next_lesson({ORDER[0]: done}) == ORDER[1]
    assert merge(done, {"state": "started", "score": 0, "of": 2}) == done
    course = Course()
    lesson = course.open_next()
    assert lesson is not None and course.store.progress[ORDER[0]]["state"] == "started"
    lesson.play_through()
    assert course.store.progress[ORDER[0]] == {"state": "done", "score": 2, "of": 2}
    assert "lesson-done" in course.map.children[0]._dom_classes
    assert ORDER[1] == next_lesson(course.store.progress)


def test_glossary_words_link_from_text_to_their_entry():
    html = link_terms("Ana kicks open the door and runs away from the Bad Stuff.")
    for tid in ("kick_the_door", "run_away", "bad_stuff"):
        assert f"href='#gloss-{tid}'" in html and f"id='gloss-{tid}'" in glossary_html()
    assert len(TERMS) >= 15 and "<script" not in link_terms("<script>door</script>")


OTHER = ["what_changes_cthulhu", "what_changes_booty", "d10", "expansions", "hirelings", "steeds"]
OTHER += ["dungeons", "munchkinomicon", "epic"]


@pytest.mark.parametrize("stem", OTHER)
def test_a_lesson_of_another_game_or_module_completes_through_the_engine(stem):
    from munchkin_nb.widgets.course import OTHER_GAMES

    assert stem in OTHER_GAMES
    data = _data(lesson_path(stem))
    assert data.get("ruleset", "classic") != "classic" or data.get("modules")
    for lang in ("en", "es"):
        lesson = Lesson(lesson_path(stem), lang=lang)
        # the game is the lesson's own: its ruleset and modules, with their cards
        assert lesson.game.state.ruleset == data.get("ruleset", "classic")
        assert list(lesson.game.state.modules) == data.get("modules", [])
        lesson.play_through()
        right, total = lesson.score
        assert lesson.done and not lesson.off_script and right == total >= 2
        # every rule the lesson names is one of that game's, or of the classic rules it keeps
        taught = set(data["rules"])
        cited = {r for e in lesson.game.events for r in e.rules} | {
            s["reject"]["rule"] for s in data["steps"] if "reject" in s
        }
        assert taught <= cited, f"{stem}: named but never applied: {sorted(taught - cited)}"


def test_the_map_groups_the_other_games_after_the_classic_course():
    from munchkin_nb.widgets.course import OTHER_GAMES

    course = Course(lang="es")
    kids = list(course.map.children)
    heads = [k for k in kids if "munchkin-course-group" in k._dom_classes]
    assert len(heads) == 1 and "Otros juegos y módulos" in heads[0].value
    after = kids[kids.index(heads[0]) + 1 :]
    assert [c for c in ORDER if any(f"lesson-id-{c}" in k._dom_classes for k in after)] == list(OTHER_GAMES)
    assert "Qué cambia en Munchkin Cthulhu" in after[0].description


def test_a_spanish_lesson_offers_its_moves_as_things_to_do():
    import ipywidgets as widgets

    lesson = Lesson(lesson_path("first_turn"), lang="es")

    def labels_in(w):
        own = [w.description] if isinstance(w, widgets.Button) else []
        return own + [x for c in getattr(w, "children", ()) for x in labels_in(c)]

    labels = labels_in(lesson.choices)
    assert "Ana: abrir la puerta de una patada" in labels
    assert all(not label.startswith("Ana chose") for label in labels)
    why = [label for label, _v in lesson.why.options]
    assert "Ana: saquear la habitación" in why
