/* The ask page's players (ask.js): a row of chips, one per player in seating order, each
   name typed over in place (the new name replaces the old everywhere in the question, its
   comments too), removed by its ✕, or one added, within the game's counts. */

import { get, put, scalar, map, item, walk, eachComment } from "./ask-yaml.js";
import { el, small } from "./ask-dom.js";
import { raw } from "./ask-fields.js";

var COLOURS = { red: "#d32f2f", blue: "#1e63c4", green: "#2e7d32", yellow: "#c9a400", purple: "#7b1fa2",
                black: "#333", orange: "#e65100", pink: "#d81b60", white: "#bbb", grey: "#757575" };
export var NAMES = ["Red", "Blue", "Green", "Yellow", "Purple", "Black", "Orange", "Pink"];

export function playersField(self, ctx) {
  var setup = setupNode(self);
  var list = get(setup, "players");
  if (!list || list.kind !== "seq") {
    var slot = { get: function () { return get(setup, "players") || scalar(null); }, set: function (v) { put(setup, "players", v); } };
    return raw(ctx, slot, "Players", ".players", "the form shows the players as a list of names");
  }
  var least = self.playerKey && self.playerKey.node.minItems || 1;
  var most = self.playerKey && self.playerKey.node.maxItems || 8;
  var box = el("div", { class: "ck-players", "data-checker-players": "", role: "group", "aria-labelledby": "ck-players-label" });
  list.items.forEach(function (found, i) {
    var name = found.value.value;
    var colour = COLOURS[String(name).toLowerCase()] || COLOURS.grey;
    var input = el("input", { type: "text", class: "ck-chip-name", value: String(name === null ? "" : name),
                              size: String(Math.max(3, String(name).length + 1)), "data-path": ".players." + i,
                              "aria-label": "Player " + (i + 1) + " (" + ordinal(i) + " in seating order)",
                              autocomplete: "off", spellcheck: "false" });
    input.addEventListener("input", function () { input.size = Math.max(3, input.value.length + 1); });
    input.addEventListener("change", function () { rename(self, found, input); });
    input.addEventListener("keydown", function (event) { if (event.key === "Enter") { event.preventDefault(); input.blur(); } });
    var remove = small("data-checker-remove-player", "✕", "Remove " + name, { class: "ck-chip-remove" });
    remove.disabled = list.items.length <= least;
    remove.addEventListener("click", function () {
      list.items.splice(list.items.indexOf(found), 1);
      self.changed(true, ".players.add");
    });
    box.appendChild(el("span", { class: "ck-chip", style: "--ck-player: " + colour, "data-player": String(name) }, [
      el("span", { class: "ck-chip-dot", "aria-hidden": "true" }), input, remove]));
  });
  var add = el("button", { type: "button", class: "ck-chip ck-chip--add", "data-checker-add-player": "",
                           "data-path": ".players.add", text: "+ Add a player", disabled: list.items.length >= most });
  add.addEventListener("click", function () {
    var taken = self.players();
    var name = NAMES.filter(function (n) { return taken.indexOf(n) < 0; })[0] || "Player " + (taken.length + 1);
    list.items.push(item(scalar(name)));
    self.changed(true, ".players." + (list.items.length - 1));
  });
  box.appendChild(add);
  return el("div", {}, [box, el("p", { class: "ck-help", text: "Type over a name to rename the player everywhere in the question." })]);
}

function ordinal(i) { return ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"][i] || (i + 1) + "th"; }

export function setupNode(self) {
  var setup = get(self.doc.node, "setup");
  if (!setup || setup.kind !== "map") {
    setup = map();
    put(self.doc.node, "setup", setup, ["steps", "expect"]);
  }
  return setup;
}

/* A player renamed: every value and key that names them, and the comments, follow. */
function rename(self, found, input) {
  var from = found.value.value, to = input.value.trim();
  if (to === from) return;
  if (!to || self.players().indexOf(to) >= 0) {
    self.note.textContent = to ? "There is a player named " + to + " already." : "A player needs a name.";
    input.value = from;
    return;
  }
  self.note.textContent = "";
  walk(self.doc.node, function (node) {
    if (node.value === from) { node.value = to; delete node.raw; }
  });
  var pattern = new RegExp("(^|[^\\w])" + String(from).replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "(?![\\w])", "g");
  eachComment(self.doc.node, function (comment) { return comment.replace(pattern, function (w, before) { return before + to; }); });
  self.changed(true, input.getAttribute("data-path"));
}
