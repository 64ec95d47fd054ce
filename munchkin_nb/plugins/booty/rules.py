"""The rules of Munchkin Booty that differ from the base game, or that it states in its own words.

Each cites the Munchkin Booty rulebook (German edition): its section and a short quote, verbatim as
the damaged text has it (letters and lines are lost). Where the text is unreadable the base game's
full rules fill the gap, and the section says so. `RENAMES` maps a core rule id to the rule of this
game that the engine cites in its place.
"""

from __future__ import annotations

from munchkin_nb.rules.catalogue import Rule

SEED = "001_36989bfcfe3c6efd.txt"  # Munchkin Booty, the rules (German, a damaged text extraction)
GAP = "the rest of the passage is lost in the German text; the base game's rule fills the gap"


def _r(id: str, title: str, text: str, section: str) -> Rule:
    return Rule(id, title, text, SEED, section, rulesets=("booty",))


RULES: tuple[Rule, ...] = (
    _r(
        "booty.deal",
        "Four and four",
        "Each player starts with four door and four treasure cards, face down.",
        "Tod: 'wie zu Spielbeginn verdeckt 4 Türkarten und 4 Schatzkarten'",
    ),
    _r(
        "booty.no_return",
        "No taking cards back",
        "Cards in the hand are not in play and do not help; a card once laid out never goes back to the hand.",
        "Kartentypen: 'Einmal ausgelegte Karten kannst du nicht wieder auf die Hand nehmen.'",
    ),
    _r(
        "booty.one_accent",
        "One accent",
        "Accents take the place of races: a pirate has at most one accent (French, Spanish, British, Dutch), or two with Bilingual.",
        "Klassen / Akzente: 'Du darfst maximal 1 Klasse gleichzeitig angehören und 1 Akzent gleich- zeitig haben.'",
    ),
    _r(
        "booty.one_class",
        "One class",
        "A pirate belongs to at most one class, or two with Super Munchkin.",
        "Klassen / Akzente: 'Du darfst maximal 1 Klasse gleichzeitig angehören'",
    ),
    _r(
        "booty.identity_when",
        "Classes and accents on your turn, or when drawn",
        "A class or an accent is laid out on your own turn or at the moment you draw it.",
        "Klassen / Akzente: 'Klassen/Akzente dürfen nur im eigenen Zug ausgespielt werden oder in dem Moment, in dem du sie ziehst.'",
    ),
    _r(
        "booty.drop_identity",
        "Dropping a class or accent",
        "A class or accent may be dropped at any time, even in the middle of a fight.",
        "Klassen / Akzente: 'Du kannst eine Klasse/einen Akzent jederzeit ablegen, sogar mitten im Kampf'",
    ),
    _r(
        "booty.abilities",
        "Abilities on the cards",
        "Each class and accent has the abilities its card prints (the Gunner's backstab and theft, the "
        "French accent's level for helping kill a monster), gained when it is laid out, lost when it goes.",
        "Klassen / Akzente: 'Jede Rasse/jeder Akzent hat besondere Fähigkeiten, die auf den Karten stehen.'",
    ),
    _r(
        "booty.discard_cost",
        "Abilities paid with cards",
        "An ability paid for with discards may be paid with any card in play or in hand, but not with "
        "the class card whose ability it is (nor the whole hand when the hand is empty).",
        "Klassen / Akzente: 'Ablegen kannst du jede Karte im Spiel oder von deiner Hand.'; 'Ebenso "
        "wenig darfst du die Klassenkarte selbst ablegen.'",
    ),
    _r(
        "booty.super_munchkin",
        "Super Munchkin, at any time",
        "With a class in play, Super Munchkin may be played at any time, to add a second class.",
        "Klassen / Akzente: 'Diese Karte darfst du jeder- zeit ausspielen, wenn du schon eine Klasse im Spiel hast'",
    ),
    _r(
        "booty.super_munchkin_lost",
        "Super Munchkin goes with a class",
        "As soon as a player loses one of the classes, Super Munchkin is lost too.",
        "Klassen / Akzente: 'Sobald du eine der beiden Klassen verlierst, verlierst du auch die Super Munch- kin-Karte.'",
    ),
    _r(
        "booty.bilingual",
        "Bilingual, at any time",
        "With an accent in play, Bilingual may be played at any time.",
        "Klassen / Akzente: 'Zweisprachig: Diese Karte darfst du jederzeit ausspielen, wenn du schon einen Akzent besitzt.'",
    ),
    _r(
        "booty.bilingual_second_accent",
        "A second accent",
        "While Bilingual is out, a second accent may be added at any time, out of turn too.",
        "Klassen / Akzente: 'Solange die Zweisprachig-Karte drau- ßen liegt, darfst du zu jeder anderen Zeit einen weiteren Akzent hinzufügen.'",
    ),
    _r(
        "booty.bilingual_lost",
        "Bilingual goes with the last accent",
        "As soon as a player has no accent left in play, Bilingual is lost.",
        "Klassen / Akzente: 'Sobald du keinen Akzent mehr im Spiel hast, verlierst du die Zweisprachig-Karte.'",
    ),
    _r(
        "booty.big",
        "One big item",
        "Any number of small items may be carried, but only one big one.",
        "Gegenstände: 'Du darfst eine beliebige Anzahl an kleinen Gegenständen tragen, aber maximal einen Großen.'",
    ),
    _r(
        "booty.items_when",
        "Items on your turn, or when received",
        "Items from the hand are laid out only on your own turn or at the moment you receive them; one-shots are the exception.",
        "Gegenstände: 'Gegenstände dürfen nur im eigenen Zug ausgespielt werden oder in dem Moment, in dem man sie erhält.'",
    ),
    _r(
        "booty.received",
        "Laid out on receipt",
        "Cards a player receives out of their own turn (a helper's treasure, a looted body, charity) may be laid out at once, where the usual rules allow, or kept in hand.",
        "Gegenstände: 'oder in dem Moment, in dem man sie erhält'; Tod: 'Die so erhaltenen Karten können nach den üblichen Regeln entweder auf die Hand genommen oder sofort ausgelegt werden.'",
    ),
    _r(
        "booty.one_shot",
        "One-shots in any fight",
        "Usable-once-only items may be played in another player's fight too, straight from the hand, for either side.",
        "Gegenstände: '„Nur einmal einsetzbar“ dürfen auch während eines gegnerischen Kampfes gespielt werden, sogar direkt aus der Hand.'",
    ),
    _r(
        "booty.slots",
        "Slots",
        "One headgear, one armour, one footgear and two hands' worth of hand items count at once (the start of the passage is lost; the base game's slots fill it).",
        f"Gegenstände: 'und zwei Gegenstände für jeweils „1 Hand“ (oder einen Gegenstand für „2 Hände“) gleichzeitig nutzen' ({GAP})",
    ),
    _r(
        "booty.backpack",
        "The backpack",
        "Items a pirate carries but cannot use lie sideways, in the backpack; they come out of it only on the owner's own turn, outside a fight.",
        "Gegenstände: 'sie befinden sich dann in dei- nem Rucksack. Du kannst Gegenstände nur nur in deinem eigenen Zug aus dem Rucksack holen; dabei darfst du weder gerade im Kampf sein'",
    ),
    _r(
        "booty.into_the_backpack",
        "Into the backpack",
        "Some bad stuff and curses turn every item a pirate wears sideways, into the backpack; they stay in play.",
        "Gegenstände: 'sie befinden sich dann in dei- nem Rucksack'",
    ),
    _r(
        "booty.restrictions",
        "Restricted items",
        "Some items may be used only by one class, such as a Privateer; anyone may carry them sideways.",
        "Achtung: 'wie zum Beispiel „Nur von Freibeutern nutzbar “'",
    ),
    _r(
        "booty.sell",
        "Selling",
        "On your turn, outside a fight, items from hand or play worth 1,000 gold buy a level, 2,000 two; no change is given; selling never reaches the winning level.",
        "Gegenstände verkaufen: 'Lege jederzeit während deines Zuges (jedoch nicht im Kampf!)'; 'Dazu darfst du sowohl Gegenstände, die du trägst, als auch solche aus deiner Hand einlösen.' (the winning level: "
        + GAP
        + ")",
    ),
    _r(
        "booty.trade",
        "Trading",
        "Only items in play are traded, never from the hand, at any time but while a fight is on (nobody trades then); a traded item is laid out at once and sold only on your own turn (the very turn you got it, too).",
        "Gegenstände handeln: 'also nicht von deiner Hand'; 'jedoch nicht, wenn du dich im Kampf befindest'; 'Jeder Gegenstand, den du durch einen Handel bekommst, wird sofort aus- gelegt.'",
    ),
    _r(
        "booty.gift",
        "Gifts and bribes",
        "Items may be given away without a trade, to bribe other players.",
        "Gegenstände handeln: 'Du darfst auch Gegenstände ohne Handel weggeben, um andere Spieler damit zu bestechen'",
    ),
    _r(
        "booty.curse_door",
        "A curse from the door",
        "A curse turned up in phase 1 (open the door) strikes you (the end of the sentence is lost; the base game's rule fills it).",
        f"Flüche: 'Deckst du einen Fluch während Phase 1: Tür öffnen aufdich.' ({GAP})",
    ),
    _r(
        "booty.curse_any",
        "A curse from hand",
        "A curse drawn at any other time goes to the hand and may be played on any player, yourself too, at any moment.",
        "Flüche: 'darfst du ihn auf die Hand nehmen und auf jeden beliebigen Spieler zu jedem beliebigen Zeitpunkt anwenden'",
    ),
    _r(
        "booty.curse_at_once",
        "A curse acts at once, if it can",
        "A curse acts on its victim at once, where it can, and is then discarded; on something the victim lacks it does nothing.",
        "Flüche: 'Ein Fluch wirkt immer sofort auf sein Opfer (falls möglich) und wird dann abgelegt.'",
    ),
    _r(
        "booty.help",
        "Asking for help",
        "A fighter may ask one other player after another; only one may help.",
        "Um Hilfe bitten: 'ein einziger Spieler darf dir helfen'",
    ),
    _r(
        "booty.bribe",
        "Bribes",
        "Help may be bought with items you carry or any number of the monster's treasures; a share of the treasures comes with who draws first if you win.",
        "Um Hilfe bitten: 'Du darfst ihm einen beliebigen Gegenstand (oder mehrere) von denen anbieten, die du gerade bei dir trägst'",
    ),
    _r(
        "booty.monster_abilities",
        "Monster strengths hit the helper too",
        "A monster's special strengths and weaknesses apply to the helper too, and the other way round.",
        "Um Hilfe bitten: 'Die besonderen Stärken oder Schwächen eines Monsters treffen auch dei- nen Helfer und umgekehrt.'",
    ),
    _r(
        "booty.window",
        "The last chance",
        "Whoever thinks a monster is dead waits a reasonable time, about 2.6 seconds, for others to play cards.",
        "Kampf beeinflussen: 'im Allgemeinen so um die 2,6 Sekunden'",
    ),
    _r(
        "booty.anyone_plays",
        "Anyone plays in a fight",
        "One-shots, Wandering Monsters, monster enhancers, level changes and curses may be played in your own fight and in other players' fights.",
        "Kampf beeinflussen: 'Alle diese Aktionen sind sowohl im eigenen Kampf erlaubt als auch in Kämpfen ande- rer Spieler!'",
    ),
    _r(
        "booty.wandering_monster",
        "Wandering Monster",
        "A Wandering Monster played with a monster from the hand brings that monster into the fight.",
        "Kampf beeinflussen: 'Diese Karte bringt ein weiteres Monster in den Kampf'",
    ),
    _r(
        "booty.several_monsters",
        "Several monsters",
        "Several monsters are fought together, their strengths summed; one removed early leaves the fight going on.",
        "Kampf beeinflussen: 'Alle Monster müssen zusammen bekämpft werden.'",
    ),
    _r(
        "booty.enhancer",
        "Monster enhancers",
        "All bonuses on one monster add up; with several monsters the player chooses which one a card is for.",
        "Kampf beeinflussen: 'Alle derartigen Boni addieren sich'",
    ),
    _r(
        "booty.no_equipment_changes",
        "No item business in a fight",
        "In a fight nobody steals, sells or trades items, and no item but a one-shot is played.",
        "Kampf beeinflussen: 'Es ist allerdings nicht erlaubt, während eines Kampfes Gegenstände zu stehlen, zu verkaufen oder zu handeln'",
    ),
    _r(
        "booty.win",
        "Winning a fight",
        "Each monster killed gives a level; its treasures are drawn face down alone, face up when helped, and may be laid out at once.",
        "Gewonnen!: 'Du steigst nun automatisch um eine Stufe auf'; 'Ziehe sie verdeckt, wenn du das Monster allein besiegt hast, oder offen, wenn du Hilfe hattest.'",
    ),
    _r(
        "booty.defeat_without_kill",
        "Defeated, not killed",
        "A monster defeated without killing it gives no level, but its treasures all the same: one a card "
        "removes from a fight gives them when the fight is won, even beside another monster (and none "
        "if the fight is then lost).",
        "Gewonnen!: 'du besiegt hast, ohne es zu töten'; 'egal, ob du das Monster getötet oder anders "
        "eliminiert hast'; Kampf beeinflussen: 'bekommst du für das eliminierte Monster keinen Schatz'",
    ),
    _r(
        "booty.run",
        "Running away",
        "A pirate who cannot win must run away: a roll of 5 or more escapes (the numbers are lost in the German text; the base game's rule fills them).",
        f"Verloren: 'Jetzt bleibt nur noch eins' ({GAP})",
    ),
    _r(
        "booty.bad_stuff",
        "Bad stuff",
        "A monster that catches you does the bad stuff on its card: an item, levels, or death.",
        "Verloren: 'oder auch, dass dich der To ereilt'",
    ),
    _r(
        "booty.death",
        "Death",
        "A dead pirate keeps classes, accents and levels (with Super Munchkin and Bilingual, which hold the second of each) and loses everything else in hand and in play.",
        "Tod: 'Du behältst deine Klasse(n), Akzente und Stufen, aber du verlierst alles andere Zeug'",
    ),
    _r(
        "booty.loot_the_body",
        "Looting the body",
        "From the highest level down, each player picks one card of the dead character; ties roll; the rest is discarded.",
        "Tod: 'Beginnend mit dem Spieler mit der höchsten Stufe darf sich nun jeder Munchkin eine Karte des getöteten Charakters aussuchen.'",
    ),
    _r(
        "booty.help_at_once",
        "The dead help at once",
        "The new character is back in the game at once and may help in a fight straight away, though without cards.",
        "Tod: 'Du kannst ab sofort schon wieder im Kampf helfen, hast aber noch keine Karten.'",
    ),
    _r(
        "booty.new_character",
        "Four and four at the next turn",
        "At the start of the next turn the dead pirate draws four door and four treasure cards face down and may lay out accents, classes and items at once.",
        "Tod: 'darfst Akzente, Klassen und Gegenstände sofort auslegen'",
    ),
    _r(
        "booty.charity",
        "Charity",
        "The turn goes on with phase 4, charity: cards beyond five go to the lowest-level player(s), or are discarded by the lowest (the phase's text is lost; the base game's rule fills it).",
        f"Gewonnen!: 'Dein Zug geht nun weiter mit Phase 4: Milde Gabe' ({GAP})",
    ),
)

#: the core rule -> the rule of this game the engine cites instead
RENAMES: dict[str, str] = {
    "setup.deal": "booty.deal",
    "play.no_return": "booty.no_return",
    "race.one": "booty.one_accent",
    "class.one": "booty.one_class",
    "race.discard": "booty.drop_identity",
    "ability.discard_cost": "booty.discard_cost",
    "thief.theft": "booty.abilities",
    "thief.backstab": "booty.abilities",
    "combat.elf_helper": "booty.abilities",
    "cheat.super_munchkin": "booty.super_munchkin",
    "cheat.not_a_race": "booty.super_munchkin_lost",
    "items.big": "booty.big",
    "turn.own_turn_only": "booty.items_when",
    "combat.one_shot": "booty.one_shot",
    "items.slots": "booty.slots",
    "items.restrictions": "booty.restrictions",
    "items.sell": "booty.sell",
    "items.trade": "booty.trade",
    "items.gift": "booty.gift",
    "curse.door": "booty.curse_door",
    "curse.any": "booty.curse_any",
    "curse.nothing_to_lose": "booty.curse_at_once",
    "combat.help": "booty.help",
    "combat.bribe": "booty.bribe",
    "combat.monster_abilities": "booty.monster_abilities",
    "combat.window": "booty.window",
    "combat.anyone_plays": "booty.anyone_plays",
    "combat.wandering_monster": "booty.wandering_monster",
    "combat.several_monsters": "booty.several_monsters",
    "combat.enhancer": "booty.enhancer",
    "combat.no_equipment_changes": "booty.no_equipment_changes",
    "combat.win": "booty.win",
    "combat.defeat_without_kill": "booty.defeat_without_kill",
    "run.roll": "booty.run",
    "run.bad_stuff": "booty.bad_stuff",
    "death.lose_everything": "booty.death",
    "death.loot_the_body": "booty.loot_the_body",
    "death.help_next_turn": "booty.help_at_once",
    "death.new_character": "booty.new_character",
    "turn.charity": "booty.charity",
}
