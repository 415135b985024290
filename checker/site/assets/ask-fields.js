/* The fields of the ask page's form (ask.js): each value of a scenario shown by the field its
   schema asks for (ask-schema.js `shape`): a list of choices, the players, a number, a yes/no,
   keys that can be added and removed, rows of a list or a mapping. A field reads and writes
   the YAML tree (ask-yaml.js) through a slot ({get, set}); a value it cannot show is shown as
   YAML, in a text box of its own, and said so: nothing the reader wrote is lost. Text goes
   into the page as text only. */

import { shape, fits, words, said } from "./ask-schema.js";
import { el, uid, small } from "./ask-dom.js";
import { scalar, map, seq, item, entry, parse, flowText } from "./ask-yaml.js";

/* ---- Values a new field starts with ---- */

export function initial(ctx, node) {
  var found = shape(ctx.root, node);
  switch (found.kind) {
    case "choice": return scalar(found.choices.length ? found.choices[0] : null);
    case "names": return scalar(found.names === "player" ? ctx.players()[0] || "" : "");
    case "text": return scalar(found.examples.length ? found.examples[0] : "");
    case "number": return scalar(found.min !== undefined && found.min > 0 ? found.min : 0);
    case "yesno": return scalar(true);
    case "record": {
      var out = map();
      found.keys.filter(function (key) { return key.required; }).forEach(function (key) {
        out.entries.push(entry(key.name, initial(ctx, key.node)));
      });
      return out;
    }
    case "map": {
      var rows = map(), key = freeKey(ctx, found.key, rows);
      if (key !== undefined) rows.entries.push(entry(key, initial(ctx, found.value)));
      return rows;
    }
    case "list": {
      var list = seq();
      if (!isChoices(ctx, found)) list.items.push(item(initial(ctx, found.item)));
      return list;
    }
    case "either": return initial(ctx, found.options[0]);
    default: return scalar(null);
  }
}

/* A key not in the mapping yet: the next player, or the next of the choices; undefined when
   every one is there. Free text keys get "" once. */
function freeKey(ctx, keyShape, rows) {
  var there = rows.entries.map(function (found) { return found.key.value; });
  var names = keyShape.kind === "choice" ? keyShape.choices :
    keyShape.kind === "names" && keyShape.names === "player" ? ctx.players() : [""];
  for (var i = 0; i < names.length; i++) if (there.indexOf(names[i]) < 0) return names[i];
  return undefined;
}

function isChoices(ctx, found) {
  var inner = shape(ctx.root, found.item);
  var count = inner.kind === "choice" ? inner.choices.length :
    inner.kind === "names" && inner.names === "player" ? ctx.players().length : 99;
  return found.unique && count <= 12;
}

/* ---- A field for a slot ---- */

/* The field of the value in `slot` ({get, set}), whose schema is `node`, labelled `label`.
   `path` names it (for keeping the focus when the form is drawn again). */
export function field(ctx, slot, node, label, path) {
  var value = slot.get();
  var found = shape(ctx.root, node);
  if (found.kind === "either") return either(ctx, slot, found, label, path);
  if (!fitsShape(ctx, found, value)) return raw(ctx, slot, label, path, "the form has no field for a value like this here");
  switch (found.kind) {
    case "choice": return choice(ctx, slot, found, label, path);
    case "names": return names(ctx, slot, found, label, path);
    case "text": return text(ctx, slot, found, label, path);
    case "number": return number(ctx, slot, found, label, path);
    case "yesno": return yesno(ctx, slot, label, path);
    case "record": return record(ctx, slot, found, label, path);
    case "map": return rows(ctx, slot, found, label, path);
    case "list": return list(ctx, slot, found, label, path);
    default: return raw(ctx, slot, label, path, "");
  }
}

function fitsShape(ctx, found, value) {
  var kind = value ? value.kind : "scalar";
  if (found.kind === "record") return kind === "map" || kind === "scalar" && value.value === null;
  if (found.kind === "map") return kind === "map" || kind === "scalar" && value.value === null;
  if (found.kind === "list") return kind === "seq";
  if (found.kind === "any") return false;
  if (kind !== "scalar") return false;
  var v = value.value;
  if (found.kind === "number") return typeof v === "number" && Math.floor(v) === v || v === null;
  if (found.kind === "yesno") return typeof v === "boolean";
  if (found.kind === "choice") return true;   /* an unknown one is listed, and marked */
  return typeof v === "string" || v === null && found.nullable;
}

function input(ctx, attributes, path) {
  return el("input", Object.assign({ class: "ck-input", id: uid(), "data-path": path }, attributes));
}

function labelled(control, label) {
  control.setAttribute("aria-label", label);
  return control;
}

/* A choice: a select of the choices. A long list is given its options when the reader
   reaches it (focus, pointer, key) or when the page is idle, not when the form is drawn, so
   that a form of many choices is drawn at once. */
function choice(ctx, slot, found, label, path) {
  var value = slot.get().value;
  var choices = found.choices.slice();
  var select = labelled(el("select", { class: "ck-input", "data-path": path, id: uid() }), label);
  var at = choices.indexOf(value);
  var current = value === null && found.nullable ? "null" : at >= 0 ? String(at) : "other";
  function option(i) { return el("option", { value: String(i), text: String(choices[i]) }); }
  function fill() {
    if (select.dataset.filled) return;
    select.dataset.filled = "1";
    var all = [];
    if (found.nullable) all.push(el("option", { value: "null", text: "nobody / none" }));
    choices.forEach(function (c, i) { all.push(option(i)); });
    if (current === "other") all.push(el("option", { value: "other", text: String(value) + " (not one the game knows)" }));
    select.replaceChildren.apply(select, all);
    select.value = current;
  }
  if (choices.length > 12) {
    select.appendChild(current === "null" ? el("option", { value: "null", text: "nobody / none" }) :
                       current === "other" ? el("option", { value: "other", text: String(value) }) : option(at));
    ["focus", "pointerdown", "keydown"].forEach(function (name) { select.addEventListener(name, fill); });
    ctx.later(fill);
  } else {
    fill();
  }
  if (current === "other") select.setAttribute("aria-invalid", "true");
  select.addEventListener("change", function () {
    if (select.value === "other") return;
    slot.set(scalar(select.value === "null" ? null : choices[Number(select.value)]));
    ctx.changed(false);
  });
  return select;
}

/* A name the question or the site defines: a player is chosen from the question's players; a
   rule, or a name of another kind ("player or neutral"), is typed with suggestions. */
function names(ctx, slot, found, label, path) {
  if (found.names === "player") return choice(ctx, slot, { choices: ctx.players(), nullable: found.nullable }, label, path);
  if (found.names === "rule") return text(ctx, slot, { examples: [], names: "rule" }, label, path);
  return text(ctx, slot, { examples: ctx.players() }, label, path);
}

function text(ctx, slot, found, label, path) {
  var value = slot.get().value;
  var box = labelled(input(ctx, { type: "text", value: value === null ? "" : String(value),
                                  autocomplete: "off", spellcheck: "false" }, path), label);
  var listed = found.names === "rule" ? ctx.ruleList() : found.examples && found.examples.length ?
    ctx.datalist(found.examples.map(function (e) { return [String(e), ""]; })) : null;
  if (listed) box.setAttribute("list", listed);
  if (found.names === "rule") box.setAttribute("placeholder", ctx.game + ":61.6");
  box.addEventListener("input", function () {
    slot.set(scalar(box.value));
    ctx.changed(false);
  });
  return box;
}

function number(ctx, slot, found, label, path) {
  var value = slot.get().value;
  var box = labelled(input(ctx, { type: "number", inputmode: "numeric", step: "1",
                                  min: found.min, max: found.max,
                                  value: value === null ? "" : String(value) }, path), label);
  box.classList.add("ck-number");
  box.addEventListener("input", function () {
    var typed = box.value.trim();
    slot.set(scalar(/^-?\d+$/.test(typed) ? Number(typed) : typed === "" ? null : typed));
    ctx.changed(false);
  });
  return box;
}

function yesno(ctx, slot, label, path) {
  var box = input(ctx, { type: "checkbox" }, path);
  box.checked = slot.get().value === true;
  box.classList.add("ck-check");
  var holder = el("label", { class: "ck-yesno" }, [box, el("span", { text: "yes" })]);
  box.setAttribute("aria-label", label);
  box.addEventListener("change", function () {
    slot.set(scalar(box.checked));
    ctx.changed(false);
  });
  return holder;
}

/* A value the form has no field for, as YAML in a box of its own. */
export function raw(ctx, slot, label, path, why) {
  var value = slot.get();
  var box = labelled(input(ctx, { type: "text", value: value ? flowText(value) : "",
                                  spellcheck: "false", autocomplete: "off" }, path), label + " (YAML)");
  box.classList.add("ck-raw");
  var note = el("span", { class: "ck-raw-note", id: uid(), text: "As YAML" + (why ? ": " + why : "") + "." });
  box.setAttribute("aria-describedby", note.id);
  box.addEventListener("change", function () {
    var read = parse("x: " + box.value + "\n");
    var got = read.ok && read.node && read.node.kind === "map" ? read.node.entries[0].value : null;
    if (!got) { box.setAttribute("aria-invalid", "true"); return; }
    box.removeAttribute("aria-invalid");
    slot.set(got);
    ctx.changed(true, path);
  });
  return el("span", { class: "ck-raw-field" }, [box, note]);
}

/* ---- One of several shapes: a choice of shape, then its field ---- */

function shapeName(ctx, node) {
  var found = shape(ctx.root, node);
  if (found.kind === "list") return "a list";
  if (found.kind === "map") return found.key.kind === "names" ? "by player" : "by " + (found.key.kind === "choice" ? "name" : "key");
  if (found.kind === "record") return "in parts";
  if (found.kind === "number") return "a number";
  return "one";
}

function either(ctx, slot, found, label, path) {
  var value = slot.get();
  var at = found.options.findIndex(function (option) { return fits(ctx.root, option, value); });
  if (at < 0) return raw(ctx, slot, label, path, "the form has no field for a value like this here");
  var pick = labelled(el("select", { class: "ck-input ck-shape", "data-path": path + "~", id: uid() }), label + ": as");
  found.options.forEach(function (option, i) {
    pick.appendChild(el("option", { value: String(i), text: shapeName(ctx, option) }));
  });
  pick.value = String(at);
  pick.addEventListener("change", function () {
    slot.set(initial(ctx, found.options[Number(pick.value)]));
    ctx.changed(true, path + "~");
  });
  return el("span", { class: "ck-either" }, [pick, field(ctx, slot, found.options[at], label, path)]);
}

/* ---- Named keys: those there, each removable unless needed, and a menu of the others ---- */

export function record(ctx, slot, found, label, path, options) {
  options = options || {};
  var value = slot.get();
  if (value.kind !== "map") { value = map(); slot.set(value); }
  var known = {};
  found.keys.forEach(function (key) { known[key.name] = key; });
  var box = el("div", { class: "ck-record" });
  value.entries.forEach(function (found_) {
    var name = found_.key.value;
    if ((options.skip || []).indexOf(name) >= 0) return;
    var key = known[name];
    var here = path + "." + name;
    var keySlot = { get: function () { return found_.value; }, set: function (v) { found_.value = v; } };
    var title = words(name);
    var control = key ? field(ctx, keySlot, key.node, title, here) :
      raw(ctx, keySlot, title, here, "'" + name + "' is not a key " + (options.where || "here"));
    var remove = key && key.required ? null : small("data-checker-remove", "✕", "Remove " + title.toLowerCase(), {});
    if (remove) remove.addEventListener("click", function () {
      value.entries.splice(value.entries.indexOf(found_), 1);
      if (!value.entries.length && slot.remove) slot.remove();
      ctx.changed(true, path + ".+");
    });
    box.appendChild(row(title, key ? said(key.description) : "", control, remove, name));
  });
  var absent = found.keys.filter(function (key) {
    return !value.entries.some(function (e) { return e.key.value === key.name; }) &&
      (options.skip || []).indexOf(key.name) < 0;
  });
  var prompt = options.add || "Add to " + label.toLowerCase() + "…";
  if (absent.length) box.appendChild(adder(ctx, absent, prompt, label, path + ".+", function (key) {
    slot.set(value);   /* a mapping made for the form is written into the tree now */
    value.entries.push(entry(key.name, initial(ctx, key.node)));
    ctx.changed(true, path + "." + key.name);
  }));
  return box;
}

/* One key of a record: its name (the description as help below), its field, its ✕. A single
   control is labelled by the name; a group of them is a group named by it. */
function row(title, help, control, remove, name) {
  var single = control.matches("input, select") ? control :
    control.matches(".ck-yesno, .ck-raw-field") ? control.querySelector("input") : null;
  var head = el(single ? "label" : "span", { class: "ck-key-name", id: uid(), for: single ? single.id : null,
                                             text: title });
  var helpNode = help ? el("span", { class: "ck-help", id: uid(), text: help }) : null;
  var target = single || control;
  if (single) single.removeAttribute("aria-label");
  else { control.setAttribute("role", "group"); control.setAttribute("aria-labelledby", head.id); }
  if (helpNode) {
    var described = target.getAttribute("aria-describedby");
    target.setAttribute("aria-describedby", (described ? described + " " : "") + helpNode.id);
  }
  return el("div", { class: "ck-row", "data-checker-field": name }, [
    el("div", { class: "ck-row-head" }, [head, remove]), el("div", { class: "ck-row-body" }, [control]), helpNode]);
}

/* A menu that adds one of `choices` ({name, description}). */
export function adder(ctx, choices, prompt, label, path, add) {
  var select = el("select", { class: "ck-input ck-add", "data-path": path, "data-checker-add": "",
                              "aria-label": prompt.replace(/…$/, "") });
  select.appendChild(el("option", { value: "", text: prompt }));
  choices.forEach(function (choice_, i) {
    var help = said(choice_.description);
    select.appendChild(el("option", { value: String(i), text: words(choice_.name) + (help ? ": " + help : ""),
                                      "data-key": choice_.name }));
  });
  select.addEventListener("change", function () {
    if (select.value === "") return;
    add(choices[Number(select.value)]);
  });
  return el("div", { class: "ck-adder" }, [select]);
}

/* ---- A mapping by player, system, card...: rows of a key and its value ---- */

function rows(ctx, slot, found, label, path) {
  var value = slot.get();
  if (value.kind !== "map") { value = map(); slot.set(value); }
  var box = el("div", { class: "ck-rows" });
  value.entries.forEach(function (found_, i) {
    var here = path + "." + i;
    var keySlot = { get: function () { return found_.key; }, set: function (v) { found_.key = v; } };
    var keyField = field(ctx, keySlot, keyNode(found.key), label + ": which", here + "#");
    if (keyField.tagName === "SELECT" || keyField.tagName === "INPUT") keyField.classList.add("ck-map-key");
    var valueSlot = { get: function () { return found_.value; }, set: function (v) { found_.value = v; } };
    var valueField = field(ctx, valueSlot, found.value, label + ": " + String(found_.key.value), here);
    var remove = small("data-checker-remove", "✕", "Remove " + String(found_.key.value) + " from " + label.toLowerCase(), {});
    remove.addEventListener("click", function () {
      value.entries.splice(value.entries.indexOf(found_), 1);
      ctx.changed(true, path + ".+");
    });
    var nested = !valueField.matches("input, select, .ck-yesno, .ck-raw-field") &&
      !(valueField.matches(".ck-either") && valueField.lastChild.matches("input, select"));
    box.appendChild(nested ? el("div", { class: "ck-pair ck-pair--nested" }, [
      el("div", { class: "ck-pair-head" }, [keyField, remove]), valueField]) :
      el("div", { class: "ck-pair" }, [keyField, valueField, remove]));
  });
  var next = freeKey(ctx, found.key, value);
  if (next !== undefined && (found.max === undefined || value.entries.length < found.max)) {
    var add = small("data-checker-add-row", "+ Add", "Add to " + label.toLowerCase(),
                    { class: "ck-small ck-plus", "data-path": path + ".+" });
    add.addEventListener("click", function () {
      var key = freeKey(ctx, found.key, value);
      value.entries.push(entry(key === undefined ? "" : key, initial(ctx, found.value)));
      ctx.changed(true, path + "." + (value.entries.length - 1) + "#");
    });
    box.appendChild(add);
  }
  return box;
}

function keyNode(keyShape) {
  if (keyShape.kind === "choice") return { enum: keyShape.choices };
  if (keyShape.kind === "names") return { type: "string", "x-names": keyShape.names };
  return { type: "string" };
}

/* ---- A list: rows, or for a few choices that may each be there once, boxes to tick ---- */

function list(ctx, slot, found, label, path) {
  var value = slot.get();
  if (isChoices(ctx, found)) return ticks(ctx, value, found, label, path);
  var box = el("div", { class: "ck-list" });
  value.items.forEach(function (found_, i) {
    var here = path + "." + i;
    var itemSlot = { get: function () { return found_.value; }, set: function (v) { found_.value = v; } };
    var control = field(ctx, itemSlot, found.item, label + " " + (i + 1), here);
    var remove = small("data-checker-remove", "✕", "Remove " + label.toLowerCase() + " " + (i + 1), {});
    remove.addEventListener("click", function () {
      value.items.splice(value.items.indexOf(found_), 1);
      ctx.changed(true, path + ".+");
    });
    box.appendChild(el("div", { class: "ck-item" }, [control, remove]));
  });
  if (found.max === undefined || value.items.length < found.max) {
    var add = small("data-checker-add-item", "+ Add", "Add to " + label.toLowerCase(),
                    { class: "ck-small ck-plus", "data-path": path + ".+" });
    add.addEventListener("click", function () {
      value.items.push(item(initial(ctx, found.item)));
      value.flow = value.flow === false ? false : undefined;
      ctx.changed(true, path + "." + (value.items.length - 1));
    });
    box.appendChild(add);
  }
  return box;
}

function ticks(ctx, value, found, label, path) {
  var inner = shape(ctx.root, found.item);
  var choices = inner.kind === "choice" ? inner.choices : ctx.players();
  var there = value.items.map(function (found_) { return found_.value.value; });
  var box = el("div", { class: "ck-ticks", role: "group", "aria-label": label });
  var extra = there.filter(function (v) { return choices.indexOf(v) < 0; });
  choices.concat(extra).forEach(function (choice_, i) {
    var id = uid();
    var tick = el("input", { type: "checkbox", id: id, class: "ck-check", "data-path": path + "." + i });
    tick.checked = there.indexOf(choice_) >= 0;
    tick.addEventListener("change", function () {
      var now = value.items.map(function (found_) { return found_.value.value; });
      if (tick.checked && now.indexOf(choice_) < 0) value.items.push(item(scalar(choice_)));
      if (!tick.checked) value.items = value.items.filter(function (found_) { return found_.value.value !== choice_; });
      ctx.changed(false);
    });
    box.appendChild(el("label", { class: "ck-tick", for: id }, [tick, el("span", { text: String(choice_) })]));
  });
  return box;
}
