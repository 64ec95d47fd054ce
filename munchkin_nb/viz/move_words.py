"""What each decision says in words: told after the fact (ACTION_WORDS, "kicked open the door") and
as a thing to do (MOVE_WORDS, "kick open the door"), with the variants a parameter chooses. Plain
English data, the gettext source texts of the "words" domain (msgctxt "move" for the things to do);
viz/words.py formats and translates them. The core's moves are here; each plug-in's are in its
declaration (`Plugin.phrases`), joined here through the registry in the plug-ins' canonical order."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

from munchkin_nb.rules.registry import PLUGINS
from munchkin_nb.rules.rulesets import Phrases

K = TypeVar("K", str, tuple[str, str])

# -- decisions (ActionTaken) ---------------------------------------------------
ACTION_WORDS: dict[str, str] = {
    "offer_trade": "offered {to} {give} for {take}",
    "accept_trade": "accepted the trade",
    "decline_trade": "declined the trade",
    "choose_steps": "chose which bad stuff to suffer",
    "force_rerun": "made the escapee roll again with {card}",
    "let_escape": "let the escape stand",
    "resurrect": "took the top door discard, paying {discard}",
    "set_die": "set the die to {value} with {card}",
    "steal": "tried to steal {item} from {target}, discarding {discard}",
    "play_card": "put {card} on the table",
    "finish_setup": "finished setting up",
    "equip": "equipped {card}",
    "unequip": "turned {card} sideways",
    "sell": "sold {cards}",
    "give_item": "gave {card} to {to}",
    "discard_card": "discarded {card}",
    "kick_door": "chose to kick open the door",
    "curse": "cursed {target} with {card}",
    "go_up_a_level": "played {card} to give {target} a level",
    "use_card": "used {card}",
    "look_for_trouble": "looked for trouble with {card}",
    "loot_the_room": "chose to loot the room",
    "end_turn": "ended the turn",
    "give_charity": "gave {card} away as charity",
    "pass": "passed",
    "play_one_shot": "played {card} for the {side}",
    "play_enhancer": "played {card} on {monster}",
    "wandering_monster": "sent in {monster} as a wandering monster",
    "ask_for_help": "asked {helper} for help",
    "accept_help": "agreed to help",
    "decline_help": "refused to help",
    "backstab": "backstabbed {target}",
    "berserk": "went berserk",
    "turning": "turned the undead",
    "charm": "charmed {monster}",
    "send_away": "sent {monster} away",
    "run_away": "tried to run away from {monster}",
    "escape_by_discarding": "threw {card} to {monster} to escape",
    "flight": "cast a flight spell",
    "reroll": "rolled again",
    "accept_roll": "accepted the roll",
    "choose_loss": "chose to lose {card}",
    "loot_the_body": "took {card} from the body",
    "take_item": "took {card}",
    "cancel_curse": "cancelled the curse with {card}",
    "accept_curse": "took the curse",
    "decline_fight": "declined to fight {monster}",
    "trade_treasures": "traded {cards} for as many new treasures",
    "keep_big_item": "kept {card} as the one big item",
}
# a move whose words depend on which parameter it has: (move, parameter) -> words
ACTION_VARIANTS: dict[tuple[str, str], str] = {}

# the moves as things to do (a button, a hint): the same keys as ACTION_WORDS / ACTION_VARIANTS
MOVE_WORDS: dict[str, str] = {
    "offer_trade": "offer {to} {give} for {take}",
    "accept_trade": "accept the trade",
    "decline_trade": "decline the trade",
    "choose_steps": "choose which bad stuff to suffer",
    "force_rerun": "make the escapee roll again with {card}",
    "let_escape": "let the escape stand",
    "resurrect": "take the top door discard, paying {discard}",
    "set_die": "set the die to {value} with {card}",
    "steal": "try to steal {item} from {target}, discarding {discard}",
    "play_card": "put {card} on the table",
    "finish_setup": "finish setting up",
    "equip": "equip {card}",
    "unequip": "turn {card} sideways",
    "sell": "sell {cards}",
    "give_item": "give {card} to {to}",
    "discard_card": "discard {card}",
    "kick_door": "kick open the door",
    "curse": "curse {target} with {card}",
    "go_up_a_level": "play {card} to give {target} a level",
    "use_card": "use {card}",
    "look_for_trouble": "look for trouble with {card}",
    "loot_the_room": "loot the room",
    "end_turn": "end the turn",
    "give_charity": "give {card} away as charity",
    "pass": "pass",
    "play_one_shot": "play {card} for the {side}",
    "play_enhancer": "play {card} on {monster}",
    "wandering_monster": "send in {monster} as a wandering monster",
    "ask_for_help": "ask {helper} for help",
    "accept_help": "agree to help",
    "decline_help": "refuse to help",
    "backstab": "backstab {target}",
    "berserk": "go berserk",
    "turning": "turn the undead",
    "charm": "charm {monster}",
    "send_away": "send {monster} away",
    "run_away": "try to run away from {monster}",
    "escape_by_discarding": "throw {card} to {monster} to escape",
    "flight": "cast a flight spell",
    "reroll": "roll again",
    "accept_roll": "accept the roll",
    "choose_loss": "choose to lose {card}",
    "loot_the_body": "take {card} from the body",
    "take_item": "take {card}",
    "cancel_curse": "cancel the curse with {card}",
    "accept_curse": "take the curse",
    "decline_fight": "decline to fight {monster}",
    "trade_treasures": "trade {cards} for as many new treasures",
    "keep_big_item": "keep {card} as the one big item",
}
MOVE_VARIANTS: dict[tuple[str, str], str] = {}


def _joined(core: dict[K, str], own: Callable[[Phrases], Mapping[K, str]]) -> dict[K, str]:
    """The core's words and every plug-in's (`own` picks which of its phrases), in the registry's
    order; a move told twice (by the core and a plug-in, or two plug-ins) is refused in one line."""
    out = dict(core)
    for p in PLUGINS.values():
        words = own(p.phrases)
        twice = sorted(str(k) for k in words if k in out)
        if twice:
            raise ValueError(f"plug-in {p.name!r} tells moves that are already told: {', '.join(twice)}")
        out.update(words)
    return out


ACTION_WORDS = _joined(ACTION_WORDS, lambda p: p.done)
ACTION_VARIANTS = _joined(ACTION_VARIANTS, lambda p: p.done_variants)
MOVE_WORDS = _joined(MOVE_WORDS, lambda p: p.to_do)
MOVE_VARIANTS = _joined(MOVE_VARIANTS, lambda p: p.to_do_variants)
