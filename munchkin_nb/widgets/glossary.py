"""The course glossary: the game's words in our own words, and links to them from any text."""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape


@dataclass(frozen=True)
class Term:
    """One word of the game: its anchor id, its name and meaning per language, and the phrases
    (per language) that link to it from prose and event words."""

    id: str
    name: dict[str, str]
    meaning: dict[str, str]
    phrases: dict[str, tuple[str, ...]]


def _t(
    id: str, en: str, es: str, en_def: str, es_def: str, en_ph: tuple[str, ...], es_ph: tuple[str, ...]
) -> Term:
    return Term(id, {"en": en, "es": es}, {"en": en_def, "es": es_def}, {"en": en_ph, "es": es_ph})


TERMS: tuple[Term, ...] = (
    _t(
        "door",
        "Door",
        "Puerta",
        (
            "The deck of monsters, curses, races, classes and other surprises. You open a door by "
            "turning its top card."
        ),
        (
            "El mazo de monstruos, maldiciones, razas, clases y otras sorpresas. Abres una puerta dando "
            "la vuelta a su carta de arriba."
        ),
        ("door card", "door deck", "door"),
        ("carta de puerta", "mazo de puertas", "puerta"),
    ),
    _t(
        "treasure",
        "Treasure",
        "Tesoro",
        "The deck of items, one-shots and level cards. You draw treasures for beating monsters.",
        "El mazo de objetos, objetos de un solo uso y cartas de nivel. Robas tesoros al vencer monstruos.",
        ("treasures", "treasure"),
        ("tesoros", "tesoro"),
    ),
    _t(
        "kick_the_door",
        "Kick open the door",
        "Abrir la puerta de una patada",
        (
            "The start of every turn: turn the top door card face up. A monster means a fight; a curse "
            "hits you; anything else goes to your hand."
        ),
        (
            "El comienzo de cada turno: pon boca arriba la carta de arriba de las puertas. Un monstruo "
            "es un combate; una maldición te afecta; lo demás va a tu mano."
        ),
        ("kicks open the door", "kick open the door", "kicks the door", "kick the door"),
        ("abre la puerta", "abrir la puerta", "abres la puerta"),
    ),
    _t(
        "level",
        "Level",
        "Nivel",
        "Your rank, 1 to 10, and the base of your combat strength. The first to level 10 wins.",
        "Tu rango, de 1 a 10, y la base de tu fuerza en combate. Gana quien llegue antes al nivel 10.",
        ("level",),
        ("nivel",),
    ),
    _t(
        "combat_strength",
        "Combat strength",
        "Fuerza de combate",
        (
            "Your level plus the bonuses of items that count and cards played for you. The monsters' "
            "side adds their levels and what is played on them."
        ),
        (
            "Tu nivel más los bonus de los objetos que cuentan y de las cartas jugadas a tu favor. El "
            "bando de los monstruos suma sus niveles y lo que se les juegue."
        ),
        ("strength",),
        ("fuerza",),
    ),
    _t(
        "bad_stuff",
        "Bad Stuff",
        "Mal Rollo",
        (
            "What a monster does to you when you fail to run away from it: lose a level, an item, or "
            "even your life."
        ),
        "Lo que te hace un monstruo cuando no consigues huir: perder un nivel, un objeto o incluso la vida.",
        ("bad stuff",),
        ("mal rollo",),
    ),
    _t(
        "run_away",
        "Run away",
        "Huir",
        (
            "What you must do when you lose a fight: roll a die, 5 or 6 escapes. Caught, you suffer the "
            "Bad Stuff."
        ),
        (
            "Lo que debes hacer si pierdes un combate: tira un dado, con 5 o 6 escapas. Si te atrapan, "
            "sufres el Mal Rollo."
        ),
        ("runs away", "run away", "escapes"),
        ("huir", "huye", "escapa"),
    ),
    _t(
        "one_shot",
        "One-shot",
        "Objeto de un solo uso",
        "A treasure used once and then discarded, such as a potion thrown into a fight, for either side.",
        (
            "Un tesoro que se usa una vez y se descarta, como una poción lanzada en un combate, a favor "
            "de cualquier bando."
        ),
        ("one-shot",),
        ("de un solo uso",),
    ),
    _t(
        "carried",
        "Carried sideways",
        "Cargado de lado",
        (
            "An item on the table that does not count: you cannot use it now, or its slot is taken. It "
            "is shown turned sideways."
        ),
        (
            "Un objeto en la mesa que no cuenta: ahora no puedes usarlo, o su hueco está ocupado. Se "
            "pone de lado."
        ),
        ("sideways", "carried"),
        ("de lado", "cargada de lado"),
    ),
    _t(
        "big_item",
        "Big item",
        "Objeto grande",
        "A heavy item. You may have only one big item on the table, unless you are a dwarf.",
        "Un objeto pesado. Solo puedes tener un objeto grande en la mesa, salvo que seas enano.",
        ("big item",),
        ("objeto grande",),
    ),
    _t(
        "slots",
        "Slots",
        "Huecos",
        (
            "Where items go: one head, one suit of armor, one pair of footgear, two hands. Items for a "
            "full slot are carried."
        ),
        (
            "Dónde van los objetos: una cabeza, una armadura, un calzado, dos manos. Los objetos para un "
            "hueco ocupado se cargan."
        ),
        ("headgear", "footgear"),
        ("casco", "calzado"),
    ),
    _t(
        "loot_the_room",
        "Loot the room",
        "Saquear la habitación",
        "If the door held no monster and you fought none, draw a second door card face down into your hand.",
        "Si la puerta no tenía monstruo y no luchaste, roba otra carta de puerta boca abajo a tu mano.",
        ("loots the room", "loot the room", "looting"),
        ("saquear la habitación", "saquea", "saquear"),
    ),
    _t(
        "look_for_trouble",
        "Look for trouble",
        "Buscar problemas",
        "Instead of looting, fight a monster from your own hand, after a door that held none.",
        (
            "En vez de saquear, lucha contra un monstruo de tu propia mano, tras una puerta que no tenía "
            "ninguno."
        ),
        ("looks for trouble", "look for trouble", "looking for trouble"),
        ("buscar problemas", "busca problemas"),
    ),
    _t(
        "charity",
        "Charity",
        "Caridad",
        (
            "At the end of your turn you may hold five cards. Give the rest to the lowest-level player; "
            "if that is you, discard them."
        ),
        (
            "Al final de tu turno puedes tener cinco cartas. Da las demás al jugador de nivel más bajo; "
            "si eres tú, descártalas."
        ),
        ("charity",),
        ("caridad",),
    ),
    _t(
        "help",
        "Help",
        "Ayuda",
        "One other player may join your fight, adding their strength, usually for a bribe. Nobody must help.",
        (
            "Otro jugador puede unirse a tu combate y sumar su fuerza, normalmente a cambio de un "
            "soborno. Nadie está obligado."
        ),
        ("helps", "help"),
        ("ayuda",),
    ),
    _t(
        "wandering_monster",
        "Wandering monster",
        "Monstruo errante",
        "A card that brings a second monster from someone's hand into a fight already going on.",
        "Una carta que mete en un combate en marcha un segundo monstruo de la mano de alguien.",
        ("wandering monster",),
        ("monstruo errante",),
    ),
    _t(
        "enhancer",
        "Monster enhancer",
        "Potenciador de monstruo",
        "A card played on a monster to make it stronger (or weaker), and worth an extra treasure if it dies.",
        (
            "Una carta que se juega sobre un monstruo para hacerlo más fuerte (o más débil), y que da un "
            "tesoro más si muere."
        ),
        ("enhancer",),
        ("potenciador",),
    ),
    _t(
        "curse",
        "Curse",
        "Maldición",
        (
            "A door card that harms a player: at once if drawn from the door, or thrown from a hand at "
            "anyone, any time."
        ),
        (
            "Una carta de puerta que perjudica a un jugador: al momento si sale de la puerta, o lanzada "
            "desde la mano a cualquiera, cuando sea."
        ),
        ("curse",),
        ("maldición",),
    ),
    _t(
        "out_of_turn",
        "Out of turn",
        "Fuera de turno",
        (
            "A play made by someone who is not deciding now: curses, Go Up a Level, trades, one-shots in "
            "a fight."
        ),
        (
            "Una jugada de alguien que no decide ahora: maldiciones, Sube un Nivel, cambios, objetos de "
            "un solo uso en combate."
        ),
        ("out of turn",),
        ("fuera de turno",),
    ),
    _t(
        "death",
        "Death",
        "Muerte",
        (
            "You keep level, race and class and lose every other card; the others loot your body. You "
            "come back next turn."
        ),
        (
            "Conservas nivel, raza y clase y pierdes todas las demás cartas; los demás saquean tu "
            "cadáver. Vuelves en tu siguiente turno."
        ),
        ("dies", "dead", "death"),
        ("muerta", "muerte"),
    ),
)
BY_ID = {t.id: t for t in TERMS}


def _pattern(lang: str) -> tuple[re.Pattern[str], dict[str, str]]:
    owner = {p.lower(): t.id for t in TERMS for p in t.phrases.get(lang, ())}
    phrases = sorted(owner, key=len, reverse=True)  # the longest phrase wins where two overlap
    return re.compile(r"\b(" + "|".join(re.escape(p) for p in phrases) + r")\b", re.IGNORECASE), owner


_PATTERNS = {lang: _pattern(lang) for lang in ("en", "es")}


def link_terms(text: str, lang: str = "en", meaning_lang: str | None = None) -> str:
    """`text` (plain) escaped, with the first mention of each glossary word linked to its entry;
    phrases are looked for in `lang`, meanings (the links' titles) are in `meaning_lang`."""
    pat, owner = _PATTERNS.get(lang, _PATTERNS["en"])
    show = meaning_lang or lang
    seen: set[str] = set()
    out, last = [], 0
    for m in pat.finditer(text):
        tid = owner[m.group(1).lower()]
        if tid in seen:
            continue
        seen.add(tid)
        term = BY_ID[tid]
        title = escape(term.meaning.get(show, term.meaning["en"]))
        out.append(escape(text[last : m.start()]))
        out.append(f"<a class='munchkin-gloss' href='#gloss-{tid}' title='{title}'>{escape(m.group(1))}</a>")
        last = m.end()
    out.append(escape(text[last:]))
    return "".join(out)


def glossary_html(lang: str = "en") -> str:
    """The whole glossary, one anchored entry per word, in alphabetical order of the language."""
    rows = sorted(TERMS, key=lambda t: t.name.get(lang, t.name["en"]).lower())
    items = "".join(
        f"<dt id='gloss-{t.id}'>{escape(t.name.get(lang, t.name['en']))}</dt>"
        f"<dd>{escape(t.meaning.get(lang, t.meaning['en']))}</dd>"
        for t in rows
    )
    return f"<dl class='munchkin-glossary'>{items}</dl>"
