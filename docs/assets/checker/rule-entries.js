/* rule-entries.js: the rules reference checker's; its source, with comments, is checker/site/assets/rule-entries.js */
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

  if (window.document$ && window.document$.subscribe) window.document$.subscribe(init);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
