"""The one fold: evolve(state, event) is the only code that changes a game state."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .cards import card, card_set
from .events import Event
from .state import Combat, GameState, Player


def _take(s: GameState, cid: str) -> None:
    """Lift a card from wherever it lies, so that it can be put somewhere else."""
    for pile in (*s.decks.values(), *s.discards.values()):
        if cid in pile:
            pile.remove(cid)
            return
    if cid in s.table:
        s.table.remove(cid)
        return
    for p in s.players:
        for zone in (p.hand, p.equipped, p.carried, p.races, p.classes, p.curses):
            if cid in zone:
                zone.remove(cid)
                if cid in p.unsellable:
                    p.unsellable.remove(cid)
                return
        if p.half_breed == cid:
            p.half_breed = None
            return
        if p.super_munchkin == cid:
            p.super_munchkin = None
            return
        if cid in p.attachments:
            del p.attachments[cid]
            return
    c = s.combat
    if c:
        for group in (c.monsters, c.removed):
            for m in list(group):
                if m["card"] == cid:
                    group.remove(m)
                    return
                for key in ("enhancers", "mates"):
                    if cid in m.get(key, []):
                        m[key].remove(cid)
                        return
        for mod in list(c.modifiers):
            if mod.get("card") == cid:
                mod["card"] = None  # the bonus stays for this combat; the card has left
                return
    raise ValueError(f"card {cid!r} is not anywhere in the game")


def _game_started(s: GameState, e: Event) -> None:
    p = e.payload
    s.ruleset, s.card_set = p["ruleset"], p["card_set"]
    s.modules = list(p.get("modules", []))
    s.players = [Player(name=q["name"], sex=q["sex"]) for q in p["players"]]
    cs = card_set(s.card_set)
    s.decks = {"door": [], "treasure": []}
    for cid in cs.instances():  # a module's own deck is made like these two
        s.decks.setdefault(cs.card_of(cid).deck, []).append(cid)
    s.discards = {kind: [] for kind in s.decks}
    for pile in p.get("piles", []):  # a ruleset's own discard piles
        s.discards[pile] = []
    s.phase = "setup"


def _deck_shuffled(s: GameState, e: Event) -> None:
    kind = e.payload["deck"]
    if e.payload.get("from_discards"):
        s.discards[kind] = []
    s.decks[kind] = list(e.payload["order"])
    if s.unknown:  # a card not shown shuffled back into a deck is as unseen as every card there
        s.unknown = [c for c in s.unknown if c not in s.decks[kind]]


def _lift(pile: list[str], cid: str, where: str) -> None:
    """Take `cid` off `pile`; a card that is not there is said as such (a damaged or forged
    replay), not as Python's "list.remove(x): x not in list"."""
    try:
        pile.remove(cid)
    except ValueError:
        raise ValueError(f"card {cid!r} is not in the {where}") from None


def _card_drawn(s: GameState, e: Event) -> None:
    p = e.payload
    _lift(s.decks[p["deck"]], p["card"], f"{p['deck']} deck")
    if p.get("to") == "table":  # drawn straight into play, nobody's (a module's table card)
        s.table.append(p["card"])
    else:
        s.player(p["player"]).hand.append(p["card"])
    if p.get("reason") == "loot_the_room":
        s.looted = True


def _card_taken_from_discard(s: GameState, e: Event) -> None:
    p = e.payload
    _lift(s.discards[p["deck"]], p["card"], f"{p['deck']} discard pile")
    s.player(p["player"]).hand.append(p["card"])


def _card_discarded(s: GameState, e: Event) -> None:
    cid = e.payload["card"]
    _take(s, cid)
    pile = e.payload.get("pile") or card(s, cid).deck
    if pile.startswith("top:"):  # back on top of a deck instead of a discard pile
        s.decks[pile[4:]].insert(0, cid)
    else:
        s.discards[pile].append(cid)


def _card_given(s: GameState, e: Event) -> None:
    p = e.payload
    _take(s, p["card"])
    to = s.player(p["to_player"])
    zone = p.get("to", "hand")
    getattr(to, zone).append(p["card"])
    if zone in ("equipped", "carried") and p.get("reason") in ("trade", "gift", "bribe", "steal", "big item"):
        to.unsellable.append(p["card"])


def _card_played(s: GameState, e: Event) -> None:
    p = e.payload
    cid, into = p["card"], p["into"]
    if into == "table":  # in play, belonging to nobody (a module's table card)
        _take(s, cid)
        s.table.append(cid)
        return
    owner = s.player(p.get("owner") or p["player"])
    _take(s, cid)
    if into in ("half_breed", "super_munchkin"):
        setattr(owner, into, cid)
    elif into == "attachments":
        owner.attachments[cid] = p["on"]
    else:
        getattr(owner, into).append(cid)


def _item_equipped(s: GameState, e: Event) -> None:
    p = s.player(e.payload["player"])
    cid = e.payload["card"]
    if e.payload["equipped"]:
        p.carried.remove(cid)
        p.equipped.append(cid)
    else:
        p.equipped.remove(cid)
        p.carried.append(cid)


def _level_changed(s: GameState, e: Event) -> None:
    s.player(e.payload["player"]).level = e.payload["level"]


def _sex_changed(s: GameState, e: Event) -> None:
    s.player(e.payload["player"]).sex = e.payload["sex"]


def _player_died(s: GameState, e: Event) -> None:
    p = s.player(e.payload["player"])
    p.dead = True
    p.needs_new_cards = True
    p.died_on_turn = s.turn


def _player_revived(s: GameState, e: Event) -> None:
    p = s.player(e.payload["player"])
    p.dead = False
    p.needs_new_cards = False


def _first_player(s: GameState, e: Event) -> None:
    s.current = s.names().index(e.payload["player"])


def _turn_started(s: GameState, e: Event) -> None:
    s.turn += 1
    s.current = s.names().index(e.payload["player"])
    s.phase = "before_door"
    s.fought = s.fled = s.looted = False
    s.charity = {}
    for p in s.players:
        p.sold_double = False
        p.stole = False
    s.active.unsellable = []


def _phase_changed(s: GameState, e: Event) -> None:
    s.phase = e.payload["phase"]


def _game_won(s: GameState, e: Event) -> None:
    s.winners = list(e.payload["winners"])
    s.phase = "over"


def _combat_started(s: GameState, e: Event) -> None:
    m = e.payload["monster"]
    _take(s, m)
    s.combat = Combat(
        fighter=e.payload["player"],
        monsters=[{"card": m, "enhancers": [], "mates": []}],
        from_door=e.payload.get("from_door", True),
    )
    s.phase = "combat"
    s.fought = True


def _monster_added(s: GameState, e: Event) -> None:
    m = e.payload["monster"]
    _take(s, m)
    s.fight.monsters.append({"card": m, "enhancers": [], "mates": []})


def _monster_removed(s: GameState, e: Event) -> None:
    c = s.fight
    for m in c.monsters:
        if m["card"] == e.payload["monster"]:
            c.monsters.remove(m)
            c.removed.append(
                dict(
                    m,
                    reason=e.payload["reason"],
                    treasures=int(e.payload.get("treasures", 0)),
                    # a kill in mid-combat (killed_by_tag): paid when the combat is won
                    levels=int(e.payload.get("levels", 0)),
                    kills=int(e.payload.get("kills", 0)),
                )
            )
            c.to_run = [r for r in c.to_run if r[1] != m["card"]]
            if c.escape and c.escape.get("monster") == m["card"]:
                c.escape = None  # a failed roll against a monster that is gone no longer matters
            return
    raise ValueError(f"monster {e.payload['monster']!r} is not in the combat")


def _enhancer_played(s: GameState, e: Event) -> None:
    cid = e.payload["card"]
    _take(s, cid)
    for m in s.fight.monsters:
        if m["card"] == e.payload["monster"]:
            m["mates" if e.payload.get("mate") else "enhancers"].append(cid)
            return
    raise ValueError(f"monster {e.payload['monster']!r} is not in the combat")


def _modifier_played(s: GameState, e: Event) -> None:
    p = e.payload
    if p["card"]:
        _take(s, p["card"])
    s.fight.modifiers.append(
        {
            "card": p["card"],
            "side": p["side"],
            "target": p.get("target"),
            "amount": p["amount"],
            "by": p["by"],
            "tags": list(p.get("tags", [])),
            "source": p.get("source", p["card"]),
            "label": p.get("label"),
            "double": bool(p.get("double")),
            "cond": p.get("cond"),
        }
    )
    if p.get("source") == "backstab":
        s.fight.backstabbed.append([p["by"], p["target"]])
    if p.get("ability"):
        used = s.fight.discards_used
        key = f"{p['ability']}:{p['by']}"
        used[key] = used.get(key, 0) + 1


def _help_asked(s: GameState, e: Event) -> None:
    s.fight.asked = e.payload["helper"]
    s.fight.offer = {"items": list(e.payload.get("items", [])), "treasures": e.payload.get("treasures", 0)}
    if e.payload.get("compelled"):
        s.fight.offer["compelled"] = True
    if e.payload.get("first"):
        s.fight.offer["first"] = e.payload["first"]


def _help_declined(s: GameState, e: Event) -> None:
    s.fight.declined.append(e.payload["helper"])
    s.fight.asked = None


def _help_accepted(s: GameState, e: Event) -> None:
    s.fight.helper = e.payload["helper"]
    s.fight.bribe = dict(e.payload["bribe"])
    s.fight.asked = None


def _window_opened(s: GameState, e: Event) -> None:
    s.fight.window = list(e.payload["order"])
    s.fight.passed = []


def _player_passed(s: GameState, e: Event) -> None:
    c = s.fight
    c.passed.append(e.payload["player"])
    c.window = c.window[1:] + c.window[:1]


def _combat_lost(s: GameState, e: Event) -> None:
    c = s.fight
    c.stage = "run_away"
    c.to_run = [list(r) for r in e.payload["to_run"]]


def _escape_pending(s: GameState, e: Event) -> None:
    s.fight.escape = dict(e.payload)


def _ran_away(s: GameState, e: Event) -> None:
    c = s.fight
    c.escape = None
    c.to_run = [r for r in c.to_run if r != [e.payload["player"], e.payload["monster"]]]
    if e.payload["player"] == c.fighter:
        s.fled = True


def _auto_escape(s: GameState, e: Event) -> None:
    s.fight.auto_escape.append(e.payload["player"])


def _combat_transferred(s: GameState, e: Event) -> None:
    """Someone else takes over the fight: alone, with no bribe; the window starts again."""
    c = s.fight
    c.fighter = e.payload["player"]
    c.helper = None
    c.bribe = {}
    c.asked = None
    c.declined = []


def _combat_ended(s: GameState, e: Event) -> None:
    s.combat = None


def _decision_required(s: GameState, e: Event) -> None:
    s.pending.append(dict(e.payload))


def _decision_made(s: GameState, e: Event) -> None:
    s.pending.pop(0)


def _ready(s: GameState, e: Event) -> None:
    s.ready.append(e.payload["player"])


def _charity_given(s: GameState, e: Event) -> None:
    to = e.payload["to_player"]
    s.charity[to] = s.charity.get(to, 0) + 1


def _items_sold(s: GameState, e: Event) -> None:
    if e.payload.get("doubled"):
        s.player(e.payload["player"]).sold_double = True


def _theft_tried(s: GameState, e: Event) -> None:
    s.player(e.payload["player"]).stole = True


def _position_set(s: GameState, e: Event) -> None:
    """A scenario or lesson lays out a table: cards from the decks into players' zones."""
    pos = e.payload
    for spec in pos["players"]:
        p = s.player(spec["name"])
        p.level = spec.get("level", p.level)
        p.sex = spec.get("sex", p.sex)
        for zone in ("hand", "equipped", "carried", "races", "classes", "curses"):
            for cid in spec.get(zone, []):
                _take(s, cid)
                getattr(p, zone).append(cid)
        for zone in ("half_breed", "super_munchkin"):
            if spec.get(zone):
                _take(s, spec[zone])
                setattr(p, zone, spec[zone])
    for kind, top in pos.get("decks", {}).items():
        rest = [c for c in s.decks[kind] if c not in top]
        s.decks[kind] = list(top) + rest
    for kind, pile in pos.get("discards", {}).items():
        for cid in pile:
            _take(s, cid)
            s.discards[kind].append(cid)
    for cid in pos.get("table", []):
        _take(s, cid)
        s.table.append(cid)
    s.ready = s.names()
    s.current = s.names().index(pos["turn_of"])
    s.turn = max(s.turn, 1)
    s.phase = pos.get("phase", "before_door")


def _mark_set(s: GameState, e: Event) -> None:
    if e.payload["value"] is None:
        s.marks.pop(e.payload["key"], None)
    else:
        s.marks[e.payload["key"]] = e.payload["value"]


def _card_hidden(s: GameState, e: Event) -> None:
    s.unknown.append(e.payload["card"])


def _swapped(value: Any, a: str, b: str) -> Any:
    """`value` (plain data) with the card ids `a` and `b` exchanged wherever they occur."""
    if isinstance(value, str):
        return b if value == a else a if value == b else value
    if isinstance(value, list):
        return [_swapped(v, a, b) for v in value]
    if isinstance(value, dict):
        return {_swapped(k, a, b): _swapped(v, a, b) for k, v in value.items()}
    return value


# What of a player is theirs by name, not a card: never swapped
_PLAYER_FACTS = ("name", "sex")


def _stand_in_swapped(s: GameState, e: Event) -> None:
    """Two cards whose places the table has not seen trade places everywhere (unseen stays with
    the place); with reason "named" the stand-in's place is now seen, holding `card`."""
    a, b = e.payload["stand_in"], e.payload["card"]
    for name in ("decks", "discards", "table", "pending", "queue", "marks", "unknown"):
        setattr(s, name, _swapped(getattr(s, name), a, b))
    for p in s.players:
        for key, value in vars(p).items():
            if key not in _PLAYER_FACTS:
                setattr(p, key, _swapped(value, a, b))
    if s.combat is not None:
        for key, value in vars(s.combat).items():
            setattr(s.combat, key, _swapped(value, a, b))
    if e.payload["reason"] == "named" and b in s.unknown:
        s.unknown.remove(b)


def _nothing(s: GameState, e: Event) -> None:
    """Events that record a fact (a roll, a decision) without changing the table."""


HANDLERS: dict[str, Callable[[GameState, Event], None]] = {
    "GameStarted": _game_started,
    "PositionSet": _position_set,
    "DeckShuffled": _deck_shuffled,
    "DieRolled": _nothing,
    "FirstPlayerChosen": _first_player,
    "TurnStarted": _turn_started,
    "PhaseChanged": _phase_changed,
    "TurnEnded": _nothing,
    "GameWon": _game_won,
    "CardDrawn": _card_drawn,
    "CardTakenFromDiscard": _card_taken_from_discard,
    "CardDiscarded": _card_discarded,
    "CardGiven": _card_given,
    "CardPlayed": _card_played,
    "ActionTaken": _nothing,
    "LevelChanged": _level_changed,
    "ItemEquipped": _item_equipped,
    "SexChanged": _sex_changed,
    "PlayerDied": _player_died,
    "PlayerRevived": _player_revived,
    "CombatStarted": _combat_started,
    "MonsterAdded": _monster_added,
    "MonsterRemoved": _monster_removed,
    "EnhancerPlayed": _enhancer_played,
    "ModifierPlayed": _modifier_played,
    "HelpAsked": _help_asked,
    "HelpDeclined": _help_declined,
    "HelpAccepted": _help_accepted,
    "WindowOpened": _window_opened,
    "PlayerPassed": _player_passed,
    "CombatWon": _nothing,
    "CombatLost": _combat_lost,
    "EscapeRolled": _escape_pending,
    "RanAway": _ran_away,
    "AutoEscapeGranted": _auto_escape,
    "BadStuffApplied": _nothing,
    "CurseApplied": _nothing,
    "CombatEnded": _combat_ended,
    "CombatTransferred": _combat_transferred,
    "DecisionRequired": _decision_required,
    "DecisionMade": _decision_made,
    "SetupFinished": _ready,
    "CharityGiven": _charity_given,
    "ItemsSold": _items_sold,
    "TheftTried": _theft_tried,
    "MarkSet": _mark_set,
    "RuleWaived": _nothing,
    "CardHidden": _card_hidden,
    "StandInSwapped": _stand_in_swapped,
}


def evolve(state: GameState, event: Event) -> GameState:
    """Apply one event to the state (in place) and return it."""
    try:
        handler = HANDLERS[event.type]
    except KeyError:
        raise ValueError(f"unknown event type {event.type!r}") from None
    handler(state, event)
    state.seq += 1
    return state


def fold(events: Iterable[Event], state: GameState | None = None) -> GameState:
    """The state after all `events`, from `state` (or the initial state)."""
    s = state if state is not None else GameState.initial()
    for e in events:
        evolve(s, e)
    return s
