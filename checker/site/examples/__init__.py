"""Checking the examples: each scenario's result with its drafted walkthrough (`results`),
checked once and kept between builds (`verify`, `store`), the standalone scenarios as one
whole (`standalone`), and the engine's citations checked against the pages
(`engine_rules`). Imports `pages`, `walkthroughs`, `writing` and the core."""
