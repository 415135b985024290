/* Writing the ask page's YAML tree (ask-yaml.js) back as text: block style where the source
   wrote blocks (or a collection has comments inside, or is too long for a line), flow style
   where it wrote flows; a mapping the form made is a block at the document's level and as a
   list's item, a flow below when it fits. A scalar is written as its source wrote it while
   its value is unchanged, else plain where YAML reads it back as the same value, and
   double-quoted otherwise. */

import { resolve, readScalar } from "./ask-yaml-read.js";

var WIDTH = 92;   /* the longest line a flow collection is written on */

/* The text of a tree as `parse` gives it (`end`: comment lines at the end). */
export function emit(node, end) {
  var lines = [];
  if (node && node.kind === "map" && node.entries.length) blockMap(node, 0, lines, 1);
  else if (node && node.kind === "seq" && node.items.length) blockSeq(node, 0, lines, 1);
  else if (node) lines.push(inline(node, 0, false) || flowText(node));
  (end || []).forEach(function (comment) { lines.push(comment); });
  return lines.join("\n") + "\n";
}

function pad(n) { return new Array(n + 1).join(" "); }

function comments(list, indent, lines) {
  (list || []).forEach(function (comment) { lines.push(pad(indent) + comment); });
}

function tail(after) { return after ? " " + after : ""; }

/* A mapping in block style; `level` is how deep its entries stand (1: the document's keys). */
function blockMap(node, indent, lines, level) {
  node.entries.forEach(function (found) {
    comments(found.before, indent, lines);
    var key = scalarText(found.key, false, true);
    var head = pad(indent) + key + ":";
    var text = level > 1 || !madeMap(found.value) ? inline(found.value, indent + key.length + 2, false) : null;
    if (text !== null) { lines.push(head + " " + text + tail(found.after)); return; }
    lines.push(head + tail(found.after));
    block(found.value, indent + 2, lines, level + 1);
  });
}

function blockSeq(node, indent, lines, level) {
  node.items.forEach(function (found) {
    comments(found.before, indent, lines);
    /* A mapping the form made for a list's item is written as `- key: value` lines. */
    var text = madeMap(found.value) ? null : inline(found.value, indent + 2, false);
    if (text !== null) { lines.push(pad(indent) + "- " + text + tail(found.after)); return; }
    var inner = [];
    block(found.value, indent + 2, inner, level + 1);
    if (found.after) {   /* `- # comment`, the value on the lines below */
      lines.push(pad(indent) + "- " + found.after);
      inner.forEach(function (line) { lines.push(line); });
      return;
    }
    /* The first line of the value goes on the item's line; comments above it, above the item. */
    var first = 0;
    while (first < inner.length && inner[first].slice(indent + 2)[0] === "#") first++;
    inner.slice(0, first).forEach(function (line) { lines.push(pad(indent) + line.slice(indent + 2)); });
    lines.push(pad(indent) + "- " + inner[first].slice(indent + 2));
    inner.slice(first + 1).forEach(function (line) { lines.push(line); });
  });
}

function block(node, indent, lines, level) {
  if (node.kind === "map") blockMap(node, indent, lines, level);
  else blockSeq(node, indent, lines, level);
}

function madeMap(node) {
  return node.kind === "map" && node.flow === undefined && node.entries.length > 0;
}

/* A node written on one line from column `column`, or null when it goes in block style: a
   collection the source wrote in blocks, one with comments inside, one that does not fit, or
   (made by the form) one nested deeper than two levels. */
function inline(node, column, inFlow) {
  if (node.kind === "scalar") return scalarText(node, inFlow, false);
  var children = node.kind === "map" ? node.entries : node.items;
  if (!children.length) return node.kind === "map" ? "{}" : "[]";
  if (node.flow === false || commented(node)) return null;
  if (node.flow === undefined && depth(node) > 2) return null;
  var text = flowText(node);
  return text !== null && column + text.length <= WIDTH ? text : null;
}

function commented(node) {
  if (node.kind === "scalar") return false;
  var children = node.kind === "map" ? node.entries : node.items;
  return children.some(function (found) {
    return found.before && found.before.length || found.after || commented(found.value);
  });
}

function depth(node) {
  if (node.kind === "scalar") return 0;
  var children = node.kind === "map" ? node.entries : node.items;
  return 1 + children.reduce(function (most, found) { return Math.max(most, depth(found.value)); }, 0);
}

/* A node on one line in flow style, whatever style the source wrote it in (comments inside
   are left out). */
export function flowText(node) {
  if (node.kind === "scalar") return scalarText(node, true, false);
  if (node.kind === "seq") {
    return "[" + node.items.map(function (found) { return flowText(found.value); }).join(", ") + "]";
  }
  return "{" + node.entries.map(function (found) {
    return scalarText(found.key, true, true) + ": " + flowText(found.value);
  }).join(", ") + "}";
}

/* A scalar's text: its source's while its value is what the source said, else written anew,
   plain where YAML reads it back as the same value, double-quoted otherwise. */
function scalarText(node, inFlow, isKey) {
  var value = node.value;
  if (node.raw !== undefined && node.raw !== "" && sameValue(node) && (!inFlow || plainInFlow(node.raw))) {
    return node.raw;
  }
  if (value === null) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") {
    var text = String(value);
    return node.float && /^-?\d+$/.test(text) ? text + ".0" : text;
  }
  value = String(value);
  return plain(value, inFlow, isKey) ? value : JSON.stringify(value).replace(/\u2028/g, "\\L").replace(/\u2029/g, "\\P");
}

function sameValue(node) {
  var found = readScalar(node.raw);
  return !found.other && found.value === node.value;
}

function plainInFlow(raw) {
  return raw[0] === '"' || raw[0] === "'" || !/[,\[\]{}?]/.test(raw);
}

function plain(text, inFlow, isKey) {
  if (!text || text !== text.trim() || /[\n\r\t\x00-\x1f\x7f\u2028\u2029\ufeff]/.test(text)) return false;
  var found = resolve(text);
  if (found.other || found.value !== text) return false;
  if ("-?:,[]{}#&*!|>'\"%@`".indexOf(text[0]) >= 0) return false;
  if (/: |:$| #/.test(text)) return false;
  if (inFlow && /[,\[\]{}?]/.test(text)) return false;
  if (isKey && text.length > 120) return false;
  return true;
}
