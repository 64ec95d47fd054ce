"""The rules of the expansions module (more races and classes, their cheat cards, race, class and
item enhancers), each citing 000 with a short quote."""

from __future__ import annotations

from munchkin_nb.rules.catalogue import Rule

SEED = "000_ec1365c06d4620a2.txt"  # Spanish full rules: the expansions' races, classes and enhancers
RACE = "Raza"
CLASS = "Clase"
CHEATS = "Cartas de tesoro"  # the paragraph on curses and the cheat cards
ENHANCERS = "Mejoras de raza y de clase"
ITEMS = "Mejoras de objeto"


def _r(id: str, title: str, text: str, quote: str, section: str) -> Rule:
    return Rule(id, title, text, SEED, f"{section}: '{quote}'", rulesets=("expansions",))


RULES: tuple[Rule, ...] = (
    _r(
        "expansions.races",
        "Orcs, gnomes, lizard men and centaurs",
        "With the expansions a character may also be an orc, a gnome, a lizard man or a centaur; a "
        "race card works as the base game's do (one race, no two copies of one race).",
        "medianos, orcos, gnomos, hombres",
        RACE,
    ),
    _r(
        "expansions.classes",
        "Bards and rangers",
        "With the expansions a character may also be a bard or a ranger; a class card works as the "
        "base game's do (one class, no two copies of one class).",
        "Los personajes pueden ser guerreros, magos, ladrones, clérigos, bardos o exploradores.",
        CLASS,
    ),
    _r(
        "expansions.orc",
        "Orc: a crushing win",
        "An orc who wins a combat by 10 or more goes up one more level. (000 leaves race powers to "
        "the cards; this is our reading of the orc's card.)",
        "se explican en las cartas",
        RACE,
    ),
    _r(
        "expansions.gnome",
        "Gnome: Illusion",
        "Once a turn, a gnome fighting a monster may discard a monster card from hand and add its "
        "printed level to their side. (Our reading of the gnome's card.)",
        "Adquieres las capacidades de una raza en el momento en el que juegues la correspondiente carta",
        RACE,
    ),
    _r(
        "expansions.quick_races",
        "Lizard man and centaur",
        "A lizard man gets +1 to run away; a centaur may carry one more big item. (Our reading of "
        "their cards.)",
        "todas las demás razas sí las tienen",
        RACE,
    ),
    _r(
        "expansions.bard",
        "Bard: Bardic Luck",
        "A bard who kills monsters without help draws one more treasure than they give, then "
        "discards one treasure card of their choice from hand. (The Epic bard's power is described "
        "as this one with two.)",
        "Como la Suerte de Bardo, pero robas dos tesoros más de lo que",
        "Munchkin Épico",
    ),
    _r(
        "expansions.ranger",
        "Ranger: knows the way out",
        "A ranger gets +1 to run away. (Our reading of the ranger's card, without steeds.)",
        "Cada clase tiene capacidades diferentes, que se detallan en las cartas.",
        CLASS,
    ),
    _r(
        "expansions.class_cheats",
        "Ultra Munchkin and Super Super Munchkin",
        "Ultra Munchkin lets a character have three classes, Super Super Munchkin any number; like "
        "Super Munchkin, each needs a class in play first, and one such card is in play at a time.",
        "No puedes pertenecer a más de una clase a menos que juegues las cartas Súper Munchkin, "
        "Ultra Munchkin o Súper Súper Munchkin.",
        CLASS,
    ),
    _r(
        "expansions.race_cheats",
        "Super Half-Breed and Chimera",
        "Super Half-Breed lets a character have three races, Chimera any number; like Half-Breed, "
        "each needs a race in play first, and one such card is in play at a time.",
        "No puedes pertenecer a más de una raza a menos que juegues las cartas Bastardo, Súper "
        "Bastardo o Quimera.",
        RACE,
    ),
    _r(
        "expansions.cheat_room",
        "Too many races or classes",
        "A character left with more races or classes than their cheat card allows (or than one, "
        "with none) discards the newest until they fit.",
        "No puedes tener dos copias de la misma carta de clase en juego.",
        CLASS,
    ),
    _r(
        "expansions.enhancers",
        "Race and class enhancers",
        "Tall, Dark and Primeval enhance a race; Master, Elite and Legendary a class. One is played "
        "on a race (class) card of yours in play, on your own turn out of combat, and adds its "
        "bonus while that card stays; it is discarded with the card.",
        "Alto, Oscuro y Primigenio son mejoras de raza y Maestro, De Élite y Legendario son mejoras de clase.",
        ENHANCERS,
    ),
    _r(
        "expansions.enhancer_names",
        "Never two of one name",
        "No character has two enhancers of the same name, not even on two races or two classes; "
        "two of different names (dark and tall) are fine.",
        "No se pueden usar varias cartas del mismo nombre, incluso si tienes más de una raza o clase",
        ENHANCERS,
    ),
    _r(
        "expansions.item_enhancer",
        "Item enhancers",
        "An item enhancer is played only on an item you have in play, on your own turn out of "
        "combat; its bonus counts while that item counts.",
        "deben jugarse sobre un objeto que ya tengas en juego (no pueden jugarse por sí solas)",
        ITEMS,
    ),
    _r(
        "expansions.item_enhancer_stays",
        "An item enhancer never moves",
        "Once played, an item enhancer stays on its item: it never moves to another item, and it "
        "leaves play with the item (sold, lost, traded or discarded).",
        "No puedes mover una mejora a un nuevo objeto una vez que la has jugado.",
        ITEMS,
    ),
)
