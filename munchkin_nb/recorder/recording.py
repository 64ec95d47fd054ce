"""A game recorded at a real table as it is played: each action checked, chance as it came, stored."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from munchkin_nb.engine import (
    Action,
    Event,
    GameState,
    IllegalAction,
    apply,
    can,
    evolve,
    fold,
    new_game,
    verify,
)
from munchkin_nb.engine.core.builder import Builder
from munchkin_nb.engine.core.cards import card
from munchkin_nb.engine.core.chance import ChanceExhausted
from munchkin_nb.judge.ask import decider as ask_decider
from munchkin_nb.judge.ask import may_do
from munchkin_nb.rules import rule
from munchkin_nb.rules.citations import citation
from munchkin_nb.rules.rulesets import ruleset as get_ruleset
from munchkin_nb.scenarios.shapes import CARD_PARAMS, CARDS_PARAMS

from .chance import ProbeChance, TableChance
from .outcomes import Choice, Need, Recorded, RecordingError, Refused

if TYPE_CHECKING:
    from munchkin_nb.store import EventStore

# The plays a page puts one tap away: the turn's own steps and the fight's usual answers
COMMON = frozenset(
    {
        "finish_setup",
        "kick_door",
        "look_for_trouble",
        "loot_the_room",
        "pass",
        "ask_for_help",
        "accept_help",
        "decline_help",
        "run_away",
        "accept_roll",
        "let_escape",
        "end_turn",
    }
)
# The choice that stands for every play of a card not yet shown
NAME_CARD = "name_card"
# What a recording says of itself in the store (the game row's extra metadata)
RECORDER_FORMAT = 1
Deal = Mapping[str, Mapping[str, Sequence[str | None]]]


def action_cards(action: Action) -> list[str]:
    """The card ids an action names in its parameters."""
    out: list[str] = []
    for key, value in action.params.items():
        if key in CARD_PARAMS and isinstance(value, str):
            out.append(value)
        elif key in CARDS_PARAMS and isinstance(value, list):
            out.extend(v for v in value if isinstance(v, str))
    return out


def deal_draws(ruleset: str, names: Sequence[str], deal: Deal | None) -> list[str | None]:
    """The dealt cards in the order the engine deals them (door rounds, then treasure rounds),
    None for a card not shown; no deal at all is a deal of cards none of which was shown."""
    rs = get_ruleset(ruleset)
    out: list[str | None] = []
    for kind, n in (("door", rs.start_doors), ("treasure", rs.start_treasures)):
        given: dict[str, list[str | None]] = {}
        for name in names:
            cards = list((deal or {}).get(name, {}).get(kind, [None] * n))
            if len(cards) != n:
                raise RecordingError(f"{name} is dealt {n} {kind} cards, not {len(cards)}")
            given[name] = cards
        for i in range(n):
            out.extend(given[name][i] for name in names)
    return out


class Recording:
    """One game at a real table, as it is played: every action the engine's, every result the table's.

    The state is the fold of the stored events; `record` adds one action's events to the store
    before it answers, so a closed page loses nothing (`Recording.open` continues)."""

    def __init__(self, store: EventStore, game_id: int, events: list[Event]) -> None:
        self.store = store
        self.game_id = game_id
        self.events = events
        self.state = fold(events)

    # -- starting and continuing -------------------------------------------------
    @classmethod
    def start(
        cls,
        store: EventStore,
        players: Sequence[Mapping[str, Any] | str],
        ruleset: str = "classic",
        modules: Sequence[str] = (),
        deal: Deal | None = None,
        note: str = "",
        draws: Sequence[str | None] = (),
        meta: Mapping[str, Any] | None = None,
    ) -> Recording:
        """A new recording, stored at once (source "played", flagged "unfinished" until won).

        `deal`: each player's dealt cards (None: a card not shown; no deal: none shown). `draws`:
        the cards the set-up draws after the deal, in order (a module's card turned onto the
        table); RecordingError names one the set-up needs and was not given."""
        specs = [dict(p) if isinstance(p, Mapping) else p for p in players]
        names = [str(p.get("name")) if isinstance(p, dict) else str(p) for p in specs]
        unknown_players = [n for n in (deal or {}) if n not in names]
        if unknown_players:
            raise RecordingError(f"the deal names {unknown_players[0]!r}, who is not a player")
        try:
            dealt = deal_draws(ruleset, names, deal)
        except (KeyError, ValueError) as exc:
            raise RecordingError(str(exc).strip("'\"")) from None
        chance = TableChance(draws=[*dealt, *draws])
        try:
            events = new_game(specs, ruleset, None, chance, modules=modules)
        except IllegalAction as exc:
            raise RecordingError(f"[{exc.rule_id}] {exc.sentence}") from None
        except ChanceExhausted as exc:
            if chance.asked and chance.asked[0] == "draw":
                raise RecordingError(
                    f"the set-up draws a {chance.asked[1]} card after the deal: give it in draws"
                ) from None
            raise RecordingError(f"the deal cannot be: {exc}") from None
        except (KeyError, ValueError) as exc:
            raise RecordingError(str(exc).strip("'\"")) from None
        if chance.left():
            raise RecordingError(f"given but never drawn at set-up: {chance.left()}")
        up = [e.payload["card"] for e in events if e.type == "CardDrawn" and e.payload["face"] == "up"]
        if any(c in up for c in chance.hidden):
            raise RecordingError("a card the set-up draws face up is seen by all: name it, not None")
        events = _with_hidden(events, chance.hidden)
        extra = dict(meta or {})  # the caller's own fields (the page's private key), stored as given
        meta = {**extra, "source": "played", "seed": None, "flags": ["unfinished"]}
        meta["recorder"] = RECORDER_FORMAT
        if note:
            meta["note"] = note
        game_id = store.add_game(meta, events)
        return cls(store, game_id, events)

    @classmethod
    def open(cls, store: EventStore, game_id: int) -> Recording:
        """A stored game, to go on recording it (StoreError when there is no such game)."""
        return cls(store, game_id, store.events(game_id))

    # -- asking --------------------------------------------------------------------
    @property
    def players(self) -> list[str]:
        return self.state.names()

    def decider(self) -> tuple[str | None, str]:
        """Whose decision it is now and its kind ("turn", "combat", "run", "over"...)."""
        return ask_decider(self.state)

    def choices(self, player: str | None = None) -> dict[str, list[Choice]]:
        """Every player's (or one's) legal actions now, out of turn too, each with its rule.

        An action on a card not shown is not listed; a player holding any gets one "name_card"
        choice instead (show which card it is, then its plays are listed)."""
        s = self.state
        out: dict[str, list[Choice]] = {}
        for name, allowed in may_do(s, player).items():
            found = [
                Choice(a.action, a.rule, a.action.name in COMMON)
                for a in allowed
                if not any(c in s.unknown for c in action_cards(a.action))
            ]
            if self.hidden(name) and not s.over:
                found.append(Choice(Action(NAME_CARD, name, {}), "card.effect", False))
            out[name] = found
        return out

    def hidden(self, player: str) -> int:
        """How many of a player's hand cards the table has not seen."""
        unknown = set(self.state.unknown)
        return sum(1 for c in self.state.player(player).hand if c in unknown)

    def unseen(self, deck: str) -> list[str]:
        """The cards of `deck` ("door", "treasure") whose place the table does not know: still in
        the deck, or standing in for a card not shown (what a card drawn or shown may be)."""
        s = self.state
        if deck not in s.decks:
            raise RecordingError(f"there is no {deck!r} deck in this game")
        found = set(s.decks[deck]) | {c for c in s.unknown if card(s, c).deck == deck}
        return sorted(found)

    # -- recording -----------------------------------------------------------------
    def record(
        self,
        action: Action | Mapping[str, Any],
        dice: Iterable[int] = (),
        draws: Iterable[str | None] = (),
        allow: bool = False,
    ) -> Need | Refused | Recorded:
        """Record one action with the dice rolled and the cards drawn for it so far.

        Need: one more result is needed (call again with it appended). Refused: the rules do not
        allow it (`allow=True` records it anyway, marked as allowed by the table). Recorded: its
        events are in the store. RecordingError: input no table can have had; nothing stored."""
        if not isinstance(action, Action):
            try:
                action = Action.from_dict(dict(action))
            except ValueError as exc:
                raise RecordingError(str(exc)) from None
        dice, draws = list(dice), list(draws)
        s = self.state.copy()
        b = Builder(s, TableChance(), in_place=True)
        if s.has_player(action.player) and not s.over:
            for stand_in, cid in _shown_by(s, action):
                _swap(b, stand_in, cid, _holder(s, stand_in), "named")
        for drawn in draws:
            if drawn is not None and drawn in s.unknown:  # drawn, seen: it was not where it stood in
                _swap(b, drawn, _free_in_deck(s, drawn, draws), _holder(s, drawn), "drawn")
        try:
            verify(s, action)
            waived: IllegalAction | None = None
        except IllegalAction as exc:
            if not allow or s.over:  # a game won is over for the table too
                return Refused(exc.rule_id, exc.sentence, _cite(exc.rule_id), exc.template, exc.fields)
            waived = exc
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RecordingError(f"{action}: the action's parameters do not fit ({exc})") from None
        if waived is not None:
            payload = {"player": action.player, "rule": waived.rule_id, "sentence": waived.sentence}
            b.emit("RuleWaived", payload, [waived.rule_id])
        chance = TableChance(dice, draws)
        try:
            made = apply(s, action, chance, checked=True)
        except ChanceExhausted as exc:
            if chance.asked is None:  # a result given that cannot be (a card not in the deck)
                raise RecordingError(f"{action}: {exc}") from None
            return _need(s, action, dice, draws, chance.asked)
        except IllegalAction as exc:  # refused inside the action's own steps
            if not allow:
                return Refused(exc.rule_id, exc.sentence, _cite(exc.rule_id), exc.template, exc.fields)
            raise RecordingError(f"{action} cannot be carried out: {exc.sentence}") from None
        except Exception as exc:  # an action the table allowed that the engine cannot carry out
            raise RecordingError(f"{action} cannot be carried out: {exc}") from None
        if chance.left():
            raise RecordingError(f"{action}: given but never used: {chance.left()}")
        face_up = [e.payload["card"] for e in made if e.type == "CardDrawn" and e.payload["face"] == "up"]
        if any(c in face_up for c in chance.hidden):
            raise RecordingError(f"{action}: a card drawn face up is seen by all: name it, not None")
        return self._store([*b.events, *_with_hidden(made, chance.hidden)])

    def name_card(self, player: str, cid: str, stand_in: str | None = None) -> Recorded:
        """A card of `player`'s not shown so far is shown: it is `cid` (stored as a StandInSwapped).
        `stand_in`: which of the player's unseen cards it is (by default the first of its deck)."""
        s = self.state.copy()
        if not s.has_player(player):
            raise RecordingError(f"there is no player {player!r}")
        _deck_of(s, cid)  # RecordingError for a card that is not in the game
        if not _unseen(s, cid):
            raise RecordingError(f"{cid} cannot be {player}'s: the table has seen it {_where(s, cid)}")
        if stand_in is None:
            stand_in = default_stand_in(s, player, cid)
            if stand_in is None:
                raise RecordingError(f"{player} holds no {_deck_of(s, cid)} card that was not shown")
        elif stand_in not in s.unknown or stand_in not in s.player(player).hand:
            raise RecordingError(f"{stand_in} is not one of {player}'s cards not shown")
        elif _deck_of(s, stand_in) != _deck_of(s, cid):
            raise RecordingError(f"{stand_in} is a {_deck_of(s, stand_in)} card, {cid} a {_deck_of(s, cid)}")
        b = Builder(s, TableChance(), in_place=True)
        _swap(b, stand_in, cid, player, "named")
        return self._store(b.events)

    # -- the transcribed format ------------------------------------------------------
    def export_transcribed(self) -> str:
        """The game as a transcribed file (docs/replays.md): format 1, or 2 when it holds cards
        not shown, cards shown later or actions the table allowed."""
        from .transcribed import export_transcribed

        return export_transcribed(self.events)

    @classmethod
    def import_transcribed(
        cls, store: EventStore, source: str | Path, meta: Mapping[str, Any] | None = None
    ) -> Recording:
        """A transcribed file (its path, or its text) as a new recording in `store`, to go on with.
        ReplayError names the first line the recorder cannot take; nothing is stored then."""
        from .transcribed import import_transcribed

        return import_transcribed(store, source, meta=meta)

    def _store(self, events: list[Event]) -> Recorded:
        """Append the events to the store (one transaction), then to this recording; refused when
        the stored game has moved on without it (the same game recorded in a second page)."""
        if events:
            if self.store.last_seq(self.game_id) != len(self.events):
                raise RecordingError(
                    f"game {self.game_id} was recorded further elsewhere since this was opened: open it again"
                )
            self.store.append(self.game_id, events)
            for e in events:
                evolve(self.state, e)
            self.events.extend(events)
        return Recorded(events)


def _shown_by(s: GameState, action: Action) -> list[tuple[str, str]]:
    """The unseen cards an action shows, as (stand-in, card) pairs: which card not shown each card
    it names was. The player's own card not shown first (the player shows it from the hand); when
    the action is refused so, another player's card not shown that makes it legal (a card taken
    from a hand), if one does."""
    cards = [c for c in action_cards(action) if _unseen(s, c)]
    pairs: list[tuple[str, str]] = []
    trial = s.copy()
    for cid in cards:
        held = _has(trial, action.player, cid) and cid not in trial.unknown  # in plain view already
        stand_in = None if held else default_stand_in(trial, action.player, cid)
        if stand_in is not None:
            pairs.append((stand_in, cid))
            evolve(trial, _swapped(stand_in, cid))
    if len(cards) != 1 or can(trial, action):
        return pairs
    cid = cards[0]
    for other in s.unknown:
        if other != cid and _deck_of(s, other) == _deck_of(s, cid) and _holder(s, other) is not None:
            tried = evolve(s.copy(), _swapped(other, cid))
            if can(tried, action):
                return [(other, cid)]
    return pairs


def default_stand_in(s: GameState, player: str, cid: str) -> str | None:
    """Which of `player`'s cards not shown `cid` is taken to be when shown: itself when it stands
    in the hand unseen, else the first card of its deck in the hand not shown (None: none)."""
    if cid in s.unknown and cid in s.player(player).hand:
        return cid
    return _hidden_in_hand(s, player, _deck_of(s, cid))


def _swapped(stand_in: str, cid: str) -> Event:
    return Event("StandInSwapped", {"stand_in": stand_in, "card": cid, "player": None, "reason": "named"})


def _need(
    s: GameState, action: Action, dice: list[int], draws: list[str | None], asked: tuple[str, int | str]
) -> Need:
    """What the first missing result is for: the same action with anything at all for it shows."""
    try:
        made = apply(s, action, ProbeChance(dice, draws), checked=True)
    except Exception:  # anything at all for the result still fails: the need is all we can say
        made = []
    if asked[0] == "die":
        rolled = [e for e in made if e.type == "DieRolled"]
        roll = rolled[len(dice)].payload if len(rolled) > len(dice) else {}
        return Need("die", sides=int(asked[1]), player=roll.get("player"), purpose=roll.get("purpose", ""))
    drawn = [e for e in made if e.type == "CardDrawn"]
    draw = drawn[len(draws)].payload if len(drawn) > len(draws) else {}
    return Need("draw", deck=str(asked[1]), face=draw.get("face", "up"), player=draw.get("player"))


def _with_hidden(made: list[Event], stand_ins: list[str]) -> list[Event]:
    """`made` with a CardHidden right before the draw of each stand-in (so that the draw is told
    as a card not shown), with the draw's rules, turn and phase."""
    out: list[Event] = []
    for e in made:
        if e.type == "CardDrawn" and e.payload["card"] in stand_ins:
            payload = {"player": e.payload["player"], "card": e.payload["card"]}
            out.append(Event("CardHidden", payload, None, True, e.rules, e.turn, e.phase))
        out.append(e)
    return out


def _swap(b: Builder, stand_in: str, cid: str, player: str | None, reason: str) -> None:
    b.emit("StandInSwapped", {"stand_in": stand_in, "card": cid, "player": player, "reason": reason})


def _unseen(s: GameState, cid: str) -> bool:
    """Whether the table does not know where `cid` is: in a deck, or standing in for a card."""
    return cid in s.unknown or any(cid in deck for deck in s.decks.values())


def _has(s: GameState, player: str, cid: str) -> bool:
    p = s.player(player)
    return cid in p.hand or cid in p.in_play()


def _deck_of(s: GameState, cid: str) -> str:
    try:
        return card(s, cid).deck
    except KeyError:
        raise RecordingError(f"there is no card {cid!r} in this game") from None


def _hidden_in_hand(s: GameState, player: str, deck: str) -> str | None:
    """The first card of `deck` in the player's hand that the table has not seen."""
    return next((c for c in s.player(player).hand if c in s.unknown and _deck_of(s, c) == deck), None)


def _free_in_deck(s: GameState, cid: str, draws: Sequence[str | None]) -> str:
    """A card of `cid`'s deck, still in it and drawn by none of `draws`, to trade places with it."""
    kind = _deck_of(s, cid)
    free = [c for c in s.decks.get(kind, []) if c not in draws]
    if not free:
        raise RecordingError(f"{cid} is drawn, but no {kind} card is left in the deck to be where it was")
    return free[-1]


def _holder(s: GameState, cid: str) -> str | None:
    """The player in whose hand or play `cid` is (None: in no player's)."""
    return next((p.name for p in s.players if cid in p.hand or cid in p.in_play()), None)


def _where(s: GameState, cid: str) -> str:
    """Where the table has seen a card, in words: "in Ana's play", "on the door discards"."""
    kind, _, rest = s.location_of(cid).partition(":")
    words = {"hand": f"in {rest}'s hand", "play": f"in {rest}'s play", "discard": f"on the {rest} discards"}
    return words.get(kind, f"in the {kind}")


def _cite(rule_id: str) -> str:
    try:
        return citation(rule(rule_id), "en").text()
    except KeyError:
        return ""
