"""The classic fidelity audit as tables: card -> effect words -> scenarios, rule sentence -> ids -> scenarios.

`python -m munchkin_nb.rules.fidelity` writes docs/fidelity.md from the data (cards/classic.yaml,
docs/fidelity/*.yaml, the scenarios), with the counts of every book's audit, and each other audit's
page docs/fidelity/<name>.md (`fidelity_audits`); `--check` exits 1 when a file on disk differs.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from munchkin_nb.rules import fidelity_audits as books
from munchkin_nb.rules.catalogue import CLASSIC_RULES as RULES  # the audit is of the base game

ROOT = Path(__file__).resolve().parents[2]
CARDS = ROOT / "cards" / "classic.yaml"
SENTENCES = ROOT / "docs" / "fidelity" / "rulebook_000_core.yaml"
KNOWN_GAPS = ROOT / "docs" / "fidelity" / "known_gaps.yaml"
OUT = ROOT / "docs" / "fidelity.md"
SCENARIO_GLOBS = (
    "tests/scenarios/**/*.yaml",
    "munchkin_nb/plugins/*/scenarios/*.yaml",
    "notebooks/lessons/*.yaml",
    "munchkin_nb/plugins/*/lessons/*.yaml",
)
SETUP_TESTS = ROOT / "tests" / "test_setup_rules.py"
PENDING = "tests/scenarios/cards/pending/"
# prose fields of a scenario: a card id written there is not a use of the card
PROSE = ("name", "description", "say", "rules", "xfail")


def _load(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


# -- cards -------------------------------------------------------------------
def _words(value: Any) -> Iterator[str]:
    """The vocabulary words of an effect, step or condition (keys and bare words), depth first."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            if isinstance(v, dict | list):
                yield from _words(v)
    elif isinstance(value, list):
        for v in value:
            yield from _words(v)


def effect_words(c: dict[str, Any]) -> list[str]:
    """What a card does beyond plain numbers, as the file's own words; empty for a plain card."""
    out: list[str] = []
    effects = c.get("effects") or []
    if c["kind"] == "monster_enhancer":
        effects = [
            e for e in effects if not (isinstance(e, dict) and set(e) <= {"monster_bonus", "treasures"})
        ]
    if c["kind"] == "go_up_a_level":
        effects = [e for e in effects if e != {"gain_level": 1}]
    if c["kind"] == "curse" and all(isinstance(e, dict) and set(e) == {"lose_levels"} for e in effects):
        effects = []  # a curse that only costs levels is plain numbers, like such bad stuff
    out += [f"effect:{w}" for w in _words(effects)]
    bad = c.get("bad_stuff") or []
    if not all(isinstance(b, dict) and set(b) == {"lose_levels"} for b in bad):
        out += [f"bad_stuff:{w}" for w in _words(bad)]
    for key in ("requires", "persistent"):
        if c.get(key):
            out += [f"{key}:{w}" for w in _words(c[key])]
    if c.get("when") not in (None, "combat"):  # "only in a combat" is every one-shot's plain timing
        out += [f"when:{w}" for w in _words(c["when"])]
    for flag in ("big", "undead"):
        if c.get(flag):
            out.append(flag)
    if c["kind"] in ("race", "class", "half_breed", "super_munchkin", "wandering_monster"):
        out.insert(0, f"kind:{c['kind']}")
    return list(dict.fromkeys(out))


def cards() -> list[dict[str, Any]]:
    return list(_load(CARDS)["cards"])


# -- scenarios ---------------------------------------------------------------
@dataclass(frozen=True)
class ScenarioUse:
    """One scenario file: its short name, the card ids it plays, the rule ids it names."""

    name: str
    pending: bool
    cards: frozenset[str]
    rules: frozenset[str]


def _tokens(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value.split("#")[0]
    elif isinstance(value, dict):
        for k, v in value.items():
            if k in PROSE:
                continue
            yield str(k).split("#")[0]
            yield from _tokens(v)
    elif isinstance(value, list):
        for v in value:
            yield from _tokens(v)


def scenario_name(path: Path) -> str:
    """A scenario's name in the audit: its path under tests/scenarios, a plug-in's `<plug-in>/<file>`."""
    rel = path.relative_to(ROOT).as_posix()
    name = rel.removeprefix("tests/scenarios/").removeprefix("munchkin_nb/plugins/").removesuffix(".yaml")
    return name.replace("/scenarios/", "/")


def scenario_paths() -> list[Path]:
    """Every scenario and lesson, in the order of their paths as if all lay under tests/scenarios."""
    found = {p for g in SCENARIO_GLOBS for p in ROOT.glob(g)}

    def key(p: Path) -> str:
        rel = p.relative_to(ROOT).as_posix()
        return rel if not rel.startswith("munchkin_nb/plugins/") else f"tests/scenarios/{scenario_name(p)}"

    return sorted(found, key=key)


def scenarios(card_ids: Iterable[str]) -> list[ScenarioUse]:
    """Every scenario and lesson, with the card ids found in its set-up and steps (never its prose)."""
    ids = set(card_ids)
    out = []
    for path in scenario_paths():
        data = _load(path) or {}
        if data.get("ruleset", "classic") != "classic":
            continue  # the audit is of the base game; a plug-in's scenarios play its own cards
        rel = path.relative_to(ROOT).as_posix()
        steps = [s for s in data.get("steps") or [] if isinstance(s, dict) and "say" not in s]
        # discard piles are scenery (a reshuffle test lays out the whole deck there): not a use of the card
        body = {k: v for k, v in data.items() if k not in PROSE and k not in ("steps", "discards")}
        found = {t for t in _tokens([body, steps]) if t in ids}
        found |= {t for t in _tokens(steps) if t in ids}
        name = scenario_name(path)
        out.append(
            ScenarioUse(name, rel.startswith(PENDING), frozenset(found), frozenset(data.get("rules") or []))
        )
    return out


def setup_test_rules() -> set[str]:
    """Rule ids tests/test_setup_rules.py checks (its `# rules:` comments), read as test_scenarios does."""
    found: set[str] = set()
    if SETUP_TESTS.exists():
        for line in SETUP_TESTS.read_text(encoding="utf-8").splitlines():
            m = re.match(r"\s*#\s*rules:\s*(.+)$", line)
            if m:
                found.update(x.strip() for x in m.group(1).split(",") if x.strip())
    return found


# -- the audit ---------------------------------------------------------------
@dataclass
class Audit:
    """Both tables and the gaps, computed from the data."""

    card_rows: list[tuple[str, str, list[str], list[str], list[str]]]  # id, name, words, running, pending
    sentence_rows: list[dict[str, Any]]
    rule_scenarios: dict[str, list[str]]
    card_gaps: list[str]
    rule_gaps: list[str]
    sentence_gaps: list[str]
    missing_rules: list[dict[str, Any]]


def audit() -> Audit:
    cs = cards()
    uses = scenarios(c["id"] for c in cs)
    running = [u for u in uses if not u.pending]
    card_rows = []
    card_gaps = []
    for c in cs:
        words = effect_words(c)
        ran = [u.name for u in running if c["id"] in u.cards]
        pend = [u.name for u in uses if u.pending and c["id"] in u.cards]
        card_rows.append((c["id"], c["name"], words, ran, pend))
        if words and not ran:
            card_gaps.append(c["id"])
    by_rule: dict[str, list[str]] = {r.id: [] for r in RULES}
    for u in running:
        for r in sorted(u.rules):
            by_rule.setdefault(r, []).append(u.name)
    for r in sorted(setup_test_rules()):
        by_rule.setdefault(r, []).append("tests/test_setup_rules.py")
    rule_gaps = [r.id for r in RULES if not by_rule[r.id]]
    sents = list(_load(SENTENCES)["sentences"])
    sentence_gaps = [
        f"{s['n']}"
        for s in sents
        if "flavour" not in s and not any(by_rule.get(r) for r in s.get("rules") or [])
    ]
    missing = [s["missing_rule"] | {"n": s["n"]} for s in sents if s.get("missing_rule", {}).get("title")]
    return Audit(card_rows, sents, by_rule, card_gaps, rule_gaps, sentence_gaps, missing)


def known_gaps() -> dict[str, dict[str, str]]:
    """The allow-list: gaps known and explained (id -> reason), per kind: cards, rules, sentences."""
    data = _load(KNOWN_GAPS) or {}
    return {k: dict(data.get(k) or {}) for k in ("cards", "rules", "sentences")}


# -- the page ----------------------------------------------------------------
def _list(names: list[str], most: int = 4) -> str:
    if not names:
        return "—"
    shown = ", ".join(f"`{n}`" for n in names[:most])
    return shown + (f" (+{len(names) - most})" if len(names) > most else "")


def render(a: Audit) -> str:
    known = known_gaps()
    n_cards = len(a.card_rows)
    n_effect = sum(1 for r in a.card_rows if r[2])
    n_rule = sum(1 for s in a.sentence_rows if "flavour" not in s)
    lines = [
        "# Classic fidelity: cards and rule sentences against scenarios",
        "",
        "Built by `python -m munchkin_nb.rules.fidelity` from `cards/classic.yaml`,",
        "`docs/fidelity/rulebook_000_core.yaml`, `docs/fidelity/known_gaps.yaml` and the scenarios",
        "(`tests/scenarios/**`, `notebooks/lessons/`); do not edit by hand. Scenarios under",
        "`cards/pending/` show what the cards say where the engine disagrees",
        "(`docs/fidelity/disagreements.md`); they are listed apart and not run.",
        "",
        f"{n_cards} distinct cards, {n_effect} with effects beyond plain numbers; "
        f"{len(a.sentence_rows)} core sentences of rulebook 000, {n_rule} stating rules, "
        f"{len(a.sentence_rows) - n_rule} flavour.",
        "",
        *books.summary(books.audits()),
        "",
        "## Cards",
        "",
        "| card | effect words | scenarios | pending |",
        "|---|---|---|---|",
    ]
    for cid, name, words, ran, pend in a.card_rows:
        w = ", ".join(words) if words else "plain numbers"
        lines.append(f"| `{cid}` {name} | {w} | {_list(ran)} | {_list(pend)} |")
    lines += [
        "",
        "## Rulebook 000, core rules",
        "",
        "| # | section | anchor | rule ids | scenarios |",
        "|---|---|---|---|---|",
    ]
    for s in a.sentence_rows:
        anchor = s["anchor"].replace("|", "\\|")
        if "flavour" in s:
            ids, where = f"flavour: {s['flavour']}", "—"
        else:
            rs = s.get("rules") or []
            ids = ", ".join(f"`{r}`" for r in rs)
            if s.get("missing_rule"):
                ids += (", " if ids else "") + f"missing: `{s['missing_rule']['id']}`"
            where = _list(sorted({n for r in rs for n in a.rule_scenarios.get(r, [])}), 3)
        lines.append(f"| {s['n']} | {s['section']} | {anchor} | {ids} | {where} |")
    lines += ["", "## Rules proposed for the catalogue", ""]
    for m in a.missing_rules:
        lines.append(f"- `{m['id']}` ({m['title']}), sentence {m['n']}: {m['text']} Engine: {m['engine']}.")
    lines += ["", "## Gaps", ""]
    for kind, gaps in (("cards", a.card_gaps), ("rules", a.rule_gaps), ("sentences", a.sentence_gaps)):
        if not gaps:
            lines.append(f"- {kind}: none")
            continue
        lines.append(f"- {kind}:")
        for g in gaps:
            lines.append(f"  - `{g}`: {known[kind].get(g, 'UNEXPLAINED')}")
    return "\n".join(lines) + "\n"


def pages() -> dict[Path, str]:
    """Every page this script writes: docs/fidelity.md and one per book audit."""
    out = {OUT: render(audit())}
    for b in books.audits():
        out[books.out_path(b)] = books.render(b)
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    written = pages()
    if "--check" in args:
        stale = [
            p for p, text in written.items() if not (p.is_file() and p.read_text(encoding="utf-8") == text)
        ]
        for p in stale:
            print(f"{p.relative_to(ROOT)} is out of date: run python -m munchkin_nb.rules.fidelity")
        return 1 if stale else 0
    for p, text in written.items():
        p.write_text(text, encoding="utf-8")
        print(f"wrote {p.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
