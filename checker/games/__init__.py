"""The games that come with the checker. Each is a package of its own, registered under the
entry-point group `checker.games` in the project's pyproject.toml as any other game is (see
`checker.registry`): nothing outside a game's package names it."""
