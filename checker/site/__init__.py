"""The rules website: the Markdown extension for rules and walkthroughs, and the MkDocs plugin."""
