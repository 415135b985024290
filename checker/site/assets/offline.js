/* Reading the site at the table: a web app manifest, so a reader can install the site, and
   the service worker (sw.js at the site's root), so that every page they opened can be read
   offline. From a plain folder of files (file://) there is no such thing to install; there
   the script makes links to a page's folder open its index.html instead of a listing. */
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
  var root = new URL("../../", script.src);  /* this file is assets/checker/offline.js */

  if (!document.querySelector('link[rel="manifest"]')) {
    var manifest = document.createElement("link");
    manifest.rel = "manifest";
    manifest.href = new URL("manifest.webmanifest", root).href;
    document.head.appendChild(manifest);
  }

  if (!("serviceWorker" in navigator)) return;
  /* A page the worker served is kept already; the first one loaded before the worker ran. */
  var served = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.register(new URL("sw.js", root).href, { scope: root.pathname })
    .then(function () { return navigator.serviceWorker.ready; })
    .then(function (registration) {
      var worker = registration.active;
      if (!worker) return;
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
    })
    .catch(function () { /* no worker (private window, blocked): the site works as without */ });

  function toIndex(event) {
    var link = event.target.closest && event.target.closest("a[href]");
    if (!link || link.protocol !== "file:") return;
    var url = new URL(link.href);
    if (url.pathname.slice(-1) !== "/") return;
    url.pathname += "index.html";
    link.href = url.href;
  }
})();
