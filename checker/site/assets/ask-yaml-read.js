/* Reading the ask page's YAML (ask-yaml.js) into a tree: the YAML scenarios are written in
   (block and flow mappings and lists, plain and quoted scalars, comments), plain scalars
   resolved as PyYAML's safe loader resolves them, which is what the checker reads with.
   Anything else (anchors, tags, block scalars, several documents, dates...) is refused with
   its line, so that the form says it cannot show the text rather than change it. Comments
   are kept with the entry they stand before or after. */

/* ---- Scalars: resolved as PyYAML's safe loader resolves them (YAML 1.1) ---- */

var NULL = /^(?:~|null|Null|NULL|)$/;
var BOOL = /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/;
var INT = /^[-+]?(?:0|[1-9][0-9_]*)$/;
var FLOAT = /^[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?$|^[-+]?\.[0-9_]+(?:[eE][-+][0-9]+)?$/;
/* What PyYAML reads as something the form does not show: other numbers, dates, merge keys. */
var OTHER = /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?0x[0-9a-fA-F_]+|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:[Tt ].*)?|<<|=)$/;

export function resolve(text) {
  if (NULL.test(text)) return { value: null };
  if (BOOL.test(text)) return { value: /^(?:yes|true|on)$/i.test(text) };
  if (INT.test(text)) return { value: Number(text.replace(/_/g, "")) };
  if (FLOAT.test(text)) return { value: Number(text.replace(/_/g, "")), float: true };
  if (OTHER.test(text)) return { other: true };
  return { value: text };
}

function Refused(message, line) {
  this.message = message;
  this.line = line;
}

/* ---- Reading ---- */

/* The text's tree: {ok: true, node, end} (`end`: the comment lines after the last entry), or
   {ok: false, line, message} for a text the form cannot show. */
export function parse(text) {
  try {
    return new Reader(text).document();
  } catch (error) {
    if (error instanceof Refused) return { ok: false, line: error.line, message: error.message };
    throw error;
  }
}

function Reader(text) {
  this.lines = text.replace(/\r\n?/g, "\n").split("\n").map(function (line, i) {
    var indent = /^ */.exec(line)[0].length;
    return { number: i + 1, indent: indent, text: line.slice(indent) };
  });
  this.at = 0;
  this.pending = [];
}

Reader.prototype.refuse = function (message, line) {
  throw new Refused(message, line || (this.lines[this.at] || {}).number || this.lines.length);
};

/* Skips blank and comment lines, keeping the comments; the next line with YAML, or null. */
Reader.prototype.next = function () {
  while (this.at < this.lines.length) {
    var line = this.lines[this.at];
    if (/\t/.test(line.text.replace(/(^|\s)#.*$/, ""))) this.refuse("a tab in this line (YAML is indented with spaces)");
    if (line.text.trim() === "") { this.at++; continue; }
    if (line.text[0] === "#") { this.pending.push(line.text); this.at++; continue; }
    return line;
  }
  return null;
};

Reader.prototype.comments = function () {
  var out = this.pending;
  this.pending = [];
  return out;
};

Reader.prototype.document = function () {
  var first = this.next();
  if (!first) return { ok: true, node: null, end: this.comments() };
  if (/^(---|\.\.\.)(\s|$)/.test(first.text)) this.refuse("the form reads one document, without `---`");
  if (first.indent) this.refuse("the text starts indented");
  var node = this.block(0);
  var rest = this.next();
  if (rest) this.refuse(rest.indent ? "this line is indented more than its place allows" :
                        "this line does not belong to what comes before", rest.number);
  return { ok: true, node: node, end: this.comments() };
};

var KEY = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"{}\[\],&*!|>%@`?:-](?:[^:#]|:(?=\S)|(?<=\S)#)*?|-[^\s#:](?:[^:#]|:(?=\S)|(?<=\S)#)*?)\s*:(?:\s+|$)/;

function isItem(text) { return text === "-" || /^-\s/.test(text); }

/* The block node that starts at the next line, at indent `indent` exactly. */
Reader.prototype.block = function (indent) {
  var line = this.next();
  if (isItem(line.text)) return this.blockSeq(line.indent);
  if (KEY.test(line.text)) return this.blockMap(line.indent);
  var read = this.inline(line, line.text, indent);
  this.pending = this.pending.concat(read.before || [], read.after ? [read.after] : []);
  this.at++;
  var more = this.next();
  if (more && more.indent > indent && read.value.kind === "scalar") {
    this.refuse("a text that goes on over several lines", more.number);
  }
  return read.value;
};

Reader.prototype.blockMap = function (indent) {
  var node = { kind: "map", entries: [], flow: false }, seen = {};
  for (var line = this.next(); line && line.indent === indent; line = this.next()) {
    var match = KEY.exec(line.text);
    if (!match) this.refuse(isItem(line.text) ? "a list item where a key was expected" : "expected `key: value`");
    var key = this.keyScalar(match[1], line.number);
    var name = typeof key.value + ":" + String(key.value);
    if (seen[name]) this.refuse("the key '" + key.value + "' is given twice");
    seen[name] = true;
    var found = { key: key, before: this.comments(), after: "" };
    this.value(found, line, match[0].length, indent, false);
    node.entries.push(found);
  }
  if (line && line.indent > indent) this.refuse("this line is indented more than its place allows");
  return node;
};

Reader.prototype.blockSeq = function (indent) {
  var node = { kind: "seq", items: [], flow: false };
  for (var line = this.next(); line && line.indent === indent && isItem(line.text); line = this.next()) {
    var found = { before: this.comments(), after: "" };
    var rest = line.text.slice(1), gap = /^\s*/.exec(rest)[0].length;
    if (rest.trim() !== "" && rest.trim()[0] !== "#" && (KEY.test(rest.slice(gap)) || isItem(rest.slice(gap)))) {
      /* A compact mapping or list in the item: read from the same line, deeper. */
      line.indent = indent + 1 + gap;
      line.text = rest.slice(gap);
      found.value = this.block(line.indent);
    } else {
      this.value(found, line, 1, indent, true);
    }
    node.items.push(found);
  }
  if (line && line.indent > indent && !isItem(line.text)) this.refuse("this line is indented more than its place allows");
  return node;
};

/* The value of an entry or item whose line holds it from column `from` on (or nothing, with
   the value on the lines below, indented more). */
Reader.prototype.value = function (found, line, from, indent, inSeq) {
  var rest = line.text.slice(from).replace(/^\s+/, "");
  if (rest === "" || rest[0] === "#") {
    found.after = rest;
    this.at++;
    var below = this.next();
    if (below && (below.indent > indent || !inSeq && below.indent === indent && isItem(below.text))) {
      found.value = this.block(below.indent);
    } else {
      found.value = { kind: "scalar", value: null, raw: "" };
    }
    return;
  }
  var read = this.inline(line, rest, indent);
  found.value = read.value;
  found.after = read.after;
  found.before = found.before.concat(read.before || []);
  this.at++;
  var more = this.next();
  if (more && more.indent > indent && read.value.kind === "scalar" && !isItem(more.text) &&
      !KEY.test(more.text)) {
    this.refuse("a text that goes on over several lines", more.number);
  }
};

/* A value written on one line (a flow collection may go on over the next lines): the node,
   the comment after it, and the comments inside it (moved before its entry). */
Reader.prototype.inline = function (line, rest, indent) {
  var first = rest[0];
  if ("&*!|>%@`".indexOf(first) >= 0) {
    this.refuse(first === "|" || first === ">" ? "a block of text (`" + first + "`)" :
                first === "&" || first === "*" ? "an anchor or alias (`" + first + "`)" :
                "a tag or reserved character (`" + first + "`)", line.number);
  }
  if (first === "{" || first === "[") return this.flowLines(line, rest);
  var flow = new Flow(rest, line.number, false);
  var node = flow.scalar();
  var tail = flow.text.slice(flow.at);
  if (!/^\s*(#.*)?$/.test(tail)) this.refuse("unexpected text after a value", line.number);
  return { value: node, after: tail.trim() };
};

/* A flow collection, which may go on over the following lines until it closes. */
Reader.prototype.flowLines = function (line, rest) {
  var text = rest, starts = [0], numbers = [line.number], start = this.at;
  for (;;) {
    var flow = new Flow(text, line.number, true);
    flow.starts = starts;
    flow.numbers = numbers;
    var node = flow.tryNode();
    if (node) {
      var tail = flow.text.slice(flow.at);
      if (!/^\s*(#.*)?$/.test(tail)) this.refuse("unexpected text after a value", flow.lineAt(flow.at));
      /* The reader stands on the flow's last line (the caller steps past it). */
      return { value: node, after: tail.trim(), before: flow.comments };
    }
    this.at++;
    if (this.at >= this.lines.length) {
      this.at = start;
      this.refuse("a `" + rest[0] + "` that is never closed", line.number);
    }
    var more = this.lines[this.at];
    starts.push(text.length + 1);
    numbers.push(more.number);
    text += "\n" + more.text;
  }
};

/* Reading a flow collection or a scalar from a piece of text. */
function Flow(text, number, multiline) {
  this.text = text;
  this.at = 0;
  this.number = number;
  this.multiline = multiline;
  this.comments = [];
  this.starts = [0];
  this.numbers = [number];
}

Flow.prototype.lineAt = function (at) {
  var i = 0;
  while (i + 1 < this.starts.length && this.starts[i + 1] <= at) i++;
  return this.numbers[i];
};

Flow.prototype.refuse = function (message) { throw new Refused(message, this.lineAt(this.at)); };

function Unclosed() {}

/* The collection, or null when the text ends before it closes (more lines are needed). */
Flow.prototype.tryNode = function () {
  try {
    return this.node();
  } catch (error) {
    if (error instanceof Unclosed) return null;
    throw error;
  }
};

Flow.prototype.space = function () {
  for (;;) {
    var ch = this.text[this.at];
    if (ch === " " || ch === "\n" || ch === "\t") { this.at++; continue; }
    if (ch === "#" && this.at > 0 && /\s/.test(this.text[this.at - 1])) {
      var end = this.text.indexOf("\n", this.at);
      if (end < 0) { this.comments.push(this.text.slice(this.at)); this.at = this.text.length; continue; }
      this.comments.push(this.text.slice(this.at, end));
      this.at = end;
      continue;
    }
    return;
  }
};

Flow.prototype.node = function () {
  this.space();
  var ch = this.text[this.at];
  if (ch === undefined) throw new Unclosed();
  if (ch === "{" || ch === "[") return this.collection(ch);
  if ("&*!|>%@`".indexOf(ch) >= 0) this.refuse("an anchor, alias, tag or reserved character (`" + ch + "`)");
  return this.scalar();
};

Flow.prototype.collection = function (open) {
  var close = open === "{" ? "}" : "]";
  var node = open === "{" ? { kind: "map", entries: [], flow: true } : { kind: "seq", items: [], flow: true };
  var seen = {};
  this.at++;
  for (;;) {
    this.space();
    var ch = this.text[this.at];
    if (ch === undefined) throw new Unclosed();
    if (ch === close) { this.at++; return node; }
    if (ch === ",") this.refuse("an empty entry between commas");
    if (open === "{") {
      var key = this.node();
      if (key.kind !== "scalar") this.refuse("a key that is not a plain value");
      var keyEnd = this.at;
      this.space();
      if (this.text[this.at] === ":" && this.text.slice(keyEnd, this.at).indexOf("\n") >= 0) {
        this.refuse("a key and its `:` on different lines");
      }
      if (this.text[this.at] === undefined) throw new Unclosed();
      var value = { kind: "scalar", value: null, raw: "" };
      if (this.text[this.at] === ":") {
        this.at++;
        this.space();
        if (this.text[this.at] === undefined) throw new Unclosed();
        if (this.text[this.at] !== "," && this.text[this.at] !== "}") value = this.node();
      }
      var name = typeof key.value + ":" + String(key.value);
      if (seen[name]) this.refuse("the key '" + key.value + "' is given twice");
      seen[name] = true;
      node.entries.push({ key: key, value: value, before: [], after: "" });
    } else {
      var found = this.node();
      this.space();
      if (this.text[this.at] === ":") this.refuse("a mapping inside a list written with `[`: use `{...}`");
      node.items.push({ value: found, before: [], after: "" });
    }
    this.space();
    ch = this.text[this.at];
    if (ch === undefined) throw new Unclosed();
    if (ch === ",") { this.at++; continue; }
    if (ch !== close) this.refuse("expected `,` or `" + close + "`");
  }
};

Flow.prototype.scalar = function () {
  var ch = this.text[this.at];
  if (ch === '"') return this.doubleQuoted();
  if (ch === "'") return this.singleQuoted();
  var start = this.at, inFlow = this.multiline, text = this.text;
  if (",[]{}#".indexOf(ch) >= 0 || inFlow && "?:".indexOf(ch) >= 0 ||
      "-?:".indexOf(ch) >= 0 && (start + 1 >= text.length || /[\s,\[\]{}]/.test(text[start + 1]))) {
    this.refuse(ch === "-" ? "a list item where a value was expected" : "a value cannot start with `" + ch + "`");
  }
  var end = start;
  while (end < text.length) {
    var c = text[end];
    if (c === "\n") break;
    if (c === "#" && end > start && /\s/.test(text[end - 1])) break;
    if (c === ":" && (end + 1 >= text.length || /\s/.test(text[end + 1]) || inFlow && ",[]{}".indexOf(text[end + 1]) >= 0)) break;
    if (inFlow && ",[]{}?".indexOf(c) >= 0) break;
    end++;
  }
  var raw = text.slice(start, end).replace(/\s+$/, "");
  this.at = start + raw.length;
  if (!raw && !inFlow) this.refuse("expected a value");
  var found = resolve(raw);
  if (found.other) this.refuse("'" + raw + "' is read as a number or date the form cannot show");
  return { kind: "scalar", value: found.value, raw: raw, float: found.float };
};

var ESCAPES = { "0": "\0", a: "\x07", b: "\b", t: "\t", "\t": "\t", n: "\n", v: "\x0b", f: "\f",
                r: "\r", e: "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\", N: "\x85", _: "\xa0",
                L: "\u2028", P: "\u2029" };

Flow.prototype.doubleQuoted = function () {
  var start = this.at, out = "", text = this.text;
  for (var at = start + 1; at < text.length; at++) {
    var c = text[at];
    if (c === "\n") this.refuse("a quoted text that goes on over several lines");
    if (c === '"') { this.at = at + 1; return { kind: "scalar", value: out, raw: text.slice(start, at + 1) }; }
    if (c !== "\\") { out += c; continue; }
    var e = text[++at];
    var size = e === "x" ? 2 : e === "u" ? 4 : e === "U" ? 8 : 0;
    if (size) {
      var hex = text.slice(at + 1, at + 1 + size);
      if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== size) this.refuse("a bad escape in a quoted text");
      out += String.fromCodePoint(parseInt(hex, 16));
      at += size;
    } else if (Object.prototype.hasOwnProperty.call(ESCAPES, e)) {
      out += ESCAPES[e];
    } else {
      this.refuse("a bad escape in a quoted text");
    }
  }
  if (this.multiline) throw new Unclosed();
  this.refuse("a quoted text that is never closed");
};

Flow.prototype.singleQuoted = function () {
  var start = this.at, out = "", text = this.text;
  for (var at = start + 1; at < text.length; at++) {
    var c = text[at];
    if (c === "\n") this.refuse("a quoted text that goes on over several lines");
    if (c === "'" && text[at + 1] === "'") { out += "'"; at++; continue; }
    if (c === "'") { this.at = at + 1; return { kind: "scalar", value: out, raw: text.slice(start, at + 1) }; }
    out += c;
  }
  if (this.multiline) throw new Unclosed();
  this.refuse("a quoted text that is never closed");
};

Reader.prototype.keyScalar = function (text, number) {
  var flow = new Flow(text, number, false);
  var node = flow.scalar();
  if (flow.at !== text.length) this.refuse("expected `key: value`", number);
  return node;
};

/* The value of a scalar's source text, as `parse` reads it (a quoted one unquoted). */
export function readScalar(raw) {
  var flow = new Flow(raw, 1, false);
  try {
    var node = flow.scalar();
    return flow.at === raw.length ? { value: node.value } : { other: true };
  } catch (error) {
    if (error instanceof Refused) return { other: true };
    throw error;
  }
}
