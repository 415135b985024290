/* The ask page's situations (ask.js): every example of the game that holds, from
   templates/<game>.json (checker/site/publish/ask_situations.py), grouped by the part of the
   rules each is about, found by typing words of its title or group. Choosing one starts the
   question from its text; "A blank question" starts from nothing. */

import { parse, emit } from "./ask-yaml.js";
import { el, uid } from "./ask-dom.js";

/* The YAML text of a situation: its file's, or for one of a list of scenarios, that one
   alone (with the comments above it). */
export function pickedText(situations, chosen) {
  var text = situations.texts[chosen.text] || "";
  if (chosen.item === undefined || chosen.item === null) return text;
  var read = parse(text);
  var found = read.ok && read.node && read.node.kind === "seq" ? read.node.items[chosen.item] : null;
  if (!found) return text;
  var node = found.value;
  if (node.kind === "map" && node.entries.length && found.before.length) {
    node.entries[0].before = found.before.concat(node.entries[0].before);
  }
  return emit(node);
}

function matches(words, haystack) {
  return words.every(function (word) { return haystack.indexOf(word) >= 0; });
}

/* The picker: {root}; `choose(situation or null)` when the reader picks one. */
export function situationPicker(situations, choose) {
  var all = situations.situations || [];
  var listId = uid("ck-situations");
  var search = el("input", { type: "search", class: "ck-input ck-search", id: uid(), "aria-controls": listId,
                             "data-checker-search": "", autocomplete: "off",
                             placeholder: "Words of its question: battle, Outrage, 10th point…" });
  var count = el("p", { class: "ck-help", "aria-live": "polite", "data-checker-count": "" });
  var list = el("div", { class: "ck-situation-list", id: listId, "data-checker-template": "" });
  var summary = el("summary", { class: "ck-start-summary" }, [
    el("span", { class: "ck-start-title", text: "Start from a situation" }),
    el("span", { class: "ck-start-chosen", "data-checker-chosen": "", text: all.length ?
      "one of the site's " + all.length + " examples, or a blank question" : "a blank question" })]);
  var root = el("details", { class: "ck-start", "data-checker-start": "", open: true }, [summary,
    el("label", { class: "ck-key-name", for: search.id, text: "Find an example" }), search, count, list]);
  var buttons = [];

  function option(situation, label, group) {
    var button = el("button", { type: "button", class: "ck-situation", "data-situation": situation ? situation.id : "",
                                text: label });
    button.addEventListener("click", function () {
      buttons.forEach(function (b) { b.button.removeAttribute("aria-current"); });
      button.setAttribute("aria-current", "true");
      summary.lastChild.textContent = situation ? situation.title : "a blank question";
      root.open = false;
      choose(situation);
    });
    button.addEventListener("keydown", function (event) { move(event, button); });
    buttons.push({ button: button, group: group, words: (label + " " + (group ? group.title : "") + " " +
                                                         (situation ? situation.id : "")).toLowerCase() });
    return button;
  }

  list.appendChild(option(null, "A blank question", null));
  var groups = [], byTitle = {};
  all.forEach(function (situation) {
    var group = byTitle[situation.group];
    if (!group) {
      var head = el("h3", { class: "ck-group-title", id: uid(), text: situation.group });
      group = byTitle[situation.group] = { title: situation.group, head: head,
        box: el("div", { class: "ck-group", role: "group", "aria-labelledby": head.id }, [head]) };
      groups.push(group);
      list.appendChild(group.box);
    }
    group.box.appendChild(option(situation, situation.title, group));
  });

  function filter() {
    var words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0;
    buttons.forEach(function (b) {
      var hit = !b.group ? !words.length : matches(words, b.words);
      b.button.hidden = !hit;
      if (hit && b.group) shown++;
    });
    groups.forEach(function (g) {
      g.box.hidden = !buttons.some(function (b) { return b.group === g && !b.button.hidden; });
    });
    count.textContent = words.length ? (shown ? shown + " of " + all.length + " examples" :
      "No example has these words") : all.length + " examples in " + groups.length + " groups";
  }

  function visible() { return buttons.filter(function (b) { return !b.button.hidden; }).map(function (b) { return b.button; }); }

  /* Up and down move through the examples shown; from the search box, down goes to the first. */
  function move(event, from) {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    var shown = visible(), at = from ? shown.indexOf(from) : -1;
    var to = event.key === "ArrowDown" ? at + 1 : at - 1;
    event.preventDefault();
    if (to < 0) { search.focus(); return; }
    if (shown[to]) shown[to].focus();
  }

  search.addEventListener("input", filter);
  search.addEventListener("keydown", function (event) {
    if (event.key === "ArrowDown") move(event, null);
  });
  filter();
  return { root: root };
}
