"""Rule ids of Arcs that scenarios and the engine may cite, in the project's own numbering.

Arcs has no numbered rules reference, so the end of a chapter is numbered here:
1 when a chapter ends and the order of its steps, 2 scoring ambitions, 3 clean-up,
4 the end of the game, 5 drawing cards. The pages under docs/arcs/ define the
same ids; the site build fails when one is missing. Stable once published.
"""

from __future__ import annotations

from checker.rulebook import RuleBook

TITLES: dict[str, str] = {
    # 1 Ending a chapter
    "1": "Ending a chapter",
    "1.1": "When the chapter ends",
    "1.1a": "Everyone is out of action cards",
    "1.1b": "Everyone with cards passes the initiative in a row",
    "1.2": "Passing the initiative",
    "1.3": "Cards still in hand are discarded",
    "1.4": "The four steps, in order",
    # 2 Scoring ambitions
    "2": "Step 1: score ambitions",
    "2.1": "The three ambition markers",
    "2.2": "Every ambition with a marker is scored",
    "2.3": "What each ambition counts",
    "2.3a": "Tycoon: Fuel and Material",
    "2.3b": "Tyrant: Captives",
    "2.3c": "Warlord: Trophies",
    "2.3d": "Keeper: Relics",
    "2.3e": "Empath: Psionics",
    "2.4": "First place gains the higher numbers of all markers",
    "2.5": "Second place gains the lower numbers of all markers",
    "2.6": "Power is shown on the Power track",
    "2.7": "A tie for first: all tied players take second",
    "2.8": "A tie for second: nobody takes second",
    "2.9": "Qualifying: none of the thing, no place",
    "2.10": "Bonus Power from cities for an untied first place",
    "2.10a": "Bonus Power once per ambition",
    "2.10b": "The city slots and the bonuses they uncover",
    "2.11": "Two players: the resources on the ambition boxes",
    "2.11a": "Which resources go on which box",
    "2.11b": "Weapons on Warlord count as Trophies",
    "2.11c": "The third player places but gains nothing",
    "2.note1": "Places with three or four players",
    "2.note2": "A tie on nothing is no tie",
    "2.note3": "Ties with the two-player neutral",
    "2.note4": "No bonus for second place or a shared first",
    # 3 Clean-up
    "3": "Step 2: clean up and flip an ambition marker",
    "3.1": "Warlord scored: all Trophies return",
    "3.2": "Tyrant scored: all Captives return",
    "3.3": "Ships, starports and agents go to their owners' supply",
    "3.4": "Cities go to the rightmost empty city slot",
    "3.5": "All ambition markers become available",
    "3.6": "Flip the lowest unflipped marker",
    "3.6a": "The values of both sides",
    # 4 End of the game
    "4": "Step 3: end the game or advance the chapter",
    "4.1": "Enough Power ends the game: 27, 30 or 33",
    "4.2": "The fifth chapter is the last",
    "4.3": "Most Power wins",
    "4.3a": "Ties go to the earliest in turn order",
    "4.4": "Otherwise the next chapter",
    # 5 Drawing cards
    "5": "Step 4: draw cards",
    "5.1": "Each player draws six action cards",
    "5.2": "The other cards go to the discard pile",
    "5.3": "The initiative holder starts the chapter",
    "5.4": "Two players: a mulligan",
    "5.4a": "Only the player without initiative, once, right after drawing",
}

RULEBOOK = RuleBook("arcs", TITLES, source=__file__)
