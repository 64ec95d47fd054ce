"""Every scenario (tests/scenarios, and each plug-in's scenarios/) runs clean, and together they name
every rule of the catalogue."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from munchkin_nb.rules.catalogue import RULES
from munchkin_nb.rules.registry import scenario_folders
from munchkin_nb.scenarios import ScenarioError, run_scenario
from munchkin_nb.scenarios.yaml_io import load_yaml

HERE = Path(__file__).parent
# tests/scenarios/*.yaml and the card audit's tests/scenarios/cards/*.yaml; not cards/pending/, which
# holds scenarios written as the cards say, waiting for an engine change (docs/fidelity/disagreements.md)
# and each plug-in's munchkin_nb/plugins/<name>/scenarios/*.yaml (found through the plug-in registry)
SCENARIOS = (
    sorted((HERE / "scenarios").glob("*.yaml"))
    + sorted((HERE / "scenarios").glob("*/*.yaml"))
    + [p for d in scenario_folders().values() for p in sorted(d.glob("*.yaml"))]
)
SETUP_TESTS = HERE / "test_setup_rules.py"


@cache  # read by each scenario's test and by the checks over all of them: parsed once (read only)
def _raw(path: Path) -> dict:
    data = load_yaml(path, what="scenario") or {}
    assert isinstance(data, dict), f"{path.name} is not a mapping"
    return data


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    data = _raw(path)
    try:
        result = run_scenario(path)
        failures = [str(f) for f in result.failures]
    except ScenarioError as exc:  # the file is broken; anything else escaping is a runner bug
        failures = [str(exc)]
    if failures and data.get("xfail"):
        pytest.xfail(f"{data['xfail']} -- " + "; ".join(failures))
    assert not failures, f"{path.name} ({data.get('name', '')}):\n  " + "\n  ".join(failures)


def test_scenarios_exist() -> None:
    assert len(SCENARIOS) >= 45


def _setup_rule_comments() -> set[str]:
    found: set[str] = set()
    if SETUP_TESTS.exists():
        for line in SETUP_TESTS.read_text().splitlines():
            m = re.match(r"\s*#\s*rules:\s*(.+)$", line)
            if m:
                found.update(x.strip() for x in m.group(1).split(",") if x.strip())
    return found


def test_every_rule_is_checked() -> None:
    named: set[str] = set()
    for path in SCENARIOS:
        named.update(_raw(path).get("rules") or [])
    named |= _setup_rule_comments()
    missing = [r.id for r in RULES if r.id not in named]
    assert not missing, "rules no scenario or set-up test checks: " + ", ".join(missing)


def test_scenarios_name_known_rules() -> None:
    known = {r.id for r in RULES}
    for path in SCENARIOS:
        unknown = set(_raw(path).get("rules") or []) - known
        assert not unknown, f"{path.name} names unknown rules {sorted(unknown)}"
        assert _raw(path).get("rules"), f"{path.name} names no rules"
