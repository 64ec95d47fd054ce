"""The rule catalogue: stable ids, our own text, and citations that really stand in the rulebooks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from munchkin_nb.cli import main
from munchkin_nb.rules import RULE_INDEX, RULES, rule
from munchkin_nb.rules.sources import quotes_of

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"
KNOWN_SEEDS = {
    "000_ec1365c06d4620a2.txt",
    "001_36989bfcfe3c6efd.txt",
    "002_bb01092f1c00afe9.txt",
    "003_d9dffe2412ccea8c.txt",
    "004_46a94e686cd27933.txt",
}


def test_ids_are_unique_and_well_formed():
    assert len(RULE_INDEX) == len(RULES)
    for r in RULES:
        assert re.fullmatch(r"[a-z_][a-z_0-9]*\.[a-z_0-9.]+", r.id), r.id
        assert r.seed in KNOWN_SEEDS and r.section and r.text and r.title
        assert all(seed in KNOWN_SEEDS for seed, _ in r.cross_checks)


def test_an_unknown_rule_id_is_a_clear_error():
    with pytest.raises(KeyError, match="no rule with id 'combat.nonsense'"):
        rule("combat.nonsense")


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebooks (../shared/seeds) are not beside the project")
def test_every_quoted_anchor_stands_in_its_rulebook():
    for r in RULES:
        book = _flat((SEEDS / r.seed).read_text(encoding="utf-8"))
        for quote in quotes_of(r):
            assert _flat(quote) in book, f"{r.id}: {quote!r} is not in {r.seed}"
        for seed, section in r.cross_checks:
            summary = (SEEDS / seed).read_text(encoding="utf-8")
            for part in section.split("; "):
                heading = re.sub(r" \d+$", "", part.split(":")[0].strip())
                assert heading in summary, f"{r.id}: heading {heading!r} is not in {seed}"


def test_cli_lists_rules_with_citations_and_cross_checks(capsys):
    assert main(["rules", "--ruleset", "classic"]) == 0
    out = capsys.readouterr().out
    assert "turn.charity" in out
    assert "[Munchkin rulebook (Spanish, with Deluxe and modules) — Turn phases" in out
    assert "cross-check: Munchkin rules summary (Esperanto) — " in out and "summary slip:" in out
    assert not re.search(r"_[0-9a-f]{16}\.txt", out)  # no rulebook file id where a reader looks
    assert main(["rules", "--ruleset", "nope"]) == 2  # one line on stderr, not a traceback (issue 9)
    from munchkin_nb.rules.rulesets import RULESETS

    known = ", ".join(sorted(RULESETS))
    assert capsys.readouterr().err == f"munchkin-nb: error: unknown ruleset 'nope'; known: {known}\n"
