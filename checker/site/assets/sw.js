/* The site's service worker (registered by assets/checker/offline.js): every page and file of
   the site a reader opens is kept in the browser, so that it can be read again offline, at the
   table. Network first: online, a reader always gets the site as published, and a copy is
   kept; offline, or when the network has not answered for a few seconds, the kept copy is
   shown; a page never opened shows a short note with the pages that are kept. Nothing outside
   the site is fetched or kept. */
"use strict";

var CACHE = "checker-pages-v1";
var PATIENCE = 4000;  /* milliseconds the network has before a kept copy is shown instead */

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

/* The page that installed this worker loaded before the worker could see it: it sends the
   addresses of itself and its files, to be kept now. */
self.addEventListener("message", function (event) {
  var data = event.data;
  if (!data || data.type !== "keep" || !Array.isArray(data.urls)) return;
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(data.urls.filter(ours).map(function (url) {
      return fetch(url).then(function (response) {
        if (keepable(response)) return cache.put(url, response);
      }).catch(function () {});
    }));
  }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || !ours(request.url)) return;
  event.respondWith(networkFirst(event, request));
});

function networkFirst(event, request) {
  return caches.open(CACHE).then(function (cache) {
    var kept = cache.match(request, { ignoreSearch: true });
    return new Promise(function (resolve, reject) {
      var answered = false;
      function answer(response) {
        if (answered) return;
        answered = true;
        resolve(response);
      }
      var slow = setTimeout(function () {
        kept.then(function (copy) { if (copy) answer(copy); });
      }, PATIENCE);
      fetch(request).then(function (response) {
        clearTimeout(slow);
        if (keepable(response)) event.waitUntil(cache.put(request, response.clone()));
        answer(response);
      }, function (error) {
        clearTimeout(slow);
        kept.then(function (copy) {
          if (copy) answer(copy);
          else if (request.mode === "navigate") notKept(cache).then(answer);
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
