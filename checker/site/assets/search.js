/* Search that answers at the table. The theme's search finds the entries (Material for MkDocs:
   lunr in a web worker; Zensical: a worker of its own); this script ranks what it found for
   the page being read, and offers a switch that limits the search to that page's game:

   - results of the game of the page being read come first;
   - a rule's entry (each rule item is one, `rule_entries.py`) comes before the other entries
     of its page (sections, with their examples), those before the game's other pages
     (glossary, lists of examples, the overview), and those before the rest of the site (home
     page, guide);
   - a rule number typed on its own (61.6, ti4:61.6, 2.3) finds that rule, and a term of a
     game's glossary its defining rule: the search index names the terms each rule defines
     (`glossary`, which the checker's MkDocs plugin writes into the rule's entry);
   - Material: a word typed counts more where it stands whole than where it begins a longer
     word (61.6 before 61.6a, "repair" before "repaired").

   How: the theme's page and its worker talk by postMessage. This script wraps
   Worker.prototype.postMessage, so it sees the index the page hands the worker (and learns
   each page's game from it: a page that holds a game's rules is of that game, and so is every
   page in their folder) and each query; it then puts its own ranking of each answer in place
   of the worker's before the theme shows it. Where it came too late to see the index, it
   reads the index itself. */
(function () {
  "use strict";

  var SETUP = 0, QUERY = 2, RESULT = 3;  /* the message types both themes use */
  var FAILED = 4;  /* Zensical's: a query that failed */
  var WEIGHT = { rule: 2, rules: 1, game: 0.5, site: 0.3 };
  var PAGE = 1.5, WHOLE = 3;
  var TIER = 1e9;  /* above any score of a match: ranks by tier first */
  var RARE = 3, RARE_SHARE = 0.02;  /* a word held by at most 3 (or 2%) of the entries found */
  var ONLY = "checker-search-only";  /* remembered: the search limited to the game read */
  var RULE = /^([a-z][\w-]*):(\d[\w.]*)$/i;  /* a rule entry's anchor: the rule's full id */
  var NUMBER = /^(?:([a-z][\w-]*):)?(\d+(?:\.\w+)*)$/i;
  var HEADING = /^\d+(?:\.\w+)*$/;  /* the anchor of a rule that heads a section */

  var root = document.currentScript ? new URL("../../", document.currentScript.src) : null;

  /* An entry's place as the site's root names it: Material's index says
     "ti4/objective-cards/#ti4:61.6"; Zensical's page hands its worker full addresses. */
  function local(location) {
    location = String(location || "");
    return root && location.indexOf(root.href) === 0 ? location.slice(root.href.length)
      : location;
  }
  function pageOf(location) { return location.split("#")[0]; }
  function anchorOf(location) {
    var at = location.indexOf("#");
    if (at < 0) return "";
    try { return decodeURIComponent(location.slice(at + 1)); } catch (error) { return ""; }
  }
  function folderOf(page) { return page.replace(/[^/]*\/?$/, ""); }
  function normal(text) { return text.trim().toLowerCase().replace(/\s+/g, " "); }

  /* What the index says of the site: each page's game, the pages that hold rules, each page's
     own entry, and the entries that define each glossary term. A page that holds rules is of
     their game; another page is of the game whose rules are in its folder, or the nearest
     folder above it. */
  function Site(docs) {
    var games = {}, rules = {}, pages = {}, folders = {}, terms = {}, labels = {};
    docs.forEach(function (doc) {
      var place = local(doc.location);
      var page = pageOf(place), rule = RULE.exec(anchorOf(place));
      if (place === page) pages[page] = doc;
      if (!(page in games)) games[page] = null;
      if (rule) {
        var game = rule[1].toLowerCase();
        if (!games[page]) games[page] = game;
        rules[page] = true;
        if (!labels[game]) labels[game] = String(doc.title || "").split(" ")[0] || game;
      }
      (doc.glossary || []).forEach(function (form) {
        (terms[normal(form)] = terms[normal(form)] || []).push(place);
      });
    });
    var all = Object.keys(games);
    /* A folder's own page ("ti3/", its index.md) stands in that folder, not in the one above. */
    function home(page) {
      var index = /\/$/.test(page) && all.some(function (other) {
        return other !== page && other.indexOf(page) === 0;
      });
      return index ? page : folderOf(page);
    }
    all.forEach(function (page) {
      if (rules[page] && !(home(page) in folders)) folders[home(page)] = games[page];
    });
    all.forEach(function (page) {
      for (var folder = home(page); !games[page]; folder = folderOf(folder)) {
        if (folder in folders) games[page] = folders[folder];
        if (!folder) break;
      }
    });
    this.games = games; this.rules = rules; this.pages = pages; this.terms = terms;
    this.labels = labels;
  }

  /* How an entry found for `query` ranks, read from the page `reading`: first whether it is
     the rule typed (its number, or a term it defines), then whether it is of the game read,
     then its match (`score`, the theme's, where it gives one) weighed by its kind and by
     whether it is on the page read. */
  Site.prototype.rank = function (location, reading, query, score) {
    location = local(location);
    var page = pageOf(location), anchor = anchorOf(location), game = this.games[page];
    var rule = RULE.exec(anchor);
    /* A rule that heads a section ("## §8.6 Secure") has its number for anchor: a rule too. */
    var heading = !rule && this.rules[page] && HEADING.test(anchor);
    var weight = rule || heading ? WEIGHT.rule : this.rules[page] ? WEIGHT.rules :
      game ? WEIGHT.game : WEIGHT.site;
    if (page === reading) weight *= PAGE;
    var here = this.games[reading], tier = here && game === here ? 1 : 0;
    var number = NUMBER.exec(query.trim());
    if (number) {
      var ref = rule ? rule[2] : anchor || String((this.pages[page] || {}).title || "")
        .split(" ")[0];
      if (ref === number[2] && (!number[1] || number[1].toLowerCase() === game)) tier += 2;
    }
    if ((this.terms[normal(query)] || []).indexOf(location) >= 0) tier += 2;
    return tier * TIER + weight * (score === undefined ? 1 : score);
  };

  var site = null, kind = null, loading = false;
  var indexed = null;  /* Zensical: the entries its worker was given, which its answers number */
  var workers = [];  /* the search workers seen, each with the queries it has yet to answer */

  /* The page being read, as the index names it ("ti4/objective-cards/"). */
  function reading() {
    if (!root) return null;
    var path = decodeURI(location.pathname);
    var base = decodeURI(root.pathname);
    if (path.indexOf(base) !== 0) return null;
    return path.slice(base.length).replace(/(^|\/)index\.html$/, "$1");
  }
  function readingGame() { return site ? site.games[reading()] || null : null; }
  function only() {
    try { return localStorage.getItem(ONLY) === "1"; } catch (error) { return false; }
  }

  /* Material: each word also whole, counting more ("61.6^3 61.6": the worker adds a wildcard
     to the word typed, so 61.6 alone would count 61.6a as much). Words with lunr's signs are
     left as typed. */
  function wholeWords(query) {
    return query.split(/(\s+)/).map(function (word) {
      return /^[^\s:^~*+\-"]+$/.test(word) ? word + "^" + WHOLE + " " + word : word;
    }).join("");
  }

  /* The words of a query of several words that few of the entries found hold ("10th" in
     "10th point status phase"): the word that sets a question apart from the rest. Each
     entry Material finds says which of the query's words it holds (`terms`). */
  function rareWords(found) {
    var count = {}, words = [];
    found.forEach(function (item) {
      Object.keys(item.terms || {}).forEach(function (word) {
        if (!(word in count)) { count[word] = 0; words.push(word); }
        if (item.terms[word]) count[word] += 1;
      });
    });
    if (words.length < 2) return [];
    var few = Math.max(RARE, found.length * RARE_SHARE);
    return words.filter(function (word) { return count[word] && count[word] <= few; });
  }

  /* Material's answer: the entries found, grouped by page, ranked again. */
  function rankMaterial(groups, query) {
    var page = reading(), here = readingGame(), limit = here && only(), found = [];
    groups.forEach(function (group) {
      group.forEach(function (item) {
        if (!item.score) return;  /* a page shown only as the heading of its sections */
        if (limit && site.games[pageOf(local(item.location))] !== here) return;
        found.push(item);
      });
    });
    var rare = rareWords(found);
    found.forEach(function (item) {
      var holds = rare.length && rare.every(function (word) { return item.terms[word]; });
      item.score = site.rank(item.location, page, query, item.score) + (holds ? TIER / 2 : 0);
    });
    found.sort(function (a, b) { return b.score - a.score; });
    var byPage = {}, order = [];
    found.forEach(function (item) {
      var key = pageOf(local(item.location));
      if (!byPage[key]) { byPage[key] = []; order.push(key); }
      byPage[key].push(item);
    });
    return order.map(function (key) {
      var group = byPage[key];
      var own = group.some(function (item) { return item.location === key; });
      var article = site.pages[key];
      if (!own && article) group.push(Object.assign({}, article, { score: 0, terms: {} }));
      return group;
    });
  }

  /* Zensical's answer: a page of entries (ids into the index it was given), ranked again
     within the page; its order is one of match quality, without scores. */
  function rankZensical(data, query, items) {
    var page = reading(), here = readingGame(), limit = here && only();
    var kept = data.items.filter(function (item) {
      var doc = items[item.id];
      return doc && (!limit || site.games[pageOf(local(doc.location))] === here);
    });
    var weights = kept.map(function (item) {
      return site.rank(items[item.id].location, page, query);
    });
    var order = kept.map(function (item, index) { return index; });
    order.sort(function (a, b) { return weights[b] - weights[a] || a - b; });
    return Object.assign({}, data, { items: order.map(function (index) { return kept[index]; }) });
  }

  function learn(docs, which) {
    site = new Site(docs);
    kind = which;
    refresh();
  }

  /* The index, read here when the page handed it to its worker before this script ran. */
  function load(which) {
    if (loading || site || !root) return;
    loading = true;
    var file = which === "material" ? "search/search_index.json" : "search.json";
    fetch(new URL(file, root).href).then(function (response) { return response.json(); })
      .then(function (index) {
        if (which === "zensical") indexed = index.items;
        learn(which === "material" ? index.docs : index.items, which);
        rerun();
      })
      .catch(function () { loading = false; });
  }

  function watched(worker) {
    for (var i = 0; i < workers.length; i++) if (workers[i].worker === worker) return workers[i];
    var entry = { worker: worker, queries: [] };
    workers.push(entry);
    return entry;
  }

  function hookMaterial(entry) {
    if (entry.hooked) return;
    entry.hooked = true;
    entry.worker.addEventListener("message", function (event) {
      var message = event.data;
      if (!message || message.type !== RESULT || message.ranked) return;
      var query = entry.queries.shift();
      if (!site || query === undefined || !message.data || !message.data.items) return;
      /* The theme shows the worker's answer, then at once (in the same task, before the page
         is drawn again) this one in its place. */
      event.stopImmediatePropagation();
      var items = rankMaterial(message.data.items, query);
      entry.worker.dispatchEvent(new MessageEvent("message", { data: {
        type: RESULT, ranked: true, data: Object.assign({}, message.data, { items: items })
      } }));
    });
  }

  function hookZensical(entry) {
    var handle = entry.worker.onmessage;
    if (entry.hooked || typeof handle !== "function") return;
    entry.hooked = true;
    entry.worker.onmessage = function (event) {
      var message = event.data;
      if (message && message.type === FAILED) entry.queries.shift();
      if (message && message.type === RESULT && message.data && message.data.items) {
        var query = entry.queries.shift();
        if (site && query !== undefined && indexed)
          event = { data: { type: RESULT, data: rankZensical(message.data, query, indexed) } };
      }
      return handle.call(this, event);
    };
  }

  var post = window.Worker && Worker.prototype.postMessage;
  if (post) {
    Worker.prototype.postMessage = function (message) {
      var args = Array.prototype.slice.call(arguments);
      try { args[0] = outgoing(this, message); } catch (error) { /* the theme's own message */ }
      return post.apply(this, args);
    };
  }

  function outgoing(worker, message) {
    if (!message || typeof message !== "object") return message;
    var data = message.data;
    var index = message.type === SETUP && data && (data.docs || data.items);
    if (!index && message.type !== QUERY) return message;
    var entry = watched(worker);
    if (index) {  /* the index the page hands its worker */
      if (data.docs) {
        hookMaterial(entry);
        learn(data.docs, "material");
      } else {
        hookZensical(entry);
        indexed = data.items;
        learn(data.items, "zensical");
        tagGames(data.items);
      }
      return message;
    }
    if (typeof data === "string") {  /* Material: the query as typed */
      entry.last = data;
      hookMaterial(entry);
      entry.queries.push(data);
      if (!site) load("material");
      return site ? { type: QUERY, data: wholeWords(data) } : message;
    }
    if (data && typeof data.input === "string") {  /* Zensical: the query and its filters */
      hookZensical(entry);
      entry.queries.push(data.input);
      if (!site) load("zensical");
    }
    return message;
  }

  /* Zensical: each entry tagged with its game ("TI4"), so that its search's own filter (the
     tags it offers beside the query) limits a search to one game. */
  function tagGames(items) {
    items.forEach(function (item) {
      var game = site.games[pageOf(local(item.location))];
      if (game && Array.isArray(item.tags) && !item.tags.length) item.tags = [site.labels[game]];
    });
  }

  /* Material: ask again what was asked last (the switch changed, or the index came), as its
     page asks only when the query changes. Zensical asks again at the next key. */
  function rerun() {
    workers.forEach(function (entry) {
      if (entry.last) entry.worker.postMessage({ type: QUERY, data: entry.last });
    });
  }

  /* The switch, "TI4 only": at the right of the line that counts Material's results, shown
     while a page of a game is read. A link in role of a button, so that the arrow keys reach
     it as they reach the results (the Tab key closes Material's search). */
  function refresh() {
    var results = document.querySelector(".md-search-result");
    if (!results || kind !== "material") return;
    var toggle = results.querySelector(".search-scope");
    if (!toggle) {
      toggle = document.createElement("a");
      toggle.href = "#";
      toggle.className = "search-scope";
      toggle.setAttribute("role", "button");
      toggle.addEventListener("click", function (event) {
        event.preventDefault();
        event.stopPropagation();  /* Material closes its search on a click on a link */
        try { localStorage.setItem(ONLY, only() ? "0" : "1"); } catch (error) { return; }
        refresh();
        rerun();
      });
      results.insertBefore(toggle, results.firstChild);
    }
    var game = readingGame();
    toggle.hidden = !game;
    if (!game) return;
    var label = site.labels[game] || game;
    toggle.textContent = label + " only";
    toggle.title = "Search only the pages of " + label;
    toggle.setAttribute("aria-pressed", only() ? "true" : "false");
  }

  if (window.document$ && window.document$.subscribe) window.document$.subscribe(refresh);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", refresh);
})();
