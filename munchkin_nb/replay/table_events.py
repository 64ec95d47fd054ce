"""What a game recorded at a real table adds to the engine's events, and when the referee takes it.

The table recorder (munchkin_nb.recorder) writes three events of its own among the engine's:
RuleWaived (right before an action the rules refuse and the table allowed), CardHidden (right
before a card drawn and not shown: the card drawn is a stand-in) and StandInSwapped (two cards
whose places the table has not seen trade places, when one is shown). The referee re-makes the
engine's events and checks these three against the table they are folded into."""

from __future__ import annotations

from munchkin_nb.engine import Event, GameState
from munchkin_nb.engine.core.cards import card

# The events a table's recording adds: the engine never makes them, the referee checks them
TABLE_EVENTS = frozenset({"RuleWaived", "CardHidden", "StandInSwapped"})

Fault = tuple[str, str]  # (rule id, sentence)


def engine_made(seg: list[Event]) -> list[tuple[int, Event]]:
    """The events of a stretch the engine makes, each with its index in the stretch."""
    return [(i, e) for i, e in enumerate(seg) if e.type not in TABLE_EVENTS]


def waiver(events: list[Event], seq: int) -> Event | None:
    """The RuleWaived right before event `seq` (1-based), if there is one."""
    before = events[seq - 2] if seq >= 2 else None
    return before if before is not None and before.type == "RuleWaived" else None


def table_fault(s: GameState, events: list[Event], i: int) -> Fault | None:
    """Why `events[i]`, one of TABLE_EVENTS, is no table's (None: it is), given the state `s`
    just before it."""
    e = events[i]
    p = e.payload
    rule = e.rules[0] if e.rules else "card.effect"
    if e.type == "RuleWaived":
        after = events[i + 1] if i + 1 < len(events) else None
        if after is None or after.type != "ActionTaken" or after.actor != p.get("player"):
            return rule, f"the table allowed {p.get('player')} an action, and no action of theirs follows"
        return None
    if e.type == "CardHidden":
        cid = p.get("card")
        drawn = events[i + 1] if i + 1 < len(events) else None  # the draw it stands in for: next
        if not any(cid in deck for deck in s.decks.values()) or cid in s.unknown:
            return rule, f"a card not shown stands in for {cid}, which is not in a deck to be drawn"
        if drawn is None or drawn.type != "CardDrawn" or drawn.payload.get("card") != cid:
            return rule, f"a card not shown is the card drawn next, and the next event draws no {cid}"
        if drawn.payload.get("face") != "down":
            return rule, f"a card not shown is drawn face down, and {cid} is not"
        return None
    stand_in, cid = str(p.get("stand_in")), str(p.get("card"))
    for one in (stand_in, cid):
        if not (one in s.unknown or any(one in d for d in s.decks.values())):
            where = s.location_of(one)
            return "card.effect", f"{one} is seen by the table ({where}): only unseen cards trade places"
    if card(s, stand_in).deck != card(s, cid).deck:
        return "card.effect", f"{stand_in} and {cid} are cards of two decks: neither can stand for the other"
    if p.get("reason") == "named" and stand_in not in s.unknown:
        return "card.effect", f"{stand_in} is shown as {cid}, and it was no card not shown"
    return None
