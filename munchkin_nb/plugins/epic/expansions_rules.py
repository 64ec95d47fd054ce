"""The epic powers of the expansions' races, classes and enhancers (Epic Munchkin with the
expansions module on), each citing 000's Munchkin Épico section."""

from __future__ import annotations

from .rules import _r

RULES = (
    _r(
        "epic.orc",
        "Epic orc: Munchkin Food",
        "An Epic orc fighting a level-1 monster they turned up or looked for may eat it: nobody can "
        "stop it, its bonuses are lost, no treasure; the orc goes up a level, a kill that may win.",
        "monstruo de nivel 1, puedes comértelo sin más.",
    ),
    _r(
        "epic.gnome",
        "Epic gnome: Slippery",
        "An Epic gnome suffers no run-away penalty (a monster's, an item's, a curse's: each counts "
        "0 at worst), and one who runs away from a fight, escaping every monster, still draws two "
        "treasures face down.",
        "sigues recibiendo dos cartas de tesoro boca abajo",
    ),
    _r(
        "epic.lizard_man",
        "Epic lizard man: Shed Skin",
        "An Epic lizard man who, on their own turn, escapes every monster of a fight against more "
        "than one plays another turn after this one; never three turns in a row.",
        "puedes volver a jugar otro turno cuando termine el actual",
    ),
    _r(
        "epic.bard",
        "Epic bard: Super Bardic Luck",
        "An Epic bard's luck counts twice: two more treasures than the monsters give, then two "
        "treasure cards of their choice discarded.",
        "te descartas inmediatamente de dos tesoros cualesquiera",
    ),
    _r(
        "epic.primeval",
        "Epic Primeval: Respect Your Elders",
        "An Epic character with Primeval on a race in play counts their level twice when fighting "
        "on their own turn, alone or helped.",
        "Tu nivel cuenta el doble cuando estás peleando en tu turno",
    ),
    _r(
        "epic.elite",
        "Epic Elite: Ultra Elite",
        "An Epic character with Elite on a class in play gets, against each monster, a bonus of "
        "twice the treasures printed on its card.",
        "Recibes un bonus de combate contra cada monstruo igual al doble del",
    ),
    _r(
        "epic.legendary",
        "Epic Legendary: Hit and Myth",
        "When neither of an Epic character's two doors shows a monster, Legendary on a class in "
        "play turns one more door after the curses: a monster is fought, a curse applies, anything "
        "else goes to the hand (or is played at once).",
        "Si ninguna de las dos cartas de puerta muestra un monstruo cuando das la",
    ),
    _r(
        "epic.tall",
        "Epic Tall: A Big Help",
        "An Epic character with Tall on a race in play who helps in a combat when asked rolls a "
        "die and adds it to the help; if the monsters are defeated the helper takes the top card "
        "of a discard pile (the treasure pile if it has one, else the door pile).",
        "también tiras un dado y sumas el resultado",
    ),
    _r(
        "epic.dark",
        "Epic Dark: You Are So Wicked",
        "When a player refuses to help an Epic character with Dark on a race in play who asked "
        "them in a fight, the asker rolls a die (once per fight): on 5 or 6 the refuser now fights "
        "the monsters alone, as usual; if they are defeated the asker, not the refuser, gains their "
        "treasures and levels; then the asker's turn goes on.",
        "tira un dado: si el resultado es 5 o 6",
    ),
    _r(
        "epic.master",
        "Epic Master: How Cool You Are",
        "With the hirelings module on too, an Epic character with Master on a class in play has one "
        "monster enhancer on their hireling count at its printed bonus instead of one level per +5: "
        "the one with the highest bonus (our choice for the one 'chosen when played').",
        "usa el bonus impreso y no la regla estándar",
    ),
    _r(
        "epic.centaur",
        "Epic centaur: Herd Instinct",
        "With the steeds module on too, when another player discards a steed an Epic centaur may, "
        "while it lies on top of the discard pile, discard two cards from hand to take it into "
        "their hand.",
        "cartas de tu mano para poner la carta de esa montura en tu mano",
    ),
    _r(
        "epic.ranger",
        "Epic ranger: Animal Exploitation Society",
        "With the steeds module on too, whenever monsters are discarded (on anyone's turn), an Epic "
        "ranger may, before the next action, discard their whole hand (three cards or more) to tame "
        "one of them: it becomes their steed at once, lying on the table, and any steed they rode "
        "is discarded (one steed at a time; a steed mounted later replaces the tamed one). (Our "
        "simplification: the tamed steed is not an item card, so curses, bad stuff, trades, sales "
        "and enhancers do not reach it; it is discarded when its rider dies.)",
        "puedes descartarte de toda tu mano de cartas (al menos tres cartas) para domarlo",
    ),
    _r(
        "epic.ranger_steed",
        "A tamed steed's bonus",
        "A tamed steed gives its rider, in every fight, a bonus equal to the treasures printed on "
        "the monster's card; it has no run-away modifier of its own.",
        "El bonus de combate de la montura es igual al número de tesoros",
    ),
)
