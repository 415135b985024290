/* The ask page's YAML (ask.js): the scenario text read into a tree the form edits, and written
   back. It reads the YAML scenarios are written in (block and flow mappings and lists, plain
   and quoted scalars, comments), resolving plain scalars as PyYAML's safe loader does, which
   is what the checker reads with; anything else (anchors, tags, block scalars, several
   documents, dates...) is refused with its line, so that the form says it cannot show the
   text rather than change it. Comments are kept with the entry they stand before or after.

   A node is {kind: "map", entries: [{key, value, before, after}], flow} or {kind: "seq",
   items: [{value, before, after}], flow} or {kind: "scalar", value, raw}: `before` holds the
   comment lines above an entry, `after` the comment at the end of its line, `flow` says how
   the source wrote a collection (undefined for one the form made), `raw` a scalar's source
   text, written again while its value is unchanged. */

export { parse, resolve } from "./ask-yaml-read.js";
export { emit, flowText } from "./ask-yaml-write.js";
export { scalar, map, seq, entry, item, plainValue, find, get, put, remove, walk, eachComment, slotOf }
  from "./ask-yaml-tree.js";
