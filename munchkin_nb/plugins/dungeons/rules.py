"""The rules of dungeons and portals, each citing 000 (its dungeon and portal section) with a short quote."""

from __future__ import annotations

from munchkin_nb.rules.catalogue import Rule

SEED = "000_ec1365c06d4620a2.txt"  # Spanish full rules; dungeons and portals are one of their modules
SECTION = "Mazmorras y portales"


def _r(id: str, title: str, text: str, quote: str) -> Rule:
    return Rule(id, title, text, SEED, f"{SECTION}: '{quote}'", rulesets=("dungeons",))


RULES: tuple[Rule, ...] = (
    _r(
        "dungeons.deck",
        "The dungeon deck",
        "Dungeon cards make a deck of their own; discarded dungeons go to a pile of their own beside it.",
        "Las cartas de mazmorra forman su propio mazo.",
    ),
    _r(
        "dungeons.start",
        "One dungeon face up at the start",
        "The game begins with one dungeon, taken at random from the shuffled dungeon deck, face up on "
        "the table: the dungeon everyone is in.",
        "Empieza la partida con una carta de mazmorra boca arriba sobre la mesa",
    ),
    _r(
        "dungeons.in_play",
        "Every face-up dungeon is in play",
        "Every dungeon face up on the table is in play and affects every player; you may be in more "
        "than one dungeon at once.",
        "Todas las cartas de mazmorra que estén boca arriba en la mesa se consideran en juego.",
    ),
    _r(
        "dungeons.latest_wins",
        "The latest dungeon wins a conflict",
        "When two dungeons in play set the same thing (a run-away bonus, a hand limit, an extra big "
        "item), only the one entered last counts.",
        "En el caso de que dos mazmorras se contradigan entre sí, prevalece la última que se ha jugado.",
    ),
    _r(
        "dungeons.no_gap",
        "No gap between dungeons",
        "Moving from one dungeon to another, you enter the new one before you leave the old: what both "
        "allow is never lost on the way (a big item is checked only once you have moved).",
        "no hay ningún momento de transición desde que sales de una mazmorra y hasta que entras en otra",
    ),
    _r(
        "dungeons.no_winning_level",
        "Dungeon levels never win",
        "Levels a dungeon gives for entering or leaving it never give the winning level, unless the "
        "card says they may.",
        "Estas subidas de nivel no pueden proporcionarte el nivel necesario para ganar la partida, a no "
        "ser que la carta diga lo contrario.",
    ),
    _r(
        "dungeons.discarded",
        "Leaving a dungeon",
        "A dungeon left is discarded face down beside the dungeon deck; what it allowed ends with it.",
        "Las mazmorras descartadas se ponen boca abajo junto al mazo de robo.",
    ),
    _r(
        "dungeons.exit",
        "Discover an exit",
        "At any time in your own turn you may discard four cards from your hand to draw a new dungeon; "
        "you may then leave one of the dungeons in play.",
        "En cualquier momento de tu turno, puedes descartarte de 4 cartas",
    ),
    _r(
        "dungeons.leave_one",
        "Leave one dungeon or none",
        "Entering a new dungeon, you may leave one that was already in play, or stay in all of them.",
        "Roba una nueva mazmorra. En ese momento podrás descartar una mazmorra",
    ),
    _r(
        "dungeons.enter",
        "A portal leads into a dungeon",
        "A portal's instructions take you into a dungeon, leaving the one before or not, as the card says.",
        "Puedes entrar en una mazmorra, dejando la anterior o no.",
    ),
    _r(
        "dungeons.portal_face_up",
        "A portal drawn face up is obeyed at once",
        "A portal drawn face up (kicking the door) is carried out at once, and another door is drawn "
        "face up in its place.",
        "Cuando robas un portal boca arriba, debes seguir inmediatamente sus instrucciones.",
    ),
    _r(
        "dungeons.portal_face_down",
        "A portal drawn face down: obey it or keep it",
        "A portal drawn face down may be turned over and carried out at once (then another door is "
        "drawn face down), or kept in the hand.",
        "Cuando robas un portal boca abajo, puedes elegir entre dos opciones",
    ),
    _r(
        "dungeons.portal_from_hand",
        "Playing a portal from the hand",
        "A portal kept in the hand is played only in your own turn, outside a combat, and only one "
        "portal a turn; another door is then drawn face down.",
        "pero sólo si es tu turno, no estás metido en un combate, y no has jugado ya un portal ese turno.",
    ),
    _r(
        "dungeons.portal_replaced",
        "A portal is always replaced",
        "Whoever carries out a portal draws another door to replace it, face up or face down as the "
        "portal was drawn.",
        "Recuerda: cuando juegas un portal, siempre robas otra puerta para reemplazarlo.",
    ),
)
