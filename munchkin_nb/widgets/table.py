"""The table at one moment as HTML: every player, with what changed since the step before marked.

Its words are in the players' language (`lang`), from the gettext domain `words`, like the event
sentences; the rules an event applied are shown in that language too where they are translated."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any

from munchkin_nb.engine.core.cards import card
from munchkin_nb.engine.query.combat import item_bonus
from munchkin_nb.i18n import gettext
from munchkin_nb.rules import RULE_INDEX
from munchkin_nb.viz.words import card_name

SLOT_ORDER = ("headgear", "armor", "footgear", "one_hand", "two_hands", "none")
CSS = """
<style>
.munchkin-table {border-collapse: collapse; font-size: 13px; margin: 4px 0;}
.munchkin-table th, .munchkin-table td {
  border: 1px solid #ccc; padding: 3px 6px; vertical-align: top; text-align: left;
}
.munchkin-table caption {text-align: left; font-weight: bold; padding: 4px 0;}
.munchkin-table td.changed, .munchkin-table span.changed {background: #fff3b0;}
.munchkin-table tr.active td:first-child {font-weight: bold;}
.munchkin-event .rules {color: #555; font-size: 12px; margin: 2px 0 0 12px;}
.munchkin-error {color: #7a1f1f; background: #fdecea; border-left: 4px solid #c0392b; padding: 6px 10px;}
/* Phones (390 px wide) and touch: controls at least 40 px, nothing wider than the screen,
   wide tables scroll inside their own box, figures take the width they are given. */
.munchkin-app, .munchkin-stepper, .munchkin-game {max-width: 100%;}
.munchkin-app button, .munchkin-stepper button, .munchkin-app select, .munchkin-stepper input,
.munchkin-address button, button.munchkin-choice {min-height: 40px;}
.munchkin-controls, .munchkin-top {gap: 4px; align-items: center;}
.munchkin-table-box {max-width: 100%; overflow-x: auto;}
.munchkin-table-box .munchkin-table {min-width: 100%;}
.munchkin-table-box td.items, .munchkin-table-box td.curses {min-width: 11em;}
.munchkin-event {overflow-wrap: anywhere;}
.munchkin-address {display: flex; flex-wrap: wrap; gap: 4px; align-items: center; max-width: 100%;}
.munchkin-address button {padding: 0 12px;}
.munchkin-link-text {width: 100%; min-height: 40px;}
.munchkin-game .js-plotly-plot, .munchkin-game .plot-container {max-width: 100%;}
@media (max-width: 600px) {
  .munchkin-controls > .widget-button {flex: 1 1 40%;}
  .munchkin-controls > .widget-slider, .munchkin-game-picker {width: 100% !important; flex: 1 1 100%;}
  .munchkin-controls .widget-slider .slider-container {min-height: 40px;}
  .munchkin-game-picker select {min-width: 0;}
  .munchkin-app .modebar-container {display: none;}  /* plotly's icons are too small to touch */
}
button.munchkin-choice {text-align: left; justify-content: flex-start; padding-left: 12px;}
button.munchkin-choice.munchkin-suggested {
  font-weight: bold; background: #e3f2ef; box-shadow: inset 4px 0 0 #2a9d8f;
}
</style>
"""


def _name(state: Any, cid: str, lang: str = "en") -> str:
    try:
        card(state, cid)
    except KeyError:
        return cid
    return card_name(state, cid, lang)


#: the table's own words, for the catalogue (the slots' names are its words too)
SLOT_WORDS = {
    "headgear": "headgear",
    "armor": "armor",
    "footgear": "footgear",
    "one_hand": "one hand",
    "two_hands": "two hands",
    "none": "none",
}


def _items(state: Any, p: Any, lang: str = "en") -> str:
    """Equipped items grouped by slot with their bonuses; then what is carried."""
    _ = gettext("words", lang)
    by_slot: dict[str, list[str]] = {}
    for cid in p.equipped:
        try:
            c = card(state, cid)
            slot = c.slot or "none"
            bonus = item_bonus(state, p, cid)
        except (KeyError, TypeError):
            slot, bonus = "none", 0
        by_slot.setdefault(slot, []).append(f"{escape(_name(state, cid, lang))} ({bonus:+d})")
    parts = [f"{escape(_(SLOT_WORDS[s]))}: {', '.join(by_slot[s])}" for s in SLOT_ORDER if s in by_slot]
    parts += [f"{s}: {', '.join(v)}" for s, v in by_slot.items() if s not in SLOT_ORDER]
    if p.carried:
        carried = ", ".join(escape(_name(state, c, lang)) for c in p.carried)
        parts.append(f"{escape(_('carried'))}: {carried}")
    return "<br>".join(parts) or "—"


def player_cells(state: Any, p: Any, lang: str = "en", hands: bool = False) -> dict[str, str]:
    """The cells of one player's row (already HTML), by column; `hands`: the cards in the hand,
    not only how many (a recorded game knows every hand)."""
    _ = gettext("words", lang)

    def names(cids: Iterable[str]) -> str:
        return ", ".join(escape(_name(state, c, lang)) for c in cids)

    race = names(p.races) or escape(_("human"))
    if p.half_breed:
        race += f" ({escape(card_name(state, 'half_breed', lang) if lang != 'en' else 'Half-Breed')})"
    klass = names(p.classes) or "—"
    if p.super_munchkin:
        klass += (
            f" ({escape(card_name(state, 'super_munchkin', lang) if lang != 'en' else 'Super Munchkin')})"
        )
    return {
        "player": escape(p.name) + (" †" if p.dead else ""),
        "level": str(p.level),
        "sex": escape(_(p.sex)),
        "race": race,
        "class": klass,
        "items": _items(state, p, lang),
        "hand": f"{len(p.hand)}: {names(p.hand)}" if hands and p.hand else str(len(p.hand)),
        "curses": names(p.curses) or "—",
    }


COLUMNS = ("player", "level", "sex", "race", "class", "items", "hand", "curses")


def caption(state: Any, lang: str = "en") -> str:
    _ = gettext("words", lang)
    if not state.players:
        return escape(_("before the game"))
    if state.phase == "setup":
        text = escape(_("set-up"))
    else:
        phase = escape(_(state.phase.replace("_", " ")))
        text = escape(_("turn {turn}: {player}'s turn, phase {phase}"), quote=False).format(
            turn=state.turn, player=escape(state.active.name), phase=phase
        )
    if state.combat:
        c = state.combat
        monsters = ", ".join(escape(_name(state, m["card"], lang)) for m in c.monsters)
        if c.helper:
            fight = _("{player} and {helper} fighting {monsters}")
        else:
            fight = _("{player} fighting {monsters}")
        text += " — " + escape(fight, quote=False).format(
            player=escape(c.fighter), helper=escape(c.helper or ""), monsters=monsters
        )
    if state.winners:
        text += " — " + escape(_("won by {players}"), quote=False).format(
            players=escape(", ".join(state.winners))
        )
    return text


def table_html(state: Any, previous: Any = None, lang: str = "en", hands: bool = False) -> str:
    """The table as HTML (class `munchkin-table`); cells that differ from `previous` get class `changed`;
    its words in `lang`; `hands`: every hand's cards shown, not only their number."""
    _ = gettext("words", lang)
    before: dict[str, dict[str, str]] = {}
    if previous is not None and previous.players:
        before = {p.name: player_cells(previous, p, lang, hands) for p in previous.players}
    rows = []
    for i, p in enumerate(state.players):
        cells = player_cells(state, p, lang, hands)
        old = before.get(p.name)
        tds = []
        for col in COLUMNS:
            changed = previous is not None and (old is None or old[col] != cells[col])
            tds.append(f"<td class='{col}{' changed' if changed else ''}'>{cells[col]}</td>")
        active = " class='active'" if state.players and i == state.current and state.phase != "setup" else ""
        rows.append(f"<tr{active}>{''.join(tds)}</tr>")
    cap = caption(state, lang)
    cap_changed = previous is not None and caption(previous, lang) != cap
    cap_html = f"<span class='changed'>{cap}</span>" if cap_changed else cap
    head = "".join(f"<th>{escape(_(c))}</th>" for c in COLUMNS)
    return (
        f"<table class='munchkin-table'><caption>{cap_html}</caption><tr>{head}</tr>{''.join(rows)}</table>"
    )


def rules_html(rule_ids: Iterable[str], lang: str = "en") -> str:
    """The rules an event applied: id, title and text of each (in `lang` where translated)."""
    from munchkin_nb.rules.citations import citation_html
    from munchkin_nb.rules.i18n import wording

    from .links import rule_link

    items = []
    for rid in rule_ids:
        r = RULE_INDEX.get(rid)
        if r is None:
            items.append(f"<li><code>{escape(rid)}</code></li>")
        else:
            w = wording(r, lang)
            items.append(
                f"<li><code>{rule_link(r.id, lang)}</code> <b>{escape(w.title)}</b>: {escape(w.text)} "
                f"<i>({citation_html(r, lang)})</i></li>"
            )
    return f"<ul class='rules'>{''.join(items)}</ul>" if items else ""
