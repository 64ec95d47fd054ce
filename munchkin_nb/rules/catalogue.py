"""The rule catalogue: every rule the engine applies, with a stable id, our text and its seed."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

ES = "000_ec1365c06d4620a2.txt"  # Spanish full rules (canonical for classic)
EO = "002_bb01092f1c00afe9.txt"  # Esperanto summary (cross-check)
KO = "004_46a94e686cd27933.txt"  # Korean summary (cross-check)


@dataclass(frozen=True)
class Rule:
    """One rule: id, title, our own text, and where the rulebook says it."""

    id: str
    title: str
    text: str
    seed: str
    section: str
    rulesets: tuple[str, ...] = ("classic",)
    # where the summaries (Esperanto, Korean) say the same thing, and what they get wrong
    cross_checks: tuple[tuple[str, str], ...] = ()
    slip: str = ""

    def to_dict(self) -> dict[str, object]:
        """The rule as data: `source_file` and `section` are for machines; a reader gets
        `munchkin_nb.rules.citations.citation(rule, lang)`."""
        return {
            "id": self.id,
            "title": self.title,
            "text": self.text,
            "source_file": self.seed,
            "section": self.section,
            "rulesets": list(self.rulesets),
            "cross_checks": [{"source_file": seed, "section": sec} for seed, sec in self.cross_checks],
            "slip": self.slip,
        }


def _r(id: str, title: str, text: str, section: str, seed: str = ES) -> Rule:
    return Rule(id, title, text, seed, section, cross_checks=CROSS_CHECKS.get(id, ()), slip=SLIPS.get(id, ""))


# The Esperanto and Korean summaries are one text in two languages: the same headings, side by side.
def _both(eo: str, ko: str) -> tuple[tuple[str, str], ...]:
    return ((EO, eo), (KO, ko))


CROSS_CHECKS: dict[str, tuple[tuple[str, str], ...]] = {
    "setup.players": _both("NOMBRO DE LUDOJ: 3-6 Ludantoj", "플레이어 수: 3-6명"),
    "setup.deal": _both("ARGO", "설정"),
    "decks.discards": _both("ADMINISTRO DE KARTOJ", "카드 관리"),
    "decks.reshuffle": _both("ADMINISTRO DE KARTOJ", "카드 관리"),
    "setup.start_character": _both("KREO DE KARAKTORO", "캐릭터 생성"),
    "setup.play_before_first_turn": _both("KREO DE KARAKTORO", "캐릭터 생성"),
    "setup.first_player": _both("KOMENCO & FINO", "시작 및 마무리"),
    "level.win": _both("KOMENCO & FINO", "시작 및 마무리"),
    "level.win_by_kill": _both("KOMENCO & FINO", "시작 및 마무리"),
    "curse.door": _both("Malbeno", "저주"),
    "curse.any": _both("Malbeno; AGOJ", "저주; 작업"),
    "combat.ties": _both("BAZAJ REGULOJ DE Batalo", "전투의 기본 규칙"),
    "turn.kick_door": _both("TURN FAZOJ 1", "턴 단계 1"),
    "turn.look_for_trouble": _both("TURN FAZOJ 2", "턴 단계 2"),
    "turn.loot_the_room": _both("TURN FAZOJ 2", "턴 단계 2"),
    "turn.charity": _both("TURN FAZOJ 3", "턴 단계 3"),
    "level.min": _both("Nivelo", "수준"),
    "class.one": _both("Klaso; SUPER MUNCHKIN & HALF-BREED", "수업; 슈퍼 먼치킨 및 혼혈종"),
    "race.one": _both("Raso; SUPER MUNCHKIN & HALF-BREED", "경주; 슈퍼 먼치킨 및 혼혈종"),
    "race.discard": _both("AGOJ", "작업"),
    "items.trade": _both("AGOJ", "작업"),
    "run.roll": _both("FURNI", "도망 치다"),
    "run.helper": _both("FURNI", "도망 치다"),
    "combat.help": _both("PETI HELPON", "도움을 요청"),
    "combat.enhancer": _both("Monster Enhancers", "몬스터 강화제"),
    "combat.win": _both("RECOMPENSO", "보상"),
    "death.lose_everything": _both("MORTO", "죽음"),
    "death.loot_the_body": _both("MORTO", "죽음: 약탈하는 시체"),
    "items.slots": _both("EROJ", "항목"),
    "items.sell": _both("EROJ", "항목"),
}

# Where a summary contradicts the full rulebook, the full rulebook wins; these are the slips.
SLIPS: dict[str, str] = {
    "class.one": "The summaries say you may belong to several classes unless you have Super Munchkin; "
    "the full rulebook says the opposite, and wins.",
    "race.one": "The summaries say you may belong to several races unless you have Half-Breed; "
    "the full rulebook says the opposite, and wins.",
    "turn.charity": "The Korean summary's card-management section says you must hold five cards or more; "
    "its own charity section and the full rulebook say at most five.",
}


# the base game's rules; plug-ins add theirs to RULES through `register_rules`
CLASSIC_RULES: tuple[Rule, ...] = (
    # set-up
    _r(
        "setup.players",
        "Three to six players",
        "A game has between three and six players.",
        "Reglas de juego (apertura): número de jugadores",
    ),
    _r(
        "setup.deal",
        "Four and four",
        "Each player is dealt four door cards and four treasure cards from decks shuffled apart.",
        "Reglas de juego (apertura): reparto",
    ),
    _r(
        "setup.start_character",
        "Level-1 human, no class",
        "Everyone starts as a level-1 human with no class; the sex is the player's own.",
        "Reglas de juego: 'Todo el mundo empieza como un humano de nivel 1'",
    ),
    _r(
        "setup.play_before_first_turn",
        "Play what you were dealt",
        "Before the first turn a player may play one race, one class and any usable items from the starting cards.",
        "Reglas de juego: 'Mira tus ocho cartas iniciales'",
    ),
    _r(
        "setup.first_player",
        "Roll for the first turn",
        "The first player is chosen by a die roll; highest roll goes first, ties roll again.",
        "Reglas de juego: 'Decide quién juega en primer lugar tirando el dado'",
    ),
    # decks
    _r(
        "decks.discards",
        "Separate face-up discards",
        "Door and treasure cards go to their own face-up discard piles.",
        "Reglas de juego (apertura): pilas de descartes",
    ),
    _r(
        "decks.reshuffle",
        "Reshuffle the discards",
        "When a deck runs out its discard pile is shuffled into a new deck; with neither, nobody draws that kind.",
        "Reglas de juego (apertura): 'Cuando un mazo se quede sin cartas'",
    ),
    _r(
        "decks.no_search",
        "No searching the discards",
        "The discard piles are not looked through unless a card allows it: a card taken from one is its top card, unless the card played says otherwise.",
        "Reglas de juego (apertura): 'No se pueden mirar estas pilas, a no ser que juegues una carta que lo permita'",
    ),
    _r(
        "play.no_return",
        "No taking cards back",
        "Cards in play never return to the hand; they leave play only by discarding, selling or trading them.",
        "Reglas de juego (apertura): 'No puedes devolver las cartas en juego a tu mano'",
    ),
    # turn
    _r(
        "turn.order",
        "Turn to the left",
        "When a turn ends, the player to the left begins the next.",
        "Reglas de juego: 'el jugador a su izquierda puede empezar el suyo'",
    ),
    _r(
        "turn.before_door",
        "Before kicking the door",
        "At the start of your turn you may play cards, equip and unequip items, trade and sell before kicking the door.",
        "Fases del turno: 'Al principio de tu turno'",
    ),
    _r(
        "turn.kick_door",
        "Kick open the door",
        "Draw the top door card face up: a monster must be fought, a curse hits you, anything else goes to your hand or into play.",
        "Fases del turno: 1º Abrir una puerta",
    ),
    _r(
        "turn.look_for_trouble",
        "Look for trouble",
        "If the door held no monster you may play a monster from your hand and fight it.",
        "Fases del turno: 2º Buscar problemas",
    ),
    _r(
        "turn.loot_the_room",
        "Loot the room",
        "If you met no monster and did not look for trouble, take a face-down door card into your hand; never after fleeing.",
        "Fases del turno: 3º Saquear la habitación",
    ),
    _r(
        "turn.charity",
        "Charity",
        "End your turn with at most five cards in hand: play the extra or give it to the lowest-level player(s), split as evenly as possible; if you are the lowest, discard it.",
        "Fases del turno: 4º Caridad",
    ),
    _r(
        "turn.own_turn_only",
        "Only on your turn",
        "This can only be done on your own turn.",
        "Objetos: 'en cualquier momento de tu propio turno'",
    ),
    # combat
    _r(
        "combat.strength",
        "Combat strength",
        "Strength is level plus every bonus and penalty from items and other cards.",
        "Combate: 'La fuerza de combate es el resultado de la suma del nivel y todos los modificadores'",
    ),
    _r(
        "combat.ties",
        "The monster wins ties",
        "The fighters must be stronger than the monsters; a tie goes to the monster.",
        "Combate: 'Si la fuerza de combate del monstruo es igual o superior a la tuya, pierdes'",
    ),
    _r(
        "combat.monster_abilities",
        "Monster abilities",
        "A monster's bonuses and penalties against a race, class or sex apply to fighter and helper, but only once.",
        "Ayuda: 'Las capacidades especiales y las vulnerabilidades del monstruo también se aplican a tu ayudante'",
    ),
    _r(
        "combat.help",
        "Asking for help",
        "The fighter may ask one other player to help; only one may, adding their strength.",
        "Ayuda: 'Sólo puede ayudarte un jugador'",
    ),
    _r(
        "combat.bribe",
        "Bribes",
        "Help may be bought with carried items or a number of the monster's treasures; a share of the "
        "treasures comes with who draws first, the helper or the fighter.",
        "Ayuda: 'Puedes sobornar a alguien para que te ayude'; 'debéis poneros de acuerdo sobre quién escoge primero'",
    ),
    _r(
        "combat.window",
        "The last chance to interfere",
        "Before a combat resolves every player in turn gets a last chance to play cards; it resolves when all pass in a row.",
        "Combate: 'debes esperar un tiempo razonable (definido como unos 2,6 segundos)'",
    ),
    _r(
        "combat.one_shot",
        "One-shot items",
        "One-shot items from hand or table may be played in any combat, for either side, and are discarded after it.",
        "Combate: 'Durante el combate también puedes utilizar cartas de un solo uso'",
    ),
    _r(
        "combat.enhancer",
        "Monster enhancers",
        "Enhancers add up on the monster they are played on; with several monsters the player chooses which.",
        "Monstruos: 'Todas las mejoras de un mismo monstruo deben sumarse'",
    ),
    _r(
        "combat.wandering_monster",
        "Wandering Monster",
        "A Wandering Monster brings a monster from the player's hand into any combat.",
        "Combate: 'Jugando un Monstruo Errante junto con un monstruo de tu mano'",
    ),
    _r(
        "combat.several_monsters",
        "Several monsters",
        "Against several monsters the fighters must beat their sum; you cannot fight one and flee another.",
        "Combate: 'debes superar la suma de sus fuerzas de combate'",
    ),
    _r(
        "combat.no_equipment_changes",
        "Equipment is fixed",
        "In combat nobody involved may sell, trade, equip, unequip or play items other than one-shots.",
        "Combate: 'Mientras estés luchando en un combate no puedes vender, robar, poner en uso'",
    ),
    _r(
        "combat.win",
        "Winning a combat",
        "Each monster killed gives its levels to the fighter and its treasures are drawn: face down alone, face up when helped.",
        "Combate / Tesoros: 'Róbalas boca abajo si mataste al monstruo tú solo'",
    ),
    _r(
        "combat.elf_helper",
        "The elf helper",
        "An elf who helps kill monsters goes up a level for each one.",
        "Ayuda: 'a menos que sea un elfo'",
    ),
    _r(
        "combat.defeat_without_kill",
        "Defeated, not killed",
        "A monster sent away by a card or ability gives no level, and only the treasure the card says.",
        "Combate: 'te permitirá deshacerte del monstruo sin matarlo'",
    ),
    _r(
        "combat.rewards_after",
        "Rewards after the combat",
        "Nothing is gained until the combat is fully resolved.",
        "Reglas generales 3: 'Debes resolver totalmente el combate antes de obtener cualquier ganancia'",
    ),
    _r(
        "run.roll",
        "Running away",
        "Roll a die for each monster, in the order you choose: 5 or more escapes; items, race, class and monster change the roll.",
        "Huir: 'Tira el dado. Sólo consigues escapar con un 5 o más'",
    ),
    _r(
        "run.helper",
        "Both flee",
        "When fighter and helper lose, both must run, rolling separately.",
        "Huir: 'Si dos jugadores están cooperando y aun así no logran derrotar al monstruo'",
    ),
    _r(
        "run.bad_stuff",
        "Bad stuff",
        "A monster that catches you does its bad stuff to you.",
        "Huir: 'Si el monstruo te alcanza, se te aplica su mal rollo'",
    ),
    _r(
        "death.lose_everything",
        "Death",
        "A dead character loses all items and hand, keeping level, race, class, curses, Half-Breed and Super Munchkin.",
        "Muerte: 'Si mueres pierdes todas tus cosas'",
    ),
    _r(
        "death.loot_the_body",
        "Looting the body",
        "From the highest level down, each other player takes one card of the dead one's; ties by die; the rest is discarded.",
        "Muerte: 'Saquear el cadáver'",
    ),
    _r(
        "death.no_cards",
        "The dead receive nothing",
        "Dead characters receive no cards, not even charity.",
        "Muerte: 'Los personajes muertos no pueden recibir cartas por ninguna razón'",
    ),
    _r(
        "death.new_character",
        "Back at the next turn",
        "At their next turn the dead draw four door and four treasure cards and may play them as at the start.",
        "Muerte: 'En tu siguiente turno, empieza cogiendo cuatro cartas de cada mazo'",
    ),
    _r(
        "level.min",
        "Level never below 1",
        "Nothing reduces a level below 1; combat strength may go below 1.",
        "Reglas generales 1: 'Nada puede reducir el nivel de un jugador por debajo de 1'",
    ),
    _r(
        "level.win_by_kill",
        "Level 10 only by a kill",
        "The winning level is reached only by killing a monster.",
        "Reglas generales 2 y 4: 'Debes matar a un monstruo para alcanzar el nivel 10'",
    ),
    _r(
        "level.win",
        "The first to 10 wins",
        "The first player to reach level 10 wins.",
        "Reglas de juego: 'El primer jugador que alcance el nivel 10 gana'",
    ),
    _r(
        "race.one",
        "One race",
        "You may have one race unless you have Half-Breed, and never two copies of the same race.",
        "Raza: 'No puedes pertenecer a más de una raza'",
    ),
    _r(
        "class.one",
        "One class",
        "You may have one class unless you have Super Munchkin, and never two copies of the same class.",
        "Clase: 'No puedes pertenecer a más de una clase'",
    ),
    _r(
        "race.discard",
        "Dropping a race or class",
        "A race or class card may be discarded at any time, even in combat.",
        "Raza / Clase: 'Puedes descartar una carta de raza en cualquier momento'",
    ),
    _r(
        "ability.discard_cost",
        "Abilities paid with cards",
        "An ability that costs discards may be paid with any card in hand or in play.",
        "Raza: 'puedes descartar cualquiera de tus cartas, ya esté en juego o en tu mano'",
    ),
    _r(
        "cheat.super_munchkin",
        "Half-Breed and Super Munchkin",
        "Half-Breed needs a race and Super Munchkin a class; they work like race and class cards.",
        "Maldiciones y especiales: 'ya debes tener una clase para poder jugar Súper Munchkin'",
    ),
    _r(
        "cheat.not_a_race",
        "Half-Breed is no race",
        "Cards that act on races or classes do not touch Half-Breed or Super Munchkin: losing a race or class leaves them in play.",
        "Súper Munchkin y Bastardo: 'las cartas que afectan a clases o razas no afectan a estas cartas'",
    ),
    _r(
        "items.slots",
        "Slots",
        "One headgear, one armour, one footgear and two hands' worth of hand items count at once.",
        "Objetos: 'sólo puedes usar un cubrecabezas, una armadura, un calzado'",
    ),
    _r(
        "items.big",
        "One big item",
        "Only one big item may be in play, except for dwarves.",
        "Objetos: 'Puedes llevar cualquier número de objetos pequeños pero sólo uno grande'",
    ),
    _r(
        "items.big_after_dwarf",
        "Big items after the dwarf",
        "A player who stops being a dwarf with more big items than allowed keeps one of their choice; the others are sold on their own turn, else given to the lowest-level player(s) who can carry them, else discarded.",
        "Objetos: 'Si dejas de ser un enano y llevas más de un objeto grande debes deshacerte de todos excepto de uno'",
    ),
    _r(
        "items.restrictions",
        "Restrictions",
        "An item restricted by race, class or sex helps only an eligible wearer; others carry it sideways.",
        "Objetos: 'algunos tienen restricciones para su uso'",
    ),
    _r(
        "items.no_discard",
        "Items stay in play",
        "Items leave play only by selling, trading, giving, losing them or paying for an ability.",
        "Objetos: 'No puedes descartar cartas de objeto'",
    ),
    _r(
        "items.sell",
        "Selling",
        "On your turn, outside combat, items worth 1,000 gold buy a level; no change is given; selling never reaches level 10.",
        "Vender objetos",
    ),
    _r(
        "items.trade",
        "Trading",
        "Only items in play may be traded, at any time except in a combat; received items go into play and cannot be sold until your turn.",
        "Comercio",
    ),
    _r(
        "items.gift",
        "Gifts and bribes",
        "Items may be given away to other players.",
        "Comercio: 'También puedes regalar objetos sin recibir nada a cambio'",
    ),
    _r(
        "curse.door",
        "A curse from the door",
        "A curse drawn face up from the door hits the player who drew it.",
        "Maldiciones: 'se aplican a la persona que las saque'",
    ),
    _r(
        "curse.any",
        "A curse from hand",
        "A curse drawn face down may be played on any player at any time.",
        "Maldiciones: 'pueden ser jugadas sobre cualquier jugador en cualquier momento'",
    ),
    _r(
        "curse.persistent",
        "Lasting curses",
        "Most curses act at once and are discarded; some stay in play until they take effect or are removed; a next-combat curse played in a combat counts in it.",
        "Maldiciones: 'algunas maldiciones te penalizan en un momento posterior'",
    ),
    _r(
        "curse.victim_chooses",
        "The victim chooses",
        "If a curse or bad stuff could take more than one item, the victim chooses which.",
        "Maldiciones: 'la víctima decide qué objeto se pierde'",
    ),
    _r(
        "curse.nothing_to_lose",
        "Nothing to lose",
        "A curse on something you do not have does nothing.",
        "Maldiciones: 'Si una maldición se aplica a algo que no tengas, ignórala'",
    ),
    _r(
        "card.go_up_a_level",
        "Go Up a Level",
        "Go-up-a-level cards may be played on any player at any time, but never for the winning level.",
        "Tesoros: 'Puedes usar inmediatamente las cartas de Sube un nivel'",
    ),
    _r(
        "card.effect",
        "The card says so",
        "Cards carry their own rules; the engine applies what each card's data says.",
        "Reglas de juego: 'Muchas cartas incluyen sus propias reglas'",
    ),
    _r(
        "thief.backstab",
        "Backstab",
        "A thief may discard a card to give a player in a combat -2, once per victim per combat.",
        "Clase (carta de Ladrón); Combate: 'Apuñalando a traición'",
    ),
    _r(
        "thief.theft",
        "Theft",
        "On your turn, outside combat, a thief may discard a card to try to steal a small item: 4 or more succeeds, otherwise lose a level.",
        "Clase: 'un ladrón no puede robar si él o su víctima están luchando en un combate'",
    ),
    _r(
        "cleric.resurrection",
        "Resurrection",
        "Instead of drawing a card face up, a cleric may take the top card of that discard pile, discarding a card from hand for it.",
        "Clase: 'Consulta las cartas de clase para ver cuándo puedes usar las capacidades especiales' (the ability is printed on the Cleric card)",
    ),
    _r(
        "game.over",
        "The game is over",
        "Nothing more can be done once someone has won.",
        "Reglas de juego: 'El primer jugador que alcance el nivel 10 gana'",
    ),
    # who may act out of turn (munchkin_nb/engine/interaction.py)
    _r(
        "play.out_of_turn",
        "Playing out of turn",
        "Some plays are open to every player whenever the table is not waiting on one answer: curses and Go Up a Level on anyone, special cards, dropping a race, class or cheat card, trading and giving items while neither side is in a combat. They leave the decision with the player who has it.",
        "Comercio: 'el mejor momento para comerciar es cuando no sea tu turno'",
    ),
    _r(
        "combat.anyone_plays",
        "Anyone plays in a combat",
        "Every player, not only the one holding the last chance, may play one-shots, monster enhancers, Wandering Monsters, curses and Go Up a Level in any combat; abilities of the fighter and helper stay theirs. Each play gives everyone a new last chance.",
        "Combate: 'cualquiera puede jugar cartas que afectan al combate'",
    ),
    _r(
        "card.special_any_time",
        "Special cards at any time",
        "A special card may be played at any time, on anyone's turn, unless the card itself says when.",
        "Tesoros: 'Puedes usarlas en cualquier momento, a no ser que la carta especifique lo contrario'",
    ),
    _r(
        "cheat.discard",
        "Dropping Half-Breed or Super Munchkin",
        "Half-Breed and Super Munchkin may be discarded at any time, as soon as they are a burden.",
        "Maldiciones y especiales: 'descartarte de ellas en cuanto supongan una carga'",
    ),
    _r(
        "death.help_next_turn",
        "The dead help from the next turn",
        "A player who died comes back at once with no cards and may help in a combat from the next player's turn on.",
        "Muerte: 'puede ayudar a otros en el combate en el siguiente turno'",
    ),
    _r(
        "decision.pending",
        "Someone else decides",
        "The game is waiting for another player's decision.",
        "Combate: 'Si rehúsa, puedes pedírselo a otro'",
    ),
)

RULES: list[Rule] = list(CLASSIC_RULES)
RULE_INDEX: dict[str, Rule] = {r.id: r for r in RULES}


def register_rules(rules: Iterable[Rule]) -> None:
    """A ruleset or module plug-in adds its own rules (each names its ruleset in `rulesets`)."""
    for r in rules:
        if r.id in RULE_INDEX:
            raise ValueError(f"rule {r.id!r} is registered twice")
        RULES.append(r)
        RULE_INDEX[r.id] = r


def rule(rule_id: str) -> Rule:
    """The rule with that id; KeyError names it when it does not exist."""
    try:
        return RULE_INDEX[rule_id]
    except KeyError:
        raise KeyError(f"no rule with id {rule_id!r}") from None
