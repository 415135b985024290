"""`checker import`: rules texts a publisher already has, as rules pages with every rule's
number written out. `command` runs it; `front` reads a text's title and section, `lists` its
numbered lists, `markup` turns its inline HTML into Markdown, `page` writes a page."""
