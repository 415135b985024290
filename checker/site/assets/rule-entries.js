/* What cites a rule, on demand; and a scenario list's section headings as its choice of sources
   leaves them. On a rules page, each rule item that examples or pages cite ends with a link,
   "Cited by N", to its list in the file beside the page; here the link opens the list in place,
   under the rule, and closes it again (aria-expanded, aria-controls). Elsewhere the Markdown
   extension writes a <details class="rule-uses"> after the rule item (inside it for a list
   item); without this script its summary opens it, under the rule. This script puts a small
   toggle next to the rule's number instead, which opens and closes the same list, and hides
   the summary. And a rule a link opens stays where the link put it (`settle`). */
(function () {
  "use strict";

  function ruleItem(details) {
    var item = details.parentElement && details.parentElement.closest("li.rule");
    if (item) return item;
    item = details.previousElementSibling;
    return item && item.classList.contains("rule") ? item : null;
  }

  function enhance(details) {
    if (details.classList.contains("rule-uses--enhanced")) return;
    var item = ruleItem(details);
    var number = item && item.querySelector(":scope > a.rule-num");
    var summary = details.querySelector(":scope > summary");
    if (!number || !summary) return;
    if (!details.id) details.id = "cited-by-" + item.id;
    var toggle = document.createElement("button");
    toggle.type = "button";
    toggle.className = "rule-uses-toggle";
    toggle.textContent = summary.textContent;
    toggle.title = summary.title;
    toggle.setAttribute("aria-controls", details.id);
    toggle.setAttribute("aria-expanded", details.open ? "true" : "false");
    toggle.addEventListener("click", function () { details.open = !details.open; });
    details.addEventListener("toggle", function () {
      toggle.setAttribute("aria-expanded", details.open ? "true" : "false");
    });
    number.insertAdjacentElement("afterend", toggle);
    details.classList.add("rule-uses--enhanced");
  }

  /* A rules page's link: the list, fetched from the file beside the page, goes under the rule
     item (inside it for a list item); the link opens and closes it. Without this script, from
     a folder of files, or when the file cannot be fetched, the link leads to the list there. */
  function openList(link) {
    var item = link.closest(".rule");
    var shown = link.getAttribute("aria-controls") &&
      document.getElementById(link.getAttribute("aria-controls"));
    if (shown) {
      shown.hidden = !shown.hidden;
      link.setAttribute("aria-expanded", shown.hidden ? "false" : "true");
      return;
    }
    var fetchFile = window.checkerKeptFile;
    if (!item || !fetchFile || link.dataset.loading) return;
    var url = link.href.split("#")[0], id = decodeURIComponent(link.hash.slice(1));
    link.dataset.loading = "1";
    link.setAttribute("aria-busy", "true");
    fetchFile(url).then(function (file) {
      var list = file.getElementById(id);
      if (!list) throw new Error("not in the file");
      var body = document.importNode(list, true);
      body.id = "cited-by-" + item.id;
      if (item.tagName === "LI") item.appendChild(body); else item.insertAdjacentElement("afterend", body);
      link.setAttribute("aria-controls", body.id);
      link.setAttribute("aria-expanded", "true");
    }).catch(function () {
      location.href = link.href;
    }).then(function () {
      delete link.dataset.loading;
      link.removeAttribute("aria-busy");
    });
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a.rule-uses[data-rule-uses]");
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey ||
        event.altKey || location.protocol === "file:") return;
    event.preventDefault();
    openList(link);
  });

  /* A scenario list's choice of sources: the style sheet hides the examples of the other
     kinds; a section heading left with no example under it hides too. */
  function sectionsShown() {
    var headings = document.querySelectorAll("h2");
    for (var i = 0; i < headings.length; i++) {
      var heading = headings[i], shown = false, any = false;
      for (var next = heading.nextElementSibling; next && next.tagName !== "H2";
           next = next.nextElementSibling) {
        var examples = next.matches(".wt") ? [next] : next.querySelectorAll(".wt");
        for (var j = 0; j < examples.length; j++) {
          any = true;
          if (examples[j].offsetParent !== null) shown = true;
        }
      }
      if (any) heading.hidden = !shown;
    }
  }

  /* The browser lays out rule entries and example lines only near the screen
     (content-visibility in rule-entries.css and walkthrough.css): each one the link's scroll
     brings near takes its real height a frame later, which moves the rule the link opened.
     Each time one does, put the rule back where the link put it, until the reader moves. */
  var moved = false, pending = false;

  function settle() {
    pending = false;
    var target = !moved && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (!target) return;
    var margin = parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
    if (Math.abs(target.getBoundingClientRect().top - margin) > 2) target.scrollIntoView();
  }

  function settleSoon() {
    if (!pending) { pending = true; requestAnimationFrame(settle); }
  }

  ["wheel", "touchstart", "keydown", "mousedown"].forEach(function (kind) {
    window.addEventListener(kind, function () { moved = true; }, { capture: true, passive: true });
  });
  document.addEventListener("contentvisibilityautostatechange", settleSoon, true);
  window.addEventListener("hashchange", function () { moved = false; settleSoon(); });

  function init() {
    var found = document.querySelectorAll("details.rule-uses");
    for (var i = 0; i < found.length; i++) enhance(found[i]);
    if (document.querySelector(".wt-sources input:checked:not([value='all'])")) sectionsShown();
  }

  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches(".wt-sources input")) sectionsShown();
  });

  // Material's document$ announces each page under instant navigation, but never fires when
  // the site is opened from a folder of files (file://): set up on load as well (init skips
  // what is already set up).
  if (window.document$ && window.document$.subscribe) window.document$.subscribe(init);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
