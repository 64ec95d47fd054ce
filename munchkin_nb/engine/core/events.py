"""Events: frozen, past-tense facts. The state is the fold of its events."""

from __future__ import annotations

import json
from typing import Any, NamedTuple

# Every event type the engine emits, with the payload keys it must carry.
# An event of any other type is refused on load (a replay, an import).
EVENT_TYPES: dict[str, tuple[str, ...]] = {
    # set-up and turn flow (automatic)
    "GameStarted": ("ruleset", "card_set", "players"),
    "DeckShuffled": ("deck", "order"),
    "PositionSet": ("players", "turn_of"),
    "DieRolled": ("player", "purpose", "result"),
    "FirstPlayerChosen": ("player",),
    "TurnStarted": ("player",),
    "PhaseChanged": ("phase",),
    "TurnEnded": ("player",),
    "GameWon": ("winners",),
    # cards moving
    "CardDrawn": ("player", "card", "deck", "face"),
    "CardDiscarded": ("player", "card", "reason"),
    "CardGiven": ("from_player", "to_player", "card", "reason"),
    "CardPlayed": ("player", "card", "into"),
    "CardTakenFromDiscard": ("player", "card", "deck"),
    "CharityGiven": ("from_player", "to_player", "card"),
    # decisions (not automatic; the payload carries the action)
    "ActionTaken": ("action",),
    # character
    "LevelChanged": ("player", "delta", "level", "reason"),
    "ItemEquipped": ("player", "card", "equipped"),
    "SexChanged": ("player", "sex"),
    "PlayerDied": ("player",),
    "PlayerRevived": ("player",),
    # combat
    "CombatStarted": ("player", "monster"),
    "MonsterAdded": ("monster", "by"),
    "MonsterRemoved": ("monster", "reason"),
    "EnhancerPlayed": ("card", "monster", "by"),
    "ModifierPlayed": ("card", "side", "amount", "by"),
    "HelpAsked": ("helper",),
    "HelpDeclined": ("helper",),
    "HelpAccepted": ("helper", "bribe"),
    "WindowOpened": ("order",),
    "PlayerPassed": ("player",),
    "CombatWon": ("monsters", "levels", "treasures"),
    "CombatLost": ("monsters", "to_run"),
    "EscapeRolled": ("player", "monster", "roll", "total"),
    "AutoEscapeGranted": ("player", "card"),
    "CurseApplied": ("player", "card"),
    "DecisionRequired": ("player", "kind"),
    "DecisionMade": ("player", "kind"),
    "SetupFinished": ("player",),
    "ItemsSold": ("player", "cards", "value"),
    "TheftTried": ("player", "target"),
    "RanAway": ("player", "monster", "escaped"),
    "BadStuffApplied": ("player", "monster"),
    "CombatEnded": ("outcome",),
    "CombatTransferred": ("player",),
    # modules
    "MarkSet": ("key", "value"),  # a module remembers (value null: forgets) something
    # a game recorded at a real table (munchkin_nb.recorder): what the table saw and allowed
    "RuleWaived": ("player", "rule", "sentence"),  # the table let a refused action stand
    "CardHidden": ("player", "card"),  # drawn and not shown: `card` is a stand-in for it
    "StandInSwapped": ("stand_in", "card", "player", "reason"),  # two unseen cards trade places
}


class Event(NamedTuple):
    """One fact of a game. `automatic` marks what the engine did by itself."""

    # A named tuple, so immutable as a fact should be: made three times faster than a frozen
    # dataclass (an engine makes one per event), and a tuple of plain values drops out of the
    # garbage collector's scans, which a long record of games would otherwise slow down.
    type: str
    payload: dict[str, Any]
    actor: str | None = None
    automatic: bool = True
    rules: tuple[str, ...] = ()
    turn: int = 0
    phase: str = "setup"

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "actor": self.actor,
            "automatic": self.automatic,
            "turn": self.turn,
            "phase": self.phase,
            "rules": list(self.rules),
            "payload": self.payload,
        }

    def to_json(self) -> str:
        """Canonical JSON: sorted keys, no spaces; byte-identical for equal events."""
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_dict(cls, d: Any) -> Event:
        """Build an event from plain data; ValueError names the field that is wrong."""
        if not isinstance(d, dict):
            raise ValueError(f"an event must be an object, got {type(d).__name__}")
        etype = d.get("type")
        if not isinstance(etype, str):
            raise ValueError("field 'type': expected a string")
        if etype not in EVENT_TYPES:
            raise ValueError(f"field 'type': unknown event type {etype!r}")
        payload = d.get("payload", {})
        if not isinstance(payload, dict):
            raise ValueError("field 'payload': expected an object")
        missing = [k for k in EVENT_TYPES[etype] if k not in payload]
        if missing:
            raise ValueError(f"{etype}: payload lacks {', '.join(missing)}")
        actor = d.get("actor")
        if actor is not None and not isinstance(actor, str):
            raise ValueError("field 'actor': expected a string or null")
        automatic = d.get("automatic", True)
        if not isinstance(automatic, bool):
            raise ValueError("field 'automatic': expected true or false")
        rules = d.get("rules", [])
        if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
            raise ValueError("field 'rules': expected a list of rule ids")
        turn = d.get("turn", 0)
        if not isinstance(turn, int) or isinstance(turn, bool) or turn < 0:
            raise ValueError("field 'turn': expected a whole number >= 0")
        phase = d.get("phase", "setup")
        if not isinstance(phase, str):
            raise ValueError("field 'phase': expected a string")
        return cls(etype, payload, actor, automatic, tuple(rules), turn, phase)
