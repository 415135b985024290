/* The ask page (<game>/ask/), loaded by check.js on those pages only: a question asked with a
   form, the YAML beside it, both in step. The reader picks a situation (every example of the
   game, searchable), names the players, adds steps from the game's step kinds and states
   what to check; the form is drawn from the JSON Schema of scenario files (ask-schema.js), so
   what a game adds to its vocabulary shows here with no change. Editing the YAML redraws the
   form; YAML the form cannot show is said so and kept. The runtime starts loading when the
   page is idle or the reader starts editing, so that the first check is quick. */

import { parse, emit, get, scalar, map, slotOf } from "./ask-yaml.js";
import { gameSchema, shape, PARTS } from "./ask-schema.js";
import { el, uid } from "./ask-dom.js";
import { record, raw } from "./ask-fields.js";
import { situationPicker, pickedText } from "./ask-situations.js";
import { playersField, setupNode, NAMES } from "./ask-players.js";
import { stepsField, claimsField } from "./ask-steps.js";
var FORM_CHARS = 65536;   /* the longest text the form reads: longer ones are edited as YAML */

export function start(place, api) {
  var game = place.getAttribute("data-checker-ask");
  var root = api.root;
  /* The runtime starts loading as soon as the page is idle, while the form is being drawn. */
  whenIdle(function () { api.checker.warm(); });
  var styles = el("link", { rel: "stylesheet", href: new URL("assets/checker/ask.css", root).href });
  document.head.appendChild(styles);
  var loaded = Promise.all([
    api.loadSchema(),
    fetch(new URL("templates/" + game + ".json", api.bundle)).then(function (r) { return r.ok ? r.json() : null; })
      .catch(function () { return null; }),
    new Promise(function (resolve) { styles.onload = styles.onerror = resolve; }),
  ]);
  loaded.then(function (got) { new Ask(place, api, game, got[0], got[1] || { texts: [], situations: [] }); });
}

function blank(game, players) {
  return "id: my-question\ntitle: \"\"\ngame: " + game + "\nsetup:\n  players: [" + players.join(", ") + "]\n";
}

function Ask(place, api, game, schema, situations) {
  var self = this;
  this.api = api;
  this.game = game;
  this.place = place;
  this.situations = situations;
  this.schema = schema;
  this.parts = schema ? gameSchema(schema, game) : { known: false };
  var players = this.parts.known ? shape(schema, this.parts.setup) : null;
  this.playerKey = players && players.kind === "record" &&
    players.keys.filter(function (key) { return key.name === "players"; })[0];
  var least = this.playerKey ? this.playerKey.node.minItems || 2 : 3;
  this.starter = blank(game, NAMES.slice(0, Math.max(3, least)));
  this.note = el("p", { class: "ck-note", "data-checker-note": "", role: "status" });
  this.form = el("div", { class: "ck-form", "data-checker-form": "" });
  this.results = el("div", { class: "ck-results", "data-checker-results": "" });
  this.lists = el("div", { hidden: true });
  this.editor = new api.Editor(this.starter, {
    game: game, resetLabel: "Start again",
    onInput: function () { self.textChanged(); },
    explain: function (text) { return self.explain(text); },
    onExplain: function () { self.results.replaceChildren(); },
    onResult: function (result, started, drawing) {
      self.results.replaceChildren();
      return api.draw(self.results, result.scenarios.filter(function (s) { return s.html || s.html === null; }),
                      started, drawing, "");
    },
    onReset: function () { self.results.replaceChildren(); self.read(self.editor.text()); },
    onShare: function (url) { history.replaceState(history.state, "", url.hash); },
  });
  this.picker = situationPicker(situations, function (chosen) { self.choose(chosen); });
  var wide = !window.matchMedia || window.matchMedia("(min-width: 60em)").matches;
  var yaml = el("details", { class: "ck-ask-yaml", open: wide }, [
    el("summary", { text: "The question as YAML" }),
    el("p", { class: "ck-help", text: "The same question as a scenario file: edit either side, the other follows." }),
    this.editor.root]);
  var check = el("div", { class: "ck-ask-check" }, [this.editor.actions, this.editor.link, this.editor.status,
                                                    this.editor.verdict, this.editor.problems]);
  place.replaceChildren(this.picker.root, this.note,
                        el("div", { class: "ck-ask-grid" }, [this.form, yaml]), check, this.results, this.lists);
  this.read(this.editor.text());
  this.warmWhenIdle();
  ["pointerdown", "focusin", "keydown"].forEach(function (name) {
    place.addEventListener(name, function () { self.warm(); }, { once: true, passive: true });
  });
  var shared = api.sharedQuestion();
  if (shared) {
    api.decode(shared).then(function (text) {
      self.load(text);
      self.editor.check();
    }, function (error) { self.note.textContent = error.message; });
  }
}

/* ---- Warming up the runtime ---- */

/* The runtime starts loading, then checks the game's shortest situation with a text of its own:
   what a first check of the game loads (its rules, its pictures) is loaded before the reader
   presses Check. */
Ask.prototype.warm = function () {
  var texts = this.situations.texts;
  var alone = this.situations.situations.filter(function (s) { return s.item === undefined; });
  var shortest = alone.sort(function (a, b) { return texts[a.text].length - texts[b.text].length; })[0];
  this.api.checker.warm(shortest ? texts[shortest.text] : "");
};

Ask.prototype.warmWhenIdle = function () {
  var self = this;
  whenIdle(function () { self.warm(); });
};

/* Run `work` when the page is idle, unless the reader's browser asks to save data (then the
   runtime waits for the reader to start editing). */
function whenIdle(work) {
  if (navigator.connection && navigator.connection.saveData) return;
  var later = window.requestIdleCallback || function (run) { setTimeout(run, 1000); };
  later(work, { timeout: 3000 });
}

/* ---- Text and form in step ---- */

Ask.prototype.load = function (text) {
  this.editor.published = text;
  this.editor.reset();
};

Ask.prototype.choose = function (chosen) {
  this.note.textContent = "";
  this.load(chosen ? pickedText(this.situations, chosen) : this.starter);
  /* The focus goes on into the form, after the frame that lays it out. */
  var form = this.form;
  requestAnimationFrame(function () {
    var first = form.querySelector("input, select, button");
    if (first) first.focus();
  });
};

/* The form follows the text a moment after the last keystroke; until then it is busy (for
   assistive technology, and for anything that waits for the page to settle). */
Ask.prototype.textChanged = function () {
  var self = this;
  clearTimeout(this.waiting);
  this.form.setAttribute("aria-busy", "true");
  this.waiting = setTimeout(function () { self.read(self.editor.text()); }, 300);
};

/* Read the text into the tree, and draw the form (or say why it cannot be). */
Ask.prototype.read = function (text) {
  clearTimeout(this.waiting);
  this.form.removeAttribute("aria-busy");
  var read = text.length > FORM_CHARS ? { ok: false, line: 1, message: "the text is too long for the " +
    "form (" + Math.round(text.length / 1024) + " KB; it reads up to " + FORM_CHARS / 1024 + " KB)" } : parse(text);
  if (read.ok && (!read.node || read.node.kind !== "map")) {
    read = { ok: false, line: 1, message: read.node && read.node.kind === "seq" ?
      "this text holds a list of scenarios, and the form shows one" : "this text is not a scenario" };
  }
  if (read.ok && !this.parts.known) read = { ok: false, line: 1, message: "the form needs the site's scenario.schema.json" };
  this.doc = read.ok ? read : null;
  if (!read.ok) { this.cannot(read); return; }
  this.draw();
};

Ask.prototype.cannot = function (read) {
  this.form.replaceChildren(el("div", { class: "ck-cannot", "data-checker-cannot": "", role: "note" }, [
    el("strong", { text: "The form cannot show this question" }),
    el("span", { text: ": line " + read.line + ", " + read.message + ". " }),
    el("span", { text: "The YAML is kept as it is, and Check checks it; change it there, or start again from a situation." })]));
};

/* The form changed the tree: the text follows (and the form is drawn again when its shape
   changed, the focus kept on the field at `focus`). */
Ask.prototype.changed = function (structural, focus) {
  var text = emit(this.doc.node, this.doc.end);
  this.editor.setText(text);
  if (structural) this.draw(focus);
};

Ask.prototype.context = function () {
  var self = this;
  return {
    root: this.schema, game: this.game,
    players: function () { return self.players(); },
    changed: function (structural, focus) { self.changed(structural, focus); },
    datalist: function (pairs) { return self.datalist(pairs); },
    later: function (work) { self.later(work); },
    ruleList: function () { return self.ruleList(); },
  };
};

Ask.prototype.players = function () {
  var setup = get(this.doc.node, "setup");
  var list = get(setup, "players");
  return list && list.kind === "seq" ? list.items.map(function (found) { return found.value.value; })
    .filter(function (name) { return typeof name === "string"; }) : [];
};

/* ---- Drawing the form ---- */

Ask.prototype.draw = function (focus) {
  var active = document.activeElement;
  var keep = focus || (this.form.contains(active) && active.getAttribute("data-path"));
  var ctx = this.context();
  var node = this.doc.node;
  var envelope = this.parts.envelope;
  var parts = [
    section("Your question", [this.titleField(ctx)]),
    section("Players, in seating order", [playersField(this, ctx)], "ck-players-label"),
    section("The situation before the first step", [this.setupField(ctx)]),
    section("What happens, step by step", [stepsField(this, ctx)]),
    section("What to check at the end", [claimsField(this, ctx, slotOf(node, "expect", map, this.parts.order), this.parts.claims,
                                                          "What to check at the end", "expect", "Add a claim…")]),
    this.aboutField(ctx, envelope),
  ];
  var order = this.parts.order;
  var unknown = node.entries.filter(function (found) { return order.indexOf(found.key.value) < 0; });
  if (unknown.length) parts.push(section("Other keys", unknown.map(function (found) {
    var slot = { get: function () { return found.value; }, set: function (v) { found.value = v; } };
    return raw(ctx, slot, String(found.key.value), "." + found.key.value, "'" + found.key.value + "' is not a key of a scenario");
  })));
  this.form.replaceChildren.apply(this.form, parts);
  if (keep) {
    var target = this.form.querySelector("[data-path='" + CSS.escape(keep) + "']") ||
      this.form.querySelector("[data-path^='" + CSS.escape(keep.replace(/[.#~+]*$/, "")) + "']");
    /* After the frame that lays the form out (focusing now would lay it out at once). */
    if (target) requestAnimationFrame(function () { target.focus(); });
  }
};

function section(title, children, id) {
  var head = el("h2", { class: "ck-form-title", id: id || uid(), text: title });
  return el("section", { class: "ck-form-part", "aria-labelledby": head.id }, [head].concat(children));
}

/* A slot for `key` of a mapping, made (by `make`) when the form first writes to it, in the
   place the envelope's order gives it; `remove` takes it out (the claims, once none is left). */
Ask.prototype.titleField = function (ctx) {
  var slot = slotOf(this.doc.node, "title", function () { return scalar(""); }, this.parts.order);
  var value = slot.get();
  var box = el("input", { type: "text", class: "ck-input ck-title", id: uid(), "data-path": ".title",
                          "data-checker-title": "", value: value.kind === "scalar" && value.value !== null ? String(value.value) : "",
                          placeholder: "Can Red still win if…?", autocomplete: "off" });
  var help = el("span", { class: "ck-help", id: uid(), text: "As a player would ask it; the walkthrough shows it as its title." });
  box.setAttribute("aria-describedby", help.id);
  var self = this;
  box.addEventListener("input", function () { slot.set(scalar(box.value)); self.changed(false); });
  return el("div", { class: "ck-row" }, [el("label", { class: "ck-key-name", for: box.id, text: "The question" }), box, help]);
};

/* ---- The situation: setup keys other than the players ---- */

Ask.prototype.setupField = function (ctx) {
  var setup = setupNode(this);
  var found = shape(this.schema, this.parts.setup);
  if (found.kind !== "record") return el("p", { text: "This game's setup cannot be shown as a form." });
  var slot = { get: function () { return setup; }, set: function () {} };
  return record(ctx, slot, found, "Situation", ".setup", { skip: ["players"], add: "Add to the situation…",
                                                          where: "of this game's setup" });
};

/* ---- About the question: the envelope's other keys (the rules it is about, its status...) ---- */

Ask.prototype.aboutField = function (ctx, envelope) {
  var node = this.doc.node, order = this.parts.order;
  var names = order.filter(function (name) { return PARTS.indexOf(name) < 0; });
  var keys = names.map(function (name) {
    return { name: name, node: envelope[name], description: envelope[name].description || "", required: false };
  });
  var slot = { get: function () { return node; }, set: function () {} };
  var box = record(ctx, slot, { kind: "record", keys: keys }, "About the question", "", {
    skip: node.entries.map(function (e) { return e.key.value; }).filter(function (name) { return names.indexOf(name) < 0; }),
    add: "Add to the question…" });
  var open = names.some(function (name) { return get(node, name); });
  return el("details", { class: "ck-form-part ck-about", open: open }, [
    el("summary", { text: "About the question: the rules it is about, its status (optional)" }), box]);
};

/* ---- Work left for when the page is idle, a few milliseconds at a time ---- */

Ask.prototype.later = function (work) {
  var self = this;
  this.queue = this.queue || [];
  this.queue.push(work);
  if (this.queue.length > 1) return;
  function run() {
    var until = performance.now() + 8;
    while (self.queue.length && performance.now() < until) self.queue.shift()();
    if (self.queue.length) setTimeout(run, 0);
  }
  setTimeout(run, 0);
};

/* ---- Lists of suggestions ---- */

Ask.prototype.datalist = function (pairs) {
  var key = JSON.stringify(pairs);
  this.known = this.known || {};
  if (this.known[key]) return this.known[key];
  var id = uid("ck-list");
  this.lists.appendChild(el("datalist", { id: id }, pairs.map(function (pair) {
    return el("option", { value: pair[0], label: pair[1] || null });
  })));
  this.known[key] = id;
  return id;
};

/* The game's rules, from the site's rules.json, read when a field first asks for them. */
Ask.prototype.ruleList = function () {
  var self = this;
  if (this.rules) return this.rules;
  var id = this.rules = uid("ck-rules");
  var list = el("datalist", { id: id });
  this.lists.appendChild(list);
  fetch(new URL("rules.json", this.api.root)).then(function (r) { return r.ok ? r.json() : { rules: [] }; })
    .catch(function () { return { rules: [] }; }).then(function (document_) {
      (document_.rules || []).filter(function (rule) { return rule.game === self.game; }).forEach(function (rule) {
        list.appendChild(el("option", { value: rule.id, label: rule.number + " " + rule.title }));
      });
    });
  return id;
};

/* ---- Before a check: a question with nothing to check says what to do ---- */

Ask.prototype.explain = function (text) {
  if (text.length > FORM_CHARS) return null;
  var read = parse(text);
  if (!read.ok || !read.node || read.node.kind !== "map") return null;
  var steps = get(read.node, "steps");
  var count = steps && steps.kind === "seq" ? steps.items.length : 0;
  var expects = [get(read.node, "expect")].concat((steps && steps.kind === "seq" ? steps.items : [])
    .map(function (found) { return get(found.value, "expect"); })).filter(Boolean);
  /* Claims there, or ones the checker has to say something about: it is asked. */
  if (expects.some(function (node) { return node.kind !== "map" || node.entries.length; })) return null;
  if (!count) {
    return { verdict: "blank", message: "Nothing to check yet. Pick a situation above to start from one of the " +
      "site's examples, or build your own: name the players, add the steps that happen (Add a step), then say " +
      "what you expect under What to check at the end (a score, a winner, a step the rules refuse). Check then " +
      "tells you whether the rules agree." };
  }
  return { verdict: "incomplete", message: "Nothing to check yet: the question claims nothing. Say what you " +
    "expect under What to check at the end, or right after a step (Check right after it): a score, a winner, " +
    "a step the rules refuse. Check then tells you whether the rules agree." };
};
