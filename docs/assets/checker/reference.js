/* reference.js: the rules reference checker's; its source, with comments, is checker/site/assets/reference.js */
(function () {
  "use strict";

  var TRIGGERS = "a.rule-ref[href], a.term-ref[href]";
  var pop = null, current = null, index = null, showTimer = 0, hideTimer = 0;
  var tap = null;  /* the trigger a touch went down on, and whether its popover was open */

  function previews() {
    var holder = document.querySelector(".checker-previews");
    if (index && index.holder === holder) return index;
    index = { holder: holder, rules: {}, terms: {} };
    if (!holder) return index;
    Array.prototype.forEach.call(holder.querySelectorAll("a[data-rule-preview]"), function (a) {
      index.rules[a.href] = a;
    });
    Array.prototype.forEach.call(holder.querySelectorAll("a[data-term-preview]"), function (a) {
      index.terms[a.dataset.termPreview] = a;
    });
    return index;
  }

  function element(tag, className, text) {
    var made = document.createElement(tag);
    if (className) made.className = className;
    if (text) made.textContent = text;
    return made;
  }

  function link(href, text) {
    var a = element("a", "ref-pop__link", text);
    a.href = href;
    return a;
  }

  function content(trigger) {
    var found = previews(), parts = [];
    if (trigger.classList.contains("term-ref")) {
      var term = found.terms[trigger.dataset.term];
      if (!term) return null;
      var head = element("p", "ref-pop__head");
      head.appendChild(element("strong", "ref-pop__term", term.dataset.name));
      parts.push(head, element("p", "ref-pop__text", term.dataset.text));
      var foot = element("p", "ref-pop__foot");
      foot.appendChild(link(term.href, "Rule " + term.dataset.number));
      foot.appendChild(document.createTextNode(" \u00b7 "));
      foot.appendChild(link(trigger.href, "Glossary"));
      parts.push(foot);
      return parts;
    }
    var rule = found.rules[trigger.href];
    if (!rule) return null;
    var title = element("p", "ref-pop__head");
    title.appendChild(element("strong", "ref-pop__num", rule.dataset.number));
    if (rule.dataset.title) title.appendChild(element("span", "ref-pop__title", " " + rule.dataset.title));
    parts.push(title);
    if (rule.dataset.text) parts.push(element("p", "ref-pop__text", rule.dataset.text));
    var where = element("p", "ref-pop__foot");
    where.appendChild(link(rule.href, (rule.dataset.section ? rule.dataset.section + ", " : "") +
      rule.dataset.number + " \u2192"));
    parts.push(where);
    return parts;
  }

  function popover() {
    if (pop && document.body.contains(pop)) return pop;
    pop = element("div", "ref-pop");
    pop.id = "checker-ref-pop";
    pop.setAttribute("role", "tooltip");
    pop.hidden = true;
    pop.addEventListener("pointerenter", function () { clearTimeout(hideTimer); });
    pop.addEventListener("pointerleave", function (event) {
      if (event.pointerType !== "touch") hideSoon();
    });
    pop.addEventListener("focusout", function (event) {
      if (!pop.contains(event.relatedTarget) && event.relatedTarget !== current) hide();
    });
    document.body.appendChild(pop);
    return pop;
  }

  function place(trigger) {
    var box = trigger.getClientRects()[0] || trigger.getBoundingClientRect();
    var margin = 8, gap = 6;
    var width = pop.offsetWidth, height = pop.offsetHeight;
    var left = Math.max(margin, Math.min(box.left, window.innerWidth - width - margin));
    var below = box.bottom + gap + height <= window.innerHeight || box.top - gap - height < 0;
    var top = below ? box.bottom + gap : box.top - gap - height;
    pop.style.left = Math.round(left + window.scrollX) + "px";
    pop.style.top = Math.round(top + window.scrollY) + "px";
    pop.classList.toggle("ref-pop--above", !below);
  }

  function show(trigger) {
    clearTimeout(hideTimer);
    clearTimeout(showTimer);
    if (current === trigger && pop && !pop.hidden) return true;
    var parts = content(trigger);
    if (!parts) return false;
    hide();
    popover();
    pop.replaceChildren.apply(pop, parts);
    pop.hidden = false;
    current = trigger;
    if (trigger.hasAttribute("title")) {
      trigger.dataset.refTitle = trigger.getAttribute("title");
      trigger.removeAttribute("title");
    }
    trigger.setAttribute("aria-describedby", pop.id);
    place(trigger);
    return true;
  }

  function hide() {
    clearTimeout(hideTimer);
    clearTimeout(showTimer);
    if (current) {
      current.removeAttribute("aria-describedby");
      if (current.dataset.refTitle !== undefined) {
        current.setAttribute("title", current.dataset.refTitle);
        delete current.dataset.refTitle;
      }
    }
    current = null;
    if (pop) pop.hidden = true;
  }

  function hideSoon() {
    clearTimeout(hideTimer);
    clearTimeout(showTimer);
    hideTimer = setTimeout(hide, 300);
  }

  function triggerOf(event) {
    return event.target.closest ? event.target.closest(TRIGGERS) : null;
  }

  document.addEventListener("pointerover", function (event) {
    if (event.pointerType === "touch") return;
    var trigger = triggerOf(event);
    if (!trigger) return;
    clearTimeout(hideTimer);
    if (trigger === current) return;
    clearTimeout(showTimer);
    showTimer = setTimeout(function () { show(trigger); }, 150);
  });
  document.addEventListener("pointerout", function (event) {
    if (event.pointerType === "touch") return;
    var trigger = triggerOf(event);
    if (!trigger || trigger.contains(event.relatedTarget)) return;
    if (pop && pop.contains(event.relatedTarget)) return;
    if (trigger === current) hideSoon(); else clearTimeout(showTimer);
  });
  document.addEventListener("focusin", function (event) {
    var trigger = triggerOf(event);
    if (trigger && !(tap && tap.trigger === trigger)) show(trigger);
  });
  document.addEventListener("focusout", function (event) {
    var trigger = triggerOf(event);
    if (trigger && trigger === current && !(pop && pop.contains(event.relatedTarget))) hide();
  });
  document.addEventListener("pointerdown", function (event) {
    var trigger = event.pointerType === "touch" ? triggerOf(event) : null;
    tap = trigger ? { trigger: trigger, open: trigger === current && !pop.hidden } : null;
    if (!trigger && pop && !pop.hidden && !pop.contains(event.target)) hide();
  });
  document.addEventListener("click", function (event) {
    var touched = tap;
    tap = null;
    var trigger = triggerOf(event);
    if (!trigger || !touched || touched.trigger !== trigger || touched.open) return;
    if (show(trigger)) {
      event.preventDefault();
      event.stopPropagation();
    }
  }, true);
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape" || !current) return;
    var trigger = current;
    hide();
    if (pop.contains(document.activeElement)) trigger.focus();
  });
  window.addEventListener("resize", hide);

  if (window.document$ && window.document$.subscribe) window.document$.subscribe(function () {
    hide();
    index = null;
  });
})();
