"""Reading the pages: the rule items and references they hold (`syntax`), where each rule is
and the links to it (`rulemap`), what the pages say of each rule (`rule_index`), and the
games' glossaries (`glossary`). Imports only the core."""
