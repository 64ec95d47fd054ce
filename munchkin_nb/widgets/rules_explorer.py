"""RulesExplorer: search the rule catalogue per ruleset, with citations and the scenarios that check each."""

from __future__ import annotations

import re
from functools import lru_cache
from html import escape
from pathlib import Path

import ipywidgets as widgets
import yaml

from munchkin_nb.rules import RULES, RULESETS, Rule

from .base import View

REPO_ROOT = Path(__file__).resolve().parents[2]
SCENARIO_DIR = REPO_ROOT / "tests" / "scenarios"
ALL = "all rulesets"


@lru_cache(maxsize=4)
def _scenario_rules(folder: str) -> dict[str, tuple[str, ...]]:
    index: dict[str, list[str]] = {}
    for path in sorted(Path(folder).glob("*.yaml")):
        try:
            data = yaml.safe_load(path.read_text()) or {}
        except (OSError, yaml.YAMLError):
            continue
        for rid in data.get("rules") or () if isinstance(data, dict) else ():
            index.setdefault(str(rid), []).append(path.name)
    return {k: tuple(v) for k, v in index.items()}


def scenarios_for(rule_id: str, folder: Path = SCENARIO_DIR) -> list[str]:
    """The scenario files under `folder` whose `rules:` name `rule_id`."""
    return list(_scenario_rules(str(folder)).get(rule_id, ()))


def search_rules(query: str = "", ruleset: str | None = None) -> list[Rule]:
    """Rules whose id, title or text holds every word of `query` (case-insensitive), in `ruleset`."""
    words = [w for w in re.split(r"\s+", query.lower().strip()) if w]
    out = []
    for r in RULES:
        if ruleset and ruleset != ALL and ruleset not in r.rulesets:
            continue
        hay = f"{r.id} {r.title} {r.text}".lower()
        if all(w in hay for w in words):
            out.append(r)
    return out


def rule_html(r: Rule, folder: Path = SCENARIO_DIR) -> str:
    sc = scenarios_for(r.id, folder)
    sc_html = (" Checked by: " + ", ".join(f"<code>{escape(s)}</code>" for s in sc)) if sc else ""
    return (
        f"<div class='munchkin-rule'><code>{escape(r.id)}</code> <b>{escape(r.title)}</b>"
        f"<div>{escape(r.text)}</div><div class='citation'><i>{escape(r.citation)}</i>{sc_html}</div></div>"
    )


class RulesExplorer(View):
    """A search box and a ruleset dropdown over the rule catalogue."""

    LIMIT = 60

    def __init__(self, query: str = "", ruleset: str = ALL, scenario_dir: Path = SCENARIO_DIR) -> None:
        self.scenario_dir = Path(scenario_dir)
        self.search = widgets.Text(
            value=query,
            placeholder="search the rules, e.g. run away",
            description="search",
            continuous_update=True,
        )
        self.search.add_class("munchkin-rule-search")
        self.ruleset = widgets.Dropdown(
            options=[ALL, *sorted(RULESETS)], value=ruleset, description="ruleset"
        )
        self.results = widgets.HTML()
        self.results.add_class("munchkin-rules")
        self.matches: list[Rule] = []
        self.search.observe(lambda _c: self.update(), names="value")
        self.ruleset.observe(lambda _c: self.update(), names="value")
        self.widget = widgets.VBox([widgets.HBox([self.search, self.ruleset]), self.results])
        self.widget.add_class("munchkin-rules-explorer")
        self.update()

    def update(self) -> None:
        self.matches = search_rules(self.search.value, self.ruleset.value)
        shown = self.matches[: self.LIMIT]
        more = (
            f"<p>… and {len(self.matches) - len(shown)} more; narrow the search.</p>"
            if len(self.matches) > len(shown)
            else ""
        )
        style = (
            "<style>.munchkin-rule{margin:6px 0;padding:4px;border-left:3px solid #2a9d8f}"
            ".munchkin-rule .citation{color:#555;font-size:12px}</style>"
        )
        self.results.value = (
            style
            + f"<p>{len(self.matches)} rule(s)</p>"
            + "".join(rule_html(r, self.scenario_dir) for r in shown)
            + more
        )
