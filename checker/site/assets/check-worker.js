/* The checker's Web Worker (started by assets/checker/check.js, as a module worker): it loads
   the Python runtime (Pyodide) and the checker from the site itself, assets/checker/browser/
   (see checker/site/publish/browser_bundle.py), then checks each text the page sends with
   checker.site.browser_check, the command line's own code. It runs off the page's thread, so
   a long check never freezes the page; the page ends a check past its time limit by
   terminating this worker and starting another. Nothing is fetched outside the site. */
"use strict";

var BUNDLE = new URL("browser/", self.location.href);
var ROOT = new URL("../../", self.location.href);

function fetched(url, kind) {
  return fetch(url, { cache: "no-cache" }).then(function (response) {
    if (!response.ok) throw new Error("cannot load " + url.pathname + " (" + response.status + ")");
    return kind === "bytes" ? response.arrayBuffer() : kind === "json" ? response.json() : response.text();
  });
}

async function start() {
  var bundle = await fetched(new URL("bundle.json", BUNDLE), "json");
  if (!bundle.available) throw new Error(bundle.reason || "the checker is not part of this site");
  var runtime = new URL("pyodide/", BUNDLE);
  var module = await import(new URL("pyodide.mjs", runtime).href);
  // No package is ever installed: an empty lock file, so nothing is looked up anywhere.
  var lock = { info: bundle.lock, packages: {} };
  var loaded = await Promise.all([
    module.loadPyodide({ indexURL: runtime.href, lockFileContents: JSON.stringify(lock),
                         stdout: function () {}, stderr: function () {} }),
    fetched(new URL("checker.zip", BUNDLE), "bytes"),
    // The site's rules, for the walkthrough's rule links; a site may lack it (Zensical
    // without `python -m checker.site --rules`): the rules are then shown unlinked.
    fetched(new URL("rules.json", ROOT), "text").catch(function () { return ""; }),
  ]);
  var pyodide = loaded[0];
  pyodide.FS.writeFile("/checker.zip", new Uint8Array(loaded[1]));
  pyodide.runPython("import sys\nsys.path.insert(0, '/checker.zip')");
  var checks = pyodide.pyimport("checker.site.browser_check");
  return checks.BrowserChecker(loaded[2]);
}

var ready = start();
ready.then(function () { self.postMessage({ type: "ready" }); },
           function (error) { self.postMessage({ type: "unavailable", reason: String(error && error.message || error) }); });

/* The walkthroughs the page will not draw (check.js `draw`: one larger than `piece`, or past
   the `budget` of a check) lose their HTML (null): the page lists them with their verdicts,
   and never copies megabytes it does not draw onto its own thread. */
function undrawn(result, piece, budget) {
  (result.scenarios || []).forEach(function (scenario) {
    var size = typeof scenario.html === "string" ? scenario.html.length : 0;
    if (size > piece || size > budget) scenario.html = null;
    else budget -= size;
  });
  return result;
}

self.onmessage = function (event) {
  var data = event.data || {};
  ready.then(function (checker) {
    var started = performance.now();
    // Parsed here, off the page's thread: megabytes of walkthroughs arrive as one object.
    var result = JSON.parse(checker.check(String(data.text), String(data.here || "")));
    if (data.pieceBytes) undrawn(result, data.pieceBytes, data.drawBytes);
    self.postMessage({ type: "result", id: data.id, result: result, ms: performance.now() - started });
  }).catch(function (error) {
    self.postMessage({ type: "failed", id: data.id, reason: String(error && error.message || error) });
  });
};
