"""What a page shows besides its own text, made from the gathered context: each rule's search
entry and disclosure (`rule_entries`), coverage tables (`coverage`), a game's scenario list
(`scenario_list`), the previews of what the page cites (`previews`). Imports the parts
below it (`gathered` and lower) and the core."""
