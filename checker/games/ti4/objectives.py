"""The catalog of real TI4 objective cards (base game and Prophecy of Kings): names and printed facts."""

from __future__ import annotations

from checker.games.ti4.cards import ObjectiveCard, ObjectiveType, Phase

_I, _II, _S = ObjectiveType.STAGE_I, ObjectiveType.STAGE_II, ObjectiveType.SECRET
_STATUS, _ACTION, _AGENDA = Phase.STATUS, Phase.ACTION, Phase.AGENDA

OBJECTIVES: tuple[ObjectiveCard, ...] = (
    # Stage I public objectives, base game
    ObjectiveCard("Corner the Market", _I, 1, _STATUS),
    ObjectiveCard("Develop Weaponry", _I, 1, _STATUS),
    ObjectiveCard("Diversify Research", _I, 1, _STATUS),
    ObjectiveCard("Erect a Monument", _I, 1, _STATUS, cost="8 resources"),
    ObjectiveCard("Expand Borders", _I, 1, _STATUS),
    ObjectiveCard("Found Research Outposts", _I, 1, _STATUS),
    ObjectiveCard("Intimidate Council", _I, 1, _STATUS),
    ObjectiveCard("Lead From the Front", _I, 1, _STATUS, cost="3 command tokens"),
    ObjectiveCard("Negotiate Trade Routes", _I, 1, _STATUS, cost="5 trade goods"),
    ObjectiveCard("Sway the Council", _I, 1, _STATUS, cost="8 influence"),
    # Stage I public objectives, Prophecy of Kings
    ObjectiveCard(
        "Amass Wealth", _I, 1, _STATUS,
        cost="3 influence, 3 resources, 3 trade goods", expansion="pok",
    ),
    ObjectiveCard("Build Defenses", _I, 1, _STATUS, expansion="pok"),
    ObjectiveCard("Discover Lost Outposts", _I, 1, _STATUS, expansion="pok"),
    ObjectiveCard("Engineer a Marvel", _I, 1, _STATUS, expansion="pok"),
    ObjectiveCard("Explore Deep Space", _I, 1, _STATUS, expansion="pok"),
    ObjectiveCard("Improve Infrastructure", _I, 1, _STATUS, expansion="pok"),
    ObjectiveCard("Make History", _I, 1, _STATUS, expansion="pok"),
    ObjectiveCard("Populate the Outer Rim", _I, 1, _STATUS, expansion="pok"),
    ObjectiveCard("Push Boundaries", _I, 1, _STATUS, expansion="pok"),
    ObjectiveCard("Raise a Fleet", _I, 1, _STATUS, expansion="pok"),
    # Stage II public objectives, base game
    ObjectiveCard("Centralize Galactic Trade", _II, 2, _STATUS, cost="10 trade goods"),
    ObjectiveCard("Conquer the Weak", _II, 2, _STATUS),
    ObjectiveCard("Form Galactic Brain Trust", _II, 2, _STATUS),
    ObjectiveCard("Found a Golden Age", _II, 2, _STATUS, cost="16 resources"),
    ObjectiveCard("Galvanize the People", _II, 2, _STATUS, cost="6 command tokens"),
    ObjectiveCard("Manipulate Galactic Law", _II, 2, _STATUS, cost="16 influence"),
    ObjectiveCard("Master the Sciences", _II, 2, _STATUS),
    ObjectiveCard("Revolutionize Warfare", _II, 2, _STATUS),
    ObjectiveCard("Subdue the Galaxy", _II, 2, _STATUS),
    ObjectiveCard("Unify the Colonies", _II, 2, _STATUS),
    # Stage II public objectives, Prophecy of Kings
    ObjectiveCard("Achieve Supremacy", _II, 2, _STATUS, expansion="pok"),
    ObjectiveCard("Become a Legend", _II, 2, _STATUS, expansion="pok"),
    ObjectiveCard("Command an Armada", _II, 2, _STATUS, expansion="pok"),
    ObjectiveCard("Construct Massive Cities", _II, 2, _STATUS, expansion="pok"),
    ObjectiveCard("Control the Borderlands", _II, 2, _STATUS, expansion="pok"),
    ObjectiveCard(
        "Hold Vast Reserves", _II, 2, _STATUS,
        cost="6 influence, 6 resources, 6 trade goods", expansion="pok",
    ),
    ObjectiveCard("Patrol Vast Territories", _II, 2, _STATUS, expansion="pok"),
    ObjectiveCard("Protect the Border", _II, 2, _STATUS, expansion="pok"),
    ObjectiveCard("Reclaim Ancient Monuments", _II, 2, _STATUS, expansion="pok"),
    ObjectiveCard("Rule Distant Lands", _II, 2, _STATUS, expansion="pok"),
    # Secret objectives, base game
    ObjectiveCard("Adapt New Strategies", _S, 1, _STATUS),
    ObjectiveCard("Become the Gatekeeper", _S, 1, _STATUS),
    ObjectiveCard("Control the Region", _S, 1, _STATUS),
    ObjectiveCard("Cut Supply Lines", _S, 1, _STATUS),
    ObjectiveCard("Destroy Their Greatest Ship", _S, 1, _ACTION, destroys=True),
    ObjectiveCard("Establish a Perimeter", _S, 1, _STATUS),
    ObjectiveCard("Forge an Alliance", _S, 1, _STATUS),
    ObjectiveCard("Form a Spy Network", _S, 1, _STATUS),
    ObjectiveCard("Fuel the War Machine", _S, 1, _STATUS),
    ObjectiveCard("Gather a Mighty Fleet", _S, 1, _STATUS),
    ObjectiveCard("Learn the Secrets of the Cosmos", _S, 1, _STATUS),
    ObjectiveCard("Make an Example of Their World", _S, 1, _ACTION, destroys=True),
    ObjectiveCard("Master the Laws of Physics", _S, 1, _STATUS),
    ObjectiveCard("Mine Rare Minerals", _S, 1, _STATUS),
    ObjectiveCard("Monopolize Production", _S, 1, _STATUS),
    ObjectiveCard("Occupy the Seat of the Empire", _S, 1, _STATUS),
    ObjectiveCard("Spark a Rebellion", _S, 1, _ACTION),
    ObjectiveCard("Threaten Enemies", _S, 1, _STATUS),
    ObjectiveCard("Turn Their Fleets to Dust", _S, 1, _ACTION, destroys=True),
    ObjectiveCard("Unveil Flagship", _S, 1, _ACTION),
    # Secret objectives, Prophecy of Kings
    ObjectiveCard("Become a Martyr", _S, 1, _ACTION, expansion="pok"),
    ObjectiveCard("Betray a Friend", _S, 1, _ACTION, expansion="pok"),
    ObjectiveCard("Brave the Void", _S, 1, _ACTION, expansion="pok"),
    ObjectiveCard("Darken the Skies", _S, 1, _ACTION, expansion="pok"),
    ObjectiveCard("Defy Space and Time", _S, 1, _STATUS, expansion="pok"),
    ObjectiveCard("Demonstrate Your Power", _S, 1, _ACTION, expansion="pok"),
    ObjectiveCard("Destroy Heretical Works", _S, 1, _STATUS, expansion="pok"),
    ObjectiveCard("Dictate Policy", _S, 1, _AGENDA, expansion="pok"),
    ObjectiveCard("Drive the Debate", _S, 1, _AGENDA, expansion="pok"),
    ObjectiveCard("Establish Hegemony", _S, 1, _STATUS, expansion="pok"),
    ObjectiveCard("Fight with Precision", _S, 1, _ACTION, destroys=True, expansion="pok"),
    ObjectiveCard("Foster Cohesion", _S, 1, _STATUS, expansion="pok"),
    ObjectiveCard("Hoard Raw Materials", _S, 1, _STATUS, expansion="pok"),
    ObjectiveCard("Mechanize the Military", _S, 1, _STATUS, expansion="pok"),
    ObjectiveCard("Occupy the Fringe", _S, 1, _STATUS, expansion="pok"),
    ObjectiveCard("Produce en Masse", _S, 1, _STATUS, expansion="pok"),
    ObjectiveCard("Prove Endurance", _S, 1, _ACTION, expansion="pok"),
    ObjectiveCard("Seize an Icon", _S, 1, _STATUS, expansion="pok"),
    ObjectiveCard("Stake Your Claim", _S, 1, _STATUS, expansion="pok"),
    ObjectiveCard("Strengthen Bonds", _S, 1, _STATUS, expansion="pok"),
)

BY_NAME: dict[str, ObjectiveCard] = {card.name: card for card in OBJECTIVES}
