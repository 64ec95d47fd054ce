"""Lesson: a step-through lesson on a scenario; the learner chooses, the engine acts and explains.

Besides the scripted moves, a lesson asks *checks* (predict a strength, the winner, the playable
cards, who gets charity), answered by the engine; its score is the checks answered right. Every
move is grouped (your turn / interject / trade) with the lesson's move suggested, and any move the
learner cannot make can be asked about ("why not?"): the engine's refusal, rule and citation.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
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
from munchkin_nb.engine.core.cards import card
from munchkin_nb.i18n import gettext
from munchkin_nb.rules import RULE_INDEX
from munchkin_nb.scenarios import load_scenario, scenario_game
from munchkin_nb.scenarios.checks import ASK_RULES, engine_answer, same_answer
from munchkin_nb.scenarios.runner import _action, _resolve_params
from munchkin_nb.scenarios.shapes import prose_in
from munchkin_nb.viz.words import action_words, card_name, describe

from .base import View
from .glossary import link_terms
from .table import CSS, rules_html, table_html

OFF_SCRIPT = (
    "You chose something else, and the engine played it out above. "
    "Press rewind to go back and try the lesson move, or carry on from here."
)
TRADE_MOVES = ("give_item", "offer_trade", "accept_trade", "decline_trade")
# moves with no parameters worth asking "why not?" about, whoever decides
PLAIN_MOVES = ("kick_door", "loot_the_room", "end_turn", "pass")
LESSON_CSS = """
<style>
.munchkin-lesson .say {margin: 4px 0;}
.munchkin-lesson a.munchkin-gloss {color: inherit; text-decoration: underline dotted;}
.munchkin-check {border-left: 4px solid #8e6bbf; background: #f4effa; padding: 6px 10px; margin: 6px 0;}
.munchkin-check.right {border-color: #2a9d8f; background: #e3f2ef;}
.munchkin-check.wrong {border-color: #c0392b; background: #fdecea;}
.munchkin-scroll {overflow-x: auto; max-width: 100%;}
.munchkin-lesson .say, .munchkin-check, .munchkin-why {overflow-wrap: anywhere;}
.munchkin-rules-folded summary {color: #555; font-size: 12px; cursor: pointer;}
.munchkin-why {border-left: 4px solid #999; background: #f6f6f6; padding: 4px 10px;}
.munchkin-move-group h4 {margin: 6px 0 2px 0; font-size: 13px;}
.munchkin-lesson .widget-button {height: auto; min-height: 28px; white-space: normal;}
</style>
"""


def term_label(state: Any, t: Any, lang: str) -> str:
    """A term of the breakdown named in `lang`: its card's name, or whose level it is."""
    if lang == "en":
        return str(t.label)
    _ = gettext("course", lang)
    if t.card:
        return card_name(state, t.card, lang)
    if t.who and t.label == f"{t.who}'s level":
        return _("{player}'s level").format(player=t.who)
    return str(t.label)


def refusal_words(exc: IllegalAction, lang: str = "en") -> str:
    """Why the engine refused, in `lang`: its own sentence in English (it names the cards and
    numbers); in another language, the rule it names, by that language's title of the rule."""
    if lang == "en":
        return exc.sentence
    from munchkin_nb.rules import RULE_INDEX
    from munchkin_nb.rules.i18n import wording

    rule = RULE_INDEX.get(exc.rule_id)
    title = wording(rule, lang).title if rule is not None else exc.rule_id
    return gettext("course", lang)("the rule “{rule}” does not allow it").format(rule=title)


def rules_folded(rule_ids: Iterable[str], lang: str = "en") -> str:
    """The rules an event line applied, by title; their text and citation unfold on a tap (a
    phone showed the whole rule under every line of a lesson)."""
    from munchkin_nb.rules.i18n import wording

    rule_ids = list(rule_ids)
    titles = [wording(RULE_INDEX[r], lang).title if r in RULE_INDEX else r for r in rule_ids]
    if not titles:
        return ""
    said = escape(gettext("course", lang)("rules: {titles}").format(titles="; ".join(titles)))
    unfolded = rules_html(rule_ids, lang)
    return f"<details class='munchkin-rules-folded'><summary>{said}</summary>{unfolded}</details>"


def combat_line(state: Any, lang: str = "en") -> str:
    """The fight's arithmetic in one line: every term of each side, the totals and the outcome."""
    if state.combat is None:
        return ""
    bd = breakdown(state)
    _ = gettext("course", lang)

    def side(name: str) -> str:
        terms = [t for t in bd.terms if t.side == name]
        return " + ".join(f"{escape(term_label(state, t, lang))} {t.amount}" for t in terms) or "0"

    return (
        f"<p class='munchkin-combat-line'>{escape(_('Players'))}: {side('players')} = <b>{bd.players}</b>; "
        f"{escape(_('monsters'))}: {side('monsters')} = <b>{bd.monsters}</b>; {escape(_(bd.outcome))}.</p>"
    )


def move_groups(state: Any, actions: list[Action]) -> dict[str, list[Action]]:
    """The moves by kind: the decider's own ("turn"), out-of-turn plays ("interject"), trades."""
    decider = context(state)[0]
    out: dict[str, list[Action]] = {"turn": [], "interject": [], "trade": []}
    for a in actions:
        key = "trade" if a.name in TRADE_MOVES else ("turn" if a.player == decider else "interject")
        out[key].append(a)
    return out


def same_action(chosen: Action, scripted: Action) -> bool:
    """The learner's action is the scripted one: same name and player, the script's params agree."""
    if chosen.name != scripted.name or chosen.player != scripted.player:
        return False
    return all(chosen.params.get(k) == v for k, v in scripted.params.items())


def card_tries(state: Any, player: str, cid: str) -> list[Action]:
    """The natural ways to play a card from hand (what a learner would try), to ask the engine about."""
    kind = card(state, cid).kind
    others = [n for n in state.names() if n != player]
    fight = state.combat
    monster = fight.monsters[0]["card"] if fight and fight.monsters else None
    if kind == "monster":
        return [Action("look_for_trouble", player, {"card": cid})]
    if kind == "curse":
        return [Action("curse", player, {"card": cid, "target": others[0]})]
    if kind == "go_up_a_level":
        return [Action("go_up_a_level", player, {"card": cid, "target": player})]
    if kind == "one_shot" and fight:
        return [Action("play_one_shot", player, {"card": cid, "side": "players", "target": fight.fighter})]
    if kind == "monster_enhancer":
        return [Action("play_enhancer", player, {"card": cid, "monster": monster})]
    if kind in ("one_shot", "special", "wandering_monster"):
        return [Action("use_card", player, {"card": cid})]
    return [Action("play_card", player, {"card": cid})]


def refusals(state: Any, player: str, legal: list[Action]) -> list[tuple[Action, IllegalAction]]:
    """Moves `player` might try but cannot make now, each with the engine's refusal: the plain
    turn moves, and each card in hand that no legal move plays."""
    played = {a.params.get("card") for a in legal}
    tries = [Action(n, player, {}) for n in PLAIN_MOVES]
    if state.has_player(player):
        for cid in state.player(player).hand:
            if cid not in played:
                tries += card_tries(state, player, cid)
    out = []
    for a in tries:
        try:
            verify(state, a)
        except IllegalAction as exc:
            out.append((a, exc))
        except (KeyError, TypeError, ValueError, AttributeError):
            continue  # the try was malformed for this card; the engine has nothing to explain
    return out


@dataclass
class _Checkpoint:
    state: Any
    events: list[Event]
    chance: Any
    pos: int
    log: list[str]
    off_script: bool


class Lesson(View):
    """Walk a scenario's steps: `say` prose is shown; `check` steps ask the learner and score the
    answer; at each `do` the legal moves are offered, grouped, with the lesson's move suggested."""

    def __init__(
        self,
        scenario_path: str | Path,
        lang: str = "en",
        on_progress: Callable[[dict[str, Any]], None] | None = None,
    ) -> None:
        self.scenario = load_scenario(scenario_path)
        self.lang = lang
        self._ = gettext("course", lang)
        self.on_progress = on_progress
        self.game = scenario_game(self.scenario)
        self.steps = self.scenario.steps
        self.pos = 0
        self.log: list[str] = []
        self.expected: Action | None = None
        self.question: dict[str, Any] | None = None
        self.results: dict[int, bool] = {}  # check step -> answered right the first time
        self.feedback = ""
        self.off_script = False
        self.checkpoints: list[_Checkpoint] = []
        self._refusals: list[tuple[Action, IllegalAction]] = []
        _ = self._
        self.title = widgets.HTML(
            f"<h3>{escape(_(self.scenario.name))}</h3><p>{escape(self.scenario.description or '')}</p>"
            if lang == "en"
            else f"<h3>{escape(_(self.scenario.name))}</h3>"
        )
        self.page = widgets.HTML()
        self.page.add_class("munchkin-lesson-text")
        self.table = widgets.HTML()
        self.prompt = widgets.HTML()
        self.choices = widgets.VBox()
        self.choices.add_class("munchkin-lesson-choices")
        self.why = widgets.Dropdown(
            description=_("Why not?"),
            layout=widgets.Layout(width="auto"),
            style={"description_width": "initial"},
        )
        self.why.add_class("munchkin-why-not")
        self.why.observe(lambda _c: self._explain_refusal(), names="value")
        self.why_out = widgets.HTML()
        self.rewind_button = widgets.Button(
            description=_("⟲ rewind"),
            tooltip=_("undo the last choice"),
            disabled=True,
            layout=widgets.Layout(width="auto", min_width="90px"),
        )
        self.rewind_button.add_class("munchkin-rewind")
        self.rewind_button.on_click(lambda _b: self.rewind())
        self.score_line = widgets.HTML()
        self.widget = widgets.VBox(
            [
                widgets.HTML(CSS + LESSON_CSS),
                self.title,
                self.page,
                self.table,
                self.prompt,
                self.choices,
                widgets.HBox([self.rewind_button, self.why], layout=widgets.Layout(flex_flow="row wrap")),
                self.why_out,
                self.score_line,
            ]
        )
        self.widget.add_class("munchkin-lesson")
        self.advance()

    # -- the walk -----------------------------------------------------------------
    @property
    def done(self) -> bool:
        return self.pos >= len(self.steps) and self.expected is None and self.question is None

    @property
    def checks(self) -> list[int]:
        """The positions of the lesson's check steps."""
        return [i for i, st in enumerate(self.steps) if "check" in st]

    @property
    def score(self) -> tuple[int, int]:
        """(checks answered right the first time, checks in the lesson)."""
        return sum(self.results.values()), len(self.checks)

    def progress(self) -> dict[str, Any]:
        """What the course keeps of this lesson: its state and score."""
        right, total = self.score
        state = "done" if self.done and not self.off_script else "started"
        return {"state": state, "score": right, "of": total}

    def _report(self) -> None:
        if self.on_progress is not None:
            self.on_progress(self.progress())

    def advance(self) -> None:
        """Show prose and run checks until the next `do` or `check` step (or the end)."""
        self.expected = None
        self.question = None
        while self.pos < len(self.steps):
            kind, body = next(iter(self.steps[self.pos].items()))
            if kind == "say":
                self.log.append(f"<p class='say'>{link_terms(prose_in(body, self.lang), self.lang)}</p>")
            elif kind == "do":
                self.expected = _resolve_params(self.game.state, _action(body), self.scenario.cards)
                break
            elif kind == "check":
                self.question = body
                self.expected = self._next_move()
                break
            elif kind == "reject" and not self.off_script:
                self._show_reject(body)
            self.pos += 1
        self.render()
        if self.done:
            self._report()

    def _next_move(self) -> Action | None:
        """The scripted move after the open question (the move the lesson will suggest next)."""
        for st in self.steps[self.pos + 1 :]:
            if "do" in st:
                return _resolve_params(self.game.state, _action(st["do"]), self.scenario.cards)
        return None

    def _show_reject(self, body: dict[str, Any]) -> None:
        a = _resolve_params(self.game.state, _action(body), self.scenario.cards)
        try:
            verify(self.game.state, a)
        except IllegalAction as exc:
            self.log.append(
                f"<p class='reject'>{escape(action_words(a, self.game.state, lang=self.lang))} "
                f"{escape(self._('is not allowed:'))} "
                f"{escape(refusal_words(exc, self.lang))}{rules_html([exc.rule_id], self.lang)}</p>"
            )

    # -- checks ---------------------------------------------------------------------
    def options(self) -> list[tuple[str, Any]]:
        """The open question's choices as (label, value)."""
        q, s, _ = self.question, self.game.state, self._
        if q is None:
            return []
        ask = q["ask"]
        if ask == "strength":
            right = int(engine_answer(s, q))  # type: ignore[arg-type]  # strength answers an int
            values = sorted({max(0, right + d) for d in (-2, -1, 0, 1, 2)})
            return [(str(v), v) for v in values]
        if ask == "winner":
            return [(_("the players"), "players"), (_("the monsters"), "monsters")]
        if ask == "playable":
            return [(self._card_label(c, q["player"]), c) for c in q["cards"]]
        decider = context(s)[0]
        return [(n, n) for n in s.names() if n != decider]

    def _card_label(self, name: str, player: str) -> str:
        """The printed name of a card as the lesson names it (`crabs`: one of its copies)."""
        named = Action("play_card", player, {"card": name})
        cid = _resolve_params(self.game.state, named, self.scenario.cards).params["card"]
        return card_name(self.game.state, cid, self.lang)

    def question_text(self) -> str:
        q = self.question
        if q is None:
            return ""
        if "say" in q:
            return prose_in(q["say"], self.lang)
        defaults = {
            "strength": "What is the players' strength now?",
            "winner": "Who wins this fight, if nobody plays anything more?",
            "playable": "Which of these cards can be played now?",
            "charity": "Who gets the charity cards?",
        }
        return self._(defaults[q["ask"]])

    def answer(self, chosen: Any) -> bool:
        """Answer the open question (a value, or a list for the many-answer questions); the first
        answer to each check is the one scored. The explanation is shown; `next_step` goes on."""
        q, s = self.question, self.game.state
        if q is None:
            raise ValueError("no question is open")
        right_answer = engine_answer(s, q)
        right = same_answer(right_answer, chosen)
        self.results.setdefault(self.pos, right)
        self.feedback = self._explanation(q, right, right_answer)
        self._report()
        self.render()
        return right

    def _explanation(self, q: dict[str, Any], right: bool, answer: Any) -> str:
        s, _ = self.game.state, self._
        ask = q["ask"]
        head = _("Right!") if right else _("Not quite.")
        if ask in ("strength", "winner"):
            said = str(answer) if ask == "strength" else _("the " + str(answer))
            body = f"{escape(_('The answer:'))} <b>{escape(said)}</b>.{combat_line(s, self.lang)}"
            rules = ASK_RULES[ask]
        elif ask == "playable":
            names = ", ".join(self._card_label(c, q["player"]) for c in answer) or _("none of them")
            body = f"{escape(_('The cards that can be played:'))} <b>{escape(names)}</b>."
            rules = []
            for c in q["cards"]:
                if c in answer:
                    continue
                named = Action("play_card", q["player"], {"card": c})
                cid = _resolve_params(s, named, self.scenario.cards).params["card"]
                for a, exc in refusals(s, q["player"], legal_actions(s, q["player"])):
                    if a.params.get("card") == cid:
                        why = refusal_words(exc, self.lang)
                        body += f"<br>{escape(card_name(s, cid, self.lang))}: {escape(why)}"
                        rules.append(exc.rule_id)
                        break
        else:
            names = ", ".join(answer) or _("nobody: the cards are discarded")
            body = f"{escape(_('The charity cards go to:'))} <b>{escape(names)}</b>."
            rules = ASK_RULES[ask]
        extra = f"<p>{link_terms(prose_in(q['explain'], self.lang), self.lang)}</p>" if "explain" in q else ""
        cls = "right" if right else "wrong"
        return (
            f"<div class='munchkin-check {cls}'><b>{escape(head)}</b> {body}{extra}"
            f"{rules_html(rules, self.lang)}</div>"
        )

    def next_step(self) -> None:
        """Leave the answered (or skipped) question and go on with the lesson."""
        if self.question is not None:
            self.log.append(self.feedback or "")
            self.feedback = ""
            self.question = None
            self.pos += 1
            self.advance()

    # -- moves ------------------------------------------------------------------------
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
        exp = self.expected
        if exp is not None and not self.off_script and not any(same_action(a, exp) for a in out):
            # legal_actions offers one sample of some moves (one charity card per receiver); the
            # lesson's own move is offered too when the engine accepts it
            try:
                verify(s, exp)
                out.append(exp)
            except IllegalAction:
                pass
        return out

    def groups(self, actions: list[Action]) -> dict[str, list[Action]]:
        """The moves by kind: the decider's own, others' interjections, and trades."""
        return move_groups(self.game.state, actions)

    def choose(self, action: Action) -> list[Event]:
        """Apply the learner's choice through the engine and explain what happened (an open
        question is skipped first, unscored)."""
        while self.question is not None:
            self.feedback = ""
            self.next_step()
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
            msg = refusal_words(exc, self.lang) if isinstance(exc, IllegalAction) else str(exc)
            self.log.append(
                f"<p class='refused'>{escape(self._('That cannot be done here:'))} {escape(msg)}</p>"
            )
            self.render()
            return []
        lines = []
        s = before
        for e in new:
            if e.type != "ActionTaken":
                told = link_terms(describe(e, s, lang=self.lang), self.lang)
                lines.append(f"<li>{told}{rules_folded(e.rules, self.lang)}</li>")
            s = evolve(s.copy(), e)
        head = f"<p class='chosen'><b>{escape(action_words(action, before, lang=self.lang))}.</b></p>"
        self.log.append(head + f"<ul class='events'>{''.join(lines)}</ul>")
        expected = self.expected
        if expected is not None and not self.off_script and not same_action(action, expected):
            self.off_script = True
            self.log.append(
                f"<p class='off-script'>{escape(self._('The lesson expected:'))} "
                f"<b>{escape(action_words(expected, before, lang=self.lang))}</b>. "
                f"{escape(self._(OFF_SCRIPT))}</p>"
            )
        if self.off_script:
            self.expected = None
            if g.state.winners or not legal_actions(g.state):
                self.log.append(
                    f"<p>{escape(self._('The lesson cannot go on from here; rewind to continue it.'))}</p>"
                )
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

    def play_through(self) -> None:
        """Follow the script to the end, answering every check with the engine's answer."""
        while not self.done and not self.off_script:
            if self.question is not None:
                self.answer(engine_answer(self.game.state, self.question))
                self.next_step()
            elif self.expected is not None:
                self.choose(next(a for a in self.legal() if same_action(a, self.expected)))
            else:
                break

    # -- drawing --------------------------------------------------------------------
    def _move_words(self, a: Action, state: Any) -> str:
        """A move offered to the learner: who, then the move as a thing to do ("Ana: kick open the
        door")."""
        move = action_words(a, state, with_player=False, lang=self.lang)
        return f"{a.player}: {move[:1].lower()}{move[1:]}"

    def _move_button(self, a: Action, state: Any, decider: str | None) -> widgets.Button:
        words = self._move_words(a, state)
        if a.player != decider:
            words += " " + self._("(out of turn)")
        b = widgets.Button(description=words, tooltip=str(a), layout=widgets.Layout(width="auto"))
        b.add_class("munchkin-choice")
        if self.expected is not None and not self.off_script and same_action(a, self.expected):
            b.add_class("munchkin-suggested")
        b.on_click(lambda _b, a=a: self.choose(a))
        return b

    def _question_widgets(self) -> list[widgets.Widget]:
        _ = self._
        if self.feedback:
            go = widgets.Button(description=_("Continue ▸"), button_style="primary")
            go.add_class("munchkin-continue")
            go.on_click(lambda _b: self.next_step())
            return [widgets.HTML(self.feedback), go]
        assert self.question is not None
        opts = self.options()
        if self.question["ask"] in ("strength", "winner"):
            buttons = []
            for label, value in opts:
                b = widgets.Button(description=label, layout=widgets.Layout(width="auto"))
                b.add_class("munchkin-answer")
                b.on_click(lambda _b, v=value: self.answer(v))
                buttons.append(b)
            return [widgets.HBox(buttons, layout=widgets.Layout(flex_flow="row wrap"))]
        toggles = [
            widgets.ToggleButton(description=label, layout=widgets.Layout(width="auto")) for label, _v in opts
        ]
        for t in toggles:
            t.add_class("munchkin-answer")
        check = widgets.Button(description=_("Check my answer"), button_style="primary")
        check.add_class("munchkin-check-answer")
        check.on_click(
            lambda _b: self.answer([v for t, (_l, v) in zip(toggles, opts, strict=True) if t.value])
        )
        hint = _("Pick every right one (or none), then check.")
        return [
            widgets.HTML(f"<i>{escape(hint)}</i>"),
            widgets.HBox(toggles, layout=widgets.Layout(flex_flow="row wrap")),
            check,
        ]

    def _move_widgets(self, actions: list[Action]) -> list[widgets.Widget]:
        _ = self._
        state = self.game.state
        decider = context(state)[0]
        titles = {"turn": _("Your turn"), "interject": _("Interject (out of turn)"), "trade": _("Trade")}
        shown: list[widgets.Widget] = []
        hidden: list[widgets.Widget] = []
        for key, acts in self.groups(actions).items():
            if not acts:
                continue
            box = widgets.VBox(
                [widgets.HTML(f"<h4>{escape(titles[key])}</h4>")]
                + [self._move_button(a, state, decider) for a in acts]
            )
            box.add_class("munchkin-move-group")
            box.add_class(f"munchkin-group-{key}")
            suggested = self.expected is not None and any(same_action(a, self.expected) for a in acts)
            (shown if suggested or self.off_script or self.expected is None else hidden).append(box)
        if hidden:
            more = widgets.VBox(hidden, layout=widgets.Layout(display="none"))
            n = sum(len(b.children) - 1 for b in hidden if isinstance(b, widgets.VBox))
            toggle = widgets.ToggleButton(description=_("Other moves") + f" ({n})")
            toggle.add_class("munchkin-more-moves")

            def flip(change: dict[str, Any], more: widgets.VBox = more) -> None:
                more.layout.display = "flex" if change["new"] else "none"

            toggle.observe(flip, names="value")
            shown += [toggle, more]
        return shown

    def _why_options(self, actions: list[Action]) -> None:
        state = self.game.state
        who = self.expected.player if self.expected is not None else context(state)[0]
        self._refusals = refusals(state, who, actions) if who is not None and not state.winners else []
        opts: list[tuple[str, int]] = [("—", -1)]
        opts += [(self._move_words(a, state), i) for i, (a, _e) in enumerate(self._refusals)]
        self.why.options = opts
        self.why.value = -1
        self.why_out.value = ""

    def _explain_refusal(self) -> None:
        if self.why.value is None or self.why.value < 0:
            self.why_out.value = ""
            return
        a, exc = self._refusals[self.why.value]
        self.why_out.value = (
            f"<div class='munchkin-why'><b>{escape(action_words(a, self.game.state, lang=self.lang))}</b>: "
            f"{escape(self._('the engine refuses'))} <code>{escape(exc.rule_id)}</code>: "
            f"{escape(refusal_words(exc, self.lang))}{rules_html([exc.rule_id], self.lang)}</div>"
        )

    def render(self) -> None:
        _ = self._
        state = self.game.state
        self.page.value = "".join(self.log)
        table = table_html(state, lang=self.lang)
        self.table.value = f"<div class='munchkin-scroll'>{table}</div>{combat_line(state, self.lang)}"
        right, total = self.score
        self.score_line.value = (
            f"<p class='munchkin-score'>{escape(_('Checks right:'))} {right}/{total}</p>" if total else ""
        )
        if self.question is not None:
            ask = escape(self.question_text())
            self.prompt.value = f"<p class='munchkin-question'><b>{escape(_('Check:'))}</b> {ask}</p>"
            self.choices.children = tuple(self._question_widgets())
            self._why_options([])
            self.why.disabled = True
        else:
            actions = self.legal()
            self.choices.children = tuple(self._move_widgets(actions))
            self.why.disabled = False
            self._why_options(actions)
            if self.done and not self.off_script:
                self.prompt.value = f"<p><b>{escape(_('The end of the lesson.'))}</b></p>"
            elif actions:
                pick = escape(_("Pick one of the moves the rules allow:"))
                self.prompt.value = f"<p><b>{escape(_('What now?'))}</b> {pick}</p>"
            else:
                self.prompt.value = ""
        self.rewind_button.disabled = not self.checkpoints
