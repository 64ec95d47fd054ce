"""The rules of the Epic Munchkin module, each citing 000 (its Munchkin Épico section) with a short quote."""

from __future__ import annotations

from munchkin_nb.rules.catalogue import Rule

SEED = "000_ec1365c06d4620a2.txt"  # Spanish full rules; Epic Munchkin is one of their modules
SECTION = "Munchkin Épico"


def _r(id: str, title: str, text: str, quote: str, section: str = SECTION) -> Rule:
    return Rule(id, title, text, SEED, f"{section}: '{quote}'", rulesets=("epic",))


RULES: tuple[Rule, ...] = (
    _r(
        "epic.status",
        "Epic from level 10",
        "A character at level 10 or more, where the base game would have ended, is Epic and has the "
        "epic powers of their race and class; losing levels below 10 loses them. (000 names no other "
        "threshold: this is our reading of where the game goes on.)",
        "cuando de repente se termina la partida",
    ),
    _r(
        "epic.win_level",
        "Play to level 20",
        "With Epic Munchkin the game goes on past level 10: the first to reach level 20 wins.",
        "Juega hasta que alguien llegue al nivel 20",
    ),
    _r(
        "epic.kill_levels",
        "Levels 19 and 20 only by a kill",
        "No card, sale or other gain takes a character past level 18: levels 19 and 20 come only "
        "from killing monsters.",
        "Sólo se puede llegar al nivel 19 y nivel 20 matando monstruos.",
    ),
    _r(
        "epic.two_doors",
        "An Epic player turns two doors",
        "When an Epic player kicks open the door, two door cards are turned face up instead of one.",
        "Cuando un Munchkin Épico abre una puerta, dale la vuelta a dos cartas",
    ),
    _r(
        "epic.door_order",
        "Curses, then the rest, then monsters",
        "The two cards apply in this order: curses first; then everything but monsters and monster "
        "enhancers; then the monsters, fought together, with an enhancer on the monster (an enhancer "
        "without a monster goes to the hand). Where the player may choose the order, the engine "
        "keeps the order the cards were drawn in.",
        "Maldiciones primero, en el orden elegido por el jugador.",
    ),
    _r(
        "epic.door_monsters",
        "Two monsters: fight both",
        "Two monsters behind the doors are one fight against both; an enhancer drawn with a monster "
        "goes on that monster, one drawn alone goes to the hand.",
        "Si hay dos monstruos, debe luchar contra ambos.",
    ),
    _r(
        "epic.dwarf",
        "Epic dwarf: Hand of the Gods",
        "An Epic dwarf may keep any number of cards in hand.",
        "Puedes tener cualquier número de cartas en la mano.",
    ),
    _r(
        "epic.warrior",
        "Epic warrior: Absurd Strength",
        "An Epic warrior needs only one hand for a two-handed item and may carry and use two big items.",
        "Sólo necesitas una mano para llevar objetos de dos manos",
    ),
    _r(
        "epic.cleric",
        "Epic cleric: Ask for a Miracle",
        "At any time, even in combat, an Epic cleric may discard two cards, from hand or from the "
        "table, to take the top treasure face down into their hand.",
        "Pide un Milagro. En cualquier momento, incluso durante un combate, puedes",
    ),
    _r(
        "epic.thief",
        "Epic thief: Steal from the Shadows",
        "On their own turn, out of combat and once a turn, an Epic thief may discard a card from "
        "hand to take a card at random from another player's hand; no roll to succeed (the random "
        "pick is made with dice, recorded).",
        "No es necesaria ninguna tirada de dados. Sólo puedes hacerlo en tu turno, y sólo una vez por turno",
    ),
    _r(
        "epic.elf",
        "Epic elf: It Wasn't Me!",
        "An Epic elf not fighting or helping in a combat may discard a card to give either side -2, "
        "like a thief's backstab; two arrows a turn at most.",
        "un elfo épico puede disparar dos flechas por turno, para llegar a un máximo de -4",
    ),
    _r(
        "epic.wizard",
        "Epic wizard: Escape the Curse",
        "When a curse reaches an Epic wizard (drawn or played on them), they may discard a card from "
        "hand and roll to run from it: 5 or more escapes, and the curse is discarded; else they may "
        "discard another card and roll again, or give up and suffer it. (The roll is the plain "
        "run-away roll, without run-away bonuses.)",
        "puedes descartar una carta de tu mano para intentar huir de la maldición",
    ),
    _r(
        "epic.steed",
        "An Epic steed carries one more big item",
        "A steed becomes Epic with its Epic rider (and stops being so with them): while an Epic "
        "character rides a steed, they may have one more big item in play.",
        "Una montura épica te permite llevar un objeto grande adicional",
    ),
    _r(
        "epic.steed_lost",
        "Losing the Epic steed's big item",
        "A character who carried that extra big item and stops being Epic (or loses the steed) "
        "discards one big item of their choice for each one beyond the limit.",
        "debes descartar un objeto grande a tu elección",
    ),
    _r(
        "epic.halfling",
        "Epic halfling: Flea Market",
        "An Epic halfling sells two items a turn for double their value (the two dearest of the "
        "turn's first sales).",
        "Puedes vender dos objetos por turno por el doble de su valor.",
    ),
    _r(
        "epic.human",
        "Epic human: His Master's Voice",
        "Instead of fighting a monster of level 5 or less (its printed level), an Epic human fighting "
        "it may make it their pet, if they have no pet in play: it leaves the fight, without its "
        "enhancers, treasure or level, and lies on the table. (Only the fighter tames, not a helper.)",
        "puedes convertirlo en tu mascota (siempre que no tengas ya una mascota en juego)",
    ),
    _r(
        "epic.human_pet_bonus",
        "Sacrifice the pet for a player",
        "In any fight the pet's owner may sacrifice it as a one-shot bonus for a fighter or helper "
        "(themselves too), equal to its printed level; the pet is discarded. (Used against a monster "
        "it is the same bonus, for the players fighting it: our reading, 000 details only the two "
        "uses for and against a player.)",
        "el bonus es igual a su nivel base",
    ),
    _r(
        "epic.human_pet_monster",
        "Sacrifice the pet against a player",
        "Its owner may set the pet on another player's fight, when not in it themselves: it joins as "
        "a Wandering Monster, its special abilities count, enhancers may be played on it, and the "
        "fighter must beat it or run. (Used for a monster, it does the same.)",
        "Si lo usas en contra de otro jugador, se trata como un Monstruo Errante.",
    ),
    _r(
        "epic.human_pet_lost",
        "The pet runs off",
        "If the owner stops being Epic or human (or dies) while the pet is unused, it runs off: discarded.",
        "tu mascota no ha sido usada, ésta huye y se pierde para siempre",
    ),
)
