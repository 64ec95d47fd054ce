"""The rules of the Munchkinomicon, each citing 000 (its Munchkinomicon section) with a short quote."""

from __future__ import annotations

from munchkin_nb.rules.catalogue import Rule

SEED = "000_ec1365c06d4620a2.txt"  # Spanish full rules; the Munchkinomicon is one of their modules
SECTION = "El Munchkinomicón"


def _r(id: str, title: str, text: str, quote: str) -> Rule:
    return Rule(id, title, text, SEED, f"{SECTION}: '{quote}'", rulesets=("munchkinomicon",))


RULES: tuple[Rule, ...] = (
    _r(
        "munchkinomicon.start",
        "On top of the treasure deck",
        "The game starts with the Munchkinomicon on top of the treasure deck, so the first player to "
        "get a treasure gets it.",
        "El Munchkinomicón empieza la partida en el primer lugar del mazo de tesoros",
    ),
    _r(
        "munchkinomicon.equip",
        "Equipped at once",
        "Whoever gets the Munchkinomicon puts it in play and equips it at once; it is never kept in the "
        "hand nor carried sideways.",
        "Debes jugar y equipar el Munchkinomicón en cuanto lo recibas.",
    ),
    _r(
        "munchkinomicon.bonus",
        "+5, with what was played on it",
        "The book gives its owner +5 in combat. A monster enhancer may be played on it from the hand "
        "for +3 more (our reading of 000); what was played on it stays with it when it changes owner "
        "and is lost when it goes back to the treasure deck.",
        "El nuevo valor se conserva incluso si el Munchkinomicón pasa a otro jugador",
    ),
    _r(
        "munchkinomicon.dies",
        "It goes to whoever dies",
        "When a player dies, the book (if in play) goes to them; it waits on the table while they are "
        "dead and is theirs when they come back. If two come back at once, the die decides.",
        "Eso de morir y volver inmediatamente a la vida impresiona mucho al Munchkinomicón.",
    ),
    _r(
        "munchkinomicon.curse",
        "It goes to whoever curses someone",
        "Whoever plays a curse that strikes another player takes the book.",
        "Juegue una carta de maldición que consiga afectar a otro jugador.",
    ),
    _r(
        "munchkinomicon.sacrifice_level",
        "Sacrifice a level for it",
        "At any time, even in a combat, a player may give up a level to take the book (not at level 1: "
        "there is no level to give).",
        "Sacrifique un nivel.",
    ),
    _r(
        "munchkinomicon.sacrifice_cards",
        "Sacrifice three cards for it",
        "At any time, even in a combat, a player may discard three cards from the hand to take the book.",
        "Sacrifique tres cartas.",
    ),
    _r(
        "munchkinomicon.spell_deck",
        "The spell deck",
        "Spells are a deck of their own, always drawn face down, with their own discards; spells in "
        "hand count toward the hand limit and are no items.",
        "Las cartas de hechizo tienen un dorso especial y componen su propio mazo, con sus propios descartes.",
    ),
    _r(
        "munchkinomicon.spell_on_receipt",
        "A spell when you get it",
        "Whoever gets the book, from the treasure deck or from another player, draws a spell.",
        "te susurrará un hechizo",
    ),
    _r(
        "munchkinomicon.spell_each_turn",
        "A spell at the start of your turn",
        "Whoever has the book at the start of their turn draws a spell.",
        "Si tienes el Munchkinomicón al inicio de tu turno, roba un hechizo.",
    ),
    _r(
        "munchkinomicon.no_spell_on_trade",
        "No spell for a trade",
        "Whoever gets the book in a trade draws no spell for it.",
        "Si recibes el Munchkinomicón en un intercambio, no robes ningún hechizo al hacerlo.",
    ),
    _r(
        "munchkinomicon.back_on_top",
        "Sold or discarded: back on top",
        "The book sold, or discarded by a curse or bad stuff, goes back on top of the treasure deck.",
        "vuelve al primer lugar del mazo de tesoros",
    ),
    _r(
        "munchkinomicon.not_again",
        "Not drawn again that turn",
        "In the turn it was sold or discarded the book is set aside while treasures are drawn, and stays "
        "on top.",
        "No puedes volver a robar el Munchkinomicón en el mismo turno en el que lo vendas o descartes.",
    ),
)
