/* Checking scenarios in the page: "Edit and check" under each walkthrough, and the ask pages
   (<game>/ask/). The checker is the command line's own Python package, run by Pyodide in a Web
   Worker (assets/checker/check-worker.js), from files the site serves itself; nothing is
   loaded until a reader presses a control. What the checker returns is HTML made by the
   build's own code and escaping; the reader's text only ever reaches the page as text.
   The hooks for automation are data- attributes, documented in docs/guide/checking-in-the-
   browser.md. */
(function () {
  "use strict";

  var SCRIPT = document.currentScript && document.currentScript.src;
  if (!SCRIPT) return;
  var ROOT = new URL("../../", SCRIPT);
  var BUNDLE = new URL("assets/checker/browser/", ROOT);
  var ASK = /^(ti4|ti3|arcs)$/;
  var FILE_BYTES = 1048576;   /* the most the checker reads (checker/limits.py) */

  /* ---- The worker: started on the first check, ended and started again past the limit ---- */

  var checker = {
    timeoutMs: 15000,   /* a check's time limit, once the runtime is loaded */
    loadTimeoutMs: 180000,   /* the runtime's, the first time */
    state: "idle",   /* idle | loading | ready | unavailable */
    reason: "",
    worker: null,
    ready: null,
    pending: {},
    queue: Promise.resolve(),
    count: 0,
  };
  window.rulesChecker = checker;

  function startWorker() {
    checker.state = "loading";
    checker.loading = { started: performance.now(), ready: null };   /* for benchmarks */
    checker.ready = new Promise(function (resolve, reject) {
      var worker;
      try {
        worker = new Worker(new URL("assets/checker/check-worker.js", ROOT), { type: "module" });
      } catch (error) {
        unavailable("this browser cannot start the checker here (" + error.message + ")");
        reject(new Error(checker.reason));
        return;
      }
      checker.worker = worker;
      var limit = setTimeout(function () {
        stopWorker();
        unavailable("the Python runtime did not load in time");
        reject(new Error(checker.reason));
      }, checker.loadTimeoutMs);
      worker.onmessage = function (event) {
        var data = event.data || {};
        if (data.type === "ready") {
          clearTimeout(limit); checker.state = "ready"; checker.loading.ready = performance.now(); resolve();
          return;
        }
        if (data.type === "unavailable") {
          clearTimeout(limit); stopWorker(); unavailable(data.reason); reject(new Error(data.reason));
          return;
        }
        var waiting = checker.pending[data.id];
        if (!waiting) return;
        delete checker.pending[data.id];
        clearTimeout(waiting.timer);
        if (data.type === "result") waiting.resolve({ result: data.result, ms: data.ms, started: waiting.started });
        else waiting.reject({ kind: "internal", message: data.reason });
      };
      worker.onerror = function (event) {
        event.preventDefault();
        if (checker.state !== "loading") return;
        clearTimeout(limit); stopWorker();
        unavailable("the checker's files are missing from this site");
        reject(new Error(checker.reason));
      };
    });
    checker.ready.catch(function () {});
    return checker.ready;
  }

  function stopWorker() {
    if (checker.worker) checker.worker.terminate();
    checker.worker = null;
  }

  function unavailable(reason) {
    checker.state = "unavailable";
    checker.reason = reason;
  }

  /* Check one YAML text; resolves to {result, ms, started}, rejects with {kind, message}. One
     check at a time: the time limit counts the check's own time, from `started`, not the wait
     for another; drawing its result counts in it too (`draw`). */
  checker.check = function (text, here) {
    var run = checker.queue.then(function () { return checkNow(text, here === undefined ? pagePath() : here); });
    checker.queue = run.catch(function () {});
    return run;
  };

  function checkNow(text, here) {
    if (checker.state === "unavailable") return Promise.reject({ kind: "unavailable", message: checker.reason });
    var ready = checker.state === "idle" ? startWorker() : checker.ready;
    return ready.then(function () {
      return new Promise(function (resolve, reject) {
        var id = ++checker.count;
        var timer = setTimeout(function () {
          delete checker.pending[id];
          stopWorker();
          startWorker();   /* the next check finds the runtime loading again */
          reject({ kind: "timeout", message: "the check took longer than " + checker.timeoutMs / 1000 +
                   " s and was stopped" });
        }, checker.timeoutMs);
        checker.pending[id] = { resolve: resolve, reject: reject, timer: timer, started: performance.now() };
        checker.worker.postMessage({ id: id, text: text, here: here, pieceBytes: checker.pieceBytes,
                                     drawBytes: checker.drawBytes });
      });
    }, function () {
      return Promise.reject({ kind: "unavailable", message: checker.reason });
    });
  }

  /* The page's address relative to the site's root, as rules.json gives pages' addresses. */
  function pagePath() {
    var path = decodeURIComponent(location.pathname);
    var root = decodeURIComponent(ROOT.pathname);
    return path.indexOf(root) === 0 ? path.slice(root.length) : "";
  }

  /* ---- Small DOM helpers: text goes in as text ---- */

  function el(tag, attributes, children) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) {
      if (name === "text") node.textContent = attributes.text;
      else node.setAttribute(name, attributes[name]);
    });
    (children || []).forEach(function (child) { if (child) node.appendChild(child); });
    return node;
  }

  function button(attribute, text, extra) {
    var attributes = { type: "button", class: "md-button ck-button" };
    attributes[attribute] = "";
    Object.keys(extra || {}).forEach(function (name) { attributes[name] = extra[name]; });
    attributes.text = text;
    return el("button", attributes);
  }

  /* HTML from the checker (the build's renderer) as an element. */
  function fromChecker(html) {
    var holder = document.createElement("template");
    holder.innerHTML = html;
    return holder.content;
  }

  /* ---- Drawing a result: a piece a task, within the time limit, the rest summarised ----
     Megabytes of walkthroughs put in the page at once would hold its thread for seconds: each
     walkthrough is drawn in a task of its own (walkthrough.js sets it up), the page free
     between; one too large to draw in a task, or past the budget of a check, or left when
     the check's time limit passes, is listed with its verdict instead. */

  checker.pieceBytes = 160000;   /* the largest walkthrough drawn (its HTML) */
  checker.drawBytes = 2000000;   /* the most walkthrough HTML drawn for one check */

  /* The next task after the next frame (or after 100 ms on a hidden page, which has none). */
  function nextTask() {
    return new Promise(function (resolve) {
      var done = false;
      function go() { if (!done) { done = true; setTimeout(resolve, 0); } }
      requestAnimationFrame(go);
      setTimeout(go, 100);
    });
  }

  /* Draw the walkthroughs of `scenarios` (each with its `html`) at the end of `box`, marked
     with `extra` classes, until the time limit of the check `started` (a performance.now()
     time) passes, or `drawing.stopped`. Resolves to {drawn, listed, late}. */
  function draw(box, scenarios, started, drawing, extra) {
    var budget = checker.drawBytes, left = [], drawn = 0, late = false, i = 0;
    function next() {
      if (drawing.stopped) return { drawn: drawn, listed: 0, late: false };
      if (i < scenarios.length && performance.now() > started + checker.timeoutMs) {
        late = true;
        left = left.concat(scenarios.slice(i));
        i = scenarios.length;
      }
      if (i >= scenarios.length) {
        if (left.length) box.appendChild(summary(left, late));
        return { drawn: drawn, listed: left.length, late: late };
      }
      // No HTML (null): the worker kept back one past the limits (check-worker.js `undrawn`).
      var scenario = scenarios[i++], size = scenario.html === null ? Infinity : scenario.html.length;
      if (size > checker.pieceBytes || size > budget) { left.push(scenario); return next(); }
      budget -= size;
      drawn++;
      var piece = fromChecker(scenario.html);
      var added = Array.prototype.slice.call(piece.querySelectorAll("[data-walkthrough]"));
      added.forEach(function (w) {
        w.setAttribute("data-checker-result", "");
        if (extra) w.classList.add(extra);
      });
      box.appendChild(piece);
      added.forEach(function (w) { w.dispatchEvent(new CustomEvent("wt:added", { bubbles: true })); });
      return nextTask().then(next);
    }
    return Promise.resolve().then(next);
  }

  var FAILURES_LISTED = 3;

  /* The scenarios not drawn, each with its verdict and its first failures. */
  function summary(scenarios, late) {
    var list = el("ul", {});
    scenarios.forEach(function (scenario) {
      var said = scenario.verdict === "fails" ? "does not hold" : scenario.verdict;
      var item = el("li", { "data-verdict": scenario.verdict, "data-scenario": scenario.id },
                    [el("strong", { text: scenario.title || scenario.id })]);
      item.appendChild(document.createTextNode(": " + said));
      var failures = scenario.failures.slice(0, FAILURES_LISTED).map(function (problem) {
        return el("li", {}, [el("code", { text: problem.line + ":" + problem.col }),
                             document.createTextNode(" " + problem.message)]);
      });
      var more = scenario.failures.length - failures.length;
      if (more > 0) failures.push(el("li", { text: "and " + more + " more" }));
      if (failures.length) item.appendChild(el("ul", {}, failures));
      list.appendChild(item);
    });
    var why = late ? "The time limit passed before these walkthroughs were drawn" :
      "These walkthroughs are too large to draw in the page";
    return el("div", { class: "ck-summary", "data-checker-summary": "" },
              [el("p", { text: why + "; their verdicts:" }), list]);
  }

  /* ---- The JSON Schema: which keys a line may hold, for hints and early warnings ---- */

  var schema = null;
  function loadSchema() {
    if (!schema) {
      schema = fetch(new URL("scenario.schema.json", ROOT)).then(function (response) {
        return response.ok ? response.json() : null;
      }).catch(function () { return null; });
    }
    return schema;
  }

  function resolve(document_, node) {
    var seen = 0;
    while (node && node.$ref && seen++ < 20) {
      node = node.$ref.replace(/^#\//, "").split("/").reduce(function (at, part) { return at && at[part]; }, document_);
    }
    return node || {};
  }

  /* The keys a mapping node allows (name -> its schema), for a game; null when any key goes. */
  function keysOf(document_, node, game) {
    node = resolve(document_, node);
    var keys = {}, open = false, any = false;
    function add(part) {
      part = resolve(document_, part);
      if (part.type === "array" && part.items) { part = resolve(document_, part.items); }
      Object.keys(part.properties || {}).forEach(function (key) { keys[key] = part.properties[key]; any = true; });
      if (part.additionalProperties && typeof part.additionalProperties === "object") open = true;
      (part.anyOf || []).concat(part.oneOf || []).forEach(add);
      (part.allOf || []).forEach(function (branch) {
        var wanted = branch.if && branch.if.properties && branch.if.properties.game;
        if (!wanted || wanted.const === game) add(branch.then || branch);
      });
    }
    add(node);
    return open || !any ? null : keys;
  }

  /* The block-style keys above a line that enclose it: ["steps", "-", "expect"]. */
  function pathAt(lines, index, indent) {
    var path = [];
    for (var i = index - 1; i >= 0 && indent > 0; i--) {
      var match = /^(\s*)(-\s+)?(?:([^\s#'"{}\[\],:-][^:#{}\[\]]*?)\s*:(?:\s|$))?/.exec(lines[i]);
      if (!lines[i].trim() || lines[i].trim()[0] === "#" || !match) continue;
      var at = match[1].length;
      var keyAt = at + (match[2] ? match[2].length : 0);
      if (match[3] && keyAt < indent) { path.unshift(match[3]); indent = keyAt; }
      if (match[2] && at < indent) { path.unshift("-"); indent = at; }
    }
    return path;
  }

  function nodeAt(document_, path, game) {
    var node = document_;
    for (var i = 0; i < path.length; i++) {
      if (path[i] === "-") { node = resolve(document_, node); node = node.items || node; continue; }
      var keys = keysOf(document_, node, game);
      if (!keys || !keys[path[i]]) return null;
      node = keys[path[i]];
    }
    return node;
  }

  function gameOf(text) {
    var match = /^game:\s*["']?([a-z0-9]+)/m.exec(text);
    return match ? match[1] : "";
  }

  /* Lines whose block-style key the schema does not allow where it stands: [line, key]. */
  function unknownKeys(document_, text) {
    var lines = text.split("\n"), game = gameOf(text), out = [];
    for (var i = 0; i < lines.length; i++) {
      var match = /^(\s*)(-\s+)?([A-Za-z_][\w-]*):(\s|$)/.exec(lines[i]);
      if (!match) continue;
      var indent = match[1].length + (match[2] ? match[2].length : 0);
      var path = pathAt(lines, i, indent);
      if (match[2]) path.push("-");
      var node = nodeAt(document_, path, game);
      var keys = node && keysOf(document_, node, game);
      if (keys && !keys[match[3]]) out.push([i + 1, match[3]]);
    }
    return out;
  }

  /* ---- The editor: a text area with line numbers, the error lines marked ---- */

  function Editor(text, options) {
    var self = this;
    this.published = text;
    this.options = options;
    this.marks = {};
    this.textarea = el("textarea", { class: "ck-text", "data-checker-editor": "", spellcheck: "false",
                                     wrap: "off", autocapitalize: "off", autocomplete: "off",
                                     "aria-label": "Scenario in YAML", rows: "18" });
    this.textarea.value = text;
    this.gutter = el("div", { class: "ck-gutter", "data-checker-gutter": "", "aria-hidden": "true" });
    this.band = el("div", { class: "ck-band", hidden: "" });
    this.keys = el("p", { class: "ck-keys", "data-checker-keys": "" });
    this.status = el("p", { class: "ck-status", "data-checker-status": "", role: "status" });
    this.verdict = el("div", { class: "ck-verdict", "data-checker-verdict": "", "aria-live": "polite" });
    this.problems = el("ol", { class: "ck-problems", "data-checker-problems": "" });
    this.checkButton = button("data-checker-check", "Check", { class: "md-button md-button--primary ck-button" });
    this.resetButton = button("data-checker-reset", options.resetLabel || "Reset");
    this.shareButton = button("data-checker-share", "Share as a link");
    this.link = el("input", { class: "ck-link", "data-checker-link": "", readonly: "", hidden: "",
                              "aria-label": "Link to this question" });
    this.actions = el("div", { class: "ck-actions" }, [this.checkButton, this.resetButton, this.shareButton]);
    this.box = el("div", { class: "ck-editor" }, [this.gutter, el("div", { class: "ck-area" }, [this.band, this.textarea])]);
    this.showButton = button("data-checker-show", "Show the YAML");
    this.large = el("p", { class: "ck-large", "data-checker-large": "", hidden: "" },
                    [el("span", {}), this.showButton]);
    this.root = el("div", { class: "ck", "data-checker": "", "data-checker-state": "idle" }, [
      this.box, this.large, this.keys, this.actions, this.link, this.status, this.verdict, this.problems,
    ]);
    this.textarea.addEventListener("input", function () {
      self.clearMarks(); self.lines(); self.later();
      if (options.onInput) options.onInput();
    });
    /* The runtime starts loading, quietly, as soon as the reader starts editing. */
    this.textarea.addEventListener("focus", function () { checker.warm(self.text()); });
    this.textarea.addEventListener("paste", function (event) { self.paste(event); });
    this.textarea.addEventListener("scroll", function () { self.gutter.scrollTop = self.textarea.scrollTop; self.placeBand(); });
    ["keyup", "click", "focus"].forEach(function (name) {
      self.textarea.addEventListener(name, function () { self.hint(); });
    });
    this.textarea.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) { event.preventDefault(); self.check(); }
    });
    this.checkButton.addEventListener("click", function () { self.check(); });
    this.resetButton.addEventListener("click", function () { self.reset(); });
    this.shareButton.addEventListener("click", function () { self.share(); });
    this.showButton.addEventListener("click", function () { self.shown(true); self.textarea.focus(); });
    this.problems.addEventListener("click", function (event) {
      var item = event.target.closest("[data-line]");
      if (item) self.goTo(Number(item.dataset.line), Number(item.dataset.col));
    });
    this.shown(text.length <= SHOWN_CHARS);
    this.lines();
  }

  Editor.prototype.text = function () { return this.textarea.value; };

  /* A text of hundreds of kilobytes put in the editor at once (a shared link, a situation, a
     large paste) is laid out by the browser in one task of a few hundred milliseconds: past
     SHOWN_CHARS the editor is closed instead, with a note of the text's size and a button
     that shows it. It is checked, shared and reset as ever. */
  var SHOWN_CHARS = 100000;

  Editor.prototype.shown = function (shown) {
    this.box.hidden = !shown;
    this.large.hidden = shown;
    if (shown) return;
    var text = this.textarea.value;
    this.large.firstChild.textContent = "This question is " + Math.round(text.length / 1024) +
      " KB (" + lineCount(text).toLocaleString("en") + " lines): its YAML is not shown, to keep " +
      "the page quick. ";
  };

  /* A large paste is put in as one change (the browser's editing of a paste takes seconds
     at a few hundred kilobytes); one that would take the text past what the checker reads
     is refused, the text left as it was. */
  var PASTE_BYTES = 65536;

  Editor.prototype.paste = function (event) {
    var pasted = event.clipboardData && event.clipboardData.getData("text/plain");
    if (!pasted || pasted.length < PASTE_BYTES) return;
    event.preventDefault();
    var area = this.textarea;
    var size = area.value.length - (area.selectionEnd - area.selectionStart) + pasted.length;
    if (size > FILE_BYTES) {
      this.status.textContent = "Not pasted: the text would be over 1 MiB, more than the checker reads.";
      return;
    }
    if (size > SHOWN_CHARS) this.box.hidden = true;  // not laid out while the text goes in
    area.setRangeText(pasted.replace(/\r\n?/g, "\n"), area.selectionStart, area.selectionEnd, "end");
    this.shown(size <= SHOWN_CHARS);
    area.dispatchEvent(new Event("input"));
  };

  Editor.prototype.setText = function (text) {
    if (text.length > SHOWN_CHARS) this.box.hidden = true;  // not laid out while it goes in
    this.textarea.value = text;
    this.shown(text.length <= SHOWN_CHARS);
    this.clearMarks();
    this.lines();
  };

  /* What the editor does as a reader types, bounded so that a huge paste never holds the
     page: the lines numbered, the text's size against the checker's, and the schema's
     warnings (whose cost grows with the square of the lines: the check says more). */
  var NUMBERED_LINES = 3000, WARNED_LINES = 1500;

  function lineCount(text) {
    var count = 1;
    for (var at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) count++;
    return count;
  }

  Editor.prototype.lines = function () {
    var count = lineCount(this.textarea.value);
    this.counted = count;
    this.sizeNote();
    count = Math.min(count, NUMBERED_LINES);
    if (count === this.gutter.childElementCount && !this.dirtyMarks) return;
    this.dirtyMarks = false;
    // Written as HTML at once (thousands of elements made one by one hold the page): numbers
    // and class names only; the marks' messages, which quote the reader's text, go in as text.
    var html = [];
    for (var i = 1; i <= count; i++) {
      var mark = this.marks[i];
      html.push('<span class="ck-line' + (mark ? " ck-line--" + mark.kind : "") + '" data-line="' +
                i + '">' + i + "</span>");
    }
    this.gutter.innerHTML = html.join("");
    var lines = this.gutter.children;
    Object.keys(this.marks).forEach(function (line) {
      if (line <= count) lines[line - 1].title = this.marks[line].message;
    }, this);
    // Read after the next frame's layout: read now, it would lay out a large text at once.
    var self = this;
    requestAnimationFrame(function () { self.gutter.scrollTop = self.textarea.scrollTop; });
  };

  /* A text past the checker's size limit (in UTF-8 bytes; each character is at least one). */
  Editor.prototype.sizeNote = function () {
    var value = this.textarea.value;
    var over = value.length > FILE_BYTES || value.length * 3 > FILE_BYTES &&
      new Blob([value]).size > FILE_BYTES;
    if (over === this.over) return;
    this.over = over;
    this.keys.textContent = over ? "This text is over 1 MiB, more than the checker reads: a check " +
      "will refuse it." : "";
  };

  Editor.prototype.clearMarks = function () {
    if (!Object.keys(this.marks).length) return;
    this.marks = {};
    this.dirtyMarks = true;
    this.band.hidden = true;
    this.lines();
  };

  Editor.prototype.mark = function (line, kind, message) {
    if (this.marks[line] && this.marks[line].kind === "error") return;
    this.marks[line] = { kind: kind, message: message };
    this.dirtyMarks = true;
  };

  Editor.prototype.placeBand = function () {
    var first = Object.keys(this.marks).filter(function (line) { return this.marks[line].kind === "error"; }, this)
      .map(Number).sort(function (a, b) { return a - b; })[0];
    if (!first) { this.band.hidden = true; return; }
    var style = getComputedStyle(this.textarea);
    var height = parseFloat(style.lineHeight);
    this.band.style.top = (parseFloat(style.paddingTop) + (first - 1) * height - this.textarea.scrollTop) + "px";
    this.band.style.height = height + "px";
    this.band.hidden = false;
  };

  Editor.prototype.goTo = function (line, col) {
    var lines = this.textarea.value.split("\n");
    var at = 0;
    for (var i = 0; i < line - 1 && i < lines.length; i++) at += lines[i].length + 1;
    at += Math.max(0, Math.min((col || 1) - 1, (lines[line - 1] || "").length));
    this.textarea.focus();
    this.textarea.setSelectionRange(at, at);
    var height = parseFloat(getComputedStyle(this.textarea).lineHeight);
    this.textarea.scrollTop = Math.max(0, (line - 3) * height);
    this.hint();
  };

  /* The keys the schema allows at the caret, as buttons that type them. */
  Editor.prototype.hint = function () {
    var self = this;
    loadSchema().then(function (document_) {
      if (!document_ || self.over) return;
      var value = self.textarea.value, caret = self.textarea.selectionStart;
      var lines = value.slice(0, caret).split("\n");
      var end = value.indexOf("\n", caret);
      var index = lines.length - 1, current = lines[index] + value.slice(caret, end < 0 ? value.length : end);
      var indent = /^\s*(-\s+)?/.exec(current)[0].length;
      if (!current.trim()) indent = lines[index].length;
      var path = pathAt(lines, index, indent);
      if (/^\s*-\s/.test(current) && indent > 0) path.push("-");
      var node = nodeAt(document_, path, gameOf(value));
      var keys = node && keysOf(document_, node, gameOf(value));
      self.keys.replaceChildren();
      if (!keys) return;
      self.keys.appendChild(document.createTextNode(path.length ? "Keys here (" + path.filter(function (p) { return p !== "-"; }).join(" › ") + "): " : "Keys here: "));
      Object.keys(keys).forEach(function (key) {
        var chip = el("button", { type: "button", class: "ck-key", "data-checker-key": key, text: key,
                                  title: keys[key].description || key });
        chip.addEventListener("mousedown", function (event) { event.preventDefault(); });
        chip.addEventListener("click", function () { self.insert(key + ": "); });
        self.keys.appendChild(chip);
      });
    });
  };

  Editor.prototype.insert = function (text) {
    var area = this.textarea;
    area.setRangeText(text, area.selectionStart, area.selectionEnd, "end");
    area.focus();
    area.dispatchEvent(new Event("input"));
  };

  /* Warnings from the schema while typing, before any check (the check says more). */
  Editor.prototype.later = function () {
    var self = this;
    clearTimeout(this.waiting);
    if (this.counted > WARNED_LINES || this.over) return;
    this.waiting = setTimeout(function () {
      loadSchema().then(function (document_) {
        if (!document_ || self.counted > WARNED_LINES || self.over) return;
        unknownKeys(document_, self.textarea.value).forEach(function (found) {
          self.mark(found[0], "warning", "'" + found[1] + "' is not a key here (scenario.schema.json)");
        });
        self.lines();
      });
    }, 400);
  };

  Editor.prototype.setState = function (state, status) {
    this.root.setAttribute("data-checker-state", state);
    this.status.textContent = status || "";
    this.checkButton.disabled = state === "loading" || state === "checking" || state === "drawing";
  };

  Editor.prototype.check = function () {
    var self = this, text = this.text();
    var explained = this.options.explain && this.options.explain(text);
    if (explained) { this.explain(explained); return Promise.resolve(); }
    this.setState(checker.state === "ready" ? "checking" : "loading",
                  checker.state === "ready" ? "Checking…" : "Loading the checker (once per visit)…");
    var started = performance.now();
    if (this.drawing) this.drawing.stopped = true;
    return checker.check(text).then(function (answer) {
      self.status.setAttribute("data-checker-ms", String(Math.round(answer.ms)));
      return self.show(answer.result, performance.now() - started, answer.started);
    }, function (error) {
      self.failed(error);
    });
  };

  var PROBLEMS_LISTED = 100;

  /* A check's answer: its verdict and problems at once, then its walkthroughs, drawn in
     pieces within the time limit of the check `started` (which drawing counts in). */
  Editor.prototype.show = function (result, ms, started) {
    var self = this;
    this.clearMarks();
    this.problems.replaceChildren();
    var located = result.problems.slice();
    result.scenarios.forEach(function (scenario) { located = located.concat(scenario.failures); });
    located.forEach(function (problem) { self.mark(problem.line, "error", problem.message); });
    located.slice(0, PROBLEMS_LISTED).forEach(function (problem) {
      var where = el("code", { text: problem.line + ":" + problem.col });
      var item = el("li", { "data-line": String(problem.line), "data-col": String(problem.col),
                            tabindex: "0" }, [where]);
      item.appendChild(document.createTextNode(" " + problem.message));
      item.addEventListener("keydown", function (event) {
        if (event.key === "Enter") self.goTo(problem.line, problem.col);
      });
      self.problems.appendChild(item);
    });
    this.lines();
    requestAnimationFrame(function () { self.placeBand(); });   /* after the frame's layout */
    var verdict, said;
    if (result.problems.length || !result.scenarios.length) {
      verdict = "error";
      said = result.problems.length === 1 ? "Not checked: the scenario has an error." :
        "Not checked: the scenario has " + result.problems.length + " errors.";
    } else {
      var failing = result.scenarios.filter(function (s) { return !s.passed; }).length;
      verdict = failing ? "fails" : result.scenarios.every(function (s) { return s.verdict === "disputed"; }) ?
        "disputed" : "verified";
      said = failing ? "Does not hold: the engine disagrees (see the walkthrough)." :
        verdict === "disputed" ? "Disputed, as its status says: the engine disagrees." :
        "Verified: every claim holds.";
    }
    this.verdict.setAttribute("data-verdict", verdict);
    this.verdict.className = "ck-verdict ck-verdict--" + verdict;
    if (located.length > PROBLEMS_LISTED) {
      said += " The first " + PROBLEMS_LISTED + " of its " + located.length + " problems are listed.";
    }
    this.verdict.textContent = said;
    var checked = "Checked in " + Math.round(ms) + " ms.";
    if (!this.options.onResult) { this.setState("done", checked); return Promise.resolve(); }
    var drawing = this.drawing = { stopped: false };
    this.setState("drawing", checked + " Drawing the walkthroughs…");
    return this.options.onResult(result, started, drawing).then(function (drawn) {
      if (drawing.stopped) return;
      var late = drawn && drawn.late ? " The time limit passed while drawing: " + drawn.listed +
        " walkthroughs are listed with their verdicts instead." : "";
      self.setState("done", checked + late);
    });
  };

  /* A question not ready to check (nothing happens in it, or it claims nothing): what to
     do, in place of a verdict; nothing is sent to the checker. */
  Editor.prototype.explain = function (explained) {
    if (this.drawing) this.drawing.stopped = true;
    this.clearMarks();
    this.problems.replaceChildren();
    this.verdict.setAttribute("data-verdict", explained.verdict);
    this.verdict.className = "ck-verdict ck-verdict--explained";
    this.verdict.textContent = explained.message;
    if (this.options.onExplain) this.options.onExplain(explained);
    this.setState("done", "");
  };

  Editor.prototype.failed = function (error) {
    var kind = error && error.kind || "internal";
    this.verdict.setAttribute("data-verdict", kind);
    this.verdict.className = "ck-verdict ck-verdict--error";
    this.verdict.textContent = kind === "unavailable" ?
      "The checker is not available on this site: " + error.message + "." :
      kind === "timeout" ? "Stopped: " + error.message + "." :
      "The checker failed: " + (error && error.message || error) + ".";
    this.setState(kind === "unavailable" ? "unavailable" : "done", "");
  };

  Editor.prototype.reset = function () {
    if (this.drawing) this.drawing.stopped = true;
    this.setText(this.published);
    this.problems.replaceChildren();
    this.verdict.textContent = "";
    this.verdict.removeAttribute("data-verdict");
    this.link.hidden = true;
    this.setState("idle", "");
    if (this.options.onReset) this.options.onReset();
  };

  Editor.prototype.share = function () {
    var self = this, text = this.text();
    var game = gameOf(text) || this.options.game || "ti4";
    encode(text).then(function (code) {
      var url = new URL(game + "/ask/", ROOT);
      url.hash = "q=" + code;
      self.link.value = url.href;
      self.link.hidden = false;
      self.link.select();
      if (self.options.onShare) self.options.onShare(url);
      if (navigator.clipboard) navigator.clipboard.writeText(url.href).then(function () {
        self.status.textContent = "Link copied: it holds the whole question, and opens it checked.";
      }, function () {});
    });
  };

  /* ---- Share links: the YAML in the fragment (never sent to a server), deflated ---- */

  function base64url(bytes) {
    var text = "";
    for (var i = 0; i < bytes.length; i++) text += String.fromCharCode(bytes[i]);
    return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function unbase64url(code) {
    var text = atob(code.replace(/-/g, "+").replace(/_/g, "/"));
    var bytes = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return bytes;
  }

  function piped(bytes, stream) {
    return new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer()
      .then(function (buffer) { return new Uint8Array(buffer); });
  }

  function encode(text) {
    var bytes = new TextEncoder().encode(text);
    if (!window.CompressionStream) return Promise.resolve("t" + base64url(bytes));
    return piped(bytes, new CompressionStream("deflate-raw")).then(function (packed) { return "z" + base64url(packed); });
  }

  function decode(code) {
    try {
      var bytes = unbase64url(code.slice(1));
      if (code[0] === "t") return Promise.resolve(new TextDecoder().decode(bytes));
      if (code[0] === "z" && window.DecompressionStream) return inflated(bytes);
    } catch (error) { /* fall through */ }
    return Promise.reject(new Error("this link does not hold a question"));
  }

  /* A shared link's question is unpacked no further than the checker reads a file
     (FILE_BYTES): a few kilobytes of link can unpack to gigabytes. */

  function inflated(bytes) {
    var reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"))
      .getReader();
    var parts = [], size = 0;
    function next() {
      return reader.read().then(function (step) {
        if (step.done) {
          var whole = new Uint8Array(size), at = 0;
          parts.forEach(function (part) { whole.set(part, at); at += part.length; });
          return new TextDecoder().decode(whole);
        }
        size += step.value.length;
        if (size > FILE_BYTES) {
          reader.cancel();
          throw new Error("the question in this link is over 1 MiB, more than the checker reads");
        }
        parts.push(step.value);
        return next();
      });
    }
    return next();
  }

  function sharedQuestion() {
    var match = /^#q=([A-Za-z0-9_-]+)$/.exec(location.hash);
    return match ? match[1] : null;
  }

  /* ---- "Edit and check" under each walkthrough ---- */

  function editable(walkthrough) {
    if (walkthrough.dataset.checkerReady || walkthrough.hasAttribute("data-checker-result")) return;
    // A walkthrough kept closed under its line (walkthrough.js) is edited in the copy it opens.
    if (walkthrough.closest("[data-kept-walkthrough]")) return;
    var source = walkthrough.querySelector(".wt-source pre > code");
    if (!source) return;
    walkthrough.dataset.checkerReady = "1";
    var text = source.textContent;
    var open = button("data-checker-edit", "Edit and check", { "aria-expanded": "false" });
    var host = el("div", { class: "ck-host", "data-checker-host": walkthrough.id }, [open]);
    walkthrough.parentNode.insertBefore(host, walkthrough.nextSibling);
    var editor = null, published = walkthrough, shown = walkthrough;

    function replace(next) {
      shown.parentNode.replaceChild(next, shown);
      shown = next;
    }

    open.addEventListener("click", function () {
      if (!editor) {
        editor = new Editor(text, {
          game: location.pathname.split("/").filter(Boolean).find(function (part) { return ASK.test(part); }),
          resetLabel: "Reset to the published example",
          onResult: function (result, started, drawing) {
            var scenarios = result.scenarios.filter(function (s) { return s.html || s.html === null; });
            var same = scenarios.filter(function (s) { return s.id === published.id; });
            var chosen = same.length ? same : scenarios;
            if (!chosen.length) return Promise.resolve(null);
            var box = el("div", { class: "ck-result", "data-checker-result": "" });
            replace(box);
            return draw(box, chosen, started, drawing, "wt--rechecked");
          },
          onReset: function () { if (shown !== published) replace(published); },
        });
        host.appendChild(editor.root);
      }
      var opening = editor.root.hidden || open.getAttribute("aria-expanded") === "false";
      editor.root.hidden = !opening;
      open.setAttribute("aria-expanded", opening ? "true" : "false");
      open.textContent = opening ? "Close the editor" : "Edit and check";
      if (opening) { editor.textarea.focus(); editor.hint(); }
    });
  }

  /* ---- Warming up: the runtime loaded before the first check is asked for ---- */

  /* Start loading the runtime without waiting for it (a reader started editing, or an ask
     page is idle); once loaded, check `text` once, its answer unused, so that what a first
     check loads (the game's modules, the walkthrough's drawing) is loaded as well. Called
     again, it starts nothing twice and checks one text at most. */
  checker.warm = function (text) {
    if (checker.state === "idle") startWorker();
    if (!text || checker.warmed || checker.state === "unavailable") return;
    checker.warmed = true;
    checker.ready.then(function () { return checker.check(text); }).catch(function () {});
  };

  /* ---- The ask pages: their form is a module of its own (ask.js), loaded on them only ---- */

  function ask(place) {
    if (place.dataset.checkerReady) return;
    place.dataset.checkerReady = "1";
    import(new URL("assets/checker/ask.js", ROOT).href).then(function (module) {
      module.start(place, {
        checker: checker, Editor: Editor, draw: draw, decode: decode, sharedQuestion: sharedQuestion,
        root: ROOT, bundle: BUNDLE, loadSchema: loadSchema,
      });
    }, function (error) {
      place.dataset.checkerReady = "";
      var note = document.createElement("p");
      note.textContent = "The form could not be loaded (" + error.message + "): reload the page to try again.";
      place.appendChild(note);
    });
  }

  function init() {
    document.querySelectorAll("[data-walkthrough]").forEach(editable);
    document.querySelectorAll("[data-checker-ask]").forEach(ask);
  }

  // A folded example opened in place (walkthrough.js) can be edited and checked too.
  document.addEventListener("wt:added", function (event) {
    if (event.target.matches && event.target.matches("[data-walkthrough]")) editable(event.target);
  });

  if (window.document$ && window.document$.subscribe) window.document$.subscribe(init);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
