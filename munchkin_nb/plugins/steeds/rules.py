"""The rules of the steeds module, each citing 000 (its part on steeds, monturas) with a short quote."""

from __future__ import annotations

from munchkin_nb.rules.catalogue import Rule

SEED = "000_ec1365c06d4620a2.txt"  # Spanish full rules; steeds are one of their modules
SECTION = "Monturas"


def _r(id: str, title: str, text: str, quote: str) -> Rule:
    return Rule(id, title, text, SEED, f"{SECTION}: '{quote}'", rulesets=("steeds",))


RULES: tuple[Rule, ...] = (
    _r(
        "steeds.door",
        "Steeds come from the door deck",
        "Steed cards are shuffled into the door deck; one drawn face up goes to the hand unless it is "
        "fought as a monster.",
        "Las monturas se encuentran en el mazo de puerta.",
    ),
    _r(
        "steeds.one",
        "One steed at a time",
        "Nobody has more than one steed in play.",
        "No se puede tener más de una montura",
    ),
    _r(
        "steeds.cheat",
        "A second steed with a Cheat!",
        "A Cheat! card played on a second steed as it comes into play lets you have it: the Cheat! sits "
        "on that steed and leaves play with it. A steed with a Cheat! on it does not count toward the "
        "one steed.",
        "a no ser que se esté usando una carta de ¡Eso es trampa!",
    ),
    _r(
        "steeds.items",
        "Steeds are items that equip themselves",
        "A steed is an item played on your own turn, out of combat; it needs no slot and always "
        "counts, and whatever affects items affects it (bad stuff, curses, trades, sales).",
        "Las monturas se equipan a sí mismas.",
    ),
    _r(
        "steeds.big",
        "Big, but outside the big-item limit",
        "A steed is big (curses on big items reach it; a thief cannot steal it) but does not count "
        "toward the one big item you may have.",
        "no cuentan para el límite de objetos grandes que puedes equipar",
    ),
    _r(
        "steeds.enhancers",
        "Monster enhancers on a steed",
        "A monster enhancer may be played on a steed in play just as on a hireling: each +5 gives one "
        "level in every fight, a negative one only cancels an equal positive one.",
        "Las monturas pueden verse mejoradas por modificadores de monstruo, exactamente del mismo "
        "modo que los escuderos.",
    ),
    _r(
        "steeds.steed_enhancers",
        "Items that improve steeds",
        "A steed enhancer is an item played on your own turn, out of combat, on a steed you have in "
        "play; its bonus counts while that steed counts, and it leaves play with the steed.",
        "También hay unos cuantos objetos que mejoran específicamente a las monturas.",
    ),
    _r(
        "steeds.no_item_enhancers",
        "Item enhancers do not go on steeds",
        "An ordinary item enhancer cannot be played on a steed, though a steed is an item.",
        "no afectan a los objetos de montura",
    ),
    _r(
        "steeds.run_away",
        "A steed's run-away modifier replaces yours",
        "A steed with a run-away bonus or penalty gives its rider that modifier instead of the "
        "rider's own (race, class and items); the monster's and curses' modifiers still count.",
        "éste sustituye el modificador de su jinete",
    ),
    _r(
        "steeds.dismount",
        "Leave a slow steed behind",
        "A rider whose steed gives a run-away penalty may discard the steed before rolling, and "
        "roll without the penalty.",
        "puedes descartar la montura antes de realizar la tirada",
    ),
    _r(
        "steeds.as_monster",
        "Fight a steed as a monster",
        "A player who draws a steed face up when kicking the door may fight it as a monster instead: "
        "its level is twice its combat bonus.",
        "puede elegir tratarla como si fuera un monstruo",
    ),
    _r(
        "steeds.as_monster_reward",
        "One treasure and one level; lose a level",
        "A steed fought as a monster gives 1 treasure and 1 level when defeated; its bad stuff is "
        "losing a level. Monster enhancers work on it as on any monster.",
        "derrotarlo proporciona 1 tesoro y 1 nivel",
    ),
)
