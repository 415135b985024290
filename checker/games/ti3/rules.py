"""Rule ids of TI3, in the project's own numbering (stable once published).

Sections 1-11 are the status phase (docs/ti3/status-phase.md), 12-13 the end of the game
(docs/ti3/end-of-game.md). Sub-items carry letters (13.4a); notes are `13.note1`. The pages
define the same ids; the site build fails if one is missing.
"""

from __future__ import annotations

from checker.rulebook import RuleBook

TITLES: dict[str, str] = {
    # 1 The status phase as a whole
    "1": "Status phase",
    "1.1": "The last phase of the game round",
    "1.2": "Seven steps in a fixed order",
    "1.3": "A finished step does not come back",
    "1.4": "End of round: a new strategy phase follows",
    # 2 Step 1: qualify for objectives
    "2": "Step 1: qualify for objectives",
    "2.1": "Claims are made in order of play",
    "2.1a": "No going back to an earlier player",
    "2.2": "At most one public objective and the secret objective per status phase",
    "2.3": "Only face-up public objectives can be claimed",
    "2.4": "Each public objective once per player",
    "2.5": "Several players may claim the same public objective",
    "2.6": "Only one's own secret objective",
    "2.7": "The requirements must be met",
    "2.8": "Claiming: control marker and victory points",
    # 3 Home system
    "3": "Home system control",
    "3.1": "No claims without every planet of the home system",
    "3.2": "Enemy ships in the home system do not matter",
    "3.3": "After regaining control, requirements are met anew",
    # 4 Preliminary objectives
    "4": "Preliminary objectives (option)",
    "4.1": "A preliminary objective comes first",
    "4.2": "Claimed in step 1 like other objectives",
    "4.3": "No secret objective before the preliminary objective is completed",
    # 5-10 The other steps
    "5": "Step 2: repair damaged units",
    "5.1": "Damaged units with sustain damage are repaired",
    "6": "Step 3: remove command counters",
    "6.1": "Command counters on the board go back to reinforcements",
    "7": "Step 4: refresh planet cards",
    "7.1": "Exhausted planet cards are refreshed",
    "7.2": "A planet's refresh ability exhausts it",
    "8": "Step 5: one action card and two command counters",
    "8.1": "Each player draws one action card",
    "8.2": "Each player receives two command counters",
    "9": "Step 6: redistribute command areas",
    "9.1": "Counters move between strategy allocation, command pool and fleet supply",
    "9.2": "The fleet supply never below the largest fleet",
    "10": "Step 7: return strategy cards",
    "10.1": "Every strategy card goes back",
    "11": "Scuttling",
    "11.1": "Own units may be scuttled at any time in the status phase",
    "11.2": "Scuttled units return to reinforcements",
    # 12 Victory point track
    "12": "End of game: the victory point track",
    "12.1": "The track has 10 spaces, or 14 on the long track",
    "12.2": "Reaching the last space wins at once",
    # 13 Imperium Rex
    "13": "Imperium Rex",
    "13.1": "The Imperial strategy card's primary ability",
    "13.2": "Imperium Rex ends the game at once",
    "13.3": "Most victory points wins",
    "13.3a": "Tie: most planets",
    "13.3b": "Still tied: most unused command counters",
    "13.3c": "Still tied: most command counters on the race sheet",
    "13.3d": "Tied through everything: a draw",
    "13.note1": "Which command counters are unused",
    # Related rules the engine leans on
    "14": "Game round: strategy, action, status",
    "14.1": "Strategy phase: each player takes a strategy card",
    "14.2": "Order of play follows the strategy card numbers",
    "14.3": "A strategy card's primary ability once per round",
}

RULEBOOK = RuleBook("ti3", TITLES, source=__file__)
