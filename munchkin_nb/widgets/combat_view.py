"""CombatView: the waterfall of the combat in progress, with what-if toggles through the engine."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from munchkin_nb.engine import breakdown
from munchkin_nb.engine.query.combat import Breakdown
from munchkin_nb.i18n import gettext
from munchkin_nb.viz.figures import combat_waterfall_spec
from munchkin_nb.viz.words import card_name

from .base import View
from .figure_output import later, show_figure, show_message


def what_if(
    state: Any, without_items: set[str] | frozenset[str] = frozenset(), without_helper: bool = False
) -> Breakdown:
    """The engine's breakdown of the combat in `state` with those items (of the fighter or the
    helper) taken off the table and/or the helper gone, computed on a copy of the state."""
    if state.combat is None:
        raise ValueError("there is no combat in progress")
    s = state.copy()
    c = s.combat
    for p in s.players:
        if p.name in (c.fighter, c.helper):
            p.equipped = [cid for cid in p.equipped if cid not in without_items]
    if without_helper and c.helper:
        gone = c.helper
        c.helper = None
        c.modifiers = [m for m in c.modifiers if m.get("target") != gone]
    return breakdown(s)


def item_toggles(state: Any, lang: str = "en") -> list[tuple[str, str, str]]:
    """(who, card id, label) of every item of the fighter and the helper that adds a term."""
    from .lesson import term_label

    out = []
    seen = set()
    for t in breakdown(state).terms:
        if t.side == "players" and t.card and t.rule == "items.slots" and t.card not in seen:
            seen.add(t.card)
            out.append((t.who or "", t.card, f"{t.who}: {term_label(state, t, lang)} ({t.amount:+d})"))
    return out


class CombatView(View):
    """The waterfall of the combat at a stepper's position (or of a state), with a Checkbox per
    fighter/helper item and one for the helper: untick to see the fight without it."""

    def __init__(self, source: Any = None, defer: bool = True, lang: str = "en") -> None:
        self.lang = lang
        self._ = gettext("stats", lang)
        self.stepper = source if hasattr(source, "on_change") else None
        self._state = None if self.stepper else source
        self.defer = defer
        self.out = widgets.Output()
        self.out.add_class("munchkin-combat-figure")
        self.summary = widgets.HTML()
        self.summary.add_class("munchkin-combat-summary")
        self.toggles_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.item_boxes: dict[str, widgets.Checkbox] = {}
        self.helper_box: widgets.Checkbox | None = None
        self.breakdown: Breakdown | None = None
        self.widget = widgets.VBox(
            [widgets.HTML(f"<b>{escape(self._('Combat'))}</b>"), self.summary, self.toggles_box, self.out]
        )
        self.widget.add_class("munchkin-combat")
        if self.stepper:
            self.stepper.on_change(lambda _seq: self.refresh())
        self.refresh()

    @property
    def state(self) -> Any:
        return self.stepper.state() if self.stepper else self._state

    def set_state(self, state: Any) -> None:
        self._state = state
        self.refresh()

    def refresh(self) -> None:
        """Rebuild the toggles for the combat now, and draw it (a message if that fails)."""
        try:
            self._refresh()
        except Exception as error:
            self.toggles_box.children = ()
            self.breakdown = None
            self.summary.value = ""
            show_message(self.out, self._("The combat cannot be shown here: {error}").format(error=error))

    def _refresh(self) -> None:
        state = self.state
        self.item_boxes = {}
        self.helper_box = None
        if state is None or state.combat is None:
            self.toggles_box.children = ()
            self.breakdown = None
            self.summary.value = f"<i>{escape(self._('No combat in progress at this point.'))}</i>"
            self.out.outputs = ()  # the summary says it; no second line, no empty figure
            return
        boxes = []
        for _who, cid, label in item_toggles(state, self.lang):
            cb = widgets.Checkbox(
                value=True, description=label, indent=False, layout=widgets.Layout(width="auto")
            )
            cb.observe(lambda _c: self.recompute(), names="value")
            self.item_boxes[cid] = cb
            boxes.append(cb)
        if state.fight.helper:
            self.helper_box = widgets.Checkbox(
                value=True,
                description=self._("helper: {player}").format(player=state.fight.helper),
                indent=False,
                layout=widgets.Layout(width="auto"),
            )
            self.helper_box.observe(lambda _c: self.recompute(), names="value")
            boxes.append(self.helper_box)
        self.toggles_box.children = tuple(boxes)
        self.recompute()

    def recompute(self) -> Breakdown | None:
        """The breakdown with the unticked items/helper removed (on a copy), drawn."""
        state = self.state
        if state is None or state.combat is None:
            return None
        removed = {cid for cid, cb in self.item_boxes.items() if not cb.value}
        no_helper = self.helper_box is not None and not self.helper_box.value
        bd = what_if(state, removed, no_helper)
        self.breakdown = bd
        c, _, lang = state.combat, self._, self.lang
        monsters = ", ".join(card_name(state, m["card"], lang) for m in c.monsters)
        helped = c.helper and not no_helper
        side = _("{player} and {helper}").format(player=c.fighter, helper=c.helper) if helped else c.fighter
        note = ""
        if removed or no_helper:
            gone = [card_name(state, cid, lang) for cid in sorted(removed)] + (
                [_("{player}'s help").format(player=c.helper)] if no_helper else []
            )
            note = f" <i>({escape(_('what if: without {cards}').format(cards=', '.join(gone)))})</i>"
        said = _("{side} against {monsters}: {players} to {strength}, margin {margin}, {outcome}").format(
            side=side,
            monsters=monsters,
            players=bd.players,
            strength=bd.monsters,
            margin=f"{bd.margin:+d}",
            outcome=gettext("figures", lang)(bd.outcome),
        )
        self.summary.value = f"{escape(said)}{note}"
        from .lesson import term_label

        fig = combat_waterfall_spec(bd, lang, lambda t: term_label(state, t, lang))
        if self.defer:
            later(lambda: show_figure(self.out, fig))
        else:
            show_figure(self.out, fig)
        return bd
