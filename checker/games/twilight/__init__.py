"""What Twilight Imperium's two editions share in the checker: the layout of the scoring
picture, what the state table says of the round, the order and the end, the strategy cards
a setup hands out, and the expectations and claims both games word alike.

A library, not a game: it is registered nowhere, and only `checker.games.ti3` and
`checker.games.ti4` import it. Nothing here cites a rule: where a shared helper cites or
refuses, the game passes its own rule id in, so that each game's citations stay in its own
modules, where `checker.citations` finds them.
"""
