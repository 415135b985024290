"""The files a site publishes besides its pages: the checker's assets (`site_files`,
`plugin_files`), `rules.json` (`rules_json`), the pages a long list continues on
(`list_pages`) and the browser bundle (`browser_bundle`). Imports `render` and lower."""
