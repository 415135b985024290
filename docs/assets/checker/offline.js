/* offline.js: the rules reference checker's; its source, with comments, is checker/site/assets/offline.js */
(function () {
  "use strict";

  var script = document.currentScript;
  if (location.protocol === "file:") {
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
