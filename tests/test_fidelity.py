"""The fidelity audit: docs/fidelity.md is the script's output, and every gap in it is known and explained."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from munchkin_nb.rules import RULE_INDEX
from munchkin_nb.rules import fidelity as fid

SEED = Path(__file__).resolve().parents[2] / "shared" / "seeds" / "000_ec1365c06d4620a2.txt"


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def audit() -> fid.Audit:
    """The audit of this checkout, made once for the tests that only read it (it reads every scenario)."""
    return fid.audit()


def test_docs_fidelity_is_the_scripts_output(audit: fid.Audit) -> None:
    assert fid.OUT.read_text(encoding="utf-8") == fid.render(audit), (
        "docs/fidelity.md is out of date: run python -m munchkin_nb.rules.fidelity"
    )


@pytest.mark.parametrize("kind", ["cards", "rules", "sentences"])
def test_every_gap_is_known_and_every_known_gap_is_real(kind: str, audit: fid.Audit) -> None:
    a = audit
    gaps = set({"cards": a.card_gaps, "rules": a.rule_gaps, "sentences": a.sentence_gaps}[kind])
    known = set(fid.known_gaps()[kind])
    assert not gaps - known, f"{kind} with no scenario nor reason in known_gaps.yaml: {sorted(gaps - known)}"
    assert not known - gaps, f"{kind} in known_gaps.yaml that are no longer gaps: {sorted(known - gaps)}"


def test_a_card_with_effects_and_no_scenario_is_a_gap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the check is real: with no scenario at all, every card with effects is a gap and plain cards are not
    monkeypatch.setattr(fid, "SCENARIO_GLOBS", ())
    monkeypatch.setattr(fid, "SETUP_TESTS", tmp_path / "none.py")
    a = fid.audit()
    assert "doppleganger" in a.card_gaps and "amazon" in a.card_gaps
    assert "helm_of_courage" not in a.card_gaps and "magic_missile" not in a.card_gaps
    assert set(a.rule_gaps) == {r for r in RULE_INDEX if "classic" in RULE_INDEX[r].rulesets}


def test_sentences_name_known_rules_or_say_why_not(audit: fid.Audit) -> None:
    for s in audit.sentence_rows:
        has_rules = bool(s.get("rules")) or bool(s.get("missing_rule"))
        assert has_rules != ("flavour" in s), f"sentence {s['n']}: rules/missing_rule or flavour, not both"
        unknown = set(s.get("rules") or []) - set(RULE_INDEX)
        assert not unknown, f"sentence {s['n']}: unknown rule ids {sorted(unknown)}"
        if s.get("missing_rule"):
            assert s["missing_rule"]["id"] not in RULE_INDEX, f"sentence {s['n']}: that rule exists now"
            assert re.fullmatch(r"[a-z_]+\.[a-z_0-9.]+", s["missing_rule"]["id"])


@pytest.mark.skipif(not SEED.is_file(), reason="the rulebooks (../shared/seeds) are not beside the project")
def test_anchors_stand_in_rulebook_000_in_order(audit: fid.Audit) -> None:
    book = _flat(SEED.read_text(encoding="utf-8"))
    at = 0
    for s in audit.sentence_rows:
        found = book.find(_flat(s["anchor"]), at)
        assert found >= 0, f"sentence {s['n']}: {s['anchor']!r} is not in 000 after the previous anchor"
        at = found


def test_pending_scenarios_are_not_run_and_card_scenarios_are() -> None:
    from tests.test_scenarios import SCENARIOS

    names = {p.relative_to(fid.ROOT).as_posix() for p in SCENARIOS}
    assert not any("/pending/" in n for n in names)
    assert "tests/scenarios/cards/doppleganger_alone.yaml" in names
