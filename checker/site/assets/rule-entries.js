/* What cites a rule, on demand. The Markdown extension writes a <details class="rule-uses">
   after each rule item that examples or pages cite (inside it for a list item); without this
   script its summary opens it, under the rule. This script puts a small toggle next to the
   rule's number instead, which opens and closes the same list (aria-expanded, aria-controls),
   and hides the summary. */
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

  function init() {
    var found = document.querySelectorAll("details.rule-uses");
    for (var i = 0; i < found.length; i++) enhance(found[i]);
  }

  // Material's document$ announces each page under instant navigation, but never fires when
  // the site is opened from a folder of files (file://): set up on load as well (init skips
  // what is already set up).
  if (window.document$ && window.document$.subscribe) window.document$.subscribe(init);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
