"""What differs between the games: each rule side by side in every ruleset that has rules.

A row is one rule of the base game and the rule each other game files in its place
(`Ruleset.renames`), or a rule that only one game has. The rules explorer shows these rows; they
come from the rulesets' own data, so a new ruleset or module appears here by registering.
"""

from __future__ import annotations

from dataclasses import dataclass

from .catalogue import RULE_INDEX, RULES, Rule
from .rulesets import RULESETS

BASE = "classic"


@dataclass(frozen=True)
class Difference:
    """One rule across the games: the rule each game has (None where it has none)."""

    rules: dict[str, Rule | None]

    @property
    def first(self) -> Rule:
        return next(r for r in self.rules.values() if r is not None)


def compared_rulesets() -> list[str]:
    """The base game, then every other ruleset with rules of its own, by name."""
    others = sorted(n for n in RULESETS if n != BASE and any(n in r.rulesets for r in RULES))
    return [BASE, *others]


def differences() -> list[Difference]:
    """Every rule one game states differently (or alone), in catalogue order of the base game,
    then each other game's rules of its own."""
    names = compared_rulesets()
    rows: list[Difference] = []
    seen: set[str] = set()
    for base in (r for r in RULES if BASE in r.rulesets):
        own = {n: RULESETS[n].renames.get(base.id) for n in names if n != BASE}
        if not any(own.values()):
            continue
        row: dict[str, Rule | None] = {BASE: base}
        for n, rid in own.items():
            row[n] = RULE_INDEX[rid] if rid else base  # not renamed: the base rule holds there too
            if rid:
                seen.add(rid)
        rows.append(Difference(row))
    for n in names[1:]:
        for r in RULES:
            if n in r.rulesets and r.id not in seen and BASE not in r.rulesets:
                rows.append(Difference({m: (r if m == n else None) for m in names}))
    return rows
