/* What the ask page's form (ask-fields.js) reads of the JSON Schema of scenario files
   (scenario.schema.json, made by checker/schema.py from each game's vocabulary): a game's
   setup keys, step kinds and claims, and for each value the kind of field that shows it. A
   step kind or claim a game adds to its vocabulary appears in the form with no change here. */

/* The keys of a scenario the form draws parts of its own for; the schema's other envelope keys
   (`about`, `status`...) are shown together, under the question's details. */
export var PARTS = ["id", "title", "game", "setup", "steps", "expect"];

/* The schema of one game: {envelope: {key: node}, order, setup, steps: [{name, description,
   args, claims}], claims} where each part is a schema node (`shape` tells what field shows it)
   and `order` the envelope's keys in the order a scenario writes them. */
export function gameSchema(root, game) {
  var scenario = resolve(root, root.$defs.scenario);
  var envelope = Object.assign({}, scenario.properties);
  var parts = {};
  (scenario.allOf || []).forEach(function (branch) {
    var wanted = branch.if && branch.if.properties && branch.if.properties.game;
    if (wanted && wanted.const === game) parts = branch.then.properties;
  });
  var steps = [];
  var items = parts.steps ? resolve(root, parts.steps.items) : {};
  (items.oneOf || []).forEach(function (option) {
    option = resolve(root, option);
    var name = (option.required || [])[0];
    if (!name || !option.properties) return;
    steps.push({ name: name, description: option.description || "",
                 args: option.properties[name], claims: option.properties.expect });
  });
  return { envelope: envelope, order: Object.keys(envelope), setup: parts.setup, steps: steps,
           claims: parts.expect, known: !!parts.setup };
}

/* A node with its `$ref` followed; a description beside the `$ref` is kept. */
export function resolve(root, node) {
  var seen = 0;
  node = node || {};
  while (node.$ref && seen++ < 20) {
    var target = node.$ref.replace(/^#\//, "").split("/").reduce(function (at, part) {
      return at && at[part];
    }, root) || {};
    var rest = Object.assign({}, node);
    delete rest.$ref;
    node = Object.assign({}, target, rest);
  }
  return node;
}

function types(node) {
  return Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
}

/* The field that shows a node:
   {kind: "choice", choices, nullable}    one of a fixed list
   {kind: "names", names, nullable}       a name the scenario or the site defines (x-names)
   {kind: "text", examples, pattern}      free text, with suggestions
   {kind: "number", min, max}             a whole number
   {kind: "yesno"}                        true or false
   {kind: "record", keys: [{name, node, description, required}]}
   {kind: "map", key: shape, value: node, max}
   {kind: "list", item: node, min, max, unique}
   {kind: "either", options: [node]}      one of several shapes
   {kind: "any"}                          anything (shown as YAML) */
export function shape(root, node) {
  node = resolve(root, node);
  var kinds = types(node), nullable = kinds.indexOf("null") >= 0;
  if (node.enum) {
    return { kind: "choice", choices: node.enum.filter(function (c) { return c !== null; }),
             nullable: node.enum.indexOf(null) >= 0, description: node.description || "" };
  }
  if (node.anyOf || node.oneOf) return { kind: "either", options: node.anyOf || node.oneOf, description: node.description || "" };
  if (node["x-names"]) return { kind: "names", names: node["x-names"], nullable: nullable, description: node.description || "" };
  if (kinds.indexOf("string") >= 0) {
    return { kind: "text", examples: node.examples || [], pattern: node.pattern || "", description: node.description || "" };
  }
  if (kinds.indexOf("integer") >= 0 || kinds.indexOf("number") >= 0) {
    return { kind: "number", min: node.minimum, max: node.maximum, description: node.description || "" };
  }
  if (kinds.indexOf("boolean") >= 0) return { kind: "yesno", description: node.description || "" };
  if (kinds.indexOf("array") >= 0) {
    return { kind: "list", item: node.items || {}, min: node.minItems || 0, max: node.maxItems,
             unique: !!node.uniqueItems, description: node.description || "" };
  }
  if (kinds.indexOf("object") >= 0 && node.properties) {
    var required = node.required || [];
    return { kind: "record", nullable: nullable, description: node.description || "",
             keys: Object.keys(node.properties).map(function (name) {
               var key = resolve(root, node.properties[name]);
               return { name: name, node: node.properties[name], description: key.description || "",
                        required: required.indexOf(name) >= 0 };
             }) };
  }
  if (kinds.indexOf("object") >= 0 && node.additionalProperties && typeof node.additionalProperties === "object") {
    return { kind: "map", key: node.propertyNames ? shape(root, node.propertyNames) : { kind: "text", examples: [] },
             value: node.additionalProperties, max: node.maxProperties, description: node.description || "" };
  }
  return { kind: "any", description: node.description || "" };
}

/* What a YAML node's shape is, to pick the option of an `either` it fits. */
export function fits(root, option, value) {
  var found = shape(root, option);
  var kind = value ? value.kind : "scalar";
  if (found.kind === "list") return kind === "seq";
  if (found.kind === "record" || found.kind === "map") return kind === "map";
  if (found.kind === "either") return found.options.some(function (o) { return fits(root, o, value); });
  if (kind !== "scalar") return false;
  var v = value ? value.value : null;
  if (found.kind === "number") return typeof v === "number";
  if (found.kind === "yesno") return typeof v === "boolean";
  if (found.kind === "choice") return found.choices.indexOf(v) >= 0 || v === null && found.nullable;
  return typeof v === "string" || v === null && found.nullable;
}

/* A word for a key, a step kind or a claim: `action_cards` is "Action cards". */
export function words(name) {
  var text = String(name).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/* A description as a sentence to show: the schema's own, with `code` marks taken off. */
export function said(description) {
  return String(description || "").replace(/`([^`]*)`/g, "$1");
}
