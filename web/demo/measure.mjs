// `make demo-measure`: what the demo page weighs and how soon it is usable,
// beside the package alone, in headless Chromium (Debian's, through
// playwright-core). Each run is a new browser context (empty cache) served
// by the demo's own server, which sends files uncompressed; the gzip and
// brotli columns are what a compressing server would send of the same files.
//   catalog:  web/demo/gen/catalog.json as the page loads it
//   package:  a page that imports endpoint-wasm from dist/ and awaits ready
//   demo:     the demo page, up to its "demo:ready" mark (wasm, catalog and
//             reference loaded, the first request built and compared)
// Prints medians. Usage: node web/demo/measure.mjs [runs] (default 7)
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { launch } from "../../js/test/browser.js";
import { prepare } from "./prepare.mjs";
import { serve } from "./server.mjs";

const root = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
const runs = Number(process.argv[2] || 7);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** sizes gives a file's bytes raw, with gzip -9 and with brotli at its best. */
function sizes(bytes) {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }).length,
  };
}

const sum = (list) => list.reduce((t, s) => ({ raw: t.raw + s.raw, gzip: t.gzip + s.gzip, brotli: t.brotli + s.brotli }), { raw: 0, gzip: 0, brotli: 0 });
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const row = (s) => `${kib(s.raw).padStart(11)} raw ${kib(s.gzip).padStart(10)} gzip ${kib(s.brotli).padStart(10)} brotli`;

// The package alone: the import map the demo uses, and nothing else.
const PACKAGE_PAGE = `<!doctype html><meta charset="utf-8"><title>endpoint-wasm alone</title>
<script type="importmap">{ "imports": { "endpoint-wasm": "../../dist/index.js" } }</script>
<script type="module">
  import { ready } from "endpoint-wasm";
  await ready;
  performance.mark("demo:ready");
  document.documentElement.dataset.ready = "true";
</script>`;

/**
 * visit loads path in a fresh context and returns the time of the page's
 * "demo:ready" mark and the files it requested (by path on the server),
 * the document included.
 */
async function visit(browser, origin, path) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route(`${origin}/web/demo/package-alone.html`, (r) => r.fulfill({ body: PACKAGE_PAGE, contentType: "text/html" }));
  const files = [];
  page.on("requestfinished", (r) => files.push(new URL(r.url()).pathname));
  await page.goto(origin + path);
  await page.waitForSelector("html[data-ready]", { timeout: 60000 });
  await page.waitForLoadState("networkidle");
  const ready = await page.evaluate(() => performance.getEntriesByName("demo:ready")[0].startTime);
  await context.close();
  return { ready, files };
}

/** fileOf maps a path the server answered to the file it sent (null for the page measure.mjs made up). */
function fileOf(path) {
  if (path === "/web/demo/package-alone.html") return null;
  const file = path.endsWith("/") ? `${path}index.html` : path;
  return join(root, file);
}

function weigh(files) {
  const real = [...new Set(files)].map(fileOf).filter(Boolean);
  return { count: real.length, total: sum(real.map((f) => sizes(readFileSync(f)))) };
}

await prepare();
const server = await serve({ "/web/demo/": `${root}/web/demo`, "/dist/": `${root}/dist` });
const browser = await launch();
const result = {};
try {
  for (const [name, path] of [["package", "/web/demo/package-alone.html"], ["demo", "/web/demo/"]]) {
    await visit(browser, server.origin, path); // a first load, not counted (Chromium's own start-up)
    const seen = [];
    for (let i = 0; i < runs; i++) seen.push(await visit(browser, server.origin, path));
    result[name] = { ready: median(seen.map((s) => s.ready)), ...weigh(seen[0].files), files: seen[0].files };
  }
} finally {
  await browser.close();
  await server.close();
}

const catalog = sizes(readFileSync(join(root, "web/demo/gen/catalog.json")));
const source = sizes(readFileSync(join(root, "catalog/github-rest.json")));
const dist = sum(readdirSync(join(root, "dist")).map((f) => sizes(readFileSync(join(root, "dist", f)))));
const demoOwn = weigh(result.demo.files.filter((p) => !p.startsWith("/dist/")));

console.log(`demo weight and load, headless Chromium, ${runs} runs each in a new context, medians (a shared machine: times are noisy)`);
console.log(`catalog (gen/catalog.json)      ${row(catalog)}   (catalog/github-rest.json: ${row(source).trim()})`);
console.log(`package files (all of dist/)    ${row(dist)}`);
console.log(`package alone, loaded           ${row(result.package.total)}   ${result.package.count} requests, ready ${Math.round(result.package.ready)} ms after navigation`);
console.log(`demo page, loaded               ${row(result.demo.total)}   ${result.demo.count} requests, usable ${Math.round(result.demo.ready)} ms after navigation`);
console.log(`  of which the page's own files ${row(demoOwn.total)}   ${demoOwn.count} requests (page, catalog, reference, styles)`);
console.log(`demo / package alone: ${(result.demo.total.raw / result.package.total.raw).toFixed(2)}x bytes raw, ${(result.demo.total.brotli / result.package.total.brotli).toFixed(2)}x brotli, ${(result.demo.ready / result.package.ready).toFixed(2)}x time to ready`);
