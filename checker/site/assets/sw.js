/* The site's service worker (registered by assets/checker/offline.js): every page and file of
   the site a reader opens is kept in the browser, so that it can be read again offline, at the
   table. Network first: online, a reader always gets the site as published, and a copy is
   kept; offline, or when the network has not answered for a few seconds, the kept copy is
   shown; a page never opened shows a short note with the pages that are kept. Nothing outside
   the site is fetched or kept.

   A kept copy never passes for the current site. The MkDocs plugin stamps each page with the
   time its build started (checker/site/publish/build_stamp.py); a page shown from the kept
   copies says so at its top, with that time, and vouches for none of its examples: their
   "Verified" and "Disputed" badges give way to a neutral one (a failure still shows). And
   what an example's verdict is drawn from besides the page (rules.json, the checker the page
   runs) is never taken from a kept copy older than the newest build this worker has seen
   from the network, so never older than the page that asks for it. */
"use strict";

var CACHE = "checker-pages-v1";
var BUILDS = "checker-builds-v1";  /* holds one entry: the newest build seen from the network */
var PATIENCE = 4000;  /* milliseconds the network has before a kept copy is shown instead */
var BUILD = "X-Checker-Build";  /* on a kept copy: the build it is from, at the oldest */
var KEPT = "X-Checker-Kept";  /* on a kept copy: when it was kept */
/* The plugin's stamp, at the start of each page's content (build_stamp.py writes it). */
var STAMP = /<div class="checker-build" data-built="([0-9TZ:.-]+)" hidden><\/div>/;
/* The verdict badges that vouch for an example (checker/site/walkthroughs/walkthrough.py). */
var VOUCHES = /<span class="wt-badge wt-badge--(?:verified|disputed)"[^>]*>[^<]*<\/span>/g;
var WALKTHROUGH = /<div class="wt" id="/g;
var UNCONFIRMED = '<span class="wt-badge wt-badge--kept" title="This page is a kept copy: ' +
  'whether this example holds shows when the site answers">Not confirmed</span>';

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("checker-pages-") === 0 && name !== CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function ours(url) {
  var scope = self.registration.scope;
  return url.indexOf(scope) === 0 && new URL(url).pathname.indexOf("/livereload") === -1;
}

function keepable(response) {
  return response && response.ok && response.type === "basic";
}

function isPage(response) {
  return /^text\/html/i.test(response.headers.get("Content-Type") || "");
}

/* What an example's verdict is drawn from besides its page: the site's rules.json and the
   checker the page runs (the browser bundle, but for the Python runtime). */
function verdictData(url) {
  var path = url.slice(self.registration.scope.length).split(/[?#]/)[0];
  return path === "rules.json" || (path.indexOf("assets/checker/browser/") === 0 &&
                                   path.indexOf("assets/checker/browser/pyodide/") !== 0);
}

/* The newest build seen, as its stamp ("" before any): kept in a cache of its own, as the
   worker may be stopped between two requests; raised one at a time. */
var NEWEST = new URL("newest-build", self.registration.scope).href;
var raising = Promise.resolve();

function newest() {
  return raising.then(function () { return caches.open(BUILDS); })
    .then(function (builds) { return builds.match(NEWEST); })
    .then(function (kept) { return kept ? kept.text() : ""; });
}

function raise(build) {
  raising = raising.then(function () {
    return caches.open(BUILDS).then(function (builds) {
      return builds.match(NEWEST).then(function (kept) { return kept ? kept.text() : ""; })
        .then(function (seen) { if (build > seen) return builds.put(NEWEST, new Response(build)); });
    });
  }).catch(function () {});
  return raising;
}

/* Keeps a response from the network, labelled with its build: a page's own stamp, for any
   other file the newest build seen (the network serves that build or a later one). */
function keep(cache, request, response) {
  var body = isPage(response) ? response.text() : Promise.resolve(null);
  return body.then(function (text) {
    var stamp = text === null ? null : (STAMP.exec(text) || [])[1] || "";
    return (stamp ? raise(stamp) : Promise.resolve()).then(newest).then(function (seen) {
      var labels = {};
      labels[BUILD] = stamp === null ? seen : stamp;
      labels[KEPT] = new Date().toISOString();
      return cache.put(request, remade(response, text === null ? response.body : text, labels));
    });
  });
}

/* `response` with another body, and `more` headers. */
function remade(response, body, more) {
  var headers = new Headers(response.headers);
  headers.delete("Content-Length");  /* of the body as it came */
  headers.delete("Content-Encoding");
  Object.keys(more).forEach(function (name) { headers.set(name, more[name]); });
  return new Response(body, {
    status: response.status, statusText: response.statusText, headers: headers });
}

/* The page that installed this worker loaded before the worker could see it: it sends the
   addresses of itself and its files, to be kept now. */
self.addEventListener("message", function (event) {
  var data = event.data;
  if (!data || data.type !== "keep" || !Array.isArray(data.urls)) return;
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(data.urls.filter(ours).map(function (url) {
      return fetch(url).then(function (response) {
        if (keepable(response)) return keep(cache, url, response);
      }).catch(function () {});
    }));
  }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || !ours(request.url)) return;
  event.respondWith(networkFirst(event, request));
});

/* The kept copy that may answer `request`, or null. */
function usable(cache, request) {
  return cache.match(request, { ignoreSearch: true }).then(function (copy) {
    if (!copy || !verdictData(request.url)) return copy || null;
    return newest().then(function (seen) {
      return !seen || (copy.headers.get(BUILD) || "") >= seen ? copy : null;
    });
  });
}

function networkFirst(event, request) {
  return caches.open(CACHE).then(function (cache) {
    var kept = usable(cache, request);
    return new Promise(function (resolve, reject) {
      var answered = false;
      function answer(response) {
        if (answered) return;
        answered = true;
        resolve(response);
      }
      var slow = setTimeout(function () {
        kept.then(function (copy) { if (copy && !answered) return shown(copy).then(answer); });
      }, PATIENCE);
      fetch(request).then(function (response) {
        clearTimeout(slow);
        if (keepable(response)) event.waitUntil(keep(cache, request, response.clone()));
        answer(response);
      }, function (error) {
        clearTimeout(slow);
        kept.then(function (copy) {
          if (copy) return shown(copy).then(answer);
          else if (request.mode === "navigate") return notKept(cache).then(answer);
          else if (!answered) { answered = true; reject(error); }
        });
      });
    });
  });
}

function escapeHtml(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

function when(iso) {
  var date = new Date(iso);
  if (!iso || isNaN(date.getTime())) return "an earlier visit";
  var text = date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  return '<time datetime="' + escapeHtml(iso) + '">' + escapeHtml(text) + "</time>";
}

/* A kept copy as it is shown: a page says at its top that it is one, with its build's time
   (for a page without the plugin's stamp, the time it was kept), and vouches for no
   example. Other files as they were kept. */
function shown(copy) {
  if (!isPage(copy)) return Promise.resolve(copy);
  return copy.text().then(function (text) {
    var stamp = STAMP.exec(text);
    var unconfirmed = 0;
    text = text.replace(VOUCHES, function () { unconfirmed += 1; return UNCONFIRMED; })
      .replace(WALKTHROUGH, function () { return '<div class="wt wt--kept" id="'; });
    var note = '<p class="checker-kept" role="note"><strong>Kept copy</strong> of this page, ' +
      (stamp ? "from the site as it was built on " + when(stamp[1])
             : "saved on " + when(copy.headers.get(KEPT))) +
      ". The site did not answer in time, so this may be out of date" +
      (unconfirmed ? "; whether its examples hold shows once the site answers" : "") +
      ". Reload to try again.</p>";
    text = stamp ? text.replace(STAMP, function (found) { return found + note; })
                 : text.replace(/<body[^>]*>/i, function (found) { return found + note; });
    return remade(copy, text, {});
  });
}

/* Offline, for a page never opened: what can be read instead. */
function notKept(cache) {
  return cache.keys().then(function (requests) {
    var scope = self.registration.scope;
    var pages = requests.map(function (kept) { return kept.url; }).filter(function (url) {
      // Pages, not the files that keep a page's walkthroughs (walkthroughs.html).
      return /\/$|\.html$/.test(new URL(url).pathname) && !/walkthroughs\.html$/.test(url);
    }).sort();
    var items = pages.map(function (url) {
      var name = decodeURIComponent(url.slice(scope.length)).replace(/(index)?\.html$|\/$/, "");
      return '<li><a href="' + escapeHtml(url) + '">' + escapeHtml(name || "Home") + "</a></li>";
    }).join("");
    var body = '<!doctype html><html lang="en"><meta charset="utf-8">' +
      '<meta name="viewport" content="width=device-width,initial-scale=1">' +
      "<title>Offline</title><style>body{font-family:system-ui,sans-serif;line-height:1.5;" +
      "max-width:34rem;margin:2rem auto;padding:0 1rem}</style>" +
      "<h1>You are offline</h1><p>This page was not opened while online, so it was not " +
      "kept for reading offline. These pages were:</p><ul>" + items + "</ul></html>";
    return new Response(body, {
      status: 503, headers: { "Content-Type": "text/html; charset=utf-8" }
    });
  });
}
