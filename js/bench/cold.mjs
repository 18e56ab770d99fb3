// `make bench`, cold: the first call as a user meets it, beside
// @octokit/endpoint in the same run (issue 10).
//   Chromium: navigation to first result, each run in a new browser context
//     (empty cache), for a module page importing the package from dist/
//     and making one call; broken into parts by the marks the page and the
//     loader record (User Timing). The reference is bundled as an ES module
//     with esbuild here, as an app would ship it.
//   Node: process start to first result, and to exit, fresh processes.
// Prints medians, each beside the reference's, with the targets of issue 10.
// Usage: node js/bench/cold.mjs [runs] (default 17; COLD_RUNS also works)
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { launch, serve } from "../test/browser.js";
import { sizes } from "./size.mjs";

const root = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
const runs = Math.max(15, Number(process.argv[2] || process.env.COLD_RUNS || 17));
const CALL = `("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open", per_page: 100 })`;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// The pages: endpoint-wasm from dist/ as shipped, the reference bundled.
// Each records marks; __cold holds every mark's time since navigation.
const collect = `window.__cold = Object.fromEntries(performance.getEntriesByType("mark").map((m) => [m.name, m.startTime]));`;
const PAGES = {
  "ew.html": `<!doctype html><meta charset="utf-8"><title>cold: endpoint-wasm</title>
<script type="module">
  import { ready } from "./dist/index.js";
  const endpoint = await ready;
  performance.mark("page:ready");
  window.__value = endpoint${CALL};
  performance.mark("page:result");
  ${collect}
</script>`,
  "ref.html": `<!doctype html><meta charset="utf-8"><title>cold: @octokit/endpoint</title>
<script type="module">
  import { endpoint } from "./ref.js";
  performance.mark("page:imported");
  window.__value = endpoint${CALL};
  performance.mark("page:result");
  ${collect}
</script>`,
};

async function chromium() {
  const dir = mkdtempSync(join(tmpdir(), "ew-cold-"));
  await build({
    stdin: { contents: 'export { endpoint } from "@octokit/endpoint";', resolveDir: root },
    outfile: join(dir, "ref.js"), bundle: true, format: "esm", minify: true, platform: "browser", logLevel: "warning",
  });
  // A copy, not a link: the server refuses links that lead out of its folder.
  cpSync(join(root, "dist"), join(dir, "dist"), { recursive: true });
  for (const [name, html] of Object.entries(PAGES)) writeFileSync(join(dir, name), html);
  const server = await serve(dir);
  const browser = await launch();
  const out = { version: browser.version(), ew: [], ref: [] };
  try {
    for (let i = 0; i < runs; i++) {
      for (const which of i % 2 ? ["ref", "ew"] : ["ew", "ref"]) out[which].push(await navigate(browser, `${server.origin}/${which}.html`));
    }
  } finally {
    await browser.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

// navigate loads url in a new browser context (its own empty cache) and
// returns the page's marks, in ms since navigation started.
async function navigate(browser, url) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(url);
    await page.waitForFunction(() => window.__cold !== undefined, null, { timeout: 60000 }).catch((e) => {
      throw new Error(`${url}: ${e.message} ${errors.join("; ")}`);
    });
    return await page.evaluate(() => window.__cold);
  } finally {
    await context.close();
  }
}

// Node: a fresh process per run, importing the package by name as an app
// does; it prints the time of the first result since the process started.
function node() {
  const link = join(root, "node_modules", "endpoint-wasm");
  if (!existsSync(link)) {
    mkdirSync(join(root, "node_modules"), { recursive: true });
    symlinkSync("..", link);
  }
  const programs = {
    ew: `import { endpoint } from "endpoint-wasm"; endpoint${CALL}; process.stdout.write(String(performance.now()));`,
    ref: `import { endpoint } from "@octokit/endpoint"; endpoint${CALL}; process.stdout.write(String(performance.now()));`,
  };
  const out = { ew: [], ref: [] };
  for (let i = 0; i < runs; i++) {
    for (const which of i % 2 ? ["ref", "ew"] : ["ew", "ref"]) {
      const t = performance.now();
      const r = spawnSync(process.execPath, ["--input-type=module", "-e", programs[which]], { cwd: root, encoding: "utf8" });
      const exit = performance.now() - t;
      if (r.status !== 0) throw new Error(`node ${which}: exit ${r.status}: ${r.stderr}`);
      out[which].push({ result: Number(r.stdout), exit });
    }
  }
  return out;
}

const ms = (x) => (x === undefined ? "—" : `${x.toFixed(1)} ms`);
const row = (what, ew, ref, target = "", met) =>
  console.log(what.padEnd(46), ew.padStart(12), ref.padStart(12), target.padEnd(34), met === undefined ? "" : met ? "MET" : "MISSED");

const c = await chromium();
const n = node();
const wasmBrotli = sizes(root).find((f) => f.file === "endpoint.wasm").brotli;

// Parts of endpoint-wasm's first result, from the marks (load.js, the page).
const part = (from, to) => median(c.ew.map((m) => (m[to] ?? NaN) - (from ? m[from] : 0)));
const ewNav = median(c.ew.map((m) => m["page:result"]));
const refNav = median(c.ref.map((m) => m["page:result"]));
const ewNode = median(n.ew.map((r) => r.result));
const refNode = median(n.ref.map((r) => r.result));

console.log(`\ncold start, medians of ${runs} runs each, alternating (Chromium ${c.version}, Node ${process.version}); the machine may be shared`);
row("", "endpoint-wasm", "reference", "target (issue 10)", undefined);
row("Chromium: navigation → first result", ms(ewNav), ms(refNav), `≤ 2× reference (${ms(2 * refNav)})`, ewNav <= 2 * refNav);
row("  import the JS (navigation → wasm fetch)", ms(part(null, "endpoint-wasm:fetch")), ms(median(c.ref.map((m) => m["page:imported"]))));
row("  fetch + compile + instantiate the wasm", ms(part("endpoint-wasm:fetch", "endpoint-wasm:instantiated")), "");
row("  Go's main until ready", ms(part("endpoint-wasm:main", "endpoint-wasm:ready")), "");
row("  first call", ms(part("page:ready", "page:result")), ms(median(c.ref.map((m) => m["page:result"] - m["page:imported"]))));
row("Node: process start → first result", ms(ewNode), ms(refNode), `≤ reference + 60 ms (${ms(refNode + 60)})`, ewNode - refNode <= 60);
row("Node: process start → exit (wall clock)", ms(median(n.ew.map((r) => r.exit))), ms(median(n.ref.map((r) => r.exit))));
row("endpoint.wasm, brotli -q 11", `${(wasmBrotli / 1000).toFixed(1)} KB`, "", "≤ 650 KB", wasmBrotli <= 650 * 1000);
