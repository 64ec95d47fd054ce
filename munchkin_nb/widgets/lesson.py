"""Lesson: a step-through lesson on a scenario; the learner chooses, the engine acts and explains."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from munchkin_nb.engine import (
    Action,
    Event,
    IllegalAction,
    breakdown,
    context,
    evolve,
    legal_actions,
    verify,
)
from munchkin_nb.scenarios import load_scenario, scenario_game
from munchkin_nb.scenarios.runner import _action, _resolve_params
from munchkin_nb.viz.words import action_words, describe

from .base import View
from .table import CSS, rules_html, table_html


def combat_line(state: Any) -> str:
    """The fight's arithmetic in one line: every term of each side, the totals and the outcome."""
    if state.combat is None:
        return ""
    bd = breakdown(state)

    def side(name: str) -> str:
        terms = [t for t in bd.terms if t.side == name]
        return " + ".join(f"{escape(t.label)} {t.amount}" for t in terms) or "0"

    return (
        f"<p class='munchkin-combat-line'>Players: {side('players')} = <b>{bd.players}</b>; "
        f"monsters: {side('monsters')} = <b>{bd.monsters}</b>; {escape(bd.outcome)}.</p>"
    )


def same_action(chosen: Action, scripted: Action) -> bool:
    """The learner's action is the scripted one: same name and player, the script's params agree."""
    if chosen.name != scripted.name or chosen.player != scripted.player:
        return False
    return all(chosen.params.get(k) == v for k, v in scripted.params.items())


@dataclass
class _Checkpoint:
    state: Any
    events: list[Event]
    chance: Any
    pos: int
    log: list[str]
    off_script: bool


class Lesson(View):
    """Walk a scenario's steps: `say` prose is shown; at each `do` the engine's legal actions are
    offered as buttons; the chosen one is applied and explained with the rules' text."""

    def __init__(self, scenario_path: str | Path) -> None:
        self.scenario = load_scenario(scenario_path)
        self.game = scenario_game(self.scenario)
        self.steps = self.scenario.steps
        self.pos = 0
        self.log: list[str] = []
        self.expected: Action | None = None
        self.off_script = False
        self.checkpoints: list[_Checkpoint] = []
        self.title = widgets.HTML(
            f"<h3>{escape(self.scenario.name)}</h3><p>{escape(self.scenario.description or '')}</p>"
        )
        self.page = widgets.HTML()
        self.page.add_class("munchkin-lesson-text")
        self.table = widgets.HTML()
        self.prompt = widgets.HTML()
        self.choices = widgets.VBox()
        self.choices.add_class("munchkin-lesson-choices")
        self.rewind_button = widgets.Button(
            description="⟲ rewind", tooltip="undo the last choice", disabled=True
        )
        self.rewind_button.add_class("munchkin-rewind")
        self.rewind_button.on_click(lambda _b: self.rewind())
        self.widget = widgets.VBox(
            [
                widgets.HTML(CSS),
                self.title,
                self.page,
                self.table,
                self.prompt,
                self.choices,
                self.rewind_button,
            ]
        )
        self.widget.add_class("munchkin-lesson")
        self.advance()

    # -- the walk -----------------------------------------------------------------
    @property
    def done(self) -> bool:
        return self.pos >= len(self.steps) and self.expected is None

    def advance(self) -> None:
        """Show prose and run checks until the next `do` step (or the end)."""
        self.expected = None
        while self.pos < len(self.steps):
            kind, body = next(iter(self.steps[self.pos].items()))
            if kind == "say":
                self.log.append(f"<p class='say'>{escape(str(body))}</p>")
            elif kind == "do":
                self.expected = _resolve_params(self.game.state, _action(body))
                break
            elif kind == "reject" and not self.off_script:
                self._show_reject(body)
            self.pos += 1
        self.render()

    def _show_reject(self, body: dict[str, Any]) -> None:
        a = _resolve_params(self.game.state, _action(body))
        try:
            verify(self.game.state, a)
        except IllegalAction as exc:
            self.log.append(
                f"<p class='reject'>{escape(action_words(a, self.game.state))} is not allowed: "
                f"{escape(exc.sentence)}{rules_html([exc.rule_id])}</p>"
            )

    def legal(self) -> list[Action]:
        """The moves offered: the decider's, then the out-of-turn plays of the player the lesson
        expects to interject (off the lesson's path: of every other player)."""
        if self.expected is None and not self.off_script:
            return []
        s = self.game.state
        decider = context(s)[0]
        out = legal_actions(s)
        if self.expected is not None and not self.off_script:
            others = [self.expected.player] if self.expected.player != decider else []
        else:
            others = [n for n in s.names() if n != decider]
        for name in others:
            out += legal_actions(s, name)
        return out

    def choose(self, action: Action) -> list[Event]:
        """Apply the learner's choice through the engine and explain what happened."""
        g = self.game
        self.checkpoints.append(
            _Checkpoint(
                g.state.copy(),
                list(g.events),
                copy.deepcopy(g.chance),
                self.pos,
                list(self.log),
                self.off_script,
            )
        )
        before = g.state.copy()
        try:
            new = g.act(action)
        except Exception as exc:
            self._restore(self.checkpoints.pop())
            msg = exc.sentence if isinstance(exc, IllegalAction) else str(exc)
            self.log.append(f"<p class='refused'>That cannot be done here: {escape(msg)}</p>")
            self.render()
            return []
        lines = []
        s = before
        for e in new:
            if e.type != "ActionTaken":
                lines.append(f"<li>{escape(describe(e, s))}{rules_html(e.rules)}</li>")
            s = evolve(s.copy(), e)
        head = f"<p class='chosen'><b>{escape(action_words(action, before))}.</b></p>"
        self.log.append(head + f"<ul class='events'>{''.join(lines)}</ul>")
        expected = self.expected
        if expected is not None and not self.off_script and not same_action(action, expected):
            self.off_script = True
            self.log.append(
                "<p class='off-script'>The lesson expected: "
                f"<b>{escape(action_words(expected, before))}</b>. "
                f"You chose something else, and the engine played it out above. Press <b>rewind</b> to go "
                f"back and try the lesson's move, or carry on from here.</p>"
            )
        if self.off_script:
            self.expected = None
            if g.state.winners or not legal_actions(g.state):
                self.log.append("<p>The lesson cannot go on from here; rewind to continue it.</p>")
            self.render()
        else:
            self.pos += 1
            self.advance()
        return new

    def rewind(self) -> None:
        """Undo the last choice (state, log, dice and position)."""
        if self.checkpoints:
            self._restore(self.checkpoints.pop())
            self.advance() if not self.off_script else self.render()

    def _restore(self, cp: _Checkpoint) -> None:
        self.game.state, self.game.events, self.game.chance = cp.state, cp.events, cp.chance
        self.pos, self.log, self.off_script = cp.pos, cp.log, cp.off_script

    # -- drawing --------------------------------------------------------------------
    def render(self) -> None:
        state = self.game.state
        self.page.value = "".join(self.log)
        self.table.value = table_html(state) + combat_line(state)
        actions = self.legal()
        buttons = []
        for a in actions:
            words = action_words(a, state, with_player=True)
            if a.player != context(state)[0]:
                words += " (out of turn)"
            b = widgets.Button(
                description=words,
                tooltip=str(a),
                layout=widgets.Layout(width="auto"),
            )
            b.add_class("munchkin-choice")
            if self.expected is not None and same_action(a, self.expected):
                b.add_class("munchkin-suggested")
            b.on_click(lambda _b, a=a: self.choose(a))
            buttons.append(b)
        self.choices.children = tuple(buttons)
        if self.done and not self.off_script:
            self.prompt.value = "<p><b>The end of the lesson.</b></p>"
        elif actions:
            self.prompt.value = "<p><b>What now?</b> Pick one of the moves the rules allow:</p>"
        else:
            self.prompt.value = ""
        self.rewind_button.disabled = not self.checkpoints
