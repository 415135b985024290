"""The cards of the Court deck (base game): 25 Guild cards with their suits, and the Vox cards
whose When Secured effect the engine resolves (6.13, 8.6)."""

from __future__ import annotations

GUILD: dict[str, str] = {
    "Loyal Engineers": "material", "Mining Interest": "material",
    "Material Cartel": "material", "Admin Union": "material", "Construction Union": "material",
    "Fuel Cartel": "fuel", "Loyal Pilots": "fuel", "Gatekeepers": "fuel",
    "Shipping Interest": "fuel", "Spacing Union": "fuel",
    "Arms Union": "weapons", "Prison Wardens": "weapons", "Skirmishers": "weapons",
    "Court Enforcers": "weapons", "Loyal Marines": "weapons",
    "Lattice Spies": "psionics", "Farseers": "psionics", "Secret Order": "psionics",
    "Loyal Empaths": "psionics", "Silver-Tongues": "psionics",
    "Loyal Keepers": "relics", "Sworn Guardians": "relics", "Elder Broker": "relics",
    "Relic Fence": "relics", "Galactic Bards": "relics",
}
"""Each Guild card and the resource its suit icon shows (it counts for ambitions like a token
of that resource)."""

UNIONS: dict[str, str] = {"Admin Union": "Administration", "Construction Union": "Construction",
                          "Spacing Union": "Mobilization", "Arms Union": "Aggression"}
"""The Union Guild cards and the suit of the played card each may be placed beside (10.10)."""

MASS_UPRISING = "Mass Uprising"
POPULIST_DEMANDS = "Populist Demands"
CALL_TO_ACTION = "Call to Action"
OUTRAGE_SPREADS = "Outrage Spreads"

VOX = (MASS_UPRISING, POPULIST_DEMANDS, CALL_TO_ACTION, OUTRAGE_SPREADS)
"""The Vox cards the engine knows. Song of Freedom and Guild Struggle need returning cities
and shuffling the deck, which the engine does not model yet."""

COURT_CARDS = tuple(GUILD) + VOX
DECK = len(GUILD) + 6
"""Cards in the Court deck: 25 Guild and 6 Vox."""

COURT_ROW = {2: 3, 3: 4, 4: 4}
"""Cards face up in the Court, by number of players."""
