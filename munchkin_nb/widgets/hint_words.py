"""Why a hinted move is good, in words: the heuristic bot's reason (`bots.heuristic.why`) told to
the learner in the page's language (gettext domain `course`)."""

from __future__ import annotations

from typing import Any

from munchkin_nb.bots.heuristic import why
from munchkin_nb.engine import Action
from munchkin_nb.i18n import gettext
from munchkin_nb.viz.words import card_name

# reason key -> its words, with the facts `why` gives as fields ({card}, {players}, ...)
REASONS: dict[str, str] = {
    "only_way_to_meet": "kicking open the door is the only way to meet a monster this turn, and "
    "beating a monster is how you gain levels",
    "loot_the_room": "no monster came out: looting the room gives you one more door card, face down",
    "charity": "you may end your turn with at most five cards in hand; the extra ones go to the "
    "lowest-level player",
    "nothing_left": "nothing else you could do now would gain you anything this turn",
    "must_run": "your side lost the fight and nothing can turn it any more: running away is what is "
    "left (a 5 or 6 on the die gets you away)",
    "stop_curse": "{card} cancels the curse before it does its harm",
    "no_answer": "you have no card that stops the curse",
    "ready": "your starting cards are on the table; the game begins when everyone is ready",
    "sell_for_level": "every 1000 gold pieces of items you sell is a level for you",
    "free_level": "a level for yourself costs you nothing but the card",
    "good_trade": "what you get is an item you can use and worth at least what you give",
    "bad_trade": "what you would get is either no use to you or worth less than what you give",
    "fair_trade": "you give an item you cannot use for one you can, worth no more than yours",
    "paid_to_help": "you were offered something for your help",
    "unpaid_help": "nothing was offered for your help, and helping would let another player gain",
    "card_in_play": "{card} on the table gives you its powers from now on",
    "winning": "your side already wins, {players} against {monsters}: there is nothing to add",
    "nothing_turns_it": "your side is behind, {players} against {monsters}, and no card you hold "
    "would change that",
    "not_worth_hindering": "{fighter} is only at level {level}: not worth spending a card to stop this fight",
    "losing_power": "your side is behind, {players} against {monsters}, and this power can turn the fight",
    "hinder_leader": "{fighter} is at level {level} and would win this fight ({players} against "
    "{monsters}): making the monsters stronger keeps the leader from gaining",
    "one_shot_helps": "your side is behind, {players} against {monsters}; {card} adds {bonus}",
    "strongest_helper": "your side is behind, {players} against {monsters}; {helper} is the "
    "strongest player you can ask",
    "easy_monster": "{monster} is only level {level}: a fight you can win from your own hand",
    "cheapest_loss": "{card} is the item worth least among those you could lose",
    "most_valuable": "{card} is worth the most of what you may take",
    "curse_leader": "{target} leads the table at level {level}: a curse slows the leader down",
    "equip_bonus": "equipped, {card} adds {bonus} to your strength in every fight",
    "best_ranked": "it is the move a good player ranks first among those you have now",
}


def hint_reason(state: Any, action: Action, lang: str = "en") -> str:
    """Why the heuristic bot would take `action` in `state`, as a sentence in `lang`."""
    key, facts = why(state, action)
    named = {k: card_name(state, str(v), lang) if k in ("card", "monster") else v for k, v in facts.items()}
    text = gettext("course", lang)(REASONS[key]).format_map(_Facts(named))
    return text[:1].upper() + text[1:]


class _Facts(dict[str, object]):
    """Fields of a reason; one a fact does not give is left out rather than failing."""

    def __missing__(self, key: str) -> str:
        return "?"
