"""The rules of Munchkin Cthulhu that differ from the base game, or that it states in its own words.

Each cites the Munchkin Cthulhu rulebook (Russian edition): its section and a short quote.
`RENAMES` maps a core rule id to the rule of this game that the engine cites in its place.
"""

from __future__ import annotations

from munchkin_nb.rules.catalogue import Rule

SEED = "003_d9dffe2412ccea8c.txt"  # Munchkin Cthulhu, the full rules (Russian)


def _r(id: str, title: str, text: str, section: str) -> Rule:
    return Rule(id, title, text, SEED, section, rulesets=("cthulhu",))


RULES: tuple[Rule, ...] = (
    _r(
        "cthulhu.players",
        "Three to six players",
        "Munchkin Cthulhu is played by three to six players.",
        "Подготовка к игре: 'Играют от 3 до 6 Манчкинов'",
    ),
    _r(
        "cthulhu.deal",
        "Two and two",
        "Each player is dealt two door cards and two treasure cards at the start, not four and four.",
        "Подготовка к игре: 'Сдайте по две карты из каждой колоды всем игрокам.'",
    ),
    _r(
        "cthulhu.start_character",
        "Level 1, no class",
        "Everyone starts at level 1 with no class; there are no races in this game.",
        "Генерация персонажа: 'Все начинают игру с Уровнем 1 без Класса'",
    ),
    _r(
        "cthulhu.first_player",
        "Roll for the first turn",
        "A die roll decides who goes first.",
        "Начало и завершение игры: 'Решите, кто ходит первым, с помощью броска кубика'",
    ),
    _r(
        "cthulhu.discards",
        "Separate discard piles",
        "Doors and treasures each have their own face-up discard pile.",
        "Что делать с картами: 'Для обеих колод заведите раздельные стопки сброса'",
    ),
    _r(
        "cthulhu.reshuffle",
        "Reshuffle the discards",
        "When a deck runs out, its discard pile is shuffled into a new deck.",
        "Что делать с картами: 'перемешайте соответствующую стопку сброса и используйте его'",
    ),
    _r(
        "cthulhu.kick_door",
        "Open the door",
        "The turn begins by drawing the top door card face up.",
        "Фазы Хода: 'тяните одну карту из колоды Подземелий в открытую'",
    ),
    _r(
        "cthulhu.loot_the_room",
        "Search the room",
        "Whoever met no monster (or fled none) may take one more door card face down into the hand.",
        "Фазы Хода: 'берите в руку еще одну карту Подземелья в закрытую'",
    ),
    _r(
        "cthulhu.charity",
        "Charity",
        "Cards beyond five in hand at the end of the turn go to the lowest-level player, or are discarded by the lowest.",
        "Фазы Хода: 'отдайте лишние карты живому игроку с самым низким уровнем'",
    ),
    _r(
        "cthulhu.one_class",
        "One class",
        "A character has at most one class card in play: Professor, Investigator, Monster Whacker or Cultist; Super Munchkin allows a second.",
        "Классы: 'Вы не можете принадлежать более чем к одному классу, кроме как используя карту СуперМанчкин.'",
    ),
    _r(
        "cthulhu.class_discard",
        "Dropping a class",
        "A class card may be dropped at any time, even in a combat, except the Cultist.",
        "Классы: 'Карту Класса можно сбросить е любой момент, даже во время боя.'",
    ),
    _r(
        "cthulhu.super_munchkin",
        "Super Munchkin",
        "With one class in play, Super Munchkin may be played to have two.",
        "Супер Манчкин: 'Когда у вас уже есть одна карта класса в игре, вы можете сыграть «Супер Манчкин», с этого момента класса у вас два.'",
    ),
    _r(
        "cthulhu.super_munchkin_lost",
        "Super Munchkin needs a class",
        "Super Munchkin is discarded as soon as its owner has lost both classes.",
        "Супер Манчкин: 'Вы теряете «Супер Манчкина» если потеряли оба класса.'",
    ),
    _r(
        "cthulhu.cultist_stays",
        "A Cultist stays a Cultist",
        "A player may not drop a Cultist card at will, nor pay an ability's cost with it; only cards "
        "(their own or others') take it away.",
        "Сектанты: 'Вы не можете добровольно сбросить этот класс!'",
    ),
    _r(
        "cthulhu.cultist_pile",
        "The Cultists' own pile",
        "A Cultist card discarded for any reason goes to its own pile, not to the door discards; cards that act on discards do not reach it.",
        "Сектанты: 'положите ее в отдельную стопку сброса, а не вместе с остальными сброшенными дверями'",
    ),
    _r(
        "cthulhu.become_cultist",
        "Become a Cultist",
        "A card that makes a player a Cultist takes a Cultist card from the Cultists' pile into that player's classes (replacing a class that leaves no room); with none there it does nothing.",
        "Сектанты: 'Если сброшенных карт Сектанта нет — в этот раз вам удалось спастись.'",
    ),
    _r(
        "cthulhu.divine_intervention",
        "Divine Intervention cures the cult",
        "Divine Intervention, a card of the base game (in a game with those cards shuffled in), cures everyone once it is played: every Cultist card in play goes to the Cultists' pile, and its owner is left without that class.",
        "Более жесткие правила для Сектантов: 'Божественное Вмешательство действительно может исцелить всех от Оккультизма, будучи сыгранным'",
    ),
    _r(
        "cthulhu.mix",
        "Played with the base game's cards",
        "Munchkin Cthulhu may be played with the base game's cards shuffled into its decks; the game keeps Munchkin Cthulhu's rules, and each card does what its text says.",
        "Вступление: 'Основан на оригинальном Munchkin и может комбинироваться с ним'",
    ),
    _r(
        "cthulhu.already_cultist",
        "Already a Cultist",
        "A Cultist who is told to become a Cultist takes no second card.",
        "Сектанты: 'Если вы уже Сектант, то это на вас не действует'",
    ),
    _r(
        "cthulhu.last_non_cultist",
        "The last one standing",
        "When all players but one are Cultists, the last non-Cultist goes up a level at once, and may win that way.",
        "Более жесткие правила для Сектантов: 'Этот последний не-Сектант получает уровень и может выиграть таким образом.'",
    ),
    _r(
        "cthulhu.all_cultists",
        "Everyone is a Cultist",
        "When every player is a Cultist the game ends and the highest level wins; players tied for it all win, as two who reach level 10 together do (the rulebook says nothing of ties).",
        "Более жесткие правила для Сектантов: 'Если вообще все игроки стали Сектантами, игра заканчивается и побеждает игрок с наивысшим уровнем.'",
    ),
    _r(
        "cthulhu.win_together",
        "Two may win together",
        "The first to reach level 10 wins; two players who kill a monster together and reach 10 at once both win.",
        "Начало и завершение игры: 'Если два игрока убивают монстра вместе и поднимаются на 10-й уровень одновременно, они оба выигрывают.'",
    ),
    _r(
        "cthulhu.win_by_kill",
        "Level 10 only by a kill",
        "The tenth level is gained only by killing a monster (or as the last non-Cultist).",
        "Начало и завершение игры: 'получить 10-й уровень можно только убив монстра'",
    ),
    _r(
        "cthulhu.level_floor",
        "No level below 1",
        "No card takes a player's level to 0 or below; a combat strength may still be negative.",
        "Когда играть Карты: 'ни одна карта не может опустить игрока или монстра до уровня нуля или ниже'",
    ),
    _r(
        "cthulhu.monster_level_floor",
        "No monster below level 1",
        "However many cards lower a monster, its level (printed level and enhancers together) stays at least 1.",
        "Когда играть Карты: 'ни одна карта не может опустить игрока или монстра до уровня нуля или ниже'; Уровень: 'эффективный уровень во время боя может быть отрицательным'",
    ),
    _r(
        "cthulhu.professor_items",
        "Professor-only items",
        "Some items, such as the Necronomicon, give their bonus only to a Professor; anyone may carry them.",
        "Вещи: '«Некрономикон» может использовать только Профессор'",
    ),
    _r(
        "cthulhu.helper_levels",
        "Helpers gain no levels",
        "A helper gains no levels for a kill unless a card says so (here: the Cultist's class card).",
        "Звать на помощь: 'А вот помощник ваш уровни не получает.'; Когда играть Карты: 'Инструкции на картах всегда главнее общих правил.'",
    ),
    _r(
        "cthulhu.defeat_without_kill",
        "Removed by a card: treasures, no level",
        "A monster a card removes from a fight gives no level but its treasures, when the fight is won, "
        "even if another monster was fought beside it; if you run from the others, you get none.",
        "Сокровища: 'Когда вы побеждаете монстра, убив или убрав его, используя карту, вы получаете его "
        "Сокровища.'",
    ),
    _r(
        "cthulhu.run",
        "Running away",
        "A run-away roll of 5 or more escapes.",
        "Смывка: 'Спасаетесь только на 5 и больше.'",
    ),
    _r(
        "cthulhu.death",
        "Death",
        "A dead player keeps class and level and loses every other card, lasting curses too.",
        "Смерть: 'Вы сохраняете только Класс и Уровень'",
    ),
    _r(
        "cthulhu.loot_the_body",
        "Looting the body",
        "From the highest level down, each other player takes one card of the body; the rest is discarded.",
        "Смерть: 'Начиная с самого высокоуровневого Манчкина, другие игроки по очереди выбирают себе по одной карте.'",
    ),
    _r(
        "cthulhu.new_character",
        "Back with two and two",
        "At the start of the next turn the dead player draws two door and two treasure cards face down.",
        "Смерть: 'прежде всего возьмите в закрытую по две карты из каждой колоды'",
    ),
    _r(
        "cthulhu.help_next_turn",
        "The dead help from the next turn",
        "The new character may help in a combat from the next turn on.",
        "Смерть: 'уже на следующем ходу может помогать в бою соседям'",
    ),
    _r(
        "cthulhu.sell",
        "Selling",
        "On your turn, items worth 1,000 gold from play or hand buy a level; no change is given.",
        "Вещи: 'Вы можете продавать как надетые вещи, так и вещи из руки.'",
    ),
    _r(
        "cthulhu.trade",
        "Trading",
        "Items in play (never from the hand, never other cards) may be traded at any time but while a "
        "fight is on: then nobody trades, whoever fights.",
        "Торговля: 'Меняться можно только вещами со стола, но не из руки.'",
    ),
    _r(
        "cthulhu.no_equipment_changes",
        "Equipment is fixed in a fight",
        "Worn items cannot be swapped during a combat or while running away.",
        "Вещи: 'Вы НЕ можете менять одетую Шмотку (к примеру Обувку), во время боя или убегая от монстра.'",
    ),
    _r(
        "cthulhu.curse_any",
        "A curse from hand",
        "A curse drawn face down may be played on any player at any moment.",
        "Проклятия: 'может быть сыграно на ЛЮБОГО игрока в ЛЮБОЙ момент игры'",
    ),
    _r(
        "cthulhu.received",
        "Played as soon as received",
        "A treasure or class card received out of your own turn (won as a helper, given as charity, "
        "looted from a body) may be played at that moment, where it could go on the table; otherwise "
        "it waits for your turn.",
        "Сокровища - как играть: 'Любая карта Сокровища может быть сыграна сразу же по факту получения "
        "или в любой момент вашего собственного хода.'",
    ),
    _r(
        "cthulhu.one_shot",
        "One-shots in any combat",
        "A one-shot may be played in any combat, from hand or from play.",
        "Сокровища - как использовать: 'Любая одноразовая карта может быть сыграна в ходе любого Боя'",
    ),
    _r(
        "cthulhu.enhancer",
        "Monster enhancers",
        "Cards that raise or lower a monster's level, and the Wandering Thing, may be played in any combat.",
        "Карты усиления Монстров: 'Эти карты можно играть в течение любого боя.'",
    ),
)

#: the core rule -> the rule of this game the engine cites instead
RENAMES: dict[str, str] = {
    "setup.players": "cthulhu.players",
    "setup.deal": "cthulhu.deal",
    "setup.start_character": "cthulhu.start_character",
    "setup.first_player": "cthulhu.first_player",
    "decks.discards": "cthulhu.discards",
    "decks.reshuffle": "cthulhu.reshuffle",
    "turn.kick_door": "cthulhu.kick_door",
    "turn.loot_the_room": "cthulhu.loot_the_room",
    "turn.charity": "cthulhu.charity",
    "class.one": "cthulhu.one_class",
    "race.discard": "cthulhu.class_discard",
    "cheat.super_munchkin": "cthulhu.super_munchkin",
    "level.win": "cthulhu.win_together",
    "level.win_by_kill": "cthulhu.win_by_kill",
    "level.min": "cthulhu.level_floor",
    "items.restrictions": "cthulhu.professor_items",
    "combat.elf_helper": "cthulhu.helper_levels",
    "run.roll": "cthulhu.run",
    "combat.defeat_without_kill": "cthulhu.defeat_without_kill",
    "death.lose_everything": "cthulhu.death",
    "death.loot_the_body": "cthulhu.loot_the_body",
    "death.new_character": "cthulhu.new_character",
    "death.help_next_turn": "cthulhu.help_next_turn",
    "items.sell": "cthulhu.sell",
    "items.trade": "cthulhu.trade",
    "combat.no_equipment_changes": "cthulhu.no_equipment_changes",
    "curse.any": "cthulhu.curse_any",
    "combat.one_shot": "cthulhu.one_shot",
    "combat.enhancer": "cthulhu.enhancer",
}
