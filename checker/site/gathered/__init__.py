"""What the whole site knows before any page is rendered: every rule and scenario and every
problem (`context`), and what cites each rule (`cited_by`). Imports `pages`,
`walkthroughs`, `examples` and the core."""
