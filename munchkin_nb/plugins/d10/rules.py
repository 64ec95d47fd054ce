"""The rules of the Munchkin d10 module, each citing 000 (its last section) with a short quote."""

from __future__ import annotations

from munchkin_nb.rules.catalogue import Rule

SEED = "000_ec1365c06d4620a2.txt"  # Spanish full rules; the d10 module closes them
SECTION = "Munchkin d10"


def _r(id: str, title: str, text: str, quote: str) -> Rule:
    return Rule(id, title, text, SEED, f"{SECTION}: '{quote}'", rulesets=("d10",))


RULES: tuple[Rule, ...] = (
    _r(
        "d10.roll",
        "Spend a level on the d10",
        "On your turn, before kicking the door, you may give up one level to roll the ten-sided die.",
        "antes de la patada en la puerta, puedes gastar un nivel para tirar un dado de Munchkin de 10 caras",
    ),
    _r(
        "d10.not_level_1",
        "Not at level 1",
        "A character at level 1 has no level to spend and may not roll the d10.",
        "No puedes hacerlo si estás en nivel 1.",
    ),
    _r(
        "d10.again",
        "Roll as often as you like",
        "You may roll again and again while you have levels to spend, until you roll a 9.",
        "Puedes tirar el dado Munchkin tantas veces como quieras",
    ),
    _r(
        "d10.loaded_die",
        "Loaded Die on the d10",
        "The roller may play a Loaded Die to turn the d10 to any face.",
        "Puedes usar una carta de Dado Cargado para cambiar el resultado.",
    ),
    _r(
        "d10.reloaded_die",
        "Reloaded Die on the d10",
        "Any other player may play a Reloaded Die on someone's d10 roll, to turn it to any face.",
        "Tus enemigos también pueden cambiar los resultados, usando un Dado Recargado.",
    ),
    _r(
        "d10.one_die_card",
        "One die card a roll",
        "Only the first Loaded or Reloaded Die played on a d10 roll counts.",
        "solo tiene efecto la primera de estas cartas que se use",
    ),
    _r(
        "d10.treasure",
        "1: a treasure",
        "Draw a treasure face up, or take the top card of the treasure discards.",
        "Roba un tesoro boca arriba, o coge el último tesoro descartado.",
    ),
    _r(
        "d10.door",
        "2: a door",
        "Draw a door face up, or take the top card of the door discards.",
        "Roba una carta de puerta boca arriba o coge la última carta de puerta descartada.",
    ),
    _r(
        "d10.both",
        "3: a treasure and a door",
        "Draw a treasure and a door, both face up; a curse among them strikes you.",
        "Si coges una maldición, ésta se aplica a tu personaje.",
    ),
    _r(
        "d10.discards",
        "4: both discards",
        "Take the top treasure and the top door of the discards into your hand.",
        "Coge las últimas cartas de tesoro y puerta que se hayan descartado.",
    ),
    _r(
        "d10.sex",
        "5: change sex",
        "Change sex, gain two levels (never the winning one) and fight your next combat at -5.",
        "tienes un penalizador de -5 en tu siguiente combate y ganas dos niveles",
    ),
    _r(
        "d10.swap_hands",
        "6: swap hands",
        "Swap your whole hand (at least one card) for another player's whole hand.",
        "Cambia todas las cartas en tu mano (debes tener al menos una)",
    ),
    _r(
        "d10.swap_class",
        "7: swap a class",
        "Swap a class card you have in play for any other class card in play.",
        "puedes cambiarla por cualquier otra carta de clase que esté en juego",
    ),
    _r(
        "d10.swap_race",
        "8: swap a race",
        "Swap a race card you have in play for any other race card in play.",
        "puedes cambiarla por cualquier otra carta de raza que esté en juego",
    ),
    _r(
        "d10.twice",
        "Two of the same after a swap",
        "Whoever ends a swap with two cards of the same class or race discards one of them.",
        "debe descartarse de una de ellas",
    ),
    _r(
        "d10.reroll",
        "No card to swap: roll again",
        "With no class (for a 7) or no race (for an 8) in play, roll again on the table at no cost.",
        "Si no tienes en juego una de estas cartas, tira de nuevo en esta tabla.",
    ),
    _r(
        "d10.steal_level",
        "9: steal a level",
        "Take a level from another player; no more d10 rolls this turn.",
        "Róbale un nivel a otro jugador. No puedes volver a tirar en esta tabla durante este turno.",
    ),
    _r(
        "d10.choose",
        "10: your choice",
        "Pick any result of the table; nobody can change it.",
        "Elige el resultado que prefieras de esta tabla. Nadie puede cambiar este resultado.",
    ),
)
