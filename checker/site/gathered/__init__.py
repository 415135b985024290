"""What the whole site knows before any page is rendered, made once a build and read-only
after: every rule and scenario and every problem (`context.SiteContext`), where each
walkthrough is shown (`placement`, with the pages of long lists in `lists`), and what cites
each rule (`cited_by`). Imports `pages`, `walkthroughs`, `examples` and the core."""
