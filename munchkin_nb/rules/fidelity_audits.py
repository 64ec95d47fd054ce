"""The sentence-by-sentence audits of every rulebook: sentence -> rule ids -> scenarios -> status.

Each `docs/fidelity/rulebook_<book>_<part>.yaml` but the classic core (whose table is in
docs/fidelity.md) is one audit: a rulebook, or one module section of rulebook 000.
`python -m munchkin_nb.rules.fidelity` writes `docs/fidelity/<same name>.md` for each, and the
counts per book in docs/fidelity.md; tests/test_fidelity_audits.py keeps them equal.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
AUDITS = ROOT / "docs" / "fidelity"
CORE = "rulebook_000_core.yaml"  # the classic core, in docs/fidelity.md with its own columns
#: where a named scenario may live: today's folders and the plug-ins' own (after the move)
SCENARIO_GLOBS = (
    "tests/scenarios/**/*.yaml",
    "munchkin_nb/plugins/*/scenarios/**/*.yaml",
    "munchkin_nb/rulesets/**/*.yaml",
)
STATUSES = ("faithful", "simplified", "wrong", "missing")
COLUMNS = (*STATUSES, "flavour")
SEEDS = ROOT.parent / "shared" / "seeds"


@dataclass(frozen=True)
class BookAudit:
    """One audit file: its book, title, seed file and sentences (dicts as written)."""

    path: Path
    book: str
    title: str
    seed: str
    sentences: list[dict[str, Any]]

    @property
    def name(self) -> str:
        return self.path.stem

    def counts(self) -> dict[str, int]:
        """How many sentences have each status (flavour counted apart)."""
        c = Counter("flavour" if "flavour" in s else s["status"] for s in self.sentences)
        return {k: c.get(k, 0) for k in COLUMNS}


def audit_paths() -> list[Path]:
    return sorted(p for p in AUDITS.glob("rulebook_*.yaml") if p.name != CORE)


def load(path: Path) -> BookAudit:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return BookAudit(path, str(data["book"]), data["title"], data["seed"], list(data["sentences"]))


def audits() -> list[BookAudit]:
    return [load(p) for p in audit_paths()]


def scenario_names() -> set[str]:
    """Every scenario, by its name under its scenarios folder without .yaml (`cthulhu/sell_and_trade`)."""
    out: set[str] = set()
    for g in SCENARIO_GLOBS:
        for p in ROOT.glob(g):
            rel = p.relative_to(ROOT).as_posix().removesuffix(".yaml")
            for root in ("tests/scenarios/", "munchkin_nb/rulesets/", "munchkin_nb/plugins/"):
                if rel.startswith(root):
                    rest = rel.removeprefix(root)
                    out.add(rest)
                    # a plug-in's own scenarios are named as they are under tests/scenarios/<plug-in>/
                    parts = rest.split("/")
                    if "scenarios" in parts:
                        i = parts.index("scenarios")
                        out.add("/".join([parts[0], *parts[i + 1 :]]))
    return out


def problems(a: BookAudit, rule_ids: set[str], scenarios: set[str]) -> list[str]:
    """What is wrong with one audit's rows (empty when every row is well formed)."""
    out = []
    last = -1
    for s in a.sentences:
        where = f"{a.name} sentence {s.get('n')}"
        if not isinstance(s.get("n"), int) or s["n"] <= last:
            out.append(f"{where}: n must be a number above the previous one")
        else:
            last = s["n"]
        if not s.get("anchor") or not s.get("section"):
            out.append(f"{where}: needs a section and an anchor")
        if "flavour" in s:
            if set(s) - {"n", "section", "anchor", "flavour", "damaged"}:
                out.append(f"{where}: a flavour row names no rules, scenarios or status")
            continue
        if s.get("status") not in STATUSES:
            out.append(f"{where}: status {s.get('status')!r} is not one of {', '.join(STATUSES)}")
        if s.get("status") != "faithful" and not s.get("note"):
            out.append(f"{where}: a {s.get('status')} row says how in a note")
        if s.get("status") in ("faithful", "simplified") and not s.get("rules"):
            out.append(f"{where}: a {s['status']} row names the rules that carry it")
        unknown = set(s.get("rules") or []) - rule_ids
        if unknown:
            out.append(f"{where}: unknown rule ids {sorted(unknown)}")
        absent = set(s.get("scenarios") or []) - scenarios
        if absent:
            out.append(f"{where}: no scenario file {sorted(absent)}")
    return out


def anchor_problems(a: BookAudit, seed_text: str) -> list[str]:
    """Anchors that do not stand in the seed after the previous one (whitespace folded)."""
    book = " ".join(seed_text.split())
    at = 0
    out = []
    for s in a.sentences:
        found = book.find(" ".join(s["anchor"].split()), at)
        if found < 0:
            out.append(f"{a.name} sentence {s['n']}: {s['anchor']!r} is not in {a.seed} after the one before")
        else:
            at = found
    return out


# -- the pages ---------------------------------------------------------------
def _cell(text: Any) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def render(a: BookAudit) -> str:
    """docs/fidelity/<name>.md: the counts, then every sentence's row."""
    c = a.counts()
    lines = [
        f"# {a.title}: sentence by sentence",
        "",
        f"Built by `python -m munchkin_nb.rules.fidelity` from `docs/fidelity/{a.path.name}`;",
        "do not edit by hand. Status: faithful (the engine does what the sentence says), simplified",
        "(it does less), wrong (it does something else), missing (not implemented), flavour (no rule).",
        "",
        " · ".join(f"{k} {c[k]}" for k in COLUMNS),
        "",
        "| # | section | anchor | rule ids | scenarios | status | note |",
        "|---|---|---|---|---|---|---|",
    ]
    for s in a.sentences:
        anchor = _cell(s["anchor"]) + (" (damaged)" if s.get("damaged") else "")
        head = f"| {s['n']} | {_cell(s['section'])} | {anchor} |"
        lost = f" Damaged in the text: {_cell(s['damaged'])}." if s.get("damaged") else ""
        if "flavour" in s:
            lines.append(f"{head} — | — | flavour | {_cell(s['flavour'])}.{lost} |")
            continue
        ids = ", ".join(f"`{r}`" for r in s.get("rules") or []) or "—"
        scen = ", ".join(f"`{x}`" for x in s.get("scenarios") or []) or "—"
        note = (_cell(s["note"]) + "." if s.get("note") else "") + lost
        lines.append(f"{head} {ids} | {scen} | {s['status']} | {note} |")
    return "\n".join(lines) + "\n"


def out_path(a: BookAudit) -> Path:
    return a.path.with_suffix(".md")


def summary(all_audits: list[BookAudit]) -> list[str]:
    """The counts table of docs/fidelity.md, one row per audit."""
    lines = [
        "## Every rulebook, counted",
        "",
        "Sentence by sentence, per book and per module of rulebook 000 (each links its table).",
        "The classic core is the table below this one.",
        "",
        "| audit | " + " | ".join(COLUMNS) + " |",
        "|---|" + "---|" * len(COLUMNS),
    ]
    for a in all_audits:
        c = a.counts()
        link = f"[{a.title}](fidelity/{out_path(a).name})"
        lines.append(f"| {link} | " + " | ".join(str(c[k]) for k in COLUMNS) + " |")
    return lines
