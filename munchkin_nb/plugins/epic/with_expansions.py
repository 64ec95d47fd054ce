"""The epic powers of the expansions' races, classes and enhancers: only with both modules on.

Epic Munchkin gives every race and class of 000 an epic power; those of the orc, gnome, lizard man,
bard and of the enhancers Primeval, Elite and Legendary exist only when the expansions module
brings their cards, so each hook here first asks whether it is on (`both_on`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from munchkin_nb.engine.kit import (
    ABILITIES,
    AFTER_ACTION,
    NEXT_TURN,
    NO_RUN_PENALTY,
    OPEN,
    PLAYER_TERMS,
    REWARD_TO,
    Action,
    Builder,
    CardsParams,
    Combat,
    Discarded,
    Ended,
    GameState,
    Helping,
    MonsterParams,
    Move,
    Player,
    Ran,
    Term,
    act,
    card,
    change_level,
    check_win,
    classes,
    companion,
    discard,
    draw,
    enhancer_value,
    enhancers_on,
    levels_of,
    move,
    params,
    parse,
    payload,
    races,
    reopen,
    require,
    reward,
)

from . import NAME
from .engine import cheapest, is_epic, two_cards

EXPANSIONS = "expansions"
HIRELINGS = "hirelings"
RAN = "epic.ran"  # mark per player: [turn, escapes, catches] of the current fight's run
EXTRA = "epic.extra_turn"  # mark: the turn a lizard man's extra turn was granted for
DARK = "epic.dark"  # mark: [turn, asker, refuser or None] once a Dark asker has rolled in this fight
HERD = "epic.herd"  # mark: [steed, who discarded it], the last steed a player discarded
STEEDS = "steeds"
TALL = "epic.tall"  # mark per helper: [turn, die] of a Tall helper's roll in the current fight


def both_on(s: GameState) -> bool:
    return EXPANSIONS in s.modules


def enhanced(s: GameState, p: Player, cid: str, zone: str) -> str | None:
    """The player's enhancer `cid` (a card id) sitting on a card of `zone` still in play, or None."""
    for att, on in p.attachments.items():
        if card(s, att).id == cid and on in getattr(p, zone):
            return att
    return None


# -- bard: Super Bardic Luck -------------------------------------------------------------
@ABILITIES.register(NAME)
def super_bardic_luck(s: GameState, p: Player, key: str) -> list[Any]:
    """An Epic bard's luck counts twice: one more treasure, and one more to discard."""
    if key == "bardic_luck" and both_on(s) and is_epic(s, p) and "bard" in classes(s, p):
        return ["epic.bard"]
    return []


# -- Primeval and Elite: terms on the player's side ---------------------------------------
@PLAYER_TERMS.register(NAME)
def epic_enhancer_terms(s: GameState, name: str, c: Combat) -> list[Term]:
    """Primeval doubles the level in a fight on your own turn; Elite adds twice each monster's treasures."""
    p = s.player(name)
    if not (both_on(s) and is_epic(s, p)):
        return []
    out = []
    primeval = enhanced(s, p, "primeval", "races")
    if primeval and s.active.name == name and c.fighter == name:
        out.append(Term("players", "Primeval: level counts double", p.level, primeval, "epic.primeval", name))
    elite = enhanced(s, p, "elite", "classes")
    if elite:
        bonus = sum(2 * (card(s, m["card"]).treasures or 0) for m in c.monsters)
        if bonus:
            out.append(Term("players", "Elite: twice the treasures", bonus, elite, "epic.elite", name))
    master = _masterful(s, p)
    if master:
        out.append(
            Term(
                "players",
                f"Master: {master[1]} at its printed bonus",
                master[2],
                master[0],
                "epic.master",
                name,
            )
        )
    tall = _big_help(s, p, c)
    if tall:
        out.append(Term("players", "Tall: a die for the help", tall[1], tall[0], "epic.tall", name))
    return out


# -- Master: How Cool You Are ----------------------------------------------------------------
def _masterful(s: GameState, p: Player) -> tuple[str, str, int] | None:
    """(Master card, enhancer name, extra) for an Epic Master's hireling: its best enhancer counts
    at its printed bonus, `extra` more than the levels the hirelings module already gives for it."""
    master = enhanced(s, p, "master", "classes")
    if not (master and HIRELINGS in s.modules and is_epic(s, p)):
        return None
    hireling = companion(s, p, "hireling")
    if hireling is None:
        return None
    best = max(enhancers_on(p, hireling), key=lambda e: enhancer_value(s, e), default=None)
    value = enhancer_value(s, best) if best else 0
    if not best or value <= 0:
        return None
    return master, card(s, best).name, value - levels_of(value)


# -- Tall: A Big Help -----------------------------------------------------------------------
def _tall(s: GameState, p: Player) -> str | None:
    """The Tall card on a race of an Epic player (both modules on), or None."""
    return enhanced(s, p, "tall", "races") if both_on(s) and is_epic(s, p) else None


def _big_help(s: GameState, p: Player, c: Combat) -> tuple[str, int] | None:
    """(Tall card, die) when the player helps in this fight and rolled for it this turn."""
    got = s.marks.get(f"{TALL}:{p.name}")
    tall = _tall(s, p)
    if c.helper != p.name or not tall or not isinstance(got, list) or got[0] != s.turn:
        return None
    return tall, int(got[1])


@AFTER_ACTION.register(NAME)
def tall_helps(b: Builder, a: Action) -> None:
    """A Tall Epic helper rolls a die when the help is accepted; if the fight is won, they take the
    top card of a discard pile (the treasure pile when it has one: our choice for the "may")."""
    s = b.s
    if not both_on(s):
        return
    for e in list(b.events):
        if (
            e.type == "HelpAccepted"
            and s.combat is not None
            and _tall(s, s.player(payload(e, Helping).helper))
        ):
            who = payload(e, Helping).helper
            die = b.roll(who, "tall_help", ["epic.tall"])
            b.emit("MarkSet", {"key": f"{TALL}:{who}", "value": [s.turn, die]}, ["epic.tall"])
        elif e.type == "CombatEnded":
            for key in [k for k in s.marks if k.startswith(TALL + ":")]:
                got, who = s.marks[key], key.split(":", 1)[1]
                b.emit("MarkSet", {"key": key, "value": None}, ["epic.tall"])
                if payload(e, Ended).outcome == "won" and got[0] == s.turn and not s.player(who).dead:
                    kind = "treasure" if s.discards["treasure"] else "door"
                    if s.discards[kind]:
                        top = s.discards[kind][-1]
                        b.emit(
                            "CardTakenFromDiscard", {"player": who, "card": top, "deck": kind}, ["epic.tall"]
                        )


# -- Dark: You Are So Wicked --------------------------------------------------------------
@AFTER_ACTION.register(NAME)
def so_wicked(b: Builder, a: Action) -> None:
    """A Dark Epic asker refused help rolls once per fight: on 5 or 6 the refuser fights instead."""
    s = b.s
    if not both_on(s):
        return
    for e in list(b.events):
        if e.type == "CombatEnded" and DARK in s.marks:
            b.emit("MarkSet", {"key": DARK, "value": None}, ["epic.dark"])
        elif e.type == "HelpDeclined" and s.combat is not None and s.fight.stage == "fight":
            asker, refuser = s.fight.fighter, payload(e, Helping).helper
            p = s.player(asker)
            if DARK in s.marks or not (is_epic(s, p) and enhanced(s, p, "dark", "races")):
                continue
            die = b.roll(asker, "dark_refused", ["epic.dark"])
            fights = die >= 5 and not s.player(refuser).dead
            b.emit(
                "MarkSet", {"key": DARK, "value": [s.turn, asker, refuser if fights else None]}, ["epic.dark"]
            )
            if fights:
                b.emit("CombatTransferred", {"player": refuser, "from_player": asker}, ["epic.dark"])
                reopen(b, refuser)


@REWARD_TO.register(NAME)
def wicked_gains(s: GameState, c: Combat) -> str | None:
    """The refuser who fights for a Dark asker gains nothing: the asker takes the rewards."""
    got = s.marks.get(DARK)
    if isinstance(got, list) and got[0] == s.turn and got[2] == c.fighter:
        return str(got[1])
    return None


# -- centaur: Herd Instinct -------------------------------------------------------------------
@AFTER_ACTION.register(NAME)
def steed_discarded(b: Builder, a: Action) -> None:
    """Note the last steed a player discarded, and who did: an Epic centaur may take it."""
    s = b.s
    if not (both_on(s) and STEEDS in s.modules):
        return
    for e in list(b.events):
        if (
            e.type == "CardDiscarded"
            and payload(e, Discarded).player
            and card(s, payload(e, Discarded).card).kind == "steed"
        ):
            gone = payload(e, Discarded)
            b.emit("MarkSet", {"key": HERD, "value": [gone.card, gone.player]}, ["epic.centaur"])


@move
class Herd(Move):
    """An Epic centaur discards two cards from hand to take the steed another player just discarded."""

    name = "epic_centaur_herd"
    module = NAME
    when = ("turn",)
    anytime = OPEN
    anytime_rule = "epic.centaur"
    exact = True

    def _steed(self, s: GameState, player: str) -> str | None:
        """The steed this player may take now: another's, still on top of its discard pile."""
        got = s.marks.get(HERD)
        p = s.player(player)
        if not (isinstance(got, list) and both_on(s) and STEEDS in s.modules) or got[1] == player:
            return None
        if p.dead or not is_epic(s, p) or "centaur" not in races(s, p) or len(p.hand) < 2:
            return None
        pile = s.discards.get(card(s, got[0]).deck, [])
        return str(got[0]) if pile and pile[-1] == got[0] else None

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        steed = self._steed(s, player)
        if steed:
            yield act(self.name, player, cards=cheapest(s, s.player(player).hand, 2))

    def check(self, s: GameState, a: Action) -> None:
        require(
            self._steed(s, a.player) is not None,
            "epic.centaur",
            "only an Epic centaur takes a steed another player just discarded.",
        )
        two_cards(s, a, "epic.centaur", "the steed costs two different cards from hand.")
        for cid in params(a, CardsParams).cards:
            require(cid in s.player(a.player).hand, "epic.centaur", "the two cards come from the hand.")

    def run(self, b: Builder, a: Action) -> None:
        s = b.s
        steed = self._steed(s, a.player)
        assert steed is not None  # checked
        deck = card(s, steed).deck
        b.emit("CardTakenFromDiscard", {"player": a.player, "card": steed, "deck": deck}, ["epic.centaur"])
        b.emit("MarkSet", {"key": HERD, "value": None}, ["epic.centaur"])
        for cid in params(a, CardsParams).cards:
            discard(b, a.player, cid, "paid for a steed", ["epic.centaur"])


# -- orc: Munchkin Food ---------------------------------------------------------------------
@move
class OrcEats(Move):
    """An Epic orc eats a level-1 monster they turned up or looked for: a level, no treasure."""

    name = "epic_orc_eat"
    module = NAME
    anytime = ("combat",)
    anytime_rule = "epic.orc"
    exact = True

    def _food(self, s: GameState, player: str) -> list[str]:
        c = s.combat
        p = s.player(player)
        if c is None or c.stage != "fight" or c.fighter != player or s.active.name != player:
            return []
        if not (both_on(s) and is_epic(s, p) and "orc" in races(s, p)):
            return []
        return [m["card"] for m in c.monsters if card(s, m["card"]).level == 1]

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        for m in self._food(s, player):
            yield act(self.name, player, monster=m)

    def check(self, s: GameState, a: Action) -> None:
        pick = parse(a, MonsterParams)
        require(
            pick is not None and pick.monster in self._food(s, a.player),
            "epic.orc",
            "only an Epic orc fighting on their own turn eats a level-1 monster of the fight.",
        )

    def run(self, b: Builder, a: Action) -> None:
        # the meal is over at once ("y se acabó"): its level is the orc's now, kept whatever the
        # rest of the fight brings (a run from another monster), and counted as a kill, so it may win
        payload = {"monster": params(a, MonsterParams).monster, "reason": "eaten", "treasures": 0, "kills": 1}
        b.emit("MonsterRemoved", payload, ["epic.orc"])
        change_level(
            b, a.player, 1, "ate a level-1 monster", by_kill=True, rules=["epic.orc", "level.win_by_kill"]
        )
        if check_win(b):
            return
        if not b.s.fight.monsters:  # nothing left to fight: nobody can stop the meal
            reward(b, levels=0)
        else:
            reopen(b, a.player)


# -- gnome and lizard man: what a run away gives ------------------------------------------------
@AFTER_ACTION.register(NAME)
def after_a_run(b: Builder, a: Action) -> None:
    """Count each Epic gnome's and lizard man's escapes and catches; when the fight ends, pay them."""
    s = b.s
    if not both_on(s):
        return
    for e in list(b.events):
        if e.type == "RanAway" and _slippery(s, payload(e, Ran).player):
            who = payload(e, Ran).player
            got = s.marks.get(f"{RAN}:{who}")
            ran = list(got) if isinstance(got, list) and got[0] == s.turn else [s.turn, 0, 0]
            ran[1 if payload(e, Ran).escaped else 2] += 1
            b.emit("MarkSet", {"key": f"{RAN}:{who}", "value": ran}, [_slippery(s, who)])
        elif e.type == "CombatEnded":
            for key in [k for k in s.marks if k.startswith(RAN + ":")]:
                ran, who = s.marks[key], key.split(":", 1)[1]
                b.emit("MarkSet", {"key": key, "value": None}, [_slippery(s, who) or "run.roll"])
                if payload(e, Ended).outcome == "ran away" and ran[0] == s.turn:
                    _paid(b, who, ran)


def _slippery(s: GameState, who: str) -> str:
    """The rule whose power a run away feeds: an Epic gnome's or lizard man's ("" for anyone else)."""
    p = s.player(who)
    if not is_epic(s, p):
        return ""
    mine = races(s, p)
    return "epic.gnome" if "gnome" in mine else "epic.lizard_man" if "lizard_man" in mine else ""


@NO_RUN_PENALTY.register(NAME)
def slippery(s: GameState, who: str) -> bool:
    """An Epic gnome: 'Ya no sufres ninguna penalización a los intentos de huir'."""
    return _slippery(s, who) == "epic.gnome"


def _paid(b: Builder, who: str, ran: list[int]) -> None:
    s, p = b.s, b.s.player(who)
    _turn, escapes, catches = ran
    if p.dead or not is_epic(s, p) or not escapes or catches:
        return
    if "gnome" in races(s, p):
        for _ in range(2):
            draw(b, who, "treasure", "down", "slippery", ["epic.gnome"])
    if "lizard_man" in races(s, p) and escapes > 1 and who == s.active.name:
        b.emit("MarkSet", {"key": f"{EXTRA}:{who}", "value": s.turn}, ["epic.lizard_man"])


@NEXT_TURN.register(NAME)
def shed_skin(b: Builder, name: str) -> str | None:
    """A lizard man who escaped every monster of a fight against several plays again, never a
    third turn in a row (an extra turn does not earn another)."""
    s = b.s
    if not both_on(s) or s.marks.get(f"{EXTRA}:{name}") != s.turn:
        return None
    b.emit("MarkSet", {"key": f"{EXTRA}:{name}", "value": None}, ["epic.lizard_man"])
    if s.marks.get(f"{EXTRA}:{name}:had") == s.turn:  # this turn was an extra one already
        return None
    b.emit("MarkSet", {"key": f"{EXTRA}:{name}:had", "value": s.turn + 1}, ["epic.lizard_man"])
    return name


# -- Legendary: a third door ----------------------------------------------------------------
def legendary_door(b: Builder, player: str, drawn: list[str]) -> list[str]:
    """With no monster behind the two doors, a Legendary Epic character turns one more (after the
    curses): the card to apply, or none."""
    s, p = b.s, b.s.player(player)
    if not both_on(s) or not enhanced(s, p, "legendary", "classes"):
        return []
    if any(card(s, c).kind == "monster" for c in drawn) or s.combat is not None or s.pending:
        return []
    cid = draw(b, player, "door", "up", "kick_door", ["turn.kick_door", "epic.legendary"])
    return [cid] if cid else []
