// The JS suite in headless Chromium: as a module script, a classic script,
// with explicit init, with endpoint.wasm served without its MIME type, and
// with every entry on one page, and in classic and module Web Workers.
import { test } from "node:test";
import { launch, resultsOf, serve } from "./browser.js";

const root = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
const server = await serve(root);
const browser = await launch();

const pages = [
  ["module script", "/js/test/pages/module.html"],
  ["classic script", "/js/test/pages/classic.html"],
  ["explicit init", "/js/test/pages/init.html"],
  ["wasm served as octet-stream", "/nomime/js/test/pages/module.html"],
  ["text through the JS String Builtins (text.js)", "/js/test/pages/text.html"],
  ["every entry on one page", "/js/test/pages/both.html"],
  ["a fresh instance after a large call (swap.js)", "/js/test/pages/swap.html"],
  ["classic and module Web Workers", "/js/test/pages/workers.html"],
];

// Every page runs first; the tests are registered after, since node:test
// may finish (and run after-hooks) once registered tests are done.
const outcomes = [];
try {
  for (const [label, path] of pages) {
    try {
      outcomes.push([label, await resultsOf(browser, server.origin + path)]);
    } catch (e) {
      outcomes.push([label, [{ name: "the page runs the suite", ok: false, error: e.message }]]);
    }
  }
} finally {
  await browser.close();
  await server.close();
}

for (const [label, results] of outcomes) {
  for (const r of results) {
    test(`chromium ${label}: ${r.name}`, () => {
      if (!r.ok) throw new Error(r.error || "failed");
    });
  }
}
