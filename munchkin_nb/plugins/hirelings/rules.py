"""The rules of the hirelings module, each citing 000 (its part on hirelings, escuderos) with a short quote."""

from __future__ import annotations

from munchkin_nb.rules.catalogue import Rule

SEED = "000_ec1365c06d4620a2.txt"  # Spanish full rules; hirelings are one of their modules
SECTION = "Escuderos"


def _r(id: str, title: str, text: str, quote: str) -> Rule:
    return Rule(id, title, text, SEED, f"{SECTION}: '{quote}'", rulesets=("hirelings",))


RULES: tuple[Rule, ...] = (
    _r(
        "hirelings.door",
        "Hirelings come from the door deck",
        "Hireling cards are shuffled into the door deck. One drawn face up goes to the hand, to be "
        "played when its owner likes.",
        "Los escuderos se encuentran en el mazo de puerta.",
    ),
    _r(
        "hirelings.play",
        "Hire at any time, even in a combat",
        "A hireling from your hand may be put in play at any time, even during a combat; its printed "
        "bonus counts for you in every fight.",
        "Puedes jugar un escudero cuando quieras, incluso en un combate",
    ),
    _r(
        "hirelings.one",
        "One hireling at a time",
        "Nobody has more than one hireling in play at once.",
        "siempre que sólo tengas un único escudero en juego en cualquier momento",
    ),
    _r(
        "hirelings.cheat",
        "A second hireling with a Cheat!",
        "A Cheat! card played on a second hireling as it comes into play lets you have it: the Cheat! "
        "sits on that hireling and leaves play with it. A hireling with a Cheat! on it does not count "
        "toward the one hireling.",
        "Se puede usar una carta de ¡Eso es trampa! para tener un escudero adicional",
    ),
    _r(
        "hirelings.discard",
        "Dismiss a hireling at any time",
        "You may discard your hireling at any time; the items it carries and the enhancers on it go with it.",
        "Puedes descartar un escudero en cualquier momento.",
    ),
    _r(
        "hirelings.not_an_item",
        "A hireling is not an item",
        "A hireling without a gold value is not an item: it cannot be traded, given or sold, and bad "
        "stuff or curses that take items pass it by. (The module's hirelings have no gold value.)",
        "Sólo puedes comerciar con escuderos que tienen un precio en oro.",
    ),
    _r(
        "hirelings.sacrifice",
        "The hireling's sacrifice",
        "When you have lost a fight, instead of rolling to run away you may discard your hireling "
        "with everything it carries: you escape every monster of the fight automatically, even one "
        "that cannot be outrun.",
        "puedes descartar un escudero con todo lo que lleva",
    ),
    _r(
        "hirelings.helper_escapes",
        "You decide for your helper",
        "When a hireling is sacrificed in a fight you had help in, you decide whether your helper "
        "escapes automatically too or must roll to run away.",
        "tú decides si esa persona también escapa automáticamente o debe realizar su tirada para huir",
    ),
    _r(
        "hirelings.extra_item",
        "A hireling that lends a hand",
        "Some hirelings let you use one more item than your slots allow; the item stays yours, and "
        "nothing that happens to the hireling touches it.",
        "Algunos escuderos te proporcionan manos adicionales",
    ),
    _r(
        "hirelings.carries",
        "Items a hireling carries",
        "A hireling that can carry an item equips one of yours (on your own turn, out of combat): it "
        "counts as your item, and curses and bad stuff reach it as if you wore it; if the hireling is "
        "sacrificed or dismissed, the item goes with it.",
        "Los objetos que lleve equipados tu escudero cuentan como si fuesen tuyos",
    ),
    _r(
        "hirelings.enhancers",
        "Monster enhancers on a hireling",
        "Anyone may play a monster enhancer on a hireling at any time: each +5 of it gives the "
        "hireling one level in every fight (a +10 two). The enhancer stays with the hireling.",
        "Una carta de modificador +5 da al escudero 1 nivel adicional en cualquier batalla",
    ),
    _r(
        "hirelings.negative",
        "Negative enhancers only cancel",
        "A negative monster enhancer goes on a hireling only to cancel an equal positive one already "
        "on it (Baby's -5 takes one level of the two an Ancient gave); never below nothing.",
        "Los modificadores negativos no pueden aplicarse a los escuderos, a no ser que ya cuenten con "
        "modificadores positivos.",
    ),
    _r(
        "hirelings.identity",
        "A hireling's race, class and sex count against you",
        "A monster with a bonus or penalty against a race, class or sex has it against you too while "
        "your hireling is of that race, class or sex. (A condition 'not of a race' is read on you alone.)",
        "Esto mismo también se aplica a cualquier monstruo que tenga bonus o penalizadores contra "
        "cualquier raza, clase o sexo.",
    ),
)
