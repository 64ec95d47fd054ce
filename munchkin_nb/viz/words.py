"""Events in plain English: one sentence for any event, given the state just before it."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from munchkin_nb.engine.events import Event


def card_name(source: Any, cid: str | None) -> str:
    """A card's printed name from a GameState, a CardSet or a card-set name; the id if unknown."""
    if not cid:
        return "a card"
    try:
        if hasattr(source, "card_of"):
            name: str = source.card_of(cid).name  # a GameState or a CardSet
            return name
        set_name = (
            getattr(source, "card_set", None) or (source if isinstance(source, str) else None) or "classic"
        )
        from munchkin_nb.engine.cardinfo import card_set

        return card_set(set_name).card_of(cid).name
    except (KeyError, ValueError, OSError, TypeError):
        return cid.split("#")[0].replace("_", " ").title()


def monster_words(state: Any, cid: str | None) -> str:
    """'Crabs (level 1)' for a monster card."""
    name = card_name(state, cid)
    level: int | None = None
    if cid is not None:  # no card, no level
        try:
            from munchkin_nb.engine.cardinfo import card

            level = card(state, cid).level
        except Exception:
            level = None
    return f"{name} (level {level})" if level is not None else name


def _names(state: Any, cids: Iterable[str] | None) -> str:
    names = [card_name(state, c) for c in cids or ()]
    if not names:
        return "nothing"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _people(names: Iterable[object] | None) -> str:
    people = [str(n) for n in names or ()]
    if not people:
        return "nobody"
    return people[0] if len(people) == 1 else ", ".join(people[:-1]) + " and " + people[-1]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if abs(n) == 1 else "s")


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
}


class _Params(dict[str, Any]):
    """Format parameters: card ids become names, a missing one becomes 'it'."""

    def __init__(self, state: Any, params: dict[str, Any]) -> None:
        super().__init__(params)
        self.state = state

    def __missing__(self, key: str) -> str:
        return "it" if key != "side" else "players"

    def __getitem__(self, key: str) -> str:
        if key not in self:
            return self.__missing__(key)
        val = dict.__getitem__(self, key)
        if key in ("card", "monster", "item", "new_monster", "pick") or (
            key == "discard" and isinstance(val, str)
        ):
            return card_name(self.state, val)
        if key in ("cards", "discard", "items", "give", "take") and isinstance(val, list):
            return _names(self.state, val)
        return str(val)


def action_words(action: Any, state: Any = None, with_player: bool = True) -> str:
    """'Ana chose to kick open the door' for an Action (or its dict)."""
    d = action.to_dict() if hasattr(action, "to_dict") else dict(action)
    name, player, params = d.get("name", "?"), d.get("player", "someone"), d.get("params") or {}
    text = ACTION_WORDS.get(name, name.replace("_", " "))
    phrase = text.format_map(_Params(state, params))
    return f"{player} {phrase}" if with_player else phrase[0].upper() + phrase[1:]


def _interjection(e: Any, state: Any) -> str:
    """', out of turn while Ana was deciding' for an interjection; '' for the decider's own move."""
    if not e.payload.get("out_of_turn"):
        return ""
    decider = None
    if state is not None and getattr(state, "players", None):
        from munchkin_nb.engine.legal import context

        decider = context(state)[0]
    return f", out of turn while {decider} was deciding" if decider else ", out of turn"


# -- events ----------------------------------------------------------------------
def _combat_fighter(state: Any) -> str:
    c = getattr(state, "combat", None)
    return c.fighter if c else "the fighter"


def _game_started(e: Event, s: Any) -> str:
    p = e.payload
    names = [x["name"] if isinstance(x, dict) else str(x) for x in p.get("players", [])]
    return f"A game of {p.get('ruleset', 'Munchkin')} began for {_people(names)}."


def _deck_shuffled(e: Event, s: Any) -> str:
    p = e.payload
    where = " from its discards" if p.get("from_discards") else ""
    return f"The {p['deck']} deck was shuffled{where} ({_plural(len(p.get('order', [])), 'card')})."


def _position_set(e: Event, s: Any) -> str:
    return f"The table was laid out; it is {e.payload['turn_of']}'s turn."


def _die_rolled(e: Event, s: Any) -> str:
    p = e.payload
    who = p.get("player") or "Someone"
    return f"{who} rolled a {p['result']} ({p.get('purpose', 'a roll')})."


def _card_drawn(e: Event, s: Any) -> str:
    p = e.payload
    reason = p.get("reason")
    if reason == "kick" or (
        p.get("face") == "up" and p.get("deck") == "door" and reason in (None, "kick_door")
    ):
        return _kick(p["player"], p["card"], s)
    how = "face up" if p.get("face") == "up" else "face down"
    why = f" ({reason.replace('_', ' ')})" if reason else ""
    to = " onto the table" if p.get("to") == "table" else ""
    return f"{p['player'] or 'The table'} drew a {p['deck']} card {how}{to}{why}: {card_name(s, p['card'])}."


def _kick(player: str, cid: str, s: Any) -> str:
    try:
        from munchkin_nb.engine.cardinfo import card

        kind = card(s, cid).kind
    except Exception:
        kind = None
    found = monster_words(s, cid) if kind == "monster" else card_name(s, cid)
    return f"{player} kicked open the door and found {found}."


def _card_discarded(e: Event, s: Any) -> str:
    p = e.payload
    who = p.get("player") or "The table"
    reason = f" ({p['reason']})" if p.get("reason") else ""
    return f"{who} discarded {card_name(s, p['card'])}{reason}."


def _card_given(e: Event, s: Any) -> str:
    p = e.payload
    if p.get("reason") == "loot the body":
        return f"{p['to_player']} looted {card_name(s, p['card'])} from {p['from_player']}'s body."
    what = card_name(s, p["card"])
    return f"{p['from_player']} gave {what} to {p['to_player']} ({p.get('reason', 'a gift')})."


def _card_played(e: Event, s: Any) -> str:
    p = e.payload
    into = {
        "equipped": "equipped it",
        "carried": "carried it",
        "races": "took the race",
        "classes": "took the class",
        "table": "face up on the table",
    }.get(p.get("into", ""), f"into {p.get('into')}")
    return f"{p['player'] or 'The table'} played {card_name(s, p['card'])} ({into})."


def _combat_started(e: Event, s: Any) -> str:
    p = e.payload
    if p.get("from_door", True):
        return f"{p['player']} kicked open the door and found {monster_words(s, p['monster'])}: a fight!"
    return f"{p['player']} went looking for trouble with {monster_words(s, p['monster'])}."


def _level_changed(e: Event, s: Any) -> str:
    p = e.payload
    verb = "went up" if p["delta"] > 0 else "went down"
    levels = _plural(abs(p["delta"]), "level")
    return f"{p['player']} {verb} {levels} to level {p['level']} ({p.get('reason', '')})."


def _combat_won(e: Event, s: Any) -> str:
    p = e.payload
    who = _combat_fighter(s)
    helper = p.get("helper")
    side = f"{who} and {helper}" if helper else who
    return (
        f"{side} beat {_names(s, p['monsters'])}: {who} gains {_plural(p['levels'], 'level')} "
        f"and {_plural(p['treasures'], 'treasure')}."
    )


def _combat_lost(e: Event, s: Any) -> str:
    p = e.payload
    runners = _people(sorted({r[0] for r in p.get("to_run", [])}))
    score = ""
    if "players" in p and "monsters_strength" in p:
        score = f" ({p['players']} against {p['monsters_strength']})"
    return f"{_names(s, p['monsters'])} proved too strong{score}; {runners} must run away."


def _escape_rolled(e: Event, s: Any) -> str:
    p = e.payload
    return f"{p['player']} rolled {p['roll']} to escape {card_name(s, p['monster'])}, {p['total']} in all."


def _ran_away(e: Event, s: Any) -> str:
    p = e.payload
    how = f" ({p['how']})" if p.get("how") else ""
    if p["escaped"]:
        return f"{p['player']} got away from {card_name(s, p['monster'])}{how}."
    return f"{p['player']} was caught by {card_name(s, p['monster'])}{how}."


def _modifier(e: Event, s: Any) -> str:
    p = e.payload
    amount = p["amount"]
    sign = f"+{amount}" if isinstance(amount, int) and amount >= 0 else str(amount)
    tgt = f" ({p['target']})" if p.get("target") else ""
    return f"{p['by']} played {card_name(s, p['card'])}: {sign} for the {p['side']}{tgt}."


def _help_accepted(e: Event, s: Any) -> str:
    b = e.payload.get("bribe") or {}
    bribe = ""
    if b.get("treasures") or b.get("items"):
        parts = []
        if b.get("treasures"):
            parts.append(_plural(b["treasures"], "treasure"))
        if b.get("items"):
            parts.append(_names(s, b["items"]))
        bribe = " for " + " and ".join(parts)
    return f"{e.payload['helper']} agreed to help {_combat_fighter(s)}{bribe}."


def _curse(e: Event, s: Any) -> str:
    p = e.payload
    by = (
        f"{p['by']} cursed {p['player']}"
        if p.get("by") and p["by"] != p["player"]
        else f"{p['player']} was cursed"
    )
    return f"{by}: {card_name(s, p['card'])}."


def _bad_stuff(e: Event, s: Any) -> str:
    p = e.payload
    note = (
        f" ({p['note']})" if p.get("note") else (f" ({p['step'].replace('_', ' ')})" if p.get("step") else "")
    )
    return f"Bad stuff from {card_name(s, p['monster'])} hit {p['player']}{note}."


def _decision_required(e: Event, s: Any) -> str:
    p = e.payload
    src = f" because of {card_name(s, p['source'])}" if p.get("source") else ""
    return f"{p['player']} must decide: {p['kind'].replace('_', ' ')}{src}."


SENTENCES: dict[str, Callable[[Event, Any], str]] = {
    "GameStarted": _game_started,
    "DeckShuffled": _deck_shuffled,
    "PositionSet": _position_set,
    "DieRolled": _die_rolled,
    "FirstPlayerChosen": lambda e, s: f"{e.payload['player']} goes first.",
    "TurnStarted": lambda e, s: f"{e.payload['player']}'s turn begins.",
    "PhaseChanged": lambda e, s: (
        f"The turn moves on to the {str(e.payload['phase']).replace('_', ' ')} phase."
    ),
    "TurnEnded": lambda e, s: f"{e.payload['player']}'s turn ends.",
    "GameWon": lambda e, s: f"{_people(e.payload['winners'])} won the game!",
    "CardDrawn": _card_drawn,
    "CardDiscarded": _card_discarded,
    "CardGiven": _card_given,
    "CardPlayed": _card_played,
    "CardTakenFromDiscard": lambda e, s: (
        f"{e.payload['player']} took {card_name(s, e.payload['card'])} from the {e.payload['deck']} discards."
    ),
    "CharityGiven": lambda e, s: (
        f"{e.payload['from_player']} gave {card_name(s, e.payload['card'])} "
        f"to {e.payload['to_player']} as charity."
    ),
    "ActionTaken": lambda e, s: action_words(e.payload["action"], s) + _interjection(e, s) + ".",
    "LevelChanged": _level_changed,
    "ItemEquipped": lambda e, s: (
        f"{e.payload['player']} "
        f"{'equipped' if e.payload['equipped'] else 'turned sideways'} "
        f"{card_name(s, e.payload['card'])}."
    ),
    "SexChanged": lambda e, s: f"{e.payload['player']} is now {e.payload['sex']}.",
    "PlayerDied": lambda e, s: (
        f"{e.payload['player']} died"
        + (f", killed by {card_name(s, e.payload['by'])}" if e.payload.get("by") else "")
        + "."
    ),
    "PlayerRevived": lambda e, s: f"{e.payload['player']} comes back with a new character.",
    "CombatStarted": _combat_started,
    "MonsterAdded": lambda e, s: (
        f"{e.payload['by']} added {monster_words(s, e.payload['monster'])} to the fight."
    ),
    "MonsterRemoved": lambda e, s: (
        f"{card_name(s, e.payload['monster'])} left the fight ({e.payload['reason']})."
    ),
    "EnhancerPlayed": lambda e, s: (
        f"{e.payload['by']} played {card_name(s, e.payload['card'])} on {card_name(s, e.payload['monster'])}."
    ),
    "ModifierPlayed": _modifier,
    "HelpAsked": lambda e, s: f"{_combat_fighter(s)} asked {e.payload['helper']} for help.",
    "HelpDeclined": lambda e, s: f"{e.payload['helper']} refused to help.",
    "HelpAccepted": _help_accepted,
    "WindowOpened": lambda e, s: (
        f"Everyone may now play cards on the fight, in the order {_people(e.payload['order'])}."
    ),
    "PlayerPassed": lambda e, s: f"{e.payload['player']} has nothing more to play.",
    "CombatWon": _combat_won,
    "CombatLost": _combat_lost,
    "EscapeRolled": _escape_rolled,
    "AutoEscapeGranted": lambda e, s: (
        f"{e.payload['player']} escapes automatically thanks to {card_name(s, e.payload['card'])}."
    ),
    "CurseApplied": _curse,
    "DecisionRequired": _decision_required,
    "DecisionMade": lambda e, s: (
        f"{e.payload['player']} decided ({str(e.payload['kind']).replace('_', ' ')})."
    ),
    "SetupFinished": lambda e, s: f"{e.payload['player']} is ready to play.",
    "ItemsSold": lambda e, s: (
        f"{e.payload['player']} sold {_names(s, e.payload['cards'])} for {e.payload['value']} gold."
    ),
    "MarkSet": lambda e, s: f"A module noted {e.payload['key']}: {e.payload['value']}.",
    "TheftTried": lambda e, s: f"{e.payload['player']} tried to steal from {e.payload['target']}.",
    "RanAway": _ran_away,
    "BadStuffApplied": _bad_stuff,
    "CombatTransferred": lambda e, s: (
        f"{e.payload['player']} takes over the fight"
        + (f" from {e.payload['from_player']}" if e.payload.get("from_player") else "")
        + "."
    ),
    "CombatEnded": lambda e, s: f"The fight is over ({str(e.payload['outcome']).replace('_', ' ')}).",
}


def describe(event: Event, state_before: Any = None) -> str:
    """One plain-English sentence for `event`; `state_before` names its cards (and the fighter)."""
    fn = SENTENCES.get(event.type)
    if fn is None:
        return f"{event.type} happened."
    try:
        return fn(event, state_before)
    except (KeyError, TypeError, AttributeError, IndexError, ValueError):
        who = event.actor or event.payload.get("player") or "The game"
        return f"{who}: {event.type} ({', '.join(f'{k}={v}' for k, v in sorted(event.payload.items())[:4])})."
