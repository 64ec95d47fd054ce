"""Play whole games with bots: every event recorded, same seed same events."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeAlias

from munchkin_nb.engine import Action, Event, Game, GameState, context, legal_actions
from munchkin_nb.rules import BASE_GAME

NAMES = ["Ana", "Ben", "Cleo", "Dario", "Eva", "Fritz"]


class Bot(Protocol):
    """A player: picks one of the legal actions when it decides, and may interject out of turn."""

    def choose(self, state: GameState, legal: list[Action], /) -> Action: ...

    def interject(self, state: GameState, me: str, /) -> Action | None:
        """An out-of-turn play `me` wants to make now (one of legal_actions(state, me)), or None."""
        ...

    def decide(self, state: GameState, me: str, /) -> Action | None:
        """A decision `me` settles without the list of legal actions, or None (then `choose`)."""
        ...

    def considers(self, state: GameState, me: str, /) -> Collection[str] | None:
        """The moves it would ever choose now when it decides (None: any); others need no listing."""
        ...


# How a bot is made: from its seed (a bot class such as RandomBot).
BotFactory: TypeAlias = Callable[[int], Bot]
# Whether a game goes on (not won, within its limits).
Going: TypeAlias = Callable[[], bool]


@dataclass
class GameRecord:
    """One finished (or abandoned) game: metadata and the event stream."""

    meta: dict[str, Any]
    events: list[Event] = field(default_factory=list)


def play_game(
    players: int = 4,
    seed: int = 0,
    bot: str = "heuristic",
    max_turns: int = 400,
    max_events: int = 200_000,
    ruleset: str = BASE_GAME,
    modules: Sequence[str] = (),
    mix: Sequence[str] = (),
) -> GameRecord:
    """Play one game (the ruleset plus `modules`, the card sets of `mix` shuffled in) to its end
    (or `max_turns`); returns the record."""
    from . import BOTS

    game = Game.start(NAMES[:players], ruleset, seed=seed, modules=modules, mix=mix)
    bots = {name: BOTS[bot](seed * 101 + i) for i, name in enumerate(NAMES[:players])}
    play_on(game, bots, NAMES[:players], max_turns, max_events)
    meta = {
        "ruleset": game.state.ruleset,
        "modules": list(game.state.modules),
        "players": NAMES[:players],
        "seed": seed,
        "source": "simulated",
        "bot": bot,
        "winners": list(game.state.winners),
        "turns": game.state.turn,
    }
    return GameRecord(meta, game.events)


def play_on(
    game: Game, bots: dict[str, Bot], names: list[str], max_turns: int = 400, max_events: int = 200_000
) -> None:
    """Let `bots` (one per name, in seat order) play `game` on until it is won or a limit is reached."""

    def going() -> bool:
        s = game.state
        return not s.winners and s.turn <= max_turns and len(game.events) < max_events

    asked: dict[str, tuple[object, ...]] = {}
    while going():
        if not ask_around(game, bots, names, asked, going):
            break
        bot_move(game, bots)


def table_view(s: GameState, when: str | None = None) -> tuple[object, ...]:
    """What a player asked whether to interject has seen: turn, phase, kind of decision, monsters.
    `when`: the kind of decision, if the caller has it from `context` already."""
    kind = context(s)[1] if when is None else when
    return (s.turn, s.phase, kind, len(s.combat.monsters) if s.combat else 0)


def ask_around(
    game: Game, bots: dict[str, Bot], names: list[str], asked: dict[str, tuple[object, ...]], going: Going
) -> bool:
    """Before a decision, let every other bot (in seat order) interject; False once `going` fails.
    Names without a bot (a person's seat) are skipped: whoever seats them asks them."""
    # Every other player in seat order may interject (a curse, a Go Up a Level, a trade...), as at
    # a real table. A player is asked again only once the table has moved on (another turn, phase,
    # kind of decision or number of monsters): that keeps simulations fast, and the bots lose
    # little by it.
    s = game.state
    decider, when = context(s)
    if decider is None:
        return going()
    view = table_view(s, when)
    k = names.index(decider)
    for name in names[k + 1 :] + names[:k]:
        if name not in bots or asked.get(name) == view:
            continue
        asked[name] = view
        wanted = bots[name].interject(game.state, name)
        if wanted is not None:
            game.act(wanted)
            if not going():
                return False
    return going()


def bot_move(game: Game, bots: dict[str, Bot]) -> Action:
    """The decider's bot makes its decision (without the list when it can); returns the action."""
    who = context(game.state)[0]
    settled = bots[who].decide(game.state, who) if who else None
    if settled is not None:  # a choice its bot makes without the list (the engine still checks it)
        game.act(settled)
        return settled
    # the decider's legal actions, narrowed to what its bot would ever pick (all if none of those)
    legal = legal_actions(game.state, only=bots[who].considers(game.state, who)) if who else []
    if not legal:
        legal = legal_actions(game.state)
    if not legal:
        raise RuntimeError(f"no legal action at event {len(game.events)} (phase {game.state.phase})")
    who = legal[0].player
    chosen = bots[who].choose(game.state, legal)
    game.act(chosen, listed=legal)  # picked from the list: checked when listed
    return chosen
