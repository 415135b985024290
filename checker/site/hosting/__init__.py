"""What a site generator says of the site being built (`host`, `site_options`), and the
context gathered for it once per build (`gather`). Imports `publish` and lower; only the
adapters (`markdown_ext`, `plugin`, `__main__`) import it."""
