"""A bot that plays sensibly: equips, sells, asks for help when losing, bribes, runs when it must."""

from __future__ import annotations

import functools
import random

from munchkin_nb.engine import Action, Combat, GameState, breakdown, can, context, legal_actions
from munchkin_nb.engine.core.cards import card, kinds_in_hand
from munchkin_nb.engine.query.cardinfo import item_usable
from munchkin_nb.rules.rulesets import MODULES

# preference of each action when nothing more specific applies (higher first)
ORDER = {
    "play_card": 90,
    "equip": 85,
    "sell": 80,
    "use_card": 40,
    "kick_door": 50,
    "look_for_trouble": 0,
    "loot_the_room": 30,
    "give_charity": 70,
    "end_turn": 10,
    "finish_setup": 5,
    "run_away": 50,
    "accept_roll": 1,
    "flight": 60,
    "reroll": 60,
    "escape_by_discarding": 70,
    "choose_loss": 10,
    "loot_the_body": 10,
    "take_item": 10,
    "cancel_curse": 60,
    "accept_curse": 1,
    "set_die": 65,
    "steal": 20,
    "resurrect": 0,
    "choose_steps": 5,
    "trade_treasures": 5,
    "force_rerun": 5,
    "let_escape": 1,
    "unequip": -10,
    "give_item": -10,
    "discard_card": -10,
    "offer_trade": -10,
    "accept_trade": -5,
    "decline_trade": 0,
}


@functools.lru_cache(maxsize=64)
def _module_answers(modules: tuple[str, ...], when: str) -> frozenset[str]:
    """The modules' own answers (moves a bot tries, `bot_tries`) that anyone may give to the
    pending decision `when` ("pending:<kind>": a decision a module left). A module's any-time moves are not
    among them: the bot takes those on its own turn, in `choose`."""
    from munchkin_nb.engine.moves.base import MOVES

    if not when.startswith("pending:"):
        return frozenset()
    return frozenset(
        m for n in modules for m in MODULES[n].bot_tries if m in MOVES and when in MOVES[m].anytime
    )


# the kinds of hand card this bot ever plays out of turn
INTERJECTING = frozenset({"go_up_a_level", "curse", "monster_enhancer", "one_shot"})


class HeuristicBot:
    """Prefers moves that help itself and hinder the leader."""

    # it never picks these when it decides (each ranks below a move that is always there too:
    # kicking the door or ending the turn); trades and gifts it makes out of turn, by interjecting
    ANY_TIME = frozenset(ORDER) - {"unequip", "give_item", "discard_card", "offer_trade"} | {
        "pass", "curse", "go_up_a_level", "accept_help", "decline_help", "ask_for_help", "berserk",
        "turning", "send_away", "decline_fight", "charm", "play_one_shot", "play_enhancer",
        "wandering_monster", "backstab",
    }  # fmt: skip
    # in a fight's last-chance window, what `_combat` looks at: the fighter and helper, the others
    FIGHTING = frozenset(
        {"pass", "berserk", "turning", "send_away", "decline_fight", "charm", "play_one_shot", "ask_for_help"}
    )
    WATCHING = frozenset({"pass", "play_enhancer", "wandering_monster", "play_one_shot"})

    def considers(self, s: GameState, me: str) -> frozenset[str]:
        """The moves `choose` may pick now; the runner lists only these (all, if none is legal)."""
        if context(s)[1] == "combat":  # the last-chance window of a fight, as the engine says
            c = s.fight
            if me not in (c.fighter, c.helper):  # a watcher: a module's move may hinder too (a pet, arrows)
                return self.WATCHING | self._module_moves(s) if s.modules else self.WATCHING
            if s.modules:  # a fighter may take the modules' own moves too (a gnome's illusion)
                return self.FIGHTING | {m for n in s.modules for m in MODULES[n].bot_tries}
            return self.FIGHTING
        if s.modules:  # the game's modules' own moves too
            return self.ANY_TIME | {m for n in s.modules for m in MODULES[n].bot_tries}
        return self.ANY_TIME

    @staticmethod
    def _module_moves(s: GameState) -> frozenset[str]:
        return frozenset(m for n in s.modules for m in MODULES[n].bot_tries)

    @staticmethod
    def _helps(c: Combat, a: Action) -> bool:
        """Whether a module's move helps the fight's players: it names their side, or (naming no
        side) one of them as its target (a bonus given to the fighter)."""
        side, target = a.params.get("side"), a.params.get("target")
        return side == "players" or (side is None and target is not None and target in (c.fighter, c.helper))

    def _module_move(self, s: GameState, by: dict[str, list[Action]], gains: bool = False) -> Action | None:
        """A module's own move, taken as often as the module says (a roll, a choice among its
        options); `gains`: one worth taking in a fight won anyway (its `bot_gains`)."""
        for n in s.modules:
            for name, often in (MODULES[n].bot_gains if gains else MODULES[n].bot_tries).items():
                if name in by and self.rng.random() < often:
                    return self.rng.choice(by[name])
        return None

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.offered_on_turn = -1  # at most one trade offer of its own per turn

    # -- out of turn -------------------------------------------------------------
    def interject(self, s: GameState, me: str) -> Action | None:
        """Take a Go Up a Level, curse the leader, hinder the leader's fight, offer a fair trade."""
        p = s.player(me)
        if not p.hand and not p.carried:
            return None  # the cheap answer, asked before every decision of the game
        kinds = kinds_in_hand(s, me)
        wanted: set[str] = set()
        leader = None
        leader_fights = False
        if kinds & INTERJECTING:  # the table is looked at only with a card to interject with
            others = [q for q in s.players if q.name != me and not q.dead]
            leader = max(others, key=lambda q: q.level) if others else None
            fight = s.combat is not None and s.combat.stage == "fight" and not s.combat.asked
            leader_fights = fight and leader is not None and s.fight.fighter == leader.name
        if "go_up_a_level" in kinds:
            wanted.add("go_up_a_level")
        if "curse" in kinds and leader is not None and (leader.level >= p.level + 2 or leader_fights):
            wanted.add("curse")
        if (
            leader_fights
            and me != s.fight.helper
            and kinds & {"monster_enhancer", "one_shot"}
            and breakdown(s).players_win
        ):
            wanted |= {"play_enhancer", "play_one_shot"}
        if p.carried and s.turn != self.offered_on_turn and self.rng.random() < 0.1:
            wanted.add("offer_trade")
        answers = _module_answers(tuple(s.modules), context(s)[1]) if s.modules else frozenset()
        wanted |= answers
        if not wanted:
            return None
        # the one Go Up a Level or curse it would play, asked about directly: listing them would
        # try every card on every player
        for name, on in (("go_up_a_level", me), ("curse", leader.name if leader else None)):
            if name in wanted and on is not None:
                for cid in p.hand:
                    if card(s, cid).kind == name:
                        mine = Action(name, me, {"card": cid, "target": on})
                        if can(s, mine):
                            return mine
        rest = wanted - {"go_up_a_level", "curse"}
        if not rest:
            return None
        by: dict[str, list[Action]] = {}
        for a in legal_actions(s, me, only=rest):
            by.setdefault(a.name, []).append(a)
        for a in by.get("play_enhancer", []):
            return a
        for a in by.get("play_one_shot", []):
            if a.params.get("side") == "monsters":
                return a
        if "offer_trade" in by:
            offer = self._fair_offer(s, me, by["offer_trade"])
            if offer is not None:
                self.offered_on_turn = s.turn
                return offer
        if answers & by.keys():  # a module's answer to what is going on (a Reloaded Die on a roll)
            return self._module_move(s, {k: v for k, v in by.items() if k in answers})
        return None

    def _fair_offer(self, s: GameState, me: str, offers: list[Action]) -> Action | None:
        """One of my sideways items I cannot use, for one of theirs I can, worth no more than mine."""
        mine = [c for c in s.player(me).carried if not item_usable(s, s.player(me), c)]
        for a in offers:
            other = s.player(a.params["to"])
            for give in mine:
                for take in other.equipped + other.carried:
                    if item_usable(s, s.player(me), take) and (card(s, take).gold or 0) <= (
                        card(s, give).gold or 0
                    ):
                        offer = Action("offer_trade", me, {"to": other.name, "give": [give], "take": [take]})
                        if can(s, offer):
                            return offer
        return None

    def _answer_trade(self, s: GameState, me: str, by: dict[str, list[Action]]) -> Action:
        """Accept when what comes is usable and worth at least what goes."""
        offer = s.pending[0]
        got = sum(card(s, c).gold or 0 for c in offer["give"])
        lost = sum(card(s, c).gold or 0 for c in offer["take"])
        usable = all(item_usable(s, s.player(me), c) for c in offer["give"])
        return by["accept_trade"][0] if usable and got >= lost else by["decline_trade"][0]

    def decide(self, s: GameState, me: str) -> Action | None:
        """A choice that needs no list of legal actions, or None. Watching someone else's fight
        while its fighter is below level 7, this bot always passes (see `_combat`); passing is
        always open to whoever holds the last chance, so nothing need be listed first."""
        if context(s) != (me, "combat"):  # the engine says who holds the last chance
            return None
        c = s.fight
        if me in (c.fighter, c.helper) or s.player(c.fighter).level >= 7:
            return None
        return Action("pass", me, {})

    def choose(self, s: GameState, legal: list[Action]) -> Action:
        me = legal[0].player
        by: dict[str, list[Action]] = {}
        for a in legal:
            by.setdefault(a.name, []).append(a)
        if "accept_trade" in by and "decline_trade" in by:
            return self._answer_trade(s, me, by)
        if s.combat and s.fight.stage == "fight" and ("pass" in by or "accept_help" in by):
            return self._combat(s, me, by, legal)
        if "look_for_trouble" in by:
            for a in by["look_for_trouble"]:
                if s.player(me).level + 3 > (card(s, a.params["card"]).level or 0):
                    return a
        if "choose_loss" in by or "loot_the_body" in by or "take_item" in by:
            opts = by.get("choose_loss") or by.get("loot_the_body") or by["take_item"]

            def worth(a: Action) -> int:
                return (card(s, a.params["card"]).gold or 0) if a.params.get("card") else 0

            return (min if "choose_loss" in by else max)(opts, key=worth)
        if "curse" in by and self.rng.random() < 0.5:
            leader = max((p for p in s.players if p.name != me), key=lambda p: p.level).name
            for a in by["curse"]:
                if a.params["target"] == leader:
                    return a
        if "go_up_a_level" in by:
            for a in by["go_up_a_level"]:
                if a.params["target"] == me:
                    return a
        if s.modules:
            chosen = self._module_move(s, by)
            if chosen is not None:
                return chosen
        best = max(legal, key=lambda a: ORDER.get(a.name, 0))
        return best

    def _combat(self, s: GameState, me: str, by: dict[str, list[Action]], legal: list[Action]) -> Action:
        c = s.fight
        mine = me == c.fighter or me == c.helper
        if "accept_help" in by:
            paid = c.offer.get("treasures") or c.offer.get("items")
            return by["accept_help"][0] if paid or "decline_help" not in by else by["decline_help"][0]
        if mine:
            bd = breakdown(s)
            if bd.players_win:
                gain = self._module_move(s, by, gains=True) if s.modules else None
                return gain or by["pass"][0]
            for name in ("berserk", "turning", "send_away", "decline_fight", "charm"):
                if name in by:
                    return by[name][0]
            chosen = self._module_move(s, by) if s.modules else None
            if chosen is not None:  # losing: a module's own move may turn it
                return chosen
            for a in by.get("play_one_shot", []):
                if (
                    a.params.get("side") == "players"
                    and (card(s, a.params["card"]).bonus or 0) >= -bd.margin + 1
                ):
                    return a
            if "ask_for_help" in by:
                return max(by["ask_for_help"], key=lambda a: s.player(a.params["helper"]).level)
            for a in by.get("play_one_shot", []):
                if a.params.get("side") == "players":
                    return a
            return by["pass"][0]
        fighter = s.player(c.fighter)
        # a module's move against the fight (a pet set on it, an arrow at the players): not one
        # that would help the fighter (`side: players`)
        against = {
            n: [a for a in acts if not self._helps(c, a)]
            for n, acts in by.items()
            if n in self._module_moves(s)
        }
        hinder = "play_enhancer" in by or "wandering_monster" in by or "play_one_shot" in by
        # the combat arithmetic only when it could matter: a strong fighter and cards to hinder with
        if fighter.level >= 7 and (hinder or any(against.values())) and breakdown(s).players_win:
            for name in ("play_enhancer", "wandering_monster"):
                if name in by:
                    return by[name][0]
            for a in by.get("play_one_shot", []):
                if a.params.get("side") == "monsters":
                    return a
            chosen = self._module_move(s, {n: acts for n, acts in against.items() if acts})
            if chosen is not None:
                return chosen
        return by["pass"][0]


# -- the reason for a move, for a hint ------------------------------------------------
_LOSING_MOVES = frozenset({"berserk", "turning", "send_away", "decline_fight", "charm"})
_ESCAPE_MOVES = frozenset({"flight", "reroll", "escape_by_discarding"})
_PLAIN_REASONS = {
    "kick_door": "only_way_to_meet",
    "loot_the_room": "loot_the_room",
    "give_charity": "charity",
    "end_turn": "nothing_left",
    "run_away": "must_run",
    "cancel_curse": "stop_curse",
    "accept_curse": "no_answer",
    "finish_setup": "ready",
    "sell": "sell_for_level",
    "go_up_a_level": "free_level",
    "accept_trade": "good_trade",
    "decline_trade": "bad_trade",
    "offer_trade": "fair_trade",
    "accept_help": "paid_to_help",
    "decline_help": "unpaid_help",
    "play_card": "card_in_play",
}


def why(s: GameState, a: Action) -> tuple[str, dict[str, object]]:
    """Why HeuristicBot takes `a` in `s`: the key of its reason and the facts the reason names
    (the page puts them in words); ("best_ranked", {}) when only its order of preference decides."""
    c = s.combat
    fight = c is not None and s.fight.stage == "fight"
    score: dict[str, object] = {}
    if fight:
        bd = breakdown(s)
        score = {"players": bd.players, "monsters": bd.monsters, "fighter": s.fight.fighter}
    cid = a.params.get("card")
    if a.name == "pass" and fight:
        if a.player in (s.fight.fighter, s.fight.helper):
            return ("winning" if breakdown(s).players_win else "nothing_turns_it"), score
        return "not_worth_hindering", {**score, "level": s.player(s.fight.fighter).level}
    if a.name in _LOSING_MOVES and fight:
        return "losing_power", score
    if a.name in ("play_enhancer", "wandering_monster") or (
        a.name == "play_one_shot" and a.params.get("side") == "monsters"
    ):
        fighter = score.get("fighter")
        level = s.player(str(fighter)).level if fighter else 0
        return "hinder_leader", {**score, "level": level}
    if a.name == "play_one_shot" and cid:
        return "one_shot_helps", {**score, "bonus": card(s, cid).bonus or 0}
    if a.name == "ask_for_help":
        return "strongest_helper", {**score, "helper": a.params["helper"]}
    if a.name == "look_for_trouble" and cid:
        return "easy_monster", {"monster": cid, "level": card(s, cid).level or 0}
    if a.name == "choose_loss" and cid:
        return "cheapest_loss", {"card": cid}
    if a.name in ("loot_the_body", "take_item") and cid:
        return "most_valuable", {"card": cid}
    if a.name == "curse":
        return "curse_leader", {"target": a.params["target"], "level": s.player(a.params["target"]).level}
    if a.name == "equip" and cid:
        return "equip_bonus", {"card": cid, "bonus": card(s, cid).bonus or 0}
    if a.name in _ESCAPE_MOVES:
        return "better_escape", {}
    if a.name in _PLAIN_REASONS:
        return _PLAIN_REASONS[a.name], {"card": cid} if cid else {}
    return "best_ranked", {}
