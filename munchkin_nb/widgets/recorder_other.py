"""The recorder page's "another action": any move, card and player named from menus, for a play
the rules may refuse (the page then shows the rule and asks whether the table allowed it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from munchkin_nb.engine import Action
from munchkin_nb.viz.words import action_words, card_name

from .judge_editor import wide

if TYPE_CHECKING:
    from .recorder_page import RecorderPage


class OtherAction:
    """The menus of "another action" and the button that records what they name."""

    def __init__(self, page: RecorderPage) -> None:
        self.page = page
        t = page.t
        self.toggle = widgets.ToggleButton(description=t("another action (the rules may refuse it)"))
        self.toggle.add_class("munchkin-rec-other-toggle")
        self.toggle.layout.width = "100%"
        self.move = wide(widgets.Dropdown(description=t("action")), "360px")
        self.card = wide(widgets.Dropdown(description=t("card")), "360px")
        self.whom = wide(widgets.Dropdown(description=t("whom")), "260px")
        self.button = widgets.Button(description=t("record it"), button_style="primary")
        self.button.on_click(lambda _b: self.take())
        for w, cls in (
            (self.move, "other-move"),
            (self.card, "other-card"),
            (self.whom, "other-whom"),
            (self.button, "other-record"),
        ):
            w.add_class(f"munchkin-rec-{cls}")
        self.box = widgets.VBox(
            [self.move, self.card, self.whom, self.button],
            layout=widgets.Layout(max_width="100%", display="none"),
        )

        def flip(change: dict[str, Any]) -> None:
            self.box.layout.display = "flex" if change["new"] else "none"
            if change["new"]:
                self.menus()

        self.toggle.observe(flip, names="value")

    def menus(self) -> None:
        """The menus of "another action" for the chosen player and the table as it stands."""
        from munchkin_nb.engine.moves.base import MOVES
        from munchkin_nb.scenarios.shapes import CARD_PARAMS, PLAYER_PARAMS

        if self.page.rec is None:
            return
        s, t = self.page.rec.state, self.page.t
        blanks = dict.fromkeys((*CARD_PARAMS, *PLAYER_PARAMS), "…")
        mods = set(s.modules)
        moves = [m for m, mv in MOVES.items() if not mv.module or mv.module in mods]
        named = [
            (
                action_words(
                    {"name": m, "player": "", "params": blanks}, None, with_player=False, lang=self.page.lang
                ),
                m,
            )
            for m in moves
        ]
        keep = self.move.value
        self.move.options = sorted(named, key=lambda o: o[0].casefold())
        self.move.value = keep if keep in moves else "kick_door"
        unknown = set(getattr(s, "unknown", ()))
        p = s.player(self.page.chosen) if self.page.chosen else None
        cards = [c for c in (p.hand + p.in_play() if p else []) if c not in unknown]
        cards += [m["card"] for m in s.combat.monsters] if s.combat else []
        cards += [c for q in s.players if q is not p for c in q.in_play()]
        self.card.options = [
            (t("none"), ""),
            *((card_name(s, c, self.page.lang), c) for c in dict.fromkeys(cards)),
        ]
        self.whom.options = [(t("nobody"), ""), *((n, n) for n in s.names())]

    def action(self) -> Action:
        """The action the "another action" menus name: a legal action of that name with those
        parameters when there is one (it carries the engine's other parameters), else as named."""
        from munchkin_nb.scenarios.shapes import PLAYER_PARAMS

        player, name = self.page.chosen or "", self.move.value
        params: dict[str, Any] = {}
        if self.card.value:
            params["card"] = self.card.value
        same: list[Action] = [c.action for c in self.page.choices() if c.action.name == name]
        if self.whom.value:
            keys = [k for a in same for k in a.params if k in PLAYER_PARAMS]
            params[keys[0] if keys else "target"] = self.whom.value
        for a in same:
            if all(a.params.get(k) == v for k, v in params.items()):
                return a
        return Action(name, player, params)

    def take(self) -> Any:
        """Record the action the "another action" menus name."""
        self.toggle.value = False
        return self.page.take_action(self.action())
