"""The plug-in kit: the one import of a ruleset's or module's engine part.

A plug-in (munchkin_nb/plugins/<name>/, or a package of its own found through the
`munchkin_nb.plugins` entry point) codes against these names only: the types of a game, the typed
hook points (`hooks.POINTS`, each with its combiner), the queries it reads the state with, and the
procedures that make events. Nothing here names a plug-in. docs/ARCHITECTURE.md lists the kit
(`api_table`) and a test keeps that list equal to this module.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from munchkin_nb.cards import vocabulary
from munchkin_nb.rules.catalogue import Rule, register_rules
from munchkin_nb.rules.rulesets import Module, Plugin, Ruleset, Words, register_module, register_ruleset

from . import hooks
from .core.actions import Action, IllegalAction, require
from .core.builder import Builder
from .core.cards import card, effect, effects
from .core.events import Event
from .core.params import CardParams, CardsParams, MonsterParams, params, parse
from .core.payloads import Cursed, Discarded, Drawn, Ended, Given, Helping, Played, Ran, Whose, payload
from .core.registry import handles
from .core.state import Combat, GameState, Player
from .hooks import (
    ABILITIES,
    AFTER_ACTION,
    ATTACHMENTS_FOLLOW,
    BIG_EXEMPT,
    CHEAT_RULE,
    COUNTS_AGAINST,
    CURSE_HITS,
    DISCARD_PILE,
    DOOR_TURNED,
    GAME_SETUP,
    HOLD_LIMITS,
    KICK_DOOR,
    MAY_ATTACH,
    MAY_DROP,
    MAY_PAY,
    MAY_UNEQUIP,
    MAY_USE,
    MONSTER_LEVEL,
    NEXT_TURN,
    NO_RUN_PENALTY,
    PLAYER_TERMS,
    REWARD_BONUS,
    REWARD_TO,
    RUN_AWAY_OWN,
    SALE_VALUE,
    SET_ASIDE,
    Point,
    Refusal,
    hook,
)
from .moves.base import OPEN, Move, act, in_hand, move, owned, target
from .moves.received import offer_received
from .procs.curses import curse_hits, curse_lands
from .procs.door import open_door, start_combat
from .procs.effects import on_draw
from .procs.flow import (
    advance,
    after_race_lost,
    change_level,
    check_win,
    discard,
    draw,
    end_combat,
    end_looting,
    give,
    phase,
    reopen,
    reopen_if_fighting,
    reward,
)
from .procs.monster_effects import on_enter
from .procs.steps import Ctx, Step, name_of, nothing, step
from .procs.table import place
from .query.cardinfo import abilities, classes, holds, item_usable, races
from .query.combat import Term, breakdown, counting_items, fighters, items_ignored, level_only
from .query.fight import die_setters
from .query.items import (
    big_item_limit,
    big_items,
    check_entry,
    check_identity,
    entry_refusal,
    identity_room,
    ignores_drawn_curses,
    playable_on_table,
)
from .query.ruleset import ruleset_of

#: what a companion card (a companion card) sits on in its owner's attachments: no item
NOWHERE = ""


# -- decisions waiting ----------------------------------------------------------------------
@dataclass(frozen=True)
class Decision:
    """A decision waiting, read-only: its kind, who makes it, and the rest of its DecisionRequired
    payload (`d["options"]`, `d.get("then")`)."""

    kind: str
    player: str | None
    payload: Mapping[str, Any]

    def __getitem__(self, key: str) -> Any:
        return self.payload[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.payload.get(key, default)


def pending(s: GameState, kind: str | None = None) -> Decision | None:
    """The decision waiting first (of that `kind`, when given), or None."""
    if not s.pending or (kind is not None and s.pending[0].get("kind") != kind):
        return None
    raw = s.pending[0]
    return Decision(str(raw.get("kind", "")), raw.get("player"), MappingProxyType(raw))


def decision(s: GameState, kind: str, player: str | None, rule: str, sentence: str = "") -> Decision:
    """The decision of that `kind` waiting first (for `player`, when given); else refused by `rule`."""
    d = pending(s, kind)
    if d is None or (player is not None and d.player != player):
        raise IllegalAction(rule, sentence or f"{player} has no such choice to make now.")
    return d


# -- companion cards: cards that join a player as companions (a hired hand, a mount) -----------
def companions(s: GameState, p: Player, kind: str) -> list[str]:
    """The companion cards of that kind `p` has in play (sitting on nothing), in the order played."""
    return [c for c, on in p.attachments.items() if on == NOWHERE and card(s, c).kind == kind]


def companion(s: GameState, p: Player, kind: str) -> str | None:
    """The first companion card of that kind `p` has in play, if any."""
    return next(iter(companions(s, p, kind)), None)


def cheated(s: GameState, p: Player, cid: str) -> bool:
    """Whether a Cheat! sits on this card of `p` (a companion card)."""
    return any(on == cid and effect(card(s, att), "cheat") for att, on in p.attachments.items())


def cheats_in_hand(s: GameState, p: Player) -> list[str]:
    """The Cheat! cards in `p`'s hand."""
    return [c for c in p.hand if effect(card(s, c), "cheat")]


def with_cheat(s: GameState, p: Player, counted: list[str]) -> list[dict[str, str]]:
    """How a companion card may come in: as it is while the one allowed is not in play (`counted`
    empty), else only with a Cheat! from hand on it (its `cheat` parameter)."""
    if not counted:
        return [{}]
    return [{"cheat": c} for c in cheats_in_hand(s, p)[:1]]


def check_cheat(s: GameState, a: Action, counted: list[str], rules: tuple[str, str], what: str) -> None:
    """Refuse a second companion card (`rules`: the limit's, the Cheat!'s) without a Cheat! from hand."""
    cheat = a.params.get("cheat")
    if cheat is None:
        require(not counted, rules[0], f"{a.player} has a {what} in play already.")
        return
    mine = cheats_in_hand(s, s.player(a.player))
    require(cheat in mine, rules[1], f"{cheat!r} is not a Cheat! card in {a.player}'s hand.")


def play_cheat(b: Builder, a: Action, rule: str) -> None:
    """The Cheat! the action names (if any) goes on the card it brought in, and leaves play with it."""
    cheat = a.params.get("cheat")
    if cheat is not None:
        payload = {"player": a.player, "card": cheat, "into": "attachments", "on": a.params["card"]}
        b.emit("CardPlayed", payload, [rule])


def enhancers_on(p: Player, cid: str) -> list[str]:
    """The monster enhancers sitting on a card of `p` (a companion card), in play order."""
    return [e for e, on in p.attachments.items() if on == cid]


def enhancer_value(s: GameState, cid: str) -> int:
    """A monster enhancer's printed bonus (+10, -5)."""
    got = effect(card(s, cid), "monster_bonus")
    if isinstance(got, dict):
        return int(got.get("monster_bonus", 0))
    return int(got) if isinstance(got, int) else 0


def levels_of(value: int) -> int:
    """The levels an enhancer gives (or cancels) on a companion card: one for each full 5."""
    return value // 5 if value >= 0 else -((-value) // 5)


def enhancer_levels(s: GameState, p: Player, cid: str) -> int:
    """The levels the enhancers on a companion card give it in every fight (never below 0)."""
    return max(0, sum(levels_of(enhancer_value(s, e)) for e in enhancers_on(p, cid)))


def may_enhance(s: GameState, owner: Player, on: str, enhancer: str) -> bool:
    """A positive enhancer always; a negative one only to cancel as many levels already given."""
    value = enhancer_value(s, enhancer)
    if value >= 0:
        return True
    return enhancer_levels(s, owner, on) >= -levels_of(value)


def owner_of(s: GameState, cid: str) -> Player | None:
    """Who has this card in play (attached, equipped or carried), if anyone."""
    return next((p for p in s.players if cid in p.attachments or cid in p.equipped + p.carried), None)


def unrolled(s: GameState, player: str) -> bool:
    """The player is running from every monster still: no roll made, no monster escaped yet."""
    c = s.combat
    if c is None or c.stage != "run_away" or c.escape or player in c.auto_escape:
        return False
    mine = [m for who, m in c.to_run if who == player]
    return bool(mine) and len(mine) == len(c.monsters)


class Enhance(Move):
    """A monster enhancer from hand on someone's companion card in play (what `targets` lists)."""

    when = ("turn",)
    anytime = OPEN
    exact = True
    rule = ""
    #: the rule that lets a negative enhancer only cancel levels already given
    negative_rule = ""
    #: the module whose games list it
    needs = ""

    def companion(self, s: GameState, p: Player) -> str | None:
        """The card of `p` in play this move may enhance (a companion card), if any."""
        return None

    def targets(self, s: GameState) -> list[tuple[Player, str]]:
        """(owner, card) for every card in play this move may enhance."""
        found = ((p, None if p.dead else self.companion(s, p)) for p in s.players)
        return [(p, cid) for p, cid in found if cid is not None]

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        if self.needs not in s.modules or s.player(player).dead:
            return
        hand = [c for c in s.player(player).hand if card(s, c).kind == "monster_enhancer"]
        if not hand:
            return
        for owner, on in self.targets(s):
            for cid in hand:
                # offered where it helps its player: a bonus on one's own, a cancel on another's
                if (enhancer_value(s, cid) > 0) == (owner.name == player) and may_enhance(s, owner, on, cid):
                    yield act(self.name, player, card=cid, on=on)

    def check(self, s: GameState, a: Action) -> None:
        cid = in_hand(s, a)
        require(
            card(s, cid).kind == "monster_enhancer", self.rule, f"{card(s, cid).name} is no monster enhancer."
        )
        found = next(((o, c) for o, c in self.targets(s) if c == a.params.get("on")), None)
        require(found is not None, self.rule, f"{a.params.get('on')!r} is not a card in play it may go on.")
        assert found is not None  # for the type checker: just required
        owner, on = found
        require(
            may_enhance(s, owner, on, cid),
            self.negative_rule,
            "a negative enhancer only cancels an equal positive one already there.",
        )

    def run(self, b: Builder, a: Action) -> None:
        s, on = b.s, a.params["on"]
        owner = owner_of(s, on)
        assert owner is not None  # checked: the card is in play
        payload = {
            "player": a.player,
            "owner": owner.name,
            "card": a.params["card"],
            "into": "attachments",
            "on": on,
        }
        rules = [self.rule] + ([self.negative_rule] if enhancer_value(s, a.params["card"]) < 0 else [])
        b.emit("CardPlayed", payload, rules)
        reopen_if_fighting(b, a.player)


#: the kit by what each name is for (docs/ARCHITECTURE.md renders it with `api_table`)
API: dict[str, tuple[str, ...]] = {
    "the game's types": (
        "Action",
        "Builder",
        "CardParams",
        "CardsParams",
        "Cursed",
        "Discarded",
        "Drawn",
        "Ended",
        "Given",
        "Helping",
        "Combat",
        "Ctx",
        "Decision",
        "Event",
        "GameState",
        "IllegalAction",
        "Module",
        "MonsterParams",
        "Played",
        "Move",
        "Player",
        "Plugin",
        "Ran",
        "Refusal",
        "Rule",
        "Ruleset",
        "Step",
        "Term",
        "Whose",
        "Words",
    ),
    "declaring: data, rules, moves, steps, effect handlers, hooks": (
        "OPEN",
        "act",
        "handles",
        "hook",
        "hooks",
        "move",
        "register_module",
        "register_rules",
        "register_ruleset",
        "step",
        "vocabulary",
        "Point",
        "ABILITIES",
        "AFTER_ACTION",
        "CHEAT_RULE",
        "ATTACHMENTS_FOLLOW",
        "BIG_EXEMPT",
        "COUNTS_AGAINST",
        "CURSE_HITS",
        "DISCARD_PILE",
        "DOOR_TURNED",
        "GAME_SETUP",
        "HOLD_LIMITS",
        "KICK_DOOR",
        "MAY_ATTACH",
        "MAY_DROP",
        "MAY_PAY",
        "MAY_UNEQUIP",
        "MAY_USE",
        "MONSTER_LEVEL",
        "NEXT_TURN",
        "NO_RUN_PENALTY",
        "PLAYER_TERMS",
        "REWARD_BONUS",
        "REWARD_TO",
        "RUN_AWAY_OWN",
        "SALE_VALUE",
        "SET_ASIDE",
    ),
    "queries": (
        "abilities",
        "big_item_limit",
        "big_items",
        "breakdown",
        "card",
        "check_entry",
        "cheated",
        "cheats_in_hand",
        "classes",
        "companion",
        "companions",
        "counting_items",
        "decision",
        "effect",
        "effects",
        "enhancer_levels",
        "enhancer_value",
        "enhancers_on",
        "entry_refusal",
        "fighters",
        "holds",
        "identity_room",
        "ignores_drawn_curses",
        "in_hand",
        "item_usable",
        "items_ignored",
        "level_only",
        "levels_of",
        "may_enhance",
        "name_of",
        "owned",
        "owner_of",
        "params",
        "parse",
        "payload",
        "pending",
        "playable_on_table",
        "races",
        "ruleset_of",
        "target",
        "unrolled",
        "with_cheat",
    ),
    "procedures: each makes events through the builder": (
        "Enhance",
        "NOWHERE",
        "advance",
        "after_race_lost",
        "change_level",
        "check_cheat",
        "check_identity",
        "check_win",
        "curse_hits",
        "curse_lands",
        "die_setters",
        "discard",
        "draw",
        "end_combat",
        "end_looting",
        "give",
        "nothing",
        "on_draw",
        "on_enter",
        "open_door",
        "phase",
        "place",
        "offer_received",
        "play_cheat",
        "reopen",
        "reopen_if_fighting",
        "require",
        "reward",
        "start_combat",
    ),
}
__all__ = [  # the names of API, listed for the linters (a test keeps the two equal)
    "Cursed",
    "Discarded",
    "Drawn",
    "Ended",
    "Given",
    "Helping",
    "Played",
    "Ran",
    "Whose",
    "payload",
    "CardParams",
    "CardsParams",
    "MonsterParams",
    "params",
    "parse",
    "ABILITIES",
    "abilities",
    "act",
    "Action",
    "advance",
    "AFTER_ACTION",
    "after_race_lost",
    "ATTACHMENTS_FOLLOW",
    "BIG_EXEMPT",
    "big_item_limit",
    "big_items",
    "breakdown",
    "Builder",
    "card",
    "change_level",
    "CHEAT_RULE",
    "cheated",
    "cheats_in_hand",
    "check_cheat",
    "check_entry",
    "check_identity",
    "check_win",
    "classes",
    "Combat",
    "companion",
    "companions",
    "counting_items",
    "COUNTS_AGAINST",
    "Ctx",
    "CURSE_HITS",
    "curse_hits",
    "curse_lands",
    "decision",
    "Decision",
    "die_setters",
    "discard",
    "DISCARD_PILE",
    "DOOR_TURNED",
    "draw",
    "effect",
    "effects",
    "end_combat",
    "end_looting",
    "Enhance",
    "enhancer_levels",
    "enhancer_value",
    "enhancers_on",
    "entry_refusal",
    "Event",
    "fighters",
    "GAME_SETUP",
    "GameState",
    "HOLD_LIMITS",
    "give",
    "handles",
    "holds",
    "hook",
    "hooks",
    "identity_room",
    "ignores_drawn_curses",
    "IllegalAction",
    "in_hand",
    "item_usable",
    "items_ignored",
    "KICK_DOOR",
    "level_only",
    "levels_of",
    "MAY_ATTACH",
    "MAY_DROP",
    "MAY_PAY",
    "may_enhance",
    "MAY_UNEQUIP",
    "MAY_USE",
    "Module",
    "MONSTER_LEVEL",
    "Move",
    "move",
    "name_of",
    "NEXT_TURN",
    "NO_RUN_PENALTY",
    "nothing",
    "NOWHERE",
    "offer_received",
    "on_draw",
    "on_enter",
    "OPEN",
    "open_door",
    "owned",
    "owner_of",
    "pending",
    "phase",
    "place",
    "play_cheat",
    "playable_on_table",
    "Player",
    "PLAYER_TERMS",
    "Plugin",
    "Point",
    "races",
    "Refusal",
    "register_module",
    "register_rules",
    "register_ruleset",
    "reopen",
    "reopen_if_fighting",
    "require",
    "reward",
    "REWARD_BONUS",
    "REWARD_TO",
    "Rule",
    "Ruleset",
    "ruleset_of",
    "RUN_AWAY_OWN",
    "SALE_VALUE",
    "SET_ASIDE",
    "start_combat",
    "Step",
    "step",
    "target",
    "Term",
    "unrolled",
    "vocabulary",
    "with_cheat",
    "Words",
]


#: what a name is, where its own docstring does not say it in one line
NOTES = {
    "OPEN": "the stages in which a move open to anyone at any time (`Move.anytime`) may be made",
    "Refusal": "a refusal: (rule id, sentence)",
    "Step": "one bad-stuff or curse step as a card file writes it: a word, or a mapping",
    "act": "an `Action` of this move, player and parameters (what `candidates` yields)",
    "move": "register a `Move` class in the legal-action table (a class decorator)",
    "step": "register a function as the handler of bad-stuff steps of these kinds (a decorator)",
    "vocabulary": "the card vocabulary (docs/cards.md) the card loader checks files against",
    "hooks": "the hook points, their combiners and the table of them",
    "big_items": "the big items a player has in play that the big-item limit counts",
    "classes": "the class words of a player's classes ({'none'} without one)",
    "races": "the race words of a player's races ({'human'} without one)",
    "fighters": "the fighter and, if any, the helper of a combat",
    "ignores_drawn_curses": "whether an item of the player's lets them ignore curses drawn at the door",
    "in_hand": "the action's card, refused unless it is in the player's hand",
    "owned": "the action's card, refused unless the player has it in hand or in play",
    "target": "the action's target player, refused unless there is such a player",
    "items_ignored": "whether a curse on the player makes their items count for nothing",
    "level_only": "whether a monster of the combat is fought by level alone (items do not count)",
    "name_of": "a card's name",
    "playable_on_table": "whether a card from the player's hand may go on their table now",
    "check_identity": "refuse a race, class or cheat card the player has no room for",
    "check_win": "end the game when someone has reached the winning level",
    "die_setters": "the one-shots of the player that set the die (Loaded Die)",
    "end_combat": "clear the table after a fight, with its outcome recorded",
    "end_looting": "end the looting of a dead player: choices closed, the rest discarded, the game on",
    "nothing": "record that a step took nothing (there was nothing to lose)",
    "phase": "move the turn to that phase (an event only when it changes)",
    "start_combat": "a fight starts: a player against a monster (from the door or not)",
}


def api_table() -> str:
    """The kit as Markdown: each name under what it is for, with the first line of its docstring."""
    here = globals()
    lines: list[str] = []
    for title, names in API.items():
        lines += ["", f"**{title[0].upper() + title[1:]}**", "", "| name | what it is |", "| --- | --- |"]
        for name in sorted(names, key=str.lower):
            obj = here[name]
            if isinstance(obj, hooks.Point):
                what = f"hook point `{obj.name}` ({obj.combiner})"
            elif isinstance(obj, str):
                what = f"the constant {obj!r}"
            elif name in NOTES:
                what = NOTES[name]
            else:
                what = (obj.__doc__ or "").strip().split("\n\n")[0]
            lines.append(f"| `{name}` | {' '.join(what.split()).replace('|', '/')} |")
    return "\n".join(lines[1:])


def generated() -> dict[str, str]:
    """The parts of docs/ARCHITECTURE.md made from the code: the hook points and the kit."""
    return {"hook-points": hooks.table(), "kit-api": api_table()}


def render(doc: str) -> str:
    """`doc` with each generated part (between `<!-- generated: NAME -->` and
    `<!-- end: NAME -->`) replaced by what the code says now."""
    for name, body in generated().items():
        start, end = f"<!-- generated: {name} -->", f"<!-- end: {name} -->"
        head, sep, rest = doc.partition(start)
        if not sep or end not in rest:
            raise ValueError(f"the doc has no {start} ... {end} part")
        doc = f"{head}{start}\n{body}\n{end}{rest.partition(end)[2]}"
    return doc


def write_docs(path: str = "docs/ARCHITECTURE.md") -> None:
    """Rewrite the generated parts of the doc at `path` (run from the repository's root)."""
    doc = Path(path)
    doc.write_text(render(doc.read_text(encoding="utf-8")), encoding="utf-8")
