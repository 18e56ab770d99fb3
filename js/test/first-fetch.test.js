// The wasm's request goes out while the page's JavaScript still runs. In
// Chromium, pages whose script keeps the main thread busy for 1.5 s right
// after loading the package (the ES module, and the classic script):
// endpoint.wasm's request is sent (Resource Timing's requestStart) before
// that script ends, not once it has run. The classic
// script adds a preload for it, and a preload the page gives, as
// docs/install.md writes it, is reused: the browser's network log (CDP)
// shows the file fetched once. The demo preloads it too, and fetches it once.
// Each page's timeline carries the loader's phases as marks, in order.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { launch } from "./browser.js";
import { runDemo } from "./demo-server.js";

const root = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
const dist = join(root, "dist");

// BUSY: the page's script holds the main thread this long after the import.
const BUSY = 1500;
const busy = `const t0 = performance.now(); while (performance.now() - t0 < ${BUSY}); performance.mark("page:evaluated");`;
const PRELOAD = `<link rel="preload" href="/dist/endpoint.wasm" as="fetch" type="application/wasm" crossorigin>`;
// The loader's phases, as DevTools' timeline shows them (js/load.js, fromURL).
const PHASES = ["fetch", "received", "compiled", "instantiated", "main", "ready"];
const result = `window.__results = { url: endpoint("GET /repos/{owner}/{repo}", { owner: "octokit", repo: "rest.js" }).url }`;
const PAGES = {
  "module.html": `<script type="module">import { ready } from "/dist/index.js";\n${busy}\nconst endpoint = await ready; ${result};</script>`,
  "module-preload.html": `${PRELOAD}<script type="module">import { ready } from "/dist/index.js";\n${busy}\nconst endpoint = await ready; ${result};</script>`,
  "classic.html": `<script src="/dist/global.js"></script><script>${busy}\nendpointWasm.ready.then((endpoint) => { ${result}; });</script>`,
};

async function serveDist() {
  const server = createServer((req, res) => {
    const path = new URL(req.url, "http://x").pathname;
    const page = PAGES[path.slice(1)];
    if (page) return res.writeHead(200, { "content-type": "text/html" }).end(`<!doctype html><html><head><title>first fetch</title><link rel="icon" href="data:,">${page}</head><body></body></html>`);
    try {
      const body = readFileSync(join(dist, path.replace(/^\/dist\//, "")));
      res.writeHead(200, { "content-type": path.endsWith(".wasm") ? "application/wasm" : "text/javascript" }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}

/**
 * visit opens a page and returns when its script began and ended (its
 * marks), endpoint.wasm's Resource Timing entries, the requests for it in
 * the browser's network log, the page's preload links, the loader's marks
 * in time order and its result.
 */
async function visit(browser, url) {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  const requests = [];
  cdp.on("Network.requestWillBeSent", (e) => e.request.url.endsWith("/endpoint.wasm") && requests.push(e.request.url));
  await cdp.send("Network.enable");
  try {
    await page.goto(url);
    await page.waitForFunction(() => window.__results !== undefined, null, { timeout: 60000 });
    return { requests, ...(await page.evaluate(() => ({
      evaluated: performance.getEntriesByName("page:evaluated")[0].startTime,
      timing: performance.getEntriesByType("resource").filter((e) => e.name.endsWith("/endpoint.wasm")).map((e) => ({ start: e.startTime, request: e.requestStart })),
      results: window.__results,
      preloads: [...document.querySelectorAll('link[rel="preload"]')].map((l) => [l.href, l.as, l.type, l.crossOrigin]),
      marks: performance.getEntriesByType("mark").map((m) => m.name).filter((n) => n.startsWith("endpoint-wasm:")),
    }))) };
  } finally {
    await page.close();
  }
}

test("first fetch: endpoint.wasm downloads while the page's script runs, and once", async (t) => {
  const server = await serveDist();
  const browser = await launch();
  try {
    for (const [name, preloaded] of [["module.html", false], ["module-preload.html", true], ["classic.html", true]]) {
      await t.test(name, async () => {
        const v = await visit(browser, `${server.origin}/${name}`);
        assert.equal(v.results.url, "https://api.github.com/repos/octokit/rest.js", "the page got its result");
        assert.equal(v.requests.length, 1, `endpoint.wasm requested once: ${v.requests}`);
        assert.equal(v.timing.length, 1, `one Resource Timing entry for endpoint.wasm: ${JSON.stringify(v.timing)}`);
        assert.ok(v.timing[0].request < v.evaluated, `endpoint.wasm's request sent at ${v.timing[0].request.toFixed(0)} ms, before the page's script ended at ${v.evaluated.toFixed(0)} ms`);
        assert.deepEqual(v.marks, PHASES.map((p) => `endpoint-wasm:${p}`), "the loader's phases on the page's timeline, in order");
        if (preloaded) assert.deepEqual(v.preloads, [[`${server.origin}/dist/endpoint.wasm`, "fetch", "application/wasm", "anonymous"]], "one preload of the wasm");
      });
    }
  } finally {
    await browser.close();
    await server.close();
  }
});

test("first fetch: the demo preloads endpoint.wasm and fetches it once", async () => {
  const demo = await runDemo(0);
  assert.ok(demo.origin, `make demo's server started: ${demo.stderr}`);
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    const requests = [];
    cdp.on("Network.requestWillBeSent", (e) => e.request.url.endsWith("/endpoint.wasm") && requests.push(e.request.url));
    await cdp.send("Network.enable");
    await page.goto(`${demo.origin}/web/demo/`);
    await page.waitForSelector("html[data-ready]");
    const preloads = await page.evaluate(() => [...document.querySelectorAll('link[rel="preload"]')].map((l) => l.href));
    assert.deepEqual(preloads, [`${demo.origin}/dist/endpoint.wasm`]);
    assert.deepEqual(requests, [`${demo.origin}/dist/endpoint.wasm`], "fetched once");
  } finally {
    await browser.close();
    await demo.stop();
  }
});
