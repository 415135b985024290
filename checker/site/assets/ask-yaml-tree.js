/* The ask page's YAML tree (ask-yaml.js): making nodes, reading and changing them, and their
   plain values. */

export function scalar(value) { return { kind: "scalar", value: value }; }
export function map(entries) { return { kind: "map", entries: entries || [] }; }
export function seq(items) { return { kind: "seq", items: items || [] }; }
export function entry(key, value) { return { key: scalar(key), value: value, before: [], after: "" }; }
export function item(value) { return { value: value, before: [], after: "" }; }

/* ---- Plain values, for comparing with what PyYAML reads ---- */

export function plainValue(node) {
  if (!node) return null;
  if (node.kind === "scalar") return node.value;
  if (node.kind === "seq") return node.items.map(function (found) { return plainValue(found.value); });
  var out = {};
  node.entries.forEach(function (found) { out[String(found.key.value)] = plainValue(found.value); });
  return out;
}

/* ---- Reading and changing a tree ---- */

export function find(node, key) {
  if (!node || node.kind !== "map") return null;
  for (var i = 0; i < node.entries.length; i++) if (node.entries[i].key.value === key) return node.entries[i];
  return null;
}

export function get(node, key) {
  var found = find(node, key);
  return found ? found.value : null;
}

/* Sets `key` to `value`, in its place when it is there, else at the end (or before `before`). */
export function put(node, key, value, before) {
  var found = find(node, key);
  if (found) { found.value = value; return found; }
  found = entry(key, value);
  var at = before ? node.entries.findIndex(function (e) { return before.indexOf(e.key.value) >= 0; }) : -1;
  if (at < 0) node.entries.push(found);
  else node.entries.splice(at, 0, found);
  return found;
}

export function remove(node, key) {
  var at = node.entries.findIndex(function (found) { return found.key.value === key; });
  if (at < 0) return;
  var gone = node.entries.splice(at, 1)[0];
  /* Its comments stay, with the entry after it (or at the end of the mapping's parent). */
  if (gone.before.length && node.entries[at]) node.entries[at].before = gone.before.concat(node.entries[at].before);
}

/* Every scalar of a tree (keys too), with every comment list, for renaming a player. */
export function walk(node, visit) {
  if (!node) return;
  if (node.kind === "scalar") { visit(node); return; }
  var children = node.kind === "map" ? node.entries : node.items;
  children.forEach(function (found) {
    if (found.key) visit(found.key);
    walk(found.value, visit);
  });
}

export function eachComment(node, change) {
  if (!node || node.kind === "scalar") return;
  var children = node.kind === "map" ? node.entries : node.items;
  children.forEach(function (found) {
    found.before = (found.before || []).map(change);
    if (found.after) found.after = change(found.after);
    eachComment(found.value, change);
  });
}


/* A slot ({get, set, remove}) for `key` of a mapping: what is there, or a value `make` makes
   and the mapping takes when it is first set, in the place `order` gives the key (before the
   keys that follow it there), else at the end. */
export function slotOf(node, key, make, order) {
  var made = null;
  order = order || [];
  return {
    get: function () { return get(node, key) || made || (made = make()); },
    set: function (v) {
      var at = order.indexOf(key);
      put(node, key, v, at >= 0 ? order.slice(at + 1) : []);
    },
    remove: function () { remove(node, key); },
  };
}
