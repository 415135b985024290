/* Walkthrough stepper and rule-number links. Progressive enhancement: without this script
   every step is listed. Runs on each page of Material's instant navigation via document$. */
(function () {
  "use strict";

  function keyOf(row) { return row.querySelector("dt").firstChild.textContent; }

  /* The page lists the setup and then what each step changed; the stepper shows the whole
     state after the step, changed rows marked (and named so for screen readers) with what
     they were (`.wt-was`). A step's `data-order` lists the rows when rows came or went. */
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
        // What a value was before (`8 → `) belongs to the step that changed it.
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
      // The whole state goes in a table like the setup's, open or not as the setup's is.
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

  /* A step's table is closed where the step shows a picture (its own or the one carried to
     it), whose text alternative it is, and open where it does not. Once the reader opens or
     closes one, every table of the walkthrough follows, so stepping on keeps that choice. */
  function keepTablesAlike(root, steps) {
    Array.prototype.forEach.call(steps, function (step) {
      var table = step.querySelector(".wt-table");
      if (table) table.open = !step.querySelector(".wt-picture");
    });
    // A click on a summary (or Enter or Space on it) opens or closes its table just after.
    root.addEventListener("click", function (event) {
      var summary = event.target.closest(".wt-table > summary");
      if (!summary) return;
      var open = !summary.parentNode.open;
      Array.prototype.forEach.call(root.querySelectorAll(".wt-table"), function (table) {
        if (table !== summary.parentNode) table.open = open;
      });
    });
  }

  /* A step that changed nothing drawn has no picture of its own: in the stepper it shows the
     last step's picture before it, without that step's change marks (class "chg", and the
     "Changed by this step" sentence of its text alternative). Before the first step picture,
     the setup's still holds. */
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

  /* The stepper's buttons only work with this script, so the script makes them. */
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

  /* ---- Examples folded to one line (rules pages) ----
     A rules page shows each example as one line whose link leads to the file beside the page
     that keeps its walkthroughs; here the link opens the walkthrough in place instead. A site
     built without the plugin keeps the walkthrough in the page, closed under its line
     (`data-kept-walkthrough`), and opens a copy of it in the same way. */
  var files = {};  // the file's address -> the promise of its parsed document

  function keptFile(url) {
    if (!files[url]) {
      files[url] = fetch(url).then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.text();
      }).then(function (text) { return new DOMParser().parseFromString(text, "text/html"); });
      files[url].catch(function () { delete files[url]; });  // tried again next time
    }
    return files[url];
  }

  // The file is shared with rule-entries.js, which takes the "cited by" lists from it.
  window.checkerKeptFile = keptFile;

  function keptHere(line) {
    var kept = line.querySelector("[data-kept-walkthrough] > .wt");
    if (!kept) return null;
    var copy = kept.cloneNode(true);
    copy.id = line.id;
    return copy;
  }

  function unfold(line) {
    var link = line.querySelector("[data-open-walkthrough]");
    var here = keptHere(line);
    if (!here && (!link || location.protocol === "file:")) return Promise.resolve(null);
    if (line.opening) return line.opening;
    line.setAttribute("aria-busy", "true");
    var kept = here ? Promise.resolve(null) : keptFile(link.href.split("#")[0]);
    line.opening = kept.then(function (file) {
      var found = here || file.getElementById(line.id);
      if (!found) throw new Error("not in the file");
      if (!line.parentNode) return null;  // the reader left the page meanwhile
      var whole = here || document.importNode(found, true);
      var fold = document.createElement("button");
      fold.type = "button";
      fold.className = "wt-fold";
      fold.textContent = "Hide the walkthrough";
      fold.addEventListener("click", function () { refold(whole, line); });
      var meta = whole.querySelector(".wt-meta");
      if (meta) meta.appendChild(fold); else whole.insertBefore(fold, whole.firstChild);
      whole.classList.add("wt--unfolded");
      line.replaceWith(whole);
      whole.dispatchEvent(new CustomEvent("wt:added", { bubbles: true }));
      return whole;
    }).catch(function () {
      link.textContent = "Open the walkthrough on a page of its own (it could not be shown here)";
      link.removeAttribute("data-open-walkthrough");
      return null;
    }).then(function (whole) {
      line.removeAttribute("aria-busy");
      line.opening = null;
      return whole;
    });
    return line.opening;
  }

  function refold(whole, line) {
    var host = whole.nextElementSibling;  // check.js's "Edit and check" goes with it
    if (host && host.getAttribute("data-checker-host") === whole.id) host.remove();
    whole.replaceWith(line);
    var opener = line.querySelector("[data-open-walkthrough]");
    if (opener) opener.focus();
  }

  var SHOWN = "checker-examples-shown";

  function remembered() {
    try { return localStorage.getItem(SHOWN) === "1"; } catch (error) { return false; }
  }

  function remember(shown) {
    try { if (shown) localStorage.setItem(SHOWN, "1"); else localStorage.removeItem(SHOWN); }
    catch (error) { /* private mode: not remembered */ }
  }

  /* A switch at the top of a rules page shows or hides every example at once; the choice
     holds on the next pages. */
  function pageSwitch() {
    var lines = document.querySelectorAll("[data-walkthrough-line]");
    var fetched = !document.querySelector("[data-kept-walkthrough]");
    if (!lines.length || document.querySelector(".wt-switch") ||
        (fetched && location.protocol === "file:")) {
      return;
    }
    var bar = document.createElement("p");
    bar.className = "wt-switch";
    var toggle = document.createElement("button");
    toggle.type = "button";
    toggle.className = "md-button wt-switch-button";
    bar.appendChild(toggle);
    var count = lines.length;
    function label(shown) {
      toggle.setAttribute("aria-pressed", shown ? "true" : "false");
      toggle.textContent = shown ? "Fold the examples" :
        "Show the " + (count === 1 ? "example" : count + " examples") + " in full";
    }
    toggle.addEventListener("click", function () {
      var shown = toggle.getAttribute("aria-pressed") !== "true";
      remember(shown);
      label(shown);
      showAll(shown);
    });
    var heading = document.querySelector(".md-content__inner h1, article h1, main h1, h1");
    if (heading && heading.parentNode) heading.parentNode.insertBefore(bar, heading.nextSibling);
    else lines[0].parentNode.insertBefore(bar, lines[0]);
    label(remembered());
    if (remembered()) showAll(true);
  }

  function showAll(shown) {
    if (shown) {
      Array.prototype.forEach.call(document.querySelectorAll("[data-walkthrough-line]"), unfold);
      return;
    }
    Array.prototype.forEach.call(document.querySelectorAll(".wt--unfolded"), function (whole) {
      var fold = whole.querySelector(".wt-fold");
      if (fold) fold.click();
    });
  }

  function followHash() {
    var id = decodeURIComponent(location.hash.slice(1));
    if (!id) return;
    var step = document.getElementById(id);
    // A folded example, or a step of one (kept in the page, or in the file beside it): open
    // it, then go there.
    var folded = (step && step.closest("[data-walkthrough-line]")) || step ||
      document.getElementById(id.replace(/--step-\d+$/, ""));
    if (folded && folded.hasAttribute("data-walkthrough-line")) {
      if (location.protocol === "file:" && !folded.querySelector("[data-kept-walkthrough]")) {
        // nothing is fetched there: go to the file
        var link = folded.querySelector("[data-open-walkthrough]");
        if (link) location.replace(link.href.split("#")[0] + "#" + encodeURIComponent(id));
        return;
      }
      unfold(folded).then(function (whole) { if (whole) followHash(); });
      return;
    }
    var root = step && step.closest("[data-walkthrough]");
    if (root && root.stepTo && root.stepTo(id)) landOn(step, { block: "center" });
    // Steppers above the target changed the page's height: land on the target again.
    else if (step && !root) landOn(step);
  }

  /* Scroll to `target`; again once the page has loaded, if it has not yet: the browser
     scrolls to the address's target then, which may be an element opened meanwhile in a
     copy (a walkthrough kept in the page). */
  function landOn(target, options) {
    target.scrollIntoView(options);
    if (document.readyState === "complete") return;
    window.addEventListener("load", function () {
      if (target.isConnected) target.scrollIntoView(options);
    }, { once: true });
  }

  function openClicked(event) {
    var link = event.target.closest("[data-open-walkthrough]");
    var line = link && link.closest("[data-walkthrough-line]");
    if (!line || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    // From a folder of files the browser fetches nothing: the link opens the file itself.
    if (location.protocol === "file:" && !line.querySelector("[data-kept-walkthrough]")) return;
    event.preventDefault();
    unfold(line).then(function (whole) {
      var next = whole && whole.querySelector(".wt-next, .wt-fold");
      if (next) next.focus({ preventScroll: true });
    });
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
    for (var i = 0; i < roots.length; i++) {
      // A walkthrough kept under its line gets its stepper when a copy of it opens.
      if (!roots[i].closest("[data-kept-walkthrough]")) stepper(roots[i]);
    }
    pageSwitch();
    followHash();
  }

  document.addEventListener("click", copyLink);
  document.addEventListener("click", openClicked);
  // A walkthrough put in the page later (check.js, re-checked in the browser) asks for its stepper.
  document.addEventListener("wt:added", function (event) { stepper(event.target); });
  window.addEventListener("hashchange", followHash);
  // Material's document$ announces each page under instant navigation, but never fires when
  // the site is opened from a folder of files (file://): set up on load as well (init skips
  // what is already set up).
  if (window.document$ && window.document$.subscribe) window.document$.subscribe(init);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
