"""Who may act: for each situation, who decides and what every other player may do meanwhile.

Munchkin is played around the whole table at once. At any moment at most one player *decides*
(the player whose turn, answer or last chance it is); the rulebooks also let anyone play some
cards *out of turn*: a curse or Go Up a Level on anyone at any time, a trade when neither side is
in a combat, dropping a race or class, one-shots and enhancers in anyone's combat. Like
boardgame.io's stages (`activePlayers`), this module states that as data: `STAGES` describes each
situation; each move says in `Move.when` where its decider may take it and in `Move.anytime`
where any player may. An out-of-turn play is an ordinary action (checked, recorded, folded) and
leaves the decision where it was unless a rule moves it.
"""

from __future__ import annotations

from dataclasses import dataclass

from .moves.base import MOVES


@dataclass(frozen=True)
class Stage:
    """One situation of the game: who decides in it, and what the others may do meanwhile."""

    situation: str
    decider: str
    others: str
    rule: str  # the catalogue rule that says who else may act


STAGES: tuple[Stage, ...] = (
    Stage(
        "setup",
        "the first player not yet done with set-up",
        "every player not yet done plays starting cards and finishes, all at the same time",
        "setup.play_before_first_turn",
    ),
    Stage(
        "turn",
        "the player whose turn it is",
        "any player: the out-of-turn plays below",
        "play.out_of_turn",
    ),
    Stage(
        "combat",
        "the player holding the last chance (the priority window)",
        "any player: every combat play and the out-of-turn plays; trades only between players not fighting",
        "combat.anyone_plays",
    ),
    Stage(
        "help",
        "the player asked to help",
        "any player: the out-of-turn plays",
        "play.out_of_turn",
    ),
    Stage(
        "run",
        "the player running away",
        "any player: the out-of-turn plays",
        "play.out_of_turn",
    ),
    Stage(
        "escape",
        "the player whose run-away roll failed",
        "any player: the out-of-turn plays",
        "play.out_of_turn",
    ),
    Stage(
        "pending",
        "the player who must answer (loot a body, choose a loss, a trade offer, a curse)",
        "nobody: the table waits for the answer, unless a module lets the others answer one kind"
        " of decision (`pending:<kind>` in `Move.anytime`)",
        "decision.pending",
    ),
    Stage("over", "nobody", "nobody", "game.over"),
)


def stage_of(situation: str) -> Stage:
    """The stage of a situation as `legal.context` names it ('pending:loot_the_body' is 'pending')."""
    key = situation.split(":", 1)[0]
    for st in STAGES:
        if st.situation == key:
            return st
    raise KeyError(situation)


def out_of_turn_moves(situation: str) -> list[str]:
    """The moves any player may take in this situation (or, for `pending`, in some kind of pending
    decision), in registry order."""
    return [m.name for m in MOVES.values() if any(stage_of(w).situation == situation for w in m.anytime)]


def table_markdown() -> str:
    """The interaction table of docs/ARCHITECTURE.md, made from the code (a test keeps them equal)."""
    rows = [
        "| situation | who decides | what the others may do | out-of-turn moves |",
        "|---|---|---|---|",
    ]
    for st in STAGES:
        moves = ", ".join(f"`{n}`" for n in out_of_turn_moves(st.situation)) or "—"
        rows.append(f"| `{st.situation}` | {st.decider} | {st.others} (`{st.rule}`) | {moves} |")
    return "\n".join(rows)
