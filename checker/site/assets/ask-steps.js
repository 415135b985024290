/* The ask page's steps and claims (ask.js): a card per step, showing its kind and fields, moved
   up or down or removed; a menu of the game's step kinds adds one. Claims, at the end or
   right after a step, are the keys the game lets a scenario claim there. */

import { get, put, scalar, map, seq, item, slotOf } from "./ask-yaml.js";
import { shape, words, said } from "./ask-schema.js";
import { el, small } from "./ask-dom.js";
import { field, record, adder, initial, raw } from "./ask-fields.js";

export function stepsField(self, ctx) {
  var node = self.doc.node;
  var steps = get(node, "steps");
  if (steps && steps.kind === "scalar" && steps.value === null) steps = null;
  if (steps && steps.kind !== "seq") {
    return raw(ctx, slotOf(node, "steps", seq, self.parts.order), "Steps", ".steps", "the steps are a list");
  }
  var list = el("ol", { class: "ck-steps", "data-checker-steps": "" });
  var kinds = {};
  self.parts.steps.forEach(function (kind) { kinds[kind.name] = kind; });
  (steps ? steps.items : []).forEach(function (found, i) {
    list.appendChild(stepCard(self, ctx, steps, found, i, kinds));
  });
  var add = adder(ctx, self.parts.steps, "Add a step…", "steps", ".steps.+", function (kind) {
    var holder = get(node, "steps");
    if (!holder || holder.kind !== "seq") { holder = seq(); put(node, "steps", holder, ["expect"]); }
    var value = map();
    value.entries.push({ key: scalar(kind.name), value: initial(ctx, kind.args), before: [], after: "" });
    holder.items.push(item(value));
    self.changed(true, ".steps." + (holder.items.length - 1) + ".kind");
  });
  add.querySelector("select").setAttribute("data-checker-add-step", "");
  return el("div", {}, [list, add]);
}

function stepCard(self, ctx, steps, found, i, kinds) {
  var value = found.value, path = ".steps." + i;
  var kindEntry = value.kind === "map" ? value.entries.filter(function (e) { return e.key.value !== "expect"; }) : [];
  var kind = kindEntry.length === 1 ? kinds[kindEntry[0].key.value] : null;
  var head = el("div", { class: "ck-step-head" }, [
    el("span", { class: "ck-step-number", text: "Step " + (i + 1) }),
    el("strong", { class: "ck-step-kind", text: kind ? words(kind.name) : "Not a step the form knows" })]);
  var tools = el("span", { class: "ck-step-tools" });
  [["↑", "Move step " + (i + 1) + " up", -1], ["↓", "Move step " + (i + 1) + " down", 1]].forEach(function (spec) {
    var to = i + spec[2];
    var move = small("data-checker-move", spec[0], spec[1], { "data-path": path + (spec[2] < 0 ? ".up" : ".down") });
    move.disabled = to < 0 || to >= steps.items.length;
    move.addEventListener("click", function () {
      steps.items.splice(i, 1);
      steps.items.splice(to, 0, found);
      self.changed(true, ".steps." + to + (spec[2] < 0 ? ".up" : ".down"));
    });
    tools.appendChild(move);
  });
  var remove = small("data-checker-remove", "✕", "Remove step " + (i + 1), { "data-path": path + ".remove" });
  remove.addEventListener("click", function () {
    steps.items.splice(i, 1);
    self.changed(true, ".steps.+");
  });
  tools.appendChild(remove);
  head.appendChild(tools);
  var card = el("li", { class: "ck-step", "data-checker-step": kind ? kind.name : "" }, [head]);
  var slot = { get: function () { return found.value; }, set: function (v) { found.value = v; } };
  if (!kind) {
    card.appendChild(raw(ctx, slot, "Step " + (i + 1), path, "the form knows no step like this one"));
    return card;
  }
  if (kind.description) card.appendChild(el("p", { class: "ck-help", text: said(kind.description) }));
  var args = kindEntry[0];
  var argSlot = { get: function () { return args.value; }, set: function (v) { args.value = v; } };
  var argShape = shape(self.schema, kind.args);
  if (!(argShape.kind === "record" && !argShape.keys.length)) {
    card.appendChild(field(ctx, argSlot, kind.args, words(kind.name), path + ".args"));
  }
  card.appendChild(claimsField(self, ctx, slotOf(value, "expect", map), kind.claims,
                                    "Check right after step " + (i + 1), path + ".expect",
                                    "Check right after step " + (i + 1) + "…"));
  return card;
}

export function claimsField(self, ctx, slot, node, label, path, prompt) {
  var found = shape(self.schema, node);
  var value = slot.get();
  if (found.kind !== "record") return el("p", { text: "This game's claims cannot be shown as a form." });
  if (value.kind !== "map" && !(value.kind === "scalar" && value.value === null)) {
    return raw(ctx, slot, label, path, "the claims are a mapping");
  }
  var box = record(ctx, slot, found, label, path, { add: prompt, where: "of this game's claims" });
  box.classList.add("ck-claims");
  box.setAttribute("data-checker-claims", path);
  return box;
}
