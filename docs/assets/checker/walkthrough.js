/* walkthrough.js: the rules reference checker's; its source, with comments, is checker/site/assets/walkthrough.js */
(function () {
  "use strict";

  function keyOf(row) { return row.querySelector("dt").firstChild.textContent; }

  function wholeStates(root, steps) {
    var setup = root.querySelector(".wt-setup .wt-state");
    if (!setup) return;
    var rows = Array.prototype.slice.call(setup.children);
    Array.prototype.forEach.call(steps, function (step) {
      var changes = step.querySelector(".wt-state");
      var label = step.querySelector(".wt-changes");
      var changed = {}, before = {};
      if (changes) Array.prototype.forEach.call(changes.children, function (row) { changed[keyOf(row)] = row; });
      rows.forEach(function (row) { before[keyOf(row)] = row; });
      var order = changes && changes.dataset.order ? changes.dataset.order.split("\n") : rows.map(keyOf);
      var state = document.createElement("dl");
      state.className = "wt-state";
      rows = order.map(function (key) {
        var row = (changed[key] || before[key]).cloneNode(true);
        var note = row.querySelector(".wt-changed-note");
        if (note) note.remove();
        if (!changed[key]) Array.prototype.forEach.call(row.querySelectorAll(".wt-was"), function (was) { was.remove(); });
        row.removeAttribute("class");
        if (changed[key]) {
          row.className = "wt-row--changed";
          note = document.createElement("span");
          note.className = "wt-changed-note";
          note.textContent = " (changed)";
          row.querySelector("dt").appendChild(note);
        }
        return state.appendChild(row);
      });
      var table = step.querySelector(".wt-table");
      if (!table) {
        table = document.createElement("details");
        table.className = "wt-table";
        table.appendChild(document.createElement("summary"));
        if (label) label.replaceWith(table); else step.appendChild(table);
      }
      var summary = table.querySelector("summary");
      summary.className = "wt-label";
      summary.textContent = "The state after this step";
      if (changes) changes.replaceWith(state); else table.appendChild(state);
    });
  }

  function keepTablesAlike(root, steps) {
    Array.prototype.forEach.call(steps, function (step) {
      var table = step.querySelector(".wt-table");
      if (table) table.open = !step.querySelector(".wt-picture");
    });
    root.addEventListener("click", function (event) {
      var summary = event.target.closest(".wt-table > summary");
      if (!summary) return;
      var open = !summary.parentNode.open;
      Array.prototype.forEach.call(root.querySelectorAll(".wt-table"), function (table) {
        if (table !== summary.parentNode) table.open = open;
      });
    });
  }

  function carryPictures(steps) {
    var last = null;
    Array.prototype.forEach.call(steps, function (step) {
      var own = step.querySelector(".wt-picture");
      if (own) { last = own; return; }
      if (!last) return;
      var copy = last.cloneNode(true);
      copy.classList.add("wt-picture--earlier");
      Array.prototype.forEach.call(copy.querySelectorAll(".chg"), function (mark) { mark.remove(); });
      Array.prototype.forEach.call(copy.querySelectorAll("[id]"), function (el) { el.removeAttribute("id"); });
      var title = copy.querySelector("title");
      if (title) title.textContent = title.textContent.replace(/ Changed by this step: [\s\S]*$/, "");
      step.insertBefore(copy, step.querySelector(":scope > .wt-table, :scope > .wt-changes"));
    });
  }

  function button(attributes, label, text) {
    return '<button type="button" ' + attributes + ' aria-label="' + label + '">' + text +
      "</button>";
  }

  function makeBar(count) {
    var dots = "";
    for (var i = 0; i < count; i++) {
      dots += "<li>" + button('class="wt-dot" data-go="' + i + '"', "Step " + (i + 1), i + 1) +
        "</li>";
    }
    var bar = document.createElement("div");
    bar.className = "wt-stepper";
    bar.innerHTML = button('class="wt-prev"', "Previous step", "&#8592; Previous") +
      '<ol class="wt-dots">' + dots + "</ol>" +
      button('class="wt-next"', "Next step", "Next &#8594;") +
      '<span class="wt-count" aria-live="polite"></span>';
    return bar;
  }

  function stepper(root) {
    if (root.dataset.ready) return;
    var steps = root.querySelectorAll(".wt-step");
    var list = root.querySelector(".wt-steps");
    if (!steps.length || !list) return;
    root.dataset.ready = "1";
    wholeStates(root, steps);
    carryPictures(steps);
    keepTablesAlike(root, steps);
    root.classList.add("wt--stepper");
    var bar = list.parentNode.insertBefore(makeBar(steps.length), list);
    var dots = bar.querySelectorAll(".wt-dot");
    var prev = bar.querySelector(".wt-prev");
    var next = bar.querySelector(".wt-next");
    var count = bar.querySelector(".wt-count");
    var current = 0;

    function show(index, link) {
      current = Math.max(0, Math.min(steps.length - 1, index));
      for (var i = 0; i < steps.length; i++) {
        steps[i].hidden = i !== current;
        dots[i].setAttribute("aria-current", i === current ? "step" : "false");
      }
      prev.disabled = current === 0;
      next.disabled = current === steps.length - 1;
      count.textContent = "Step " + (current + 1) + " of " + steps.length;
      if (link) history.replaceState(history.state, "", "#" + steps[current].id);
    }

    prev.addEventListener("click", function () { show(current - 1, true); });
    next.addEventListener("click", function () { show(current + 1, true); });
    bar.addEventListener("click", function (event) {
      var dot = event.target.closest(".wt-dot");
      if (dot) show(Number(dot.dataset.go), true);
    });
    root.addEventListener("keydown", function (event) {
      if (event.target.closest("details, input, textarea")) return;
      var to = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: steps.length - 1 }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      show(to, true);
      var focus = bar.querySelector(".wt-dot[aria-current=step]");
      if (focus && bar.contains(document.activeElement)) focus.focus();
    });
    root.stepTo = function (id) {
      for (var i = 0; i < steps.length; i++) if (steps[i].id === id) { show(i, false); return true; }
      return false;
    };
    show(0, false);
  }

  function followHash() {
    var id = decodeURIComponent(location.hash.slice(1));
    if (!id) return;
    var step = document.getElementById(id);
    var root = step && step.closest("[data-walkthrough]");
    if (root && root.stepTo && root.stepTo(id)) step.scrollIntoView({ block: "center" });
    else if (step && !root) step.scrollIntoView();
  }

  function copyLink(event) {
    var number = event.target.closest(".rule-num");
    if (!number || !navigator.clipboard) return;
    var url = number.href;  // absolute, whatever Material did to the attribute
    navigator.clipboard.writeText(url).then(function () {
      number.classList.add("rule-num--copied");
      setTimeout(function () { number.classList.remove("rule-num--copied"); }, 1200);
    }, function () {});
  }

  function init() {
    var roots = document.querySelectorAll("[data-walkthrough]");
    for (var i = 0; i < roots.length; i++) stepper(roots[i]);
    followHash();
  }

  document.addEventListener("click", copyLink);
  document.addEventListener("wt:added", function (event) { stepper(event.target); });
  window.addEventListener("hashchange", followHash);
  if (window.document$ && window.document$.subscribe) window.document$.subscribe(init);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
