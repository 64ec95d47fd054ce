"""The audits of every rulebook (docs/fidelity/rulebook_*.yaml but the classic core's): each row well
formed, its anchor in its rulebook in order, its rule ids in the catalogue, its scenarios on disk, and
the pages built from them up to date."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from munchkin_nb.rules import RULE_INDEX
from munchkin_nb.rules import fidelity as fid
from munchkin_nb.rules import fidelity_audits as books

AUDITS = books.audit_paths()
NAMES = [p.stem for p in AUDITS]


def test_every_book_and_module_has_its_audit() -> None:
    assert {"rulebook_003_cthulhu", "rulebook_001_booty"} <= set(NAMES)
    modules = {"expansions", "hirelings", "steeds", "dungeons", "munchkinomicon", "epic", "d10"}
    assert {f"rulebook_000_{m}" for m in modules} <= set(NAMES)


@pytest.mark.parametrize("path", AUDITS, ids=NAMES)
def test_rows_name_known_rules_existing_scenarios_and_a_status(path: Path) -> None:
    a = books.load(path)
    assert a.sentences, f"{a.name} has no sentences"
    assert books.problems(a, set(RULE_INDEX), books.scenario_names()) == []


@pytest.mark.parametrize("path", AUDITS, ids=NAMES)
def test_anchors_stand_in_the_rulebook_in_order(path: Path) -> None:
    a = books.load(path)
    seed = books.SEEDS / a.seed
    if not seed.is_file():
        pytest.skip("the rulebooks (../shared/seeds) are not beside the project")
    assert books.anchor_problems(a, seed.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("path", AUDITS, ids=NAMES)
def test_each_audit_page_is_the_scripts_output(path: Path) -> None:
    a = books.load(path)
    out = books.out_path(a)
    assert out.is_file() and out.read_text(encoding="utf-8") == books.render(a), (
        f"{out.name} is out of date: run python -m munchkin_nb.rules.fidelity"
    )


def test_the_counts_in_docs_fidelity_are_the_audits() -> None:
    text = fid.OUT.read_text(encoding="utf-8")
    for a in books.audits():
        c = a.counts()
        row = f"| [{a.title}](fidelity/{books.out_path(a).name}) | " + " | ".join(
            str(c[k]) for k in books.COLUMNS
        )
        assert row in text, f"docs/fidelity.md lacks the counts of {a.name}"
        assert sum(c.values()) == len(a.sentences)


def _one(tmp_path: Path, rows: list[dict[str, object]]) -> books.BookAudit:
    p = tmp_path / "rulebook_009_test.yaml"
    data = {"book": "009", "title": "test", "seed": "x.txt", "sentences": rows}
    p.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return books.load(p)


def test_the_checks_catch_bad_rows(tmp_path: Path) -> None:
    rules, scenarios = {"combat.win"}, {"cthulhu/sell_and_trade"}
    good = {"n": 1, "section": "s", "anchor": "Uno dos", "rules": ["combat.win"], "status": "faithful"}
    a = _one(tmp_path, [good, {"n": 2, "section": "s", "anchor": "Tres", "flavour": "joke"}])
    assert books.problems(a, rules, scenarios) == []
    bad = [
        good | {"rules": ["combat.nope"]},
        good | {"n": 2, "scenarios": ["cthulhu/not_there"]},
        good | {"n": 3, "status": "pending"},
        good | {"n": 4, "status": "wrong"},  # no note saying what the engine does
        {"n": 5, "section": "s", "anchor": "x", "status": "faithful"},  # no rules
        good | {"n": 5},  # n not above the previous
        {"n": 6, "section": "s", "anchor": "x", "flavour": "joke", "status": "faithful"},
    ]
    found = books.problems(_one(tmp_path, bad), rules, scenarios)
    for n, words in enumerate(
        ["unknown rule ids", "no scenario file", "is not one of", "says how in a note", "names the rules"], 1
    ):
        assert any(f"sentence {n}:" in f and words in f for f in found), (n, words, found)
    assert any("n must be a number above" in f for f in found)
    assert any("a flavour row names no rules" in f for f in found)


def test_anchors_out_of_order_or_absent_are_caught(tmp_path: Path) -> None:
    rows = [
        {"n": 1, "section": "s", "anchor": "dos  tres", "flavour": "x"},
        {"n": 2, "section": "s", "anchor": "uno", "flavour": "x"},
        {"n": 3, "section": "s", "anchor": "cuatro", "flavour": "x"},
    ]
    found = books.anchor_problems(_one(tmp_path, rows), "uno dos\ntres cuatro")
    assert [f.split(":")[0] for f in found] == ["rulebook_009_test sentence 2"]


def test_scenarios_are_found_in_the_plugins_folders_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # after the move a plug-in's scenarios live in munchkin_nb/plugins/<name>/scenarios/: same names
    moved = tmp_path / "munchkin_nb" / "plugins" / "cthulhu" / "scenarios" / "sell_and_trade.yaml"
    moved.parent.mkdir(parents=True)
    moved.write_text("name: x\n", encoding="utf-8")
    (tmp_path / "tests" / "scenarios" / "cards").mkdir(parents=True)
    (tmp_path / "tests" / "scenarios" / "cards" / "magic_lamp.yaml").write_text("name: y\n", encoding="utf-8")
    monkeypatch.setattr(books, "ROOT", tmp_path)
    assert {"cthulhu/sell_and_trade", "cards/magic_lamp"} <= books.scenario_names()
