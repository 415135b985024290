/* check-worker.js: the rules reference checker's; its source, with comments, is checker/site/assets/check-worker.js */
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
  var lock = { info: bundle.lock, packages: {} };
  var loaded = await Promise.all([
    module.loadPyodide({ indexURL: runtime.href, lockFileContents: JSON.stringify(lock),
                         stdout: function () {}, stderr: function () {} }),
    fetched(new URL("checker.zip", BUNDLE), "bytes"),
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

self.onmessage = function (event) {
  var data = event.data || {};
  ready.then(function (checker) {
    var started = performance.now();
    var result = checker.check(String(data.text), String(data.here || ""));
    self.postMessage({ type: "result", id: data.id, result: result, ms: performance.now() - started });
  }).catch(function (error) {
    self.postMessage({ type: "failed", id: data.id, reason: String(error && error.message || error) });
  });
};
