"""The files a site publishes besides its pages: the checker's assets (`site_files`,
`plugin_files`), `rules.json` (`rules_json`), the pages a long list continues on
(`list_pages`), the browser bundle (`browser_bundle`) and what a reader keeps for offline
reading (`offline_files`). Imports `render` and lower."""
