"""HTML for a state, so that a GameState draws itself in a notebook."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING

from .cards import card

if TYPE_CHECKING:
    from .state import GameState


def _names(state: GameState, cids: Iterable[str]) -> str:
    return ", ".join(escape(card(state, c).name) for c in cids) or "—"


def state_html(state: GameState) -> str:
    rows = []
    for i, p in enumerate(state.players):
        mark = "▶ " if i == state.current and state.turn else ""
        rows.append(
            f"<tr><td>{mark}{escape(p.name)}{' †' if p.dead else ''}</td><td>{p.level}</td><td>{p.sex}</td>"
            f"<td>{_names(state, p.races) if p.races else 'human'}</td>"
            f"<td>{_names(state, p.classes) if p.classes else '—'}</td>"
            f"<td>{_names(state, p.equipped)}</td><td>{_names(state, p.carried)}</td><td>{len(p.hand)}</td>"
            f"<td>{_names(state, p.curses)}</td></tr>"
        )
    head = (
        "<tr><th>player</th><th>level</th><th>sex</th><th>race</th><th>class</th><th>equipped</th>"
        "<th>carried</th><th>hand</th><th>curses</th></tr>"
    )
    caption = f"turn {state.turn}, phase {escape(state.phase)}"
    if state.winners:
        caption += f" — won by {escape(', '.join(state.winners))}"
    return f"<table class='munchkin-table'><caption>{caption}</caption>{head}{''.join(rows)}</table>"
