// `make bench`, the first visit on an emulated network: navigation to the
// first request options, for a page importing endpoint-wasm and one importing
// @octokit/endpoint (the reference), in the same run, each bundled by esbuild
// as an app ships it and served as a static host would: brotli,
// application/wasm, JS and wasm cached for a year, the HTML revalidated
// (ETag). endpoint-wasm's page carries the preload tag docs/install.md gives.
// Visits, each on a fresh profile: the first visit, the same tab again, and a
// visit after closing and reopening the browser on that profile. Network
// profiles, CDP Network.emulateNetworkConditions on the page: fast 4G (170 ms,
// 9 Mbps down, 1.5 up), slow (300 ms, 1.6 Mbps, 750 kbps) and none. Libraries
// and profiles are interleaved, their order rotated every round; each profile
// has a URL of its own so that no visit finds another profile's cache.
// Figures: the added time (median over rounds of endpoint-wasm's time minus
// the reference's in the same round), and the longest main-thread task and
// total blocking time before the first result (PerformanceObserver,
// longtask), the worst over rounds' medians.
// Usage: node js/bench/visit.mjs [rounds] (default 15; BENCH_QUICK=1: 3);
// VISIT_PROFILES=none,slow runs those profiles only; VISIT_HEAD sets the tags
// endpoint-wasm's page carries in place of the preload; VISIT_DEBUG=1 prints
// each visit's time and each time the server sends endpoint.wasm.
// A round takes about 70 s on this 2-core machine at load 10 (15 rounds: a
// quarter of an hour; less on a quiet machine).
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { extname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";
import { build } from "esbuild";
import { launch } from "./cdp.js";
import { printTargets } from "./report.js";

const root = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
const CALL = `("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open", per_page: 100 })`;

/** PROFILES: CDP Network.emulateNetworkConditions, as the issue measured them (throughput in bytes/s). */
export const PROFILES = {
  "fast 4G": { offline: false, latency: 170, downloadThroughput: (9e6 / 8) | 0, uploadThroughput: (1.5e6 / 8) | 0 },
  slow: { offline: false, latency: 300, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 },
  none: null,
};
const VISITS = ["first visit", "after a browser restart", "same tab again"];

/** TARGETS: added time (ms) a visit may cost over the reference, per profile; and the main thread's. */
export const TARGETS = {
  "first visit": { "fast 4G": 750, slow: 2900 },
  "after a browser restart": { "fast 4G": 200, slow: 200, none: 200 },
  longestTask: 50,
  blocking: 50,
};

// Each page records its long tasks from the start (an observer before any
// script) and the time of its first result; __visit holds both.
const OBSERVE = `<script>window.__done=new Promise((r)=>window.__end=r);window.__tasks=[];new PerformanceObserver((l)=>{for(const e of l.getEntries())__tasks.push([e.startTime,e.duration])}).observe({type:"longtask",buffered:true});</script>`;
// endpoint-wasm's pages also record where its time went (PHASES): when
// endpoint.wasm was requested and received (Resource Timing), and the
// loader's marks (js/load.js, fromURL).
const DONE = `performance.mark("visit:result");const w=performance.getEntriesByType("resource").find((e)=>e.name.endsWith(".wasm")),m=(n)=>performance.getEntriesByName("endpoint-wasm:"+n)[0]?.startTime;window.__visit={result:performance.getEntriesByName("visit:result")[0].startTime,tasks:__tasks.slice(),phases:w&&[w.startTime,w.responseEnd,m("received"),m("compiled"),m("instantiated"),m("ready")]};__end();`;
const PHASES = ["wasm requested", "wasm received", "body in hand", "compiled", "instantiated", "started"];
const PRELOAD = `<link rel="preload" href="endpoint.wasm" as="fetch" type="application/wasm" crossorigin>`;
const APPS = {
  ew: {
    dist: join(root, "dist"),
    head: process.env.VISIT_HEAD ?? PRELOAD,
    js: `import { ready } from "endpoint-wasm";\nconst endpoint = await ready;\nwindow.__value = endpoint${CALL};\n${DONE}`,
  },
  ref: { head: "", js: `import { endpoint } from "@octokit/endpoint";\nwindow.__value = endpoint${CALL};\n${DONE}` },
};

// VISIT_BEFORE=<a dist directory> adds a third page, endpoint-wasm from that
// build with the preload tag, in the same rounds: a change's before and after,
// measured together.
if (process.env.VISIT_BEFORE) APPS.before = { ...APPS.ew, dist: process.env.VISIT_BEFORE, head: PRELOAD };

// n writes a figure in ms as the tables do; "-" for one not measured.
const n = (x) => (x === undefined || Number.isNaN(x) ? "-" : Math.round(x).toLocaleString("en-US"));

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** site builds both pages into a temporary directory: site/<app>/{index.html, app.js, endpoint.wasm}. */
export async function site() {
  const dir = mkdtempSync(join(tmpdir(), "ew-visit-"));
  for (const [name, app] of Object.entries(APPS)) {
    const out = join(dir, name);
    mkdirSync(out);
    writeFileSync(join(dir, `${name}.entry.js`), app.js);
    await build({
      entryPoints: [join(dir, `${name}.entry.js`)],
      outfile: join(out, "app.js"),
      bundle: true,
      format: "esm",
      minify: true,
      target: "es2022",
      alias: { "endpoint-wasm": join(app.dist ?? "", "index.js") },
      nodePaths: [join(root, "node_modules")],
      logLevel: "warning",
    });
    // esbuild does not emit the wasm (docs/install.md): it is copied beside the bundle.
    if (app.dist) copyFileSync(join(app.dist, "endpoint.wasm"), join(out, "endpoint.wasm"));
    writeFileSync(join(out, "index.html"), `<!doctype html><meta charset="utf-8"><title>visit: ${name}</title><link rel="icon" href="data:,">${OBSERVE}${app.head}<script type="module" src="app.js"></script>`);
  }
  return dir;
}

/**
 * host serves dir as a static host does, each file compressed once with
 * brotli -q 11: /<profile>/<app>/<file>, the profile segment only keeping
 * each profile's cache entries apart.
 */
export async function host(dir) {
  const files = new Map();
  for (const app of Object.keys(APPS)) {
    for (const f of readdirSync(join(dir, app))) {
      const body = readFileSync(join(dir, app, f));
      const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
      const type = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".wasm": "application/wasm" }[extname(f)];
      files.set(`${app}/${f}`, { br, type, etag: `"${createHash("sha1").update(body).digest("hex").slice(0, 16)}"`, html: f.endsWith(".html") });
    }
  }
  const server = createServer((req, res) => {
    const path = new URL(req.url, "http://x").pathname.split("/").slice(2).join("/");
    const file = files.get(path.endsWith("/") ? path + "index.html" : path);
    if (!file) return res.writeHead(404).end();
    if (process.env.VISIT_DEBUG && path.endsWith(".wasm")) console.error(`  the server sends ${req.url}`);
    const headers = { "content-type": file.type, vary: "accept-encoding", etag: file.etag, "cache-control": file.html ? "no-cache" : "public, max-age=31536000, immutable" };
    if (req.headers["if-none-match"] === file.etag) return res.writeHead(304, headers).end();
    res.writeHead(200, { ...headers, "content-encoding": "br", "content-length": file.br.length }).end(file.br);
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}

const ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"];
const open = (profileDir) => launch(profileDir, ARGS);

/** visit navigates page to url on a network profile and returns { ms, longest, blocking, phases } (phases: endpoint-wasm's pages, PHASES' times). */
async function visit(page, url, conditions) {
  await page.goto(url, conditions);
  const v = await page.evaluate("window.__done.then(() => window.__visit)");
  if (process.env.VISIT_DEBUG) console.error(url, Math.round(v.result));
  const before = v.tasks.filter(([start]) => start < v.result).map(([, d]) => d);
  return { ms: v.result, longest: Math.max(0, ...before), blocking: before.reduce((s, d) => s + Math.max(0, d - 50), 0), phases: v.phases };
}

/** round runs every visit of one app on every profile, in order, on a fresh profile directory. */
async function round(app, origin, order, record) {
  const profileDir = mkdtempSync(join(tmpdir(), "ew-visit-profile-"));
  try {
    let ctx = await open(profileDir);
    for (const p of order) {
      const page = await ctx.newPage();
      const url = `${origin}/${p.replace(/\W/g, "")}/${app}/`;
      record(app, "first visit", p, await visit(page, url, PROFILES[p]));
      record(app, "same tab again", p, await visit(page, url, PROFILES[p]));
      await page.close();
    }
    await ctx.close();
    ctx = await open(profileDir);
    for (const p of order) {
      const page = await ctx.newPage();
      record(app, "after a browser restart", p, await visit(page, `${origin}/${p.replace(/\W/g, "")}/${app}/`, PROFILES[p]));
      await page.close();
    }
    await ctx.close();
  } finally {
    rmSync(profileDir, { recursive: true, force: true });
  }
}

/** firstVisit runs the rounds and returns the raw figures: figures[app][visit][profile] = [{ ms, longest, blocking }]. */
export async function firstVisit({ rounds = 15, log = () => {} } = {}) {
  const dir = await site();
  const server = await host(dir);
  const figures = {};
  const record = (app, v, p, f) => (((figures[app] ??= {})[v] ??= {})[p] ??= []).push(f);
  const names = (process.env.VISIT_PROFILES?.split(",") ?? Object.keys(PROFILES)).filter((p) => p in PROFILES);
  try {
    for (let r = 0; r < rounds; r++) {
      log(`first visit: round ${r + 1} of ${rounds}`);
      const order = names.map((_, i) => names[(i + r) % names.length]);
      const apps = Object.keys(APPS).map((_, i, all) => all[(i + r) % all.length]);
      for (const app of apps) await round(app, server.origin, order, record);
    }
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return { rounds, figures };
}

/** printVisit prints the table and returns the targets, each [what, met, figure] (report.js). */
export function printVisit({ rounds, figures }) {
  const { ref } = figures;
  const targets = [];
  for (const app of Object.keys(figures).filter((a) => a !== "ref")) {
    const ew = figures[app];
    const title = app === "ew" ? "" : ` (${app}: ${process.env.VISIT_BEFORE})`;
    console.log(`\nfirst visit on an emulated network${title} (navigation to first result; medians of ${rounds} interleaved rounds, esbuild bundles served with brotli, endpoint-wasm with its preload tag; ms)`);
    console.log("visit".padEnd(25), "profile".padEnd(8), "reference".padStart(10), "ew".padStart(7), "added".padStart(7), "  longest task (ref / ew)", "  TBT (ref / ew)");
    let longest = 0, blocking = 0;
    for (const v of VISITS) {
      for (const p of Object.keys(ew[v])) {
        const a = ew[v][p], b = ref[v][p];
        const added = median(a.map((x, i) => x.ms - b[i].ms));
        const lt = median(a.map((x) => x.longest)), tbt = median(a.map((x) => x.blocking));
        longest = Math.max(longest, lt);
        blocking = Math.max(blocking, tbt);
        console.log(v.padEnd(25), p.padEnd(8), n(median(b.map((x) => x.ms))).padStart(10), n(median(a.map((x) => x.ms))).padStart(7), `${added >= 0 ? "+" : ""}${n(added)}`.padStart(7),
          `  ${n(median(b.map((x) => x.longest)))} / ${n(lt)}`.padEnd(26), `  ${n(median(b.map((x) => x.blocking)))} / ${n(tbt)}`);
        const limit = TARGETS[v]?.[p];
        if (limit !== undefined && app === "ew") targets.push([`${v} on ${p === "none" ? "no throttling" : p}: added time ≤ ${limit} ms`, added <= limit, `${n(added)} ms`]);
      }
    }
    printPhases(ew, ref);
    if (app !== "ew") continue;
    targets.push([`first visit: longest main-thread task before the first result ≤ ${TARGETS.longestTask} ms, every visit and profile`, longest <= TARGETS.longestTask, `${n(longest)} ms`]);
    targets.push([`first visit: total blocking time before the first result ≤ ${TARGETS.blocking} ms, every visit and profile`, blocking <= TARGETS.blocking, `${n(blocking)} ms`]);
  }
  return targets;
}

/**
 * printPhases prints where endpoint-wasm's time went, in ms from navigation
 * (medians over rounds), beside the reference's first result: what the
 * added time is made of.
 */
function printPhases(ew, ref) {
  console.log(`\nwhere its time goes (ms from navigation, medians): endpoint.wasm requested and received (Resource Timing), then the loader's marks (js/load.js)`);
  console.log("visit".padEnd(25), "profile".padEnd(8), "reference".padStart(10), ...PHASES.map((h) => h.padStart(h.length + 2)), "  first result");
  for (const v of VISITS) {
    for (const p of Object.keys(ew[v])) {
      const runs = ew[v][p].filter((x) => x.phases);
      const cells = PHASES.map((h, i) => n(median(runs.map((x) => x.phases[i] ?? NaN))).padStart(h.length + 2));
      console.log(v.padEnd(25), p.padEnd(8), n(median(ref[v][p].map((x) => x.ms))).padStart(10), ...cells, n(median(ew[v][p].map((x) => x.ms))).padStart(14));
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const t0 = performance.now();
  const rounds = +(process.argv[2] || (process.env.BENCH_QUICK ? 3 : 15));
  const log = (m) => console.error(`[${((performance.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${m}`);
  log(`load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`);
  const result = await firstVisit({ rounds, log });
  const targets = printVisit(result);
  console.log(`\njs/bench/visit.mjs took ${((performance.now() - t0) / 60000).toFixed(1)} minutes; load average ${loadavg()[0].toFixed(1)} at the end, on ${cpus().length} cores`);
  printTargets("targets", targets);
}
