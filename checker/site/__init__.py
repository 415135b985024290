"""The rules website. Its parts, lowest first; each imports only from the parts above it in
this list (and from the core, `checker.*`), never from those below:

- `writing`: files written whole, or linked into a site.
- `pages`: reading the pages: rule markers and references (`syntax`), where each rule is
  (`rulemap`), what the pages say of each rule (`rule_index`), the glossaries.
- `walkthroughs`: one scenario's walkthrough, drafted once and placed on a page.
- `examples`: checking the examples and keeping their results between builds.
- `gathered`: what the whole site knows before a page is rendered (`context`), and what
  cites each rule (`cited_by`).
- `render`: what a page shows besides its text: rule entries, coverage tables, scenario
  lists, previews.
- `publish`: the files a site publishes besides its pages: the checker's assets,
  `rules.json`, the pages a long list continues on, the browser bundle.
- `hosting`: what a site generator says of the site, and gathering the context for it.
- The adapters, at the top, under the names sites and tools use: `markdown_ext` (the
  Markdown extension), `plugin` (the MkDocs plugin), `browser_check` (the checker in the
  page) and `__main__` (`python -m checker.site`).

`tests/test_architecture.py` holds these directions.
"""
