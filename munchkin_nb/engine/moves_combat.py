"""Moves inside a combat: the priority window, help, abilities, and running away."""

from __future__ import annotations

from .actions import require
from .builder import Builder
from .cardinfo import abilities, card, effect, effects, holds
from .combat import fighters, run_away_modifier
from .flow import advance, apply_steps, discard, open_window, rs
from .moves_base import Move, act, in_hand, move, owned, target
from .state import GameState


def reopen(b: Builder, actor: str) -> None:
    """Something was played: everyone gets a new last chance, starting with who played."""
    if b.s.combat and b.s.combat.stage == "fight":
        open_window(b, actor)
    advance(b)


def _ability(s: GameState, player: str, key: str):
    vals = abilities(s, s.player(player), key)
    return vals[0] if vals else None


def _used(s: GameState, key: str, player: str) -> int:
    return s.combat.discards_used.get(f"{key}:{player}", 0)


@move
class Pass(Move):
    """Let the combat go on: when everyone has passed in a row, it resolves."""

    name = "pass"
    when = ("combat",)

    def candidates(self, s, player):
        yield act(self.name, player)

    def run(self, b, a):
        b.emit("PlayerPassed", {"player": a.player}, ["combat.window"])
        advance(b)


def one_shot_ok(s: GameState, player: str, cid: str) -> bool:
    p = s.player(player)
    return (cid in p.hand or cid in p.carried or cid in p.equipped) and card(s, cid).kind == "one_shot"


@move
class PlayOneShot(Move):
    """A one-shot from hand or table for either side: a bonus, an escape, or the end of the fight."""

    name = "play_one_shot"
    when = ("combat", "run")

    def candidates(self, s, player):
        p = s.player(player)
        c = s.combat
        for cid in p.hand + p.carried:
            cc = card(s, cid)
            if cc.kind != "one_shot" or (c.stage == "run" and not effect(cc, "auto_escape")):
                continue
            if c.stage == "run_away" and not effect(cc, "auto_escape"):
                continue
            if cc.bonus:
                yield act(self.name, player, card=cid, side="players", target=c.fighter)
                yield act(self.name, player, card=cid, side="monsters")
            elif effect(cc, "auto_escape") or effect(cc, "double_strength"):
                for f in fighters(c):
                    yield act(self.name, player, card=cid, side="players", target=f)
            elif effect(cc, "end_combat") or effect(cc, "remove_monster"):
                yield act(self.name, player, card=cid, side="monsters")

    def check(self, s, a):
        cid = a.params.get("card")
        require(isinstance(cid, str) and one_shot_ok(s, a.player, cid), "combat.one_shot",
                f"{cid!r} is not a one-shot {a.player} holds.")
        side = a.params.get("side")
        require(side in ("players", "monsters"), "combat.one_shot", "a one-shot is played for 'players' or 'monsters'.")
        if side == "players":
            require(a.params.get("target") in fighters(s.combat), "combat.one_shot",
                    "a one-shot for the players' side is played on the fighter or the helper.")
        c = card(s, cid)
        if s.combat.stage != "fight":
            require(bool(effect(c, "auto_escape")), "run.roll", "while running away only escape cards help.")

    def run(self, b, a):
        s = b.s
        cid, side, tgt = a.params["card"], a.params["side"], a.params.get("target")
        c = card(s, cid)
        tags = [t for t in effects(c, "tag") if isinstance(t, str)]
        if effect(c, "end_combat"):
            for m in list(s.combat.monsters):
                b.emit("MonsterRemoved", {"monster": m["card"], "reason": c.name, "treasures": 0}, ["combat.defeat_without_kill"])
            discard(b, a.player, cid, "one-shot used", ["combat.one_shot"])
        elif effect(c, "auto_escape"):
            b.emit("AutoEscapeGranted", {"player": tgt, "card": cid}, ["combat.one_shot"])
            discard(b, a.player, cid, "one-shot used", ["combat.one_shot"])
        elif effect(c, "double_strength"):
            b.emit("ModifierPlayed", {"card": cid, "side": "players", "target": tgt, "amount": 0, "by": a.player,
                                      "double": True, "tags": tags}, ["combat.one_shot", "card.effect"])
        else:
            b.emit("ModifierPlayed", {"card": cid, "side": side, "target": tgt if side == "players" else None,
                                      "amount": c.bonus if side == "players" else c.bonus, "by": a.player, "tags": tags},
                   ["combat.one_shot"])
        reopen(b, a.player)


@move
class PlayEnhancer(Move):
    """A monster enhancer (or Mate) on one monster of the combat."""

    name = "play_enhancer"
    when = ("combat",)

    def candidates(self, s, player):
        for cid in s.player(player).hand:
            c = card(s, cid)
            if c.kind == "monster_enhancer" or effect(c, "mate"):
                for m in s.combat.monsters:
                    yield act(self.name, player, card=cid, monster=m["card"])

    def check(self, s, a):
        cid = in_hand(s, a)
        c = card(s, cid)
        require(c.kind == "monster_enhancer" or bool(effect(c, "mate")), "combat.enhancer", f"{c.name} is not a monster enhancer.")
        require(a.params.get("monster") in [m["card"] for m in s.combat.monsters], "combat.enhancer",
                "an enhancer is played on a monster in the combat.")

    def run(self, b, a):
        mate = bool(effect(card(b.s, a.params["card"]), "mate"))
        b.emit("EnhancerPlayed", {"card": a.params["card"], "monster": a.params["monster"], "by": a.player, "mate": mate},
               ["combat.enhancer"])
        reopen(b, a.player)


@move
class WanderingMonster(Move):
    """Wandering Monster with a monster from hand: it joins the combat."""

    name = "wandering_monster"
    when = ("combat",)

    def candidates(self, s, player):
        hand = s.player(player).hand
        wm = [c for c in hand if card(s, c).kind == "wandering_monster"]
        if wm:
            for cid in hand:
                if card(s, cid).kind == "monster":
                    yield act(self.name, player, card=wm[0], monster=cid)

    def check(self, s, a):
        cid = in_hand(s, a)
        require(card(s, cid).kind == "wandering_monster", "combat.wandering_monster", f"{card(s, cid).name} is not a Wandering Monster.")
        m = in_hand(s, a, "monster")
        require(card(s, m).kind == "monster", "combat.wandering_monster", f"{card(s, m).name} is not a monster.")

    def run(self, b, a):
        discard(b, a.player, a.params["card"], "played", ["combat.wandering_monster"])
        b.emit("MonsterAdded", {"monster": a.params["monster"], "by": a.player}, ["combat.wandering_monster", "combat.several_monsters"])
        reveal = effect(card(b.s, a.params["monster"]), "on_reveal")
        if reveal:
            apply_steps(b, b.s.combat.fighter, list(reveal), a.params["monster"])
        reopen(b, a.player)


def _discard_paid(b: Builder, player: str, cid: str, why: str) -> None:
    discard(b, player, cid, why, ["ability.discard_cost"])


@move
class Backstab(Move):
    """The thief discards a card: a player in the combat gets -2, once per victim."""

    name = "backstab"
    when = ("combat",)

    def candidates(self, s, player):
        if _ability(s, player, "backstab") is None or not s.player(player).hand:
            return
        for f in fighters(s.combat):
            if f != player and [player, f] not in s.combat.backstabbed:
                yield act(self.name, player, target=f, discard=s.player(player).hand[0])

    def check(self, s, a):
        require(_ability(s, a.player, "backstab") is not None, "thief.backstab", f"{a.player} is not a thief.")
        t = target(s, a)
        require(t in fighters(s.combat) and t != a.player, "thief.backstab", "backstab a fighter or helper other than yourself.")
        require([a.player, t] not in s.combat.backstabbed, "thief.backstab", f"{a.player} has backstabbed {t} in this combat already.")
        owned(s, a, "discard")

    def run(self, b, a):
        amount = _ability(b.s, a.player, "backstab")
        _discard_paid(b, a.player, a.params["discard"], "backstab")
        b.emit("ModifierPlayed", {"card": None, "side": "players", "target": a.params["target"], "amount": -int(amount),
                                  "by": a.player, "source": "backstab", "label": f"backstab by {a.player}"}, ["thief.backstab"])
        reopen(b, a.player)


class _DiscardBonus(Move):
    """Discard cards in combat for a bonus (warrior's berserk, cleric's turning)."""

    key = ""
    rule = "ability.discard_cost"
    when = ("combat",)

    def applies(self, s, player) -> bool:
        return True

    def candidates(self, s, player):
        ab = abilities(s, s.player(player), self.key)
        if not ab or player not in fighters(s.combat) or not s.player(player).hand or not self.applies(s, player):
            return
        if _used(s, self.key, player) < ab[0].get("max_cards", 3):
            yield act(self.name, player, discard=s.player(player).hand[0])

    def check(self, s, a):
        ab = abilities(s, s.player(a.player), self.key)
        require(bool(ab), self.rule, f"{a.player} has no {self.key} ability.")
        require(a.player in fighters(s.combat), self.rule, "only the fighter or the helper may do that.")
        require(self.applies(s, a.player), self.rule, f"{self.key} does not work against these monsters.")
        require(_used(s, self.key, a.player) < ab[0].get("max_cards", 3), self.rule, f"{a.player} has discarded the most cards allowed.")
        owned(s, a, "discard")

    def run(self, b, a):
        ab = abilities(b.s, b.s.player(a.player), self.key)[0]
        _discard_paid(b, a.player, a.params["discard"], self.key)
        b.emit("ModifierPlayed", {"card": None, "side": "players", "target": a.player, "amount": int(ab[self.key]),
                                  "by": a.player, "source": self.key, "ability": self.key, "label": f"{self.key} ({a.player})"},
               [self.rule])
        reopen(b, a.player)


@move
class Berserk(_DiscardBonus):
    name = "berserk"
    key = "berserk"


@move
class Turning(_DiscardBonus):
    name = "turning"
    key = "turning"

    def applies(self, s, player):
        return any(card(s, m["card"]).undead for m in s.combat.monsters)


@move
class Charm(Move):
    """The wizard discards the whole hand to charm one monster away: its treasure, no level."""

    name = "charm"
    when = ("combat",)

    def candidates(self, s, player):
        n = _ability(s, player, "charm")
        if n is not None and player in fighters(s.combat) and len(s.player(player).hand) >= int(n):
            for m in s.combat.monsters:
                yield act(self.name, player, monster=m["card"])

    def check(self, s, a):
        n = _ability(s, a.player, "charm")
        require(n is not None, "combat.defeat_without_kill", f"{a.player} cannot charm monsters.")
        require(a.player in fighters(s.combat), "combat.defeat_without_kill", "only the fighter or the helper may charm.")
        require(len(s.player(a.player).hand) >= int(n), "ability.discard_cost", f"charming needs at least {n} cards in hand.")
        require(a.params.get("monster") in [m["card"] for m in s.combat.monsters], "combat.defeat_without_kill", "no such monster in the combat.")

    def run(self, b, a):
        s = b.s
        for cid in list(s.player(a.player).hand):
            _discard_paid(b, a.player, cid, "charm")
        m = a.params["monster"]
        b.emit("MonsterRemoved", {"monster": m, "reason": "charmed", "treasures": card(s, m).treasures or 0},
               ["combat.defeat_without_kill"])
        reopen(b, a.player)


@move
class SendAway(Move):
    """A monster that a fighter of the right kind may send away without a fight."""

    name = "send_away"
    when = ("combat",)

    def _rule(self, s, player, monster):
        for e in effects(card(s, monster), "sent_away_by"):
            if isinstance(e, dict) and holds(s, s.player(player), e["sent_away_by"]):
                return e
        return None

    def candidates(self, s, player):
        if player in fighters(s.combat):
            for m in s.combat.monsters:
                if self._rule(s, player, m["card"]):
                    yield act(self.name, player, monster=m["card"])

    def check(self, s, a):
        require(a.player in fighters(s.combat), "combat.defeat_without_kill", "only the fighter or helper may do that.")
        require(a.params.get("monster") in [m["card"] for m in s.combat.monsters] and self._rule(s, a.player, a.params["monster"]),
                "combat.defeat_without_kill", "this monster cannot be sent away by this player.")

    def run(self, b, a):
        e = self._rule(b.s, a.player, a.params["monster"])
        b.emit("MonsterRemoved", {"monster": a.params["monster"], "reason": "sent away", "treasures": int(e.get("treasures", 0))},
               ["combat.defeat_without_kill"])
        reopen(b, a.player)


@move
class AskForHelp(Move):
    """The fighter asks one player to help, offering carried items and/or a number of treasures."""

    name = "ask_for_help"
    when = ("combat",)

    def candidates(self, s, player):
        c = s.combat
        if player != c.fighter or c.helper or any(effect(card(s, m["card"]), "no_help") for m in c.monsters):
            return
        from .combat import breakdown
        if breakdown(s).players_win:
            return
        for q in s.players:
            if q.name != player and not q.dead and q.name not in c.declined:
                yield act(self.name, player, helper=q.name, treasures=1, items=[])

    def check(self, s, a):
        c = s.combat
        require(a.player == c.fighter, "combat.help", "only the fighter asks for help.")
        require(c.helper is None, "combat.help", f"{c.helper} is helping already; only one may.")
        require(not any(effect(card(s, m["card"]), "no_help") for m in c.monsters), "card.effect",
                "this monster must be fought alone.")
        h = target(s, a, "helper")
        require(h != a.player and not s.player(h).dead, "combat.help", f"{h} cannot help.")
        require(h not in c.declined, "combat.help", f"{h} has refused already.")
        items = a.params.get("items", [])
        p = s.player(a.player)
        require(isinstance(items, list) and all(i in p.equipped + p.carried for i in items), "combat.bribe",
                "a bribe is paid with items in play.")
        n = a.params.get("treasures", 0)
        require(isinstance(n, int) and n >= 0, "combat.bribe", "offer a whole number of treasures.")

    def run(self, b, a):
        b.emit("HelpAsked", {"helper": a.params["helper"], "items": a.params.get("items", []),
                             "treasures": a.params.get("treasures", 0)}, ["combat.help", "combat.bribe"])


@move
class AcceptHelp(Move):
    name = "accept_help"
    when = ("help",)

    def candidates(self, s, player):
        yield act(self.name, player)

    def run(self, b, a):
        s = b.s
        offered = dict(s.combat.offer)
        for cid in offered.get("items", []):
            b.emit("CardGiven", {"from_player": s.combat.fighter, "to_player": a.player, "card": cid,
                                 "reason": "bribe", "to": "carried"}, ["combat.bribe"])
        b.emit("HelpAccepted", {"helper": a.player, "bribe": offered}, ["combat.help"])
        reopen(b, a.player)


@move
class DeclineHelp(Move):
    name = "decline_help"
    when = ("help",)

    def candidates(self, s, player):
        yield act(self.name, player)

    def run(self, b, a):
        b.emit("HelpDeclined", {"helper": a.player}, ["combat.help"])
        advance(b)


# -- running away ----------------------------------------------------------------
@move
class RunAway(Move):
    """Roll to escape one monster (in the order you choose): 5 or more gets away."""

    name = "run_away"
    when = ("run",)

    def candidates(self, s, player):
        for who, m in s.combat.to_run:
            if who == player:
                yield act(self.name, player, monster=m)

    def check(self, s, a):
        require([a.player, a.params.get("monster")] in s.combat.to_run, "run.roll",
                f"{a.player} is not running from {a.params.get('monster')!r}.")

    def run(self, b, a):
        s = b.s
        name, m = a.player, a.params["monster"]
        mc = card(s, m)
        p = s.player(name)
        if name in s.combat.auto_escape:
            finish_run(b, name, m, True, "escaped automatically")
            return
        wp = effect(mc, "wont_pursue")
        if wp:
            level = wp if isinstance(wp, int) else wp.get("wont_pursue")
            unless = None if isinstance(wp, int) else wp.get("unless")
            if p.level <= level and not (unless and holds(s, p, unless)):
                finish_run(b, name, m, True, "it will not pursue")
                return
        if effect(mc, "cannot_be_outrun"):
            finish_run(b, name, m, False, "it cannot be outrun")
            return
        roll = b.roll(name, f"run away from {mc.name}", ["run.roll"])
        roll_escape(b, name, m, roll, 0)


def roll_escape(b: Builder, name: str, m: str, roll: int, bonus: int, rerolled: bool = False) -> None:
    s = b.s
    total = roll + run_away_modifier(s, name, m) + bonus
    escaped = total >= rs(b).escape_on
    p = s.player(name)
    can_improve = not escaped and p.hand and (
        abilities(s, p, "flight") or (abilities(s, p, "reroll_run_away") and not rerolled))
    if can_improve:
        b.emit("EscapeRolled", {"player": name, "monster": m, "roll": roll, "total": total, "bonus": bonus,
                                "rerolled": rerolled}, ["run.roll"])
        return
    finish_run(b, name, m, escaped, f"rolled {roll}, total {total}")


def finish_run(b: Builder, name: str, m: str, escaped: bool, how: str) -> None:
    s = b.s
    b.emit("RanAway", {"player": name, "monster": m, "escaped": escaped, "how": how}, ["run.roll"])
    mc = card(s, m)
    if not escaped:
        b.emit("BadStuffApplied", {"player": name, "monster": m}, ["run.bad_stuff"])
        apply_steps(b, name, list(mc.bad_stuff), m)
    else:
        extra = effect(mc, "escaped_bad_stuff")
        if extra:
            b.emit("BadStuffApplied", {"player": name, "monster": m, "note": "even on escape"}, ["run.bad_stuff"])
            apply_steps(b, name, list(extra), m)
    advance(b)


@move
class Flight(Move):
    """The wizard discards a card after a failed run-away roll: +1 to it."""

    name = "flight"
    when = ("escape",)

    def candidates(self, s, player):
        ab = abilities(s, s.player(player), "flight")
        if ab and s.player(player).hand and s.combat.escape["bonus"] < ab[0].get("max_cards", 3):
            yield act(self.name, player, discard=s.player(player).hand[0])

    def check(self, s, a):
        ab = abilities(s, s.player(a.player), "flight")
        require(bool(ab), "run.roll", f"{a.player} has no flight spell.")
        require(s.combat.escape["bonus"] < ab[0].get("max_cards", 3), "ability.discard_cost", "no more cards may be discarded for flight.")
        in_hand(s, a, "discard")

    def run(self, b, a):
        e = dict(b.s.combat.escape)
        _discard_paid(b, a.player, a.params["discard"], "flight")
        roll_escape(b, a.player, e["monster"], e["roll"], e["bonus"] + 1, e["rerolled"])


@move
class Reroll(Move):
    """The halfling discards a card to roll again, once."""

    name = "reroll"
    when = ("escape",)

    def candidates(self, s, player):
        if abilities(s, s.player(player), "reroll_run_away") and not s.combat.escape["rerolled"] and s.player(player).hand:
            yield act(self.name, player, discard=s.player(player).hand[0])

    def check(self, s, a):
        require(bool(abilities(s, s.player(a.player), "reroll_run_away")) and not s.combat.escape["rerolled"],
                "run.roll", f"{a.player} cannot roll again.")
        in_hand(s, a, "discard")

    def run(self, b, a):
        e = dict(b.s.combat.escape)
        _discard_paid(b, a.player, a.params["discard"], "reroll")
        roll = b.roll(a.player, "run away again", ["run.roll"])
        roll_escape(b, a.player, e["monster"], roll, e["bonus"], True)


@move
class AcceptRoll(Move):
    """Keep the failed roll: the monster catches you."""

    name = "accept_roll"
    when = ("escape",)

    def candidates(self, s, player):
        yield act(self.name, player)

    def run(self, b, a):
        e = b.s.combat.escape
        finish_run(b, a.player, e["monster"], False, f"rolled {e['roll']}, total {e['total']}")


@move
class EscapeByDiscarding(Move):
    """Some monsters let you escape by throwing them the right item."""

    name = "escape_by_discarding"
    when = ("run",)

    def _ok(self, s, player, m, item):
        tag = effect(card(s, m), "escape_by_discarding_tag")
        p = s.player(player)
        return tag and item in p.equipped + p.carried + p.hand and tag in effects(card(s, item), "tag")

    def candidates(self, s, player):
        p = s.player(player)
        for who, m in s.combat.to_run:
            if who == player:
                for item in p.equipped + p.carried + p.hand:
                    if self._ok(s, player, m, item):
                        yield act(self.name, player, monster=m, card=item)

    def check(self, s, a):
        require([a.player, a.params.get("monster")] in s.combat.to_run, "run.roll", "not running from that monster.")
        require(self._ok(s, a.player, a.params["monster"], a.params.get("card")), "card.effect", "that item does not distract this monster.")

    def run(self, b, a):
        discard(b, a.player, a.params["card"], "thrown to the monster", ["card.effect"])
        finish_run(b, a.player, a.params["monster"], True, "escaped by discarding an item")
