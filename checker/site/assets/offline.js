/* Reading the site at the table: a web app manifest, so a reader can install the site, and
   the service worker (sw.js at the site's root), so that every page they opened can be read
   offline. Then three things a reader sees:
   - "Keep this site for offline reading", at the foot of every page (a site built with the
     checker's plugin, which lists what to keep: assets/checker/offline.json): every page and
     file of the build kept in one go, file by file through the worker, with its progress,
     what could not be kept and a way to try again;
   - the fallback page the worker leads to when a page not kept is opened offline: it names
     that page and lists those kept, by title, under the nav's sections;
   - offline, search results whose page is not kept say so.
   From a plain folder of files (file://) there is no such thing to install; there the script
   makes links to a page's folder open its index.html instead of a listing. */
(function () {
  "use strict";

  var script = document.currentScript;
  if (location.protocol === "file:") {
    /* A page is a folder's index.html; from a folder of files a link to the folder opens its
       listing, so links within the site name the file (clicked, or opened in a new tab). */
    document.addEventListener("click", toIndex, true);
    document.addEventListener("auxclick", toIndex, true);
    return;
  }
  if (!script || !/^https?:$/.test(location.protocol)) return;
  var root = new URL("../../", script.src);  /* served in assets/checker/checker.js */
  var CACHE = "checker-pages-v1";  /* sw.js's */
  var BUILDS = "checker-builds-v1";
  var LIST = new URL("assets/checker/offline.json", root).href;  /* offline_files.MANIFEST */
  var RECORD = new URL("kept-whole", root).href;  /* in BUILDS: the build last kept whole */
  var AT_ONCE = 4;  /* files asked for at a time */
  var PATIENCE = 120000;  /* how long one file may take before it counts as not kept */

  if (!document.querySelector('link[rel="manifest"]')) {
    var manifest = document.createElement("link");
    manifest.rel = "manifest";
    manifest.href = new URL("manifest.webmanifest", root).href;
    document.head.appendChild(manifest);
  }

  if (!("serviceWorker" in navigator)) return;
  /* A page the worker served is kept already; the first one loaded before the worker ran. */
  var served = Boolean(navigator.serviceWorker.controller);
  var registration = null;
  navigator.serviceWorker.register(new URL("sw.js", root).href, { scope: root.pathname })
    .then(function () { return navigator.serviceWorker.ready; })
    .then(function (ready) {
      var worker = ready.active;
      if (!worker) return;
      registration = ready;
      function keep(urls) {
        if (urls.length) worker.postMessage({ type: "keep", urls: urls });
      }
      if (!served) keep([location.href.split("#")[0]]);
      /* The site's files this page loaded past the worker: those loaded before it ran, and
         those on their way when it took the page over (the search index, the sitemap). */
      function unserved(entries) {
        return entries.filter(function (entry) {
          return !entry.workerStart && entry.name.indexOf(root.href) === 0;
        }).map(function (entry) { return entry.name; });
      }
      try {
        new PerformanceObserver(function (list) { keep(unserved(list.getEntries())); })
          .observe({ type: "resource", buffered: true });
      } catch (error) {
        keep(unserved(performance.getEntriesByType("resource")));
      }
      everyPage();
    })
    .catch(function () { /* no worker (private window, blocked): the site works as without */ });

  /* Each page as it shows (Material's instant navigation swaps the footer and the content). */
  function everyPage() {
    if (window.document$ && window.document$.subscribe) window.document$.subscribe(onPage);
    else onPage();
    window.addEventListener("online", markResults);
    window.addEventListener("offline", markResults);
  }

  function onPage() {
    mountKeeper();
    var fallback = document.querySelector("[data-checker-offline]");
    if (fallback) fillFallback(fallback);
    watchResults();
  }

  /* ---- What is kept ---- */

  /* An address as the worker keeps it: without query or fragment, a folder for its index. */
  function normal(url) {
    return url.split(/[?#]/)[0].replace(/\/index\.html$/, "/");
  }

  function keptCopies() {
    return caches.open(CACHE).then(function (cache) { return cache.keys(); })
      .then(function (requests) {
        var kept = {};
        requests.forEach(function (request) { kept[normal(request.url)] = true; });
        return kept;
      });
  }

  /* The build's list, read once per page load (`fresh`: from the site, not a kept copy). */
  var listed = null;
  function readList(fresh) {
    if (listed && !fresh) return listed;
    var reading = fetch(LIST, fresh ? { cache: "no-cache" } : {}).then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status);
      return response.json();
    }).then(function (list) {
      if (!list || !Array.isArray(list.pages) || !Array.isArray(list.files) ||
          !Array.isArray(list.checker)) throw new Error("not the list of a build");
      return list;
    });
    listed = reading;
    reading.catch(function () { if (listed === reading) listed = null; });
    return reading;
  }

  function thisBuild() {
    var stamp = document.querySelector(".checker-build[data-built]");
    return stamp ? stamp.getAttribute("data-built") : "";
  }

  function when(iso) {
    var date = new Date(iso);
    if (!iso || isNaN(date.getTime())) return "an earlier build";
    return date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  }

  function megabytes(bytes) {
    return (bytes / 1e6).toFixed(1) + " MB";
  }

  function element(tag, className, text) {
    var made = document.createElement(tag);
    if (className) made.className = className;
    if (text) made.textContent = text;
    return made;
  }

  /* ---- Keep this site for offline reading ---- */

  var job = { phase: "idle" };  /* lasts while the page does, across instant navigation */
  var view = null;

  function mountKeeper() {
    if (!document.querySelector(".checker-build")) return;  /* no list without the plugin */
    if (!view) view = makeView();
    if (!document.contains(view.section)) {
      var footer = document.querySelector(".md-footer");
      var place = footer || document.querySelector("main") || document.body;
      place.insertBefore(view.section, footer ? footer.firstChild : null);
    }
    if (job.phase === "idle") {
      caches.open(BUILDS).then(function (builds) { return builds.match(RECORD); })
        .then(function (kept) { return kept ? kept.json() : null; })
        .then(function (record) {
          if (job.phase === "idle" && record) job.record = record;
          render();
        }).catch(render);
    }
    render();
    if ("IntersectionObserver" in window && !view.seen) {  /* sizes, once it shows */
      view.seen = true;
      var seeing = new IntersectionObserver(function (entries) {
        if (!entries.some(function (entry) { return entry.isIntersecting; })) return;
        seeing.disconnect();
        readList(false).then(function (list) { job.sizes = sizes(list); render(); })
          .catch(function () {});
      });
      seeing.observe(view.section);
    }
  }

  function makeView() {
    var section = element("section", "checker-keep");
    section.setAttribute("aria-label", "Offline reading");
    var inner = element("div", "checker-keep__inner md-grid");
    var status = element("p", "checker-keep__status");
    status.setAttribute("role", "status");
    var progress = element("progress", "checker-keep__progress");
    progress.setAttribute("aria-label", "Files kept");
    var failed = element("ul", "checker-keep__failed");
    var actions = element("div", "checker-keep__actions");
    var button = element("button", "checker-keep__button");
    button.type = "button";
    var option = element("label", "checker-keep__option");
    var box = element("input");
    box.type = "checkbox";
    var label = element("span");
    option.appendChild(box);
    option.appendChild(label);
    actions.appendChild(button);
    actions.appendChild(option);
    inner.appendChild(status);
    inner.appendChild(progress);
    inner.appendChild(failed);
    inner.appendChild(actions);
    section.appendChild(inner);
    button.addEventListener("click", function () {
      start(job.phase === "failed" && job.list ? "again" : "all", box.checked);
    });
    return { section: section, status: status, progress: progress, failed: failed,
             button: button, option: option, box: box, label: label };
  }

  function sizes(list) {
    function sum(files) {
      return files.reduce(function (total, file) { return total + (file.bytes || 0); }, 0);
    }
    return { pages: list.pages.length, site: sum(list.files), checker: sum(list.checker) };
  }

  function render() {
    if (!view) return;
    var phase = job.phase;
    var busy = phase === "reading" || phase === "keeping";
    view.section.setAttribute("aria-busy", busy ? "true" : "false");
    view.progress.hidden = phase !== "keeping";
    view.failed.hidden = phase !== "failed";
    view.button.disabled = busy;
    view.option.hidden = busy || phase === "failed" || Boolean(job.sizes && !job.sizes.checker);
    view.label.textContent = "Also the checker for the Ask pages" +
      (job.sizes ? " (" + megabytes(job.sizes.checker) + " more)" : "");
    if (phase === "keeping") {
      view.progress.max = job.total;
      view.progress.value = job.done;
      view.status.textContent = "Keeping for offline reading: " + job.done + " of " + job.total +
        " files (" + (job.bytes / 1e6).toFixed(1) + " of " + megabytes(job.totalBytes) +
        ")\u2026";
      view.button.textContent = "Keeping\u2026";
      return;
    }
    view.button.textContent = phase === "failed" ? "Try again" :
      job.record ? "Keep again" : "Keep this site for offline reading";
    view.status.textContent = statusText();
    if (phase === "failed") showFailures();
  }

  function statusText() {
    var phase = job.phase;
    if (phase === "reading") return "Reading the list of the site's pages\u2026";
    if (phase === "offline") return "You are offline: keep the site once it can be reached.";
    if (phase === "unlisted") {
      return "The list of the site's pages could not be read (" + job.error + "). Nothing " +
        "was kept; try again once the site can be reached.";
    }
    if (phase === "failed") {
      return "Kept " + (job.total - job.failures.length) + " of " + job.total + " files; " +
        job.failures.length + " could not be kept:";
    }
    var record = job.record;
    if (record) {
      var now = thisBuild();
      var kept = "Kept for offline reading: all " + record.pages + " pages of the site as " +
        "built on " + when(record.build) + (record.checker ? ", and the Ask pages' checker" : "");
      return record.build >= now || !now ? kept + ". They open without a network." :
        kept + ". The site has changed since: keep it again to read this version offline.";
    }
    var size = job.sizes ? " (" + job.sizes.pages + " pages, " + megabytes(job.sizes.site) +
      ")" : "";
    return "Read the rules without a network: keep every page of this site" + size +
      " in this browser, in one go.";
  }

  function showFailures() {
    var titles = {};
    (job.list.pages || []).forEach(function (page) {
      titles[new URL(page.url, root).href] = page.title;
    });
    clear(view.failed);
    job.failures.slice(0, 8).forEach(function (failure) {
      var name = titles[failure.url] || decodeURIComponent(failure.url.slice(root.href.length));
      view.failed.appendChild(element("li", "", name + ": " + failure.error));
    });
    if (job.failures.length > 8) {
      view.failed.appendChild(element("li", "", "and " + (job.failures.length - 8) + " more"));
    }
  }

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
  }

  /* Keep every file of the list ("all"), or those that failed last time ("again"). */
  function start(how, withChecker) {
    if (navigator.onLine === false) {
      job = { phase: "offline", record: job.record };
      render();
      return;
    }
    var before = job;
    job = { phase: "reading", record: before.record, sizes: before.sizes };
    render();
    (how === "again" ? Promise.resolve(before.list) : readList(true)).then(function (list) {
      var files = list.files.concat(withChecker || (how === "again" && before.checker) ?
                                    list.checker : []);
      var bytes = {};
      files.forEach(function (file) { bytes[new URL(file.url, root).href] = file.bytes || 0; });
      var urls = how === "again" ? before.failures.map(function (failure) { return failure.url; })
        : Object.keys(bytes);
      var total = Object.keys(bytes).length;
      job = { phase: "keeping", list: list, record: before.record, sizes: sizes(list),
              checker: withChecker || (how === "again" && before.checker),
              total: total, done: total - urls.length, failures: [],
              totalBytes: sum(bytes, Object.keys(bytes)), bytes: 0 };
      job.bytes = job.totalBytes - sum(bytes, urls);
      render();
      return keepEach(urls, function (result) {
        job.done += 1;
        if (result.ok) job.bytes += bytes[result.url] || 0;
        else job.failures.push(result);
        render();
      }).then(finish);
    }).catch(function (error) {
      job = { phase: "unlisted", record: before.record, sizes: before.sizes,
              error: String((error && error.message) || error) };
      render();
    });
  }

  function sum(bytes, urls) {
    return urls.reduce(function (total, url) { return total + (bytes[url] || 0); }, 0);
  }

  function finish() {
    if (job.failures.length) {
      job.phase = "failed";
      render();
      return null;
    }
    var list = job.list;
    var record = { build: list.build, pages: list.pages.length, files: job.total,
                   checker: Boolean(job.checker), kept: new Date().toISOString() };
    var everything = list.files.concat(list.checker).map(function (file) {
      return new URL(file.url, root).href;
    });
    return caches.open(BUILDS).then(function (builds) {
      return builds.put(RECORD, new Response(JSON.stringify(record)));
    }).then(function () {
      ask({ type: "prune", keep: everything }, 0);  /* what no page of the build needs */
      job = { phase: "done", record: record, sizes: job.sizes };
      render();
      markResults();
    });
  }

  /* Has the worker keep each of `urls`, AT_ONCE at a time; `each` hears how each went. */
  function keepEach(urls, each) {
    var next = 0;
    function one() {
      if (next >= urls.length) return Promise.resolve();
      var url = urls[next++];
      return ask({ type: "keep", urls: [url], fresh: true }, PATIENCE).then(function (results) {
        var result = results && results[0];
        each(result && result.url === url ? result :
             { url: url, error: "the browser's offline store did not answer" });
      }).then(one);
    }
    var runs = [];
    for (var i = 0; i < AT_ONCE; i++) runs.push(one());
    return Promise.all(runs);
  }

  /* Sends `message` to the worker; its answer, or null after `patience` ms (0: none awaited). */
  function ask(message, patience) {
    var worker = navigator.serviceWorker.controller || (registration && registration.active);
    if (!worker) return Promise.resolve(null);
    var channel = new MessageChannel();
    worker.postMessage(message, [channel.port2]);
    if (!patience) return Promise.resolve(null);
    return new Promise(function (resolve) {
      var timer = setTimeout(function () { resolve(null); }, patience);
      channel.port1.onmessage = function (event) {
        clearTimeout(timer);
        resolve(event.data);
      };
    });
  }

  /* ---- The fallback page ---- */

  function fillFallback(place) {
    if (place.dataset.filled) return;
    place.dataset.filled = "1";
    Promise.all([readList(false).catch(function () { return null; }), keptCopies(),
                 caches.open(CACHE)])
      .then(function (found) {
        var titles = {};
        (found[0] ? found[0].pages : []).forEach(function (page) {
          titles[new URL(page.url, root).href] = page.title;
        });
        return keptList(found[0], found[1], found[2]).then(function (pages) {
          pages.forEach(function (page) { titles[page.url] = page.title; });
          drawFallback(place, pages, titles);
        });
      })
      .catch(function () { delete place.dataset.filled; });
  }

  /* The kept pages, each { url, title, section }: in the list's order, then those the list
     does not name (an earlier build's), titled as the worker kept them. */
  function keptList(list, kept, cache) {
    var pages = [];
    var named = {};
    (list ? list.pages : []).forEach(function (page) {
      var url = new URL(page.url, root).href;
      named[url] = true;
      if (kept[url]) pages.push({ url: url, title: page.title, section: page.section });
    });
    var fallback = list && list.fallback ? new URL(list.fallback, root).href : "";
    var others = Object.keys(kept).filter(function (url) {
      return !named[url] && url !== fallback && url.indexOf(root.href) === 0 &&
        /\/$|\.html$/.test(url) && !/walkthroughs\.html$|\/404\.html$/.test(url);
    }).sort();
    return Promise.all(others.map(function (url) {
      return cache.match(url).then(function (copy) {
        var title = "";
        try { title = decodeURIComponent((copy && copy.headers.get("X-Checker-Title")) || ""); }
        catch (error) { title = ""; }
        return { url: url, title: title || decodeURIComponent(url.slice(root.href.length)) ||
                 "Home", section: "Other pages" };
      });
    })).then(function (more) { return pages.concat(more); });
  }

  /* `titles`: of every page the list names or the worker kept, by address. */
  function drawFallback(place, pages, titles) {
    clear(place);
    var asked = new URLSearchParams(location.search).get("from");
    var url = asked === null ? null : new URL(asked, root).href;
    if (url && url.indexOf(root.href) === 0) {
      var said = element("p", "checker-offline__asked");
      var link = element("a", "", "Try again");
      link.href = url;
      said.appendChild(element("strong", "", titles[url] || readable(url)));
      said.appendChild(document.createTextNode(
        " is not kept in this browser, and the site did not answer. "));
      said.appendChild(link);
      said.appendChild(document.createTextNode(" once you are online."));
      place.appendChild(said);
    } else {
      place.appendChild(element("p", "", "A page you open shows this note when it is not " +
        "kept in this browser and the site does not answer."));
    }
    if (!pages.length) {
      place.appendChild(element("p", "", "No page of this site is kept in this browser yet."));
    } else {
      place.appendChild(element("p", "", "These pages are kept, and open without a network:"));
      var list = null;
      var section = null;
      pages.forEach(function (page) {
        if (!list || page.section !== section) {
          section = page.section;
          if (section) place.appendChild(element("h2", "", section));
          list = place.appendChild(element("ul", "checker-offline__pages"));
        }
        var item = list.appendChild(element("li"));
        var link = item.appendChild(element("a", "", page.title));
        link.href = page.url;
      });
    }
    place.appendChild(element("p", "", "To read every page without a network, choose \u201c" +
      "Keep this site for offline reading\u201d at the foot of any page while online."));
  }

  function readable(url) {
    var path = decodeURIComponent(url.slice(root.href.length)).replace(/(index)?\.html$|\/$/, "");
    return path ? "\u201c" + path + "\u201d" : "The home page";
  }

  /* ---- Search, offline: results whose page is not kept say so ---- */

  function watchResults() {
    var results = document.querySelector(".md-search-result__list");
    if (!results || results.checkerWatched) return;
    results.checkerWatched = true;
    new MutationObserver(markResults).observe(results, { childList: true, subtree: true });
  }

  var marking = null;
  var again = false;
  function markResults() {
    if (marking) { again = true; return; }
    var offline = navigator.onLine === false || Boolean(document.querySelector(".checker-kept"));
    marking = (offline ? keptCopies() : Promise.resolve(null)).then(function (kept) {
      var links = document.querySelectorAll("a.md-search-result__link");
      Array.prototype.forEach.call(links, function (link) { mark(link, kept); });
    }).catch(function () {}).then(function () {
      marking = null;
      if (again) { again = false; markResults(); }
    });
  }

  /* `kept` null: online, nothing is marked. */
  function mark(link, kept) {
    var unkept = Boolean(kept) && !kept[normal(link.href)];
    if ((link.dataset.checkerUnkept === "1") === unkept) return;
    link.dataset.checkerUnkept = unkept ? "1" : "0";
    link.classList.toggle("checker-unkept", unkept);
    var label = link.querySelector(".checker-unkept__label");
    if (label) label.remove();
    var heading = link.querySelector("h1, h2");
    var group = link.closest(".md-search-result__item");
    var first = group && group.querySelector("a.md-search-result__link") === link;
    if (!unkept || !heading || !first) return;  /* said once for each page */
    label = element("span", "checker-unkept__label", "Not kept: opens only online");
    heading.parentNode.insertBefore(label, heading.nextSibling);
  }

  function toIndex(event) {
    var link = event.target.closest && event.target.closest("a[href]");
    if (!link || link.protocol !== "file:") return;
    var url = new URL(link.href);
    if (url.pathname.slice(-1) !== "/") return;
    url.pathname += "index.html";
    link.href = url.href;
  }
})();
