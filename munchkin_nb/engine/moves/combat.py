"""Moves inside a combat: the priority window, help, abilities, and running away."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..core.actions import Action, CardName, require
from ..core.builder import Builder
from ..core.cards import card, effect, effects
from ..core.decisions import ForceRerunDecision, waiting
from ..core.registry import handles
from ..core.state import GameState
from ..procs.flow import advance, discard, give, reopen
from ..procs.monster_effects import on_enter
from ..procs.running import finish_run, roll_escape
from ..query.cardinfo import abilities, holds
from ..query.combat import fighters
from ..query.fight import compels, die_setters, doubled, glue_pots, may_help, no_help, wont_pursue
from ..query.items import check_entry
from .base import Move, act, in_hand, move, owned, quoted, target


def _ability(s: GameState, player: str, key: str) -> Any:
    vals = abilities(s, s.player(player), key)
    return vals[0] if vals else None


def _used(s: GameState, key: str, player: str) -> int:
    return s.fight.discards_used.get(f"{key}:{player}", 0)


def _escape(s: GameState) -> dict[str, Any]:
    """The run-away roll awaiting flight, a reroll or a set die.

    Without one it raises TypeError, as indexing the missing roll did: the legal-action search
    counts that as "not possible now"."""
    e = s.fight.escape
    if e is None:
        raise TypeError("no run-away roll is waiting")
    return e


@move
class Pass(Move):
    """Let the combat go on: when everyone has passed in a row, it resolves."""

    name = "pass"
    exact = True
    when = ("combat",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        yield act(self.name, player)

    def run(self, b: Builder, a: Action) -> None:
        b.emit("PlayerPassed", {"player": a.player}, ["combat.window"])
        advance(b)


@move
class PlayEnhancer(Move):
    """A monster enhancer (or Mate) on one monster of the combat."""

    name = "play_enhancer"
    hand_kinds = frozenset({"monster_enhancer", "special"})  # a Mate is a special card
    anytime = ("combat",)
    anytime_rule = "combat.anyone_plays"

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        for cid in s.player(player).hand:
            c = card(s, cid)
            if c.kind == "monster_enhancer" or effect(c, "mate"):
                for m in s.fight.monsters:
                    yield act(self.name, player, card=cid, monster=m["card"])

    def check(self, s: GameState, a: Action) -> None:
        cid = in_hand(s, a)
        c = card(s, cid)
        require(
            c.kind == "monster_enhancer" or bool(effect(c, "mate")),
            "combat.enhancer",
            "{card} is not a monster enhancer.",
            card=CardName(c.name, cid),
        )
        require(
            a.params.get("monster") in [m["card"] for m in s.fight.monsters],
            "combat.enhancer",
            "an enhancer is played on a monster in the combat.",
        )

    def run(self, b: Builder, a: Action) -> None:
        mate = bool(effect(card(b.s, a.params["card"]), "mate"))
        b.emit(
            "EnhancerPlayed",
            {"card": a.params["card"], "monster": a.params["monster"], "by": a.player, "mate": mate},
            ["combat.enhancer"],
        )
        reopen(b, a.player)


@move
class WanderingMonster(Move):
    """Wandering Monster with a monster from hand: it joins the combat."""

    name = "wandering_monster"
    hand_kinds = frozenset({"wandering_monster"})
    anytime = ("combat",)
    anytime_rule = "combat.anyone_plays"

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        hand = s.player(player).hand
        wm = [c for c in hand if card(s, c).kind == "wandering_monster"]
        if wm:
            for cid in hand:
                if card(s, cid).kind == "monster":
                    yield act(self.name, player, card=wm[0], monster=cid)

    def check(self, s: GameState, a: Action) -> None:
        cid = in_hand(s, a)
        require(
            card(s, cid).kind == "wandering_monster",
            "combat.wandering_monster",
            "{card} is not a Wandering Monster.",
            card=CardName(card(s, cid).name, cid),
        )
        m = in_hand(s, a, "monster")
        require(
            card(s, m).kind == "monster",
            "combat.wandering_monster",
            "{card} is not a monster.",
            card=CardName(card(s, m).name, m),
        )

    def run(self, b: Builder, a: Action) -> None:
        discard(b, a.player, a.params["card"], "played", ["combat.wandering_monster"])
        b.emit(
            "MonsterAdded",
            {"monster": a.params["monster"], "by": a.player},
            ["combat.wandering_monster", "combat.several_monsters"],
        )
        reopen(b, a.player)
        on_enter(b, a.params["monster"])
        advance(b)


def _discard_paid(b: Builder, player: str, cid: str, why: str) -> None:
    discard(b, player, cid, why, ["ability.discard_cost"])


@move
class Backstab(Move):
    """The thief discards a card: a player in the combat gets -2, once per victim."""

    name = "backstab"
    anytime = ("combat",)
    anytime_rule = "combat.anyone_plays"

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        if _ability(s, player, "backstab") is None or not s.player(player).hand:
            return
        for f in fighters(s.fight):
            if f != player and [player, f] not in s.fight.backstabbed:
                yield act(self.name, player, target=f, discard=s.player(player).hand[0])

    @handles("effect", "backstab")
    def check(self, s: GameState, a: Action) -> None:
        require(
            _ability(s, a.player, "backstab") is not None,
            "thief.backstab",
            "{player} is not a thief.",
            player=a.player,
        )
        t = target(s, a)
        require(
            t in fighters(s.fight) and t != a.player,
            "thief.backstab",
            "backstab a fighter or helper other than yourself.",
        )
        require(
            [a.player, t] not in s.fight.backstabbed,
            "thief.backstab",
            "{player} has backstabbed {target} in this combat already.",
            player=a.player,
            target=t,
        )
        owned(s, a, "discard", "backstab")

    def run(self, b: Builder, a: Action) -> None:
        amount = _ability(b.s, a.player, "backstab")
        _discard_paid(b, a.player, a.params["discard"], "backstab")
        b.emit(
            "ModifierPlayed",
            {
                "card": None,
                "side": "players",
                "target": a.params["target"],
                "amount": -int(amount),
                "by": a.player,
                "source": "backstab",
                "label": f"backstab by {a.player}",
            },
            ["thief.backstab"],
        )
        reopen(b, a.player)


class _DiscardBonus(Move):
    """Discard cards in combat for a bonus (warrior's berserk, cleric's turning)."""

    key = ""
    rule = "ability.discard_cost"
    anytime = ("combat",)
    anytime_rule = "combat.anyone_plays"

    def applies(self, s: GameState, player: str) -> bool:
        return True

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        ab = abilities(s, s.player(player), self.key)
        if (
            not ab
            or player not in fighters(s.fight)
            or not s.player(player).hand
            or not self.applies(s, player)
        ):
            return
        if _used(s, self.key, player) < ab[0].get("max_cards", 3):
            yield act(self.name, player, discard=s.player(player).hand[0])

    def check(self, s: GameState, a: Action) -> None:
        ab = abilities(s, s.player(a.player), self.key)
        require(bool(ab), self.rule, f"{a.player} has no {self.key} ability.")
        require(a.player in fighters(s.fight), self.rule, "only the fighter or the helper may do that.")
        require(self.applies(s, a.player), self.rule, f"{self.key} does not work against these monsters.")
        require(
            _used(s, self.key, a.player) < ab[0].get("max_cards", 3),
            self.rule,
            "{player} has discarded the most cards allowed.",
            player=a.player,
        )
        owned(s, a, "discard", self.key)

    @handles("effect", "berserk", "turning")
    def run(self, b: Builder, a: Action) -> None:
        ab = abilities(b.s, b.s.player(a.player), self.key)[0]
        _discard_paid(b, a.player, a.params["discard"], self.key)
        b.emit(
            "ModifierPlayed",
            {
                "card": None,
                "side": "players",
                "target": a.player,
                "amount": int(ab[self.key]),
                "by": a.player,
                "source": self.key,
                "ability": self.key,
                "label": f"{self.key} ({a.player})",
            },
            [self.rule],
        )
        reopen(b, a.player)


@move
class Berserk(_DiscardBonus):
    name = "berserk"
    key = "berserk"


@move
class Turning(_DiscardBonus):
    name = "turning"
    key = "turning"

    def applies(self, s: GameState, player: str) -> bool:
        return any(card(s, m["card"]).undead for m in s.fight.monsters)


@move
class Charm(Move):
    """The wizard discards the whole hand to charm one monster away: its treasure, no level."""

    name = "charm"
    anytime = ("combat",)
    anytime_rule = "combat.anyone_plays"

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        n = _ability(s, player, "charm")
        if n is not None and player in fighters(s.fight) and len(s.player(player).hand) >= int(n):
            for m in s.fight.monsters:
                yield act(self.name, player, monster=m["card"])

    @handles("effect", "charm")
    def check(self, s: GameState, a: Action) -> None:
        n = _ability(s, a.player, "charm")
        require(
            n is not None, "combat.defeat_without_kill", "{player} cannot charm monsters.", player=a.player
        )
        require(
            a.player in fighters(s.fight),
            "combat.defeat_without_kill",
            "only the fighter or the helper may charm.",
        )
        require(
            len(s.player(a.player).hand) >= int(n),
            "ability.discard_cost",
            "charming needs at least {n} cards in hand.",
            n=n,
        )
        require(
            a.params.get("monster") in [m["card"] for m in s.fight.monsters],
            "combat.defeat_without_kill",
            "no such monster in the combat.",
        )

    def run(self, b: Builder, a: Action) -> None:
        s = b.s
        for cid in list(s.player(a.player).hand):
            _discard_paid(b, a.player, cid, "charm")
        m = a.params["monster"]
        b.emit(
            "MonsterRemoved",
            {"monster": m, "reason": "charmed", "treasures": card(s, m).treasures or 0},
            ["combat.defeat_without_kill"],
        )
        reopen(b, a.player)


@move
class SendAway(Move):
    """A monster that a fighter of the right kind may send away without a fight."""

    name = "send_away"
    anytime = ("combat",)
    anytime_rule = "combat.anyone_plays"

    @handles("effect", "sent_away_by")
    def _rule(self, s: GameState, player: str, monster: str) -> dict[str, Any] | None:
        for e in effects(card(s, monster), "sent_away_by"):
            if isinstance(e, dict) and holds(s, s.player(player), e["sent_away_by"]):
                return e
        return None

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        if player in fighters(s.fight):
            for m in s.fight.monsters:
                if self._rule(s, player, m["card"]):
                    yield act(self.name, player, monster=m["card"])

    def check(self, s: GameState, a: Action) -> None:
        require(
            a.player in fighters(s.fight),
            "combat.defeat_without_kill",
            "only the fighter or helper may do that.",
        )
        require(
            a.params.get("monster") in [m["card"] for m in s.fight.monsters]
            and self._rule(s, a.player, a.params["monster"]) is not None,
            "combat.defeat_without_kill",
            "this monster cannot be sent away by this player.",
        )

    def run(self, b: Builder, a: Action) -> None:
        e = self._rule(b.s, a.player, a.params["monster"])
        assert e is not None, "check() found the rule that sends this monster away"
        b.emit(
            "MonsterRemoved",
            {"monster": a.params["monster"], "reason": "sent away", "treasures": int(e.get("treasures", 0))},
            ["combat.defeat_without_kill"],
        )
        reopen(b, a.player)


@move
class AskForHelp(Move):
    """The fighter asks one player to help, offering carried items and/or a number of treasures."""

    name = "ask_for_help"
    exact = True
    anytime = ("combat",)
    anytime_rule = "combat.anyone_plays"

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        c = s.fight
        # asking is allowed even when winning (the rulebook sets no condition), so it is listed
        if player != c.fighter or c.helper or no_help(s) or doubled(s):
            return
        for q in s.players:
            if q.name != player and may_help(s, q.name) and q.name not in c.declined:
                # the dead receive no cards, so no bribe is offered to them
                yield act(self.name, player, helper=q.name, treasures=0 if q.dead else 1, items=[])

    def check(self, s: GameState, a: Action) -> None:
        c = s.fight
        require(a.player == c.fighter, "combat.help", "only the fighter asks for help.")
        require(
            c.helper is None, "combat.help", "{helper} is helping already; only one may.", helper=c.helper
        )
        require(not no_help(s), "card.effect", "this monster must be fought alone.")
        require(
            not doubled(s),
            "card.effect",
            "{player}'s strength was doubled: the fight stays alone.",
            player=a.player,
        )
        h = target(s, a, "helper")
        require(h != a.player, "combat.help", "{player} cannot help themselves.", player=a.player)
        require(
            may_help(s, h),
            "death.help_next_turn",
            "{helper} died this turn and may help in a combat only from the next turn on.",
            helper=h,
        )
        require(h not in c.declined, "combat.help", "{helper} has refused already.", helper=h)
        items = a.params.get("items", [])
        p = s.player(a.player)
        require(
            isinstance(items, list) and all(i in p.equipped + p.carried for i in items),
            "combat.bribe",
            "a bribe is paid with items in play.",
        )
        n = a.params.get("treasures", 0)
        require(isinstance(n, int) and n >= 0, "combat.bribe", "offer a whole number of treasures.")
        require(
            a.params.get("first", "helper") in ("helper", "fighter"),
            "combat.bribe",
            "who draws the monster's treasures first: 'helper' or 'fighter'.",
        )
        require(
            not s.player(h).dead or (not items and not n),
            "death.no_cards",
            "{helper} is dead and can receive no cards, so no bribe can be offered.",
            helper=h,
        )
        check_entry(s, h, items)

    def run(self, b: Builder, a: Action) -> None:
        compelled = compels(b.s, a.player, a.params["helper"])
        # the bargain says who draws first; the helper's share comes first unless it says the fighter
        first = {"first": "fighter"} if a.params.get("first") == "fighter" and not compelled else {}
        b.emit(
            "HelpAsked",
            {
                "helper": a.params["helper"],
                "items": [] if compelled else a.params.get("items", []),
                "treasures": 0 if compelled else a.params.get("treasures", 0),
                "compelled": compelled,
                **first,
            },
            ["combat.help", "combat.bribe"] + (["card.effect"] if compelled else []),
        )


@move
class AcceptHelp(Move):
    name = "accept_help"
    when = ("help",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        yield act(self.name, player)

    def run(self, b: Builder, a: Action) -> None:
        s = b.s
        offered = dict(s.fight.offer)
        for cid in offered.get("items", []):
            give(
                b,
                {
                    "from_player": s.fight.fighter,
                    "to_player": a.player,
                    "card": cid,
                    "reason": "bribe",
                    "to": "carried",
                },
                ["combat.bribe"],
            )
        b.emit("HelpAccepted", {"helper": a.player, "bribe": offered}, ["combat.help"])
        reopen(b, a.player)


@move
class DeclineHelp(Move):
    name = "decline_help"
    when = ("help",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        yield act(self.name, player)

    def check(self, s: GameState, a: Action) -> None:
        require(
            not s.fight.offer.get("compelled"),
            "card.effect",
            f"{s.fight.fighter}'s Kneepads of Allure compel {a.player} to help.",
        )

    def run(self, b: Builder, a: Action) -> None:
        b.emit("HelpDeclined", {"helper": a.player}, ["combat.help"])
        advance(b)


# -- running away ----------------------------------------------------------------
@move
class RunAway(Move):
    """Roll to escape one monster (in the order you choose): 5 or more gets away."""

    name = "run_away"
    when = ("run",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        for who, m in s.fight.to_run:
            if who == player:
                yield act(self.name, player, monster=m)

    def check(self, s: GameState, a: Action) -> None:
        require(
            [a.player, a.params.get("monster")] in s.fight.to_run,
            "run.roll",
            "{player} is not running from {monster}.",
            player=a.player,
            monster=quoted(a.params.get("monster")),
        )

    @handles("effect", "cannot_be_outrun", "auto_escape")
    def run(self, b: Builder, a: Action) -> None:
        s = b.s
        name, m = a.player, a.params["monster"]
        mc = card(s, m)
        if name in s.fight.auto_escape:
            finish_run(b, name, m, True, "escaped automatically")
            return
        if wont_pursue(s, name, m):
            finish_run(b, name, m, True, "it will not pursue")
            return
        if effect(mc, "auto_escape"):
            finish_run(b, name, m, True, "it lets everyone go")
            return
        if effect(mc, "cannot_be_outrun"):
            finish_run(b, name, m, False, "it cannot be outrun")
            return
        roll = b.roll(name, f"run away from {mc.name}", ["run.roll"])
        roll_escape(b, name, m, roll, 0)


@move
class Flight(Move):
    """The wizard discards a card after a failed run-away roll: +1 to it."""

    name = "flight"
    when = ("escape",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        ab = abilities(s, s.player(player), "flight")
        if ab and s.player(player).hand and _escape(s)["bonus"] < ab[0].get("max_cards", 3):
            yield act(self.name, player, discard=s.player(player).hand[0])

    @handles("effect", "flight")
    def check(self, s: GameState, a: Action) -> None:
        ab = abilities(s, s.player(a.player), "flight")
        require(bool(ab), "run.roll", "{player} has no flight spell.", player=a.player)
        require(
            _escape(s)["bonus"] < ab[0].get("max_cards", 3),
            "ability.discard_cost",
            "no more cards may be discarded for flight.",
        )
        in_hand(s, a, "discard")

    def run(self, b: Builder, a: Action) -> None:
        e = dict(_escape(b.s))
        _discard_paid(b, a.player, a.params["discard"], "flight")
        roll_escape(
            b, a.player, e["monster"], e["roll"], e["bonus"] + 1, e["rerolled"], e.get("glued", False)
        )


@move
class Reroll(Move):
    """The halfling discards a card to roll again, once."""

    name = "reroll"
    when = ("escape",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        if (
            abilities(s, s.player(player), "reroll_run_away")
            and not _escape(s)["rerolled"]
            and s.player(player).hand
        ):
            yield act(self.name, player, discard=s.player(player).hand[0])

    @handles("effect", "reroll_run_away")
    def check(self, s: GameState, a: Action) -> None:
        require(
            bool(abilities(s, s.player(a.player), "reroll_run_away")) and not _escape(s)["rerolled"],
            "run.roll",
            "{player} cannot roll again.",
            player=a.player,
        )
        in_hand(s, a, "discard")

    def run(self, b: Builder, a: Action) -> None:
        e = dict(_escape(b.s))
        _discard_paid(b, a.player, a.params["discard"], "reroll")
        roll = b.roll(a.player, "run away again", ["run.roll"])
        roll_escape(b, a.player, e["monster"], roll, e["bonus"], True, e.get("glued", False))


@move
class AcceptRoll(Move):
    """Keep the failed roll: the monster catches you."""

    name = "accept_roll"
    when = ("escape",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        yield act(self.name, player)

    def run(self, b: Builder, a: Action) -> None:
        e = _escape(b.s)
        finish_run(b, a.player, e["monster"], False, f"rolled {e['roll']}, total {e['total']}")


@move
class EscapeByDiscarding(Move):
    """Some monsters let you escape by throwing them the right item."""

    name = "escape_by_discarding"
    when = ("run",)

    @handles("effect", "escape_by_discarding_tag", "discard_to_escape")
    def _ok(self, s: GameState, player: str, m: str, item: str | None) -> bool:
        p = s.player(player)
        if item not in p.equipped + p.carried + p.hand:
            return False
        tag = effect(card(s, m), "escape_by_discarding_tag")
        if tag and tag in effects(card(s, item), "tag"):
            return True
        if item in p.hand:
            return False
        level = card(s, m).level or 0
        return any(
            n == "any" or (isinstance(n, int) and level <= n)
            for n in effects(card(s, item), "discard_to_escape")
        )

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        p = s.player(player)
        for who, m in s.fight.to_run:
            if who == player:
                for item in p.equipped + p.carried + p.hand:
                    if self._ok(s, player, m, item):
                        yield act(self.name, player, monster=m, card=item)

    def check(self, s: GameState, a: Action) -> None:
        require(
            [a.player, a.params.get("monster")] in s.fight.to_run,
            "run.roll",
            "not running from that monster.",
        )
        require(
            self._ok(s, a.player, a.params["monster"], a.params.get("card")),
            "card.effect",
            "that item does not distract this monster.",
        )

    def run(self, b: Builder, a: Action) -> None:
        discard(b, a.player, a.params["card"], "thrown to the monster", ["card.effect"])
        finish_run(b, a.player, a.params["monster"], True, "escaped by discarding an item")


@move
class SetDie(Move):
    """Loaded Die: after a failed run-away roll, the die shows the number of your choice."""

    name = "set_die"
    when = ("escape",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        for cid in die_setters(s, player)[:1]:
            yield act(self.name, player, card=cid, value=6)

    @handles("effect", "set_die")
    def check(self, s: GameState, a: Action) -> None:
        require(
            a.params.get("card") in die_setters(s, a.player),
            "card.effect",
            "{player} holds no card that sets the die.",
            player=a.player,
        )
        v = a.params.get("value")
        require(
            isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6,
            "card.effect",
            "a die shows 1 to 6.",
        )

    def run(self, b: Builder, a: Action) -> None:
        e = dict(_escape(b.s))
        discard(b, a.player, a.params["card"], "set the die", ["card.effect"])
        roll_escape(
            b, a.player, e["monster"], a.params["value"], e["bonus"], e["rerolled"], e.get("glued", False)
        )


def _glue_decision(s: GameState) -> ForceRerunDecision:
    return waiting(s, ForceRerunDecision)


@move
class ForceRerun(Move):
    """Flask of Glue: the player who just escaped must roll again."""

    name = "force_rerun"
    when = ("pending:force_rerun",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        for holder, cid in glue_pots(s, _glue_decision(s)["runner"]):
            if holder == player:
                yield act(self.name, player, card=cid)

    def check(self, s: GameState, a: Action) -> None:
        require(
            (a.player, a.params.get("card")) in glue_pots(s, _glue_decision(s)["runner"]),
            "card.effect",
            "{player} holds no such card.",
            player=a.player,
        )

    def run(self, b: Builder, a: Action) -> None:
        pend = _glue_decision(b.s).copy()
        b.emit("DecisionMade", {"player": a.player, "kind": "force_rerun"}, ["card.effect"])
        discard(b, a.player, a.params["card"], "glued a runner", ["card.effect"])
        roll = b.roll(pend["runner"], "run away again (glued)", ["run.roll"])
        roll_escape(b, pend["runner"], pend["monster"], roll, 0, False, True)


@move
class LetEscape(Move):
    """Do not stop the escape."""

    name = "let_escape"
    when = ("pending:force_rerun",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        yield act(self.name, player)

    def run(self, b: Builder, a: Action) -> None:
        pend = _glue_decision(b.s).copy()
        b.emit("DecisionMade", {"player": a.player, "kind": "force_rerun"}, ["card.effect"])
        finish_run(b, pend["runner"], pend["monster"], True, f"rolled {pend['roll']}", by_roll=True)
