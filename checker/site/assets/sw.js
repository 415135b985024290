/* The site's service worker (registered by assets/checker/offline.js): every page and file of
   the site a reader opens is kept in the browser, so that it can be read again offline, at the
   table; and, when the reader chooses "Keep this site for offline reading", every page and file
   the build lists (offline.js sends them here one by one, and hears back how each went).
   Network first: online, a reader always gets the site as published, and a copy is kept;
   offline, or when the network has not answered for a few seconds, the kept copy is shown. A
   page not kept leads to the site's fallback page (the build's, in the site's theme), which
   names it and lists the pages that are kept; this worker keeps that page as it starts, and
   again for each newer build it sees. Nothing outside the site is fetched or kept.

   A kept copy never passes for the current site. The MkDocs plugin stamps each page with the
   time its build started (checker/site/publish/build_stamp.py); a page shown from the kept
   copies says so at its top, with that time, and vouches for none of its examples: their
   "Verified" and "Disputed" badges give way to a neutral one (a failure still shows), in the
   page and in the file of walkthroughs beside it alike. And what an example's verdict is
   drawn from besides the page (rules.json, the checker the page runs) is never taken from a
   kept copy older than the newest build this worker has seen from the network, so never
   older than the page that asks for it. */
"use strict";

var CACHE = "checker-pages-v1";
var BUILDS = "checker-builds-v1";  /* holds one entry: the newest build seen from the network */
var PATIENCE = 4000;  /* milliseconds the network has before a kept copy is shown instead */
var BUILD = "X-Checker-Build";  /* on a kept copy: the build it is from, at the oldest */
var KEPT = "X-Checker-Kept";  /* on a kept copy: when it was kept */
var TITLE = "X-Checker-Title";  /* on a kept page: its title, URI-encoded */
var SCOPE = self.registration.scope;
/* What the build lists for keeping, with the fallback page's address (offline_files.py). */
var LIST = new URL("assets/checker/offline.json", SCOPE).href;
var FALLBACK_MARK = "data-checker-offline";  /* in the fallback page: not a page to vouch for */
/* The plugin's stamp, at the start of each page's content (build_stamp.py writes it). */
var STAMP = /<div class="checker-build" data-built="([0-9TZ:.-]+)" hidden><\/div>/;
/* The verdict badges that vouch for an example (checker/site/walkthroughs/walkthrough.py). */
var VOUCHES = /<span class="wt-badge wt-badge--(?:verified|disputed)"[^>]*>[^<]*<\/span>/g;
var WALKTHROUGH = /<div class="wt" id="/g;
var UNCONFIRMED = '<span class="wt-badge wt-badge--kept" title="This page is a kept copy: ' +
  'whether this example holds shows when the site answers">Not confirmed</span>';

self.addEventListener("install", function (event) {
  self.skipWaiting();
  event.waitUntil(prepare());
});

/* Keeps the build's list and the fallback page it names, so that a page not kept leads
   somewhere even before the reader has opened that page. Never fails: without them (a site
   built without the plugin), a page not kept shows a plain note. */
function prepare() {
  return caches.open(CACHE).then(function (cache) {
    return fetch(LIST, { cache: "no-cache" }).then(function (response) {
      if (!keepable(response)) return null;
      return response.clone().json().then(function (list) {
        return keep(cache, LIST, response).then(function () {
          var page = list && typeof list.fallback === "string" ?
            new URL(list.fallback, SCOPE).href : null;
          if (!page || !ours(page)) return null;
          return fetch(page, { cache: "no-cache" }).then(function (answer) {
            if (keepable(answer)) return keep(cache, page, answer);
          });
        });
      });
    });
  }).catch(function () {});
}

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("checker-pages-") === 0 && name !== CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function ours(url) {
  return url.indexOf(SCOPE) === 0 && new URL(url).pathname.indexOf("/livereload") === -1;
}

/* `url` without its query and fragment. */
function plain(url) {
  return url.split(/[?#]/)[0];
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
  var path = plain(url.slice(SCOPE.length));
  return path === "rules.json" || (path.indexOf("assets/checker/browser/") === 0 &&
                                   path.indexOf("assets/checker/browser/pyodide/") !== 0);
}

/* The newest build seen, as its stamp ("" before any): kept in a cache of its own, as the
   worker may be stopped between two requests; raised one at a time. */
var NEWEST = new URL("newest-build", SCOPE).href;
var raising = Promise.resolve();

function newest() {
  return raising.then(function () { return caches.open(BUILDS); })
    .then(function (builds) { return builds.match(NEWEST); })
    .then(function (kept) { return kept ? kept.text() : ""; });
}

function raise(build) {
  var newer = false;
  raising = raising.then(function () {
    return caches.open(BUILDS).then(function (builds) {
      return builds.match(NEWEST).then(function (kept) { return kept ? kept.text() : ""; })
        .then(function (seen) {
          if (build <= seen) return null;
          newer = Boolean(seen);
          return builds.put(NEWEST, new Response(build));
        });
    });
  }).catch(function () {});
  /* A newer build than one seen before: its fallback page and list, in the background. */
  return raising.then(function () { if (newer) prepare(); });
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
      if (text !== null) labels[TITLE] = encodeURIComponent(titleOf(text));
      return cache.put(request, remade(response, text === null ? response.body : text, labels));
    });
  });
}

/* A page's title: its first heading's text, else its <title>. */
function titleOf(text) {
  var found = /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(text) || /<title>([\s\S]*?)<\/title>/i.exec(text);
  if (!found) return "";
  return found[1].replace(/<a [^>]*class="headerlink"[\s\S]*?<\/a>/g, "").replace(/<[^>]*>/g, "")
    .replace(/&para;|\u00b6/g, "").replace(/&lt;/g, "<").replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&").trim();
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

/* Messages from the site's pages (offline.js). "keep": fetch these addresses of the site and
   keep them: the files a page loaded before this worker ran, or those of the build's list,
   one by one, when the reader keeps the whole site (`fresh`: past the browser's HTTP cache);
   with a port, each address's outcome is sent back on it. "prune": remove every kept copy
   but those of these addresses (the list of a build kept whole). */
self.addEventListener("message", function (event) {
  var data = event.data;
  if (!data) return;
  var port = event.ports && event.ports[0];
  if (data.type === "keep" && Array.isArray(data.urls)) {
    event.waitUntil(keepAll(data.urls, Boolean(data.fresh)).then(function (results) {
      if (port) port.postMessage(results);
    }));
  } else if (data.type === "prune" && Array.isArray(data.keep)) {
    event.waitUntil(prune(data.keep).then(function (removed) {
      if (port) port.postMessage(removed);
    }));
  }
});

/* For each address: { url, ok: true }, or { url, error } saying why it was not kept. */
function keepAll(urls, fresh) {
  return caches.open(CACHE).then(function (cache) {
    return Promise.all(urls.map(function (url) {
      try {
        if (typeof url !== "string" || !ours(new URL(url).href)) throw new Error();
      } catch (error) {
        return { url: String(url), error: "not an address of this site" };
      }
      return fetch(url, fresh ? { cache: "no-cache" } : {}).then(function (response) {
        if (!keepable(response)) {
          return { url: url, error: "the site answered " +
            (response.status + " " + response.statusText).trim() };
        }
        return keep(cache, url, response).then(function () { return { url: url, ok: true }; },
          function (error) {
            return { url: url, error: error && error.name === "QuotaExceededError" ?
              "no room left in this browser" : "this browser would not keep it" };
          });
      }, function () { return { url: url, error: "the site did not answer" }; });
    }));
  });
}

function prune(urls) {
  var wanted = {};
  wanted[LIST] = true;
  urls.forEach(function (url) { if (typeof url === "string") wanted[plain(url)] = true; });
  return caches.open(CACHE).then(function (cache) {
    return cache.keys().then(function (requests) {
      return Promise.all(requests.filter(function (request) {
        return !wanted[plain(request.url)];
      }).map(function (request) { return cache.delete(request); }));
    });
  }).then(function (removed) { return removed.length; });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || !ours(request.url)) return;
  event.respondWith(networkFirst(event, request));
});

/* The kept copy of `request`'s address, or null: a page's folder and its index.html alike. */
function lookUp(cache, request) {
  return cache.match(request, { ignoreSearch: true }).then(function (copy) {
    if (copy) return copy;
    var path = plain(request.url);
    var other = /\/index\.html$/.test(path) ? path.slice(0, -"index.html".length) :
      /\/$/.test(path) ? path + "index.html" : null;
    return other ? cache.match(other).then(function (found) { return found || null; }) : null;
  });
}

/* The kept copy that may answer `request`, or null. */
function usable(cache, request) {
  return lookUp(cache, request).then(function (copy) {
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
          else if (request.mode === "navigate") return notKept(cache, request).then(answer);
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
    if (text.indexOf(FALLBACK_MARK) !== -1) return remade(copy, text, {});  /* says it all */
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

/* Offline, for a page not kept: the site's fallback page, which names the page asked for and
   lists those kept (offline.js fills it in); else a plain note with that list. */
function notKept(cache, request) {
  return cache.match(LIST).then(function (copy) { return copy ? copy.json() : null; })
    .catch(function () { return null; })
    .then(function (list) {
      var page = list && typeof list.fallback === "string" ?
        new URL(list.fallback, SCOPE).href : null;
      if (!page || !ours(page) || plain(request.url) === page) return null;
      return cache.match(page).then(function (kept) {
        if (!kept) return null;
        var asked = plain(request.url).slice(SCOPE.length);
        return Response.redirect(page + "?from=" + encodeURIComponent(asked), 302);
      });
    }).then(function (answer) { return answer || plainNote(cache); });
}

/* The kept pages (not the walkthroughs' files), by address, each with its title. */
function keptPages(cache) {
  return cache.keys().then(function (requests) {
    var pages = requests.map(function (kept) { return kept.url; }).filter(function (url) {
      return /\/$|\.html$/.test(new URL(url).pathname) && !/walkthroughs\.html$/.test(url);
    }).sort();
    return Promise.all(pages.map(function (url) {
      return cache.match(url).then(function (copy) {
        var title = "";
        try { title = decodeURIComponent((copy && copy.headers.get(TITLE)) || ""); }
        catch (error) { title = ""; }
        var name = decodeURIComponent(url.slice(SCOPE.length)).replace(/(index)?\.html$|\/$/, "");
        return { url: url, title: title || name || "Home" };
      });
    }));
  });
}

function plainNote(cache) {
  return keptPages(cache).then(function (pages) {
    var items = pages.map(function (page) {
      return '<li><a href="' + escapeHtml(page.url) + '">' + escapeHtml(page.title) + "</a></li>";
    }).join("");
    /* Material's palette, as the reader chose it on the site's pages (its scope: the site). */
    var palette = "try{var p=JSON.parse(localStorage.getItem(" +
      JSON.stringify(new URL(SCOPE).pathname + ".__palette") + "));" +
      "if(p&&p.color&&p.color.scheme)document.documentElement.className=" +
      "p.color.scheme==='slate'?'dark':'light'}catch(e){}";
    var body = '<!doctype html><html lang="en"><meta charset="utf-8">' +
      '<meta name="viewport" content="width=device-width,initial-scale=1">' +
      "<title>You are offline</title><script>" + palette + "</script><style>" +
      ":root{color-scheme:light dark}html.light{color-scheme:light}html.dark{color-scheme:dark}" +
      "body{font-family:system-ui,sans-serif;line-height:1.5;max-width:34rem;margin:2rem auto;" +
      "padding:0 1rem}</style>" +
      "<h1>You are offline</h1><p>This page is not kept in this browser, and the site did not " +
      "answer. " + (items ? "These pages are kept:</p><ul>" + items + "</ul>" :
                         "No page of the site is kept yet.</p>") + "</html>";
    return new Response(body, {
      status: 503, headers: { "Content-Type": "text/html; charset=utf-8" }
    });
  });
}
